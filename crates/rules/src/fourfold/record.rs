//! Records in the public format of seed 004's game.
//!
//! Import needs nothing here: the generic reader maps `Variant "Fourfold-4x4x2x2"` to
//! Fourfold, takes the start from `FEN4D`, and matches moves such as `Bb1@10-b1@01`
//! against this variant's display notation, which is that game's notation. Export
//! differs from [`crate::record::export`] only in its tags: the public variant name,
//! and the start position always written as `FEN4D`.

use super::board::FourfoldPosition;
use crate::game::Game;
use crate::notation::notation_with_suffix;
use crate::position::Position;
use crate::record::{Record, RecordMove, FOURFOLD_PUBLIC_VARIANT};

/// Exports a game in the public format: `extra_tags` (Event, Date, White, Black, …)
/// first, then `Variant "Fourfold-4x4x2x2"`, `FEN4D` with the start position, `Result`
/// and, for a finished game, `Termination`; moves in long algebraic notation with
/// `+`/`#`.
pub fn export_public(game: &Game<FourfoldPosition>, extra_tags: &[(String, String)]) -> String {
    let mut tags: Vec<(String, String)> = extra_tags
        .iter()
        .filter(|(n, _)| {
            !matches!(
                n.as_str(),
                "Variant" | "FEN4D" | "Position" | "Result" | "Termination"
            )
        })
        .cloned()
        .collect();
    let start = game.start_position();
    tags.push(("Variant".into(), FOURFOLD_PUBLIC_VARIANT.into()));
    tags.push(("FEN4D".into(), start.position_string()));
    let outcome = game.outcome();
    let result = outcome.map_or("*", |o| o.result_string()).to_string();
    tags.push(("Result".into(), result.clone()));
    if let Some(o) = outcome {
        tags.push(("Termination".into(), o.termination.id().into()));
    }
    let positions = game.positions();
    let moves = game
        .moves()
        .iter()
        .enumerate()
        .map(|(i, &m)| RecordMove {
            text: notation_with_suffix(&positions[i], m),
            comment: None,
        })
        .collect();
    Record {
        tags,
        moves,
        result: Some(result),
    }
    .format(start.fullmove_number(), start.turn())
}
