//! The API's request bodies (docs/api.md): one type per body, read by serde and declared
//! to the web app by the same type (`contract.rs` generates `web/src/generated/api.ts`).
//! The bodies of a game every host reads (NewGame, a move, resigning, the Oracle) and
//! their reader are the table crate's (`table::requests`), so the server and the browser
//! module answer a bad body alike; here are the server's own bodies (offers, claims,
//! analysis, lessons), read the same way, and the reading of an HTTP body. A field sent
//! as `null` counts as left out; fields the API does not know are ignored.

use super::error::ApiError;
use super::routes::MAX_BODY_BYTES;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::http::StatusCode;
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::{Map, Value};
pub use table::requests::{type_name, MoveBody, NewGameBody, OracleBody, ResignBody};

#[cfg(test)]
use rules::{RuleSet, Variant};
#[cfg(test)]
use ts_rs::TS;

/// The answer to an offer (`POST /api/games/{id}/offer`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(test, derive(TS), ts(rename = "OfferAnswer", rename_all = "lowercase"))]
pub enum Answer {
    Accept,
    Decline,
}

/// The body of `POST /api/games/{id}/offer`.
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[cfg_attr(test, derive(TS), ts(rename = "AnswerRequest"))]
pub struct AnswerBody {
    // Required: `None` only when left out.
    #[serde(default, deserialize_with = "field::answer")]
    #[cfg_attr(test, ts(as = "Answer"))]
    pub answer: Option<Answer>,
}

/// What a player whose opponent is gone claims.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(test, derive(TS), ts(rename_all = "lowercase"))]
pub enum ClaimResult {
    Win,
    Draw,
}

/// The body of `POST /api/games/{id}/claim`.
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[cfg_attr(test, derive(TS), ts(rename = "ClaimRequest"))]
pub struct ClaimBody {
    // Required: `None` only when left out.
    #[serde(default, deserialize_with = "field::claim")]
    #[cfg_attr(test, ts(as = "ClaimResult"))]
    pub result: Option<ClaimResult>,
}

/// The body of `POST /api/analysis`: exactly one of `game`, `record` or `variant`.
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[cfg_attr(test, derive(TS), ts(rename = "AnalysisRequest"))]
pub struct AnalysisBody {
    /// A game's id, and the half-moves of it before the board's position (default all).
    #[serde(default, deserialize_with = "field::string")]
    #[cfg_attr(test, ts(optional = nullable))]
    pub game: Option<String>,
    #[serde(default, deserialize_with = "field::count")]
    #[cfg_attr(test, ts(optional = nullable))]
    pub ply: Option<u64>,
    /// A game record, and how many of its half-moves to play (default all).
    #[serde(default, deserialize_with = "field::string")]
    #[cfg_attr(test, ts(optional = nullable))]
    pub record: Option<String>,
    #[serde(default, deserialize_with = "field::count")]
    #[cfg_attr(test, ts(optional = nullable))]
    pub record_ply: Option<u64>,
    /// A setup and an optional position string (default: the start).
    #[serde(default, deserialize_with = "field::string")]
    #[cfg_attr(test, ts(optional = nullable, as = "Option<Variant>"))]
    pub variant: Option<String>,
    #[serde(default, deserialize_with = "field::string")]
    #[cfg_attr(test, ts(optional = nullable, as = "Option<RuleSet>"))]
    pub rules: Option<String>,
    #[serde(default, deserialize_with = "field::strings")]
    #[cfg_attr(test, ts(optional = nullable))]
    pub options: Option<Vec<String>>,
    #[serde(default, deserialize_with = "field::string")]
    #[cfg_attr(test, ts(optional = nullable))]
    pub position: Option<String>,
    /// Lines the engine shows, 1 to 8 (default 3).
    #[serde(default, deserialize_with = "field::lines")]
    #[cfg_attr(test, ts(optional = nullable))]
    pub lines: Option<usize>,
}

/// The body of `POST /api/analysis/{id}/engine` (optional).
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[cfg_attr(test, derive(TS), ts(rename = "EngineRequest"))]
pub struct EngineBody {
    /// Lines the engine shows, 1 to 8 (default: as before).
    #[serde(default, deserialize_with = "field::lines")]
    #[cfg_attr(test, ts(optional = nullable))]
    pub lines: Option<usize>,
}

/// The body of `POST /api/analysis/{id}/back` (optional).
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[cfg_attr(test, derive(TS), ts(rename = "BackRequest"))]
pub struct BackBody {
    /// The moves of the side line to keep (default: one move back; 0 starts over).
    #[serde(default, deserialize_with = "field::count")]
    #[cfg_attr(test, ts(optional = nullable))]
    pub to: Option<u64>,
}

/// The body of `POST /api/lessons/{id}/check`.
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[cfg_attr(test, derive(TS), ts(rename = "LessonCheckRequest"))]
pub struct LessonCheckBody {
    /// The player's moves and the replies given, as tokens (at most 8). Required.
    #[serde(default, deserialize_with = "field::attempt")]
    #[cfg_attr(test, ts(type = "Array<string>"))]
    pub moves: Option<Vec<String>>,
}

/// The body of `POST /api/puzzles/{id}/check` and `.../hint`.
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[cfg_attr(test, derive(TS), ts(rename = "PuzzleMovesRequest"))]
pub struct PuzzleMovesBody {
    /// The player's moves and the replies given between them, as tokens (at most 16).
    /// Required.
    #[serde(default, deserialize_with = "field::puzzle_moves")]
    #[cfg_attr(test, ts(type = "Array<string>"))]
    pub moves: Option<Vec<String>>,
}

/// The body of `POST /api/puzzles/{id}/attempt`.
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[cfg_attr(test, derive(TS), ts(rename = "PuzzleAttemptRequest"))]
pub struct PuzzleAttemptBody {
    /// The moves played, as for a check (at most 16). Required.
    #[serde(default, deserialize_with = "field::puzzle_moves")]
    #[cfg_attr(test, ts(type = "Array<string>"))]
    pub moves: Option<Vec<String>>,
    /// Whether the player asked for a hint (false if left out).
    #[serde(default, deserialize_with = "field::flag")]
    #[cfg_attr(test, ts(optional, type = "boolean"))]
    pub hinted: Option<bool>,
    /// Whether the player viewed the solution (false if left out).
    #[serde(default, deserialize_with = "field::flag")]
    #[cfg_attr(test, ts(optional, type = "boolean"))]
    pub viewed: Option<bool>,
}

/// The request body as a JSON object; an empty body is `None`.
pub fn json_body(
    body: Result<Bytes, BytesRejection>,
) -> Result<Option<Map<String, Value>>, ApiError> {
    let bytes = body.map_err(|e| {
        if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::too_large(format!(
                "the request body is larger than {MAX_BODY_BYTES} bytes"
            ))
        } else {
            ApiError::bad_request(format!("cannot read the request body: {e}"))
        }
    })?;
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Ok(None);
    }
    let value: Value = serde_json::from_slice(&bytes)
        .map_err(|e| ApiError::bad_request(format!("the body is not valid JSON: {e}")))?;
    match value {
        Value::Object(m) => Ok(Some(m)),
        other => Err(ApiError::bad_request(format!(
            "the body must be a JSON object, not {}",
            type_name(&other)
        ))),
    }
}

/// Reads the body as a `T`; an empty body is `None`. Errors name the field and what
/// was sent in it.
pub fn read<T: DeserializeOwned>(
    body: Result<Bytes, BytesRejection>,
) -> Result<Option<T>, ApiError> {
    json_body(body)?.map(from_object).transpose()
}

/// Reads a JSON object as a `T` (see [`read`]) by the table's reader.
pub fn from_object<T: DeserializeOwned>(m: Map<String, Value>) -> Result<T, ApiError> {
    table::requests::from_object(m).map_err(|r| ApiError::new(r.code, r.message))
}

/// The field readers: each reads whatever JSON value was sent (`null` is left out) and
/// says what it must be, in words that follow the field's name.
mod field {
    use super::{Answer, ClaimResult};
    use engine::api::MAX_ANALYSIS_LINES;
    use rules::lessons::view::MAX_ATTEMPT_MOVES;
    use serde::de::Error;
    use serde::Deserializer;
    use serde_json::Value;
    pub use table::requests::field::{count, string, strings};
    use table::requests::field::{one_of, sent};

    pub fn answer<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Answer>, D::Error> {
        one_of(
            d,
            &[("accept", Answer::Accept), ("decline", Answer::Decline)],
        )
    }

    pub fn claim<'de, D: Deserializer<'de>>(d: D) -> Result<Option<ClaimResult>, D::Error> {
        one_of(d, &[("win", ClaimResult::Win), ("draw", ClaimResult::Draw)])
    }

    /// A lesson attempt's move tokens, at most [`MAX_ATTEMPT_MOVES`].
    pub fn attempt<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Vec<String>>, D::Error> {
        let not_tokens = || D::Error::custom("must be an array of move tokens");
        let Some(v) = sent(d)? else { return Ok(None) };
        let Value::Array(items) = v else {
            return Err(not_tokens());
        };
        if items.len() > MAX_ATTEMPT_MOVES {
            return Err(D::Error::custom(format!(
                "has {} entries; at most {MAX_ATTEMPT_MOVES}",
                items.len()
            )));
        }
        items
            .into_iter()
            .map(|item| match item {
                Value::String(s) => Ok(s),
                _ => Err(not_tokens()),
            })
            .collect::<Result<_, _>>()
            .map(Some)
    }

    /// A puzzle attempt's move tokens, at most [`puzzles::MAX_MOVES`].
    pub fn puzzle_moves<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Vec<String>>, D::Error> {
        let Some(moves) =
            strings(d).map_err(|_| D::Error::custom("must be an array of move tokens"))?
        else {
            return Ok(None);
        };
        if moves.len() > puzzles::MAX_MOVES {
            return Err(D::Error::custom(format!(
                "has {} entries; at most {}",
                moves.len(),
                puzzles::MAX_MOVES
            )));
        }
        Ok(Some(moves))
    }

    /// `true` or `false`.
    pub fn flag<'de, D: Deserializer<'de>>(d: D) -> Result<Option<bool>, D::Error> {
        match sent(d)? {
            None => Ok(None),
            Some(Value::Bool(b)) => Ok(Some(b)),
            Some(v) => Err(table::requests::field::wrong("true or false", &v)),
        }
    }

    /// The engine's lines: 1 to [`MAX_ANALYSIS_LINES`].
    pub fn lines<'de, D: Deserializer<'de>>(d: D) -> Result<Option<usize>, D::Error> {
        match count(d)? {
            Some(n) if !(1..=MAX_ANALYSIS_LINES as u64).contains(&n) => Err(D::Error::custom(
                format!("must be 1 to {MAX_ANALYSIS_LINES}, not {n}"),
            )),
            n => Ok(n.map(|n| n as usize)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::api::Level;

    fn error_of<T: DeserializeOwned + std::fmt::Debug>(json: &str) -> String {
        let body = Ok(Bytes::copy_from_slice(json.as_bytes()));
        read::<T>(body).unwrap_err().message
    }

    #[test]
    fn errors_name_the_field_and_what_was_sent() {
        for (json, message) in [
            (
                r#"{"variant": 5}"#,
                r#"field "variant" must be a string, not a number"#,
            ),
            (
                r#"{"options": "a"}"#,
                r#"field "options" must be an array of strings, not a string"#,
            ),
            (
                r#"{"options": ["a", 1]}"#,
                r#"field "options" must be an array of strings, not a number"#,
            ),
            (
                r#"{"mode": "x"}"#,
                r#"field "mode" must be "computer", "local" or "online", not "x""#,
            ),
            (
                r#"{"human": "red"}"#,
                r#"field "human" must be "white" or "black", not "red""#,
            ),
            (
                r#"{"level": 99}"#,
                r#"field "level" must be 1 to 6 or "max", not 99"#,
            ),
            (
                r#"{"level": "x"}"#,
                r#"field "level" must be 1 to 6 or "max", not "x""#,
            ),
            (
                r#"{"time_control": 5}"#,
                r#"field "time_control" must be an object or null, not a number"#,
            ),
            (
                r#"{"time_control": {"minutes": 0}}"#,
                r#"field "time_control.minutes" must be more than 0 and at most 1440, not 0"#,
            ),
            (
                r#"{"time_control": {"days_per_move": 5}}"#,
                r#"field "time_control.days_per_move" must be 1, 3 or 7, not 5"#,
            ),
            (
                r#"{"time_control": {"days_per_move": true}}"#,
                r#"field "time_control.days_per_move" must be 1, 3 or 7, not true"#,
            ),
            (
                r#"{"time_control": {"minutes": 1, "increment_seconds": "2"}}"#,
                r#"field "time_control.increment_seconds" must be a number, not a string"#,
            ),
            (
                r#"{"time_control": {"minutes": 1, "increment_seconds": 3601}}"#,
                r#"field "time_control.increment_seconds" must be 0 to 3600, not 3601"#,
            ),
            (
                r#"{"record_ply": -1}"#,
                r#"field "record_ply" must be a non-negative integer, not a number"#,
            ),
        ] {
            assert_eq!(error_of::<NewGameBody>(json), message, "{json}");
        }
        assert_eq!(
            error_of::<AnswerBody>(r#"{"answer": "maybe"}"#),
            r#"field "answer" must be "accept" or "decline", not "maybe""#
        );
        assert_eq!(
            error_of::<ClaimBody>(r#"{"result": true}"#),
            r#"field "result" must be a string, not a boolean"#
        );
        assert_eq!(
            error_of::<EngineBody>(r#"{"lines": 9}"#),
            r#"field "lines" must be 1 to 8, not 9"#
        );
        assert_eq!(
            error_of::<LessonCheckBody>(r#"{"moves": ["a", 2]}"#),
            r#"field "moves" must be an array of move tokens"#
        );
        assert_eq!(
            error_of::<LessonCheckBody>(r#"{"moves": ["a","a","a","a","a","a","a","a","a"]}"#),
            r#"field "moves" has 9 entries; at most 8"#
        );
        assert_eq!(
            error_of::<MoveBody>("[1]"),
            "the body must be a JSON object, not an array"
        );
        assert!(error_of::<MoveBody>("{").starts_with("the body is not valid JSON"));
    }

    #[test]
    fn null_and_unknown_fields_count_as_left_out_and_an_empty_body_as_none() {
        let body = |json: &str| Ok(Bytes::copy_from_slice(json.as_bytes()));
        let b: MoveBody = read(body(r#"{"move": "e4", "ply": null, "other": 1}"#))
            .unwrap()
            .unwrap();
        assert_eq!((b.text.as_deref(), b.ply), (Some("e4"), None));
        assert_eq!(read::<ResignBody>(body("  ")).unwrap(), None);
        let b: NewGameBody = read(body(r#"{"time_control": null, "level": 3}"#))
            .unwrap()
            .unwrap();
        assert_eq!((b.time_control, b.level), (None, Some(Level::Depth(3))));
    }
}
