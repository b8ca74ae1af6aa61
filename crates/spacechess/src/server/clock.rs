//! Game clocks kept by the server: each side's remaining time, charged when a move
//! arrives, plus the increment. As on lichess, each side's clock starts with that side's
//! first move: both first moves are free, and from then on the side to move's clock runs
//! from the moment its turn began (or the server started or resumed the game: time while
//! the server was down is not charged — a decision, so a restart never makes anyone lose
//! on time).

use rules::Color;
use std::time::{Duration, Instant};

#[derive(Clone, Debug)]
pub struct Clocks {
    /// Remaining time at the start of the current turn, indexed by colour.
    remaining_ms: [i64; 2],
    pub increment_ms: i64,
    /// The side whose clock runs, and since when; `None` once the game is over.
    running: Option<(Color, Instant)>,
}

/// What charging a move found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Charge {
    /// In time; the mover has this much left (increment included).
    InTime,
    /// The mover's time ran out before the move arrived.
    Flagged,
}

impl Clocks {
    pub fn new(white_ms: i64, black_ms: i64, increment_ms: i64) -> Clocks {
        Clocks {
            remaining_ms: [white_ms, black_ms],
            increment_ms,
            running: None,
        }
    }

    /// Starts `side`'s clock now.
    pub fn start(&mut self, side: Color, now: Instant) {
        self.running = Some((side, now));
    }

    /// Stops the clocks, charging the running side for the time used so far.
    pub fn stop(&mut self, now: Instant) {
        if let Some((side, since)) = self.running.take() {
            self.remaining_ms[side.index()] -= elapsed_ms(since, now);
        }
    }

    pub fn running(&self) -> Option<Color> {
        self.running.map(|(c, _)| c)
    }

    /// The time `side` has left at `now` (negative once flagged).
    pub fn remaining_ms(&self, side: Color, now: Instant) -> i64 {
        let base = self.remaining_ms[side.index()];
        match self.running {
            Some((c, since)) if c == side => base - elapsed_ms(since, now),
            _ => base,
        }
    }

    /// Charges the running side for its move arriving at `now`, adds the increment and
    /// starts the other side's clock. A late move is refused (the clock stops). A move
    /// made while the clocks stand (a side's first move) costs nothing and earns nothing.
    pub fn charge_move(&mut self, mover: Color, now: Instant) -> Charge {
        if self.running.is_none() {
            return Charge::InTime;
        }
        let left = self.remaining_ms(mover, now);
        if left <= 0 {
            self.remaining_ms[mover.index()] = 0;
            self.running = None;
            return Charge::Flagged;
        }
        self.remaining_ms[mover.index()] = left + self.increment_ms;
        self.running = Some((mover.opposite(), now));
        Charge::InTime
    }

    /// Resets both sides' remaining time (after a take back); the clocks stay stopped.
    pub fn reset(&mut self, white_ms: i64, black_ms: i64) {
        self.remaining_ms = [white_ms, black_ms];
        self.running = None;
    }

    /// When `side`'s flag falls if nothing happens.
    pub fn deadline(&self, now: Instant) -> Option<Duration> {
        let (side, _) = self.running?;
        Some(Duration::from_millis(
            self.remaining_ms(side, now).max(0) as u64
        ))
    }

    /// Both sides' remaining time at `now`, as `[white, black]`.
    pub fn snapshot(&self, now: Instant) -> [i64; 2] {
        [
            self.remaining_ms(Color::White, now),
            self.remaining_ms(Color::Black, now),
        ]
    }
}

/// Whether the side to move's clock runs after `ply` half-moves: only once it has moved
/// (the side to move has a move of its own in the game from the second half-move on).
pub fn runs_after(ply: usize) -> bool {
    ply >= 2
}

fn elapsed_ms(since: Instant, now: Instant) -> i64 {
    now.saturating_duration_since(since).as_millis() as i64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_charges_the_mover_and_adds_the_increment() {
        let t0 = Instant::now();
        let mut c = Clocks::new(10_000, 10_000, 2_000);
        c.start(Color::White, t0);
        assert_eq!(
            c.remaining_ms(Color::White, t0 + Duration::from_secs(3)),
            7_000
        );
        assert_eq!(
            c.charge_move(Color::White, t0 + Duration::from_secs(3)),
            Charge::InTime
        );
        assert_eq!(c.snapshot(t0 + Duration::from_secs(3)), [9_000, 10_000]);
        assert_eq!(c.running(), Some(Color::Black));
        assert_eq!(
            c.deadline(t0 + Duration::from_secs(4)),
            Some(Duration::from_secs(9))
        );
    }

    #[test]
    fn a_late_move_flags() {
        let t0 = Instant::now();
        let mut c = Clocks::new(1_000, 1_000, 0);
        c.start(Color::Black, t0);
        assert_eq!(
            c.charge_move(Color::Black, t0 + Duration::from_secs(2)),
            Charge::Flagged
        );
        assert_eq!(c.running(), None);
        assert_eq!(c.remaining_ms(Color::Black, t0), 0);
    }

    #[test]
    fn each_clock_starts_with_its_sides_first_move() {
        assert!(!runs_after(0), "White's first move is free");
        assert!(!runs_after(1), "Black's first move is free");
        assert!(runs_after(2));
        let t0 = Instant::now();
        let mut c = Clocks::new(10_000, 10_000, 2_000);
        // A move while the clocks stand: no charge, no increment, nothing starts.
        assert_eq!(
            c.charge_move(Color::White, t0 + Duration::from_secs(30)),
            Charge::InTime
        );
        assert_eq!(c.snapshot(t0 + Duration::from_secs(60)), [10_000, 10_000]);
        assert_eq!(c.running(), None);
        assert_eq!(c.deadline(t0), None);
    }

    #[test]
    fn stop_and_reset() {
        let t0 = Instant::now();
        let mut c = Clocks::new(5_000, 5_000, 0);
        c.start(Color::White, t0);
        c.stop(t0 + Duration::from_secs(1));
        assert_eq!(c.snapshot(t0 + Duration::from_secs(9)), [4_000, 5_000]);
        c.reset(3_000, 2_000);
        assert_eq!(c.snapshot(t0), [3_000, 2_000]);
        assert_eq!(c.deadline(t0), None);
    }
}
