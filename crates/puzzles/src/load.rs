//! Reading the committed sets: one JSON object per line (the miner's output with the
//! set, id and seed rating added). The files are embedded; they are read once, on first
//! use. A line that does not read is left out and kept as a [`LoadError`] — a defect the
//! unit tests catch, never a panic in a host.

use crate::{Puzzle, PuzzleSet, Source, MAX_ID_LEN, MAX_MOVES, SET_IDS};
use rules::{Color, GameOption, Options, RuleSet, Setup, Variant};
use serde::Deserialize;
use std::collections::BTreeSet;
use std::fmt;
use std::sync::OnceLock;

/// A set's definition: its setup and its embedded file.
struct SetFile {
    id: &'static str,
    variant: Variant,
    rules: Option<RuleSet>,
    options: Options,
    text: &'static str,
}

const NO_OPTIONS: Options = Options {
    rook_pawns: false,
    destroy_both_kings: false,
};

const FILES: [SetFile; 7] = [
    SetFile {
        id: SET_IDS[0],
        variant: Variant::Stacked,
        rules: None,
        options: NO_OPTIONS,
        text: include_str!("../sets/stacked.jsonl"),
    },
    SetFile {
        id: SET_IDS[1],
        variant: Variant::Trid,
        rules: Some(RuleSet::Federation),
        options: NO_OPTIONS,
        text: include_str!("../sets/trid-federation.jsonl"),
    },
    SetFile {
        id: SET_IDS[2],
        variant: Variant::Trid,
        rules: Some(RuleSet::Meder),
        options: NO_OPTIONS,
        text: include_str!("../sets/trid-meder.jsonl"),
    },
    SetFile {
        id: SET_IDS[3],
        variant: Variant::Trid,
        rules: Some(RuleSet::Stepwise),
        options: NO_OPTIONS,
        text: include_str!("../sets/trid-stepwise.jsonl"),
    },
    SetFile {
        id: SET_IDS[4],
        variant: Variant::Quadlevel,
        rules: None,
        options: NO_OPTIONS,
        text: include_str!("../sets/quadlevel.jsonl"),
    },
    SetFile {
        id: SET_IDS[5],
        variant: Variant::Quadlevel,
        rules: None,
        options: Options {
            rook_pawns: false,
            destroy_both_kings: true,
        },
        text: include_str!("../sets/quadlevel-destroy-both-kings.jsonl"),
    },
    SetFile {
        id: SET_IDS[6],
        variant: Variant::Fourfold,
        rules: None,
        options: NO_OPTIONS,
        text: include_str!("../sets/fourfold.jsonl"),
    },
];

/// A line of a set file that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadError {
    pub set: String,
    /// From 1.
    pub line: usize,
    pub message: String,
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "sets/{}.jsonl line {}: {}",
            self.set, self.line, self.message
        )
    }
}

impl std::error::Error for LoadError {}

/// One line as the miner writes it (keys sorted); keys added later are ignored.
#[derive(Deserialize)]
struct Line {
    id: String,
    set: String,
    variant: String,
    rules: Option<String>,
    options: Vec<String>,
    position: String,
    side: String,
    solution: Vec<String>,
    kind: String,
    mate_in: Option<u32>,
    gain_pawns: Option<i32>,
    themes: Vec<String>,
    rating: f64,
    source: LineSource,
}

#[derive(Deserialize)]
struct LineSource {
    seed: u64,
    game: u32,
    ply: u32,
}

struct Loaded {
    sets: Vec<PuzzleSet>,
    errors: Vec<LoadError>,
}

fn load() -> &'static Loaded {
    static LOADED: OnceLock<Loaded> = OnceLock::new();
    LOADED.get_or_init(|| {
        let mut errors = Vec::new();
        let mut ids = BTreeSet::new();
        let sets = FILES
            .iter()
            .map(|file| {
                let setup = setup_of(file);
                let mut puzzles = Vec::new();
                for (line, result) in parse_lines(file.id, setup, file.text) {
                    match result {
                        Ok(p) if !ids.insert(p.id.clone()) => errors.push(LoadError {
                            set: file.id.to_string(),
                            line,
                            message: format!("id {} is used twice", p.id),
                        }),
                        Ok(p) => puzzles.push(p),
                        Err(e) => errors.push(e),
                    }
                }
                PuzzleSet {
                    id: file.id.to_string(),
                    setup,
                    title: title_of(&setup),
                    puzzles,
                }
            })
            .collect();
        Loaded { sets, errors }
    })
}

pub(crate) fn loaded() -> &'static [PuzzleSet] {
    &load().sets
}

/// The lines of the embedded sets that could not be read (none: a unit test says so).
pub fn load_errors() -> &'static [LoadError] {
    &load().errors
}

/// Reads a set file's text as the embedded ones are read: the set's puzzles, or the
/// first line that does not read. For checking a new file before it is committed.
pub fn parse_set(set_id: &str, text: &str) -> Result<Vec<Puzzle>, LoadError> {
    let file = FILES
        .iter()
        .find(|f| f.id == set_id)
        .ok_or_else(|| LoadError {
            set: set_id.to_string(),
            line: 0,
            message: format!("no set {set_id:?}; the sets are {}", SET_IDS.join(", ")),
        })?;
    parse_lines(file.id, setup_of(file), text)
        .map(|(_, r)| r)
        .collect()
}

fn setup_of(file: &SetFile) -> Setup {
    // The table above is fixed and consistent; a test checks every entry.
    Setup::new(file.variant, file.rules, file.options).unwrap_or(Setup::standard(file.variant))
}

/// `Tri-D (Federation)`, `Quadlevel (Destroy both kings)`, `Fourfold`.
fn title_of(setup: &Setup) -> String {
    let mut extras: Vec<&str> = setup
        .rules_if_any()
        .map(RuleSet::title)
        .into_iter()
        .collect();
    extras.extend(setup.options().on().map(GameOption::title));
    if extras.is_empty() {
        setup.variant().title().to_string()
    } else {
        format!("{} ({})", setup.variant().title(), extras.join(", "))
    }
}

/// Every non-blank line with its number (from 1), read.
fn parse_lines<'a>(
    set_id: &'a str,
    setup: Setup,
    text: &'a str,
) -> impl Iterator<Item = (usize, Result<Puzzle, LoadError>)> + 'a {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(move |(i, l)| {
            let read = parse_line(set_id, setup, l).map_err(|message| LoadError {
                set: set_id.to_string(),
                line: i + 1,
                message,
            });
            (i + 1, read)
        })
}

fn parse_line(set_id: &str, setup: Setup, text: &str) -> Result<Puzzle, String> {
    let l: Line = serde_json::from_str(text).map_err(|e| e.to_string())?;
    if l.set != set_id {
        return Err(format!("set {:?} in the file of set {set_id:?}", l.set));
    }
    if l.id.is_empty()
        || l.id.len() > MAX_ID_LEN
        || !l.id.starts_with(&format!("{set_id}-"))
        || !l.id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
    {
        return Err(format!(
            "id {:?} is not {set_id}- and letters, digits or dashes, at most {MAX_ID_LEN} in all",
            l.id
        ));
    }
    let options: Vec<&str> = l.options.iter().map(String::as_str).collect();
    let own = Setup::from_ids(&l.variant, l.rules.as_deref(), &options)
        .map_err(|e| format!("{}: {e}", l.id))?;
    if own != setup {
        return Err(format!("{}: setup {own} is not the set's {setup}", l.id));
    }
    let side = match l.side.as_str() {
        "white" => Color::White,
        "black" => Color::Black,
        other => return Err(format!("{}: side {other:?} is not white or black", l.id)),
    };
    if l.solution.is_empty() || l.solution.len() > MAX_MOVES || l.solution.len() & 1 == 0 {
        return Err(format!(
            "{}: a solution of {} moves (an odd number from 1 to {MAX_MOVES})",
            l.id,
            l.solution.len()
        ));
    }
    let mate_kind = l.mate_in.map(|n| format!("mate-in-{n}"));
    let kind_ok = match &mate_kind {
        Some(k) => {
            *k == l.kind
                && l.mate_in.and_then(|n| (2 * n as usize).checked_sub(1)) == Some(l.solution.len())
        }
        None => l.kind == "material",
    };
    if !kind_ok {
        return Err(format!(
            "{}: kind {:?} with mate_in {:?} and {} solution moves do not agree",
            l.id,
            l.kind,
            l.mate_in,
            l.solution.len()
        ));
    }
    if !(l.rating.is_finite() && (rating::MIN_RATING..=rating::MAX_RATING).contains(&l.rating)) {
        return Err(format!("{}: rating {} is out of range", l.id, l.rating));
    }
    Ok(Puzzle {
        id: l.id,
        set: l.set,
        setup,
        position: l.position,
        side,
        solution: l.solution,
        kind: l.kind,
        mate_in: l.mate_in,
        gain_pawns: l.gain_pawns,
        themes: l.themes,
        rating: l.rating,
        source: Source {
            seed: l.source.seed,
            game: l.source.game,
            ply: l.source.ply,
        },
    })
}
