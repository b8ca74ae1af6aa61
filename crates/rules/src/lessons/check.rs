//! Judging a lesson attempt with the rules: the player's moves (and the opponent's
//! replies between them) are replayed from the lesson's position and the goal is tested.

use super::{Goal, Lesson};
use crate::error::{MoveError, PositionError, SetupError};
use crate::position::{Mover, Position};
use crate::with_position_type;
use std::fmt;

/// How an attempt stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The goal is met.
    Solved,
    /// So far so good (a mate in two): the opponent answers with this move token and the
    /// player moves again.
    Continue { reply: String },
    /// The moves are legal but miss the goal; the reason is for the player.
    Missed { reason: String },
}

/// An attempt that cannot be judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AttemptError {
    /// The lesson's setup or position is broken (a defect in the lesson table).
    Setup(SetupError),
    Position(PositionError),
    /// No move was given, or more than the goal allows, or it ends on a reply.
    MoveCount {
        given: usize,
        allowed: usize,
    },
    /// A move (index from 0) that is not a legal move token there.
    Move {
        index: usize,
        error: MoveError,
    },
}

impl fmt::Display for AttemptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AttemptError::Setup(e) => write!(f, "lesson setup: {e}"),
            AttemptError::Position(e) => write!(f, "lesson position: {e}"),
            AttemptError::MoveCount { given, allowed } => write!(
                f,
                "{given} moves given; this lesson takes an odd number of moves (the player's, with the replies between them), at most {allowed}"
            ),
            AttemptError::Move { index, error } => write!(f, "move {}: {error}", index + 1),
        }
    }
}

impl std::error::Error for AttemptError {}

/// Judges the moves (tokens) played from the lesson's position: the player's first move,
/// then, for a mate in two, the reply the player was given and the player's second move.
pub fn check_attempt(lesson: &Lesson, moves: &[&str]) -> Result<Verdict, AttemptError> {
    let setup = lesson.setup().map_err(AttemptError::Setup)?;
    with_position_type!(
        setup.variant(),
        P => {
            let pos = P::from_position_string(&setup, lesson.position)
                .map_err(AttemptError::Position)?;
            judge(lesson, pos, moves)
        }
    )
}

fn judge<P: Position>(
    lesson: &Lesson,
    mut pos: P,
    moves: &[&str],
) -> Result<Verdict, AttemptError> {
    let allowed = 2 * lesson.goal.player_moves() - 1;
    if moves.is_empty() || moves.len() > allowed || moves.len() & 1 == 0 {
        return Err(AttemptError::MoveCount {
            given: moves.len(),
            allowed,
        });
    }
    let was_in_check = pos.in_check();
    for (index, token) in moves.iter().enumerate() {
        let m = pos
            .parse_move_token(token)
            .map_err(|error| AttemptError::Move { index, error })?;
        if index % 2 == 1 {
            pos.play(m);
            continue;
        }
        if let Some(wanted) = lesson.mover {
            let moved = pos.move_facts(m).mover;
            if moved != wanted {
                return Ok(Verdict::Missed {
                    reason: format!(
                        "That move is made by {}; this lesson is about {}.",
                        mover_name(moved),
                        mover_name(wanted)
                    ),
                });
            }
        }
        let squares = pos.move_squares(m);
        let captured = pos.move_facts(m).captured.is_some();
        pos.play(m);
        let verdict = match lesson.goal {
            Goal::Reach(square) if squares.to == square => Verdict::Solved,
            Goal::Reach(square) => Verdict::Missed {
                reason: format!("That move goes to {}, not to {square}.", squares.to),
            },
            Goal::Capture(square) => {
                let on = squares.captured.as_deref().unwrap_or(&squares.to);
                if captured && on == square {
                    Verdict::Solved
                } else if captured {
                    Verdict::Missed {
                        reason: format!("That move captures on {on}, not on {square}."),
                    }
                } else {
                    Verdict::Missed {
                        reason: format!("That move captures nothing; the target is on {square}."),
                    }
                }
            }
            Goal::Check if pos.in_check() => Verdict::Solved,
            Goal::Check => Verdict::Missed {
                reason: "That move gives no check.".to_string(),
            },
            // Every legal move leaves the king safe; the lesson position must be a check.
            Goal::EscapeCheck if was_in_check => Verdict::Solved,
            Goal::EscapeCheck => Verdict::Missed {
                reason: "There was no check to escape.".to_string(),
            },
            Goal::Mate(n) => {
                let left = usize::from(n) - index / 2 - 1;
                mate_verdict(lesson, &pos, left)
            }
        };
        match verdict {
            Verdict::Solved | Verdict::Missed { .. } => return Ok(verdict),
            Verdict::Continue { .. } if index + 1 == moves.len() => return Ok(verdict),
            Verdict::Continue { .. } => {}
        }
    }
    unreachable!("the last move always gives a verdict")
}

/// After the player's move (`after`, opponent to move), with `left` more player moves
/// allowed: mate now, a forced mate still on (and the reply to give), or a miss.
fn mate_verdict<P: Position>(lesson: &Lesson, after: &P, left: usize) -> Verdict {
    if is_mate(after) {
        return Verdict::Solved;
    }
    let replies = after.legal_moves();
    if replies.is_empty() {
        return Verdict::Missed {
            reason: "That is stalemate, a draw: the opponent has no move but is not in check."
                .to_string(),
        };
    }
    if left == 0 {
        let reason = if after.in_check() {
            let escape = replies[0];
            format!(
                "Check, but not mate: the opponent can answer {}.",
                after.move_notation(escape)
            )
        } else {
            "That move gives no check, so it is not mate.".to_string()
        };
        return Verdict::Missed { reason };
    }
    // A mate in two from here: every reply must allow a mate in one (left == 1; the
    // lessons go no deeper).
    if let Some(&refutation) = replies.iter().find(|&&r| {
        let mut q = after.clone();
        q.play(r);
        !mates_in_one(&q)
    }) {
        return Verdict::Missed {
            reason: format!(
                "The opponent answers {} and there is no mate in one after it.",
                after.move_notation(refutation)
            ),
        };
    }
    let scripted = lesson
        .solution
        .get(1)
        .and_then(|t| after.parse_move_token(t).ok());
    let reply = scripted.unwrap_or(replies[0]);
    Verdict::Continue {
        reply: after.move_token(reply),
    }
}

/// The side to move is checkmated.
fn is_mate<P: Position>(p: &P) -> bool {
    p.in_check() && p.count_legal() == 0
}

/// The side to move has a mate in one.
fn mates_in_one<P: Position>(p: &P) -> bool {
    p.legal_moves().into_iter().any(|m| {
        let mut q = p.clone();
        q.play(m);
        is_mate(&q)
    })
}

fn mover_name(m: Mover) -> String {
    match m {
        Mover::Piece(k) => format!("a {}", kind_name(k)),
        Mover::Board => "an attack board".to_string(),
    }
}

/// The English name of a piece kind.
fn kind_name(k: crate::piece::PieceKind) -> &'static str {
    use crate::piece::PieceKind::*;
    match k {
        Pawn => "pawn",
        Knight => "knight",
        Bishop => "bishop",
        Rook => "rook",
        Queen => "queen",
        King => "king",
    }
}
