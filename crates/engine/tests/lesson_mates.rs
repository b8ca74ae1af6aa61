//! The engine proves every mate of the lessons: at the depth of a mate in N it reports
//! exactly "mate in N" with a move that starts a mate (judged by the rules' lesson
//! check), and at a shallower depth it claims no shorter mate.

use engine::api::Score;
use engine::eval::Evaluate;
use engine::score::to_api;
use engine::search::{search, Params, Shared};
use engine::tt::Table;
use rules::lessons::{self, check_attempt, Goal, Lesson, Verdict};
use rules::with_position_type;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

fn score_at<P: Evaluate>(pos: &P, depth: i32) -> (Score, Option<String>) {
    let shared = Shared::new(Arc::new(Table::new(4)), Arc::new(AtomicBool::new(false)));
    let params = Params {
        max_depth: depth,
        ..Params::default()
    };
    let out = search(pos, &[], &params, &shared, &mut |_| {});
    (to_api(out.score), out.best.map(|m| pos.move_token(m)))
}

fn prove<P: Evaluate>(l: &Lesson, n: u8) -> Result<(), String> {
    let setup = l.setup().map_err(|e| e.to_string())?;
    let pos = P::from_position_string(&setup, l.position).map_err(|e| e.to_string())?;
    let depth = 2 * i32::from(n) - 1;
    let (score, best) = score_at(&pos, depth);
    if score != Score::Mate(i32::from(n)) {
        return Err(format!("depth {depth}: {score:?}, expected mate in {n}"));
    }
    let best = best.ok_or("no best move")?;
    // A mate in one ends the lesson; the first move of a mate in two keeps it going.
    let verdict = check_attempt(l, &[&best]).map_err(|e| e.to_string())?;
    let starts_mate = match verdict {
        Verdict::Solved => n == 1,
        Verdict::Continue { .. } => n > 1,
        Verdict::Missed { .. } => false,
    };
    if !starts_mate {
        return Err(format!("the engine's move {best} is judged {verdict:?}"));
    }
    for shallower in 1..depth {
        if let (Score::Mate(k), _) = score_at(&pos, shallower) {
            if k > 0 && k < i32::from(n) {
                return Err(format!("depth {shallower} claims a mate in {k}"));
            }
        }
    }
    Ok(())
}

fn prove_any(l: &Lesson, n: u8) -> Result<(), String> {
    with_position_type!(l.variant, P => prove::<P>(l, n))
}

#[test]
fn the_engine_proves_every_lesson_mate() {
    let mut proved = 0;
    let mut failures = Vec::new();
    for l in lessons::all() {
        if let Goal::Mate(n) = l.goal {
            match prove_any(l, n) {
                Ok(()) => proved += 1,
                Err(e) => failures.push(format!("{}: {e}", l.id)),
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(proved >= 25, "only {proved} mates");
}
