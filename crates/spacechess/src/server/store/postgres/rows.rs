//! Typed rows from PostgreSQL rows, and the text the store writes for each typed value.
//! A value the store does not know is an error naming it and its column (the store
//! writes only values it reads, so another is damage, not a default).

use super::super::{GameSummary, StoreError, StoreResult, StoredGame, StoredMove, Version};
use crate::server::kinds::{Eval, EvalSource, Mode, OfferKind};
use deadpool_postgres::tokio_postgres::Row;
use engine::api::Level;
use rules::{Color, Outcome, Termination};

/// The columns `game` reads.
pub(super) const GAME_COLUMNS: &str = "id, version, created_at, client, variant, rules,
    options, mode, human, level, initial_ms, increment_ms, start_position, declared_winner,
    declared_reason, result_winner, result_reason, finished, white_player, black_player,
    invite, offer_kind, offer_from, turn_started_ms, rated, per_move";

/// The columns `summary` reads, but for `moves` (a count the query adds).
pub(super) const SUMMARY_COLUMNS: &str = "id, created_at, variant, rules, options, mode,
    human, level, white_player, black_player, finished, result_winner, result_reason, rated,
    per_move, initial_ms";

pub(super) fn color_id(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

fn color_from_id(id: &str) -> Option<Color> {
    match id {
        "white" => Some(Color::White),
        "black" => Some(Color::Black),
        _ => None,
    }
}

/// The winner and reason columns' values for an outcome.
pub(super) fn outcome_ids(o: Option<Outcome>) -> (Option<&'static str>, Option<&'static str>) {
    (
        o.and_then(|o| o.winner).map(color_id),
        o.map(|o| o.termination.id()),
    )
}

fn get<'a, T: deadpool_postgres::tokio_postgres::types::FromSql<'a>>(
    r: &'a Row,
    column: &str,
) -> StoreResult<T> {
    r.try_get(column)
        .map_err(|e| StoreError::Failed(format!("column {column:?}: {e}")))
}

/// Column `column`, read by `parse`.
fn optional<T>(r: &Row, column: &str, parse: impl Fn(&str) -> Option<T>) -> StoreResult<Option<T>> {
    let Some(text) = get::<Option<&str>>(r, column)? else {
        return Ok(None);
    };
    parse(text)
        .map(Some)
        .ok_or_else(|| StoreError::Failed(format!("unknown value {text:?} in column {column:?}")))
}

fn required<T>(r: &Row, column: &str, parse: impl Fn(&str) -> Option<T>) -> StoreResult<T> {
    optional(r, column, parse)?
        .ok_or_else(|| StoreError::Failed(format!("no value in column {column:?}")))
}

/// The level; one the catalogue no longer offers reads as none (the game then plays at
/// the default level rather than becoming unreadable), as in the SQLite store.
fn level(r: &Row) -> StoreResult<Option<Level>> {
    Ok(get::<Option<&str>>(r, "level")?.and_then(Level::from_id))
}

/// The outcome in the columns `<prefix>_winner` and `<prefix>_reason`.
fn outcome(r: &Row, prefix: &str) -> StoreResult<Option<Outcome>> {
    let Some(termination) = optional(r, &format!("{prefix}_reason"), Termination::from_id)? else {
        return Ok(None);
    };
    Ok(Some(Outcome {
        winner: optional(r, &format!("{prefix}_winner"), color_from_id)?,
        termination,
    }))
}

/// A count or a number the types keep unsigned, from a BIGINT or INTEGER column.
fn unsigned<T: TryFrom<i64>>(value: i64, column: &str) -> StoreResult<T> {
    T::try_from(value)
        .map_err(|_| StoreError::Failed(format!("value {value} out of range in column {column:?}")))
}

pub(super) fn game(r: &Row) -> StoreResult<StoredGame> {
    let offer_kind = optional(r, "offer_kind", OfferKind::from_id)?;
    let offer_from = optional(r, "offer_from", color_from_id)?;
    Ok(StoredGame {
        id: get(r, "id")?,
        version: unsigned::<Version>(get(r, "version")?, "version")?,
        created_at: get(r, "created_at")?,
        client: get(r, "client")?,
        variant: get(r, "variant")?,
        rules: get(r, "rules")?,
        options: get(r, "options")?,
        mode: required(r, "mode", Mode::from_id)?,
        human: optional(r, "human", color_from_id)?,
        level: level(r)?,
        initial_ms: get(r, "initial_ms")?,
        increment_ms: get(r, "increment_ms")?,
        start_position: get(r, "start_position")?,
        declared: outcome(r, "declared")?,
        result: outcome(r, "result")?,
        finished: get(r, "finished")?,
        white_player: get(r, "white_player")?,
        black_player: get(r, "black_player")?,
        invite: get(r, "invite")?,
        offer: offer_kind.zip(offer_from),
        turn_started_ms: get(r, "turn_started_ms")?,
        rated: get(r, "rated")?,
        per_move: get(r, "per_move")?,
    })
}

/// The count of moves a query added as the column `moves`.
pub(super) fn move_count(r: &Row) -> StoreResult<u32> {
    unsigned(get(r, "moves")?, "moves")
}

pub(super) fn summary(r: &Row) -> StoreResult<GameSummary> {
    Ok(GameSummary {
        id: get(r, "id")?,
        created_at: get(r, "created_at")?,
        variant: get(r, "variant")?,
        rules: get(r, "rules")?,
        options: get(r, "options")?,
        mode: required(r, "mode", Mode::from_id)?,
        human: optional(r, "human", color_from_id)?,
        level: level(r)?,
        white_player: get(r, "white_player")?,
        black_player: get(r, "black_player")?,
        finished: get(r, "finished")?,
        result: outcome(r, "result")?,
        moves: move_count(r)?,
        rated: get(r, "rated")?,
        per_move: get(r, "per_move")?,
        initial_ms: get(r, "initial_ms")?,
    })
}

pub(super) fn stored_move(r: &Row) -> StoreResult<StoredMove> {
    let pawns: Option<f64> = get(r, "eval")?;
    let source = optional(r, "eval_source", EvalSource::from_id)?;
    let depth = get::<Option<i64>>(r, "eval_depth")?
        .map(|d| unsigned(d, "eval_depth"))
        .transpose()?;
    Ok(StoredMove {
        ply: unsigned(i64::from(get::<i32>(r, "ply")?), "ply")?,
        token: get(r, "token")?,
        eval: pawns.map(|pawns| Eval {
            pawns,
            source,
            depth,
        }),
        white_ms: get(r, "white_ms")?,
        black_ms: get(r, "black_ms")?,
    })
}
