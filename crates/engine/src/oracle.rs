//! The Oracle: the player's advisor. Within a total budget (about 6 s) it scores every
//! legal root move with a shallow search (pass 1), then spends the rest deepening the six
//! most promising (pass 2), and reports each move's score, the depth reached and a tag.
//!
//! It looks as many moves ahead as the look-ahead setting and never deeper (engine.md):
//! a move's depth counts plies from the root, the move itself included, exactly as an
//! opponent level's depth does. Like the opponent's search, each look ends in a
//! quiescence search (captures until quiet) and extends checks; those forcing moves are
//! not counted as moves ahead. At Max it deepens until its budget ends.
//!
//! Scoring rules (engine.md): a move that brings the same position up a third time is a
//! draw. A move after which the opponent can repeat a position a third time scores as a
//! draw only when the player is ahead (the opponent would take the draw); when the
//! player is not ahead it keeps its normal score. When the player is ahead, both kinds
//! rank below every move that keeps the advantage. Stalemate anywhere in the look-ahead
//! scores as a draw (the search does that).

use crate::clock::Instant;
use crate::eval::Evaluate;
use crate::score::{self, is_mate, Value, DRAW, INFINITE, MATE};
use crate::search::{self, tokens, Params, Shared};
use crate::tt::table_of_size;
use crate::types::{Level, OracleMove, OracleReport, OracleTag, Settings, AHEAD_MARGIN};
use rules::{Game, Position};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// How many moves pass 2 deepens.
pub const DEEPENED: usize = 6;
/// Pass 1 deepens all moves while a full round is expected to end within this share of
/// the budget.
const PASS_ONE_SHARE: f64 = 0.3;

/// What is known about one root move.
#[derive(Clone, Debug)]
struct Candidate<M> {
    m: M,
    token: String,
    /// The search's value for the player (side to move at the root), if searched.
    value: Option<Value>,
    /// Plies searched, the root move included.
    depth: u32,
    line: Vec<String>,
    third_repetition: bool,
    allows_repetition: bool,
}

/// The most plies the Oracle looks ahead at a look-ahead setting (root move included).
pub fn depth_cap(level: Level) -> i32 {
    match level {
        Level::Depth(d) => i32::from(d).max(1),
        // No cap but the search's own deepest iteration: the budget decides.
        Level::Max => Params::default().max_depth,
    }
}

/// Runs the Oracle on the game's current position at a look-ahead setting, calling
/// `on_report` after each round and finally with `done: true`. Returns early when `stop`
/// is set, and once every move it deepens has reached the setting.
pub fn run<P: Evaluate>(
    game: &Game<P>,
    budget: Duration,
    level: Level,
    settings: Settings,
    stop: Arc<AtomicBool>,
    on_report: &mut dyn FnMut(OracleReport),
) {
    let started = Instant::now();
    let deadline = started + budget;
    let root = game.position().clone();
    let history = game.hashes();
    let mut candidates: Vec<Candidate<P::Move>> = if game.is_over() {
        Vec::new()
    } else {
        root.legal_moves()
            .into_iter()
            .map(|m| repetition_facts(&root, &history, m))
            .collect()
    };
    if candidates.is_empty() {
        on_report(OracleReport {
            moves: Vec::new(),
            done: true,
        });
        return;
    }
    let shared = Shared::new(table_of_size(settings.hash_mb), stop.clone());
    let stopped = || stop.load(Ordering::Relaxed) || Instant::now() >= deadline;
    let cap = depth_cap(level);

    // Pass 1: every move, deepened together while a round fits in its share.
    let mut depth = 1;
    loop {
        let round_started = Instant::now();
        let mut complete = true;
        for c in candidates.iter_mut() {
            if stopped() {
                complete = false;
                break;
            }
            score_move(&root, &history, c, depth, deadline, &settings, &shared);
        }
        on_report(report(&candidates, false));
        if !complete || depth >= cap {
            break;
        }
        let round = round_started.elapsed().as_secs_f64();
        let used = started.elapsed().as_secs_f64();
        // A round costs several times the one before it.
        if used + round * 4.0 > budget.as_secs_f64() * PASS_ONE_SHARE {
            break;
        }
        depth += 1;
    }

    // Pass 2: the most promising moves, one ply deeper per round, until the budget ends.
    // The six are chosen again every round: a move whose deeper score drops out of the
    // top six gives its place to the next, which is first brought to the same depth.
    let mut target = depth + 1;
    let mut tried = vec![depth; candidates.len()];
    while !stopped() && target <= cap {
        let chosen: Vec<usize> = rank(&candidates)
            .into_iter()
            .filter(|&i| !candidates[i].third_repetition)
            .take(DEEPENED)
            .collect();
        let behind: Vec<usize> = chosen
            .iter()
            .copied()
            .filter(|&i| tried[i] < target && !candidates[i].value.is_some_and(is_mate))
            .collect();
        if behind.is_empty() {
            if chosen.is_empty() {
                break;
            }
            target += 1;
            continue;
        }
        for i in behind {
            if stopped() {
                break;
            }
            tried[i] = target;
            score_move(
                &root,
                &history,
                &mut candidates[i],
                target,
                deadline,
                &settings,
                &shared,
            );
            on_report(report(&candidates, false));
        }
    }
    on_report(report(&candidates, true));
}

/// Whether the move repeats a position a third time, or lets the opponent do so.
fn repetition_facts<P: Position>(root: &P, history: &[u64], m: P::Move) -> Candidate<P::Move> {
    let occurrences = |h: &[u64], key: u64| h.iter().filter(|&&k| k == key).count();
    let mut child = root.clone();
    child.play(m);
    let third_repetition = occurrences(history, child.hash()) >= 2;
    let mut allows_repetition = false;
    if !third_repetition {
        let mut after: Vec<u64> = history.to_vec();
        after.push(child.hash());
        for reply in child.legal_moves() {
            let u = child.play(reply);
            let repeated = occurrences(&after, child.hash()) >= 2;
            child.undo(reply, u);
            if repeated {
                allows_repetition = true;
                break;
            }
        }
    }
    Candidate {
        m,
        token: root.move_token(m),
        value: None,
        depth: 0,
        line: vec![root.move_token(m)],
        third_repetition,
        allows_repetition,
    }
}

/// Searches the position after the candidate's move `depth - 1` plies deep (plus
/// quiescence; at `depth` 1 quiescence alone) and records the result if it went deeper
/// than before.
fn score_move<P: Evaluate>(
    root: &P,
    history: &[u64],
    c: &mut Candidate<P::Move>,
    depth: i32,
    deadline: Instant,
    settings: &Settings,
    shared: &Shared,
) {
    if c.third_repetition {
        c.value = Some(DRAW);
        c.depth = 1;
        return;
    }
    let mut child = root.clone();
    child.play(c.m);
    if child.insufficient_material() || (child.halfmove_clock() >= 100 && child.count_legal() > 0) {
        c.value = Some(DRAW);
        c.depth = 1;
        c.line = vec![c.token.clone()];
        return;
    }
    let mut child_history = history.to_vec();
    child_history.push(child.hash());
    let params = Params {
        max_depth: (depth - 1).max(0),
        hard_time: Some(deadline.saturating_duration_since(Instant::now())),
        threads: settings.threads.max(1),
        ..Params::default()
    };
    let (score, pv, reached) = if params.max_depth == 0 {
        // One move ahead: the child settled by quiescence (no reply but captures). Cut
        // short, the child's static value stands in until there is a better one.
        match search::resolve(&child, &child_history, &params, shared) {
            Some((v, pv)) => (v, pv, 1),
            None if c.value.is_some() => return,
            None => (crate::eval::evaluate(&child), Vec::new(), 1),
        }
    } else {
        let outcome = search::search(&child, &child_history, &params, shared, &mut |_| {});
        if outcome.depth == 0 && c.value.is_some() {
            return;
        }
        // No iteration finished: the static value, one move ahead.
        (outcome.score, outcome.pv, outcome.depth as u32 + 1)
    };
    if reached > c.depth || c.value.is_none() {
        c.value = Some(player_value(score));
        c.depth = reached;
        let mut line = vec![c.token.clone()];
        line.extend(tokens(&child, &pv));
        c.line = line;
    }
}

/// The child's score (opponent to move) as the player's, one ply further from the root.
fn player_value(child: Value) -> Value {
    let v = -child;
    if v >= score::MATE_BOUND {
        v - 1
    } else if v <= -score::MATE_BOUND {
        v + 1
    } else {
        v
    }
}

/// Whether the player is ahead: the best normal score among moves that do not repeat.
fn player_ahead<M>(candidates: &[Candidate<M>]) -> bool {
    candidates
        .iter()
        .filter(|c| !c.third_repetition)
        .filter_map(|c| c.value)
        .max()
        .is_some_and(|v| v > AHEAD_MARGIN)
}

/// The value shown and ranked, after the repetition rules.
fn shown_value<M>(c: &Candidate<M>, ahead: bool) -> Value {
    if c.third_repetition || (c.allows_repetition && ahead) {
        DRAW
    } else {
        c.value.unwrap_or(-INFINITE)
    }
}

/// Candidate indices, best first.
fn rank<M>(candidates: &[Candidate<M>]) -> Vec<usize> {
    let ahead = player_ahead(candidates);
    let mut order: Vec<usize> = (0..candidates.len()).collect();
    let key = |c: &Candidate<M>| {
        let repeats = c.third_repetition || c.allows_repetition;
        let v = shown_value(c, ahead);
        // When ahead, moves keeping the advantage come first; repeating moves never do.
        let keeps = ahead && !repeats && v > AHEAD_MARGIN;
        (keeps, v, !repeats)
    };
    order.sort_by(|&a, &b| key(&candidates[b]).cmp(&key(&candidates[a])));
    order
}

fn report<M>(candidates: &[Candidate<M>], done: bool) -> OracleReport {
    let ahead = player_ahead(candidates);
    let moves = rank(candidates)
        .into_iter()
        .map(|i| {
            let c = &candidates[i];
            let v = shown_value(c, ahead);
            let tag = if c.third_repetition {
                OracleTag::DrawRepetition
            } else if is_mate(v) && v > 0 {
                OracleTag::Mate(((MATE - v + 1) / 2) as u32)
            } else if is_mate(v) {
                OracleTag::Mated(((MATE + v + 1) / 2) as u32)
            } else if c.allows_repetition {
                OracleTag::AllowsRepetition
            } else {
                OracleTag::Eval
            };
            OracleMove {
                token: c.token.clone(),
                score: score::to_api(if c.value.is_some() || c.third_repetition {
                    v
                } else {
                    0
                }),
                depth: c.depth,
                tag,
                line: c.line.clone(),
            }
        })
        .collect();
    OracleReport { moves, done }
}
