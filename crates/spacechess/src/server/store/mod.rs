//! The store: one row per game, one row per move, behind [`GameStore`]. A change is
//! written (and committed) before the server acknowledges it, so a crash never loses an
//! acknowledged move. SQLite ([`SqliteStore`]) is the default implementation, PostgreSQL
//! ([`PgStore`]) the other (`serve --store`).
//!
//! Every game row has a version, incremented by every write that changes the game, and
//! every such write names the version its writer last read: a writer holding an older
//! copy of the game (another copy loaded meanwhile) is refused with
//! [`StoreError::Conflict`] and changes nothing.

#[cfg(test)]
pub(super) mod faulty;
// The throwaway cluster is shared with the integration tests (`tests/server_postgres.rs`),
// which cannot reach a `cfg(test)` module of the crate.
mod cluster;
mod community;
#[cfg(test)]
#[path = "../../../tests/pg_cluster/mod.rs"]
pub(super) mod pg_cluster;
mod postgres;
mod puzzles;
mod sqlite;
#[cfg(test)]
pub(super) mod tests;

use super::kinds::{Eval, Mode, OfferKind};
use engine::api::Level;
use rules::{Color, Outcome};

#[allow(unused_imports)]
pub use cluster::{ChangeBus, PlayerPresence};
pub use cluster::{Cluster, Feed};
#[allow(unused_imports)]
pub use community::{
    name_key, rating_change, AccountRefusal, AccountRow, ChallengeRow, CommunityStore, LeaderRow,
    LiveGameRow, LoginFailures, NameRefusal, NameRow, PoolRating, RateGame, RatedGame, RatedResult,
    RatingPoint, Seek, CHALLENGES_KEPT_MS, LOGIN_FAILURES_KEPT_MS,
};
pub use postgres::PgStore;
#[allow(unused_imports)]
pub use puzzles::{AttemptRecord, NewAttempt, PuzzleStore, Rate, SetRating, StoredAttempt};
pub use sqlite::SqliteStore;

/// A game row's version: 0 when created, one more after each change.
pub type Version = u64;

/// A game's settings and state as stored (the moves are rows of their own).
#[derive(Clone, Debug, PartialEq)]
pub struct StoredGame {
    pub id: String,
    /// The row's version as read (ignored on insert: a new game is at version 0).
    pub version: Version,
    pub created_at: i64,
    pub client: String,
    /// The set-up as the catalogue's identifiers.
    pub variant: String,
    pub rules: Option<String>,
    /// Option identifiers joined by commas.
    pub options: String,
    pub mode: Mode,
    /// The human's side against the computer (`None` in rows written before it was kept).
    pub human: Option<Color>,
    pub level: Option<Level>,
    pub initial_ms: Option<i64>,
    pub increment_ms: Option<i64>,
    pub start_position: Option<String>,
    /// A result declared outside the board (resignation, agreement, time, abort, claim).
    pub declared: Option<Outcome>,
    /// How the game ended, however it did (`None` while it runs, and for games finished
    /// before results were stored).
    pub result: Option<Outcome>,
    pub finished: bool,
    /// The seats' player ids (`seats.rs` reads them).
    pub white_player: Option<String>,
    pub black_player: Option<String>,
    /// An online game's invitation code while a seat is open.
    pub invite: Option<String>,
    /// An online game's pending offer: its kind and the side that asks.
    pub offer: Option<(OfferKind, Color)>,
    /// When the current turn began (ms since the Unix epoch): the last move, take-back
    /// or seat taken, by the database's clock on PostgreSQL and the writer's on SQLite
    /// (ignored on insert: the store sets it). PostgreSQL gives it for every game, so
    /// that an instance taking a game over runs its clocks from the moment another
    /// instance started them. SQLite gives it only for correspondence games (`per_move`),
    /// whose deadline a restart keeps; a live game's clocks there run on from the moment
    /// it is loaded (`None`), so a restart never makes anyone lose on time.
    pub turn_started_ms: Option<i64>,
    /// A rated game (made by the lobby).
    pub rated: bool,
    /// A correspondence time control: `initial_ms` is the time for every move.
    pub per_move: bool,
}

/// One stored move: its token, the evaluation after it, the clocks after it.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredMove {
    pub ply: u32,
    pub token: String,
    pub eval: Option<Eval>,
    pub white_ms: Option<i64>,
    pub black_ms: Option<i64>,
}

/// Who holds the seats, and an online game's invitation (`set_seats`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredSeats {
    pub white: Option<String>,
    pub black: Option<String>,
    pub invite: Option<String>,
}

/// One line of a player's list of games (`GET /api/games`).
#[derive(Clone, Debug, PartialEq)]
pub struct GameSummary {
    pub id: String,
    pub created_at: i64,
    pub variant: String,
    pub rules: Option<String>,
    pub options: String,
    pub mode: Mode,
    pub human: Option<Color>,
    pub level: Option<Level>,
    pub white_player: Option<String>,
    pub black_player: Option<String>,
    pub finished: bool,
    /// How it ended (`None` while running, or for a game finished before results were
    /// stored).
    pub result: Option<Outcome>,
    pub moves: u32,
    /// A rated game (the lobby's), and a correspondence one (`initial_ms` per move).
    pub rated: bool,
    pub per_move: bool,
    pub initial_ms: Option<i64>,
}

/// Why a store call failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StoreError {
    /// The game is no longer at the version the writer read (another copy changed it,
    /// or it is gone): nothing was written.
    Conflict { game_id: String, read: Version },
    /// The storage itself failed, as text (one commit's failure is reported to every
    /// write in it).
    Failed(String),
}

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StoreError::Conflict { game_id, read } => write!(
                f,
                "game {game_id} changed since version {read} was read, or is gone"
            ),
            StoreError::Failed(why) => f.write_str(why),
        }
    }
}

pub type StoreResult<T> = Result<T, StoreError>;

/// Where games are kept. Writes that change a game take the version the caller read
/// and return the new one; a stale version gets [`StoreError::Conflict`]. Every store
/// keeps puzzle ratings and attempts too ([`PuzzleStore`]), and names, accounts, ratings
/// and the lobby ([`CommunityStore`]).
pub trait GameStore: PuzzleStore + CommunityStore + Send + Sync {
    /// Stores a new game (at version 0) with its first moves (an imported record) in
    /// one transaction, and counts the creation for the hourly quota.
    fn insert_game(&self, game: &StoredGame, moves: &[StoredMove]) -> StoreResult<()>;

    /// Stores the rematch of the finished game `of` (read at `of_version`) and clears
    /// that game's offer, in one transaction; refused if `of` already has a rematch.
    /// Returns `of`'s new version.
    fn insert_rematch(
        &self,
        game: &StoredGame,
        of: &str,
        of_version: Version,
    ) -> StoreResult<Version>;

    /// Appends a move (at `m.ply`, counted from 0; a ply already stored is refused) and
    /// the game's result if the move ended it; clears the pending offer.
    fn append_move(
        &self,
        game_id: &str,
        version: Version,
        m: &StoredMove,
        result: Option<Outcome>,
    ) -> StoreResult<Version>;

    /// Sets the evaluation of a stored move (known only after the move was stored);
    /// refused, the version unchanged, if the game has no move at `ply`.
    fn set_eval(
        &self,
        game_id: &str,
        version: Version,
        ply: u32,
        eval: Eval,
    ) -> StoreResult<Version>;

    /// Removes every move from `ply` on (a take back) and reopens the game.
    fn truncate_moves(&self, game_id: &str, version: Version, ply: u32) -> StoreResult<Version>;

    /// Ends the game with a result declared outside the board.
    fn declare_result(
        &self,
        game_id: &str,
        version: Version,
        outcome: Outcome,
    ) -> StoreResult<Version>;

    /// Sets or clears an online game's pending offer.
    fn set_offer(
        &self,
        game_id: &str,
        version: Version,
        offer: Option<(OfferKind, Color)>,
    ) -> StoreResult<Version>;

    /// Sets who holds the seats and the invitation.
    fn set_seats(
        &self,
        game_id: &str,
        version: Version,
        seats: &StoredSeats,
    ) -> StoreResult<Version>;

    /// Removes a game and its moves.
    fn delete_game(&self, game_id: &str, version: Version) -> StoreResult<()>;

    /// A game and its moves in order.
    fn load_game(&self, id: &str) -> StoreResult<Option<(StoredGame, Vec<StoredMove>)>>;

    /// Every game not yet finished, oldest first, with how many moves it has.
    fn unfinished_games(&self) -> StoreResult<Vec<(StoredGame, u32)>>;

    /// The id of the rematch of the game `of`, if it has one.
    fn rematch_of(&self, of: &str) -> StoreResult<Option<String>>;

    /// Unfinished games in which `player` holds a seat, and unfinished games created
    /// from the address `client` (the bounds on open games).
    fn open_games(&self, player: &str, client: &str) -> StoreResult<(u32, u32)>;

    /// Online games created from `client` that still wait for the invited player.
    fn open_invites_from(&self, client: &str) -> StoreResult<u32>;

    /// Online games with a seat held by `player` that still wait for the invited player.
    fn open_invites(&self, player: &str) -> StoreResult<u32>;

    /// The games in which `player` holds a seat, newest first (by creation, then id),
    /// at most `limit`, starting after `before` (the `(created_at, id)` of the last game
    /// of the previous page).
    fn player_games(
        &self,
        player: &str,
        before: Option<(i64, &str)>,
        limit: u32,
    ) -> StoreResult<Vec<GameSummary>>;

    /// The unfinished games in which `player` holds a seat, newest first, at most
    /// `limit` (few: a player holds at most the open-games cap).
    fn unfinished_player_games(&self, player: &str, limit: u32) -> StoreResult<Vec<GameSummary>>;

    /// The id of the game an invitation belongs to.
    fn game_of_invite(&self, code: &str) -> StoreResult<Option<String>>;

    /// How many games a client created since a time (seconds since the epoch), deleted
    /// ones included, and when the first of them was.
    fn creations_since(&self, client: &str, since: i64) -> StoreResult<(u32, Option<i64>)>;
}
