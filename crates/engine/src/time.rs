//! How long a search may take: the 15-second cap, a fixed move time, or a share of a
//! game clock.

use crate::types::Limits;
use std::time::Duration;

/// The opponent's cap per move without a clock (engine.md: about 15 seconds).
pub const MOVE_CAP: Duration = Duration::from_secs(15);

/// Soft and hard time bounds of one search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// No new iteration starts after half of this.
    pub soft: Option<Duration>,
    /// The search stops here.
    pub hard: Option<Duration>,
}

impl Budget {
    /// The budget for `limits`; `infinite` (the protocol's `go infinite`) lifts the cap.
    /// `limits.cap`, when set, bounds both times whatever the rest says.
    pub fn for_limits(limits: &Limits, infinite: bool) -> Budget {
        let b = Budget::uncapped(limits, infinite);
        match limits.cap {
            None => b,
            Some(cap) => Budget {
                soft: b.soft.map(|s| s.min(cap)),
                hard: Some(b.hard.map_or(cap, |h| h.min(cap))),
            },
        }
    }

    fn uncapped(limits: &Limits, infinite: bool) -> Budget {
        if let Some(t) = limits.movetime {
            return Budget {
                soft: None,
                hard: Some(t),
            };
        }
        if let Some(clock) = limits.clock {
            return Budget::from_clock(clock.remaining, clock.increment);
        }
        if infinite {
            return Budget {
                soft: None,
                hard: None,
            };
        }
        Budget {
            // A level with a depth cap uses the whole cap if it needs it; Max stops
            // starting iterations once half of it is gone.
            soft: limits.depth.is_none().then_some(MOVE_CAP),
            hard: Some(MOVE_CAP),
        }
    }

    /// A share of the remaining time plus most of the increment, never more than a third
    /// of what is left: each move then leaves at least two thirds of the clock, so the
    /// engine cannot run out of time while it has more than a second (or any time) left.
    pub fn from_clock(remaining: Duration, increment: Duration) -> Budget {
        let target = remaining / 30 + increment * 3 / 4;
        let ceiling = remaining / 3;
        let hard = (target * 3).min(ceiling).max(Duration::from_millis(5));
        let soft = target.min(hard);
        Budget {
            soft: Some(soft),
            hard: Some(hard),
        }
    }

    /// The figure reported as "budget" in progress.
    pub fn reported(&self) -> Duration {
        self.hard.or(self.soft).unwrap_or(Duration::ZERO)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::Clock;

    #[test]
    fn clock_budget_never_spends_more_than_a_third() {
        for ms in [300u64, 1_000, 1_500, 5_000, 60_000, 600_000] {
            let b = Budget::from_clock(Duration::from_millis(ms), Duration::from_secs(2));
            assert!(b.hard.unwrap() <= Duration::from_millis(ms) / 3 + Duration::from_millis(5));
            assert!(b.soft.unwrap() <= b.hard.unwrap());
        }
        let b = Budget::from_clock(Duration::from_secs(600), Duration::from_secs(5));
        assert!(b.soft.unwrap() >= Duration::from_secs(20));
    }

    #[test]
    fn levels_are_capped_at_fifteen_seconds() {
        let l = Limits::for_level(crate::types::Level::Depth(4), None);
        assert_eq!(Budget::for_limits(&l, false).hard, Some(MOVE_CAP));
        let l = Limits::for_level(
            crate::types::Level::Max,
            Some(Clock {
                remaining: Duration::from_secs(60),
                increment: Duration::ZERO,
            }),
        );
        assert!(Budget::for_limits(&l, false).hard.unwrap() <= Duration::from_secs(20));
    }

    #[test]
    fn a_long_clock_never_lifts_the_level_cap() {
        // 1440 minutes + 3600 s: uncapped, one move could take 4 h 39 min.
        let clock = Clock {
            remaining: Duration::from_secs(1440 * 60),
            increment: Duration::from_secs(3600),
        };
        assert!(
            Budget::from_clock(clock.remaining, clock.increment)
                .hard
                .unwrap()
                > MOVE_CAP
        );
        for level in [crate::api::Level::Depth(1), crate::api::Level::Max] {
            let b = Budget::for_limits(&Limits::for_level(level, Some(clock)), false);
            assert_eq!(b.hard, Some(MOVE_CAP));
            assert!(b.soft.unwrap() <= MOVE_CAP);
        }
        // A short clock still gives less than the cap.
        let short = Clock {
            remaining: Duration::from_secs(30),
            increment: Duration::ZERO,
        };
        let b = Budget::for_limits(
            &Limits::for_level(crate::api::Level::Max, Some(short)),
            false,
        );
        assert!(b.hard.unwrap() <= Duration::from_secs(10));
    }
}
