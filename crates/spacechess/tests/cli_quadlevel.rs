//! The command line with Quadlevel: perft, moves (with the destroy-both-kings option),
//! replay, and bad input.

mod common;

use common::{run, stderr, stdout, TempFile};

#[test]
fn perft_and_divide_from_the_start() {
    let o = run(&["perft", "quadlevel", "3"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "90408\n");
    let o = run(&["perft", "quadlevel", "--divide", "2"]);
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 45);
    assert!(lines.contains(&"b1L1c3L1 44"));
    assert_eq!(*lines.last().unwrap(), "1936");
}

#[test]
fn moves_with_destroy_both_kings() {
    // Both White kings are checked and nothing answers; without the d2L3 pawn the d1L4
    // king can step there once the a1L1 king is removed.
    let pos = "4/4/4/4/4/4/PPn1/K*N2|1k2/4/4/4/4/4/P3/B3|2k1/4/4/4/4/4/4/3B|4/4/4/4/4/4/1nPP/2NK* w - 0 1";
    let o = run(&["moves", "quadlevel", "--pos", pos]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "");
    let o = run(&[
        "moves",
        "quadlevel",
        "--option",
        "destroy-both-kings",
        "--pos",
        pos,
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "a1L1!d1L4d2L3\n");
}

/// Kings off their start cells need no `*` mark (a new user's first try).
#[test]
fn perft_from_a_position_without_moved_marks() {
    let pos =
        "k3/4/4/4/4/4/4/K3|4/4/4/1P2/4/4/4/4|4/4/4/1pP1/4/4/4/4|3k/4/4/1P2/4/4/4/3K w b6L3 0 2";
    let marked = pos
        .replacen("k3/", "k*3/", 1)
        .replacen("/K3|", "/K*3|", 1)
        .replacen("|3k/", "|3k*/", 1)
        .replacen("/3K w", "/3K* w", 1);
    let o = run(&["perft", "quadlevel", "--pos", pos, "1"]);
    assert!(o.status.success(), "{}", stderr(&o));
    // The count the simple generator agrees with (rules' quadlevel_crosscheck).
    assert_eq!(stdout(&o), "16\n");
    let o = run(&["perft", "quadlevel", "--pos", &marked, "1"]);
    assert_eq!(stdout(&o), "16\n");
}

#[test]
fn replay_prints_the_final_position() {
    let record = "[Variant \"quadlevel\"]\n\n1. c2L2–c4L2 ♞d8L2–c6L2 2. Nb1L1-c3L1 b7L2b5L2 3. c4L2xb5L2 *\n";
    let file = TempFile::new("game.txt", record);
    let o = run(&["replay", file.0.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "rnbr/pppp/4/4/4/2N1/PPPP/R1BR|bkq1/p1pp/2n1/1P2/4/4/PP1P/BKQN|nqkb/pppp/4/4/4/4/PPPP/NQKB|rbnr/pppp/4/4/4/4/PPPP/RBNR b - 0 3\n"
    );
}

#[test]
fn bad_input_is_named() {
    let o = run(&["moves", "quadlevel", "--pos", "4/4 w"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("found 2 fields"), "{}", stderr(&o));
    let file = TempFile::new("bad.txt", "[Variant \"quadlevel\"]\n\n1. c2L2–c5L2 *\n");
    let o = run(&["replay", file.0.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("record move 1. c2L2–c5L2: illegal move"),
        "{}",
        stderr(&o)
    );
}
