//! The command line speaks Fourfold: perft, moves and replay of a public-format record.

use std::process::Command;

fn run(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_spacechess"))
        .args(args)
        .output()
        .expect("run spacechess");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn perft_and_moves_from_the_start() {
    assert_eq!(run(&["perft", "fourfold", "3"]).trim(), "74569");
    let moves = run(&["moves", "fourfold"]);
    assert_eq!(moves.lines().count(), 41);
    assert!(moves.lines().any(|t| t == "b1@10b1@01"));
}

#[test]
fn replays_a_public_record() {
    let record = "[Variant \"Fourfold-4x4x2x2\"]\n\
        [FEN4D \"k3/4/4/4|4/4/4/3K|4/4/4/4|3R/1P2/4/4 w 0 1\"]\n\n\
        1. b3@11-b4@11=Q# 1-0\n";
    let path = std::env::temp_dir().join(format!("fourfold-cli-{}.pgn", std::process::id()));
    std::fs::write(&path, record).unwrap();
    let out = run(&["replay", path.to_str().unwrap()]);
    std::fs::remove_file(&path).ok();
    assert_eq!(out.trim(), "k3/4/4/4|4/4/4/3K|4/4/4/4|1Q1R/4/4/4 b 0 1");
}
