//! The clock the engine measures its time limits with.
//!
//! Native builds read the operating system's monotonic clock. WebAssembly in the browser
//! (`wasm32-unknown-unknown`) has no clock in `std` — `std::time::Instant::now` panics
//! there — so its host installs one with [`set_source`] (the browser's `performance.now`)
//! before the first search. Everything else in the engine only compares instants and
//! subtracts them, so the rest of the code does not know which clock it runs on.

use std::ops::Add;
use std::sync::OnceLock;
use std::time::Duration;

/// A clock: the time since some fixed origin, never decreasing.
pub type Source = fn() -> Duration;

static SOURCE: OnceLock<Source> = OnceLock::new();

/// Installs the clock for the whole process, before its first reading. Only the first
/// call counts (a clock that changed between two readings would make elapsed times
/// meaningless); later calls return false and change nothing.
pub fn set_source(source: Source) -> bool {
    SOURCE.set(source).is_ok()
}

/// The operating system's monotonic clock, from the first reading.
fn system() -> Duration {
    static ORIGIN: OnceLock<std::time::Instant> = OnceLock::new();
    ORIGIN.get_or_init(std::time::Instant::now).elapsed()
}

/// A point in time of the engine's clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Instant(Duration);

impl Instant {
    pub fn now() -> Instant {
        Instant(SOURCE.get().map_or_else(system, |source| source()))
    }

    /// The time since this instant.
    pub fn elapsed(&self) -> Duration {
        Instant::now().saturating_duration_since(*self)
    }

    /// The time from `earlier` to this instant; zero if `earlier` is later.
    pub fn saturating_duration_since(&self, earlier: Instant) -> Duration {
        self.0.saturating_sub(earlier.0)
    }
}

impl Add<Duration> for Instant {
    type Output = Instant;
    fn add(self, d: Duration) -> Instant {
        Instant(self.0 + d)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn instants_order_and_subtract() {
        let a = Instant(Duration::from_millis(5));
        let b = a + Duration::from_millis(7);
        assert!(a < b);
        assert_eq!(b.saturating_duration_since(a), Duration::from_millis(7));
        assert_eq!(a.saturating_duration_since(b), Duration::ZERO);
    }

    #[test]
    fn the_system_clock_does_not_go_back() {
        let a = Instant::now();
        let b = Instant::now();
        assert!(b >= a);
    }
}
