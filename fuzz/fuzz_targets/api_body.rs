//! The API's JSON request bodies (new game, move, resignation, Oracle, puzzles, a name,
//! an account, a login, a lobby challenge, a quick pairing), read as the server's
//! handlers read them: never a panic, and an error message stays short whatever the body
//! (it quotes input only as an excerpt).
//!
//! The parsing lives in the server, so this target uses the spacechess crate's library
//! (`spacechess::server::fuzzing`).

#![no_main]

use libfuzzer_sys::fuzz_target;
use spacechess::server::fuzzing::{read_body, Endpoint, MAX_MESSAGE_CHARS};

fuzz_target!(|data: &[u8]| {
    for endpoint in Endpoint::ALL {
        if let Err(message) = read_body(endpoint, data) {
            assert!(
                message.chars().count() <= MAX_MESSAGE_CHARS,
                "{endpoint:?}: a message of {} characters",
                message.chars().count()
            );
            assert!(!message.is_empty(), "{endpoint:?}: an empty message");
        }
    }
});
