//! Who is asking: the anonymous player id (an `HttpOnly`, `SameSite=Lax` cookie issued on
//! the first request without one, or the same id as a bearer token) — or, for a browser
//! logged in to an account, the account's player id, which its session cookie stands for
//! (`sessions.rs`) — and the checks that
//! keep other sites out: the `Host` must be an address this server serves, and a
//! state-changing request or a WebSocket upgrade that names an `Origin` must name this
//! server's own (docs/api.md, "Players").

use super::error::{ApiError, ErrorCode};
use super::sessions::{self, CarriedSession, Sessions};
use axum::extract::Request;
use axum::http::{header, HeaderMap, HeaderValue, Method};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

/// The cookie that holds the player id.
pub const COOKIE: &str = "spacechess_player";
/// How long the browser keeps the cookie: five years (there is no sign-in to renew it).
const COOKIE_MAX_AGE_SECS: u64 = 5 * 365 * 24 * 3600;

/// An anonymous player: 32 lowercase hexadecimal digits, a secret only its browser (or
/// program) knows.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PlayerId(String);

impl PlayerId {
    /// A fresh random id (from the system's random source).
    pub fn new() -> PlayerId {
        PlayerId(random_hex())
    }

    /// Reads an id as a client sends it; `None` unless it is 32 hex digits.
    pub fn parse(s: &str) -> Option<PlayerId> {
        (s.len() == 32 && s.bytes().all(|b| b.is_ascii_hexdigit()))
            .then(|| PlayerId(s.to_ascii_lowercase()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl Default for PlayerId {
    fn default() -> Self {
        PlayerId::new()
    }
}

/// 128 random bits as hex: `/dev/urandom`, else the standard library's randomly keyed
/// hasher (seeded from the system's random source as well).
pub fn random_hex() -> String {
    use std::io::Read;
    let mut bytes = [0u8; 16];
    let read = std::fs::File::open("/dev/urandom").and_then(|mut f| f.read_exact(&mut bytes));
    if read.is_err() {
        use std::collections::hash_map::RandomState;
        use std::hash::{BuildHasher, Hasher};
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        for (i, chunk) in bytes.chunks_mut(8).enumerate() {
            let mut h = RandomState::new().build_hasher();
            h.write_usize(i);
            h.write_u128(nanos);
            chunk.copy_from_slice(&h.finish().to_le_bytes());
        }
    }
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The names this server answers to besides loopback and the address a connection came
/// in on (`--host`, for a deployment behind a name).
#[derive(Clone, Debug, Default)]
pub struct Hosts {
    names: Vec<String>,
}

impl Hosts {
    pub fn new(names: &[String], bind: &str) -> Hosts {
        let mut names: Vec<String> = names.iter().map(|n| n.to_ascii_lowercase()).collect();
        names.push(bind.trim_matches(['[', ']']).to_ascii_lowercase());
        Hosts { names }
    }

    /// Whether `host` (a `Host` header's name, without the port) is served here: a
    /// loopback name or address, the address the connection was made to, or a configured
    /// name.
    fn allows(&self, host: &str, served: Option<IpAddr>) -> bool {
        let host = host.trim_matches(['[', ']']).to_ascii_lowercase();
        if host == "localhost" || host.ends_with(".localhost") {
            return true;
        }
        if let Ok(ip) = host.parse::<IpAddr>() {
            if ip.is_loopback() || Some(ip) == served {
                return true;
            }
        }
        self.names.contains(&host)
    }
}

/// What the middleware needs: the names served and the sessions.
pub struct Gate {
    hosts: Hosts,
    sessions: Arc<Sessions>,
}

impl Gate {
    pub fn new(hosts: Hosts, sessions: Arc<Sessions>) -> Gate {
        Gate { hosts, sessions }
    }
}

/// `Set-Cookie` that gives the browser a player id.
pub fn cookie(player: &PlayerId) -> String {
    format!(
        "{COOKIE}={}; Path=/; Max-Age={COOKIE_MAX_AGE_SECS}; HttpOnly; SameSite=Lax",
        player.as_str()
    )
}

/// The value of the cookie `name`, if the request carries it.
fn cookie_value<'h>(headers: &'h HeaderMap, name: &str) -> Option<&'h str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(n, _)| *n == name)
        .map(|(_, value)| value.trim())
}

/// Whether an answer sets the cookie `name` itself.
fn sets_cookie(headers: &HeaderMap, name: &str) -> bool {
    headers
        .get_all(header::SET_COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .any(|v| v.split_once('=').is_some_and(|(n, _)| n.trim() == name))
}

/// The address a connection was accepted on (inserted by `listen.rs`).
#[derive(Clone, Copy, Debug)]
pub struct ServedAddr(pub SocketAddr);

/// `host[:port]` without the port.
fn host_name(authority: &str) -> &str {
    if let Some(rest) = authority.strip_prefix('[') {
        // [v6]:port
        return rest.split(']').next().unwrap_or(rest);
    }
    authority.split(':').next().unwrap_or(authority)
}

fn forbidden(code: ErrorCode, message: String) -> Response {
    ApiError::new(code, message).into_response()
}

fn header_str(headers: &HeaderMap, name: header::HeaderName) -> Option<&str> {
    headers.get(name).and_then(|v| v.to_str().ok())
}

/// The player id a request carries: the bearer token if there is one (it must be well
/// formed), else the cookie (a malformed cookie counts as none).
fn carried(headers: &HeaderMap) -> Result<Option<PlayerId>, ApiError> {
    if let Some(auth) = headers.get(header::AUTHORIZATION) {
        let text = auth.to_str().unwrap_or("");
        let token = text
            .strip_prefix("Bearer ")
            .or_else(|| text.strip_prefix("bearer "))
            .map(str::trim);
        return match token.and_then(PlayerId::parse) {
            Some(p) => Ok(Some(p)),
            None => Err(ApiError::new(
                ErrorCode::BadPlayer,
                format!(
                    "the Authorization header must be \"Bearer <player id>\" with a player id of 32 hexadecimal digits, not {text:?}"
                ),
            )),
        };
    }
    Ok(cookie_value(headers, COOKIE).and_then(PlayerId::parse))
}

/// A request changes something (or opens a socket): only this site's pages may send it.
fn needs_own_origin(req: &Request) -> bool {
    let upgrade = req.headers().contains_key(header::UPGRADE);
    !matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS) || upgrade
}

/// Checks `Host` and `Origin`, finds or issues the player id (put into the request's
/// extensions as [`PlayerId`]) and sets the cookie on the answer when it was issued. A
/// session cookie that is open stands for its account's player id (unless a bearer
/// token names a player); one that is not is ignored, and cleared on the answer.
pub async fn middleware(
    axum::extract::State(gate): axum::extract::State<Arc<Gate>>,
    mut req: Request,
    next: Next,
) -> Response {
    let hosts = &gate.hosts;
    let served = req.extensions().get::<ServedAddr>().map(|a| a.0.ip());
    let Some(host) = header_str(req.headers(), header::HOST).map(str::to_string) else {
        return forbidden(ErrorCode::BadHost, "the request has no Host header".into());
    };
    if !hosts.allows(host_name(&host), served) {
        return forbidden(
            ErrorCode::BadHost,
            format!("this server does not answer to the host {host:?} (see --host)"),
        );
    }
    // An absolute-form target (`GET http://other.example/...`) names the host too, and
    // HTTP/1.1 says it wins over the header: it must be served here as well.
    if let Some(authority) = req.uri().authority().map(|a| a.as_str().to_string()) {
        if !hosts.allows(host_name(&authority), served) {
            return forbidden(
                ErrorCode::BadHost,
                format!("this server does not answer to the host {authority:?} (see --host)"),
            );
        }
    }
    if needs_own_origin(&req) {
        if let Some(origin) = header_str(req.headers(), header::ORIGIN) {
            let own = origin
                .strip_prefix("http://")
                .or_else(|| origin.strip_prefix("https://"))
                .is_some_and(|authority| authority.eq_ignore_ascii_case(&host));
            if !own {
                return forbidden(
                    ErrorCode::BadOrigin,
                    format!(
                        "requests from the page {origin:?} are refused: only this server's own pages may change games"
                    ),
                );
            }
        }
    }
    let (mut player, mut issued) = match carried(req.headers()) {
        Err(e) => return e.into_response(),
        Ok(Some(p)) => (p, false),
        Ok(None) => (PlayerId::new(), true),
    };
    let bearer = req.headers().contains_key(header::AUTHORIZATION);
    let mut open_session = None;
    let mut clear_session = false;
    if let Some(sent) = cookie_value(req.headers(), sessions::COOKIE).filter(|_| !bearer) {
        match session_player(&gate.sessions, sent).await {
            Err(e) => return e.into_response(),
            Ok(Some((token, account))) => {
                player = account;
                issued = false;
                open_session = Some(token);
            }
            Ok(None) => clear_session = true,
        }
    }
    req.extensions_mut().insert(player.clone());
    req.extensions_mut().insert(Arc::clone(&gate.sessions));
    req.extensions_mut().insert(CarriedSession(open_session));
    let mut response = next.run(req).await;
    security_headers(response.headers_mut());
    let headers = response.headers_mut();
    let mut set = Vec::new();
    if issued && !sets_cookie(headers, COOKIE) {
        set.push(cookie(&player));
    }
    if clear_session && !sets_cookie(headers, sessions::COOKIE) {
        set.push(sessions::clearing_cookie());
    }
    for c in set {
        if let Ok(v) = HeaderValue::from_str(&c) {
            headers.append(header::SET_COOKIE, v);
        }
    }
    response
}

/// The token and the account's player id of a session cookie's value, if it is an
/// open session. The store is read only when the cache does not know the session, and
/// then off the async workers.
async fn session_player(
    sessions: &Arc<Sessions>,
    sent: &str,
) -> Result<Option<(String, PlayerId)>, ApiError> {
    let Some(token) = sessions::parse_token(sent) else {
        return Ok(None);
    };
    if let Some(p) = sessions.cached(&token) {
        return Ok(Some((token, p)));
    }
    let s = Arc::clone(sessions);
    let t = token.clone();
    let found = tokio::task::spawn_blocking(move || s.resolve(&t))
        .await
        .map_err(|e| ApiError::internal(format!("cannot read the session: {e}")))?
        .map_err(|e| ApiError::internal(format!("cannot read the session: {e}")))?;
    Ok(found.map(|p| (token, p)))
}

/// The page may run only this server's scripts (and its WebAssembly module), talk only
/// to this server (its sockets included), and be framed by no other site. Styles may be
/// inline: the 3D view's labels are positioned with inline styles.
const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; \
worker-src 'self' blob:; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; \
connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'self'; \
form-action 'self'; frame-ancestors 'none'";

/// Headers on every answer that keep other sites from framing the app, browsers from
/// guessing content types, and addresses of games from leaking through the referrer.
fn security_headers(headers: &mut HeaderMap) {
    let set = [
        (header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::REFERRER_POLICY, "no-referrer"),
        (header::X_FRAME_OPTIONS, "DENY"),
    ];
    for (name, value) in set {
        headers.insert(name, HeaderValue::from_static(value));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_32_hex_digits_read_back_and_differ() {
        let a = PlayerId::new();
        assert_eq!(a.as_str().len(), 32);
        assert_eq!(PlayerId::parse(a.as_str()), Some(a.clone()));
        assert_ne!(a, PlayerId::new());
        assert_eq!(
            PlayerId::parse("ABCDEF0123456789abcdef0123456789")
                .unwrap()
                .as_str(),
            "abcdef0123456789abcdef0123456789"
        );
        assert!(PlayerId::parse("abc").is_none());
        assert!(PlayerId::parse("zbcdef0123456789abcdef0123456789").is_none());
    }

    #[test]
    fn hosts_are_loopback_the_served_address_or_named() {
        let hosts = Hosts::new(&["chess.example.org".into()], "0.0.0.0");
        let lan: IpAddr = "192.168.1.5".parse().unwrap();
        assert!(hosts.allows("localhost", None));
        assert!(hosts.allows("127.0.0.1", None));
        assert!(hosts.allows("::1", None));
        assert!(hosts.allows("Chess.Example.org", None));
        assert!(hosts.allows("192.168.1.5", Some(lan)));
        assert!(!hosts.allows("192.168.1.6", Some(lan)));
        assert!(!hosts.allows("evil.example", Some(lan)));
        assert_eq!(host_name("[::1]:8080"), "::1");
        assert_eq!(host_name("localhost:8080"), "localhost");
    }

    #[test]
    fn the_bearer_token_wins_and_a_bad_one_is_refused() {
        let mut h = HeaderMap::new();
        h.insert(
            header::COOKIE,
            HeaderValue::from_static("a=b; spacechess_player=0123456789abcdef0123456789abcdef"),
        );
        assert_eq!(
            carried(&h).unwrap().unwrap().as_str(),
            "0123456789abcdef0123456789abcdef"
        );
        h.insert(
            header::AUTHORIZATION,
            HeaderValue::from_static("Bearer ffffffffffffffffffffffffffffffff"),
        );
        assert_eq!(
            carried(&h).unwrap().unwrap().as_str(),
            "ffffffffffffffffffffffffffffffff"
        );
        h.insert(
            header::AUTHORIZATION,
            HeaderValue::from_static("Bearer nope"),
        );
        assert_eq!(carried(&h).unwrap_err().code, ErrorCode::BadPlayer);
        let mut bad_cookie = HeaderMap::new();
        bad_cookie.insert(
            header::COOKIE,
            HeaderValue::from_static("spacechess_player=x"),
        );
        assert_eq!(carried(&bad_cookie).unwrap(), None);
    }
}
