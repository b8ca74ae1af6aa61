//! Players and accounts (docs/api.md, "Players and accounts"): a display name for the
//! anonymous player id, and an account — a password bound to that id — that lets other
//! devices log in as the same player (a session, `sessions.rs`).
//!
//! Passwords are kept as Argon2id hashes (the `argon2` crate's default parameters).
//! Hashing is slow by design, so it runs on the blocking pool, at most
//! [`HASHES_AT_ONCE`] at once per instance; a login with an unknown name costs one hash
//! as well (against a dummy hash made once), so that the time taken does not tell which
//! names have accounts. Failed logins and accounts made are counted in the store, so the
//! limits hold across instances.

use super::error::{ApiError, ErrorCode};
use super::limits::Window;
use super::players::{self, PlayerId};
use super::ratings::PoolRatingView;
use super::routes::{blocking, AppState};
use super::sessions::{self, CarriedSession, Sessions};
use super::share::share_of;
use super::store::{name_key, AccountRefusal, GameStore, NameRefusal};
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{ConnectInfo, Extension, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post, put};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use std::net::SocketAddr;
use std::sync::{Arc, OnceLock};
use table::requests::field;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

#[cfg(test)]
use ts_rs::TS;

/// A name's length in characters.
pub const NAME_CHARS: std::ops::RangeInclusive<usize> = 3..=20;
/// Names nobody may take (in any case): they would pass for the site or the computer.
pub const RESERVED_NAMES: [&str; 7] = [
    "computer",
    "anonymous",
    "admin",
    "spacechess",
    "oracle",
    "player",
    "guest",
];
/// After a name's first change, the next may come this long after the last one.
pub const NAME_CHANGE_MS: i64 = 30 * 24 * 3600 * 1000;
/// A password's length in characters.
pub const PASSWORD_CHARS: std::ops::RangeInclusive<usize> = 8..=128;
/// Password hashes one instance computes at once (each takes about 19 MiB for tens of
/// milliseconds); another request then gets 429 with `Retry-After: 1`.
pub const HASHES_AT_ONCE: usize = 2;
/// Accounts one address may make per hour.
pub const ACCOUNTS_PER_HOUR: u32 = 3;
/// Failed logins counted over this window…
pub const LOGIN_WINDOW_MS: i64 = 15 * 60 * 1000;
/// …at most this many for one name from one address (so that one address cannot lock
/// a name for its owner elsewhere)…
pub const LOGIN_FAILURES_PER_NAME_HERE: u32 = 5;
/// …this many for one name from every address together (a name tried from many
/// addresses at once is under attack)…
pub const LOGIN_FAILURES_PER_NAME: u32 = 50;
/// …and this many from one address (whatever names it tries).
pub const LOGIN_FAILURES_PER_ADDRESS: u32 = 20;

/// The body of `PUT /api/me/name`.
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[cfg_attr(test, derive(TS), ts(rename = "NameRequest"))]
pub struct NameBody {
    /// The name wanted: 3 to 20 letters A–Z, digits, `_` or `-`, first a letter.
    /// Required.
    #[serde(default, deserialize_with = "field::string")]
    #[cfg_attr(test, ts(type = "string"))]
    pub name: Option<String>,
}

/// The body of `POST /api/account`.
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[cfg_attr(test, derive(TS), ts(rename = "AccountRequest"))]
pub struct AccountBody {
    /// 8 to 128 characters. Required.
    #[serde(default, deserialize_with = "field::string")]
    #[cfg_attr(test, ts(type = "string"))]
    pub password: Option<String>,
}

/// The body of `POST /api/session` (logging in).
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[cfg_attr(test, derive(TS), ts(rename = "LoginRequest"))]
pub struct LoginBody {
    /// The account's name, in any case. Required.
    #[serde(default, deserialize_with = "field::string")]
    #[cfg_attr(test, ts(type = "string"))]
    pub name: Option<String>,
    /// Required.
    #[serde(default, deserialize_with = "field::string")]
    #[cfg_attr(test, ts(type = "string"))]
    pub password: Option<String>,
}

/// The asking player (`GET /api/me`).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct Me {
    /// The display name (`null` until chosen).
    pub name: Option<String>,
    /// Whether the player has an account (and so may log in elsewhere).
    pub account: bool,
    /// How long until the name may change again (`null`: now, or no name yet).
    #[cfg_attr(test, ts(type = "number | null"))]
    pub name_change_in_ms: Option<u64>,
    /// The player's ratings, one per pool played.
    pub ratings: Vec<PoolRatingView>,
}

/// `GET /api/me` reads one player may make per minute (a page reads it once), four
/// players' worth per address, as player ids cost nothing.
pub const ME_READS_PER_MINUTE: u32 = 120;
pub const ME_READS_ADDRESS_SHARE: u32 = 4;
/// Names one address may choose per hour: a name needs no account, so without this
/// bound one address could claim names by the thousand under made-up player ids.
pub const NAMES_PER_ADDRESS_PER_HOUR: u32 = 30;

/// What one instance keeps for the routes: the hashing permits, the dummy hash, and
/// the counts of reads (per minute) and names chosen (per hour).
struct Accounts {
    hashing: Arc<Semaphore>,
    dummy: OnceLock<String>,
    reads: Window,
    names: Window,
}

/// The routes, merged into the API router.
pub fn routes() -> Router<AppState> {
    let accounts = Arc::new(Accounts::new());
    Router::new()
        .route("/me", get(me))
        .route("/me/name", put(set_name))
        .route("/account", post(create_account))
        .route("/session", post(log_in).delete(log_out))
        .layer(Extension(accounts))
}

fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

/// Whole seconds until `ms` have passed, at least 1 (a `Retry-After`).
fn seconds(ms: i64) -> u64 {
    u64::try_from(ms.max(1)).unwrap_or(1).div_ceil(1000)
}

/// Why `name` may not be a name, as the field's error (`None`: it may).
pub fn name_problem(name: &str) -> Option<String> {
    let n = name.chars().count();
    let shown: String = name.chars().take(40).collect();
    if !NAME_CHARS.contains(&n) {
        return Some(format!(
            "field \"name\" must be {} to {} characters long, not {n}",
            NAME_CHARS.start(),
            NAME_CHARS.end()
        ));
    }
    if let Some(c) = name
        .chars()
        .find(|c| !(c.is_ascii_alphanumeric() || *c == '_' || *c == '-'))
    {
        return Some(format!(
            "field \"name\" may hold only the letters A to Z (either case), digits, \"_\" and \"-\", not {c:?} (in {shown:?})"
        ));
    }
    if !name.starts_with(|c: char| c.is_ascii_alphabetic()) {
        return Some(format!(
            "field \"name\" must begin with a letter, not {shown:?}"
        ));
    }
    let key = name.to_ascii_lowercase();
    if RESERVED_NAMES.contains(&key.as_str()) {
        return Some(format!(
            "field \"name\": {shown:?} is reserved (the reserved names, in any case: {})",
            RESERVED_NAMES.join(", ")
        ));
    }
    None
}

/// Why `password` may not be a password, as the field's error (never quoting it).
pub fn password_problem(password: &str) -> Option<String> {
    let n = password.chars().count();
    (!PASSWORD_CHARS.contains(&n)).then(|| {
        format!(
            "field \"password\" must be {} to {} characters long, not {n}",
            PASSWORD_CHARS.start(),
            PASSWORD_CHARS.end()
        )
    })
}

/// The Argon2id hash of a password (PHC string: parameters, salt and hash).
fn hash_password(password: &str) -> Result<String, ApiError> {
    let hex = players::random_hex();
    let salt: Vec<u8> = (0..hex.len())
        .step_by(2)
        .filter_map(|i| u8::from_str_radix(&hex[i..i + 2], 16).ok())
        .collect();
    let salt = SaltString::encode_b64(&salt)
        .map_err(|e| ApiError::internal(format!("cannot make a salt: {e}")))?;
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| ApiError::internal(format!("cannot hash the password: {e}")))
}

/// Whether `password` is the one `hash` was made from (a malformed hash matches none).
fn verify_password(password: &str, hash: &str) -> bool {
    PasswordHash::new(hash).is_ok_and(|h| {
        Argon2::default()
            .verify_password(password.as_bytes(), &h)
            .is_ok()
    })
}

impl Accounts {
    fn new() -> Accounts {
        Accounts {
            hashing: Arc::new(Semaphore::new(HASHES_AT_ONCE)),
            dummy: OnceLock::new(),
            reads: Window::new(std::time::Duration::from_secs(60)),
            names: Window::new(std::time::Duration::from_secs(3600)),
        }
    }

    /// A permit to hash, if fewer than [`HASHES_AT_ONCE`] are running.
    fn permit(&self) -> Result<OwnedSemaphorePermit, ApiError> {
        Arc::clone(&self.hashing).try_acquire_owned().map_err(|_| {
            ApiError::rate_limited(format!(
                "the server is checking {HASHES_AT_ONCE} passwords already: try again in a second"
            ))
            .with_retry_after(1)
        })
    }

    /// A hash no password matches, made once: a login with an unknown name checks its
    /// password against it, so it takes as long as one with a known name.
    fn dummy(&self) -> &str {
        self.dummy.get_or_init(|| {
            hash_password(&players::random_hex()).unwrap_or_else(|_| "$argon2id$".into())
        })
    }
}

/// The asking player as `GET /api/me` shows them.
fn me_of(store: &dyn GameStore, player: &str, now: i64) -> Result<Me, ApiError> {
    let row = store.name_of(player)?;
    let account = store.has_account(player)?;
    let ratings = store.ratings_of(player)?;
    Ok(Me {
        name_change_in_ms: row
            .as_ref()
            .and_then(|r| change_wait_ms(r.changes, r.changed_at_ms, now))
            .and_then(|ms| u64::try_from(ms).ok()),
        name: row.map(|r| r.name),
        account,
        ratings: ratings.iter().map(PoolRatingView::from).collect(),
    })
}

/// How long until a name set at `changed_at_ms` may change, after `changes` changes
/// (`None`: now). The first choice is free, and so is the first change after it (a
/// slip can be mended); after that, one change per 30 days.
fn change_wait_ms(changes: u32, changed_at_ms: i64, now: i64) -> Option<i64> {
    if changes == 0 {
        return None;
    }
    let wait = changed_at_ms.saturating_add(NAME_CHANGE_MS) - now;
    (wait > 0).then_some(wait)
}

/// A 429 with the wait once `window` has counted `keys` up to their caps.
fn admit(window: &Window, keys: &[(&str, u32)], what: &str) -> Result<(), ApiError> {
    window
        .try_hit(keys, std::time::Instant::now())
        .map_err(|wait| {
            ApiError::rate_limited(format!("too many {what}"))
                .with_retry_after(wait.as_secs_f64().ceil().max(1.0) as u64)
        })
}

async fn me(
    State(svc): State<AppState>,
    Extension(player): Extension<PlayerId>,
    Extension(accounts): Extension<Arc<Accounts>>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
) -> Result<Json<Me>, ApiError> {
    let by_player = format!("me {}", player.as_str());
    let by_address = format!("me address {}", share_of(&addr));
    admit(
        &accounts.reads,
        &[
            (by_player.as_str(), ME_READS_PER_MINUTE),
            (
                by_address.as_str(),
                ME_READS_PER_MINUTE * ME_READS_ADDRESS_SHARE,
            ),
        ],
        &format!(
            "reads of /api/me: at most {ME_READS_PER_MINUTE} a minute per player ({} per address)",
            ME_READS_PER_MINUTE * ME_READS_ADDRESS_SHARE
        ),
    )?;
    blocking(move || me_of(&*svc.store, player.as_str(), now_ms()))
        .await
        .map(Json)
}

fn required(field: &str, value: Option<String>) -> Result<String, ApiError> {
    value.ok_or_else(|| ApiError::bad_request(format!("field \"{field}\" is required")))
}

async fn set_name(
    State(svc): State<AppState>,
    Extension(player): Extension<PlayerId>,
    Extension(accounts): Extension<Arc<Accounts>>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<Me>, ApiError> {
    let body: NameBody = super::requests::read(body)?
        .ok_or_else(|| ApiError::bad_request("a body {\"name\": \"…\"} is required"))?;
    let name = required("name", body.name)?;
    if let Some(problem) = name_problem(&name) {
        return Err(ApiError::new(ErrorCode::BadName, problem));
    }
    let by_address = format!("names address {}", share_of(&addr));
    admit(
        &accounts.names,
        &[(by_address.as_str(), NAMES_PER_ADDRESS_PER_HOUR)],
        &format!("names chosen from this address: at most {NAMES_PER_ADDRESS_PER_HOUR} an hour"),
    )?;
    blocking(move || {
        let store = &*svc.store;
        let now = now_ms();
        let before = store.name_of(player.as_str())?;
        if let Some(row) = &before {
            if row.name == name {
                return me_of(store, player.as_str(), now);
            }
            if let Some(wait) = change_wait_ms(row.changes, row.changed_at_ms, now) {
                return Err(ApiError::rate_limited(format!(
                    "a name may change once in 30 days: {:?} may change in {} days",
                    row.name,
                    seconds(wait).div_ceil(86_400)
                ))
                .with_retry_after(seconds(wait)));
            }
        }
        match store.set_name(player.as_str(), &name, now)? {
            Ok(_) => me_of(store, player.as_str(), now),
            Err(NameRefusal::Taken) => Err(ApiError::new(
                ErrorCode::NameTaken,
                format!("the name {name:?} is taken (names differ regardless of case)"),
            )),
        }
    })
    .await
    .map(Json)
}

/// An answer that opens a session: `Me`, the session's cookie and a fresh anonymous
/// player id's cookie (what the browser is left with once it logs out).
fn logged_in(status: StatusCode, me: Me, token: &str) -> Response {
    let mut r = (status, Json(me)).into_response();
    let fresh = players::cookie(&PlayerId::new());
    for c in [sessions::cookie(token), fresh] {
        if let Ok(v) = HeaderValue::from_str(&c) {
            r.headers_mut().append(header::SET_COOKIE, v);
        }
    }
    r
}

async fn create_account(
    State(svc): State<AppState>,
    Extension(accounts): Extension<Arc<Accounts>>,
    Extension(sessions): Extension<Arc<Sessions>>,
    Extension(player): Extension<PlayerId>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let body: AccountBody = super::requests::read(body)?
        .ok_or_else(|| ApiError::bad_request("a body {\"password\": \"…\"} is required"))?;
    let password = required("password", body.password)?;
    if let Some(problem) = password_problem(&password) {
        return Err(ApiError::new(ErrorCode::BadPassword, problem));
    }
    let addr = share_of(&addr).to_string();
    let permit = accounts.permit()?;
    let (me, token) = blocking(move || {
        let _permit = permit;
        let store = &*svc.store;
        let now = now_ms();
        let Some(named) = store.name_of(player.as_str())? else {
            return Err(name_required());
        };
        if store.has_account(player.as_str())? {
            return Err(account_exists(&named.name));
        }
        if store.accounts_created_since(&addr, now - 3_600_000)? >= ACCOUNTS_PER_HOUR {
            return Err(ApiError::rate_limited(format!(
                "at most {ACCOUNTS_PER_HOUR} accounts an hour are made from one address"
            ))
            .with_retry_after(3600));
        }
        let hash = hash_password(&password)?;
        match store.create_account(player.as_str(), &hash, now, &addr)? {
            Ok(()) => {}
            Err(AccountRefusal::NoName) => return Err(name_required()),
            Err(AccountRefusal::Exists) => return Err(account_exists(&named.name)),
        }
        let token = sessions.open(&player)?;
        Ok((me_of(store, player.as_str(), now)?, token))
    })
    .await?;
    Ok(logged_in(StatusCode::CREATED, me, &token))
}

fn name_required() -> ApiError {
    ApiError::new(
        ErrorCode::NameRequired,
        "choose a name first (PUT /api/me/name): an account logs in by its name",
    )
}

fn account_exists(name: &str) -> ApiError {
    ApiError::new(
        ErrorCode::NameTaken,
        format!("{name:?} has an account already: log in instead"),
    )
}

fn bad_login() -> ApiError {
    ApiError::new(ErrorCode::BadLogin, "wrong name or password")
}

async fn log_in(
    State(svc): State<AppState>,
    Extension(accounts): Extension<Arc<Accounts>>,
    Extension(sessions): Extension<Arc<Sessions>>,
    Extension(CarriedSession(before)): Extension<CarriedSession>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let body: LoginBody = super::requests::read(body)?.ok_or_else(|| {
        ApiError::bad_request("a body {\"name\": \"…\", \"password\": \"…\"} is required")
    })?;
    let name = required("name", body.name)?;
    let password = required("password", body.password)?;
    if let Some(problem) = password_problem(&password) {
        return Err(ApiError::new(ErrorCode::BadPassword, problem));
    }
    let addr = share_of(&addr).to_string();
    // A name no account can have is counted against the address only by its first
    // characters (the store keeps what it counts).
    let key = name_key(&name.chars().take(*NAME_CHARS.end() + 1).collect::<String>());
    let store = Arc::clone(&svc.store);
    let (key2, addr2) = (key.clone(), addr.clone());
    blocking(move || throttled(&*store, &key2, &addr2, now_ms())).await?;
    let permit = accounts.permit()?;
    let (me, token) = blocking(move || {
        let _permit = permit;
        let store = &*svc.store;
        let account = if name_problem(&name).is_none() {
            store.account_by_name(&name)?
        } else {
            None
        };
        let right = match &account {
            Some(a) => verify_password(&password, &a.password_hash),
            None => {
                verify_password(&password, accounts.dummy());
                false
            }
        };
        let now = now_ms();
        let Some(account) = account.filter(|_| right) else {
            store.record_login_failure(&key, &addr, now)?;
            return Err(bad_login());
        };
        store.clear_login_failures(&key)?;
        let Some(player) = PlayerId::parse(&account.player) else {
            return Err(ApiError::internal("the account's player id is malformed"));
        };
        // A session this browser had before (another account's) ends: it gets a new one.
        if let Some(before) = before {
            sessions.close(&before)?;
        }
        let token = sessions.open(&player)?;
        Ok((me_of(store, player.as_str(), now)?, token))
    })
    .await?;
    Ok(logged_in(StatusCode::OK, me, &token))
}

/// A 429 if the name or the address failed to log in too often lately.
fn throttled(store: &dyn GameStore, key: &str, addr: &str, now: i64) -> Result<(), ApiError> {
    let f = store.login_failures_since(key, addr, now - LOGIN_WINDOW_MS)?;
    let wait = |oldest: Option<i64>| oldest.map_or(LOGIN_WINDOW_MS, |o| o + LOGIN_WINDOW_MS - now);
    let limits = [
        (
            f.by_name_here >= LOGIN_FAILURES_PER_NAME_HERE,
            f.oldest_by_name_here,
            format!(
                "too many failed logins for this name from this address: at most {LOGIN_FAILURES_PER_NAME_HERE} in 15 minutes"
            ),
        ),
        (
            f.by_name >= LOGIN_FAILURES_PER_NAME,
            f.oldest_by_name,
            format!(
                "too many failed logins for this name from many addresses: at most {LOGIN_FAILURES_PER_NAME} in 15 minutes"
            ),
        ),
        (
            f.by_addr >= LOGIN_FAILURES_PER_ADDRESS,
            f.oldest_by_addr,
            format!(
                "too many failed logins from this address: at most {LOGIN_FAILURES_PER_ADDRESS} in 15 minutes"
            ),
        ),
    ];
    // The longest wait of the limits reached.
    let refusal = limits
        .into_iter()
        .filter(|(reached, _, _)| *reached)
        .map(|(_, oldest, message)| (wait(oldest), message))
        .max_by_key(|(w, _)| *w);
    match refusal {
        Some((wait, message)) => {
            Err(ApiError::rate_limited(message).with_retry_after(seconds(wait)))
        }
        None => Ok(()),
    }
}

async fn log_out(
    Extension(sessions): Extension<Arc<Sessions>>,
    Extension(CarriedSession(token)): Extension<CarriedSession>,
) -> Result<Response, ApiError> {
    if let Some(token) = token {
        blocking(move || sessions.close(&token).map_err(ApiError::from)).await?;
    }
    let mut r = StatusCode::NO_CONTENT.into_response();
    if let Ok(v) = HeaderValue::from_str(&sessions::clearing_cookie()) {
        r.headers_mut().append(header::SET_COOKIE, v);
    }
    Ok(r)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_follow_the_rules_and_each_refusal_names_its_rule() {
        for ok in ["abc", "Alice", "bob_99", "x-y-z", "A234567890123456789Z"] {
            assert_eq!(name_problem(ok), None, "{ok}");
        }
        for (bad, says) in [
            ("ab", "3 to 20 characters long, not 2"),
            ("A2345678901234567890Z", "not 21"),
            ("9lives", "must begin with a letter"),
            ("_abc", "must begin with a letter"),
            ("al ice", "not ' '"),
            ("élodie", "not 'é'"),
            ("Admin", "is reserved"),
            ("GUEST", "is reserved"),
        ] {
            let p = name_problem(bad).unwrap_or_else(|| panic!("{bad} accepted"));
            assert!(p.starts_with("field \"name\""), "{p}");
            assert!(p.contains(says), "{bad}: {p}");
        }
    }

    #[test]
    fn passwords_have_8_to_128_characters_and_are_never_quoted() {
        assert_eq!(password_problem("12345678"), None);
        assert_eq!(password_problem(&"é".repeat(128)), None);
        let p = password_problem("secret1").unwrap();
        assert!(p.contains("8 to 128") && !p.contains("secret1"), "{p}");
        assert!(password_problem(&"x".repeat(129)).is_some());
    }

    #[test]
    fn a_hash_is_argon2id_and_verifies_only_its_password() {
        let h = hash_password("correct horse").unwrap();
        assert!(h.starts_with("$argon2id$"), "{h}");
        assert!(verify_password("correct horse", &h));
        assert!(!verify_password("correct horsE", &h));
        assert_ne!(h, hash_password("correct horse").unwrap(), "salted");
        assert!(!verify_password("x", "not a hash"));
    }

    #[test]
    fn at_most_two_hashes_run_at_once_and_a_third_waits_a_second() {
        let accounts = Accounts::new();
        let first = accounts.permit().unwrap();
        let _second = accounts.permit().unwrap();
        let refused = accounts.permit().unwrap_err();
        assert_eq!(
            (refused.code, refused.retry_after),
            (ErrorCode::RateLimited, Some(1))
        );
        drop(first);
        assert!(accounts.permit().is_ok());
        // The dummy hash is made once and matches no password.
        let dummy = accounts.dummy().to_string();
        assert!(dummy.starts_with("$argon2id$"), "{dummy}");
        assert_eq!(accounts.dummy(), dummy);
    }

    #[test]
    fn the_first_change_is_free_then_one_per_30_days() {
        assert_eq!(change_wait_ms(0, 1_000, 2_000), None);
        assert_eq!(
            change_wait_ms(1, 1_000, 2_000),
            Some(NAME_CHANGE_MS - 1_000)
        );
        assert_eq!(change_wait_ms(3, 1_000, 1_000 + NAME_CHANGE_MS), None);
        assert_eq!(seconds(1), 1);
        assert_eq!(seconds(1_001), 2);
    }
}
