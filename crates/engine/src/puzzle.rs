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
use rules::{dispatch, Color, Game, GameStatus, PieceKind, Position};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

mod themes;
pub use themes::Theme;

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
        themes: themes::themes(game.position(), &moves, kind),
        solution,
        kind,
        game: index,
        ply: game.moves().len(),
    })
}

/// Why a puzzle failed [`verify`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// A token of the solution is not a legal move where it is played.
    Illegal { ply: usize, token: String },
    /// The solver's move at this ply (0, 2, ...) is not the unique winning move at the
    /// deeper search, or wins in another way (mate / material) than the puzzle's first.
    NotUnique { ply: usize, token: String },
    /// A mate line that does not end in mate, or a material line that gains too little.
    NoWin,
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refusal::Illegal { ply, token } => write!(f, "ply {ply}: {token} is not legal"),
            Refusal::NotUnique { ply, token } => {
                write!(f, "ply {ply}: {token} is not the one winning move")
            }
            Refusal::NoWin => write!(f, "the line does not win as its kind says"),
        }
    }
}

/// Checks a stored puzzle again at search depth `depth` (confirmed at D+1): every solver
/// move of `solution` is the position's unique winning move of the same kind, with the
/// stored replies between them, and the line mates or gains [`MIN_GAIN_PAWNS`] (counted
/// after the engine's best reply at D+1 to the last solver move). Answers the puzzle as
/// re-derived, its themes fresh; `game` is the puzzle's position.
pub fn verify(game: &AnyGame, solution: &[String], depth: u32) -> Result<Puzzle, Refusal> {
    dispatch!(game, g => verify_in(g, solution, depth))
}

fn verify_in<P: Evaluate>(
    start: &Game<P>,
    solution: &[String],
    depth: u32,
) -> Result<Puzzle, Refusal> {
    let depth = depth.clamp(1, MAX_DEPTH);
    let solver = start.position().turn();
    let mut game = start.clone();
    let mut moves = Vec::new();
    let mut mate = None;
    for (ply, token) in solution.iter().enumerate() {
        let illegal = || Refusal::Illegal {
            ply,
            token: token.clone(),
        };
        let m = game
            .position()
            .parse_move_token(token)
            .map_err(|_| illegal())?;
        if ply % 2 == 0 {
            let not_unique = || Refusal::NotUnique {
                ply,
                token: token.clone(),
            };
            let (best, win) = confirmed(&game, depth).ok_or_else(not_unique)?;
            let is_mate = matches!(win, Win::Mate(_));
            if best != m || *mate.get_or_insert(is_mate) != is_mate {
                return Err(not_unique());
            }
        }
        game.play(m).map_err(|_| illegal())?;
        moves.push(m);
    }
    if solution.len() & 1 == 0 {
        return Err(Refusal::NoWin);
    }
    let kind = if game.outcome().and_then(|o| o.winner) == Some(solver) {
        PuzzleKind::Mate(moves.len().div_ceil(2) as u32)
    } else if mate == Some(true) || game.status() != GameStatus::InProgress {
        return Err(Refusal::NoWin);
    } else {
        let reply = *best_lines(&game, depth + 1, 1)
            .first()
            .and_then(|l| l.pv.first())
            .ok_or(Refusal::NoWin)?;
        let mut after = game.clone();
        after.play(reply).map_err(|_| Refusal::NoWin)?;
        let before = start
            .positions()
            .last()
            .filter(|_| !start.moves().is_empty())
            .unwrap_or(start.position());
        let gain = balance(after.position(), solver) - balance(before, solver);
        if gain < MIN_GAIN_PAWNS {
            return Err(Refusal::NoWin);
        }
        PuzzleKind::Material(gain)
    };
    let root = start.position();
    Ok(Puzzle {
        position: root.position_string(),
        side: solver,
        themes: themes::themes(root, &moves, kind),
        solution: solution.to_vec(),
        kind,
        game: 0,
        ply: start.moves().len(),
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
pub(crate) fn balance<P: Position>(pos: &P, side: Color) -> i32 {
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
