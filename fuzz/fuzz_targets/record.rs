//! Game records of any variant: never a panic, and an imported game exports to a record
//! that imports to the same game.
//!
//! Hand-written seeds: `fuzz/seeds/record/` (give it as a second corpus directory:
//! `cargo fuzz run record fuzz/corpus/record fuzz/seeds/record`).

#![no_main]

use libfuzzer_sys::fuzz_target;
use rules::any::import_record;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok((game, comments)) = import_record(text) else {
        return;
    };
    let exported = game.export(&[], &comments);
    let (again, _) = import_record(&exported)
        .unwrap_or_else(|e| panic!("exported record rejected: {e}\n{exported}"));
    assert_eq!(again.position_string(), game.position_string());
    let tokens = |g: &rules::AnyGame| -> Vec<String> {
        g.played().iter().map(|m| m.token.clone()).collect()
    };
    assert_eq!(tokens(&again), tokens(&game));
});
