//! Games whose variant is chosen at run time: [`AnyGame`], a closed enum over the
//! [`Game<P>`] types of the variants listed in `registry.rs`, and the one place that
//! turns a [`Setup`] into a concrete position type. Callers that need the position type
//! match once with [`dispatch!`] (or [`with_position_type!`] when they have only a setup)
//! and run generic code.

use crate::error::{PositionError, RecordError, SetupError};
use crate::game::{Game, GameStatus, Outcome, PlayError, PlayedMove};
use crate::piece::{Color, PieceKind};
use crate::position::{MoveSquares, Mover, Position};
use crate::record::{self, Record};
use crate::setup::{Setup, Variant};

/// A legal move described for the outside world (without `+`/`#`: finding those would
/// cost a move generation per legal move; the history has them).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveInfo {
    pub token: String,
    /// Display notation, without `+`/`#`.
    pub notation: String,
    pub squares: MoveSquares,
    pub mover: Mover,
    pub captured: Option<PieceKind>,
    pub promotion: Option<PieceKind>,
    pub castling: bool,
}

impl MoveInfo {
    pub fn describe<P: Position>(pos: &P, m: P::Move) -> MoveInfo {
        let facts = pos.move_facts(m);
        MoveInfo {
            token: pos.move_token(m),
            notation: pos.move_notation(m),
            squares: pos.move_squares(m),
            mover: facts.mover,
            captured: facts.captured,
            promotion: facts.promotion,
            castling: facts.castling,
        }
    }
}

/// A position type that an [`AnyGame`] can hold.
pub trait VariantPosition: Position {
    /// The variant this position type plays.
    const VARIANT: Variant;
    fn wrap(game: Game<Self>) -> AnyGame;
}

/// Generates [`AnyGame`], its conversions and [`VariantPosition`] from the list in
/// `registry.rs`.
macro_rules! any_game {
    (() $($Name:ident => $P:ty, $id:literal, $title:literal;)*) => {
        /// A game of any variant.
        #[derive(Clone, Debug)]
        pub enum AnyGame {
            $($Name(Game<$P>),)*
        }

        impl AnyGame {
            pub fn variant(&self) -> Variant {
                match self {
                    $(AnyGame::$Name(_) => Variant::$Name,)*
                }
            }
        }

        $(
            impl VariantPosition for $P {
                const VARIANT: Variant = Variant::$Name;
                fn wrap(game: Game<Self>) -> AnyGame {
                    AnyGame::$Name(game)
                }
            }
            impl From<Game<$P>> for AnyGame {
                fn from(game: Game<$P>) -> AnyGame {
                    AnyGame::$Name(game)
                }
            }
        )*
    };
}
crate::variants!(any_game!());

/// Runs `$body` with `$g` bound to the concrete `Game<P>` inside an [`AnyGame`] (by
/// reference or by mutable reference, as `$game` is given) — the one match over the
/// variants that callers with a game need.
#[macro_export]
macro_rules! dispatch {
    ($game:expr, $g:ident => $body:expr) => {
        $crate::variants!($crate::__dispatch_arms!(($game, $g, $body)))
    };
}

/// [`dispatch!`]'s match, one arm per variant of the registry.
#[doc(hidden)]
#[macro_export]
macro_rules! __dispatch_arms {
    ((($game:expr, $g:ident, $body:expr)) $($Name:ident => $P:ty, $id:literal, $title:literal;)*) => {
        match $game {
            $($crate::any::AnyGame::$Name($g) => $body,)*
        }
    };
}

/// Calls `$body` with `$P` bound to the position type of `$variant` — the one place that
/// maps a run-time variant to a type, for callers with a setup but no game (perft).
#[macro_export]
macro_rules! with_position_type {
    ($variant:expr, $P:ident => $body:expr) => {
        $crate::variants!($crate::__position_type_arms!(($variant, $P, $body)))
    };
}

/// [`with_position_type!`]'s match, one arm per variant of the registry.
#[doc(hidden)]
#[macro_export]
macro_rules! __position_type_arms {
    ((($variant:expr, $P:ident, $body:expr)) $($Name:ident => $Pos:ty, $id:literal, $title:literal;)*) => {
        match $variant {
            $($crate::setup::Variant::$Name => {
                type $P = $Pos;
                $body
            })*
        }
    };
}

impl AnyGame {
    /// A new game from the standard start, or from a position string.
    pub fn new(setup: &Setup, position: Option<&str>) -> Result<AnyGame, NewGameError> {
        fn make<P: VariantPosition>(
            setup: &Setup,
            position: Option<&str>,
        ) -> Result<AnyGame, NewGameError> {
            let start = match position {
                Some(s) => P::from_position_string(setup, s)?,
                None => P::start(setup)?,
            };
            Ok(P::wrap(Game::new(start)))
        }
        with_position_type!(setup.variant(), P => make::<P>(setup, position))
    }

    pub fn setup(&self) -> Setup {
        dispatch!(self, g => g.position().setup())
    }
    pub fn position_string(&self) -> String {
        dispatch!(self, g => g.position().position_string())
    }
    pub fn start_position_string(&self) -> String {
        dispatch!(self, g => g.start_position().position_string())
    }
    pub fn turn(&self) -> Color {
        dispatch!(self, g => g.position().turn())
    }
    pub fn fullmove_number(&self) -> u32 {
        dispatch!(self, g => g.position().fullmove_number())
    }
    /// Half-moves played so far.
    pub fn ply(&self) -> usize {
        dispatch!(self, g => g.moves().len())
    }
    pub fn status(&self) -> GameStatus {
        dispatch!(self, g => g.status())
    }
    pub fn is_over(&self) -> bool {
        self.status() != GameStatus::InProgress
    }
    pub fn in_check(&self) -> bool {
        dispatch!(self, g => g.position().in_check())
    }
    /// Squares of the side to move's kings that are attacked.
    pub fn checked_kings(&self) -> Vec<String> {
        dispatch!(self, g => g.position().checked_kings())
    }
    /// Every legal move, described (none once the game is over).
    pub fn legal_moves(&self) -> Vec<MoveInfo> {
        dispatch!(self, g => {
            let pos = g.position();
            g.legal_moves().iter().map(|&m| MoveInfo::describe(pos, m)).collect()
        })
    }
    /// The tokens of the legal moves (none once the game is over).
    pub fn legal_tokens(&self) -> Vec<String> {
        dispatch!(self, g => {
            let pos = g.position();
            g.legal_moves().iter().map(|&m| pos.move_token(m)).collect()
        })
    }
    /// Plays a move given by its exact token (the browser's, the engine's, a stored one).
    pub fn play_token(&mut self, token: &str) -> Result<&PlayedMove, PlayError> {
        dispatch!(self, g => {
            g.play_token(token)?;
            Ok(g.played().last().expect("just played"))
        })
    }
    /// Plays a move typed by a person: a token or display notation in any accepted form.
    pub fn play_text(&mut self, text: &str) -> Result<&PlayedMove, PlayError> {
        dispatch!(self, g => {
            g.play_text(text)?;
            Ok(g.played().last().expect("just played"))
        })
    }
    /// Takes back the last move; false when there is none or the result was declared.
    pub fn undo(&mut self) -> bool {
        dispatch!(self, g => g.undo().is_some())
    }
    pub fn resign(&mut self, color: Color) -> Result<Outcome, PlayError> {
        dispatch!(self, g => g.resign(color))
    }
    pub fn agree_draw(&mut self) -> Result<Outcome, PlayError> {
        dispatch!(self, g => g.agree_draw())
    }
    pub fn lose_on_time(&mut self, color: Color) -> Result<Outcome, PlayError> {
        dispatch!(self, g => g.lose_on_time(color))
    }
    pub fn abort(&mut self) -> Result<Outcome, PlayError> {
        dispatch!(self, g => g.abort())
    }
    pub fn claim_abandoned(&mut self, winner: Option<Color>) -> Result<Outcome, PlayError> {
        dispatch!(self, g => g.claim_abandoned(winner))
    }
    pub fn set_declared(&mut self, outcome: Option<Outcome>) {
        dispatch!(self, g => g.set_declared(outcome))
    }
    /// The moves played so far, described as they were played.
    pub fn played(&self) -> &[PlayedMove] {
        dispatch!(self, g => g.played())
    }
    /// The moves played so far, owned.
    pub fn history(&self) -> Vec<PlayedMove> {
        self.played().to_vec()
    }
    pub fn repetitions(&self) -> usize {
        dispatch!(self, g => g.repetitions())
    }
    /// A human-readable drawing of the current position.
    pub fn pretty(&self) -> String {
        dispatch!(self, g => g.position().pretty())
    }
    /// The game as a record (records.md).
    pub fn export(&self, extra_tags: &[(String, String)], comments: &[Option<String>]) -> String {
        dispatch!(self, g => record::export(g, extra_tags, comments))
    }
}

/// Why a game could not be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NewGameError {
    Setup(SetupError),
    Position(PositionError),
}

impl std::fmt::Display for NewGameError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NewGameError::Setup(e) => e.fmt(f),
            NewGameError::Position(e) => e.fmt(f),
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

/// A new game from the standard start, or from a position string.
pub fn new_game(setup: &Setup, position: Option<&str>) -> Result<AnyGame, NewGameError> {
    AnyGame::new(setup, position)
}

/// An imported game and the comment after each of its moves.
pub type ImportedGame = (AnyGame, Vec<Option<String>>);

/// Imports a record of any variant, replaying every move.
pub fn import_record(text: &str) -> Result<ImportedGame, RecordError> {
    fn replay<P: VariantPosition>(record: &Record) -> Result<ImportedGame, RecordError> {
        let (game, comments) = record::replay::<P>(record)?;
        Ok((P::wrap(game), comments))
    }
    let record = Record::parse(text)?;
    let setup = record::record_setup(&record)?;
    with_position_type!(setup.variant(), P => replay::<P>(&record))
}

/// Legal move tokens of a position given by setup and optional position string. Draw
/// rules are ignored (as in perft): a drawn position still lists its moves.
pub fn legal_tokens(setup: &Setup, position: Option<&str>) -> Result<Vec<String>, NewGameError> {
    fn tokens<P: Position>(
        setup: &Setup,
        position: Option<&str>,
    ) -> Result<Vec<String>, NewGameError> {
        let pos = match position {
            Some(s) => P::from_position_string(setup, s)?,
            None => P::start(setup)?,
        };
        Ok(pos
            .legal_moves()
            .into_iter()
            .map(|m| pos.move_token(m))
            .collect())
    }
    with_position_type!(setup.variant(), P => tokens::<P>(setup, position))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The registry's parts agree: each variant maps to a position type of that variant,
    /// and a game of it reports it.
    #[test]
    fn every_variant_maps_to_its_own_position_type() {
        fn variant_of<P: VariantPosition>() -> Variant {
            P::VARIANT
        }
        for v in Variant::ALL {
            assert_eq!(with_position_type!(v, P => variant_of::<P>()), v);
            let game = AnyGame::new(&Setup::standard(v), None).unwrap();
            assert_eq!(game.variant(), v);
            assert_eq!(game.setup().variant(), v);
            assert_eq!(dispatch!(&game, g => g.position().setup().variant()), v);
        }
    }
}
