//! Judging a player's moves with the rules: the moves (the solver's, with the replies
//! they were given between them) are replayed from the puzzle's position and compared
//! with the solution. Any checkmate the solver gives solves the puzzle (at a mate
//! puzzle's last move there may be several mates; a mate is never wrong).

use crate::{Puzzle, MAX_MOVES};
use rules::position::{Mover, Position};
use rules::{MoveError, PieceKind, PositionError};
use std::fmt;

/// Moves that cannot be judged, or a puzzle that cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleError {
    /// The puzzle's position does not read (a defect in the set).
    Position { id: String, error: PositionError },
    /// A solution move that is not legal where it stands (a defect in the set).
    Solution {
        id: String,
        index: usize,
        error: MoveError,
    },
    /// Too few or too many moves, or a list that ends on the wrong side: `expected` says
    /// what the request takes.
    MoveCount { given: usize, expected: String },
    /// A move (index from 0) that is not a legal move token there.
    Move { index: usize, error: MoveError },
    /// A reply other than the one the puzzle gave.
    Reply {
        index: usize,
        given: String,
        expected: String,
    },
    /// A hint asked for after a move (index from 0) that is not the solution's.
    OffSolution { index: usize },
}

impl PuzzleError {
    /// Whether the error is in the request (else it is a defect in the set).
    pub fn is_request_error(&self) -> bool {
        !matches!(
            self,
            PuzzleError::Position { .. } | PuzzleError::Solution { .. }
        )
    }
}

impl fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PuzzleError::Position { id, error } => write!(f, "puzzle {id}: position: {error}"),
            PuzzleError::Solution { id, index, error } => {
                write!(f, "puzzle {id}: solution move {}: {error}", index + 1)
            }
            PuzzleError::MoveCount { given, expected } => {
                write!(f, "{given} moves given; {expected}")
            }
            PuzzleError::Move { index, error } => write!(f, "move {}: {error}", index + 1),
            PuzzleError::Reply {
                index,
                given,
                expected,
            } => write!(
                f,
                "move {} is the opponent's reply, {expected:?}, not {given:?}",
                index + 1
            ),
            PuzzleError::OffSolution { index } => write!(
                f,
                "move {} is not the solution's; a hint follows the solution only",
                index + 1
            ),
        }
    }
}

impl std::error::Error for PuzzleError {}

/// How an attempt stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    Solved,
    /// Right so far: the opponent replies with this token and the solver moves again.
    Continue {
        reply: String,
    },
    /// A legal move that is not the solution's: this token was.
    Missed {
        expected: String,
    },
}

/// A verdict with its words for the player and how many of the given moves it judged
/// (a miss ends the attempt: moves after it are not looked at).
pub(crate) struct Judged {
    pub verdict: Verdict,
    pub message: String,
    pub played: usize,
}

/// Where the next solver move starts, and the hint in words.
pub(crate) struct Hint {
    pub square: String,
    pub text: String,
}

/// Whether the moves (the solver's, with the replies between them) solve the puzzle:
/// the whole solution played, or a checkmate given, without a wrong move.
pub fn solved(p: &Puzzle, moves: &[&str]) -> bool {
    matches!(
        judge(p, moves),
        Ok(Judged {
            verdict: Verdict::Solved,
            ..
        })
    )
}

pub(crate) fn judge(p: &Puzzle, moves: &[&str]) -> Result<Judged, PuzzleError> {
    let allowed = p.solution.len().min(MAX_MOVES);
    if moves.is_empty() || moves.len() > allowed || moves.len() & 1 == 0 {
        return Err(PuzzleError::MoveCount {
            given: moves.len(),
            expected: format!(
                "this puzzle takes the solver's moves with the replies between them, an odd number of at most {allowed}"
            ),
        });
    }
    rules::with_position_type!(p.setup.variant(), P => judge_in(p, start::<P>(p)?, moves))
}

pub(crate) fn hint(p: &Puzzle, moves: &[&str]) -> Result<Hint, PuzzleError> {
    let allowed = p.solution.len() - 1;
    if moves.len() > allowed || moves.len() & 1 == 1 {
        return Err(PuzzleError::MoveCount {
            given: moves.len(),
            expected: format!(
                "a hint takes the moves so far, each solver move with its reply, an even number of at most {allowed}"
            ),
        });
    }
    rules::with_position_type!(p.setup.variant(), P => hint_in(p, start::<P>(p)?, moves))
}

fn start<P: Position>(p: &Puzzle) -> Result<P, PuzzleError> {
    P::from_position_string(&p.setup, &p.position).map_err(|error| PuzzleError::Position {
        id: p.id.clone(),
        error,
    })
}

/// The solution's move at `index` in `pos`.
fn solution_move<P: Position>(p: &Puzzle, pos: &P, index: usize) -> Result<P::Move, PuzzleError> {
    let token = p.solution.get(index).map(String::as_str).unwrap_or("");
    pos.parse_move_token(token)
        .map_err(|error| PuzzleError::Solution {
            id: p.id.clone(),
            index,
            error,
        })
}

fn given_move<P: Position>(pos: &P, moves: &[&str], index: usize) -> Result<P::Move, PuzzleError> {
    pos.parse_move_token(moves[index])
        .map_err(|error| PuzzleError::Move { index, error })
}

fn judge_in<P: Position>(p: &Puzzle, mut pos: P, moves: &[&str]) -> Result<Judged, PuzzleError> {
    for index in 0..moves.len() {
        let m = given_move(&pos, moves, index)?;
        let right = solution_move(p, &pos, index)?;
        if index % 2 == 1 {
            if m != right {
                return Err(PuzzleError::Reply {
                    index,
                    given: moves[index].to_string(),
                    expected: p.solution[index].clone(),
                });
            }
            pos.play(m);
            continue;
        }
        let wanted = pos.move_notation(right);
        pos.play(m);
        let mate = pos.in_check() && !pos.has_legal_move();
        if mate || (m == right && index + 1 == p.solution.len()) {
            if index + 1 < moves.len() {
                return Err(PuzzleError::MoveCount {
                    given: moves.len(),
                    expected: format!("the puzzle is solved by move {}", index + 1),
                });
            }
            let message = if mate {
                "Checkmate: solved!".to_string()
            } else {
                "Solved: the material is yours.".to_string()
            };
            return Ok(Judged {
                verdict: Verdict::Solved,
                message,
                played: index + 1,
            });
        }
        if m != right {
            let message = if p.mate_in.is_some() && index + 1 == p.solution.len() {
                format!("That is not mate: {wanted} was.")
            } else {
                format!("Not the move: the solution plays {wanted}.")
            };
            return Ok(Judged {
                verdict: Verdict::Missed {
                    expected: p.solution[index].clone(),
                },
                message,
                played: index + 1,
            });
        }
        if index + 1 == moves.len() {
            let reply = solution_move(p, &pos, index + 1)?;
            return Ok(Judged {
                verdict: Verdict::Continue {
                    reply: p.solution[index + 1].clone(),
                },
                message: format!(
                    "Right. Your opponent answers {}; find the next move.",
                    pos.move_notation(reply)
                ),
                played: index + 1,
            });
        }
    }
    unreachable!("the last move, the solver's, always gives a verdict")
}

fn hint_in<P: Position>(p: &Puzzle, mut pos: P, moves: &[&str]) -> Result<Hint, PuzzleError> {
    for index in 0..moves.len() {
        let m = given_move(&pos, moves, index)?;
        if m != solution_move(p, &pos, index)? {
            return Err(PuzzleError::OffSolution { index });
        }
        pos.play(m);
    }
    let next = solution_move(p, &pos, moves.len())?;
    let square = pos.move_squares(next).from;
    let text = match pos.move_facts(next).mover {
        Mover::Board => format!("Move the attack board {square}."),
        Mover::Piece(k) => format!("Move the {} on {square}.", kind_name(k)),
    };
    Ok(Hint { square, text })
}

fn kind_name(k: PieceKind) -> &'static str {
    match k {
        PieceKind::Pawn => "pawn",
        PieceKind::Knight => "knight",
        PieceKind::Bishop => "bishop",
        PieceKind::Rook => "rook",
        PieceKind::Queen => "queen",
        PieceKind::King => "king",
    }
}
