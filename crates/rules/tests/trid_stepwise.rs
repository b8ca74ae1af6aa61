//! Hand-made `stepwise` positions, each cross-checked against the naive generator to
//! depth 3, plus direct assertions of what differs from the other rule sets.

mod trid_naive;

use rules::trid::TridPosition;
use rules::Position;
use trid_naive::{cross_check, setup};

const D: &str = "WQL@b1(3):w,WKL@e1(3):w,BQL@b8(7):b,BKL@e8(7):b";

/// (name, what it tests, position string with `D` for the start boards)
const POSITIONS: &[(&str, &str, &str)] = &[
    (
        "wall_stops",
        "b3 is full on both levels: the rook on b1(2) may take on b3(4) but not pass",
        "Rb1(2),Pb3(2)*,pb3(4)*,Kd1(2),ke8(6) D w - - 0 3",
    ),
    (
        "void_stops",
        "c0 has no square: the rook on a0(3) stops at b0",
        "Ra0(3),Kc1(2),nf0(3),ke8(6) D w - - 0 3",
    ),
    (
        "level_return_ban",
        "c5(4) is taken: the rook on c6(4) detours over c5(6) and may not come back to level 4",
        "Rc6(4),Nc5(4),Ke4(2),ke8(6) D w - - 0 3",
    ),
    (
        "walk_around_blockers",
        "a queen changes level around single blockers",
        "Qc1(2),Pc2(2),Pd2(2),pc4(4)*,Kb2(2),ke8(6) D w - - 0 3",
    ),
    (
        "double_step_detour",
        "c3(2) taken: c2's double step goes over c3(4) and lands on c4(4) only",
        "Pc2(2),Nc3(2),Kd1(2),ke8(6) D w - - 0 3",
    ),
    (
        "en_passant_level_choice",
        "black takes en passant on c3 at either level",
        "Kc1(2),Pc4(4)*,pd4(2)*,ke8(6) D b - c3(2)/c4(4) 0 5",
    ),
    (
        "promotion_rank_8_any_file",
        "b8 promotes although a board overhangs it (federation promotion)",
        "Pb7(6)*,Kc1(2),ke9(7) D w - - 0 5",
    ),
    (
        "castling_first_move",
        "castling is allowed from the first move",
        "Ra0(3),Ke0(3),Rf0(3),Pe1(3),Pc2(2),ke8(6),pd7(6) D w KQ - 0 1",
    ),
    (
        "knights_and_kings",
        "knights and kings land on any existing square of the target column",
        "Nb3(4),Kc2(2),Nd5(4),ke8(6) D w - - 0 3",
    ),
    (
        "board_tie_w_far",
        "one piece on WQL at b4: across to e4, along to b1, and both nearest N posts b3 and b6",
        "Na4(3),Kc1(2),ke8(6),pd7(6) WQL@b4(3):w,WKL@e1(3):w,BQL@b8(7):b,BKL@e8(7):b w - - 0 3",
    ),
    (
        "board_unique_nearest",
        "WQL at b1 with one piece: b4, b3 (nearest on N); e1 is taken",
        "Ra0(3),Kc1(2),ke8(6),pd7(6) D w - - 0 3",
    ),
    (
        "board_from_n_both_ways",
        "a board on b3 goes down to b1/b4 (tie) or up to b5",
        "Pa3(5)*,Kc1(2),ke8(6),pd7(6) WQL@b3(5):w,WKL@e1(3):w,BQL@b8(7):b,BKL@e8(7):b w - - 0 3",
    ),
    (
        "board_from_b_far",
        "BQL at b8 with one piece: down to b6 only; across e8 taken; along b5",
        "pa9(7),Kc1(2),ke8(6),Pd2(2) D b - - 0 3",
    ),
    (
        "board_from_b_near_tie",
        "a board on b5 goes down to b3 or b6 (tie)",
        "qa5(7),Kc1(2),ke8(6),Pd2(2) WQL@b1(3):w,WKL@e1(3):w,BQL@b5(7):b,BKL@e8(7):b b - - 0 3",
    ),
    (
        "turning_mirrors",
        "a turned board mirrors its piece in file and rank",
        "Na1(3),Kc1(2),ke8(6),pd7(6) WQL@b1(3):w,WKL@e4(3):w,BQL@b8(7):b,BKL@e8(7):b w - - 0 3",
    ),
    (
        "board_needs_exactly_one",
        "empty and two-piece boards cannot move",
        "Ra0(3),Pa1(3),Kc1(2),ke8(6),pd7(6) D w - - 0 3",
    ),
    (
        "enemy_piece_moves_board",
        "a black piece on WQL: Black moves it",
        "na1(3),Kc3(2),ke8(6),Pd2(2) D b - - 0 3",
    ),
    (
        "carried_pawn_promotes",
        "a pawn carried to rank 8 promotes",
        "Pa7(5)*,Kc1(2),ke9(7),pd7(6) WQL@b6(5):w,WKL@e1(3):w,BQL@b3(5):b,BKL@e8(7):b w - - 0 3",
    ),
    (
        "carried_king_loses_castling",
        "WKL carries the king alone: castling lost",
        "Ra0(3),Ke0(3),Pc2(2),ke8(6),pd7(6) D w Q - 0 3",
    ),
    (
        "bishop_paths",
        "bishops change levels diagonally around pieces",
        "Bc1(2),Bd1(2),Pd2(2),pc3(2)*,Ke2(2),ke8(6) D w - - 0 3",
    ),
    (
        "check_by_walk",
        "a rook's check that detours around a blocker",
        "Kc1(2),Pc3(2)*,rc5(4),ke8(6) D w - - 0 3",
    ),
];

fn canonical(s: &str) -> String {
    let s = s.replace(" D ", &format!(" {D} "));
    TridPosition::from_position_string(&setup("stepwise", false), &s)
        .unwrap_or_else(|e| panic!("{e}"))
        .position_string()
}

fn position(name: &str) -> TridPosition {
    let &(_, _, s) = POSITIONS.iter().find(|p| p.0 == name).unwrap();
    TridPosition::from_position_string(&setup("stepwise", false), &canonical(s)).unwrap()
}

fn tokens(name: &str) -> Vec<String> {
    let p = position(name);
    p.legal_moves()
        .into_iter()
        .map(|m| p.move_token(m))
        .collect()
}

fn has(t: &[String], tok: &str) -> bool {
    t.iter().any(|x| x == tok)
}

fn boards(t: &[String], name: &str) -> Vec<String> {
    let mut v: Vec<String> = t.iter().filter(|x| x.starts_with(name)).cloned().collect();
    v.sort();
    v
}

#[test]
fn there_are_at_least_20_positions() {
    assert!(POSITIONS.len() >= 20);
}

#[test]
fn every_position_cross_checked_to_depth_3() {
    for &(name, _, s) in POSITIONS {
        eprintln!("{name}");
        cross_check(&setup("stepwise", false), &canonical(s), 3);
    }
}

#[test]
fn walls_voids_and_the_level_return_ban() {
    let t = tokens("wall_stops");
    assert!(has(&t, "b1(2)b3(4)") && !t.iter().any(|x| x.starts_with("b1(2)b4")));
    let t = tokens("void_stops");
    assert!(has(&t, "a0(3)b0(3)") && !has(&t, "a0(3)f0(3)"));
    let t = tokens("level_return_ban");
    assert!(has(&t, "c6(4)c4(2)") && !has(&t, "c6(4)c4(4)"), "{t:?}");
    let t = tokens("double_step_detour");
    assert!(has(&t, "c2(2)c4(4)") && !has(&t, "c2(2)c4(2)"), "{t:?}");
}

#[test]
fn board_destinations() {
    assert_eq!(
        boards(&tokens("board_tie_w_far"), "WQL>")
            .iter()
            .filter(|x| !x.ends_with('r'))
            .cloned()
            .collect::<Vec<_>>(),
        ["WQL>b1(3)", "WQL>b3(5)", "WQL>b6(5)", "WQL>e4(3)"]
    );
    let b = boards(&tokens("board_unique_nearest"), "WQL>");
    assert_eq!(b, ["WQL>b3(5)", "WQL>b3(5)r", "WQL>b4(3)", "WQL>b4(3)r"]);
    let b = boards(&tokens("board_from_n_both_ways"), "WQL>");
    for m in [
        "WQL>b1(3)",
        "WQL>b4(3)",
        "WQL>b5(7)",
        "WQL>b6(5)",
        "WQL>e3(5)",
    ] {
        assert!(b.iter().any(|x| x == m), "{m} in {b:?}");
    }
    let b = boards(&tokens("board_from_b_far"), "BQL>");
    assert_eq!(b, ["BQL>b5(7)", "BQL>b5(7)r", "BQL>b6(5)", "BQL>b6(5)r"]);
    let b = boards(&tokens("board_from_b_near_tie"), "BQL>");
    for m in ["BQL>b3(5)", "BQL>b6(5)", "BQL>b8(7)", "BQL>e5(7)"] {
        assert!(b.iter().any(|x| x == m), "{m} in {b:?}");
    }
    assert!(boards(&tokens("board_needs_exactly_one"), "W").is_empty());
    assert!(!boards(&tokens("enemy_piece_moves_board"), "WQL>").is_empty());
}

#[test]
fn turning_mirrors_the_carried_piece() {
    let mut p = position("turning_mirrors");
    let m = p.parse_move_token("WQL>b4(3)r").unwrap();
    assert_eq!(p.move_notation(m), "WQL→b4(3)↻");
    p.play(m);
    // a1 is the outer file, upper rank on b1's board; turned on b4 it is inner, lower: b4.
    assert!(
        p.position_string().contains("Nb4(3)"),
        "{}",
        p.position_string()
    );
}

#[test]
fn pawns_and_castling_as_decided() {
    let t = tokens("en_passant_level_choice");
    assert!(has(&t, "d4(2)c3(2)") && has(&t, "d4(2)c3(4)"));
    assert!(has(&tokens("promotion_rank_8_any_file"), "b7(6)b8(6)q"));
    assert!(has(&tokens("castling_first_move"), "e0(3)f0(3)"));
    let t = tokens("carried_pawn_promotes");
    assert!(
        t.iter()
            .any(|x| x.starts_with("WQL>b5(7)") && x.ends_with('q'))
            || t.iter().any(|x| x.ends_with('q') && x.starts_with("WQL")),
        "{t:?}"
    );
}

/// Slower: `cargo test -p rules --test trid_stepwise -- --ignored`.
#[test]
#[ignore]
fn every_position_cross_checked_to_depth_4() {
    for &(name, _, s) in POSITIONS {
        eprintln!("{name}");
        cross_check(&setup("stepwise", false), &canonical(s), 4);
    }
}
