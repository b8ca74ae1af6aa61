//! Accepting connections: HTTP/1.1 by hyper with a header timeout (which also closes an
//! idle keep-alive connection: hyper's timer starts whenever a connection waits for the
//! next request head) and a size limit on the request head, at most
//! [`NetConfig::connections_per_client`] connections per client address, and a graceful
//! shutdown that waits for requests in flight at most [`NetConfig::shutdown_grace`].
//! Each request carries its client's address as `ConnectInfo`: the peer's, or behind a
//! trusted proxy the one it forwards (`super::forwarded`), so every per-address limit
//! downstream counts the real client.
//! Body and request timeouts are tower-http layers on the router (see `super::run`).

use super::error::ApiError;
use super::forwarded::TrustedProxies;
use super::limits::Counter;
use super::parse_errors::JsonParseErrors;
use super::share::share_address;
use axum::extract::ConnectInfo;
use axum::response::IntoResponse;
use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::future::Future;
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

/// At most one line a minute about connections that cannot be accepted.
const ACCEPT_LOG_EVERY: Duration = Duration::from_secs(60);
use tokio::io::AsyncWriteExt;
use tokio::net::{TcpListener, TcpStream};
use tower::ServiceExt;

/// Connection limits and timeouts (docs/server.md lists them with their flags).
#[derive(Clone, Copy, Debug)]
pub struct NetConfig {
    pub connections_per_client: u32,
    /// For the whole request head; also how long an idle keep-alive connection stays.
    pub header_timeout: Duration,
    /// For the whole request body.
    pub body_timeout: Duration,
    /// For a handler's answer.
    pub request_timeout: Duration,
    /// Request line and headers together (hyper's minimum is 8192).
    pub max_head_bytes: usize,
    /// How long a shutdown waits for connections to finish.
    pub shutdown_grace: Duration,
}

impl Default for NetConfig {
    fn default() -> Self {
        NetConfig {
            connections_per_client: 64,
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(10),
            request_timeout: Duration::from_secs(30),
            max_head_bytes: 16 * 1024,
            shutdown_grace: Duration::from_secs(5),
        }
    }
}

/// Serves `app` on `listener` until `shutdown` completes, then lets connections finish
/// for at most the grace period.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    config: NetConfig,
    proxies: Arc<TrustedProxies>,
    shutdown: impl Future<Output = ()>,
) {
    let per_client = Counter::<IpAddr>::new(config.connections_per_client);
    let (stop_tx, stop_rx) = tokio::sync::watch::channel(false);
    // Every connection task holds a sender; all are gone once every connection ended.
    let (alive_tx, mut alive_rx) = tokio::sync::mpsc::channel::<()>(1);
    tokio::pin!(shutdown);
    let mut refused_accepts = 0u64;
    let mut last_accept_log = None;
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(a) => a,
                Err(e) => {
                    // Out of descriptors, most likely: wait for some to close. One line
                    // a minute says so (with the count), not one per refused attempt.
                    refused_accepts += 1;
                    if last_accept_log.is_none_or(|t: tokio::time::Instant| t.elapsed() >= ACCEPT_LOG_EVERY) {
                        eprintln!(
                            "spacechess: cannot accept a connection ({refused_accepts} times since the last report): {e}"
                        );
                        refused_accepts = 0;
                        last_accept_log = Some(tokio::time::Instant::now());
                    }
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        // A trusted proxy carries every client's connections, so it is not capped as one
        // client (its own `maxconn` bounds it); its clients' requests are still counted
        // by every per-address limit under their forwarded addresses.
        let held = if proxies.trusts(peer.ip()) {
            None
        } else {
            let Some(held) = per_client.try_hold(&share_address(peer.ip())) else {
                tokio::spawn(refuse(stream, config.connections_per_client));
                continue;
            };
            Some(held)
        };
        let _ = stream.set_nodelay(true);
        let app = app.clone();
        let mut stop = stop_rx.clone();
        let alive = alive_tx.clone();
        let proxies = Arc::clone(&proxies);
        tokio::spawn(async move {
            let served = stream.local_addr().ok().map(super::players::ServedAddr);
            let service = hyper::service::service_fn(move |mut req: hyper::Request<Incoming>| {
                let client = proxies.client(peer, req.headers());
                req.extensions_mut().insert(ConnectInfo(client));
                if let Some(s) = served {
                    req.extensions_mut().insert(s);
                }
                app.clone().oneshot(req)
            });
            let io = TokioIo::new(JsonParseErrors::new(stream, config.max_head_bytes));
            let conn = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(config.header_timeout)
                .max_buf_size(config.max_head_bytes)
                .serve_connection(io, service)
                .with_upgrades();
            tokio::pin!(conn);
            tokio::select! {
                _ = conn.as_mut() => {}
                _ = stop.changed() => {
                    conn.as_mut().graceful_shutdown();
                    let _ = conn.await;
                }
            }
            drop((held, alive));
        });
    }
    drop(listener);
    let _ = stop_tx.send(true);
    drop(alive_tx);
    if tokio::time::timeout(config.shutdown_grace, alive_rx.recv())
        .await
        .is_err()
    {
        eprintln!(
            "spacechess: connections still open after {:?}; stopping anyway",
            config.shutdown_grace
        );
    }
}

/// Answers a connection over the per-address cap with a 429 and closes it.
async fn refuse(mut stream: TcpStream, cap: u32) {
    let err = ApiError::rate_limited(format!(
        "too many connections from this address (at most {cap} at once)"
    ));
    let retry = err
        .clone()
        .into_response()
        .headers()
        .get(axum::http::header::RETRY_AFTER)
        .and_then(|v| v.to_str().ok().map(str::to_string))
        .unwrap_or_else(|| "1".into());
    let body = err.body().to_string();
    let answer = format!(
        "HTTP/1.1 429 Too Many Requests\r\ncontent-type: application/json\r\ncontent-length: {}\r\nretry-after: {retry}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    );
    let _ = tokio::time::timeout(Duration::from_secs(2), async {
        let _ = stream.write_all(answer.as_bytes()).await;
        let _ = stream.shutdown().await;
    })
    .await;
}
