//! The players' actions, each a table command on one game (`service.rs` runs it,
//! stores it and performs it), plus what only reads a game: its view, a past position,
//! its record, a socket's subscription. The server adds its own limits here: the
//! computer's search slots, the rematch's seats, the invitation's lookup.

use super::error::{ApiError, ErrorCode};
use super::game::{now_ms, GameSlot, GameState};
use super::players::PlayerId;
use super::service::{refused, Mode, NewGame, Rematch, Service};
use super::store::StoreError;
use super::view;
use rules::record::RecordForm;
use rules::Color;
use std::sync::{Arc, MutexGuard};
use std::time::Duration;
use table::{Actor, Command, Duty, RematchGame};
use tokio::sync::broadcast;

impl Service {
    /// The game's view, as `player` sees it, as JSON text.
    pub fn view(&self, id: &str, player: &PlayerId) -> Result<String, ApiError> {
        let slot = self.slot(id)?;
        let st = slot.lock();
        Ok(st.view_json(&slot.id, player))
    }

    /// The board after `ply` half-moves, as JSON text (`GET .../positions/{ply}`).
    pub fn position(&self, id: &str, ply: u64) -> Result<String, ApiError> {
        let slot = self.slot(id)?;
        let game = slot.lock().table.game().clone();
        let beyond = || {
            ApiError::bad_request(format!(
                "ply {ply} is beyond the end of the game ({} half-moves played)",
                game.ply()
            ))
        };
        let ply = usize::try_from(ply).map_err(|_| beyond())?;
        // Replayed outside the game's lock: a long game never holds up its moves.
        let past = table::position_view(&game, ply).ok_or_else(beyond)?;
        Ok(view::to_json(&past))
    }

    /// A new receiver of the game's messages, its current state message as `player`
    /// sees it, and whether `player` holds a seat (else they watch).
    pub fn subscribe(
        &self,
        id: &str,
        player: &PlayerId,
    ) -> Result<(broadcast::Receiver<Arc<str>>, String, bool), ApiError> {
        let slot = self.slot(id)?;
        let st = slot.lock();
        // Subscribe under the lock: no change can slip between the state and the stream.
        let rx = slot.events.subscribe();
        let seated = !st.sides_of(player).is_empty();
        Ok((
            rx,
            view::state_message(st.view_json(&slot.id, player)),
            seated,
        ))
    }

    /// The number of people watching changed: tell everyone (nothing else changes).
    pub fn set_watchers(&self, id: &str, watchers: u32) {
        let Some(slot) = self.registry.get(id) else {
            return;
        };
        let mut st = slot.lock();
        if st.watchers != watchers {
            st.watchers = watchers;
            slot.send(st.publish(&slot.id, None, false).update);
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
        let cmd = Command::Move {
            text: text.to_string(),
            ply,
        };
        self.player_command(id, player, cmd, Some(client))
    }

    /// Takes back the player's last move and the computer's reply (in local mode: the
    /// last move); in an online game this asks the opponent.
    pub fn take_back(self: &Arc<Self>, id: &str, player: &PlayerId) -> Result<String, ApiError> {
        self.player_command(id, player, Command::TakeBack, None)
    }

    /// A draw offer: the computer accepts when it is not ahead (judging it is a short
    /// search holding a search slot; the verdict is kept for the state it judged); in
    /// local mode it is agreed; online the opponent is asked.
    pub fn offer_draw(
        self: &Arc<Self>,
        id: &str,
        player: &PlayerId,
        client: &str,
    ) -> Result<String, ApiError> {
        let slot = self.slot(id)?;
        let mut st = slot.lock();
        let computer_accepts = match st
            .table
            .draw_verdict_needed(player.as_str())
            .map_err(refused)?
        {
            Some(side) => Some(self.draw_verdict(&mut st, side, client)?),
            None => None,
        };
        let cmd = Command::OfferDraw { computer_accepts };
        let done = self.command(
            &slot,
            &mut st,
            cmd,
            Actor::Player(player.as_str()),
            Some(player),
            None,
        )?;
        let game = done.json.unwrap_or_else(|| st.view_json(&slot.id, player));
        Ok(match done.change.draw_accepted {
            Some(accepted) => view::draw_answer(accepted, game),
            None => game,
        })
    }

    /// Whether the computer, playing `side`, accepts a draw in the game's current state.
    fn draw_verdict(
        &self,
        st: &mut GameState,
        side: Color,
        client: &str,
    ) -> Result<bool, ApiError> {
        let version = st.table.version();
        if let Some((judged, verdict)) = st.draw_verdict {
            if judged == version {
                return Ok(verdict);
            }
        }
        let permit = self.acquire(client)?;
        let verdict = engine::api::accepts_draw(st.table.game(), side);
        drop(permit);
        st.draw_verdict = Some((version, verdict));
        Ok(verdict)
    }

    /// `side` resigns (default: the human against the computer, the side to move in
    /// local mode, the player's side online).
    pub fn resign(
        self: &Arc<Self>,
        id: &str,
        side: Option<Color>,
        player: &PlayerId,
    ) -> Result<String, ApiError> {
        self.player_command(id, player, Command::Resign { side }, None)
    }

    /// The win (`win`) or a draw, claimed by a player whose opponent is gone.
    pub fn claim(
        self: &Arc<Self>,
        id: &str,
        win: bool,
        player: &PlayerId,
    ) -> Result<String, ApiError> {
        self.player_command(id, player, Command::Claim { win }, None)
    }

    /// Puts the Oracle on duty with this budget; it starts now if it is the player's turn
    /// (on a slot of `client`'s) and again at the start of each of the player's turns.
    pub fn oracle_on(
        self: &Arc<Self>,
        id: &str,
        budget: Duration,
        player: &PlayerId,
        client: &str,
    ) -> Result<(), ApiError> {
        let slot = self.slot(id)?;
        let mut st = slot.lock();
        let budget_ms = budget.as_millis().min(u128::from(u64::MAX)) as u64;
        let before = st.table.clone();
        let change = st
            .table
            .apply(
                Command::OracleOn { budget_ms },
                Actor::Player(player.as_str()),
                now_ms(),
            )
            .map_err(refused)?;
        if let Err(e) = self.store_change(&slot, &mut st, &change) {
            st.table = before;
            return Err(e.into());
        }
        // Without a search slot now the Oracle stays on duty: it starts at the player's
        // next turn.
        let permit = if change.has(&Duty::Oracle { budget_ms }) {
            match self.acquire(client) {
                Ok(p) => Some(p),
                Err(e) => {
                    st.oracle = None;
                    return Err(e);
                }
            }
        } else {
            None
        };
        self.perform(&slot, &mut st, &change, permit, None);
        Ok(())
    }

    /// Takes the Oracle off duty and stops it.
    pub fn oracle_off(self: &Arc<Self>, id: &str, player: &PlayerId) -> Result<(), ApiError> {
        self.player_command(id, player, Command::OracleOff, None)
            .map(drop)
    }

    /// Opens an invitation: the first player other than the creator takes the free seat;
    /// after that (or for the creator) it is the game's view, to watch or play on.
    pub fn join(self: &Arc<Self>, code: &str, player: &PlayerId) -> Result<String, ApiError> {
        let unknown = || {
            ApiError::new(
                ErrorCode::UnknownInvite,
                format!("no game has the invitation {code:?}"),
            )
        };
        if code.len() != 32 || !code.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(unknown());
        }
        let id = self.store.game_of_invite(code)?.ok_or_else(unknown)?;
        let slot = self.slot(&id)?;
        let mut st = slot.lock();
        if st.table.join_would_seat(player.as_str()) {
            let limits = self.config.limits;
            let (held, _) = self.store.open_games(player.as_str(), "")?;
            if held >= limits.open_games_per_player {
                return Err(ApiError::rate_limited(format!(
                    "this player already has {} unfinished games (at most {}): finish, resign or delete one",
                    held, limits.open_games_per_player
                ))
                .with_retry_after(super::limits::OPEN_GAMES_RETRY_AFTER_SECS));
            }
        }
        let done = self.command(
            &slot,
            &mut st,
            Command::Join,
            Actor::Player(player.as_str()),
            Some(player),
            None,
        )?;
        Ok(done.json.unwrap_or_else(|| st.view_json(&slot.id, player)))
    }

    /// The opponent's answer to the pending offer: accepted, the draw, the take back or
    /// the rematch happens; declined, the offer goes away and the socket tells the one
    /// who asked (a `declined` message). Either way the GameView.
    pub fn answer_offer(
        self: &Arc<Self>,
        id: &str,
        accept: bool,
        player: &PlayerId,
        client: &str,
    ) -> Result<String, ApiError> {
        let slot = self.slot(id)?;
        // An answer waits while a rematch is being made: it then finds no offer.
        let _settling = slot.lock_rematch();
        let mut st = slot.lock();
        let done = self.command(
            &slot,
            &mut st,
            Command::Answer { accept },
            Actor::Player(player.as_str()),
            Some(player),
            None,
        )?;
        self.settled(&slot, st, done, player, client)
    }

    /// `POST /games/{id}/rematch`: offers a finished online game's rematch, or accepts
    /// the opponent's offer. The GameView of the finished game either way.
    pub fn rematch(
        self: &Arc<Self>,
        id: &str,
        player: &PlayerId,
        client: &str,
    ) -> Result<String, ApiError> {
        let slot = self.slot(id)?;
        let _settling = slot.lock_rematch();
        let mut st = slot.lock();
        let done = self.command(
            &slot,
            &mut st,
            Command::Rematch,
            Actor::Player(player.as_str()),
            Some(player),
            None,
        )?;
        self.settled(&slot, st, done, player, client)
    }

    /// The answer to a command that may accept a rematch: the rematch made first.
    fn settled(
        self: &Arc<Self>,
        slot: &Arc<GameSlot>,
        st: MutexGuard<'_, GameState>,
        done: super::service::Done,
        player: &PlayerId,
        client: &str,
    ) -> Result<String, ApiError> {
        let rematch = done.change.duties.iter().find_map(|d| match d {
            Duty::CreateRematch(r) => Some(r.clone()),
            _ => None,
        });
        match (rematch, done.json) {
            (Some(r), _) => self.start_rematch(slot, st, r, player, client),
            (None, Some(json)) => Ok(json),
            (None, None) => Ok(st.view_json(&slot.id, player)),
        }
    }

    /// Creates the rematch the table asked for. The caller holds the game's rematch lock
    /// and hands over its state's lock, which is let go while the new game is created
    /// (creating takes the games map's, which comes first in the lock order); the offer
    /// stays until the new game is stored.
    fn start_rematch(
        self: &Arc<Self>,
        slot: &Arc<GameSlot>,
        st: MutexGuard<'_, GameState>,
        r: RematchGame,
        player: &PlayerId,
        client: &str,
    ) -> Result<String, ApiError> {
        let Some(offerer) = PlayerId::parse(&r.offerer) else {
            return Err(ApiError::no_offer(
                "the rematch offer has no player behind it",
            ));
        };
        let req = NewGame {
            setup: r.setup,
            mode: Mode::Online,
            human: r.human,
            level: r.level,
            time_control: r.time_control,
            rated: r.rated,
            // The variant's usual start, as the page's own rematches (it knows no rules
            // to tell a set position from the usual one).
            position: None,
            moves: Vec::new(),
            evals: Vec::new(),
        };
        let rematch = Rematch {
            of: slot.id.clone(),
            of_version: st.version,
            offerer,
        };
        drop(st);
        let created = self
            .check_rematch_seat(&rematch.offerer)
            .and_then(|()| self.create_game(req, player, client, Some(&rematch)));
        let mut st = slot.lock();
        let id = match created {
            // The insert cleared the offer: one change to this game.
            Ok((id, _)) => {
                st.version = rematch.of_version + 1;
                id
            }
            // Another copy of this game (evicted from memory and loaded again meanwhile)
            // made the rematch first: the store refused this one.
            Err(e) => self.store.rematch_of(&slot.id)?.ok_or(e)?,
        };
        let done = self.command(
            slot,
            &mut st,
            Command::RematchMade { id },
            Actor::Host,
            Some(player),
            None,
        )?;
        Ok(done.json.unwrap_or_else(|| st.view_json(&slot.id, player)))
    }

    /// Refuses the rematch when the offerer holds as many unfinished games as allowed.
    fn check_rematch_seat(&self, offerer: &PlayerId) -> Result<(), ApiError> {
        let cap = self.config.limits.open_games_per_player;
        let (held, _) = self.store.open_games(offerer.as_str(), "")?;
        if held >= cap {
            return Err(ApiError::rate_limited(format!(
                "your opponent already has {held} unfinished games (at most {cap}): the rematch waits until they finish one"
            ))
            .with_retry_after(super::limits::OPEN_GAMES_RETRY_AFTER_SECS));
        }
        Ok(())
    }

    /// A socket of `player` on the game opened or closed: counted for the sides they
    /// hold; the table hears when a side came or went.
    pub fn socket_presence(self: &Arc<Self>, id: &str, player: &PlayerId, opened: bool) {
        let Some(slot) = self.registry.get(id) else {
            return;
        };
        let mut st = slot.lock();
        let sides = st.sides_of(player);
        for side in &sides {
            let n = &mut st.sockets[side.index()];
            *n = if opened { *n + 1 } else { n.saturating_sub(1) };
        }
        let Some(&side) = sides.first() else {
            return;
        };
        let connected = st.sockets[side.index()] > 0;
        self.note_presence(id, player.as_str(), connected);
        let cmd = Command::Presence { connected };
        if let Err(e) = self.command(
            &slot,
            &mut st,
            cmd,
            Actor::Player(player.as_str()),
            None,
            None,
        ) {
            eprintln!("spacechess: game {}: {}", slot.id, e.message);
        }
    }

    /// A seat holder asked for a socket and was refused one: they are there, so their
    /// absence counts from now (a player kept out is never gone for it).
    pub fn seen(self: &Arc<Self>, id: &str, player: &PlayerId) {
        let Some(slot) = self.registry.get(id) else {
            return;
        };
        self.note_presence(id, player.as_str(), false);
        let mut st = slot.lock();
        if let Err(e) = self.command(
            &slot,
            &mut st,
            Command::Seen,
            Actor::Player(player.as_str()),
            None,
            None,
        ) {
            eprintln!("spacechess: game {}: {}", slot.id, e.message);
        }
    }

    /// The game record (records.md, or the public Fourfold form) with the evaluations as
    /// comments.
    pub fn record(&self, id: &str, form: RecordForm) -> Result<String, ApiError> {
        let slot = self.slot(id)?;
        let st = slot.lock();
        st.table
            .record(form, &table::record_date(st.created_at))
            .map_err(refused)
    }

    /// Forgets a game: stops its engines and removes it from memory and the store.
    /// The store's delete runs under the game's lock, so nothing writes the game
    /// meanwhile (a record evaluation finishing then finds it deleted). Beside other
    /// instances a copy found stale is read again and the deletion checked once more.
    pub fn delete(&self, id: &str, player: &PlayerId) -> Result<(), ApiError> {
        let slot = self.slot(id)?;
        let mut st = slot.lock();
        let mut tries = 0;
        loop {
            tries += 1;
            st.table.may_delete(player.as_str()).map_err(refused)?;
            match self.store.delete_game(id, st.version) {
                Ok(()) => break,
                Err(StoreError::Conflict { .. }) if self.clustered() && tries < 2 => {
                    if !self.read_back(&slot, &mut st) {
                        return Err(ApiError::unknown_game(id));
                    }
                }
                Err(e) => return Err(e.into()),
            }
        }
        st.stop_engines();
        st.epoch += 1;
        st.deleted = true;
        drop(st);
        self.registry.remove(id);
        self.analyses.forget_game(id);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::super::limits::LimitConfig;
    use super::super::service::TestService;
    use super::*;
    use engine::api::Level;
    use rules::{Setup, Variant};
    use table::ErrorCode;

    #[test]
    fn draw_offers_hold_a_search_slot_and_repeat_offers_use_the_cached_verdict() {
        let fixture = TestService::new(LimitConfig {
            searches_per_client: 1,
            ..LimitConfig::default()
        });
        let svc = &fixture.svc;
        let me = PlayerId::new();
        // White (the player) lacks its queen: the computer is ahead and declines.
        let req = NewGame {
            setup: Setup::standard(Variant::Fourfold),
            mode: Mode::Computer,
            human: Color::White,
            level: Level::Depth(1),
            time_control: None,
            rated: false,
            position: Some("4/4/PPPP/RNK1|4/4/4/1BR1|1rb1/4/4/4|qknr/pppp/4/4 w 0 1".into()),
            moves: Vec::new(),
            evals: Vec::new(),
        };
        let g: serde_json::Value =
            serde_json::from_str(&svc.create(req, &me, "c").unwrap()).unwrap();
        let id = g["id"].as_str().unwrap();
        let accepted_of = |answer: String| {
            let v: serde_json::Value = serde_json::from_str(&answer).unwrap();
            v["accepted"].as_bool().unwrap()
        };
        // While the client's only slot is taken, judging the offer is refused.
        let busy = svc.slots.try_acquire(Some("c")).unwrap();
        let e = svc.offer_draw(id, &me, "c").unwrap_err();
        assert_eq!(e.code, ErrorCode::RateLimited, "{e:?}");
        drop(busy);
        let accepted = accepted_of(svc.offer_draw(id, &me, "c").unwrap());
        assert!(!accepted);
        // The same state again: answered from the verdict, no slot needed.
        let _busy = svc.slots.try_acquire(Some("c")).unwrap();
        let again = accepted_of(svc.offer_draw(id, &me, "c").unwrap());
        assert!(!again);
    }

    /// The hook the socket route calls when it refuses a seat holder a socket (every
    /// place taken, say by sockets not yet noticed closed): over HTTP it is a race (the
    /// holder's own sockets are outside every cap), so it is driven here directly.
    #[test]
    fn a_seat_holder_refused_a_socket_is_not_gone_and_cannot_be_claimed_against() {
        let fixture = TestService::new(LimitConfig::default());
        let svc = &fixture.svc;
        let (white, black) = (PlayerId::new(), PlayerId::new());
        let req = NewGame {
            setup: Setup::standard(Variant::Fourfold),
            mode: Mode::Online,
            human: Color::White,
            level: Level::Depth(1),
            time_control: None,
            rated: false,
            position: None,
            moves: Vec::new(),
            evals: Vec::new(),
        };
        let view: serde_json::Value =
            serde_json::from_str(&svc.create(req, &white, "client").unwrap()).unwrap();
        let id = view["id"].as_str().unwrap().to_string();
        let slot = svc.games().get(&id).cloned().unwrap();
        let code = slot.lock().table.invite().unwrap().to_string();
        svc.join(&code, &black).unwrap();
        for player in [&white, &black] {
            let first = {
                let st = slot.lock();
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
        let gone_after = table::OnlineTimes::default().gone_after_ms;
        let long_ago = now_ms() - gone_after * 2;
        let away_since = |player: &PlayerId, at: i64| {
            let mut st = slot.lock();
            st.table
                .apply(Command::Seen, Actor::Player(player.as_str()), at)
                .unwrap();
        };
        away_since(&black, long_ago);
        assert!(slot.lock().table.gone(Color::Black, now_ms()));
        // Black asks for a socket and is refused: Black is there, so no claim.
        svc.seen(&id, &black);
        assert!(!slot.lock().table.gone(Color::Black, now_ms()));
        let e = svc.claim(&id, true, &white).unwrap_err();
        assert_eq!(e.code, ErrorCode::NoClaim);
        assert!(e.message.contains("black has been away 0 s"), "{e:?}");
        // A stranger refused a socket changes nothing; White's own absence is White's.
        away_since(&white, long_ago);
        svc.seen(&id, &PlayerId::new());
        assert!(slot.lock().table.gone(Color::White, now_ms()));
        assert!(svc.claim(&id, false, &black).is_ok(), "White is gone");
    }
}
