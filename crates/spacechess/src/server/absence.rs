//! The two time rules of online games (docs/api.md, "Online games"), as on lichess:
//!
//! - **Abort.** Once both players are seated, each side has [`OnlineTimes::first_move`]
//!   for its first move, counted from when its turn began; a side that makes none in
//!   time aborts the game (`reason: "aborted"`, no winner, no loser).
//! - **Absence.** The server counts each seat holder's live sockets on the game. A
//!   player with none for [`OnlineTimes::gone_after`] is *gone* (once both sides have
//!   moved): the opponent may claim the win or a draw (`reason: "abandoned"`). The
//!   client cannot say who is there; only the sockets do.
//!
//! Both rules are kept in memory from when the server loaded the game (a restart starts
//! them again, as the clocks do: time while the server is down is not charged).

use super::error::ApiError;
use super::players::PlayerId;
use super::service::{GameSlot, GameState, Mode, Service};
use super::view::color_id;
use rules::Color;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The limits of the two rules: one place, set by `--first-move-ms` and `--gone-ms`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OnlineTimes {
    /// Time for each side's first move before the game aborts.
    pub first_move: Duration,
    /// Time without a live socket after which a player counts as gone.
    pub gone_after: Duration,
}

/// Lichess gives about 30 s for the first move of a rapid game, and lets a player claim
/// some seconds after the opponent left; friends on phones drop out for a moment more
/// often, so absence waits 60 s here.
impl Default for OnlineTimes {
    fn default() -> Self {
        OnlineTimes {
            first_move: Duration::from_secs(30),
            gone_after: Duration::from_secs(60),
        }
    }
}

/// One seat holder's sockets on the game.
#[derive(Clone, Copy, Debug)]
pub struct Presence {
    /// Live sockets of the seat's holder.
    pub sockets: u32,
    /// Since when there has been none (meaningful while `sockets` is 0).
    pub away_since: Instant,
    /// A timer waits to announce this side gone.
    pub timer: bool,
}

impl Presence {
    pub fn away_from(now: Instant) -> Presence {
        Presence {
            sockets: 0,
            away_since: now,
            timer: false,
        }
    }
}

/// Slack after a deadline so that it has certainly passed when checked.
const SLACK: Duration = Duration::from_millis(5);

impl GameState {
    /// An online game whose players are both seated and which goes on.
    fn online_with_both(&self) -> bool {
        self.online_running() && !self.seats.any_open()
    }

    /// Whether `side`'s player is gone: online, both sides have moved, no socket of
    /// theirs for the absence time.
    pub(super) fn gone(&self, side: Color, now: Instant) -> bool {
        let p = &self.presence[side.index()];
        self.online_with_both()
            && self.ply() >= 2
            && p.sockets == 0
            && now.saturating_duration_since(p.away_since) >= self.times.gone_after
    }

    /// Whether `side`'s player has a live socket on the game.
    pub(super) fn connected(&self, side: Color) -> bool {
        self.presence[side.index()].sockets > 0
    }

    /// Time left for the side to move's first move before the game aborts.
    pub(super) fn abort_in(&self, now: Instant) -> Option<Duration> {
        let (ply, due) = self.first_move_due?;
        (ply == self.ply() && self.online_with_both()).then(|| due.saturating_duration_since(now))
    }
}

impl Service {
    /// After a change: starts the side to move's first-move time when its turn began,
    /// and wakes at its end.
    pub(super) fn arm_abort_timer(self: &Arc<Self>, slot: &Arc<GameSlot>, st: &mut GameState) {
        if !(st.online_running() && !st.seats.any_open() && st.ply() < 2) {
            st.first_move_due = None;
            return;
        }
        let now = Instant::now();
        let due = match st.first_move_due {
            Some((ply, due)) if ply == st.ply() => due,
            _ => {
                let due = now + self.config.online.first_move;
                st.first_move_due = Some((st.ply(), due));
                due
            }
        };
        let epoch = st.epoch;
        let service = Arc::clone(self);
        let slot = Arc::clone(slot);
        self.runtime.spawn(async move {
            tokio::time::sleep_until((due + SLACK).into()).await;
            let _ = tokio::task::spawn_blocking(move || {
                let mut st = Self::lock(&slot);
                if st.epoch == epoch && st.abort_in(Instant::now()) == Some(Duration::ZERO) {
                    service.abort(&slot, &mut st);
                }
            })
            .await;
        });
    }

    /// Ends the game without a result: the side to move made no first move in time.
    fn abort(self: &Arc<Self>, slot: &Arc<GameSlot>, st: &mut GameState) {
        if st.game.abort().is_err() {
            return;
        }
        if let Err(e) = self.store_declared(&slot.id, st) {
            eprintln!("spacechess: cannot store an aborted game: {}", e.message);
            return;
        }
        let _ = self.after_change(slot, st, None, None);
    }

    /// Wakes when an absent side's player would count as gone, to tell everyone.
    pub(super) fn arm_gone_timers(self: &Arc<Self>, slot: &Arc<GameSlot>, st: &mut GameState) {
        if st.mode != Mode::Online || !st.in_progress() {
            return;
        }
        for side in [Color::White, Color::Black] {
            let p = &mut st.presence[side.index()];
            if p.sockets > 0 || p.timer {
                continue;
            }
            p.timer = true;
            let at = p.away_since + self.config.online.gone_after + SLACK;
            let service = Arc::clone(self);
            let slot = Arc::clone(slot);
            self.runtime.spawn(async move {
                tokio::time::sleep_until(at.into()).await;
                let _ = tokio::task::spawn_blocking(move || {
                    let mut st = Self::lock(&slot);
                    st.presence[side.index()].timer = false;
                    if st.gone(side, Instant::now()) {
                        service.tell_everyone(&slot, &mut st);
                    } else {
                        // Back meanwhile, or gone again since a later moment.
                        service.arm_gone_timers(&slot, &mut st);
                    }
                })
                .await;
            });
        }
    }

    /// A socket of `player` on the game opened (`+1`) or closed (`-1`): counts it for
    /// the sides they hold, and tells everyone when a side came or went.
    pub fn socket_presence(self: &Arc<Self>, id: &str, player: &PlayerId, opened: bool) {
        let Some(slot) = self.games().get(id).cloned() else {
            return;
        };
        let mut st = Self::lock(&slot);
        let now = Instant::now();
        let mut changed = false;
        for side in st.seats.sides_of(player) {
            let p = &mut st.presence[side.index()];
            let was = p.sockets > 0;
            if opened {
                p.sockets += 1;
            } else {
                p.sockets = p.sockets.saturating_sub(1);
                if p.sockets == 0 {
                    p.away_since = now;
                }
            }
            changed |= was != (p.sockets > 0);
        }
        if changed && st.mode == Mode::Online {
            self.tell_everyone(&slot, &mut st);
        }
        self.arm_gone_timers(&slot, &mut st);
    }

    /// A seat holder asked for a socket and was refused one: they are there, so their
    /// absence counts from now (a player kept out is never gone for it).
    pub fn seen(self: &Arc<Self>, id: &str, player: &PlayerId) {
        let Some(slot) = self.games().get(id).cloned() else {
            return;
        };
        let mut st = Self::lock(&slot);
        let now = Instant::now();
        for side in st.seats.sides_of(player) {
            let p = &mut st.presence[side.index()];
            if p.sockets == 0 {
                p.away_since = now;
            }
        }
        self.arm_gone_timers(&slot, &mut st);
    }

    /// Sends everyone the current state (nothing in the game itself changed).
    fn tell_everyone(&self, slot: &GameSlot, st: &mut GameState) {
        let _ = slot
            .events
            .send(st.publish(&slot.id, None, false).update.into());
    }

    /// The win (`win`) or a draw, claimed by a player whose opponent is gone.
    pub fn claim(
        self: &Arc<Self>,
        id: &str,
        win: bool,
        player: &PlayerId,
    ) -> Result<String, ApiError> {
        let slot = self.slot(id)?;
        let mut st = Self::lock(&slot);
        let sides = self.seated(&slot.id, &mut st, player)?;
        if let rules::GameStatus::Over(o) = st.game.status() {
            return Err(super::service::play_error(rules::PlayError::GameOver(o)));
        }
        if st.mode != Mode::Online || sides.len() != 1 {
            return Err(ApiError::no_claim(
                "only a player of an online game may claim it when the opponent is gone",
            ));
        }
        let me = sides[0];
        let them = me.opposite();
        let now = Instant::now();
        let times = self.config.online;
        if !st.gone(them, now) {
            let away = now.saturating_duration_since(st.presence[them.index()].away_since);
            return Err(ApiError::no_claim(if st.seats.any_open() {
                "the invited player has not joined yet".to_string()
            } else if st.ply() < 2 {
                format!(
                    "the game has not begun: it aborts if a side makes no first move within {} s",
                    times.first_move.as_secs()
                )
            } else if st.connected(them) {
                format!("{} is connected", color_id(them))
            } else {
                format!(
                    "{} has been away {} s; a claim is possible after {} s",
                    color_id(them),
                    away.as_secs(),
                    times.gone_after.as_secs()
                )
            }));
        }
        let winner = win.then_some(me);
        st.game
            .claim_abandoned(winner)
            .map_err(super::service::play_error)?;
        self.store_declared(&slot.id, &mut st)?;
        Ok(self.after_change(&slot, &mut st, None, Some(player)))
    }
}

#[cfg(test)]
mod tests {
    use super::super::limits::LimitConfig;
    use super::super::service::{NewGame, TestService};
    use super::*;
    use engine::api::Level;
    use rules::Setup;

    /// The hook the socket route calls when it refuses a seat holder a socket (every
    /// place taken, say by sockets not yet noticed closed): over HTTP it is a race (the
    /// holder's own sockets are outside every cap), so it is driven here directly.
    #[test]
    fn a_seat_holder_refused_a_socket_is_not_gone_and_cannot_be_claimed_against() {
        let fixture = TestService::new(LimitConfig::default());
        let svc = &fixture.svc;
        let (white, black) = (PlayerId::new(), PlayerId::new());
        let req = NewGame {
            setup: Setup::standard(rules::Variant::Fourfold),
            mode: Mode::Online,
            human: Color::White,
            level: Level::Depth(1),
            time_control: None,
            position: None,
            moves: Vec::new(),
            evals: Vec::new(),
        };
        let view: serde_json::Value =
            serde_json::from_str(&svc.create(req, &white, "client").unwrap()).unwrap();
        let id = view["id"].as_str().unwrap().to_string();
        let slot = svc.games().get(&id).cloned().unwrap();
        let code = Service::lock(&slot).invite.clone().unwrap();
        svc.join(&code, &black).unwrap();
        for player in [&white, &black] {
            let first = {
                let st = Service::lock(&slot);
                let view: serde_json::Value =
                    serde_json::from_str(&st.view_json(&id, player)).unwrap();
                view["legal_moves"][0]["token"]
                    .as_str()
                    .unwrap()
                    .to_string()
            };
            svc.play(&id, &first, None, player, "client").unwrap();
        }
        // Black has had no socket for longer than the absence time: gone.
        let long_ago = Instant::now() - OnlineTimes::default().gone_after * 2;
        Service::lock(&slot).presence[Color::Black.index()].away_since = long_ago;
        assert!(Service::lock(&slot).gone(Color::Black, Instant::now()));
        // Black asks for a socket and is refused: Black is there, so no claim.
        svc.seen(&id, &black);
        assert!(!Service::lock(&slot).gone(Color::Black, Instant::now()));
        let e = svc.claim(&id, true, &white).unwrap_err();
        assert_eq!(e.code, table::ErrorCode::NoClaim);
        assert!(e.message.contains("black has been away 0 s"), "{e:?}");
        // A stranger refused a socket changes nothing; White's own absence is White's.
        Service::lock(&slot).presence[Color::White.index()].away_since = long_ago;
        svc.seen(&id, &PlayerId::new());
        assert!(Service::lock(&slot).gone(Color::White, Instant::now()));
        assert!(svc.claim(&id, false, &black).is_ok(), "White is gone");
    }
}
