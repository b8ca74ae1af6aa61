//! Position strings: `<Z0W0>|<Z1W0>|<Z0W1>|<Z1W1> <side> <halfmove> <fullmove>`, each
//! board from rank 4 down to rank 1, ranks separated by `/`.

use super::board::{code, FourfoldPosition};
use super::geometry::square_name;
use crate::error::PositionError;
use crate::piece::{Color, Piece, PieceKind};
use crate::position_string::Fields;

/// The standard start (seed 004's public game).
pub const START: &str = "4/4/PPPP/RNKQ|4/4/4/1BR1|1rb1/4/4/4|qknr/pppp/4/4 w 0 1";

/// Board names in position-string order (Z then W).
const BOARD_NAMES: [&str; 4] = ["00", "10", "01", "11"];

impl FourfoldPosition {
    /// Reads a position string, rejecting anything malformed or impossible with a reason
    /// that says what and where.
    pub fn parse(s: &str) -> Result<FourfoldPosition, PositionError> {
        let fields = Fields::split(s, &["boards", "side", "halfmove", "fullmove"], 0)?;
        let err = |reason: String| fields.error(reason);
        let mut pos = FourfoldPosition::empty();
        let boards: Vec<&str> = fields.field(0).split('|').collect();
        if boards.len() != 4 {
            return Err(err(format!(
                "expected 4 boards separated by '|' (Z0W0|Z1W0|Z0W1|Z1W1), found {}",
                boards.len()
            )));
        }
        for (b, text) in boards.iter().enumerate() {
            parse_board(&mut pos, b, text)
                .map_err(|r| err(format!("board {}: {r}", BOARD_NAMES[b])))?;
        }
        pos.turn = fields.side(1)?;
        (pos.halfmove, pos.fullmove) = fields.counters(2)?;
        for color in Color::ALL {
            let kings = pos.pieces[color.index()][PieceKind::King.index()].count_ones();
            if kings != 1 {
                return Err(err(format!(
                    "{color} must have exactly one king, has {kings}"
                )));
            }
        }
        if pos.king_attacked(pos.turn.opposite()) {
            return Err(err(format!(
                "the side to move can capture the {} king on {}",
                pos.turn.opposite(),
                square_name(pos.king_square(pos.turn.opposite()))
            )));
        }
        pos.hash = pos.hash_from_scratch();
        Ok(pos)
    }

    /// The canonical position string.
    pub fn to_position_string(&self) -> String {
        let mut out = String::with_capacity(64);
        for b in 0..4 {
            if b > 0 {
                out.push('|');
            }
            for rank in (0..4).rev() {
                if rank < 3 {
                    out.push('/');
                }
                let mut empty = 0;
                for file in 0..4 {
                    match self.piece_at(16 * b + 4 * rank + file) {
                        Some(p) => {
                            if empty > 0 {
                                out.push(char::from(b'0' + empty));
                                empty = 0;
                            }
                            out.push(p.char());
                        }
                        None => empty += 1,
                    }
                }
                if empty > 0 {
                    out.push(char::from(b'0' + empty));
                }
            }
        }
        format!(
            "{out} {} {} {}",
            self.turn.letter(),
            self.halfmove,
            self.fullmove
        )
    }
}

/// Places one board's pieces (board `b` in string order, i.e. squares `16b..16b+16`).
fn parse_board(pos: &mut FourfoldPosition, b: usize, text: &str) -> Result<(), String> {
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 4 {
        return Err(format!(
            "expected 4 ranks separated by '/', found {} in {text:?}",
            ranks.len()
        ));
    }
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = 3 - i;
        let mut file = 0usize;
        for c in rank_text.chars() {
            if let Some(d) = c.to_digit(10) {
                if d == 0 {
                    return Err(format!("rank {}: empty run 0 is not allowed", rank + 1));
                }
                file += d as usize;
            } else {
                let piece = Piece::from_char(c)
                    .ok_or_else(|| format!("rank {}: unknown piece letter {c:?}", rank + 1))?;
                if file >= 4 {
                    return Err(format!(
                        "rank {}: more than 4 squares in {rank_text:?}",
                        rank + 1
                    ));
                }
                let last_rank = match piece.color {
                    Color::White => 3,
                    Color::Black => 0,
                };
                let sq = 16 * b + 4 * rank + file;
                if piece.kind == PieceKind::Pawn && rank == last_rank {
                    return Err(format!(
                        "{} pawn on {}, its last rank (it would have become a queen)",
                        piece.color,
                        square_name(sq)
                    ));
                }
                pos.put(sq, code(piece));
                file += 1;
            }
        }
        if file != 4 {
            return Err(format!(
                "rank {} has {file} squares in {rank_text:?}, expected 4",
                rank + 1
            ));
        }
    }
    Ok(())
}
