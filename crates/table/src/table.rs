//! The state of one game table and what it answers without changing: who may move, the
//! take-back count, the clocks, the views. Commands are in `commands.rs`; what follows
//! every change (clocks started or stopped, engines, timers) in [`Table::settle`].

use crate::change::{Change, Duty, Event, Refusal, Timer};
use crate::clock::{runs_after, Clocks, TimeControl};
use crate::code::ErrorCode;
use crate::presence::{OnlineTimes, Presence};
use crate::seats::Seats;
use crate::view::{
    ClocksView, Eval, GameView, HistoryItem, LevelView, Mode, OfferKind, OfferView, Personal,
    PositionView, SeatView, SeatsView,
};
use engine::api::Level;
use rules::any::{AnyGame, NewGameError};
use rules::{Color, GameStatus, Outcome, PlayError, Setup};

/// A new table's set-up (a new game, or one the host loads from its store).
#[derive(Clone, Debug, PartialEq)]
pub struct NewTable {
    pub setup: Setup,
    /// A start position string (`None`: the set-up's usual start).
    pub position: Option<String>,
    pub mode: Mode,
    /// The human's side against the computer (echoed in local mode).
    pub human: Color,
    pub level: Level,
    pub time_control: Option<TimeControl>,
    /// A rated game (the host decides; no request body sets it).
    pub rated: bool,
    pub seats: Seats,
    /// An online game's invitation code.
    pub invite: Option<String>,
    pub online: OnlineTimes,
}

/// A move already played when the table is made (an imported record, a stored game).
#[derive(Clone, Debug, PartialEq)]
pub struct PastMove {
    pub token: String,
    pub eval: Option<Eval>,
    /// Both clocks after the move, `[white, black]` ms (`None`: not kept).
    pub clocks: Option<[i64; 2]>,
}

/// What a stored table had beyond its moves.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Restored {
    pub declared: Option<Outcome>,
    pub offer: Option<(OfferKind, Color)>,
    pub rematch: Option<String>,
    pub version: u64,
}

/// The new game an accepted rematch asks the host to create: the same set-up from the
/// usual start, colours swapped (the accepting player takes `human`, the offerer the
/// other side), both seats taken.
#[derive(Clone, Debug, PartialEq)]
pub struct RematchGame {
    pub setup: Setup,
    pub human: Color,
    pub level: Level,
    pub time_control: Option<TimeControl>,
    /// Rated as the game it follows.
    pub rated: bool,
    /// The offerer's player key.
    pub offerer: String,
}

/// What only the host knows that the view shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HostFacts {
    /// The computer searches (or waits for a search slot).
    pub computer_thinking: bool,
    /// People watching live.
    pub watchers: u32,
}

/// One game table.
#[derive(Clone, Debug)]
pub struct Table {
    pub(crate) game: AnyGame,
    pub(crate) mode: Mode,
    pub(crate) human: Color,
    pub(crate) level: Level,
    pub(crate) seats: Seats,
    pub(crate) invite: Option<String>,
    pub(crate) time_control: Option<TimeControl>,
    pub(crate) rated: bool,
    pub(crate) clocks: Option<Clocks>,
    /// Both clocks after each move (for take-backs), as stored.
    pub(crate) clock_marks: Vec<Option<[i64; 2]>>,
    /// An online game's draw offer, take-back request or (once over) rematch offer.
    pub(crate) offer: Option<(OfferKind, Color)>,
    /// A finished online game's rematch, once agreed.
    pub(crate) rematch: Option<String>,
    /// The evaluation after each move.
    pub(crate) evals: Vec<Option<Eval>>,
    /// Set while the Oracle is on duty: its budget (ms).
    pub(crate) oracle_budget_ms: Option<u64>,
    /// An online game's first-move deadline: the ply it is for, and when (ms).
    pub(crate) first_move_due: Option<(usize, i64)>,
    pub(crate) presence: [Presence; 2],
    pub(crate) online: OnlineTimes,
    pub(crate) version: u64,
}

/// `game` as it stood after `ply` half-moves (replayed from its start, so a result
/// declared at the end does not stand in the way), or `None` beyond its end.
pub fn game_at(game: &AnyGame, ply: usize) -> Option<AnyGame> {
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

/// The board of `game` after `ply` half-moves (`None` beyond its end).
pub fn position_view(game: &AnyGame, ply: usize) -> Option<PositionView> {
    let past = game_at(game, ply)?;
    let screen = past.screen(false);
    let material = rules::material::material(&screen.cells, past.played());
    Some(PositionView { screen, material })
}

/// The refusal of a move the rules do not allow.
pub fn play_refusal(e: PlayError) -> Refusal {
    match e {
        PlayError::GameOver(o) => Refusal::new(
            ErrorCode::GameOver,
            format!(
                "the game is over ({}, {})",
                o.result_string(),
                o.termination
            ),
        ),
        PlayError::Move(m) => Refusal::new(ErrorCode::IllegalMove, m.to_string()),
    }
}

impl Table {
    /// A table for a new or stored game: `moves` are replayed by exact token. Its
    /// clocks stand until [`Table::start`].
    pub fn new(new: NewTable, moves: &[PastMove], now_ms: i64) -> Result<Table, Refusal> {
        let mut game = AnyGame::new(&new.setup, new.position.as_deref()).map_err(|e| match e {
            NewGameError::Position(p) => Refusal::new(ErrorCode::BadPosition, p.to_string()),
            NewGameError::Setup(s) => Refusal::new(ErrorCode::BadSetup, s.to_string()),
        })?;
        for (i, m) in moves.iter().enumerate() {
            game.play_token(&m.token).map_err(|e| {
                Refusal::new(
                    ErrorCode::IllegalMove,
                    format!("move {} ({}): {e}", i + 1, m.token),
                )
            })?;
        }
        let mut table = Table {
            game,
            mode: new.mode,
            human: new.human,
            level: new.level,
            seats: new.seats,
            invite: new.invite,
            time_control: new.time_control,
            rated: new.rated,
            clocks: None,
            clock_marks: moves.iter().map(|m| m.clocks).collect(),
            offer: None,
            rematch: None,
            evals: moves.iter().map(|m| m.eval).collect(),
            oracle_budget_ms: None,
            first_move_due: None,
            presence: [Presence::away_from(now_ms); 2],
            online: new.online,
            version: 0,
        };
        table.clocks = table.time_control.map(|tc| {
            let [w, b] = table.marked_clocks(table.ply());
            Clocks::of(tc, w, b)
        });
        Ok(table)
    }

    /// Puts back what a stored table had beyond its moves.
    pub fn restore(mut self, r: Restored) -> Table {
        if r.declared.is_some() {
            self.game.set_declared(r.declared);
        }
        self.offer = r.offer;
        self.rematch = r.rematch;
        self.version = r.version;
        self
    }

    /// The table comes to life in a host (created, or loaded): clocks, the computer's
    /// turn, timers. Changes nothing stored; publish and perform it like a change.
    pub fn start(&mut self, now_ms: i64) -> Change {
        let mut change = Change::default();
        self.settle(now_ms, &mut change);
        change
    }

    // ----- Reading the state -----

    pub fn version(&self) -> u64 {
        self.version
    }
    pub fn game(&self) -> &AnyGame {
        &self.game
    }
    pub fn mode(&self) -> Mode {
        self.mode
    }
    pub fn human(&self) -> Color {
        self.human
    }
    pub fn level(&self) -> Level {
        self.level
    }
    pub fn seats(&self) -> &Seats {
        &self.seats
    }
    pub fn invite(&self) -> Option<&str> {
        self.invite.as_deref()
    }
    pub fn time_control(&self) -> Option<TimeControl> {
        self.time_control
    }
    /// A rated game (set by the host when it made the game).
    pub fn rated(&self) -> bool {
        self.rated
    }
    /// A correspondence game: every turn has the time control's whole allowance.
    pub fn per_move(&self) -> bool {
        self.time_control.is_some_and(|t| t.per_move)
    }
    pub fn clocks(&self) -> Option<&Clocks> {
        self.clocks.as_ref()
    }
    pub fn offer(&self) -> Option<(OfferKind, Color)> {
        self.offer
    }
    pub fn rematch(&self) -> Option<&str> {
        self.rematch.as_deref()
    }
    pub fn evals(&self) -> &[Option<Eval>] {
        &self.evals
    }
    pub fn oracle_budget_ms(&self) -> Option<u64> {
        self.oracle_budget_ms
    }
    pub fn presence(&self, side: Color) -> Presence {
        self.presence[side.index()]
    }
    pub fn online_times(&self) -> OnlineTimes {
        self.online
    }
    pub fn ply(&self) -> usize {
        self.game.ply()
    }

    /// The tokens of the first `n` moves.
    pub fn tokens(&self, n: usize) -> Vec<String> {
        self.game
            .played()
            .iter()
            .take(n)
            .map(|m| m.token.clone())
            .collect()
    }

    /// The sides `player` holds (empty: a watcher).
    pub fn sides_of(&self, player: &str) -> Vec<Color> {
        self.seats.sides_of(player)
    }

    pub fn computer_side(&self) -> Option<Color> {
        (self.mode == Mode::Computer).then_some(self.human.opposite())
    }

    pub fn in_progress(&self) -> bool {
        self.game.status() == GameStatus::InProgress
    }

    pub fn computer_to_move(&self) -> bool {
        self.in_progress() && self.computer_side() == Some(self.game.turn())
    }

    /// A person may move now: not the computer's turn, and no seat still waiting for
    /// its player (an online game starts when both are seated).
    pub fn human_to_move(&self) -> bool {
        self.in_progress()
            && self.computer_side() != Some(self.game.turn())
            && !self.seats.any_open()
    }

    /// An online game still being played: no engine helps either player.
    pub fn online_running(&self) -> bool {
        self.mode == Mode::Online && self.in_progress()
    }

    /// Something falls due in this game without anyone asking: the computer's turn, a
    /// running clock's flag, an online game's first-move abort or a player's absence.
    /// A host must keep such a game (and, beside other hosts, hold its lease).
    pub fn has_deadlines(&self) -> bool {
        self.in_progress()
            && (self.computer_to_move() || self.clocks.is_some() || self.online_with_both())
    }

    /// Host: what the game's other hosts know of `player`'s connections (a host beside
    /// others over one store): `connected` through any host, this one included, or else
    /// last seen at `seen_ms`. Returns whether the view changed.
    pub fn merge_presence(&mut self, player: &str, connected: bool, seen_ms: i64) -> bool {
        let mut changed = false;
        for side in self.seats.sides_of(player) {
            let p = &mut self.presence[side.index()];
            if connected != p.connected {
                p.connected = connected;
                p.away_since_ms = seen_ms;
                changed = true;
            } else if !connected && seen_ms > p.away_since_ms {
                p.away_since_ms = seen_ms;
                changed = true;
            }
        }
        changed
    }

    /// An online game whose players are both seated and which goes on.
    fn online_with_both(&self) -> bool {
        self.online_running() && !self.seats.any_open()
    }

    /// The clock the computer's search plays on: the side to move's remaining time and
    /// the increment (ms), with a time control.
    pub fn search_clock(&self, now_ms: i64) -> Option<(i64, i64)> {
        let c = self.clocks.as_ref()?;
        Some((
            c.remaining_ms(self.game.turn(), now_ms).max(0),
            c.increment_ms,
        ))
    }

    /// How many moves go back to (and including) `side`'s most recent move.
    pub fn take_back_count(&self, side: Color) -> usize {
        let played = self.game.played();
        (0..played.len())
            .rev()
            .find(|&i| played[i].side == side)
            .map_or(0, |i| played.len() - i)
    }

    /// Whether `side`'s player is gone: online, both sides have moved, away for the
    /// absence time. Never in correspondence, where being away is the normal case: the
    /// clock decides.
    pub fn gone(&self, side: Color, now_ms: i64) -> bool {
        let p = &self.presence[side.index()];
        self.online_with_both()
            && !self.per_move()
            && self.ply() >= 2
            && !p.connected
            && now_ms.saturating_sub(p.away_since_ms) >= self.online.gone_after_ms
    }

    /// The time each side has for its first move of an online game before it aborts:
    /// the host's (`OnlineTimes::first_move_ms`), or a correspondence game's whole
    /// allowance per move.
    pub fn first_move_ms(&self) -> i64 {
        match self.time_control {
            Some(tc) if tc.per_move => tc.initial_ms,
            _ => self.online.first_move_ms,
        }
    }

    /// Time left (ms) for the side to move's first move before the game aborts.
    pub fn abort_in_ms(&self, now_ms: i64) -> Option<i64> {
        let (ply, due) = self.first_move_due?;
        (ply == self.ply() && self.online_with_both()).then(|| due.saturating_sub(now_ms).max(0))
    }

    /// Both clocks after `ply` moves as marked (the initial time where none is).
    pub(crate) fn marked_clocks(&self, ply: usize) -> [i64; 2] {
        let initial = self.time_control.map_or(0, |t| t.initial_ms);
        match ply.checked_sub(1).and_then(|i| self.clock_marks.get(i)) {
            Some(Some(c)) => *c,
            _ => [initial, initial],
        }
    }

    // ----- Views -----

    fn clocks_view(&self, now_ms: i64) -> Option<ClocksView> {
        let c = self.clocks.as_ref()?;
        let [w, b] = c.snapshot(now_ms);
        Some(ClocksView {
            initial_ms: self.time_control.map_or(0, |t| t.initial_ms),
            white_ms: w.max(0),
            black_ms: b.max(0),
            increment_ms: c.increment_ms,
            running: c.running().map(Into::into),
            per_move: c.per_move(),
        })
    }

    fn seats_view(&self, now_ms: i64) -> SeatsView {
        let online = self.mode == Mode::Online;
        let seat = |side: Color| SeatView {
            holder: self.seats.holder_view(side),
            connected: online && self.presence[side.index()].connected,
            gone: self.gone(side, now_ms),
        };
        SeatsView {
            white: seat(Color::White),
            black: seat(Color::Black),
        }
    }

    /// What only `player` is told: their sides, and the invitation (its `path`, as the
    /// host names it) while a seat is open.
    pub fn personal(&self, player: &str, invite_path: impl Fn(&str) -> String) -> Personal {
        let you: Vec<_> = self
            .seats
            .sides_of(player)
            .into_iter()
            .map(Into::into)
            .collect();
        let invite = self
            .invite
            .as_deref()
            .filter(|_| !you.is_empty() && self.seats.any_open())
            .map(invite_path);
        Personal { you, invite }
    }

    /// The game as everyone sees it (legal moves only when a person may move), with the
    /// history entries from index `first` on; no evaluation reaches the players of an
    /// online game while it runs. `you` and `invite` are left out (see
    /// [`GameView::for_player`]).
    pub fn view(&self, id: &str, first: usize, now_ms: i64, host: HostFacts) -> GameView {
        let screen = self.game.screen(self.human_to_move());
        let material = rules::material::material(&screen.cells, self.game.played());
        let evals: &[Option<Eval>] = if self.online_running() {
            &[]
        } else {
            &self.evals
        };
        let history = self
            .game
            .history_entries(first)
            .into_iter()
            .enumerate()
            .map(|(i, entry)| {
                let eval = evals.get(first + i).copied().flatten();
                HistoryItem {
                    entry,
                    eval: eval.map(|e| e.pawns),
                    eval_source: eval.and_then(|e| e.source),
                    eval_depth: eval.and_then(|e| e.depth),
                }
            })
            .collect();
        GameView {
            id: id.to_string(),
            mode: self.mode,
            human: self.human.into(),
            level: LevelView(self.level),
            screen,
            history,
            material: Some(material),
            clocks: self.clocks_view(now_ms),
            computer_thinking: host.computer_thinking,
            oracle: self.oracle_budget_ms.is_some(),
            seats: self.seats_view(now_ms),
            offer: self.offer.map(|(kind, from)| OfferView {
                kind,
                from: from.into(),
            }),
            rematch: self.rematch.clone(),
            watchers: host.watchers,
            abort_in_ms: self.abort_in_ms(now_ms).map(|ms| ms as u64),
            take_back_sides: self.take_back_sides(),
            rated: self.rated,
            players: None,
            you: None,
            invite: None,
        }
    }

    /// The board after `ply` half-moves (`None` beyond the end).
    pub fn position_at(&self, ply: usize) -> Option<PositionView> {
        position_view(&self.game, ply)
    }

    // ----- After every change -----

    /// Counts a change: the version goes up by one.
    pub(crate) fn bump(&mut self, change: &mut Change) {
        self.version += 1;
        change.changed = true;
    }

    /// After a change of the game: the offer that ends with it, the clocks, the
    /// computer's turn, the record's evaluation, the timers, the Oracle.
    pub(crate) fn settle(&mut self, now_ms: i64, change: &mut Change) {
        // A rematch offer is made once the game is over; every other offer ends with it.
        if !self.in_progress()
            && self
                .offer
                .is_some_and(|(kind, _)| kind != OfferKind::Rematch)
        {
            self.offer = None;
        }
        change.duties.push(Duty::StopEngines);
        let runs = self.in_progress() && runs_after(self.ply());
        let turn = self.game.turn();
        if let Some(c) = self.clocks.as_mut() {
            if runs {
                if c.running() != Some(turn) {
                    c.stop(now_ms);
                    c.start(turn, now_ms);
                }
            } else {
                c.stop(now_ms);
            }
        }
        // A move whose evaluation no search will give gets a short evaluation of its own
        // (not while an online game runs: no engine helps its players).
        if self.evals.last() == Some(&None) && !self.online_running() {
            let ply = self.ply() - 1;
            change.duties.push(Duty::Evaluate {
                ply,
                line: self.tokens(ply + 1),
            });
        }
        if let Some(at_ms) = self.clocks.as_ref().and_then(|c| c.deadline_ms(now_ms)) {
            change.duties.push(Duty::Wake {
                timer: Timer::Flag,
                at_ms,
            });
        }
        self.arm_abort(now_ms, change);
        self.arm_gone(change);
        // The new state goes out before any engine starts, so listeners see the state
        // first and then the progress that belongs to it.
        change.events.push(Event::State);
        if self.computer_to_move() {
            change.duties.push(Duty::Search);
        } else if self.human_to_move() {
            if let Some(budget_ms) = self.oracle_budget_ms {
                change.duties.push(Duty::Oracle { budget_ms });
            }
        }
    }

    /// Starts the side to move's first-move time when its turn began, and wakes at its
    /// end.
    fn arm_abort(&mut self, now_ms: i64, change: &mut Change) {
        if !(self.online_with_both() && self.ply() < 2) {
            self.first_move_due = None;
            return;
        }
        let due = match self.first_move_due {
            Some((ply, due)) if ply == self.ply() => due,
            _ => {
                let due = now_ms + self.first_move_ms();
                self.first_move_due = Some((self.ply(), due));
                due
            }
        };
        change.duties.push(Duty::Wake {
            timer: Timer::Abort,
            at_ms: due,
        });
    }

    /// Wakes when an absent side's player would count as gone.
    pub(crate) fn arm_gone(&self, change: &mut Change) {
        if self.mode != Mode::Online || !self.in_progress() || self.per_move() {
            return;
        }
        for side in [Color::White, Color::Black] {
            let p = &self.presence[side.index()];
            if !p.connected {
                change.duties.push(Duty::Wake {
                    timer: Timer::Gone(side),
                    at_ms: p.away_since_ms + self.online.gone_after_ms,
                });
            }
        }
    }
}
