//! The SQLite store: one row per game, one row per move. A move is written (and the
//! transaction committed) before the server acknowledges it, so a crash never loses an
//! acknowledged move.

use super::view::{Eval, EvalSource};
use rusqlite::{params, Connection, OptionalExtension};
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
];

/// Creations older than this are forgotten (the quota looks back one hour).
const CREATIONS_KEPT_SECS: i64 = 2 * 3600;

/// A game's fixed settings as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredGame {
    pub id: String,
    pub created_at: i64,
    pub client: String,
    pub variant: String,
    pub rules: Option<String>,
    /// Option identifiers joined by commas.
    pub options: String,
    pub mode: String,
    pub human: Option<String>,
    pub level: Option<String>,
    pub initial_ms: Option<i64>,
    pub increment_ms: Option<i64>,
    pub start_position: Option<String>,
    /// A result declared outside the board (resignation, agreement, time).
    pub declared_winner: Option<String>,
    pub declared_reason: Option<String>,
    pub finished: bool,
    /// The seats' player ids (`seats.rs` reads them).
    pub white_player: Option<String>,
    pub black_player: Option<String>,
    /// An online game's invitation code while a seat is open.
    pub invite: Option<String>,
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

/// How a game ended, as stored: the winner (`white`, `black`, `None` for a draw or an
/// abort) and the termination's id.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StoredResult {
    pub winner: Option<&'static str>,
    pub reason: &'static str,
}

impl From<rules::Outcome> for StoredResult {
    fn from(o: rules::Outcome) -> StoredResult {
        StoredResult {
            winner: o.winner.map(super::view::color_id),
            reason: o.termination.id(),
        }
    }
}

/// One line of a player's list of games (`GET /api/games`).
#[derive(Clone, Debug, PartialEq)]
pub struct GameSummary {
    pub id: String,
    pub created_at: i64,
    pub variant: String,
    pub rules: Option<String>,
    pub options: String,
    pub mode: String,
    pub human: Option<String>,
    pub level: Option<String>,
    pub white_player: Option<String>,
    pub black_player: Option<String>,
    pub finished: bool,
    /// How it ended (`None` while running, or for a game finished before results were
    /// stored).
    pub result_winner: Option<String>,
    pub result_reason: Option<String>,
    pub moves: u32,
}

/// A storage failure, as text (one commit's failure is reported to every write in it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoreError(pub String);

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> Self {
        StoreError(e.to_string())
    }
}

pub type StoreResult<T> = Result<T, StoreError>;

/// A change to the database, applied by the writer thread.
enum Write {
    InsertGame {
        game: Box<StoredGame>,
        /// The finished game this one is the rematch of (its rematch offer goes).
        rematch_of: Option<String>,
    },
    AppendMove {
        game_id: String,
        m: StoredMove,
        /// Set when this move ended the game.
        result: Option<StoredResult>,
    },
    SetEval {
        game_id: String,
        ply: u32,
        eval: Eval,
    },
    Truncate {
        game_id: String,
        ply: u32,
    },
    Declare {
        game_id: String,
        winner: Option<String>,
        reason: String,
    },
    Delete {
        game_id: String,
    },
    Offer {
        game_id: String,
        offer: Option<(String, String)>,
    },
    Seats {
        game_id: String,
        white: Option<String>,
        black: Option<String>,
        invite: Option<String>,
    },
}

type Reply = SyncSender<StoreResult<()>>;

/// Most writes committed together.
const MAX_BATCH: usize = 512;

/// The database. Writes go to one writer thread that commits whatever has queued up in
/// one transaction (group commit): each write is durable on disk before its caller
/// returns, but concurrent writers share one disk flush. Reads use their own connection
/// (WAL lets them run beside the writer).
pub struct Store {
    writer: Mutex<Sender<(Write, Reply)>>,
    reader: Mutex<Connection>,
    /// Tests: moves at this ply or later fail to store, as on a full disk.
    #[cfg(test)]
    pub fail_moves_from: std::sync::atomic::AtomicU32,
    /// Tests: how many writes failed that way.
    #[cfg(test)]
    pub failed_writes: std::sync::atomic::AtomicU32,
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

impl Store {
    /// Opens (creating if needed) the database file and brings its schema up to date.
    pub fn open(path: &Path) -> StoreResult<Store> {
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
            .map_err(|e| StoreError(format!("cannot start the store writer: {e}")))?;
        Ok(Store {
            writer: Mutex::new(tx),
            reader: Mutex::new(reader),
            #[cfg(test)]
            fail_moves_from: std::sync::atomic::AtomicU32::new(u32::MAX),
            #[cfg(test)]
            failed_writes: std::sync::atomic::AtomicU32::new(0),
        })
    }

    fn reader(&self) -> std::sync::MutexGuard<'_, Connection> {
        // A panic while holding the lock cannot leave SQLite inconsistent (transactions
        // roll back on drop), so a poisoned lock is still usable.
        self.reader.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Queues a write and waits until it is committed (or failed).
    fn write(&self, w: Write) -> StoreResult<()> {
        let (reply, result) = sync_channel(1);
        {
            let tx = self.writer.lock().unwrap_or_else(|e| e.into_inner());
            tx.send((w, reply))
                .map_err(|_| StoreError("the store writer has stopped".into()))?;
        }
        result
            .recv()
            .map_err(|_| StoreError("the store writer has stopped".into()))?
    }

    pub fn insert_game(&self, g: &StoredGame) -> StoreResult<()> {
        self.write(Write::InsertGame {
            game: Box::new(g.clone()),
            rematch_of: None,
        })
    }

    /// Inserts the rematch of the finished game `of` and clears that game's rematch offer,
    /// in one transaction; fails if `of` already has a rematch.
    pub fn insert_rematch(&self, g: &StoredGame, of: &str) -> StoreResult<()> {
        self.write(Write::InsertGame {
            game: Box::new(g.clone()),
            rematch_of: Some(of.to_string()),
        })
    }

    /// The id of the rematch of the game `of`, if it has one.
    pub fn rematch_of(&self, of: &str) -> StoreResult<Option<String>> {
        Ok(self
            .reader()
            .query_row(
                "SELECT id FROM games WHERE rematch_of = ?1",
                params![of],
                |r| r.get(0),
            )
            .optional()?)
    }

    /// Appends a move (at `ply`, counted from 0) and, when it ended the game, the result,
    /// in one transaction.
    pub fn append_move(
        &self,
        game_id: &str,
        m: &StoredMove,
        result: Option<StoredResult>,
    ) -> StoreResult<()> {
        #[cfg(test)]
        if m.ply
            >= self
                .fail_moves_from
                .load(std::sync::atomic::Ordering::SeqCst)
        {
            self.failed_writes
                .fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            return Err(StoreError("database or disk is full (simulated)".into()));
        }
        self.write(Write::AppendMove {
            game_id: game_id.into(),
            m: m.clone(),
            result,
        })
    }

    /// Sets the evaluation of a stored move (known only after the move was stored).
    pub fn set_eval(&self, game_id: &str, ply: u32, eval: Eval) -> StoreResult<()> {
        self.write(Write::SetEval {
            game_id: game_id.into(),
            ply,
            eval,
        })
    }

    /// Removes every move from `ply` on (a take back) and reopens the game.
    pub fn truncate_moves(&self, game_id: &str, ply: u32) -> StoreResult<()> {
        self.write(Write::Truncate {
            game_id: game_id.into(),
            ply,
        })
    }

    /// Records a result declared outside the board (resignation, agreement, time).
    pub fn declare_result(
        &self,
        game_id: &str,
        winner: Option<&str>,
        reason: &str,
    ) -> StoreResult<()> {
        self.write(Write::Declare {
            game_id: game_id.into(),
            winner: winner.map(str::to_string),
            reason: reason.into(),
        })
    }

    /// Removes a game and its moves.
    pub fn delete_game(&self, game_id: &str) -> StoreResult<()> {
        self.write(Write::Delete {
            game_id: game_id.into(),
        })
    }

    /// Sets or clears an online game's pending offer: its kind and the asking side.
    pub fn set_offer(&self, game_id: &str, offer: Option<(&str, &str)>) -> StoreResult<()> {
        self.write(Write::Offer {
            game_id: game_id.into(),
            offer: offer.map(|(k, f)| (k.to_string(), f.to_string())),
        })
    }

    /// An online game's pending offer as stored (kind, asking side).
    pub fn offer(&self, game_id: &str) -> StoreResult<Option<(String, String)>> {
        let row: Option<(Option<String>, Option<String>)> = self
            .reader()
            .query_row(
                "SELECT offer_kind, offer_from FROM games WHERE id = ?1",
                params![game_id],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()?;
        Ok(match row {
            Some((Some(kind), Some(from))) => Some((kind, from)),
            _ => None,
        })
    }

    /// Sets who holds the seats and the invitation (a seat taken, an old game claimed).
    pub fn set_seats(
        &self,
        game_id: &str,
        white: Option<String>,
        black: Option<String>,
        invite: Option<String>,
    ) -> StoreResult<()> {
        self.write(Write::Seats {
            game_id: game_id.into(),
            white,
            black,
            invite,
        })
    }

    pub fn load_game(&self, id: &str) -> StoreResult<Option<(StoredGame, Vec<StoredMove>)>> {
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

    /// Every game not yet finished, with how many moves it has (not the moves).
    pub fn unfinished_games(&self) -> StoreResult<Vec<(StoredGame, u32)>> {
        let conn = self.reader();
        let mut stmt = conn.prepare(&format!(
            "SELECT {GAME_COLUMNS}, (SELECT COUNT(*) FROM moves WHERE game_id = games.id)
             FROM games WHERE finished = 0 ORDER BY created_at"
        ))?;
        let games = stmt
            .query_map([], |r| Ok((game_from_row(r)?, r.get(18)?)))?
            .collect::<Result<_, _>>()?;
        Ok(games)
    }

    /// Unfinished games in which `player` holds a seat, and unfinished games created
    /// from the address `client` (the bounds on open games).
    pub fn open_games(&self, player: &str, client: &str) -> StoreResult<(u32, u32)> {
        let conn = self.reader();
        let by_player = conn.query_row(
            "SELECT COUNT(*) FROM games WHERE finished = 0 AND (white_player = ?1 OR black_player = ?1)",
            params![player],
            |r| r.get(0),
        )?;
        let by_client = conn.query_row(
            "SELECT COUNT(*) FROM games WHERE finished = 0 AND client = ?1",
            params![client],
            |r| r.get(0),
        )?;
        Ok((by_player, by_client))
    }

    /// Online games created from `client` that still wait for the invited player.
    pub fn open_invites_from(&self, client: &str) -> StoreResult<u32> {
        Ok(self.reader().query_row(
            "SELECT COUNT(*) FROM games WHERE finished = 0 AND invite IS NOT NULL AND client = ?1
                AND (white_player IS NULL OR black_player IS NULL)",
            params![client],
            |r| r.get(0),
        )?)
    }

    /// Online games with a seat held by `player` that still wait for the invited player.
    pub fn open_invites(&self, player: &str) -> StoreResult<u32> {
        Ok(self.reader().query_row(
            "SELECT COUNT(*) FROM games WHERE finished = 0 AND invite IS NOT NULL
                AND ((white_player = ?1 AND black_player IS NULL)
                  OR (black_player = ?1 AND white_player IS NULL))",
            params![player],
            |r| r.get(0),
        )?)
    }

    /// The games in which `player` holds a seat, newest first (by creation, then id),
    /// at most `limit`, starting after `before` (the `(created_at, id)` of the last game
    /// of the previous page).
    pub fn player_games(
        &self,
        player: &str,
        before: Option<(i64, &str)>,
        limit: u32,
    ) -> StoreResult<Vec<GameSummary>> {
        let conn = self.reader();
        // No `before`: the first page (the empty id stands for "from the newest").
        let (at, id) = before.unwrap_or((i64::MAX, ""));
        let mut stmt = conn.prepare(
            "SELECT id, created_at, variant, rules, options, mode, human, level, white_player,
                black_player, finished, result_winner, result_reason,
                (SELECT COUNT(*) FROM moves WHERE game_id = games.id)
             FROM games
             WHERE (white_player = ?1 OR black_player = ?1)
               AND (created_at < ?2 OR (created_at = ?2 AND id < ?3) OR ?3 = '')
             ORDER BY created_at DESC, id DESC
             LIMIT ?4",
        )?;
        let games = stmt
            .query_map(params![player, at, id, limit], |r| {
                Ok(GameSummary {
                    id: r.get(0)?,
                    created_at: r.get(1)?,
                    variant: r.get(2)?,
                    rules: r.get(3)?,
                    options: r.get(4)?,
                    mode: r.get(5)?,
                    human: r.get(6)?,
                    level: r.get(7)?,
                    white_player: r.get(8)?,
                    black_player: r.get(9)?,
                    finished: r.get(10)?,
                    result_winner: r.get(11)?,
                    result_reason: r.get(12)?,
                    moves: r.get(13)?,
                })
            })?
            .collect::<Result<_, _>>()?;
        Ok(games)
    }

    /// The id of the game an invitation belongs to.
    pub fn game_of_invite(&self, code: &str) -> StoreResult<Option<String>> {
        Ok(self
            .reader()
            .query_row(
                "SELECT id FROM games WHERE invite = ?1",
                params![code],
                |r| r.get(0),
            )
            .optional()?)
    }

    /// How many games a client created since a time (seconds since the epoch), deleted
    /// ones included, and when the first of them was.
    pub fn creations_since(&self, client: &str, since: i64) -> StoreResult<(u32, Option<i64>)> {
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
        let mut results: Vec<StoreResult<()>> = Vec::with_capacity(batch.len());
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
                Ok(()) => results.get(i).cloned().unwrap_or(Ok(())),
                Err(e) => Err(e.clone()),
            };
            let _ = reply.send(r);
        }
    }
}

fn apply(conn: &Connection, w: &Write) -> StoreResult<()> {
    match w {
        Write::InsertGame {
            game: g,
            rematch_of,
        } => {
            conn.execute(
                "INSERT INTO games (id, created_at, client, variant, rules, options, mode, human,
                    level, initial_ms, increment_ms, start_position, declared_winner,
                    declared_reason, finished, white_player, black_player, invite, rematch_of)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15,
                    ?16, ?17, ?18, ?19)",
                params![
                    g.id,
                    g.created_at,
                    g.client,
                    g.variant,
                    g.rules,
                    g.options,
                    g.mode,
                    g.human,
                    g.level,
                    g.initial_ms,
                    g.increment_ms,
                    g.start_position,
                    g.declared_winner,
                    g.declared_reason,
                    g.finished,
                    g.white_player,
                    g.black_player,
                    g.invite,
                    rematch_of
                ],
            )?;
            if let Some(of) = rematch_of {
                conn.execute(
                    "UPDATE games SET offer_kind = NULL, offer_from = NULL WHERE id = ?1",
                    params![of],
                )?;
            }
            conn.execute(
                "INSERT INTO creations (client, created_at) VALUES (?1, ?2)",
                params![g.client, g.created_at],
            )?;
            conn.execute(
                "DELETE FROM creations WHERE created_at < ?1",
                params![g.created_at - CREATIONS_KEPT_SECS],
            )?;
        }
        Write::AppendMove { game_id, m, result } => {
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
            conn.execute(
                "UPDATE games SET finished = ?2, result_winner = ?3, result_reason = ?4,
                    offer_kind = NULL, offer_from = NULL
                 WHERE id = ?1",
                params![
                    game_id,
                    result.is_some(),
                    result.and_then(|r| r.winner),
                    result.map(|r| r.reason)
                ],
            )?;
        }
        Write::SetEval { game_id, ply, eval } => {
            conn.execute(
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
        }
        Write::Truncate { game_id, ply } => {
            conn.execute(
                "DELETE FROM moves WHERE game_id = ?1 AND ply >= ?2",
                params![game_id, ply],
            )?;
            conn.execute(
                "UPDATE games SET finished = 0, declared_winner = NULL, declared_reason = NULL,
                    result_winner = NULL, result_reason = NULL, offer_kind = NULL, offer_from = NULL
                 WHERE id = ?1",
                params![game_id],
            )?;
        }
        Write::Declare {
            game_id,
            winner,
            reason,
        } => {
            conn.execute(
                "UPDATE games SET declared_winner = ?2, declared_reason = ?3, finished = 1,
                    result_winner = ?2, result_reason = ?3, offer_kind = NULL, offer_from = NULL
                 WHERE id = ?1",
                params![game_id, winner, reason],
            )?;
        }
        Write::Seats {
            game_id,
            white,
            black,
            invite,
        } => {
            conn.execute(
                "UPDATE games SET white_player = ?2, black_player = ?3, invite = ?4 WHERE id = ?1",
                params![game_id, white, black, invite],
            )?;
        }
        Write::Offer { game_id, offer } => {
            conn.execute(
                "UPDATE games SET offer_kind = ?2, offer_from = ?3 WHERE id = ?1",
                params![
                    game_id,
                    offer.as_ref().map(|o| &o.0),
                    offer.as_ref().map(|o| &o.1)
                ],
            )?;
        }
        Write::Delete { game_id } => {
            conn.execute("DELETE FROM moves WHERE game_id = ?1", params![game_id])?;
            conn.execute("DELETE FROM games WHERE id = ?1", params![game_id])?;
        }
    }
    Ok(())
}

const GAME_COLUMNS: &str = "id, created_at, client, variant, rules, options, mode, human, level,
    initial_ms, increment_ms, start_position, declared_winner, declared_reason, finished,
    white_player, black_player, invite";

fn game_from_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<StoredGame> {
    Ok(StoredGame {
        id: r.get(0)?,
        created_at: r.get(1)?,
        client: r.get(2)?,
        variant: r.get(3)?,
        rules: r.get(4)?,
        options: r.get(5)?,
        mode: r.get(6)?,
        human: r.get(7)?,
        level: r.get(8)?,
        initial_ms: r.get(9)?,
        increment_ms: r.get(10)?,
        start_position: r.get(11)?,
        declared_winner: r.get(12)?,
        declared_reason: r.get(13)?,
        finished: r.get(14)?,
        white_player: r.get(15)?,
        black_player: r.get(16)?,
        invite: r.get(17)?,
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
            let source: Option<String> = r.get(5)?;
            let depth: Option<u32> = r.get(6)?;
            Ok(StoredMove {
                ply: r.get(0)?,
                token: r.get(1)?,
                eval: pawns.map(|pawns| Eval {
                    pawns,
                    source: source.as_deref().and_then(EvalSource::from_id),
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
mod tests {
    use super::*;

    fn sample(id: &str) -> StoredGame {
        StoredGame {
            id: id.into(),
            created_at: 100,
            client: "127.0.0.1".into(),
            variant: "stacked".into(),
            rules: None,
            options: String::new(),
            mode: "computer".into(),
            human: Some("white".into()),
            level: Some("2".into()),
            initial_ms: Some(60_000),
            increment_ms: Some(1000),
            start_position: None,
            declared_winner: None,
            declared_reason: None,
            finished: false,
            white_player: Some("0123456789abcdef0123456789abcdef".into()),
            black_player: None,
            invite: None,
        }
    }

    fn mv(ply: u32, token: &str) -> StoredMove {
        StoredMove {
            ply,
            token: token.into(),
            eval: None,
            white_ms: Some(1),
            black_ms: Some(2),
        }
    }

    fn temp_store() -> (tempfile::TempDir, Store) {
        let dir = tempfile::tempdir().unwrap();
        let s = Store::open(&dir.path().join("db.sqlite")).unwrap();
        (dir, s)
    }

    #[test]
    fn games_and_moves_round_trip_and_truncate() {
        let (_dir, s) = temp_store();
        s.insert_game(&sample("a")).unwrap();
        s.append_move("a", &mv(0, "x"), None).unwrap();
        s.append_move("a", &mv(1, "y"), None).unwrap();
        let searched = Eval {
            pawns: 0.5,
            source: Some(EvalSource::Computer),
            depth: Some(7),
        };
        s.set_eval("a", 1, searched).unwrap();
        let (g, moves) = s.load_game("a").unwrap().unwrap();
        assert_eq!(g, sample("a"));
        assert_eq!(moves.len(), 2);
        assert_eq!(moves[1].eval, Some(searched));
        assert_eq!(moves[0].eval, None);
        // A move at an existing ply is refused: a stored move is never overwritten.
        assert!(s.append_move("a", &mv(1, "z"), None).is_err());
        s.truncate_moves("a", 1).unwrap();
        assert_eq!(s.load_game("a").unwrap().unwrap().1.len(), 1);
        assert!(s.load_game("b").unwrap().is_none());
        s.delete_game("a").unwrap();
        assert!(s.load_game("a").unwrap().is_none());
    }

    #[test]
    fn concurrent_writers_share_commits_and_keep_every_write() {
        let (_dir, s) = temp_store();
        let s = std::sync::Arc::new(s);
        for g in 0..8 {
            s.insert_game(&sample(&format!("g{g}"))).unwrap();
        }
        let threads: Vec<_> = (0..8)
            .map(|g| {
                let s = std::sync::Arc::clone(&s);
                std::thread::spawn(move || {
                    for ply in 0..20 {
                        s.append_move(&format!("g{g}"), &mv(ply, "t"), None)
                            .unwrap();
                    }
                    // A failing write (duplicate ply) fails alone.
                    assert!(s.append_move(&format!("g{g}"), &mv(3, "t"), None).is_err());
                })
            })
            .collect();
        for t in threads {
            t.join().unwrap();
        }
        for g in 0..8 {
            assert_eq!(s.load_game(&format!("g{g}")).unwrap().unwrap().1.len(), 20);
        }
    }

    #[test]
    fn finished_games_are_not_resumed() {
        let (_dir, s) = temp_store();
        s.insert_game(&sample("a")).unwrap();
        s.insert_game(&sample("b")).unwrap();
        s.declare_result("b", Some("black"), "resignation").unwrap();
        let open: Vec<String> = s
            .unfinished_games()
            .unwrap()
            .into_iter()
            .map(|(g, _)| g.id)
            .collect();
        assert_eq!(open, ["a"]);
        assert_eq!(s.creations_since("127.0.0.1", 50).unwrap().0, 2);
        assert_eq!(s.creations_since("127.0.0.1", 150).unwrap().0, 0);
    }

    #[test]
    fn deleting_a_game_does_not_refund_the_quota() {
        let (_dir, s) = temp_store();
        s.insert_game(&sample("a")).unwrap();
        s.insert_game(&StoredGame {
            created_at: 130,
            ..sample("b")
        })
        .unwrap();
        s.delete_game("a").unwrap();
        s.delete_game("b").unwrap();
        assert_eq!(s.creations_since("127.0.0.1", 50).unwrap(), (2, Some(100)));
        assert_eq!(s.creations_since("127.0.0.1", 120).unwrap(), (1, Some(130)));
        assert_eq!(s.creations_since("10.0.0.9", 0).unwrap(), (0, None));
    }

    #[test]
    fn the_quota_survives_an_upgrade_of_an_old_database() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("db.sqlite");
        {
            // A database of schema 1 with one game.
            let conn = Connection::open(&path).unwrap();
            conn.execute_batch(MIGRATIONS[0]).unwrap();
            conn.pragma_update(None, "user_version", 1).unwrap();
            let s = sample("old");
            conn.execute(
                "INSERT INTO games (id, created_at, client, variant, options, mode) VALUES (?1, ?2, ?3, ?4, '', 'local')",
                params![s.id, s.created_at, s.client, s.variant],
            )
            .unwrap();
        }
        let s = Store::open(&path).unwrap();
        assert_eq!(s.creations_since("127.0.0.1", 0).unwrap().0, 1);
    }

    #[test]
    fn old_games_get_unclaimed_seats_for_their_human_sides() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("db.sqlite");
        {
            let conn = Connection::open(&path).unwrap();
            conn.execute_batch(MIGRATIONS[0]).unwrap();
            conn.execute_batch(MIGRATIONS[1]).unwrap();
            conn.pragma_update(None, "user_version", 2).unwrap();
            for (id, mode, human) in [
                ("l", "local", Some("white")),
                ("w", "computer", None),
                ("b", "computer", Some("black")),
            ] {
                conn.execute(
                    "INSERT INTO games (id, created_at, client, variant, options, mode, human) VALUES (?1, 1, 'c', 'stacked', '', ?2, ?3)",
                    params![id, mode, human],
                )
                .unwrap();
            }
        }
        let s = Store::open(&path).unwrap();
        let seats = |id: &str| {
            let g = s.load_game(id).unwrap().unwrap().0;
            (g.white_player, g.black_player)
        };
        let star = || Some("*".to_string());
        assert_eq!(seats("l"), (star(), star()));
        assert_eq!(seats("w"), (star(), None));
        assert_eq!(seats("b"), (None, star()));
        s.set_seats("b", None, Some("ab".repeat(16)), None).unwrap();
        assert_eq!(seats("b"), (None, Some("ab".repeat(16))));
    }

    #[test]
    fn a_game_has_one_rematch_which_clears_its_offer_and_old_databases_take_it() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("db.sqlite");
        {
            // A database of schema 6 (before rematches were stored) with a finished
            // game whose rematch is offered.
            let conn = Connection::open(&path).unwrap();
            for sql in &MIGRATIONS[..6] {
                conn.execute_batch(sql).unwrap();
            }
            conn.pragma_update(None, "user_version", 6).unwrap();
            conn.execute(
                "INSERT INTO games (id, created_at, client, variant, options, mode, finished,
                    offer_kind, offer_from)
                 VALUES ('old', 1, 'c', 'stacked', '', 'online', 1, 'rematch', 'white')",
                [],
            )
            .unwrap();
        }
        let s = Store::open(&path).unwrap();
        assert_eq!(s.rematch_of("old").unwrap(), None);
        assert!(s.offer("old").unwrap().is_some());
        s.insert_rematch(&sample("new"), "old").unwrap();
        assert_eq!(s.rematch_of("old").unwrap().as_deref(), Some("new"));
        assert_eq!(s.offer("old").unwrap(), None, "accepted with the insert");
        // A second rematch of the same game is refused, and leaves nothing behind.
        assert!(s.insert_rematch(&sample("twice"), "old").is_err());
        assert!(s.load_game("twice").unwrap().is_none());
        assert_eq!(s.rematch_of("old").unwrap().as_deref(), Some("new"));
        // Games that are no rematch do not collide with each other.
        s.insert_game(&sample("a")).unwrap();
        s.insert_game(&sample("b")).unwrap();
        assert_eq!(s.rematch_of("a").unwrap(), None);
    }

    #[test]
    fn open_games_are_counted_per_player_and_per_address() {
        let (_dir, s) = temp_store();
        let p = "0123456789abcdef0123456789abcdef";
        s.insert_game(&sample("a")).unwrap();
        s.insert_game(&StoredGame {
            white_player: None,
            black_player: Some(p.into()),
            ..sample("b")
        })
        .unwrap();
        s.insert_game(&StoredGame {
            client: "10.0.0.1".into(),
            white_player: Some("f".repeat(32)),
            ..sample("c")
        })
        .unwrap();
        assert_eq!(s.open_games(p, "127.0.0.1").unwrap(), (2, 2));
        s.declare_result("a", None, "agreement").unwrap();
        assert_eq!(s.open_games(p, "127.0.0.1").unwrap(), (1, 1));
        assert_eq!(s.open_games(&"f".repeat(32), "10.0.0.1").unwrap(), (1, 1));
    }

    #[test]
    fn reopening_keeps_data_and_schema_version() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("db.sqlite");
        {
            let s = Store::open(&path).unwrap();
            s.insert_game(&sample("a")).unwrap();
        }
        let s = Store::open(&path).unwrap();
        assert!(s.load_game("a").unwrap().is_some());
        let v: i64 = s
            .reader()
            .pragma_query_value(None, "user_version", |r| r.get(0))
            .unwrap();
        assert_eq!(v, MIGRATIONS.len() as i64);
    }

    #[test]
    fn a_players_games_come_newest_first_page_by_page_with_their_results() {
        let (_dir, s) = temp_store();
        let p = "0123456789abcdef0123456789abcdef";
        for (i, id) in ["a", "b", "c", "d"].into_iter().enumerate() {
            s.insert_game(&StoredGame {
                created_at: 100 + i as i64 / 2,
                ..sample(id)
            })
            .unwrap();
        }
        s.insert_game(&StoredGame {
            white_player: Some("f".repeat(32)),
            ..sample("other")
        })
        .unwrap();
        s.append_move("a", &mv(0, "x"), None).unwrap();
        let mate = StoredResult {
            winner: Some("white"),
            reason: "checkmate",
        };
        s.append_move("a", &mv(1, "y"), Some(mate)).unwrap();
        s.declare_result("c", None, "aborted").unwrap();
        let ids = |page: &[GameSummary]| page.iter().map(|g| g.id.clone()).collect::<Vec<_>>();
        let first = s.player_games(p, None, 3).unwrap();
        assert_eq!(ids(&first), ["d", "c", "b"]);
        let last = first.last().unwrap();
        let second = s
            .player_games(p, Some((last.created_at, &last.id)), 3)
            .unwrap();
        assert_eq!(ids(&second), ["a"]);
        assert_eq!(second[0].moves, 2);
        assert_eq!(second[0].result_reason.as_deref(), Some("checkmate"));
        assert_eq!(second[0].result_winner.as_deref(), Some("white"));
        assert!(second[0].finished);
        assert_eq!(first[1].result_reason.as_deref(), Some("aborted"));
        assert_eq!(first[0].result_reason, None);
        // A take back reopens the game and forgets its result.
        s.truncate_moves("a", 1).unwrap();
        let a = s
            .player_games(p, Some((last.created_at, &last.id)), 3)
            .unwrap();
        assert_eq!((a[0].finished, a[0].result_reason.clone()), (false, None));
    }
}
