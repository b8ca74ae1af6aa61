//! The commands a table obeys: the players' (move, take back, offers and answers,
//! resignation, claims, joining, the Oracle's duty) and the host's (the computer's move,
//! an evaluation arriving, timers falling due, presence). Which seat may act, when clocks
//! fall and which results are final is decided here, once.

use crate::change::{Change, Duty, Event, Refusal, Timer, Write};
use crate::code::ErrorCode;
use crate::table::{play_refusal, RematchGame, Table};
use crate::view::{color_id, Eval, EvalSource, Mode, OfferKind};
use engine::api::{Level, Score};
use rules::record::RecordForm;
use rules::{Color, GameStatus, Outcome, PlayError};

/// Who sends a command: a player (by key) or the host itself (engines, timers).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Actor<'a> {
    Player(&'a str),
    Host,
}

/// What a table is asked to do.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// Play a move: an exact token, or (for people typing) any written form. `ply`,
    /// when given, must equal the moves played so far.
    Move {
        text: String,
        ply: Option<u64>,
    },
    /// Against the computer: take back the player's last move and the computer's reply;
    /// locally: the last move; online: ask the opponent.
    TakeBack,
    /// Offer a draw. Against the computer its verdict must come with it (the host asks
    /// the engine, see [`Table::draw_verdict_needed`]); locally it is agreed; online the
    /// opponent is asked (or their own pending offer is accepted).
    OfferDraw {
        computer_accepts: Option<bool>,
    },
    /// Answer the opponent's pending offer.
    Answer {
        accept: bool,
    },
    /// Offer a finished online game's rematch, or accept the opponent's offer.
    Rematch,
    /// Resign `side` (default: the human against the computer, the side to move
    /// locally, the player's side online).
    Resign {
        side: Option<Color>,
    },
    /// Claim the win (`win`) or a draw when the opponent is gone.
    Claim {
        win: bool,
    },
    /// Take an online game's open seat (through its invitation).
    Join,
    /// Put the Oracle on duty with this budget.
    OracleOn {
        budget_ms: u64,
    },
    OracleOff,
    /// Host: the player's live connections came (`connected`) or all went.
    Presence {
        connected: bool,
    },
    /// Host: the player asked for a connection and was refused one: they are there.
    Seen,
    /// Host: the computer's search of ply `ply` chose `token` (`None`: no move) with
    /// this score at this depth (0: no completed iteration, no score).
    ComputerMove {
        ply: usize,
        token: Option<String>,
        score: Score,
        depth: u32,
    },
    /// Host: the record's evaluation of move `ply`, `line` the tokens it was asked for.
    Evaluation {
        ply: usize,
        line: Vec<String>,
        pawns: f64,
    },
    /// Host: the rematch was created with this id.
    RematchMade {
        id: String,
    },
    /// Host: a timer fell due.
    Wake(Timer),
}

impl Command {
    /// The player commands (the others are the host's).
    fn needs_seat(&self) -> bool {
        matches!(
            self,
            Command::Move { .. }
                | Command::TakeBack
                | Command::OfferDraw { .. }
                | Command::Answer { .. }
                | Command::Rematch
                | Command::Resign { .. }
                | Command::Claim { .. }
                | Command::OracleOn { .. }
                | Command::OracleOff
        )
    }
}

fn refuse<T>(code: ErrorCode, message: impl Into<String>) -> Result<T, Refusal> {
    Err(Refusal::new(code, message))
}

/// A result decided outside the board (it cannot be taken back).
fn declared_outcome(status: GameStatus) -> Option<Outcome> {
    match status {
        GameStatus::Over(o) if o.termination.is_declared() => Some(o),
        _ => None,
    }
}

impl Table {
    /// Obeys `cmd` from `actor` at `now_ms` (host wall clock). A refusal changes nothing
    /// (except what its `change` says); a change bumps the version once.
    pub fn apply(
        &mut self,
        cmd: Command,
        actor: Actor<'_>,
        now_ms: i64,
    ) -> Result<Change, Refusal> {
        if !cmd.needs_seat() {
            return self.host_command(cmd, actor, now_ms);
        }
        let Actor::Player(player) = actor else {
            return refuse(ErrorCode::BadRequest, "a player's command needs a player");
        };
        // A game stored before seats existed is claimed by the first player who acts on
        // it, if the action succeeds.
        let before = self.seats.clone();
        let claimed = self.seats.claim_unclaimed(player);
        let sides = self.seats.sides_of(player);
        let result = if sides.is_empty() {
            refuse(
                ErrorCode::NotYourSeat,
                "you hold no seat in this game: you may watch it, not play or change it",
            )
        } else {
            self.player_command(cmd, &sides, now_ms)
        };
        match result {
            Ok(mut change) if claimed => {
                change.writes.insert(0, Write::Seats);
                if !change.changed {
                    self.bump(&mut change);
                }
                Ok(change)
            }
            Ok(change) => Ok(change),
            Err(r) => {
                if r.change.is_none() {
                    self.seats = before;
                }
                Err(r)
            }
        }
    }

    fn player_command(
        &mut self,
        cmd: Command,
        sides: &[Color],
        now_ms: i64,
    ) -> Result<Change, Refusal> {
        match cmd {
            Command::Move { text, ply } => self.play(&text, ply, sides, now_ms),
            Command::TakeBack => self.take_back(sides, now_ms),
            Command::OfferDraw { computer_accepts } => {
                self.offer_draw(computer_accepts, sides, now_ms)
            }
            Command::Answer { accept } => self.answer(accept, sides, now_ms),
            Command::Rematch => self.rematch_offer(sides, now_ms),
            Command::Resign { side } => self.resign(side, sides, now_ms),
            Command::Claim { win } => self.claim(win, sides, now_ms),
            Command::OracleOn { budget_ms } => self.oracle_on(budget_ms),
            Command::OracleOff => {
                let mut change = Change::default();
                self.oracle_budget_ms = None;
                change.duties.push(Duty::StopOracle);
                self.bump(&mut change);
                Ok(change)
            }
            _ => refuse(ErrorCode::Internal, "a host's command sent as a player's"),
        }
    }

    fn host_command(
        &mut self,
        cmd: Command,
        actor: Actor<'_>,
        now_ms: i64,
    ) -> Result<Change, Refusal> {
        let player = match actor {
            Actor::Player(p) => Some(p),
            Actor::Host => None,
        };
        let need_player = || {
            player.ok_or_else(|| Refusal::new(ErrorCode::BadRequest, "this command names a player"))
        };
        match cmd {
            Command::Join => self.join(need_player()?, now_ms),
            Command::Presence { connected } => {
                Ok(self.presence_changed(need_player()?, connected, now_ms))
            }
            Command::Seen => Ok(self.seen(need_player()?, now_ms)),
            Command::ComputerMove {
                ply,
                token,
                score,
                depth,
            } => self.computer_move(ply, token.as_deref(), score, depth, now_ms),
            Command::Evaluation { ply, line, pawns } => Ok(self.evaluation(ply, &line, pawns)),
            Command::RematchMade { id } => {
                let mut change = Change::default();
                self.offer = None;
                self.rematch = Some(id);
                self.bump(&mut change);
                self.settle(now_ms, &mut change);
                Ok(change)
            }
            Command::Wake(timer) => Ok(self.wake(timer, now_ms)),
            _ => refuse(ErrorCode::Internal, "a player's command sent as a host's"),
        }
    }

    // ----- Moves -----

    fn play(
        &mut self,
        text: &str,
        ply: Option<u64>,
        sides: &[Color],
        now_ms: i64,
    ) -> Result<Change, Refusal> {
        // A move sent again (its answer was lost on the way) answers as the first did:
        // the game as it stands, nothing changed.
        if ply.is_some_and(|p| self.played_at(p, text, sides)) {
            return Ok(Change::default());
        }
        if let GameStatus::Over(o) = self.game.status() {
            return Err(play_refusal(PlayError::GameOver(o)));
        }
        if let Some(p) = ply {
            if p != self.ply() as u64 {
                return refuse(
                    ErrorCode::NotYourTurn,
                    format!(
                        "the move was meant for ply {p}, but {} half-moves have been played",
                        self.ply()
                    ),
                );
            }
        }
        if self.mode == Mode::Online && self.seats.any_open() {
            return refuse(
                ErrorCode::NotYourTurn,
                "the invited player has not joined yet; the game starts when they do",
            );
        }
        if !self.human_to_move() {
            return refuse(
                ErrorCode::NotYourTurn,
                "it is the computer's turn; wait for its move",
            );
        }
        let mover = self.game.turn();
        if !sides.contains(&mover) {
            return refuse(
                ErrorCode::NotYourTurn,
                format!(
                    "it is {}'s turn; wait for your opponent's move",
                    color_id(mover)
                ),
            );
        }
        // A late move loses on time instead of being played.
        if self
            .clocks
            .as_ref()
            .is_some_and(|c| c.would_flag(mover, now_ms))
        {
            let change = self.flag(mover, now_ms);
            return Err(Refusal {
                code: ErrorCode::GameOver,
                message: format!("{} lost on time before the move arrived", color_id(mover)),
                change: Some(Box::new(change)),
            });
        }
        // The browser sends exact tokens; a person typing may write any accepted form,
        // matched only when the text is not a token.
        let token = match self.game.play_token(text).map(|m| m.token.clone()) {
            Err(PlayError::Move(_)) => self.game.play_text(text).map(|m| m.token.clone()),
            other => other,
        }
        .map_err(play_refusal)?;
        let mut change = Change::default();
        // A move answers any offer still open (it declines the opponent's).
        let declined = self.offer.take().filter(|&(_, from)| from != mover);
        self.record_move(mover, token, None, now_ms, &mut change);
        if let Some((kind, from)) = declined {
            change.events.push(Event::Declined { kind, from });
        }
        Ok(change)
    }

    /// The move just played on the game: clocks charged, marks and evaluation kept, the
    /// write, the version and what follows.
    fn record_move(
        &mut self,
        mover: Color,
        token: String,
        eval: Option<Eval>,
        now_ms: i64,
        change: &mut Change,
    ) {
        let clocks = self.clocks.as_mut().map(|c| {
            c.charge_move(mover, now_ms);
            c.snapshot(now_ms)
        });
        self.clock_marks.push(clocks);
        self.evals.push(eval);
        let result = match self.game.status() {
            GameStatus::Over(o) => Some(o),
            GameStatus::InProgress => None,
        };
        change.writes.push(Write::Move {
            ply: self.ply() - 1,
            token,
            eval,
            clocks,
            result,
        });
        self.bump(change);
        self.settle(now_ms, change);
    }

    fn computer_move(
        &mut self,
        ply: usize,
        token: Option<&str>,
        score: Score,
        depth: u32,
        now_ms: i64,
    ) -> Result<Change, Refusal> {
        // A search of an older state: nothing to do.
        if ply != self.ply() || !self.computer_to_move() {
            return Ok(Change::default());
        }
        let side = self.game.turn();
        if self
            .clocks
            .as_ref()
            .is_some_and(|c| c.would_flag(side, now_ms))
        {
            return Ok(self.flag(side, now_ms));
        }
        // The engine's move is a token of this very position: played by exact lookup.
        // Without a usable one the first legal move is played, so the game never stalls.
        let played = match token {
            Some(t) => self.game.play_token(t).map(|m| m.token.clone()).ok(),
            None => None,
        };
        let token = match played {
            Some(t) => t,
            None => {
                let first = self.game.legal_tokens().into_iter().next();
                match first.and_then(|t| self.game.play_token(&t).map(|m| m.token.clone()).ok()) {
                    Some(t) => t,
                    None => return refuse(ErrorCode::Internal, "the computer has no legal move"),
                }
            }
        };
        // No score without a completed iteration (e.g. the fallback move). The search's
        // score belongs to the move it chose; the player's move before it is scored by
        // its own evaluation.
        let eval = (depth > 0).then(|| Eval {
            pawns: score.pawns_for_white(side),
            source: Some(EvalSource::Computer),
            depth: Some(depth),
        });
        let mut change = Change::default();
        self.record_move(side, token, eval, now_ms, &mut change);
        Ok(change)
    }

    fn evaluation(&mut self, ply: usize, line: &[String], pawns: f64) -> Change {
        let mut change = Change::default();
        // Still unscored, and still the same move (a take back and another move make it
        // a different one).
        if self.evals.get(ply) != Some(&None) || self.tokens(ply + 1) != line {
            return change;
        }
        let eval = Eval::quick(pawns);
        self.evals[ply] = Some(eval);
        change.writes.push(Write::Eval { ply, eval });
        self.bump(&mut change);
        change.events.push(Event::State);
        change
    }

    // ----- Take-backs -----

    fn take_back(&mut self, sides: &[Color], now_ms: i64) -> Result<Change, Refusal> {
        if let Some(o) = declared_outcome(self.game.status()) {
            return refuse(
                ErrorCode::GameOver,
                format!(
                    "the game ended by {}; it cannot be taken back",
                    o.termination
                ),
            );
        }
        // Whose move goes back: the human's against the computer, the asker's own online,
        // the last one locally; whether it may is the rule the view tells
        // (`Table::may_take_back`).
        let side = match self.mode {
            Mode::Computer => self.human,
            Mode::Local | Mode::Online => sides[0],
        };
        if !self.may_take_back(side) {
            return refuse(
                ErrorCode::NothingToTakeBack,
                "there is no move of yours to take back",
            );
        }
        let count = match self.mode {
            Mode::Local => 1,
            Mode::Computer | Mode::Online => self.take_back_count(side),
        };
        if self.mode == Mode::Online {
            return self.ask(OfferKind::TakeBack, sides[0], now_ms);
        }
        Ok(self.undo_moves(count, now_ms))
    }

    /// Takes back the last `count` moves, restoring the clocks as they were marked.
    fn undo_moves(&mut self, count: usize, now_ms: i64) -> Change {
        let keep = self.ply() - count;
        for _ in 0..count {
            self.game.undo();
            self.evals.pop();
        }
        self.clock_marks.truncate(keep);
        let [w, b] = self.marked_clocks(keep);
        if let Some(c) = self.clocks.as_mut() {
            c.reset(w, b);
        }
        self.offer = None;
        let mut change = Change::default();
        change.writes.push(Write::Truncate { keep });
        self.bump(&mut change);
        self.settle(now_ms, &mut change);
        change
    }

    /// The sides `player` holds, counting a seat from before seats as theirs (as a
    /// command would claim it), or `not_your_seat`. Changes nothing.
    pub fn seated(&self, player: &str) -> Result<Vec<Color>, Refusal> {
        let mut seats = self.seats.clone();
        seats.claim_unclaimed(player);
        let sides = seats.sides_of(player);
        if sides.is_empty() {
            return refuse(
                ErrorCode::NotYourSeat,
                "you hold no seat in this game: you may watch it, not play or change it",
            );
        }
        Ok(sides)
    }

    /// Whether `player` may delete the game: a seat holder, and not an online game in
    /// progress with both players (it belongs to both: resign it first).
    pub fn may_delete(&self, player: &str) -> Result<(), Refusal> {
        self.seated(player)?;
        if self.online_running() && !self.seats.any_open() {
            return refuse(
                ErrorCode::GameInProgress,
                "an online game in progress belongs to both players: resign it first",
            );
        }
        Ok(())
    }

    // ----- Offers -----

    /// Whether a draw offer by `player` needs the computer's verdict now, and for which
    /// side: the same checks as [`Command::OfferDraw`] without changing anything, so
    /// that the host searches only for an offer that stands.
    pub fn draw_verdict_needed(&self, player: &str) -> Result<Option<Color>, Refusal> {
        self.seated(player)?;
        if let GameStatus::Over(o) = self.game.status() {
            return Err(play_refusal(PlayError::GameOver(o)));
        }
        Ok(self.computer_side())
    }

    fn offer_draw(
        &mut self,
        computer_accepts: Option<bool>,
        sides: &[Color],
        now_ms: i64,
    ) -> Result<Change, Refusal> {
        if let GameStatus::Over(o) = self.game.status() {
            return Err(play_refusal(PlayError::GameOver(o)));
        }
        if self.mode == Mode::Online {
            return self.ask(OfferKind::Draw, sides[0], now_ms);
        }
        let accepted = match self.computer_side() {
            Some(_) => computer_accepts.ok_or_else(|| {
                Refusal::new(
                    ErrorCode::Internal,
                    "the computer's verdict on the offer is missing",
                )
            })?,
            None => true,
        };
        let mut change = if accepted {
            self.agree_draw(now_ms)?
        } else {
            Change::default()
        };
        change.draw_accepted = Some(accepted);
        Ok(change)
    }

    fn agree_draw(&mut self, now_ms: i64) -> Result<Change, Refusal> {
        let outcome = self.game.agree_draw().map_err(play_refusal)?;
        Ok(self.declared(outcome, now_ms))
    }

    /// A result declared outside the board: written, counted, settled.
    fn declared(&mut self, outcome: Outcome, now_ms: i64) -> Change {
        let mut change = Change::default();
        change.writes.push(Write::Result(outcome));
        self.bump(&mut change);
        self.settle(now_ms, &mut change);
        change
    }

    /// `side` asks the opponent for a draw or a take back. A draw offer while the
    /// opponent's own offer waits is its acceptance.
    fn ask(&mut self, kind: OfferKind, side: Color, now_ms: i64) -> Result<Change, Refusal> {
        if self.seats.any_open() {
            return refuse(
                ErrorCode::NotYourTurn,
                "the invited player has not joined yet",
            );
        }
        if kind == OfferKind::Draw && self.offer == Some((OfferKind::Draw, side.opposite())) {
            let mut change = self.agree_draw(now_ms)?;
            change.draw_accepted = Some(true);
            return Ok(change);
        }
        self.offer = Some((kind, side));
        let mut change = Change::default();
        change.writes.push(Write::Offer(self.offer));
        self.bump(&mut change);
        self.settle(now_ms, &mut change);
        if kind == OfferKind::Draw {
            change.draw_accepted = Some(false);
        }
        Ok(change)
    }

    /// The opponent's answer to the pending offer: accepted, the draw, the take back or
    /// the rematch happens; declined, the offer goes and the one who asked is told.
    fn answer(&mut self, accept: bool, sides: &[Color], now_ms: i64) -> Result<Change, Refusal> {
        let Some((kind, from)) = self.offer.filter(|(_, from)| !sides.contains(from)) else {
            return refuse(
                ErrorCode::NoOffer,
                "your opponent has no offer or request waiting for your answer",
            );
        };
        if !accept {
            self.offer = None;
            let mut change = Change::default();
            change.writes.push(Write::Offer(None));
            self.bump(&mut change);
            self.settle(now_ms, &mut change);
            change.events.push(Event::Declined { kind, from });
            return Ok(change);
        }
        match kind {
            OfferKind::Rematch => self.start_rematch(from),
            OfferKind::Draw => self.agree_draw(now_ms),
            OfferKind::TakeBack => {
                let count = self.take_back_count(from);
                if count == 0 {
                    self.offer = None;
                    let mut change = Change::default();
                    change.writes.push(Write::Offer(None));
                    self.bump(&mut change);
                    return Err(Refusal {
                        code: ErrorCode::NothingToTakeBack,
                        message: format!("{} has no move left to take back", color_id(from)),
                        change: Some(Box::new(change)),
                    });
                }
                Ok(self.undo_moves(count, now_ms))
            }
        }
    }

    /// `POST /games/{id}/rematch`: offers the rematch, or accepts the opponent's offer.
    fn rematch_offer(&mut self, sides: &[Color], now_ms: i64) -> Result<Change, Refusal> {
        if self.mode != Mode::Online {
            return refuse(
                ErrorCode::BadRequest,
                "only an online game has a rematch to offer: against the computer or on one device, start a new game (POST /api/games)",
            );
        }
        if self.in_progress() {
            return refuse(
                ErrorCode::GameInProgress,
                "the game is still going: a rematch is offered once it is over",
            );
        }
        let side = sides[0];
        match self.offer {
            _ if self.rematch.is_some() => Ok(Change::default()),
            Some((OfferKind::Rematch, from)) if from == side => Ok(Change::default()),
            Some((OfferKind::Rematch, from)) => self.start_rematch(from),
            _ => {
                self.offer = Some((OfferKind::Rematch, side));
                let mut change = Change::default();
                change.writes.push(Write::Offer(self.offer));
                self.bump(&mut change);
                self.settle(now_ms, &mut change);
                Ok(change)
            }
        }
    }

    /// The rematch `from` offered, accepted: the host creates it (nothing changes here
    /// until [`Command::RematchMade`]; the offer stays until the new game is stored).
    fn start_rematch(&self, from: Color) -> Result<Change, Refusal> {
        let crate::seats::Holder::Player(offerer) = self.seats.get(from).clone() else {
            return refuse(
                ErrorCode::NoOffer,
                "the rematch offer has no player behind it",
            );
        };
        let mut change = Change::default();
        change.duties.push(Duty::CreateRematch(RematchGame {
            setup: self.game.setup(),
            // Colours swapped: the accepting player takes the offerer's old side.
            human: from,
            level: self.level,
            time_control: self.time_control,
            rated: self.rated,
            offerer,
        }));
        Ok(change)
    }

    // ----- Results -----

    fn resign(
        &mut self,
        side: Option<Color>,
        sides: &[Color],
        now_ms: i64,
    ) -> Result<Change, Refusal> {
        let side = match (self.mode, side) {
            (Mode::Computer, Some(s)) if s != self.human => {
                return refuse(
                    ErrorCode::BadRequest,
                    format!(
                        "only the player's side ({}) can resign against the computer",
                        color_id(self.human)
                    ),
                )
            }
            (Mode::Computer, _) => self.human,
            (Mode::Local, Some(s)) => s,
            (Mode::Local, None) => self.game.turn(),
            (Mode::Online, Some(s)) if !sides.contains(&s) => {
                return refuse(
                    ErrorCode::NotYourSeat,
                    format!(
                        "you play {}; you cannot resign for {}",
                        color_id(sides[0]),
                        color_id(s)
                    ),
                )
            }
            (Mode::Online, _) => sides[0],
        };
        let outcome = self.game.resign(side).map_err(play_refusal)?;
        Ok(self.declared(outcome, now_ms))
    }

    /// The win (`win`) or a draw, claimed by a player whose opponent is gone.
    fn claim(&mut self, win: bool, sides: &[Color], now_ms: i64) -> Result<Change, Refusal> {
        if let GameStatus::Over(o) = self.game.status() {
            return Err(play_refusal(PlayError::GameOver(o)));
        }
        if self.mode != Mode::Online || sides.len() != 1 {
            return refuse(
                ErrorCode::NoClaim,
                "only a player of an online game may claim it when the opponent is gone",
            );
        }
        let me = sides[0];
        let them = me.opposite();
        if !self.gone(them, now_ms) {
            let times = self.online;
            let away_s = now_ms.saturating_sub(self.presence[them.index()].away_since_ms) / 1000;
            return refuse(
                ErrorCode::NoClaim,
                if self.seats.any_open() {
                    "the invited player has not joined yet".to_string()
                } else if self.ply() < 2 {
                    format!(
                        "the game has not begun: it aborts if a side makes no first move within {} s",
                        self.first_move_ms() / 1000
                    )
                } else if self.per_move() {
                    "a correspondence game cannot be claimed: a player away loses only when their time for the move runs out".to_string()
                } else if self.presence[them.index()].connected {
                    format!("{} is connected", color_id(them))
                } else {
                    format!(
                        "{} has been away {} s; a claim is possible after {} s",
                        color_id(them),
                        away_s.max(0),
                        times.gone_after_ms / 1000
                    )
                },
            );
        }
        let outcome = self
            .game
            .claim_abandoned(win.then_some(me))
            .map_err(play_refusal)?;
        Ok(self.declared(outcome, now_ms))
    }

    /// Ends the game: `side` ran out of time.
    fn flag(&mut self, side: Color, now_ms: i64) -> Change {
        let Ok(outcome) = self.game.lose_on_time(side) else {
            return Change::default();
        };
        if let Some(c) = self.clocks.as_mut() {
            c.stop(now_ms);
        }
        self.declared(outcome, now_ms)
    }

    /// A timer fell due: the flag, the first-move time, or a player's absence.
    fn wake(&mut self, timer: Timer, now_ms: i64) -> Change {
        match timer {
            Timer::Flag => {
                if !self.in_progress() {
                    return Change::default();
                }
                let side = self.game.turn();
                match self.clocks.as_ref().map(|c| c.remaining_ms(side, now_ms)) {
                    Some(left) if left <= 0 => self.flag(side, now_ms),
                    Some(left) if self.clocks.as_ref().and_then(|c| c.running()) == Some(side) => {
                        let mut change = Change::default();
                        change.duties.push(Duty::Wake {
                            timer: Timer::Flag,
                            at_ms: now_ms + left,
                        });
                        change
                    }
                    _ => Change::default(),
                }
            }
            Timer::Abort => {
                if self.abort_in_ms(now_ms) != Some(0) {
                    return Change::default();
                }
                match self.game.abort() {
                    Ok(outcome) => self.declared(outcome, now_ms),
                    Err(_) => Change::default(),
                }
            }
            Timer::Gone(side) => {
                let mut change = Change::default();
                if self.gone(side, now_ms) {
                    // Nothing in the table changed, but the view did: tell everyone.
                    change.events.push(Event::State);
                } else {
                    // Back meanwhile, or away again since a later moment.
                    self.arm_gone(&mut change);
                    change.duties.retain(
                        |d| matches!(d, Duty::Wake { timer: Timer::Gone(s), .. } if *s == side),
                    );
                }
                change
            }
        }
    }

    /// Whether `text` is the move already played at ply `p` by one of `sides`: its
    /// exact token, or a written form of it in the position before it.
    fn played_at(&self, p: u64, text: &str, sides: &[Color]) -> bool {
        let Ok(p) = usize::try_from(p) else {
            return false;
        };
        let Some(done) = self.game.played().get(p) else {
            return false;
        };
        if !sides.contains(&done.side) {
            return false;
        }
        if done.token == text {
            return true;
        }
        crate::table::game_at(&self.game, p)
            .and_then(|mut before| before.play_text(text).ok().map(|m| m.token.clone()))
            .is_some_and(|token| token == done.token)
    }

    // ----- Seats and presence -----

    /// Whether [`Command::Join`] by `player` would seat them (the host checks its own
    /// limits first).
    pub fn join_would_seat(&self, player: &str) -> bool {
        self.seats.open_side().is_some()
            && self.seats.sides_of(player).is_empty()
            && self.in_progress()
    }

    /// Takes the open seat for `player`; for anyone else (a seat holder, a late comer,
    /// a finished game) nothing changes: they watch.
    fn join(&mut self, player: &str, now_ms: i64) -> Result<Change, Refusal> {
        if !self.join_would_seat(player) {
            return Ok(Change::default());
        }
        let Some(side) = self.seats.open_side() else {
            return Ok(Change::default());
        };
        *self.seats.get_mut(side) = crate::seats::Holder::Player(player.to_string());
        let mut change = Change::default();
        change.writes.push(Write::Seats);
        self.bump(&mut change);
        self.settle(now_ms, &mut change);
        Ok(change)
    }

    /// `player`'s connections came or all went: for the sides they hold.
    fn presence_changed(&mut self, player: &str, connected: bool, now_ms: i64) -> Change {
        let mut change = Change::default();
        let mut flipped = false;
        for side in self.seats.sides_of(player) {
            let p = &mut self.presence[side.index()];
            if p.connected != connected {
                flipped = true;
                p.connected = connected;
                if !connected {
                    p.away_since_ms = now_ms;
                }
            }
        }
        if flipped {
            self.bump(&mut change);
            if self.mode == Mode::Online {
                change.events.push(Event::State);
            }
        }
        self.arm_gone(&mut change);
        change
    }

    /// `player` is there though without a connection: their absence counts from now (a
    /// player kept out is never gone for it).
    fn seen(&mut self, player: &str, now_ms: i64) -> Change {
        let mut change = Change::default();
        let mut any = false;
        for side in self.seats.sides_of(player) {
            let p = &mut self.presence[side.index()];
            if !p.connected {
                p.away_since_ms = now_ms;
                any = true;
            }
        }
        if any {
            self.bump(&mut change);
        }
        self.arm_gone(&mut change);
        change
    }

    // ----- The Oracle -----

    fn oracle_on(&mut self, budget_ms: u64) -> Result<Change, Refusal> {
        if let GameStatus::Over(o) = self.game.status() {
            return Err(play_refusal(PlayError::GameOver(o)));
        }
        if self.online_running() {
            return refuse(
                ErrorCode::NoEngineHelp,
                "the Oracle is off for both players while an online game runs",
            );
        }
        self.oracle_budget_ms = Some(budget_ms);
        let mut change = Change::default();
        change.duties.push(Duty::StopOracle);
        if self.human_to_move() {
            change.duties.push(Duty::Oracle { budget_ms });
        }
        self.bump(&mut change);
        Ok(change)
    }

    // ----- The record -----

    /// The game record (records.md, or the public Fourfold form) with the evaluations as
    /// comments; `date` as records write it (`YYYY.MM.DD`, see [`record_date`]).
    pub fn record(&self, form: RecordForm, date: &str) -> Result<String, Refusal> {
        let name = |side: Color| match self.mode {
            Mode::Local | Mode::Online => color_id(side).to_string(),
            Mode::Computer if side == self.human => "Player".to_string(),
            Mode::Computer => match self.level {
                Level::Depth(d) => format!("Computer, level {d}"),
                Level::Max => "Computer, level Max".to_string(),
            },
        };
        let mut tags = vec![
            (
                "Event".to_string(),
                if self.rated {
                    "Rated game"
                } else {
                    "Casual game"
                }
                .to_string(),
            ),
            ("Date".to_string(), date.to_string()),
            ("White".to_string(), name(Color::White)),
            ("Black".to_string(), name(Color::Black)),
        ];
        if let Some(tc) = self.time_control {
            // Correspondence as the PGN standard writes it: one move per period.
            let text = if tc.per_move {
                format!("1/{}", tc.initial_ms / 1000)
            } else {
                format!("{}+{}", tc.initial_ms / 1000, tc.increment_ms / 1000)
            };
            tags.push(("TimeControl".to_string(), text));
        }
        let comments: Vec<Option<String>> = self
            .evals
            .iter()
            .map(|e| e.map(|v| format!("{:+.2}", v.pawns)))
            .collect();
        form.write(&self.game.export(&tags, &comments))
            .map_err(|e| Refusal::new(ErrorCode::BadRequest, e.to_string()))
    }
}

/// `YYYY.MM.DD` of a Unix time (UTC, seconds), as records write dates.
pub fn record_date(unix: i64) -> String {
    // Days to civil date (Howard Hinnant's algorithm).
    let z = unix.div_euclid(86_400) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}
