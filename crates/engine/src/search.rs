//! The search: iterative deepening principal-variation alpha-beta with a transposition
//! table, quiescence on captures and promotions, reverse futility and null-move
//! pruning, futility pruning of quiet moves, late-move reductions and check extensions,
//! run on several threads that share the table (Lazy SMP). Generic over [`Position`].
//!
//! Draws inside the tree: a position repeated within the searched line, or for the third
//! time counting the game's history; 100 half-moves without capture or pawn move;
//! stalemate; insufficient material. Mates score `MATE - ply`, so faster mates score
//! higher and slower losses lower.

use crate::clock::Instant;
use crate::eval::{evaluate, has_non_pawn_material, mobility, piece_values, Evaluate};
use crate::eval_cache::EvalCache;
use crate::ordering::{is_tactical, pick_next, Ordering as MoveOrdering, MAX_PLY};
use crate::score::{
    from_table, is_mate, mated_in, to_table, Value, DRAW, INFINITE, MATE, MATE_BOUND,
};
use crate::tt::{Bound, Table};
use rules::{MoveFacts, Position};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// A quiescence node whose static score exceeds beta by this much stands pat before
/// generating its moves (the mobility term rarely moves a score this far).
const LAZY_MARGIN: Value = 120;

/// Reverse futility pruning applies at this depth and below.
const RFP_DEPTH: i32 = 6;
/// Reverse futility pruning stops where beta is this many pawns from even.
const RFP_DECIDED: Value = 4;
/// Futility pruning of quiet moves applies at this depth and below.
const FUTILITY_DEPTH: i32 = 3;
/// The futility margin per ply of depth, in quarters of a pawn.
const FUTILITY_PAWNS_PER_DEPTH_X4: Value = 4;

/// State shared by all threads of a search.
pub struct Shared {
    pub table: Arc<Table>,
    /// Set from outside to stop the search (the caller's "stop" button).
    pub stop: Arc<AtomicBool>,
    /// Set by the search itself: a limit was reached, or the main thread finished and
    /// the helpers should end. Kept apart from `stop` so that one caller's flag can
    /// serve several searches in a row (the Oracle).
    halt: AtomicBool,
    pub nodes: AtomicU64,
}

impl Shared {
    pub fn new(table: Arc<Table>, stop: Arc<AtomicBool>) -> Shared {
        Shared {
            table,
            stop,
            halt: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
        }
    }

    fn should_stop(&self) -> bool {
        self.halt.load(Ordering::Relaxed) || self.stop.load(Ordering::Relaxed)
    }
}

/// How far and how long one search may go.
#[derive(Clone, Debug)]
pub struct Params {
    /// Deepest iteration (plies).
    pub max_depth: i32,
    pub node_limit: Option<u64>,
    /// After an iteration, no new one starts once this much of the time has gone by
    /// (the next one would rarely finish).
    pub soft_time: Option<Duration>,
    /// The search stops at this time, whatever it is doing.
    pub hard_time: Option<Duration>,
    /// Random bonus range (centipawns) per root move, so that moves within a few
    /// centipawns of each other are chosen at random. 0: deterministic.
    pub vary: Value,
    pub seed: u64,
    pub threads: usize,
    /// With a single legal move, answer after the first iteration.
    pub quick_single_reply: bool,
    /// How many best lines to find (multi-PV; 1 is the ordinary search). Line k is the
    /// best line among the root moves that do not begin lines 1 to k-1.
    pub lines: usize,
}

impl Default for Params {
    fn default() -> Self {
        Params {
            max_depth: MAX_PLY as i32 - 8,
            node_limit: None,
            soft_time: None,
            hard_time: None,
            vary: 0,
            seed: 0,
            threads: 1,
            quick_single_reply: false,
            lines: 1,
        }
    }
}

/// One of the best lines: its first move's score and the line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line<M> {
    pub score: Value,
    pub pv: Vec<M>,
}

/// Progress of the main thread after a completed iteration.
#[derive(Clone, Debug)]
pub struct Iteration<M> {
    pub depth: i32,
    pub score: Value,
    pub pv: Vec<M>,
    /// The best lines, best first ([`Params::lines`] of them, or fewer when there are
    /// fewer legal moves); the first is `score` and `pv`.
    pub lines: Vec<Line<M>>,
    pub nodes: u64,
    pub elapsed: Duration,
}

/// The final result.
#[derive(Clone, Debug)]
pub struct Outcome<M> {
    pub best: Option<M>,
    pub score: Value,
    /// The deepest completed iteration (0 if none completed).
    pub depth: i32,
    pub pv: Vec<M>,
    /// The best lines of the deepest completed iteration (see [`Iteration::lines`]).
    pub lines: Vec<Line<M>>,
    pub nodes: u64,
    pub elapsed: Duration,
}

/// Searches `root`. `history` holds the hashes of the game's positions before the root,
/// oldest first (the root's own hash may be included last or not). Runs `params.threads`
/// threads (the calling thread is the main one; with one thread no other is started) and
/// returns when done or stopped.
pub fn search<P: Evaluate>(
    root: &P,
    history: &[u64],
    params: &Params,
    shared: &Shared,
    on_iteration: &mut dyn FnMut(&Iteration<P::Move>),
) -> Outcome<P::Move> {
    let started = Instant::now();
    let mut hashes: Vec<u64> = history.to_vec();
    if hashes.last() != Some(&root.hash()) {
        hashes.push(root.hash());
    }
    shared.table.new_search();
    shared.halt.store(false, Ordering::Relaxed);
    shared.nodes.store(0, Ordering::Relaxed);
    let threads = params.threads.max(1);
    let mut run_main = |hashes: Vec<u64>| {
        Worker::new(root.clone(), hashes, params, shared, started, 0).iterate(on_iteration)
    };
    let outcome = if threads == 1 {
        // No thread scope at all: a host without threads (WebAssembly in a browser's
        // worker) searches on its one thread.
        run_main(hashes)
    } else {
        std::thread::scope(|scope| {
            let helpers: Vec<_> = (1..threads)
                .map(|id| {
                    let hashes = hashes.clone();
                    scope.spawn(move || {
                        let mut w = Worker::new(root.clone(), hashes, params, shared, started, id);
                        w.iterate(&mut |_| {});
                    })
                })
                .collect();
            let outcome = run_main(hashes);
            shared.halt.store(true, Ordering::Relaxed);
            for h in helpers {
                // A helper that panicked has lost only its own work.
                let _ = h.join();
            }
            outcome
        })
    };
    Outcome {
        nodes: shared.nodes.load(Ordering::Relaxed),
        elapsed: started.elapsed(),
        ..outcome
    }
}

/// The root's value after quiescence alone (captures and promotions until quiet, every
/// evasion in check): a search of depth 0, for the Oracle's one-move look. `None` when
/// stopped first. The line holds the captures that settle it.
pub fn resolve<P: Evaluate>(
    root: &P,
    history: &[u64],
    params: &Params,
    shared: &Shared,
) -> Option<(Value, Vec<P::Move>)> {
    let mut hashes: Vec<u64> = history.to_vec();
    if hashes.last() != Some(&root.hash()) {
        hashes.push(root.hash());
    }
    shared.halt.store(false, Ordering::Relaxed);
    let mut w = Worker::new(root.clone(), hashes, params, shared, Instant::now(), 0);
    let value = w.quiescence(-INFINITE, INFINITE, 0);
    w.flush_nodes();
    (!w.aborted).then(|| (value, w.pv[0].clone()))
}

/// A root move's score without its random bonus, as lines show it.
fn shown<M>(r: &RootMove<M>) -> Value {
    if is_mate(r.score) {
        r.score
    } else {
        r.score - r.bonus
    }
}

struct RootMove<M> {
    m: M,
    /// This iteration's score, or -INFINITE when it failed low (unknown, below alpha).
    score: Value,
    /// The score of the last iteration that finished, for ordering.
    previous: Value,
    bonus: Value,
    pv: Vec<M>,
}

/// Move lists of one node, kept between nodes to avoid allocating.
struct Lists<M> {
    moves: Vec<M>,
    facts: Vec<MoveFacts>,
    scores: Vec<i32>,
    order: Vec<usize>,
    quiets: Vec<M>,
}

impl<M> Default for Lists<M> {
    fn default() -> Self {
        Lists {
            moves: Vec::new(),
            facts: Vec::new(),
            scores: Vec::new(),
            order: Vec::new(),
            quiets: Vec::new(),
        }
    }
}

/// One thread's search.
struct Worker<'a, P: Evaluate> {
    pos: P,
    /// Hashes of the game's positions and then of the searched line; the root at `root_index`.
    hashes: Vec<u64>,
    root_index: usize,
    /// No repetition is looked for below this index (a null move lies between).
    barrier: usize,
    params: &'a Params,
    shared: &'a Shared,
    started: Instant,
    id: usize,
    ordering: MoveOrdering<P::Move>,
    pv: Vec<Vec<P::Move>>,
    lists: Vec<Lists<P::Move>>,
    /// Nodes not yet added to the shared counter.
    pending_nodes: u64,
    aborted: bool,
    /// Legal move count of each node on the current line (-1: not generated), for the
    /// mobility term at quiescence stand-pat (see [`crate::eval::mobility`]).
    mobility: Vec<i32>,
    root_depth: i32,
    non_pawn_guard: bool,
    /// A pawn's value in this variant: the unit of the futility margins (the variants'
    /// evaluations have different scales).
    pawn: Value,
    reductions: [[u8; 64]; 64],
    evals: EvalCache,
}

impl<'a, P: Evaluate> Worker<'a, P> {
    fn new(
        pos: P,
        hashes: Vec<u64>,
        params: &'a Params,
        shared: &'a Shared,
        started: Instant,
        id: usize,
    ) -> Self {
        let root_index = hashes.len() - 1;
        let mut reductions = [[0u8; 64]; 64];
        for (d, row) in reductions.iter_mut().enumerate().skip(1) {
            for (i, r) in row.iter_mut().enumerate().skip(1) {
                *r = (0.5 + (d as f64).ln() * (i as f64).ln() / 2.2) as u8;
            }
        }
        let values = piece_values(&pos);
        Worker {
            pos,
            hashes,
            root_index,
            barrier: 0,
            params,
            shared,
            started,
            id,
            ordering: MoveOrdering::new(),
            pv: vec![Vec::new(); MAX_PLY + 2],
            lists: (0..MAX_PLY + 2).map(|_| Lists::default()).collect(),
            pending_nodes: 0,
            aborted: false,
            mobility: vec![-1; MAX_PLY + 2],
            root_depth: 0,
            non_pawn_guard: values[1] > 0,
            pawn: values[0].max(1),
            reductions,
            evals: EvalCache::default(),
        }
    }

    /// How far the static score may be from the window at `depth` before the futility
    /// prunings give up on a node or a move.
    #[inline]
    fn futility_margin(&self, depth: i32) -> Value {
        self.pawn * depth * FUTILITY_PAWNS_PER_DEPTH_X4 / 4
    }

    /// The static evaluation of the current position (from the cache when it has it).
    #[inline]
    fn static_eval(&mut self) -> Value {
        let pos = &self.pos;
        self.evals.get_or(pos.hash(), || evaluate(pos))
    }

    fn stopped(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        if self.shared.should_stop() {
            self.aborted = true;
            return true;
        }
        false
    }

    /// Counts a node; every 256 nodes publishes the count and checks the limits.
    fn count_node(&mut self) {
        self.pending_nodes += 1;
        if self.pending_nodes >= 256 {
            let total = self
                .shared
                .nodes
                .fetch_add(self.pending_nodes, Ordering::Relaxed)
                + self.pending_nodes;
            self.pending_nodes = 0;
            let over_nodes = self.params.node_limit.is_some_and(|n| total >= n);
            let over_time = self
                .params
                .hard_time
                .is_some_and(|t| self.started.elapsed() >= t);
            if over_nodes || over_time {
                self.shared.halt.store(true, Ordering::Relaxed);
            }
        }
    }

    fn flush_nodes(&mut self) {
        self.shared
            .nodes
            .fetch_add(self.pending_nodes, Ordering::Relaxed);
        self.pending_nodes = 0;
    }

    /// Iterative deepening. Helper threads (id > 0) skip some depths so that the threads
    /// spread over different depths and fill the shared table for each other.
    fn iterate(&mut self, report: &mut dyn FnMut(&Iteration<P::Move>)) -> Outcome<P::Move> {
        let mut lists = std::mem::take(&mut self.lists[0]);
        lists.moves.clear();
        self.pos.generate_legal(&mut lists.moves);
        let mut seed = self.params.seed ^ (self.id as u64).wrapping_mul(0x9E37_79B9);
        let table_move = self
            .shared
            .table
            .probe(self.pos.hash())
            .and_then(|e| e.move_index)
            .map(usize::from);
        let mut roots: Vec<RootMove<P::Move>> = lists
            .moves
            .iter()
            .enumerate()
            .map(|(i, &m)| {
                let bonus = if self.params.vary > 0 {
                    let (s, r) = rules::zobrist::splitmix64(seed);
                    seed = s;
                    (r % (self.params.vary as u64 + 1)) as Value
                } else {
                    0
                };
                let facts = self.pos.move_facts(m);
                let previous = if Some(i) == table_move {
                    INFINITE
                } else if is_tactical(&facts) {
                    facts.captured.map_or(0, |k| k.index() as Value + 1)
                } else {
                    -INFINITE + 1
                };
                RootMove {
                    m,
                    score: -INFINITE,
                    previous,
                    bonus,
                    pv: vec![m],
                }
            })
            .collect();
        self.lists[0] = lists;
        roots.sort_by_key(|r| std::cmp::Reverse(r.previous));
        let mut result = Outcome {
            best: roots.first().map(|r| r.m),
            score: if roots.is_empty() {
                if self.pos.in_check() {
                    mated_in(0)
                } else {
                    DRAW
                }
            } else {
                evaluate(&self.pos)
            },
            depth: 0,
            pv: roots.first().map(|r| vec![r.m]).unwrap_or_default(),
            lines: Vec::new(),
            nodes: 0,
            elapsed: Duration::ZERO,
        };
        if roots.is_empty() {
            return result;
        }
        self.ordering.new_search();
        let wanted = self.params.lines.clamp(1, roots.len());
        let mut previous_score = result.score;
        let mut depth = 1;
        while depth <= self.params.max_depth {
            if self.id > 0 && depth > 2 && (depth + self.id as i32) % 3 == 0 {
                depth += 1;
                continue;
            }
            self.root_depth = depth;
            let (mut score, mut complete) = self.aspiration(&mut roots, depth, previous_score);
            // A move that proved better than the last iteration's choice counts even
            // when the iteration was cut short.
            roots.sort_by_key(|r| std::cmp::Reverse(r.score));
            if wanted > 1 && complete {
                complete = self.further_lines(&mut roots, wanted, depth, &result.lines);
                if complete {
                    score = roots[0].score;
                }
            }
            if complete || roots[0].score > -INFINITE {
                result.best = Some(roots[0].m);
                result.pv = roots[0].pv.clone();
                result.score = if complete { score } else { roots[0].score };
                result.score -= if is_mate(result.score) {
                    0
                } else {
                    roots[0].bonus
                };
            }
            if !complete {
                break;
            }
            result.depth = depth;
            result.lines = roots[..wanted]
                .iter()
                .enumerate()
                .map(|(k, r)| Line {
                    score: if k == 0 { result.score } else { shown(r) },
                    pv: r.pv.clone(),
                })
                .collect();
            previous_score = score;
            for r in &mut roots {
                r.previous = r.score;
            }
            self.flush_nodes();
            if self.id == 0 {
                report(&Iteration {
                    depth,
                    score: result.score,
                    pv: result.pv.clone(),
                    lines: result.lines.clone(),
                    nodes: self.shared.nodes.load(Ordering::Relaxed),
                    elapsed: self.started.elapsed(),
                });
                if self.should_stop_after(depth, &result, roots.len()) {
                    break;
                }
            }
            depth += 1;
        }
        self.flush_nodes();
        result
    }

    /// Multi-PV: after the first line of an iteration (the ordinary search, `roots[0]`),
    /// line k searches `roots[k..]`, the root moves that begin no earlier line, each in
    /// its own aspiration window around its score of the last iteration. Leaves the
    /// first `wanted` roots sorted best first; false when the search was stopped.
    fn further_lines(
        &mut self,
        roots: &mut [RootMove<P::Move>],
        wanted: usize,
        depth: i32,
        last: &[Line<P::Move>],
    ) -> bool {
        for k in 1..wanted {
            let guess = last.get(k).map_or(-INFINITE, |l| l.score);
            let (_, complete) = self.aspiration(&mut roots[k..], depth, guess);
            roots[k..].sort_by_key(|r| std::cmp::Reverse(r.score));
            if !complete {
                return false;
            }
        }
        // A later line's search may find more than an earlier one's (the table learnt
        // meanwhile): best first.
        roots[..wanted].sort_by_key(|r| std::cmp::Reverse(r.score));
        true
    }

    /// Main thread: whether to start another iteration.
    fn should_stop_after(&self, depth: i32, result: &Outcome<P::Move>, root_moves: usize) -> bool {
        if root_moves == 1 && self.params.quick_single_reply {
            return true;
        }
        if is_mate(result.score) && depth >= 2 * (MATE - result.score.abs()) + 2 {
            return true;
        }
        if let Some(soft) = self.params.soft_time {
            if self.started.elapsed() * 2 >= soft {
                return true;
            }
        }
        false
    }

    /// One iteration with an aspiration window around the last score, widened on failure.
    /// Returns the score and whether the iteration completed.
    fn aspiration(
        &mut self,
        roots: &mut [RootMove<P::Move>],
        depth: i32,
        guess: Value,
    ) -> (Value, bool) {
        let mut delta: Value = 30;
        let (mut alpha, mut beta) = if depth >= 4 && !is_mate(guess) {
            (guess - delta, guess + delta)
        } else {
            (-INFINITE, INFINITE)
        };
        loop {
            let score = self.root(roots, depth, alpha, beta);
            if self.aborted {
                return (score, false);
            }
            if score <= alpha && alpha > -INFINITE {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITE);
            } else if score >= beta && beta < INFINITE {
                beta = (score + delta).min(INFINITE);
            } else {
                return (score, true);
            }
            delta += delta;
            if delta > 1000 {
                alpha = -INFINITE;
                beta = INFINITE;
            }
        }
    }

    fn root(
        &mut self,
        roots: &mut [RootMove<P::Move>],
        depth: i32,
        mut alpha: Value,
        beta: Value,
    ) -> Value {
        let mut best = -INFINITE;
        let ply = 0;
        for r in roots.iter_mut() {
            r.score = -INFINITE;
        }
        #[allow(clippy::needless_range_loop)] // the loop reads and writes roots[i]
        for i in 0..roots.len() {
            let m = roots[i].m;
            let bonus = roots[i].bonus;
            let undo = self.make(m);
            let gives_check = self.pos.in_check();
            let new_depth = depth - 1 + i32::from(gives_check);
            let (a, b) = (alpha - bonus, beta - bonus);
            let mut v;
            if i == 0 {
                v = -self.search(-b, -a, new_depth, ply + 1, true);
            } else {
                v = -self.search(-a - 1, -a, new_depth, ply + 1, true);
                if v > a && v < b && !self.aborted {
                    v = -self.search(-b, -a, new_depth, ply + 1, true);
                }
            }
            self.unmake(m, undo);
            if self.aborted {
                break;
            }
            let adjusted = if is_mate(v) { v } else { v + bonus };
            if adjusted > best {
                best = adjusted;
            }
            if adjusted > alpha || i == 0 {
                roots[i].score = adjusted;
                let mut pv = vec![m];
                pv.extend_from_slice(&self.pv[ply + 1]);
                roots[i].pv = pv;
            }
            if adjusted > alpha {
                alpha = adjusted;
                if alpha >= beta {
                    break;
                }
            }
        }
        best
    }

    fn make(&mut self, m: P::Move) -> P::Undo {
        let u = self.pos.play(m);
        self.hashes.push(self.pos.hash());
        u
    }

    fn unmake(&mut self, m: P::Move, u: P::Undo) {
        self.hashes.pop();
        self.pos.undo(m, u);
    }

    /// A repetition inside the searched line, or a third occurrence counting the game.
    fn is_repetition(&self) -> bool {
        let current = self.hashes.len() - 1;
        let key = self.hashes[current];
        let reversible = self.pos.halfmove_clock() as usize;
        let lowest = current.saturating_sub(reversible).max(self.barrier);
        let mut earlier = 0;
        // Same side to move: every second position, from four plies back.
        let mut j = current as isize - 4;
        while j >= lowest as isize {
            let i = j as usize;
            if self.hashes[i] == key {
                if i > self.root_index {
                    return true;
                }
                earlier += 1;
                if earlier >= 2 {
                    return true;
                }
            }
            j -= 2;
        }
        false
    }

    fn search(
        &mut self,
        mut alpha: Value,
        mut beta: Value,
        depth: i32,
        ply: usize,
        null_ok: bool,
    ) -> Value {
        self.pv[ply].clear();
        if depth <= 0 {
            return self.quiescence(alpha, beta, ply);
        }
        if self.stopped() {
            return 0;
        }
        self.count_node();
        let pv_node = beta - alpha > 1;
        if ply >= MAX_PLY - 1 {
            return self.static_eval();
        }
        if self.is_repetition() || self.pos.insufficient_material() {
            return DRAW;
        }
        // Mate-distance pruning: no line from here can beat a shorter mate already found.
        alpha = alpha.max(mated_in(ply));
        beta = beta.min(MATE - ply as Value - 1);
        if alpha >= beta {
            return alpha;
        }

        let key = self.pos.hash();
        let entry = self.shared.table.probe(key);
        if let Some(e) = entry {
            if !pv_node && e.depth >= depth && self.pos.halfmove_clock() < 90 {
                let v = from_table(e.value, ply);
                let usable = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => v >= beta,
                    Bound::Upper => v <= alpha,
                };
                if usable {
                    return v;
                }
            }
        }

        let in_check = self.pos.in_check();
        let static_eval = if in_check {
            -INFINITE
        } else {
            entry.map_or_else(|| self.static_eval(), |e| e.eval)
        };

        // Reverse futility: near the leaves, a static score this far above beta will not
        // fall below it. Not in check, not at PV nodes, and not once the game is decided
        // (beta beyond RFP_DECIDED pawns): there the mate is what counts, and the search
        // must find a mate in N at depth 2N - 1.
        if !pv_node
            && !in_check
            && depth <= RFP_DEPTH
            && beta.abs() < RFP_DECIDED * self.pawn
            && static_eval - self.futility_margin(depth) >= beta
        {
            return static_eval;
        }

        // Null move: if passing still holds beta, a real move will too. Not in check,
        // not with only pawns (zugzwang), not twice in a row.
        if !pv_node
            && null_ok
            && !in_check
            && depth >= 3
            && static_eval >= beta
            && !is_mate(beta)
            && (!self.non_pawn_guard || has_non_pawn_material(&self.pos))
        {
            let r = 3 + depth / 6;
            let u = self.pos.play_null();
            self.hashes.push(self.pos.hash());
            let saved_barrier = self.barrier;
            self.barrier = self.hashes.len() - 1;
            let v = -self.search(-beta, -beta + 1, depth - 1 - r, ply + 1, false);
            self.barrier = saved_barrier;
            self.hashes.pop();
            self.pos.undo_null(u);
            if self.aborted {
                return 0;
            }
            if v >= beta {
                return if is_mate(v) { beta } else { v };
            }
        }

        let mut lists = std::mem::take(&mut self.lists[ply]);
        lists.moves.clear();
        self.pos.generate_legal(&mut lists.moves);
        self.mobility[ply] = lists.moves.len() as i32;
        if lists.moves.is_empty() {
            self.lists[ply] = lists;
            return if in_check { mated_in(ply) } else { DRAW };
        }
        if self.pos.halfmove_clock() >= 100 {
            self.lists[ply] = lists;
            return DRAW;
        }
        lists.facts.clear();
        for &m in &lists.moves {
            lists.facts.push(self.pos.move_facts(m));
        }
        let hash_move = entry
            .and_then(|e| e.move_index)
            .map(usize::from)
            .filter(|&i| i < lists.moves.len());
        self.ordering.score_moves(
            &self.pos,
            &lists.moves,
            &lists.facts,
            hash_move,
            ply,
            &mut lists.scores,
        );
        lists.order.clear();
        lists.order.extend(0..lists.moves.len());
        lists.quiets.clear();

        let original_alpha = alpha;
        let mut best = -INFINITE;
        let mut best_index = None;
        let side = self.pos.turn().index();
        for i in 0..lists.moves.len() {
            let index = pick_next(&mut lists.order, &lists.scores, i);
            let m = lists.moves[index];
            let tactical = is_tactical(&lists.facts[index]);
            // Futility: near the leaves a quiet move cannot lift a score this far below
            // alpha. Only after a move has scored above a loss, so a pruned node never
            // reports a mate it did not prove.
            let futile = !pv_node
                && !in_check
                && !tactical
                && depth <= FUTILITY_DEPTH
                && best > -MATE_BOUND
                && !is_mate(alpha)
                && static_eval + self.futility_margin(depth) <= alpha;
            let undo = self.make(m);
            let gives_check = self.pos.in_check();
            if futile && !gives_check {
                self.unmake(m, undo);
                continue;
            }
            let extend = gives_check && (ply as i32) < 2 * self.root_depth;
            let new_depth = depth - 1 + i32::from(extend);
            let mut v;
            if i == 0 {
                v = -self.search(-beta, -alpha, new_depth, ply + 1, true);
            } else {
                let mut r = 0;
                if depth >= 4 && i >= 4 && !tactical && !in_check && !gives_check {
                    r = i32::from(self.reductions[depth.min(63) as usize][i.min(63)]);
                    if pv_node {
                        r -= 1;
                    }
                    if lists.scores[index] > 0 {
                        r -= 1;
                    }
                    r = r.clamp(0, new_depth - 1);
                }
                v = -self.search(-alpha - 1, -alpha, new_depth - r, ply + 1, true);
                if v > alpha && r > 0 && !self.aborted {
                    v = -self.search(-alpha - 1, -alpha, new_depth, ply + 1, true);
                }
                if v > alpha && v < beta && !self.aborted {
                    v = -self.search(-beta, -alpha, new_depth, ply + 1, true);
                }
            }
            self.unmake(m, undo);
            if self.aborted {
                self.lists[ply] = lists;
                return 0;
            }
            if v > best {
                best = v;
                if v > alpha {
                    best_index = Some(index);
                    alpha = v;
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    head[ply].clear();
                    head[ply].push(m);
                    head[ply].extend_from_slice(&tail[0]);
                    if alpha >= beta {
                        if !tactical {
                            self.ordering.reward(m, side, ply, depth, &lists.quiets);
                        }
                        break;
                    }
                }
            }
            if !tactical {
                lists.quiets.push(m);
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.shared.table.store(
            key,
            to_table(best, ply),
            if in_check { 0 } else { static_eval },
            depth,
            bound,
            best_index.map(|i| i as u16),
        );
        self.lists[ply] = lists;
        best
    }

    /// Captures and promotions until the position is quiet; all evasions when in check.
    fn quiescence(&mut self, mut alpha: Value, beta: Value, ply: usize) -> Value {
        self.pv[ply].clear();
        if self.stopped() {
            return 0;
        }
        self.count_node();
        if ply >= MAX_PLY - 1 {
            return self.static_eval();
        }
        let key = self.pos.hash();
        let entry = self.shared.table.probe(key);
        if let Some(e) = entry {
            let v = from_table(e.value, ply);
            let usable = match e.bound {
                Bound::Exact => true,
                Bound::Lower => v >= beta,
                Bound::Upper => v <= alpha,
            };
            if usable && beta - alpha == 1 {
                return v;
            }
        }
        let in_check = self.pos.in_check();
        let material = if in_check { 0 } else { self.static_eval() };
        // Far above beta whatever the mobility: stand pat without generating moves.
        if !in_check && material - LAZY_MARGIN >= beta {
            return material;
        }
        // Moves first: their number is the mobility term of the stand-pat score, and
        // none means mate or stalemate.
        let mut lists = std::mem::take(&mut self.lists[ply]);
        lists.moves.clear();
        self.pos.generate_legal(&mut lists.moves);
        let ours = lists.moves.len() as i32;
        self.mobility[ply] = ours;
        if lists.moves.is_empty() {
            self.lists[ply] = lists;
            return if in_check { mated_in(ply) } else { DRAW };
        }
        let stand = if in_check {
            -INFINITE
        } else {
            let theirs = if ply > 0 { self.mobility[ply - 1] } else { -1 };
            material + mobility(ours, theirs)
        };
        let mut best = stand;
        if !in_check {
            if stand >= beta {
                self.lists[ply] = lists;
                return stand;
            }
            alpha = alpha.max(stand);
        }
        lists.facts.clear();
        lists.order.clear();
        for (i, &m) in lists.moves.iter().enumerate() {
            let f = self.pos.move_facts(m);
            if in_check || is_tactical(&f) {
                lists.order.push(i);
            }
            lists.facts.push(f);
        }
        self.ordering.score_moves(
            &self.pos,
            &lists.moves,
            &lists.facts,
            None,
            ply,
            &mut lists.scores,
        );
        let values = piece_values(&self.pos);
        let original_alpha = alpha;
        let mut best_index = None;
        for i in 0..lists.order.len() {
            let index = pick_next(&mut lists.order, &lists.scores, i);
            let m = lists.moves[index];
            let f = lists.facts[index];
            // Delta pruning: even winning this piece cannot lift the score to alpha.
            if !in_check && f.promotion.is_none() {
                let gain = f.captured.map_or(0, |k| values[k.index()]);
                if stand + gain + 200 <= alpha {
                    continue;
                }
            }
            let undo = self.make(m);
            let v = -self.quiescence(-beta, -alpha, ply + 1);
            self.unmake(m, undo);
            if self.aborted {
                self.lists[ply] = lists;
                return 0;
            }
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    best_index = Some(index);
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    head[ply].clear();
                    head[ply].push(m);
                    head[ply].extend_from_slice(&tail[0]);
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.shared.table.store(
            key,
            to_table(best, ply),
            if in_check { 0 } else { stand },
            0,
            bound,
            best_index.map(|i| i as u16),
        );
        self.lists[ply] = lists;
        best
    }
}
/// The tokens of a line of moves from `pos` (stops at a move that is not legal, which a
/// line built from the search never contains).
pub fn tokens<P: Position>(pos: &P, line: &[P::Move]) -> Vec<String> {
    let mut p = pos.clone();
    let mut out = Vec::with_capacity(line.len());
    for &m in line {
        if !p.legal_moves().contains(&m) {
            break;
        }
        out.push(p.move_token(m));
        p.play(m);
    }
    out
}
