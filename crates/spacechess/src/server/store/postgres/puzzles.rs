//! Puzzle ratings and attempts in PostgreSQL. A rated attempt is one transaction: the
//! attempt's row first (the key refuses a second attempt by the player, which then waits
//! for the first to commit and records nothing), then both ratings read `FOR UPDATE`, so
//! that concurrent attempts at one puzzle by different players, from any instance, take
//! turns on its row and lose no update. Rows are always locked player first, then
//! puzzle: two attempts never wait on each other in a cycle.

use super::super::puzzles::stored_rating;
use super::super::{AttemptRecord, NewAttempt, PuzzleStore, SetRating, StoreResult, StoredAttempt};
use super::{count, PgStore};
use deadpool_postgres::tokio_postgres::Row;
use deadpool_postgres::GenericClient;
use rating::Rating;
use std::collections::{HashMap, HashSet};

/// The rating in columns `at`, `at + 1`, `at + 2` (rating, deviation, volatility).
fn rating_at(row: &Row, at: usize) -> StoreResult<Rating> {
    stored_rating(row.try_get(at)?, row.try_get(at + 1)?, row.try_get(at + 2)?)
}

/// The rating in the one row `sql` finds, if any.
async fn rating_row(
    client: &impl GenericClient,
    sql: &str,
    params: &[&(dyn deadpool_postgres::tokio_postgres::types::ToSql + Sync)],
) -> StoreResult<Option<Rating>> {
    match client.query_opt(sql, params).await? {
        Some(row) => Ok(Some(rating_at(&row, 0)?)),
        None => Ok(None),
    }
}

impl PuzzleStore for PgStore {
    fn player_puzzle_rating(&self, player: &str, set: &str) -> StoreResult<Option<Rating>> {
        let pool = self.pool.clone();
        let (player, set) = (player.to_string(), set.to_string());
        self.run(async move {
            let client = pool.get().await?;
            rating_row(
                &client,
                "SELECT rating, deviation, volatility FROM player_puzzle_ratings
                 WHERE player = $1 AND set_id = $2",
                &[&player, &set],
            )
            .await
        })
    }

    fn puzzle_ratings(&self, set: &str) -> StoreResult<HashMap<String, Rating>> {
        let pool = self.pool.clone();
        let set = set.to_string();
        self.run(async move {
            let client = pool.get().await?;
            client
                .query(
                    "SELECT rating, deviation, volatility, puzzle_id FROM puzzle_ratings
                     WHERE set_id = $1",
                    &[&set],
                )
                .await?
                .iter()
                .map(|row| Ok((row.try_get(3)?, rating_at(row, 0)?)))
                .collect()
        })
    }

    fn puzzle_rating(&self, puzzle: &str) -> StoreResult<Option<Rating>> {
        let pool = self.pool.clone();
        let puzzle = puzzle.to_string();
        self.run(async move {
            let client = pool.get().await?;
            rating_row(
                &client,
                "SELECT rating, deviation, volatility FROM puzzle_ratings WHERE puzzle_id = $1",
                &[&puzzle],
            )
            .await
        })
    }

    fn attempted(&self, player: &str, set: &str) -> StoreResult<HashSet<String>> {
        let pool = self.pool.clone();
        let (player, set) = (player.to_string(), set.to_string());
        self.run(async move {
            let client = pool.get().await?;
            client
                .query(
                    "SELECT puzzle_id FROM puzzle_attempts WHERE player = $1 AND set_id = $2",
                    &[&player, &set],
                )
                .await?
                .iter()
                .map(|row| Ok(row.try_get(0)?))
                .collect()
        })
    }

    fn record_attempt(&self, a: &NewAttempt) -> StoreResult<AttemptRecord> {
        let pool = self.pool.clone();
        let a = a.clone();
        self.run(async move {
            let mut client = pool.get().await?;
            let tx = client.transaction().await?;
            let inserted = tx
                .execute(
                    "INSERT INTO puzzle_attempts
                        (player, puzzle_id, set_id, solved, rated, rating_after, at_ms)
                     VALUES ($1, $2, $3, $4, TRUE, 0, $5)
                     ON CONFLICT (player, puzzle_id) DO NOTHING",
                    &[&a.player, &a.puzzle, &a.set, &a.solved, &a.at_ms],
                )
                .await?;
            if inserted == 0 {
                // Not the first attempt: nothing to write, the current ratings to show.
                let player = rating_row(
                    &tx,
                    "SELECT rating, deviation, volatility FROM player_puzzle_ratings
                     WHERE player = $1 AND set_id = $2",
                    &[&a.player, &a.set],
                )
                .await?
                .unwrap_or(a.player_start);
                let puzzle = rating_row(
                    &tx,
                    "SELECT rating, deviation, volatility FROM puzzle_ratings
                     WHERE puzzle_id = $1",
                    &[&a.puzzle],
                )
                .await?
                .unwrap_or(a.puzzle_start);
                tx.commit().await?;
                return Ok(AttemptRecord {
                    rated: false,
                    player_before: player,
                    player,
                    puzzle,
                });
            }
            let start = a.player_start;
            tx.execute(
                "INSERT INTO player_puzzle_ratings (player, set_id, rating, deviation, volatility)
                 VALUES ($1, $2, $3, $4, $5) ON CONFLICT (player, set_id) DO NOTHING",
                &[
                    &a.player,
                    &a.set,
                    &start.rating,
                    &start.deviation,
                    &start.volatility,
                ],
            )
            .await?;
            let start = a.puzzle_start;
            tx.execute(
                "INSERT INTO puzzle_ratings (puzzle_id, set_id, rating, deviation, volatility)
                 VALUES ($1, $2, $3, $4, $5) ON CONFLICT (puzzle_id) DO NOTHING",
                &[
                    &a.puzzle,
                    &a.set,
                    &start.rating,
                    &start.deviation,
                    &start.volatility,
                ],
            )
            .await?;
            let locked = |row: Option<Rating>, what: &str| {
                row.ok_or_else(|| {
                    super::StoreError::Failed(format!("the {what} rating row is missing"))
                })
            };
            let player = locked(
                rating_row(
                    &tx,
                    "SELECT rating, deviation, volatility FROM player_puzzle_ratings
                     WHERE player = $1 AND set_id = $2 FOR UPDATE",
                    &[&a.player, &a.set],
                )
                .await?,
                "player's",
            )?;
            let puzzle = locked(
                rating_row(
                    &tx,
                    "SELECT rating, deviation, volatility FROM puzzle_ratings
                     WHERE puzzle_id = $1 FOR UPDATE",
                    &[&a.puzzle],
                )
                .await?,
                "puzzle's",
            )?;
            let (player_after, puzzle_after) = (a.rate)(player, puzzle, a.solved);
            let solved = i32::from(a.solved);
            tx.execute(
                "UPDATE player_puzzle_ratings
                 SET rating = $3, deviation = $4, volatility = $5,
                     attempts = attempts + 1, solved = solved + $6
                 WHERE player = $1 AND set_id = $2",
                &[
                    &a.player,
                    &a.set,
                    &player_after.rating,
                    &player_after.deviation,
                    &player_after.volatility,
                    &solved,
                ],
            )
            .await?;
            tx.execute(
                "UPDATE puzzle_ratings
                 SET rating = $2, deviation = $3, volatility = $4, attempts = attempts + 1
                 WHERE puzzle_id = $1",
                &[
                    &a.puzzle,
                    &puzzle_after.rating,
                    &puzzle_after.deviation,
                    &puzzle_after.volatility,
                ],
            )
            .await?;
            tx.execute(
                "UPDATE puzzle_attempts SET rating_after = $3
                 WHERE player = $1 AND puzzle_id = $2",
                &[&a.player, &a.puzzle, &player_after.rating],
            )
            .await?;
            tx.commit().await?;
            Ok(AttemptRecord {
                rated: true,
                player_before: player,
                player: player_after,
                puzzle: puzzle_after,
            })
        })
    }

    fn player_puzzles(
        &self,
        player: &str,
        limit: u32,
    ) -> StoreResult<(Vec<SetRating>, Vec<StoredAttempt>)> {
        let pool = self.pool.clone();
        let player = player.to_string();
        let limit = i64::from(limit);
        self.run(async move {
            let client = pool.get().await?;
            let ratings = client
                .query(
                    "SELECT rating, deviation, volatility, set_id, attempts, solved
                     FROM player_puzzle_ratings WHERE player = $1 ORDER BY set_id",
                    &[&player],
                )
                .await?
                .iter()
                .map(|row| {
                    Ok(SetRating {
                        rating: rating_at(row, 0)?,
                        set: row.try_get(3)?,
                        attempts: count(i64::from(row.try_get::<_, i32>(4)?))?,
                        solved: count(i64::from(row.try_get::<_, i32>(5)?))?,
                    })
                })
                .collect::<StoreResult<_>>()?;
            let history = client
                .query(
                    "SELECT puzzle_id, set_id, solved, rated, rating_after, at_ms
                     FROM puzzle_attempts WHERE player = $1
                     ORDER BY at_ms DESC, puzzle_id DESC LIMIT $2",
                    &[&player, &limit],
                )
                .await?
                .iter()
                .map(|row| {
                    Ok(StoredAttempt {
                        puzzle: row.try_get(0)?,
                        set: row.try_get(1)?,
                        solved: row.try_get(2)?,
                        rated: row.try_get(3)?,
                        rating_after: row.try_get(4)?,
                        at_ms: row.try_get(5)?,
                    })
                })
                .collect::<StoreResult<_>>()?;
            Ok((ratings, history))
        })
    }
}
