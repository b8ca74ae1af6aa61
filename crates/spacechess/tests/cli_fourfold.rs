//! The command line speaks Fourfold: perft, moves, replay of a public-format record, and
//! `replay --public`, which writes one.

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

#[test]
fn replay_public_writes_the_public_form() {
    // Our own format, Black resigned after two moves.
    let record = "[Event \"Casual game\"]\n[Variant \"fourfold\"]\n[Result \"1-0\"]\n\
        [Termination \"resignation\"]\n\n1. Kc1@00-c1@01 {+0.20} Bc4@01-b3@01 1-0\n";
    let path = std::env::temp_dir().join(format!("fourfold-public-{}.pgn", std::process::id()));
    std::fs::write(&path, record).unwrap();
    let out = run(&["replay", "--public", path.to_str().unwrap()]);
    std::fs::write(&path, "[Variant \"trid\"]\n\n*\n").unwrap();
    let refused = Command::new(env!("CARGO_BIN_EXE_spacechess"))
        .args(["replay", "--public"])
        .arg(&path)
        .output()
        .unwrap();
    std::fs::remove_file(&path).ok();
    for tag in [
        "[Event \"Casual game\"]",
        "[Result \"*\"]",
        "[Variant \"Fourfold-4x4x2x2\"]",
        "[Format \"PGN4D\"]",
        "[FormatVersion \"1\"]",
        "[Notation \"LAN4D\"]",
        "[SetUp \"1\"]",
        "[FEN4D \"4/4/PPPP/RNKQ|4/4/4/1BR1|1rb1/4/4/4|qknr/pppp/4/4 w 0 1\"]",
        "[Termination \"resignation\"]",
        "[DeclaredResult \"1-0\"]",
    ] {
        assert!(out.contains(tag), "{tag}\n{out}");
    }
    assert!(
        out.ends_with("1. Kc1@00-c1@01 {+0.20} Bc4@01-b3@01 *\n"),
        "{out}"
    );
    // The public form back in: the same game, resignation included.
    let (game, _) = rules::any::import_record(&out).unwrap();
    assert_eq!(game.history().len(), 2);
    assert_eq!(
        game.status(),
        rules::GameStatus::Over(rules::Outcome::win(
            rules::Color::White,
            rules::Termination::Resignation
        ))
    );
    assert_eq!(refused.status.code(), Some(2));
    let message = String::from_utf8_lossy(&refused.stderr);
    assert!(
        message.contains("for fourfold games, not trid"),
        "{message}"
    );
}
