//! What players do besides moving: take back, offer a draw, resign, call the Oracle,
//! export the record, delete the game. Each change is stored before it is answered.

use super::error::ApiError;
use super::players::PlayerId;
use super::service::{play_error, GameSlot, GameState, Mode, Service};
use super::view::{self, color_id, OfferKind};
use engine::api::Level;
use rules::record::RecordForm;
use rules::{Color, GameStatus, Outcome, PlayError};
use std::sync::Arc;
use std::time::Duration;

impl Service {
    /// Takes back the player's last move and the computer's reply (in local mode: the
    /// last move). A running search is stopped.
    /// In an online game this asks the opponent, who accepts or declines.
    pub fn take_back(self: &Arc<Self>, id: &str, player: &PlayerId) -> Result<String, ApiError> {
        let slot = self.slot(id)?;
        let mut st = Self::lock(&slot);
        let sides = self.seated(&slot.id, &mut st, player)?;
        if let Some(o) = declared_outcome(st.game.status()) {
            return Err(ApiError::game_over(format!(
                "the game ended by {}; it cannot be taken back",
                o.termination
            )));
        }
        let count = match st.mode {
            Mode::Local => usize::from(st.ply() > 0),
            Mode::Computer => take_back_count(&st, st.human),
            Mode::Online => take_back_count(&st, sides[0]),
        };
        if count == 0 {
            return Err(ApiError::nothing_to_take_back(
                "there is no move of yours to take back",
            ));
        }
        if st.mode == Mode::Online {
            return self.ask(&slot, &mut st, OfferKind::TakeBack, sides[0], player);
        }
        self.undo_moves(&slot, &mut st, count, player)
    }

    /// Takes back the last `count` moves (stored first), restoring the clocks.
    pub(super) fn undo_moves(
        self: &Arc<Self>,
        slot: &Arc<GameSlot>,
        st: &mut GameState,
        count: usize,
        player: &PlayerId,
    ) -> Result<String, ApiError> {
        let keep = st.ply() - count;
        st.version = self
            .store
            .truncate_moves(&slot.id, st.version, keep as u32)?;
        for _ in 0..count {
            st.game.undo();
            st.evals.pop();
        }
        st.touch_history(keep);
        st.stop_engines();
        if let Some((initial, _)) = st.time_control {
            let restored = self
                .store
                .load_game(&slot.id)?
                .and_then(|(_, moves)| moves.last().cloned());
            let (w, b) = restored.map_or((initial, initial), |m| {
                (m.white_ms.unwrap_or(initial), m.black_ms.unwrap_or(initial))
            });
            if let Some(c) = st.clocks.as_mut() {
                c.reset(w, b);
            }
        }
        st.offer = None;
        Ok(self.after_change(slot, st, None, Some(player)))
    }

    /// A draw offer: the computer accepts when it is not ahead; in local mode the other
    /// player is sitting right there, so it is accepted.
    pub fn offer_draw(
        self: &Arc<Self>,
        id: &str,
        player: &PlayerId,
        client: &str,
    ) -> Result<String, ApiError> {
        let slot = self.slot(id)?;
        let mut st = Self::lock(&slot);
        let sides = self.seated(&slot.id, &mut st, player)?;
        if let GameStatus::Over(o) = st.game.status() {
            return Err(play_error(PlayError::GameOver(o)));
        }
        if st.mode == Mode::Online {
            return self.ask(&slot, &mut st, OfferKind::Draw, sides[0], player);
        }
        let accepted = match st.computer_side() {
            Some(side) => self.draw_verdict(&mut st, side, client)?,
            None => true,
        };
        if accepted {
            let game = self.agree_draw(&slot, &mut st, player)?;
            return Ok(view::draw_answer(true, game));
        }
        Ok(view::draw_answer(false, st.view_json(&slot.id, player)))
    }

    /// Ends the game drawn by agreement; the GameView.
    pub(super) fn agree_draw(
        self: &Arc<Self>,
        slot: &Arc<GameSlot>,
        st: &mut GameState,
        player: &PlayerId,
    ) -> Result<String, ApiError> {
        st.game.agree_draw().map_err(play_error)?;
        self.store_declared(&slot.id, st)?;
        Ok(self.after_change(slot, st, None, Some(player)))
    }

    /// `side` resigns (default: the human against the computer, the side to move in
    /// local mode). Against the computer only the human's side may resign.
    pub fn resign(
        self: &Arc<Self>,
        id: &str,
        side: Option<Color>,
        player: &PlayerId,
    ) -> Result<String, ApiError> {
        let slot = self.slot(id)?;
        let mut st = Self::lock(&slot);
        let sides = self.seated(&slot.id, &mut st, player)?;
        let side = match (st.mode, side) {
            (Mode::Computer, Some(s)) if s != st.human => {
                return Err(ApiError::bad_request(format!(
                    "only the player's side ({}) can resign against the computer",
                    color_id(st.human)
                )))
            }
            (Mode::Computer, _) => st.human,
            (Mode::Local, Some(s)) => s,
            (Mode::Local, None) => st.game.turn(),
            (Mode::Online, Some(s)) if !sides.contains(&s) => {
                return Err(ApiError::not_your_seat(format!(
                    "you play {}; you cannot resign for {}",
                    color_id(sides[0]),
                    color_id(s)
                )))
            }
            (Mode::Online, _) => sides[0],
        };
        st.game.resign(side).map_err(play_error)?;
        self.store_declared(&slot.id, &mut st)?;
        Ok(self.after_change(&slot, &mut st, None, Some(player)))
    }

    /// Puts the Oracle on duty with this budget; it starts now if it is the player's turn
    /// and again at the start of each of the player's turns.
    pub fn oracle_on(
        self: &Arc<Self>,
        id: &str,
        budget: Duration,
        player: &PlayerId,
        client: &str,
    ) -> Result<(), ApiError> {
        let slot = self.slot(id)?;
        let mut st = Self::lock(&slot);
        self.seated(&slot.id, &mut st, player)?;
        if let GameStatus::Over(o) = st.game.status() {
            return Err(play_error(PlayError::GameOver(o)));
        }
        if st.online_running() {
            return Err(ApiError::no_engine_help(
                "the Oracle is off for both players while an online game runs",
            ));
        }
        st.oracle_budget = Some(budget);
        st.oracle = None;
        if st.human_to_move() {
            let permit = self.acquire(client)?;
            self.start_oracle_with(&slot, &mut st, budget, permit);
        }
        Ok(())
    }

    /// Takes the Oracle off duty and stops it.
    pub fn oracle_off(&self, id: &str, player: &PlayerId) -> Result<(), ApiError> {
        let slot = self.slot(id)?;
        let mut st = Self::lock(&slot);
        self.seated(&slot.id, &mut st, player)?;
        st.oracle_budget = None;
        st.oracle = None;
        Ok(())
    }

    /// The game record (records.md, or the public Fourfold form) with the evaluations as
    /// comments.
    pub fn record(&self, id: &str, form: RecordForm) -> Result<String, ApiError> {
        let slot = self.slot(id)?;
        let st = Self::lock(&slot);
        let name = |side: Color| match st.mode {
            Mode::Local | Mode::Online => color_id(side).to_string(),
            Mode::Computer if side == st.human => "Player".to_string(),
            Mode::Computer => match st.level {
                Level::Depth(d) => format!("Computer, level {d}"),
                Level::Max => "Computer, level Max".to_string(),
            },
        };
        let mut tags = vec![
            ("Event".to_string(), "Casual game".to_string()),
            ("Date".to_string(), record_date(st.created_at)),
            ("White".to_string(), name(Color::White)),
            ("Black".to_string(), name(Color::Black)),
        ];
        if let Some((initial, inc)) = st.time_control {
            tags.push((
                "TimeControl".to_string(),
                format!("{}+{}", initial / 1000, inc / 1000),
            ));
        }
        let comments: Vec<Option<String>> = st
            .evals
            .iter()
            .map(|e| e.map(|v| format!("{:+.2}", v.pawns)))
            .collect();
        form.write(&st.game.export(&tags, &comments))
            .map_err(|e| ApiError::bad_request(e.to_string()))
    }

    /// Forgets a game: stops its engines and removes it from memory and the store.
    pub fn delete(&self, id: &str, player: &PlayerId) -> Result<(), ApiError> {
        let slot = self.slot(id)?;
        let version = {
            let mut st = Self::lock(&slot);
            self.seated(&slot.id, &mut st, player)?;
            if st.online_running() && !st.seats.any_open() {
                return Err(ApiError::game_in_progress(
                    "an online game in progress belongs to both players: resign it first",
                ));
            }
            st.stop_engines();
            st.oracle_budget = None;
            st.epoch += 1;
            st.version
        };
        self.games().remove(id);
        self.analyses.forget_game(id);
        self.store.delete_game(id, version)?;
        Ok(())
    }
}

/// `YYYY.MM.DD` of a Unix time (UTC), as records write dates.
fn record_date(unix: i64) -> String {
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

/// How many moves go back to (and including) `side`'s most recent move.
pub(super) fn take_back_count(st: &GameState, side: Color) -> usize {
    (0..st.ply())
        .rev()
        .find(|&i| st.mover_of(i) == Some(side))
        .map_or(0, |i| st.ply() - i)
}

/// A result decided outside the board (it cannot be taken back).
fn declared_outcome(status: GameStatus) -> Option<Outcome> {
    match status {
        GameStatus::Over(o) if o.termination.is_declared() => Some(o),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn record_dates_are_civil_dates() {
        assert_eq!(record_date(0), "1970.01.01");
        assert_eq!(record_date(951_782_400), "2000.02.29");
        assert_eq!(record_date(1_795_910_400), "2026.11.29");
    }
}
