//! Position strings (records.md):
//! `<L1>|<L2>|<L3>|<L4> <side> <ep> <halfmove> <fullmove> [<unlocked>]`.

use super::board::QuadlevelPosition;
use super::castling::{is_home_of_king, is_home_of_rook};
use super::geometry::{bit, offset, parse_square, square, square_name, Cells, LEVELS, RANKS};
use crate::error::PositionError;
use crate::piece::{Color, Piece, PieceKind};
use crate::position_string::Fields;

/// The standard start.
pub const START: &str = "rnbr/pppp/4/4/4/4/PPPP/RNBR|bkqn/pppp/4/4/4/4/PPPP/BKQN|nqkb/pppp/4/4/4/4/PPPP/NQKB|rbnr/pppp/4/4/4/4/PPPP/RBNR w - 0 1";

fn side_name(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

impl QuadlevelPosition {
    pub(super) fn format_string(&self) -> String {
        let mut out = String::new();
        for z in 0..LEVELS {
            if z > 0 {
                out.push('|');
            }
            for y in (0..RANKS).rev() {
                if y < RANKS - 1 {
                    out.push('/');
                }
                let mut empty = 0;
                for x in 0..4 {
                    let sq = square(x, y, z).expect("cell exists");
                    match self.piece_at(sq) {
                        None => empty += 1,
                        Some(p) => {
                            if empty > 0 {
                                out.push(char::from(b'0' + empty));
                                empty = 0;
                            }
                            out.push(p.char());
                            let castler = matches!(p.kind, PieceKind::King | PieceKind::Rook);
                            if castler && self.unmoved & bit(sq) == 0 {
                                out.push('*');
                            }
                        }
                    }
                }
                if empty > 0 {
                    out.push(char::from(b'0' + empty));
                }
            }
        }
        out.push(' ');
        out.push(self.turn.letter());
        out.push(' ');
        match self.ep {
            Some(sq) => out.push_str(&square_name(sq)),
            None => out.push('-'),
        }
        out.push_str(&format!(" {} {}", self.halfmove, self.fullmove));
        if self.destroy_both_kings {
            out.push(' ');
            match self.unlocked {
                [false, false] => out.push('-'),
                [w, b] => {
                    if w {
                        out.push('w');
                    }
                    if b {
                        out.push('b');
                    }
                }
            }
        }
        out
    }

    pub(super) fn parse_string(
        destroy_both_kings: bool,
        s: &str,
    ) -> Result<QuadlevelPosition, PositionError> {
        let layout = [
            "levels",
            "side",
            "en passant",
            "halfmove",
            "fullmove",
            "unlocked",
        ];
        let fields = if destroy_both_kings {
            Fields::split(s, &layout, 1)?
        } else {
            Fields::split(s, &layout[..5], 0)?
        };
        let err = |reason: String| fields.error(reason);
        let mut pos = QuadlevelPosition::empty(destroy_both_kings);
        let levels: Vec<&str> = fields.field(0).split('|').collect();
        if levels.len() != LEVELS as usize {
            return Err(err(format!(
                "found {} levels, expected 4 separated by |",
                levels.len()
            )));
        }
        for (z, level) in levels.iter().enumerate() {
            let lname = format!("L{}", z + 1);
            let ranks: Vec<&str> = level.split('/').collect();
            if ranks.len() != RANKS as usize {
                return Err(err(format!(
                    "level {lname} has {} ranks, expected 8 separated by /",
                    ranks.len()
                )));
            }
            for (i, rank) in ranks.iter().enumerate() {
                let y = RANKS - 1 - i as i8;
                let where_ = format!("level {lname}, rank {}", y + 1);
                let mut x: i8 = 0;
                let mut chars = rank.chars().peekable();
                while let Some(c) = chars.next() {
                    if let Some(n) = c.to_digit(10) {
                        if n == 0 {
                            return Err(err(format!("{where_}: empty run 0")));
                        }
                        x += n as i8;
                        if x > 4 {
                            return Err(err(format!("{where_}: more than 4 cells")));
                        }
                        continue;
                    }
                    let piece = Piece::from_char(c)
                        .ok_or_else(|| err(format!("{where_}: unknown piece letter {c:?}")))?;
                    if x >= 4 {
                        return Err(err(format!("{where_}: more than 4 cells")));
                    }
                    let sq = square(x, y, z as i8).expect("cell exists");
                    let moved = chars.peek() == Some(&'*');
                    if moved {
                        chars.next();
                    }
                    let name = square_name(sq);
                    let castler = matches!(piece.kind, PieceKind::King | PieceKind::Rook);
                    // A king or rook off its starting cell has moved, mark or not.
                    let home = match piece.kind {
                        PieceKind::King => is_home_of_king(piece.color, sq),
                        _ => is_home_of_rook(piece.color, sq),
                    };
                    if castler && !moved && home {
                        pos.unmoved |= bit(sq);
                    }
                    if moved && !castler {
                        return Err(err(format!(
                            "{name}: * (has moved) follows only a king or rook, not {c}"
                        )));
                    }
                    if piece.kind == PieceKind::Pawn && (y == 0 || y == RANKS - 1) {
                        return Err(err(format!(
                            "pawn on {name}: pawns never stand on rank 1 or 8"
                        )));
                    }
                    pos.put(piece, sq);
                    x += 1;
                }
                if x != 4 {
                    return Err(err(format!("{where_}: {x} cells, expected 4")));
                }
            }
        }
        for c in Color::ALL {
            let n = pos.kings(c).count_ones();
            let ok = if destroy_both_kings {
                (1..=2).contains(&n)
            } else {
                n == 2
            };
            if !ok {
                let expected = if destroy_both_kings { "1 or 2" } else { "2" };
                return Err(err(format!(
                    "{} has {n} kings, expected {expected}",
                    side_name(c)
                )));
            }
        }
        pos.turn = fields.side(1)?;
        pos.ep = match fields.field(2) {
            "-" => None,
            name => Some(
                pos.check_ep(name)
                    .map_err(|r| err(format!("en passant {name:?}: {r}")))?,
            ),
        };
        (pos.halfmove, pos.fullmove) = fields.counters(3)?;
        if let Some(field) = fields.get(5) {
            pos.unlocked = match field {
                "-" => [false, false],
                "w" => [true, false],
                "b" => [false, true],
                "wb" => [true, true],
                other => return Err(err(format!("unlocked {other:?}, expected -, w, b or wb"))),
            };
            for c in Color::ALL {
                if pos.unlocked[c.index()] && pos.kings(c).count_ones() != 1 {
                    return Err(err(format!(
                        "unlocked names {} but only a last king can be unlocked",
                        side_name(c)
                    )));
                }
            }
        }
        let waiting = pos.turn.opposite();
        for k in Cells(pos.kings(waiting)) {
            if pos.attacked(k, pos.turn) {
                return Err(err(format!(
                    "{} (not to move) has its king on {} attacked",
                    side_name(waiting),
                    square_name(k)
                )));
            }
        }
        pos.hash = pos.hash_from_scratch();
        Ok(pos)
    }

    /// Checks an en passant cell: empty, just passed over by a pawn of the side that moved.
    fn check_ep(&self, name: &str) -> Result<u8, String> {
        let sq = parse_square(name).ok_or("not a cell such as c3L2")?;
        let mover = self.turn.opposite();
        let fwd = mover.forward() as i8;
        let passed_rank = if mover == Color::White { 2 } else { 5 };
        if super::geometry::rank_of(sq) != passed_rank {
            return Err(format!(
                "must be on rank {} when {} is to move",
                passed_rank + 1,
                side_name(self.turn)
            ));
        }
        let pawn_cell = offset(sq, (0, fwd, 0)).expect("on the board");
        let start_cell = offset(sq, (0, -fwd, 0)).expect("on the board");
        if self.piece_at(sq).is_some() || self.piece_at(start_cell).is_some() {
            return Err("the passed-over cells must be empty".into());
        }
        if self.piece_at(pawn_cell) != Some(Piece::new(mover, PieceKind::Pawn)) {
            return Err(format!(
                "no {} pawn on {}",
                side_name(mover),
                square_name(pawn_cell)
            ));
        }
        Ok(sq)
    }
}
