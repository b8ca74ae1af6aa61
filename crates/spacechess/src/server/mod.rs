//! The web server: the embedded front end, the HTTP API and a WebSocket per game
//! (docs/api.md), games stored in SQLite in the data directory, or in PostgreSQL
//! (`--store`, `open_store.rs`).

mod accounts;
mod actions;
mod analysis;
mod analysis_boards;
mod analysis_engine;
mod analysis_routes;
mod assets;
mod body;
mod cluster;
mod computer;
#[cfg(test)]
mod contract;
mod effects;
mod error;
mod forwarded;
pub mod fuzzing;
mod game;
mod inspect;
mod json_errors;
mod kinds;
mod labels;
mod lessons;
mod limits;
mod listen;
mod lobby;
mod my_games;
mod open_store;
mod parse_errors;
mod players;
mod puzzles;
mod ratings;
mod registry;
mod requests;
mod routes;
mod search;
mod service;
mod sessions;
mod share;
mod store;
mod view;
mod ws;

use crate::failure::Failure;
use limits::LimitConfig;
use service::ServiceConfig;
use std::io::Write;
use std::net::SocketAddr;
use std::path::PathBuf;

#[derive(clap::Args, Clone, Debug)]
pub struct ServeArgs {
    /// Port to listen on (0: any free port; the address is printed)
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// Address to listen on
    #[arg(long, default_value = "127.0.0.1")]
    pub bind: String,
    /// A host name the server answers to besides loopback and the address a client
    /// connected to (repeatable; a deployment's public name)
    #[arg(long = "host")]
    pub hosts: Vec<String>,
    /// A reverse proxy whose X-Forwarded-For names the client (repeatable, or a comma
    /// list of IP addresses); the per-address limits then count that client
    #[arg(long = "trusted-proxy", value_name = "ADDR", value_delimiter = ',')]
    pub trusted_proxies: Vec<std::net::IpAddr>,
    /// Directory of the game database (default: $XDG_DATA_HOME/spacechess or
    /// ~/.local/share/spacechess)
    #[arg(long, conflicts_with = "store")]
    pub data: Option<PathBuf>,
    /// Keep games in this PostgreSQL database instead of SQLite
    /// (postgres://user[:password]@host[:port]/database; its schema is created or
    /// brought up to date at start). One instance per database for now: several would
    /// not see each other's changes
    #[arg(long, value_name = "URL")]
    pub store: Option<String>,
    /// Games one client address may create per hour
    #[arg(long, default_value_t = 200, hide = true)]
    pub games_per_hour: u32,
    /// Computer searches (and Oracles) one client address may run at once
    #[arg(long, default_value_t = 4, hide = true)]
    pub searches_per_client: u32,
    /// Computer searches (and Oracles) running at once on the whole server (0: none)
    #[arg(long, default_value_t = 16, hide = true)]
    pub max_searches: u32,
    /// Threads per search
    #[arg(long, default_value_t = 1, hide = true)]
    pub search_threads: usize,
    /// Hash table size per search, in MB
    #[arg(long, default_value_t = 16, hide = true)]
    pub hash_mb: usize,
    /// Unfinished games one player may hold a seat in
    #[arg(long, default_value_t = 50, hide = true)]
    pub open_games_per_player: u32,
    /// Unfinished games created from one address (player ids cost nothing, so no more
    /// than one player may hold)
    #[arg(long, default_value_t = 50, hide = true)]
    pub open_games_per_address: u32,
    /// Online games one player may have waiting for their invited player
    #[arg(long, default_value_t = 5, hide = true)]
    pub open_invites_per_player: u32,
    /// Online games created from one address still waiting for their invited player
    #[arg(long, default_value_t = 20, hide = true)]
    pub open_invites_per_address: u32,
    /// Analysis boards one player may have open at once
    #[arg(long, default_value_t = 3, hide = true)]
    pub analyses_per_player: u32,
    /// Analysis boards opened from one address open at once
    #[arg(long, default_value_t = 12, hide = true)]
    pub analyses_per_address: u32,
    /// Engine seconds (the Oracle's included) one analysis board may use
    #[arg(long, default_value_t = 600, hide = true)]
    pub analysis_engine_seconds: u32,
    /// People watching one game at once (the seats' holders do not count)
    #[arg(long, default_value_t = 24, hide = true)]
    pub watchers_per_game: u32,
    /// Time for each side's first move in an online game before it aborts, in ms
    #[arg(long, default_value_t = 30_000, hide = true)]
    pub first_move_ms: u64,
    /// Time without a live socket after which an online player counts as gone (the
    /// opponent may claim), in ms
    #[arg(long, default_value_t = 60_000, hide = true)]
    pub gone_ms: u64,
    /// Shortest initial time of a time control, in ms
    #[arg(long, default_value_t = 6_000, hide = true)]
    pub min_time_control_ms: i64,
    /// Connections one client address may hold open at once
    #[arg(long, default_value_t = 64, hide = true)]
    pub connections_per_client: u32,
    /// WebSockets one client address may hold open at once
    #[arg(long, default_value_t = 32, hide = true)]
    pub sockets_per_client: u32,
    /// WebSockets open on one game at once
    #[arg(long, default_value_t = 32, hide = true)]
    pub sockets_per_game: u32,
    /// How often a WebSocket is pinged, in ms; one that answered nothing since the
    /// previous ping is closed
    #[arg(long, default_value_t = 20_000, hide = true)]
    pub ws_ping_ms: u64,
    /// Time for a whole request head, and for an idle keep-alive connection, in ms
    #[arg(long, default_value_t = 10_000, hide = true)]
    pub header_timeout_ms: u64,
    /// Time for a whole request body, in ms
    #[arg(long, default_value_t = 10_000, hide = true)]
    pub body_timeout_ms: u64,
    /// Time for the server's answer to a request, in ms
    #[arg(long, default_value_t = 30_000, hide = true)]
    pub request_timeout_ms: u64,
    /// Threads of the blocking pool (service calls, store writes) at most
    #[arg(long, default_value_t = MAX_BLOCKING_THREADS, hide = true)]
    pub max_blocking_threads: usize,
    /// How long an idle thread of the blocking pool waits for work before it ends, in ms
    #[arg(long, default_value_t = BLOCKING_KEEP_ALIVE_MS, hide = true)]
    pub blocking_keep_alive_ms: u64,
    /// How long a shutdown (Ctrl-C, SIGTERM) waits for open connections, in ms
    #[arg(long, default_value_t = 5_000, hide = true)]
    pub shutdown_grace_ms: u64,
    /// The Oracle's time per turn when a request names none, in ms (100 to 60 000)
    #[arg(long, default_value_t = routes::ORACLE_DEFAULT_MS, hide = true,
          value_parser = clap::value_parser!(u64).range(routes::ORACLE_BUDGET_MS))]
    pub oracle_ms: u64,
}

impl Default for ServeArgs {
    fn default() -> Self {
        ServeArgs {
            port: 8080,
            bind: "127.0.0.1".into(),
            hosts: Vec::new(),
            trusted_proxies: Vec::new(),
            data: None,
            store: None,
            games_per_hour: 200,
            searches_per_client: 4,
            max_searches: 16,
            search_threads: 1,
            hash_mb: 16,
            min_time_control_ms: 6_000,
            open_games_per_player: 50,
            open_games_per_address: 50,
            open_invites_per_player: 5,
            open_invites_per_address: 20,
            watchers_per_game: 24,
            analyses_per_player: 3,
            analyses_per_address: 12,
            analysis_engine_seconds: 600,
            first_move_ms: 30_000,
            gone_ms: 60_000,
            connections_per_client: 64,
            sockets_per_client: 32,
            sockets_per_game: 32,
            ws_ping_ms: 20_000,
            header_timeout_ms: 10_000,
            body_timeout_ms: 10_000,
            request_timeout_ms: 30_000,
            max_blocking_threads: MAX_BLOCKING_THREADS,
            blocking_keep_alive_ms: BLOCKING_KEEP_ALIVE_MS,
            shutdown_grace_ms: 5_000,
            oracle_ms: routes::ORACLE_DEFAULT_MS,
        }
    }
}

impl ServeArgs {
    fn net_config(&self) -> listen::NetConfig {
        let ms = std::time::Duration::from_millis;
        listen::NetConfig {
            connections_per_client: self.connections_per_client.max(1),
            header_timeout: ms(self.header_timeout_ms.max(1)),
            body_timeout: ms(self.body_timeout_ms.max(1)),
            request_timeout: ms(self.request_timeout_ms.max(1)),
            shutdown_grace: ms(self.shutdown_grace_ms),
            ..listen::NetConfig::default()
        }
    }
}

/// A fresh anonymous player id, for programs that talk to a server (the load test).
pub fn new_player_id() -> String {
    players::random_hex()
}

/// Threads of the blocking pool (service calls, store writes).
const MAX_BLOCKING_THREADS: usize = 64;

/// How long an idle blocking-pool thread lives. Tokio's default, 10 s, kept a burst's
/// threads (and the memory their allocator caches held) for good under a light traffic:
/// idle threads take work in turn, so at 10 requests a second each was woken within its
/// 10 s and none ended (68 threads and 375 MB a minute after a burst; with 1 s, 8 threads
/// and 88 MB, docs/server.md "Memory after a burst").
const BLOCKING_KEEP_ALIVE_MS: u64 = 1_000;

/// Largest WebSocket message or frame a client may send (clients need send nothing).
const WS_MESSAGE_BYTES: usize = 4096;
/// A WebSocket client that has not taken a message in this time is dropped.
const WS_SEND_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(20);

/// `$XDG_DATA_HOME/spacechess`, else `~/.local/share/spacechess`.
fn default_data_dir() -> Result<PathBuf, Failure> {
    if let Some(x) = std::env::var_os("XDG_DATA_HOME").filter(|x| !x.is_empty()) {
        return Ok(PathBuf::from(x).join("spacechess"));
    }
    let home = std::env::var_os("HOME")
        .filter(|h| !h.is_empty())
        .ok_or_else(|| Failure("cannot find a data directory: set --data or HOME".into()))?;
    Ok(PathBuf::from(home).join(".local/share/spacechess"))
}

/// How long a finished game nobody watches stays in memory.
const FORGET_AFTER: std::time::Duration = std::time::Duration::from_secs(600);
/// How long an unfinished game nobody watches, with nothing running, stays in memory.
const FORGET_UNFINISHED_AFTER: std::time::Duration = std::time::Duration::from_secs(1800);

/// Ctrl-C or SIGTERM: stop accepting connections and let requests in flight finish
/// (every acknowledged move is already stored, so nothing is lost either way).
async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {}
        _ = term => {}
    }
}

/// Runs the server until interrupted.
pub fn run(args: ServeArgs) -> Result<(), Failure> {
    let store = open_store::Opened::open(args.store.as_deref(), args.data.clone())?;
    let addr: SocketAddr = format!("{}:{}", args.bind, args.port)
        .parse()
        .or_else(|_| format!("[{}]:{}", args.bind, args.port).parse())
        .map_err(|_| Failure(format!("--bind {:?} is not an IP address", args.bind)))?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        // Requests run the game service on the blocking pool; under a load the machine
        // cannot keep up with, more threads only add memory (tokio's default is 512).
        .max_blocking_threads(args.max_blocking_threads.max(1))
        .thread_keep_alive(std::time::Duration::from_millis(
            args.blocking_keep_alive_ms,
        ))
        .build()
        .map_err(|e| Failure(format!("cannot start the runtime: {e}")))?;
    let config = ServiceConfig {
        limits: LimitConfig {
            games_per_hour: args.games_per_hour,
            searches_per_client: args.searches_per_client,
            max_searches: args.max_searches,
            min_time_control_ms: args.min_time_control_ms,
            open_games_per_player: args.open_games_per_player,
            open_games_per_address: args.open_games_per_address,
            open_invites_per_player: args.open_invites_per_player,
            open_invites_per_address: args.open_invites_per_address,
            analyses_per_player: args.analyses_per_player,
            analyses_per_address: args.analyses_per_address,
            analysis_engine_seconds: args.analysis_engine_seconds,
        },
        engine: engine::api::Settings {
            threads: args.search_threads.max(1),
            hash_mb: args.hash_mb.max(1),
        },
        online: table::OnlineTimes {
            first_move_ms: i64::try_from(args.first_move_ms).unwrap_or(i64::MAX),
            gone_after_ms: i64::try_from(args.gone_ms).unwrap_or(i64::MAX),
        },
        oracle_default: std::time::Duration::from_millis(args.oracle_ms),
    };
    let served: Result<(), Failure> = runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .map_err(|e| Failure(format!("cannot listen on {addr}: {e}")))?;
        let local = listener
            .local_addr()
            .map_err(|e| Failure(format!("cannot read the listening address: {e}")))?;
        // Joining other instances reads the database (off the async workers).
        let handle = tokio::runtime::Handle::current();
        let service = tokio::task::spawn_blocking(move || store.into_service(config, handle))
            .await
            .map_err(|e| Failure(e.to_string()))??;
        let svc = std::sync::Arc::clone(&service);
        let resumed = tokio::task::spawn_blocking(move || svc.resume_all())
            .await
            .map_err(|e| Failure(e.to_string()))?
            .map_err(|e| Failure(e.message))?;
        if resumed > 0 {
            eprintln!("spacechess: resumed {resumed} unfinished games");
        }
        println!("spacechess: open http://{local}/");
        let _ = std::io::stdout().flush();
        // Idle games leave memory after a while (they stay in the store).
        let sweeper = std::sync::Arc::clone(&service);
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(FORGET_AFTER / 4);
            loop {
                tick.tick().await;
                let s = std::sync::Arc::clone(&sweeper);
                let _ = tokio::task::spawn_blocking(move || {
                    s.forget_idle(FORGET_AFTER, Some(FORGET_UNFINISHED_AFTER))
                })
                .await;
            }
        });
        let net = args.net_config();
        let sockets = ws::SocketLimits::new(
            WS_MESSAGE_BYTES,
            WS_SEND_TIMEOUT,
            std::time::Duration::from_millis(args.ws_ping_ms.max(10)),
            args.sockets_per_game.max(1),
            args.sockets_per_client.max(1),
            args.watchers_per_game,
        );
        // Sessions resolve to their account's player id in the players' middleware.
        let sessions = std::sync::Arc::new(sessions::Sessions::new(std::sync::Arc::clone(
            &service.store,
        )));
        // Outermost first: every error answer becomes JSON, then a handler's answer and
        // a request body are each bounded in time.
        let app = routes::router(service)
            .layer(axum::middleware::from_fn_with_state(
                net.body_timeout,
                body::middleware,
            ))
            .layer(tower_http::timeout::TimeoutLayer::with_status_code(
                axum::http::StatusCode::REQUEST_TIMEOUT,
                net.request_timeout,
            ))
            .layer(axum::Extension(sockets))
            .layer(axum::middleware::from_fn_with_state(
                std::sync::Arc::new(players::Gate::new(
                    players::Hosts::new(&args.hosts, &args.bind),
                    sessions,
                )),
                players::middleware,
            ))
            .layer(axum::middleware::from_fn(json_errors::middleware));
        let proxies = std::sync::Arc::new(forwarded::TrustedProxies::new(&args.trusted_proxies));
        listen::serve(listener, app, net, proxies, shutdown_signal()).await;
        Ok(())
    });
    served?;
    // Searches and WebSocket streams still running stop with the runtime.
    runtime.shutdown_timeout(std::time::Duration::from_secs(1));
    Ok(())
}
