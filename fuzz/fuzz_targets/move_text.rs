//! Move text of every setup: after a short walk (input bytes pick moves), the rest of
//! the input is read as a move. Never a panic; a move read is one of the legal moves,
//! and its token reads back to the same move.

#![no_main]

#[path = "common.rs"]
mod common;

use libfuzzer_sys::fuzz_target;
use rules::any::new_game;

fuzz_target!(|data: &[u8]| {
    let Some((setup, rest)) = common::pick_setup(data) else {
        return;
    };
    let Some((&plies, rest)) = rest.split_first() else {
        return;
    };
    let plies = usize::from(plies % 16).min(rest.len());
    let (walk, text) = rest.split_at(plies);
    let Ok(text) = std::str::from_utf8(text) else {
        return;
    };
    let Ok(mut game) = new_game(&setup, None) else {
        return;
    };
    for &b in walk {
        let moves = game.legal_moves();
        if moves.is_empty() {
            return;
        }
        let token = moves[usize::from(b) % moves.len()].token.clone();
        game.play_text(&token)
            .unwrap_or_else(|e| panic!("{setup}: generated move {token} refused: {e}"));
    }
    let legal: Vec<String> = game.legal_moves().into_iter().map(|m| m.token).collect();
    let mut probe = game.clone();
    if let Ok(played) = probe.play_text(text) {
        assert!(legal.contains(&played.token), "{setup}: {text:?} played {} (not legal)", played.token);
        let mut again = game.clone();
        let reread = again
            .play_text(&played.token)
            .unwrap_or_else(|e| panic!("{setup}: token {} refused: {e}", played.token));
        assert_eq!(reread.token, played.token);
        assert_eq!(again.position_string(), probe.position_string());
    }
});
