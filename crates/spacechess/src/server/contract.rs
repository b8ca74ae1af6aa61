//! The generated web contract: the TypeScript declarations of every type the API sends
//! or reads, generated from the Rust types (ts-rs) into `web/src/generated/api.ts`. The
//! test fails when the committed file differs from a fresh generation; run it with
//! `UPDATE_CONTRACT=1` to rewrite the file.

use super::accounts::{AccountBody, LoginBody, Me, NameBody};
use super::analysis::{
    AnalysisMessage, AnalysisSource, AnalysisView, LineView, LinesView, SourceKind,
};
use super::inspect::InspectView;
use super::lobby::{
    ChallengeBody, ChallengeView, ColorWish, LiveGameView, Lobby, LobbyGame, QuickAnswer,
    QuickBody, QuickPairing, TimeControlView,
};
use super::my_games::{MyGame, MyGamesPage};
use super::ratings::{LeaderView, Leaderboard, PoolRatingView, Profile, RatingPointView};
use super::requests::{
    AnalysisBody, Answer, AnswerBody, BackBody, ClaimBody, ClaimResult, EngineBody,
    LessonCheckBody, MoveBody, NewGameBody, OracleBody, PuzzleAttemptBody, PuzzleMovesBody,
    ResignBody,
};
use super::view::{
    ClocksView, DrawAnswer, ErrorAnswer, ErrorBody, EvalSource, GameView, HistoryItem, HolderView,
    MaterialView, Mode, OfferKind, OfferView, OracleMoveView, OracleTagView, PositionView,
    SeatView, SeatsView, ServerMessage, Thinking,
};
use puzzles::view::{
    AttemptEntry, PlayerPuzzles, PuzzleAttemptResult, PuzzleCatalogue, PuzzleCheck, PuzzleHint,
    PuzzleSetEntry, PuzzleSolution, PuzzleView, RatingState, RatingView, SetRating, SourceView,
    ThemeCount,
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
use table::requests::TimeControlBody;
use table::view::{PlayerLabel, PlayersView};
use ts_rs::{Config, TS};

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
        PlayerLabel,
        PlayersView,
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
        TimeControlBody,
        NewGameBody,
        MoveBody,
        ResignBody,
        OracleBody,
        Answer,
        AnswerBody,
        ClaimResult,
        ClaimBody,
        Inspection,
        InspectView,
        GoalView,
        LessonEntry,
        LessonList,
        LessonView,
        CheckStatus,
        CheckAnswer,
        LessonCheckBody,
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
        AnalysisBody,
        EngineBody,
        BackBody,
        ThemeCount,
        PuzzleSetEntry,
        PuzzleCatalogue,
        RatingView,
        RatingState,
        SourceView,
        PuzzleView,
        PuzzleCheck,
        PuzzleSolution,
        PuzzleHint,
        PuzzleAttemptResult,
        SetRating,
        AttemptEntry,
        PlayerPuzzles,
        PuzzleMovesBody,
        PuzzleAttemptBody,
        PoolRatingView,
        RatingPointView,
        Profile,
        LeaderView,
        Leaderboard,
        TimeControlView,
        ColorWish,
        ChallengeView,
        LiveGameView,
        QuickPairing,
        Lobby,
        LobbyGame,
        QuickAnswer,
        ChallengeBody,
        QuickBody,
        Me,
        NameBody,
        AccountBody,
        LoginBody,
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
        // Every field of NewGameRequest (web/src/generated/api.ts), as the page sends it.
        let json = serde_json::json!({
            "variant": "trid",
            "rules": "federation",
            "options": ["rook-pawns"],
            "mode": "local",
            "human": "black",
            "level": "max",
            "time_control": {"minutes": 5, "increment_seconds": 2},
            "position": null,
            "record": null,
            "record_ply": null,
        });
        let serde_json::Value::Object(m) = json else {
            unreachable!()
        };
        let body: NewGameBody = super::super::requests::from_object(m).unwrap();
        let parsed = super::super::routes::new_game(body).unwrap();
        assert_eq!(parsed.setup.to_string(), "trid (federation) +rook-pawns");
        assert_eq!(parsed.mode, Mode::Local);
        assert_eq!(parsed.human, rules::Color::Black);
        assert_eq!(parsed.level, engine::api::Level::Max);
        assert_eq!(
            parsed.time_control,
            Some(table::TimeControl::live(300_000, 2000))
        );
        assert!(!parsed.rated);
    }
}
