//! PostgreSQL as the meeting place of several instances: leases on the games' rows,
//! presence rows with heartbeats, the database's clock, and `LISTEN/NOTIFY` as the feed
//! of changes (each change is announced by `next_version`, inside its transaction).

use super::super::cluster::{ChangeBus, Cluster, Feed, PlayerPresence};
use super::super::{StoreError, StoreResult, Version};
use super::{PgStore, CHANGES_CHANNEL};
use deadpool_postgres::tokio_postgres::{self, AsyncMessage, NoTls};
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// The listener's connection shows under this name in `pg_stat_activity`.
pub const LISTENER_NAME: &str = "spacechess listener";
/// Waits between attempts to reconnect the listener, growing to the last.
const RECONNECT_WAITS_MS: [u64; 5] = [50, 100, 250, 500, 1000];

fn local_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

impl Cluster for PgStore {
    fn clock_offset_ms(&self) -> StoreResult<i64> {
        let pool = self.pool();
        self.run(async move {
            let client = pool.get().await?;
            let mut best: Option<(i64, i64)> = None;
            for _ in 0..5 {
                let before = local_ms();
                let db: i64 = client
                    .query_one(
                        "SELECT (extract(epoch FROM clock_timestamp()) * 1000)::BIGINT",
                        &[],
                    )
                    .await?
                    .try_get(0)?;
                let after = local_ms();
                let rtt = after - before;
                let offset = db - (before + after) / 2;
                if best.is_none_or(|(r, _)| rtt < r) {
                    best = Some((rtt, offset));
                }
            }
            Ok(best.map_or(0, |(_, offset)| offset))
        })
    }

    fn version_of(&self, game: &str) -> StoreResult<Option<Version>> {
        let pool = self.pool();
        let game = game.to_string();
        self.run(async move {
            let client = pool.get().await?;
            let statement = client
                .prepare_cached("SELECT version FROM games WHERE id = $1")
                .await?;
            match client.query_opt(&statement, &[&game]).await? {
                None => Ok(None),
                Some(row) => {
                    let v: i64 = row.try_get(0)?;
                    Version::try_from(v)
                        .map(Some)
                        .map_err(|_| StoreError::Failed(format!("version {v} out of range")))
                }
            }
        })
    }

    fn sweep(&self, limit: u32) -> StoreResult<Vec<String>> {
        let pool = self.pool();
        let me = self.instance().to_string();
        let secs = self.lease().as_secs_f64();
        self.run(async move {
            let client = pool.get().await?;
            let rows = client
                .query(
                    "UPDATE games SET lease_holder = $1,
                        lease_until = now() + make_interval(secs => $2)
                     WHERE id IN (
                        SELECT id FROM games WHERE NOT finished AND lease_until < now()
                        ORDER BY lease_until LIMIT $3 FOR UPDATE SKIP LOCKED)
                     RETURNING id",
                    &[&me, &secs, &i64::from(limit)],
                )
                .await?;
            rows.iter().map(|r| Ok(r.try_get(0)?)).collect()
        })
    }

    fn renew(&self, games: &[String]) -> StoreResult<Vec<String>> {
        if games.is_empty() {
            return Ok(Vec::new());
        }
        let pool = self.pool();
        let me = self.instance().to_string();
        let secs = self.lease().as_secs_f64();
        let games = games.to_vec();
        self.run(async move {
            let client = pool.get().await?;
            let rows = client
                .query(
                    "UPDATE games SET lease_until = now() + make_interval(secs => $2)
                     WHERE lease_holder = $1 AND id = ANY($3) AND NOT finished
                     RETURNING id",
                    &[&me, &secs, &games],
                )
                .await?;
            rows.iter().map(|r| Ok(r.try_get(0)?)).collect()
        })
    }

    fn release(&self, game: &str, version: Version) -> StoreResult<()> {
        let Ok(v) = i64::try_from(version) else {
            return Ok(());
        };
        let pool = self.pool();
        let me = self.instance().to_string();
        let game = game.to_string();
        self.run(async move {
            let client = pool.get().await?;
            let statement = client
                .prepare_cached(
                    "UPDATE games SET lease_holder = NULL, lease_until = 'infinity'
                     WHERE id = $1 AND version = $2 AND lease_holder = $3",
                )
                .await?;
            client.execute(&statement, &[&game, &v, &me]).await?;
            Ok(())
        })
    }

    fn note_presence(
        &self,
        live: &[(String, String)],
        left: &[(String, String)],
    ) -> StoreResult<()> {
        if live.is_empty() && left.is_empty() {
            return Ok(());
        }
        let pool = self.pool();
        let me = self.instance().to_string();
        let mut games = Vec::new();
        let mut players = Vec::new();
        let mut lives = Vec::new();
        // One row per (game, player): a player holding both seats (a game on one
        // device) is named once, and one both live and left counts as live.
        let mut seen = std::collections::HashSet::new();
        for (pairs, is_live) in [(live, true), (left, false)] {
            for (g, p) in pairs {
                if seen.insert((g, p)) {
                    games.push(g.clone());
                    players.push(p.clone());
                    lives.push(is_live);
                }
            }
        }
        self.run(async move {
            let client = pool.get().await?;
            // A game deleted meanwhile has no rows to note (its key would refuse them).
            client
                .execute(
                    "INSERT INTO presence (game_id, player, instance, live, seen_at)
                     SELECT g, p, $1, l, now()
                     FROM unnest($2::TEXT[], $3::TEXT[], $4::BOOLEAN[]) AS t(g, p, l)
                     WHERE EXISTS (SELECT 1 FROM games WHERE id = g)
                     ON CONFLICT (game_id, player, instance)
                     DO UPDATE SET live = EXCLUDED.live, seen_at = EXCLUDED.seen_at",
                    &[&me, &games, &players, &lives],
                )
                .await?;
            Ok(())
        })
    }

    fn prune_presence(&self, older_than: Duration) -> StoreResult<u64> {
        self.prune(older_than)
    }

    fn presence(&self, game: &str) -> StoreResult<Vec<PlayerPresence>> {
        let pool = self.pool();
        let game = game.to_string();
        // An instance that stopped saying so is no longer believed after a lease's time.
        let secs = self.lease().as_secs_f64();
        self.run(async move {
            let client = pool.get().await?;
            let rows = client
                .query(
                    "SELECT player,
                        bool_or(live AND seen_at > now() - make_interval(secs => $2)),
                        (extract(epoch FROM max(seen_at)) * 1000)::BIGINT
                     FROM presence WHERE game_id = $1 GROUP BY player",
                    &[&game, &secs],
                )
                .await?;
            rows.iter()
                .map(|r| {
                    Ok(PlayerPresence {
                        player: r.try_get(0)?,
                        connected: r.try_get(1)?,
                        seen_ms: r.try_get(2)?,
                    })
                })
                .collect()
        })
    }
}

impl PgStore {
    fn prune(&self, older_than: Duration) -> StoreResult<u64> {
        let pool = self.pool();
        let secs = older_than.as_secs_f64();
        self.run(async move {
            let client = pool.get().await?;
            Ok(client
                .execute(
                    "DELETE FROM presence WHERE seen_at < now() - make_interval(secs => $1)",
                    &[&secs],
                )
                .await?)
        })
    }
}

impl ChangeBus for PgStore {
    fn listen(&self, on: Arc<dyn Fn(Feed) + Send + Sync>) -> StoreResult<()> {
        let mut config = self.config().clone();
        config.application_name(LISTENER_NAME);
        // A connection lost without a word (a machine gone) is noticed by keepalives.
        config.keepalives(true);
        config.keepalives_idle(Duration::from_secs(10));
        self.runtime()?.spawn(listen_forever(config, on));
        Ok(())
    }
}

/// Listens on `CHANGES_CHANNEL` for as long as the runtime lives: after a lost
/// connection it reconnects, listens again, and then says `Resync` (changes committed
/// while it was away were not heard).
async fn listen_forever(config: tokio_postgres::Config, on: Arc<dyn Fn(Feed) + Send + Sync>) {
    let mut failures = 0usize;
    let mut heard_before = false;
    loop {
        match listen_once(&config, &on, heard_before).await {
            Ok(()) => {
                heard_before = true;
                failures = 0;
            }
            Err(e) => {
                if failures == 0 {
                    eprintln!("spacechess: the change feed is down ({e}); reconnecting");
                }
                failures += 1;
            }
        }
        let wait = RECONNECT_WAITS_MS[failures.min(RECONNECT_WAITS_MS.len() - 1)];
        tokio::time::sleep(Duration::from_millis(wait)).await;
    }
}

/// One listening connection, until it ends. Returns `Ok` when it had been listening.
async fn listen_once(
    config: &tokio_postgres::Config,
    on: &Arc<dyn Fn(Feed) + Send + Sync>,
    resync: bool,
) -> Result<(), String> {
    let (client, mut connection) = config.connect(NoTls).await.map_err(|e| e.to_string())?;
    let (notes, mut heard) = tokio::sync::mpsc::unbounded_channel();
    // The connection must be driven for the LISTEN below to be answered; it hands each
    // notification on and ends when the connection does.
    let driver = tokio::spawn(async move {
        loop {
            match std::future::poll_fn(|cx| connection.poll_message(cx)).await {
                Some(Ok(AsyncMessage::Notification(n))) => {
                    if notes.send(n.payload().to_string()).is_err() {
                        return;
                    }
                }
                Some(Ok(_)) => {}
                Some(Err(_)) | None => return,
            }
        }
    });
    client
        .batch_execute(&format!("LISTEN {CHANGES_CHANNEL}"))
        .await
        .map_err(|e| e.to_string())?;
    if resync {
        on(Feed::Resync);
    }
    while let Some(payload) = heard.recv().await {
        if let Some(feed) = parse(&payload) {
            on(feed);
        }
    }
    driver.abort();
    drop(client);
    Ok(())
}

/// "{game} {version}", as `next_version` announces a change.
fn parse(payload: &str) -> Option<Feed> {
    let (game, v) = payload.split_once(' ')?;
    Some(Feed::Changed {
        game: game.to_string(),
        version: v.parse().ok()?,
    })
}

#[cfg(test)]
mod tests {
    use super::super::super::tests::{mv, sample};
    use super::super::super::{pg_cluster, GameStore};
    use super::*;
    use std::sync::mpsc;

    /// Two stores (two instances) on one new database, with leases of `lease`.
    fn two(lease: Duration) -> Option<(PgStore, PgStore)> {
        let url = pg_cluster::fresh_database()?;
        let mut a = PgStore::connect(&url).unwrap();
        let mut b = PgStore::connect(&url).unwrap();
        a.set_lease(lease);
        b.set_lease(lease);
        Some((a, b))
    }

    fn recv(heard: &mpsc::Receiver<Feed>) -> Feed {
        heard
            .recv_timeout(Duration::from_secs(10))
            .expect("no notification within 10 s")
    }

    #[test]
    fn every_committed_change_is_announced_in_order_and_a_refused_one_is_not() {
        let Some((a, b)) = two(Duration::from_secs(3)) else {
            return;
        };
        let (tell, heard) = mpsc::channel();
        let tell = std::sync::Mutex::new(tell);
        b.listen(Arc::new(move |f| {
            let _ = tell.lock().unwrap().send(f);
        }))
        .unwrap();
        // The listener is up once a change made after it is heard; changes before it
        // are not announced to it.
        a.insert_game(&sample("g"), &[]).unwrap();
        let mut v = 0;
        let changed = |v| Feed::Changed {
            game: "g".into(),
            version: v,
        };
        loop {
            v = a.append_move("g", v, &mv(v as u32, "t"), None).unwrap();
            if recv_quick(&heard).is_some() {
                break;
            }
            assert!(v < 50, "the listener never heard a change");
        }
        // From here every change is heard once, in commit order.
        for _ in 0..5 {
            v = a.append_move("g", v, &mv(v as u32, "t"), None).unwrap();
            assert_eq!(recv(&heard), changed(v));
        }
        assert!(a.append_move("g", v - 1, &mv(v as u32, "t"), None).is_err());
        v = a.set_offer("g", v, None).unwrap();
        assert_eq!(recv(&heard), changed(v));
    }

    fn recv_quick(heard: &mpsc::Receiver<Feed>) -> Option<Feed> {
        heard.recv_timeout(Duration::from_millis(200)).ok()
    }

    #[test]
    fn the_writer_holds_the_lease_until_it_expires_then_one_sweeper_takes_it() {
        let Some((a, b)) = two(Duration::from_millis(600)) else {
            return;
        };
        a.insert_game(&sample("g"), &[]).unwrap();
        let v = a.append_move("g", 0, &mv(0, "t"), None).unwrap();
        // A's write took the lease: nobody sweeps it while it lives, and A renews it.
        assert_eq!(b.sweep(10).unwrap(), Vec::<String>::new());
        assert_eq!(a.renew(&["g".into()]).unwrap(), ["g"]);
        assert_eq!(b.renew(&["g".into()]).unwrap(), Vec::<String>::new());
        std::thread::sleep(Duration::from_millis(900));
        // Expired: of two sweepers at once, one takes it.
        let (x, y) = std::thread::scope(|s| {
            let x = s.spawn(|| a.sweep(10).unwrap());
            let y = s.spawn(|| b.sweep(10).unwrap());
            (x.join().unwrap(), y.join().unwrap())
        });
        assert_eq!(x.len() + y.len(), 1, "{x:?} {y:?}");
        let (holder, other) = if y.is_empty() { (&a, &b) } else { (&b, &a) };
        assert_eq!(other.renew(&["g".into()]).unwrap(), Vec::<String>::new());
        // A release at an older version, or by another instance, changes nothing.
        other.release("g", v).unwrap();
        holder.release("g", v - 1).unwrap();
        assert_eq!(holder.renew(&["g".into()]).unwrap(), ["g"]);
        // Released: nobody holds it, and no sweep takes it until its next change.
        holder.release("g", v).unwrap();
        assert_eq!(holder.renew(&["g".into()]).unwrap(), Vec::<String>::new());
        std::thread::sleep(Duration::from_millis(900));
        assert!(a.sweep(10).unwrap().is_empty() && b.sweep(10).unwrap().is_empty());
        let v = b.append_move("g", v, &mv(1, "u"), None).unwrap();
        assert_eq!(b.renew(&["g".into()]).unwrap(), ["g"]);
        // A finished game is never swept.
        b.declare_result("g", v, rules::Outcome::draw(rules::Termination::Agreement))
            .unwrap();
        std::thread::sleep(Duration::from_millis(900));
        assert!(a.sweep(10).unwrap().is_empty());
    }

    #[test]
    fn a_turn_starts_at_the_databases_time_of_the_move() {
        let Some((a, _)) = two(Duration::from_secs(3)) else {
            return;
        };
        let offset = a.clock_offset_ms().unwrap();
        assert!(offset.abs() < 1000, "one machine, one clock: {offset} ms");
        a.insert_game(&sample("g"), &[]).unwrap();
        let created = a
            .load_game("g")
            .unwrap()
            .unwrap()
            .0
            .turn_started_ms
            .unwrap();
        std::thread::sleep(Duration::from_millis(50));
        let before = local_ms() + offset;
        a.append_move("g", 0, &mv(0, "t"), None).unwrap();
        let after = local_ms() + offset;
        let moved = a
            .load_game("g")
            .unwrap()
            .unwrap()
            .0
            .turn_started_ms
            .unwrap();
        assert!(moved >= created + 50, "{created} then {moved}");
        assert!(
            (before - 5..=after + 5).contains(&moved),
            "{before}..{after}: {moved}"
        );
    }

    #[test]
    fn a_player_is_connected_while_any_instance_says_so() {
        let Some((a, b)) = two(Duration::from_millis(600)) else {
            return;
        };
        a.insert_game(&sample("g"), &[]).unwrap();
        let pair = [("g".to_string(), "p".to_string())];
        let of = |s: &PgStore| s.presence("g").unwrap();
        a.note_presence(&pair, &[]).unwrap();
        b.note_presence(&pair, &[]).unwrap();
        assert!(of(&a)[0].connected);
        // Gone from A, still on B.
        a.note_presence(&[], &pair).unwrap();
        assert!(of(&b)[0].connected);
        // B stops saying so (killed): not believed after a lease's time.
        std::thread::sleep(Duration::from_millis(800));
        let p = of(&a);
        assert_eq!(p.len(), 1);
        assert!(!p[0].connected);
        assert!(p[0].seen_ms <= local_ms() + a.clock_offset_ms().unwrap() - 500);
        // Rows of an unknown game are not kept.
        a.note_presence(&[("h".into(), "p".into())], &[]).unwrap();
        assert!(a.presence("h").unwrap().is_empty());
        // Old rows are pruned; fresh ones stay.
        b.note_presence(&pair, &[]).unwrap();
        assert_eq!(a.prune_presence(Duration::from_millis(500)).unwrap(), 1);
        assert!(of(&a)[0].connected);
    }

    #[test]
    fn a_notification_names_the_game_and_its_version() {
        assert_eq!(
            parse("abc 12"),
            Some(Feed::Changed {
                game: "abc".into(),
                version: 12
            })
        );
        assert_eq!(parse("abc"), None);
        assert_eq!(parse("abc x"), None);
    }
}
