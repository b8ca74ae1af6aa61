//! The PostgreSQL store: the same rows as the SQLite store, for several server instances
//! over one database. Every write is one transaction that first moves the game's row
//! from the version its writer read to the next (`UPDATE … WHERE id = $1 AND version =
//! $2`, refused as [`StoreError::Conflict`] when no row matched); that update locks the
//! row, so writers of one game, in this process or another, take turns and a stale one
//! changes nothing.
//!
//! The trait is synchronous and the driver (tokio-postgres, pooled by deadpool) is
//! asynchronous. The store owns a small tokio runtime of its own: a call hands its work
//! to that runtime and waits for the answer on a plain channel. The connections' tasks
//! live on the store's runtime, never on the caller's, so a call works from any thread:
//! the server's blocking pool (where it is made), a plain thread, or even an async
//! worker (which it then blocks, as any synchronous store does, but cannot deadlock,
//! since nothing it waits for needs that worker). `Handle::block_on` from the caller
//! would also work on the blocking pool, but it panics on an async worker and ties the
//! store's connections to the server's runtime; the channel does neither.

mod cluster;
mod community;
mod puzzles;
mod rows;
mod schema;

use super::{
    GameStore, GameSummary, StoreError, StoreResult, StoredGame, StoredMove, StoredSeats, Version,
};
use crate::server::kinds::{Eval, EvalSource, OfferKind};
use deadpool_postgres::tokio_postgres::{self, IsolationLevel, NoTls};
use deadpool_postgres::{Manager, ManagerConfig, Pool, RecyclingMethod, Transaction};
use engine::api::Level;
use rows::{color_id, outcome_ids, GAME_COLUMNS, SUMMARY_COLUMNS};
use rules::{Color, Outcome};
use std::future::Future;
use std::time::Duration;

/// Connections kept open to the database by one store (one instance).
const POOL_SIZE: usize = 16;
/// How long a call waits for a free connection, or for a new one to open.
const POOL_WAIT: Duration = Duration::from_secs(30);
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);
/// Creations older than this are forgotten (the quota looks back one hour).
const CREATIONS_KEPT_SECS: i64 = 2 * 3600;
/// How long a game's lease lasts unless renewed: the longest a dead instance's games
/// wait before another instance takes them over.
pub const LEASE: Duration = Duration::from_secs(3);
/// The channel every change of a game is announced on, as "{game id} {new version}".
pub const CHANGES_CHANNEL: &str = "spacechess_games";
/// The database's clock in ms since the Unix epoch, at the transaction's start.
pub(super) const DB_NOW_MS: &str = "(extract(epoch FROM now()) * 1000)::BIGINT";

impl From<tokio_postgres::Error> for StoreError {
    fn from(e: tokio_postgres::Error) -> Self {
        match e.as_db_error() {
            Some(db) => StoreError::Failed(match db.detail() {
                Some(detail) => format!("{}: {} ({detail})", db.code().code(), db.message()),
                None => format!("{}: {}", db.code().code(), db.message()),
            }),
            None => StoreError::Failed(format!("PostgreSQL: {}", with_causes(&e))),
        }
    }
}

impl From<deadpool_postgres::PoolError> for StoreError {
    fn from(e: deadpool_postgres::PoolError) -> Self {
        StoreError::Failed(format!("no connection to PostgreSQL: {}", with_causes(&e)))
    }
}

/// An error and its causes ("error connecting to server: Connection refused"): the
/// driver's own text leaves out why.
fn with_causes(e: &dyn std::error::Error) -> String {
    let mut text = e.to_string();
    let mut cause = e.source();
    while let Some(c) = cause {
        let more = c.to_string();
        // Some errors repeat their cause in their own text.
        if !text.ends_with(&more) {
            text = format!("{text}: {more}");
        }
        cause = c.source();
    }
    text
}

/// A change to one game, made only if the game is at the version the writer read.
enum Change {
    AppendMove {
        m: StoredMove,
        /// Set when this move ended the game.
        result: Option<Outcome>,
    },
    SetEval {
        ply: u32,
        eval: Eval,
    },
    Truncate {
        ply: u32,
    },
    Declare(Outcome),
    Offer(Option<(OfferKind, Color)>),
    Seats(StoredSeats),
    Delete,
}

/// The database, through a pool of connections driven by the store's own runtime.
pub struct PgStore {
    pool: Pool,
    /// `None` only while dropping (see `Drop`).
    runtime: Option<tokio::runtime::Runtime>,
    /// How many migrations this store ran when it connected (0: the schema was current).
    migrated: usize,
    /// This instance's name in leases and presence rows (random, one per process).
    instance: String,
    /// How long the leases this store takes last.
    lease: Duration,
    /// The address it was opened with (the listener opens a connection of its own).
    config: tokio_postgres::Config,
}

impl PgStore {
    /// Connects to the database at `url` (`postgres://user:password@host:port/database`,
    /// or libpq's `key=value` form) and brings its schema up to date.
    pub fn connect(url: &str) -> StoreResult<PgStore> {
        let mut config: tokio_postgres::Config = url
            .parse()
            .map_err(|e| StoreError::Failed(format!("bad PostgreSQL address: {e}")))?;
        if config.get_connect_timeout().is_none() {
            config.connect_timeout(CONNECT_TIMEOUT);
        }
        if config.get_application_name().is_none() {
            config.application_name("spacechess");
        }
        let manager = Manager::from_config(
            config.clone(),
            NoTls,
            ManagerConfig {
                // A connection that broke is found by the next query and dropped; the
                // fast method spares a round trip per call.
                recycling_method: RecyclingMethod::Fast,
            },
        );
        let pool = Pool::builder(manager)
            .max_size(POOL_SIZE)
            .runtime(deadpool_postgres::Runtime::Tokio1)
            .wait_timeout(Some(POOL_WAIT))
            .create_timeout(Some(CONNECT_TIMEOUT))
            .build()
            .map_err(|e| StoreError::Failed(format!("cannot make the connection pool: {e}")))?;
        // Two threads: the connections' reads and writes go on while a call's task waits.
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("store-postgres")
            .enable_all()
            .build()
            .map_err(|e| StoreError::Failed(format!("cannot start the store's runtime: {e}")))?;
        let mut store = PgStore {
            pool,
            runtime: Some(runtime),
            migrated: 0,
            instance: crate::server::players::random_hex()[..16].to_string(),
            lease: LEASE,
            config,
        };
        let pool = store.pool.clone();
        store.migrated = store.run(async move {
            let mut client = pool.get().await?;
            schema::migrate(&mut client).await
        })?;
        Ok(store)
    }

    /// How many schema migrations this store ran when it connected (0 when the schema
    /// was already current, for instance because another instance had migrated it).
    pub fn migrations_run(&self) -> usize {
        self.migrated
    }

    /// This instance's name in leases and presence rows.
    pub fn instance(&self) -> &str {
        &self.instance
    }

    /// Leases taken from now on last `lease` (the tests' are short).
    #[cfg(test)]
    pub fn set_lease(&mut self, lease: Duration) {
        self.lease = lease;
    }

    pub(super) fn lease(&self) -> Duration {
        self.lease
    }

    pub(super) fn pool(&self) -> Pool {
        self.pool.clone()
    }

    pub(super) fn config(&self) -> &tokio_postgres::Config {
        &self.config
    }

    pub(super) fn runtime(&self) -> StoreResult<&tokio::runtime::Runtime> {
        self.runtime
            .as_ref()
            .ok_or_else(|| StoreError::Failed("the PostgreSQL store has stopped".into()))
    }

    /// Runs `work` on the store's runtime and waits for its answer (see the module's
    /// comment for why this is sound from any thread).
    pub(super) fn run<T: Send + 'static>(
        &self,
        work: impl Future<Output = StoreResult<T>> + Send + 'static,
    ) -> StoreResult<T> {
        let stopped = || StoreError::Failed("the PostgreSQL store has stopped".into());
        let runtime = self.runtime.as_ref().ok_or_else(stopped)?;
        let (reply, answer) = std::sync::mpsc::sync_channel(1);
        runtime.spawn(async move {
            // The caller may have gone (it cannot, as it waits, but a send cannot fail
            // the work either way).
            let _ = reply.send(work.await);
        });
        // A task that panicked drops its sender: an error, not a hang.
        answer.recv().map_err(|_| stopped())?
    }

    /// Applies `change` to the game at version `read` in one transaction; returns the
    /// new version.
    fn change(&self, game_id: &str, read: Version, change: Change) -> StoreResult<Version> {
        let pool = self.pool.clone();
        let game_id = game_id.to_string();
        let lease = self.taker();
        self.run(async move {
            let mut client = pool.get().await?;
            let tx = client.transaction().await?;
            let next = next_version(&tx, &game_id, read, &lease).await?;
            apply_change(&tx, &game_id, &change).await?;
            tx.commit().await?;
            Ok(next)
        })
    }

    /// Who takes the lease of a game this store changes, and for how long.
    fn taker(&self) -> Taker {
        Taker {
            instance: self.instance.clone(),
            secs: self.lease.as_secs_f64(),
        }
    }

    /// A count from `sql` with one text parameter.
    fn count(&self, sql: &'static str, param: &str) -> StoreResult<u32> {
        let pool = self.pool.clone();
        let param = param.to_string();
        self.run(async move {
            let client = pool.get().await?;
            let n: i64 = client.query_one(sql, &[&param]).await?.try_get(0)?;
            count(n)
        })
    }

    /// The one text column of the row `sql` finds with one text parameter, if any.
    fn text(&self, sql: &'static str, param: &str) -> StoreResult<Option<String>> {
        let pool = self.pool.clone();
        let param = param.to_string();
        self.run(async move {
            let client = pool.get().await?;
            match client.query_opt(sql, &[&param]).await? {
                Some(row) => Ok(Some(row.try_get(0)?)),
                None => Ok(None),
            }
        })
    }

    fn insert(
        &self,
        game: &StoredGame,
        moves: &[StoredMove],
        rematch_of: Option<(&str, Version)>,
    ) -> StoreResult<Version> {
        let pool = self.pool.clone();
        let game = game.clone();
        let moves = moves.to_vec();
        let rematch_of = rematch_of.map(|(of, read)| (of.to_string(), read));
        let lease = self.taker();
        self.run(async move {
            let mut client = pool.get().await?;
            let tx = client.transaction().await?;
            // The old game first: a stale copy of it is refused before anything is written.
            let next = match &rematch_of {
                Some((of, read)) => {
                    let next = next_version(&tx, of, *read, &lease).await?;
                    tx.execute(
                        "UPDATE games SET offer_kind = NULL, offer_from = NULL WHERE id = $1",
                        &[of],
                    )
                    .await?;
                    next
                }
                None => 0,
            };
            insert_game(
                &tx,
                &game,
                rematch_of.as_ref().map(|(of, _)| of.as_str()),
                &lease,
            )
            .await?;
            for (i, m) in moves.iter().enumerate() {
                insert_move(&tx, &game.id, m, i).await?;
            }
            tx.execute(
                "INSERT INTO creations (client, created_at) VALUES ($1, $2)",
                &[&game.client, &game.created_at],
            )
            .await?;
            tx.execute(
                "DELETE FROM creations WHERE created_at < $1",
                &[&(game.created_at - CREATIONS_KEPT_SECS)],
            )
            .await?;
            tx.commit().await?;
            Ok(next)
        })
    }
}

impl Drop for PgStore {
    fn drop(&mut self) {
        // Dropping a runtime waits for its threads, which is refused inside another
        // runtime (the server may drop its last handle to the store on an async task);
        // shutting down in the background never waits.
        if let Some(runtime) = self.runtime.take() {
            runtime.shutdown_background();
        }
    }
}

fn count(n: i64) -> StoreResult<u32> {
    u32::try_from(n).map_err(|_| StoreError::Failed(format!("count {n} out of range")))
}

fn ply(ply: u32) -> StoreResult<i32> {
    i32::try_from(ply).map_err(|_| StoreError::Failed(format!("ply {ply} out of range")))
}

/// The instance that takes a game's lease by changing it, and for how many seconds.
struct Taker {
    instance: String,
    secs: f64,
}

/// Moves the game from version `read` to the next, or refuses: the first statement of
/// every change, which also locks the game's row until the transaction ends. The writer
/// takes the game's lease (it runs what the change makes due), and the change is
/// announced on `CHANGES_CHANNEL`, which PostgreSQL delivers only once the transaction
/// commits, in commit order.
async fn next_version(
    tx: &Transaction<'_>,
    game_id: &str,
    read: Version,
    lease: &Taker,
) -> StoreResult<Version> {
    let conflict = || StoreError::Conflict {
        game_id: game_id.to_string(),
        read,
    };
    // A version beyond BIGINT was never stored: no row matches it.
    let Ok(v) = i64::try_from(read) else {
        return Err(conflict());
    };
    let sql = format!(
        "WITH changed AS (
            UPDATE games SET version = version + 1, lease_holder = $3,
                lease_until = now() + make_interval(secs => $4)
            WHERE id = $1 AND version = $2 RETURNING version)
         SELECT pg_notify('{CHANGES_CHANNEL}', $1 || ' ' || version::TEXT) FROM changed"
    );
    // The statements of every move are prepared once per connection (a round trip and
    // a plan each time otherwise).
    let statement = tx.prepare_cached(&sql).await?;
    let changed = tx
        .query(&statement, &[&game_id, &v, &lease.instance, &lease.secs])
        .await?
        .len();
    if changed == 0 {
        return Err(conflict());
    }
    Ok(read + 1)
}

async fn insert_game(
    tx: &Transaction<'_>,
    g: &StoredGame,
    rematch_of: Option<&str>,
    lease: &Taker,
) -> StoreResult<()> {
    let (declared_winner, declared_reason) = outcome_ids(g.declared);
    let (result_winner, result_reason) = outcome_ids(g.result);
    let level = g.level.map(Level::id);
    let sql = format!(
        "INSERT INTO games (id, created_at, client, variant, rules, options, mode, human,
            level, initial_ms, increment_ms, start_position, declared_winner,
            declared_reason, finished, white_player, black_player, invite, rematch_of,
            result_winner, result_reason, offer_kind, offer_from, version,
            turn_started_ms, lease_holder, lease_until, rated, per_move)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15,
            $16, $17, $18, $19, $20, $21, $22, $23, 0, {DB_NOW_MS}, $24,
            now() + make_interval(secs => $25), $26, $27)"
    );
    tx.execute(
        &sql,
        &[
            &g.id,
            &g.created_at,
            &g.client,
            &g.variant,
            &g.rules,
            &g.options,
            &g.mode.id(),
            &g.human.map(color_id),
            &level,
            &g.initial_ms,
            &g.increment_ms,
            &g.start_position,
            &declared_winner,
            &declared_reason,
            &g.finished,
            &g.white_player,
            &g.black_player,
            &g.invite,
            &rematch_of,
            &result_winner,
            &result_reason,
            &g.offer.map(|(kind, _)| kind.id()),
            &g.offer.map(|(_, from)| color_id(from)),
            &lease.instance,
            &lease.secs,
            &g.rated,
            &g.per_move,
        ],
    )
    .await?;
    Ok(())
}

/// Stores move `m` as the game's next, the one after its first `stored` moves: plies are
/// contiguous from 0, so a ply already stored, or one past a gap, is refused.
async fn insert_move(
    tx: &Transaction<'_>,
    game_id: &str,
    m: &StoredMove,
    stored: usize,
) -> StoreResult<()> {
    if usize::try_from(m.ply).ok() != Some(stored) {
        return Err(StoreError::Failed(format!(
            "move at ply {} refused: game {game_id} has {stored} moves, so the next is ply {stored}",
            m.ply
        )));
    }
    let depth = m.eval.and_then(|e| e.depth).map(i64::from);
    let statement = tx
        .prepare_cached(
            "INSERT INTO moves (game_id, ply, token, eval, eval_source, eval_depth, white_ms,
                black_ms)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .await?;
    tx.execute(
        &statement,
        &[
            &game_id,
            &ply(m.ply)?,
            &m.token,
            &m.eval.map(|e| e.pawns),
            &m.eval.and_then(|e| e.source).map(EvalSource::id),
            &depth,
            &m.white_ms,
            &m.black_ms,
        ],
    )
    .await?;
    Ok(())
}

async fn apply_change(tx: &Transaction<'_>, game_id: &str, change: &Change) -> StoreResult<()> {
    match change {
        Change::AppendMove { m, result } => {
            // The game's row is locked (next_version), so the count cannot move under us.
            let statement = tx
                .prepare_cached("SELECT COUNT(*) FROM moves WHERE game_id = $1")
                .await?;
            let stored: i64 = tx.query_one(&statement, &[&game_id]).await?.try_get(0)?;
            insert_move(tx, game_id, m, count(stored)? as usize).await?;
            let (winner, reason) = outcome_ids(*result);
            let statement = tx
                .prepare_cached(&format!(
                    "UPDATE games SET finished = $2, result_winner = $3, result_reason = $4,
                        offer_kind = NULL, offer_from = NULL, turn_started_ms = {DB_NOW_MS}
                     WHERE id = $1"
                ))
                .await?;
            tx.execute(&statement, &[&game_id, &result.is_some(), &winner, &reason])
                .await?;
        }
        Change::SetEval { ply: at, eval } => {
            let depth = eval.depth.map(i64::from);
            let statement = tx
                .prepare_cached(
                    "UPDATE moves SET eval = $3, eval_source = $4, eval_depth = $5
                     WHERE game_id = $1 AND ply = $2",
                )
                .await?;
            let changed = tx
                .execute(
                    &statement,
                    &[
                        &game_id,
                        &ply(*at)?,
                        &eval.pawns,
                        &eval.source.map(EvalSource::id),
                        &depth,
                    ],
                )
                .await?;
            // No such move: the transaction rolls back, so the version stays too.
            if changed == 0 {
                return Err(StoreError::Failed(format!(
                    "game {game_id} has no move at ply {at} to evaluate"
                )));
            }
        }
        Change::Truncate { ply: from } => {
            // A ply past INTEGER's range has no moves from it on.
            if let Ok(from) = i32::try_from(*from) {
                tx.execute(
                    "DELETE FROM moves WHERE game_id = $1 AND ply >= $2",
                    &[&game_id, &from],
                )
                .await?;
            }
            tx.execute(
                &format!(
                    "UPDATE games SET finished = FALSE, declared_winner = NULL,
                        declared_reason = NULL, result_winner = NULL, result_reason = NULL,
                        offer_kind = NULL, offer_from = NULL, turn_started_ms = {DB_NOW_MS}
                     WHERE id = $1"
                ),
                &[&game_id],
            )
            .await?;
        }
        Change::Declare(outcome) => {
            let (winner, reason) = outcome_ids(Some(*outcome));
            tx.execute(
                "UPDATE games SET declared_winner = $2, declared_reason = $3, finished = TRUE,
                    result_winner = $2, result_reason = $3, offer_kind = NULL, offer_from = NULL
                 WHERE id = $1",
                &[&game_id, &winner, &reason],
            )
            .await?;
        }
        Change::Seats(seats) => {
            // A seat is taken only while empty (or kept by its holder): two players
            // joining at once cannot both sit, even past the version check.
            let sql = format!(
                "UPDATE games SET white_player = $2, black_player = $3, invite = $4,
                    turn_started_ms = {DB_NOW_MS}
                 WHERE id = $1
                   AND (white_player IS NULL OR white_player = $2)
                   AND (black_player IS NULL OR black_player = $3)"
            );
            let changed = tx
                .execute(&sql, &[&game_id, &seats.white, &seats.black, &seats.invite])
                .await?;
            if changed == 0 {
                return Err(StoreError::Failed(format!(
                    "game {game_id}: a seat is taken already"
                )));
            }
        }
        Change::Offer(offer) => {
            tx.execute(
                "UPDATE games SET offer_kind = $2, offer_from = $3 WHERE id = $1",
                &[
                    &game_id,
                    &offer.map(|(kind, _)| kind.id()),
                    &offer.map(|(_, from)| color_id(from)),
                ],
            )
            .await?;
        }
        Change::Delete => {
            // The moves go with the game (ON DELETE CASCADE).
            tx.execute("DELETE FROM games WHERE id = $1", &[&game_id])
                .await?;
        }
    }
    Ok(())
}

impl GameStore for PgStore {
    fn insert_game(&self, game: &StoredGame, moves: &[StoredMove]) -> StoreResult<()> {
        self.insert(game, moves, None).map(|_| ())
    }

    fn insert_rematch(
        &self,
        game: &StoredGame,
        of: &str,
        of_version: Version,
    ) -> StoreResult<Version> {
        self.insert(game, &[], Some((of, of_version)))
    }

    fn append_move(
        &self,
        game_id: &str,
        version: Version,
        m: &StoredMove,
        result: Option<Outcome>,
    ) -> StoreResult<Version> {
        let m = m.clone();
        self.change(game_id, version, Change::AppendMove { m, result })
    }

    fn set_eval(
        &self,
        game_id: &str,
        version: Version,
        ply: u32,
        eval: Eval,
    ) -> StoreResult<Version> {
        self.change(game_id, version, Change::SetEval { ply, eval })
    }

    fn truncate_moves(&self, game_id: &str, version: Version, ply: u32) -> StoreResult<Version> {
        self.change(game_id, version, Change::Truncate { ply })
    }

    fn declare_result(
        &self,
        game_id: &str,
        version: Version,
        outcome: Outcome,
    ) -> StoreResult<Version> {
        self.change(game_id, version, Change::Declare(outcome))
    }

    fn set_offer(
        &self,
        game_id: &str,
        version: Version,
        offer: Option<(OfferKind, Color)>,
    ) -> StoreResult<Version> {
        self.change(game_id, version, Change::Offer(offer))
    }

    fn set_seats(
        &self,
        game_id: &str,
        version: Version,
        seats: &StoredSeats,
    ) -> StoreResult<Version> {
        self.change(game_id, version, Change::Seats(seats.clone()))
    }

    fn delete_game(&self, game_id: &str, version: Version) -> StoreResult<()> {
        self.change(game_id, version, Change::Delete).map(|_| ())
    }

    fn load_game(&self, id: &str) -> StoreResult<Option<(StoredGame, Vec<StoredMove>)>> {
        let pool = self.pool.clone();
        let id = id.to_string();
        self.run(async move {
            let mut client = pool.get().await?;
            // One snapshot for the game and its moves: a move another instance commits
            // meanwhile is in both or in neither.
            let tx = client
                .build_transaction()
                .isolation_level(IsolationLevel::RepeatableRead)
                .read_only(true)
                .start()
                .await?;
            let sql = format!("SELECT {GAME_COLUMNS} FROM games WHERE id = $1");
            let Some(row) = tx.query_opt(&sql, &[&id]).await? else {
                return Ok(None);
            };
            let game = rows::game(&row)?;
            let moves = tx
                .query(
                    "SELECT ply, token, eval, eval_source, eval_depth, white_ms, black_ms
                     FROM moves WHERE game_id = $1 ORDER BY ply",
                    &[&id],
                )
                .await?
                .iter()
                .map(rows::stored_move)
                .collect::<StoreResult<Vec<_>>>()?;
            tx.commit().await?;
            Ok(Some((game, moves)))
        })
    }

    fn unfinished_games(&self) -> StoreResult<Vec<(StoredGame, u32)>> {
        let pool = self.pool.clone();
        self.run(async move {
            let client = pool.get().await?;
            let sql = format!(
                "SELECT {GAME_COLUMNS},
                    (SELECT COUNT(*) FROM moves WHERE game_id = games.id) AS moves
                 FROM games WHERE NOT finished ORDER BY created_at, id"
            );
            client
                .query(&sql, &[])
                .await?
                .iter()
                .map(|r| Ok((rows::game(r)?, rows::move_count(r)?)))
                .collect()
        })
    }

    fn rematch_of(&self, of: &str) -> StoreResult<Option<String>> {
        self.text("SELECT id FROM games WHERE rematch_of = $1", of)
    }

    fn open_games(&self, player: &str, client: &str) -> StoreResult<(u32, u32)> {
        let by_player = self.count(
            "SELECT COUNT(*) FROM games
             WHERE NOT finished AND (white_player = $1 OR black_player = $1)",
            player,
        )?;
        let by_client = self.count(
            "SELECT COUNT(*) FROM games WHERE NOT finished AND client = $1",
            client,
        )?;
        Ok((by_player, by_client))
    }

    fn open_invites_from(&self, client: &str) -> StoreResult<u32> {
        self.count(
            "SELECT COUNT(*) FROM games WHERE NOT finished AND invite IS NOT NULL
                AND client = $1 AND (white_player IS NULL OR black_player IS NULL)",
            client,
        )
    }

    fn open_invites(&self, player: &str) -> StoreResult<u32> {
        self.count(
            "SELECT COUNT(*) FROM games WHERE NOT finished AND invite IS NOT NULL
                AND ((white_player = $1 AND black_player IS NULL)
                  OR (black_player = $1 AND white_player IS NULL))",
            player,
        )
    }

    fn player_games(
        &self,
        player: &str,
        before: Option<(i64, &str)>,
        limit: u32,
    ) -> StoreResult<Vec<GameSummary>> {
        let pool = self.pool.clone();
        let player = player.to_string();
        let at = before.map(|(at, _)| at);
        let id = before.map(|(_, id)| id.to_string());
        self.run(async move {
            let client = pool.get().await?;
            // No `before`: the first page.
            let sql = format!(
                "SELECT {SUMMARY_COLUMNS},
                    (SELECT COUNT(*) FROM moves WHERE game_id = games.id) AS moves
                 FROM games
                 WHERE (white_player = $1 OR black_player = $1)
                   AND ($2::BIGINT IS NULL OR (created_at, id) < ($2, $3::TEXT))
                 ORDER BY created_at DESC, id DESC
                 LIMIT $4"
            );
            client
                .query(&sql, &[&player, &at, &id, &i64::from(limit)])
                .await?
                .iter()
                .map(rows::summary)
                .collect()
        })
    }

    fn unfinished_player_games(&self, player: &str, limit: u32) -> StoreResult<Vec<GameSummary>> {
        let pool = self.pool.clone();
        let player = player.to_string();
        self.run(async move {
            let client = pool.get().await?;
            let sql = format!(
                "SELECT {SUMMARY_COLUMNS},
                    (SELECT COUNT(*) FROM moves WHERE game_id = games.id) AS moves
                 FROM games
                 WHERE (white_player = $1 OR black_player = $1) AND NOT finished
                 ORDER BY created_at DESC, id DESC
                 LIMIT $2"
            );
            client
                .query(&sql, &[&player, &i64::from(limit)])
                .await?
                .iter()
                .map(rows::summary)
                .collect()
        })
    }

    fn game_of_invite(&self, code: &str) -> StoreResult<Option<String>> {
        self.text("SELECT id FROM games WHERE invite = $1", code)
    }

    fn creations_since(&self, client: &str, since: i64) -> StoreResult<(u32, Option<i64>)> {
        let pool = self.pool.clone();
        let client_id = client.to_string();
        self.run(async move {
            let client = pool.get().await?;
            let row = client
                .query_one(
                    "SELECT COUNT(*), MIN(created_at) FROM creations
                     WHERE client = $1 AND created_at >= $2",
                    &[&client_id, &since],
                )
                .await?;
            Ok((count(row.try_get(0)?)?, row.try_get(1)?))
        })
    }
}

#[cfg(test)]
pub(super) mod tests;
