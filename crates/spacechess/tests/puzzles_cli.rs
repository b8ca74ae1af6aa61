//! `spacechess puzzles` end to end: one short self-play game mined at a low depth; every
//! line is JSON, every solution replays legally from its position (a mate ends in mate),
//! the run is reproducible, and bad arguments are refused naming the value.

use rules::{GameStatus, Setup};
use std::process::{Command, Output};

fn spacechess(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_spacechess"))
        .args(args)
        .output()
        .expect("runs")
}

const RUN: [&str; 13] = [
    "puzzles",
    "--variant",
    "stacked",
    "--games",
    "1",
    "--depth",
    "2",
    "--nodes",
    "300",
    "--max-plies",
    "80",
    "--seed",
    "1",
];

#[test]
fn mined_puzzles_are_json_lines_whose_solutions_replay() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("puzzles.jsonl");
    let mut args = RUN.to_vec();
    args.extend(["--out", file.to_str().unwrap()]);
    let out = spacechess(&args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&file).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(!lines.is_empty(), "no puzzle in the game");
    let setup = Setup::from_ids("stacked", None, &[]).unwrap();
    let mut positions = std::collections::HashSet::new();
    for line in &lines {
        let p: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
        let position = p["position"].as_str().expect("a position");
        assert!(positions.insert(position.to_string()), "{position} twice");
        assert_eq!(p["variant"], "stacked");
        let mut game = rules::any::new_game(&setup, Some(position)).expect("the position");
        let side = if p["side"] == "white" {
            rules::Color::White
        } else {
            rules::Color::Black
        };
        assert_eq!(game.turn(), side, "{line}");
        let solution = p["solution"].as_array().expect("a solution");
        assert!(solution.len() % 2 == 1 && solution.len() <= 7, "{line}");
        for token in solution {
            game.play_token(token.as_str().unwrap())
                .unwrap_or_else(|e| panic!("{line}: {e}"));
        }
        match p["kind"].as_str().unwrap() {
            "material" => assert!(p["gain_pawns"].as_i64().unwrap() >= 2, "{line}"),
            kind => {
                let n = p["mate_in"].as_u64().unwrap();
                assert_eq!(kind, format!("mate-in-{n}"));
                assert_eq!(solution.len() as u64, 2 * n - 1, "{line}");
                assert!(
                    matches!(game.status(), GameStatus::Over(o) if o.winner == Some(side)),
                    "{line}: no mate"
                );
            }
        }
        assert!(p["source"]["ply"].as_u64().unwrap() < 80, "{line}");
        assert_eq!(p["source"]["game"], 0);
    }
    // The same arguments give the same puzzles (fixed nodes and depths, seeded).
    let again = spacechess(&RUN);
    assert!(again.status.success());
    assert_eq!(String::from_utf8_lossy(&again.stdout), text);
}

#[test]
fn bad_arguments_are_refused_naming_the_value() {
    for (flag, value, message) in [
        ("--variant", "hexagonal", "hexagonal"),
        ("--depth", "0", "--depth must be 1 to"),
        ("--depth", "99", "not 99"),
        ("--games", "0", "--games must be 1 to"),
        ("--nodes", "0", "--nodes must be 1 to"),
        ("--rules", "klingon", "klingon"),
    ] {
        let mut args = RUN.to_vec();
        let i = args.iter().position(|a| *a == flag);
        match i {
            Some(i) => args[i + 1] = value,
            None => args.extend([flag, value]),
        }
        let out = spacechess(&args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{flag} {value}: {err}");
        assert!(err.contains(message), "{flag} {value}: {err}");
    }
}

#[test]
fn records_are_mined_and_bad_ones_refused_naming_the_file() {
    let dir = tempfile::tempdir().unwrap();
    // A Stacked Boards game from a position where White's rook takes an undefended queen.
    let setup = Setup::from_ids("stacked", None, &[]).unwrap();
    let position = "8/8/8/8/8/8/8/K7|8/8/8/8/8/8/8/8|7k/8/8/3q4/8/8/8/3R4 w 0 30";
    let mut game = rules::any::new_game(&setup, Some(position)).unwrap();
    game.play_token("Td1Td5").unwrap();
    let record = dir.path().join("game.pgn");
    std::fs::write(&record, game.export(&[], &[])).unwrap();
    let out = spacechess(&[
        "puzzles",
        "--record",
        record.to_str().unwrap(),
        "--depth",
        "2",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    assert_eq!(lines.len(), 1, "{text}");
    assert_eq!(lines[0]["position"], game.start_position_string());
    assert_eq!(lines[0]["solution"], serde_json::json!(["Td1Td5"]));
    assert_eq!(lines[0]["kind"], "material");
    assert_eq!(lines[0]["gain_pawns"], 9);
    assert_eq!(lines[0]["source"]["record"], record.to_str().unwrap());
    assert_eq!(lines[0]["source"]["ply"], 0);

    let bad = dir.path().join("bad.pgn");
    std::fs::write(&bad, "[Variant \"stacked\"]\n\n1. Zz9 *\n").unwrap();
    let out = spacechess(&["puzzles", "--record", bad.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("bad.pgn"), "{err}");
    let out = spacechess(&["puzzles", "--games", "1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("need --variant"));
}

/// The miner's puzzles meet its own criteria: `puzzle-set` checking them again at the
/// miner's depth (the same searches) keeps every one, with ids and ratings; at a depth it
/// does not accept, or for a set it does not know, it refuses naming the value.
#[test]
fn mined_puzzles_pass_their_own_check_in_puzzle_set() {
    let dir = tempfile::tempdir().unwrap();
    let mined = dir.path().join("mined.jsonl");
    let set = dir.path().join("set.jsonl");
    let mut args = RUN.to_vec();
    args.extend(["--out", mined.to_str().unwrap()]);
    assert!(spacechess(&args).status.success());
    let count = std::fs::read_to_string(&mined).unwrap().lines().count();
    assert!(count > 0, "no puzzle in the game");
    let out = spacechess(&[
        "puzzle-set",
        "--set",
        "stacked",
        "--depth",
        "2",
        "--min-ply",
        "0",
        mined.to_str().unwrap(),
        "--out",
        set.to_str().unwrap(),
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("0 refused"), "{stderr}");
    let text = std::fs::read_to_string(&set).unwrap();
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    assert_eq!(lines.len(), count, "{stderr}");
    for p in &lines {
        assert!(p["id"].as_str().unwrap().starts_with("stacked-"), "{p}");
        assert_eq!(p["set"], "stacked");
        assert!(p["rating"].as_u64().unwrap() >= 1000, "{p}");
    }
    let bad = spacechess(&["puzzle-set", "--set", "chess", mined.to_str().unwrap()]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("\"chess\""));
    let bad = spacechess(&["puzzle-set", "--set", "stacked", "--depth", "0", "x"]);
    assert!(String::from_utf8_lossy(&bad.stderr).contains("--depth must be 1 to 12, not 0"));
}
