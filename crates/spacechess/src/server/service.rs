//! The game service: games in memory (loaded from the store on demand), every change
//! stored before it is acknowledged, the computer's turn and the Oracle started on
//! engine threads, clocks and loss on time, and a broadcast of each change to the game's
//! WebSocket listeners.
//!
//! Locking: the games map, then one game's state, then the store — never the other way
//! round. Engine callbacks only send on the broadcast channel; they take no lock.

use super::absence::{OnlineTimes, Presence};
use super::clock::{self, Charge, Clocks};
use super::computer::EvalQueue;
use super::error::ApiError;
use super::limits::{LimitConfig, SearchPermit, SearchSlots};
use super::players::PlayerId;
use super::rematch::Rematch;
use super::search::StopSignal;
use super::seats::{Holder, Seats};
use super::store::{GameStore, StoredGame, StoredMove, StoredSeats, Version};
use super::view::{
    self, color_id, ClocksView, Eval, GameView, OfferKind, OfferView, Personal, PositionView,
    Published, SeatView, SeatsView, ViewContext,
};
use engine::api::{Level, Settings};
use rules::any::{AnyGame, NewGameError};
use rules::{Color, GameStatus, PlayError, Setup};
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};
use tokio::sync::broadcast;

pub use super::view::Mode;

/// A request for a new game, already checked.
#[derive(Clone, Debug)]
pub struct NewGame {
    pub setup: Setup,
    pub mode: Mode,
    pub human: Color,
    pub level: Level,
    /// Initial time and increment in milliseconds.
    pub time_control: Option<(i64, i64)>,
    pub position: Option<String>,
    /// Moves (tokens) played from the start before the game begins: an imported record.
    pub moves: Vec<String>,
    /// The evaluations an imported record gives after those moves.
    pub evals: Vec<Option<Eval>>,
}

/// Settings of the service as a whole.
#[derive(Clone, Copy, Debug)]
pub struct ServiceConfig {
    pub limits: LimitConfig,
    pub engine: Settings,
    /// Online games' first-move and absence times.
    pub online: OnlineTimes,
    /// The Oracle's time per turn when a request names none.
    pub oracle_default: std::time::Duration,
}

/// One game: its WebSocket channel and its state.
pub struct GameSlot {
    pub id: String,
    pub(super) events: broadcast::Sender<Arc<str>>,
    pub(super) state: Mutex<GameState>,
    /// Held while this game's rematch is settled (`rematch.rs`), so that a second
    /// acceptance waits and finds the rematch made. Taken before anything else.
    pub(super) rematch_lock: Mutex<()>,
}

pub(super) struct GameState {
    pub(super) mode: Mode,
    /// The human's side against the computer (meaningless in local mode).
    pub(super) human: Color,
    pub(super) level: Level,
    /// Who holds each side.
    pub(super) seats: Seats,
    /// An online game's invitation code (kept after the seat is taken: the path then
    /// only lets people watch).
    pub(super) invite: Option<String>,
    /// An online game's draw offer or take-back request waiting for the opponent.
    pub(super) offer: Option<(OfferKind, Color)>,
    /// A finished online game's rematch, once agreed (the store keeps it as the new
    /// game's `rematch_of`): it takes both players to the new game.
    pub(super) rematch: Option<String>,
    /// People watching on sockets now (the socket layer counts them).
    pub(super) watchers: u32,
    /// Each side's holder's sockets (`absence.rs`), indexed by colour.
    pub(super) presence: [Presence; 2],
    /// An online game's first-move deadline: the ply it is for, and when.
    pub(super) first_move_due: Option<(usize, Instant)>,
    /// The service's online times (copied here so that views can tell who is gone).
    pub(super) times: OnlineTimes,
    pub(super) client: String,
    pub(super) created_at: i64,
    pub(super) time_control: Option<(i64, i64)>,
    pub(super) game: AnyGame,
    /// Evaluation after each move.
    pub(super) evals: Vec<Option<Eval>>,
    /// History entries below this index are as the last socket message sent them; the
    /// next update carries the entries from here on.
    pub(super) unchanged_history: usize,
    pub(super) clocks: Option<Clocks>,
    /// Bumped at every change, so timers and engine results that belong to an older state
    /// do nothing.
    pub(super) epoch: u64,
    /// The stored row's version this state matches: every write names it and takes the
    /// one the store returns, so a write from a stale copy of the game is refused.
    pub(super) version: Version,
    /// When the game last changed (for dropping finished games from memory).
    pub(super) changed_at: Instant,
    pub(super) search: Option<StopSignal>,
    /// The computer should move but no search slot was free; it starts when one frees.
    pub(super) waiting_for_slot: bool,
    pub(super) oracle: Option<StopSignal>,
    /// Set while the Oracle is on duty: its budget.
    pub(super) oracle_budget: Option<Duration>,
    /// The computer's verdict on a draw offer, and the epoch it was judged at.
    pub(super) draw_verdict: Option<(u64, bool)>,
}

/// `game` as it stood after `ply` half-moves (replayed from its start, so a result
/// declared at the end does not stand in the way), or `None` beyond its end.
pub(super) fn game_at(game: &AnyGame, ply: usize) -> Option<AnyGame> {
    if ply > game.ply() {
        return None;
    }
    if ply == game.ply() {
        return Some(game.clone());
    }
    let start = game.start_position_string();
    let mut past = AnyGame::new(&game.setup(), Some(&start)).ok()?;
    for m in &game.played()[..ply] {
        past.play_token(&m.token).ok()?;
    }
    Some(past)
}

impl GameState {
    pub(super) fn ply(&self) -> usize {
        self.game.ply()
    }

    /// Notes that history entry `i` (and every later one) changed or went away.
    pub(super) fn touch_history(&mut self, i: usize) {
        self.unchanged_history = self.unchanged_history.min(i);
    }

    pub(super) fn computer_side(&self) -> Option<Color> {
        (self.mode == Mode::Computer).then_some(self.human.opposite())
    }

    pub(super) fn in_progress(&self) -> bool {
        self.game.status() == GameStatus::InProgress
    }

    pub(super) fn computer_to_move(&self) -> bool {
        self.in_progress() && self.computer_side() == Some(self.game.turn())
    }

    /// A person may move now: not the computer's turn, and no seat still waiting for
    /// its player (an online game starts when both are seated).
    pub(super) fn human_to_move(&self) -> bool {
        self.in_progress()
            && self.computer_side() != Some(self.game.turn())
            && !self.seats.any_open()
    }

    /// An online game still being played: no engine helps either player.
    pub(super) fn online_running(&self) -> bool {
        self.mode == Mode::Online && self.in_progress()
    }

    /// The tokens of the first `n` moves.
    pub(super) fn tokens(&self, n: usize) -> Vec<String> {
        self.game
            .played()
            .iter()
            .take(n)
            .map(|m| m.token.clone())
            .collect()
    }

    /// The game as it stood after `ply` half-moves (see [`game_at`]).
    pub(super) fn game_at(&self, ply: usize) -> Option<AnyGame> {
        game_at(&self.game, ply)
    }

    /// The side that played move `i`.
    pub(super) fn mover_of(&self, i: usize) -> Option<Color> {
        self.game.played().get(i).map(|m| m.side)
    }

    fn clocks_view(&self, now: Instant) -> Option<ClocksView> {
        let c = self.clocks.as_ref()?;
        let [w, b] = c.snapshot(now);
        Some(ClocksView {
            initial_ms: self.time_control.map_or(0, |t| t.0),
            white_ms: w.max(0),
            black_ms: b.max(0),
            increment_ms: c.increment_ms,
            running: c.running().map(Into::into),
        })
    }

    fn seats_view(&self, now: Instant) -> SeatsView {
        let online = self.mode == Mode::Online;
        let seat = |side: Color| SeatView {
            holder: self.seats.holder_view(side),
            connected: online && self.connected(side),
            gone: self.gone(side, now),
        };
        SeatsView {
            white: seat(Color::White),
            black: seat(Color::Black),
        }
    }

    /// What only `player` is told about the game.
    pub(super) fn personal(&self, player: &PlayerId) -> Personal {
        let you: Vec<_> = self
            .seats
            .sides_of(player)
            .into_iter()
            .map(Into::into)
            .collect();
        let invite = self
            .invite
            .as_ref()
            .filter(|_| !you.is_empty() && self.seats.any_open())
            .map(|code| invite_path(code));
        Personal { you, invite }
    }

    /// The game as the API shows it (legal moves only when a person may move), with
    /// the history entries from index `first` on.
    pub(super) fn view(&self, id: &str, first: usize) -> GameView {
        let now = Instant::now();
        let screen = self.game.screen(self.human_to_move());
        let ctx = ViewContext {
            material: rules::material::material(&screen.cells, self.game.played()),
            id,
            mode: self.mode,
            human: self.human,
            level: self.level,
            // No engine's verdict reaches the players of an online game while it runs.
            evals: if self.online_running() {
                &[]
            } else {
                &self.evals
            },
            clocks: self.clocks_view(now),
            computer_thinking: self.search.is_some() || self.waiting_for_slot,
            oracle_on: self.oracle_budget.is_some(),
            seats: self.seats_view(now),
            offer: self.offer.map(|(kind, from)| OfferView {
                kind,
                from: from.into(),
            }),
            rematch: self.rematch.clone(),
            watchers: self.watchers,
            abort_in_ms: self.abort_in(now).map(|d| d.as_millis() as u64),
        };
        view::game_view(screen, self.game.history_entries(first), first, ctx)
    }

    /// The whole view, as `player` sees it, as JSON text.
    pub(super) fn view_json(&self, id: &str, player: &PlayerId) -> String {
        view::to_json(&self.view(id, 0).for_player(self.personal(player)))
    }

    /// Builds one view of the current state and serializes it for the socket (only the
    /// history changed since the last message) and, with `answer`, whole for that
    /// player's HTTP answer; notes it as sent. `thinking` marks a search about to start.
    pub(super) fn publish(
        &mut self,
        id: &str,
        answer: Option<&PlayerId>,
        thinking: bool,
    ) -> Published {
        let from = self.unchanged_history.min(self.ply());
        let answer = answer.map(|p| self.personal(p));
        let first = if answer.is_some() { 0 } else { from };
        let mut state = self.view(id, first);
        state.computer_thinking |= thinking;
        self.unchanged_history = self.ply();
        view::publish(state, first, from, answer)
    }

    /// The seats and the invitation as the store keeps them.
    pub(super) fn stored_seats(&self, seats: &Seats) -> StoredSeats {
        let (white, black) = seats.to_stored();
        StoredSeats {
            white,
            black,
            invite: self.invite.clone(),
        }
    }

    /// Stops engine work and clocks: the game ended or changed under them.
    pub(super) fn stop_engines(&mut self) {
        self.search = None;
        self.oracle = None;
        self.waiting_for_slot = false;
    }
}

/// The path an online game's invitation is opened at (docs/api.md, "Online games").
pub fn invite_path(code: &str) -> String {
    format!("/join/{code}")
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

pub(super) fn play_error(e: PlayError) -> ApiError {
    match e {
        PlayError::GameOver(o) => ApiError::game_over(format!(
            "the game is over ({}, {})",
            o.result_string(),
            o.termination
        )),
        PlayError::Move(m) => ApiError::illegal_move(m.to_string()),
    }
}

pub struct Service {
    pub(super) store: Box<dyn GameStore>,
    pub(super) games: Mutex<HashMap<String, Arc<GameSlot>>>,
    pub(super) slots: Arc<SearchSlots>,
    pub(super) config: ServiceConfig,
    /// Games whose computer turn waits for a free search slot, oldest first.
    pub(super) waiting: Mutex<VecDeque<Arc<GameSlot>>>,
    pub(super) runtime: tokio::runtime::Handle,
    pub(super) evals: EvalQueue,
    /// The analysis boards open now.
    pub(super) analyses: super::analysis::Analyses,
}

impl Service {
    pub fn new(
        store: impl GameStore + 'static,
        config: ServiceConfig,
        runtime: tokio::runtime::Handle,
    ) -> Arc<Service> {
        Arc::new_cyclic(|weak: &std::sync::Weak<Service>| {
            let weak_for_evals = weak.clone();
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
            Service {
                store: Box::new(store),
                games: Mutex::new(HashMap::new()),
                slots,
                config,
                waiting: Mutex::new(VecDeque::new()),
                runtime,
                evals: EvalQueue::start(weak_for_evals),
                analyses: Default::default(),
            }
        })
    }

    pub(super) fn games(&self) -> MutexGuard<'_, HashMap<String, Arc<GameSlot>>> {
        self.games.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub(super) fn lock(slot: &GameSlot) -> MutexGuard<'_, GameState> {
        slot.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Loads every unfinished game and continues it (the computer thinks again where it
    /// was its turn). Games that cannot be replayed are reported and skipped.
    pub fn resume_all(self: &Arc<Self>) -> Result<usize, ApiError> {
        let stored = self.unfinished_needing_the_server()?;
        let mut n = 0;
        for (g, moves) in stored {
            match self.build_slot(g, moves) {
                Ok(slot) => {
                    self.games().insert(slot.id.clone(), Arc::clone(&slot));
                    let mut st = Self::lock(&slot);
                    let _ = self.after_change(&slot, &mut st, None, None);
                    n += 1;
                }
                Err(e) => eprintln!("spacechess: cannot resume a stored game: {}", e.message),
            }
        }
        Ok(n)
    }

    /// The game with this id, from memory or the store.
    pub fn slot(&self, id: &str) -> Result<Arc<GameSlot>, ApiError> {
        if let Some(s) = self.games().get(id) {
            return Ok(Arc::clone(s));
        }
        // Ids are 32 hex digits; anything else cannot exist, so skip the store.
        if id.len() != 32 || !id.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(ApiError::unknown_game(id));
        }
        let Some((g, moves)) = self.store.load_game(id)? else {
            return Err(ApiError::unknown_game(id));
        };
        let slot = self.build_slot(g, moves)?;
        let mut games = self.games();
        // Another request may have loaded it meanwhile; keep the first.
        Ok(Arc::clone(games.entry(id.to_string()).or_insert(slot)))
    }

    /// Rebuilds a stored game by replaying its moves.
    pub(super) fn build_slot(
        &self,
        g: StoredGame,
        moves: Vec<StoredMove>,
    ) -> Result<Arc<GameSlot>, ApiError> {
        let broken = |why: String| ApiError::internal(format!("stored game {}: {why}", g.id));
        let options: Vec<&str> = g.options.split(',').filter(|s| !s.is_empty()).collect();
        let setup = Setup::from_ids(&g.variant, g.rules.as_deref(), &options)
            .map_err(|e| broken(e.to_string()))?;
        let mut game =
            AnyGame::new(&setup, g.start_position.as_deref()).map_err(|e| broken(e.to_string()))?;
        let mut evals = Vec::with_capacity(moves.len());
        for m in &moves {
            game.play_token(&m.token)
                .map_err(|e| broken(format!("move {} ({}): {e}", m.ply + 1, m.token)))?;
            evals.push(m.eval);
        }
        if g.declared.is_some() {
            game.set_declared(g.declared);
        }
        let mode = g.mode;
        let time_control = g.initial_ms.map(|i| (i, g.increment_ms.unwrap_or(0)));
        let clocks = time_control.map(|(initial, inc)| {
            let (w, b) = moves.last().map_or((initial, initial), |m| {
                (m.white_ms.unwrap_or(initial), m.black_ms.unwrap_or(initial))
            });
            Clocks::new(w, b, inc)
        });
        let human = g.human.unwrap_or(Color::White);
        let seats = Seats::from_stored(
            mode,
            human,
            g.white_player.as_deref(),
            g.black_player.as_deref(),
        );
        // The rematch of a finished online game, and a pending offer kept over a restart
        // (a finished game's can only be a rematch offer, gone once the rematch exists).
        let rematch = if mode == Mode::Online && g.finished {
            self.store.rematch_of(&g.id)?
        } else {
            None
        };
        let offer = g.offer.filter(|_| rematch.is_none());
        let (events, _) = broadcast::channel(256);
        Ok(Arc::new(GameSlot {
            id: g.id.clone(),
            events,
            state: Mutex::new(GameState {
                mode,
                human,
                seats,
                invite: g.invite,
                offer,
                rematch,
                watchers: 0,
                presence: [Presence::away_from(Instant::now()); 2],
                first_move_due: None,
                times: self.config.online,
                level: g.level.unwrap_or(Level::DEFAULT),
                client: g.client,
                created_at: g.created_at,
                time_control,
                unchanged_history: game.ply(),
                game,
                evals,
                clocks,
                epoch: 0,
                version: g.version,
                changed_at: Instant::now(),
                search: None,
                waiting_for_slot: false,
                oracle: None,
                oracle_budget: None,
                draw_verdict: None,
            }),
            rematch_lock: Mutex::new(()),
        }))
    }

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
            .check_time_control(req.time_control.map(|t| t.0))
            .map_err(ApiError::bad_request)?;
        let mut game = AnyGame::new(&req.setup, req.position.as_deref()).map_err(|e| match e {
            NewGameError::Position(p) => ApiError::bad_position(p.to_string()),
            NewGameError::Setup(s) => ApiError::bad_setup(s.to_string()),
        })?;
        // An imported record's moves, replayed by the rules (already checked on import).
        let mut moves = Vec::with_capacity(req.moves.len());
        for (i, token) in req.moves.iter().enumerate() {
            game.play_token(token).map_err(|e| {
                ApiError::illegal_move(format!("move {} ({token}) of the record: {e}", i + 1))
            })?;
            moves.push(StoredMove {
                ply: i as u32,
                token: token.clone(),
                eval: req.evals.get(i).copied().flatten(),
                white_ms: None,
                black_ms: None,
            });
        }
        let computer_first = req.mode == Mode::Computer
            && game.status() == GameStatus::InProgress
            && game.turn() != req.human;
        let permit = if computer_first {
            Some(self.acquire(client)?)
        } else {
            None
        };
        let invite = if req.mode == Mode::Online {
            self.check_open_invites(player, client)?;
            Some(new_id())
        } else {
            None
        };
        let id = new_id();
        let mut seats = Seats::new(req.mode, player, req.human);
        if let Some(r) = rematch {
            *seats.get_mut(req.human.opposite()) = Holder::Player(r.offerer.clone());
        }
        let (white_player, black_player) = seats.to_stored();
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
            initial_ms: req.time_control.map(|t| t.0),
            increment_ms: req.time_control.map(|t| t.1),
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
            invite,
            offer: None,
        };
        match rematch {
            Some(r) => {
                self.store.insert_rematch(&stored, &r.of, r.of_version)?;
            }
            None => self.store.insert_game(&stored, &moves)?,
        }
        let slot = self.build_slot(stored, moves)?;
        self.games().insert(id.clone(), Arc::clone(&slot));
        let mut st = Self::lock(&slot);
        Ok((id, self.after_change(&slot, &mut st, permit, Some(player))))
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

    /// The sides `player` holds in this game, or `not_your_seat` if none. A game stored
    /// before seats existed is claimed by the first player who acts on it.
    pub(super) fn seated(
        &self,
        id: &str,
        st: &mut GameState,
        player: &PlayerId,
    ) -> Result<Vec<Color>, ApiError> {
        let mut seats = st.seats.clone();
        if seats.claim_unclaimed(player) {
            st.version = self
                .store
                .set_seats(id, st.version, &st.stored_seats(&seats))?;
            st.seats = seats;
        }
        let sides = st.seats.sides_of(player);
        if sides.is_empty() {
            return Err(ApiError::not_your_seat(
                "you hold no seat in this game: you may watch it, not play or change it",
            ));
        }
        Ok(sides)
    }

    pub(super) fn acquire(&self, client: &str) -> Result<SearchPermit, ApiError> {
        self.slots
            .try_acquire(Some(client))
            .map_err(|r| ApiError::rate_limited(r.to_string()))
    }

    /// The game's view, as `player` sees it, as JSON text.
    pub fn view(&self, id: &str, player: &PlayerId) -> Result<String, ApiError> {
        let slot = self.slot(id)?;
        let st = Self::lock(&slot);
        Ok(st.view_json(&slot.id, player))
    }

    /// The board after `ply` half-moves, as JSON text (`GET .../positions/{ply}`).
    pub fn position(&self, id: &str, ply: u64) -> Result<String, ApiError> {
        let slot = self.slot(id)?;
        let (game, played) = {
            let st = Self::lock(&slot);
            (st.game.clone(), st.ply())
        };
        let beyond = || {
            ApiError::bad_request(format!(
                "ply {ply} is beyond the end of the game ({played} half-moves played)"
            ))
        };
        let ply = usize::try_from(ply).map_err(|_| beyond())?;
        // Replayed outside the game's lock: a long game never holds up its moves.
        let past = game_at(&game, ply).ok_or_else(beyond)?;
        let screen = past.screen(false);
        let material = rules::material::material(&screen.cells, past.played());
        Ok(view::to_json(&PositionView { screen, material }))
    }

    /// A new receiver of the game's messages, its current state message as `player`
    /// sees it, and whether `player` holds a seat (else they watch).
    pub fn subscribe(
        &self,
        id: &str,
        player: &PlayerId,
    ) -> Result<(broadcast::Receiver<Arc<str>>, String, bool), ApiError> {
        let slot = self.slot(id)?;
        let st = Self::lock(&slot);
        // Subscribe under the lock: no change can slip between the state and the stream.
        let rx = slot.events.subscribe();
        let seated = !st.seats.sides_of(player).is_empty();
        Ok((
            rx,
            view::state_message(st.view_json(&slot.id, player)),
            seated,
        ))
    }

    /// The number of people watching changed: tell everyone (nothing else changes).
    pub fn set_watchers(&self, id: &str, watchers: u32) {
        let Some(slot) = self.games().get(id).cloned() else {
            return;
        };
        let mut st = Self::lock(&slot);
        if st.watchers != watchers {
            st.watchers = watchers;
            let _ = slot
                .events
                .send(st.publish(&slot.id, None, false).update.into());
        }
    }

    /// Plays the player's move. `ply`, when given, must equal the moves played so far.
    pub fn play(
        self: &Arc<Self>,
        id: &str,
        text: &str,
        ply: Option<u64>,
        player: &PlayerId,
        client: &str,
    ) -> Result<String, ApiError> {
        let slot = self.slot(id)?;
        let mut st = Self::lock(&slot);
        let sides = self.seated(&slot.id, &mut st, player)?;
        if let GameStatus::Over(o) = st.game.status() {
            return Err(play_error(PlayError::GameOver(o)));
        }
        if let Some(p) = ply {
            if p != st.ply() as u64 {
                return Err(ApiError::not_your_turn(format!(
                    "the move was meant for ply {p}, but {} half-moves have been played",
                    st.ply()
                )));
            }
        }
        if st.mode == Mode::Online && st.seats.any_open() {
            return Err(ApiError::not_your_turn(
                "the invited player has not joined yet; the game starts when they do",
            ));
        }
        if !st.human_to_move() {
            return Err(ApiError::not_your_turn(
                "it is the computer's turn; wait for its move",
            ));
        }
        let mover = st.game.turn();
        if !sides.contains(&mover) {
            return Err(ApiError::not_your_turn(format!(
                "it is {}'s turn; wait for your opponent's move",
                color_id(mover)
            )));
        }
        let now = Instant::now();
        // A late move loses on time instead of being played.
        if let Some(c) = st.clocks.as_mut() {
            let mut trial = c.clone();
            if trial.charge_move(mover, now) == Charge::Flagged {
                self.flag(&slot, &mut st, mover, now);
                return Err(ApiError::game_over(format!(
                    "{} lost on time before the move arrived",
                    color_id(mover)
                )));
            }
        }
        // Claim the computer's search slot before changing anything: a refusal leaves the
        // game as it was.
        let permit = if st.mode == Mode::Computer {
            Some(self.acquire(client)?)
        } else {
            None
        };
        // The browser sends exact tokens; a person typing through the API may write any
        // accepted form, matched only when the text is not a token.
        let token = match st.game.play_token(text).map(|m| m.token.clone()) {
            Err(PlayError::Move(_)) => st.game.play_text(text).map(|m| m.token.clone()),
            other => other,
        }
        .map_err(play_error)?;
        let clocks_before = st.clocks.clone();
        if let Some(c) = st.clocks.as_mut() {
            c.charge_move(mover, now);
        }
        if let Err(e) = self.store_move(&slot.id, &mut st, &token, None, now) {
            st.game.undo();
            st.clocks = clocks_before;
            return Err(e);
        }
        st.evals.push(None);
        // A move answers any offer still open (it declines the opponent's).
        let declined = st.offer.take().filter(|&(_, from)| from != mover);
        let played = st.ply() - 1;
        st.touch_history(played);
        let answer = self.after_change(&slot, &mut st, permit, Some(player));
        if let Some((kind, from)) = declined {
            let _ = slot.events.send(view::declined_message(kind, from).into());
        }
        Ok(answer)
    }

    /// Writes the move just played (already on `st.game`, not yet in `st.evals`).
    pub(super) fn store_move(
        &self,
        id: &str,
        st: &mut GameState,
        token: &str,
        eval: Option<Eval>,
        now: Instant,
    ) -> Result<(), ApiError> {
        let snapshot = st.clocks.as_ref().map(|c| c.snapshot(now));
        let m = StoredMove {
            ply: st.ply() as u32 - 1,
            token: token.to_string(),
            eval,
            white_ms: snapshot.map(|s| s[0]),
            black_ms: snapshot.map(|s| s[1]),
        };
        let result = match st.game.status() {
            GameStatus::Over(o) => Some(o),
            GameStatus::InProgress => None,
        };
        st.version = self.store.append_move(id, st.version, &m, result)?;
        Ok(())
    }

    /// Writes the result just declared on `st.game` (resignation, agreement, time, abort,
    /// claim); if the store refuses, the declaration is withdrawn and the game goes on.
    pub(super) fn store_declared(&self, id: &str, st: &mut GameState) -> Result<(), ApiError> {
        let GameStatus::Over(outcome) = st.game.status() else {
            return Ok(());
        };
        match self.store.declare_result(id, st.version, outcome) {
            Ok(v) => {
                st.version = v;
                Ok(())
            }
            Err(e) => {
                st.game.set_declared(None);
                Err(e.into())
            }
        }
    }

    /// Ends the game: `side` ran out of time.
    pub(super) fn flag(
        self: &Arc<Self>,
        slot: &Arc<GameSlot>,
        st: &mut GameState,
        side: Color,
        now: Instant,
    ) {
        if st.game.lose_on_time(side).is_err() {
            return;
        }
        if let Some(c) = st.clocks.as_mut() {
            c.stop(now);
        }
        // The loss stands in memory even if it cannot be stored: the time is gone.
        if let Err(e) = self.store_declared(&slot.id, st) {
            eprintln!("spacechess: cannot store a loss on time: {}", e.message);
            let _ = st.game.lose_on_time(side);
        }
        let _ = self.after_change(slot, st, None, None);
    }

    /// After any change: bump the epoch, stop or start clocks, the computer and the
    /// Oracle as the new state requires, and tell the listeners. One view is built per
    /// change; with `answer` it is also returned whole as JSON text (the HTTP answer to
    /// that player).
    pub(super) fn after_change(
        self: &Arc<Self>,
        slot: &Arc<GameSlot>,
        st: &mut GameState,
        permit: Option<SearchPermit>,
        answer: Option<&PlayerId>,
    ) -> String {
        st.epoch += 1;
        st.changed_at = Instant::now();
        // A rematch offer is made once the game is over; every other offer ends with it.
        if !st.in_progress() && st.offer.is_some_and(|(kind, _)| kind != OfferKind::Rematch) {
            st.offer = None;
        }
        st.search = None;
        st.oracle = None;
        st.waiting_for_slot = false;
        self.analyses
            .note_game(&slot.id, st.online_running(), &st.game);
        let now = Instant::now();
        let runs = st.in_progress() && clock::runs_after(st.ply());
        if let Some(c) = st.clocks.as_mut() {
            if runs {
                if c.running() != Some(st.game.turn()) {
                    c.stop(now);
                    c.start(st.game.turn(), now);
                }
            } else {
                c.stop(now);
            }
        }
        let mut search_permit = None;
        if st.computer_to_move() {
            match permit.or_else(|| self.slots.try_acquire(None).ok()) {
                Some(p) => search_permit = Some(p),
                None => {
                    st.waiting_for_slot = true;
                    self.waiting_list().push_back(Arc::clone(slot));
                }
            }
        } else {
            drop(permit);
        }
        // A move whose evaluation no search will give gets a short evaluation of its own
        // (not while an online game runs: no engine helps its players).
        if st.evals.last() == Some(&None) && !st.online_running() {
            self.evaluate_last_move(slot, st);
        }
        self.arm_flag_timer(slot, st);
        self.arm_abort_timer(slot, st);
        self.arm_gone_timers(slot, st);
        // The new state goes out before the engine starts, so listeners always see the
        // state first and then the progress that belongs to it.
        let published = st.publish(&slot.id, answer, search_permit.is_some());
        let _ = slot.events.send(published.update.into());
        match search_permit {
            Some(p) => self.start_search(slot, st, p),
            None => {
                if st.human_to_move() {
                    if let Some(budget) = st.oracle_budget {
                        self.start_oracle(slot, st, budget);
                    }
                }
            }
        }
        published.full.unwrap_or_default()
    }

    pub(super) fn waiting_list(&self) -> MutexGuard<'_, VecDeque<Arc<GameSlot>>> {
        self.waiting.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Wakes when the side to move's time runs out; does nothing if anything changed.
    fn arm_flag_timer(self: &Arc<Self>, slot: &Arc<GameSlot>, st: &GameState) {
        let Some(deadline) = st.clocks.as_ref().and_then(|c| c.deadline(Instant::now())) else {
            return;
        };
        let epoch = st.epoch;
        let service = Arc::clone(self);
        let slot = Arc::clone(slot);
        self.runtime.spawn(async move {
            // A few milliseconds of slack so the flag is certainly down when checked.
            tokio::time::sleep(deadline + Duration::from_millis(5)).await;
            let _ = tokio::task::spawn_blocking(move || {
                let mut st = Self::lock(&slot);
                if st.epoch != epoch || !st.in_progress() {
                    return;
                }
                let now = Instant::now();
                let side = st.game.turn();
                if let Some(left) = st.clocks.as_ref().map(|c| c.remaining_ms(side, now)) {
                    if left <= 0 {
                        service.flag(&slot, &mut st, side, now);
                    } else {
                        service.arm_flag_timer(&slot, &st);
                    }
                }
            })
            .await;
        });
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
    use super::*;

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
                time_control: Some((600_000, 0)),
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
}
