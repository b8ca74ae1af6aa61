//! The service beside other instances over one database (`serve --store postgres://…`).
//! Any instance may serve any request; the database decides every conflict (each write
//! names the version it read). What this module adds:
//!
//! - **The feed.** Every committed change is announced with its game and new version
//!   ([`Feed`]). An instance holding that game in memory at an older version reads it
//!   again and pushes the new state to its own sockets. After the feed was interrupted,
//!   every game in memory is compared with the store.
//! - **Leases.** The instance that writes a change of a game takes the game's lease and
//!   runs what the change makes due: the computer's search, the flag, the first-move
//!   abort, a player's absence. It renews the leases of the games it runs every
//!   `HEARTBEAT`; a lease not renewed expires after `store::LEASE`, and every instance
//!   sweeps expired leases every `SWEEP_EVERY` (`FOR UPDATE SKIP LOCKED`, so two never
//!   take one game), reads the game and runs its deadlines: a dead instance's games go on
//!   elsewhere. A game with nothing due gives its lease up until its next change.
//! - **Presence.** Each instance says every `HEARTBEAT` which players have live sockets
//!   on it; before a claim or an absence timer counts a player gone, the table hears
//!   what every instance knows, so "gone" means gone from every instance.
//! - **Time.** The host's clock (`game::now_ms`) is corrected to the database's clock,
//!   and the stored time each turn began is the database's, so an instance taking a game
//!   over runs its clocks from where another left them.

use super::effects::wake_at;
use super::game::{self, GameSlot, GameState};
use super::service::Mode;
use super::service::Service;
use super::store::{Cluster, Feed};
use rules::GameStatus;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;
use table::{Command, Holder, Seats, Timer};

/// When (ms after another instance ended a rated game) its labels are read again here,
/// to show the rating changes that instance writes just after the result.
const RELABEL_AFTER_MS: [i64; 2] = [1_000, 5_000];

/// How often an instance renews its leases and says who is connected to it.
const HEARTBEAT: Duration = Duration::from_millis(1000);
/// How often an instance looks for expired leases.
const SWEEP_EVERY: Duration = Duration::from_millis(250);
/// How often the clock is compared with the database's again.
const CLOCK_EVERY: Duration = Duration::from_secs(30);
/// At most this many games are taken over per sweep.
const SWEEP_BATCH: u32 = 16;
/// Presence rows not renewed for this long are deleted (those of instances gone and of
/// players long gone: by then their absence counts in full anyway).
const PRESENCE_KEPT: Duration = Duration::from_secs(600);
/// Old presence rows are pruned once in this many heartbeats (and at the first).
const PRUNE_EVERY_BEATS: u64 = 60;

impl Service {
    /// Joins the instances over `cluster`: listens to the feed, and starts the sweep,
    /// the heartbeat and the clock's correction (on the service's runtime; their store
    /// calls on its blocking pool).
    pub fn join_cluster(self: &Arc<Self>, cluster: Arc<dyn Cluster>) -> Result<(), String> {
        game::set_clock_offset(cluster.clock_offset_ms().map_err(|e| e.to_string())?);
        if self.cluster.set(Arc::clone(&cluster)).is_err() {
            return Err("this service already joined a cluster".into());
        }
        self.registry.share();
        let weak = Arc::downgrade(self);
        let runtime = self.runtime.clone();
        cluster
            .listen(Arc::new(move |feed| {
                let weak = weak.clone();
                // Called on the store's threads: the work goes to our blocking pool.
                runtime.spawn_blocking(move || {
                    if let Some(service) = weak.upgrade() {
                        service.on_feed(feed);
                    }
                });
            }))
            .map_err(|e| e.to_string())?;
        self.every(SWEEP_EVERY, Service::sweep_once);
        self.every(HEARTBEAT, Service::heartbeat_once);
        self.every(CLOCK_EVERY, |s| {
            if let Some(c) = s.cluster.get() {
                match c.clock_offset_ms() {
                    Ok(offset) => game::set_clock_offset(offset),
                    Err(e) => eprintln!("spacechess: cannot read the database's clock: {e}"),
                }
            }
        });
        Ok(())
    }

    /// Runs `f` every `period` on the blocking pool for as long as the service lives.
    fn every(self: &Arc<Self>, period: Duration, f: fn(&Arc<Service>)) {
        let weak = Arc::downgrade(self);
        self.runtime.spawn(async move {
            let mut tick = tokio::time::interval(period);
            tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                tick.tick().await;
                let Some(service) = weak.upgrade() else {
                    return;
                };
                let _ = tokio::task::spawn_blocking(move || f(&service)).await;
            }
        });
    }

    /// Whether this service runs beside others over one database.
    pub(super) fn clustered(&self) -> bool {
        self.cluster.get().is_some()
    }

    fn on_feed(self: &Arc<Self>, feed: Feed) {
        match feed {
            Feed::Changed { game, version } => {
                let Some(slot) = self.registry.get(&game) else {
                    return;
                };
                let mut st = slot.lock();
                if st.version >= version {
                    return;
                }
                // Nobody here listens and nothing runs here: rather than read it again
                // now, forget it (the next request here reads it from the store).
                if slot.events.receiver_count() == 0 && !(st.holder && st.table.has_deadlines()) {
                    st.stop_engines();
                    st.epoch += 1;
                    self.registry.remove(&game);
                    return;
                }
                self.refresh(&slot, &mut st);
            }
            Feed::Resync => {
                let slots: Vec<Arc<GameSlot>> = self.games().values().cloned().collect();
                for slot in slots {
                    let stored = self.store.load_game(&slot.id);
                    let mut st = slot.lock();
                    match stored {
                        Ok(Some((g, _))) if g.version == st.version => {}
                        _ => self.refresh(&slot, &mut st),
                    }
                }
            }
        }
    }

    /// Another instance changed the game: reads it again, stops what ran on the old
    /// state here (that instance runs what is due now), and tells the sockets here.
    fn refresh(self: &Arc<Self>, slot: &Arc<GameSlot>, st: &mut GameState) {
        st.stop_engines();
        st.epoch += 1;
        let seats_before = st.table.seats().clone();
        let over_before = st.table.game().status() != GameStatus::InProgress;
        if !self.read_back(slot, st) {
            return;
        }
        st.holder = false;
        let update = st.publish(&slot.id, None, false).update;
        slot.send(update);
        self.relabel_after_refresh(slot, st, &seats_before, over_before);
    }

    /// The players' labels after another instance's change: read again when the seats
    /// changed, and when the game ended. A rated game is rated by the instance that
    /// ended it just after its write (`ratings.rs`), so its changes are read once more
    /// a little later (and once again, should that instance have been slow).
    fn relabel_after_refresh(
        self: &Arc<Self>,
        slot: &Arc<GameSlot>,
        st: &GameState,
        seats_before: &Seats,
        over_before: bool,
    ) {
        if st.table.mode() != Mode::Online {
            return;
        }
        let over = st.table.game().status() != GameStatus::InProgress;
        let ended = over && !over_before;
        if st.table.seats() != seats_before || ended {
            let (service, slot) = (Arc::clone(self), Arc::clone(slot));
            self.runtime
                .spawn_blocking(move || service.refresh_labels(&slot));
        }
        if ended && st.table.rated() {
            for later_ms in RELABEL_AFTER_MS {
                let (service, slot) = (Arc::clone(self), Arc::clone(slot));
                wake_at(&self.runtime, game::now_ms() + later_ms, move || {
                    service.refresh_labels(&slot)
                });
            }
        }
    }

    /// Takes over the games whose leases expired: reads each again and runs what is due
    /// in it (the computer's search, timers at their deadlines).
    fn sweep_once(self: &Arc<Self>) {
        let Some(cluster) = self.cluster.get() else {
            return;
        };
        let ids = match cluster.sweep(SWEEP_BATCH) {
            Ok(ids) => ids,
            Err(e) => {
                eprintln!("spacechess: cannot sweep for expired leases: {e}");
                return;
            }
        };
        for id in ids {
            self.take_over(&id);
        }
    }

    fn take_over(self: &Arc<Self>, id: &str) {
        let slot = match self.slot(id) {
            Ok(slot) => slot,
            Err(e) => {
                eprintln!("spacechess: cannot take game {id} over: {}", e.message);
                return;
            }
        };
        let mut st = slot.lock();
        st.stop_engines();
        st.epoch += 1;
        if !self.read_back(&slot, &mut st) {
            return;
        }
        st.holder = true;
        if !st.table.has_deadlines() {
            self.release(&slot, &st);
            return;
        }
        self.merge_presence(&slot, &mut st);
        let change = st.table.start(game::now_ms());
        self.perform(&slot, &mut st, &change, None, None);
    }

    /// Gives the lease of a game with nothing due up (the next change takes it again).
    pub(super) fn release(&self, slot: &GameSlot, st: &GameState) {
        if let Some(cluster) = self.cluster.get() {
            if let Err(e) = cluster.release(&slot.id, st.version) {
                eprintln!(
                    "spacechess: game {}: cannot give its lease up: {e}",
                    slot.id
                );
            }
        }
    }

    /// Renews the leases of the games this instance runs (a game whose lease another
    /// instance took stops running here) and says who is connected here.
    fn heartbeat_once(self: &Arc<Self>) {
        let Some(cluster) = self.cluster.get() else {
            return;
        };
        let slots: Vec<Arc<GameSlot>> = self.games().values().cloned().collect();
        let mut held = Vec::new();
        let mut live = Vec::new();
        for slot in &slots {
            let st = slot.lock();
            if st.holder && st.table.has_deadlines() {
                held.push(slot.id.clone());
            }
            for side in [rules::Color::White, rules::Color::Black] {
                if st.sockets[side.index()] > 0 {
                    if let Holder::Player(player) = st.table.seats().get(side) {
                        live.push((slot.id.clone(), player.to_string()));
                    }
                }
            }
        }
        if let Err(e) = cluster.note_presence(&live, &[]) {
            eprintln!("spacechess: cannot note who is connected: {e}");
        }
        if self
            .beats
            .fetch_add(1, Ordering::Relaxed)
            .is_multiple_of(PRUNE_EVERY_BEATS)
        {
            if let Err(e) = cluster.prune_presence(PRESENCE_KEPT) {
                eprintln!("spacechess: cannot prune old presence rows: {e}");
            }
        }
        let kept = match cluster.renew(&held) {
            Ok(kept) => kept,
            Err(e) => {
                eprintln!("spacechess: cannot renew leases: {e}");
                return;
            }
        };
        for id in held.iter().filter(|id| !kept.contains(id)) {
            if let Some(slot) = self.registry.get(id) {
                let mut st = slot.lock();
                // Another instance runs it now (or it ended): nothing more runs here.
                st.holder = false;
                st.stop_engines();
                st.epoch += 1;
            }
        }
    }

    /// Tells the other instances at once that a player is connected here (`live`), or
    /// that their last socket here closed or they were seen without one (their absence
    /// counts from now on every instance).
    pub(super) fn note_presence(&self, game: &str, player: &str, live: bool) {
        if let Some(cluster) = self.cluster.get() {
            let pair = [(game.to_string(), player.to_string())];
            let (live, left): (&[_], &[_]) = if live { (&pair, &[]) } else { (&[], &pair) };
            if let Err(e) = cluster.note_presence(live, left) {
                eprintln!("spacechess: cannot note who is connected: {e}");
            }
        }
    }

    /// Before a command that counts a player gone: what every instance knows of the
    /// seat holders' connections (the sockets here count as connected).
    pub(super) fn merge_presence(&self, slot: &GameSlot, st: &mut GameState) {
        let Some(cluster) = self.cluster.get() else {
            return;
        };
        let shared = match cluster.presence(&slot.id) {
            Ok(shared) => shared,
            Err(e) => {
                eprintln!("spacechess: game {}: cannot read presence: {e}", slot.id);
                return;
            }
        };
        for side in [rules::Color::White, rules::Color::Black] {
            let Holder::Player(player) = st.table.seats().get(side).clone() else {
                continue;
            };
            let here = st.sockets[side.index()] > 0;
            if let Some(p) = shared.iter().find(|p| p.player == player) {
                st.table
                    .merge_presence(&player, here || p.connected, p.seen_ms);
            }
        }
    }
}

/// Whether a command may count a player gone (the host merges presence first).
pub(super) fn counts_absence(cmd: &Command) -> bool {
    matches!(cmd, Command::Claim { .. } | Command::Wake(Timer::Gone(_)))
}
