//! Quadlevel perft from the start position: the specification's hand count at depth 1,
//! deeper counts from the rules' generator, and the start cross-checked against the
//! simple reference generator.

mod quadlevel_reference;

use quadlevel_reference::RefPos;
use rules::perft::{divide, perft};
use rules::quadlevel::{QuadlevelPosition, START};
use rules::{Options, Position, Setup, Variant};
use std::collections::BTreeSet;

fn start(destroy_both_kings: bool) -> QuadlevelPosition {
    let options = Options {
        destroy_both_kings,
        ..Options::default()
    };
    QuadlevelPosition::start(&Setup::new(Variant::Quadlevel, None, options).unwrap()).unwrap()
}

#[test]
fn start_position_string() {
    assert_eq!(start(false).position_string(), START);
    assert_eq!(start(true).position_string(), format!("{START} -"));
}

/// quadlevel.md: 16 single pawn steps + 16 double steps + 12 knight leaps.
#[test]
fn start_has_44_moves_as_the_specification_counts_them() {
    let p = start(false);
    let moves = p.legal_moves();
    assert_eq!(moves.len(), 44);
    let tokens: BTreeSet<String> = moves.iter().map(|&m| p.move_token(m)).collect();
    let mut expected = BTreeSet::new();
    for level in 1..=4 {
        for file in ["a", "b", "c", "d"] {
            expected.insert(format!("{file}2L{level}{file}3L{level}"));
            expected.insert(format!("{file}2L{level}{file}4L{level}"));
        }
    }
    for (from, tos) in [
        ("b1L1", ["a3L1", "c3L1", "b3L2"]),
        ("d1L2", ["c3L2", "d3L1", "d3L3"]),
        ("a1L3", ["b3L3", "a3L2", "a3L4"]),
        ("c1L4", ["b3L4", "d3L4", "c3L3"]),
    ] {
        for to in tos {
            expected.insert(format!("{from}{to}"));
        }
    }
    assert_eq!(tokens, expected);
    let knights = moves
        .iter()
        .filter(|&&m| p.move_notation(m).starts_with('♘'))
        .count();
    assert_eq!(knights, 12);
}

/// Counts from the rules' generator (depth 3 is also proved by the cross-check below).
#[test]
fn start_perft_deeper() {
    let mut p = start(false);
    assert_eq!(perft(&mut p, 2), 1936);
    assert_eq!(perft(&mut p, 3), 90_408);
    assert_eq!(perft(&mut p, 4), 4_221_066);
    // Destroy-both-kings changes nothing until a side has no legal move.
    assert_eq!(perft(&mut start(true), 4), 4_221_066);
    let split = divide(&mut p, 2);
    assert_eq!(split.len(), 44);
    assert!(split.iter().all(|&(_, n)| n == 44));
}

/// The start to depth 3, every node's move set compared with the reference generator.
#[test]
fn start_cross_checked_to_depth_3() {
    let mut p = start(false);
    let r = RefPos::parse(START, false);
    let mut leaves = 0;
    let mut stack = vec![];
    walk(&mut p, &r, 3, &mut stack, &mut leaves);
    assert_eq!(leaves, 90_408);
}

fn walk(
    p: &mut QuadlevelPosition,
    r: &RefPos,
    depth: u32,
    path: &mut Vec<String>,
    leaves: &mut u64,
) {
    let ref_moves = r.legal();
    let ours: BTreeSet<String> = p.legal_moves().iter().map(|&m| p.move_token(m)).collect();
    let theirs: BTreeSet<String> = ref_moves.iter().map(|m| m.token()).collect();
    assert_eq!(ours, theirs, "after {path:?}");
    if depth == 1 {
        *leaves += ours.len() as u64;
        return;
    }
    for rm in &ref_moves {
        let token = rm.token();
        let m = p.parse_move_token(&token).unwrap();
        let undo = p.play(m);
        let child = r.after(rm);
        path.push(token);
        assert_eq!(p.position_string(), child.format(), "after {path:?}");
        walk(p, &child, depth - 1, path, leaves);
        path.pop();
        p.undo(m, undo);
    }
}
