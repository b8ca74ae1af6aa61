//! What the PostgreSQL store owes beyond the shared behaviour (`store/tests.rs` runs that
//! against it too): migrating once when instances start together, refusing a stale
//! write from another instance, working from any thread, contiguous plies.

use super::super::pg_cluster;
use super::super::tests::{mv, sample};
use super::*;
use std::sync::{Arc, Barrier};

/// A store on a new empty database of the shared test cluster; `None` (after a notice)
/// without PostgreSQL. The unit stands for what the SQLite store's tests keep alive.
pub fn temp_store() -> Option<((), PgStore)> {
    let url = pg_cluster::fresh_database()?;
    Some(((), PgStore::connect(&url).unwrap()))
}

/// One number from `sql`, read through the store's own pool.
fn number(s: &PgStore, sql: &'static str) -> i64 {
    let pool = s.pool.clone();
    s.run(async move {
        let client = pool.get().await?;
        Ok(client.query_one(sql, &[]).await?.try_get(0)?)
    })
    .unwrap()
}

#[test]
fn instances_starting_together_migrate_once() {
    let Some(url) = pg_cluster::fresh_database() else {
        return;
    };
    let start = Arc::new(Barrier::new(4));
    let stores: Vec<PgStore> = std::thread::scope(|scope| {
        let starting: Vec<_> = (0..4)
            .map(|_| {
                let (start, url) = (start.clone(), url.clone());
                scope.spawn(move || {
                    start.wait();
                    PgStore::connect(&url)
                })
            })
            .collect();
        starting
            .into_iter()
            .map(|t| t.join().unwrap().unwrap())
            .collect()
    });
    let mut runs: Vec<usize> = stores.iter().map(PgStore::migrations_run).collect();
    runs.sort();
    assert_eq!(runs, [0, 0, 0, schema::MIGRATIONS.len()]);
    let s = &stores[0];
    assert_eq!(
        number(s, "SELECT COUNT(*) FROM schema_migrations"),
        schema::MIGRATIONS.len() as i64
    );
    // Each table once, and usable from every instance.
    assert_eq!(
        number(
            s,
            "SELECT COUNT(*) FROM pg_tables WHERE schemaname = 'public'
             AND tablename IN ('games', 'moves', 'creations')"
        ),
        3
    );
    stores[1].insert_game(&sample("a"), &[]).unwrap();
    assert!(stores[3].load_game("a").unwrap().is_some());
    // A later start finds the schema current.
    assert_eq!(PgStore::connect(&url).unwrap().migrations_run(), 0);
}

#[test]
fn a_database_migrated_by_a_newer_program_is_refused() {
    let Some(url) = pg_cluster::fresh_database() else {
        return;
    };
    let s = PgStore::connect(&url).unwrap();
    let pool = s.pool.clone();
    let next = schema::MIGRATIONS.len() as i32 + 1;
    s.run(async move {
        let client = pool.get().await?;
        client
            .execute(
                "INSERT INTO schema_migrations (version) VALUES ($1)",
                &[&next],
            )
            .await?;
        Ok(())
    })
    .unwrap();
    let e = PgStore::connect(&url).err().unwrap();
    assert!(e.to_string().contains("newer than this program"), "{e}");
}

/// Two instances holding the same game: the second writer read a version the first has
/// moved on from, and is refused.
#[test]
fn a_stale_write_from_another_instance_is_refused() {
    let Some(url) = pg_cluster::fresh_database() else {
        return;
    };
    let (one, two) = (
        PgStore::connect(&url).unwrap(),
        PgStore::connect(&url).unwrap(),
    );
    one.insert_game(&sample("a"), &[]).unwrap();
    let read = two.load_game("a").unwrap().unwrap().0.version;
    assert_eq!(one.append_move("a", read, &mv(0, "x"), None), Ok(1));
    assert_eq!(
        two.append_move("a", read, &mv(0, "y"), None),
        Err(StoreError::Conflict {
            game_id: "a".into(),
            read
        })
    );
    let (g, moves) = two.load_game("a").unwrap().unwrap();
    assert_eq!((g.version, moves), (1, vec![mv(0, "x")]));
}

/// Both instances write the same game at once from the same read: exactly one wins.
#[test]
fn of_writers_racing_from_one_read_one_wins() {
    let Some(url) = pg_cluster::fresh_database() else {
        return;
    };
    let stores: Vec<PgStore> = (0..4).map(|_| PgStore::connect(&url).unwrap()).collect();
    stores[0].insert_game(&sample("a"), &[]).unwrap();
    let start = Barrier::new(stores.len());
    let results: Vec<StoreResult<Version>> = std::thread::scope(|scope| {
        let racing: Vec<_> = stores
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let start = &start;
                scope.spawn(move || {
                    start.wait();
                    s.append_move("a", 0, &mv(0, &format!("m{i}")), None)
                })
            })
            .collect();
        racing.into_iter().map(|t| t.join().unwrap()).collect()
    });
    assert_eq!(
        results.iter().filter(|r| r.is_ok()).count(),
        1,
        "{results:?}"
    );
    assert!(results
        .iter()
        .all(|r| matches!(r, Ok(1) | Err(StoreError::Conflict { read: 0, .. }))));
    let (g, moves) = stores[0].load_game("a").unwrap().unwrap();
    assert_eq!((g.version, moves.len()), (1, 1));
}

/// The store is called from the server's blocking pool; a call from an async task (here
/// on a one-thread runtime, whose only worker it blocks) must not panic or deadlock
/// either, and dropping the store there must not panic.
#[test]
fn calls_work_from_the_blocking_pool_and_from_async_tasks() {
    let Some((_, s)) = temp_store() else {
        return;
    };
    let s = Arc::new(s);
    let server = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    server.block_on(async {
        let blocking = s.clone();
        tokio::task::spawn_blocking(move || blocking.insert_game(&sample("a"), &[]))
            .await
            .unwrap()
            .unwrap();
        assert_eq!(s.append_move("a", 0, &mv(0, "x"), None), Ok(1));
        let blocking = s.clone();
        let loaded = tokio::task::spawn_blocking(move || blocking.load_game("a"))
            .await
            .unwrap()
            .unwrap()
            .unwrap();
        assert_eq!(loaded.1, [mv(0, "x")]);
        drop(Arc::try_unwrap(s).ok().expect("the last handle"));
    });
}

#[test]
fn a_bad_or_unreachable_address_is_a_clear_error() {
    let e = PgStore::connect("postgres://localhost:port/db")
        .err()
        .unwrap();
    assert!(e.to_string().contains("bad PostgreSQL address"), "{e}");
    // Nothing listens on port 1.
    let e = PgStore::connect("postgres://postgres@127.0.0.1:1/none")
        .err()
        .unwrap();
    assert!(
        e.to_string().contains("no connection to PostgreSQL") && e.to_string().contains("refused"),
        "{e}"
    );
}
