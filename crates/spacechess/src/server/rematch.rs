//! A finished online game's rematch: one player offers it, the other accepts (offering
//! too, or answering the offer), and the server creates the new game with the same
//! set-up (variant, rule set, options, time control) from the usual start, colours swapped, both seats taken. The finished game then names the
//! new one (`rematch` in its view), which takes both pages there. Against the computer
//! or on one device a rematch is just a new game, which the page asks for itself.
//!
//! Both are stored: the offer as the game's pending offer, the new game with the id of
//! the game it follows (`rematch_of`, unique), written with both seats in one write that
//! also clears the offer. A restart therefore keeps the offer and the link, and a game
//! never gets two rematches: acceptances wait for each other on the game's
//! `rematch_lock`, and the store refuses a second rematch of the same game.

use super::error::ApiError;
use super::players::PlayerId;
use super::seats::Holder;
use super::service::{GameSlot, GameState, Mode, NewGame, Service};
use super::view::OfferKind;
use rules::Color;
use std::sync::{Arc, MutexGuard};

/// What makes a new game a rematch: the finished game it follows, and the player who
/// offered it (seated on the side the accepting player does not take).
pub(super) struct Rematch {
    pub(super) of: String,
    /// The version of `of` read with the offer: inserting the rematch clears that
    /// offer, refused if the game changed meanwhile.
    pub(super) of_version: super::store::Version,
    pub(super) offerer: PlayerId,
}

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
        let _settling = Self::lock_rematch(&slot);
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
            Some((OfferKind::Rematch, from)) => self.start_rematch(&slot, st, from, player, client),
            _ => {
                st.version =
                    self.store
                        .set_offer(&slot.id, st.version, Some((OfferKind::Rematch, side)))?;
                st.offer = Some((OfferKind::Rematch, side));
                Ok(self.after_change(&slot, &mut st, None, Some(player)))
            }
        }
    }

    /// The game's rematch lock (see `GameSlot::rematch_lock`), taken before its state.
    pub(super) fn lock_rematch(slot: &GameSlot) -> MutexGuard<'_, ()> {
        // It guards no data, so a poisoned lock is still usable.
        slot.rematch_lock.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Creates the rematch `from` offered and `player` accepted. The caller holds the
    /// game's rematch lock and hands over its state's lock, which is let go while the
    /// new game is created (creating takes the games map's, which comes first in the
    /// lock order); the offer stays until the new game is stored.
    pub(super) fn start_rematch(
        self: &Arc<Self>,
        slot: &Arc<GameSlot>,
        st: MutexGuard<'_, GameState>,
        from: Color,
        player: &PlayerId,
        client: &str,
    ) -> Result<String, ApiError> {
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
        let rematch = Rematch {
            of: slot.id.clone(),
            of_version: st.version,
            offerer,
        };
        drop(st);
        let created = self
            .check_rematch_seat(&rematch.offerer)
            .and_then(|()| self.create_game(req, player, client, Some(&rematch)));
        let mut st = Self::lock(slot);
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
        st.offer = None;
        st.rematch = Some(id);
        Ok(self.after_change(slot, &mut st, None, Some(player)))
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
}
