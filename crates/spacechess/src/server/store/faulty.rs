//! Tests: a store whose moves fail to store from a chosen ply on, as on a full disk.

use super::{
    AccountRefusal, AccountRow, AttemptRecord, ChallengeRow, CommunityStore, GameStore,
    GameSummary, LeaderRow, LiveGameRow, LoginFailures, NameRefusal, NameRow, NewAttempt,
    PoolRating, PuzzleStore, RatedGame, RatedResult, RatingPoint, SetRating, StoreError,
    StoreResult, StoredAttempt, StoredGame, StoredMove, StoredSeats, Version,
};
use crate::server::kinds::{Eval, OfferKind};
use rating::Rating;
use rules::{Color, Outcome};
use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;

/// What a [`Faulty`] store fails, and how often it did; shared with the test.
#[derive(Debug)]
pub struct Faults {
    /// Moves at this ply or later fail to store.
    pub fail_moves_from: AtomicU32,
    /// How many writes failed that way.
    pub failed_writes: AtomicU32,
}

impl Default for Faults {
    fn default() -> Faults {
        Faults {
            fail_moves_from: AtomicU32::new(u32::MAX),
            failed_writes: AtomicU32::new(0),
        }
    }
}

/// `S`, failing the moves [`Faults`] says.
pub struct Faulty<S> {
    pub inner: S,
    pub faults: Arc<Faults>,
}

impl<S: GameStore> GameStore for Faulty<S> {
    fn insert_game(&self, game: &StoredGame, moves: &[StoredMove]) -> StoreResult<()> {
        self.inner.insert_game(game, moves)
    }
    fn insert_rematch(&self, game: &StoredGame, of: &str, v: Version) -> StoreResult<Version> {
        self.inner.insert_rematch(game, of, v)
    }
    fn append_move(
        &self,
        game_id: &str,
        version: Version,
        m: &StoredMove,
        result: Option<Outcome>,
    ) -> StoreResult<Version> {
        if m.ply >= self.faults.fail_moves_from.load(Ordering::SeqCst) {
            self.faults.failed_writes.fetch_add(1, Ordering::SeqCst);
            return Err(StoreError::Failed(
                "database or disk is full (simulated)".into(),
            ));
        }
        self.inner.append_move(game_id, version, m, result)
    }
    fn set_eval(&self, id: &str, v: Version, ply: u32, eval: Eval) -> StoreResult<Version> {
        self.inner.set_eval(id, v, ply, eval)
    }
    fn truncate_moves(&self, id: &str, v: Version, ply: u32) -> StoreResult<Version> {
        self.inner.truncate_moves(id, v, ply)
    }
    fn declare_result(&self, id: &str, v: Version, outcome: Outcome) -> StoreResult<Version> {
        self.inner.declare_result(id, v, outcome)
    }
    fn set_offer(
        &self,
        id: &str,
        v: Version,
        offer: Option<(OfferKind, Color)>,
    ) -> StoreResult<Version> {
        self.inner.set_offer(id, v, offer)
    }
    fn set_seats(&self, id: &str, v: Version, seats: &StoredSeats) -> StoreResult<Version> {
        self.inner.set_seats(id, v, seats)
    }
    fn delete_game(&self, id: &str, v: Version) -> StoreResult<()> {
        self.inner.delete_game(id, v)
    }
    fn load_game(&self, id: &str) -> StoreResult<Option<(StoredGame, Vec<StoredMove>)>> {
        self.inner.load_game(id)
    }
    fn unfinished_games(&self) -> StoreResult<Vec<(StoredGame, u32)>> {
        self.inner.unfinished_games()
    }
    fn rematch_of(&self, of: &str) -> StoreResult<Option<String>> {
        self.inner.rematch_of(of)
    }
    fn open_games(&self, player: &str, client: &str) -> StoreResult<(u32, u32)> {
        self.inner.open_games(player, client)
    }
    fn open_invites_from(&self, client: &str) -> StoreResult<u32> {
        self.inner.open_invites_from(client)
    }
    fn open_invites(&self, player: &str) -> StoreResult<u32> {
        self.inner.open_invites(player)
    }
    fn player_games(
        &self,
        player: &str,
        before: Option<(i64, &str)>,
        limit: u32,
    ) -> StoreResult<Vec<GameSummary>> {
        self.inner.player_games(player, before, limit)
    }
    fn unfinished_player_games(&self, player: &str, limit: u32) -> StoreResult<Vec<GameSummary>> {
        self.inner.unfinished_player_games(player, limit)
    }
    fn game_of_invite(&self, code: &str) -> StoreResult<Option<String>> {
        self.inner.game_of_invite(code)
    }
    fn creations_since(&self, client: &str, since: i64) -> StoreResult<(u32, Option<i64>)> {
        self.inner.creations_since(client, since)
    }
}

impl<S: GameStore> PuzzleStore for Faulty<S> {
    fn player_puzzle_rating(&self, player: &str, set: &str) -> StoreResult<Option<Rating>> {
        self.inner.player_puzzle_rating(player, set)
    }
    fn puzzle_ratings(&self, set: &str) -> StoreResult<HashMap<String, Rating>> {
        self.inner.puzzle_ratings(set)
    }
    fn puzzle_rating(&self, puzzle: &str) -> StoreResult<Option<Rating>> {
        self.inner.puzzle_rating(puzzle)
    }
    fn attempted(&self, player: &str, set: &str) -> StoreResult<HashSet<String>> {
        self.inner.attempted(player, set)
    }
    fn record_attempt(&self, a: &NewAttempt) -> StoreResult<AttemptRecord> {
        self.inner.record_attempt(a)
    }
    fn player_puzzles(
        &self,
        player: &str,
        limit: u32,
    ) -> StoreResult<(Vec<SetRating>, Vec<StoredAttempt>)> {
        self.inner.player_puzzles(player, limit)
    }
}

impl<S: GameStore> CommunityStore for Faulty<S> {
    fn name_of(&self, player: &str) -> StoreResult<Option<NameRow>> {
        self.inner.name_of(player)
    }
    fn names_of(&self, players: &[&str]) -> StoreResult<HashMap<String, String>> {
        self.inner.names_of(players)
    }
    fn player_of_name(&self, name: &str) -> StoreResult<Option<String>> {
        self.inner.player_of_name(name)
    }
    fn set_name(
        &self,
        player: &str,
        name: &str,
        now_ms: i64,
    ) -> StoreResult<Result<NameRow, NameRefusal>> {
        self.inner.set_name(player, name, now_ms)
    }
    fn create_account(
        &self,
        player: &str,
        password_hash: &str,
        now_ms: i64,
        addr: &str,
    ) -> StoreResult<Result<(), AccountRefusal>> {
        self.inner
            .create_account(player, password_hash, now_ms, addr)
    }
    fn account_by_name(&self, name: &str) -> StoreResult<Option<AccountRow>> {
        self.inner.account_by_name(name)
    }
    fn has_account(&self, player: &str) -> StoreResult<bool> {
        self.inner.has_account(player)
    }
    fn accounts_created_since(&self, addr: &str, since_ms: i64) -> StoreResult<u32> {
        self.inner.accounts_created_since(addr, since_ms)
    }
    fn record_login_failure(&self, name_key: &str, addr: &str, now_ms: i64) -> StoreResult<()> {
        self.inner.record_login_failure(name_key, addr, now_ms)
    }
    fn login_failures_since(
        &self,
        name_key: &str,
        addr: &str,
        since_ms: i64,
    ) -> StoreResult<LoginFailures> {
        self.inner.login_failures_since(name_key, addr, since_ms)
    }
    fn clear_login_failures(&self, name_key: &str) -> StoreResult<()> {
        self.inner.clear_login_failures(name_key)
    }
    fn create_session(
        &self,
        token_hash: &str,
        player: &str,
        now_ms: i64,
        expires_ms: i64,
    ) -> StoreResult<()> {
        self.inner
            .create_session(token_hash, player, now_ms, expires_ms)
    }
    fn session_player(&self, token_hash: &str, now_ms: i64) -> StoreResult<Option<String>> {
        self.inner.session_player(token_hash, now_ms)
    }
    fn delete_session(&self, token_hash: &str) -> StoreResult<()> {
        self.inner.delete_session(token_hash)
    }
    fn delete_sessions_of(&self, player: &str) -> StoreResult<()> {
        self.inner.delete_sessions_of(player)
    }
    fn ratings_of(&self, player: &str) -> StoreResult<Vec<PoolRating>> {
        self.inner.ratings_of(player)
    }
    fn ratings_of_players(
        &self,
        players: &[&str],
        pool: &str,
    ) -> StoreResult<HashMap<String, PoolRating>> {
        self.inner.ratings_of_players(players, pool)
    }
    fn rate_game(&self, game: &RatedGame<'_>) -> StoreResult<Option<RatedResult>> {
        self.inner.rate_game(game)
    }
    fn rating_history(
        &self,
        player: &str,
        pool: Option<&str>,
        limit: u32,
    ) -> StoreResult<Vec<RatingPoint>> {
        self.inner.rating_history(player, pool, limit)
    }
    fn leaderboard(
        &self,
        pool: &str,
        limit: u32,
        max_deviation: f64,
    ) -> StoreResult<Vec<LeaderRow>> {
        self.inner.leaderboard(pool, limit, max_deviation)
    }
    fn rated_result(&self, game_id: &str) -> StoreResult<Option<(i32, i32)>> {
        self.inner.rated_result(game_id)
    }
    fn record_abort(&self, player: &str, game_id: &str, now_ms: i64) -> StoreResult<()> {
        self.inner.record_abort(player, game_id, now_ms)
    }
    fn aborts_since(&self, player: &str, since_ms: i64) -> StoreResult<(u32, Option<i64>)> {
        self.inner.aborts_since(player, since_ms)
    }
    fn insert_challenge(&self, c: &ChallengeRow) -> StoreResult<()> {
        self.inner.insert_challenge(c)
    }
    fn open_challenges(&self, now_ms: i64, limit: u32) -> StoreResult<Vec<ChallengeRow>> {
        self.inner.open_challenges(now_ms, limit)
    }
    fn challenges_of(&self, player: &str, now_ms: i64) -> StoreResult<Vec<ChallengeRow>> {
        self.inner.challenges_of(player, now_ms)
    }
    fn challenges_from_addr(&self, addr: &str, now_ms: i64) -> StoreResult<u32> {
        self.inner.challenges_from_addr(addr, now_ms)
    }
    fn renew_challenges(&self, player: &str, now_ms: i64, expires_at_ms: i64) -> StoreResult<()> {
        self.inner.renew_challenges(player, now_ms, expires_at_ms)
    }
    fn cancel_challenge(&self, id: &str, player: &str) -> StoreResult<bool> {
        self.inner.cancel_challenge(id, player)
    }
    fn cancel_challenges_of(&self, player: &str) -> StoreResult<()> {
        self.inner.cancel_challenges_of(player)
    }
    fn take_challenge(&self, id: &str, now_ms: i64) -> StoreResult<Option<ChallengeRow>> {
        self.inner.take_challenge(id, now_ms)
    }
    fn set_challenge_game(&self, id: &str, game_id: &str) -> StoreResult<()> {
        self.inner.set_challenge_game(id, game_id)
    }
    fn release_challenge(&self, id: &str) -> StoreResult<()> {
        self.inner.release_challenge(id)
    }
    fn accepted_challenge_of(&self, player: &str, since_ms: i64) -> StoreResult<Option<String>> {
        self.inner.accepted_challenge_of(player, since_ms)
    }
    fn quick_match(&self, row: &ChallengeRow, now_ms: i64) -> StoreResult<Option<ChallengeRow>> {
        self.inner.quick_match(row, now_ms)
    }
    fn live_games(&self, limit: u32) -> StoreResult<Vec<LiveGameRow>> {
        self.inner.live_games(limit)
    }
}
