//! Mates on the real variants: positions with a mate in one (and, where cheap, two) are
//! found by seeded random playouts and a naive check that shares nothing with the
//! search; the search must then report the mate at the matching depth.

use engine::api::Score;
use engine::eval::Evaluate;
use engine::score::to_api;
use engine::search::{search, Params, Shared};
use engine::tt::Table;
use rules::fourfold::FourfoldPosition;
use rules::quadlevel::QuadlevelPosition;
use rules::stacked::StackedPosition;
use rules::trid::TridPosition;
use rules::{Position, RuleSet, Setup, Variant};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

fn is_mate<P: Position>(p: &P) -> bool {
    p.in_check() && p.count_legal() == 0
}

fn mates_in_one<P: Position>(p: &P) -> bool {
    p.legal_moves().into_iter().any(|m| {
        let mut q = p.clone();
        q.play(m);
        is_mate(&q)
    })
}

/// The first position of seeded random games in which the side to move can mate in one.
fn find<P: Position>(setup: &Setup) -> Option<P> {
    for seed in 1..400u64 {
        let mut p = P::start(setup).ok()?;
        let mut state = seed;
        for _ in 0..120 {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            if mates_in_one(&p) {
                return Some(p);
            }
            let (s, r) = rules::zobrist::splitmix64(state);
            state = s;
            p.play(moves[(r % moves.len() as u64) as usize]);
        }
    }
    None
}

fn check<P: Evaluate>(setup: Setup) {
    let p: P = find(&setup).unwrap_or_else(|| panic!("{setup}: no mate-in-one position found"));
    let shared = Shared::new(Arc::new(Table::new(4)), Arc::new(AtomicBool::new(false)));
    let out = search(
        &p,
        &[],
        &Params {
            max_depth: 1,
            ..Params::default()
        },
        &shared,
        &mut |_| {},
    );
    assert_eq!(
        to_api(out.score),
        Score::Mate(1),
        "{setup}: {}",
        p.position_string()
    );
    let mut q = p.clone();
    q.play(out.best.unwrap());
    assert!(is_mate(&q), "{setup}: the chosen move does not mate");
}

#[test]
fn stacked_mate_in_one() {
    check::<StackedPosition>(Setup::standard(Variant::Stacked));
}

#[test]
fn trid_mate_in_one_in_every_rule_set() {
    for r in RuleSet::ALL {
        check::<TridPosition>(Setup::new(Variant::Trid, Some(r), Default::default()).unwrap());
    }
}

#[test]
fn quadlevel_mate_in_one() {
    check::<QuadlevelPosition>(Setup::standard(Variant::Quadlevel));
}

#[test]
fn fourfold_mate_in_one() {
    check::<FourfoldPosition>(Setup::standard(Variant::Fourfold));
}

/// Naive: a move after which every reply allows a mate in one.
fn mates_in_two<P: Position>(p: &P) -> bool {
    p.legal_moves().into_iter().any(|m| {
        let mut q = p.clone();
        q.play(m);
        let replies = q.legal_moves();
        !replies.is_empty()
            && replies.into_iter().all(|r| {
                let mut s = q.clone();
                s.play(r);
                mates_in_one(&s)
            })
    })
}

/// Scans seeded random games with a depth-3 search for a claimed mate in two; the claim
/// is then checked naively (a mate in two exists, none in one).
fn check_two<P: Evaluate>(setup: Setup) {
    let shared = Shared::new(Arc::new(Table::new(4)), Arc::new(AtomicBool::new(false)));
    for seed in 1..300u64 {
        let mut p = P::start(&setup).unwrap();
        let mut state = seed;
        for ply in 0..100 {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            if ply % 2 == 0 && !mates_in_one(&p) {
                let params = Params {
                    max_depth: 3,
                    node_limit: Some(200_000),
                    ..Params::default()
                };
                let out = search(&p, &[], &params, &shared, &mut |_| {});
                if to_api(out.score) == Score::Mate(2) {
                    assert!(
                        mates_in_two(&p),
                        "{setup}: false mate claim in {}",
                        p.position_string()
                    );
                    return;
                }
            }
            let (s, r) = rules::zobrist::splitmix64(state);
            state = s;
            p.play(moves[(r % moves.len() as u64) as usize]);
        }
    }
    panic!("{setup}: no mate-in-two position found");
}

#[test]
fn fourfold_mate_in_two_is_real() {
    check_two::<FourfoldPosition>(Setup::standard(Variant::Fourfold));
}

/// Slow (about a minute: the naive check of a Quadlevel mate in two is large): run with
/// `--ignored`.
#[test]
#[ignore]
fn quadlevel_mate_in_two_is_real() {
    check_two::<QuadlevelPosition>(Setup::standard(Variant::Quadlevel));
}

#[test]
fn trid_mate_in_two_is_real() {
    check_two::<TridPosition>(Setup::standard(Variant::Trid));
}

/// Slow (most random Stacked games take long to reach a mate): run with `--ignored`.
#[test]
#[ignore]
fn stacked_mate_in_two_is_real() {
    check_two::<StackedPosition>(Setup::standard(Variant::Stacked));
}
