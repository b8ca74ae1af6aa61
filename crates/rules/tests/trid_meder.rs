//! Hand-made `meder` positions, each cross-checked against the naive generator to depth
//! 3, plus direct assertions of the differences from `federation`.

mod trid_naive;

use rules::trid::TridPosition;
use rules::Position;
use trid_naive::{cross_check, setup};

const D: &str = "WQL@b1(3):w,WKL@e1(3):w,BQL@b8(7):b,BKL@e8(7):b";

/// (name, what it tests, position string with `D` for the start boards)
const POSITIONS: &[(&str, &str, &str)] = &[
    ("voids_are_crossed", "rook a0(3) passes the void c0/d0 on rank 0 and takes on f0", "Ra0(3),Kc1(2),nf0(3),ke8(6) D w - - 0 2"),
    ("column_blocks_all_levels", "a piece on b3(4) blocks the rook on b1(2) beyond b3, though it may land on b3(2)", "Rb1(2),Kd1(2),pb3(4)*,ke8(6) D w - - 0 2"),
    ("queen_over_voids", "a queen's lines cross columns without squares", "Qd4(4),Kc1(2),Nb6(4),ke9(7) D w - - 0 5"),
    ("bishop_landing_must_exist", "bishop lines over voids land only on existing squares", "Bc4(2),Kd1(2),ke8(6),pa5(3) WQL@b4(3):w,WKL@e1(3):w,BQL@b8(7):b,BKL@e8(7):b b - - 0 4"),
    ("en_passant_level_choice", "after c2-c4 black takes en passant on c3 at either level", "Kc1(2),Pc4(4)*,pd4(2)*,ke8(6) D b - c3(2)/c4(4) 0 5"),
    ("double_step_blocked_by_column", "a piece on d3(4) blocks d2's double step at every level", "Kc1(2),Pd2(2),pd3(4)*,Pc2(2),ke8(6) D w - - 0 5"),
    ("promotion_file_c_on_8", "files c and d promote on rank 8", "Pc7(6)*,Kc1(2),ke9(7) D w - - 0 5"),
    ("no_promotion_under_board", "file b with a board over b8: b8 does not promote, b9 does", "Pb7(6)*,Kc1(2),ke9(7) D w - - 0 5"),
    ("promotion_b8_without_board", "BQL gone from b8: rank 8 is the furthest on file b", "Pb7(6)*,Kc1(2),ke9(7) WQL@b1(3):w,WKL@e1(3):w,BQL@b6(5):b,BKL@e8(7):b w - - 0 5"),
    ("leaving_board_promotes", "BQL leaves b8: the white pawn on b8(6) becomes a queen at once", "Pb8(6)*,Kc1(2),ke9(7),pe7(6) D b - - 0 5"),
    ("leaving_board_promotion_illegal_when_checking_own_king", "the queen made by BQL leaving would attack Black's king on e8(7): that board move is illegal", "Pb8(6)*,Kc1(2),ke8(7),pd7(6) D b - - 0 5"),
    ("black_leave_promotion", "WKL leaves e1: the black pawn on e1(2) becomes a queen", "Pd2(2),Kc4(4),pe1(2)*,ke8(6) D w - - 0 5"),
    ("castling_not_on_first_move", "at fullmove 1 castling is not allowed; later it is", "Ra0(3),Ke0(3),Rf0(3),Pe1(3),Pc2(2),ke8(6),pd7(6) D w KQ - 0 1"),
    ("castling_later", "both castlings once past the first move", "Ra0(3),Ke0(3),Rf0(3),Pe1(3),Pc2(2),ke8(6),pd7(6) D w KQ - 0 2"),
    ("castling_attacked_square", "knight attacks f0: O-O illegal, O-O-O fine", "Ra0(3),Ke0(3),Rf0(3),ne2(2),ke8(6) D w KQ - 0 3"),
    ("enemy_piece_moves_board", "a black knight on WQL: Black moves WQL, forward (down) or sideways", "na3(5),Kc1(2),ke8(6),Pd2(2) WQL@b3(5):w,WKL@e1(3):w,BQL@b8(7):b,BKL@e8(7):b b - - 0 5"),
    ("empty_board_backward", "an empty board may also move backward", "Kc1(2),ke8(6),Pd2(2),pd7(6) WQL@b3(5):w,WKL@e1(3):w,BQL@b8(7):b,BKL@e8(7):b w - - 0 5"),
    ("occupied_board_not_backward", "a board with a pawn: forward or sideways only; across the sides a3 becomes e3", "Pa3(5)*,Kc1(2),ke8(6),pd7(6) WQL@b3(5):w,WKL@e1(3):w,BQL@b8(7):b,BKL@e8(7):b w - - 0 5"),
    ("two_pieces_no_board_move", "a board with two pieces cannot move", "Pa1(3),Pb1(3),Kc1(2),ke8(6),pd7(6) D w - - 0 5"),
    ("carried_king_loses_castling", "WKL carries the king alone: the Q right is lost", "Ra0(3),Ke0(3),Pc2(2),ke8(6),pd7(6) D w Q - 0 5"),
    ("carried_pawn_loses_double_step", "WQL crosses to e1 with an unmoved pawn, which then has moved", "Pa1(3),Kc1(2),ke8(6),pd7(6) WQL@b1(3):w,WKL@e3(5):w,BQL@b8(7):b,BKL@e8(7):b w - - 0 5"),
    ("carried_pawn_promotes", "WQL from b6 to b8 carries a7 to a9: promotion, mover's choice", "Pa7(5)*,Kc1(2),ke9(7),pd7(6) WQL@b6(5):w,WKL@e1(3):w,BQL@b3(5):b,BKL@e8(7):b w - - 0 5"),
];

fn canonical(s: &str) -> String {
    let s = s.replace(" D ", &format!(" {D} "));
    TridPosition::from_position_string(&setup("meder", false), &s)
        .unwrap_or_else(|e| panic!("{e}"))
        .position_string()
}

fn position(name: &str) -> TridPosition {
    let &(_, _, s) = POSITIONS.iter().find(|p| p.0 == name).unwrap();
    TridPosition::from_position_string(&setup("meder", false), &canonical(s)).unwrap()
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

fn after(name: &str, token: &str) -> String {
    let mut p = position(name);
    let m = p.parse_move_token(token).unwrap_or_else(|e| panic!("{e}"));
    p.play(m);
    p.position_string()
}

#[test]
fn there_are_at_least_20_positions() {
    assert!(POSITIONS.len() >= 20);
}

#[test]
fn every_position_cross_checked_to_depth_3() {
    for &(name, _, s) in POSITIONS {
        eprintln!("{name}");
        cross_check(&setup("meder", false), &canonical(s), 3);
    }
}

#[test]
fn blocking_by_columns_and_over_voids() {
    assert!(has(&tokens("voids_are_crossed"), "a0(3)f0(3)"));
    let t = tokens("column_blocks_all_levels");
    assert!(has(&t, "b1(2)b3(2)") && has(&t, "b1(2)b3(4)") && !has(&t, "b1(2)b4(2)"));
    let t = tokens("double_step_blocked_by_column");
    assert!(has(&t, "d2(2)d3(2)") && !t.iter().any(|x| x.starts_with("d2(2)d4")));
}

#[test]
fn en_passant_on_either_level() {
    let t = tokens("en_passant_level_choice");
    assert!(has(&t, "d4(2)c3(2)") && has(&t, "d4(2)c3(4)"), "{t:?}");
}

#[test]
fn promotion_depends_on_the_file() {
    assert!(has(&tokens("promotion_file_c_on_8"), "c7(6)c8(6)q"));
    let t = tokens("no_promotion_under_board");
    assert!(has(&t, "b7(6)b8(6)") && !has(&t, "b7(6)b8(6)q"));
    assert!(has(&tokens("promotion_b8_without_board"), "b7(6)b8(6)q"));
    let s = after("leaving_board_promotes", "BQL>b6(5)");
    assert!(s.contains("Qb8(6)"), "{s}");
    let t = tokens("leaving_board_promotion_illegal_when_checking_own_king");
    assert!(!t.iter().any(|x| x.starts_with("BQL")), "{t:?}");
    let s = after("black_leave_promotion", "WKL>e4(3)");
    assert!(s.contains("qe1(2)"), "{s}");
}

#[test]
fn castling_waits_for_the_first_move() {
    let t = tokens("castling_not_on_first_move");
    assert!(!has(&t, "e0(3)f0(3)") && !has(&t, "e0(3)b0(3)"));
    let t = tokens("castling_later");
    assert!(has(&t, "e0(3)f0(3)") && has(&t, "e0(3)b0(3)"));
    let t = tokens("castling_attacked_square");
    assert!(!has(&t, "e0(3)f0(3)") && has(&t, "e0(3)b0(3)"));
}

#[test]
fn board_moves_adjacency_direction_and_control() {
    let t = tokens("enemy_piece_moves_board");
    let mut boards: Vec<&String> = t.iter().filter(|x| x.starts_with("WQL")).collect();
    boards.sort();
    assert_eq!(boards, ["WQL>b1(3)", "WQL>e3(5)"]);
    let t = tokens("empty_board_backward");
    for m in [
        "WQL>b1(3)",
        "WQL>b4(3)",
        "WQL>b6(5)",
        "WQL>b5(7)",
        "WQL>e3(5)",
    ] {
        assert!(has(&t, m), "{m} in {t:?}");
    }
    let t = tokens("occupied_board_not_backward");
    assert!(!has(&t, "WQL>b1(3)") && has(&t, "WQL>b4(3)") && has(&t, "WQL>e3(5)"));
    assert!(after("occupied_board_not_backward", "WQL>e3(5)").contains("Pe3(5)*"));
    assert!(!tokens("two_pieces_no_board_move")
        .iter()
        .any(|x| x.starts_with("WQL")));
    let s = after("carried_king_loses_castling", "WKL>e3(5)");
    assert!(s.contains(" w - - ") || s.contains(" b - - "), "{s}");
    let s = after("carried_pawn_loses_double_step", "WQL>e1(3)");
    assert!(s.contains("Pe1(3)*"), "{s}");
    let t = tokens("carried_pawn_promotes");
    assert!(has(&t, "WQL>b8(7)q") && has(&t, "WQL>b8(7)n"), "{t:?}");
}

/// Slower: `cargo test -p rules --test trid_meder -- --ignored`.
#[test]
#[ignore]
fn every_position_cross_checked_to_depth_4() {
    for &(name, _, s) in POSITIONS {
        eprintln!("{name}");
        cross_check(&setup("meder", false), &canonical(s), 4);
    }
}
