//! Tactics puzzles: positions from self-play games with exactly one winning line (a mate
//! in at most four, or a decisive gain of material), mined by the engine's puzzle miner
//! and committed as one JSON-lines file per set-up (`sets/<set-id>.jsonl`).
//!
//! This crate is pure: the sets are embedded in the binary and read once, the rules judge
//! a player's moves, and the `rating` crate rates an attempt as one Glicko-2 game between
//! the player and the puzzle. Hosts (the server, the WebAssembly module) keep the ratings
//! and the attempts; nothing here does I/O.
//!
//! # API
//!
//! - [`sets`], [`set`], [`find`]: the seven sets in a fixed order, each with its setup,
//!   title and puzzles; a puzzle by id.
//! - [`solved`]: whether moves solve a puzzle; [`view`] has the verdict on an attempt with
//!   its screen ([`view::check`]), hints, solutions and the catalogue, as every host sends
//!   them.
//! - [`choose`] / [`choose_by`]: the next puzzle near a rating, not yet seen;
//!   [`daily`]: the day's puzzle of a set.
//! - [`starting_rating`], [`rate`] / [`try_rate`]: puzzle ratings.

#![forbid(unsafe_code)]

mod judge;
mod load;
mod pick;
pub mod view;

pub use judge::{solved, PuzzleError};
pub use load::{load_errors, parse_set, LoadError};
pub use pick::{choose, choose_by, daily, fnv};

use rating::{Rating, RatingError};
use rules::{Color, Setup};

/// The set ids, in the catalogue's order.
pub const SET_IDS: [&str; 7] = [
    "stacked",
    "trid-federation",
    "trid-meder",
    "trid-stepwise",
    "quadlevel",
    "quadlevel-destroy-both-kings",
    "fourfold",
];

/// Most moves an attempt, a check or a hint may carry (the longest solution, a mate in
/// four, has seven; hosts refuse longer lists before asking).
pub const MAX_MOVES: usize = 16;

/// Longest puzzle id accepted (hosts refuse longer ones before looking).
pub const MAX_ID_LEN: usize = 64;

/// A new puzzle's rating deviation and volatility: surer than a new player's (the miner's
/// estimate says something), still free to move quickly.
pub const PUZZLE_DEVIATION: f64 = 250.0;
pub const PUZZLE_VOLATILITY: f64 = 0.06;

/// Where a puzzle came from: the miner's seed, the game it played with it, the half-move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Source {
    pub seed: u64,
    pub game: u32,
    pub ply: u32,
}

/// One puzzle.
#[derive(Clone, Debug, PartialEq)]
pub struct Puzzle {
    /// `<set>-` and ten hex digits of a hash of the position: stable, URL-safe.
    pub id: String,
    /// The set's id.
    pub set: String,
    pub setup: Setup,
    /// The position string; the solver is the side to move.
    pub position: String,
    /// The solver.
    pub side: Color,
    /// Move tokens: the solver's moves, first and last, the opponent's replies between.
    pub solution: Vec<String>,
    /// `material` or `mate-in-N`.
    pub kind: String,
    pub mate_in: Option<u32>,
    /// Material won, in pawns (material puzzles).
    pub gain_pawns: Option<i32>,
    /// Theme ids (`fork`, `mate-in-2`, ...); opaque, see [`theme_title`].
    pub themes: Vec<String>,
    /// The puzzle's rating before any attempt (the miner's estimate of its difficulty).
    pub rating: f64,
    pub source: Source,
}

impl Puzzle {
    /// How many moves the solver must find.
    pub fn solver_moves(&self) -> usize {
        self.solution.len().div_ceil(2)
    }
}

/// One set: every puzzle of one set-up.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleSet {
    pub id: String,
    pub setup: Setup,
    /// For people: `Tri-D (Federation)`.
    pub title: String,
    pub puzzles: Vec<Puzzle>,
}

/// The seven sets, in the order of [`SET_IDS`] (an empty set has no puzzles yet).
pub fn sets() -> &'static [PuzzleSet] {
    load::loaded()
}

/// The set with this id.
pub fn set(id: &str) -> Option<&'static PuzzleSet> {
    sets().iter().find(|s| s.id == id)
}

/// The puzzle with this id (its set is named by the id's prefix).
pub fn find(id: &str) -> Option<&'static Puzzle> {
    sets()
        .iter()
        .filter(|s| id.starts_with(s.id.as_str()))
        .flat_map(|s| s.puzzles.iter())
        .find(|p| p.id == id)
}

/// A theme for people: `Mate in 2`, `Fork`, `Attack-board move`. Unknown ids are
/// written out from their words.
pub fn theme_title(id: &str) -> String {
    let known = match id {
        "capture" => "Capture",
        "check" => "Check",
        "cross-board" => "Across the boards",
        "promotion" => "Promotion",
        "fork" => "Fork",
        "pin" => "Pin",
        "skewer" => "Skewer",
        "discovered-attack" => "Discovered attack",
        "attack-board-move" => "Attack-board move",
        "sacrifice" => "Sacrifice",
        _ => "",
    };
    if !known.is_empty() {
        return known.to_string();
    }
    if let Some(n) = id.strip_prefix("mate-in-") {
        return format!("Mate in {n}");
    }
    let words = id.replace('-', " ");
    let mut chars = words.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The order themes are listed in: mates first, then the known themes, then others.
pub(crate) fn theme_rank(id: &str) -> (usize, String) {
    const KNOWN: [&str; 10] = [
        "capture",
        "check",
        "fork",
        "pin",
        "skewer",
        "discovered-attack",
        "sacrifice",
        "promotion",
        "cross-board",
        "attack-board-move",
    ];
    if id.starts_with("mate-in-") {
        return (0, id.to_string());
    }
    match KNOWN.iter().position(|k| *k == id) {
        Some(i) => (1 + i, String::new()),
        None => (1 + KNOWN.len(), id.to_string()),
    }
}

/// A puzzle's rating before any attempt: its seed rating, deviation
/// [`PUZZLE_DEVIATION`], volatility [`PUZZLE_VOLATILITY`] (within the rating crate's
/// bounds).
pub fn starting_rating(p: &Puzzle) -> Rating {
    Rating {
        rating: p.rating.clamp(rating::MIN_RATING, rating::MAX_RATING),
        deviation: PUZZLE_DEVIATION,
        volatility: PUZZLE_VOLATILITY,
    }
}

/// One attempt as one Glicko-2 game ([`rating::rate_game`]): the player "wins" when the
/// puzzle was solved, else the puzzle does. Both ratings after it, player first.
/// Ratings outside the rating crate's bounds are an error naming the field.
pub fn try_rate(
    player: Rating,
    puzzle: Rating,
    solved: bool,
) -> Result<(Rating, Rating), RatingError> {
    let score = if solved { 1.0 } else { 0.0 };
    rating::rate_game(player, puzzle, score).map_err(|e| RatingError {
        // rate_game names its sides white and black.
        field: e
            .field
            .replacen("white", "player", 1)
            .replacen("black", "puzzle", 1),
        ..e
    })
}

/// [`try_rate`] for ratings a host stored (every one came from [`starting_rating`], a
/// new player's default or an earlier rating): a rating outside the bounds, which only a
/// damaged store could hold, is first brought within them.
pub fn rate(player: Rating, puzzle: Rating, solved: bool) -> (Rating, Rating) {
    let (player, puzzle) = (within_bounds(player), within_bounds(puzzle));
    try_rate(player, puzzle, solved).unwrap_or((player, puzzle))
}

/// The nearest rating the rating crate accepts (a non-finite number: a new player's).
fn within_bounds(r: Rating) -> Rating {
    let fresh = Rating::default();
    let fix = |v: f64, lo: f64, hi: f64, default: f64| {
        if v.is_finite() {
            v.clamp(lo, hi)
        } else {
            default
        }
    };
    Rating {
        rating: fix(
            r.rating,
            rating::MIN_RATING,
            rating::MAX_RATING,
            fresh.rating,
        ),
        deviation: fix(
            r.deviation,
            rating::MIN_DEVIATION,
            rating::MAX_DEVIATION,
            fresh.deviation,
        ),
        volatility: fix(
            r.volatility,
            rating::MIN_VOLATILITY,
            rating::MAX_VOLATILITY,
            fresh.volatility,
        ),
    }
}

#[cfg(test)]
mod tests;
