//! Stacked Boards position strings (records.md):
//! `<B>|<M>|<T> <side> <halfmove> <fullmove>`, each board its ranks 8 down to 1 separated
//! by `/`, a `*` after a piece letter marking a piece that has moved.
//!
//! **[decision]** A piece written without `*` is unmoved when it stands on a start square
//! of its kind on its side's home board (B for White, T for Black), and read as moved
//! anywhere else, since it could only have got there by moving. A `*` marks a piece that
//! has moved, start squares included (a piece may return to its start square); the
//! canonical string writes `*` on every moved piece.

use super::board::{home_board, start_kind, StackedPosition};
use super::geometry::{bit, local_of, rank_of, square, square_name};
use crate::error::PositionError;
use crate::piece::{Color, Piece, PieceKind};
use crate::position_string::Fields;

const BOARD_NAMES: [&str; 3] = ["B (bottom)", "M (middle)", "T (top)"];

/// The canonical position string.
pub(super) fn format(pos: &StackedPosition) -> String {
    let mut out = String::with_capacity(100);
    for z in 0..3 {
        if z > 0 {
            out.push('|');
        }
        for rank in (0..8).rev() {
            let mut run = 0;
            for file in 0..8 {
                let sq = square(z, rank * 8 + file);
                match pos.mailbox[sq] {
                    None => run += 1,
                    Some(p) => {
                        if run > 0 {
                            out.push(char::from(b'0' + run));
                            run = 0;
                        }
                        out.push(p.char());
                        if !pos.is_unmoved(sq) {
                            out.push('*');
                        }
                    }
                }
            }
            if run > 0 {
                out.push(char::from(b'0' + run));
            }
            if rank > 0 {
                out.push('/');
            }
        }
    }
    out.push(' ');
    out.push(pos.turn.letter());
    out.push_str(&format!(" {} {}", pos.halfmove, pos.fullmove));
    out
}

/// Reads and checks a position string.
pub(super) fn parse(input: &str) -> Result<StackedPosition, PositionError> {
    let fields = Fields::split(input, &["<B>|<M>|<T>", "side", "halfmove", "fullmove"], 0)?;
    let err = |reason: String| fields.error(reason);
    let boards: Vec<&str> = fields.field(0).split('|').collect();
    if boards.len() != 3 {
        return Err(err(format!(
            "expected 3 boards B|M|T separated by '|', found {}",
            boards.len()
        )));
    }
    let mut pos = StackedPosition::empty();
    for (z, text) in boards.iter().enumerate() {
        read_board(&mut pos, z, text).map_err(err)?;
    }
    pos.turn = fields.side(1)?;
    (pos.halfmove, pos.fullmove) = fields.counters(2)?;
    check_kings(&pos).map_err(err)?;
    check_pawns(&pos).map_err(err)?;
    let waiting = pos.turn.opposite();
    if pos.king_attacked(waiting) {
        return Err(err(format!(
            "{} to move could capture the {} king on {}",
            pos.turn,
            waiting.to_string().to_lowercase(),
            square_name(pos.kings[waiting.index()] as usize)
        )));
    }
    pos.hash = pos.compute_hash();
    Ok(pos)
}

/// Reads one board's ranks, placing pieces and unmoved flags.
fn read_board(pos: &mut StackedPosition, z: usize, text: &str) -> Result<(), String> {
    let board = BOARD_NAMES[z];
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 8 {
        return Err(format!(
            "board {board}: expected 8 ranks separated by '/', found {}",
            ranks.len()
        ));
    }
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = 7 - i;
        let here = || format!("board {board}, rank {}", rank + 1);
        let mut file = 0usize;
        let mut chars = rank_text.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '1'..='8' => file += c as usize - '0' as usize,
                '*' => {
                    return Err(format!(
                        "{}: '*' must directly follow a piece letter",
                        here()
                    ))
                }
                _ => {
                    let piece = Piece::from_char(c).ok_or_else(|| {
                        format!(
                            "{}: unknown character {c:?} (expected K Q R B N P, k q r b n p, digits 1-8 or *)",
                            here()
                        )
                    })?;
                    if file >= 8 {
                        return Err(format!("{}: more than 8 files", here()));
                    }
                    let moved = chars.next_if_eq(&'*').is_some();
                    let local = rank * 8 + file;
                    pos.put(piece, square(z, local));
                    if !moved
                        && z == home_board(piece.color)
                        && start_kind(piece.color, local) == Some(piece.kind)
                    {
                        pos.unmoved[z] |= bit(local);
                    }
                    file += 1;
                }
            }
            if file > 8 {
                return Err(format!("{}: more than 8 files", here()));
            }
        }
        if file != 8 {
            return Err(format!("{}: {file} files (expected 8)", here()));
        }
    }
    Ok(())
}

fn check_kings(pos: &StackedPosition) -> Result<(), String> {
    for color in Color::ALL {
        let kings: Vec<String> = (0..3)
            .flat_map(|z| {
                super::geometry::Bits(pos.pieces[z][color.index()][PieceKind::King.index()])
                    .map(move |s| square_name(square(z, s)))
            })
            .collect();
        match kings.len() {
            1 => {}
            0 => return Err(format!("{color} has no king")),
            _ => {
                return Err(format!(
                    "{color} has {} kings ({}); each side has exactly one",
                    kings.len(),
                    kings.join(", ")
                ))
            }
        }
    }
    Ok(())
}

fn check_pawns(pos: &StackedPosition) -> Result<(), String> {
    for (sq, p) in pos.mailbox.iter().enumerate() {
        if let Some(p) = p {
            let rank = rank_of(local_of(sq));
            if p.kind == PieceKind::Pawn && (rank == 0 || rank == 7) {
                return Err(format!(
                    "{} pawn on {}: pawns never stand on rank 1 or 8 (they promote on the far rank)",
                    p.color.to_string().to_lowercase(),
                    square_name(sq)
                ));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str =
        "8/8/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8|rnbqkbnr/pppppppp/8/8/8/8/8/8 w 0 1";

    #[test]
    fn start_round_trips() {
        let pos = parse(START).unwrap();
        assert_eq!(pos, StackedPosition::start_position());
        assert_eq!(format(&pos), START);
    }

    fn reason(s: &str) -> String {
        parse(s).unwrap_err().reason
    }

    #[test]
    fn errors_say_what_and_where() {
        assert!(reason("8/8 w 0").contains("4 fields"));
        assert!(reason("8/8|8/8 w 0 1 x").contains("4 fields"));
        assert!(reason("8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8 w 0 1").contains("3 boards"));
        assert!(
            reason("8/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/8 w 0 1")
                .contains("board M (middle): expected 8 ranks")
        );
        let r = reason("8/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/7|4k3/8/8/8/8/8/8/8 w 0 1");
        assert!(r.contains("board M (middle), rank 1: 7 files"), "{r}");
        let r = reason("8/8/8/8/8/8/8/4K3|8/8/8/3x4/8/8/8/8|4k3/8/8/8/8/8/8/8 w 0 1");
        assert!(r.contains("rank 5: unknown character 'x'"), "{r}");
        let r = reason("8/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/8 x 0 1");
        assert!(r.contains("side to move"), "{r}");
        let r = reason("8/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/8 w -1 1");
        assert!(r.contains("halfmove clock"), "{r}");
        let r = reason("8/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/8 w 0 0");
        assert!(r.contains("fullmove number"), "{r}");
        let r = reason("8/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8 w 0 1");
        assert!(r.contains("Black has no king"), "{r}");
        let r = reason("8/8/8/8/8/8/8/4K3|8/8/8/8/4K*3/8/8/8|4k3/8/8/8/8/8/8/8 w 0 1");
        assert!(r.contains("White has 2 kings (Be1, Me4)"), "{r}");
        let r = reason("8/8/8/8/8/8/8/4K3|P*7/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/8 w 0 1");
        assert!(r.contains("white pawn on Ma8"), "{r}");
        let r = reason("8/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/4R*3 w 0 1");
        assert!(
            r.contains("White to move could capture the black king on Te8"),
            "{r}"
        );
        let r = reason("8/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8|4k3/*7/8/8/8/8/8/8 w 0 1");
        assert!(r.contains("'*' must directly follow"), "{r}");
        let r = reason("8/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/8R* w 0 1");
        assert!(r.contains("more than 8 files"), "{r}");
    }

    #[test]
    fn a_piece_off_its_start_square_reads_as_moved() {
        // A knight on M, a white rook on Black's home board, a pawn on its third rank.
        let bare = "8/8/8/8/8/4P3/8/R3K3|8/8/8/8/4N3/8/8/8|R3k3/8/8/8/8/8/8/8 b 0 1";
        let marked = "8/8/8/8/8/4P*3/8/R3K3|8/8/8/8/4N*3/8/8/8|R*3k3/8/8/8/8/8/8/8 b 0 1";
        let pos = parse(bare).unwrap();
        assert_eq!(pos, parse(marked).unwrap());
        assert_eq!(format(&pos), marked);
        assert!(pos.is_unmoved(0) && pos.is_unmoved(4));
        assert!(!pos.is_unmoved(20));
    }

    #[test]
    fn a_moved_piece_may_return_to_its_start_square() {
        let s = "8/8/8/8/8/8/8/R*3K2R|8/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/8 b 3 20";
        let pos = parse(s).unwrap();
        assert_eq!(format(&pos), s);
        assert!(!pos.is_unmoved(0));
        assert!(pos.is_unmoved(7));
    }
}
