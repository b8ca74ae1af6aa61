//! The puzzle miner: scans a game's positions for tactics with exactly one winning
//! move, and works out each one's solution line.
//!
//! A position is a puzzle when its side to move (the solver) has one move that wins and
//! no other that does, by a fixed-depth multi-PV search (two lines) at depth D and again
//! at D+1 (the deeper search must agree on the move and the verdict):
//!
//! - a forced mate: the best line mates in N moves, N at most [`MAX_SOLVER_MOVES`], and
//!   the second best does not mate in N or fewer (a slower mate does not solve a mate in
//!   N);
//! - a decisive material gain: the best line scores at least [`WIN_CP`] and the second at
//!   most [`SECOND_MAX_CP`], and the solution line really gains [`MIN_GAIN_PAWNS`] or more
//!   by the usual piece values, counted from before the opponent's last move (a mere
//!   recapture gains nothing).
//!
//! The opponent's replies are the engine's best at D+1; every later solver move must be
//! unique in the same sense (a mate line that stops being unique is refused; a material
//! line ends at its last unique move). Searches are fixed-depth on one thread with a
//! fixed seed and no time limit: the same game gives the same puzzles on any machine.

use crate::eval::Evaluate;
use crate::score::{self, Value};
use crate::search::{self, Line, Params, Shared};
use crate::tt::table_of_size;
use crate::types::Score;
use rules::any::AnyGame;
use rules::{dispatch, Color, Game, GameStatus, Mover, PieceKind, Position};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// The best move must score at least this (centipawns, solver's view) to win material.
pub const WIN_CP: Value = 300;
/// ... while the second-best move scores at most this: every other move lets the win go.
pub const SECOND_MAX_CP: Value = 100;
/// The material the solution line must gain, in pawns (pawn 1, knight and bishop 3, rook
/// 5, queen 9), from before the opponent's last move to after the opponent's reply to the
/// last solver move.
pub const MIN_GAIN_PAWNS: i32 = 2;
/// The most solver moves in a solution (a mate in more is not a puzzle here).
pub const MAX_SOLVER_MOVES: usize = 4;
/// The deepest search depth D accepted (the confirmation searches D+1).
pub const MAX_DEPTH: u32 = 12;
/// Each search's transposition table (a fresh one per search keeps results independent
/// of what was searched before).
const TABLE_MB: usize = 4;

/// What kind of win a puzzle asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzleKind {
    /// Mate in this many solver moves.
    Mate(u32),
    /// A gain of this many pawns of material.
    Material(i32),
}

impl PuzzleKind {
    /// `mate-in-N` or `material`.
    pub fn id(self) -> String {
        match self {
            PuzzleKind::Mate(n) => format!("mate-in-{n}"),
            PuzzleKind::Material(_) => "material".to_string(),
        }
    }
}

/// What the rules tell cheaply about a puzzle's key (first) move, or its line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Theme {
    /// The line ends in mate in this many solver moves.
    MateIn(u32),
    /// A solver move of the line promotes.
    Promotion,
    /// The key move captures.
    Capture,
    /// The key move gives check.
    Check,
    /// The key move's piece lands on another board or level than it left.
    CrossBoard,
}

impl Theme {
    /// `mate-in-N`, `promotion`, `capture`, `check` or `cross-board`.
    pub fn id(self) -> String {
        match self {
            Theme::MateIn(n) => format!("mate-in-{n}"),
            Theme::Promotion => "promotion".to_string(),
            Theme::Capture => "capture".to_string(),
            Theme::Check => "check".to_string(),
            Theme::CrossBoard => "cross-board".to_string(),
        }
    }
}

/// One mined puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The position string (the rules' format) before the key move.
    pub position: String,
    /// The solver: the side to move.
    pub side: Color,
    /// Move tokens, the solver's and the opponent's replies alternating; solver first
    /// and last.
    pub solution: Vec<String>,
    pub kind: PuzzleKind,
    pub themes: Vec<Theme>,
    /// The game it came from (the caller's index) and the ply of its position.
    pub game: usize,
    pub ply: usize,
}

/// A position's single winning move as the criteria judge two best lines' scores.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Win {
    /// Mate in this many moves.
    Mate(u32),
    /// A decisive gain (no mate).
    Gain,
}

/// The criteria on the scores (solver's view) of the best and second-best moves; no
/// second when the best is the only legal move.
pub fn unique_win(best: Value, second: Option<Value>) -> Option<Win> {
    let mates_within =
        |v: Value, n: i32| matches!(score::to_api(v), Score::Mate(m) if m > 0 && m <= n);
    match score::to_api(best) {
        Score::Mate(n) if n > 0 => {
            let unique = !second.is_some_and(|s| mates_within(s, n));
            (n as usize <= MAX_SOLVER_MOVES && unique).then_some(Win::Mate(n as u32))
        }
        Score::Mate(_) => None,
        Score::Cp(cp) => {
            (cp >= WIN_CP && second.is_none_or(|s| s <= SECOND_MAX_CP)).then_some(Win::Gain)
        }
    }
}

/// Every puzzle in a game's positions (start to end), at search depth `depth` (1 to
/// [`MAX_DEPTH`]); `index` names the game in each puzzle's source. A position the game
/// reached by playing an earlier puzzle's solution, inside its line, is not mined again.
pub fn mine(game: &AnyGame, depth: u32, index: usize) -> Vec<Puzzle> {
    dispatch!(game, g => mine_game(g, depth, index))
}

/// The puzzle of a game's current position, if it is one (source: game 0).
pub fn puzzle_at(game: &AnyGame, depth: u32) -> Option<Puzzle> {
    dispatch!(game, g => puzzle_in(g, depth, 0))
}

/// [`mine`] for a game of a known position type.
pub fn mine_game<P: Evaluate>(game: &Game<P>, depth: u32, index: usize) -> Vec<Puzzle> {
    let played: Vec<&str> = game.played().iter().map(|m| m.token.as_str()).collect();
    let mut replay = Game::new(game.start_position().clone());
    let mut found: Vec<Puzzle> = Vec::new();
    // Positions up to this ply lie inside the last puzzle's line, reached by its moves:
    // the same tactic, not another puzzle.
    let mut inside_until = None;
    for ply in 0..=played.len() {
        if inside_until.is_none_or(|end| ply > end) {
            if let Some(p) = puzzle_in(&replay, depth, index) {
                let followed = p
                    .solution
                    .iter()
                    .zip(&played[ply..])
                    .take_while(|(a, b)| a.as_str() == **b)
                    .count();
                inside_until = Some(ply + followed.min(p.solution.len() - 1));
                found.push(p);
            }
        }
        let Some(&m) = game.moves().get(ply) else {
            break;
        };
        if replay.play(m).is_err() {
            // A game's own moves are legal; should one not be, the scan ends there.
            break;
        }
    }
    found
}

/// [`puzzle_at`] for a game of a known position type.
pub fn puzzle_in<P: Evaluate>(game: &Game<P>, depth: u32, index: usize) -> Option<Puzzle> {
    let depth = depth.clamp(1, MAX_DEPTH);
    if game.status() != GameStatus::InProgress || game.legal_moves().len() < 2 {
        return None;
    }
    let key = confirmed(game, depth)?;
    let (moves, kind) = solve(game, depth, key)?;
    let root = game.position();
    let solution = search::tokens(root, &moves);
    Some(Puzzle {
        position: root.position_string(),
        side: root.turn(),
        themes: themes(game, &moves, kind),
        solution,
        kind,
        game: index,
        ply: game.moves().len(),
    })
}

/// The unique winning move at `depth` and D+1, when both agree on it and on its kind
/// (the search at `depth`, the cheaper, first: most positions fail it).
fn confirmed<P: Evaluate>(game: &Game<P>, depth: u32) -> Option<(P::Move, Win)> {
    let (m, first) = winning_move(game, depth)?;
    let (deep, win) = winning_move(game, depth + 1)?;
    let same_kind = matches!(first, Win::Mate(_)) == matches!(win, Win::Mate(_));
    (m == deep && same_kind).then_some((deep, win))
}

/// The unique winning move by a two-line search at `depth`.
fn winning_move<P: Evaluate>(game: &Game<P>, depth: u32) -> Option<(P::Move, Win)> {
    let lines = best_lines(game, depth, 2);
    let best = lines.first()?;
    let win = unique_win(best.score, lines.get(1).map(|l| l.score))?;
    Some((*best.pv.first()?, win))
}

/// The solution line from the key move, and the puzzle's kind; `None` when a mate line
/// stops being unique or runs too long, or a material line gains too little.
fn solve<P: Evaluate>(
    start: &Game<P>,
    depth: u32,
    key: (P::Move, Win),
) -> Option<(Vec<P::Move>, PuzzleKind)> {
    let solver = start.position().turn();
    let mate = matches!(key.1, Win::Mate(_));
    let mut game = start.clone();
    let mut moves = Vec::new();
    let mut next = key.0;
    for k in 0..MAX_SOLVER_MOVES {
        if k > 0 {
            match confirmed(&game, depth) {
                Some((m, win)) if matches!(win, Win::Mate(_)) == mate => next = m,
                _ if mate => return None,
                _ => break,
            }
        }
        game.play(next).ok()?;
        moves.push(next);
        if game.status() != GameStatus::InProgress {
            break;
        }
        let reply = *best_lines(&game, depth + 1, 1).first()?.pv.first()?;
        game.play(reply).ok()?;
        moves.push(reply);
        if game.status() != GameStatus::InProgress {
            break;
        }
    }
    let winner = game.outcome().and_then(|o| o.winner);
    if winner == Some(solver) && moves.len() % 2 == 1 {
        return Some((
            moves.clone(),
            PuzzleKind::Mate(moves.len().div_ceil(2) as u32),
        ));
    }
    if mate || game.status() != GameStatus::InProgress {
        return None;
    }
    // The material is counted after the opponent's reply to the last solver move; the
    // solution itself ends with the solver's move.
    let before = start
        .positions()
        .last()
        .filter(|_| !start.moves().is_empty())
        .unwrap_or(start.position());
    let gain = balance(game.position(), solver) - balance(before, solver);
    if moves.len() % 2 == 0 {
        moves.pop();
    }
    (gain >= MIN_GAIN_PAWNS).then_some((moves, PuzzleKind::Material(gain)))
}

/// `side`'s material minus the other side's, in pawns.
fn balance<P: Position>(pos: &P, side: Color) -> i32 {
    let counts = pos.material();
    let value = |kind: PieceKind| match kind {
        PieceKind::Pawn => 1,
        PieceKind::Knight | PieceKind::Bishop => 3,
        PieceKind::Rook => 5,
        PieceKind::Queen => 9,
        PieceKind::King => 0,
    };
    let total = |c: Color| -> i32 {
        PieceKind::ALL
            .iter()
            .map(|&k| i32::from(counts[c.index()][k.index()]) * value(k))
            .sum()
    };
    total(side) - total(side.opposite())
}

/// The themes of a solution (see [`Theme`]), sorted.
fn themes<P: Evaluate>(start: &Game<P>, moves: &[P::Move], kind: PuzzleKind) -> Vec<Theme> {
    let mut out = Vec::new();
    if let PuzzleKind::Mate(n) = kind {
        out.push(Theme::MateIn(n));
    }
    let root = start.position();
    let Some(&key) = moves.first() else {
        return out;
    };
    let facts = root.move_facts(key);
    if facts.captured.is_some() {
        out.push(Theme::Capture);
    }
    let mut pos = root.clone();
    let mut promotes = false;
    for (i, &m) in moves.iter().enumerate() {
        promotes |= i % 2 == 0 && pos.move_facts(m).promotion.is_some();
        pos.play(m);
        if i == 0 && pos.in_check() {
            out.push(Theme::Check);
        }
    }
    if promotes {
        out.push(Theme::Promotion);
    }
    if matches!(facts.mover, Mover::Piece(_)) && crosses_boards(root, key) {
        out.push(Theme::CrossBoard);
    }
    out.sort();
    out
}

/// Whether a piece move lands on another board or level than it leaves, by the boards
/// of its squares as the rules draw them.
fn crosses_boards<P: Position>(pos: &P, m: P::Move) -> bool {
    let squares = pos.move_squares(m);
    let cells = pos.cells();
    let board = |name: &str| {
        cells
            .iter()
            .find(|c| c.name == name)
            .map(|c| c.board.clone())
    };
    match (board(&squares.from), board(&squares.to)) {
        (Some(a), Some(b)) => a != b,
        _ => false,
    }
}

/// The best `lines` lines of a fixed-depth, one-thread, seeded search without a time limit.
fn best_lines<P: Evaluate>(game: &Game<P>, depth: u32, lines: usize) -> Vec<Line<P::Move>> {
    let params = Params {
        max_depth: depth as i32,
        node_limit: None,
        soft_time: None,
        hard_time: None,
        vary: 0,
        seed: 1,
        threads: 1,
        quick_single_reply: false,
        lines,
    };
    let shared = Shared::new(table_of_size(TABLE_MB), Arc::new(AtomicBool::new(false)));
    search::search(
        game.position(),
        &game.hashes(),
        &params,
        &shared,
        &mut |_| {},
    )
    .lines
}

#[cfg(test)]
mod tests;
