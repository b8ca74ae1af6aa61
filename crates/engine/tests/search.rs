//! Search behaviour on a toy variant (plain chess without castling or en passant, see
//! `toy/mod.rs`): mates found at the matching depth, draws inside the tree, stopping.

mod toy;

use engine::api::Score;
use engine::score::{to_api, Value, MATE};
use engine::search::{search, Outcome, Params, Shared};
use engine::tt::Table;
use rules::{Position, Setup, Variant};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};
use toy::Toy;

fn toy(s: &str) -> Toy {
    Toy::from_position_string(&Setup::standard(Variant::Stacked), s).expect("toy position")
}

fn run(pos: &Toy, history: &[u64], depth: i32) -> Outcome<<Toy as Position>::Move> {
    let shared = Shared::new(Arc::new(Table::new(8)), Arc::new(AtomicBool::new(false)));
    let params = Params {
        max_depth: depth,
        ..Params::default()
    };
    search(pos, history, &params, &shared, &mut |_| {})
}

/// A naive check, sharing nothing with the search: can the side to move mate in `n`?
fn mate_in(pos: &Toy, n: u32) -> bool {
    if n == 0 {
        return false;
    }
    pos.legal_moves().into_iter().any(|m| {
        let mut p = pos.clone();
        p.play(m);
        let replies = p.legal_moves();
        if replies.is_empty() {
            return p.in_check();
        }
        replies.into_iter().all(|r| {
            let mut q = p.clone();
            q.play(r);
            mate_in(&q, n - 1)
        })
    })
}

fn is_checkmate(pos: &Toy) -> bool {
    pos.in_check() && pos.legal_moves().is_empty()
}

#[test]
fn mates_in_one_to_three_are_found_at_the_matching_depth() {
    for (s, n) in [
        ("6k1/5ppp/8/8/8/8/8/R5K1 w 0", 1u32),
        ("k7/8/2K5/8/8/8/8/7R w 0", 2),
        ("k7/8/8/3K4/8/8/8/6R1 w 0", 3),
        ("1k6/8/8/2K5/8/8/8/7R w 0", 3),
    ] {
        let pos = toy(s);
        let depth = 2 * n as i32 - 1;
        let out = run(&pos, &[], depth);
        assert_eq!(
            to_api(out.score),
            Score::Mate(n as i32),
            "{s} at depth {depth}"
        );
        assert_eq!(out.pv.len(), 2 * n as usize - 1, "{s}: pv {:?}", out.pv);
        let mut p = pos.clone();
        for &m in &out.pv {
            p.play(m);
        }
        assert!(is_checkmate(&p), "{s}: the line does not end in mate");
        assert!(mate_in(&pos, n), "{s}: the naive check disagrees");
        assert!(!mate_in(&pos, n - 1), "{s}: a shorter mate exists");
    }
}

#[test]
fn the_losing_side_prefers_the_slower_mate() {
    // Black to move is mated in one at best: every line loses, and the score says how soon.
    let pos = toy("k7/8/1K6/8/8/8/8/7R b 0");
    let out = run(&pos, &[], 4);
    match to_api(out.score) {
        Score::Mate(n) => assert!(n < 0, "{:?}", out.score),
        s => panic!("expected a mate score, got {s:?}"),
    }
}

#[test]
fn stalemate_is_a_draw() {
    // Black to move has no legal move and is not in check.
    let pos = toy("k7/8/1Q6/8/8/8/8/7K b 0");
    let out = run(&pos, &[], 3);
    assert_eq!(out.best, None);
    assert_eq!(out.score, 0);
    // Black to move: king a8 boxed in by the pawn and the king, not in check.
    let pos = toy("k7/P7/1K6/8/8/8/8/8 b 0");
    let out = run(&pos, &[], 2);
    assert_eq!(out.best, None, "Black is stalemated");
    // White, a queen up, mates with Qc8; Qc7 would stalemate. (The Oracle test checks
    // that Qc7 itself scores as a draw.)
    let pos = toy("k7/8/1K6/8/8/8/8/2Q5 w 0");
    let out = run(&pos, &[], 3);
    assert_eq!(out.score, MATE - 1);
    assert_eq!(pos.move_token(out.best.unwrap()), "c1c8");
}

/// Plays tokens from a position, returning the final position and the hashes of all
/// positions before it.
fn play_line(start: &Toy, tokens: &[&str]) -> (Toy, Vec<u64>) {
    let mut pos = start.clone();
    let mut hashes = vec![pos.hash()];
    for t in tokens {
        let m = pos.parse_move_token(t).expect("legal token");
        pos.play(m);
        hashes.push(pos.hash());
    }
    (pos, hashes)
}

#[test]
fn repetition_counts_the_game_history() {
    // White is a queen up; knights shuffle. After the cycle ran once and a half, f3g1
    // would bring the start position up a third time: a draw the winning side avoids.
    let start = toy("1n2k3/8/8/8/8/8/8/3QK1N1 b 0");
    let cycle = ["b8c6", "g1f3", "c6b8", "f3g1", "b8c6", "g1f3", "c6b8"];
    let (pos, history) = play_line(&start, &cycle);
    let out = run(&pos, &history, 4);
    assert_ne!(pos.move_token(out.best.unwrap()), "f3g1");
    assert!(out.score > 300);
    // The losing side heads for the repetition: Black a queen down, same cycle.
    let start = toy("1n1qk3/8/8/8/8/8/8/4K1N1 b 0");
    let (pos, history) = play_line(&start, &cycle);
    let out = run(&pos, &history, 4);
    // White (to move) is the losing side here and takes the draw.
    assert_eq!(pos.move_token(out.best.unwrap()), "f3g1");
    assert_eq!(out.score, 0);
}

#[test]
fn fifty_move_rule_is_a_draw_in_the_tree() {
    // A rook up, but the 100th reversible half-move comes before any mate or capture.
    let pos = toy("k7/8/8/8/8/8/8/4K2R w 99");
    let out = run(&pos, &[], 3);
    assert_eq!(out.score, 0);
    let pos = toy("k7/8/8/8/8/8/8/4K2R w 0");
    let out = run(&pos, &[], 3);
    assert!(out.score > 300);
}

#[test]
fn stop_returns_promptly_with_a_move() {
    let pos = toy("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w 0");
    let stop = Arc::new(AtomicBool::new(false));
    let shared = Shared::new(Arc::new(Table::new(8)), stop.clone());
    let params = Params::default();
    let (elapsed, best) = std::thread::scope(|s| {
        let h = s.spawn(|| search(&pos, &[], &params, &shared, &mut |_| {}));
        std::thread::sleep(Duration::from_millis(300));
        let asked = Instant::now();
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
        let out = h.join().unwrap();
        (asked.elapsed(), out.best)
    });
    eprintln!("stop answered in {elapsed:?}");
    assert!(best.is_some());
    assert!(
        elapsed < Duration::from_millis(150),
        "stop took {elapsed:?}"
    );
}

#[test]
fn threads_agree_on_a_forced_mate() {
    let pos = toy("k7/8/8/3K4/8/8/8/6R1 w 0");
    let shared = Shared::new(Arc::new(Table::new(8)), Arc::new(AtomicBool::new(false)));
    let params = Params {
        max_depth: 5,
        threads: 3,
        ..Params::default()
    };
    let out = search(&pos, &[], &params, &shared, &mut |_| {});
    assert_eq!(to_api(out.score), Score::Mate(3));
    let _: Value = out.score;
}
