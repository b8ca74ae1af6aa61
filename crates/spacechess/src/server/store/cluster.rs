//! What instances sharing one database need of it beside the games themselves: leases
//! (which instance runs a game's clock and computer), presence (who is connected where),
//! the database's clock, and the feed of changes ([`ChangeBus`]). PostgreSQL provides
//! them (`postgres/cluster.rs`); a single instance over SQLite needs none of them.

use super::{StoreResult, Version};
use std::sync::Arc;

/// What the feed of changes delivers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Feed {
    /// A change of `game` was committed, which took it to `version` (a deleted game's
    /// last version counts too).
    Changed { game: String, version: Version },
    /// The feed was interrupted and is back: changes may have been missed, so every
    /// game held in memory must be compared with the store.
    Resync,
}

/// The feed of committed changes between instances. PostgreSQL's is `LISTEN/NOTIFY`,
/// announced inside each changing transaction (so delivered only on commit, in commit
/// order); another bus (Redis pub/sub) could replace it by publishing after each commit
/// and announcing `Resync` whenever its subscription is re-established.
pub trait ChangeBus: Send + Sync {
    /// Starts delivering the feed to `on`, for as long as the store lives, reconnecting
    /// after any failure (and then delivering [`Feed::Resync`]). `on` is called on the
    /// bus's own threads and must not block.
    fn listen(&self, on: Arc<dyn Fn(Feed) + Send + Sync>) -> StoreResult<()>;
}

/// One player's connections to a game over every instance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerPresence {
    pub player: String,
    /// Some instance holds a live socket of theirs and has said so recently.
    pub connected: bool,
    /// When an instance last saw them (ms since the Unix epoch, the database's clock).
    pub seen_ms: i64,
}

/// Leases, presence and the clock, shared by the instances over one database.
pub trait Cluster: ChangeBus {
    /// The database's clock minus this machine's, in ms (the lowest-latency of a few
    /// samples).
    fn clock_offset_ms(&self) -> StoreResult<i64>;

    /// The stored version of `game` (`None`: no such game).
    fn version_of(&self, game: &str) -> StoreResult<Option<Version>>;

    /// Takes the expired leases of unfinished games, at most `limit`, skipping rows
    /// another instance is taking at this moment; returns their ids.
    fn sweep(&self, limit: u32) -> StoreResult<Vec<String>>;

    /// Renews this instance's leases of `games`; returns the ids it still holds (a game
    /// missing from the answer was taken over by another instance or finished).
    fn renew(&self, games: &[String]) -> StoreResult<Vec<String>>;

    /// Gives up the lease of a game nothing is due in, if the game is still at
    /// `version` and this instance still holds it: no instance needs to watch it until
    /// its next change (which takes the lease again).
    fn release(&self, game: &str, version: Version) -> StoreResult<()>;

    /// Notes the players with live sockets on this instance (`live`, refreshed) and
    /// those whose last socket here just closed (`left`), as (game, player) pairs.
    fn note_presence(
        &self,
        live: &[(String, String)],
        left: &[(String, String)],
    ) -> StoreResult<()>;

    /// Each player's connections to `game` over every instance.
    fn presence(&self, game: &str) -> StoreResult<Vec<PlayerPresence>>;

    /// Deletes presence rows not renewed for `older_than`; returns how many.
    fn prune_presence(&self, older_than: std::time::Duration) -> StoreResult<u64>;
}
