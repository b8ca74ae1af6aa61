//! The engine text protocol (records.md), driven by scripted standard input.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Runs `spacechess engine` with the script on standard input; returns standard output.
fn transcript(script: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_spacechess"))
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "exit status {:?}", out.status);
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn handshake_lists_the_options() {
    let out = transcript("uci\nisready\nquit\n");
    assert!(out.starts_with("id name spacechess"));
    for option in ["Variant", "Rules", "Threads", "Hash"] {
        assert!(
            out.contains(&format!("option name {option} ")),
            "{option}\n{out}"
        );
    }
    assert!(out.contains("uciok\nreadyok\n"), "{out}");
}

#[test]
fn go_depth_reports_each_iteration_and_a_legal_best_move() {
    let out = transcript(
        "setoption name Variant value fourfold\nsetoption name Threads value 1\nposition startpos moves b2@00b3@00\ngo depth 4\n",
    );
    let infos: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    assert_eq!(infos.len(), 4, "{out}");
    for (i, l) in infos.iter().enumerate() {
        assert!(
            l.starts_with(&format!("info depth {} score ", i + 1)),
            "{l}"
        );
        assert!(
            l.contains(" nodes ") && l.contains(" nps ") && l.contains(" pv "),
            "{l}"
        );
    }
    let best = out.lines().last().unwrap();
    assert!(best.starts_with("bestmove "), "{out}");
    // The move is legal: playing it is accepted.
    let token = best.trim_start_matches("bestmove ");
    let check = transcript(&format!(
        "setoption name Variant value fourfold\nposition startpos moves b2@00b3@00 {token}\nd\n"
    ));
    assert!(!check.contains("error"), "{check}");
}

#[test]
fn every_variant_and_rule_set_answers() {
    for (variant, rules) in [
        ("stacked", None),
        ("trid", Some("federation")),
        ("trid", Some("meder")),
        ("trid", Some("stepwise")),
        ("quadlevel", None),
        ("fourfold", None),
    ] {
        let mut script = format!("setoption name Variant value {variant}\n");
        if let Some(r) = rules {
            script.push_str(&format!("setoption name Rules value {r}\n"));
        }
        script.push_str("position startpos\ngo depth 2\n");
        let out = transcript(&script);
        assert!(!out.contains("error"), "{variant}: {out}");
        assert!(
            out.lines().last().unwrap().starts_with("bestmove "),
            "{variant}: {out}"
        );
    }
}

#[test]
fn bad_input_is_named_and_ignored() {
    let out = transcript(
        "frobnicate\nsetoption name Variant value chess\nsetoption name Threads value many\nsetoption name Colour value red\nsetoption name Variant value fourfold\nposition startpos moves z9@99z1@00\nposition pos 4/4/4 w 0 1\nposition\ngo depth banana\ngo sideways 3\ngo perft 99\ngo oracle movetime\nposition startpos\ngo depth 1\n",
    );
    let errors: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("info string error"))
        .collect();
    assert_eq!(errors.len(), 11, "{out}");
    assert!(errors[0].contains("frobnicate"));
    assert!(errors[1].contains("chess"));
    assert!(errors[2].contains("many"));
    assert!(errors[3].contains("Colour"));
    assert!(errors[4].contains("z9@99z1@00"));
    assert!(errors[5].contains("4/4/4"));
    assert!(errors[7].contains("banana"));
    assert!(errors[8].contains("sideways"));
    // After all that, the engine still plays.
    assert!(
        out.lines().last().unwrap().starts_with("bestmove "),
        "{out}"
    );
}

#[test]
fn perft_divide_and_display() {
    let out =
        transcript("setoption name Variant value fourfold\nposition startpos\ngo perft 2\nd\n");
    let lines: Vec<&str> = out.lines().collect();
    let total_line = lines.iter().find(|l| l.starts_with("nodes ")).unwrap();
    let total: u64 = total_line[6..].parse().unwrap();
    let sum: u64 = lines
        .iter()
        .take_while(|l| !l.starts_with("nodes "))
        .map(|l| l.rsplit(' ').next().unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, total);
    assert!(
        out.contains("Position: 4/4/PPPP/RNKQ|4/4/4/1BR1|1rb1/4/4/4|qknr/pppp/4/4 w 0 1"),
        "{out}"
    );
}

#[test]
fn oracle_reports_every_move() {
    let out = transcript(
        "setoption name Variant value fourfold\nposition startpos\ngo oracle movetime 800\n",
    );
    let moves = out
        .lines()
        .filter(|l| l.starts_with("info string oracle move "))
        .count();
    let perft =
        transcript("setoption name Variant value fourfold\nposition startpos\ngo perft 1\n");
    let legal = perft.lines().filter(|l| !l.starts_with("nodes")).count();
    assert_eq!(moves, legal, "{out}");
    assert!(out.contains(" tag ") && out.contains(" depth "));
    assert!(out.trim_end().ends_with("info string oracle done"));
}

#[test]
fn stop_answers_an_infinite_search_at_once() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_spacechess"))
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    writeln!(
        stdin,
        "setoption name Variant value stacked\nposition startpos\ngo infinite"
    )
    .unwrap();
    stdin.flush().unwrap();
    std::thread::sleep(Duration::from_millis(500));
    let asked = Instant::now();
    writeln!(stdin, "stop").unwrap();
    stdin.flush().unwrap();
    let mut line = String::new();
    loop {
        line.clear();
        assert!(stdout.read_line(&mut line).unwrap() > 0, "no bestmove");
        if line.starts_with("bestmove ") {
            break;
        }
    }
    let took = asked.elapsed();
    eprintln!("bestmove {took:?} after stop");
    assert!(took < Duration::from_millis(300), "{took:?}");
    writeln!(stdin, "quit").unwrap();
    drop(stdin);
    assert!(child.wait().unwrap().success());
}

/// The static evaluation `eval` prints, in centipawns.
fn static_eval(out: &str) -> i32 {
    let line = out
        .lines()
        .find(|l| l.starts_with("info string eval static "))
        .unwrap_or_else(|| panic!("no eval line in\n{out}"));
    line["info string eval static ".len()..]
        .split_whitespace()
        .next()
        .unwrap()
        .parse()
        .unwrap()
}

#[test]
fn the_weights_option_replaces_the_committed_evaluation_weights() {
    let committed = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../engine/src/eval/weights/fourfold.txt"
    ))
    .unwrap();
    let tempo: i32 = committed
        .lines()
        .find_map(|l| l.strip_prefix("tempo "))
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("fourfold.txt");
    let changed: String = committed
        .lines()
        .map(|l| {
            if l.starts_with("tempo ") {
                format!("tempo {}\n", tempo + 57)
            } else {
                format!("{l}\n")
            }
        })
        .collect();
    std::fs::write(&file, changed).unwrap();

    let script = "setoption name Variant value fourfold\nposition startpos\neval\nquit\n";
    let before = static_eval(&transcript(script));
    let with = transcript(&format!(
        "setoption name Variant value fourfold\nsetoption name Weights value {}\nposition startpos\neval\nquit\n",
        file.display()
    ));
    assert!(!with.contains("error"), "{with}");
    assert_eq!(static_eval(&with), before + 57, "{with}");

    // Once the variant has been evaluated, its weights are fixed.
    let late = transcript(&format!(
        "setoption name Variant value fourfold\nposition startpos\neval\nsetoption name Weights value {}\nquit\n",
        file.display()
    ));
    assert!(late.contains("already in use"), "{late}");
}

#[test]
fn a_bad_weights_file_is_refused_with_its_line() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bad.txt");
    std::fs::write(&file, "variant fourfold\npawn lots\n").unwrap();
    let out = transcript(&format!(
        "setoption name Variant value fourfold\nsetoption name Weights value {}\nsetoption name Weights value {}/missing.txt\nquit\n",
        file.display(),
        dir.path().display()
    ));
    let errors: Vec<&str> = out.lines().filter(|l| l.contains("error")).collect();
    assert_eq!(errors.len(), 2, "{out}");
    assert!(errors[0].contains("line 2"), "{}", errors[0]);
    assert!(errors[1].contains("cannot read"), "{}", errors[1]);
}
