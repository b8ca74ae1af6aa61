//! Games whose variant is chosen at run time: one object-safe trait over every
//! [`Game<P>`], speaking strings (tokens, notation, position strings), and the one place
//! that turns a [`Setup`] into a concrete position type.

use crate::error::{PositionError, RecordError, SetupError};
use crate::game::{Game, GameStatus, Outcome, PlayError};
use crate::notation::notation_with_suffix;
use crate::piece::{Color, PieceKind};
use crate::position::{AttackBoardView, Cell, MoveSquares, Mover, Position};
use crate::record::{self, Record};
use crate::setup::{Setup, Variant};
use std::any::Any;

/// A legal move described for the outside world.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveInfo {
    pub token: String,
    /// Display notation with `+`/`#`.
    pub notation: String,
    pub squares: MoveSquares,
    pub mover: Mover,
    pub captured: Option<PieceKind>,
    pub promotion: Option<PieceKind>,
    pub castling: bool,
}

/// A game of any variant.
pub trait AnyGame: Send + Sync {
    fn setup(&self) -> Setup;
    fn position_string(&self) -> String;
    fn start_position_string(&self) -> String;
    fn turn(&self) -> Color;
    fn fullmove_number(&self) -> u32;
    fn status(&self) -> GameStatus;
    fn in_check(&self) -> bool;
    /// Squares of the side to move's kings that are attacked.
    fn checked_kings(&self) -> Vec<String>;
    /// Every legal move (none once the game is over).
    fn legal_moves(&self) -> Vec<MoveInfo>;
    /// Plays a move given as a token or in display notation.
    fn play_text(&mut self, text: &str) -> Result<MoveInfo, PlayError>;
    /// Takes back the last move; false when there is none or the result was declared.
    fn undo(&mut self) -> bool;
    fn resign(&mut self, color: Color) -> Result<Outcome, PlayError>;
    fn agree_draw(&mut self) -> Result<Outcome, PlayError>;
    fn lose_on_time(&mut self, color: Color) -> Result<Outcome, PlayError>;
    fn set_declared(&mut self, outcome: Option<Outcome>);
    /// The moves played so far, described as they were played.
    fn history(&self) -> Vec<MoveInfo>;
    fn repetitions(&self) -> usize;
    fn cells(&self) -> Vec<Cell>;
    fn attack_boards(&self) -> Vec<AttackBoardView>;
    /// A human-readable drawing of the current position.
    fn pretty(&self) -> String;
    /// The game as a record (records.md).
    fn export(&self, extra_tags: &[(String, String)], comments: &[Option<String>]) -> String;
    fn clone_box(&self) -> Box<dyn AnyGame>;
    /// For callers that dispatch to generic code (the engine): downcast to `Game<P>`.
    fn as_any(&self) -> &dyn Any;
    fn as_any_mut(&mut self) -> &mut dyn Any;
}

fn describe<P: Position>(pos: &P, m: P::Move) -> MoveInfo {
    let facts = pos.move_facts(m);
    MoveInfo {
        token: pos.move_token(m),
        notation: notation_with_suffix(pos, m),
        squares: pos.move_squares(m),
        mover: facts.mover,
        captured: facts.captured,
        promotion: facts.promotion,
        castling: facts.castling,
    }
}

impl<P: Position> AnyGame for Game<P> {
    fn setup(&self) -> Setup {
        self.position().setup()
    }
    fn position_string(&self) -> String {
        self.position().position_string()
    }
    fn start_position_string(&self) -> String {
        self.start_position().position_string()
    }
    fn turn(&self) -> Color {
        self.position().turn()
    }
    fn fullmove_number(&self) -> u32 {
        self.position().fullmove_number()
    }
    fn status(&self) -> GameStatus {
        Game::status(self)
    }
    fn in_check(&self) -> bool {
        self.position().in_check()
    }
    fn checked_kings(&self) -> Vec<String> {
        self.position().checked_kings()
    }
    fn legal_moves(&self) -> Vec<MoveInfo> {
        if self.is_over() {
            return Vec::new();
        }
        let pos = self.position();
        pos.legal_moves()
            .into_iter()
            .map(|m| describe(pos, m))
            .collect()
    }
    fn play_text(&mut self, text: &str) -> Result<MoveInfo, PlayError> {
        let before = self.position().clone();
        let m = Game::play_text(self, text)?;
        Ok(describe(&before, m))
    }
    fn undo(&mut self) -> bool {
        Game::undo(self).is_some()
    }
    fn resign(&mut self, color: Color) -> Result<Outcome, PlayError> {
        Game::resign(self, color)
    }
    fn agree_draw(&mut self) -> Result<Outcome, PlayError> {
        Game::agree_draw(self)
    }
    fn lose_on_time(&mut self, color: Color) -> Result<Outcome, PlayError> {
        Game::lose_on_time(self, color)
    }
    fn set_declared(&mut self, outcome: Option<Outcome>) {
        Game::set_declared(self, outcome)
    }
    fn history(&self) -> Vec<MoveInfo> {
        let positions = self.positions();
        self.moves()
            .iter()
            .enumerate()
            .map(|(i, &m)| describe(&positions[i], m))
            .collect()
    }
    fn repetitions(&self) -> usize {
        Game::repetitions(self)
    }
    fn cells(&self) -> Vec<Cell> {
        self.position().cells()
    }
    fn attack_boards(&self) -> Vec<AttackBoardView> {
        self.position().attack_boards()
    }
    fn pretty(&self) -> String {
        self.position().pretty()
    }
    fn export(&self, extra_tags: &[(String, String)], comments: &[Option<String>]) -> String {
        record::export(self, extra_tags, comments)
    }
    fn clone_box(&self) -> Box<dyn AnyGame> {
        Box::new(self.clone())
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}

impl Clone for Box<dyn AnyGame> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

/// Why a game could not be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NewGameError {
    Setup(SetupError),
    Position(PositionError),
    /// The variant exists in the specification but is not implemented yet.
    NotImplemented(Variant),
}

impl std::fmt::Display for NewGameError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NewGameError::Setup(e) => e.fmt(f),
            NewGameError::Position(e) => e.fmt(f),
            NewGameError::NotImplemented(v) => write!(f, "variant {v} is not implemented yet"),
        }
    }
}

impl std::error::Error for NewGameError {}

impl From<SetupError> for NewGameError {
    fn from(e: SetupError) -> Self {
        NewGameError::Setup(e)
    }
}
impl From<PositionError> for NewGameError {
    fn from(e: PositionError) -> Self {
        NewGameError::Position(e)
    }
}

/// Calls `$body` with `$P` bound to the position type of `$variant` — the one place
/// that lists every variant's type. Unimplemented variants evaluate `$missing`.
#[macro_export]
macro_rules! with_position_type {
    ($variant:expr, $P:ident => $body:expr, $missing:expr) => {
        // Each implemented variant adds one arm:
        //     $crate::setup::Variant::Stacked => {
        //         type $P = $crate::stacked::StackedPosition;
        //         $body
        //     }
        #[allow(unreachable_patterns, unused_variables)]
        match $variant {
            $crate::setup::Variant::Stacked => {
                type $P = $crate::stacked::StackedPosition;
                $body
            }
            $crate::setup::Variant::Trid => {
                type $P = $crate::trid::TridPosition;
                $body
            }
            $crate::setup::Variant::Quadlevel => {
                type $P = $crate::quadlevel::QuadlevelPosition;
                $body
            }
            $crate::setup::Variant::Fourfold => {
                type $P = $crate::fourfold::FourfoldPosition;
                $body
            }
            _ => $missing,
        }
    };
}

/// A new game from the standard start, or from a position string.
pub fn new_game(setup: &Setup, position: Option<&str>) -> Result<Box<dyn AnyGame>, NewGameError> {
    with_position_type!(
        setup.variant(),
        P => {
            let start = match position {
                Some(s) => P::from_position_string(setup, s)?,
                None => P::start(setup)?,
            };
            Ok(Box::new(Game::new(start)) as Box<dyn AnyGame>)
        },
        Err(NewGameError::NotImplemented(setup.variant()))
    )
}

/// An imported game and the comment after each of its moves.
pub type ImportedGame = (Box<dyn AnyGame>, Vec<Option<String>>);

/// Imports a record of any variant, replaying every move.
pub fn import_record(text: &str) -> Result<ImportedGame, RecordError> {
    let record = Record::parse(text)?;
    let setup = record::record_setup(&record)?;
    with_position_type!(
        setup.variant(),
        P => {
            let (game, comments) = record::replay::<P>(&record)?;
            Ok((Box::new(game) as Box<dyn AnyGame>, comments))
        },
        Err(RecordError::Tag {
            tag: "Variant".into(),
            reason: format!("variant {} is not implemented yet", setup.variant()),
        })
    )
}

/// Legal move tokens of a position given by setup and optional position string. Draw
/// rules are ignored (as in perft): a drawn position still lists its moves.
pub fn legal_tokens(setup: &Setup, position: Option<&str>) -> Result<Vec<String>, NewGameError> {
    with_position_type!(
        setup.variant(),
        P => {
            let pos = match position {
                Some(s) => P::from_position_string(setup, s)?,
                None => P::start(setup)?,
            };
            Ok(pos.legal_moves().into_iter().map(|m| pos.move_token(m)).collect())
        },
        Err(NewGameError::NotImplemented(setup.variant()))
    )
}
