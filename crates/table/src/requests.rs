//! The request bodies of a game (docs/api.md): one type per body, read by serde the same
//! way by every host (the server's HTTP API, the WebAssembly module's browser games) and
//! declared to the web app by the same type (ts-rs, feature `ts`). Each field is read by
//! a function of [`field`] that says what it must be and checks its limits, and
//! [`from_object`] names the field (`time_control.minutes`) and what was sent, as a
//! person needs: `field "level" must be 1 to 6 or "max", not 9`. A field sent as `null`
//! counts as left out; fields the API does not know are ignored.
//!
//! [`NewGameBody::check`] turns a NewGame into the game it asks for (set-up, start, the
//! record's moves). A host's own limits (the server's shortest time control, the module
//! having no online play) are its own, applied after.

use crate::change::Refusal;
use crate::clock::TimeControl;
use crate::code::ErrorCode;
use crate::table::PastMove;
use crate::view::{Eval, EvalSource, Mode};
use engine::api::Level;
use rules::{Color, Setup};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::{Map, Value};

#[cfg(feature = "ts")]
use rules::screen::Side;
#[cfg(feature = "ts")]
use rules::{RuleSet, Variant};
#[cfg(feature = "ts")]
use ts_rs::TS;

/// A time control in a NewGame body: a live one (`minutes`, `increment_seconds`) or a
/// correspondence one (`days_per_move`), exactly one of `minutes` and `days_per_move`.
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(expecting = "an object or null")]
#[cfg_attr(feature = "ts", derive(TS), ts(rename = "TimeControlRequest"))]
pub struct TimeControlBody {
    /// Each side's time: more than 0, at most 1440; fractions allowed.
    #[serde(default, deserialize_with = "field::minutes")]
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub minutes: Option<f64>,
    /// 0 to 3600 (default 0); with `days_per_move` only 0.
    #[serde(default, deserialize_with = "field::increment_seconds")]
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub increment_seconds: Option<f64>,
    /// Correspondence: 1, 3 or 7 days for every move.
    #[serde(default, deserialize_with = "field::days_per_move")]
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub days_per_move: Option<u32>,
}

impl TimeControlBody {
    /// The time control asked for, its fields named under `time_control`: exactly one
    /// of `minutes` and `days_per_move`, and no increment with days per move (the field
    /// readers have checked each field's range).
    pub fn check(&self) -> Result<TimeControl, Refusal> {
        match (self.minutes, self.days_per_move) {
            (Some(minutes), None) => Ok(TimeControl::live(
                (minutes * 60_000.0) as i64,
                (self.increment_seconds.unwrap_or(0.0) * 1000.0) as i64,
            )),
            (None, Some(days)) => match self.increment_seconds {
                Some(s) if s != 0.0 => Err(bad(format!(
                    "field \"time_control.increment_seconds\" must be 0 or left out with \"days_per_move\" (a correspondence game has no increment), not {s}"
                ))),
                _ => Ok(TimeControl::days_per_move(days)),
            },
            (Some(minutes), Some(days)) => Err(bad(format!(
                "field \"time_control.days_per_move\" ({days}) cannot be given with \"time_control.minutes\" ({minutes}): give one of them"
            ))),
            (None, None) => Err(bad(
                "field \"time_control.minutes\" or \"time_control.days_per_move\" is required",
            )),
        }
    }
}

/// The body of `POST /api/games`, and of the module's `table_new`.
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[cfg_attr(feature = "ts", derive(TS), ts(rename = "NewGameRequest"))]
pub struct NewGameBody {
    /// Required unless `record` is given.
    #[serde(default, deserialize_with = "field::string")]
    #[cfg_attr(feature = "ts", ts(optional = nullable, as = "Option<Variant>"))]
    pub variant: Option<String>,
    #[serde(default, deserialize_with = "field::string")]
    #[cfg_attr(feature = "ts", ts(optional = nullable, as = "Option<RuleSet>"))]
    pub rules: Option<String>,
    #[serde(default, deserialize_with = "field::strings")]
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub options: Option<Vec<String>>,
    #[serde(default, deserialize_with = "field::mode")]
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub mode: Option<Mode>,
    #[serde(default, deserialize_with = "field::side")]
    #[cfg_attr(feature = "ts", ts(optional = nullable, as = "Option<Side>"))]
    pub human: Option<Color>,
    #[serde(default, deserialize_with = "field::level")]
    #[cfg_attr(feature = "ts", ts(optional = nullable, type = "number | \"max\""))]
    pub level: Option<Level>,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub time_control: Option<TimeControlBody>,
    #[serde(default, deserialize_with = "field::string")]
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub position: Option<String>,
    /// A game record (records.md) to continue: it names the variant, rules, options and
    /// start itself (those fields must then be left out).
    #[serde(default, deserialize_with = "field::string")]
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub record: Option<String>,
    /// How many of the record's half-moves to play before the game goes on (default all).
    #[serde(default, deserialize_with = "field::count")]
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub record_ply: Option<u64>,
}

/// The body of `POST /api/games/{id}/moves` and `POST /api/analysis/{id}/moves`.
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[cfg_attr(feature = "ts", derive(TS), ts(rename = "MoveRequest"))]
pub struct MoveBody {
    /// The move's token (or its notation, typed by a person).
    #[serde(default, rename = "move", deserialize_with = "field::string")]
    #[cfg_attr(feature = "ts", ts(type = "string"))]
    pub text: Option<String>,
    /// Half-moves played so far as the client saw them.
    #[serde(default, deserialize_with = "field::count")]
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub ply: Option<u64>,
}

/// The body of `POST /api/games/{id}/resign` (optional).
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[cfg_attr(feature = "ts", derive(TS), ts(rename = "ResignRequest"))]
pub struct ResignBody {
    /// The side that resigns (default: the player's side; in local mode the side to
    /// move).
    #[serde(default, deserialize_with = "field::side")]
    #[cfg_attr(feature = "ts", ts(optional = nullable, as = "Option<Side>"))]
    pub side: Option<Color>,
}

/// The body of `POST /api/games/{id}/oracle` and `POST /api/analysis/{id}/oracle`
/// (optional).
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[cfg_attr(feature = "ts", derive(TS), ts(rename = "OracleRequest"))]
pub struct OracleBody {
    /// The Oracle's time per turn, 100 to 60000 ms (default: the host's).
    #[serde(default, deserialize_with = "field::count")]
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub budget_ms: Option<u64>,
}

fn bad(message: impl Into<String>) -> Refusal {
    Refusal::new(ErrorCode::BadRequest, message)
}

/// The game a NewGame body asks for, checked: what a host needs to make its table.
#[derive(Clone, Debug, PartialEq)]
pub struct NewGame {
    pub setup: Setup,
    /// The start position (`None`: the set-up's usual start; a record's own start).
    pub position: Option<String>,
    pub mode: Mode,
    pub human: Color,
    pub level: Level,
    pub time_control: Option<TimeControl>,
    /// A rated game: never from the body (`check` leaves it false); the host sets it
    /// for the games it pairs (the lobby).
    pub rated: bool,
    /// A record's moves to play from the start, with the evaluations it wrote.
    pub moves: Vec<PastMove>,
}

impl NewGameBody {
    /// The game this body asks for: the set-up its ids name, or a record's set-up,
    /// start and first `record_ply` half-moves (a bad record names its first bad move).
    /// The position itself is read when the table is made.
    pub fn check(self) -> Result<NewGame, Refusal> {
        let (setup, position, moves) = match &self.record {
            Some(text) => self.record_game(text)?,
            None => {
                let variant = self
                    .variant
                    .as_deref()
                    .ok_or_else(|| bad("field \"variant\" is required"))?;
                let options: Vec<&str> =
                    self.options.iter().flatten().map(String::as_str).collect();
                let setup = Setup::from_ids(variant, self.rules.as_deref(), &options)
                    .map_err(|e| Refusal::new(ErrorCode::BadSetup, e.to_string()))?;
                (setup, self.position.clone(), Vec::new())
            }
        };
        let time_control = self
            .time_control
            .as_ref()
            .map(TimeControlBody::check)
            .transpose()?;
        let mode = self.mode.unwrap_or(Mode::Computer);
        // Days per move wait for a person on another device; nobody waits days for the
        // computer or for their own move on one device.
        if time_control.is_some_and(|tc| tc.per_move) && mode != Mode::Online {
            return Err(bad(format!(
                "field \"time_control.days_per_move\": correspondence (days per move) is for online games (\"mode\": \"online\"), not \"{}\"",
                mode.id()
            )));
        }
        Ok(NewGame {
            setup,
            position,
            mode,
            human: self.human.unwrap_or(Color::White),
            level: self.level.unwrap_or(Level::DEFAULT),
            time_control,
            rated: false,
            moves,
        })
    }

    /// A record's set-up, start and moves; the set-up's fields must be left out.
    fn record_game(&self, text: &str) -> Result<(Setup, Option<String>, Vec<PastMove>), Refusal> {
        let given = [
            ("variant", self.variant.is_some()),
            ("rules", self.rules.is_some()),
            ("options", self.options.is_some()),
            ("position", self.position.is_some()),
        ];
        if let Some((field, _)) = given.into_iter().find(|(_, given)| *given) {
            return Err(bad(format!(
                "field \"{field}\" cannot be given with \"record\": the record names its own game"
            )));
        }
        let (game, comments) = rules::any::import_record(text)
            .map_err(|e| Refusal::new(ErrorCode::BadRecord, e.to_string()))?;
        let played = game.played();
        let ply = match self.record_ply {
            None => played.len(),
            Some(p) if p <= played.len() as u64 => p as usize,
            Some(p) => {
                return Err(bad(format!(
                    "field \"record_ply\" is {p}, but the record has {} half-moves",
                    played.len()
                )))
            }
        };
        // A record's comments are the evaluations it was written with (`+0.35`).
        let moves = played[..ply]
            .iter()
            .zip(
                comments
                    .iter()
                    .map(Option::as_deref)
                    .chain(std::iter::repeat(None)),
            )
            .map(|(mv, comment)| PastMove {
                token: mv.token.clone(),
                eval: comment
                    .and_then(rules::record::comment_pawns)
                    .map(|pawns| Eval {
                        pawns,
                        source: Some(EvalSource::Record),
                        depth: None,
                    }),
                clocks: None,
            })
            .collect();
        Ok((game.setup(), Some(game.start_position_string()), moves))
    }
}

/// Reads a JSON object as a `T`. Errors name the field and what was sent in it.
pub fn from_object<T: DeserializeOwned>(m: Map<String, Value>) -> Result<T, Refusal> {
    let value = Value::Object(m);
    serde_path_to_error::deserialize(&value).map_err(|e| {
        let path: Vec<String> = e.path().iter().map(ToString::to_string).collect();
        let message = e.inner().to_string();
        bad(explain(&value, &path, &message))
    })
}

/// A field's error for people, from the path to it and serde's message.
fn explain(body: &Value, path: &[String], message: &str) -> String {
    if let Some(missing) = message
        .strip_prefix("missing field `")
        .and_then(|m| m.strip_suffix('`'))
    {
        let mut full = path.to_vec();
        full.push(missing.to_string());
        return format!("field \"{}\" is required", full.join("."));
    }
    let name = path.join(".");
    // A nested object of the wrong type: serde says what it expected.
    if let Some(expected) = message
        .strip_prefix("invalid type: ")
        .and_then(|m| m.split_once(", expected "))
        .map(|(_, expected)| expected)
    {
        let sent = path
            .iter()
            .try_fold(body, |v, key| v.get(key))
            .map_or("something else", type_name);
        return format!("field \"{name}\" must be {expected}, not {sent}");
    }
    // The field readers write the rest of the sentence.
    format!("field \"{name}\" {message}")
}

/// What kind of JSON value `v` is, in words.
pub fn type_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// The field readers: each reads whatever JSON value was sent (`null` is left out) and
/// says what it must be, in words that follow the field's name. Hosts read their own
/// bodies' fields with these too.
pub mod field {
    use super::type_name;
    use crate::view::Mode;
    use engine::api::Level;
    use rules::catalogue::{LEVEL_DEPTHS, LEVEL_MAX_ID};
    use serde::de::Error;
    use serde::{Deserialize, Deserializer};
    use serde_json::Value;

    /// The value sent, `None` for `null`.
    pub fn sent<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Value>, D::Error> {
        Ok(Option::<Value>::deserialize(d)?.filter(|v| !v.is_null()))
    }

    /// "must be `expected`, not" what `v` is.
    pub fn wrong<E: Error>(expected: &str, v: &Value) -> E {
        E::custom(format!("must be {expected}, not {}", type_name(v)))
    }

    pub fn string<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
        match sent(d)? {
            None => Ok(None),
            Some(Value::String(s)) => Ok(Some(s)),
            Some(v) => Err(wrong("a string", &v)),
        }
    }

    /// A non-negative integer (a ply, a number of half-moves, milliseconds).
    pub fn count<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
        match sent(d)? {
            None => Ok(None),
            Some(v) => v
                .as_u64()
                .map(Some)
                .ok_or_else(|| wrong("a non-negative integer", &v)),
        }
    }

    pub fn strings<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Vec<String>>, D::Error> {
        let expected = "an array of strings";
        match sent(d)? {
            None => Ok(None),
            Some(Value::Array(items)) => items
                .into_iter()
                .map(|item| match item {
                    Value::String(s) => Ok(s),
                    other => Err(wrong(expected, &other)),
                })
                .collect::<Result<_, _>>()
                .map(Some),
            Some(v) => Err(wrong(expected, &v)),
        }
    }

    /// A string, then one of `choices` (their ids).
    pub fn one_of<'de, D: Deserializer<'de>, T: Copy>(
        d: D,
        choices: &[(&str, T)],
    ) -> Result<Option<T>, D::Error> {
        let Some(s) = string(d)? else { return Ok(None) };
        match choices.iter().find(|(id, _)| *id == s) {
            Some(&(_, v)) => Ok(Some(v)),
            None => {
                let ids: Vec<String> = choices.iter().map(|(id, _)| format!("{id:?}")).collect();
                let listed = match ids.split_last() {
                    Some((last, [])) => last.clone(),
                    Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
                    None => String::new(),
                };
                Err(D::Error::custom(format!("must be {listed}, not {s:?}")))
            }
        }
    }

    pub fn mode<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Mode>, D::Error> {
        one_of(
            d,
            &[
                ("computer", Mode::Computer),
                ("local", Mode::Local),
                ("online", Mode::Online),
            ],
        )
    }

    pub fn side<'de, D: Deserializer<'de>>(d: D) -> Result<Option<rules::Color>, D::Error> {
        one_of(
            d,
            &[
                ("white", rules::Color::White),
                ("black", rules::Color::Black),
            ],
        )
    }

    /// A look-ahead depth the catalogue offers, or `"max"`.
    pub fn level<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Level>, D::Error> {
        let Some(v) = sent(d)? else { return Ok(None) };
        if v.as_str() == Some(LEVEL_MAX_ID) {
            return Ok(Some(Level::Max));
        }
        match v.as_u64().and_then(|n| u8::try_from(n).ok()) {
            Some(depth) if LEVEL_DEPTHS.contains(&depth) => Ok(Some(Level::Depth(depth))),
            _ => Err(D::Error::custom(format!(
                "must be {} to {} or \"{LEVEL_MAX_ID}\", not {v}",
                LEVEL_DEPTHS.start(),
                LEVEL_DEPTHS.end()
            ))),
        }
    }

    fn number<'de, D: Deserializer<'de>>(d: D) -> Result<Option<f64>, D::Error> {
        match sent(d)? {
            None => Ok(None),
            Some(v) => v.as_f64().map(Some).ok_or_else(|| wrong("a number", &v)),
        }
    }

    /// A time control's minutes: more than 0, at most a day.
    pub fn minutes<'de, D: Deserializer<'de>>(d: D) -> Result<Option<f64>, D::Error> {
        match number(d)? {
            None => Ok(None),
            Some(m) if m > 0.0 && m <= 1440.0 => Ok(Some(m)),
            Some(m) => Err(D::Error::custom(format!(
                "must be more than 0 and at most 1440, not {m}"
            ))),
        }
    }

    /// A correspondence time control's days per move: 1, 3 or 7.
    pub fn days_per_move<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u32>, D::Error> {
        let Some(v) = sent(d)? else { return Ok(None) };
        match v.as_u64().and_then(|n| u32::try_from(n).ok()) {
            Some(days) if crate::clock::DAYS_PER_MOVE.contains(&days) => Ok(Some(days)),
            _ => Err(D::Error::custom(format!("must be 1, 3 or 7, not {v}"))),
        }
    }

    /// A time control's increment: 0 to an hour.
    pub fn increment_seconds<'de, D: Deserializer<'de>>(d: D) -> Result<Option<f64>, D::Error> {
        match number(d)? {
            Some(s) if !(0.0..=3600.0).contains(&s) => {
                Err(D::Error::custom(format!("must be 0 to 3600, not {s}")))
            }
            other => Ok(other),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn object(json: &str) -> Map<String, Value> {
        match serde_json::from_str(json).unwrap() {
            Value::Object(m) => m,
            other => panic!("not an object: {other}"),
        }
    }

    fn error_of<T: DeserializeOwned + std::fmt::Debug>(json: &str) -> Refusal {
        from_object::<T>(object(json)).unwrap_err()
    }

    #[test]
    fn errors_name_the_field_and_what_was_sent() {
        for (json, message) in [
            (
                r#"{"variant": 5}"#,
                r#"field "variant" must be a string, not a number"#,
            ),
            (
                r#"{"options": ["a", 1]}"#,
                r#"field "options" must be an array of strings, not a number"#,
            ),
            (
                r#"{"mode": "nope"}"#,
                r#"field "mode" must be "computer", "local" or "online", not "nope""#,
            ),
            (
                r#"{"human": "green"}"#,
                r#"field "human" must be "white" or "black", not "green""#,
            ),
            (
                r#"{"level": 99}"#,
                r#"field "level" must be 1 to 6 or "max", not 99"#,
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
                r#"{"time_control": {"minutes": 1, "increment_seconds": 3601}}"#,
                r#"field "time_control.increment_seconds" must be 0 to 3600, not 3601"#,
            ),
            (
                r#"{"time_control": {"days_per_move": 2}}"#,
                r#"field "time_control.days_per_move" must be 1, 3 or 7, not 2"#,
            ),
            (
                r#"{"time_control": {"days_per_move": 1.5}}"#,
                r#"field "time_control.days_per_move" must be 1, 3 or 7, not 1.5"#,
            ),
            (
                r#"{"time_control": {"days_per_move": "3"}}"#,
                r#"field "time_control.days_per_move" must be 1, 3 or 7, not "3""#,
            ),
            (
                r#"{"record_ply": -1}"#,
                r#"field "record_ply" must be a non-negative integer, not a number"#,
            ),
        ] {
            let e = error_of::<NewGameBody>(json);
            assert_eq!(
                (e.code, e.message.as_str()),
                (ErrorCode::BadRequest, message)
            );
        }
        assert_eq!(
            error_of::<ResignBody>(r#"{"side": 1}"#).message,
            r#"field "side" must be a string, not a number"#
        );
        assert_eq!(
            error_of::<OracleBody>(r#"{"budget_ms": "x"}"#).message,
            r#"field "budget_ms" must be a non-negative integer, not a string"#
        );
    }

    #[test]
    fn null_and_unknown_fields_count_as_left_out() {
        let b: MoveBody = from_object(object(r#"{"move": "e4", "ply": null, "x": 1}"#)).unwrap();
        assert_eq!((b.text.as_deref(), b.ply), (Some("e4"), None));
        let b: NewGameBody = from_object(object(r#"{"time_control": null, "level": 3}"#)).unwrap();
        assert_eq!((b.time_control, b.level), (None, Some(Level::Depth(3))));
    }

    fn checked(json: &str) -> Result<NewGame, Refusal> {
        from_object::<NewGameBody>(object(json))?.check()
    }

    #[test]
    fn a_new_game_gets_its_defaults_and_its_time_control_in_milliseconds() {
        let g = checked(
            r#"{"variant": "stacked", "time_control": {"minutes": 1.5, "increment_seconds": 2}}"#,
        )
        .unwrap();
        assert_eq!(g.setup, Setup::from_ids("stacked", None, &[]).unwrap());
        assert_eq!(
            (g.mode, g.human, g.level, g.position, g.moves.len()),
            (Mode::Computer, Color::White, Level::DEFAULT, None, 0)
        );
        assert_eq!(g.time_control, Some(TimeControl::live(90_000, 2_000)));
    }

    #[test]
    fn a_correspondence_time_control_gives_whole_days_per_move() {
        for days in [1, 3, 7] {
            let body = format!(
                r#"{{"variant": "stacked", "mode": "online", "time_control": {{"days_per_move": {days}, "increment_seconds": 0}}}}"#
            );
            let g = checked(&body).unwrap();
            assert_eq!(g.time_control, Some(TimeControl::days_per_move(days)));
            assert_eq!(
                g.time_control.map(|t| (t.initial_ms, t.per_move)),
                Some((i64::from(days) * 86_400_000, true))
            );
            assert!(!g.rated, "no body makes a rated game");
        }
        // A body cannot ask for a rated game: the field is not read.
        assert!(
            !checked(r#"{"variant": "stacked", "rated": true}"#)
                .unwrap()
                .rated
        );
        // Only online games wait days for a move.
        for mode in ["computer", "local"] {
            let body = format!(
                r#"{{"variant": "stacked", "mode": "{mode}", "time_control": {{"days_per_move": 1}}}}"#
            );
            assert_eq!(
                checked(&body).unwrap_err().message,
                format!(
                    r#"field "time_control.days_per_move": correspondence (days per move) is for online games ("mode": "online"), not "{mode}""#
                )
            );
        }
        for (tc, message) in [
            (
                r#"{}"#,
                r#"field "time_control.minutes" or "time_control.days_per_move" is required"#,
            ),
            (
                r#"{"minutes": null}"#,
                r#"field "time_control.minutes" or "time_control.days_per_move" is required"#,
            ),
            (
                r#"{"minutes": 5, "days_per_move": 3}"#,
                r#"field "time_control.days_per_move" (3) cannot be given with "time_control.minutes" (5): give one of them"#,
            ),
            (
                r#"{"days_per_move": 1, "increment_seconds": 2}"#,
                r#"field "time_control.increment_seconds" must be 0 or left out with "days_per_move" (a correspondence game has no increment), not 2"#,
            ),
        ] {
            let body =
                format!(r#"{{"variant": "stacked", "mode": "online", "time_control": {tc}}}"#);
            let e = checked(&body).unwrap_err();
            assert_eq!(
                (e.code, e.message.as_str()),
                (ErrorCode::BadRequest, message)
            );
        }
    }

    #[test]
    fn bad_set_ups_and_records_are_refused_with_their_codes() {
        let e = checked(r#"{"mode": "local"}"#).unwrap_err();
        assert_eq!(
            (e.code, e.message.as_str()),
            (ErrorCode::BadRequest, "field \"variant\" is required")
        );
        assert_eq!(
            checked(r#"{"variant": "nope"}"#).unwrap_err().code,
            ErrorCode::BadSetup
        );
        assert_eq!(
            checked(r#"{"record": "not a record at all"}"#)
                .unwrap_err()
                .code,
            ErrorCode::BadRecord
        );
        let e = checked(r#"{"record": "x", "variant": "stacked"}"#).unwrap_err();
        assert_eq!(
            e.message,
            "field \"variant\" cannot be given with \"record\": the record names its own game"
        );
    }

    #[test]
    fn a_record_gives_its_start_and_its_first_moves() {
        let mut game =
            rules::any::AnyGame::new(&Setup::from_ids("stacked", None, &[]).unwrap(), None)
                .unwrap();
        let first = game.legal_tokens()[0].clone();
        game.play_token(&first).unwrap();
        let second = game.legal_tokens()[0].clone();
        game.play_token(&second).unwrap();
        let record = game.export(&[], &[]);
        let body = serde_json::json!({ "record": record, "record_ply": 1 }).to_string();
        let g = checked(&body).unwrap();
        assert_eq!(g.position, Some(game.start_position_string()));
        assert_eq!(
            g.moves.iter().map(|m| m.token.as_str()).collect::<Vec<_>>(),
            [first]
        );
        let body = serde_json::json!({ "record": record, "record_ply": 3 }).to_string();
        assert_eq!(
            checked(&body).unwrap_err().message,
            "field \"record_ply\" is 3, but the record has 2 half-moves"
        );
    }
}
