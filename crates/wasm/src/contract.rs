//! The generated TypeScript of the module's protocol: every request, answer and progress
//! type, generated from the Rust types (ts-rs) into `web/src/generated/wasm.ts`, with the
//! map from each request's `op` to its answer. The types the server's contract already
//! declares (the rules' screen, catalogue, lessons, the puzzles' views) are imported from
//! `web/src/generated/api.ts`. The test fails when the committed file differs from a
//! fresh generation; run it with `UPDATE_CONTRACT=1` to rewrite the file.

use crate::error::Error;
use crate::protocol::{
    Answer, BenchEntryView, BenchView, DivideEntry, EvaluationView, FromRecordView, GameState,
    LineView, LinesView, OracleView, PerftView, PositionView, Progress, PuzzleRatings, RecordView,
    Request, Score, SearchLimits, SearchView, SetupSpec, Side, ThoughtView,
};
use crate::table_protocol::{
    DutyView, SearchClock, StoredClock, StoredEval, StoredGame, TableAnswer, TableCommand,
};
use puzzles::view::{PuzzleCatalogue, PuzzleCheck, PuzzleHint, PuzzleSolution, PuzzleView};
use rules::catalogue::Catalogue;
use rules::guide::view::RulesPage;
use rules::lessons::view::{CheckAnswer, LessonList, LessonView};
use std::collections::BTreeSet;
use table::ErrorCode;
use ts_rs::{Config, TS};

/// Each type's declaration, and the names of the types it refers to.
macro_rules! declarations {
    ($cfg:expr, $($t:ty),* $(,)?) => {
        vec![$((
            <$t as TS>::name($cfg),
            format!("export {}", <$t as TS>::decl($cfg)),
            <$t as TS>::dependencies($cfg).into_iter().map(|d| d.ts_name).collect::<Vec<_>>(),
        )),*]
    };
}

/// What each request answers: `(op, answer type)`.
macro_rules! answers {
    ($cfg:expr, $($op:literal => $t:ty),* $(,)?) => {
        vec![$(($op, <$t as TS>::name($cfg), <$t as TS>::dependencies($cfg)
            .into_iter().map(|d| d.ts_name).chain([<$t as TS>::name($cfg)]).collect::<Vec<_>>())),*]
    };
}

/// The server contract's types that `#[ts(type = …)]` overrides name.
const OVERRIDDEN: [&str; 4] = ["Variant", "RuleSet", "Mode", "EvalSource"];

fn config() -> Config {
    Config::new().with_large_int("number")
}

/// The ops a request may name, with their answers' types.
fn answer_types(cfg: &Config) -> Vec<(&'static str, String, Vec<String>)> {
    answers!(
        cfg,
        "catalogue" => Catalogue,
        "new_game" => GameState,
        "import_record" => GameState,
        "new_from_record" => FromRecordView,
        "position" => PositionView,
        "state" => GameState,
        "play" => GameState,
        "undo" => GameState,
        "export_record" => RecordView,
        "close" => (),
        "perft" => PerftView,
        "bench" => BenchView,
        "search" => SearchView,
        "analyse" => LinesView,
        "lessons" => LessonList,
        "lesson" => LessonView,
        "check_lesson" => CheckAnswer,
        "rules_page" => RulesPage,
        "puzzle_catalogue" => PuzzleCatalogue,
        "puzzle" => PuzzleView,
        "puzzle_next" => PuzzleView,
        "puzzle_daily" => PuzzleView,
        "puzzle_check" => PuzzleCheck,
        "puzzle_hint" => PuzzleHint,
        "puzzle_solution" => PuzzleSolution,
        "puzzle_rate" => PuzzleRatings,
        "oracle" => Option<OracleView>,
        "table_new" => TableAnswer,
        "table_open" => TableAnswer,
        "table_command" => TableAnswer,
        "table_view" => table::GameView,
        "table_position" => table::view::PositionView,
        "table_record" => RecordView,
        "table_close" => (),
        "think" => ThoughtView,
        "evaluate" => EvaluationView,
    )
}

/// The text of the generated file.
pub fn generate() -> String {
    let cfg = &config();
    let decls = declarations!(
        cfg,
        ErrorCode,
        Error,
        Answer<()>,
        Side,
        SetupSpec,
        SearchLimits,
        Request,
        Score,
        GameState,
        FromRecordView,
        PositionView,
        SearchView,
        OracleView,
        DivideEntry,
        PerftView,
        BenchEntryView,
        BenchView,
        RecordView,
        LineView,
        LinesView,
        ThoughtView,
        EvaluationView,
        StoredEval,
        StoredClock,
        StoredGame,
        TableCommand,
        SearchClock,
        DutyView,
        TableAnswer,
        PuzzleRatings,
        Progress<'static>,
    );
    let answers = answer_types(cfg);
    let declared: BTreeSet<&str> = decls.iter().map(|(name, _, _)| name.as_str()).collect();
    // Types named but not declared here come from the server's contract.
    let imported: BTreeSet<String> = decls
        .iter()
        .flat_map(|(_, _, deps)| deps.iter())
        .chain(answers.iter().flat_map(|(_, _, deps)| deps.iter()))
        .filter(|d| !declared.contains(d.as_str()) && is_named(d))
        .cloned()
        .collect();
    // Names written in `#[ts(type = …)]` overrides are no dependencies of ts-rs's.
    let imported: BTreeSet<String> = imported
        .into_iter()
        .chain(OVERRIDDEN.iter().map(|s| s.to_string()))
        .collect();
    // Only the names the declarations use (a flattened type is written out inline).
    let body: String = decls.iter().map(|(_, d, _)| d.as_str()).collect();
    let imported: BTreeSet<String> = imported
        .into_iter()
        .filter(|name| mentions(&body, name) || answers.iter().any(|(_, t, _)| mentions(t, name)))
        .collect();
    let mut out = String::from(
        "// Generated from the WebAssembly module's Rust types (crates/wasm/src/contract.rs).\n\
         // Do not edit: run `UPDATE_CONTRACT=1 cargo test -p spacechess-wasm contract` instead.\n\n",
    );
    let imported: Vec<String> = imported.into_iter().collect();
    out.push_str(&format!(
        "import type {{ {} }} from './api';\n\n",
        imported.join(", ")
    ));
    for (_, d, _) in &decls {
        out.push_str(d);
        out.push_str("\n\n");
    }
    out.push_str("/** What each request answers, by its `op`. */\nexport type Answers = {\n");
    for (op, t, _) in &answers {
        out.push_str(&format!("  {op}: {t};\n"));
    }
    out.push_str("};\n");
    out
}

/// Whether `text` names the type `name` (as a whole word).
fn mentions(text: &str, name: &str) -> bool {
    text.match_indices(name).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + name.len()..].chars().next();
        !before.is_some_and(|c| c.is_alphanumeric() || c == '_')
            && !after.is_some_and(|c| c.is_alphanumeric() || c == '_')
    })
}

/// A declared type's name (not a built-in such as `null` or `Array<…>`).
fn is_named(ts_name: &str) -> bool {
    ts_name.chars().next().is_some_and(char::is_uppercase)
        && ts_name.chars().all(|c| c.is_ascii_alphanumeric())
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../web/src/generated/wasm.ts"
    );

    #[test]
    fn contract_file_is_up_to_date() {
        let fresh = generate();
        if std::env::var_os("UPDATE_CONTRACT").is_some() {
            std::fs::write(FILE, &fresh).unwrap();
        }
        let committed = std::fs::read_to_string(FILE).unwrap_or_default();
        assert!(
            committed == fresh,
            "web/src/generated/wasm.ts is out of date: run UPDATE_CONTRACT=1 cargo test -p spacechess-wasm contract"
        );
    }

    /// Every op a request may name has its answer in the map, and no other.
    #[test]
    fn every_request_has_its_answer() {
        let request = <Request as TS>::decl(&config());
        let ops: BTreeSet<String> = request
            .split("\"op\": \"")
            .skip(1)
            .filter_map(|rest| rest.split('"').next().map(str::to_string))
            .collect();
        let answered: BTreeSet<String> = answer_types(&config())
            .into_iter()
            .map(|(op, _, _)| op.to_string())
            .collect();
        assert!(ops.len() > 20, "{request}");
        assert_eq!(ops, answered);
    }
}
