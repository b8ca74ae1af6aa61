//! PGN-shaped game records (records.md): reading the text, exporting a game, and
//! importing a record by replaying every move.

use crate::error::{MoveError, RecordError};
use crate::game::{Game, Outcome, Termination};
use crate::notation::notation_with_suffix;
use crate::piece::Color;
use crate::position::Position;
use crate::setup::{Options, Setup, Variant};

/// Largest record accepted, in bytes.
pub const MAX_RECORD_BYTES: usize = 1 << 20;
/// Most moves accepted in one record.
pub const MAX_RECORD_MOVES: usize = 20_000;
/// Most tags accepted in one record.
pub const MAX_RECORD_TAGS: usize = 100;

/// The variant name seed 004's public Fourfold game writes.
pub const FOURFOLD_PUBLIC_VARIANT: &str = "Fourfold-4x4x2x2";

/// Our tag for a result declared outside the board (resignation, agreement, time) in a
/// record whose result token must be `*`: the public Fourfold game accepts only results
/// it derives from the final position. [`replay`] restores it.
pub const DECLARED_RESULT_TAG: &str = "DeclaredResult";

/// The forms a record is written in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RecordForm {
    /// This project's (records.md), for every variant.
    #[default]
    Own,
    /// The public Fourfold game's (PGN4D v1, [`crate::fourfold::export_public`]), for
    /// Fourfold only.
    Public,
}

/// A record form's name that is neither `own` nor `public` (shortened if long).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownRecordForm(pub String);

impl std::fmt::Display for UnknownRecordForm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "a record form is own or public, not {:?}", self.0)
    }
}

impl std::error::Error for UnknownRecordForm {}

impl std::str::FromStr for RecordForm {
    type Err = UnknownRecordForm;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "own" => Ok(RecordForm::Own),
            "public" => Ok(RecordForm::Public),
            other => Err(UnknownRecordForm(other.chars().take(40).collect())),
        }
    }
}

impl RecordForm {
    /// `record` (a record of ours, as [`export`] writes it) in this form.
    pub fn write(self, record: &str) -> Result<String, crate::fourfold::PublicFormError> {
        match self {
            RecordForm::Own => Ok(record.to_string()),
            RecordForm::Public => crate::fourfold::public_form(record),
        }
    }
}

/// A record as text: tags, moves with comments, result. No rules applied yet.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Record {
    pub tags: Vec<(String, String)>,
    pub moves: Vec<RecordMove>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`, if the movetext ends with one.
    pub result: Option<String>,
}

/// One move of a record: its text as written, and the comment after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordMove {
    pub text: String,
    pub comment: Option<String>,
}

impl Record {
    /// The value of a tag, if present.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Reads a record's text without applying any rules.
    pub fn parse(text: &str) -> Result<Record, RecordError> {
        if text.len() > MAX_RECORD_BYTES {
            return Err(RecordError::TooLarge {
                what: "bytes",
                limit: MAX_RECORD_BYTES,
            });
        }
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut record = Record::default();
        let mut movetext = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let trimmed = line.trim();
            if trimmed.starts_with('[') && movetext.is_empty() {
                record.tags.push(parse_tag(trimmed, i + 1)?);
                if record.tags.len() > MAX_RECORD_TAGS {
                    return Err(RecordError::TooLarge {
                        what: "tags",
                        limit: MAX_RECORD_TAGS,
                    });
                }
            } else if !trimmed.is_empty() {
                movetext.push((i + 1, trimmed));
            }
        }
        parse_movetext(&movetext, &mut record)?;
        Ok(record)
    }

    /// Writes the record: tags, a blank line, movetext wrapped at 80 columns.
    pub fn format(&self, first_move_number: u32, first_color: Color) -> String {
        let mut out = String::new();
        for (name, value) in &self.tags {
            let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
            out.push_str(&format!("[{name} \"{escaped}\"]\n"));
        }
        out.push('\n');
        let mut words: Vec<String> = Vec::new();
        let mut number = first_move_number;
        let mut color = first_color;
        for (i, m) in self.moves.iter().enumerate() {
            match color {
                Color::White => words.push(format!("{number}.")),
                Color::Black if i == 0 => words.push(format!("{number}...")),
                Color::Black => {}
            }
            words.push(m.text.clone());
            if let Some(c) = &m.comment {
                words.push(format!("{{{c}}}"));
            }
            if color == Color::Black {
                number += 1;
            }
            color = color.opposite();
        }
        words.push(self.result.clone().unwrap_or_else(|| "*".into()));
        let mut line_len = 0;
        for w in words {
            let len = w.chars().count();
            if line_len > 0 && line_len + 1 + len > 80 {
                out.push('\n');
                line_len = 0;
            } else if line_len > 0 {
                out.push(' ');
                line_len += 1;
            }
            out.push_str(&w);
            line_len += len;
        }
        out.push('\n');
        out
    }
}

fn parse_tag(line: &str, number: usize) -> Result<(String, String), RecordError> {
    let err = |reason: &str| RecordError::Syntax {
        line: number,
        reason: reason.to_string(),
    };
    let inner = line
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'))
        .ok_or_else(|| err("a tag must be written [Name \"value\"]"))?;
    let (name, rest) = inner
        .split_once(char::is_whitespace)
        .ok_or_else(|| err("a tag must be written [Name \"value\"]"))?;
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(err(&format!("bad tag name {name:?}")));
    }
    let rest = rest.trim();
    let quoted = rest
        .strip_prefix('"')
        .and_then(|r| r.strip_suffix('"'))
        .ok_or_else(|| err(&format!("the value of tag {name} must be in double quotes")))?;
    let mut value = String::new();
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some(e @ ('\\' | '"')) => value.push(e),
                _ => return Err(err(&format!("bad escape in the value of tag {name}"))),
            },
            '"' => return Err(err(&format!("unescaped quote in the value of tag {name}"))),
            _ => value.push(c),
        }
    }
    Ok((name.to_string(), value))
}

const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

fn parse_movetext(lines: &[(usize, &str)], record: &mut Record) -> Result<(), RecordError> {
    let mut in_comment: Option<(usize, String)> = None;
    for &(number, line) in lines {
        let mut rest = line;
        while !rest.is_empty() {
            if let Some((_, ref mut text)) = in_comment {
                match rest.find('}') {
                    Some(end) => {
                        text.push_str(&rest[..end]);
                        let comment = text.trim().to_string();
                        match record.moves.last_mut() {
                            Some(m) if m.comment.is_none() => m.comment = Some(comment),
                            Some(m) => {
                                let joined =
                                    format!("{} {comment}", m.comment.take().unwrap_or_default());
                                m.comment = Some(joined);
                            }
                            None => {} // a comment before the first move is dropped
                        }
                        in_comment = None;
                        rest = &rest[end + 1..];
                    }
                    None => {
                        text.push_str(rest);
                        text.push(' ');
                        rest = "";
                    }
                }
                continue;
            }
            rest = rest.trim_start();
            if rest.is_empty() {
                break;
            }
            if let Some(r) = rest.strip_prefix('{') {
                in_comment = Some((number, String::new()));
                rest = r;
                continue;
            }
            if rest.starts_with(';') {
                break; // comment to the end of the line
            }
            let end = rest
                .find(|c: char| c.is_whitespace() || c == '{')
                .unwrap_or(rest.len());
            let word = &rest[..end];
            rest = &rest[end..];
            if record.result.is_some() {
                return Err(RecordError::Syntax {
                    line: number,
                    reason: format!("{word:?} after the result"),
                });
            }
            if RESULTS.contains(&word) {
                record.result = Some(word.to_string());
                continue;
            }
            if word.starts_with('$') {
                continue; // numeric annotation glyph
            }
            // Move numbers: "12." or "12..." possibly glued to the move ("12.e4").
            let unnumbered = strip_move_number(word);
            if unnumbered.is_empty() {
                continue;
            }
            if record.moves.len() >= MAX_RECORD_MOVES {
                return Err(RecordError::TooLarge {
                    what: "moves",
                    limit: MAX_RECORD_MOVES,
                });
            }
            record.moves.push(RecordMove {
                text: unnumbered.to_string(),
                comment: None,
            });
        }
    }
    if let Some((line, _)) = in_comment {
        return Err(RecordError::Syntax {
            line,
            reason: "a comment opened with { is never closed".into(),
        });
    }
    Ok(())
}

fn strip_move_number(word: &str) -> &str {
    let digits = word.chars().take_while(|c| c.is_ascii_digit()).count();
    if digits > 0 && word[digits..].starts_with('.') {
        word[digits..].trim_start_matches('.')
    } else {
        word
    }
}

/// The setup a record names: `Variant`, `Rules`, `Options` tags.
pub fn record_setup(record: &Record) -> Result<Setup, RecordError> {
    let variant_tag = record.tag("Variant").ok_or_else(|| RecordError::Tag {
        tag: "Variant".into(),
        reason: format!("missing ({})", Variant::ids_in_words()),
    })?;
    let variant: Variant = if variant_tag == FOURFOLD_PUBLIC_VARIANT {
        Variant::Fourfold
    } else {
        variant_tag.parse()?
    };
    let rules = record.tag("Rules").map(str::parse).transpose()?;
    let mut options = Options::default();
    if let Some(list) = record.tag("Options") {
        for id in list.split([',', ' ']).filter(|s| !s.is_empty()) {
            options.enable(id)?;
        }
    }
    Ok(Setup::new(variant, rules, options)?)
}

/// The starting position a record names (`Position` tag, or seed 004's `FEN4D`),
/// or the standard start.
pub fn record_start<P: Position>(setup: &Setup, record: &Record) -> Result<P, RecordError> {
    match record.tag("Position").or_else(|| record.tag("FEN4D")) {
        Some(s) => Ok(P::from_position_string(setup, s)?),
        None => Ok(P::start(setup)?),
    }
}

/// Replays a record: every move must be legal. Returns the game and the comment after
/// each move. A result tag or token that the moves do not produce by themselves is kept
/// as a declared result (with the `Termination` tag's reason, else resignation); so is a
/// [`DECLARED_RESULT_TAG`] in a record whose result is `*`.
pub fn replay<P: Position>(record: &Record) -> Result<(Game<P>, Vec<Option<String>>), RecordError> {
    let setup = record_setup(record)?;
    let start: P = record_start(&setup, record)?;
    let mut game = Game::new(start);
    let mut comments = Vec::with_capacity(record.moves.len());
    for m in &record.moves {
        let pos = game.position();
        let (number, color) = (pos.fullmove_number(), pos.turn());
        let fail = |error: MoveError| RecordError::Move {
            number,
            color,
            text: m.text.clone(),
            error,
        };
        if game.is_over() {
            return Err(fail(MoveError {
                input: m.text.clone(),
                reason: crate::error::MoveErrorReason::GameOver,
            }));
        }
        let mv = pos.parse_move(&m.text).map_err(fail)?;
        game.play(mv).map_err(|e| match e {
            crate::game::PlayError::Move(e) => fail(e),
            crate::game::PlayError::GameOver(_) => fail(MoveError::illegal(&m.text)),
        })?;
        comments.push(m.comment.clone());
    }
    let result = final_result(record, &game)?;
    if game.outcome().is_none() && result != "*" {
        // A declared reason the record names (an aborted game has result `*`).
        let named = record
            .tag("Termination")
            .and_then(Termination::from_id)
            .filter(|t| t.is_declared() && *t != Termination::Aborted);
        let termination = named.unwrap_or(Termination::Resignation);
        let outcome = match result {
            "1-0" => Outcome::win(Color::White, termination),
            "0-1" => Outcome::win(Color::Black, termination),
            "1/2-1/2" => Outcome::draw(match named {
                Some(Termination::Abandoned) => Termination::Abandoned,
                _ => Termination::Agreement,
            }),
            other => {
                return Err(RecordError::Tag {
                    tag: "Result".into(),
                    reason: format!("unknown result {other:?}"),
                })
            }
        };
        game.set_declared(Some(outcome));
    }
    Ok((game, comments))
}

/// The result a record states: its result token (else `Result` tag), or our
/// [`DECLARED_RESULT_TAG`] in a record whose result is `*`, which must name a result and
/// may not contradict the token or a game the moves already ended.
fn final_result<'a, P: Position>(
    record: &'a Record,
    game: &Game<P>,
) -> Result<&'a str, RecordError> {
    let written = record
        .result
        .as_deref()
        .or_else(|| record.tag("Result"))
        .unwrap_or("*");
    match record.tag(DECLARED_RESULT_TAG) {
        None => Ok(written),
        Some(declared) => {
            let contradiction = if !matches!(declared, "1-0" | "0-1" | "1/2-1/2") {
                Some("is not 1-0, 0-1 or 1/2-1/2".to_string())
            } else if written != "*" {
                Some(format!(
                    "given with the result {written}; it belongs to records whose result is *"
                ))
            } else {
                game.outcome().map(|o| {
                    format!(
                        "given for a game the moves already end by {}",
                        o.termination
                    )
                })
            };
            if let Some(reason) = contradiction {
                return Err(RecordError::Tag {
                    tag: DECLARED_RESULT_TAG.into(),
                    reason: format!("{declared:?} {reason}"),
                });
            }
            Ok(declared)
        }
    }
}

/// The evaluation a record's comment after a move gives, in pawns from White's side
/// (hosts write their evaluations as `+0.35`); `None` for any other comment.
pub fn comment_pawns(comment: &str) -> Option<f64> {
    let pawns: f64 = comment.trim().parse().ok()?;
    pawns.is_finite().then_some(pawns)
}

/// Exports a game. `extra_tags` (Event, Date, White, Black, TimeControl, …) come first;
/// Variant, Rules, Options, Position, Result and Termination are written from the game.
/// `comments[i]`, if present, follows move i (the evaluation, e.g. `+0.35`).
pub fn export<P: Position>(
    game: &Game<P>,
    extra_tags: &[(String, String)],
    comments: &[Option<String>],
) -> String {
    let start = game.start_position();
    let setup = start.setup();
    let mut tags: Vec<(String, String)> = extra_tags
        .iter()
        .filter(|(n, _)| {
            !matches!(
                n.as_str(),
                "Variant" | "Rules" | "Options" | "Position" | "Result" | "Termination"
            )
        })
        .cloned()
        .collect();
    tags.push(("Variant".into(), setup.variant().id().into()));
    if let Some(r) = setup.rules_if_any() {
        tags.push(("Rules".into(), r.id().into()));
    }
    let options = setup.options().ids();
    if !options.is_empty() {
        tags.push(("Options".into(), options.join(",")));
    }
    if P::start(&setup).ok().as_ref() != Some(start) {
        tags.push(("Position".into(), start.position_string()));
    }
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
            comment: comments.get(i).cloned().flatten(),
        })
        .collect();
    let record = Record {
        tags,
        moves,
        result: Some(result),
    };
    record.format(start.fullmove_number(), start.turn())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_tags_comments_numbers_and_result() {
        let text = "[Event \"Casual \\\"game\\\"\"]\n[Variant \"trid\"]\n\n1. a {+0.2} b 2.c\n{multi\nline} 2... d 1-0\n";
        let r = Record::parse(text).unwrap();
        assert_eq!(r.tag("Event"), Some("Casual \"game\""));
        let texts: Vec<_> = r.moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(texts, ["a", "b", "c", "d"]);
        assert_eq!(r.moves[0].comment.as_deref(), Some("+0.2"));
        assert_eq!(r.moves[2].comment.as_deref(), Some("multi line"));
        assert_eq!(r.result.as_deref(), Some("1-0"));
    }

    #[test]
    fn rejects_unclosed_comment_and_text_after_result() {
        assert!(matches!(
            Record::parse("1. a {oops"),
            Err(RecordError::Syntax { line: 1, .. })
        ));
        assert!(matches!(
            Record::parse("1. a 1-0 b"),
            Err(RecordError::Syntax { .. })
        ));
        assert!(matches!(
            Record::parse("[Bad tag]"),
            Err(RecordError::Syntax { line: 1, .. })
        ));
    }

    #[test]
    fn format_then_parse_round_trips() {
        let r = Record {
            tags: vec![("Variant".into(), "stacked".into())],
            moves: vec![
                RecordMove {
                    text: "x".into(),
                    comment: Some("+0.1".into()),
                },
                RecordMove {
                    text: "y".into(),
                    comment: None,
                },
            ],
            result: Some("*".into()),
        };
        let text = r.format(1, Color::White);
        assert_eq!(Record::parse(&text).unwrap(), r);
    }

    #[test]
    fn missing_variant_is_named() {
        let r = Record::parse("1. a *").unwrap();
        let e = record_setup(&r).unwrap_err();
        assert!(e.to_string().contains("Variant"), "{e}");
    }
}
