//! The generated web contract: the TypeScript declarations of every type the API sends
//! or reads, generated from the Rust types (ts-rs) into `web/src/generated/api.ts`. The
//! test fails when the committed file differs from a fresh generation; run it with
//! `UPDATE_CONTRACT=1` to rewrite the file.

use super::analysis::{
    AnalysisMessage, AnalysisSource, AnalysisView, LineView, LinesView, SourceKind,
};
use super::inspect::InspectView;
use super::my_games::{MyGame, MyGamesPage};
use super::view::{
    ClocksView, DrawAnswer, ErrorAnswer, ErrorBody, EvalSource, GameView, HistoryItem, HolderView,
    MaterialView, Mode, OfferKind, OfferView, OracleMoveView, OracleTagView, PositionView,
    SeatView, SeatsView, ServerMessage, Thinking,
};
use rules::catalogue::{
    Catalogue, LevelRange, OptionEntry, RuleSetEntry, TerminationEntry, VariantEntry,
};
use rules::guide::view::{ChoiceView, RulesDiagram, RulesPage, SectionView};
use rules::inspect::Inspection;
use rules::lessons::view::{
    CheckAnswer, CheckStatus, GoalView, LessonEntry, LessonList, LessonView,
};
use rules::screen::{
    BoardView, CellView, HistoryEntry, LastMove, MoveView, MoverKind, PlacementView, ResultView,
    Screen, Side, SquareRef, Status,
};
use rules::{RuleSet, Variant};
use serde::Serialize;
use ts_rs::{Config, TS};

/// A time control in a NewGame body.
#[derive(Serialize, TS)]
pub struct TimeControlRequest {
    /// More than 0, at most 1440; fractions allowed.
    pub minutes: f64,
    /// 0 to 3600 (default 0).
    #[ts(optional = nullable)]
    pub increment_seconds: Option<f64>,
}

/// The body of `POST /api/games` (docs/api.md). The server reads it field by field so
/// that errors name the field; `a_full_request_is_read_by_the_server` keeps the two equal.
#[derive(Serialize, TS)]
pub struct NewGameRequest {
    /// Required unless `record` is given.
    #[ts(optional = nullable)]
    pub variant: Option<Variant>,
    #[ts(optional = nullable)]
    pub rules: Option<RuleSet>,
    #[ts(optional = nullable)]
    pub options: Option<Vec<String>>,
    #[ts(optional = nullable)]
    pub mode: Option<Mode>,
    #[ts(optional = nullable)]
    pub human: Option<Side>,
    #[ts(optional = nullable, type = "number | \"max\"")]
    pub level: Option<serde_json::Value>,
    #[ts(optional = nullable)]
    pub time_control: Option<TimeControlRequest>,
    #[ts(optional = nullable)]
    pub position: Option<String>,
    /// A game record (records.md) to continue: it names the variant, rules, options and
    /// start itself (those fields must then be left out).
    #[ts(optional = nullable)]
    pub record: Option<String>,
    /// How many of the record's half-moves to play before the game goes on (default all).
    #[ts(optional = nullable)]
    pub record_ply: Option<u32>,
}

/// The body of `POST /api/games/{id}/claim`.
#[derive(Serialize, TS)]
pub struct ClaimRequest {
    pub result: ClaimResult,
}

/// What a player whose opponent is gone claims.
#[derive(Serialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum ClaimResult {
    Win,
    Draw,
}

/// The body of `POST /api/games/{id}/moves`.
#[derive(Serialize, TS)]
pub struct MoveRequest {
    /// The move's token (or its notation, typed by a person).
    pub r#move: String,
    /// Half-moves played so far as the client saw them.
    #[ts(optional = nullable)]
    pub ply: Option<u32>,
}

/// The body of `POST /api/analysis`: exactly one of `game`, `record` or `variant`.
#[derive(Serialize, TS)]
pub struct AnalysisRequest {
    /// A game's id, and the half-moves of it before the board's position (default all).
    #[ts(optional = nullable)]
    pub game: Option<String>,
    #[ts(optional = nullable)]
    pub ply: Option<u32>,
    /// A game record, and how many of its half-moves to play (default all).
    #[ts(optional = nullable)]
    pub record: Option<String>,
    #[ts(optional = nullable)]
    pub record_ply: Option<u32>,
    /// A setup and an optional position string (default: the start).
    #[ts(optional = nullable)]
    pub variant: Option<Variant>,
    #[ts(optional = nullable)]
    pub rules: Option<RuleSet>,
    #[ts(optional = nullable)]
    pub options: Option<Vec<String>>,
    #[ts(optional = nullable)]
    pub position: Option<String>,
    /// Lines the engine shows, 1 to 8 (default 3).
    #[ts(optional = nullable)]
    pub lines: Option<u32>,
}

macro_rules! declarations {
    ($cfg:expr, $($t:ty),* $(,)?) => {
        vec![$(format!("export {}", <$t as TS>::decl($cfg))),*]
    };
}

/// The text of the generated file.
pub fn generate() -> String {
    let cfg = Config::new().with_large_int("number");
    let decls = declarations!(
        &cfg,
        Variant,
        RuleSet,
        Side,
        Status,
        MoverKind,
        SquareRef,
        CellView,
        PlacementView,
        BoardView,
        MoveView,
        HistoryEntry,
        ResultView,
        LastMove,
        Screen,
        RuleSetEntry,
        OptionEntry,
        VariantEntry,
        TerminationEntry,
        LevelRange,
        Catalogue,
        Mode,
        EvalSource,
        HistoryItem,
        MaterialView,
        PositionView,
        ClocksView,
        HolderView,
        SeatView,
        SeatsView,
        OfferKind,
        OfferView,
        GameView,
        MyGame,
        MyGamesPage,
        Thinking,
        OracleTagView,
        OracleMoveView,
        ErrorBody,
        ErrorAnswer,
        DrawAnswer,
        ServerMessage,
        TimeControlRequest,
        NewGameRequest,
        MoveRequest,
        ClaimResult,
        ClaimRequest,
        Inspection,
        InspectView,
        GoalView,
        LessonEntry,
        LessonList,
        LessonView,
        CheckStatus,
        CheckAnswer,
        ChoiceView,
        RulesDiagram,
        SectionView,
        RulesPage,
        SourceKind,
        AnalysisSource,
        AnalysisView,
        LineView,
        LinesView,
        AnalysisMessage,
        AnalysisRequest,
    );
    let mut out = String::from(
        "// Generated from the server's Rust types (crates/spacechess/src/server/contract.rs).\n\
         // Do not edit: run `UPDATE_CONTRACT=1 cargo test -p spacechess contract` instead.\n\n",
    );
    for d in decls {
        out.push_str(&d);
        out.push_str("\n\n");
    }
    out.truncate(out.trim_end().len());
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../web/src/generated/api.ts"
    );

    #[test]
    fn contract_file_is_up_to_date() {
        let fresh = generate();
        if std::env::var_os("UPDATE_CONTRACT").is_some() {
            std::fs::create_dir_all(std::path::Path::new(FILE).parent().unwrap()).unwrap();
            std::fs::write(FILE, &fresh).unwrap();
        }
        let committed = std::fs::read_to_string(FILE).unwrap_or_default();
        assert!(
            committed == fresh,
            "web/src/generated/api.ts is out of date: run UPDATE_CONTRACT=1 cargo test -p spacechess contract"
        );
    }

    #[test]
    fn a_full_request_is_read_by_the_server() {
        let req = NewGameRequest {
            variant: Some(Variant::Trid),
            rules: Some(RuleSet::Federation),
            options: Some(vec!["rook-pawns".into()]),
            mode: Some(Mode::Local),
            human: Some(Side::Black),
            level: Some(serde_json::json!("max")),
            time_control: Some(TimeControlRequest {
                minutes: 5.0,
                increment_seconds: Some(2.0),
            }),
            position: None,
            record: None,
            record_ply: None,
        };
        let value = serde_json::to_value(&req).unwrap();
        let parsed = super::super::routes::parse_new_game(value.as_object().unwrap()).unwrap();
        assert_eq!(parsed.setup.to_string(), "trid (federation) +rook-pawns");
        assert_eq!(parsed.mode, Mode::Local);
        assert_eq!(parsed.human, rules::Color::Black);
        assert_eq!(parsed.level, engine::api::Level::Max);
        assert_eq!(parsed.time_control, Some((300_000, 2000)));
    }

    #[test]
    fn a_claim_is_read_by_the_server() {
        for (result, win) in [(ClaimResult::Win, true), (ClaimResult::Draw, false)] {
            let value = serde_json::to_value(ClaimRequest { result }).unwrap();
            assert_eq!(
                super::super::routes::parse_claim(value.as_object().unwrap()).unwrap(),
                win
            );
        }
    }
}
