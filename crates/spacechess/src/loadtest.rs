//! `spacechess loadtest` (hidden): measures the time of a move request under many
//! concurrent clients, against a server on this machine only. Each client creates a
//! local-mode game, then plays moves (the first legal move each time) and times each
//! move request. Bounded by a move count per client and an overall time limit.

use crate::Failure;
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::time::{Duration, Instant};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

#[derive(clap::Args, Clone, Debug)]
pub struct LoadtestArgs {
    /// The server's address, e.g. 127.0.0.1:8080 (loopback only)
    #[arg(long)]
    pub addr: SocketAddr,
    #[arg(long, default_value = "stacked")]
    pub variant: String,
    /// Concurrent clients (at most 500)
    #[arg(long, default_value_t = 100)]
    pub clients: usize,
    /// Moves per client (at most 1000)
    #[arg(long, default_value_t = 20)]
    pub moves: usize,
    /// Stop after this many seconds in any case (at most 600)
    #[arg(long, default_value_t = 60)]
    pub seconds: u64,
    /// Instead: start this many computer games (the computer moves first at level Max)
    /// and report how many searches ran at once
    #[arg(long)]
    pub computer_games: Option<usize>,
    /// Instead: a soak test of this many minutes (at most 60): WebSocket watchers,
    /// movers and computer searches at once (see `soak.rs` and docs/server.md)
    #[arg(long)]
    pub soak: Option<u64>,
    /// Soak: the server's process id, to sample its memory
    #[arg(long)]
    pub server_pid: Option<u32>,
    /// Soak: WebSocket watchers (at most 500)
    #[arg(long, default_value_t = 200)]
    pub watchers: usize,
    /// Soak: clients playing local games move after move (at most 100)
    #[arg(long, default_value_t = 20)]
    pub movers: usize,
    /// Soak: clients playing the computer at level Max, one search each (at most 64)
    #[arg(long, default_value_t = 16)]
    pub searchers: usize,
    /// Soak: seconds of memory samples after the load stops (at most 600)
    #[arg(long, default_value_t = 120)]
    pub cooldown: u64,
    /// Soak: requests a second during the cool-down (reads of the run's games, as a
    /// light traffic would make; at most 100, 0 for silence)
    #[arg(long, default_value_t = 0)]
    pub cooldown_rps: u32,
}

/// A minimal HTTP/1.1 keep-alive client: enough for JSON requests to our own server.
/// Each connection is one player (its own bearer token), so it holds the seats of the
/// games it creates.
pub struct Conn {
    stream: BufReader<TcpStream>,
    player: String,
}

impl Conn {
    pub async fn open(addr: SocketAddr) -> std::io::Result<Conn> {
        let s = TcpStream::connect(addr).await?;
        s.set_nodelay(true)?;
        Ok(Conn {
            stream: BufReader::new(s),
            player: crate::server::new_player_id(),
        })
    }

    /// A connection from a chosen local address (another loopback address: the server
    /// counts its per-client limits per address).
    pub async fn open_from(addr: SocketAddr, local: std::net::IpAddr) -> std::io::Result<Conn> {
        let s = connect_from(addr, local).await?;
        s.set_nodelay(true)?;
        Ok(Conn {
            stream: BufReader::new(s),
            player: crate::server::new_player_id(),
        })
    }

    pub async fn request(
        &mut self,
        method: &str,
        path: &str,
        body: Option<&Value>,
    ) -> std::io::Result<(u16, Value)> {
        let body = body.map(|b| b.to_string()).unwrap_or_default();
        let req = format!(
            "{method} {path} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            self.player,
            body.len()
        );
        self.stream.get_mut().write_all(req.as_bytes()).await?;
        let mut line = String::new();
        self.stream.read_line(&mut line).await?;
        let status: u16 = line
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| std::io::Error::other(format!("bad status line {line:?}")))?;
        let mut length = 0usize;
        loop {
            line.clear();
            self.stream.read_line(&mut line).await?;
            let l = line.trim_end();
            if l.is_empty() {
                break;
            }
            if let Some((k, v)) = l.split_once(':') {
                if k.eq_ignore_ascii_case("content-length") {
                    length = v.trim().parse().unwrap_or(0);
                }
            }
        }
        let mut buf = vec![0; length];
        self.stream.read_exact(&mut buf).await?;
        let value = serde_json::from_slice(&buf).unwrap_or(Value::Null);
        Ok((status, value))
    }
}

/// A TCP connection to `addr` from the local address `local`.
pub async fn connect_from(addr: SocketAddr, local: std::net::IpAddr) -> std::io::Result<TcpStream> {
    let socket = if local.is_ipv4() {
        tokio::net::TcpSocket::new_v4()?
    } else {
        tokio::net::TcpSocket::new_v6()?
    };
    socket.bind(SocketAddr::new(local, 0))?;
    socket.connect(addr).await
}

fn first_move(game: &Value) -> Option<String> {
    game["legal_moves"].get(0)?["token"]
        .as_str()
        .map(str::to_string)
}

/// Clients per loopback address: well within the server's connections per address (64)
/// and half its unfinished games per address (50; each client leaves one), so that many
/// clients are not refused as one address holding too many, and a second run fits.
const CLIENTS_PER_ADDRESS: usize = 25;

async fn client(
    addr: SocketAddr,
    i: usize,
    variant: String,
    moves: usize,
    deadline: Instant,
) -> Result<Vec<Duration>, String> {
    let conn = if addr.is_ipv4() {
        let n = (i / CLIENTS_PER_ADDRESS) as u8;
        let local = std::net::IpAddr::V4(std::net::Ipv4Addr::new(127, 0, 2, n.wrapping_add(1)));
        Conn::open_from(addr, local).await
    } else {
        Conn::open(addr).await
    };
    let mut conn = conn.map_err(|e| e.to_string())?;
    let (status, mut game) = conn
        .request(
            "POST",
            "/api/games",
            Some(&json!({ "variant": variant, "mode": "local" })),
        )
        .await
        .map_err(|e| e.to_string())?;
    if status != 201 {
        return Err(format!("create: {status} {game}"));
    }
    let id = game["id"].as_str().unwrap_or_default().to_string();
    let mut times = Vec::with_capacity(moves);
    for _ in 0..moves {
        if Instant::now() > deadline {
            break;
        }
        let Some(token) = first_move(&game) else {
            break;
        };
        let ply = game["ply"].as_u64().unwrap_or(0);
        let t = Instant::now();
        let (status, next) = conn
            .request(
                "POST",
                &format!("/api/games/{id}/moves"),
                Some(&json!({ "move": token, "ply": ply })),
            )
            .await
            .map_err(|e| e.to_string())?;
        times.push(t.elapsed());
        if status != 200 {
            return Err(format!("move: {status} {next}"));
        }
        game = next;
    }
    Ok(times)
}

pub fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

async fn computer_games(args: &LoadtestArgs, n: usize) -> Result<(), Failure> {
    let mut ids = Vec::new();
    for _ in 0..n {
        let mut conn = Conn::open(args.addr).await?;
        let (status, game) = conn
            .request(
                "POST",
                "/api/games",
                Some(&json!({ "variant": args.variant, "mode": "computer", "human": "black", "level": "max" })),
            )
            .await?;
        if status != 201 {
            return Err(Failure(format!("create: {status} {game}")));
        }
        ids.push(game["id"].as_str().unwrap_or_default().to_string());
    }
    eprintln!(
        "started {} computer games; waiting for their moves",
        ids.len()
    );
    let deadline = Instant::now() + Duration::from_secs(args.seconds);
    let mut conn = Conn::open(args.addr).await?;
    loop {
        let mut thinking = 0;
        for id in &ids {
            let (_, g) = conn
                .request("GET", &format!("/api/games/{id}"), None)
                .await?;
            if g["computer_thinking"].as_bool() == Some(true) {
                thinking += 1;
            }
        }
        eprintln!("{thinking} searches running");
        if thinking == 0 || Instant::now() > deadline {
            return Ok(());
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
}

pub fn run(args: LoadtestArgs) -> Result<(), Failure> {
    if !args.addr.ip().is_loopback() {
        return Err(Failure(
            "loadtest runs against this machine only (a loopback address)".into(),
        ));
    }
    if args.clients == 0 || args.clients > 500 || args.moves > 1000 || args.seconds > 600 {
        return Err(Failure(
            "at most 500 clients, 1000 moves each, 600 seconds".into(),
        ));
    }
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    rt.block_on(async {
        if let Some(minutes) = args.soak {
            return crate::soak::run(&args, minutes).await;
        }
        if let Some(n) = args.computer_games {
            return computer_games(&args, n.min(64)).await;
        }
        let deadline = Instant::now() + Duration::from_secs(args.seconds);
        let start = Instant::now();
        let tasks: Vec<_> = (0..args.clients)
            .map(|i| {
                let variant = args.variant.clone();
                tokio::spawn(client(args.addr, i, variant, args.moves, deadline))
            })
            .collect();
        let mut all = Vec::new();
        let mut failures = 0;
        for t in tasks {
            match t.await {
                Ok(Ok(times)) => all.extend(times),
                Ok(Err(e)) => {
                    failures += 1;
                    eprintln!("client failed: {e}");
                }
                Err(e) => {
                    failures += 1;
                    eprintln!("client panicked: {e}");
                }
            }
        }
        let wall = start.elapsed();
        all.sort();
        println!(
            "clients {} moves {} failures {} wall {:.2}s throughput {:.0} moves/s p50 {:.2} ms p90 {:.2} ms p99 {:.2} ms max {:.2} ms",
            args.clients,
            all.len(),
            failures,
            wall.as_secs_f64(),
            all.len() as f64 / wall.as_secs_f64(),
            percentile(&all, 0.5).as_secs_f64() * 1e3,
            percentile(&all, 0.9).as_secs_f64() * 1e3,
            percentile(&all, 0.99).as_secs_f64() * 1e3,
            all.last().copied().unwrap_or_default().as_secs_f64() * 1e3,
        );
        Ok(())
    })
}
