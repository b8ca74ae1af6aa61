//! `spacechess match` end to end: two engine processes, openings played twice, a verdict.

use std::process::Command;

#[test]
fn a_short_match_reports_pairs_and_a_result() {
    let out = Command::new(env!("CARGO_BIN_EXE_spacechess"))
        .args([
            "match",
            "fourfold",
            "--a-go",
            "depth 2",
            "--b-go",
            "depth 1",
            "--b-option",
            "Player=plain",
            "--games",
            "4",
            "--max-plies",
            "60",
        ])
        .output()
        .expect("runs");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let pairs = text.lines().filter(|l| l.starts_with("pair ")).count();
    assert!((1..=2).contains(&pairs), "{text}");
    let result = text
        .lines()
        .find(|l| l.starts_with("result: "))
        .expect("a result line");
    assert!(
        result.contains("Elo") && result.contains("LLR") && result.contains("SPRT"),
        "{result}"
    );
}

#[test]
fn a_bad_engine_option_is_reported() {
    let out = Command::new(env!("CARGO_BIN_EXE_spacechess"))
        .args([
            "match",
            "fourfold",
            "--a-option",
            "Colour=red",
            "--games",
            "2",
        ])
        .output()
        .expect("runs");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("Colour"));
}
