//! Online games: the invitation that seats the second player, and the questions one
//! player asks the other (a draw offer, a take-back request) with their answers. Moves,
//! clocks and resignation are the service's own; no engine helps either player while the
//! game runs (`GameState::online_running`).

use super::error::{ApiError, ErrorCode};
use super::players::PlayerId;
use super::seats::Holder;
use super::service::{GameSlot, GameState, Service};
use super::view::{self, color_id, OfferKind};
use rules::Color;
use std::sync::Arc;

impl Service {
    /// Refuses a new online game to a player with too many invitations still unanswered.
    pub(super) fn check_open_invites(
        &self,
        player: &PlayerId,
        client: &str,
    ) -> Result<(), ApiError> {
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
        let mut st = Self::lock(&slot);
        let open = [Color::White, Color::Black]
            .into_iter()
            .find(|&s| *st.seats.get(s) == Holder::Open);
        let (Some(side), true) = (open, st.seats.sides_of(player).is_empty()) else {
            return Ok(st.view_json(&slot.id, player));
        };
        if !st.in_progress() {
            return Ok(st.view_json(&slot.id, player));
        }
        let limits = self.config.limits;
        let (held, _) = self.store.open_games(player.as_str(), "")?;
        if held >= limits.open_games_per_player {
            return Err(ApiError::rate_limited(format!(
                "this player already has {} unfinished games (at most {}): finish, resign or delete one",
                held, limits.open_games_per_player
            ))
            .with_retry_after(super::limits::OPEN_GAMES_RETRY_AFTER_SECS));
        }
        let mut seats = st.seats.clone();
        *seats.get_mut(side) = Holder::Player(player.clone());
        st.version = self
            .store
            .set_seats(&slot.id, st.version, &st.stored_seats(&seats))?;
        st.seats = seats;
        Ok(self.after_change(&slot, &mut st, None, Some(player)))
    }

    /// `side` asks the opponent for a draw or a take back. A draw offer while the
    /// opponent's own offer waits is its acceptance.
    pub(super) fn ask(
        self: &Arc<Self>,
        slot: &Arc<GameSlot>,
        st: &mut GameState,
        kind: OfferKind,
        side: Color,
        player: &PlayerId,
    ) -> Result<String, ApiError> {
        if st.seats.any_open() {
            return Err(ApiError::not_your_turn(
                "the invited player has not joined yet",
            ));
        }
        if kind == OfferKind::Draw && st.offer == Some((OfferKind::Draw, side.opposite())) {
            let game = self.agree_draw(slot, st, player)?;
            return Ok(view::draw_answer(true, game));
        }
        st.version = self
            .store
            .set_offer(&slot.id, st.version, Some((kind, side)))?;
        st.offer = Some((kind, side));
        let game = self.after_change(slot, st, None, Some(player));
        Ok(match kind {
            OfferKind::Draw => view::draw_answer(false, game),
            OfferKind::TakeBack | OfferKind::Rematch => game,
        })
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
        let _settling = Self::lock_rematch(&slot);
        let mut st = Self::lock(&slot);
        let sides = self.seated(&slot.id, &mut st, player)?;
        let Some((kind, from)) = st.offer.filter(|(_, from)| !sides.contains(from)) else {
            return Err(ApiError::no_offer(
                "your opponent has no offer or request waiting for your answer",
            ));
        };
        if !accept {
            st.version = self.store.set_offer(&slot.id, st.version, None)?;
            st.offer = None;
            let game = self.after_change(&slot, &mut st, None, Some(player));
            let _ = slot.events.send(view::declined_message(kind, from).into());
            return Ok(game);
        }
        match kind {
            OfferKind::Rematch => self.start_rematch(&slot, st, from, player, client),
            OfferKind::Draw => self.agree_draw(&slot, &mut st, player),
            OfferKind::TakeBack => {
                let count = super::actions::take_back_count(&st, from);
                if count == 0 {
                    st.version = self.store.set_offer(&slot.id, st.version, None)?;
                    st.offer = None;
                    return Err(ApiError::nothing_to_take_back(format!(
                        "{} has no move left to take back",
                        color_id(from)
                    )));
                }
                self.undo_moves(&slot, &mut st, count, player)
            }
        }
    }
}
