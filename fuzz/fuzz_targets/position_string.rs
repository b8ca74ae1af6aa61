//! Position strings of every variant: never a panic, and an accepted string formats to a
//! string that is accepted again and formats the same way. Every setup the rules accept is
//! tried, so variants added later are fuzzed without changing this target.
//!
//! Hand-written seeds: `fuzz/seeds/position_string/` (give it as a second corpus directory:
//! `cargo fuzz run position_string fuzz/corpus/position_string fuzz/seeds/position_string`).

#![no_main]

use libfuzzer_sys::fuzz_target;
use rules::any::new_game;
use rules::catalogue::every_setup;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for setup in every_setup() {
        let Ok(game) = new_game(&setup, Some(text)) else {
            continue;
        };
        let formatted = game.position_string();
        let again = new_game(&setup, Some(&formatted))
            .unwrap_or_else(|e| panic!("{setup}: formatted position rejected: {e}"));
        assert_eq!(again.position_string(), formatted, "{setup}");
        // Move generation, notation and one move played must not panic either.
        let moves = game.legal_moves();
        let _ = game.status();
        let _ = game.screen(true);
        if let Some(first) = moves.first() {
            let mut next = game.clone();
            next.play_text(&first.token)
                .unwrap_or_else(|e| panic!("{setup}: generated move {} refused: {e}", first.token));
            let after = next.position_string();
            let reread = new_game(&setup, Some(&after))
                .unwrap_or_else(|e| panic!("{setup}: position after a move rejected: {e}"));
            assert_eq!(reread.position_string(), after, "{setup}");
        }
    }
});
