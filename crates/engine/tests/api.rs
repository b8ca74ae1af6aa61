//! The library interface the server uses, on a real variant (Fourfold).

use engine::api::{
    accepts_draw, evaluate_for_record, start_search, Level, Limits, Score, Settings,
};
use rules::any::{new_game, AnyGame};
use rules::{Color, Setup, Variant};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

fn fourfold(pos: Option<&str>) -> AnyGame {
    new_game(&Setup::standard(Variant::Fourfold), pos).expect("fourfold game")
}

fn settings() -> Settings {
    Settings {
        threads: 2,
        hash_mb: 16,
    }
}

#[test]
fn a_level_search_returns_a_legal_move_and_reports_each_depth() {
    let game = fourfold(None);
    let depths = Arc::new(Mutex::new(Vec::new()));
    let seen = depths.clone();
    let h = start_search(
        &game,
        Limits::for_level(Level::Depth(3), None),
        settings(),
        Box::new(move |p| seen.lock().unwrap().push(p.depth)),
    );
    let r = h.wait();
    let best = r.best.expect("a move");
    assert!(game.legal_moves().iter().any(|m| m.token == best));
    assert_eq!(r.depth, 3);
    assert_eq!(*depths.lock().unwrap(), vec![1, 2, 3]);
    assert_eq!(r.pv.first(), Some(&best));
}

#[test]
fn stop_ends_a_max_level_search_quickly() {
    let game = fourfold(None);
    let h = start_search(
        &game,
        Limits::for_level(Level::Max, None),
        settings(),
        Box::new(|_| {}),
    );
    std::thread::sleep(Duration::from_millis(400));
    let asked = Instant::now();
    h.stop();
    let r = h.wait();
    let took = asked.elapsed();
    eprintln!("stop answered in {took:?}");
    assert!(r.best.is_some());
    assert!(took < Duration::from_millis(150), "took {took:?}");
}

#[test]
fn a_movetime_is_kept() {
    let game = fourfold(None);
    let started = Instant::now();
    let h = start_search(
        &game,
        Limits {
            movetime: Some(Duration::from_millis(300)),
            ..Limits::default()
        },
        settings(),
        Box::new(|_| {}),
    );
    let r = h.wait();
    assert!(r.best.is_some());
    let took = started.elapsed();
    assert!(
        took >= Duration::from_millis(250) && took < Duration::from_millis(800),
        "{took:?}"
    );
}

#[test]
fn evaluation_and_draw_offers_follow_the_material() {
    // White has an extra queen (Black's queen removed from the start position).
    let white_up = fourfold(Some(
        "4/4/PPPP/RNKQ|4/4/4/1BR1|1rb1/4/4/4|1knr/pppp/4/4 w 0 1",
    ));
    let e = evaluate_for_record(&white_up);
    assert!(e > 4.0, "{e}");
    assert!(!accepts_draw(&white_up, Color::White));
    assert!(accepts_draw(&white_up, Color::Black));
}

#[test]
fn a_depth_one_search_scores_in_centipawns() {
    let game = fourfold(None);
    let r = start_search(
        &game,
        Limits::for_level(Level::Depth(1), None),
        settings(),
        Box::new(|_| {}),
    )
    .wait();
    assert!(matches!(r.score, Score::Cp(_)));
}

#[test]
fn levels_vary_between_nearly_equal_moves_and_the_protocol_default_does_not() {
    use engine::api::{start_search_with, SearchOptions};
    // Stacked's start has many moves within a few centipawns of each other.
    let game = new_game(&Setup::standard(Variant::Stacked), None).expect("stacked game");
    let best = |vary: i32, seed: u64| {
        start_search_with(
            &game,
            Limits::for_level(Level::Depth(2), None),
            Settings {
                threads: 1,
                hash_mb: 4,
            },
            SearchOptions {
                vary,
                seed,
                ..SearchOptions::default()
            },
            Box::new(|_| {}),
        )
        .wait()
        .best
        .unwrap()
    };
    let varied: std::collections::HashSet<String> = (1..=12).map(|s| best(8, s)).collect();
    let fixed: std::collections::HashSet<String> = (1..=4).map(|s| best(0, s)).collect();
    assert!(varied.len() >= 2, "{varied:?}");
    assert_eq!(fixed.len(), 1, "{fixed:?}");
}
