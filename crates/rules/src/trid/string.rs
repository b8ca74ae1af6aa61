//! Tri-D position strings (records.md):
//! `<pieces> <boards> <side> <castling> <ep> <halfmove> <fullmove>`.

use super::geometry::*;
use super::{code, TridPosition, CASTLE_BK, CASTLE_BQ, CASTLE_WK, CASTLE_WQ, NO_SQ};
use crate::error::PositionError;
use crate::piece::{Color, Piece, PieceKind};
use crate::position_string::Fields;
use crate::setup::RuleSet;

/// The canonical string: pieces ordered by level, rank, file.
pub fn format(p: &TridPosition) -> String {
    let mut pieces = Vec::new();
    for z in 1..=7 {
        for y in 0..RANKS {
            for x in 0..FILES {
                let s = square(x, y, z);
                let c = p.at(s);
                if c != 0 {
                    let star = if c & code::MOVED != 0 { "*" } else { "" };
                    pieces.push(format!("{}{}{star}", code::piece(c).char(), square_name(s)));
                }
            }
        }
    }
    let boards: Vec<String> = (0..4)
        .map(|b| {
            let owner = if p.owner(b) == 0 { 'w' } else { 'b' };
            format!("{}@{}:{owner}", BOARD_NAMES[b], p.placements[b].name())
        })
        .collect();
    let mut castling = String::new();
    for (bit, ch) in [
        (CASTLE_WK, 'K'),
        (CASTLE_WQ, 'Q'),
        (CASTLE_BK, 'k'),
        (CASTLE_BQ, 'q'),
    ] {
        if p.castling & bit != 0 {
            castling.push(ch);
        }
    }
    if castling.is_empty() {
        castling.push('-');
    }
    let ep = if p.ep_passed == NO_SQ {
        "-".to_string()
    } else {
        format!("{}/{}", square_name(p.ep_passed), square_name(p.ep_pawn))
    };
    format!(
        "{} {} {} {castling} {ep} {} {}",
        pieces.join(","),
        boards.join(","),
        p.turn.letter(),
        p.halfmove,
        p.fullmove
    )
}

fn err(input: &str, reason: impl Into<String>) -> PositionError {
    PositionError::new(input, reason)
}

/// Reads a position string under a rule set, rejecting anything malformed or impossible.
pub fn parse(rules: RuleSet, rook_pawns: bool, s: &str) -> Result<TridPosition, PositionError> {
    let fields = Fields::split(
        s,
        &[
            "pieces",
            "boards",
            "side",
            "castling",
            "en passant",
            "halfmove",
            "fullmove",
        ],
        0,
    )?;
    let reader = fields;
    let fields: Vec<&str> = (0..7).map(|i| reader.field(i)).collect();
    let mut p = TridPosition::empty(rules, rook_pawns);

    // Boards first: they decide which squares exist.
    let mut seen = [false; 4];
    let entries: Vec<&str> = fields[1].split(',').collect();
    if entries.len() != 4 {
        return Err(err(
            s,
            format!(
                "boards field {:?}: expected all four boards WQL, WKL, BQL, BKL",
                fields[1]
            ),
        ));
    }
    for b in 0..4 {
        p.remove_board_squares(p.placements[b]);
    }
    for e in entries {
        let (name, rest) = e.split_once('@').ok_or_else(|| {
            err(
                s,
                format!("board {e:?}: expected <name>@<position>:<owner>"),
            )
        })?;
        let b = BOARD_NAMES
            .iter()
            .position(|n| *n == name)
            .ok_or_else(|| err(s, format!("board {e:?}: unknown board name {name:?}")))?;
        if seen[b] {
            return Err(err(s, format!("board {name} is listed twice")));
        }
        seen[b] = true;
        let (pos, owner) = rest
            .split_once(':')
            .ok_or_else(|| err(s, format!("board {e:?}: missing :<owner>")))?;
        let placement = Placement::parse(pos).ok_or_else(|| {
            err(
                s,
                format!("board {e:?}: {pos:?} is not a post's corner with a level one above or below its main board"),
            )
        })?;
        if rules != RuleSet::Federation && !placement.standing() {
            return Err(err(
                s,
                format!("board {e:?}: boards only stand in {rules} rules"),
            ));
        }
        let owner = match owner {
            "w" => 0,
            "b" => 1,
            _ => return Err(err(s, format!("board {e:?}: owner must be w or b"))),
        };
        if rules != RuleSet::Federation && owner != original_owner(b) {
            return Err(err(
                s,
                format!("board {e:?}: in {rules} rules the owner field is the original owner"),
            ));
        }
        if owner != original_owner(b) {
            p.owner_changed |= 1 << b;
        }
        p.placements[b] = placement;
    }
    #[allow(clippy::needless_range_loop)]
    for b in 0..4 {
        for o in 0..b {
            let (pb, po) = (p.placements[b], p.placements[o]);
            let clash =
                pb.post == po.post && (pb.level == po.level || rules != RuleSet::Federation);
            if clash {
                return Err(err(
                    s,
                    format!(
                        "boards {} and {} overlap on {}",
                        BOARD_NAMES[o],
                        BOARD_NAMES[b],
                        pb.name()
                    ),
                ));
            }
        }
        p.add_board_squares(p.placements[b]);
    }

    // Pieces.
    if fields[0] != "-" {
        for item in fields[0].split(',') {
            let mut chars = item.chars();
            let letter = chars.next().ok_or_else(|| err(s, "empty piece entry"))?;
            let piece = Piece::from_char(letter)
                .ok_or_else(|| err(s, format!("piece {item:?}: unknown letter {letter:?}")))?;
            let rest = chars.as_str();
            let (sq_text, star) = match rest.strip_suffix('*') {
                Some(t) => (t, true),
                None => (rest, false),
            };
            let (x, y, z) = parse_square(sq_text).ok_or_else(|| {
                err(
                    s,
                    format!("piece {item:?}: {sq_text:?} is not a square like c3(4)"),
                )
            })?;
            let sq = square(x, y, z);
            if !p.exists(sq) {
                return Err(err(
                    s,
                    format!("piece {item:?}: square {sq_text} does not exist now"),
                ));
            }
            if p.at(sq) != 0 {
                return Err(err(s, format!("two pieces on {sq_text}")));
            }
            if star && piece.kind != PieceKind::Pawn {
                return Err(err(
                    s,
                    format!("piece {item:?}: only pawns carry the moved mark *"),
                ));
            }
            let mut c = code::of(piece);
            if star {
                c |= code::MOVED;
            }
            p.put(sq, c);
        }
    }
    for color in Color::ALL {
        let kings = p
            .pieces_of(color.index())
            .filter(|&q| code::kind(p.at(q)) == code::KING)
            .count();
        if kings != 1 {
            return Err(err(
                s,
                format!("{color} has {kings} kings; exactly one is needed"),
            ));
        }
    }

    p.turn = reader.side(2)?;

    // Pawns on their promotion rank would have promoted.
    let squares: Vec<Sq> = p.pieces_of(0).chain(p.pieces_of(1)).collect();
    for q in squares {
        let c = p.at(q);
        if code::kind(c) == code::PAWN && p.promotes_at(code::color(c), sq_x(q), sq_y(q)) {
            return Err(err(
                s,
                format!("pawn on {} stands on its promotion rank", square_name(q)),
            ));
        }
    }

    // Castling.
    let mut rights = 0;
    if fields[3] != "-" {
        for ch in fields[3].chars() {
            let (bit, king, rook) = match ch {
                'K' => (CASTLE_WK, square(4, 0, 3), square(5, 0, 3)),
                'Q' => (CASTLE_WQ, square(4, 0, 3), square(0, 0, 3)),
                'k' => (CASTLE_BK, square(4, 9, 7), square(5, 9, 7)),
                'q' => (CASTLE_BQ, square(4, 9, 7), square(0, 9, 7)),
                _ => {
                    return Err(err(
                        s,
                        format!("castling {:?}: unknown letter {ch:?}", fields[3]),
                    ))
                }
            };
            if rights & bit != 0 || rights >= bit << 1 {
                return Err(err(
                    s,
                    format!(
                        "castling {:?}: write a subset of KQkq in that order",
                        fields[3]
                    ),
                ));
            }
            let white = ch.is_ascii_uppercase();
            let want_king = code::KING | if white { 0 } else { code::BLACK };
            let want_rook = code::ROOK | if white { 0 } else { code::BLACK };
            if p.at(king) != want_king || p.at(rook) != want_rook {
                return Err(err(
                    s,
                    format!(
                        "castling right {ch} needs the king on {} and the rook on {}",
                        square_name(king),
                        square_name(rook)
                    ),
                ));
            }
            rights |= bit;
        }
    }
    p.castling = rights;

    // En passant.
    if fields[4] != "-" {
        let (a, b) = fields[4].split_once('/').ok_or_else(|| {
            err(
                s,
                format!("en passant {:?}: expected <passed>/<pawn>", fields[4]),
            )
        })?;
        let read = |t: &str| {
            parse_square(t)
                .map(|(x, y, z)| square(x, y, z))
                .ok_or_else(|| {
                    err(
                        s,
                        format!("en passant {:?}: {t:?} is not a square", fields[4]),
                    )
                })
        };
        let (passed, pawn) = (read(a)?, read(b)?);
        let mover = 1 - p.us();
        let want_pawn = code::PAWN | code::MOVED | if mover == 1 { code::BLACK } else { 0 };
        let fwd: i8 = if mover == 0 { 1 } else { -1 };
        let between = (sq_y(pawn) - sq_y(passed) == fwd && sq_x(pawn) == sq_x(passed))
            || (sq_y(pawn) == sq_y(passed)
                && (sq_x(pawn) - sq_x(passed)).abs() == 1
                && rules == RuleSet::Federation);
        if p.at(pawn) != want_pawn || !between {
            return Err(err(
                s,
                format!(
                    "en passant {:?}: no moved pawn of the side that just moved on {b} next to {a}",
                    fields[4]
                ),
            ));
        }
        if !p.exists(passed) || p.at(passed) != 0 {
            return Err(err(
                s,
                format!("en passant {:?}: {a} is not an empty square", fields[4]),
            ));
        }
        if rules != RuleSet::Federation {
            let col = sq_col(passed);
            let lowest = (p.exist[col] & !p.occ[col]).trailing_zeros() as i8;
            if lowest != sq_z(passed) {
                return Err(err(
                    s,
                    format!(
                        "en passant {:?}: write the lowest empty square of the passed column",
                        fields[4]
                    ),
                ));
            }
        }
        p.ep_passed = passed;
        p.ep_pawn = pawn;
    }

    (p.halfmove, p.fullmove) = reader.counters(5)?;

    if p.king_attacked(1 - p.us()) {
        return Err(err(
            s,
            format!("the side not to move ({}) is in check", p.turn.opposite()),
        ));
    }
    p.hash = p.hash_from_scratch();
    Ok(p)
}
