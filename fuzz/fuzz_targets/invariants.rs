//! Invariants along random games of every setup: the first input byte picks the setup
//! from the catalogue, the next bytes pick each move in turn (one byte, or two when a
//! position has more than 256 moves: `common::pick_move`). The seeds in
//! `fuzz/seeds/invariants` are real games of every setup written that way.
//! At every position reached, the position string is canonical (formatting what it
//! parses to gives it back, with the same position and hash), the incremental hash
//! equals the one computed from scratch, and the move played is undone exactly. At the
//! last position, every generated move:
//! - is legal: playing it never leaves the mover's king attacked (checked with a null
//!   move after it), its token and notations read back to it, and the legal move count
//!   agrees with the list;
//! - is undone exactly, hash included.

#![no_main]

#[path = "common.rs"]
mod common;

use libfuzzer_sys::fuzz_target;
use rules::{with_position_type, Position, Setup};

/// Longest walk (a bound on the work per input).
const MAX_PLIES: usize = 40;

fn check<P: Position>(setup: &Setup, mut walk: &[u8]) {
    let Ok(mut pos) = P::start(setup) else {
        return;
    };
    for _ in 0..MAX_PLIES {
        check_string(setup, &pos);
        let moves = pos.legal_moves();
        let Some(pick) = common::pick_move(&mut walk, moves.len()) else {
            break;
        };
        let m = moves[pick];
        let before = pos.clone();
        let undo = pos.play(m);
        assert_eq!(pos.hash(), pos.compute_hash(), "{setup}: hash after a move");
        pos.undo(m, undo);
        assert_eq!(pos, before, "{setup}: play then undo");
        assert_eq!(pos.hash(), before.hash(), "{setup}: hash after undo");
        pos.play(m);
    }
    check_string(setup, &pos);
    check_moves(setup, &pos);
}

fn check_string<P: Position>(setup: &Setup, pos: &P) {
    assert_eq!(pos.hash(), pos.compute_hash(), "{setup}: incremental hash");
    let text = pos.position_string();
    let reread = P::from_position_string(setup, &text)
        .unwrap_or_else(|e| panic!("{setup}: canonical string {text:?} rejected: {e}"));
    assert_eq!(reread.position_string(), text, "{setup}: format∘parse");
    assert_eq!(&reread, pos, "{setup}: {text:?} reads back to another position");
    assert_eq!(reread.hash(), pos.hash(), "{setup}: {text:?} hash after reading");
}

fn check_moves<P: Position>(setup: &Setup, pos: &P) {
    let text = pos.position_string();
    let moves = pos.legal_moves();
    assert_eq!(pos.count_legal(), moves.len() as u64, "{setup}: {text}: count_legal");
    let mover = pos.turn();
    for &m in &moves {
        let token = pos.move_token(m);
        assert_eq!(pos.parse_move_token(&token).ok(), Some(m), "{setup}: {text}: token {token}");
        let notation = pos.move_notation(m);
        assert_eq!(pos.parse_move(&notation).ok(), Some(m), "{setup}: {text}: {notation}");
        let ascii = pos.move_notation_ascii(m);
        assert_eq!(pos.parse_move(&ascii).ok(), Some(m), "{setup}: {text}: {ascii}");

        let mut after = pos.clone();
        let undo = after.play(m);
        assert_eq!(after.hash(), after.compute_hash(), "{setup}: {text}: hash after {token}");
        assert_ne!(after.turn(), mover, "{setup}: {text}: {token} keeps the turn");
        // Legal: the mover's king is not attacked once the move is made. A null move
        // hands the turn back so `in_check` asks about the mover (only legal to play
        // when the side to move is not in check itself).
        if !after.in_check() && !setup.options().destroy_both_kings {
            let null = after.play_null();
            assert!(!after.in_check(), "{setup}: {text}: {token} leaves the mover in check");
            after.undo_null(null);
        }
        after.undo(m, undo);
        assert_eq!(&after, pos, "{setup}: {text}: play then undo of {token}");
        assert_eq!(after.hash(), pos.hash(), "{setup}: {text}: hash after undo of {token}");
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((setup, walk)) = common::pick_setup(data) else {
        return;
    };
    with_position_type!(setup.variant(), P => check::<P>(&setup, walk));
});
