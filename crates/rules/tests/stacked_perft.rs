//! Stacked Boards move generation: perft from the start and from hand-made positions,
//! each cross-checked node by node against the simple reference generator in
//! `stacked_reference` (which shares no code with `rules::stacked`).

mod stacked_reference;

use proptest::prelude::*;
use rules::perft::perft;
use rules::stacked::{StackedPosition, START};
use rules::{Position, Setup, Variant};
use stacked_reference::{Man, RefPosition};
use std::collections::BTreeSet;

fn setup() -> Setup {
    Setup::standard(Variant::Stacked)
}

fn parse(s: &str) -> StackedPosition {
    StackedPosition::from_position_string(&setup(), s).unwrap_or_else(|e| panic!("{e}"))
}

/// Builds a position string from `"Be1:K Te8:k Mf3:N*"` (square, letter, `*` if moved).
fn build(pieces: &str, side: char) -> String {
    let mut grid = vec![vec![vec![None::<String>; 8]; 8]; 3];
    for item in pieces.split_whitespace() {
        let (sq, piece) = item.split_once(':').expect("square:piece");
        let b: Vec<char> = sq.chars().collect();
        let z = "BMT".find(b[0]).expect("board letter");
        let x = (b[1] as u8 - b'a') as usize;
        let y = (b[2] as u8 - b'1') as usize;
        assert!(grid[z][y][x].is_none(), "{sq} given twice");
        grid[z][y][x] = Some(piece.to_string());
    }
    let boards: Vec<String> = grid
        .iter()
        .map(|board| {
            (0..8)
                .rev()
                .map(|y| {
                    let mut r = String::new();
                    let mut gap = 0;
                    for cell in &board[y] {
                        match cell {
                            None => gap += 1,
                            Some(p) => {
                                if gap > 0 {
                                    r += &gap.to_string();
                                    gap = 0;
                                }
                                r += p;
                            }
                        }
                    }
                    if gap > 0 {
                        r += &gap.to_string();
                    }
                    r
                })
                .collect::<Vec<_>>()
                .join("/")
        })
        .collect();
    format!("{} {side} 0 1", boards.join("|"))
}

fn tokens(pos: &StackedPosition) -> BTreeSet<String> {
    pos.legal_moves()
        .into_iter()
        .map(|m| pos.move_token(m))
        .collect()
}

/// Perft to `depth`, comparing the legal move sets (and the positions reached) of both
/// generators at every node, so a difference is reported where it first appears.
fn cross_check(pos: &mut StackedPosition, reference: &RefPosition, depth: u32) -> u64 {
    let ours = tokens(pos);
    let theirs: BTreeSet<String> = reference.legal_moves().iter().map(|m| m.token()).collect();
    if ours != theirs {
        panic!(
            "move sets differ in {}\n  only rules: {:?}\n  only reference: {:?}",
            pos.position_string(),
            ours.difference(&theirs).collect::<Vec<_>>(),
            theirs.difference(&ours).collect::<Vec<_>>()
        );
    }
    assert_eq!(
        pos.count_legal(),
        ours.len() as u64,
        "count_legal in {}",
        pos.position_string()
    );
    if depth <= 1 {
        return if depth == 0 { 1 } else { ours.len() as u64 };
    }
    let ref_moves = reference.legal_moves();
    let mut total = 0;
    for m in pos.legal_moves() {
        let token = pos.move_token(m);
        let rm = ref_moves.iter().find(|r| r.token() == token).unwrap();
        let next_ref = reference.play(rm);
        let undo = pos.play(m);
        assert_eq!(
            pos.position_string(),
            next_ref.format(),
            "after {token} the positions differ"
        );
        total += cross_check(pos, &next_ref, depth - 1);
        pos.undo(m, undo);
    }
    total
}

/// A hand-made position: what it exercises, the pieces, the side to move, tokens that
/// must and must not be legal at the root, and the perft count at `depth` (found by the
/// cross-check; kept to catch later regressions).
struct Case {
    rule: &'static str,
    pieces: &'static str,
    side: char,
    legal: &'static [&'static str],
    illegal: &'static [&'static str],
    depth: u32,
    nodes: u64,
}

const CASES: &[Case] = &[
    Case {
        rule: "pawns: (0,f,±1), first-move (0,2f,±1) and (0,2f,±2), each blocked version; moved pawn same-board push and capture; promotion by same-board push, capture and inter-board step",
        pieces: "Be1:K Ba2:P Bb2:P Bb3:n* Bc2:P Mc3:n* Bd2:P Md4:n* Bf2:P Tf4:n* Mg5:P* Mh6:b* Te7:P* Td8:r* Th5:k* Th7:p",
        side: 'w',
        legal: &["Ba2Ma3", "Ba2Ma4", "Ba2Ta4", "Bb2Mb3", "Bb2Tb4", "Bd2Md3", "Bd2Td4", "Bf2Mf4", "Mg5Mg6", "Mg5Mh6", "Mg5Bg6", "Mg5Tg6", "Te7Te8q", "Te7Me8n", "Te7Td8r"],
        illegal: &["Bb2Mb4", "Bc2Mc3", "Bc2Mc4", "Bc2Tc4", "Bd2Md4", "Bf2Tf4", "Ba2Ba3", "Ba2Ba4", "Ba2Tb3", "Ba2Ta3"],
        depth: 3,
        nodes: 90_540,
    },
    Case {
        rule: "black pawns move down the ranks and promote on rank 1 of any board",
        pieces: "Te8:k Ta7:p Tb7:p Tb6:N* Mc2:p* Md1:R* Bh3:K*",
        side: 'b',
        legal: &["Ta7Ma6", "Ta7Ma5", "Ta7Ba5", "Tb7Mb6", "Tb7Bb5", "Mc2Mc1q", "Mc2Bc1r", "Mc2Tc1b", "Mc2Md1n"],
        illegal: &["Tb7Mb5", "Ta7Ta6", "Mc2Bc2"],
        depth: 3,
        nodes: 23_619,
    },
    Case {
        rule: "knights: L-jumps to both other boards only onto empty cells; a moved knight captures on its board",
        pieces: "Be1:K Bb1:N Ma3:p* Td2:p* Md5:N* Me7:r* Th8:k*",
        side: 'w',
        legal: &["Bb1Mc3", "Bb1Md2", "Bb1Ta3", "Bb1Tc3", "Md5Me7", "Md5Bc7", "Md5Tf4"],
        illegal: &["Bb1Ma3", "Bb1Td2", "Bb1Ba3", "Bb1Bd2", "Md5Me5", "Md5Td5"],
        depth: 3,
        nodes: 29_767,
    },
    Case {
        rule: "bishops: one diagonal step per board changed, k = 1 or 2, the midpoint on M empty; a moved bishop slides and captures on its board",
        pieces: "Be1:K Bc1:B Mb2:p* Bf1:B Th3:n* Md4:B* Mg7:q* Ta8:k*",
        side: 'w',
        legal: &["Bc1Md2", "Bc1Te3", "Bf1Me2", "Bf1Mg2", "Bf1Td3", "Md4Mg7", "Md4Bc3", "Md4Te5"],
        illegal: &["Bc1Mb2", "Bc1Ta3", "Bf1Th3", "Bf1Bg2", "Md4Bd4", "Md4Tb6"],
        depth: 3,
        nodes: 51_884,
    },
    Case {
        rule: "rooks and queens: straight up or down one or two boards (midpoint empty), queens also diagonally; landing cells must be empty",
        pieces: "Be1:K Ba1:R Bh1:R Mh1:n* Bd1:Q Tf3:p* Md5:Q* Tg8:k*",
        side: 'w',
        legal: &["Ba1Ma1", "Ba1Ta1", "Bd1Md1", "Bd1Td1", "Bd1Mc2", "Bd1Me2", "Bd1Tb3", "Md5Bd5", "Md5Td5", "Md5Be6", "Md5Tc4", "Md5Mh1"],
        illegal: &["Bh1Mh1", "Bh1Th1", "Bd1Tf3", "Bd1Bd2", "Md5Tf7", "Ba1Ba2"],
        depth: 3,
        nodes: 32_995,
    },
    Case {
        rule: "an unmoved king: straight or diagonal step to the next board, never onto attacked or occupied cells; no same-board steps",
        pieces: "Be1:K Me2:p* Mf8:r* Th8:k*",
        side: 'w',
        legal: &["Be1Me1", "Be1Md2"],
        illegal: &["Be1Me2", "Be1Mf1", "Be1Mf2", "Be1Md1", "Be1Bf1", "Be1Be2"],
        depth: 3,
        nodes: 391,
    },
    Case {
        rule: "a moved king: same-board steps and straight board changes only, not into attack on the landing board",
        pieces: "Me4:K* Te8:r* Bh8:k* Ba5:q*",
        side: 'w',
        legal: &["Me4Be4", "Me4Md5", "Me4Mf3"],
        illegal: &["Me4Te4", "Me4Bd4", "Me4Td5"],
        depth: 3,
        nodes: 3_739,
    },
    Case {
        rule: "first-move rule: unmoved pieces out of check have no same-board moves",
        pieces: "Be1:K Ba1:R Bb1:N Bc1:B Bd2:P Te8:k",
        side: 'w',
        legal: &["Bb1Mc3", "Bc1Mb2", "Ba1Ma1", "Bd2Md3"],
        illegal: &["Bb1Bc3", "Bb1Ba3", "Bc1Bb2", "Ba1Ba2", "Bd2Bd3", "Bd2Bd4", "Be1Bf2"],
        depth: 3,
        nodes: 3_540,
    },
    Case {
        rule: "in-check exception: unmoved non-king pieces may block on their board; a moved knight captures the checker; other boards cannot help",
        pieces: "Be1:K Bd1:Q Bf1:B Bg1:N Bd2:P Bf2:P Be4:r* Bc5:N* Th8:k*",
        side: 'w',
        legal: &["Bd1Be2", "Bf1Be2", "Bg1Be2", "Bc5Be4", "Be1Me1", "Be1Mf1"],
        illegal: &["Bd1Md1", "Bd2Bd3", "Bg1Bf3", "Bg1Mf3", "Be1Bf1", "Bc5Bd3"],
        depth: 3,
        nodes: 9_431,
    },
    Case {
        rule: "in-check exception for pawns: the two-square same-board step blocks a check",
        pieces: "Bd4:K* Bb2:P Bc2:P Ba4:r* Tg8:k*",
        side: 'w',
        legal: &["Bb2Bb4", "Bc2Bc4", "Bd4Md4", "Bd4Be5"],
        illegal: &["Bb2Bb3", "Bc2Bc3", "Bb2Mb3", "Bd4Bc4"],
        depth: 3,
        nodes: 2_291,
    },
    Case {
        rule: "an unmoved king in check may capture on its board but not step aside there; it may change boards",
        pieces: "Be1:K Bd2:q* Th8:k* Ta1:r*",
        side: 'w',
        legal: &["Be1Bd2", "Be1Me1", "Be1Mf1"],
        illegal: &["Be1Bf1", "Be1Bf2", "Be1Bd1"],
        depth: 3,
        nodes: 2_317,
    },
    Case {
        rule: "an unmoved king in check cannot capture a protected checker",
        pieces: "Be1:K Bd2:q* Bc3:b* Th8:k*",
        side: 'w',
        legal: &["Be1Me1"],
        illegal: &["Be1Bd2", "Be1Bf1"],
        depth: 3,
        nodes: 2_105,
    },
    Case {
        rule: "attacks only on the same board: a rook above is no check; kings may stand on neighbouring cells of different boards but never step next to a king on its board",
        pieces: "Be1:K Me8:r* Md3:k*",
        side: 'w',
        legal: &["Be1Mf1", "Be1Md1", "Be1Mf2"],
        illegal: &["Be1Me1", "Be1Md2", "Be1Me2"],
        depth: 3,
        nodes: 391,
    },
    Case {
        rule: "pins: a pinned piece may move along the pin line but never change boards",
        pieces: "Me1:K* Me3:R* Me8:r* Md2:B* Mb4:b* Mg1:N* Tg8:k*",
        side: 'w',
        legal: &["Me3Me8", "Me3Me5", "Md2Mb4", "Md2Mc3", "Mg1Bf3", "Mg1Mf3"],
        illegal: &["Me3Be3", "Me3Te3", "Me3Md3", "Md2Bc3", "Md2Me3", "Md2Tc1"],
        depth: 3,
        nodes: 27_613,
    },
    Case {
        rule: "castling: all four kinds (O-O, O-O-O, O-O→M, O-O-O→M) for both sides",
        pieces: "Be1:K Ba1:R Bh1:R Te8:k Ta8:r Th8:r",
        side: 'w',
        legal: &["Be1Bg1", "Be1Bc1", "Be1Mg1", "Be1Mc1"],
        illegal: &[],
        depth: 3,
        nodes: 3_510,
    },
    Case {
        rule: "castling: a piece between king and rook stops both kinds on that side; an occupied landing square on M stops castling to M",
        pieces: "Be1:K Ba1:R Bh1:R Bb1:N Mf1:n* Te8:k",
        side: 'w',
        legal: &["Be1Bg1"],
        illegal: &["Be1Mg1", "Be1Bc1", "Be1Mc1"],
        depth: 3,
        nodes: 6_920,
    },
    Case {
        rule: "castling: never out of check",
        pieces: "Be1:K Ba1:R Bh1:R Be5:r* Te8:k",
        side: 'w',
        legal: &["Be1Me1"],
        illegal: &["Be1Bg1", "Be1Bc1", "Be1Mg1", "Be1Mc1"],
        depth: 3,
        nodes: 1_593,
    },
    Case {
        rule: "castling: an attacked crossing square on the home board stops both kinds; an attacked rook landing square on M does not",
        pieces: "Be1:K Ba1:R Bh1:R Bf5:r* Md8:r* Te8:k",
        side: 'w',
        legal: &["Be1Bc1", "Be1Mc1"],
        illegal: &["Be1Bg1", "Be1Mg1"],
        depth: 3,
        nodes: 6_211,
    },
    Case {
        rule: "castling: an attacked king landing square stops that castling only (home board g1 versus M c1)",
        pieces: "Be1:K Ba1:R Bh1:R Bg5:r* Mc5:r* Te8:k",
        side: 'w',
        legal: &["Be1Mg1", "Be1Bc1"],
        illegal: &["Be1Bg1", "Be1Mc1"],
        depth: 3,
        nodes: 7_539,
    },
    Case {
        rule: "castling: a moved rook has no castling; the king's landing square on M must be empty",
        pieces: "Be1:K Ba1:R* Bh1:R Mg1:n* Te8:k",
        side: 'w',
        legal: &["Be1Bg1"],
        illegal: &["Be1Mg1", "Be1Bc1", "Be1Mc1"],
        depth: 3,
        nodes: 7_066,
    },
    Case {
        rule: "castling: a moved king has no castling and no diagonal board change",
        pieces: "Be1:K* Ba1:R Bh1:R Te8:k",
        side: 'w',
        legal: &["Be1Me1", "Be1Bf1"],
        illegal: &["Be1Bg1", "Be1Bc1", "Be1Mg1", "Be1Mc1", "Be1Mf1"],
        depth: 3,
        nodes: 996,
    },
    Case {
        rule: "black castles on T and down to M; a white rook on M blocks the landing square and attacks the other",
        pieces: "Te8:k Ta8:r Th8:r Md8:R* Be1:K*",
        side: 'b',
        legal: &["Te8Tg8", "Te8Tc8"],
        illegal: &["Te8Mg8", "Te8Mc8"],
        depth: 3,
        nodes: 3_043,
    },
    Case {
        rule: "double check: only the king moves",
        pieces: "Be1:K* Be5:r* Bc3:b* Bd1:Q* Th8:k*",
        side: 'w',
        legal: &["Be1Me1", "Be1Bf1"],
        illegal: &["Bd1Be2", "Bd1Bd2", "Bd1Md1"],
        depth: 3,
        nodes: 3_012,
    },
    Case {
        rule: "a check is blocked by pieces arriving from other boards (knight, rook, bishop, pawn); other moves are illegal",
        pieces: "Me1:K* Me8:r* Bd4:N* Te5:R* Td6:B* Be3:P* Ta1:R* Th8:k*",
        side: 'w',
        legal: &["Bd4Me2", "Te5Me5", "Td6Me5", "Td6Me7", "Be3Me4"],
        illegal: &["Ta1Ma1", "Te5Te8", "Bd4Mc2", "Be3Be4"],
        depth: 3,
        nodes: 15_427,
    },
    Case {
        rule: "a back-rank check on T is no mate when the king can drop to M",
        pieces: "Th8:k* Tg7:p Th7:p Te8:R* Be1:K*",
        side: 'b',
        legal: &["Th8Mh8"],
        illegal: &["Th8Tg8", "Tg7Mg6"],
        depth: 3,
        nodes: 221,
    },
    Case {
        rule: "mate in one: the rook on M covers the escape, the rook on T mates",
        pieces: "Th8:k* Tg7:p Th7:p Te1:R* Ma8:R* Be1:K*",
        side: 'w',
        legal: &["Te1Te8"],
        illegal: &[],
        depth: 3,
        nodes: 9_420,
    },
    Case {
        rule: "stalemate: the king boxed in on T, its way down to Ma8 covered on M; no move at all",
        pieces: "Ta8:k* Tb6:Q* Mh8:R* Be1:K*",
        side: 'b',
        legal: &[],
        illegal: &["Ta8Ma8", "Ta8Tb7", "Ta8Ta7"],
        depth: 3,
        nodes: 0,
    },
    Case {
        rule: "one move before that stalemate: the queen's move to Tb6 leaves Black no move",
        pieces: "Ta8:k* Tc5:Q* Mh8:R* Be1:K*",
        side: 'w',
        legal: &["Tc5Tb6", "Tc5Mc5", "Be1Me1"],
        illegal: &["Mh8Mh8"],
        depth: 3,
        nodes: 7_156,
    },
    Case {
        rule: "black minor pieces from T: knight and bishop jumps down one and two boards, blocked landings and midpoints",
        pieces: "Te8:k Tb8:n Tc8:b Tf8:b Tg8:n Td8:q Ma6:P* Mb7:N* Be1:K*",
        side: 'b',
        legal: &["Tb8Mc6", "Tb8Ba6", "Tc8Md7", "Tc8Be6", "Tf8Bd6", "Tf8Bh6", "Td8Md8", "Td8Bd8"],
        illegal: &["Tb8Ma6", "Tc8Mb7", "Tc8Ba6", "Tb8Tc6", "Td8Td7"],
        depth: 3,
        nodes: 22_011,
    },
];

#[test]
fn start_position_has_sixty_moves_as_the_spec_counts_them() {
    let pos = parse(START);
    let moves = pos.legal_moves();
    assert_eq!(moves.len(), 60);
    let mut by_kind = std::collections::BTreeMap::new();
    for m in &moves {
        let kind = pos.move_facts(*m).mover;
        *by_kind.entry(format!("{kind:?}")).or_insert(0) += 1;
    }
    assert_eq!(by_kind["Piece(Pawn)"], 24);
    assert_eq!(by_kind["Piece(Knight)"], 12);
    assert_eq!(by_kind["Piece(Bishop)"], 8);
    assert_eq!(by_kind["Piece(Rook)"], 4);
    assert_eq!(by_kind["Piece(Queen)"], 6);
    assert_eq!(by_kind["Piece(King)"], 6);
    let t = tokens(&pos);
    for token in [
        "Ba2Ma3", "Ba2Ma4", "Ba2Ta4", "Bb1Ma3", "Bb1Mc3", "Bb1Md2", "Bb1Ta3", "Bb1Tc3", "Bb1Td2",
        "Bc1Mb2", "Bc1Md2", "Bc1Ta3", "Bc1Te3", "Ba1Ma1", "Ba1Ta1", "Bh1Mh1", "Bh1Th1", "Bd1Md1",
        "Bd1Td1", "Bd1Mc2", "Bd1Me2", "Bd1Tb3", "Bd1Tf3", "Be1Me1", "Be1Md1", "Be1Mf1", "Be1Md2",
        "Be1Me2", "Be1Mf2",
    ] {
        assert!(t.contains(token), "{token} missing");
    }
}

#[test]
fn start_position_perft() {
    let mut pos = parse(START);
    let counts: Vec<u64> = (1..=4).map(|d| perft(&mut pos, d)).collect();
    assert_eq!(counts, [60, 3596, 236_485, 15_496_454]);
}

#[test]
#[ignore = "about 1e9 nodes: run in release"]
fn start_position_perft_5() {
    let mut pos = parse(START);
    assert_eq!(perft(&mut pos, 5), 1_097_265_296);
}

#[test]
fn start_position_agrees_with_the_reference_to_depth_3() {
    let mut pos = parse(START);
    let n = cross_check(&mut pos, &RefPosition::parse(START), 3);
    assert_eq!(n, 236_485);
}

#[test]
fn hand_made_positions_agree_with_the_reference() {
    let mut report = Vec::new();
    for case in CASES {
        let s = build(case.pieces, case.side);
        let mut pos = parse(&s);
        assert_eq!(pos.position_string(), s, "{}", case.rule);
        let legal = tokens(&pos);
        for t in case.legal {
            assert!(
                legal.contains(*t),
                "{}: {t} should be legal in {s}",
                case.rule
            );
        }
        for t in case.illegal {
            assert!(
                !legal.contains(*t),
                "{}: {t} should not be legal in {s}",
                case.rule
            );
        }
        let n = cross_check(&mut pos, &RefPosition::parse(&s), case.depth);
        if case.legal.is_empty() && case.nodes == 0 {
            assert!(
                legal.is_empty() && !pos.in_check(),
                "{}: stalemate",
                case.rule
            );
        }
        assert_eq!(perft(&mut pos, case.depth), n, "{}", case.rule);
        report.push((case.rule, n, case.nodes));
    }
    let wrong: Vec<_> = report.iter().filter(|(_, n, want)| n != want).collect();
    assert!(wrong.is_empty(), "perft counts changed: {wrong:#?}");
}

/// Legal move tokens of both generators.
fn move_sets(pos: &StackedPosition) -> (BTreeSet<String>, BTreeSet<String>) {
    let ours = pos
        .legal_moves()
        .into_iter()
        .map(|m| pos.move_token(m))
        .collect();
    let theirs = RefPosition::parse(&pos.position_string())
        .legal_moves()
        .iter()
        .map(|m| m.token())
        .collect();
    (ours, theirs)
}

/// Whether a piece of this colour and kind starts on this cell (so may be unmoved).
fn start_cell(white: bool, kind: char, x: i32, y: i32, z: i32) -> bool {
    let (home, back, pawns) = if white { (0, 0, 1) } else { (2, 7, 6) };
    z == home
        && ((kind == 'P' && y == pawns)
            || (y == back && "RNBQKBNR".chars().nth(x as usize) == Some(kind)))
}

/// A random placement written as a position string: both kings, rooks in some corners,
/// then up to 20 men, each unmoved when it stands on a start cell of its kind and
/// `unmoved` says so.
fn random_position(
    kings: [(i32, bool); 2],
    corner_rooks: [bool; 4],
    men: &[(i32, usize, bool)],
    white_to_move: bool,
) -> String {
    let mut pos = RefPosition::parse("8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8 w 0 1");
    pos.white_to_move = white_to_move;
    let mut place = |cell: i32, white: bool, kind: char, unmoved: bool| {
        let (z, y, x) = (cell / 64, cell % 64 / 8, cell % 8);
        let slot = &mut pos.cells[z as usize][y as usize][x as usize];
        if slot.is_some() || (kind == 'P' && (y == 0 || y == 7)) {
            return;
        }
        let moved = !(unmoved && start_cell(white, kind, x, y, z));
        *slot = Some(Man { white, kind, moved });
    };
    // Kings first, biased towards their start squares so castling and first moves occur.
    for (i, &(cell, unmoved)) in kings.iter().enumerate() {
        let white = i == 0;
        let cell = if cell < 0 {
            if white {
                4
            } else {
                128 + 60
            }
        } else {
            cell
        };
        place(cell, white, 'K', unmoved);
    }
    // Unmoved rooks in the corners of the home boards, for castling.
    for (i, &present) in corner_rooks.iter().enumerate() {
        if present {
            let cell = [0, 7, 128 + 56, 128 + 63][i];
            place(cell, i < 2, 'R', true);
        }
    }
    for &(cell, piece, unmoved) in men {
        let kinds = ['P', 'N', 'B', 'R', 'Q'];
        place(cell, piece < 5, kinds[piece % 5], unmoved);
    }
    pos.format()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    /// Random placements (checks, pins and unmoved pieces in odd places included) give the
    /// same moves as the reference, at the root and after every move.
    #[test]
    fn random_positions_agree_with_the_reference(
        white_king in (-64i32..192, any::<bool>()),
        black_king in (-64i32..192, any::<bool>()),
        corner_rooks in any::<[bool; 4]>(),
        men in prop::collection::vec((0i32..192, 0usize..10, any::<bool>()), 0..20),
        white_to_move in any::<bool>(),
    ) {
        let s = random_position([white_king, black_king], corner_rooks, &men, white_to_move);
        let Ok(pos) = StackedPosition::from_position_string(&setup(), &s) else {
            return Ok(()); // e.g. the side not to move is in check
        };
        let (ours, theirs) = move_sets(&pos);
        prop_assert_eq!(&ours, &theirs, "in {}", s);
        for m in pos.legal_moves() {
            let mut next = pos.clone();
            next.play(m);
            let (ours, theirs) = move_sets(&next);
            prop_assert_eq!(&ours, &theirs, "after {} in {}", pos.move_token(m), s);
        }
    }
}

#[test]
fn start_string_is_the_start_position() {
    assert_eq!(parse(START), StackedPosition::start(&setup()).unwrap());
}
