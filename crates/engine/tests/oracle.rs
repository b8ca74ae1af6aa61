//! The Oracle's scores, tags and ranking, on positions built for each tag (toy variant).

mod toy;

use engine::api::{Level, OracleReport, OracleTag, Score, Settings};
use engine::oracle;
use rules::{Game, Position, Setup, Variant};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;
use toy::Toy;

fn game(s: &str, moves: &[&str]) -> Game<Toy> {
    let start = Toy::from_position_string(&Setup::standard(Variant::Stacked), s).unwrap();
    let mut g = Game::new(start);
    for m in moves {
        g.play_token(m).expect("legal");
    }
    g
}

fn ask(g: &Game<Toy>) -> OracleReport {
    ask_at(g, Level::Max, Duration::from_millis(1500))
}

fn ask_at(g: &Game<Toy>, level: Level, budget: Duration) -> OracleReport {
    let mut reports = Vec::new();
    oracle::run(
        g,
        budget,
        level,
        Settings {
            threads: 1,
            hash_mb: 8,
        },
        Arc::new(AtomicBool::new(false)),
        &mut |r| reports.push(r),
    );
    assert!(reports.len() >= 2, "reports stream");
    let last = reports.pop().unwrap();
    assert!(last.done);
    assert!(reports.iter().all(|r| !r.done));
    let legal = g.position().legal_moves().len();
    assert_eq!(last.moves.len(), legal, "every legal move is scored");
    last
}

fn find<'a>(r: &'a OracleReport, token: &str) -> (usize, &'a engine::api::OracleMove) {
    r.moves
        .iter()
        .enumerate()
        .find(|(_, m)| m.token == token)
        .unwrap_or_else(|| panic!("{token} missing"))
}

const CYCLE: [&str; 7] = ["b8c6", "g1f3", "c6b8", "f3g1", "b8c6", "g1f3", "c6b8"];

#[test]
fn a_third_repetition_is_a_draw_ranked_below_keeping_the_advantage() {
    // White a queen up; f3g1 would bring the start position up a third time.
    let g = game("1n2k3/8/8/8/8/8/8/3QK1N1 b 0", &CYCLE);
    let r = ask(&g);
    let (rank, m) = find(&r, "f3g1");
    assert_eq!(m.tag, OracleTag::DrawRepetition);
    assert_eq!(m.score, Score::Cp(0));
    let keeping = r
        .moves
        .iter()
        .filter(|m| {
            matches!(m.score, Score::Cp(v) if v > 50) || matches!(m.score, Score::Mate(n) if n > 0)
        })
        .count();
    assert!(keeping > 5);
    assert!(
        rank >= keeping,
        "ranked {rank}, {keeping} moves keep the advantage"
    );
    // The top six were looked at more deeply than pass 1.
    let depths: Vec<u32> = r.moves.iter().map(|m| m.depth).collect();
    let shallow = *depths.iter().min().unwrap();
    assert!(
        depths.iter().filter(|&&d| d > shallow).count() >= 1,
        "{depths:?}"
    );
}

#[test]
fn allowing_a_repetition_when_behind_keeps_its_score() {
    // Black a queen down (to move): c6b8 lets White repeat a third time with f3g1, but
    // White is ahead and would not, so the move keeps its normal (bad) score.
    let g = game("1n2k3/8/8/8/8/8/8/3QK1N1 b 0", &CYCLE[..6]);
    let r = ask(&g);
    let (_, m) = find(&r, "c6b8");
    assert_eq!(m.tag, OracleTag::AllowsRepetition);
    assert!(
        matches!(m.score, Score::Cp(v) if v < -300) || matches!(m.score, Score::Mate(n) if n < 0),
        "{:?}",
        m.score
    );
}

#[test]
fn allowing_a_repetition_when_ahead_scores_as_a_draw_and_ranks_low() {
    // Black a queen up: c6b8 lets White take a draw by repetition.
    let g = game("1n1qk3/8/8/8/8/8/8/4K1N1 b 0", &CYCLE[..6]);
    let r = ask(&g);
    let (rank, m) = find(&r, "c6b8");
    assert_eq!(m.tag, OracleTag::AllowsRepetition);
    assert_eq!(m.score, Score::Cp(0));
    let keeping = r
        .moves
        .iter()
        .filter(|m| {
            matches!(m.score, Score::Cp(v) if v > 50) || matches!(m.score, Score::Mate(n) if n > 0)
        })
        .count();
    assert!(rank >= keeping);
}

#[test]
fn mates_and_stalemates_are_tagged_and_scored() {
    let g = game("k7/8/1K6/8/8/8/8/2Q5 w 0", &[]);
    let r = ask(&g);
    assert_eq!(r.moves[0].token, "c1c8");
    assert_eq!(r.moves[0].tag, OracleTag::Mate(1));
    assert_eq!(r.moves[0].score, Score::Mate(1));
    // Qc7 stalemates: a draw.
    let (_, m) = find(&r, "c1c7");
    assert_eq!(m.score, Score::Cp(0));
    assert_eq!(m.tag, OracleTag::Eval);
    // Black's only move walks into mate in one.
    let g = game("k7/2K5/8/8/8/8/8/1Q6 b 0", &[]);
    let r = ask(&g);
    assert_eq!(r.moves.len(), 1);
    assert_eq!(r.moves[0].tag, OracleTag::Mated(1));
    assert_eq!(r.moves[0].score, Score::Mate(-1));
}

/// The deepest look of a report.
fn deepest(r: &OracleReport) -> u32 {
    r.moves.iter().map(|m| m.depth).max().unwrap_or(0)
}

#[test]
fn each_setting_looks_that_many_moves_ahead_and_never_deeper() {
    // A quiet middle game of a few pieces: every setting reaches its depth in time.
    let g = game("r3k3/ppp2p2/2n5/8/3P4/2N5/PPP2P2/R3K3 w 0", &[]);
    for d in 1..=6u8 {
        let r = ask_at(&g, Level::Depth(d), Duration::from_secs(3));
        let depths: Vec<u32> = r.moves.iter().map(|m| m.depth).collect();
        assert!(
            depths.iter().all(|&x| (1..=u32::from(d)).contains(&x)),
            "setting {d}: {depths:?}"
        );
        assert_eq!(deepest(&r), u32::from(d), "setting {d}: {depths:?}");
        // Pass 2 took the best move as deep as the setting: its line is that long at
        // least when nothing ends it sooner (the line may go on through captures).
        assert!(
            r.moves[0].line.len() >= usize::from(d).min(2),
            "{:?}",
            r.moves[0]
        );
    }
}

#[test]
fn max_looks_deeper_than_any_setting_within_its_time() {
    let g = game("r3k3/ppp2p2/2n5/8/3P4/2N5/PPP2P2/R3K3 w 0", &[]);
    let six = ask_at(&g, Level::Depth(6), Duration::from_secs(3));
    let max = ask_at(&g, Level::Max, Duration::from_secs(3));
    assert!(
        deepest(&max) > deepest(&six),
        "max {} against setting 6 {}",
        deepest(&max),
        deepest(&six)
    );
}

#[test]
fn a_setting_ends_early_once_its_depth_is_reached() {
    // Setting 2 on a small position needs a fraction of the budget; it says it is done
    // well before the budget ends instead of spending it deeper.
    let g = game("r3k3/ppp2p2/2n5/8/3P4/2N5/PPP2P2/R3K3 w 0", &[]);
    let started = std::time::Instant::now();
    let r = ask_at(&g, Level::Depth(2), Duration::from_secs(20));
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "{:?}",
        started.elapsed()
    );
    assert_eq!(deepest(&r), 2);
}
