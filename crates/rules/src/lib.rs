//! Rules of the spacechess variants.
//!
//! Every variant implements [`Position`]: an always-valid position with legal move
//! generation, play/undo, an incremental hash, position strings, move tokens and display
//! notation. [`Game`] adds the history (repetition, undo, records) and game-level results;
//! [`record`] reads and writes PGN-shaped game records; [`AnyGame`] dispatches once over
//! the variants for callers that choose the variant at run time.
//!
//! This crate does no I/O.

pub mod any;
pub mod error;
pub mod fourfold;
pub mod game;
pub mod guide;
pub mod lessons;
pub mod notation;
pub mod perft;
pub mod piece;
pub mod position;
pub mod position_string;
pub mod quadlevel;
pub mod record;
pub mod setup;
pub mod stacked;
pub mod trid;
pub mod zobrist;

pub use any::AnyGame;
pub use error::{MoveError, PositionError, RecordError, SetupError};
pub use game::{Game, GameStatus, Outcome, PlayError, Termination};
pub use piece::{Color, Piece, PieceKind};
pub use position::{
    AttackBoardView, Cell, MoveBatch, MoveFacts, MoveSquares, Mover, OneMove, Position,
};
pub use setup::{Options, RuleSet, Setup, Variant};
