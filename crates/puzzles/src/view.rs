//! The puzzles as every host shows them (the server's JSON and the browser's module
//! answer the same): the catalogue of sets, a puzzle to solve with its screen (never its
//! solution), the verdict on moves, a hint, the solution with a screen per move, and the
//! ratings around an attempt. Plain data, serialized by the hosts.

use crate::judge::{self, PuzzleError, Verdict};
use crate::{sets, theme_rank, theme_title, Puzzle};
use rating::Rating;
use rules::lessons::view::CheckStatus;
use rules::lessons::{position_screen, AttemptError};
use rules::screen::Screen;
use rules::{Color, RuleSet, Variant};
use std::collections::BTreeMap;

/// A theme of a set and how many of its puzzles have it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ThemeCount {
    pub id: String,
    /// For people: `Mate in 2`, `Fork`.
    pub title: String,
    pub count: u32,
}

/// One set as listed.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PuzzleSetEntry {
    pub id: String,
    pub variant: Variant,
    pub rules: Option<RuleSet>,
    pub options: Vec<String>,
    /// For people: `Tri-D (Federation)`.
    pub title: String,
    /// Puzzles in the set (0 until it is filled).
    pub count: u32,
    /// The themes its puzzles have: mates first, then the others.
    pub themes: Vec<ThemeCount>,
}

/// `GET /api/puzzles`: every set, in a fixed order.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PuzzleCatalogue {
    pub sets: Vec<PuzzleSetEntry>,
}

/// A rating as players see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RatingView {
    /// Rounded.
    pub rating: i32,
    /// Rounded.
    pub deviation: i32,
    /// Still uncertain (a deviation above the rating crate's provisional bound).
    pub provisional: bool,
}

impl From<Rating> for RatingView {
    fn from(r: Rating) -> RatingView {
        RatingView {
            rating: r.rating.round() as i32,
            deviation: r.deviation.round() as i32,
            provisional: r.is_provisional(),
        }
    }
}

/// A rating in full, as a host that keeps it stores it (the browser's localStorage).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(deny_unknown_fields)
)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RatingState {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

impl From<Rating> for RatingState {
    fn from(r: Rating) -> RatingState {
        RatingState {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        }
    }
}

impl From<RatingState> for Rating {
    fn from(r: RatingState) -> Rating {
        Rating {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        }
    }
}

/// Where a puzzle came from (the miner's seed, game and half-move).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SourceView {
    pub seed: u64,
    pub game: u32,
    pub ply: u32,
}

/// One puzzle to solve: its position as a screen, legal moves listed. The solution is
/// not in it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PuzzleView {
    pub id: String,
    pub set: String,
    pub variant: Variant,
    pub rules: Option<RuleSet>,
    pub options: Vec<String>,
    /// `white` or `black`: the solver, who sits at the bottom.
    pub side: String,
    /// `material` or `mate-in-N`.
    pub kind: String,
    pub mate_in: Option<u32>,
    pub themes: Vec<String>,
    /// The puzzle's current rating.
    pub rating: RatingView,
    /// How many moves the solver must find.
    pub solver_moves: u32,
    pub source: SourceView,
    pub screen: Screen,
}

/// `POST /api/puzzles/{id}/check`: the verdict on the moves (the solver's, with the
/// replies given between them).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PuzzleCheck {
    pub status: CheckStatus,
    pub message: String,
    /// The opponent's reply, when it goes on.
    pub reply: Option<String>,
    /// The right move's token, when missed.
    pub expected: Option<String>,
    /// The position after the moves (and the reply; after a miss, the wrong move), legal
    /// moves listed while it goes on.
    pub screen: Screen,
}

/// `GET /api/puzzles/{id}/solution`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PuzzleSolution {
    /// The solution's tokens, the solver's first.
    pub moves: Vec<String>,
    /// The position before the first move and after each: one more than `moves`.
    pub screens: Vec<Screen>,
}

/// `POST /api/puzzles/{id}/hint`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PuzzleHint {
    /// Where the next solver move starts (an attack board's name for a board move).
    pub square: String,
    pub text: String,
}

/// `POST /api/puzzles/{id}/attempt`: the attempt judged and, on a first attempt, rated.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PuzzleAttemptResult {
    pub solved: bool,
    /// Only a player's first attempt at a puzzle is rated.
    pub rated: bool,
    pub player_before: RatingView,
    pub player: RatingView,
    pub puzzle: RatingView,
}

/// A player's rating in one set.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SetRating {
    pub set: String,
    pub rating: RatingView,
    pub attempts: u32,
    pub solved: u32,
}

/// One attempt in a player's history.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct AttemptEntry {
    pub puzzle: String,
    pub set: String,
    pub solved: bool,
    pub rated: bool,
    /// The player's set rating after it (rounded).
    pub rating_after: i32,
    pub at_ms: i64,
}

/// `GET /api/puzzles/me`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PlayerPuzzles {
    pub ratings: Vec<SetRating>,
    /// Newest first, at most 200.
    pub history: Vec<AttemptEntry>,
}

/// Every set with its count and themes.
pub fn catalogue() -> PuzzleCatalogue {
    PuzzleCatalogue {
        sets: sets()
            .iter()
            .map(|s| {
                let mut counts: BTreeMap<&str, u32> = BTreeMap::new();
                for t in s.puzzles.iter().flat_map(|p| p.themes.iter()) {
                    *counts.entry(t.as_str()).or_default() += 1;
                }
                let mut themes: Vec<ThemeCount> = counts
                    .into_iter()
                    .map(|(id, count)| ThemeCount {
                        id: id.to_string(),
                        title: theme_title(id),
                        count,
                    })
                    .collect();
                themes.sort_by_key(|t| theme_rank(&t.id));
                PuzzleSetEntry {
                    id: s.id.clone(),
                    variant: s.setup.variant(),
                    rules: s.setup.rules_if_any(),
                    options: options_of(s.setup),
                    title: s.title.clone(),
                    count: s.puzzles.len() as u32,
                    themes,
                }
            })
            .collect(),
    }
}

/// A puzzle to solve, with its current `rating`. An error is a defect in the set.
pub fn puzzle_view(p: &Puzzle, rating: Rating) -> Result<PuzzleView, PuzzleError> {
    Ok(PuzzleView {
        id: p.id.clone(),
        set: p.set.clone(),
        variant: p.setup.variant(),
        rules: p.setup.rules_if_any(),
        options: options_of(p.setup),
        side: side_id(p.side).to_string(),
        kind: p.kind.clone(),
        mate_in: p.mate_in,
        themes: p.themes.clone(),
        rating: rating.into(),
        solver_moves: p.solver_moves() as u32,
        source: SourceView {
            seed: p.source.seed,
            game: p.source.game,
            ply: p.source.ply,
        },
        screen: screen(p, &[], true)?,
    })
}

/// Judges the moves (the solver's, with the replies given between them) and plays them
/// out for the screen. A move that is not legal is an error naming it; a legal wrong move
/// is `missed`, with the right one in `expected`.
pub fn check(p: &Puzzle, moves: &[&str]) -> Result<PuzzleCheck, PuzzleError> {
    let judged = judge::judge(p, moves)?;
    let (status, reply, expected) = match judged.verdict {
        Verdict::Solved => (CheckStatus::Solved, None, None),
        Verdict::Continue { reply } => (CheckStatus::Continue, Some(reply), None),
        Verdict::Missed { expected } => (CheckStatus::Missed, None, Some(expected)),
    };
    let played: Vec<&str> = moves[..judged.played]
        .iter()
        .copied()
        .chain(reply.as_deref())
        .collect();
    let screen = screen(p, &played, status == CheckStatus::Continue)?;
    Ok(PuzzleCheck {
        status,
        message: judged.message,
        reply,
        expected,
        screen,
    })
}

/// The solution, with the position before it and after each move.
pub fn solution(p: &Puzzle) -> Result<PuzzleSolution, PuzzleError> {
    let tokens: Vec<&str> = p.solution.iter().map(String::as_str).collect();
    let screens = (0..=tokens.len())
        .map(|n| screen(p, &tokens[..n], false))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| match e {
            // The solution's own moves: a defect in the set.
            PuzzleError::Move { index, error } => PuzzleError::Solution {
                id: p.id.clone(),
                index,
                error,
            },
            e => e,
        })?;
    Ok(PuzzleSolution {
        moves: p.solution.clone(),
        screens,
    })
}

/// Where the next solver move starts, after the moves so far (each solver move of the
/// solution with its reply; none at the start).
pub fn hint(p: &Puzzle, moves: &[&str]) -> Result<PuzzleHint, PuzzleError> {
    let h = judge::hint(p, moves)?;
    Ok(PuzzleHint {
        square: h.square,
        text: h.text,
    })
}

fn options_of(setup: rules::Setup) -> Vec<String> {
    setup
        .options()
        .ids()
        .into_iter()
        .map(String::from)
        .collect()
}

fn side_id(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// The screen after `moves` (already judged legal), as the lessons show theirs.
fn screen(p: &Puzzle, moves: &[&str], with_moves: bool) -> Result<Screen, PuzzleError> {
    position_screen(&p.setup, &p.position, moves, with_moves).map_err(|e| match e {
        AttemptError::Position(error) => PuzzleError::Position {
            id: p.id.clone(),
            error,
        },
        AttemptError::Move { index, error } => PuzzleError::Move { index, error },
        // The setup is a set's (always valid) and no move count is judged here.
        AttemptError::Setup(_) | AttemptError::MoveCount { .. } => PuzzleError::MoveCount {
            given: moves.len(),
            expected: e.to_string(),
        },
    })
}
