//! The game service: the server as the host of game tables (`table::Table`). A request
//! finds its game (`registry.rs`: memory or the store), checks the server's own limits
//! (search slots, creation rates), hands the table a command, stores the change before
//! answering (`effects.rs`), then performs it: timers, the computer's search, the
//! Oracle, the record's evaluations (`computer.rs`) and one published view. The rules of
//! the game in progress are the table's; nothing here decides who may move or what a
//! result is.
//!
//! Locking: one game's state, then the store. The games map is taken briefly, alone or
//! inside a game's lock (to drop that game from memory), and never held while a game's
//! lock is awaited. Engine callbacks only send on the broadcast channel; they take no
//! lock.

use super::analysis_boards::Analyses;
use super::computer::{self, EvalQueue, EvalRequest};
use super::effects;
use super::error::ApiError;
use super::game::{now_ms, GameSlot, GameState};
use super::limits::{LimitConfig, SearchPermit, SearchSlots};
use super::players::PlayerId;
use super::registry::{self, Registry};
use super::store::{Cluster, GameStore, StoreError, StoredGame, StoredMove, Version};
use super::view;
use engine::api::{Level, SearchResult, Settings};
use rules::{GameStatus, Setup};
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};
use table::{
    Actor, Change, Command, Duty, Event, Holder, NewTable, OnlineTimes, PastMove, Refusal, Seats,
    Table, TimeControl, Timer,
};

pub use super::view::Mode;

/// A request for a new game, already checked.
#[derive(Clone, Debug)]
pub struct NewGame {
    pub setup: Setup,
    pub mode: Mode,
    pub human: rules::Color,
    pub level: Level,
    /// The time control (live: initial time and increment; or correspondence).
    pub time_control: Option<TimeControl>,
    /// A rated game: only the lobby makes one (a NewGame body never does).
    pub rated: bool,
    pub position: Option<String>,
    /// Moves (tokens) played from the start before the game begins: an imported record.
    pub moves: Vec<String>,
    /// The evaluations an imported record gives after those moves.
    pub evals: Vec<Option<view::Eval>>,
}

/// Settings of the service as a whole.
#[derive(Clone, Copy, Debug)]
pub struct ServiceConfig {
    pub limits: LimitConfig,
    pub engine: Settings,
    /// Online games' first-move and absence times.
    pub online: OnlineTimes,
    /// The Oracle's time per turn when a request names none.
    pub oracle_default: Duration,
}

/// What makes a new game a rematch: the finished game it follows (at the version read
/// with the offer: inserting the rematch clears that offer, refused if the game changed
/// meanwhile) and the player who offered it (seated on the side the accepting player
/// does not take).
pub(super) struct Rematch {
    pub(super) of: String,
    pub(super) of_version: Version,
    pub(super) offerer: PlayerId,
}

/// Seconds since the Unix epoch.
pub fn unix_now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

/// A new random game id or invitation code: 128 bits from the system's random source,
/// as player ids (an invitation code is a seat's key).
fn new_id() -> String {
    super::players::random_hex()
}

/// A move the rules refuse, as the API answers it.
pub(super) fn play_error(e: rules::PlayError) -> ApiError {
    refused(table::play_refusal(e))
}

/// A table's refusal as the API answers it.
pub(super) fn refused(r: Refusal) -> ApiError {
    ApiError::new(r.code, r.message)
}

/// How many times a command is tried on a game that other instances change meanwhile.
const STALE_TRIES: u32 = 4;

/// Whether a command's write was refused because the game had changed in the store
/// (another instance's write): then it is worth one more try on the game read back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stale {
    Yes,
    No,
}

/// A command's change, performed: the change, and the full view as the asking player
/// sees it when the change published one.
pub(super) struct Done {
    pub(super) change: Change,
    pub(super) json: Option<String>,
}

pub struct Service {
    pub(super) store: Arc<dyn GameStore>,
    pub(super) registry: Registry,
    pub(super) slots: Arc<SearchSlots>,
    pub(super) config: ServiceConfig,
    /// Games whose computer turn waits for a free search slot, oldest first.
    waiting: Mutex<VecDeque<Arc<GameSlot>>>,
    pub(super) runtime: tokio::runtime::Handle,
    evals: EvalQueue,
    /// The analysis boards open now.
    pub(super) analyses: Analyses,
    /// The other instances over the same database, when there are (`cluster.rs`).
    pub(super) cluster: OnceLock<Arc<dyn Cluster>>,
    /// Heartbeats so far (`cluster.rs`).
    pub(super) beats: std::sync::atomic::AtomicU64,
}

impl Service {
    pub fn new(
        store: impl GameStore + 'static,
        config: ServiceConfig,
        runtime: tokio::runtime::Handle,
    ) -> Arc<Service> {
        Service::over(Arc::new(store), config, runtime)
    }

    /// A service over a store shared with others (beside other instances, the cluster's
    /// coordination goes through the same database).
    pub fn over(
        store: Arc<dyn GameStore>,
        config: ServiceConfig,
        runtime: tokio::runtime::Handle,
    ) -> Arc<Service> {
        Arc::new_cyclic(|weak: &std::sync::Weak<Service>| {
            let for_evals = weak.clone();
            let weak = weak.clone();
            let rt = runtime.clone();
            let slots = SearchSlots::new(
                config.limits,
                Box::new(move || {
                    // Retry waiting games off this thread: the releasing thread may be
                    // finishing a search and must not wait on locks here.
                    if let Some(service) = weak.upgrade() {
                        rt.spawn_blocking(move || service.start_waiting());
                    }
                }),
            );
            let evals = EvalQueue::start(Box::new(move |request| match for_evals.upgrade() {
                Some(service) => {
                    service.evaluate_now(request);
                    true
                }
                None => false,
            }));
            Service {
                store,
                registry: Registry::default(),
                slots,
                config,
                waiting: Mutex::new(VecDeque::new()),
                runtime,
                evals,
                analyses: Default::default(),
                cluster: OnceLock::new(),
                beats: Default::default(),
            }
        })
    }

    pub(super) fn games(&self) -> MutexGuard<'_, HashMap<String, Arc<GameSlot>>> {
        self.registry.games()
    }

    pub(super) fn lock(slot: &GameSlot) -> MutexGuard<'_, GameState> {
        slot.lock()
    }

    /// The game with this id, from memory or the store.
    pub fn slot(&self, id: &str) -> Result<Arc<GameSlot>, ApiError> {
        let slot = self.registry.find(&*self.store, self.config.online, id)?;
        // An online game's players' names and ratings, read once it is in memory.
        self.ensure_labels(&slot);
        Ok(slot)
    }

    /// Loads every unfinished game that needs the server and continues it (the
    /// computer thinks again where it was its turn). Games that cannot be replayed are
    /// reported and skipped.
    pub fn resume_all(self: &Arc<Self>) -> Result<usize, ApiError> {
        // Beside other instances, games are taken up by sweeping expired leases.
        if self.clustered() {
            return Ok(0);
        }
        let stored = Registry::unfinished_needing_the_server(&*self.store)?;
        let mut n = 0;
        for (g, moves) in stored {
            match registry::load(&*self.store, self.config.online, g, &moves) {
                Ok(slot) => {
                    let slot = self.registry.keep(slot);
                    let mut st = slot.lock();
                    let change = st.table.start(now_ms());
                    self.perform(&slot, &mut st, &change, None, None);
                    n += 1;
                }
                Err(e) => eprintln!("spacechess: cannot resume a stored game: {}", e.message),
            }
        }
        Ok(n)
    }

    /// Drops from memory the games nobody uses (see `registry.rs`). Returns how many.
    pub fn forget_idle(
        &self,
        finished_after: Duration,
        unfinished_after: Option<Duration>,
    ) -> usize {
        self.registry.forget_idle(finished_after, unfinished_after)
    }

    pub(super) fn acquire(&self, client: &str) -> Result<SearchPermit, ApiError> {
        self.slots
            .try_acquire(Some(client))
            .map_err(|r| ApiError::rate_limited(r.to_string()))
    }

    // ----- New games -----

    /// Creates a game; the computer starts thinking if it has the first move.
    pub fn create(
        self: &Arc<Self>,
        req: NewGame,
        player: &PlayerId,
        client: &str,
    ) -> Result<String, ApiError> {
        self.create_game(req, player, client, None)
            .map(|(_, view)| view)
    }

    /// Creates a game: its id, and its view as `player` sees it. A rematch is stored
    /// with its other seat taken and the game it follows, in one write.
    pub(super) fn create_game(
        self: &Arc<Self>,
        req: NewGame,
        player: &PlayerId,
        client: &str,
        rematch: Option<&Rematch>,
    ) -> Result<(String, String), ApiError> {
        self.create_seated(req, player, client, rematch.map(|r| &r.offerer), rematch)
    }

    /// Creates an online game with both seats taken (a lobby's challenge accepted):
    /// `player` plays `req.human`, `opponent` the other side; no invitation is left open.
    pub(super) fn create_paired(
        self: &Arc<Self>,
        req: NewGame,
        player: &PlayerId,
        client: &str,
        opponent: &PlayerId,
    ) -> Result<(String, String), ApiError> {
        self.create_seated(req, player, client, Some(opponent), None)
    }

    /// [`Service::create_game`] with the other seat given to `opponent` (the rematch's
    /// offerer, or a challenge's creator).
    fn create_seated(
        self: &Arc<Self>,
        req: NewGame,
        player: &PlayerId,
        client: &str,
        opponent: Option<&PlayerId>,
        rematch: Option<&Rematch>,
    ) -> Result<(String, String), ApiError> {
        let now = unix_now();
        let limit = self.config.limits.games_per_hour;
        let (created, first) = self.store.creations_since(client, now - 3600)?;
        if created >= limit {
            let wait = first.map_or(60, |t| t + 3600 - now).max(1) as u64;
            return Err(ApiError::rate_limited(format!(
                "too many games created from this address (at most {limit} per hour)"
            ))
            .with_retry_after(wait));
        }
        self.check_open_games(player, client)?;
        self.config
            .limits
            .check_time_control(super::limits::live_initial_ms(req.time_control))
            .map_err(ApiError::bad_request)?;
        let mut seats = Seats::new(req.mode, player.as_str(), req.human);
        if let Some(other) = opponent {
            *seats.get_mut(req.human.opposite()) = Holder::Player(other.as_str().to_string());
        }
        // An online game with both seats taken needs no invitation.
        let invite = (req.mode == Mode::Online && seats.any_open()).then(new_id);
        // An imported record's moves, replayed by the rules (already checked on import).
        let past: Vec<PastMove> = req
            .moves
            .iter()
            .enumerate()
            .map(|(i, token)| PastMove {
                token: token.clone(),
                eval: req.evals.get(i).copied().flatten(),
                clocks: None,
            })
            .collect();
        let new = NewTable {
            setup: req.setup,
            position: req.position.clone(),
            mode: req.mode,
            human: req.human,
            level: req.level,
            time_control: req.time_control,
            rated: req.rated,
            seats,
            invite: invite.clone(),
            online: self.config.online,
        };
        let table = Table::new(new, &past, now_ms()).map_err(refused)?;
        let permit = if table.computer_to_move() {
            Some(self.acquire(client)?)
        } else {
            None
        };
        if invite.is_some() {
            self.check_open_invites(player, client)?;
        }
        let id = new_id();
        let game = table.game();
        let (white_player, black_player) = table.seats().to_stored();
        let stored = StoredGame {
            id: id.clone(),
            version: 0,
            created_at: now,
            client: client.to_string(),
            variant: req.setup.variant().id().to_string(),
            rules: req.setup.rules_if_any().map(|r| r.id().to_string()),
            options: req.setup.options().ids().join(","),
            mode: req.mode,
            human: Some(req.human),
            level: Some(req.level),
            initial_ms: req.time_control.map(|t| t.initial_ms),
            increment_ms: req.time_control.map(|t| t.increment_ms),
            rated: req.rated,
            per_move: req.time_control.is_some_and(|t| t.per_move),
            start_position: req.position.as_ref().map(|_| game.start_position_string()),
            declared: None,
            // An imported record may end the game.
            result: match game.status() {
                GameStatus::Over(o) => Some(o),
                GameStatus::InProgress => None,
            },
            finished: game.status() != GameStatus::InProgress,
            white_player,
            black_player,
            invite: table.invite().map(str::to_string),
            offer: None,
            turn_started_ms: None,
        };
        let moves: Vec<StoredMove> = past
            .iter()
            .enumerate()
            .map(|(i, m)| effects::stored_move(i, &m.token, m.eval, None))
            .collect();
        match rematch {
            Some(r) => {
                self.store.insert_rematch(&stored, &r.of, r.of_version)?;
            }
            None => self.store.insert_game(&stored, &moves)?,
        }
        let slot = GameSlot::new(
            id.clone(),
            GameState::new(table, 0, client.to_string(), now),
        );
        self.games().insert(id.clone(), Arc::clone(&slot));
        let mut st = slot.lock();
        // The insert took the lease; a game with nothing due gives it up at once.
        if self.clustered() && !st.table.has_deadlines() {
            self.release(&slot, &st);
        }
        let change = st.table.start(now_ms());
        let json = self
            .perform(&slot, &mut st, &change, permit, Some(player))
            .unwrap_or_else(|| st.view_json(&slot.id, player));
        Ok((id, json))
    }

    /// Refuses a new game to a player, or an address, with too many unfinished games.
    fn check_open_games(&self, player: &PlayerId, client: &str) -> Result<(), ApiError> {
        let limits = self.config.limits;
        let (by_player, by_client) = self.store.open_games(player.as_str(), client)?;
        let refuse = |what: &str, cap: u32| {
            Err(ApiError::rate_limited(format!(
                "{what} already has {cap} unfinished games (at most {cap}): finish, resign or delete one"
            ))
            .with_retry_after(super::limits::OPEN_GAMES_RETRY_AFTER_SECS))
        };
        if by_player >= limits.open_games_per_player {
            return refuse("this player", limits.open_games_per_player);
        }
        if by_client >= limits.open_games_per_address {
            return refuse("this address", limits.open_games_per_address);
        }
        Ok(())
    }

    /// Refuses a new online game to a player with too many invitations still unanswered.
    fn check_open_invites(&self, player: &PlayerId, client: &str) -> Result<(), ApiError> {
        let limits = self.config.limits;
        let refuse = |who: &str, cap: u32| {
            Err(ApiError::rate_limited(format!(
                "{who} already has {cap} online games waiting for their invited player (at most {cap}): delete one or wait until someone joins"
            ))
            .with_retry_after(super::limits::OPEN_GAMES_RETRY_AFTER_SECS))
        };
        let cap = limits.open_invites_per_player;
        if self.store.open_invites(player.as_str())? >= cap {
            return refuse("this player", cap);
        }
        // Player ids cost nothing: the address has its share too.
        let cap = limits.open_invites_per_address;
        if self.store.open_invites_from(client)? >= cap {
            return refuse("this address", cap);
        }
        Ok(())
    }

    // ----- Commands -----

    /// Runs a table command on a locked game: stores its writes (or, when the store
    /// fails, reads the game back from the store), then performs the change. With
    /// `client`, a computer search the change starts is that client's (refused when it
    /// has no free search slot, the table put back).
    pub(super) fn command(
        self: &Arc<Self>,
        slot: &Arc<GameSlot>,
        st: &mut GameState,
        cmd: Command,
        actor: Actor<'_>,
        answer: Option<&PlayerId>,
        client: Option<&str>,
    ) -> Result<Done, ApiError> {
        if !self.clustered() {
            return self
                .command_once(slot, st, cmd, actor, answer, client)
                .map_err(|(e, _)| e);
        }
        // Beside other instances this copy may be stale: a write refused as stale, or a
        // refusal while the stored game has moved on, is tried again on the game as
        // stored (a few times: the record's evaluations also write), then applied or
        // refused.
        let mut tries = 0;
        loop {
            tries += 1;
            let e = match self.command_once(slot, st, cmd.clone(), actor, answer, client) {
                Ok(done) => return Ok(done),
                Err((e, _)) if tries == STALE_TRIES => return Err(e),
                Err((_, Stale::Yes)) => continue,
                Err((e, Stale::No)) => e,
            };
            if !self.moved_on(slot, st) || !self.read_back(slot, st) {
                return Err(e);
            }
        }
    }

    /// Whether the stored game is at another version than this copy (beside other
    /// instances: the feed may not have told yet).
    fn moved_on(&self, slot: &GameSlot, st: &GameState) -> bool {
        let Some(cluster) = self.cluster.get() else {
            return false;
        };
        match cluster.version_of(&slot.id) {
            Ok(v) => v != Some(st.version),
            Err(e) => {
                eprintln!("spacechess: game {}: cannot read its version: {e}", slot.id);
                false
            }
        }
    }

    /// One try of [`Service::command`]; an error says whether the store refused a stale
    /// copy (the game is read back, and may be tried again).
    fn command_once(
        self: &Arc<Self>,
        slot: &Arc<GameSlot>,
        st: &mut GameState,
        cmd: Command,
        actor: Actor<'_>,
        answer: Option<&PlayerId>,
        client: Option<&str>,
    ) -> Result<Done, (ApiError, Stale)> {
        if super::cluster::counts_absence(&cmd) {
            self.merge_presence(slot, st);
        }
        // Only a change that may start the client's search can be refused after the
        // table applied it (no free search slot): keep the table to put back then. The
        // copy costs as much as the game is long, so no other command makes one.
        let before =
            (client.is_some() && st.table.mode() == Mode::Computer).then(|| st.table.clone());
        let change = match st.table.apply(cmd, actor, now_ms()) {
            Ok(change) => change,
            Err(mut r) => {
                // Refused, but something happened all the same (a late move's flag).
                if let Some(change) = r.change.take() {
                    if let Err(e) = self.store_change(slot, st, &change) {
                        eprintln!("spacechess: game {}: {e}", slot.id);
                    }
                    self.perform(slot, st, &change, None, None);
                }
                return Err((refused(r), Stale::No));
            }
        };
        let permit = match client {
            Some(c) if change.has(&Duty::Search) => match self.acquire(c) {
                Ok(p) => Some(p),
                Err(e) => {
                    if let Some(before) = before {
                        st.table = before;
                    }
                    return Err((e, Stale::No));
                }
            },
            _ => None,
        };
        if let Err(e) = self.store_change(slot, st, &change) {
            let stale = match e {
                StoreError::Conflict { .. } => Stale::Yes,
                StoreError::Failed(_) => Stale::No,
            };
            self.read_back(slot, st);
            return Err((e.into(), stale));
        }
        let json = self.perform(slot, st, &change, permit, answer);
        Ok(Done { change, json })
    }

    /// After a failed write, the game as the store has it (a change of several writes
    /// may have stored some): its table replayed from the stored rows and taken up
    /// again as after a restart (the clocks go on from the last stored move). Nothing
    /// else is redone: timers and a retry of the computer's move keep their epoch and
    /// act on the table read back. When the store cannot be read either, the game
    /// leaves memory and the next request loads it afresh.
    pub(super) fn read_back(&self, slot: &GameSlot, st: &mut GameState) -> bool {
        let fresh = match self.store.load_game(&slot.id) {
            Ok(Some((g, moves))) => registry::load(&*self.store, self.config.online, g, &moves),
            // Deleted (through another instance): it leaves memory too.
            Ok(None) => {
                st.epoch += 1;
                st.stop_engines();
                self.registry.remove(&slot.id);
                return false;
            }
            Err(e) => Err(e.into()),
        };
        match fresh {
            Ok(fresh) => {
                let fresh = fresh.lock();
                st.table = fresh.table.clone();
                st.version = fresh.version;
                st.touch_history(0);
                true
            }
            Err(e) => {
                eprintln!(
                    "spacechess: game {}: cannot read it back: {}",
                    slot.id, e.message
                );
                st.epoch += 1;
                self.registry.remove(&slot.id);
                false
            }
        }
    }

    /// A player's command on the game `id`; the GameView as they see it afterwards.
    pub(super) fn player_command(
        self: &Arc<Self>,
        id: &str,
        player: &PlayerId,
        cmd: Command,
        client: Option<&str>,
    ) -> Result<String, ApiError> {
        let slot = self.slot(id)?;
        let mut st = slot.lock();
        let done = self.command(
            &slot,
            &mut st,
            cmd,
            Actor::Player(player.as_str()),
            Some(player),
            client,
        )?;
        Ok(done.json.unwrap_or_else(|| st.view_json(&slot.id, player)))
    }

    /// Stores a change's writes. Beside other instances each write takes the game's
    /// lease, so this instance now runs what falls due in it.
    pub(super) fn store_change(
        &self,
        slot: &GameSlot,
        st: &mut GameState,
        change: &Change,
    ) -> Result<(), StoreError> {
        let GameState { table, version, .. } = st;
        effects::store_writes(&*self.store, &slot.id, version, table, &change.writes)?;
        if !change.writes.is_empty() {
            st.holder = true;
        }
        Ok(())
    }

    /// Performs a stored change: engines stopped, evaluations queued, timers armed, the
    /// new state published (before any engine starts, so listeners see the state first
    /// and then the progress that belongs to it), then the computer's search or the
    /// Oracle. With `answer`, the published view as that player sees it.
    pub(super) fn perform(
        self: &Arc<Self>,
        slot: &Arc<GameSlot>,
        st: &mut GameState,
        change: &Change,
        mut permit: Option<SearchPermit>,
        answer: Option<&PlayerId>,
    ) -> Option<String> {
        effects::touch_history(st, &change.writes);
        if change.changed {
            st.changed_at = Instant::now();
        }
        let mut search = None;
        for duty in &change.duties {
            match duty {
                Duty::StopEngines => {
                    st.epoch += 1;
                    st.stop_engines();
                    self.analyses
                        .note_game(&slot.id, st.table.online_running(), st.table.game());
                }
                Duty::StopOracle => st.oracle = None,
                // Beside other instances, the lease holder runs what falls due (an
                // absence timer only publishes, so every instance keeps its own).
                Duty::Evaluate { .. } | Duty::Search if !st.holder => {}
                Duty::Wake { timer, .. } if !st.holder && !matches!(timer, Timer::Gone(_)) => {}
                Duty::Evaluate { ply, line } => self.evals.push(EvalRequest {
                    slot: Arc::clone(slot),
                    ply: *ply,
                    line: line.clone(),
                }),
                Duty::Wake { timer, at_ms } => self.arm(slot, st, *timer, *at_ms),
                Duty::Search => match permit.take().or_else(|| self.slots.try_acquire(None).ok()) {
                    Some(p) => search = Some(p),
                    None => {
                        st.waiting_for_slot = true;
                        self.waiting_list().push_back(Arc::clone(slot));
                    }
                },
                Duty::Oracle { .. } | Duty::CreateRematch(_) => {}
            }
        }
        let mut full = None;
        for event in &change.events {
            match event {
                Event::State => {
                    let published = st.publish(&slot.id, answer, search.is_some());
                    slot.send(published.update);
                    full = full.or(published.full);
                }
                Event::Declined { kind, from } => slot.send(view::declined_message(*kind, *from)),
            }
        }
        if let Some(p) = search {
            self.start_search(slot, st, p);
        }
        if self.clustered() && st.holder && !change.writes.is_empty() && !st.table.has_deadlines() {
            self.release(slot, st);
        }
        for duty in &change.duties {
            if let Duty::Oracle { budget_ms } = duty {
                self.start_oracle(slot, st, Duration::from_millis(*budget_ms), permit.take());
            }
        }
        self.labels_after(slot, st, change);
        full
    }

    /// Wakes at `at_ms` to send the timer's command. Flag and abort timers belong to
    /// the state they were armed in; a side's absence has one timer at a time.
    fn arm(self: &Arc<Self>, slot: &Arc<GameSlot>, st: &mut GameState, timer: Timer, at_ms: i64) {
        if let Timer::Gone(side) = timer {
            if std::mem::replace(&mut st.gone_timer[side.index()], true) {
                return;
            }
        }
        let epoch = st.epoch;
        let service = Arc::clone(self);
        let slot = Arc::clone(slot);
        effects::wake_at(&self.runtime, at_ms, move || {
            let mut st = slot.lock();
            match timer {
                Timer::Gone(side) => st.gone_timer[side.index()] = false,
                _ if st.epoch != epoch => return,
                _ => {}
            }
            if let Err(e) = service.command(
                &slot,
                &mut st,
                Command::Wake(timer),
                Actor::Host,
                None,
                None,
            ) {
                eprintln!("spacechess: game {}: {}", slot.id, e.message);
            }
        });
    }

    // ----- Engines -----

    pub(super) fn waiting_list(&self) -> MutexGuard<'_, VecDeque<Arc<GameSlot>>> {
        self.waiting.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Starts computer searches that were waiting for a free slot.
    pub(super) fn start_waiting(self: &Arc<Self>) {
        loop {
            let Some(slot) = self.waiting_list().pop_front() else {
                return;
            };
            let mut st = slot.lock();
            if !st.waiting_for_slot || !st.table.computer_to_move() {
                continue;
            }
            match self.slots.try_acquire(None) {
                Ok(p) => {
                    st.waiting_for_slot = false;
                    self.start_search(&slot, &mut st, p);
                    slot.send(st.publish(&slot.id, None, false).update);
                }
                Err(_) => {
                    drop(st);
                    self.waiting_list().push_front(slot);
                    return;
                }
            }
        }
    }

    fn start_search(
        self: &Arc<Self>,
        slot: &Arc<GameSlot>,
        st: &mut GameState,
        permit: SearchPermit,
    ) {
        let (epoch, ply) = (st.epoch, st.ply());
        let service = Arc::clone(self);
        let for_result = Arc::clone(slot);
        let started = computer::start_search(
            slot,
            st.table.game().clone(),
            st.table.level(),
            st.table.search_clock(now_ms()),
            self.config.engine,
            permit,
            Box::new(move |result| service.computer_moved(&for_result, epoch, ply, result, 0)),
        );
        match started {
            Ok(signal) => st.search = Some(signal),
            Err(e) => {
                eprintln!("spacechess: cannot start a search thread: {e}");
                slot.send(view::error_message(
                    "internal",
                    "the computer cannot think now",
                ));
            }
        }
    }

    /// Plays the computer's move found by the search started at `epoch` (ignored if the
    /// game changed since). A move that could not be stored (a full disk) is tried
    /// again later with the same result, so the game goes on once the store works.
    fn computer_moved(
        self: &Arc<Self>,
        slot: &Arc<GameSlot>,
        epoch: u64,
        ply: usize,
        result: SearchResult,
        attempt: u32,
    ) {
        let mut st = slot.lock();
        if st.epoch != epoch {
            return;
        }
        st.search = None;
        let cmd = Command::ComputerMove {
            ply,
            token: result.best.clone(),
            score: result.score,
            depth: result.depth,
        };
        let Err(e) = self.command(slot, &mut st, cmd, Actor::Host, None, None) else {
            return;
        };
        // Not stored, so not played: the game goes back to the computer's turn and the
        // listeners hear why.
        let delay = computer::store_retry_delay(attempt);
        eprintln!(
            "spacechess: game {}: {} (the computer's move is tried again in {delay:?})",
            slot.id, e.message
        );
        slot.send(view::error_message(e.code.id(), &e.message));
        let service = Arc::clone(self);
        let slot = Arc::clone(slot);
        self.runtime.spawn(async move {
            tokio::time::sleep(delay).await;
            let _ = tokio::task::spawn_blocking(move || {
                service.computer_moved(&slot, epoch, ply, result, attempt + 1)
            })
            .await;
        });
    }

    /// Whether `slot` is still the game's copy in memory (not deleted, not dropped).
    fn in_memory(&self, slot: &Arc<GameSlot>) -> bool {
        self.registry
            .get(&slot.id)
            .is_some_and(|s| Arc::ptr_eq(&s, slot))
    }

    /// Fills in the evaluation of a move if it is still unscored and still the move it
    /// was (a take back and another move make it a different one).
    fn evaluate_now(self: &Arc<Self>, request: EvalRequest) {
        let EvalRequest { slot, ply, line } = request;
        if !self.in_memory(&slot) {
            return;
        }
        let game = {
            let st = slot.lock();
            if st.table.evals().get(ply) != Some(&None) || st.table.tokens(ply + 1) != line {
                return;
            }
            table::game_at(st.table.game(), ply + 1)
        };
        let Some(game) = game else {
            return;
        };
        let pawns = computer::evaluate(&game);
        let mut st = slot.lock();
        // Deleted while it was evaluated (the deletion happens under the game's lock).
        if st.deleted {
            return;
        }
        let cmd = Command::Evaluation { ply, line, pawns };
        if let Err(e) = self.command(&slot, &mut st, cmd, Actor::Host, None, None) {
            eprintln!("spacechess: cannot store an evaluation: {}", e.message);
        }
    }

    /// Starts the Oracle with `permit`, or a slot of the game's client (the sockets hear
    /// when there is none).
    pub(super) fn start_oracle(
        &self,
        slot: &Arc<GameSlot>,
        st: &mut GameState,
        budget: Duration,
        permit: Option<SearchPermit>,
    ) {
        let permit = match permit {
            Some(p) => p,
            None => match self.slots.try_acquire(Some(&st.client)) {
                Ok(p) => p,
                Err(r) => {
                    slot.send(view::error_message("rate_limited", &r.to_string()));
                    return;
                }
            },
        };
        let started = computer::start_oracle(
            slot,
            st.table.game().clone(),
            budget,
            st.table.level(),
            self.config.engine,
            permit,
        );
        match started {
            Ok(signal) => st.oracle = Some(signal),
            Err(e) => eprintln!("spacechess: cannot start the Oracle: {e}"),
        }
    }
}

/// A service for unit tests: a fresh store in a temporary directory, one-thread 1 MB
/// searches. Fields drop in order: the service before its directory and runtime.
#[cfg(test)]
pub(super) struct TestService {
    pub svc: Arc<Service>,
    /// What the service's store fails (nothing until a test says).
    pub faults: Arc<Faults>,
    _dir: tempfile::TempDir,
    _rt: tokio::runtime::Runtime,
}

#[cfg(test)]
use super::store::{
    faulty::{Faults, Faulty},
    SqliteStore,
};

#[cfg(test)]
impl TestService {
    pub fn new(limits: LimitConfig) -> TestService {
        let rt = tokio::runtime::Runtime::new().unwrap();
        let dir = tempfile::tempdir().unwrap();
        let faults = Arc::new(Faults::default());
        let store = Faulty {
            inner: SqliteStore::open(&dir.path().join("db.sqlite")).unwrap(),
            faults: Arc::clone(&faults),
        };
        let config = ServiceConfig {
            limits,
            engine: Settings {
                threads: 1,
                hash_mb: 1,
            },
            online: OnlineTimes::default(),
            oracle_default: std::time::Duration::from_millis(super::routes::ORACLE_DEFAULT_MS),
        };
        let svc = Service::new(store, config, rt.handle().clone());
        TestService {
            svc,
            faults,
            _dir: dir,
            _rt: rt,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::registry::stored_game;
    use super::*;
    use rules::{Color, Variant};
    use std::sync::atomic::Ordering;

    #[test]
    fn finished_idle_games_leave_memory_but_not_the_store() {
        let fixture = TestService::new(LimitConfig::default());
        let svc = &fixture.svc;
        let me = PlayerId::new();
        let req = NewGame {
            setup: Setup::standard(rules::Variant::Stacked),
            mode: Mode::Local,
            human: Color::White,
            level: Level::Depth(1),
            time_control: None,
            rated: false,
            position: None,
            moves: Vec::new(),
            evals: Vec::new(),
        };
        let json = |s: String| -> serde_json::Value { serde_json::from_str(&s).unwrap() };
        let open = json(svc.create(req.clone(), &me, "client").unwrap());
        let done = json(svc.create(req, &me, "client").unwrap());
        let done_id = done["id"].as_str().unwrap();
        svc.resign(done_id, None, &me).unwrap();
        assert_eq!(svc.forget_idle(Duration::from_secs(60), None), 0);
        assert_eq!(svc.forget_idle(Duration::ZERO, None), 1);
        assert_eq!(svc.games().len(), 1);
        assert!(svc.games().contains_key(open["id"].as_str().unwrap()));
        // Read back from the store on demand.
        assert_eq!(
            json(svc.view(done_id, &me).unwrap())["result"]["reason"],
            "resignation"
        );
        assert_eq!(svc.games().len(), 2);
    }

    /// One move request generates the legal moves of the new position once (and the
    /// status, the view, the history and the token lookup reuse them); the engine's
    /// search runs on threads of its own and is not counted.
    #[test]
    fn a_move_request_generates_the_legal_moves_at_most_twice() {
        use rules::generations::generations;
        let fixture = TestService::new(LimitConfig::default());
        let svc = &fixture.svc;
        let me = PlayerId::new();
        for (variant, mode) in [
            (rules::Variant::Trid, Mode::Computer),
            (rules::Variant::Stacked, Mode::Computer),
            (rules::Variant::Quadlevel, Mode::Local),
            (rules::Variant::Fourfold, Mode::Local),
        ] {
            let req = NewGame {
                setup: Setup::standard(variant),
                mode,
                human: Color::White,
                level: Level::Depth(1),
                time_control: Some(TimeControl::live(600_000, 0)),
                rated: false,
                position: None,
                moves: Vec::new(),
                evals: Vec::new(),
            };
            let view: serde_json::Value =
                serde_json::from_str(&svc.create(req, &me, "client").unwrap()).unwrap();
            let id = view["id"].as_str().unwrap().to_string();
            let token = view["legal_moves"][0]["token"]
                .as_str()
                .unwrap()
                .to_string();
            let before = generations();
            let answer = svc.play(&id, &token, Some(0), &me, "client").unwrap();
            let used = generations() - before;
            assert!(used <= 2, "{variant}: {used} generations for one move");
            assert!(used >= 1, "{variant}: the counter counts");
            assert!(answer.contains(&token));
            let before = generations();
            svc.view(&id, &me).unwrap();
            assert_eq!(
                generations() - before,
                0,
                "{variant}: a view generates nothing"
            );
        }
    }

    #[test]
    fn ids_are_32_hex_digits_and_differ() {
        let a = new_id();
        assert_eq!(a.len(), 32);
        assert!(a.bytes().all(|b| b.is_ascii_hexdigit()));
        assert_ne!(a, new_id());
    }

    #[test]
    fn only_games_needing_the_server_load_at_start_and_idle_ones_leave_memory() {
        let rt = tokio::runtime::Runtime::new().unwrap();
        let dir = tempfile::tempdir().unwrap();
        let store = SqliteStore::open(&dir.path().join("db.sqlite")).unwrap();
        // Ids are 32 hex digits, as the service makes them.
        let [computer_turn, player_turn, local, clocked] =
            ["a", "b", "c", "d"].map(|c| c.repeat(32));
        for (id, mode, human, clock) in [
            (&computer_turn, Mode::Computer, Color::Black, false),
            (&player_turn, Mode::Computer, Color::White, false),
            (&local, Mode::Local, Color::White, false),
            (&clocked, Mode::Local, Color::White, true),
        ] {
            store
                .insert_game(&stored_game(id, mode, human, clock), &[])
                .unwrap();
        }
        let config = ServiceConfig {
            limits: LimitConfig::default(),
            engine: Settings {
                threads: 1,
                hash_mb: 1,
            },
            online: table::OnlineTimes::default(),
            oracle_default: std::time::Duration::from_millis(
                super::super::routes::ORACLE_DEFAULT_MS,
            ),
        };
        let svc = Service::new(store, config, rt.handle().clone());
        assert_eq!(svc.resume_all().unwrap(), 2);
        let in_memory = |id: &str| svc.games().contains_key(id);
        assert!(in_memory(&computer_turn) && in_memory(&clocked));
        assert!(!in_memory(&player_turn) && !in_memory(&local));
        // Loaded on demand.
        assert_eq!(
            serde_json::from_str::<serde_json::Value>(&svc.view(&local, &PlayerId::new()).unwrap())
                .unwrap()["ply"],
            0
        );
        assert!(in_memory(&local));
        // Not yet idle long enough; then gone, except the game whose clock runs.
        assert_eq!(
            svc.forget_idle(Duration::from_secs(600), Some(Duration::from_secs(600))),
            0
        );
        svc.forget_idle(Duration::ZERO, Some(Duration::ZERO));
        assert!(!in_memory(&local));
        assert!(in_memory(&clocked));
        // Still in the store.
        assert_eq!(
            serde_json::from_str::<serde_json::Value>(&svc.view(&local, &PlayerId::new()).unwrap())
                .unwrap()["ply"],
            0
        );
    }

    #[test]
    fn a_move_that_failed_to_store_leaves_the_game_as_stored() {
        let fixture = TestService::new(LimitConfig::default());
        let svc = &fixture.svc;
        let me = PlayerId::new();
        let req = NewGame {
            setup: Setup::standard(Variant::Stacked),
            mode: Mode::Local,
            human: Color::White,
            level: Level::Depth(1),
            time_control: Some(TimeControl::live(600_000, 0)),
            rated: false,
            position: None,
            moves: Vec::new(),
            evals: Vec::new(),
        };
        let json = |s: String| serde_json::from_str::<serde_json::Value>(&s).unwrap();
        let g = json(svc.create(req, &me, "c").unwrap());
        let id = g["id"].as_str().unwrap().to_string();
        let token = g["legal_moves"][0]["token"].as_str().unwrap().to_string();
        fixture.faults.fail_moves_from.store(0, Ordering::SeqCst);
        assert!(svc.play(&id, &token, Some(0), &me, "c").is_err());
        let v = json(svc.view(&id, &me).unwrap());
        assert_eq!(v["ply"], 0, "not stored, so not played: {v}");
        assert_eq!(v["history"], serde_json::json!([]));
        // Space is back: the same move is played and stored.
        fixture
            .faults
            .fail_moves_from
            .store(u32::MAX, Ordering::SeqCst);
        let v = json(svc.play(&id, &token, Some(0), &me, "c").unwrap());
        assert_eq!(v["ply"], 1);
        let (_, moves) = svc.store.load_game(&id).unwrap().unwrap();
        assert_eq!(moves.len(), 1);
    }

    #[test]
    fn a_computer_move_that_failed_to_store_is_played_once_the_store_works() {
        let fixture = TestService::new(LimitConfig::default());
        let svc = &fixture.svc;
        let me = PlayerId::new();
        let req = NewGame {
            setup: Setup::standard(Variant::Fourfold),
            mode: Mode::Computer,
            human: Color::White,
            level: Level::Depth(1),
            time_control: None,
            rated: false,
            position: None,
            moves: Vec::new(),
            evals: Vec::new(),
        };
        let g =
            serde_json::from_str::<serde_json::Value>(&svc.create(req, &me, "c").unwrap()).unwrap();
        let id = g["id"].as_str().unwrap().to_string();
        // The disk is "full" for every move from the computer's reply on.
        fixture.faults.fail_moves_from.store(1, Ordering::SeqCst);
        let token = g["legal_moves"][0]["token"].as_str().unwrap().to_string();
        svc.play(&id, &token, Some(0), &me, "c").unwrap();
        // Bounded waits (they fail the test rather than hang it).
        let wait_until = |what: &str, done: &dyn Fn() -> bool| {
            for _ in 0..3000 {
                if done() {
                    return;
                }
                std::thread::sleep(Duration::from_millis(10));
            }
            panic!("never: {what}");
        };
        wait_until("the store failed twice (a first try and a retry)", &|| {
            fixture.faults.failed_writes.load(Ordering::SeqCst) >= 2
        });
        let v = serde_json::from_str::<serde_json::Value>(&svc.view(&id, &me).unwrap()).unwrap();
        assert_eq!(v["ply"], 1, "not stored, so not played: {v}");
        // Space is back: the retry stores and plays the move.
        fixture
            .faults
            .fail_moves_from
            .store(u32::MAX, Ordering::SeqCst);
        wait_until("the computer's move is played", &|| {
            serde_json::from_str::<serde_json::Value>(&svc.view(&id, &me).unwrap()).unwrap()["ply"]
                == 2
        });
        let (_, moves) = svc.store.load_game(&id).unwrap().unwrap();
        assert_eq!(moves.len(), 2);
    }
}
