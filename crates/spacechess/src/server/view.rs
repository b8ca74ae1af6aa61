//! The JSON the web app receives (docs/api.md): the GameView and the WebSocket messages.
//! Each is a typed value wrapped around the rules' [`Screen`] (the board and history as
//! a screen shows them); this module adds only what the server knows (mode, level,
//! clocks, evaluations, engine activity) and serializes. The TypeScript declarations of
//! these types are generated from them (`contract.rs`).

use engine::api::{Level, OracleReport, OracleTag, Progress, Score};
pub use rules::material::MaterialView;
use rules::screen::{HistoryEntry, Screen, Side};
use rules::Color;
use serde::Serialize;
use serde_json::value::RawValue;
use std::collections::HashMap;

pub use super::kinds::{Eval, EvalSource, Mode, OfferKind};

#[cfg(test)]
use ts_rs::TS;

pub fn color_id(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// A pending draw offer or take-back request, waiting for the opponent's answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct OfferView {
    pub kind: OfferKind,
    /// Who asks.
    pub from: Side,
}

/// A level as the API writes it: the depth, or `"max"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelView(pub Level);

impl Serialize for LevelView {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            Level::Depth(d) => s.serialize_u8(d),
            Level::Max => s.serialize_str(rules::catalogue::LEVEL_MAX_ID),
        }
    }
}

/// Mate scores become ±100 pawns (minus the distance, so a nearer mate is bigger).
const MATE_PAWNS: f64 = 100.0;

/// A score from `side`'s point of view, as pawns from White's side.
pub fn pawns_for_white(score: Score, side: Color) -> f64 {
    let pawns = match score {
        Score::Cp(cp) => cp as f64 / 100.0,
        Score::Mate(n) if n > 0 => MATE_PAWNS - n as f64 * 0.01,
        Score::Mate(n) => -MATE_PAWNS - n as f64 * 0.01,
    };
    let pawns = (pawns * 100.0).round() / 100.0;
    match side {
        Color::White => pawns,
        Color::Black => -pawns,
    }
}

/// One move of the history with its evaluation.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct HistoryItem {
    #[serde(flatten)]
    #[cfg_attr(test, ts(flatten))]
    pub entry: HistoryEntry,
    /// The evaluation after the move in pawns from White's side (`null` until known).
    pub eval: Option<f64>,
    /// Whose search gave `eval` (`null` while unknown, or for old games).
    pub eval_source: Option<EvalSource>,
    /// The depth of that search, for the computer's own.
    pub eval_depth: Option<u32>,
}

/// The board as it stood after `ply` half-moves (`GET /api/games/{id}/positions/{ply}`):
/// for stepping through a game without taking moves back. No legal moves.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct PositionView {
    #[serde(flatten)]
    #[cfg_attr(test, ts(flatten))]
    pub screen: Screen,
    pub material: MaterialView,
}

/// The game clocks now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct ClocksView {
    /// The time control's starting time for each side.
    #[cfg_attr(test, ts(type = "number"))]
    pub initial_ms: i64,
    #[cfg_attr(test, ts(type = "number"))]
    pub white_ms: i64,
    #[cfg_attr(test, ts(type = "number"))]
    pub black_ms: i64,
    #[cfg_attr(test, ts(type = "number"))]
    pub increment_ms: i64,
    pub running: Option<Side>,
}

/// Who holds a side, as everyone may see it (player ids are secrets and never shown).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(test, derive(TS))]
pub enum HolderView {
    Computer,
    Player,
    /// No one has taken it yet (an online game waiting for its invited player).
    Open,
}

/// One side's seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct SeatView {
    pub holder: HolderView,
    /// An online game's player with a live socket on the game now.
    pub connected: bool,
    /// An online game's player without one for the absence time (once both sides have
    /// moved): the opponent may claim the win or a draw (`POST .../claim`).
    pub gone: bool,
}

/// Both seats.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct SeatsView {
    pub white: SeatView,
    pub black: SeatView,
}

/// What only the asking player is told: which sides are theirs, and an online game's
/// invitation while its other seat is open.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Personal {
    pub you: Vec<Side>,
    pub invite: Option<String>,
}

/// The whole game (GameView in docs/api.md).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct GameView {
    pub id: String,
    pub mode: Mode,
    /// The player's side against the computer (echoed in local mode).
    pub human: Side,
    #[cfg_attr(test, ts(type = "number | \"max\""))]
    pub level: LevelView,
    #[serde(flatten)]
    #[cfg_attr(test, ts(flatten))]
    pub screen: Screen,
    /// Every move so far; in an `update` message only those from `history_from` on.
    pub history: Vec<HistoryItem>,
    /// Always given by the server (`null` from hosts that do not count it).
    pub material: Option<MaterialView>,
    pub clocks: Option<ClocksView>,
    pub computer_thinking: bool,
    pub oracle: bool,
    pub seats: SeatsView,
    /// An online game's pending draw offer or take-back request (or, once it is over,
    /// rematch offer).
    pub offer: Option<OfferView>,
    /// The id of this online game's rematch, once both players agreed to one.
    pub rematch: Option<String>,
    /// How many people watch the game live (sockets of players holding no seat).
    pub watchers: u32,
    /// An online game waiting for the side to move's first move: milliseconds until
    /// it aborts (`null` otherwise).
    #[cfg_attr(test, ts(type = "number | null"))]
    pub abort_in_ms: Option<u64>,
    /// The sides the asking player holds (empty: a watcher). Only in HTTP answers and
    /// the socket's `state` message, which are built for one player; absent in `update`
    /// messages (they go to everyone, and a player's seats do not change under them).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub you: Option<Vec<Side>>,
    /// An online game's invitation path, for the seat holders while a seat is open.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub invite: Option<String>,
}

impl GameView {
    /// Adds what only `personal`'s player is told.
    pub fn for_player(mut self, personal: Personal) -> GameView {
        self.you = Some(personal.you);
        self.invite = personal.invite;
        self
    }
}

/// Everything the view needs that is not in the game itself.
#[derive(Clone)]
pub struct ViewContext<'a> {
    pub id: &'a str,
    pub mode: Mode,
    pub human: Color,
    pub level: Level,
    pub evals: &'a [Option<Eval>],
    pub material: MaterialView,
    pub clocks: Option<ClocksView>,
    pub computer_thinking: bool,
    pub oracle_on: bool,
    pub seats: SeatsView,
    pub offer: Option<OfferView>,
    pub rematch: Option<String>,
    pub watchers: u32,
    pub abort_in_ms: Option<u64>,
}

/// The GameView of a game's screen and its history entries from index `first` on.
pub fn game_view(
    screen: Screen,
    history: Vec<HistoryEntry>,
    first: usize,
    ctx: ViewContext<'_>,
) -> GameView {
    let history = history
        .into_iter()
        .enumerate()
        .map(|(i, entry)| {
            let eval = ctx.evals.get(first + i).copied().flatten();
            HistoryItem {
                entry,
                eval: eval.map(|e| e.pawns),
                eval_source: eval.and_then(|e| e.source),
                eval_depth: eval.and_then(|e| e.depth),
            }
        })
        .collect();
    GameView {
        id: ctx.id.to_string(),
        mode: ctx.mode,
        human: ctx.human.into(),
        level: LevelView(ctx.level),
        screen,
        history,
        material: Some(ctx.material),
        clocks: ctx.clocks,
        computer_thinking: ctx.computer_thinking,
        oracle: ctx.oracle_on,
        seats: ctx.seats,
        offer: ctx.offer,
        rematch: ctx.rematch,
        watchers: ctx.watchers,
        abort_in_ms: ctx.abort_in_ms,
        you: None,
        invite: None,
    }
}

/// The computer's progress.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct Thinking {
    pub depth: u32,
    #[cfg_attr(test, ts(type = "number"))]
    pub elapsed_ms: u64,
    #[cfg_attr(test, ts(type = "number"))]
    pub budget_ms: u64,
    #[cfg_attr(test, ts(type = "number"))]
    pub nodes: u64,
    /// Pawns from White's side.
    pub score: f64,
    /// The expected line as move tokens.
    pub pv: Vec<String>,
}

/// The Oracle's tag of a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(test, derive(TS))]
pub enum OracleTagView {
    Eval,
    Mate,
    Mated,
    DrawRepetition,
    AllowsRepetition,
}

/// The Oracle's verdict on one move.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct OracleMoveView {
    pub token: String,
    pub notation: String,
    /// From the player's (side to move's) point of view, in pawns.
    pub score: f64,
    pub depth: u32,
    pub tag: OracleTagView,
    /// `null` unless the tag is `mate` or `mated`.
    pub mate_in: Option<u32>,
    pub line: Vec<String>,
}

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
    to_json(&ServerMessage::Thinking(Thinking {
        depth: p.depth,
        elapsed_ms: p.elapsed.as_millis() as u64,
        budget_ms: p.budget.as_millis() as u64,
        nodes: p.nodes,
        score: pawns_for_white(p.score, side),
        pv: p.pv.clone(),
    }))
}

/// The Oracle's report; scores are from the player's (side to move's) point of view.
pub fn oracle_message(r: &OracleReport, notations: &HashMap<String, String>) -> String {
    let moves = r
        .moves
        .iter()
        .map(|m| {
            let (tag, mate_in) = match m.tag {
                OracleTag::Eval => (OracleTagView::Eval, None),
                OracleTag::Mate(n) => (OracleTagView::Mate, Some(n)),
                OracleTag::Mated(n) => (OracleTagView::Mated, Some(n)),
                OracleTag::DrawRepetition => (OracleTagView::DrawRepetition, None),
                OracleTag::AllowsRepetition => (OracleTagView::AllowsRepetition, None),
            };
            OracleMoveView {
                token: m.token.clone(),
                notation: notations
                    .get(&m.token)
                    .cloned()
                    .unwrap_or_else(|| m.token.clone()),
                score: pawns_for_white(m.score, Color::White),
                depth: m.depth,
                tag,
                mate_in,
                line: m.line.clone(),
            }
        })
        .collect();
    to_json(&ServerMessage::Oracle {
        done: r.done,
        moves,
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

    #[test]
    fn scores_turn_into_white_pawns() {
        assert_eq!(pawns_for_white(Score::Cp(150), Color::White), 1.5);
        assert_eq!(pawns_for_white(Score::Cp(150), Color::Black), -1.5);
        assert!(pawns_for_white(Score::Mate(2), Color::White) > 99.0);
        assert!(pawns_for_white(Score::Mate(2), Color::Black) < -99.0);
        assert!(
            pawns_for_white(Score::Mate(1), Color::White)
                > pawns_for_white(Score::Mate(3), Color::White)
        );
        assert!(pawns_for_white(Score::Mate(-1), Color::White) < -99.0);
    }

    #[test]
    fn an_update_carries_the_view_with_only_the_new_history() {
        let mut game =
            rules::any::AnyGame::new(&rules::Setup::standard(rules::Variant::Stacked), None)
                .unwrap();
        for _ in 0..3 {
            let t = game.legal_tokens()[0].clone();
            game.play_token(&t).unwrap();
        }
        let ctx = ViewContext {
            id: "x",
            mode: Mode::Local,
            human: Color::White,
            level: Level::DEFAULT,
            evals: &[Some(Eval::quick(0.1)), None, Some(Eval::quick(0.3))],
            material: MaterialView {
                captured_by_white: vec![],
                captured_by_black: vec![],
                balance: 0,
            },
            clocks: None,
            computer_thinking: false,
            oracle_on: false,
            seats: SeatsView {
                white: SeatView {
                    holder: HolderView::Player,
                    connected: false,
                    gone: false,
                },
                black: SeatView {
                    holder: HolderView::Player,
                    connected: false,
                    gone: false,
                },
            },
            offer: None,
            rematch: None,
            watchers: 0,
            abort_in_ms: None,
        };
        let view = game_view(game.screen(true), game.history_entries(0), 0, ctx.clone());
        let me = Personal {
            you: vec![Side::White],
            invite: None,
        };
        let p = publish(view.clone(), 0, 2, Some(me));
        // The same update from a view built with the changed entries only.
        let tail = game_view(game.screen(true), game.history_entries(2), 2, ctx);
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
        assert_eq!(full["you"], serde_json::json!(["white"]));
        assert!(update["game"].get("you").is_none());
        let mut rest = update["game"].clone();
        rest["history"] = full["history"].clone();
        rest["you"] = full["you"].clone();
        assert_eq!(rest, full);
        let state: serde_json::Value = serde_json::from_str(&state_message(full_text)).unwrap();
        assert_eq!(state["game"], full);
    }
}
