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

/// The fields of a Tri-D position string, in order.
const LAYOUT: [&str; 7] = [
    "pieces",
    "boards",
    "side",
    "castling",
    "en passant",
    "halfmove",
    "fullmove",
];

/// Reads a position string under a rule set, rejecting anything malformed or impossible.
/// Each field has its reader; the boards come first, since they decide which squares
/// exist.
pub fn parse(rules: RuleSet, rook_pawns: bool, s: &str) -> Result<TridPosition, PositionError> {
    let fields = Fields::split(s, &LAYOUT, 0)?;
    let err = |reason: String| fields.error(reason);
    let mut p = TridPosition::empty(rules, rook_pawns);
    read_boards(&mut p, fields.field(1)).map_err(err)?;
    read_pieces(&mut p, fields.field(0)).map_err(err)?;
    check_kings(&p).map_err(err)?;
    p.turn = fields.side(2)?;
    check_promotion_ranks(&p).map_err(err)?;
    p.castling = read_castling(&p, fields.field(3)).map_err(err)?;
    read_en_passant(&mut p, fields.field(4)).map_err(err)?;
    (p.halfmove, p.fullmove) = fields.counters(5)?;
    if p.king_attacked(1 - p.us()) {
        return Err(err(format!(
            "the side not to move ({}) is in check",
            p.turn.opposite()
        )));
    }
    p.hash = p.hash_from_scratch();
    Ok(p)
}

/// The boards field: all four boards, each `<name>@<position>:<owner>` once, on posts
/// that do not clash.
fn read_boards(p: &mut TridPosition, field: &str) -> Result<(), String> {
    let entries: Vec<&str> = field.split(',').collect();
    if entries.len() != 4 {
        return Err(format!(
            "boards field {field:?}: expected all four boards WQL, WKL, BQL, BKL"
        ));
    }
    for b in 0..4 {
        p.remove_board_squares(p.placements[b]);
    }
    let mut seen = [false; 4];
    for entry in entries {
        let (b, placement, owner) = read_board(p.rules, entry)?;
        if seen[b] {
            return Err(format!("board {} is listed twice", BOARD_NAMES[b]));
        }
        seen[b] = true;
        if owner != original_owner(b) {
            p.owner_changed |= 1 << b;
        }
        p.placements[b] = placement;
    }
    let placements = p.placements;
    for (b, pb) in placements.iter().enumerate() {
        for (o, po) in placements[..b].iter().enumerate() {
            let clash =
                pb.post == po.post && (pb.level == po.level || p.rules != RuleSet::Federation);
            if clash {
                return Err(format!(
                    "boards {} and {} overlap on {}",
                    BOARD_NAMES[o],
                    BOARD_NAMES[b],
                    pb.name()
                ));
            }
        }
    }
    for placement in placements {
        p.add_board_squares(placement);
    }
    Ok(())
}

/// One board entry: the board's index, its placement and its owner (0 White, 1 Black).
fn read_board(rules: RuleSet, entry: &str) -> Result<(usize, Placement, u8), String> {
    let (name, rest) = entry
        .split_once('@')
        .ok_or_else(|| format!("board {entry:?}: expected <name>@<position>:<owner>"))?;
    let b = BOARD_NAMES
        .iter()
        .position(|n| *n == name)
        .ok_or_else(|| format!("board {entry:?}: unknown board name {name:?}"))?;
    let (position, owner) = rest
        .split_once(':')
        .ok_or_else(|| format!("board {entry:?}: missing :<owner>"))?;
    let placement = Placement::parse(position).ok_or_else(|| {
        format!("board {entry:?}: {position:?} is not a post's corner with a level one above or below its main board")
    })?;
    if rules != RuleSet::Federation && !placement.standing() {
        return Err(format!(
            "board {entry:?}: boards only stand in {rules} rules"
        ));
    }
    let owner = match owner {
        "w" => 0,
        "b" => 1,
        _ => return Err(format!("board {entry:?}: owner must be w or b")),
    };
    if rules != RuleSet::Federation && owner != original_owner(b) {
        return Err(format!(
            "board {entry:?}: in {rules} rules the owner field is the original owner"
        ));
    }
    Ok((b, placement, owner))
}

/// The pieces field: `-`, or entries `<letter><square>[*]` separated by commas, each on
/// an existing empty square; only pawns carry the moved mark, and a pawn away from the
/// start squares of its side's pawns is read as moved without it.
fn read_pieces(p: &mut TridPosition, field: &str) -> Result<(), String> {
    if field == "-" {
        return Ok(());
    }
    for item in field.split(',') {
        let mut chars = item.chars();
        let letter = chars.next().ok_or("empty piece entry")?;
        let piece = Piece::from_char(letter)
            .ok_or_else(|| format!("piece {item:?}: unknown letter {letter:?}"))?;
        let rest = chars.as_str();
        let (sq_text, star) = match rest.strip_suffix('*') {
            Some(t) => (t, true),
            None => (rest, false),
        };
        let (x, y, z) = parse_square(sq_text)
            .ok_or_else(|| format!("piece {item:?}: {sq_text:?} is not a square like c3(4)"))?;
        let sq = square(x, y, z);
        if !p.exists(sq) {
            return Err(format!(
                "piece {item:?}: square {sq_text} does not exist now"
            ));
        }
        if p.at(sq) != 0 {
            return Err(format!("two pieces on {sq_text}"));
        }
        if star && piece.kind != PieceKind::Pawn {
            return Err(format!("piece {item:?}: only pawns carry the moved mark *"));
        }
        let mut c = code::of(piece);
        if star || (piece.kind == PieceKind::Pawn && !is_pawn_start(piece.color, x, y, z)) {
            c |= code::MOVED;
        }
        p.put(sq, c);
    }
    Ok(())
}

/// Whether a pawn of `color` stands on (x, y, z) in the start position: rank 1 (8) on
/// the attack boards' start posts at level 3 (7), files a, b, e, f; rank 2 (7) on the
/// side's main board, files b to e.
fn is_pawn_start(color: Color, x: i8, y: i8, z: i8) -> bool {
    let (board_rank, board_level, main_rank, main_level) = match color {
        Color::White => (1, 3, 2, 2),
        Color::Black => (8, 7, 7, 6),
    };
    (y == board_rank && z == board_level && matches!(x, 0 | 1 | 4 | 5))
        || (y == main_rank && z == main_level && (1..=4).contains(&x))
}

fn check_kings(p: &TridPosition) -> Result<(), String> {
    for color in Color::ALL {
        let kings = p
            .pieces_of(color.index())
            .filter(|&q| code::kind(p.at(q)) == code::KING)
            .count();
        if kings != 1 {
            return Err(format!("{color} has {kings} kings; exactly one is needed"));
        }
    }
    Ok(())
}

/// Pawns on their promotion rank would have promoted.
fn check_promotion_ranks(p: &TridPosition) -> Result<(), String> {
    for q in p.pieces_of(0).chain(p.pieces_of(1)) {
        let c = p.at(q);
        if code::kind(c) == code::PAWN && p.promotes_at(code::color(c), sq_x(q), sq_y(q)) {
            return Err(format!(
                "pawn on {} stands on its promotion rank",
                square_name(q)
            ));
        }
    }
    Ok(())
}

/// The castling field: `-` or a subset of `KQkq` in that order, each right with its king
/// and rook on their squares.
fn read_castling(p: &TridPosition, field: &str) -> Result<u8, String> {
    let mut rights = 0;
    if field == "-" {
        return Ok(rights);
    }
    for ch in field.chars() {
        let (bit, king, rook) = match ch {
            'K' => (CASTLE_WK, square(4, 0, 3), square(5, 0, 3)),
            'Q' => (CASTLE_WQ, square(4, 0, 3), square(0, 0, 3)),
            'k' => (CASTLE_BK, square(4, 9, 7), square(5, 9, 7)),
            'q' => (CASTLE_BQ, square(4, 9, 7), square(0, 9, 7)),
            _ => return Err(format!("castling {field:?}: unknown letter {ch:?}")),
        };
        if rights & bit != 0 || rights >= bit << 1 {
            return Err(format!(
                "castling {field:?}: write a subset of KQkq in that order"
            ));
        }
        let black = if ch.is_ascii_uppercase() {
            0
        } else {
            code::BLACK
        };
        if p.at(king) != code::KING | black || p.at(rook) != code::ROOK | black {
            return Err(format!(
                "castling right {ch} needs the king on {} and the rook on {}",
                square_name(king),
                square_name(rook)
            ));
        }
        rights |= bit;
    }
    Ok(rights)
}

/// The en passant field: `-` or `<passed>/<pawn>`, the pawn of the side that just moved
/// beside or beyond the empty passed square.
fn read_en_passant(p: &mut TridPosition, field: &str) -> Result<(), String> {
    if field == "-" {
        return Ok(());
    }
    let (a, b) = field
        .split_once('/')
        .ok_or_else(|| format!("en passant {field:?}: expected <passed>/<pawn>"))?;
    let read = |t: &str| {
        parse_square(t)
            .map(|(x, y, z)| square(x, y, z))
            .ok_or_else(|| format!("en passant {field:?}: {t:?} is not a square"))
    };
    let (passed, pawn) = (read(a)?, read(b)?);
    let mover = 1 - p.us();
    let want_pawn = code::PAWN | code::MOVED | if mover == 1 { code::BLACK } else { 0 };
    let fwd: i8 = if mover == 0 { 1 } else { -1 };
    let between = (sq_y(pawn) - sq_y(passed) == fwd && sq_x(pawn) == sq_x(passed))
        || (sq_y(pawn) == sq_y(passed)
            && (sq_x(pawn) - sq_x(passed)).abs() == 1
            && p.rules == RuleSet::Federation);
    if p.at(pawn) != want_pawn || !between {
        return Err(format!(
            "en passant {field:?}: no moved pawn of the side that just moved on {b} next to {a}"
        ));
    }
    if !p.exists(passed) || p.at(passed) != 0 {
        return Err(format!("en passant {field:?}: {a} is not an empty square"));
    }
    if p.rules != RuleSet::Federation {
        let col = sq_col(passed);
        let lowest = (p.exist[col] & !p.occ[col]).trailing_zeros() as i8;
        if lowest != sq_z(passed) {
            return Err(format!(
                "en passant {field:?}: write the lowest empty square of the passed column"
            ));
        }
    }
    p.ep_passed = passed;
    p.ep_pawn = pawn;
    Ok(())
}
