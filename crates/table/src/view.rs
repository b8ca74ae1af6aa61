//! The views of a game table (GameView in docs/api.md and its parts, the computer's
//! progress, the Oracle's report): typed values wrapped around the rules' [`Screen`],
//! serialized by the host. Scores are pawns from White's side by the one mapping,
//! [`Score::pawns_for_white`]. The TypeScript declarations of these types are generated
//! from them (feature `ts`; the server's contract test writes them).

use engine::api::{Level, OracleReport, OracleTag, Progress, Score};
pub use rules::material::MaterialView;
use rules::screen::{HistoryEntry, Screen, Side};
use rules::Color;
use serde::Serialize;
use std::collections::HashMap;

pub fn color_id(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

pub fn parse_color(s: &str) -> Option<Color> {
    match s {
        "white" => Some(Color::White),
        "black" => Some(Color::Black),
        _ => None,
    }
}

/// Who plays the moves the API does not receive.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Mode {
    Computer,
    Local,
    /// Two players on their own devices; the second joins by the invitation.
    Online,
}

impl Mode {
    pub fn id(self) -> &'static str {
        match self {
            Mode::Computer => "computer",
            Mode::Local => "local",
            Mode::Online => "online",
        }
    }

    pub fn from_id(id: &str) -> Option<Mode> {
        [Mode::Computer, Mode::Local, Mode::Online]
            .into_iter()
            .find(|m| m.id() == id)
    }
}

/// What an online player asks the opponent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum OfferKind {
    Draw,
    TakeBack,
    /// Once the game is over: a new game of the same set-up, colours swapped.
    Rematch,
}

impl OfferKind {
    /// The identifier the API and the store use.
    pub fn id(self) -> &'static str {
        match self {
            OfferKind::Draw => "draw",
            OfferKind::TakeBack => "take-back",
            OfferKind::Rematch => "rematch",
        }
    }

    pub fn from_id(id: &str) -> Option<OfferKind> {
        [OfferKind::Draw, OfferKind::TakeBack, OfferKind::Rematch]
            .into_iter()
            .find(|k| k.id() == id)
    }
}

/// A pending draw offer or take-back request, waiting for the opponent's answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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

/// Whose search gave a move's evaluation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum EvalSource {
    /// The computer's own search, when it chose this move.
    Computer,
    /// The server's short search for the record, after a move no search scored.
    Quick,
    /// Written in an imported record.
    Record,
}

impl EvalSource {
    pub fn id(self) -> &'static str {
        match self {
            EvalSource::Computer => "computer",
            EvalSource::Quick => "quick",
            EvalSource::Record => "record",
        }
    }

    pub fn from_id(s: &str) -> Option<EvalSource> {
        [EvalSource::Computer, EvalSource::Quick, EvalSource::Record]
            .into_iter()
            .find(|e| e.id() == s)
    }
}

/// The evaluation after a move: pawns from White's side, and where it came from
/// (`source` is unknown for evaluations stored before sources were kept).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Eval {
    pub pawns: f64,
    pub source: Option<EvalSource>,
    /// The depth of the computer's search.
    pub depth: Option<u32>,
}

impl Eval {
    pub fn quick(pawns: f64) -> Eval {
        Eval {
            pawns,
            source: Some(EvalSource::Quick),
            depth: None,
        }
    }
}

/// One move of the history with its evaluation.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct HistoryItem {
    #[serde(flatten)]
    #[cfg_attr(feature = "ts", ts(flatten))]
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
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PositionView {
    #[serde(flatten)]
    #[cfg_attr(feature = "ts", ts(flatten))]
    pub screen: Screen,
    pub material: MaterialView,
}

/// The game clocks now. The running side's time is the time until its flag falls: its
/// deadline is the moment the view was made plus that.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ClocksView {
    /// The time control's starting time for each side (correspondence: for each move).
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub initial_ms: i64,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub white_ms: i64,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub black_ms: i64,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub increment_ms: i64,
    pub running: Option<Side>,
    /// Correspondence: every turn has `initial_ms` whole (1, 3 or 7 days), no increment.
    pub per_move: bool,
}

/// Who holds a side, as everyone may see it (player ids are secrets and never shown).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum HolderView {
    Computer,
    Player,
    /// No one has taken it yet (an online game waiting for its invited player).
    Open,
}

/// One side's seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SeatsView {
    pub white: SeatView,
    pub black: SeatView,
}

/// How one side's player is shown: their chosen name and their rating in the game's
/// pool (the host fills these; the table knows only player keys).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PlayerLabel {
    /// `null`: anonymous, or the computer.
    pub name: Option<String>,
    /// The rating in the game's pool, rounded (`null`: none shown).
    pub rating: Option<i32>,
    /// The rating is provisional (shown with a `?`).
    pub provisional: bool,
    /// Once a rated game is over: the rating change it brought.
    pub change: Option<i32>,
}

/// Both sides' labels.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PlayersView {
    pub white: PlayerLabel,
    pub black: PlayerLabel,
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
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct GameView {
    pub id: String,
    pub mode: Mode,
    /// The player's side against the computer (echoed in local mode).
    pub human: Side,
    #[cfg_attr(feature = "ts", ts(type = "number | \"max\""))]
    pub level: LevelView,
    #[serde(flatten)]
    #[cfg_attr(feature = "ts", ts(flatten))]
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
    #[cfg_attr(feature = "ts", ts(type = "number | null"))]
    pub abort_in_ms: Option<u64>,
    /// The sides whose player may take back a move now (the `takeback` request would be
    /// obeyed): none once a result is decided outside the board; in local mode both
    /// sides while a move was played; against the computer the human's side while it has
    /// a move; online each side with a move of its own, once both seats are taken. The
    /// asking player may take back when one of `you` is here (a watcher never).
    pub take_back_sides: Vec<Side>,
    /// A rated game: its result moves both players' ratings.
    pub rated: bool,
    /// The players' names and ratings, when the host knows them (the server does; the
    /// browser's own games have none).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub players: Option<PlayersView>,
    /// The sides the asking player holds (empty: a watcher). Only in HTTP answers and
    /// the socket's `state` message, which are built for one player; absent in `update`
    /// messages (they go to everyone, and a player's seats do not change under them).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub you: Option<Vec<Side>>,
    /// An online game's invitation path, for the seat holders while a seat is open.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
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

/// The computer's progress.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Thinking {
    pub depth: u32,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub elapsed_ms: u64,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub budget_ms: u64,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub nodes: u64,
    /// Pawns from White's side.
    pub score: f64,
    /// The expected line as move tokens.
    pub pv: Vec<String>,
}

/// The Oracle's tag of a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum OracleTagView {
    Eval,
    Mate,
    Mated,
    DrawRepetition,
    AllowsRepetition,
}

/// The Oracle's verdict on one move.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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

/// The computer's progress as the players see it (`side` is the searching side).
pub fn thinking(p: &Progress, side: Color) -> Thinking {
    Thinking {
        depth: p.depth,
        elapsed_ms: p.elapsed.as_millis() as u64,
        budget_ms: p.budget.as_millis() as u64,
        nodes: p.nodes,
        score: p.score.pawns_for_white(side),
        pv: p.pv.clone(),
    }
}

/// The Oracle's report on each move, `notations` naming the moves by token; scores in
/// pawns by the one mapping (the Oracle scores from the player's point of view).
pub fn oracle_moves(r: &OracleReport, notations: &HashMap<String, String>) -> Vec<OracleMoveView> {
    r.moves
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
                score: m.score.pawns_for_white(Color::White),
                depth: m.depth,
                tag,
                mate_in,
                line: m.line.clone(),
            }
        })
        .collect()
}

/// A score from `side`'s point of view in pawns from White's side: the one mapping
/// ([`Score::pawns_for_white`]), here for hosts that name it by function.
pub fn pawns_for_white(score: Score, side: Color) -> f64 {
    score.pawns_for_white(side)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_turn_into_white_pawns() {
        assert_eq!(pawns_for_white(Score::Cp(150), Color::White), 1.5);
        assert_eq!(pawns_for_white(Score::Cp(150), Color::Black), -1.5);
        assert_eq!(pawns_for_white(Score::Mate(2), Color::White), 99.98);
        assert_eq!(pawns_for_white(Score::Mate(2), Color::Black), -99.98);
        assert_eq!(pawns_for_white(Score::Mate(-1), Color::White), -99.99);
        assert_eq!(pawns_for_white(Score::Mate(0), Color::Black), 100.0);
        assert!(
            pawns_for_white(Score::Mate(1), Color::White)
                > pawns_for_white(Score::Mate(3), Color::White)
        );
    }

    #[test]
    fn ids_round_trip() {
        for m in [Mode::Computer, Mode::Local, Mode::Online] {
            assert_eq!(Mode::from_id(m.id()), Some(m));
        }
        for k in [OfferKind::Draw, OfferKind::TakeBack, OfferKind::Rematch] {
            assert_eq!(OfferKind::from_id(k.id()), Some(k));
        }
        for s in [EvalSource::Computer, EvalSource::Quick, EvalSource::Record] {
            assert_eq!(EvalSource::from_id(s.id()), Some(s));
        }
        assert_eq!(parse_color(color_id(Color::Black)), Some(Color::Black));
        assert_eq!(parse_color("red"), None);
    }
}
