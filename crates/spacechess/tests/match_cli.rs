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
fn a_match_from_a_position_is_refused_with_the_way_to_give_openings() {
    let out = Command::new(env!("CARGO_BIN_EXE_spacechess"))
        .args(["match", "fourfold", "--pos", "k7/8/8/8 w", "--games", "2"])
        .output()
        .expect("runs");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--pos") && err.contains("--openings"), "{err}");
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

/// The bracketed opening of each pair line.
fn pair_openings(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| l.starts_with("pair "))
        .map(|l| {
            l.split_once('[')
                .unwrap()
                .1
                .split_once(']')
                .unwrap()
                .0
                .to_string()
        })
        .collect()
}

fn quick_match(extra: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_spacechess"))
        .args([
            "match", "fourfold", "--a-go", "depth 1", "--b-go", "depth 1",
        ])
        .args(["--games", "4", "--min-games", "4", "--max-plies", "20"])
        .args(extra)
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn a_match_plays_the_committed_book_unless_told_otherwise() {
    let book = include_str!("../books/fourfold.txt");
    let lines: Vec<&str> = book.lines().filter(|l| !l.starts_with('#')).collect();
    assert!(lines.len() >= 100, "a book of hundreds of lines");
    // Seed 1 starts at the book's first line; seed 2 at the line after this match's pairs.
    assert_eq!(pair_openings(&quick_match(&[])), lines[..2]);
    assert_eq!(pair_openings(&quick_match(&["--seed", "2"])), lines[2..4]);
    let random = pair_openings(&quick_match(&["--random-openings"]));
    assert_eq!(random.len(), 2);
    assert!(
        random.iter().all(|o| !lines.contains(&o.as_str())),
        "{random:?}"
    );
}

#[test]
fn the_book_command_keeps_balanced_openings_of_the_length_asked() {
    let dir = std::env::temp_dir().join(format!("books-{}", std::process::id()));
    let out = Command::new(env!("CARGO_BIN_EXE_spacechess"))
        .args([
            "book",
            "--variant",
            "stacked",
            "--lines",
            "3",
            "--plies",
            "4",
        ])
        .args(["--nodes", "3000", "--out"])
        .arg(&dir)
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(dir.join("stacked.txt")).expect("the book");
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        text.starts_with("# spacechess book --variant stacked --lines 3"),
        "{text}"
    );
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert!(
        lines.iter().all(|l| l.split_whitespace().count() == 4),
        "{text}"
    );
    // A margin beyond reason is refused, naming the flag.
    let out = Command::new(env!("CARGO_BIN_EXE_spacechess"))
        .args(["book", "--margin", "50", "--out"])
        .arg(std::env::temp_dir())
        .output()
        .expect("runs");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--margin"));
}
