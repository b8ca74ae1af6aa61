//! Sessions: what a browser that logged in to an account carries (the cookie
//! `spacechess_session`, 32 hexadecimal digits) in place of the account's player id,
//! which it is never told (docs/api.md, "Players and accounts").
//!
//! The store keeps each session's token only as its BLAKE2b-256 hash, so that a copy of
//! the database opens no session. A session lasts 30 days. Each instance keeps the
//! sessions it resolved lately in a small cache (10 s at most, 10 000 entries), so that a
//! page's burst of requests reads the store once; a session ended on another instance
//! may therefore still open this one for up to 10 s.

use super::players::{random_hex, PlayerId};
use super::store::{GameStore, StoreError};
use blake2::digest::consts::U32;
use blake2::{Blake2b, Digest};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The cookie that holds a session's token.
pub const COOKIE: &str = "spacechess_session";
/// How long a session lasts, and its cookie: 30 days.
pub const MAX_AGE_SECS: u64 = 30 * 24 * 3600;
/// How long a resolved session is trusted without reading the store again.
pub const CACHE_TTL: Duration = Duration::from_secs(10);
/// Sessions held in the cache at most.
pub const CACHE_ENTRIES: usize = 10_000;

/// The session a request carries, once the middleware found it open (for logging out);
/// `None` without one.
#[derive(Clone, Debug, Default)]
pub struct CarriedSession(pub Option<String>);

/// A token as a client sends it: 32 hexadecimal digits (lower case), else `None`.
pub fn parse_token(s: &str) -> Option<String> {
    (s.len() == 32 && s.bytes().all(|b| b.is_ascii_hexdigit())).then(|| s.to_ascii_lowercase())
}

/// What the store keeps of a token: its BLAKE2b-256 hash, in hex.
pub fn token_hash(token: &str) -> String {
    let digest = Blake2b::<U32>::digest(token.as_bytes());
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

/// `Set-Cookie` of a new session.
pub fn cookie(token: &str) -> String {
    format!("{COOKIE}={token}; Path=/; Max-Age={MAX_AGE_SECS}; HttpOnly; SameSite=Lax")
}

/// `Set-Cookie` that makes the browser forget its session.
pub fn clearing_cookie() -> String {
    format!("{COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax")
}

fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

/// The sessions of one instance: the store's, and the cache of those resolved lately.
pub struct Sessions {
    store: Arc<dyn GameStore>,
    /// Token hash → the account's player id and when it was read from the store.
    cache: Mutex<HashMap<String, (PlayerId, Instant)>>,
}

impl Sessions {
    pub fn new(store: Arc<dyn GameStore>) -> Sessions {
        Sessions {
            store,
            cache: Mutex::new(HashMap::new()),
        }
    }

    fn cache(&self) -> std::sync::MutexGuard<'_, HashMap<String, (PlayerId, Instant)>> {
        self.cache.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The player of a session from the cache, if read from the store within
    /// [`CACHE_TTL`] (cheap: no store call).
    pub fn cached(&self, token: &str) -> Option<PlayerId> {
        let hash = token_hash(token);
        let mut cache = self.cache();
        match cache.get(&hash) {
            Some((player, at)) if at.elapsed() < CACHE_TTL => Some(player.clone()),
            Some(_) => {
                cache.remove(&hash);
                None
            }
            None => None,
        }
    }

    /// The player of a session: the cache's, else the store's (blocking: call it off the
    /// async workers). `None` for an unknown or expired session.
    pub fn resolve(&self, token: &str) -> Result<Option<PlayerId>, StoreError> {
        if let Some(p) = self.cached(token) {
            return Ok(Some(p));
        }
        let hash = token_hash(token);
        let Some(player) = self.store.session_player(&hash, now_ms())? else {
            return Ok(None);
        };
        // Rows are written by this server; one that is not a player id opens nothing.
        let Some(player) = PlayerId::parse(&player) else {
            return Ok(None);
        };
        self.remember(hash, player.clone());
        Ok(Some(player))
    }

    fn remember(&self, hash: String, player: PlayerId) {
        let mut cache = self.cache();
        if cache.len() >= CACHE_ENTRIES {
            cache.retain(|_, (_, at)| at.elapsed() < CACHE_TTL);
            if cache.len() >= CACHE_ENTRIES {
                // Full of live entries: they are read again from the store.
                cache.clear();
            }
        }
        cache.insert(hash, (player, Instant::now()));
    }

    /// Opens a session of `player` (blocking): its token, for the cookie.
    pub fn open(&self, player: &PlayerId) -> Result<String, StoreError> {
        let token = random_hex();
        let now = now_ms();
        let lifetime = i64::try_from(MAX_AGE_SECS * 1000).unwrap_or(i64::MAX);
        self.store.create_session(
            &token_hash(&token),
            player.as_str(),
            now,
            now.saturating_add(lifetime),
        )?;
        Ok(token)
    }

    /// Ends a session (blocking): the store forgets it and so does this instance.
    pub fn close(&self, token: &str) -> Result<(), StoreError> {
        let hash = token_hash(token);
        self.cache().remove(&hash);
        self.store.delete_session(&hash)
    }

    /// How many sessions the cache holds (for tests).
    #[cfg(test)]
    fn cached_count(&self) -> usize {
        self.cache().len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::server::store::SqliteStore;

    fn sessions() -> (tempfile::TempDir, Sessions) {
        let dir = tempfile::tempdir().unwrap();
        let store = SqliteStore::open(&dir.path().join("games.db")).unwrap();
        (dir, Sessions::new(Arc::new(store)))
    }

    #[test]
    fn tokens_are_hashed_by_blake2b_256() {
        // BLAKE2b-256 of the empty string (RFC 7693's BLAKE2b with a 32-byte digest).
        assert_eq!(
            token_hash(""),
            "0e5751c026e543b2e8ab2eb06099daa1d1e5df47778f7787faab45cdf12fe3a8"
        );
        let t = random_hex();
        assert_eq!(token_hash(&t).len(), 64);
        assert_ne!(token_hash(&t), t);
        assert_eq!(parse_token(&t.to_ascii_uppercase()), Some(t));
        assert_eq!(parse_token("abc"), None);
        assert_eq!(parse_token(&"g".repeat(32)), None);
    }

    #[test]
    fn a_session_opens_resolves_from_the_cache_and_closes() {
        let (_dir, s) = sessions();
        let player = PlayerId::new();
        let token = s.open(&player).unwrap();
        assert_eq!(s.cached(&token), None, "not read yet");
        assert_eq!(s.resolve(&token).unwrap(), Some(player.clone()));
        assert_eq!(s.cached(&token), Some(player));
        s.close(&token).unwrap();
        assert_eq!(s.cached(&token), None);
        assert_eq!(s.resolve(&token).unwrap(), None);
        assert_eq!(s.resolve(&random_hex()).unwrap(), None);
    }

    #[test]
    fn the_cache_stays_bounded() {
        let (_dir, s) = sessions();
        for _ in 0..CACHE_ENTRIES + 5 {
            s.remember(random_hex(), PlayerId::new());
        }
        assert!(s.cached_count() <= CACHE_ENTRIES, "{}", s.cached_count());
    }

    #[test]
    fn cookies_are_http_only_lax_and_last_30_days() {
        let c = cookie("0123456789abcdef0123456789abcdef");
        assert_eq!(
            c,
            "spacechess_session=0123456789abcdef0123456789abcdef; Path=/; Max-Age=2592000; HttpOnly; SameSite=Lax"
        );
        assert!(clearing_cookie().contains("Max-Age=0"));
    }
}
