//! Records in the form of seed 004's public Fourfold game: "PGN4D v1" with moves in
//! "LAN4D", as its importer reads them.
//!
//! Import needs nothing here: the generic reader maps `Variant "Fourfold-4x4x2x2"` to
//! Fourfold, takes the start from `FEN4D`, ignores the format tags, and matches moves
//! such as `Bb1@10-b1@01` against this variant's display notation, which is that game's
//! notation.
//!
//! Export writes what that importer requires and nothing it refuses:
//! - the tags `Variant "Fourfold-4x4x2x2"`, `Format "PGN4D"`, `FormatVersion "1"`,
//!   `Notation "LAN4D"`, `SetUp "1"`, `FEN4D` (always, also for the standard start), and
//!   `Result` equal to the movetext's final token;
//! - a result it derives from the final position (its end-of-game rules are ours). It
//!   models no resignation, agreement or time, so such a game is written with result `*`,
//!   the real result in our [`DECLARED_RESULT_TAG`] and the reason in `Termination`; our
//!   reader restores it;
//! - within its limits: tag names of a letter then letters, digits or `_`; at most 40
//!   tags, none twice; values on one line of at most 800 UTF-16 units as written (Event,
//!   Site, Date, Round, White, Black: 200 and no control characters); a FEN4D halfmove
//!   count of at most 100; 4,096 plies; 256 KiB; comments without braces. A game outside
//!   them is refused with a [`PublicFormError`] naming what, rather than written so that
//!   the importer refuses it or cut down silently.

use super::board::FourfoldPosition;
use crate::error::RecordError;
use crate::game::Game;
use crate::notation::notation_with_suffix;
use crate::position::Position;
use crate::record::{self, Record, RecordMove, DECLARED_RESULT_TAG, FOURFOLD_PUBLIC_VARIANT};
use crate::setup::Variant;
use std::fmt;

/// The format tags the importer requires, with their only accepted values.
const PUBLIC_FORMAT_TAGS: [(&str, &str); 4] = [
    ("Format", "PGN4D"),
    ("FormatVersion", "1"),
    ("Notation", "LAN4D"),
    ("SetUp", "1"),
];

/// The importer's limits.
const PUBLIC_MAX_BYTES: usize = 262_144;
const PUBLIC_MAX_PLIES: usize = 4096;
const PUBLIC_MAX_TAGS: usize = 40;
/// UTF-16 units of a tag value as written (escapes included).
const PUBLIC_MAX_VALUE_UNITS: usize = 800;
/// UTF-16 units of the value of a tag the importer keeps ([`PUBLIC_DESCRIPTIVE_TAGS`]).
const PUBLIC_MAX_DESCRIPTIVE_UNITS: usize = 200;
const PUBLIC_DESCRIPTIVE_TAGS: [&str; 6] = ["Event", "Site", "Date", "Round", "White", "Black"];
const PUBLIC_MAX_HALFMOVE_CLOCK: u32 = 100;

/// Tags the export writes from the game. Given tags of these names are replaced, and our
/// own format's setup tags (`Rules`, `Options`, `Position`) have no place in this one.
const WRITTEN_TAGS: [&str; 12] = [
    "Variant",
    "Rules",
    "Options",
    "Position",
    "FEN4D",
    "Format",
    "FormatVersion",
    "Notation",
    "SetUp",
    "Result",
    "Termination",
    DECLARED_RESULT_TAG,
];

/// Why a game cannot be written in the public form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PublicFormError {
    /// The record to rewrite does not import.
    Record(RecordError),
    /// The public form is Fourfold's only.
    NotFourfold(Variant),
    /// A tag the importer refuses (its name as given, shortened if long).
    Tag { tag: String, reason: String },
    /// More tags than the importer reads.
    TooManyTags(usize),
    /// A comment the importer refuses, after ply `ply` (from 1), shortened if long.
    Comment { ply: usize, comment: String },
    /// The start's halfmove count, above what FEN4D holds.
    HalfmoveClock(u32),
    /// The number of plies, above the importer's limit.
    TooManyPlies(usize),
    /// The size of the record in bytes, above the importer's limit.
    TooLarge(usize),
}

impl fmt::Display for PublicFormError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let form = "the public Fourfold form (PGN4D v1)";
        match self {
            PublicFormError::Record(e) => e.fmt(f),
            PublicFormError::NotFourfold(v) => write!(f, "{form} is for fourfold games, not {v}"),
            PublicFormError::Tag { tag, reason } => write!(f, "{form} refuses tag {tag}: {reason}"),
            PublicFormError::TooManyTags(n) => write!(
                f,
                "{form} takes at most {PUBLIC_MAX_TAGS} tags; this record needs {n}"
            ),
            PublicFormError::Comment { ply, comment } => write!(
                f,
                "{form} refuses the comment after ply {ply}, {comment:?}: it may not contain braces"
            ),
            PublicFormError::HalfmoveClock(n) => write!(
                f,
                "{form} counts at most {PUBLIC_MAX_HALFMOVE_CLOCK} half-moves in FEN4D; this game starts at {n}"
            ),
            PublicFormError::TooManyPlies(n) => write!(
                f,
                "{form} holds at most {PUBLIC_MAX_PLIES} plies; this game has {n}"
            ),
            PublicFormError::TooLarge(n) => write!(
                f,
                "{form} holds at most {PUBLIC_MAX_BYTES} bytes; this record would have {n}"
            ),
        }
    }
}

impl std::error::Error for PublicFormError {}

impl From<RecordError> for PublicFormError {
    fn from(e: RecordError) -> Self {
        PublicFormError::Record(e)
    }
}

/// Exports a game in the public form (module comment): `extra_tags` (Event, Date, White,
/// Black, …) first, then the result and format tags, `FEN4D`, and for a finished game
/// `Termination` (and [`DECLARED_RESULT_TAG`]); moves in long algebraic notation with
/// `+`/`#`, `comments[i]` (if any) in braces after move i.
pub fn export_public(
    game: &Game<FourfoldPosition>,
    extra_tags: &[(String, String)],
    comments: &[Option<String>],
) -> Result<String, PublicFormError> {
    let start = game.start_position();
    if start.halfmove_clock() > PUBLIC_MAX_HALFMOVE_CLOCK {
        return Err(PublicFormError::HalfmoveClock(start.halfmove_clock()));
    }
    if game.moves().len() > PUBLIC_MAX_PLIES {
        return Err(PublicFormError::TooManyPlies(game.moves().len()));
    }
    let mut tags: Vec<(String, String)> = extra_tags
        .iter()
        .filter(|(n, _)| !WRITTEN_TAGS.contains(&n.as_str()))
        .cloned()
        .collect();
    let outcome = game.outcome();
    let declared = game.declared().is_some();
    let result = match outcome {
        Some(o) if !declared => o.result_string(),
        _ => "*",
    };
    tags.push(("Result".into(), result.into()));
    tags.push(("Variant".into(), FOURFOLD_PUBLIC_VARIANT.into()));
    for (name, value) in PUBLIC_FORMAT_TAGS {
        tags.push((name.into(), value.into()));
    }
    tags.push(("FEN4D".into(), start.position_string()));
    if let Some(o) = outcome {
        tags.push(("Termination".into(), o.termination.id().into()));
        // An aborted game has no result to declare.
        if declared && o.result_string() != "*" {
            tags.push((DECLARED_RESULT_TAG.into(), o.result_string().into()));
        }
    }
    check_tags(&tags)?;
    let positions = game.positions();
    let mut moves = Vec::with_capacity(game.moves().len());
    for (i, &m) in game.moves().iter().enumerate() {
        let comment = comments.get(i).cloned().flatten();
        if let Some(c) = comment.as_deref().filter(|c| c.contains(['{', '}'])) {
            return Err(PublicFormError::Comment {
                ply: i + 1,
                comment: shortened(c, 60),
            });
        }
        moves.push(RecordMove {
            text: notation_with_suffix(&positions[i], m),
            comment,
        });
    }
    let text = Record {
        tags,
        moves,
        result: Some(result.into()),
    }
    .format(start.fullmove_number(), start.turn());
    if text.len() > PUBLIC_MAX_BYTES {
        return Err(PublicFormError::TooLarge(text.len()));
    }
    Ok(text)
}

/// A Fourfold record (ours or the public game's) rewritten in the public form, with its
/// tags and comments: read, replayed, exported by [`export_public`].
pub fn public_form(text: &str) -> Result<String, PublicFormError> {
    let record = Record::parse(text)?;
    let setup = record::record_setup(&record)?;
    if setup.variant() != Variant::Fourfold {
        return Err(PublicFormError::NotFourfold(setup.variant()));
    }
    let (game, comments) = record::replay::<FourfoldPosition>(&record)?;
    export_public(&game, &record.tags, &comments)
}

/// The importer's rules for the tag section (module comment).
fn check_tags(tags: &[(String, String)]) -> Result<(), PublicFormError> {
    if tags.len() > PUBLIC_MAX_TAGS {
        return Err(PublicFormError::TooManyTags(tags.len()));
    }
    for (i, (name, value)) in tags.iter().enumerate() {
        let refuse = |reason: String| PublicFormError::Tag {
            tag: shortened(name, 40),
            reason,
        };
        let mut chars = name.chars();
        let well_named = chars.next().is_some_and(|c| c.is_ascii_alphabetic())
            && chars.all(|c| c.is_ascii_alphanumeric() || c == '_');
        if !well_named {
            return Err(refuse(
                "a name is a letter, then letters, digits or _".into(),
            ));
        }
        if tags[..i].iter().any(|(n, _)| n == name) {
            return Err(refuse("it appears twice".into()));
        }
        if value.contains(['\r', '\n']) {
            return Err(refuse("its value holds a line break".into()));
        }
        let escapes = value.chars().filter(|&c| c == '"' || c == '\\').count();
        let units = value.encode_utf16().count();
        if units + escapes > PUBLIC_MAX_VALUE_UNITS {
            return Err(refuse(format!(
                "its value is longer than {PUBLIC_MAX_VALUE_UNITS} characters"
            )));
        }
        if PUBLIC_DESCRIPTIVE_TAGS.contains(&name.as_str()) {
            if units > PUBLIC_MAX_DESCRIPTIVE_UNITS {
                return Err(refuse(format!(
                    "its value is longer than {PUBLIC_MAX_DESCRIPTIVE_UNITS} characters"
                )));
            }
            if value.chars().any(|c| c <= '\u{1f}' || c == '\u{7f}') {
                return Err(refuse("its value holds a control character".into()));
            }
        }
    }
    Ok(())
}

/// At most `limit` characters of `text`, with `…` when cut.
fn shortened(text: &str, limit: usize) -> String {
    if text.chars().count() <= limit {
        text.to_string()
    } else {
        let mut s: String = text.chars().take(limit).collect();
        s.push('…');
        s
    }
}
