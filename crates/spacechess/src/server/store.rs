//! The SQLite store: one row per game, one row per move. A move is written (and the
//! transaction committed) before the server acknowledges it, so a crash never loses an
//! acknowledged move.

use rusqlite::{params, Connection, OptionalExtension};
use std::path::Path;
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
];

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
}

/// One stored move: its token, the evaluation after it, the clocks after it.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredMove {
    pub ply: u32,
    pub token: String,
    pub eval: Option<f64>,
    pub white_ms: Option<i64>,
    pub black_ms: Option<i64>,
}

/// The database behind a mutex: SQLite writes are serialised anyway, and each call is short.
pub struct Store {
    conn: Mutex<Connection>,
}

pub type StoreResult<T> = Result<T, rusqlite::Error>;

impl Store {
    /// Opens (creating if needed) the database file and brings its schema up to date.
    pub fn open(path: &Path) -> StoreResult<Store> {
        let conn = Connection::open(path)?;
        Store::init(conn)
    }

    /// An in-memory database (unit tests).
    #[cfg(test)]
    pub fn in_memory() -> StoreResult<Store> {
        Store::init(Connection::open_in_memory()?)
    }

    fn init(mut conn: Connection) -> StoreResult<Store> {
        // WAL lets readers run beside the writer; FULL makes every commit durable on
        // disk before the move is acknowledged.
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "FULL")?;
        conn.pragma_update(None, "foreign_keys", true)?;
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        let version: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0))?;
        let tx = conn.transaction()?;
        for (i, sql) in MIGRATIONS.iter().enumerate().skip(version.max(0) as usize) {
            tx.execute_batch(sql)?;
            tx.pragma_update(None, "user_version", (i + 1) as i64)?;
        }
        tx.commit()?;
        Ok(Store {
            conn: Mutex::new(conn),
        })
    }

    fn conn(&self) -> std::sync::MutexGuard<'_, Connection> {
        // A panic while holding the lock cannot leave SQLite inconsistent (transactions
        // roll back on drop), so a poisoned lock is still usable.
        self.conn.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub fn insert_game(&self, g: &StoredGame) -> StoreResult<()> {
        self.conn().execute(
            "INSERT INTO games (id, created_at, client, variant, rules, options, mode, human,
                level, initial_ms, increment_ms, start_position, declared_winner,
                declared_reason, finished)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)",
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
                g.finished
            ],
        )?;
        Ok(())
    }

    /// Appends a move (at `ply`, counted from 0) and updates the finished flag, in one
    /// transaction.
    pub fn append_move(&self, game_id: &str, m: &StoredMove, finished: bool) -> StoreResult<()> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        tx.execute(
            "INSERT INTO moves (game_id, ply, token, eval, white_ms, black_ms)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            params![game_id, m.ply, m.token, m.eval, m.white_ms, m.black_ms],
        )?;
        tx.execute(
            "UPDATE games SET finished = ?2 WHERE id = ?1",
            params![game_id, finished],
        )?;
        tx.commit()
    }

    /// Sets the evaluation of a stored move (known only after the move was stored).
    pub fn set_eval(&self, game_id: &str, ply: u32, eval: f64) -> StoreResult<()> {
        self.conn().execute(
            "UPDATE moves SET eval = ?3 WHERE game_id = ?1 AND ply = ?2",
            params![game_id, ply, eval],
        )?;
        Ok(())
    }

    /// Removes every move from `ply` on (a take back) and reopens the game.
    pub fn truncate_moves(&self, game_id: &str, ply: u32) -> StoreResult<()> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        tx.execute(
            "DELETE FROM moves WHERE game_id = ?1 AND ply >= ?2",
            params![game_id, ply],
        )?;
        tx.execute(
            "UPDATE games SET finished = 0, declared_winner = NULL, declared_reason = NULL
             WHERE id = ?1",
            params![game_id],
        )?;
        tx.commit()
    }

    /// Records a result declared outside the board (resignation, agreement, time).
    pub fn declare_result(
        &self,
        game_id: &str,
        winner: Option<&str>,
        reason: &str,
    ) -> StoreResult<()> {
        self.conn().execute(
            "UPDATE games SET declared_winner = ?2, declared_reason = ?3, finished = 1
             WHERE id = ?1",
            params![game_id, winner, reason],
        )?;
        Ok(())
    }

    /// Removes a game and its moves.
    pub fn delete_game(&self, game_id: &str) -> StoreResult<()> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        tx.execute("DELETE FROM moves WHERE game_id = ?1", params![game_id])?;
        tx.execute("DELETE FROM games WHERE id = ?1", params![game_id])?;
        tx.commit()
    }

    pub fn load_game(&self, id: &str) -> StoreResult<Option<(StoredGame, Vec<StoredMove>)>> {
        let conn = self.conn();
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

    /// Every game not yet finished, with its moves (for resuming after a restart).
    pub fn load_unfinished(&self) -> StoreResult<Vec<(StoredGame, Vec<StoredMove>)>> {
        let conn = self.conn();
        let mut stmt = conn.prepare(&format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE finished = 0 ORDER BY created_at"
        ))?;
        let games: Vec<StoredGame> = stmt
            .query_map([], game_from_row)?
            .collect::<StoreResult<_>>()?;
        let mut out = Vec::with_capacity(games.len());
        for g in games {
            let moves = load_moves(&conn, &g.id)?;
            out.push((g, moves));
        }
        Ok(out)
    }

    /// Games created by a client since a time (seconds since the epoch).
    pub fn games_created_since(&self, client: &str, since: i64) -> StoreResult<u32> {
        self.conn().query_row(
            "SELECT COUNT(*) FROM games WHERE client = ?1 AND created_at >= ?2",
            params![client, since],
            |r| r.get(0),
        )
    }
}

const GAME_COLUMNS: &str = "id, created_at, client, variant, rules, options, mode, human, level,
    initial_ms, increment_ms, start_position, declared_winner, declared_reason, finished";

fn game_from_row(r: &rusqlite::Row<'_>) -> StoreResult<StoredGame> {
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
    })
}

fn load_moves(conn: &Connection, id: &str) -> StoreResult<Vec<StoredMove>> {
    let mut stmt = conn.prepare(
        "SELECT ply, token, eval, white_ms, black_ms FROM moves WHERE game_id = ?1 ORDER BY ply",
    )?;
    let moves = stmt
        .query_map(params![id], |r| {
            Ok(StoredMove {
                ply: r.get(0)?,
                token: r.get(1)?,
                eval: r.get(2)?,
                white_ms: r.get(3)?,
                black_ms: r.get(4)?,
            })
        })?
        .collect::<StoreResult<_>>()?;
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

    #[test]
    fn games_and_moves_round_trip_and_truncate() {
        let s = Store::in_memory().unwrap();
        s.insert_game(&sample("a")).unwrap();
        s.append_move("a", &mv(0, "x"), false).unwrap();
        s.append_move("a", &mv(1, "y"), false).unwrap();
        s.set_eval("a", 1, 0.5).unwrap();
        let (g, moves) = s.load_game("a").unwrap().unwrap();
        assert_eq!(g, sample("a"));
        assert_eq!(moves.len(), 2);
        assert_eq!(moves[1].eval, Some(0.5));
        // A move at an existing ply is refused: a stored move is never overwritten.
        assert!(s.append_move("a", &mv(1, "z"), false).is_err());
        s.truncate_moves("a", 1).unwrap();
        assert_eq!(s.load_game("a").unwrap().unwrap().1.len(), 1);
        assert!(s.load_game("b").unwrap().is_none());
    }

    #[test]
    fn finished_games_are_not_resumed() {
        let s = Store::in_memory().unwrap();
        s.insert_game(&sample("a")).unwrap();
        s.insert_game(&sample("b")).unwrap();
        s.declare_result("b", Some("black"), "resignation").unwrap();
        let open: Vec<String> = s
            .load_unfinished()
            .unwrap()
            .into_iter()
            .map(|(g, _)| g.id)
            .collect();
        assert_eq!(open, ["a"]);
        assert_eq!(s.games_created_since("127.0.0.1", 50).unwrap(), 2);
        assert_eq!(s.games_created_since("127.0.0.1", 150).unwrap(), 0);
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
            .conn()
            .pragma_query_value(None, "user_version", |r| r.get(0))
            .unwrap();
        assert_eq!(v, MIGRATIONS.len() as i64);
    }
}
