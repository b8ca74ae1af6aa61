//! The SQLite store: WAL, synchronous FULL, schema migrations by `user_version`; writes
//! go through one writer thread that commits everything queued in one transaction (group
//! commit), each write in its own savepoint (a refused write changes nothing).

mod community;

use super::puzzles::stored_rating;
use super::{
    AttemptRecord, GameStore, GameSummary, NewAttempt, PuzzleStore, SetRating, StoreError,
    StoreResult, StoredAttempt, StoredGame, StoredMove, StoredSeats, Version,
};
use crate::server::kinds::{Eval, EvalSource, Mode, OfferKind};
use engine::api::Level;
use rating::Rating;
use rules::{Color, Outcome, Termination};
use rusqlite::types::Type;
use rusqlite::{params, Connection, OptionalExtension, Row};
use std::collections::{HashMap, HashSet};
use std::path::Path;
use std::sync::mpsc::{channel, sync_channel, Receiver, Sender, SyncSender};
use std::sync::Mutex;

/// Schema versions, applied in order; `PRAGMA user_version` records how many ran.
const MIGRATIONS: &[&str] = &[
    // 1: games and moves.
    "CREATE TABLE games (
        id TEXT PRIMARY KEY,
        created_at INTEGER NOT NULL,
        client TEXT NOT NULL,
        variant TEXT NOT NULL,
        rules TEXT,
        options TEXT NOT NULL,
        mode TEXT NOT NULL,
        human TEXT,
        level TEXT,
        initial_ms INTEGER,
        increment_ms INTEGER,
        start_position TEXT,
        declared_winner TEXT,
        declared_reason TEXT,
        finished INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE moves (
        game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        ply INTEGER NOT NULL,
        token TEXT NOT NULL,
        eval REAL,
        white_ms INTEGER,
        black_ms INTEGER,
        PRIMARY KEY (game_id, ply)
    );
    CREATE INDEX games_unfinished ON games(finished);",
    // 2: game creations, for the hourly quota: deleting a game does not refund it.
    "CREATE TABLE creations (
        client TEXT NOT NULL,
        created_at INTEGER NOT NULL
    );
    CREATE INDEX creations_by_client ON creations(client, created_at);
    INSERT INTO creations (client, created_at) SELECT client, created_at FROM games;",
    // 3: whose search gave a move's evaluation (NULL: stored before this was kept).
    "ALTER TABLE moves ADD COLUMN eval_source TEXT;
    ALTER TABLE moves ADD COLUMN eval_depth INTEGER;",
    // 4: seats (the player id holding each side; NULL: the computer or an open seat) and
    // an online game's invitation. Games stored before seats get unclaimed seats ('*'):
    // the first player who acts on one takes them, as the game's id was its only key.
    "ALTER TABLE games ADD COLUMN white_player TEXT;
    ALTER TABLE games ADD COLUMN black_player TEXT;
    ALTER TABLE games ADD COLUMN invite TEXT;
    UPDATE games SET
        white_player = CASE WHEN mode = 'local' OR COALESCE(human, 'white') = 'white' THEN '*' END,
        black_player = CASE WHEN mode = 'local' OR human = 'black' THEN '*' END;
    CREATE INDEX games_by_white ON games(white_player, finished);
    CREATE INDEX games_by_black ON games(black_player, finished);
    CREATE INDEX games_by_client ON games(client, finished);
    CREATE UNIQUE INDEX games_by_invite ON games(invite);",
    // 5: how a game ended, for the list of a player's games without replaying them
    // (NULL: not over, or over before this was kept), and that list's order.
    "ALTER TABLE games ADD COLUMN result_winner TEXT;
    ALTER TABLE games ADD COLUMN result_reason TEXT;
    UPDATE games SET result_winner = declared_winner, result_reason = declared_reason
        WHERE declared_reason IS NOT NULL;
    CREATE INDEX games_white_recent ON games(white_player, created_at);
    CREATE INDEX games_black_recent ON games(black_player, created_at);",
    // 6: an online game's pending draw offer or take-back request (its kind and the
    // side that asks), so that a restart keeps it; any move, take back or result clears it.
    "ALTER TABLE games ADD COLUMN offer_kind TEXT;
    ALTER TABLE games ADD COLUMN offer_from TEXT;",
    // 7: a rematch names the finished online game it follows, so that a restart keeps
    // the link (the finished game's view names its rematch); unique, so that a game has
    // at most one rematch however often it is accepted.
    "ALTER TABLE games ADD COLUMN rematch_of TEXT;
    CREATE UNIQUE INDEX games_by_rematch_of ON games(rematch_of);",
    // 8: each game's version, one more after every change, so that a write made from an
    // older copy of the game is refused.
    "ALTER TABLE games ADD COLUMN version INTEGER NOT NULL DEFAULT 0;",
    // 9: puzzles (store/puzzles.rs): each puzzle's rating on this host, each player's
    // rating per set, and each player's attempts, one per puzzle (the key refuses a
    // second, so that only the first is rated).
    "CREATE TABLE puzzle_ratings (
        puzzle_id TEXT PRIMARY KEY,
        set_id TEXT NOT NULL,
        rating REAL NOT NULL,
        deviation REAL NOT NULL,
        volatility REAL NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0
    );
    CREATE INDEX puzzle_ratings_by_set ON puzzle_ratings(set_id);
    CREATE TABLE player_puzzle_ratings (
        player TEXT NOT NULL,
        set_id TEXT NOT NULL,
        rating REAL NOT NULL,
        deviation REAL NOT NULL,
        volatility REAL NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        solved INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (player, set_id)
    );
    CREATE TABLE puzzle_attempts (
        player TEXT NOT NULL,
        puzzle_id TEXT NOT NULL,
        set_id TEXT NOT NULL,
        solved INTEGER NOT NULL,
        rated INTEGER NOT NULL,
        rating_after REAL NOT NULL,
        at_ms INTEGER NOT NULL,
        PRIMARY KEY (player, puzzle_id)
    );
    CREATE INDEX puzzle_attempts_by_set ON puzzle_attempts(player, set_id);
    CREATE INDEX puzzle_attempts_recent ON puzzle_attempts(player, at_ms);",
    // 10: players among strangers (store/community.rs): display names (unique without
    // regard to case: `name_key` is the name in lower case), accounts, their sessions
    // and failed logins, ratings per pool with their history and the games rated (the
    // key rates a game once), aborts, the lobby's challenges; and the games' rated and
    // correspondence flags, and the start of the current turn (a correspondence
    // game's deadline survives a restart).
    "CREATE TABLE player_names (
        player TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        name_key TEXT NOT NULL UNIQUE,
        changed_at_ms INTEGER NOT NULL,
        changes INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE accounts (
        player TEXT PRIMARY KEY,
        password_hash TEXT NOT NULL,
        created_at_ms INTEGER NOT NULL,
        created_addr TEXT NOT NULL
    );
    CREATE INDEX accounts_by_addr ON accounts(created_addr, created_at_ms);
    CREATE TABLE sessions (
        token_hash TEXT PRIMARY KEY,
        player TEXT NOT NULL,
        created_at_ms INTEGER NOT NULL,
        expires_at_ms INTEGER NOT NULL
    );
    CREATE INDEX sessions_by_player ON sessions(player);
    CREATE TABLE login_failures (
        name_key TEXT NOT NULL,
        addr TEXT NOT NULL,
        at_ms INTEGER NOT NULL
    );
    CREATE INDEX login_failures_by_name ON login_failures(name_key, at_ms);
    CREATE INDEX login_failures_by_addr ON login_failures(addr, at_ms);
    CREATE TABLE player_ratings (
        player TEXT NOT NULL,
        pool TEXT NOT NULL,
        rating REAL NOT NULL,
        deviation REAL NOT NULL,
        volatility REAL NOT NULL,
        games INTEGER NOT NULL DEFAULT 0,
        updated_at_ms INTEGER NOT NULL,
        PRIMARY KEY (player, pool)
    );
    CREATE INDEX player_ratings_board ON player_ratings(pool, rating);
    CREATE TABLE rating_history (
        player TEXT NOT NULL,
        pool TEXT NOT NULL,
        game_id TEXT NOT NULL,
        at_ms INTEGER NOT NULL,
        rating REAL NOT NULL,
        deviation REAL NOT NULL,
        change REAL NOT NULL,
        PRIMARY KEY (player, game_id)
    );
    CREATE INDEX rating_history_by_player ON rating_history(player, pool, at_ms);
    CREATE TABLE rated_games (
        game_id TEXT PRIMARY KEY,
        pool TEXT NOT NULL,
        at_ms INTEGER NOT NULL,
        white TEXT NOT NULL,
        black TEXT NOT NULL,
        white_change INTEGER,
        black_change INTEGER
    );
    CREATE TABLE aborts (
        player TEXT NOT NULL,
        game_id TEXT NOT NULL,
        at_ms INTEGER NOT NULL,
        PRIMARY KEY (player, game_id)
    );
    CREATE INDEX aborts_recent ON aborts(player, at_ms);
    CREATE TABLE challenges (
        id TEXT PRIMARY KEY,
        creator TEXT NOT NULL,
        addr TEXT NOT NULL,
        created_at_ms INTEGER NOT NULL,
        expires_at_ms INTEGER NOT NULL,
        variant TEXT NOT NULL,
        rules TEXT,
        initial_ms INTEGER NOT NULL,
        increment_ms INTEGER NOT NULL,
        per_move INTEGER NOT NULL,
        rated INTEGER NOT NULL,
        seek TEXT NOT NULL,
        min_rating INTEGER,
        max_rating INTEGER,
        quick INTEGER NOT NULL,
        taken INTEGER NOT NULL DEFAULT 0,
        taken_at_ms INTEGER,
        game_id TEXT
    );
    CREATE INDEX challenges_open ON challenges(taken, expires_at_ms);
    CREATE INDEX challenges_by_creator ON challenges(creator, taken);
    CREATE INDEX challenges_by_addr ON challenges(addr, taken);
    ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE games ADD COLUMN per_move INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE games ADD COLUMN turn_started_ms INTEGER;",
];

/// Creations older than this are forgotten (the quota looks back one hour).
const CREATIONS_KEPT_SECS: i64 = 2 * 3600;

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> Self {
        StoreError::Failed(e.to_string())
    }
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

/// A write, applied by the writer thread.
enum Write {
    InsertGame {
        game: Box<StoredGame>,
        moves: Vec<StoredMove>,
        /// The finished game this one is the rematch of, at the version read (its
        /// rematch offer goes).
        rematch_of: Option<(String, Version)>,
    },
    Change {
        game_id: String,
        version: Version,
        change: Change,
    },
    /// A puzzle attempt: rated if it is the player's first at the puzzle.
    Attempt(Box<NewAttempt>),
    /// A name, account, rating or lobby write (`community.rs`).
    Community(Box<community::CommunityWrite>),
}

/// What a write did.
#[derive(Clone, Debug)]
enum Done {
    /// The version a game write left (for an insert, that of the game it is a rematch of).
    Version(Version),
    Attempt(AttemptRecord),
    Community(community::CommunityDone),
}

type Reply = SyncSender<StoreResult<Done>>;

/// Most writes committed together.
const MAX_BATCH: usize = 512;

/// The database. Writes go to one writer thread that commits whatever has queued up in
/// one transaction (group commit): each write is durable on disk before its caller
/// returns, but concurrent writers share one disk flush. Reads use their own connection
/// (WAL lets them run beside the writer).
pub struct SqliteStore {
    writer: Mutex<Sender<(Write, Reply)>>,
    reader: Mutex<Connection>,
}

fn open_connection(path: &Path) -> StoreResult<Connection> {
    let conn = Connection::open(path)?;
    // WAL lets readers run beside the writer; FULL makes every commit durable on disk
    // before the move is acknowledged.
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.pragma_update(None, "synchronous", "FULL")?;
    conn.pragma_update(None, "foreign_keys", true)?;
    conn.busy_timeout(std::time::Duration::from_secs(5))?;
    Ok(conn)
}

impl SqliteStore {
    /// Opens (creating if needed) the database file and brings its schema up to date.
    pub fn open(path: &Path) -> StoreResult<SqliteStore> {
        let mut conn = open_connection(path)?;
        let version: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0))?;
        let tx = conn.transaction()?;
        for (i, sql) in MIGRATIONS.iter().enumerate().skip(version.max(0) as usize) {
            tx.execute_batch(sql)?;
            tx.pragma_update(None, "user_version", (i + 1) as i64)?;
        }
        tx.commit()?;
        let reader = open_connection(path)?;
        let (tx, rx) = channel();
        std::thread::Builder::new()
            .name("store-writer".into())
            .spawn(move || write_loop(conn, rx))
            .map_err(|e| StoreError::Failed(format!("cannot start the store writer: {e}")))?;
        Ok(SqliteStore {
            writer: Mutex::new(tx),
            reader: Mutex::new(reader),
        })
    }

    fn reader(&self) -> std::sync::MutexGuard<'_, Connection> {
        // A panic while holding the lock cannot leave SQLite inconsistent (transactions
        // roll back on drop), so a poisoned lock is still usable.
        self.reader.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Queues a game write and waits until it is committed (or failed).
    fn write(&self, w: Write) -> StoreResult<Version> {
        match self.write_done(w)? {
            Done::Version(v) => Ok(v),
            other => Err(StoreError::Failed(format!(
                "a game write answered {other:?}"
            ))),
        }
    }

    /// Queues a write and waits until it is committed (or failed).
    fn write_done(&self, w: Write) -> StoreResult<Done> {
        let stopped = || StoreError::Failed("the store writer has stopped".into());
        let (reply, result) = sync_channel(1);
        {
            let tx = self.writer.lock().unwrap_or_else(|e| e.into_inner());
            tx.send((w, reply)).map_err(|_| stopped())?;
        }
        result.recv().map_err(|_| stopped())?
    }

    fn change(&self, game_id: &str, version: Version, change: Change) -> StoreResult<Version> {
        self.write(Write::Change {
            game_id: game_id.into(),
            version,
            change,
        })
    }

    fn count(&self, sql: &str, params: impl rusqlite::Params) -> StoreResult<u32> {
        Ok(self.reader().query_row(sql, params, |r| r.get(0))?)
    }
}

impl SqliteStore {
    /// Summaries of the games in which `?1` holds a seat that pass `filter` (whose
    /// parameters follow), newest first, at most `limit`.
    fn summaries(
        &self,
        filter: &str,
        params: impl rusqlite::Params,
        limit: u32,
    ) -> StoreResult<Vec<GameSummary>> {
        let conn = self.reader();
        let mut stmt = conn.prepare(&format!(
            "SELECT id, created_at, variant, rules, options, mode, human, level, white_player,
                black_player, finished, result_winner, result_reason,
                (SELECT COUNT(*) FROM moves WHERE game_id = games.id), rated, per_move, initial_ms
             FROM games
             WHERE (white_player = ?1 OR black_player = ?1) AND {filter}
             ORDER BY created_at DESC, id DESC
             LIMIT {limit}"
        ))?;
        let games = stmt
            .query_map(params, |r| {
                Ok(GameSummary {
                    id: r.get(0)?,
                    created_at: r.get(1)?,
                    variant: r.get(2)?,
                    rules: r.get(3)?,
                    options: r.get(4)?,
                    mode: required(r, 5, Mode::from_id)?,
                    human: optional(r, 6, color_from_id)?,
                    level: level(r, 7)?,
                    white_player: r.get(8)?,
                    black_player: r.get(9)?,
                    finished: r.get(10)?,
                    result: outcome(r, 11, 12)?,
                    moves: r.get(13)?,
                    rated: r.get(14)?,
                    per_move: r.get(15)?,
                    initial_ms: r.get(16)?,
                })
            })?
            .collect::<Result<_, _>>()?;
        Ok(games)
    }
}

impl GameStore for SqliteStore {
    fn insert_game(&self, game: &StoredGame, moves: &[StoredMove]) -> StoreResult<()> {
        self.write(Write::InsertGame {
            game: Box::new(game.clone()),
            moves: moves.to_vec(),
            rematch_of: None,
        })
        .map(|_| ())
    }

    fn insert_rematch(
        &self,
        game: &StoredGame,
        of: &str,
        of_version: Version,
    ) -> StoreResult<Version> {
        self.write(Write::InsertGame {
            game: Box::new(game.clone()),
            moves: Vec::new(),
            rematch_of: Some((of.to_string(), of_version)),
        })
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
        let conn = self.reader();
        let game = conn
            .query_row(
                &format!("SELECT {GAME_COLUMNS} FROM games WHERE id = ?1"),
                params![id],
                game_from_row,
            )
            .optional()?;
        let Some(game) = game else { return Ok(None) };
        let moves = load_moves(&conn, id)?;
        Ok(Some((game, moves)))
    }

    fn unfinished_games(&self) -> StoreResult<Vec<(StoredGame, u32)>> {
        let conn = self.reader();
        let mut stmt = conn.prepare(&format!(
            "SELECT {GAME_COLUMNS}, (SELECT COUNT(*) FROM moves WHERE game_id = games.id)
             FROM games WHERE finished = 0 ORDER BY created_at"
        ))?;
        let games = stmt
            .query_map([], |r| Ok((game_from_row(r)?, r.get(GAME_COLUMN_COUNT)?)))?
            .collect::<Result<_, _>>()?;
        Ok(games)
    }

    fn rematch_of(&self, of: &str) -> StoreResult<Option<String>> {
        Ok(self
            .reader()
            .query_row(
                "SELECT id FROM games WHERE rematch_of = ?1",
                params![of],
                |r| r.get(0),
            )
            .optional()?)
    }

    fn open_games(&self, player: &str, client: &str) -> StoreResult<(u32, u32)> {
        let by_player = self.count(
            "SELECT COUNT(*) FROM games WHERE finished = 0 AND (white_player = ?1 OR black_player = ?1)",
            params![player],
        )?;
        let by_client = self.count(
            "SELECT COUNT(*) FROM games WHERE finished = 0 AND client = ?1",
            params![client],
        )?;
        Ok((by_player, by_client))
    }

    fn open_invites_from(&self, client: &str) -> StoreResult<u32> {
        self.count(
            "SELECT COUNT(*) FROM games WHERE finished = 0 AND invite IS NOT NULL AND client = ?1
                AND (white_player IS NULL OR black_player IS NULL)",
            params![client],
        )
    }

    fn open_invites(&self, player: &str) -> StoreResult<u32> {
        self.count(
            "SELECT COUNT(*) FROM games WHERE finished = 0 AND invite IS NOT NULL
                AND ((white_player = ?1 AND black_player IS NULL)
                  OR (black_player = ?1 AND white_player IS NULL))",
            params![player],
        )
    }

    fn player_games(
        &self,
        player: &str,
        before: Option<(i64, &str)>,
        limit: u32,
    ) -> StoreResult<Vec<GameSummary>> {
        // No `before`: the first page (the empty id stands for "from the newest").
        let (at, id) = before.unwrap_or((i64::MAX, ""));
        self.summaries(
            "(created_at < ?2 OR (created_at = ?2 AND id < ?3) OR ?3 = '')",
            params![player, at, id],
            limit,
        )
    }

    fn unfinished_player_games(&self, player: &str, limit: u32) -> StoreResult<Vec<GameSummary>> {
        self.summaries("finished = 0", params![player], limit)
    }

    fn game_of_invite(&self, code: &str) -> StoreResult<Option<String>> {
        Ok(self
            .reader()
            .query_row(
                "SELECT id FROM games WHERE invite = ?1",
                params![code],
                |r| r.get(0),
            )
            .optional()?)
    }

    fn creations_since(&self, client: &str, since: i64) -> StoreResult<(u32, Option<i64>)> {
        Ok(self.reader().query_row(
            "SELECT COUNT(*), MIN(created_at) FROM creations WHERE client = ?1 AND created_at >= ?2",
            params![client, since],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )?)
    }
}

/// The writer thread: takes every write waiting, applies each in its own savepoint (a
/// failing write does not undo the others), commits once, then answers each caller.
fn write_loop(mut conn: Connection, rx: Receiver<(Write, Reply)>) {
    while let Ok(first) = rx.recv() {
        let mut batch = vec![first];
        while batch.len() < MAX_BATCH {
            match rx.try_recv() {
                Ok(w) => batch.push(w),
                Err(_) => break,
            }
        }
        let mut results: Vec<StoreResult<Done>> = Vec::with_capacity(batch.len());
        let committed = (|| -> StoreResult<()> {
            let mut tx = conn.transaction()?;
            for (w, _) in &batch {
                let mut sp = tx.savepoint()?;
                let r = apply(&sp, w);
                if r.is_ok() {
                    sp.commit()?;
                } else {
                    sp.rollback()?;
                }
                results.push(r);
            }
            tx.commit()?;
            Ok(())
        })();
        for (i, (_, reply)) in batch.into_iter().enumerate() {
            let r = match &committed {
                Ok(()) => results
                    .get(i)
                    .cloned()
                    .unwrap_or(Err(StoreError::Failed("the write was not applied".into()))),
                Err(e) => Err(e.clone()),
            };
            let _ = reply.send(r);
        }
    }
}

/// Moves the game from version `read` to the next, or refuses: the check every change
/// makes first, in the change's own savepoint.
fn next_version(conn: &Connection, game_id: &str, read: Version) -> StoreResult<Version> {
    // A version beyond SQLite's integers was never stored: no row matches it.
    let changed = match i64::try_from(read) {
        Ok(v) => conn.execute(
            "UPDATE games SET version = version + 1 WHERE id = ?1 AND version = ?2",
            params![game_id, v],
        )?,
        Err(_) => 0,
    };
    if changed == 0 {
        return Err(StoreError::Conflict {
            game_id: game_id.to_string(),
            read,
        });
    }
    Ok(read + 1)
}

/// Stores move `m` as the game's next: plies are contiguous from 0, so a ply already
/// stored, or one past a gap, is refused (as the PostgreSQL store does).
fn insert_move(conn: &Connection, game_id: &str, m: &StoredMove) -> StoreResult<()> {
    let stored: u32 = conn.query_row(
        "SELECT COUNT(*) FROM moves WHERE game_id = ?1",
        params![game_id],
        |r| r.get(0),
    )?;
    if m.ply != stored {
        return Err(StoreError::Failed(format!(
            "move at ply {} refused: game {game_id} has {stored} moves, so the next is ply {stored}",
            m.ply
        )));
    }
    conn.execute(
        "INSERT INTO moves (game_id, ply, token, eval, eval_source, eval_depth, white_ms, black_ms)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        params![
            game_id,
            m.ply,
            m.token,
            m.eval.map(|e| e.pawns),
            m.eval.and_then(|e| e.source).map(EvalSource::id),
            m.eval.and_then(|e| e.depth),
            m.white_ms,
            m.black_ms
        ],
    )?;
    Ok(())
}

fn apply(conn: &Connection, w: &Write) -> StoreResult<Done> {
    match w {
        Write::Attempt(a) => record_attempt(conn, a).map(Done::Attempt),
        Write::Community(w) => community::apply(conn, w).map(Done::Community),
        Write::InsertGame {
            game: g,
            moves,
            rematch_of,
        } => {
            let winner = |o: Option<Outcome>| o.and_then(|o| o.winner).map(color_id);
            let reason = |o: Option<Outcome>| o.map(|o| o.termination.id());
            conn.execute(
                "INSERT INTO games (id, created_at, client, variant, rules, options, mode, human,
                    level, initial_ms, increment_ms, start_position, declared_winner,
                    declared_reason, finished, white_player, black_player, invite, rematch_of,
                    result_winner, result_reason, offer_kind, offer_from, version, rated,
                    per_move, turn_started_ms)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15,
                    ?16, ?17, ?18, ?19, ?20, ?21, ?22, ?23, 0, ?24, ?25, ?26)",
                params![
                    g.id,
                    g.created_at,
                    g.client,
                    g.variant,
                    g.rules,
                    g.options,
                    g.mode.id(),
                    g.human.map(color_id),
                    g.level.map(Level::id),
                    g.initial_ms,
                    g.increment_ms,
                    g.start_position,
                    winner(g.declared),
                    reason(g.declared),
                    g.finished,
                    g.white_player,
                    g.black_player,
                    g.invite,
                    rematch_of.as_ref().map(|(of, _)| of),
                    winner(g.result),
                    reason(g.result),
                    g.offer.map(|(kind, _)| kind.id()),
                    g.offer.map(|(_, from)| color_id(from)),
                    g.rated,
                    g.per_move,
                    writer_now_ms(),
                ],
            )?;
            for m in moves {
                insert_move(conn, &g.id, m)?;
            }
            conn.execute(
                "INSERT INTO creations (client, created_at) VALUES (?1, ?2)",
                params![g.client, g.created_at],
            )?;
            conn.execute(
                "DELETE FROM creations WHERE created_at < ?1",
                params![g.created_at - CREATIONS_KEPT_SECS],
            )?;
            let Some((of, read)) = rematch_of else {
                return Ok(Done::Version(0));
            };
            let next = next_version(conn, of, *read)?;
            conn.execute(
                "UPDATE games SET offer_kind = NULL, offer_from = NULL WHERE id = ?1",
                params![of],
            )?;
            Ok(Done::Version(next))
        }
        Write::Change {
            game_id,
            version,
            change,
        } => {
            let next = next_version(conn, game_id, *version)?;
            apply_change(conn, game_id, change)?;
            Ok(Done::Version(next))
        }
    }
}

fn apply_change(conn: &Connection, game_id: &str, change: &Change) -> StoreResult<()> {
    match change {
        Change::AppendMove { m, result } => {
            insert_move(conn, game_id, m)?;
            conn.execute(
                "UPDATE games SET finished = ?2, result_winner = ?3, result_reason = ?4,
                    offer_kind = NULL, offer_from = NULL, turn_started_ms = ?5
                 WHERE id = ?1",
                params![
                    game_id,
                    result.is_some(),
                    result.and_then(|r| r.winner).map(color_id),
                    result.map(|r| r.termination.id()),
                    writer_now_ms()
                ],
            )?;
        }
        Change::SetEval { ply, eval } => {
            let changed = conn.execute(
                "UPDATE moves SET eval = ?3, eval_source = ?4, eval_depth = ?5
                 WHERE game_id = ?1 AND ply = ?2",
                params![
                    game_id,
                    ply,
                    eval.pawns,
                    eval.source.map(EvalSource::id),
                    eval.depth
                ],
            )?;
            // No such move: nothing changed, so the version stays too.
            if changed == 0 {
                return Err(StoreError::Failed(format!(
                    "game {game_id} has no move at ply {ply} to evaluate"
                )));
            }
        }
        Change::Truncate { ply } => {
            conn.execute(
                "DELETE FROM moves WHERE game_id = ?1 AND ply >= ?2",
                params![game_id, ply],
            )?;
            conn.execute(
                "UPDATE games SET finished = 0, declared_winner = NULL, declared_reason = NULL,
                    result_winner = NULL, result_reason = NULL, offer_kind = NULL, offer_from = NULL,
                    turn_started_ms = ?2
                 WHERE id = ?1",
                params![game_id, writer_now_ms()],
            )?;
        }
        Change::Declare(outcome) => {
            conn.execute(
                "UPDATE games SET declared_winner = ?2, declared_reason = ?3, finished = 1,
                    result_winner = ?2, result_reason = ?3, offer_kind = NULL, offer_from = NULL
                 WHERE id = ?1",
                params![
                    game_id,
                    outcome.winner.map(color_id),
                    outcome.termination.id()
                ],
            )?;
        }
        Change::Seats(seats) => {
            conn.execute(
                "UPDATE games SET white_player = ?2, black_player = ?3, invite = ?4,
                    turn_started_ms = ?5
                 WHERE id = ?1",
                params![
                    game_id,
                    seats.white,
                    seats.black,
                    seats.invite,
                    writer_now_ms()
                ],
            )?;
        }
        Change::Offer(offer) => {
            conn.execute(
                "UPDATE games SET offer_kind = ?2, offer_from = ?3 WHERE id = ?1",
                params![
                    game_id,
                    offer.map(|(kind, _)| kind.id()),
                    offer.map(|(_, from)| color_id(from))
                ],
            )?;
        }
        Change::Delete => {
            conn.execute("DELETE FROM moves WHERE game_id = ?1", params![game_id])?;
            conn.execute("DELETE FROM games WHERE id = ?1", params![game_id])?;
        }
    }
    Ok(())
}

impl PuzzleStore for SqliteStore {
    fn player_puzzle_rating(&self, player: &str, set: &str) -> StoreResult<Option<Rating>> {
        rating_row(
            &self.reader(),
            "SELECT rating, deviation, volatility FROM player_puzzle_ratings
             WHERE player = ?1 AND set_id = ?2",
            params![player, set],
        )
    }

    fn puzzle_ratings(&self, set: &str) -> StoreResult<HashMap<String, Rating>> {
        let conn = self.reader();
        let mut stmt = conn.prepare(
            "SELECT puzzle_id, rating, deviation, volatility FROM puzzle_ratings WHERE set_id = ?1",
        )?;
        let rows = stmt
            .query_map(params![set], |r| {
                Ok((r.get::<_, String>(0)?, r.get(1)?, r.get(2)?, r.get(3)?))
            })?
            .collect::<Result<Vec<_>, _>>()?;
        rows.into_iter()
            .map(|(id, r, d, v)| Ok((id, stored_rating(r, d, v)?)))
            .collect()
    }

    fn puzzle_rating(&self, puzzle: &str) -> StoreResult<Option<Rating>> {
        rating_row(
            &self.reader(),
            "SELECT rating, deviation, volatility FROM puzzle_ratings WHERE puzzle_id = ?1",
            params![puzzle],
        )
    }

    fn attempted(&self, player: &str, set: &str) -> StoreResult<HashSet<String>> {
        let conn = self.reader();
        let mut stmt = conn
            .prepare("SELECT puzzle_id FROM puzzle_attempts WHERE player = ?1 AND set_id = ?2")?;
        let ids = stmt
            .query_map(params![player, set], |r| r.get(0))?
            .collect::<Result<_, _>>()?;
        Ok(ids)
    }

    fn record_attempt(&self, a: &NewAttempt) -> StoreResult<AttemptRecord> {
        match self.write_done(Write::Attempt(Box::new(a.clone())))? {
            Done::Attempt(record) => Ok(record),
            other => Err(StoreError::Failed(format!(
                "an attempt was answered {other:?}"
            ))),
        }
    }

    fn player_puzzles(
        &self,
        player: &str,
        limit: u32,
    ) -> StoreResult<(Vec<SetRating>, Vec<StoredAttempt>)> {
        let conn = self.reader();
        let mut stmt = conn.prepare(
            "SELECT set_id, rating, deviation, volatility, attempts, solved
             FROM player_puzzle_ratings WHERE player = ?1 ORDER BY set_id",
        )?;
        let rows = stmt
            .query_map(params![player], |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    (r.get(1)?, r.get(2)?, r.get(3)?),
                    r.get(4)?,
                    r.get(5)?,
                ))
            })?
            .collect::<Result<Vec<_>, _>>()?;
        let ratings = rows
            .into_iter()
            .map(|(set, (r, d, v), attempts, solved)| {
                Ok(SetRating {
                    set,
                    rating: stored_rating(r, d, v)?,
                    attempts,
                    solved,
                })
            })
            .collect::<StoreResult<_>>()?;
        let mut stmt = conn.prepare(
            "SELECT puzzle_id, set_id, solved, rated, rating_after, at_ms FROM puzzle_attempts
             WHERE player = ?1 ORDER BY at_ms DESC, puzzle_id DESC LIMIT ?2",
        )?;
        let history = stmt
            .query_map(params![player, limit], |r| {
                Ok(StoredAttempt {
                    puzzle: r.get(0)?,
                    set: r.get(1)?,
                    solved: r.get(2)?,
                    rated: r.get(3)?,
                    rating_after: r.get(4)?,
                    at_ms: r.get(5)?,
                })
            })?
            .collect::<Result<_, _>>()?;
        Ok((ratings, history))
    }
}

/// The rating in the one row `sql` finds, if any.
fn rating_row(
    conn: &Connection,
    sql: &str,
    params: impl rusqlite::Params,
) -> StoreResult<Option<Rating>> {
    let row: Option<(f64, f64, f64)> = conn
        .query_row(sql, params, |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .optional()?;
    row.map(|(r, d, v)| stored_rating(r, d, v)).transpose()
}

/// Records a puzzle attempt in the writer's transaction: the one writer makes the read,
/// the update and the write of both ratings one step, and the attempts' key keeps all
/// but the first attempt unrated.
fn record_attempt(conn: &Connection, a: &NewAttempt) -> StoreResult<AttemptRecord> {
    let inserted = conn.execute(
        "INSERT OR IGNORE INTO puzzle_attempts
            (player, puzzle_id, set_id, solved, rated, rating_after, at_ms)
         VALUES (?1, ?2, ?3, ?4, 1, 0, ?5)",
        params![a.player, a.puzzle, a.set, a.solved, a.at_ms],
    )?;
    let player = rating_row(
        conn,
        "SELECT rating, deviation, volatility FROM player_puzzle_ratings
         WHERE player = ?1 AND set_id = ?2",
        params![a.player, a.set],
    )?
    .unwrap_or(a.player_start);
    let puzzle = rating_row(
        conn,
        "SELECT rating, deviation, volatility FROM puzzle_ratings WHERE puzzle_id = ?1",
        params![a.puzzle],
    )?
    .unwrap_or(a.puzzle_start);
    if inserted == 0 {
        return Ok(AttemptRecord {
            rated: false,
            player_before: player,
            player,
            puzzle,
        });
    }
    let (player_after, puzzle_after) = (a.rate)(player, puzzle, a.solved);
    conn.execute(
        "INSERT INTO player_puzzle_ratings
            (player, set_id, rating, deviation, volatility, attempts, solved)
         VALUES (?1, ?2, ?3, ?4, ?5, 1, ?6)
         ON CONFLICT (player, set_id) DO UPDATE SET
            rating = excluded.rating, deviation = excluded.deviation,
            volatility = excluded.volatility, attempts = attempts + 1,
            solved = solved + excluded.solved",
        params![
            a.player,
            a.set,
            player_after.rating,
            player_after.deviation,
            player_after.volatility,
            i64::from(a.solved)
        ],
    )?;
    conn.execute(
        "INSERT INTO puzzle_ratings (puzzle_id, set_id, rating, deviation, volatility, attempts)
         VALUES (?1, ?2, ?3, ?4, ?5, 1)
         ON CONFLICT (puzzle_id) DO UPDATE SET
            rating = excluded.rating, deviation = excluded.deviation,
            volatility = excluded.volatility, attempts = attempts + 1",
        params![
            a.puzzle,
            a.set,
            puzzle_after.rating,
            puzzle_after.deviation,
            puzzle_after.volatility
        ],
    )?;
    conn.execute(
        "UPDATE puzzle_attempts SET rating_after = ?3 WHERE player = ?1 AND puzzle_id = ?2",
        params![a.player, a.puzzle, player_after.rating],
    )?;
    Ok(AttemptRecord {
        rated: true,
        player_before: player,
        player: player_after,
        puzzle: puzzle_after,
    })
}

fn color_id(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

fn color_from_id(id: &str) -> Option<Color> {
    match id {
        "white" => Some(Color::White),
        "black" => Some(Color::Black),
        _ => None,
    }
}

/// Column `i`, read by `parse`; a value it does not know is an error naming it (the
/// store writes only values it reads, so another is damage, not a default).
fn optional<T>(
    r: &Row<'_>,
    i: usize,
    parse: impl Fn(&str) -> Option<T>,
) -> rusqlite::Result<Option<T>> {
    let Some(text) = r.get::<_, Option<String>>(i)? else {
        return Ok(None);
    };
    match parse(&text) {
        Some(v) => Ok(Some(v)),
        None => Err(rusqlite::Error::FromSqlConversionFailure(
            i,
            Type::Text,
            format!(
                "unknown value {text:?} in column {:?}",
                r.as_ref().column_name(i).unwrap_or("?")
            )
            .into(),
        )),
    }
}

fn required<T>(r: &Row<'_>, i: usize, parse: impl Fn(&str) -> Option<T>) -> rusqlite::Result<T> {
    optional(r, i, parse)?.ok_or(rusqlite::Error::InvalidColumnType(
        i,
        r.as_ref().column_name(i).unwrap_or("?").to_string(),
        Type::Null,
    ))
}

/// The level in column `i`; one the catalogue no longer offers reads as none (the game
/// then plays at the default level rather than becoming unreadable).
fn level(r: &Row<'_>, i: usize) -> rusqlite::Result<Option<Level>> {
    Ok(r.get::<_, Option<String>>(i)?
        .and_then(|id| Level::from_id(&id)))
}

fn version(r: &Row<'_>, i: usize) -> rusqlite::Result<Version> {
    let v: i64 = r.get(i)?;
    Version::try_from(v)
        .map_err(|e| rusqlite::Error::FromSqlConversionFailure(i, Type::Integer, e.into()))
}

/// The outcome in the winner and reason columns `winner` and `reason`.
fn outcome(r: &Row<'_>, winner: usize, reason: usize) -> rusqlite::Result<Option<Outcome>> {
    let Some(termination) = optional(r, reason, Termination::from_id)? else {
        return Ok(None);
    };
    Ok(Some(Outcome {
        winner: optional(r, winner, color_from_id)?,
        termination,
    }))
}

/// When a turn began, as this store writes it: the writer's wall clock (ms since the Unix
/// epoch) when the write is applied, a moment after the host's own reading of it.
fn writer_now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

/// The columns `game_from_row` reads, in its order.
const GAME_COLUMNS: &str = "id, version, created_at, client, variant, rules, options, mode,
    human, level, initial_ms, increment_ms, start_position, declared_winner,
    declared_reason, result_winner, result_reason, finished, white_player, black_player,
    invite, offer_kind, offer_from, rated, per_move, turn_started_ms";
const GAME_COLUMN_COUNT: usize = 26;

fn game_from_row(r: &Row<'_>) -> rusqlite::Result<StoredGame> {
    let per_move: bool = r.get(24)?;
    let offer_kind = optional(r, 21, OfferKind::from_id)?;
    let offer_from = optional(r, 22, color_from_id)?;
    Ok(StoredGame {
        id: r.get(0)?,
        version: version(r, 1)?,
        created_at: r.get(2)?,
        client: r.get(3)?,
        variant: r.get(4)?,
        rules: r.get(5)?,
        options: r.get(6)?,
        mode: required(r, 7, Mode::from_id)?,
        human: optional(r, 8, color_from_id)?,
        level: level(r, 9)?,
        initial_ms: r.get(10)?,
        increment_ms: r.get(11)?,
        start_position: r.get(12)?,
        declared: outcome(r, 13, 14)?,
        result: outcome(r, 15, 16)?,
        finished: r.get(17)?,
        white_player: r.get(18)?,
        black_player: r.get(19)?,
        invite: r.get(20)?,
        offer: offer_kind.zip(offer_from),
        // Only a correspondence game's turn start is used on SQLite (see `StoredGame`).
        turn_started_ms: if per_move { r.get(25)? } else { None },
        rated: r.get(23)?,
        per_move,
    })
}

fn load_moves(conn: &Connection, id: &str) -> rusqlite::Result<Vec<StoredMove>> {
    let mut stmt = conn.prepare(
        "SELECT ply, token, eval, white_ms, black_ms, eval_source, eval_depth
         FROM moves WHERE game_id = ?1 ORDER BY ply",
    )?;
    let moves = stmt
        .query_map(params![id], |r| {
            let pawns: Option<f64> = r.get(2)?;
            let source = optional(r, 5, EvalSource::from_id)?;
            let depth: Option<u32> = r.get(6)?;
            Ok(StoredMove {
                ply: r.get(0)?,
                token: r.get(1)?,
                eval: pawns.map(|pawns| Eval {
                    pawns,
                    source,
                    depth,
                }),
                white_ms: r.get(3)?,
                black_ms: r.get(4)?,
            })
        })?
        .collect::<rusqlite::Result<_>>()?;
    Ok(moves)
}

#[cfg(test)]
pub(super) mod tests {
    use super::super::tests::sample;
    use super::*;

    pub fn temp_store() -> (tempfile::TempDir, SqliteStore) {
        let dir = tempfile::tempdir().unwrap();
        let s = SqliteStore::open(&dir.path().join("db.sqlite")).unwrap();
        (dir, s)
    }

    /// A database of the first `n` schema versions, with `setup` run on it.
    fn old_database(n: usize, setup: &str) -> (tempfile::TempDir, std::path::PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("db.sqlite");
        let conn = Connection::open(&path).unwrap();
        for sql in &MIGRATIONS[..n] {
            conn.execute_batch(sql).unwrap();
        }
        conn.pragma_update(None, "user_version", n as i64).unwrap();
        conn.execute_batch(setup).unwrap();
        (dir, path)
    }

    #[test]
    fn the_quota_survives_an_upgrade_of_an_old_database() {
        let (_dir, path) = old_database(
            1,
            "INSERT INTO games (id, created_at, client, variant, options, mode)
             VALUES ('old', 100, '127.0.0.1', 'stacked', '', 'local')",
        );
        let s = SqliteStore::open(&path).unwrap();
        assert_eq!(s.creations_since("127.0.0.1", 0).unwrap().0, 1);
    }

    #[test]
    fn old_games_get_unclaimed_seats_for_their_human_sides() {
        let (_dir, path) = old_database(
            2,
            "INSERT INTO games (id, created_at, client, variant, options, mode, human) VALUES
                ('l', 1, 'c', 'stacked', '', 'local', 'white'),
                ('w', 1, 'c', 'stacked', '', 'computer', NULL),
                ('b', 1, 'c', 'stacked', '', 'computer', 'black')",
        );
        let s = SqliteStore::open(&path).unwrap();
        let seats = |id: &str| {
            let g = s.load_game(id).unwrap().unwrap().0;
            (g.white_player, g.black_player)
        };
        let star = || Some("*".to_string());
        assert_eq!(seats("l"), (star(), star()));
        assert_eq!(seats("w"), (star(), None));
        assert_eq!(seats("b"), (None, star()));
        let claimed = StoredSeats {
            white: None,
            black: Some("ab".repeat(16)),
            invite: None,
        };
        s.set_seats("b", 0, &claimed).unwrap();
        assert_eq!(seats("b"), (None, Some("ab".repeat(16))));
    }

    #[test]
    fn an_offered_rematch_of_an_old_database_is_taken() {
        // Schema 6 (before rematches were stored): a finished game whose rematch is
        // offered.
        let (_dir, path) = old_database(
            6,
            "INSERT INTO games (id, created_at, client, variant, options, mode, finished,
                offer_kind, offer_from)
             VALUES ('old', 1, 'c', 'stacked', '', 'online', 1, 'rematch', 'white')",
        );
        let s = SqliteStore::open(&path).unwrap();
        let old = s.load_game("old").unwrap().unwrap().0;
        assert_eq!(
            (old.version, old.offer),
            (0, Some((OfferKind::Rematch, Color::White)))
        );
        assert_eq!(s.insert_rematch(&sample("new"), "old", 0), Ok(1));
        assert_eq!(s.rematch_of("old").unwrap().as_deref(), Some("new"));
    }

    #[test]
    fn old_results_read_as_typed_outcomes_and_unknown_values_as_errors() {
        // Schema 4: before results were kept beside declared ones.
        let (_dir, path) = old_database(
            4,
            "INSERT INTO games (id, created_at, client, variant, options, mode, human, level,
                declared_winner, declared_reason, finished)
             VALUES ('t', 1, 'c', 'stacked', '', 'computer', 'black', '99', 'white', 'time', 1),
                ('bad', 1, 'c', 'stacked', '', 'computer', 'purple', '2', NULL, NULL, 0)",
        );
        let s = SqliteStore::open(&path).unwrap();
        let t = s.load_game("t").unwrap().unwrap().0;
        let time = Outcome {
            winner: Some(Color::White),
            termination: Termination::Time,
        };
        // Schema 5 copied the declared result; a level no longer offered reads as none.
        assert_eq!(
            (t.declared, t.result, t.human, t.level),
            (Some(time), Some(time), Some(Color::Black), None)
        );
        let e = s.load_game("bad").unwrap_err().to_string();
        assert!(e.contains("purple") && e.contains("human"), "{e}");
    }

    #[test]
    fn reopening_keeps_data_and_schema_version() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("db.sqlite");
        {
            let s = SqliteStore::open(&path).unwrap();
            s.insert_game(&sample("a"), &[]).unwrap();
            s.set_offer("a", 0, Some((OfferKind::Draw, Color::Black)))
                .unwrap();
        }
        let s = SqliteStore::open(&path).unwrap();
        assert_eq!(s.load_game("a").unwrap().unwrap().0.version, 1);
        let v: i64 = s
            .reader()
            .pragma_query_value(None, "user_version", |r| r.get(0))
            .unwrap();
        assert_eq!(v, MIGRATIONS.len() as i64);
    }
}
