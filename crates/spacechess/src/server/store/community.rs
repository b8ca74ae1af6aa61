//! Players among strangers, kept by both stores behind [`CommunityStore`]: display names,
//! accounts with their sessions and failed logins, ratings per pool with their history,
//! aborts, the lobby's challenges, and the online games being played.
//!
//! Every rule that must hold with several instances over one database is the database's
//! to decide, never a read followed by a write in the server:
//! - a name is unique without regard to case: the unique index on its lower-case key
//!   ([`name_key`]) refuses a second holder ([`NameRefusal::Taken`]);
//! - a player has one account (its key is the player id);
//! - a game is rated once: the key of `rated_games` refuses a second rating, and the
//!   rating reads and writes both players' ratings in the transaction that inserts it,
//!   the rows locked (PostgreSQL) or under the one writer (SQLite), so that two games of
//!   one player ending together lose no update;
//! - an abort counts once per game and player (the key of `aborts`);
//! - a challenge is taken once ([`CommunityStore::take_challenge`]), and two quick
//!   seekers of one pairing meet once ([`CommunityStore::quick_match`]).
//!
//! Times are in ms since the Unix epoch, passed by the caller (the server's clock).

use super::StoreResult;
use rating::Rating;
use std::collections::HashMap;

/// A player's display name.
#[derive(Clone, Debug, PartialEq)]
pub struct NameRow {
    pub player: String,
    /// As chosen (its case kept); unique without regard to case.
    pub name: String,
    /// When it was last set.
    pub changed_at_ms: i64,
    /// How many times it was changed after the first choice (0 after the first).
    pub changes: u32,
}

/// Why a name was not set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NameRefusal {
    /// Another player holds it (in any case).
    Taken,
}

/// An account: a password bound to the player id that made it.
#[derive(Clone, Debug, PartialEq)]
pub struct AccountRow {
    pub player: String,
    /// The player's current name.
    pub name: String,
    pub password_hash: String,
    pub created_at_ms: i64,
}

/// Why an account was not made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AccountRefusal {
    /// The player has no name yet.
    NoName,
    /// The player has an account already.
    Exists,
}

/// Failed logins since a time: by the name tried and by the address trying, and the
/// oldest of each counted (when the count falls, for a Retry-After).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct LoginFailures {
    pub by_name: u32,
    pub by_addr: u32,
    /// Failures for the name from this address: the count a single attacker reaches
    /// first, so that one address cannot lock a name for everyone else.
    pub by_name_here: u32,
    pub oldest_by_name: Option<i64>,
    pub oldest_by_addr: Option<i64>,
    pub oldest_by_name_here: Option<i64>,
}

/// A player's rating in one pool.
#[derive(Clone, Debug, PartialEq)]
pub struct PoolRating {
    /// `stacked`, `trid-federation`, … (a variant id, or `trid-<rules>`).
    pub pool: String,
    pub rating: Rating,
    /// Rated games played in the pool.
    pub games: u32,
    /// When the last rated game ended.
    pub updated_at_ms: i64,
}

/// A player's rating after one rated game.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingPoint {
    pub pool: String,
    pub game_id: String,
    pub at_ms: i64,
    pub rating: f64,
    pub deviation: f64,
}

/// One line of a pool's leaderboard.
#[derive(Clone, Debug, PartialEq)]
pub struct LeaderRow {
    pub name: String,
    pub rating: Rating,
    pub games: u32,
}

/// The colour a challenge's creator asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seek {
    White,
    Black,
    Random,
}

impl Seek {
    /// `white`, `black` or `random` (as stored, and as the API says it).
    pub fn id(self) -> &'static str {
        match self {
            Seek::White => "white",
            Seek::Black => "black",
            Seek::Random => "random",
        }
    }

    pub fn from_id(id: &str) -> Option<Seek> {
        match id {
            "white" => Some(Seek::White),
            "black" => Some(Seek::Black),
            "random" => Some(Seek::Random),
            _ => None,
        }
    }
}

/// A challenge in the lobby. Open while not taken and not expired.
#[derive(Clone, Debug, PartialEq)]
pub struct ChallengeRow {
    /// 16 hex, made by the caller.
    pub id: String,
    /// The creator's player id (never sent to clients).
    pub creator: String,
    /// The creator's address (the bound on open challenges per address).
    pub addr: String,
    pub created_at_ms: i64,
    /// Renewed by the creator's lobby reads while it is a live one (`per_move` false).
    pub expires_at_ms: i64,
    pub variant: String,
    pub rules: Option<String>,
    pub initial_ms: i64,
    pub increment_ms: i64,
    /// Correspondence: `initial_ms` is each move's allowance.
    pub per_move: bool,
    pub rated: bool,
    pub seek: Seek,
    pub min_rating: Option<i32>,
    pub max_rating: Option<i32>,
    /// Made by a quick-pairing button.
    pub quick: bool,
    /// The game it became, once accepted and the game made.
    pub game_id: Option<String>,
}

/// The ratings after one game: white's and black's, each computed from both ratings
/// before it, white's score (1, 0.5 or 0), when it ended, and when each player's last
/// rated game in the pool ended (`None`: their first). Pure (the rating crate's
/// Glicko-2), so that the store can run it inside its transaction.
pub type RateGame = fn(
    white: Rating,
    black: Rating,
    white_score: f64,
    at_ms: i64,
    white_last_ms: Option<i64>,
    black_last_ms: Option<i64>,
) -> (Rating, Rating);

/// One finished rated game, to be rated once.
#[derive(Clone, Copy, Debug)]
pub struct RatedGame<'a> {
    pub game_id: &'a str,
    pub pool: &'a str,
    /// The players' ids (two different players).
    pub white: &'a str,
    pub black: &'a str,
    /// 1, 0.5 or 0.
    pub white_score: f64,
    pub at_ms: i64,
    pub rate: RateGame,
}

/// What rating a game did: both ratings before and after.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatedResult {
    pub white_before: Rating,
    pub white: Rating,
    pub black_before: Rating,
    pub black: Rating,
}

/// An online game being played (both seats taken, not finished), for "playing now".
#[derive(Clone, Debug, PartialEq)]
pub struct LiveGameRow {
    pub id: String,
    pub variant: String,
    pub rules: Option<String>,
    /// Option identifiers joined by commas.
    pub options: String,
    pub initial_ms: Option<i64>,
    pub increment_ms: Option<i64>,
    pub per_move: bool,
    pub rated: bool,
    pub white_player: String,
    pub black_player: String,
    pub moves: u32,
    /// The game's creation (stored in seconds: a multiple of 1000).
    pub created_at_ms: i64,
}

/// The key a name is unique by: the name in lower case.
pub fn name_key(name: &str) -> String {
    name.to_lowercase()
}

/// The displayed change of a rating: the difference of the rounded ratings, so that
/// "1500 → 1512" reads "+12".
pub fn rating_change(before: f64, after: f64) -> i32 {
    (after.round() - before.round()) as i32
}

/// Failed logins are kept this long (the limits look back 15 minutes).
pub const LOGIN_FAILURES_KEPT_MS: i64 = 24 * 3600 * 1000;
/// Challenges are deleted this long after they expired (a taken one is read back only
/// in the seconds after it was taken, by its creator's lobby).
pub const CHALLENGES_KEPT_MS: i64 = 24 * 3600 * 1000;

/// Where names, accounts, ratings and the lobby are kept (every [`super::GameStore`] is
/// one).
pub trait CommunityStore: Send + Sync {
    // Names.

    /// The player's name, if they chose one.
    fn name_of(&self, player: &str) -> StoreResult<Option<NameRow>>;

    /// The names of those of `players` (at most 100) who have one: player id → name.
    fn names_of(&self, players: &[&str]) -> StoreResult<HashMap<String, String>>;

    /// The player holding `name`, in any case.
    fn player_of_name(&self, name: &str) -> StoreResult<Option<String>>;

    /// Sets the player's name (`changed_at_ms` = now; `changes` one more unless it is the
    /// first choice). [`NameRefusal::Taken`] if another player holds it in any case: the
    /// unique index decides, so that two players choosing one name at once get it once.
    /// The rule on how often a name may change is the caller's (from [`Self::name_of`]).
    fn set_name(
        &self,
        player: &str,
        name: &str,
        now_ms: i64,
    ) -> StoreResult<Result<NameRow, NameRefusal>>;

    // Accounts and sessions.

    /// Makes the player's account: [`AccountRefusal::NoName`] without a name,
    /// [`AccountRefusal::Exists`] if they have one. `addr` is counted by
    /// [`Self::accounts_created_since`].
    fn create_account(
        &self,
        player: &str,
        password_hash: &str,
        now_ms: i64,
        addr: &str,
    ) -> StoreResult<Result<(), AccountRefusal>>;

    /// The account of the player holding `name` (in any case).
    fn account_by_name(&self, name: &str) -> StoreResult<Option<AccountRow>>;

    fn has_account(&self, player: &str) -> StoreResult<bool>;

    /// Accounts made from `addr` since a time.
    fn accounts_created_since(&self, addr: &str, since_ms: i64) -> StoreResult<u32>;

    /// Counts a failed login for the name key tried ([`name_key`]) from `addr` (rows
    /// older than [`LOGIN_FAILURES_KEPT_MS`] of that name and address go).
    fn record_login_failure(&self, name_key: &str, addr: &str, now_ms: i64) -> StoreResult<()>;

    /// Failed logins since a time for the name key, and from the address.
    fn login_failures_since(
        &self,
        name_key: &str,
        addr: &str,
        since_ms: i64,
    ) -> StoreResult<LoginFailures>;

    /// Forgets the name key's failed logins (after a successful one).
    fn clear_login_failures(&self, name_key: &str) -> StoreResult<()>;

    /// Stores a session (its token hashed) of the player until `expires_ms`.
    fn create_session(
        &self,
        token_hash: &str,
        player: &str,
        now_ms: i64,
        expires_ms: i64,
    ) -> StoreResult<()>;

    /// The player of a session, unless unknown or expired at `now_ms`.
    fn session_player(&self, token_hash: &str, now_ms: i64) -> StoreResult<Option<String>>;

    fn delete_session(&self, token_hash: &str) -> StoreResult<()>;

    /// Deletes every session of the player (for a change of password).
    #[allow(dead_code)]
    fn delete_sessions_of(&self, player: &str) -> StoreResult<()>;

    // Ratings.

    /// The player's ratings, one per pool played, in pool id order.
    fn ratings_of(&self, player: &str) -> StoreResult<Vec<PoolRating>>;

    /// The ratings in `pool` of those of `players` (at most 100) who have one.
    fn ratings_of_players(
        &self,
        players: &[&str],
        pool: &str,
    ) -> StoreResult<HashMap<String, PoolRating>>;

    /// Rates a finished game, once: in one transaction, inserts the game's
    /// `rated_games` row and, only if it is new, reads both ratings (rows made at
    /// `Rating::default()` when absent) locked, applies `game.rate`, writes both back
    /// (one more game each) with one history point each. `None` if the game was rated
    /// before (nothing changes).
    fn rate_game(&self, game: &RatedGame<'_>) -> StoreResult<Option<RatedResult>>;

    /// The player's last `limit` rating points (in `pool`, or every pool), oldest first.
    fn rating_history(
        &self,
        player: &str,
        pool: Option<&str>,
        limit: u32,
    ) -> StoreResult<Vec<RatingPoint>>;

    /// The best `limit` named players of the pool whose deviation is at most
    /// `max_deviation`, best first.
    fn leaderboard(
        &self,
        pool: &str,
        limit: u32,
        max_deviation: f64,
    ) -> StoreResult<Vec<LeaderRow>>;

    /// How a rated game changed white's and black's displayed ratings
    /// ([`rating_change`]), if it was rated.
    fn rated_result(&self, game_id: &str) -> StoreResult<Option<(i32, i32)>>;

    // Aborts.

    /// Counts an abort against the player, once per game.
    fn record_abort(&self, player: &str, game_id: &str, now_ms: i64) -> StoreResult<()>;

    /// The player's aborts since a time, and the oldest of them.
    fn aborts_since(&self, player: &str, since_ms: i64) -> StoreResult<(u32, Option<i64>)>;

    // Challenges.

    /// Stores a new challenge (open; `game_id` ignored), and deletes challenges expired
    /// more than [`CHALLENGES_KEPT_MS`] before its creation.
    fn insert_challenge(&self, c: &ChallengeRow) -> StoreResult<()>;

    /// Open challenges (not taken, not expired at `now_ms`), oldest first.
    fn open_challenges(&self, now_ms: i64, limit: u32) -> StoreResult<Vec<ChallengeRow>>;

    /// The player's open challenges, oldest first.
    fn challenges_of(&self, player: &str, now_ms: i64) -> StoreResult<Vec<ChallengeRow>>;

    /// Open challenges made from `addr`.
    fn challenges_from_addr(&self, addr: &str, now_ms: i64) -> StoreResult<u32>;

    /// Moves the expiry of the player's open live challenges (`per_move` false) to
    /// `expires_at_ms`; expired ones stay expired.
    fn renew_challenges(&self, player: &str, now_ms: i64, expires_at_ms: i64) -> StoreResult<()>;

    /// Deletes the player's challenge `id` if it is still not taken; whether it did.
    fn cancel_challenge(&self, id: &str, player: &str) -> StoreResult<bool>;

    /// Deletes every challenge of the player not taken.
    #[allow(dead_code)]
    fn cancel_challenges_of(&self, player: &str) -> StoreResult<()>;

    /// Takes the challenge if it is open at `now_ms` and returns it; `None` if it is
    /// unknown, taken or expired. The database decides: of two takers one gets it.
    fn take_challenge(&self, id: &str, now_ms: i64) -> StoreResult<Option<ChallengeRow>>;

    /// Records the game a taken challenge became.
    fn set_challenge_game(&self, id: &str, game_id: &str) -> StoreResult<()>;

    /// Opens a taken challenge again (its game could not be made).
    fn release_challenge(&self, id: &str) -> StoreResult<()>;

    /// The game of the player's newest challenge taken at or after `since_ms` whose
    /// game was made.
    fn accepted_challenge_of(&self, player: &str, since_ms: i64) -> StoreResult<Option<String>>;

    /// Quick pairing, atomically: takes the oldest open quick challenge of another
    /// player with `row`'s variant, rules, time control and `rated`, and returns it;
    /// when there is none, stores `row` (which then waits) and returns `None`. Of any
    /// number of seekers at once, each challenge is taken once.
    fn quick_match(&self, row: &ChallengeRow, now_ms: i64) -> StoreResult<Option<ChallengeRow>>;

    // Games.

    /// Online games not finished with both seats taken, newest first.
    fn live_games(&self, limit: u32) -> StoreResult<Vec<LiveGameRow>>;
}

/// A stored rating, checked: a row outside Glicko-2's bounds is a defect, reported as a
/// store failure rather than rated with.
pub(super) fn stored_rating(rating: f64, deviation: f64, volatility: f64) -> StoreResult<Rating> {
    Rating::new(rating, deviation, volatility)
        .map_err(|e| super::StoreError::Failed(format!("a stored player rating is invalid: {e}")))
}

/// The columns of `challenges` a [`ChallengeRow`] is read from, in the order both stores
/// read them.
pub(super) const CHALLENGE_COLUMNS: &str = "id, creator, addr, created_at_ms, expires_at_ms,
    variant, rules, initial_ms, increment_ms, per_move, rated, seek, min_rating, max_rating,
    quick, game_id";

/// The columns of `games` a [`LiveGameRow`] is read from, but for `moves` (a count the
/// query adds last).
pub(super) const LIVE_GAME_COLUMNS: &str = "id, variant, rules, options, initial_ms,
    increment_ms, per_move, rated, white_player, black_player, created_at";
