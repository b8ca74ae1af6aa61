//! Multi-PV: an analysis finds several best lines, each beginning with its own root move,
//! best first; its first line is the ordinary search's answer, and one line is exactly
//! the ordinary search.

use engine::api::{analyse_game, start_analysis, AnalysisReport, Limits, Score, Settings};
use engine::bench;
use engine::eval::Evaluate;
use rules::any::new_game;
use rules::fourfold::FourfoldPosition;
use rules::stacked::StackedPosition;
use rules::trid::TridPosition;
use rules::{Game, Position, Setup, Variant};

use std::collections::HashSet;
use std::sync::atomic::AtomicBool;
use std::sync::mpsc::channel;
use std::sync::Arc;
use std::time::Duration;

fn depth_limits(depth: u32) -> Limits {
    Limits {
        depth: Some(depth),
        movetime: Some(Duration::from_secs(3600)),
        ..Limits::default()
    }
}

/// The settings the bench searches with (one thread, 16 MB).
fn one_thread() -> Settings {
    Settings {
        threads: 1,
        hash_mb: 16,
    }
}

fn analyse<P: Evaluate>(game: &Game<P>, lines: usize, depth: u32) -> AnalysisReport {
    analyse_game(
        game,
        lines,
        depth_limits(depth),
        one_thread(),
        Arc::new(AtomicBool::new(false)),
        Box::new(|_| {}),
    )
}

/// Orders scores as the engine does: a mate for the side to move above every centipawn
/// score, a nearer mate higher; being mated below, a nearer one lower.
fn rank(s: Score) -> i64 {
    match s {
        Score::Cp(cp) => i64::from(cp),
        Score::Mate(n) if n > 0 => 1_000_000 - i64::from(n),
        Score::Mate(n) => -1_000_000 - i64::from(n),
    }
}

/// The bench's positions of a setup (the start and five playouts).
fn positions<P: Position>(variant: Variant) -> Vec<Game<P>> {
    let start = Game::<P>::from_setup(&Setup::standard(variant)).expect("a standard start");
    bench::positions(&start)
}

fn check_lines<P: Evaluate>(game: &Game<P>, lines: usize, depth: u32) {
    let report = analyse(game, lines, depth);
    let legal: HashSet<String> = game
        .position()
        .legal_moves()
        .into_iter()
        .map(|m| game.position().move_token(m))
        .collect();
    assert_eq!(report.depth, depth);
    assert_eq!(report.lines.len(), lines.min(legal.len()));
    let firsts: HashSet<&String> = report.lines.iter().map(|l| &l.pv[0]).collect();
    assert_eq!(
        firsts.len(),
        report.lines.len(),
        "distinct first moves: {report:?}"
    );
    assert!(firsts.iter().all(|t| legal.contains(*t)), "{report:?}");
    for pair in report.lines.windows(2) {
        assert!(
            rank(pair[0].score) >= rank(pair[1].score),
            "best first: {report:?}"
        );
    }
    // Each line is legal as a whole (the tokens stop at the first illegal move).
    for l in &report.lines {
        let mut g = game.clone();
        for t in &l.pv {
            let m = g
                .position()
                .legal_moves()
                .into_iter()
                .find(|&m| g.position().move_token(m) == *t);
            g.play(m.expect("each move of a line is legal"))
                .expect("plays");
        }
    }
}

#[test]
fn lines_are_distinct_legal_and_best_first_in_every_variant() {
    for game in positions::<FourfoldPosition>(Variant::Fourfold)
        .iter()
        .take(3)
    {
        check_lines(game, 4, 3);
    }
    for game in positions::<StackedPosition>(Variant::Stacked)
        .iter()
        .take(2)
    {
        check_lines(game, 3, 3);
    }
    for game in positions::<TridPosition>(Variant::Trid).iter().take(2) {
        check_lines(game, 3, 3);
    }
}

#[test]
fn one_line_is_exactly_the_ordinary_search() {
    for game in positions::<FourfoldPosition>(Variant::Fourfold)
        .iter()
        .take(3)
    {
        let ordinary = bench::search(game, 4, 1);
        let one = analyse(game, 1, 4);
        assert_eq!(one.nodes, ordinary.nodes, "the same search, node for node");
        assert_eq!(one.lines.len(), 1);
        assert_eq!(one.lines[0].pv, ordinary.pv);
        assert_eq!(one.lines[0].score, ordinary.score);
    }
}

#[test]
fn the_first_line_is_the_ordinary_best_move_at_the_same_depth() {
    let mut compared = 0;
    for game in &positions::<FourfoldPosition>(Variant::Fourfold) {
        let ordinary = bench::search(game, 4, 1);
        let several = analyse(game, 3, 4);
        assert_eq!(
            several.lines[0].pv.first(),
            ordinary.best.as_ref(),
            "{several:?}"
        );
        compared += 1;
    }
    for game in positions::<StackedPosition>(Variant::Stacked)
        .iter()
        .take(3)
    {
        // Stacked's wider trees are pruned differently when three lines share the
        // iterations (the move order of each depth follows all three, and the futility
        // cuts follow the window), so the ordinary best move need only be one of the
        // lines, and at depth 4: at depth 3 a pruned line can fall out of the top three.
        let ordinary = bench::search(game, 4, 1);
        let several = analyse(game, 3, 4);
        assert!(
            several
                .lines
                .iter()
                .any(|l| l.pv.first() == ordinary.best.as_ref()),
            "{several:?} {:?}",
            ordinary.best
        );
        compared += 1;
    }
    assert_eq!(compared, 9);
}

#[test]
fn a_running_analysis_reports_every_depth_and_stops_when_asked() {
    let game = new_game(&Setup::standard(Variant::Fourfold), None).expect("fourfold");
    let (tx, rx) = channel();
    let handle = start_analysis(
        &game,
        3,
        Limits {
            movetime: Some(Duration::from_secs(3600)),
            ..Limits::default()
        },
        Settings {
            threads: 2,
            hash_mb: 8,
        },
        Box::new(move |r| {
            let _ = tx.send(r);
        }),
    );
    let first = rx.recv().expect("a first report");
    assert_eq!(first.depth, 1);
    assert_eq!(first.lines.len(), 3);
    let second = rx.recv().expect("a second report");
    assert_eq!(second.depth, 2);
    handle.stop();
    let last = handle.wait();
    assert!(last.depth >= 2, "{last:?}");
    assert_eq!(last.lines.len(), 3);
}
