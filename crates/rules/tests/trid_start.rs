//! Tri-D start positions: hand counts from trid.md and perft, cross-checked with the
//! naive generator.

mod trid_naive;

use rules::perft::perft;
use rules::trid::TridPosition;
use rules::{Position, Setup};
use trid_naive::{cross_check, setup};

fn start(rules: &str) -> TridPosition {
    TridPosition::start(&setup(rules, false)).unwrap()
}

#[test]
fn federation_start_has_21_moves_16_pawn_4_knight_1_castle() {
    let p = start("federation");
    let tokens: Vec<String> = p
        .legal_moves()
        .into_iter()
        .map(|m| p.move_token(m))
        .collect();
    assert_eq!(tokens.len(), 21);
    let knights = tokens
        .iter()
        .filter(|t| t.starts_with("b1(2)") || t.starts_with("e1(2)"))
        .count();
    assert_eq!(knights, 4);
    assert!(tokens.contains(&"e0(3)f0(3)".to_string()));
    let pawns = tokens
        .iter()
        .filter(|t| {
            ["b2(2)", "c2(2)", "d2(2)", "e2(2)"]
                .iter()
                .any(|s| t.starts_with(s))
        })
        .count();
    assert_eq!(pawns, 16);
}

#[test]
fn meder_start_has_20_moves_and_no_castling() {
    let p = start("meder");
    let tokens: Vec<String> = p
        .legal_moves()
        .into_iter()
        .map(|m| p.move_token(m))
        .collect();
    assert_eq!(tokens.len(), 20);
    assert!(!tokens.contains(&"e0(3)f0(3)".to_string()));
}

#[test]
fn stepwise_start_has_21_moves() {
    assert_eq!(start("stepwise").legal_moves().len(), 21);
}

#[test]
fn start_string_matches_records_md_up_to_piece_order() {
    let p = start("federation");
    let s = p.position_string();
    assert!(
        s.ends_with(" WQL@b1(3):w,WKL@e1(3):w,BQL@b8(7):b,BKL@e8(7):b w KQkq - 0 1"),
        "{s}"
    );
    assert!(
        s.starts_with("Ra0(3),Qb0(3),Pa1(3),Pb1(3)") || s.starts_with("Nb1(2)"),
        "{s}"
    );
    assert_eq!(p.square_count(), 64);
}

#[test]
fn start_perft_cross_checked_to_depth_3() {
    for rules in ["federation", "meder", "stepwise"] {
        let s = start(rules).position_string();
        cross_check(&setup(rules, false), &s, 3);
    }
    let s = start("federation").position_string();
    cross_check(&setup("federation", true), &s, 3);
}

#[test]
fn start_perft_deeper() {
    // Counts from this implementation, cross-checked above to depth 3; pinned here so
    // any change in move generation is noticed.
    let cases = [
        ("federation", [21, 441, 10088, 230320, 5698634]),
        ("meder", [20, 400, 9128, 207888, 0]),
        ("stepwise", [21, 441, 10130, 232240, 0]),
    ];
    for (rules, counts) in cases {
        let mut p = start(rules);
        for (d, &n) in counts.iter().enumerate() {
            if n > 0 {
                assert_eq!(perft(&mut p, d as u32 + 1), n, "{rules} depth {}", d + 1);
            }
        }
    }
    let mut p = TridPosition::start(&setup("federation", true)).unwrap();
    assert_eq!(perft(&mut p, 4), 234176);
    assert_eq!(
        TridPosition::start(&Setup::standard(rules::Variant::Trid)).unwrap(),
        start("federation")
    );
}

/// Minutes with the naive generator: `cargo test -p rules --test trid_start -- --ignored`.
#[test]
#[ignore]
fn start_cross_checked_to_depth_4() {
    for rules in ["federation", "meder", "stepwise"] {
        let s = start(rules).position_string();
        cross_check(&setup(rules, false), &s, 4);
    }
}
