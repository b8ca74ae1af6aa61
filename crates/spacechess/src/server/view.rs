//! The JSON the web app receives (docs/api.md): the GameView (built by the game table,
//! `table::view`) as HTTP answers and WebSocket messages. This module adds only the
//! server's own messages and serializes. The TypeScript declarations of these types are
//! generated from them (`contract.rs`).

use engine::api::{OracleReport, Progress};
use rules::Color;
use serde::Serialize;
use serde_json::value::RawValue;
use std::collections::HashMap;

use rules::screen::Side;
pub use table::view::pawns_for_white;
/// The rest of the view's parts, named by the generated contract.
#[cfg(test)]
pub use table::view::{
    ClocksView, EvalSource, HistoryItem, OfferView, OracleTagView, PositionView, SeatView,
    SeatsView,
};
pub use table::view::{
    Eval, GameView, HolderView, LevelView, MaterialView, Mode, OfferKind, OracleMoveView, Personal,
    Thinking,
};

#[cfg(test)]
use ts_rs::TS;

/// An error as the API sends it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct ErrorBody {
    pub code: String,
    pub message: String,
}

/// The body of every error answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct ErrorAnswer {
    pub error: ErrorBody,
}

/// The answer to a draw offer.
#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct DrawAnswer {
    pub accepted: bool,
    #[cfg_attr(test, ts(as = "GameView"))]
    pub game: Box<RawValue>,
}

/// A WebSocket message from the server.
#[derive(Debug, Serialize)]
#[serde(tag = "type", rename_all = "lowercase")]
#[cfg_attr(test, derive(TS))]
pub enum ServerMessage {
    /// The whole game: first on connecting, and to a client that fell behind.
    State {
        #[cfg_attr(test, ts(as = "GameView"))]
        game: Box<RawValue>,
    },
    /// After every change: the game whose `history` holds the entries from `history_from`
    /// on (the earlier ones are unchanged since the last message).
    Update {
        #[cfg_attr(test, ts(as = "GameView"))]
        game: Box<RawValue>,
        history_from: u32,
    },
    Thinking(Thinking),
    Oracle {
        done: bool,
        moves: Vec<OracleMoveView>,
    },
    Error {
        error: ErrorBody,
    },
    /// The opponent declined the offer `from` made (by answering it, or by moving).
    Declined {
        kind: OfferKind,
        from: Side,
    },
}

/// The JSON text of a value whose serialization cannot fail (plain data, string keys).
pub fn to_json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("plain data serializes")
}

fn raw(text: String) -> Box<RawValue> {
    RawValue::from_string(text).expect("JSON text from serde_json")
}

/// The serialized texts of one change, all from one [`GameView`]: the full view (the
/// HTTP answer, when one is wanted) and the socket's update message.
pub struct Published {
    pub full: Option<String>,
    pub update: String,
}

/// Serializes a view whose history holds the entries from index `first` on: whole for
/// the player `full` names (if `first` is 0), and as an update from history index `from`
/// for everyone.
pub fn publish(mut view: GameView, first: usize, from: usize, full: Option<Personal>) -> Published {
    let full = full
        .filter(|_| first == 0)
        .map(|p| to_json(&view.clone().for_player(p)));
    let from = from.clamp(first, first + view.history.len());
    view.history.drain(..from - first);
    let update = to_json(&ServerMessage::Update {
        game: raw(to_json(&view)),
        history_from: from as u32,
    });
    Published { full, update }
}

pub fn state_message(full: String) -> String {
    to_json(&ServerMessage::State { game: raw(full) })
}

pub fn draw_answer(accepted: bool, full: String) -> String {
    to_json(&DrawAnswer {
        accepted,
        game: raw(full),
    })
}

pub fn thinking_message(p: &Progress, side: Color) -> String {
    to_json(&ServerMessage::Thinking(table::view::thinking(p, side)))
}

/// The Oracle's report; scores are from the player's (side to move's) point of view.
pub fn oracle_message(r: &OracleReport, notations: &HashMap<String, String>) -> String {
    to_json(&ServerMessage::Oracle {
        done: r.done,
        moves: table::view::oracle_moves(r, notations),
    })
}

pub fn declined_message(kind: OfferKind, from: Color) -> String {
    to_json(&ServerMessage::Declined {
        kind,
        from: from.into(),
    })
}

pub fn error_message(code: &str, message: &str) -> String {
    to_json(&ServerMessage::Error {
        error: ErrorBody {
            code: code.to_string(),
            message: message.to_string(),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::api::Level;
    use table::{Actor, Command, Eval, HostFacts, NewTable, OnlineTimes, PastMove, Seats, Table};

    #[test]
    fn an_update_carries_the_view_with_only_the_new_history() {
        let setup = rules::Setup::standard(rules::Variant::Stacked);
        let mut game = rules::any::AnyGame::new(&setup, None).unwrap();
        let mut moves = Vec::new();
        for eval in [Some(Eval::quick(0.1)), None, Some(Eval::quick(0.3))] {
            let token = game.legal_tokens()[0].clone();
            game.play_token(&token).unwrap();
            moves.push(PastMove {
                token,
                eval,
                clocks: None,
            });
        }
        let new = NewTable {
            setup,
            position: None,
            mode: Mode::Local,
            human: Color::White,
            level: Level::DEFAULT,
            time_control: None,
            rated: false,
            seats: Seats::new(Mode::Local, "me", Color::White),
            invite: None,
            online: OnlineTimes::default(),
        };
        let mut table = Table::new(new, &moves, 0).unwrap();
        table.start(0);
        let view = table.view("x", 0, 0, HostFacts::default());
        let me = table.personal("me", |c| c.to_string());
        let p = publish(view.clone(), 0, 2, Some(me));
        // The same update from a view built with the changed entries only.
        let tail = table.view("x", 2, 0, HostFacts::default());
        assert_eq!(publish(tail, 2, 2, None).update, p.update);
        let full_text = p.full.clone().unwrap();
        let full: serde_json::Value = serde_json::from_str(&full_text).unwrap();
        let update: serde_json::Value = serde_json::from_str(&p.update).unwrap();
        assert_eq!(full["history"].as_array().unwrap().len(), 3);
        assert_eq!(full["history"][0]["eval"], 0.1);
        assert_eq!(full["history"][1]["side"], "black");
        assert_eq!(update["type"], "update");
        assert_eq!(update["history_from"], 2);
        assert_eq!(
            update["game"]["history"],
            serde_json::json!([full["history"][2]])
        );
        // Everything else is the same view, except what only the player is told.
        assert_eq!(full["you"], serde_json::json!(["white", "black"]));
        assert!(update["game"].get("you").is_none());
        let mut rest = update["game"].clone();
        rest["history"] = full["history"].clone();
        rest["you"] = full["you"].clone();
        assert_eq!(rest, full);
        let state: serde_json::Value = serde_json::from_str(&state_message(full_text)).unwrap();
        assert_eq!(state["game"], full);
        // A move made through the table shows up in the next update.
        let token = table.game().legal_tokens()[0].clone();
        table
            .apply(
                Command::Move {
                    text: token,
                    ply: None,
                },
                Actor::Player("me"),
                0,
            )
            .unwrap();
        let next = publish(table.view("x", 3, 0, HostFacts::default()), 3, 3, None);
        let next: serde_json::Value = serde_json::from_str(&next.update).unwrap();
        assert_eq!(next["game"]["history"].as_array().unwrap().len(), 1);
    }
}
