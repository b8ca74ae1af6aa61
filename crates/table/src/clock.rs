//! Game clocks in milliseconds of the host's wall clock. As on lichess, each side's clock
//! starts with that side's first move: both first moves are free, and from then on the
//! side to move's clock runs from the moment its turn began (or the host started or
//! resumed the game: time while a host is down is not charged — a decision, so a
//! restart never makes anyone lose on time).
//!
//! A correspondence time control ([`TimeControl::per_move`]) gives each turn the whole
//! allowance (1, 3 or 7 days) and no increment: after a move the mover's clock is full
//! again. Its clocks start as the live ones do (with each side's first move; before it
//! the online first-move abort uses the same allowance, see `Table`), and a host that
//! stores when the turn began runs them on from then after a restart, so the deadline
//! stays where it was.

use rules::Color;

/// Initial time and increment, in milliseconds; or, `per_move`, the time for each turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// A live game's starting time for each side; a correspondence game's time per turn.
    pub initial_ms: i64,
    /// Added after each move (0 in correspondence).
    pub increment_ms: i64,
    /// Correspondence: every turn has `initial_ms` whole, whatever the last one used.
    pub per_move: bool,
}

/// A day in milliseconds.
pub const DAY_MS: i64 = 86_400_000;

/// The days per move a correspondence game may have.
pub const DAYS_PER_MOVE: [u32; 3] = [1, 3, 7];

impl TimeControl {
    /// A live time control: `initial_ms` for each side, `increment_ms` after each move.
    pub fn live(initial_ms: i64, increment_ms: i64) -> TimeControl {
        TimeControl {
            initial_ms,
            increment_ms,
            per_move: false,
        }
    }

    /// A correspondence time control: `days` whole days for every turn.
    pub fn days_per_move(days: u32) -> TimeControl {
        TimeControl {
            initial_ms: i64::from(days) * DAY_MS,
            increment_ms: 0,
            per_move: true,
        }
    }

    /// Whole days per move, for a correspondence time control.
    pub fn days(&self) -> Option<u32> {
        self.per_move
            .then(|| u32::try_from(self.initial_ms / DAY_MS).unwrap_or(u32::MAX))
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clocks {
    /// Remaining time at the start of the current turn, indexed by colour.
    remaining_ms: [i64; 2],
    pub increment_ms: i64,
    /// Correspondence: the whole allowance a mover's clock is set to after each move.
    per_move_ms: Option<i64>,
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
            per_move_ms: None,
            running: None,
        }
    }

    /// The clocks of `tc` with both sides' remaining time as given.
    pub fn of(tc: TimeControl, white_ms: i64, black_ms: i64) -> Clocks {
        let mut c = Clocks::new(white_ms, black_ms, tc.increment_ms);
        if tc.per_move {
            c.increment_ms = 0;
            c.per_move_ms = Some(tc.initial_ms);
        }
        c
    }

    /// Whether every turn has the whole allowance (correspondence).
    pub fn per_move(&self) -> bool {
        self.per_move_ms.is_some()
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
    /// (correspondence: fills the mover's clock again) and starts the other side's
    /// clock. A late move is refused (the clock stops). A move made while the clocks
    /// stand (a side's first move) costs nothing and earns nothing.
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
        self.remaining_ms[mover.index()] = match self.per_move_ms {
            Some(whole) => whole,
            None => left + self.increment_ms,
        };
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
    fn correspondence_gives_every_turn_the_whole_allowance() {
        let tc = TimeControl::days_per_move(3);
        assert_eq!(
            (tc.initial_ms, tc.increment_ms, tc.per_move),
            (3 * DAY_MS, 0, true)
        );
        assert_eq!(tc.days(), Some(3));
        assert_eq!(TimeControl::live(60_000, 0).days(), None);
        let mut c = Clocks::of(tc, tc.initial_ms, tc.initial_ms);
        assert!(c.per_move());
        c.start(Color::White, 0);
        // White uses two and a half days: the deadline is three days after the turn began.
        assert_eq!(c.deadline_ms(DAY_MS), Some(3 * DAY_MS));
        assert_eq!(c.charge_move(Color::White, 5 * DAY_MS / 2), Charge::InTime);
        // Full again for White's next turn; Black's three days run from White's move.
        assert_eq!(c.snapshot(5 * DAY_MS / 2), [3 * DAY_MS, 3 * DAY_MS]);
        assert_eq!(c.running(), Some(Color::Black));
        assert_eq!(c.deadline_ms(3 * DAY_MS), Some(5 * DAY_MS / 2 + 3 * DAY_MS));
        assert_eq!(c.charge_move(Color::Black, 3 * DAY_MS), Charge::InTime);
        assert_eq!(c.snapshot(3 * DAY_MS), [3 * DAY_MS, 3 * DAY_MS]);
        // A move after the whole allowance is late.
        assert!(!c.would_flag(Color::White, 6 * DAY_MS - 1));
        assert!(c.would_flag(Color::White, 6 * DAY_MS));
        assert_eq!(c.charge_move(Color::White, 7 * DAY_MS), Charge::Flagged);
        assert_eq!(c.remaining_ms(Color::White, 7 * DAY_MS), 0);
    }

    #[test]
    fn a_live_control_keeps_what_the_mover_saved() {
        let tc = TimeControl::live(10_000, 1_000);
        let mut c = Clocks::of(tc, 10_000, 10_000);
        assert!(!c.per_move());
        c.start(Color::White, 0);
        c.charge_move(Color::White, 4_000);
        assert_eq!(c.snapshot(4_000), [7_000, 10_000]);
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
