//! `spacechess selfplay` then `spacechess tune` end to end: the data parses, the tuner
//! writes weights in the committed format, bad files are refused naming the line.

use engine::eval::weights::Weighted;
use engine::tune::data;
use rules::fourfold::FourfoldPosition;
use rules::trid::TridPosition;
use rules::RuleSet;
use std::process::{Command, Output};

fn spacechess(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_spacechess"))
        .args(args)
        .output()
        .expect("runs")
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

#[test]
fn selfplay_data_tunes_into_a_weights_file() {
    let dir = tempfile::tempdir().unwrap();
    let games = dir.path().join("games.txt");
    let out = spacechess(&[
        "selfplay",
        "--variant",
        "fourfold",
        "--games",
        "4",
        "--nodes",
        "200",
        "--seed",
        "3",
        "--out",
        games.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out));
    assert!(text(&out).contains("fourfold: 4 games"), "{}", text(&out));
    let written = std::fs::read_to_string(&games).unwrap();
    let records = data::parse_file("games.txt", &written).expect("selfplay writes valid data");
    assert!(!records.is_empty(), "{written}");
    assert!(records
        .iter()
        .all(|(_, r)| r.setup.variant().id() == "fourfold"));

    let weights = dir.path().join("fourfold.txt");
    let out = spacechess(&[
        "tune",
        "fourfold",
        "--data",
        games.to_str().unwrap(),
        "--out",
        weights.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out));
    let report = text(&out);
    assert!(
        report.contains("error before") && report.contains("error after"),
        "{report}"
    );
    let fitted = std::fs::read_to_string(&weights).unwrap();
    let parsed = FourfoldPosition::committed()
        .parse(&fitted)
        .expect("the tuner writes the committed format");
    assert_eq!(parsed.names, FourfoldPosition::committed().names());
}

/// Each Tri-D rule set has weights of its own: `tune trid --rules R` fits only that rule
/// set's positions and writes a file only its weights accept.
#[test]
fn tri_d_rule_sets_are_tuned_apart() {
    let dir = tempfile::tempdir().unwrap();
    let (meder, stepwise_games) = (
        dir.path().join("meder.txt"),
        dir.path().join("stepwise.txt"),
    );
    let mut records = Vec::new();
    for (rules, file) in [("meder", &meder), ("stepwise", &stepwise_games)] {
        let out = spacechess(&[
            "selfplay",
            "--variant",
            "trid",
            "--rules",
            rules,
            "--games",
            "2",
            "--nodes",
            "200",
            "--seed",
            "5",
            "--out",
            file.to_str().unwrap(),
        ]);
        assert!(out.status.success(), "{}", text(&out));
        let written = std::fs::read_to_string(file).unwrap();
        records.extend(data::parse_file(rules, &written).expect("valid data"));
    }
    let stepwise = records
        .iter()
        .filter(|(_, r)| r.setup.rules() == RuleSet::Stepwise)
        .count();
    assert!(stepwise > 0 && stepwise < records.len());

    let weights = dir.path().join("weights.txt");
    let out = spacechess(&[
        "tune",
        "trid",
        "--rules",
        "stepwise",
        "--data",
        meder.to_str().unwrap(),
        "--data",
        stepwise_games.to_str().unwrap(),
        "--out",
        weights.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out));
    assert!(
        text(&out).contains(&format!("{stepwise} positions of trid/stepwise")),
        "{}",
        text(&out)
    );
    let fitted = std::fs::read_to_string(&weights).unwrap();
    assert!(fitted.contains("tune trid --rules stepwise"), "{fitted}");
    TridPosition::committed_for(RuleSet::Stepwise)
        .parse(&fitted)
        .expect("stepwise weights");
    let e = TridPosition::committed_for(RuleSet::Meder)
        .parse(&fitted)
        .unwrap_err();
    assert!(e.to_string().contains("trid/stepwise"), "{e}");

    let e = text(&spacechess(&[
        "tune",
        "stacked",
        "--rules",
        "meder",
        "--data",
        meder.to_str().unwrap(),
        "--out",
        weights.to_str().unwrap(),
    ]));
    assert!(e.contains("meder"), "{e}");
}

#[test]
fn bad_data_is_refused_naming_the_line() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, "# ok\nfourfold 1-0 10 not a position\n").unwrap();
    let w = dir.path().join("w.txt");
    let out = spacechess(&[
        "tune",
        "fourfold",
        "--data",
        bad.to_str().unwrap(),
        "--out",
        w.to_str().unwrap(),
    ]);
    assert!(!out.status.success());
    let e = text(&out);
    assert!(
        e.contains("bad.txt line 2") && e.contains("position"),
        "{e}"
    );
    assert!(!w.exists(), "nothing written on error");

    std::fs::write(&bad, "fourfold draw 10 x\n").unwrap();
    let e = text(&spacechess(&[
        "tune",
        "fourfold",
        "--data",
        bad.to_str().unwrap(),
        "--out",
        w.to_str().unwrap(),
    ]));
    assert!(e.contains("line 1") && e.contains("\"draw\""), "{e}");

    std::fs::write(&bad, "# only comments\n").unwrap();
    let e = text(&spacechess(&[
        "tune",
        "fourfold",
        "--data",
        bad.to_str().unwrap(),
        "--out",
        w.to_str().unwrap(),
    ]));
    assert!(e.contains("no fourfold positions"), "{e}");

    let e = text(&spacechess(&[
        "selfplay",
        "--variant",
        "chess",
        "--out",
        w.to_str().unwrap(),
    ]));
    assert!(e.contains("chess"), "{e}");
}
