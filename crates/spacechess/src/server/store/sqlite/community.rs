//! Names, accounts, ratings and the lobby in SQLite. Every write goes through the store's
//! one writer thread, so a write that reads before it writes (a name taken by another
//! player, a game rated before, a challenge taken, a quick seeker waiting) is atomic:
//! no other write runs between its read and its write. Reads use the reader connection.

use super::super::community::{
    name_key, rating_change, stored_rating, AccountRefusal, AccountRow, ChallengeRow,
    CommunityStore, LeaderRow, LiveGameRow, LoginFailures, NameRefusal, NameRow, PoolRating,
    RateGame, RatedGame, RatedResult, RatingPoint, Seek, CHALLENGES_KEPT_MS, CHALLENGE_COLUMNS,
    LIVE_GAME_COLUMNS, LOGIN_FAILURES_KEPT_MS,
};
use super::super::{StoreError, StoreResult};
use super::{required, Done, SqliteStore, Write};
use rating::Rating;
use rusqlite::{params, params_from_iter, Connection, OptionalExtension, Row};
use std::collections::HashMap;

/// Most ids one query names (the callers ask for at most 100).
const IDS_PER_QUERY: usize = 100;

/// A game to rate, owned (it travels to the writer thread).
#[derive(Clone, Debug)]
pub(super) struct GameToRate {
    game_id: String,
    pool: String,
    white: String,
    black: String,
    white_score: f64,
    at_ms: i64,
    rate: RateGame,
}

/// A write of this module, applied by the writer thread.
pub(super) enum CommunityWrite {
    SetName {
        player: String,
        name: String,
        now_ms: i64,
    },
    CreateAccount {
        player: String,
        password_hash: String,
        now_ms: i64,
        addr: String,
    },
    LoginFailure {
        name_key: String,
        addr: String,
        now_ms: i64,
    },
    ClearLoginFailures(String),
    CreateSession {
        token_hash: String,
        player: String,
        now_ms: i64,
        expires_ms: i64,
    },
    DeleteSession(String),
    DeleteSessionsOf(String),
    RateGame(GameToRate),
    Abort {
        player: String,
        game_id: String,
        now_ms: i64,
    },
    InsertChallenge(ChallengeRow),
    RenewChallenges {
        player: String,
        now_ms: i64,
        expires_at_ms: i64,
    },
    CancelChallenge {
        id: String,
        player: String,
    },
    CancelChallengesOf(String),
    TakeChallenge {
        id: String,
        now_ms: i64,
    },
    SetChallengeGame {
        id: String,
        game_id: String,
    },
    ReleaseChallenge(String),
    QuickMatch {
        row: ChallengeRow,
        now_ms: i64,
    },
}

/// What a write of this module did.
#[derive(Clone, Debug)]
pub(super) enum CommunityDone {
    Nothing,
    Changed(bool),
    Name(Result<NameRow, NameRefusal>),
    Account(Result<(), AccountRefusal>),
    Rated(Option<RatedResult>),
    Challenge(Option<ChallengeRow>),
}

/// Applies a write in the writer's transaction (its own savepoint: an error undoes it).
pub(super) fn apply(conn: &Connection, w: &CommunityWrite) -> StoreResult<CommunityDone> {
    use CommunityDone::{Changed, Nothing};
    match w {
        CommunityWrite::SetName {
            player,
            name,
            now_ms,
        } => set_name(conn, player, name, *now_ms).map(CommunityDone::Name),
        CommunityWrite::CreateAccount {
            player,
            password_hash,
            now_ms,
            addr,
        } => {
            let named: bool = conn.query_row(
                "SELECT EXISTS (SELECT 1 FROM player_names WHERE player = ?1)",
                params![player],
                |r| r.get(0),
            )?;
            if !named {
                return Ok(CommunityDone::Account(Err(AccountRefusal::NoName)));
            }
            let inserted = conn.execute(
                "INSERT OR IGNORE INTO accounts (player, password_hash, created_at_ms, created_addr)
                 VALUES (?1, ?2, ?3, ?4)",
                params![player, password_hash, now_ms, addr],
            )?;
            Ok(CommunityDone::Account(if inserted == 0 {
                Err(AccountRefusal::Exists)
            } else {
                Ok(())
            }))
        }
        CommunityWrite::LoginFailure {
            name_key,
            addr,
            now_ms,
        } => {
            conn.execute(
                "INSERT INTO login_failures (name_key, addr, at_ms) VALUES (?1, ?2, ?3)",
                params![name_key, addr, now_ms],
            )?;
            let old = now_ms - LOGIN_FAILURES_KEPT_MS;
            conn.execute(
                "DELETE FROM login_failures WHERE name_key = ?1 AND at_ms < ?2",
                params![name_key, old],
            )?;
            conn.execute(
                "DELETE FROM login_failures WHERE addr = ?1 AND at_ms < ?2",
                params![addr, old],
            )?;
            Ok(Nothing)
        }
        CommunityWrite::ClearLoginFailures(name_key) => {
            conn.execute(
                "DELETE FROM login_failures WHERE name_key = ?1",
                params![name_key],
            )?;
            Ok(Nothing)
        }
        CommunityWrite::CreateSession {
            token_hash,
            player,
            now_ms,
            expires_ms,
        } => {
            conn.execute(
                "INSERT INTO sessions (token_hash, player, created_at_ms, expires_at_ms)
                 VALUES (?1, ?2, ?3, ?4)",
                params![token_hash, player, now_ms, expires_ms],
            )?;
            // The player's expired sessions go with every new one.
            conn.execute(
                "DELETE FROM sessions WHERE player = ?1 AND expires_at_ms <= ?2",
                params![player, now_ms],
            )?;
            Ok(Nothing)
        }
        CommunityWrite::DeleteSession(token_hash) => {
            conn.execute(
                "DELETE FROM sessions WHERE token_hash = ?1",
                params![token_hash],
            )?;
            Ok(Nothing)
        }
        CommunityWrite::DeleteSessionsOf(player) => {
            conn.execute("DELETE FROM sessions WHERE player = ?1", params![player])?;
            Ok(Nothing)
        }
        CommunityWrite::RateGame(g) => rate_game(conn, g).map(CommunityDone::Rated),
        CommunityWrite::Abort {
            player,
            game_id,
            now_ms,
        } => {
            conn.execute(
                "INSERT OR IGNORE INTO aborts (player, game_id, at_ms) VALUES (?1, ?2, ?3)",
                params![player, game_id, now_ms],
            )?;
            Ok(Nothing)
        }
        CommunityWrite::InsertChallenge(c) => {
            conn.execute(
                "DELETE FROM challenges WHERE expires_at_ms < ?1",
                params![c.created_at_ms - CHALLENGES_KEPT_MS],
            )?;
            insert_challenge(conn, c)?;
            Ok(Nothing)
        }
        CommunityWrite::RenewChallenges {
            player,
            now_ms,
            expires_at_ms,
        } => {
            conn.execute(
                "UPDATE challenges SET expires_at_ms = ?3
                 WHERE creator = ?1 AND taken = 0 AND per_move = 0 AND expires_at_ms > ?2",
                params![player, now_ms, expires_at_ms],
            )?;
            Ok(Nothing)
        }
        CommunityWrite::CancelChallenge { id, player } => {
            let deleted = conn.execute(
                "DELETE FROM challenges WHERE id = ?1 AND creator = ?2 AND taken = 0",
                params![id, player],
            )?;
            Ok(Changed(deleted > 0))
        }
        CommunityWrite::CancelChallengesOf(player) => {
            conn.execute(
                "DELETE FROM challenges WHERE creator = ?1 AND taken = 0",
                params![player],
            )?;
            Ok(Nothing)
        }
        CommunityWrite::TakeChallenge { id, now_ms } => {
            let open = conn
                .query_row(
                    &format!(
                        "SELECT {CHALLENGE_COLUMNS} FROM challenges
                         WHERE id = ?1 AND taken = 0 AND expires_at_ms > ?2"
                    ),
                    params![id, now_ms],
                    challenge_from_row,
                )
                .optional()?;
            if let Some(c) = &open {
                take(conn, &c.id, *now_ms)?;
            }
            Ok(CommunityDone::Challenge(open))
        }
        CommunityWrite::SetChallengeGame { id, game_id } => {
            conn.execute(
                "UPDATE challenges SET game_id = ?2 WHERE id = ?1",
                params![id, game_id],
            )?;
            Ok(Nothing)
        }
        CommunityWrite::ReleaseChallenge(id) => {
            conn.execute(
                "UPDATE challenges SET taken = 0, taken_at_ms = NULL, game_id = NULL WHERE id = ?1",
                params![id],
            )?;
            Ok(Nothing)
        }
        CommunityWrite::QuickMatch { row, now_ms } => {
            let partner = conn
                .query_row(
                    &format!(
                        "SELECT {CHALLENGE_COLUMNS} FROM challenges
                         WHERE quick = 1 AND taken = 0 AND expires_at_ms > ?1
                           AND creator <> ?2 AND variant = ?3 AND rules IS ?4
                           AND initial_ms = ?5 AND increment_ms = ?6 AND per_move = ?7
                           AND rated = ?8
                         ORDER BY created_at_ms, id LIMIT 1"
                    ),
                    params![
                        now_ms,
                        row.creator,
                        row.variant,
                        row.rules,
                        row.initial_ms,
                        row.increment_ms,
                        row.per_move,
                        row.rated
                    ],
                    challenge_from_row,
                )
                .optional()?;
            match &partner {
                Some(c) => take(conn, &c.id, *now_ms)?,
                None => insert_challenge(conn, row)?,
            }
            Ok(CommunityDone::Challenge(partner))
        }
    }
}

fn name_row(conn: &Connection, player: &str) -> StoreResult<Option<NameRow>> {
    Ok(conn
        .query_row(
            "SELECT player, name, changed_at_ms, changes FROM player_names WHERE player = ?1",
            params![player],
            |r| {
                Ok(NameRow {
                    player: r.get(0)?,
                    name: r.get(1)?,
                    changed_at_ms: r.get(2)?,
                    changes: r.get(3)?,
                })
            },
        )
        .optional()?)
}

/// Sets a name under the writer: nobody else can take it between the check and the
/// write (and the unique index would refuse it anyway).
fn set_name(
    conn: &Connection,
    player: &str,
    name: &str,
    now_ms: i64,
) -> StoreResult<Result<NameRow, NameRefusal>> {
    let key = name_key(name);
    let holder: Option<String> = conn
        .query_row(
            "SELECT player FROM player_names WHERE name_key = ?1",
            params![key],
            |r| r.get(0),
        )
        .optional()?;
    if holder.is_some_and(|h| h != player) {
        return Ok(Err(NameRefusal::Taken));
    }
    let changed = conn.execute(
        "UPDATE player_names SET name = ?2, name_key = ?3, changed_at_ms = ?4,
            changes = changes + 1
         WHERE player = ?1",
        params![player, name, key, now_ms],
    )?;
    if changed == 0 {
        conn.execute(
            "INSERT INTO player_names (player, name, name_key, changed_at_ms, changes)
             VALUES (?1, ?2, ?3, ?4, 0)",
            params![player, name, key, now_ms],
        )?;
    }
    name_row(conn, player)?
        .map(Ok)
        .ok_or_else(|| StoreError::Failed(format!("the name of {player} was not stored")))
}

/// A player's rating in a pool as the writer reads it: the rating (the default when
/// absent), the end of their last rated game (`None`: none yet), their games.
fn rating_for_game(
    conn: &Connection,
    player: &str,
    pool: &str,
) -> StoreResult<(Rating, Option<i64>)> {
    let row: Option<(f64, f64, f64, u32, i64)> = conn
        .query_row(
            "SELECT rating, deviation, volatility, games, updated_at_ms FROM player_ratings
             WHERE player = ?1 AND pool = ?2",
            params![player, pool],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)),
        )
        .optional()?;
    match row {
        None => Ok((Rating::default(), None)),
        Some((r, d, v, games, at)) => Ok((stored_rating(r, d, v)?, (games > 0).then_some(at))),
    }
}

/// Rates a game under the writer: the key of `rated_games` lets it through once, and
/// nothing else writes between the reads of both ratings and their writes.
fn rate_game(conn: &Connection, g: &GameToRate) -> StoreResult<Option<RatedResult>> {
    if g.white == g.black {
        return Err(StoreError::Failed(format!(
            "game {} cannot be rated: {} holds both seats",
            g.game_id, g.white
        )));
    }
    let inserted = conn.execute(
        "INSERT OR IGNORE INTO rated_games (game_id, pool, at_ms, white, black)
         VALUES (?1, ?2, ?3, ?4, ?5)",
        params![g.game_id, g.pool, g.at_ms, g.white, g.black],
    )?;
    if inserted == 0 {
        return Ok(None);
    }
    let (white_before, white_last) = rating_for_game(conn, &g.white, &g.pool)?;
    let (black_before, black_last) = rating_for_game(conn, &g.black, &g.pool)?;
    let (white, black) = (g.rate)(
        white_before,
        black_before,
        g.white_score,
        g.at_ms,
        white_last,
        black_last,
    );
    for (player, before, after) in [
        (&g.white, white_before, white),
        (&g.black, black_before, black),
    ] {
        conn.execute(
            "INSERT INTO player_ratings
                (player, pool, rating, deviation, volatility, games, updated_at_ms)
             VALUES (?1, ?2, ?3, ?4, ?5, 1, ?6)
             ON CONFLICT (player, pool) DO UPDATE SET
                rating = excluded.rating, deviation = excluded.deviation,
                volatility = excluded.volatility, games = games + 1,
                updated_at_ms = excluded.updated_at_ms",
            params![
                player,
                g.pool,
                after.rating,
                after.deviation,
                after.volatility,
                g.at_ms
            ],
        )?;
        conn.execute(
            "INSERT INTO rating_history (player, pool, game_id, at_ms, rating, deviation, change)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            params![
                player,
                g.pool,
                g.game_id,
                g.at_ms,
                after.rating,
                after.deviation,
                after.rating - before.rating
            ],
        )?;
    }
    conn.execute(
        "UPDATE rated_games SET white_change = ?2, black_change = ?3 WHERE game_id = ?1",
        params![
            g.game_id,
            rating_change(white_before.rating, white.rating),
            rating_change(black_before.rating, black.rating)
        ],
    )?;
    Ok(Some(RatedResult {
        white_before,
        white,
        black_before,
        black,
    }))
}

fn insert_challenge(conn: &Connection, c: &ChallengeRow) -> StoreResult<()> {
    conn.execute(
        "INSERT INTO challenges (id, creator, addr, created_at_ms, expires_at_ms, variant, rules,
            initial_ms, increment_ms, per_move, rated, seek, min_rating, max_rating, quick)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)",
        params![
            c.id,
            c.creator,
            c.addr,
            c.created_at_ms,
            c.expires_at_ms,
            c.variant,
            c.rules,
            c.initial_ms,
            c.increment_ms,
            c.per_move,
            c.rated,
            c.seek.id(),
            c.min_rating,
            c.max_rating,
            c.quick
        ],
    )?;
    Ok(())
}

fn take(conn: &Connection, id: &str, now_ms: i64) -> StoreResult<()> {
    conn.execute(
        "UPDATE challenges SET taken = 1, taken_at_ms = ?2 WHERE id = ?1",
        params![id, now_ms],
    )?;
    Ok(())
}

fn challenge_from_row(r: &Row<'_>) -> rusqlite::Result<ChallengeRow> {
    Ok(ChallengeRow {
        id: r.get(0)?,
        creator: r.get(1)?,
        addr: r.get(2)?,
        created_at_ms: r.get(3)?,
        expires_at_ms: r.get(4)?,
        variant: r.get(5)?,
        rules: r.get(6)?,
        initial_ms: r.get(7)?,
        increment_ms: r.get(8)?,
        per_move: r.get(9)?,
        rated: r.get(10)?,
        seek: required(r, 11, Seek::from_id)?,
        min_rating: r.get(12)?,
        max_rating: r.get(13)?,
        quick: r.get(14)?,
        game_id: r.get(15)?,
    })
}

/// `?first, ?first+1, …` for `n` ids.
fn placeholders(first: usize, n: usize) -> String {
    (first..first + n)
        .map(|i| format!("?{i}"))
        .collect::<Vec<_>>()
        .join(", ")
}

impl SqliteStore {
    /// Queues a write of this module and waits until it is committed (or failed).
    fn community(&self, w: CommunityWrite) -> StoreResult<CommunityDone> {
        match self.write_done(Write::Community(Box::new(w)))? {
            Done::Community(done) => Ok(done),
            other => Err(StoreError::Failed(format!(
                "a community write answered {other:?}"
            ))),
        }
    }

    fn community_nothing(&self, w: CommunityWrite) -> StoreResult<()> {
        match self.community(w)? {
            CommunityDone::Nothing => Ok(()),
            other => Err(unexpected(other)),
        }
    }

    fn challenges(
        &self,
        filter: &str,
        params: impl rusqlite::Params,
    ) -> StoreResult<Vec<ChallengeRow>> {
        let conn = self.reader();
        let mut stmt = conn.prepare(&format!(
            "SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE {filter}"
        ))?;
        let rows = stmt
            .query_map(params, challenge_from_row)?
            .collect::<Result<_, _>>()?;
        Ok(rows)
    }
}

fn unexpected(done: CommunityDone) -> StoreError {
    StoreError::Failed(format!("a community write answered {done:?}"))
}

/// A rating row as read, before its rating is checked: pool, (rating, deviation,
/// volatility), games, updated_at_ms.
type RatingColumns = (String, (f64, f64, f64), u32, i64);

fn pool_rating(r: &Row<'_>) -> rusqlite::Result<RatingColumns> {
    Ok((
        r.get(0)?,
        (r.get(1)?, r.get(2)?, r.get(3)?),
        r.get(4)?,
        r.get(5)?,
    ))
}

fn checked(row: RatingColumns) -> StoreResult<PoolRating> {
    let (pool, (r, d, v), games, updated_at_ms) = row;
    Ok(PoolRating {
        pool,
        rating: stored_rating(r, d, v)?,
        games,
        updated_at_ms,
    })
}

impl CommunityStore for SqliteStore {
    fn name_of(&self, player: &str) -> StoreResult<Option<NameRow>> {
        name_row(&self.reader(), player)
    }

    fn names_of(&self, players: &[&str]) -> StoreResult<HashMap<String, String>> {
        let conn = self.reader();
        let mut names = HashMap::new();
        for chunk in players.chunks(IDS_PER_QUERY) {
            let mut stmt = conn.prepare(&format!(
                "SELECT player, name FROM player_names WHERE player IN ({})",
                placeholders(1, chunk.len())
            ))?;
            let rows = stmt.query_map(params_from_iter(chunk), |r| {
                Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?))
            })?;
            for row in rows {
                let (player, name) = row?;
                names.insert(player, name);
            }
        }
        Ok(names)
    }

    fn player_of_name(&self, name: &str) -> StoreResult<Option<String>> {
        Ok(self
            .reader()
            .query_row(
                "SELECT player FROM player_names WHERE name_key = ?1",
                params![name_key(name)],
                |r| r.get(0),
            )
            .optional()?)
    }

    fn set_name(
        &self,
        player: &str,
        name: &str,
        now_ms: i64,
    ) -> StoreResult<Result<NameRow, NameRefusal>> {
        match self.community(CommunityWrite::SetName {
            player: player.into(),
            name: name.into(),
            now_ms,
        })? {
            CommunityDone::Name(set) => Ok(set),
            other => Err(unexpected(other)),
        }
    }

    fn create_account(
        &self,
        player: &str,
        password_hash: &str,
        now_ms: i64,
        addr: &str,
    ) -> StoreResult<Result<(), AccountRefusal>> {
        match self.community(CommunityWrite::CreateAccount {
            player: player.into(),
            password_hash: password_hash.into(),
            now_ms,
            addr: addr.into(),
        })? {
            CommunityDone::Account(made) => Ok(made),
            other => Err(unexpected(other)),
        }
    }

    fn account_by_name(&self, name: &str) -> StoreResult<Option<AccountRow>> {
        Ok(self
            .reader()
            .query_row(
                "SELECT a.player, n.name, a.password_hash, a.created_at_ms
                 FROM player_names n JOIN accounts a ON a.player = n.player
                 WHERE n.name_key = ?1",
                params![name_key(name)],
                |r| {
                    Ok(AccountRow {
                        player: r.get(0)?,
                        name: r.get(1)?,
                        password_hash: r.get(2)?,
                        created_at_ms: r.get(3)?,
                    })
                },
            )
            .optional()?)
    }

    fn has_account(&self, player: &str) -> StoreResult<bool> {
        Ok(self.count(
            "SELECT COUNT(*) FROM accounts WHERE player = ?1",
            params![player],
        )? > 0)
    }

    fn accounts_created_since(&self, addr: &str, since_ms: i64) -> StoreResult<u32> {
        self.count(
            "SELECT COUNT(*) FROM accounts WHERE created_addr = ?1 AND created_at_ms >= ?2",
            params![addr, since_ms],
        )
    }

    fn record_login_failure(&self, name_key: &str, addr: &str, now_ms: i64) -> StoreResult<()> {
        self.community_nothing(CommunityWrite::LoginFailure {
            name_key: name_key.into(),
            addr: addr.into(),
            now_ms,
        })
    }

    fn login_failures_since(
        &self,
        name_key: &str,
        addr: &str,
        since_ms: i64,
    ) -> StoreResult<LoginFailures> {
        let conn = self.reader();
        let (by_name, oldest_by_name) = conn.query_row(
            "SELECT COUNT(*), MIN(at_ms) FROM login_failures WHERE name_key = ?1 AND at_ms >= ?2",
            params![name_key, since_ms],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )?;
        let (by_addr, oldest_by_addr) = conn.query_row(
            "SELECT COUNT(*), MIN(at_ms) FROM login_failures WHERE addr = ?1 AND at_ms >= ?2",
            params![addr, since_ms],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )?;
        let (by_name_here, oldest_by_name_here) = conn.query_row(
            "SELECT COUNT(*), MIN(at_ms) FROM login_failures
             WHERE name_key = ?1 AND addr = ?2 AND at_ms >= ?3",
            params![name_key, addr, since_ms],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )?;
        Ok(LoginFailures {
            by_name,
            by_addr,
            by_name_here,
            oldest_by_name,
            oldest_by_addr,
            oldest_by_name_here,
        })
    }

    fn clear_login_failures(&self, name_key: &str) -> StoreResult<()> {
        self.community_nothing(CommunityWrite::ClearLoginFailures(name_key.into()))
    }

    fn create_session(
        &self,
        token_hash: &str,
        player: &str,
        now_ms: i64,
        expires_ms: i64,
    ) -> StoreResult<()> {
        self.community_nothing(CommunityWrite::CreateSession {
            token_hash: token_hash.into(),
            player: player.into(),
            now_ms,
            expires_ms,
        })
    }

    fn session_player(&self, token_hash: &str, now_ms: i64) -> StoreResult<Option<String>> {
        Ok(self
            .reader()
            .query_row(
                "SELECT player FROM sessions WHERE token_hash = ?1 AND expires_at_ms > ?2",
                params![token_hash, now_ms],
                |r| r.get(0),
            )
            .optional()?)
    }

    fn delete_session(&self, token_hash: &str) -> StoreResult<()> {
        self.community_nothing(CommunityWrite::DeleteSession(token_hash.into()))
    }

    fn delete_sessions_of(&self, player: &str) -> StoreResult<()> {
        self.community_nothing(CommunityWrite::DeleteSessionsOf(player.into()))
    }

    fn ratings_of(&self, player: &str) -> StoreResult<Vec<PoolRating>> {
        let conn = self.reader();
        let mut stmt = conn.prepare(
            "SELECT pool, rating, deviation, volatility, games, updated_at_ms
             FROM player_ratings WHERE player = ?1 ORDER BY pool",
        )?;
        let rows = stmt
            .query_map(params![player], pool_rating)?
            .collect::<Result<Vec<_>, _>>()?;
        rows.into_iter().map(checked).collect()
    }

    fn ratings_of_players(
        &self,
        players: &[&str],
        pool: &str,
    ) -> StoreResult<HashMap<String, PoolRating>> {
        let conn = self.reader();
        let mut ratings = HashMap::new();
        for chunk in players.chunks(IDS_PER_QUERY) {
            let mut stmt = conn.prepare(&format!(
                "SELECT pool, rating, deviation, volatility, games, updated_at_ms, player
                 FROM player_ratings WHERE pool = ?1 AND player IN ({})",
                placeholders(2, chunk.len())
            ))?;
            let values = std::iter::once(&pool).chain(chunk);
            let rows = stmt
                .query_map(params_from_iter(values), |r| {
                    Ok((r.get::<_, String>(6)?, pool_rating(r)?))
                })?
                .collect::<Result<Vec<_>, _>>()?;
            for (player, row) in rows {
                ratings.insert(player, checked(row)?);
            }
        }
        Ok(ratings)
    }

    fn rate_game(&self, game: &RatedGame<'_>) -> StoreResult<Option<RatedResult>> {
        let g = GameToRate {
            game_id: game.game_id.into(),
            pool: game.pool.into(),
            white: game.white.into(),
            black: game.black.into(),
            white_score: game.white_score,
            at_ms: game.at_ms,
            rate: game.rate,
        };
        match self.community(CommunityWrite::RateGame(g))? {
            CommunityDone::Rated(result) => Ok(result),
            other => Err(unexpected(other)),
        }
    }

    fn rating_history(
        &self,
        player: &str,
        pool: Option<&str>,
        limit: u32,
    ) -> StoreResult<Vec<RatingPoint>> {
        let conn = self.reader();
        let mut stmt = conn.prepare(
            "SELECT pool, game_id, at_ms, rating, deviation FROM rating_history
             WHERE player = ?1 AND (?2 IS NULL OR pool = ?2)
             ORDER BY at_ms DESC, game_id DESC LIMIT ?3",
        )?;
        let mut points = stmt
            .query_map(params![player, pool, limit], |r| {
                Ok(RatingPoint {
                    pool: r.get(0)?,
                    game_id: r.get(1)?,
                    at_ms: r.get(2)?,
                    rating: r.get(3)?,
                    deviation: r.get(4)?,
                })
            })?
            .collect::<Result<Vec<_>, _>>()?;
        points.reverse();
        Ok(points)
    }

    fn leaderboard(
        &self,
        pool: &str,
        limit: u32,
        max_deviation: f64,
    ) -> StoreResult<Vec<LeaderRow>> {
        let conn = self.reader();
        let mut stmt = conn.prepare(
            "SELECT n.name, r.rating, r.deviation, r.volatility, r.games
             FROM player_ratings r JOIN player_names n ON n.player = r.player
             WHERE r.pool = ?1 AND r.deviation <= ?2
             ORDER BY r.rating DESC, n.name_key LIMIT ?3",
        )?;
        let rows = stmt
            .query_map(params![pool, max_deviation, limit], |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    (r.get(1)?, r.get(2)?, r.get(3)?),
                    r.get::<_, u32>(4)?,
                ))
            })?
            .collect::<Result<Vec<_>, _>>()?;
        rows.into_iter()
            .map(|(name, (r, d, v), games)| {
                Ok(LeaderRow {
                    name,
                    rating: stored_rating(r, d, v)?,
                    games,
                })
            })
            .collect()
    }

    fn rated_result(&self, game_id: &str) -> StoreResult<Option<(i32, i32)>> {
        let row: Option<(Option<i32>, Option<i32>)> = self
            .reader()
            .query_row(
                "SELECT white_change, black_change FROM rated_games WHERE game_id = ?1",
                params![game_id],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()?;
        Ok(row.and_then(|(w, b)| w.zip(b)))
    }

    fn record_abort(&self, player: &str, game_id: &str, now_ms: i64) -> StoreResult<()> {
        self.community_nothing(CommunityWrite::Abort {
            player: player.into(),
            game_id: game_id.into(),
            now_ms,
        })
    }

    fn aborts_since(&self, player: &str, since_ms: i64) -> StoreResult<(u32, Option<i64>)> {
        Ok(self.reader().query_row(
            "SELECT COUNT(*), MIN(at_ms) FROM aborts WHERE player = ?1 AND at_ms >= ?2",
            params![player, since_ms],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )?)
    }

    fn insert_challenge(&self, c: &ChallengeRow) -> StoreResult<()> {
        self.community_nothing(CommunityWrite::InsertChallenge(c.clone()))
    }

    fn open_challenges(&self, now_ms: i64, limit: u32) -> StoreResult<Vec<ChallengeRow>> {
        self.challenges(
            "taken = 0 AND expires_at_ms > ?1 ORDER BY created_at_ms, id LIMIT ?2",
            params![now_ms, limit],
        )
    }

    fn challenges_of(&self, player: &str, now_ms: i64) -> StoreResult<Vec<ChallengeRow>> {
        self.challenges(
            "creator = ?1 AND taken = 0 AND expires_at_ms > ?2 ORDER BY created_at_ms, id",
            params![player, now_ms],
        )
    }

    fn challenges_from_addr(&self, addr: &str, now_ms: i64) -> StoreResult<u32> {
        self.count(
            "SELECT COUNT(*) FROM challenges WHERE addr = ?1 AND taken = 0 AND expires_at_ms > ?2",
            params![addr, now_ms],
        )
    }

    fn renew_challenges(&self, player: &str, now_ms: i64, expires_at_ms: i64) -> StoreResult<()> {
        self.community_nothing(CommunityWrite::RenewChallenges {
            player: player.into(),
            now_ms,
            expires_at_ms,
        })
    }

    fn cancel_challenge(&self, id: &str, player: &str) -> StoreResult<bool> {
        match self.community(CommunityWrite::CancelChallenge {
            id: id.into(),
            player: player.into(),
        })? {
            CommunityDone::Changed(deleted) => Ok(deleted),
            other => Err(unexpected(other)),
        }
    }

    fn cancel_challenges_of(&self, player: &str) -> StoreResult<()> {
        self.community_nothing(CommunityWrite::CancelChallengesOf(player.into()))
    }

    fn take_challenge(&self, id: &str, now_ms: i64) -> StoreResult<Option<ChallengeRow>> {
        match self.community(CommunityWrite::TakeChallenge {
            id: id.into(),
            now_ms,
        })? {
            CommunityDone::Challenge(taken) => Ok(taken),
            other => Err(unexpected(other)),
        }
    }

    fn set_challenge_game(&self, id: &str, game_id: &str) -> StoreResult<()> {
        self.community_nothing(CommunityWrite::SetChallengeGame {
            id: id.into(),
            game_id: game_id.into(),
        })
    }

    fn release_challenge(&self, id: &str) -> StoreResult<()> {
        self.community_nothing(CommunityWrite::ReleaseChallenge(id.into()))
    }

    fn accepted_challenge_of(&self, player: &str, since_ms: i64) -> StoreResult<Option<String>> {
        Ok(self
            .reader()
            .query_row(
                "SELECT game_id FROM challenges
                 WHERE creator = ?1 AND taken = 1 AND game_id IS NOT NULL AND taken_at_ms >= ?2
                 ORDER BY taken_at_ms DESC, id DESC LIMIT 1",
                params![player, since_ms],
                |r| r.get(0),
            )
            .optional()?)
    }

    fn quick_match(&self, row: &ChallengeRow, now_ms: i64) -> StoreResult<Option<ChallengeRow>> {
        match self.community(CommunityWrite::QuickMatch {
            row: row.clone(),
            now_ms,
        })? {
            CommunityDone::Challenge(partner) => Ok(partner),
            other => Err(unexpected(other)),
        }
    }

    fn live_games(&self, limit: u32) -> StoreResult<Vec<LiveGameRow>> {
        let conn = self.reader();
        let mut stmt = conn.prepare(&format!(
            "SELECT {LIVE_GAME_COLUMNS}, (SELECT COUNT(*) FROM moves WHERE game_id = games.id)
             FROM games
             WHERE mode = 'online' AND finished = 0
               AND white_player IS NOT NULL AND black_player IS NOT NULL
             ORDER BY created_at DESC, id DESC LIMIT ?1"
        ))?;
        let games = stmt
            .query_map(params![limit], |r| {
                Ok(LiveGameRow {
                    id: r.get(0)?,
                    variant: r.get(1)?,
                    rules: r.get(2)?,
                    options: r.get(3)?,
                    initial_ms: r.get(4)?,
                    increment_ms: r.get(5)?,
                    per_move: r.get(6)?,
                    rated: r.get(7)?,
                    white_player: r.get(8)?,
                    black_player: r.get(9)?,
                    created_at_ms: r.get::<_, i64>(10)?.saturating_mul(1000),
                    moves: r.get(11)?,
                })
            })?
            .collect::<Result<_, _>>()?;
        Ok(games)
    }
}
