//! Names, accounts, ratings and the lobby in PostgreSQL, for several instances over one
//! database. Each rule is the database's:
//! - a name: the unique index on `name_key` refuses a second holder (a racing insert
//!   waits for the first to commit, then fails with a unique violation: `Taken`);
//! - a rated game: its `rated_games` row is inserted first (`ON CONFLICT DO NOTHING`: a
//!   second rater waits for the first to commit, then inserts nothing and stops), then
//!   both ratings are made if absent and read `FOR UPDATE`, in player id order, so that
//!   two games of one player rated at once take turns on its row and never wait on each
//!   other in a cycle;
//! - a challenge: taken by one `UPDATE … WHERE NOT taken`, which a second taker waits
//!   on and then finds taken;
//! - quick pairing: seekers of one pairing take turns under a transaction-scoped
//!   advisory lock keyed on the pairing, so that two arriving together meet rather than
//!   both waiting.

use super::super::community::{
    name_key, rating_change, stored_rating, AccountRefusal, AccountRow, ChallengeRow,
    CommunityStore, LeaderRow, LiveGameRow, LoginFailures, NameRefusal, NameRow, PoolRating,
    RatedGame, RatedResult, RatingPoint, Seek, CHALLENGES_KEPT_MS, CHALLENGE_COLUMNS,
    LIVE_GAME_COLUMNS, LOGIN_FAILURES_KEPT_MS,
};
use super::super::{StoreError, StoreResult};
use super::{count, PgStore};
use deadpool_postgres::tokio_postgres::error::SqlState;
use deadpool_postgres::tokio_postgres::types::ToSql;
use deadpool_postgres::tokio_postgres::Row;
use deadpool_postgres::GenericClient;
use rating::Rating;
use std::collections::HashMap;

/// A query parameter, owned (it travels to the store's runtime).
type Param = Box<dyn ToSql + Send + Sync>;

macro_rules! owned {
    ($($v:expr),* $(,)?) => { vec![$(Box::new($v) as Param),*] };
}

fn refs(params: &[Param]) -> Vec<&(dyn ToSql + Sync)> {
    params
        .iter()
        .map(|p| p.as_ref() as &(dyn ToSql + Sync))
        .collect()
}

fn games(n: i32) -> StoreResult<u32> {
    count(i64::from(n))
}

/// The advisory lock key of a quick pairing: FNV-1a of its fields. Seekers of different
/// pairings that collide only wait for each other a moment.
fn pairing_key(c: &ChallengeRow) -> i64 {
    let text = format!(
        "quick {} {} {} {} {} {}",
        c.variant,
        c.rules.as_deref().unwrap_or("-"),
        c.initial_ms,
        c.increment_ms,
        c.per_move,
        c.rated
    );
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in text.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    i64::from_ne_bytes(hash.to_ne_bytes())
}

fn challenge(row: &Row) -> StoreResult<ChallengeRow> {
    let seek: String = row.try_get(11)?;
    Ok(ChallengeRow {
        id: row.try_get(0)?,
        creator: row.try_get(1)?,
        addr: row.try_get(2)?,
        created_at_ms: row.try_get(3)?,
        expires_at_ms: row.try_get(4)?,
        variant: row.try_get(5)?,
        rules: row.try_get(6)?,
        initial_ms: row.try_get(7)?,
        increment_ms: row.try_get(8)?,
        per_move: row.try_get(9)?,
        rated: row.try_get(10)?,
        seek: Seek::from_id(&seek).ok_or_else(|| {
            StoreError::Failed(format!("unknown value {seek:?} in column \"seek\""))
        })?,
        min_rating: row.try_get(12)?,
        max_rating: row.try_get(13)?,
        quick: row.try_get(14)?,
        game_id: row.try_get(15)?,
    })
}

/// Columns pool, rating, deviation, volatility, games, updated_at_ms.
fn pool_rating(row: &Row) -> StoreResult<PoolRating> {
    Ok(PoolRating {
        pool: row.try_get(0)?,
        rating: stored_rating(row.try_get(1)?, row.try_get(2)?, row.try_get(3)?)?,
        games: games(row.try_get(4)?)?,
        updated_at_ms: row.try_get(5)?,
    })
}

fn name_row(row: &Row) -> StoreResult<NameRow> {
    Ok(NameRow {
        player: row.try_get(0)?,
        name: row.try_get(1)?,
        changed_at_ms: row.try_get(2)?,
        changes: games(row.try_get(3)?)?,
    })
}

async fn insert_challenge(client: &impl GenericClient, c: &ChallengeRow) -> StoreResult<()> {
    client
        .execute(
            "INSERT INTO challenges (id, creator, addr, created_at_ms, expires_at_ms, variant,
                rules, initial_ms, increment_ms, per_move, rated, seek, min_rating, max_rating,
                quick)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)",
            &[
                &c.id,
                &c.creator,
                &c.addr,
                &c.created_at_ms,
                &c.expires_at_ms,
                &c.variant,
                &c.rules,
                &c.initial_ms,
                &c.increment_ms,
                &c.per_move,
                &c.rated,
                &c.seek.id(),
                &c.min_rating,
                &c.max_rating,
                &c.quick,
            ],
        )
        .await?;
    Ok(())
}

impl PgStore {
    /// Runs one statement; how many rows it changed.
    fn exec(&self, sql: &'static str, params: Vec<Param>) -> StoreResult<u64> {
        let pool = self.pool();
        self.run(async move {
            let client = pool.get().await?;
            Ok(client.execute(sql, &refs(&params)).await?)
        })
    }

    /// The rows of one query, each read by `read`.
    fn select<T: Send + 'static>(
        &self,
        sql: String,
        params: Vec<Param>,
        read: fn(&Row) -> StoreResult<T>,
    ) -> StoreResult<Vec<T>> {
        let pool = self.pool();
        self.run(async move {
            let client = pool.get().await?;
            client
                .query(sql.as_str(), &refs(&params))
                .await?
                .iter()
                .map(read)
                .collect()
        })
    }

    /// The one row of a query, if any, read by `read`.
    fn select_one<T: Send + 'static>(
        &self,
        sql: String,
        params: Vec<Param>,
        read: fn(&Row) -> StoreResult<T>,
    ) -> StoreResult<Option<T>> {
        Ok(self.select(sql, params, read)?.into_iter().next())
    }
}

fn count_and_oldest(row: &Row) -> StoreResult<(u32, Option<i64>)> {
    Ok((count(row.try_get(0)?)?, row.try_get(1)?))
}

fn text(row: &Row) -> StoreResult<String> {
    Ok(row.try_get(0)?)
}

impl CommunityStore for PgStore {
    fn name_of(&self, player: &str) -> StoreResult<Option<NameRow>> {
        self.select_one(
            "SELECT player, name, changed_at_ms, changes FROM player_names WHERE player = $1"
                .into(),
            owned![player.to_string()],
            name_row,
        )
    }

    fn names_of(&self, players: &[&str]) -> StoreResult<HashMap<String, String>> {
        let players: Vec<String> = players.iter().map(|p| p.to_string()).collect();
        let rows = self.select(
            "SELECT player, name FROM player_names WHERE player = ANY($1)".into(),
            owned![players],
            |row| Ok((row.try_get(0)?, row.try_get(1)?)),
        )?;
        Ok(rows.into_iter().collect())
    }

    fn player_of_name(&self, name: &str) -> StoreResult<Option<String>> {
        self.select_one(
            "SELECT player FROM player_names WHERE name_key = $1".into(),
            owned![name_key(name)],
            text,
        )
    }

    fn set_name(
        &self,
        player: &str,
        name: &str,
        now_ms: i64,
    ) -> StoreResult<Result<NameRow, NameRefusal>> {
        let pool = self.pool();
        let (player, name) = (player.to_string(), name.to_string());
        self.run(async move {
            let client = pool.get().await?;
            let key = name_key(&name);
            let set = client
                .query_one(
                    "INSERT INTO player_names (player, name, name_key, changed_at_ms, changes)
                     VALUES ($1, $2, $3, $4, 0)
                     ON CONFLICT (player) DO UPDATE SET name = excluded.name,
                        name_key = excluded.name_key, changed_at_ms = excluded.changed_at_ms,
                        changes = player_names.changes + 1
                     RETURNING player, name, changed_at_ms, changes",
                    &[&player, &name, &key, &now_ms],
                )
                .await;
            match set {
                Ok(row) => Ok(Ok(name_row(&row)?)),
                // Only the name's key is unique besides the player, whose conflict the
                // statement turns into an update.
                Err(e) if e.code() == Some(&SqlState::UNIQUE_VIOLATION) => {
                    Ok(Err(NameRefusal::Taken))
                }
                Err(e) => Err(e.into()),
            }
        })
    }

    fn create_account(
        &self,
        player: &str,
        password_hash: &str,
        now_ms: i64,
        addr: &str,
    ) -> StoreResult<Result<(), AccountRefusal>> {
        let pool = self.pool();
        let (player, password_hash, addr) = (
            player.to_string(),
            password_hash.to_string(),
            addr.to_string(),
        );
        self.run(async move {
            let client = pool.get().await?;
            // One statement: names are never deleted, so the name read cannot go stale.
            let row = client
                .query_one(
                    "WITH named AS (SELECT 1 FROM player_names WHERE player = $1),
                     made AS (
                        INSERT INTO accounts (player, password_hash, created_at_ms, created_addr)
                        SELECT $1, $2, $3, $4 WHERE EXISTS (SELECT 1 FROM named)
                        ON CONFLICT (player) DO NOTHING RETURNING 1)
                     SELECT EXISTS (SELECT 1 FROM named), EXISTS (SELECT 1 FROM made)",
                    &[&player, &password_hash, &now_ms, &addr],
                )
                .await?;
            let (named, made): (bool, bool) = (row.try_get(0)?, row.try_get(1)?);
            Ok(match (named, made) {
                (false, _) => Err(AccountRefusal::NoName),
                (true, false) => Err(AccountRefusal::Exists),
                (true, true) => Ok(()),
            })
        })
    }

    fn account_by_name(&self, name: &str) -> StoreResult<Option<AccountRow>> {
        self.select_one(
            "SELECT a.player, n.name, a.password_hash, a.created_at_ms
             FROM player_names n JOIN accounts a ON a.player = n.player
             WHERE n.name_key = $1"
                .into(),
            owned![name_key(name)],
            |row| {
                Ok(AccountRow {
                    player: row.try_get(0)?,
                    name: row.try_get(1)?,
                    password_hash: row.try_get(2)?,
                    created_at_ms: row.try_get(3)?,
                })
            },
        )
    }

    fn has_account(&self, player: &str) -> StoreResult<bool> {
        Ok(self.count("SELECT COUNT(*) FROM accounts WHERE player = $1", player)? > 0)
    }

    fn accounts_created_since(&self, addr: &str, since_ms: i64) -> StoreResult<u32> {
        let n = self.select_one(
            "SELECT COUNT(*) FROM accounts WHERE created_addr = $1 AND created_at_ms >= $2".into(),
            owned![addr.to_string(), since_ms],
            |row| count(row.try_get(0)?),
        )?;
        Ok(n.unwrap_or(0))
    }

    fn record_login_failure(&self, name_key: &str, addr: &str, now_ms: i64) -> StoreResult<()> {
        let pool = self.pool();
        let (name_key, addr) = (name_key.to_string(), addr.to_string());
        self.run(async move {
            let client = pool.get().await?;
            let old = now_ms - LOGIN_FAILURES_KEPT_MS;
            client
                .execute(
                    "WITH gone AS (DELETE FROM login_failures
                        WHERE (name_key = $1 OR addr = $2) AND at_ms < $4)
                     INSERT INTO login_failures (name_key, addr, at_ms) VALUES ($1, $2, $3)",
                    &[&name_key, &addr, &now_ms, &old],
                )
                .await?;
            Ok(())
        })
    }

    fn login_failures_since(
        &self,
        name_key: &str,
        addr: &str,
        since_ms: i64,
    ) -> StoreResult<LoginFailures> {
        let pool = self.pool();
        let (name_key, addr) = (name_key.to_string(), addr.to_string());
        self.run(async move {
            let client = pool.get().await?;
            let row = client
                .query_one(
                    "SELECT
                        (SELECT COUNT(*) FROM login_failures WHERE name_key = $1 AND at_ms >= $3),
                        (SELECT MIN(at_ms) FROM login_failures WHERE name_key = $1 AND at_ms >= $3),
                        (SELECT COUNT(*) FROM login_failures WHERE addr = $2 AND at_ms >= $3),
                        (SELECT MIN(at_ms) FROM login_failures WHERE addr = $2 AND at_ms >= $3),
                        (SELECT COUNT(*) FROM login_failures
                            WHERE name_key = $1 AND addr = $2 AND at_ms >= $3),
                        (SELECT MIN(at_ms) FROM login_failures
                            WHERE name_key = $1 AND addr = $2 AND at_ms >= $3)",
                    &[&name_key, &addr, &since_ms],
                )
                .await?;
            Ok(LoginFailures {
                by_name: count(row.try_get(0)?)?,
                oldest_by_name: row.try_get(1)?,
                by_addr: count(row.try_get(2)?)?,
                oldest_by_addr: row.try_get(3)?,
                by_name_here: count(row.try_get(4)?)?,
                oldest_by_name_here: row.try_get(5)?,
            })
        })
    }

    fn clear_login_failures(&self, name_key: &str) -> StoreResult<()> {
        self.exec(
            "DELETE FROM login_failures WHERE name_key = $1",
            owned![name_key.to_string()],
        )
        .map(|_| ())
    }

    fn create_session(
        &self,
        token_hash: &str,
        player: &str,
        now_ms: i64,
        expires_ms: i64,
    ) -> StoreResult<()> {
        self.exec(
            "WITH gone AS (DELETE FROM sessions WHERE player = $2 AND expires_at_ms <= $3)
             INSERT INTO sessions (token_hash, player, created_at_ms, expires_at_ms)
             VALUES ($1, $2, $3, $4)",
            owned![
                token_hash.to_string(),
                player.to_string(),
                now_ms,
                expires_ms
            ],
        )
        .map(|_| ())
    }

    fn session_player(&self, token_hash: &str, now_ms: i64) -> StoreResult<Option<String>> {
        self.select_one(
            "SELECT player FROM sessions WHERE token_hash = $1 AND expires_at_ms > $2".into(),
            owned![token_hash.to_string(), now_ms],
            text,
        )
    }

    fn delete_session(&self, token_hash: &str) -> StoreResult<()> {
        self.exec(
            "DELETE FROM sessions WHERE token_hash = $1",
            owned![token_hash.to_string()],
        )
        .map(|_| ())
    }

    fn delete_sessions_of(&self, player: &str) -> StoreResult<()> {
        self.exec(
            "DELETE FROM sessions WHERE player = $1",
            owned![player.to_string()],
        )
        .map(|_| ())
    }

    fn ratings_of(&self, player: &str) -> StoreResult<Vec<PoolRating>> {
        self.select(
            "SELECT pool, rating, deviation, volatility, games, updated_at_ms
             FROM player_ratings WHERE player = $1 ORDER BY pool"
                .into(),
            owned![player.to_string()],
            pool_rating,
        )
    }

    fn ratings_of_players(
        &self,
        players: &[&str],
        pool: &str,
    ) -> StoreResult<HashMap<String, PoolRating>> {
        let players: Vec<String> = players.iter().map(|p| p.to_string()).collect();
        let rows = self.select(
            "SELECT pool, rating, deviation, volatility, games, updated_at_ms, player
             FROM player_ratings WHERE pool = $1 AND player = ANY($2)"
                .into(),
            owned![pool.to_string(), players],
            |row| Ok((row.try_get(6)?, pool_rating(row)?)),
        )?;
        Ok(rows.into_iter().collect())
    }

    fn rate_game(&self, game: &RatedGame<'_>) -> StoreResult<Option<RatedResult>> {
        if game.white == game.black {
            return Err(StoreError::Failed(format!(
                "game {} cannot be rated: {} holds both seats",
                game.game_id, game.white
            )));
        }
        let pool = self.pool();
        let (game_id, pool_id) = (game.game_id.to_string(), game.pool.to_string());
        let (white_id, black_id) = (game.white.to_string(), game.black.to_string());
        let (white_score, at_ms, rate) = (game.white_score, game.at_ms, game.rate);
        self.run(async move {
            let mut client = pool.get().await?;
            let tx = client.transaction().await?;
            let inserted = tx
                .execute(
                    "INSERT INTO rated_games (game_id, pool, at_ms, white, black)
                     VALUES ($1, $2, $3, $4, $5) ON CONFLICT (game_id) DO NOTHING",
                    &[&game_id, &pool_id, &at_ms, &white_id, &black_id],
                )
                .await?;
            if inserted == 0 {
                tx.commit().await?;
                return Ok(None);
            }
            // Rows made, then locked, in player id order: no two raters wait in a cycle.
            let mut order = [&white_id, &black_id];
            order.sort();
            let default = Rating::default();
            for player in order {
                tx.execute(
                    "INSERT INTO player_ratings
                        (player, pool, rating, deviation, volatility, games, updated_at_ms)
                     VALUES ($1, $2, $3, $4, $5, 0, $6) ON CONFLICT (player, pool) DO NOTHING",
                    &[
                        player,
                        &pool_id,
                        &default.rating,
                        &default.deviation,
                        &default.volatility,
                        &at_ms,
                    ],
                )
                .await?;
            }
            let mut before = HashMap::new();
            for player in order {
                let row = tx
                    .query_one(
                        "SELECT pool, rating, deviation, volatility, games, updated_at_ms
                         FROM player_ratings WHERE player = $1 AND pool = $2 FOR UPDATE",
                        &[player, &pool_id],
                    )
                    .await?;
                let r = pool_rating(&row)?;
                let last = (r.games > 0).then_some(r.updated_at_ms);
                before.insert(player.clone(), (r.rating, last));
            }
            let (white_before, white_last) = before[&white_id];
            let (black_before, black_last) = before[&black_id];
            let (white, black) = rate(
                white_before,
                black_before,
                white_score,
                at_ms,
                white_last,
                black_last,
            );
            for (player, was, now) in [
                (&white_id, white_before, white),
                (&black_id, black_before, black),
            ] {
                tx.execute(
                    "UPDATE player_ratings SET rating = $3, deviation = $4, volatility = $5,
                        games = games + 1, updated_at_ms = $6
                     WHERE player = $1 AND pool = $2",
                    &[
                        player,
                        &pool_id,
                        &now.rating,
                        &now.deviation,
                        &now.volatility,
                        &at_ms,
                    ],
                )
                .await?;
                tx.execute(
                    "INSERT INTO rating_history
                        (player, pool, game_id, at_ms, rating, deviation, change)
                     VALUES ($1, $2, $3, $4, $5, $6, $7)",
                    &[
                        player,
                        &pool_id,
                        &game_id,
                        &at_ms,
                        &now.rating,
                        &now.deviation,
                        &(now.rating - was.rating),
                    ],
                )
                .await?;
            }
            tx.execute(
                "UPDATE rated_games SET white_change = $2, black_change = $3 WHERE game_id = $1",
                &[
                    &game_id,
                    &rating_change(white_before.rating, white.rating),
                    &rating_change(black_before.rating, black.rating),
                ],
            )
            .await?;
            tx.commit().await?;
            Ok(Some(RatedResult {
                white_before,
                white,
                black_before,
                black,
            }))
        })
    }

    fn rating_history(
        &self,
        player: &str,
        pool: Option<&str>,
        limit: u32,
    ) -> StoreResult<Vec<RatingPoint>> {
        let mut points = self.select(
            "SELECT pool, game_id, at_ms, rating, deviation FROM rating_history
             WHERE player = $1 AND ($2::TEXT IS NULL OR pool = $2)
             ORDER BY at_ms DESC, game_id DESC LIMIT $3"
                .into(),
            owned![
                player.to_string(),
                pool.map(str::to_string),
                i64::from(limit)
            ],
            |row| {
                Ok(RatingPoint {
                    pool: row.try_get(0)?,
                    game_id: row.try_get(1)?,
                    at_ms: row.try_get(2)?,
                    rating: row.try_get(3)?,
                    deviation: row.try_get(4)?,
                })
            },
        )?;
        points.reverse();
        Ok(points)
    }

    fn leaderboard(
        &self,
        pool: &str,
        limit: u32,
        max_deviation: f64,
    ) -> StoreResult<Vec<LeaderRow>> {
        self.select(
            "SELECT n.name, r.rating, r.deviation, r.volatility, r.games
             FROM player_ratings r JOIN player_names n ON n.player = r.player
             WHERE r.pool = $1 AND r.deviation <= $2 AND r.games > 0
             ORDER BY r.rating DESC, n.name_key LIMIT $3"
                .into(),
            owned![pool.to_string(), max_deviation, i64::from(limit)],
            |row| {
                Ok(LeaderRow {
                    name: row.try_get(0)?,
                    rating: stored_rating(row.try_get(1)?, row.try_get(2)?, row.try_get(3)?)?,
                    games: games(row.try_get(4)?)?,
                })
            },
        )
    }

    fn rated_result(&self, game_id: &str) -> StoreResult<Option<(i32, i32)>> {
        let row = self.select_one(
            "SELECT white_change, black_change FROM rated_games WHERE game_id = $1".into(),
            owned![game_id.to_string()],
            |row| {
                Ok((
                    row.try_get::<_, Option<i32>>(0)?,
                    row.try_get::<_, Option<i32>>(1)?,
                ))
            },
        )?;
        Ok(row.and_then(|(w, b)| w.zip(b)))
    }

    fn record_abort(&self, player: &str, game_id: &str, now_ms: i64) -> StoreResult<()> {
        self.exec(
            "INSERT INTO aborts (player, game_id, at_ms) VALUES ($1, $2, $3)
             ON CONFLICT (player, game_id) DO NOTHING",
            owned![player.to_string(), game_id.to_string(), now_ms],
        )
        .map(|_| ())
    }

    fn aborts_since(&self, player: &str, since_ms: i64) -> StoreResult<(u32, Option<i64>)> {
        let row = self.select_one(
            "SELECT COUNT(*), MIN(at_ms) FROM aborts WHERE player = $1 AND at_ms >= $2".into(),
            owned![player.to_string(), since_ms],
            count_and_oldest,
        )?;
        Ok(row.unwrap_or((0, None)))
    }

    fn insert_challenge(&self, c: &ChallengeRow) -> StoreResult<()> {
        let pool = self.pool();
        let c = c.clone();
        self.run(async move {
            let mut client = pool.get().await?;
            let tx = client.transaction().await?;
            tx.execute(
                "DELETE FROM challenges WHERE expires_at_ms < $1",
                &[&(c.created_at_ms - CHALLENGES_KEPT_MS)],
            )
            .await?;
            insert_challenge(&tx, &c).await?;
            tx.commit().await?;
            Ok(())
        })
    }

    fn open_challenges(&self, now_ms: i64, limit: u32) -> StoreResult<Vec<ChallengeRow>> {
        self.select(
            format!(
                "SELECT {CHALLENGE_COLUMNS} FROM challenges
                 WHERE NOT taken AND expires_at_ms > $1 ORDER BY created_at_ms, id LIMIT $2"
            ),
            owned![now_ms, i64::from(limit)],
            challenge,
        )
    }

    fn challenges_of(&self, player: &str, now_ms: i64) -> StoreResult<Vec<ChallengeRow>> {
        self.select(
            format!(
                "SELECT {CHALLENGE_COLUMNS} FROM challenges
                 WHERE creator = $1 AND NOT taken AND expires_at_ms > $2
                 ORDER BY created_at_ms, id"
            ),
            owned![player.to_string(), now_ms],
            challenge,
        )
    }

    fn challenges_from_addr(&self, addr: &str, now_ms: i64) -> StoreResult<u32> {
        let n = self.select_one(
            "SELECT COUNT(*) FROM challenges
             WHERE addr = $1 AND NOT taken AND expires_at_ms > $2"
                .into(),
            owned![addr.to_string(), now_ms],
            |row| count(row.try_get(0)?),
        )?;
        Ok(n.unwrap_or(0))
    }

    fn renew_challenges(&self, player: &str, now_ms: i64, expires_at_ms: i64) -> StoreResult<()> {
        self.exec(
            "UPDATE challenges SET expires_at_ms = $3
             WHERE creator = $1 AND NOT taken AND NOT per_move AND expires_at_ms > $2",
            owned![player.to_string(), now_ms, expires_at_ms],
        )
        .map(|_| ())
    }

    fn cancel_challenge(&self, id: &str, player: &str) -> StoreResult<bool> {
        Ok(self.exec(
            "DELETE FROM challenges WHERE id = $1 AND creator = $2 AND NOT taken",
            owned![id.to_string(), player.to_string()],
        )? > 0)
    }

    fn cancel_challenges_of(&self, player: &str) -> StoreResult<()> {
        self.exec(
            "DELETE FROM challenges WHERE creator = $1 AND NOT taken",
            owned![player.to_string()],
        )
        .map(|_| ())
    }

    fn take_challenge(&self, id: &str, now_ms: i64) -> StoreResult<Option<ChallengeRow>> {
        // A second taker waits on the row's lock, then finds it taken and changes nothing.
        self.select_one(
            format!(
                "UPDATE challenges SET taken = TRUE, taken_at_ms = $2
                 WHERE id = $1 AND NOT taken AND expires_at_ms > $2
                 RETURNING {CHALLENGE_COLUMNS}"
            ),
            owned![id.to_string(), now_ms],
            challenge,
        )
    }

    fn set_challenge_game(&self, id: &str, game_id: &str) -> StoreResult<()> {
        self.exec(
            "UPDATE challenges SET game_id = $2 WHERE id = $1",
            owned![id.to_string(), game_id.to_string()],
        )
        .map(|_| ())
    }

    fn release_challenge(&self, id: &str) -> StoreResult<()> {
        self.exec(
            "UPDATE challenges SET taken = FALSE, taken_at_ms = NULL, game_id = NULL
             WHERE id = $1",
            owned![id.to_string()],
        )
        .map(|_| ())
    }

    fn accepted_challenge_of(&self, player: &str, since_ms: i64) -> StoreResult<Option<String>> {
        self.select_one(
            "SELECT game_id FROM challenges
             WHERE creator = $1 AND taken AND game_id IS NOT NULL AND taken_at_ms >= $2
             ORDER BY taken_at_ms DESC, id DESC LIMIT 1"
                .into(),
            owned![player.to_string(), since_ms],
            text,
        )
    }

    fn quick_match(&self, row: &ChallengeRow, now_ms: i64) -> StoreResult<Option<ChallengeRow>> {
        let pool = self.pool();
        let row = row.clone();
        self.run(async move {
            let mut client = pool.get().await?;
            let tx = client.transaction().await?;
            // Seekers of this pairing take turns: the second sees the first's challenge.
            tx.execute("SELECT pg_advisory_xact_lock($1)", &[&pairing_key(&row)])
                .await?;
            // A challenge being taken meanwhile through the lobby is skipped, not waited on.
            let sql = format!(
                "UPDATE challenges SET taken = TRUE, taken_at_ms = $1
                 WHERE id = (
                    SELECT id FROM challenges
                    WHERE quick AND NOT taken AND expires_at_ms > $1
                      AND creator <> $2 AND variant = $3 AND rules IS NOT DISTINCT FROM $4
                      AND initial_ms = $5 AND increment_ms = $6 AND per_move = $7
                      AND rated = $8
                    ORDER BY created_at_ms, id LIMIT 1
                    FOR UPDATE SKIP LOCKED)
                   AND NOT taken
                 RETURNING {CHALLENGE_COLUMNS}"
            );
            let taken = tx
                .query_opt(
                    sql.as_str(),
                    &[
                        &now_ms,
                        &row.creator,
                        &row.variant,
                        &row.rules,
                        &row.initial_ms,
                        &row.increment_ms,
                        &row.per_move,
                        &row.rated,
                    ],
                )
                .await?;
            let partner = match taken {
                Some(taken) => Some(challenge(&taken)?),
                None => {
                    insert_challenge(&tx, &row).await?;
                    None
                }
            };
            tx.commit().await?;
            Ok(partner)
        })
    }

    fn live_games(&self, limit: u32) -> StoreResult<Vec<LiveGameRow>> {
        self.select(
            format!(
                "SELECT {LIVE_GAME_COLUMNS},
                    (SELECT COUNT(*) FROM moves WHERE game_id = games.id)
                 FROM games
                 WHERE mode = 'online' AND NOT finished
                   AND white_player IS NOT NULL AND black_player IS NOT NULL
                 ORDER BY created_at DESC, id DESC LIMIT $1"
            ),
            owned![i64::from(limit)],
            |row| {
                Ok(LiveGameRow {
                    id: row.try_get(0)?,
                    variant: row.try_get(1)?,
                    rules: row.try_get(2)?,
                    options: row.try_get(3)?,
                    initial_ms: row.try_get(4)?,
                    increment_ms: row.try_get(5)?,
                    per_move: row.try_get(6)?,
                    rated: row.try_get(7)?,
                    white_player: row.try_get(8)?,
                    black_player: row.try_get(9)?,
                    created_at_ms: row.try_get::<_, i64>(10)?.saturating_mul(1000),
                    moves: count(row.try_get(11)?)?,
                })
            },
        )
    }
}
