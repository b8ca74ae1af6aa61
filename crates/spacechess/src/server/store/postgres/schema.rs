//! The PostgreSQL schema: an ordered list of migrations, each applied once, recorded in
//! `schema_migrations`. Instances that start together migrate under one advisory lock,
//! held by the migrating transaction, so the schema is applied once and a second
//! instance waits for it, then finds nothing left to do.

use super::super::{StoreError, StoreResult};
use deadpool_postgres::tokio_postgres::Client;

/// The advisory lock key every instance takes before migrating ("spacechs" in ASCII):
/// any fixed number works, so long as nothing else in the database takes it.
const MIGRATION_LOCK: i64 = 0x7370_6163_6563_6873;

/// Schema versions, applied in order; `schema_migrations` holds one row per version run.
/// The SQLite store's schema (its first eight versions) as one, in PostgreSQL's types:
/// ids and keys compared byte-wise (`COLLATE "C"`, as SQLite compares them), so that the
/// pages of a player's games come in the same order from either store; then the puzzles.
pub(super) const MIGRATIONS: &[&str] = &[
    // 1: games, moves, and game creations (the hourly quota: deleting a game does not
    // refund it).
    r#"CREATE TABLE games (
        id TEXT COLLATE "C" PRIMARY KEY,
        version BIGINT NOT NULL DEFAULT 0 CHECK (version >= 0),
        created_at BIGINT NOT NULL,
        client TEXT NOT NULL,
        variant TEXT NOT NULL,
        rules TEXT,
        options TEXT NOT NULL,
        mode TEXT NOT NULL,
        human TEXT CHECK (human IN ('white', 'black')),
        level TEXT,
        initial_ms BIGINT,
        increment_ms BIGINT,
        start_position TEXT,
        declared_winner TEXT CHECK (declared_winner IN ('white', 'black')),
        declared_reason TEXT,
        result_winner TEXT CHECK (result_winner IN ('white', 'black')),
        result_reason TEXT,
        finished BOOLEAN NOT NULL DEFAULT FALSE,
        white_player TEXT,
        black_player TEXT,
        invite TEXT UNIQUE,
        offer_kind TEXT,
        offer_from TEXT CHECK (offer_from IN ('white', 'black')),
        -- One rematch per game: the unique key refuses a second.
        rematch_of TEXT COLLATE "C" UNIQUE
    );
    -- Plies are contiguous from 0 (the store checks each append); the key refuses a
    -- ply stored twice.
    CREATE TABLE moves (
        game_id TEXT COLLATE "C" NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        ply INTEGER NOT NULL CHECK (ply >= 0),
        token TEXT NOT NULL,
        eval DOUBLE PRECISION,
        eval_source TEXT,
        eval_depth BIGINT CHECK (eval_depth >= 0),
        white_ms BIGINT,
        black_ms BIGINT,
        PRIMARY KEY (game_id, ply)
    );
    CREATE TABLE creations (
        client TEXT NOT NULL,
        created_at BIGINT NOT NULL
    );
    CREATE INDEX creations_by_client ON creations (client, created_at);
    CREATE INDEX games_unfinished ON games (created_at, id) WHERE NOT finished;
    CREATE INDEX games_white_recent ON games (white_player, created_at, id);
    CREATE INDEX games_black_recent ON games (black_player, created_at, id);
    CREATE INDEX games_by_client ON games (client) WHERE NOT finished;"#,
    // 2: several instances over one database. A game's lease names the instance that
    // runs its clock and its computer until a time (every change takes it; the holder
    // renews it; an expired one is swept up by another instance), the time its current
    // turn began by the database's clock, and each instance's live sockets per game and
    // player (presence: a player is gone only when gone from every instance).
    r#"ALTER TABLE games ADD COLUMN turn_started_ms BIGINT;
    ALTER TABLE games ADD COLUMN lease_holder TEXT;
    ALTER TABLE games ADD COLUMN lease_until TIMESTAMPTZ NOT NULL DEFAULT '-infinity';
    CREATE INDEX games_lease ON games (lease_until) WHERE NOT finished;
    CREATE TABLE presence (
        game_id TEXT COLLATE "C" NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        player TEXT NOT NULL,
        instance TEXT NOT NULL,
        live BOOLEAN NOT NULL,
        seen_at TIMESTAMPTZ NOT NULL,
        PRIMARY KEY (game_id, player, instance)
    );"#,
    // 3: puzzles (store/puzzles.rs): each puzzle's rating on this host, each player's
    // rating per set, and each player's attempts, one per puzzle (the key refuses a
    // second, so that only the first is rated, however many instances race).
    r#"CREATE TABLE puzzle_ratings (
        puzzle_id TEXT COLLATE "C" PRIMARY KEY,
        set_id TEXT COLLATE "C" NOT NULL,
        rating DOUBLE PRECISION NOT NULL,
        deviation DOUBLE PRECISION NOT NULL,
        volatility DOUBLE PRECISION NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0)
    );
    CREATE INDEX puzzle_ratings_by_set ON puzzle_ratings (set_id);
    CREATE TABLE player_puzzle_ratings (
        player TEXT NOT NULL,
        set_id TEXT COLLATE "C" NOT NULL,
        rating DOUBLE PRECISION NOT NULL,
        deviation DOUBLE PRECISION NOT NULL,
        volatility DOUBLE PRECISION NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
        solved INTEGER NOT NULL DEFAULT 0 CHECK (solved >= 0),
        PRIMARY KEY (player, set_id)
    );
    CREATE TABLE puzzle_attempts (
        player TEXT NOT NULL,
        puzzle_id TEXT COLLATE "C" NOT NULL,
        set_id TEXT COLLATE "C" NOT NULL,
        solved BOOLEAN NOT NULL,
        rated BOOLEAN NOT NULL,
        rating_after DOUBLE PRECISION NOT NULL,
        at_ms BIGINT NOT NULL,
        PRIMARY KEY (player, puzzle_id)
    );
    CREATE INDEX puzzle_attempts_by_set ON puzzle_attempts (player, set_id);
    CREATE INDEX puzzle_attempts_recent ON puzzle_attempts (player, at_ms);"#,
    // 4: players among strangers (store/community.rs): display names (unique without
    // regard to case: `name_key` is the name in lower case), accounts, their sessions
    // and failed logins, ratings per pool with their history and the games rated (the
    // key rates a game once, however many instances race), aborts, the lobby's
    // challenges; and the games' rated and correspondence flags.
    r#"CREATE TABLE player_names (
        player TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        name_key TEXT COLLATE "C" NOT NULL UNIQUE,
        changed_at_ms BIGINT NOT NULL,
        changes INTEGER NOT NULL DEFAULT 0 CHECK (changes >= 0)
    );
    CREATE TABLE accounts (
        player TEXT PRIMARY KEY,
        password_hash TEXT NOT NULL,
        created_at_ms BIGINT NOT NULL,
        created_addr TEXT NOT NULL
    );
    CREATE INDEX accounts_by_addr ON accounts (created_addr, created_at_ms);
    CREATE TABLE sessions (
        token_hash TEXT COLLATE "C" PRIMARY KEY,
        player TEXT NOT NULL,
        created_at_ms BIGINT NOT NULL,
        expires_at_ms BIGINT NOT NULL
    );
    CREATE INDEX sessions_by_player ON sessions (player);
    CREATE TABLE login_failures (
        name_key TEXT COLLATE "C" NOT NULL,
        addr TEXT NOT NULL,
        at_ms BIGINT NOT NULL
    );
    CREATE INDEX login_failures_by_name ON login_failures (name_key, at_ms);
    CREATE INDEX login_failures_by_addr ON login_failures (addr, at_ms);
    CREATE TABLE player_ratings (
        player TEXT NOT NULL,
        pool TEXT COLLATE "C" NOT NULL,
        rating DOUBLE PRECISION NOT NULL,
        deviation DOUBLE PRECISION NOT NULL,
        volatility DOUBLE PRECISION NOT NULL,
        games INTEGER NOT NULL DEFAULT 0 CHECK (games >= 0),
        updated_at_ms BIGINT NOT NULL,
        PRIMARY KEY (player, pool)
    );
    CREATE INDEX player_ratings_board ON player_ratings (pool, rating);
    CREATE TABLE rating_history (
        player TEXT NOT NULL,
        pool TEXT COLLATE "C" NOT NULL,
        game_id TEXT COLLATE "C" NOT NULL,
        at_ms BIGINT NOT NULL,
        rating DOUBLE PRECISION NOT NULL,
        deviation DOUBLE PRECISION NOT NULL,
        change DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (player, game_id)
    );
    CREATE INDEX rating_history_by_player ON rating_history (player, pool, at_ms);
    CREATE TABLE rated_games (
        game_id TEXT COLLATE "C" PRIMARY KEY,
        pool TEXT COLLATE "C" NOT NULL,
        at_ms BIGINT NOT NULL,
        white TEXT NOT NULL,
        black TEXT NOT NULL,
        white_change INTEGER,
        black_change INTEGER
    );
    CREATE TABLE aborts (
        player TEXT NOT NULL,
        game_id TEXT COLLATE "C" NOT NULL,
        at_ms BIGINT NOT NULL,
        PRIMARY KEY (player, game_id)
    );
    CREATE INDEX aborts_recent ON aborts (player, at_ms);
    CREATE TABLE challenges (
        id TEXT COLLATE "C" PRIMARY KEY,
        creator TEXT NOT NULL,
        addr TEXT NOT NULL,
        created_at_ms BIGINT NOT NULL,
        expires_at_ms BIGINT NOT NULL,
        variant TEXT NOT NULL,
        rules TEXT,
        initial_ms BIGINT NOT NULL,
        increment_ms BIGINT NOT NULL,
        per_move BOOLEAN NOT NULL,
        rated BOOLEAN NOT NULL,
        seek TEXT NOT NULL CHECK (seek IN ('white', 'black', 'random')),
        min_rating INTEGER,
        max_rating INTEGER,
        quick BOOLEAN NOT NULL,
        taken BOOLEAN NOT NULL DEFAULT FALSE,
        taken_at_ms BIGINT,
        game_id TEXT COLLATE "C"
    );
    CREATE INDEX challenges_open ON challenges (expires_at_ms) WHERE NOT taken;
    CREATE INDEX challenges_by_creator ON challenges (creator, taken);
    CREATE INDEX challenges_by_addr ON challenges (addr) WHERE NOT taken;
    ALTER TABLE games ADD COLUMN rated BOOLEAN NOT NULL DEFAULT FALSE;
    ALTER TABLE games ADD COLUMN per_move BOOLEAN NOT NULL DEFAULT FALSE;"#,
];

/// Brings the database's schema up to date; returns how many migrations this call ran
/// (0 when another instance had already run them).
pub(super) async fn migrate(client: &mut Client) -> StoreResult<usize> {
    let tx = client.transaction().await?;
    // Held until this transaction ends: a second instance starting now waits here, and
    // then reads the versions the first one committed.
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])
        .await?;
    tx.batch_execute(
        "CREATE TABLE IF NOT EXISTS schema_migrations (
            version INTEGER PRIMARY KEY,
            applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
        )",
    )
    .await?;
    let done: i32 = tx
        .query_one(
            "SELECT COALESCE(MAX(version), 0) FROM schema_migrations",
            &[],
        )
        .await?
        .try_get(0)?;
    let known = MIGRATIONS.len();
    let done = usize::try_from(done).unwrap_or(0);
    if done > known {
        // A newer program migrated this database: what it added may have rules this
        // one would break.
        return Err(StoreError::Failed(format!(
            "the database's schema is at version {done}, newer than this program's {known}"
        )));
    }
    for (i, sql) in MIGRATIONS.iter().enumerate().skip(done) {
        tx.batch_execute(sql).await?;
        let version = i32::try_from(i + 1).map_err(|e| StoreError::Failed(e.to_string()))?;
        tx.execute(
            "INSERT INTO schema_migrations (version) VALUES ($1)",
            &[&version],
        )
        .await?;
    }
    tx.commit().await?;
    Ok(known - done)
}
