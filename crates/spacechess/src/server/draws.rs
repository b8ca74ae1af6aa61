//! The computer's answer to a draw offer. Judging one is a short search (300 ms, its own
//! table), so it holds a search slot like any other search (429 when the client or the
//! server has none free), and the verdict is kept for the game's state it judged:
//! offering again before anything changed answers from it without searching.

use super::error::ApiError;
use super::service::{GameState, Service};
use rules::Color;

impl Service {
    /// Whether the computer, playing `side`, accepts a draw in the game's current state.
    pub(super) fn draw_verdict(
        &self,
        st: &mut GameState,
        side: Color,
        client: &str,
    ) -> Result<bool, ApiError> {
        if let Some((epoch, verdict)) = st.draw_verdict {
            if epoch == st.epoch {
                return Ok(verdict);
            }
        }
        let permit = self.acquire(client)?;
        let verdict = engine::api::accepts_draw(&st.game, side);
        drop(permit);
        st.draw_verdict = Some((st.epoch, verdict));
        Ok(verdict)
    }
}

#[cfg(test)]
mod tests {
    use super::super::limits::LimitConfig;
    use super::super::players::PlayerId;
    use super::super::service::{Mode, NewGame, TestService};
    use super::*;
    use engine::api::Level;
    use rules::{Setup, Variant};

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
        assert_eq!(e.code, table::ErrorCode::RateLimited, "{e:?}");
        drop(busy);
        let accepted = accepted_of(svc.offer_draw(id, &me, "c").unwrap());
        assert!(!accepted);
        // The same state again: answered from the verdict, no slot needed.
        let _busy = svc.slots.try_acquire(Some("c")).unwrap();
        let again = accepted_of(svc.offer_draw(id, &me, "c").unwrap());
        assert!(!again);
    }
}
