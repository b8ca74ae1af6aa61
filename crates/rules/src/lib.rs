//! Rules of the spacechess variants.
//!
//! Every variant implements [`Position`]: an always-valid position with legal move
//! generation, play/undo, an incremental hash, position strings, move tokens and display
//! notation. [`Game`] adds the history (repetition, undo, records) and game-level results;
//! [`record`] reads and writes PGN-shaped game records; [`AnyGame`] is a closed enum over
//! the variants' games for callers that choose the variant at run time; [`catalogue`]
//! lists everything a player can choose; [`screen`] is what a user interface draws and
//! [`material`] the captured pieces beside it.
//!
//! This crate does no I/O.

pub mod any;
pub mod catalogue;
pub mod error;
pub mod fourfold;
pub mod game;
pub mod generations;
pub mod guide;
pub mod inspect;
pub mod lessons;
pub mod material;
pub mod notation;
pub mod perft;
pub mod piece;
pub mod position;
pub mod position_string;
pub mod quadlevel;
pub mod record;
pub mod registry;
pub mod screen;
pub mod setup;
pub mod short_form;
pub mod stacked;
pub mod trid;
pub mod zobrist;

pub use any::AnyGame;
pub use error::{MoveError, PositionError, RecordError, SetupError};
pub use game::{Game, GameStatus, Outcome, PlayError, PlayedMove, Termination};
pub use piece::{Color, Piece, PieceKind};
pub use position::{
    AttackBoardView, Cell, MoveBatch, MoveFacts, MoveSquares, Mover, OneMove, Position,
};
pub use setup::{GameOption, Options, RuleSet, Setup, Variant};
