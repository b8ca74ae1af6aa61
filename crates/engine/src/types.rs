//! The engine's plain data, shared by its interface ([`crate::api`]), the search, the
//! Oracle and the time manager: levels, limits, settings, scores, progress, results and
//! the Oracle's reports.

use rules::catalogue::{DEFAULT_LEVEL, LEVEL_DEPTHS, LEVEL_MAX_ID};
use std::time::Duration;

/// The opponent's strength: look-ahead in plies (1–6), or Max (deepens until its budget ends).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    Depth(u8),
    Max,
}

impl Level {
    /// The level a game gets when none is asked for.
    pub const DEFAULT: Level = Level::Depth(DEFAULT_LEVEL);

    /// The identifier used by the API and the store: the depth, or `max`.
    pub fn id(self) -> String {
        match self {
            Level::Depth(d) => d.to_string(),
            Level::Max => LEVEL_MAX_ID.to_string(),
        }
    }

    /// The level with this identifier (a depth in the catalogue's range, or `max`).
    pub fn from_id(s: &str) -> Option<Level> {
        if s == LEVEL_MAX_ID {
            return Some(Level::Max);
        }
        s.parse::<u8>().ok().and_then(Level::from_depth)
    }

    /// The level of a look-ahead depth, if the catalogue offers it.
    pub fn from_depth(d: u8) -> Option<Level> {
        LEVEL_DEPTHS.contains(&d).then_some(Level::Depth(d))
    }
}

/// A game clock as seen by the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    pub remaining: Duration,
    pub increment: Duration,
}

/// What bounds a search. Every bound that is set applies; without `movetime` or `clock`
/// the 15 s default applies, and `cap` bounds the time whatever they say.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime: Option<Duration>,
    pub clock: Option<Clock>,
    /// A ceiling on the search's time whatever `movetime` or `clock` allow: the
    /// opponent levels set it (a long game clock must not let one move hold a search
    /// for hours); the text protocol leaves it unset.
    pub cap: Option<Duration>,
}

impl Limits {
    /// The limits of an opponent level, with an optional game clock.
    pub fn for_level(level: Level, clock: Option<Clock>) -> Limits {
        Limits {
            depth: match level {
                Level::Depth(d) => Some(d as u32),
                Level::Max => None,
            },
            nodes: None,
            movetime: None,
            clock,
            cap: Some(crate::time::MOVE_CAP),
        }
    }
}

/// A score from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns.
    Cp(i32),
    /// Mate in this many moves (positive: the side to move mates; negative: is mated).
    Mate(i32),
}

/// A mate in pawns: ±100, less a hundredth per move to the mate, so that a nearer mate
/// is bigger and every mate outweighs any material.
pub const MATE_PAWNS: f64 = 100.0;

impl Score {
    /// This score (from `side`'s point of view) in pawns from White's side, rounded to
    /// hundredths; a mate in `n` is ±(100 − n/100). The one mapping from scores to the
    /// pawns people see: every host's views and the move record use it.
    pub fn pawns_for_white(self, side: rules::Color) -> f64 {
        let pawns = match self {
            Score::Cp(cp) => f64::from(cp) / 100.0,
            Score::Mate(n) if n > 0 => MATE_PAWNS - f64::from(n) * 0.01,
            Score::Mate(n) => -MATE_PAWNS - f64::from(n) * 0.01,
        };
        let pawns = (pawns * 100.0).round() / 100.0;
        match side {
            rules::Color::White => pawns,
            rules::Color::Black => -pawns,
        }
    }
}

/// Search progress, sent after each completed iteration (and periodically).
#[derive(Clone, Debug, PartialEq)]
pub struct Progress {
    pub depth: u32,
    pub score: Score,
    /// The principal variation as move tokens.
    pub pv: Vec<String>,
    pub nodes: u64,
    pub elapsed: Duration,
    /// The time the search allotted itself.
    pub budget: Duration,
}

/// The final result of a search.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    /// The best move's token; `None` only when there is no legal move.
    pub best: Option<String>,
    pub score: Score,
    pub depth: u32,
    pub pv: Vec<String>,
    pub nodes: u64,
    pub elapsed: Duration,
}

/// One of an analysis's best lines.
#[derive(Clone, Debug, PartialEq)]
pub struct AnalysisLine {
    /// From the side to move's point of view.
    pub score: Score,
    /// The line as move tokens, its first move first.
    pub pv: Vec<String>,
}

/// An analysis's progress after each completed iteration: the best lines, best first.
#[derive(Clone, Debug, PartialEq)]
pub struct AnalysisReport {
    pub depth: u32,
    pub nodes: u64,
    pub elapsed: Duration,
    pub lines: Vec<AnalysisLine>,
}

/// The most lines an analysis may ask for.
pub const MAX_ANALYSIS_LINES: usize = 8;

/// Engine settings shared by searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    pub threads: usize,
    pub hash_mb: usize,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            hash_mb: 64,
        }
    }
}

/// Random variety at the opponent's levels: root moves within this many centipawns of
/// the best are taken at random.
pub const LEVEL_VARIETY: i32 = 8;

/// Search switches beyond [`Limits`], for the text protocol and tools.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchOptions {
    /// Random root variety in centipawns (0: deterministic with one thread).
    pub vary: i32,
    /// No time cap at all (the protocol's `go infinite`): runs until stopped.
    pub infinite: bool,
    /// Seed for the variety (0: from the clock).
    pub seed: u64,
    /// Play as the plain baseline (fixed-depth alpha-beta, material only; see
    /// [`crate::plain`]) instead of the engine: for strength measurements.
    pub plain: bool,
}

/// Ahead means more than this many centipawns by the engine's evaluation (draw offers,
/// the Oracle's repetition rule).
pub const AHEAD_MARGIN: i32 = 50;

/// The Oracle's verdict on one root move.
#[derive(Clone, Debug, PartialEq)]
pub struct OracleMove {
    pub token: String,
    /// From the player's (side to move's) point of view.
    pub score: Score,
    pub depth: u32,
    pub tag: OracleTag,
    pub line: Vec<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OracleTag {
    /// An ordinary evaluation (amber).
    Eval,
    /// Forces mate in N (green).
    Mate(u32),
    /// Gets mated in N against best play (red).
    Mated(u32),
    /// Brings the same position up a third time.
    DrawRepetition,
    /// Lets the opponent reply with a third repetition.
    AllowsRepetition,
}

/// The Oracle's report so far: every legal move, best first.
#[derive(Clone, Debug, PartialEq)]
pub struct OracleReport {
    pub moves: Vec<OracleMove>,
    pub done: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_round_trip_and_stay_in_the_catalogue_range() {
        for l in [Level::Depth(1), Level::Depth(6), Level::Max, Level::DEFAULT] {
            assert_eq!(Level::from_id(&l.id()), Some(l));
        }
        assert_eq!(Level::from_id("7"), None);
        assert_eq!(Level::from_id("0"), None);
        assert_eq!(Level::from_id("deep"), None);
    }
}
