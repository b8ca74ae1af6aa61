//! The engine's time limits read the installed clock (as WebAssembly's host installs the
//! browser's). Its own test binary: the clock is process-wide.

use engine::api::{search_game, Limits, SearchOptions, Settings};
use engine::clock;
use rules::stacked::StackedPosition;
use rules::{Game, Setup, Variant};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

static READINGS: AtomicU64 = AtomicU64::new(0);

/// A clock that advances one millisecond per reading.
fn ticking() -> Duration {
    Duration::from_millis(READINGS.fetch_add(1, Ordering::Relaxed))
}

#[test]
fn a_move_time_is_measured_on_the_installed_clock() {
    assert!(clock::set_source(ticking));
    assert!(!clock::set_source(ticking), "the first clock stays");
    let game = Game::<StackedPosition>::from_setup(&Setup::standard(Variant::Stacked)).unwrap();
    let limits = Limits {
        movetime: Some(Duration::from_millis(200)),
        ..Limits::default()
    };
    let settings = Settings {
        threads: 1,
        hash_mb: 1,
    };
    let options = SearchOptions {
        seed: 1,
        ..SearchOptions::default()
    };
    let stop = Arc::new(AtomicBool::new(false));
    let r = search_game(&game, limits, settings, options, stop, Box::new(|_| {}));
    // The search ends once 200 readings went by: its elapsed time is the ticking clock's.
    assert!(r.elapsed >= Duration::from_millis(200), "{:?}", r.elapsed);
    assert!(r.best.is_some());
    let readings = READINGS.load(Ordering::Relaxed);
    assert!(readings >= 200, "{readings}");
    // About one reading per 256 nodes: far fewer nodes than a real 200 ms would search.
    assert!(r.nodes < 256 * 400, "{}", r.nodes);
}
