//! Inspect mode: the moves of any piece (or Tri-D attack board) as if its side were to
//! move, so a player can look at either side's possibilities without playing. The side
//! to move's own moves are the game's legal moves; the other side's come from the same
//! position with the turn passed (a null move), which is always a valid position: the
//! side that just moved cannot be in check.

use crate::any::{AnyGame, MoveInfo};
use crate::game::{Game, GameStatus};
use crate::piece::Color;
use crate::position::Position;
use crate::screen::{MoveView, Side};
use std::fmt;

/// What a piece could do.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Inspection {
    /// The square inspected, or an attack board's name.
    pub from: String,
    /// The side the piece (or board) moves for.
    pub side: Side,
    /// The piece, a letter in its side's case (`null` for an attack board).
    pub piece: Option<String>,
    /// Its side is to move and the game goes on: these moves may be played now.
    /// Otherwise they are previews in the position with the turn passed.
    pub to_move: bool,
    /// Its legal moves; tokens are those of the position they were generated in.
    pub moves: Vec<MoveView>,
}

/// Nothing to inspect there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InspectError {
    /// No square or attack board has this name.
    Unknown(String),
    /// The square holds no piece.
    Empty(String),
}

impl fmt::Display for InspectError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shown = |s: &str| s.chars().take(32).collect::<String>();
        match self {
            InspectError::Unknown(s) => write!(f, "no square or attack board {:?}", shown(s)),
            InspectError::Empty(s) => write!(f, "there is no piece on {}", shown(s)),
        }
    }
}

impl std::error::Error for InspectError {}

/// The side of what stands on (or is named by) `from`.
fn owner<P: Position>(pos: &P, from: &str) -> Result<(Color, Option<String>), InspectError> {
    if let Some(cell) = pos.cells().into_iter().find(|c| c.name == from) {
        return match cell.piece {
            Some(p) => Ok((p.color, Some(p.char().to_string()))),
            None => Err(InspectError::Empty(from.to_string())),
        };
    }
    pos.attack_boards()
        .into_iter()
        .find(|b| b.name == from)
        .map(|b| (b.owner, None))
        .ok_or_else(|| InspectError::Unknown(from.to_string()))
}

fn moves_from<P: Position>(pos: &P, moves: &[P::Move], from: &str) -> Vec<MoveView> {
    let side = pos.turn();
    moves
        .iter()
        .map(|&m| MoveInfo::describe(pos, m))
        .filter(|m| m.squares.from == from)
        .map(|m| MoveView::legal(&m, side))
        .collect()
}

/// The moves of the piece on `from` (or of the attack board named `from`) as if its side
/// were to move now.
pub fn inspect<P: Position>(game: &Game<P>, from: &str) -> Result<Inspection, InspectError> {
    let pos = game.position();
    let (color, piece) = owner(pos, from)?;
    let in_progress = game.status() == GameStatus::InProgress;
    // A finished game keeps no legal moves; its position still has them, for looking.
    let generated;
    let legal = if in_progress {
        game.legal_moves()
    } else {
        generated = pos.legal_moves();
        &generated
    };
    let now = moves_from(pos, legal, from);
    // A board may be moved by the side whose piece is on it (Meder): whoever is to move
    // and has moves for it moves it now.
    let (side, to_move, moves) = if color == pos.turn() || (piece.is_none() && !now.is_empty()) {
        (pos.turn(), in_progress, now)
    } else {
        let mut passed = pos.clone();
        let _undo = passed.play_null();
        let moves = moves_from(&passed, &passed.legal_moves(), from);
        (passed.turn(), false, moves)
    };
    Ok(Inspection {
        from: from.to_string(),
        side: side.into(),
        piece,
        to_move,
        moves,
    })
}

impl AnyGame {
    /// See [`inspect`].
    pub fn inspect(&self, from: &str) -> Result<Inspection, InspectError> {
        crate::dispatch!(self, g => inspect(g, from))
    }
}
