//! The command line with Tri-D: perft per rule set, moves from a position, replay of a
//! record, and bad input.

mod common;

use common::{run, stderr, stdout, TempFile};

#[test]
fn perft_for_each_rule_set() {
    for (rules, want) in [
        ("federation", "10088\n"),
        ("meder", "9128\n"),
        ("stepwise", "10130\n"),
    ] {
        let o = run(&["perft", "trid", "--rules", rules, "3"]);
        assert!(o.status.success(), "{}", stderr(&o));
        assert_eq!(stdout(&o), want, "{rules}");
    }
    let o = run(&["perft", "trid", "--option", "rook-pawns", "2"]);
    assert_eq!(stdout(&o), "441\n");
}

#[test]
fn moves_from_a_position_string() {
    let pos =
        "Na4(3),Kc1(2),ke8(6),pd7(6) WQL@b4(3):w,WKL@e1(3):w,BQL@b8(7):b,BKL@e8(7):b w - - 0 3";
    let o = run(&["moves", "trid", "--rules", "stepwise", "--pos", pos]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.lines().any(|l| l == "WQL>b6(5)r"), "{out}");
}

#[test]
fn bad_position_and_rule_set_are_reported() {
    let o = run(&[
        "moves",
        "trid",
        "--pos",
        "Kc1(2),Zc2(2),ke8(6) WQL@b1(3):w,WKL@e1(3):w,BQL@b8(7):b,BKL@e8(7):b w - - 0 1",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("unknown letter 'Z'"), "{}", stderr(&o));
    let o = run(&["perft", "trid", "--rules", "klingon", "1"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("unknown rule set"), "{}", stderr(&o));
}

#[test]
fn replay_a_meder_record() {
    let record =
        "[Variant \"trid\"]\n[Rules \"meder\"]\n\n1. c2(2)–c4(4) ♞b8(6)–c6(4) 2. Nb1(2)-c3(2) *\n";
    let file = TempFile::new("trid_meder.pgn", record);
    let o = run(&["replay", file.0.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains("Nc3(2)") && out.contains("Pc4(4)*") && out.contains(" b KQkq - 2 2"),
        "{out}"
    );
}
