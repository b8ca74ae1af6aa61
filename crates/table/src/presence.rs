//! The two time rules of online games (docs/api.md, "Online games"), as on lichess:
//!
//! - **Abort.** Once both players are seated, each side has [`OnlineTimes::first_move_ms`]
//!   for its first move, counted from when its turn began; a side that makes none in
//!   time aborts the game (`reason: "aborted"`, no winner, no loser).
//! - **Absence.** The host tells the table when a seat holder's player connects or goes
//!   away ([`crate::Command::Presence`]). A player away for
//!   [`OnlineTimes::gone_after_ms`] is *gone* (once both sides have moved): the opponent
//!   may claim the win or a draw (`reason: "abandoned"`). The client cannot say who is
//!   there; only the host's connections do.
//!
//! Both rules count from when the host loaded the table (a restart starts them again, as
//! the clocks do: time while a host is down is not charged), or from when the turn began
//! if the host starts the table then. In a correspondence game (`TimeControl::per_move`)
//! the first move has the whole allowance per move, and nobody is ever gone: the clock
//! decides.

/// The limits of the two rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OnlineTimes {
    /// Time for each side's first move before the game aborts.
    pub first_move_ms: i64,
    /// Time without a connection after which a player counts as gone.
    pub gone_after_ms: i64,
}

/// Lichess gives about 30 s for the first move of a rapid game, and lets a player claim
/// some seconds after the opponent left; friends on phones drop out for a moment more
/// often, so absence waits 60 s here.
impl Default for OnlineTimes {
    fn default() -> Self {
        OnlineTimes {
            first_move_ms: 30_000,
            gone_after_ms: 60_000,
        }
    }
}

/// One seat holder's presence, as the host reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Presence {
    /// The holder has a live connection on the game.
    pub connected: bool,
    /// Since when (host ms) there has been none (meaningful while not connected).
    pub away_since_ms: i64,
}

impl Presence {
    pub fn away_from(now_ms: i64) -> Presence {
        Presence {
            connected: false,
            away_since_ms: now_ms,
        }
    }
}
