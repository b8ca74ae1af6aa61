//! Lessons: how each piece moves, the special rules, and a checkmate lab, for every
//! variant (and for each Tri-D rule set where pieces move differently).
//!
//! The lessons are plain data in one table per variant (`stacked.rs`, `trid.rs`,
//! `quadlevel.rs`, `fourfold.rs`); [`check_attempt`] decides with the rules whether a
//! player's moves meet a lesson's goal. Tests play every lesson's solution.

mod check;
mod fourfold;
mod quadlevel;
mod stacked;
mod trid;
pub mod view;

pub use check::{check_attempt, AttemptError, Verdict};

use crate::error::SetupError;
use crate::piece::PieceKind;
use crate::position::Mover;
use crate::setup::{Options, RuleSet, Setup, Variant};

/// What a lesson teaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LessonKind {
    /// How one piece moves.
    Piece,
    /// A special rule of the variant or rule set.
    Rule,
    /// The checkmate lab: mate in one or two.
    Mate,
}

impl LessonKind {
    /// `piece`, `rule` or `mate`.
    pub fn id(self) -> &'static str {
        match self {
            LessonKind::Piece => "piece",
            LessonKind::Rule => "rule",
            LessonKind::Mate => "mate",
        }
    }
}

/// What the player's move must achieve. Squares are written as in move tokens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Goal {
    /// The moving piece (or, in Tri-D, attack board) lands on this square (position).
    Reach(&'static str),
    /// The move captures the piece standing on this square.
    Capture(&'static str),
    /// The move gives check.
    Check,
    /// The side to move is in check and gets out of it.
    EscapeCheck,
    /// Checkmate within this many of the player's moves (1 or 2).
    Mate(u8),
}

impl Goal {
    /// `reach`, `capture`, `check`, `escape-check` or `mate`.
    pub fn id(self) -> &'static str {
        match self {
            Goal::Reach(_) => "reach",
            Goal::Capture(_) => "capture",
            Goal::Check => "check",
            Goal::EscapeCheck => "escape-check",
            Goal::Mate(_) => "mate",
        }
    }

    /// The square of a `reach` or `capture` goal.
    pub fn square(self) -> Option<&'static str> {
        match self {
            Goal::Reach(s) | Goal::Capture(s) => Some(s),
            _ => None,
        }
    }

    /// How many moves of the player the goal allows (the moves in between are the
    /// opponent's replies).
    pub fn player_moves(self) -> usize {
        match self {
            Goal::Mate(n) => usize::from(n.max(1)),
            _ => 1,
        }
    }

    /// The goal in words, for the player.
    pub fn describe(self) -> String {
        match self {
            Goal::Reach(s) => format!("Move to {s}."),
            Goal::Capture(s) => format!("Capture the piece on {s}."),
            Goal::Check => "Give check.".to_string(),
            Goal::EscapeCheck => "Get out of check.".to_string(),
            Goal::Mate(1) => "Checkmate in one move.".to_string(),
            Goal::Mate(n) => format!("Checkmate in {n} moves."),
        }
    }
}

/// One lesson: a text, a position to try it in, and a goal the rules check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lesson {
    /// Unique, stable, URL-safe: `stacked-knight`, `trid-meder-rook`, `fourfold-mate-3`.
    pub id: &'static str,
    pub variant: Variant,
    /// The Tri-D rule set (`None` for the other variants).
    pub rules: Option<RuleSet>,
    pub options: Options,
    pub kind: LessonKind,
    /// What must make the move: a piece of this kind or an attack board (`None`: any).
    /// Every piece lesson names its piece.
    pub mover: Option<Mover>,
    pub title: &'static str,
    /// A few sentences for the player.
    pub text: &'static str,
    /// The "Try it" position; the player is the side to move.
    pub position: &'static str,
    pub goal: Goal,
    pub hint: &'static str,
    /// Shown when the goal is met.
    pub success: &'static str,
    /// Move tokens: the player's moves and, between them, the opponent's replies.
    pub solution: &'static [&'static str],
}

/// The empty lesson that the tables fill in with struct update syntax.
const BLANK: Lesson = Lesson {
    id: "",
    variant: Variant::Stacked,
    rules: None,
    options: Options {
        rook_pawns: false,
        destroy_both_kings: false,
    },
    kind: LessonKind::Piece,
    mover: None,
    title: "",
    text: "",
    position: "",
    goal: Goal::Check,
    hint: "",
    success: "",
    solution: &[],
};

impl Lesson {
    /// The setup the lesson is played under.
    pub fn setup(&self) -> Result<Setup, SetupError> {
        Setup::new(self.variant, self.rules, self.options)
    }

    /// The piece kind a piece lesson is about.
    pub fn piece(&self) -> Option<PieceKind> {
        match self.mover {
            Some(Mover::Piece(k)) => Some(k),
            _ => None,
        }
    }
}

/// Every lesson, variant by variant, in teaching order.
pub fn all() -> impl Iterator<Item = &'static Lesson> {
    stacked::LESSONS
        .iter()
        .chain(trid::LESSONS)
        .chain(quadlevel::LESSONS)
        .chain(fourfold::LESSONS)
}

/// The lesson with this id.
pub fn find(id: &str) -> Option<&'static Lesson> {
    all().find(|l| l.id == id)
}

/// The screen of a lesson's position after `moves` (tokens: the player's and the replies),
/// its legal moves listed when `with_moves`. A lesson is not a game: the draw rules do
/// not stop it (two bare kings still move), so the status is always "in progress".
pub fn screen_after(
    lesson: &Lesson,
    moves: &[&str],
    with_moves: bool,
) -> Result<crate::screen::Screen, AttemptError> {
    let setup = lesson.setup().map_err(AttemptError::Setup)?;
    position_screen(&setup, lesson.position, moves, with_moves)
}

/// The screen of a position (a position string under `setup`) after `moves` (tokens),
/// its legal moves listed when `with_moves`, as a lesson shows it: always "in progress",
/// the last move marked, `ply` the number of moves played. Puzzles show theirs the same
/// way.
pub fn position_screen(
    setup: &Setup,
    position: &str,
    moves: &[&str],
    with_moves: bool,
) -> Result<crate::screen::Screen, AttemptError> {
    use crate::any::MoveInfo;
    use crate::position::Position;
    use crate::screen::{screen_of, LastMove, MoveView, Status};
    crate::with_position_type!(
        setup.variant(),
        P => {
            let mut pos = P::from_position_string(setup, position)
                .map_err(AttemptError::Position)?;
            let mut last = None;
            for (index, token) in moves.iter().enumerate() {
                let m = pos
                    .parse_move_token(token)
                    .map_err(|error| AttemptError::Move { index, error })?;
                let squares = pos.move_squares(m);
                last = Some(LastMove { from: squares.from, to: squares.to });
                pos.play(m);
            }
            let mut screen = screen_of(&crate::game::Game::new(pos.clone()), false);
            screen.status = Status::InProgress;
            screen.result = None;
            screen.last_move = last;
            screen.ply = moves.len() as u32;
            if with_moves {
                let side = pos.turn();
                screen.legal_moves = pos
                    .legal_moves()
                    .into_iter()
                    .map(|m| MoveView::legal(&MoveInfo::describe(&pos, m), side))
                    .collect();
            }
            Ok(screen)
        }
    )
}
