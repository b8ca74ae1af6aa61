//! `spacechess loadtest --soak MINUTES` (hidden): a long mixed load against a server on
//! this machine (loopback only, at most 60 minutes): WebSocket watchers, movers playing
//! local games move after move, and clients playing the computer at level Max so that
//! the server runs its maximum of searches. It reports the latency of every request that
//! is not a search (p50, p99), errors, lost moves (a move the server acknowledged that a
//! later read of its game lacks), and the server's resident memory every 10 s, during
//! the load and for a cool-down after it.
//!
//! Clients come from several loopback addresses (127.0.1.x and up), as real clients
//! would, so each address stays within the server's per-address limits.

use crate::loadtest::{connect_from, percentile, Conn, LoadtestArgs};
use crate::Failure;
use futures_util::StreamExt;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What every client adds to.
#[derive(Default)]
struct Tally {
    /// Durations of requests that are not searches.
    latencies: Mutex<Vec<Duration>>,
    errors: AtomicU64,
    /// The first few error texts, for the report.
    error_samples: Mutex<Vec<String>>,
    /// 429 answers (limits doing their job; not errors).
    refused: AtomicU64,
    /// The highest ply the server acknowledged, per game.
    acknowledged: Mutex<HashMap<String, u64>>,
    /// Games the watchers may pick.
    games: Mutex<Vec<String>>,
    ws_messages: AtomicU64,
    moves: AtomicU64,
}

impl Tally {
    fn error(&self, what: String) {
        self.errors.fetch_add(1, Ordering::Relaxed);
        let mut s = self.error_samples.lock().unwrap_or_else(|e| e.into_inner());
        if s.len() < 10 {
            s.push(what);
        }
    }

    fn acknowledge(&self, id: &str, ply: u64) {
        let mut a = self.acknowledged.lock().unwrap_or_else(|e| e.into_inner());
        let e = a.entry(id.to_string()).or_insert(0);
        *e = (*e).max(ply);
    }

    fn watchable(&self, n: u64) -> Option<String> {
        let g = self.games.lock().unwrap_or_else(|e| e.into_inner());
        (!g.is_empty()).then(|| g[(n as usize) % g.len()].clone())
    }

    fn add_game(&self, id: &str) {
        let mut g = self.games.lock().unwrap_or_else(|e| e.into_inner());
        g.push(id.to_string());
        // Watchers follow the newest games.
        if g.len() > 200 {
            g.remove(0);
        }
    }
}

/// A timed request on `conn` (reconnecting from `ip` after a failure).
async fn timed(
    conn: &mut Option<Conn>,
    addr: SocketAddr,
    ip: IpAddr,
    tally: &Tally,
    method: &str,
    path: &str,
    body: Option<&Value>,
) -> Option<(u16, Value)> {
    if conn.is_none() {
        match Conn::open_from(addr, ip).await {
            Ok(c) => *conn = Some(c),
            Err(e) => {
                tally.error(format!("connect: {e}"));
                return None;
            }
        }
    }
    let c = conn.as_mut()?;
    let started = Instant::now();
    match c.request(method, path, body).await {
        Ok((status, v)) => {
            tally
                .latencies
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .push(started.elapsed());
            if status == 429 {
                tally.refused.fetch_add(1, Ordering::Relaxed);
            }
            Some((status, v))
        }
        Err(e) => {
            *conn = None;
            tally.error(format!("{method} {path}: {e}"));
            None
        }
    }
}

/// The `n`th legal move (wrapping), for variety.
fn pick_move(game: &Value, n: usize) -> Option<String> {
    let moves = game["legal_moves"].as_array()?;
    if moves.is_empty() {
        return None;
    }
    moves[n % moves.len()]["token"].as_str().map(str::to_string)
}

fn loopback(c: u8, d: u8) -> IpAddr {
    IpAddr::V4(Ipv4Addr::new(127, 0, c, d))
}

/// Plays local games move after move, about five moves a second.
async fn mover(i: usize, addr: SocketAddr, variant: String, tally: Arc<Tally>, end: Instant) {
    let ip = loopback(1, 10 + i as u8);
    let mut conn = None;
    while Instant::now() < end {
        let new_game = json!({ "variant": variant, "mode": "local" });
        let Some((status, mut game)) = timed(
            &mut conn,
            addr,
            ip,
            &tally,
            "POST",
            "/api/games",
            Some(&new_game),
        )
        .await
        else {
            tokio::time::sleep(Duration::from_secs(1)).await;
            continue;
        };
        if status != 201 {
            if status != 429 {
                tally.error(format!("create: {status} {game}"));
            }
            tokio::time::sleep(Duration::from_secs(5)).await;
            continue;
        }
        let id = game["id"].as_str().unwrap_or_default().to_string();
        tally.add_game(&id);
        for n in 0..200usize {
            if Instant::now() >= end || game["status"] != "in-progress" {
                break;
            }
            let Some(token) = pick_move(&game, n * 7 + i) else {
                break;
            };
            let ply = game["ply"].as_u64().unwrap_or(0);
            let path = format!("/api/games/{id}/moves");
            let body = json!({ "move": token, "ply": ply });
            match timed(&mut conn, addr, ip, &tally, "POST", &path, Some(&body)).await {
                Some((200, next)) => {
                    tally.acknowledge(&id, ply + 1);
                    tally.moves.fetch_add(1, Ordering::Relaxed);
                    game = next;
                }
                Some((status, v)) => {
                    tally.error(format!("move: {status} {v}"));
                    break;
                }
                None => break,
            }
            if n % 10 == 9 {
                let _ = timed(
                    &mut conn,
                    addr,
                    ip,
                    &tally,
                    "GET",
                    &format!("/api/games/{id}"),
                    None,
                )
                .await;
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }
}

/// Plays the computer at level Max: a move, then waits for the computer's reply.
async fn searcher(i: usize, addr: SocketAddr, variant: String, tally: Arc<Tally>, end: Instant) {
    // Four per address: the server's default searches per client.
    let ip = loopback(2, 10 + (i / 4) as u8);
    let mut conn = None;
    let mut game: Option<Value> = None;
    let mut n = i;
    while Instant::now() < end {
        let g = match game.take() {
            Some(g) if g["status"] == "in-progress" => g,
            _ => {
                let new_game = json!({ "variant": variant, "mode": "computer", "human": "white", "level": "max" });
                match timed(
                    &mut conn,
                    addr,
                    ip,
                    &tally,
                    "POST",
                    "/api/games",
                    Some(&new_game),
                )
                .await
                {
                    Some((201, g)) => {
                        tally.add_game(g["id"].as_str().unwrap_or_default());
                        g
                    }
                    other => {
                        if let Some((status, v)) = other.filter(|(s, _)| *s != 429) {
                            tally.error(format!("create: {status} {v}"));
                        }
                        tokio::time::sleep(Duration::from_secs(5)).await;
                        continue;
                    }
                }
            }
        };
        let id = g["id"].as_str().unwrap_or_default().to_string();
        let ply = g["ply"].as_u64().unwrap_or(0);
        n += 1;
        let Some(token) = pick_move(&g, n) else {
            continue;
        };
        let path = format!("/api/games/{id}/moves");
        let body = json!({ "move": token, "ply": ply });
        match timed(&mut conn, addr, ip, &tally, "POST", &path, Some(&body)).await {
            Some((200, _)) => {
                tally.acknowledge(&id, ply + 1);
                tally.moves.fetch_add(1, Ordering::Relaxed);
            }
            Some((429, _)) => {
                game = Some(g);
                tokio::time::sleep(Duration::from_secs(2)).await;
                continue;
            }
            Some((status, v)) => {
                tally.error(format!("move: {status} {v}"));
                continue;
            }
            None => continue,
        }
        // The computer's reply: poll until it has moved (a search is at most 15 s).
        while Instant::now() < end {
            tokio::time::sleep(Duration::from_secs(1)).await;
            let Some((200, now)) = timed(
                &mut conn,
                addr,
                ip,
                &tally,
                "GET",
                &format!("/api/games/{id}"),
                None,
            )
            .await
            else {
                break;
            };
            if now["computer_thinking"] != json!(true) {
                if let Some(p) = now["ply"].as_u64() {
                    tally.acknowledge(&id, p);
                }
                game = Some(now);
                break;
            }
        }
    }
}

/// Watches one game after another on its WebSocket, 30 s each.
async fn watcher(i: usize, addr: SocketAddr, tally: Arc<Tally>, end: Instant) {
    // Twenty per address, under the server's default of 32 sockets per address.
    let ip = loopback(3, 10 + (i / 20) as u8);
    let mut n = i as u64;
    while Instant::now() < end {
        n += 1;
        let Some(id) = tally.watchable(n * 31) else {
            tokio::time::sleep(Duration::from_secs(1)).await;
            continue;
        };
        let stream = match connect_from(addr, ip).await {
            Ok(s) => s,
            Err(e) => {
                tally.error(format!("watcher connect: {e}"));
                tokio::time::sleep(Duration::from_secs(1)).await;
                continue;
            }
        };
        let url = format!("ws://{addr}/api/games/{id}/ws");
        let mut socket = match tokio_tungstenite::client_async(url, stream).await {
            Ok((s, _)) => s,
            Err(tokio_tungstenite::tungstenite::Error::Http(r)) if r.status() == 429 => {
                tally.refused.fetch_add(1, Ordering::Relaxed);
                tokio::time::sleep(Duration::from_secs(2)).await;
                continue;
            }
            Err(e) => {
                tally.error(format!("watcher handshake: {e}"));
                tokio::time::sleep(Duration::from_secs(1)).await;
                continue;
            }
        };
        let until = (Instant::now() + Duration::from_secs(30)).min(end);
        loop {
            let left = until.saturating_duration_since(Instant::now());
            match tokio::time::timeout(left, socket.next()).await {
                Err(_) | Ok(None) => break,
                Ok(Some(Ok(_))) => {
                    tally.ws_messages.fetch_add(1, Ordering::Relaxed);
                }
                Ok(Some(Err(e))) => {
                    tally.error(format!("watcher: {e}"));
                    break;
                }
            }
        }
        let _ = socket.close(None).await;
    }
}

/// A number from the server's /proc status (`VmRSS`, `Threads`).
fn proc_status(pid: Option<u32>, key: &str) -> Option<f64> {
    let status = std::fs::read_to_string(format!("/proc/{}/status", pid?)).ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix(key)?.strip_prefix(':'))?
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()
}

/// The server's resident memory in MB, from /proc.
fn rss_mb(pid: Option<u32>) -> Option<f64> {
    Some(proc_status(pid, "VmRSS")? / 1024.0)
}

/// The server's thread count, from /proc.
fn threads(pid: Option<u32>) -> Option<u64> {
    proc_status(pid, "Threads").map(|n| n as u64)
}

/// The light traffic of the cool-down: `rps` reads a second of the run's games, from
/// one client, until `until` (memory must come down under it, not only in silence).
async fn light(addr: SocketAddr, rps: u32, tally: Arc<Tally>, from: Instant, until: Instant) {
    tokio::time::sleep_until(from.into()).await;
    let ip = loopback(1, 250);
    let mut conn = None;
    let every = Duration::from_secs(1) / rps.max(1);
    // Timed apart, so that the load's latencies stay the load's.
    let own = Tally::default();
    let mut n = 0u64;
    while Instant::now() < until {
        let path = match tally.watchable(n) {
            Some(id) => format!("/api/games/{id}"),
            None => "/api/variants".to_string(),
        };
        timed(&mut conn, addr, ip, &own, "GET", &path, None).await;
        n += 1;
        tokio::time::sleep(every).await;
    }
    println!(
        "soak cool-down traffic: {n} requests, {} errors",
        own.errors.load(Ordering::Relaxed)
    );
}

pub async fn run(args: &LoadtestArgs, minutes: u64) -> Result<(), Failure> {
    if minutes == 0
        || minutes > 60
        || args.watchers > 500
        || args.movers > 100
        || args.searchers > 64
        || args.cooldown > 600
        || args.cooldown_rps > 100
    {
        return Err(Failure(
            "soak: 1 to 60 minutes, at most 500 watchers, 100 movers, 64 searchers, 600 s of cool-down and 100 requests a second in it"
                .into(),
        ));
    }
    let tally = Arc::new(Tally::default());
    let started = Instant::now();
    let end = started + Duration::from_secs(minutes * 60);
    let rss_start = rss_mb(args.server_pid);
    let mut curve = vec![(0u64, rss_start)];
    println!(
        "soak: {minutes} min, {} watchers, {} movers, {} searchers; rss at start {:?} MB",
        args.watchers, args.movers, args.searchers, rss_start
    );
    let mut tasks = Vec::new();
    for i in 0..args.movers {
        tasks.push(tokio::spawn(mover(
            i,
            args.addr,
            args.variant.clone(),
            Arc::clone(&tally),
            end,
        )));
    }
    for i in 0..args.searchers {
        tasks.push(tokio::spawn(searcher(
            i,
            args.addr,
            args.variant.clone(),
            Arc::clone(&tally),
            end,
        )));
    }
    for i in 0..args.watchers {
        tasks.push(tokio::spawn(watcher(i, args.addr, Arc::clone(&tally), end)));
    }
    let cool_end = end + Duration::from_secs(args.cooldown);
    if args.cooldown_rps > 0 {
        tasks.push(tokio::spawn(light(
            args.addr,
            args.cooldown_rps,
            Arc::clone(&tally),
            end,
            cool_end,
        )));
    }
    let mut next_sample = started + Duration::from_secs(10);
    while Instant::now() < cool_end {
        tokio::time::sleep_until(next_sample.into()).await;
        next_sample += Duration::from_secs(10);
        let t = started.elapsed().as_secs();
        let rss = rss_mb(args.server_pid);
        curve.push((t, rss));
        println!(
            "soak t={t}s rss={} MB threads={} moves={} ws_messages={} errors={} refused={}{}",
            rss.map_or("?".into(), |r| format!("{r:.1}")),
            threads(args.server_pid).map_or("?".into(), |n| n.to_string()),
            tally.moves.load(Ordering::Relaxed),
            tally.ws_messages.load(Ordering::Relaxed),
            tally.errors.load(Ordering::Relaxed),
            tally.refused.load(Ordering::Relaxed),
            match (Instant::now() > end, args.cooldown_rps) {
                (false, _) => String::new(),
                (true, 0) => " (cool-down)".into(),
                (true, rps) => format!(" (cool-down, {rps} requests/s)"),
            },
        );
    }
    for t in tasks {
        let _ = t.await;
    }
    // Lost moves: every acknowledged ply must be in the game as the server reads it now.
    let acknowledged: Vec<(String, u64)> = tally
        .acknowledged
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .iter()
        .map(|(k, v)| (k.clone(), *v))
        .collect();
    let mut lost = 0u64;
    let mut checked = 0u64;
    let mut conn = Conn::open(args.addr).await?;
    for (id, ply) in &acknowledged {
        let (status, g) = conn
            .request("GET", &format!("/api/games/{id}"), None)
            .await?;
        checked += 1;
        let now = g["ply"].as_u64().unwrap_or(0);
        if status != 200 || now < *ply {
            lost += ply.saturating_sub(now).max(1);
            eprintln!("soak: game {id}: {ply} plies acknowledged, {now} stored ({status})");
        }
    }
    let mut lat = std::mem::take(&mut *tally.latencies.lock().unwrap_or_else(|e| e.into_inner()));
    lat.sort();
    let peak = curve.iter().filter_map(|(_, r)| *r).fold(0.0, f64::max);
    let at_end = curve
        .iter()
        .rev()
        .find(|(t, _)| *t <= minutes * 60)
        .and_then(|(_, r)| *r);
    let after = curve.last().and_then(|(_, r)| *r);
    println!(
        "soak result: {minutes} min; requests {} (not searches) p50 {:.1} ms p99 {:.1} ms max {:.1} ms; moves {}; ws messages {}; errors {}; refused (429) {}; games checked {checked}, lost moves {lost}; rss start {:?} MB, peak {peak:.1} MB, end of load {:?} MB, after {} s cool-down {:?} MB",
        lat.len(),
        percentile(&lat, 0.5).as_secs_f64() * 1e3,
        percentile(&lat, 0.99).as_secs_f64() * 1e3,
        lat.last().copied().unwrap_or_default().as_secs_f64() * 1e3,
        tally.moves.load(Ordering::Relaxed),
        tally.ws_messages.load(Ordering::Relaxed),
        tally.errors.load(Ordering::Relaxed),
        tally.refused.load(Ordering::Relaxed),
        rss_start,
        at_end,
        args.cooldown,
        after,
    );
    for e in tally
        .error_samples
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .iter()
    {
        println!("soak error sample: {e}");
    }
    Ok(())
}
