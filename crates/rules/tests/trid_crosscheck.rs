//! Tri-D middlegames that wander: random play that prefers attack-board moves, so boards
//! reach placements and ownerships no hand-made position has, then a cross-check with the
//! naive generator two plies deep (moves and the position strings after them).

mod trid_naive;

use proptest::prelude::*;
use rules::trid::TridPosition;
use rules::{Position, Setup};
use trid_naive::setup;

fn setups() -> [Setup; 4] {
    [
        setup("federation", false),
        setup("federation", true),
        setup("meder", false),
        setup("stepwise", false),
    ]
}

/// Plays random moves from the start, then cross-checks the reached position with the
/// naive generator: reaches board placements and ownerships no hand-made position has.
fn cross_check_after_random_play(setup: &Setup, choices: &[u16], depth: u32) {
    let mut p = TridPosition::start(setup).unwrap();
    for &c in choices {
        let moves = p.legal_moves();
        if moves.is_empty() {
            return;
        }
        // Prefer attack-board moves now and then so boards wander.
        let boards: Vec<_> = moves
            .iter()
            .copied()
            .filter(|&m| p.move_token(m).contains('>'))
            .collect();
        let m = if c % 3 == 0 && !boards.is_empty() {
            boards[c as usize / 3 % boards.len()]
        } else {
            moves[c as usize % moves.len()]
        };
        p.play(m);
        // 64 squares, no two boards on one place.
        assert_eq!(p.square_count(), 64);
        assert_eq!(p.cells().len(), 64);
        let placements = p.placements();
        for a in 0..4 {
            for b in 0..a {
                assert_ne!(
                    (placements[a].post, placements[a].level),
                    (placements[b].post, placements[b].level)
                );
            }
        }
    }
    trid_naive::cross_check(setup, &p.position_string(), depth);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_middlegames_agree_with_the_naive_generator(rules in 0usize..4, choices in proptest::collection::vec(any::<u16>(), 0..50)) {
        cross_check_after_random_play(&setups()[rules], &choices, 2);
    }
}
