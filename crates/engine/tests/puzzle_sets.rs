//! The committed puzzle sets (crates/puzzles/sets) hold what the miner's criteria
//! promise: every puzzle checked again by a search one ply deeper than the miner's
//! (`engine::puzzle::verify` at depth 4, confirmed at 5; the miner searched 3 and 4), at
//! least 300 puzzles per set, no position twice. The normal run checks a sample of each
//! set; `cargo test --release -p engine --test puzzle_sets -- --ignored` checks them all.

use engine::puzzle;
use puzzles::{Puzzle, PuzzleSet};
use rules::any::AnyGame;
use std::collections::HashSet;

/// The depth the sets were checked at when they were made (`spacechess puzzle-set`).
const CHECK_DEPTH: u32 = 4;
/// Puzzles of each set checked in the normal run.
const SAMPLE: usize = 3;

/// Checks one puzzle again: the same line wins the same way, with the same themes.
fn check(set: &PuzzleSet, p: &Puzzle) {
    let game =
        AnyGame::new(&set.setup, Some(&p.position)).unwrap_or_else(|e| panic!("{}: {e}", p.id));
    let again = puzzle::verify(&game, &p.solution, CHECK_DEPTH)
        .unwrap_or_else(|why| panic!("{} fails its check: {why}", p.id));
    assert_eq!(again.kind.id(), p.kind, "{}", p.id);
    let themes: Vec<String> = again.themes.iter().map(|t| t.id()).collect();
    assert_eq!(themes, p.themes, "{}", p.id);
}

#[test]
fn every_set_reads_and_has_300_distinct_positions() {
    assert!(
        puzzles::load_errors().is_empty(),
        "{:?}",
        puzzles::load_errors()
    );
    assert_eq!(puzzles::sets().len(), puzzles::SET_IDS.len());
    for set in puzzles::sets() {
        assert!(
            set.puzzles.len() >= 300,
            "{}: {} puzzles",
            set.id,
            set.puzzles.len()
        );
        let mut positions = HashSet::new();
        for p in &set.puzzles {
            let fields: Vec<&str> = p.position.split_whitespace().collect();
            let key = fields[..fields.len() - 2].join(" ");
            assert!(positions.insert(key), "{}: its position twice", p.id);
        }
    }
}

/// A sample of each set, spread over the file, checked again by the deeper search.
#[test]
fn a_sample_of_every_set_passes_the_deeper_check() {
    for set in puzzles::sets() {
        let step = (set.puzzles.len() / SAMPLE).max(1);
        for p in set.puzzles.iter().step_by(step).take(SAMPLE) {
            check(set, p);
        }
    }
}

/// Every puzzle of every set checked again (minutes in a release build).
#[test]
#[ignore = "long: every committed puzzle searched again"]
fn every_puzzle_passes_the_deeper_check() {
    for set in puzzles::sets() {
        for p in &set.puzzles {
            check(set, p);
        }
    }
}
