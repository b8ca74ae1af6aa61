//! Tests: a store whose moves fail to store from a chosen ply on, as on a full disk.

use super::{
    AttemptRecord, GameStore, GameSummary, NewAttempt, PuzzleStore, SetRating, StoreError,
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
