//! Limits that keep one client (or many) from exhausting the machine: games created per
//! hour per client address, searches running at once per client, and searches running at
//! once in total. A search holds a [`SearchPermit`] for as long as it runs. Connections
//! and WebSockets are counted per key with a [`Counter`] (see docs/server.md for every
//! limit a deployment gets).

use std::collections::{HashMap, VecDeque};
use std::hash::Hash;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use table::TimeControl;

/// The configured limits.
#[derive(Clone, Copy, Debug)]
pub struct LimitConfig {
    pub games_per_hour: u32,
    pub searches_per_client: u32,
    pub max_searches: u32,
    /// The shortest initial time of a time control, in milliseconds.
    pub min_time_control_ms: i64,
    /// Unfinished games one player may hold a seat in.
    pub open_games_per_player: u32,
    /// Unfinished games created from one address: no more than one player may hold, as
    /// player ids cost nothing (three ids from one address held three players' share).
    pub open_games_per_address: u32,
    /// Online games one player may have waiting for their invited player.
    pub open_invites_per_player: u32,
    /// Online games created from one address still waiting for their invited player.
    pub open_invites_per_address: u32,
    /// Analysis boards one player may have open at once.
    pub analyses_per_player: u32,
    /// Analysis boards opened from one address open at once (player ids cost nothing).
    pub analyses_per_address: u32,
    /// Engine seconds (the Oracle's included) one analysis board may use.
    pub analysis_engine_seconds: u32,
}

/// `Retry-After` of a refusal for too many open games: they free when one ends, which
/// nothing here can foresee.
pub const OPEN_GAMES_RETRY_AFTER_SECS: u64 = 60;

impl Default for LimitConfig {
    fn default() -> Self {
        LimitConfig {
            games_per_hour: 200,
            searches_per_client: 4,
            max_searches: 16,
            min_time_control_ms: 6_000,
            open_games_per_player: 50,
            open_games_per_address: 50,
            open_invites_per_player: 5,
            open_invites_per_address: 20,
            analyses_per_player: 3,
            analyses_per_address: 12,
            analysis_engine_seconds: 600,
        }
    }
}

impl LimitConfig {
    /// Refuses a time control shorter than the minimum: a game with less is lost on
    /// time before anyone can move (`minutes: 1e-9` used to be accepted). `initial_ms`
    /// is a live control's starting time: a correspondence control (a whole day or more
    /// per move, see [`live_initial_ms`]) is always long enough.
    pub fn check_time_control(&self, initial_ms: Option<i64>) -> Result<(), String> {
        match initial_ms {
            Some(ms) if ms < self.min_time_control_ms => Err(format!(
                "field \"time_control.minutes\" must be at least {} (the server's minimum time control), not {}",
                self.min_time_control_ms as f64 / 60_000.0,
                ms as f64 / 60_000.0
            )),
            _ => Ok(()),
        }
    }
}

/// The starting time a live time control gives each side, for
/// [`LimitConfig::check_time_control`] (`None` for none, and for correspondence).
pub fn live_initial_ms(tc: Option<TimeControl>) -> Option<i64> {
    tc.filter(|t| !t.per_move).map(|t| t.initial_ms)
}

/// What a search is for: a game in progress (the computer's move, a draw offer, a game's
/// Oracle) or an analysis board. Analysis has a share of the slots of its own and never
/// takes one from play: a player's move is never refused for a slot analysis holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchKind {
    Play,
    Analysis,
}

/// Searches analysis boards may run at once on the whole server: a quarter of the
/// searches of play, at least one.
pub fn analysis_share(max_searches: u32) -> u32 {
    (max_searches / 4).max(1).min(max_searches)
}

/// Counts running searches, per client and in total, play and analysis apart.
pub struct SearchSlots {
    config: LimitConfig,
    inner: Mutex<Counts>,
    /// Called whenever a slot frees, so waiting work can retry.
    on_release: Box<dyn Fn() + Send + Sync>,
}

#[derive(Default)]
struct Counts {
    total: u32,
    per_client: HashMap<String, u32>,
    analysis: u32,
    analysis_per_client: HashMap<String, u32>,
}

impl Counts {
    fn of(&mut self, kind: SearchKind) -> (&mut u32, &mut HashMap<String, u32>) {
        match kind {
            SearchKind::Play => (&mut self.total, &mut self.per_client),
            SearchKind::Analysis => (&mut self.analysis, &mut self.analysis_per_client),
        }
    }
}

/// How many things (connections, sockets) each key (an address, a game) holds at once,
/// with a cap per key. A holder keeps a [`Held`] and releases on drop.
pub struct Counter<K: Hash + Eq + Clone> {
    cap: u32,
    counts: Mutex<HashMap<K, u32>>,
}

/// One counted thing; released on drop.
pub struct Held<K: Hash + Eq + Clone> {
    counter: Arc<Counter<K>>,
    key: K,
}

impl<K: Hash + Eq + Clone> Counter<K> {
    pub fn new(cap: u32) -> Arc<Counter<K>> {
        Arc::new(Counter {
            cap,
            counts: Mutex::new(HashMap::new()),
        })
    }

    pub fn cap(&self) -> u32 {
        self.cap
    }

    fn counts(&self) -> std::sync::MutexGuard<'_, HashMap<K, u32>> {
        self.counts.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Counts one more for `key`, or `None` when it already holds `cap`.
    pub fn try_hold(self: &Arc<Self>, key: &K) -> Option<Held<K>> {
        let mut counts = self.counts();
        let n = counts.entry(key.clone()).or_insert(0);
        if *n >= self.cap {
            return None;
        }
        *n += 1;
        Some(Held {
            counter: Arc::clone(self),
            key: key.clone(),
        })
    }

    /// What `key` holds now.
    pub fn held(&self, key: &K) -> u32 {
        self.counts().get(key).copied().unwrap_or(0)
    }
}

impl<K: Hash + Eq + Clone> Drop for Held<K> {
    fn drop(&mut self) {
        let mut counts = self.counter.counts();
        if let Some(n) = counts.get_mut(&self.key) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                counts.remove(&self.key);
            }
        }
    }
}

/// Requests per key in the last period (a sliding log: the times of each key's recent
/// requests), several keys at once: a request counts against every key it names (a
/// player and their address) and is refused, counting against none, when any of them is
/// at its cap. Per instance: with several instances a client may get each one's share.
pub struct Window {
    period: Duration,
    hits: Mutex<HashMap<String, VecDeque<Instant>>>,
}

/// Keys a [`Window`] keeps before it forgets the idle ones.
const WINDOW_KEYS_KEPT: usize = 10_000;

impl Window {
    pub fn new(period: Duration) -> Window {
        Window {
            period,
            hits: Mutex::new(HashMap::new()),
        }
    }

    /// Counts one request at `now` against each `(key, cap)`, or, when a key is at its
    /// cap, counts nothing and answers how long until that key has room again.
    pub fn try_hit(&self, keys: &[(&str, u32)], now: Instant) -> Result<(), Duration> {
        let mut hits = self.hits.lock().unwrap_or_else(|e| e.into_inner());
        let period = self.period;
        let recent = |t: &Instant| now.saturating_duration_since(*t) < period;
        if hits.len() > WINDOW_KEYS_KEPT {
            hits.retain(|_, times| times.back().is_some_and(recent));
        }
        let mut wait = Duration::ZERO;
        for &(key, cap) in keys {
            let Some(times) = hits.get_mut(key) else {
                if cap == 0 {
                    wait = wait.max(period);
                }
                continue;
            };
            while times.front().is_some_and(|t| !recent(t)) {
                times.pop_front();
            }
            if times.len() >= cap as usize {
                // Room again when the oldest request counted leaves the period.
                let oldest = times.front().copied().unwrap_or(now);
                wait = wait.max(period.saturating_sub(now.saturating_duration_since(oldest)));
            }
        }
        if !wait.is_zero() {
            return Err(wait);
        }
        for &(key, _) in keys {
            hits.entry(key.to_string()).or_default().push_back(now);
        }
        Ok(())
    }
}

/// Why a search may not start now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SlotRefusal {
    ClientBusy(u32),
    ServerBusy(u32),
    AnalysisFull(u32),
}

impl std::fmt::Display for SlotRefusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SlotRefusal::ClientBusy(n) => write!(
                f,
                "too many computer searches running for this client (at most {n} at once)"
            ),
            SlotRefusal::ServerBusy(n) => write!(
                f,
                "the server is running its maximum of {n} computer searches; try again shortly"
            ),
            SlotRefusal::AnalysisFull(n) => write!(
                f,
                "the server is running its maximum of {n} analysis searches (games in progress keep the rest); try again shortly"
            ),
        }
    }
}

impl SearchSlots {
    pub fn new(config: LimitConfig, on_release: Box<dyn Fn() + Send + Sync>) -> Arc<SearchSlots> {
        Arc::new(SearchSlots {
            config,
            inner: Mutex::new(Counts::default()),
            on_release,
        })
    }

    fn counts(&self) -> std::sync::MutexGuard<'_, Counts> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A permit for `client`, or why not. `None` as client skips the per-client limit
    /// (searches the server resumes by itself after a restart).
    pub fn try_acquire(
        self: &Arc<Self>,
        client: Option<&str>,
    ) -> Result<SearchPermit, SlotRefusal> {
        self.try_acquire_for(SearchKind::Play, client)
    }

    /// A permit of `kind` for `client`, or why not.
    pub fn try_acquire_for(
        self: &Arc<Self>,
        kind: SearchKind,
        client: Option<&str>,
    ) -> Result<SearchPermit, SlotRefusal> {
        let max = self.config.max_searches;
        let (cap, full) = match kind {
            SearchKind::Play => (max, SlotRefusal::ServerBusy(max)),
            SearchKind::Analysis => {
                let share = if max == 0 { 0 } else { analysis_share(max) };
                (share, SlotRefusal::AnalysisFull(share))
            }
        };
        let per_client = self.config.searches_per_client;
        let mut counts = self.counts();
        let (total, clients) = counts.of(kind);
        if *total >= cap {
            return Err(full);
        }
        if let Some(c) = client {
            let n = clients.get(c).copied().unwrap_or(0);
            if n >= per_client {
                return Err(SlotRefusal::ClientBusy(per_client));
            }
            clients.insert(c.to_string(), n + 1);
        }
        *total += 1;
        Ok(SearchPermit {
            slots: Arc::clone(self),
            kind,
            client: client.map(str::to_string),
        })
    }

    /// Searches running now.
    #[cfg(test)]
    pub fn running(&self) -> u32 {
        let c = self.counts();
        c.total + c.analysis
    }
}

/// One running search's claim on the limits; released on drop.
pub struct SearchPermit {
    slots: Arc<SearchSlots>,
    kind: SearchKind,
    client: Option<String>,
}

impl Drop for SearchPermit {
    fn drop(&mut self) {
        {
            let mut counts = self.slots.counts();
            let (total, clients) = counts.of(self.kind);
            *total = total.saturating_sub(1);
            if let Some(c) = &self.client {
                if let Some(n) = clients.get_mut(c) {
                    *n = n.saturating_sub(1);
                    if *n == 0 {
                        clients.remove(c);
                    }
                }
            }
        }
        (self.slots.on_release)();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU32, Ordering};

    #[test]
    fn time_controls_under_the_minimum_are_refused() {
        let l = LimitConfig::default();
        // 1e-9 minutes.
        let live = |ms| live_initial_ms(Some(TimeControl::live(ms, 0)));
        let e = l
            .check_time_control(live((1e-9 * 60_000.0) as i64))
            .unwrap_err();
        assert!(e.contains("at least 0.1"), "{e}");
        assert!(l.check_time_control(live(5_999)).is_err());
        assert!(l.check_time_control(live(6_000)).is_ok());
        assert!(l.check_time_control(None).is_ok());
        // Correspondence: a day or more per move.
        for days in table::DAYS_PER_MOVE {
            let tc = TimeControl::days_per_move(days);
            assert_eq!(live_initial_ms(Some(tc)), None);
            assert!(l.check_time_control(live_initial_ms(Some(tc))).is_ok());
        }
    }

    #[test]
    fn a_window_counts_every_key_and_refuses_at_any_cap_until_the_oldest_leaves() {
        let w = Window::new(Duration::from_secs(60));
        let t0 = Instant::now();
        let at = |s: u64| t0 + Duration::from_secs(s);
        assert_eq!(w.try_hit(&[("p", 2), ("a", 3)], at(0)), Ok(()));
        assert_eq!(w.try_hit(&[("p", 2), ("a", 3)], at(10)), Ok(()));
        // The player is at its cap: room again when the first request is 60 s old.
        assert_eq!(
            w.try_hit(&[("p", 2), ("a", 3)], at(20)),
            Err(Duration::from_secs(40))
        );
        // The refusal counted against neither key; another player of the address has
        // the address's last place.
        assert_eq!(w.try_hit(&[("q", 2), ("a", 3)], at(20)), Ok(()));
        assert_eq!(
            w.try_hit(&[("r", 2), ("a", 3)], at(30)),
            Err(Duration::from_secs(30))
        );
        assert_eq!(w.try_hit(&[("p", 2), ("a", 3)], at(60)), Ok(()));
    }

    #[test]
    fn counters_cap_each_key_and_release_on_drop() {
        let c = Counter::new(2);
        let a1 = c.try_hold(&"a").unwrap();
        let _a2 = c.try_hold(&"a").unwrap();
        assert!(c.try_hold(&"a").is_none());
        let _b = c.try_hold(&"b").unwrap();
        assert_eq!(c.held(&"a"), 2);
        drop(a1);
        assert_eq!(c.held(&"a"), 1);
        assert!(c.try_hold(&"a").is_some());
        assert_eq!(c.held(&"z"), 0);
    }

    #[test]
    fn per_client_and_global_caps_apply_and_release() {
        let released = Arc::new(AtomicU32::new(0));
        let r = Arc::clone(&released);
        let slots = SearchSlots::new(
            LimitConfig {
                games_per_hour: 1,
                searches_per_client: 2,
                max_searches: 3,
                ..LimitConfig::default()
            },
            Box::new(move || {
                r.fetch_add(1, Ordering::SeqCst);
            }),
        );
        let a1 = slots.try_acquire(Some("a")).unwrap();
        let _a2 = slots.try_acquire(Some("a")).unwrap();
        assert_eq!(
            slots.try_acquire(Some("a")).err(),
            Some(SlotRefusal::ClientBusy(2))
        );
        let _b1 = slots.try_acquire(Some("b")).unwrap();
        assert_eq!(
            slots.try_acquire(None).err(),
            Some(SlotRefusal::ServerBusy(3))
        );
        drop(a1);
        assert_eq!(released.load(Ordering::SeqCst), 1);
        assert_eq!(slots.running(), 2);
        assert!(slots.try_acquire(Some("a")).is_ok());
    }

    #[test]
    fn analysis_has_a_share_of_its_own_and_never_takes_play_slots() {
        let slots = SearchSlots::new(
            LimitConfig {
                searches_per_client: 4,
                max_searches: 8,
                ..LimitConfig::default()
            },
            Box::new(|| {}),
        );
        let analysis = |c| slots.try_acquire_for(SearchKind::Analysis, Some(c));
        let _a = [analysis("a").unwrap(), analysis("b").unwrap()];
        assert_eq!(analysis("c").err(), Some(SlotRefusal::AnalysisFull(2)));
        // Play still has all its slots, the analysing address's too.
        let play: Vec<_> = ["a", "a", "a", "a", "b", "b", "b", "b"]
            .iter()
            .map(|c| slots.try_acquire(Some(c)).unwrap())
            .collect();
        assert_eq!(play.len(), 8);
        assert_eq!(
            slots.try_acquire(None).err(),
            Some(SlotRefusal::ServerBusy(8))
        );
        assert_eq!(analysis_share(1), 1);
        assert_eq!(analysis_share(16), 4);
    }
}
