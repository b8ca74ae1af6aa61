//! Hand-made `federation` positions, each cross-checked against the naive generator to
//! depth 3, plus direct assertions of the rule each one is about.

mod trid_naive;

use rules::trid::TridPosition;
use rules::Position;
use trid_naive::{cross_check, setup};

const D: &str = "WQL@b1(3):w,WKL@e1(3):w,BQL@b8(7):b,BKL@e8(7):b";

/// (name, what it tests, rook-pawn option, position string with `D` for the start boards)
const POSITIONS: &[(&str, &str, bool, &str)] = &[
    ("hanging_queen_board", "a board hanging at level 1 below W; rook moves on it and a gap at c0", false,
     "Ra0(1),Pa1(1)*,Qb1(2),Kc1(2),pc3(4)*,ke8(6) WQL@b1(1):w,WKL@e1(3):w,BQL@b8(7):b,BKL@e8(7):b w - - 0 1"),
    ("hanging_far_posts", "boards hanging from W far (level 1) and B near (level 5); lines over them", false,
     "Kc2(2),Nf4(1),Re5(1),qa5(5),kd7(6) WQL@b1(3):w,WKL@e4(1):w,BQL@b5(5):b,BKL@e8(7):b w - - 0 1"),
    ("gaps_on_rank_0", "c0 and d0 never exist: rook and king on rank 0 are stopped by the gap", false,
     "Ra0(3),Ke0(3),Pb1(2),Pc2(2),ke8(6) D w - - 0 1"),
    ("second_route_hanging_next", "ceiling 2 blocked at b2(2); a board hanging from N at level 3 opens the second route", false,
     "Rb1(2),Pb2(2)*,Kd1(2),ke8(6) WQL@b1(3):w,WKL@e1(3):w,BQL@b3(3):b,BKL@e8(7):b w - - 0 1"),
    ("second_route_level_5", "ceiling 4 blocked at b4(4); level-5 boards (one standing on N, one hanging from B) give the second route", false,
     "Rb6(4),Pb4(4)*,Kd3(2),kd8(6) WQL@b3(5):w,WKL@e1(3):w,BQL@b5(5):b,BKL@e8(7):b w - - 0 1"),
    ("knights_any_level", "knights land on every existing level of the target column, never blocked", false,
     "Nb3(4),Nd5(4),Kc1(2),pb5(6)*,ke8(6) D w - - 0 1"),
    ("check_across_levels", "queen on c6(4) checks king c1(2) through routes on level 4 and 2", false,
     "Kc1(2),Rb4(2),Pd2(2),qc6(4),ke8(6) D w - - 0 1"),
    ("pin_across_levels", "bishop c2(2) is pinned by a rook on c5(4)", false,
     "Kc1(2),Bc2(2),Nd2(2),rc5(4),ke8(6) D w - - 0 1"),
    ("board_empty_moves", "empty boards move 2 ranks along their side, standing or hanging, or flip", false,
     "Kc1(2),Pd2(2),ke8(6),pd7(6) D w - - 0 1"),
    ("board_one_own_pawn", "a board carrying one own pawn moves it by translation; the pawn counts as moved", false,
     "Pa1(3),Kc1(2),ke8(6),pd7(6) D w - - 0 1"),
    ("board_two_pieces", "a board with two pieces cannot move", false,
     "Pa1(3),Pb1(3),Kc1(2),ke8(6),pd7(6) D w - - 0 1"),
    ("board_enemy_piece", "a white-owned board carrying a black knight cannot move", false,
     "na1(3),Kc1(2),Pd2(2),ke8(6),pd7(6) D w - - 0 1"),
    ("board_owner_without_pawns", "White has no pawn left: White's boards cannot move", false,
     "Kc1(2),Nd2(2),ke8(6),pd7(6) D w - - 0 1"),
    ("board_post_taken_same_way", "b3 is taken hanging: WQL may go to b3 standing only", false,
     "Kc1(2),Pd2(2),ke8(6),pd7(6) WQL@b1(3):w,WKL@e1(3):w,BQL@b3(3):b,BKL@e8(7):b w - - 0 1"),
    ("board_carried_promotion", "a carried pawn reaching rank 9 promotes with the mover's choice", false,
     "Pa7(5)*,Kc1(2),ke8(6),pd7(6) WQL@b6(5):w,WKL@e1(3):w,BQL@b5(7):b,BKL@e8(7):b w - - 0 1"),
    ("ownership_passes_on_capture", "a knight takes the last white piece on WQL: the board becomes Black's", false,
     "Pb1(3)*,Pd2(2),nc3(4),Kc5(4),ke8(6),pd7(6) D b - - 0 1"),
    ("captured_board_moved_by_new_owner", "WQL owned by Black after a capture; empty, Black moves it", false,
     "Kd1(2),Pd2(2),ke8(6),pd7(6) WQL@b1(3):b,WKL@e1(3):w,BQL@b8(7):b,BKL@e8(7):b b - - 0 1"),
    ("ownership_kept_while_owner_remains", "one of two white pieces on WQL is captured: still White's", false,
     "Ra0(3),Pb1(3)*,Pd2(2),nc3(4),Kc5(4),ke8(6),pd7(6) D b - - 0 1"),
    ("en_passant_route_square", "after c2(2)-c4(4) the passed route square c3(4) can be taken en passant", false,
     "Kc1(2),Pc4(4)*,pd4(2)*,ke8(6) D b - c3(4)/c4(4) 0 1"),
    ("en_passant_second_route", "b3(2) was occupied, so b2-b4 went over b3(3): that is the en passant square", false,
     "Kd1(2),Nb3(2),Pb4(2)*,pc4(2)*,ke8(6) WQL@b1(3):w,WKL@e1(3):w,BQL@b3(3):b,BKL@e8(7):b b - b3(3)/b4(2) 0 1"),
    ("double_steps_and_en_passant_in_play", "pawns double-step over route squares; en passant arises during the tree", false,
     "Kc1(2),Pb2(2),Pd2(2),pc4(4)*,pe4(4)*,ke8(6) D w - - 0 1"),
    ("castling_both_sides", "king's side swap and queen's side once b0 is empty, for both colours", false,
     "Ra0(3),Ke0(3),Rf0(3),Pe1(3),Pc2(2),pd7(6),pe8(7),ra9(7),ke9(7),rf9(7) D w KQkq - 0 1"),
    ("castling_in_check", "king in check from a bishop on another level: no castling", false,
     "Ra0(3),Ke0(3),Rf0(3),bc2(2),ke8(6) D w KQ - 0 1"),
    ("castling_into_check", "f0 is attacked by a knight: O-O illegal, O-O-O legal", false,
     "Ra0(3),Ke0(3),Rf0(3),ne2(2),ke8(6) D w KQ - 0 1"),
    ("castling_queen_home", "the queen still on b0: no queen's-side castling", false,
     "Ra0(3),Qb0(3),Ke0(3),Rf0(3),ke8(6) D w KQ - 0 1"),
    ("rook_pawn_moves", "rook pawns step sideways (two on the first move), capture inward backwards", true,
     "nb0(3),re0(3),Pa1(3),Pf1(3)*,Pd2(2),Kd3(4),ke8(6) D w - - 0 1"),
    ("rook_pawn_sideways_en_passant", "a black rook pawn went f8-d8 sideways; white takes on the passed e8(7) and promotes", true,
     "Kc3(2),Pd7(6)*,pd8(6)*,ke9(7) D w - e8(7)/d8(6) 0 1"),
    ("promotion", "white pawn promotes on rank 8 moving and capturing, four choices", false,
     "Kc1(2),Pc7(6)*,pb7(6),rd8(6),ke9(7) D w - - 0 1"),
    ("black_promotion_and_white_pawn_on_rank_0", "black promotes on rank 1; a carried white pawn on a0 moves up", false,
     "Pa0(3)*,Kd4(4),pc2(2)*,ke8(6) D b - - 0 1"),
];

fn canonical(rook_pawns: bool, s: &str) -> String {
    let s = s.replace(" D ", &format!(" {D} "));
    let p = TridPosition::from_position_string(&setup("federation", rook_pawns), &s)
        .unwrap_or_else(|e| panic!("{e}"));
    p.position_string()
}

fn tokens(name: &str) -> Vec<String> {
    let &(_, _, rp, s) = POSITIONS.iter().find(|p| p.0 == name).unwrap();
    let p =
        TridPosition::from_position_string(&setup("federation", rp), &canonical(rp, s)).unwrap();
    p.legal_moves()
        .into_iter()
        .map(|m| p.move_token(m))
        .collect()
}

#[test]
fn there_are_at_least_25_positions() {
    assert!(POSITIONS.len() >= 25);
}

#[test]
fn every_position_cross_checked_to_depth_3() {
    for &(name, _, rook_pawns, s) in POSITIONS {
        let c = canonical(rook_pawns, s);
        eprintln!("{name}");
        cross_check(&setup("federation", rook_pawns), &c, 3);
    }
}

fn has(t: &[String], tok: &str) -> bool {
    t.iter().any(|x| x == tok)
}

#[test]
fn routes_gaps_and_second_routes() {
    let t = tokens("gaps_on_rank_0");
    assert!(
        has(&t, "a0(3)b0(3)")
            && !t
                .iter()
                .any(|x| x.starts_with("a0(3)e0") || x.starts_with("a0(3)f0"))
    );
    let t = tokens("second_route_hanging_next");
    assert!(has(&t, "b1(2)b3(2)"), "second route via b2(3): {t:?}");
    assert!(has(&t, "b1(2)b4(2)"));
    let t = tokens("second_route_level_5");
    assert!(has(&t, "b6(4)b3(4)") && has(&t, "b6(4)b2(2)"), "{t:?}");
    let t = tokens("hanging_queen_board");
    assert!(has(&t, "a0(1)b0(1)") && !t.iter().any(|x| x.starts_with("a0(1)a1")));
}

#[test]
fn attack_board_conditions() {
    let t = tokens("board_empty_moves");
    for m in [
        "WQL>b3(5)",
        "WQL>b3(3)",
        "WQL>b1(1)",
        "WKL>e3(5)",
        "WKL>e1(1)",
    ] {
        assert!(has(&t, m), "{m} in {t:?}");
    }
    assert!(!has(&t, "WQL>b4(3)"));
    assert!(has(&tokens("board_one_own_pawn"), "WQL>b3(5)"));
    assert!(!tokens("board_two_pieces")
        .iter()
        .any(|x| x.starts_with("WQL")));
    assert!(!tokens("board_enemy_piece")
        .iter()
        .any(|x| x.starts_with("WQL")));
    assert!(!tokens("board_owner_without_pawns")
        .iter()
        .any(|x| x.contains('>')));
    let t = tokens("board_post_taken_same_way");
    assert!(has(&t, "WQL>b3(5)") && !has(&t, "WQL>b3(3)"));
    let t = tokens("board_carried_promotion");
    for m in ["WQL>b8(5)q", "WQL>b8(5)n", "WQL>b8(7)r", "WQL>b4(3)"] {
        assert!(has(&t, m), "{m} in {t:?}");
    }
    let t = tokens("captured_board_moved_by_new_owner");
    assert!(has(&t, "WQL>b3(5)"), "{t:?}");
}

#[test]
fn carried_pawn_is_translated_and_marked_moved() {
    let s = setup("federation", false);
    let p = TridPosition::from_position_string(&s, &canonical(false, POSITIONS[9].3)).unwrap();
    let m = p.parse_move_token("WQL>b3(5)").unwrap();
    let mut after = p.clone();
    after.play(m);
    assert!(
        after.position_string().contains("Pa3(5)*"),
        "{}",
        after.position_string()
    );
    assert_eq!(p.move_notation(m), "WQL→b3(5)");
}

#[test]
fn ownership_changes_only_with_the_last_piece() {
    let s = setup("federation", false);
    let p = TridPosition::from_position_string(&s, &canonical(false, POSITIONS[15].3)).unwrap();
    let mut after = p.clone();
    after.play(p.parse_move_token("c3(4)b1(3)").unwrap());
    assert!(after.position_string().contains("WQL@b1(3):b"));
    let p = TridPosition::from_position_string(&s, &canonical(false, POSITIONS[17].3)).unwrap();
    let mut after = p.clone();
    after.play(p.parse_move_token("c3(4)b1(3)").unwrap());
    assert!(after.position_string().contains("WQL@b1(3):w"));
}

#[test]
fn en_passant_lands_on_the_route_square() {
    let t = tokens("en_passant_route_square");
    assert!(has(&t, "d4(2)c3(4)") && !has(&t, "d4(2)c3(2)"), "{t:?}");
    let t = tokens("en_passant_second_route");
    assert!(has(&t, "c4(2)b3(3)") && has(&t, "c4(2)b3(2)"), "{t:?}");
    let t = tokens("rook_pawn_sideways_en_passant");
    assert!(has(&t, "d7(6)e8(7)q"), "{t:?}");
}

#[test]
fn castling() {
    let t = tokens("castling_both_sides");
    assert!(has(&t, "e0(3)f0(3)") && has(&t, "e0(3)b0(3)"));
    assert!(!tokens("castling_in_check")
        .iter()
        .any(|x| x == "e0(3)f0(3)" || x == "e0(3)b0(3)"));
    let t = tokens("castling_into_check");
    assert!(!has(&t, "e0(3)f0(3)") && has(&t, "e0(3)b0(3)"));
    let t = tokens("castling_queen_home");
    assert!(has(&t, "e0(3)f0(3)") && !has(&t, "e0(3)b0(3)"));
}

#[test]
fn rook_pawns() {
    let t = tokens("rook_pawn_moves");
    for m in [
        "a1(3)b1(3)",
        "a1(3)b1(2)",
        "a1(3)c1(2)",
        "a1(3)b0(3)",
        "f1(3)e1(3)",
        "f1(3)e0(3)",
    ] {
        assert!(has(&t, m), "{m} in {t:?}");
    }
    assert!(!has(&t, "f1(3)d1(2)"), "moved rook pawn has no double step");
}

#[test]
fn promotion_choices() {
    let t = tokens("promotion");
    for m in [
        "c7(6)c8(6)q",
        "c7(6)c8(6)r",
        "c7(6)c8(6)b",
        "c7(6)c8(6)n",
        "c7(6)d8(6)q",
    ] {
        assert!(has(&t, m), "{m} in {t:?}");
    }
}

/// Slower: `cargo test -p rules --test trid_federation -- --ignored`.
#[test]
#[ignore]
fn every_position_cross_checked_to_depth_4() {
    for &(name, _, rook_pawns, s) in POSITIONS {
        eprintln!("{name}");
        cross_check(
            &setup("federation", rook_pawns),
            &canonical(rook_pawns, s),
            4,
        );
    }
}
