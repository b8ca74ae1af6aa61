//! A finished online game's rematch: one player offers it, the other accepts (offering
//! too, or answering the offer), and the server creates the new game with the same
//! set-up (variant, rule set, options, time control) from the usual start, colours swapped, both seats taken. The finished game then names the
//! new one (`rematch` in its view), which takes both pages there. Against the computer
//! or on one device a rematch is just a new game, which the page asks for itself.

use super::error::ApiError;
use super::players::PlayerId;
use super::seats::Holder;
use super::service::{GameSlot, Mode, NewGame, Service};
use super::view::{color_id, OfferKind};
use rules::Color;
use std::sync::Arc;

impl Service {
    /// `POST /games/{id}/rematch`: offers the rematch, or accepts the opponent's offer.
    /// The GameView of the finished game either way.
    pub fn rematch(
        self: &Arc<Self>,
        id: &str,
        player: &PlayerId,
        client: &str,
    ) -> Result<String, ApiError> {
        let slot = self.slot(id)?;
        let mut st = Self::lock(&slot);
        let sides = self.seated(&slot.id, &mut st, player)?;
        if st.mode != Mode::Online {
            return Err(ApiError::bad_request(
                "only an online game has a rematch to offer: against the computer or on one device, start a new game (POST /api/games)",
            ));
        }
        if st.in_progress() {
            return Err(ApiError::game_in_progress(
                "the game is still going: a rematch is offered once it is over",
            ));
        }
        let side = sides[0];
        match st.offer {
            _ if st.rematch.is_some() => Ok(st.view_json(&slot.id, player)),
            Some((OfferKind::Rematch, from)) if from == side => Ok(st.view_json(&slot.id, player)),
            Some((OfferKind::Rematch, from)) => {
                st.offer = None;
                drop(st);
                self.start_rematch(&slot, from, player, client)
            }
            _ => {
                st.offer = Some((OfferKind::Rematch, side));
                Ok(self.after_change(&slot, &mut st, None, Some(player)))
            }
        }
    }

    /// Creates the rematch `from` offered and `player` accepted (the offer is already
    /// taken; it is put back if the game cannot be created). Called without the finished
    /// game's lock: creating takes the games map's, which comes first in the lock order.
    pub(super) fn start_rematch(
        self: &Arc<Self>,
        slot: &Arc<GameSlot>,
        from: Color,
        player: &PlayerId,
        client: &str,
    ) -> Result<String, ApiError> {
        let (req, offerer) = {
            let st = Self::lock(slot);
            let Holder::Player(offerer) = st.seats.get(from).clone() else {
                return Err(ApiError::no_offer(
                    "the rematch offer has no player behind it",
                ));
            };
            let req = NewGame {
                setup: st.game.setup(),
                mode: Mode::Online,
                // Colours swapped: the accepting player takes the offerer's old side.
                human: from,
                level: st.level,
                time_control: st.time_control,
                // The variant's usual start, as the page's own rematches (it knows no rules
                // to tell a set position from the usual one).
                position: None,
                moves: Vec::new(),
                evals: Vec::new(),
            };
            (req, offerer)
        };
        let created = self
            .check_rematch_seat(&offerer)
            .and_then(|()| self.create_game(req, player, client))
            .and_then(|(id, _)| {
                self.seat_offerer(&id, from.opposite(), &offerer)
                    .map(|()| id)
            });
        let mut st = Self::lock(slot);
        match created {
            Ok(id) => {
                self.store.set_offer(&slot.id, None)?;
                st.rematch = Some(id);
                Ok(self.after_change(slot, &mut st, None, Some(player)))
            }
            Err(e) => {
                if st.rematch.is_none() {
                    st.offer = Some((OfferKind::Rematch, from));
                }
                Err(e)
            }
        }
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

    /// Seats the offerer on `side` of the new game (its other seat is the acceptor's).
    fn seat_offerer(
        self: &Arc<Self>,
        id: &str,
        side: Color,
        offerer: &PlayerId,
    ) -> Result<(), ApiError> {
        let slot = self.slot(id)?;
        let mut st = Self::lock(&slot);
        if *st.seats.get(side) != Holder::Open {
            return Err(ApiError::internal(format!(
                "the rematch's {} seat is not open",
                color_id(side)
            )));
        }
        let mut seats = st.seats.clone();
        *seats.get_mut(side) = Holder::Player(offerer.clone());
        let (w, b) = seats.to_stored();
        self.store.set_seats(&slot.id, w, b, st.invite.clone())?;
        st.seats = seats;
        self.after_change(&slot, &mut st, None, None);
        Ok(())
    }
}
