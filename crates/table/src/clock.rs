//! Game clocks in milliseconds of the host's wall clock. As on lichess, each side's clock
//! starts with that side's first move: both first moves are free, and from then on the
//! side to move's clock runs from the moment its turn began (or the host started or
//! resumed the game: time while a host is down is not charged — a decision, so a
//! restart never makes anyone lose on time).

use rules::Color;

/// Initial time and increment, in milliseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    pub initial_ms: i64,
    pub increment_ms: i64,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clocks {
    /// Remaining time at the start of the current turn, indexed by colour.
    remaining_ms: [i64; 2],
    pub increment_ms: i64,
    /// The side whose clock runs, and since when (ms); `None` while they stand.
    running: Option<(Color, i64)>,
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

    /// Starts `side`'s clock at `now_ms`.
    pub fn start(&mut self, side: Color, now_ms: i64) {
        self.running = Some((side, now_ms));
    }

    /// Stops the clocks, charging the running side for the time used so far.
    pub fn stop(&mut self, now_ms: i64) {
        if let Some((side, since)) = self.running.take() {
            self.remaining_ms[side.index()] -= elapsed(since, now_ms);
        }
    }

    pub fn running(&self) -> Option<Color> {
        self.running.map(|(c, _)| c)
    }

    /// The time `side` has left at `now_ms` (negative once flagged).
    pub fn remaining_ms(&self, side: Color, now_ms: i64) -> i64 {
        let base = self.remaining_ms[side.index()];
        match self.running {
            Some((c, since)) if c == side => base - elapsed(since, now_ms),
            _ => base,
        }
    }

    /// Charges the running side for its move arriving at `now_ms`, adds the increment
    /// and starts the other side's clock. A late move is refused (the clock stops). A
    /// move made while the clocks stand (a side's first move) costs nothing and earns
    /// nothing.
    pub fn charge_move(&mut self, mover: Color, now_ms: i64) -> Charge {
        if self.running.is_none() {
            return Charge::InTime;
        }
        let left = self.remaining_ms(mover, now_ms);
        if left <= 0 {
            self.remaining_ms[mover.index()] = 0;
            self.running = None;
            return Charge::Flagged;
        }
        self.remaining_ms[mover.index()] = left + self.increment_ms;
        self.running = Some((mover.opposite(), now_ms));
        Charge::InTime
    }

    /// Whether a move by `mover` arriving at `now_ms` would be late (nothing changes).
    pub fn would_flag(&self, mover: Color, now_ms: i64) -> bool {
        self.clone().charge_move(mover, now_ms) == Charge::Flagged
    }

    /// Resets both sides' remaining time (after a take back); the clocks stand.
    pub fn reset(&mut self, white_ms: i64, black_ms: i64) {
        self.remaining_ms = [white_ms, black_ms];
        self.running = None;
    }

    /// When (ms) the running side's flag falls if nothing happens.
    pub fn deadline_ms(&self, now_ms: i64) -> Option<i64> {
        let (side, _) = self.running?;
        Some(now_ms + self.remaining_ms(side, now_ms).max(0))
    }

    /// Both sides' remaining time at `now_ms`, as `[white, black]`.
    pub fn snapshot(&self, now_ms: i64) -> [i64; 2] {
        [
            self.remaining_ms(Color::White, now_ms),
            self.remaining_ms(Color::Black, now_ms),
        ]
    }
}

/// Whether the side to move's clock runs after `ply` half-moves: only once it has moved
/// (the side to move has a move of its own in the game from the second half-move on).
pub fn runs_after(ply: usize) -> bool {
    ply >= 2
}

/// Milliseconds from `since` to `now` (never negative: a host clock stepping back
/// charges nothing).
fn elapsed(since: i64, now: i64) -> i64 {
    now.saturating_sub(since).max(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_charges_the_mover_and_adds_the_increment() {
        let mut c = Clocks::new(10_000, 10_000, 2_000);
        c.start(Color::White, 0);
        assert_eq!(c.remaining_ms(Color::White, 3_000), 7_000);
        assert_eq!(c.charge_move(Color::White, 3_000), Charge::InTime);
        assert_eq!(c.snapshot(3_000), [9_000, 10_000]);
        assert_eq!(c.running(), Some(Color::Black));
        assert_eq!(c.deadline_ms(4_000), Some(13_000));
    }

    #[test]
    fn a_late_move_flags() {
        let mut c = Clocks::new(1_000, 1_000, 0);
        c.start(Color::Black, 0);
        assert!(c.would_flag(Color::Black, 1_000));
        assert!(!c.would_flag(Color::Black, 999));
        assert_eq!(c.charge_move(Color::Black, 2_000), Charge::Flagged);
        assert_eq!(c.running(), None);
        assert_eq!(c.remaining_ms(Color::Black, 0), 0);
    }

    #[test]
    fn each_clock_starts_with_its_sides_first_move() {
        assert!(!runs_after(0), "White's first move is free");
        assert!(!runs_after(1), "Black's first move is free");
        assert!(runs_after(2));
        let mut c = Clocks::new(10_000, 10_000, 2_000);
        // A move while the clocks stand: no charge, no increment, nothing starts.
        assert_eq!(c.charge_move(Color::White, 30_000), Charge::InTime);
        assert_eq!(c.snapshot(60_000), [10_000, 10_000]);
        assert_eq!(c.running(), None);
        assert_eq!(c.deadline_ms(0), None);
    }

    #[test]
    fn stop_and_reset_and_a_clock_stepping_back() {
        let mut c = Clocks::new(5_000, 5_000, 0);
        c.start(Color::White, 10_000);
        assert_eq!(c.remaining_ms(Color::White, 9_000), 5_000);
        c.stop(11_000);
        assert_eq!(c.snapshot(99_000), [4_000, 5_000]);
        c.reset(3_000, 2_000);
        assert_eq!(c.snapshot(0), [3_000, 2_000]);
        assert_eq!(c.deadline_ms(0), None);
    }
}
