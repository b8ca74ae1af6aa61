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

#[test]
fn pairs_played_at_once_are_all_counted_and_recorded() {
    let records = std::env::temp_dir().join(format!("match-records-{}.txt", std::process::id()));
    let _ = std::fs::remove_file(&records);
    let out = Command::new(env!("CARGO_BIN_EXE_spacechess"))
        .args([
            "match",
            "fourfold",
            "--a-go",
            "depth 1",
            "--b-go",
            "depth 1",
            "--games",
            "6",
            "--min-games",
            "6",
            "--max-plies",
            "40",
            "--concurrency",
            "2",
            "--records",
        ])
        .arg(&records)
        .output()
        .expect("runs");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{text}");
    let mut seen: Vec<usize> = text
        .lines()
        .filter_map(|l| l.strip_prefix("pair "))
        .map(|l| l.split_whitespace().next().unwrap().parse().unwrap())
        .collect();
    seen.sort_unstable();
    // The SPRT cannot decide 3 pairs of a 6-game minimum: every pair is played once.
    assert_eq!(seen, [1, 2, 3], "{text}");
    assert!(text.contains("result: 6 games"), "{text}");
    let written = std::fs::read_to_string(&records).expect("records written");
    let _ = std::fs::remove_file(&records);
    let lines: Vec<&str> = written.lines().collect();
    assert_eq!(lines.len(), 6, "{written}");
    for line in lines {
        // "pair N A white|black SCORE (how) P plies: moves…", the plies matching the moves.
        let (head, moves) = line.split_once(" plies: ").expect(line);
        let plies: usize = head.rsplit(' ').next().unwrap().parse().expect(line);
        assert_eq!(moves.split_whitespace().count(), plies, "{line}");
        assert!(plies >= 6, "the opening's moves are included: {line}");
    }
}
