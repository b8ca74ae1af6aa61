//! The API's request bodies, read as the handlers read them, for the fuzz targets
//! (fuzz/fuzz_targets/api_body.rs): the server does not call this.

use super::routes::{json_body, opt_str, opt_u64, parse_new_game, parse_side};
use axum::body::Bytes;

/// The endpoints that take a JSON body.
#[derive(Clone, Copy, Debug)]
pub enum Endpoint {
    NewGame,
    Move,
    Resign,
    Oracle,
}

impl Endpoint {
    pub const ALL: [Endpoint; 4] = [
        Endpoint::NewGame,
        Endpoint::Move,
        Endpoint::Resign,
        Endpoint::Oracle,
    ];
}

/// Reads `body` as `endpoint` does: `Ok` when accepted, else the error message the
/// client would get.
pub fn read_body(endpoint: Endpoint, body: &[u8]) -> Result<(), String> {
    let read = || -> Result<(), super::error::ApiError> {
        let m = json_body(Ok(Bytes::copy_from_slice(body)))?;
        let Some(m) = m else { return Ok(()) };
        match endpoint {
            Endpoint::NewGame => {
                let req = parse_new_game(&m)?;
                // The position is read when the game is made.
                if let Some(p) = &req.position {
                    let _ = rules::any::new_game(&req.setup, Some(p));
                }
            }
            Endpoint::Move => {
                opt_str(&m, "move")?;
                opt_u64(&m, "ply")?;
            }
            Endpoint::Resign => {
                if let Some(s) = opt_str(&m, "side")? {
                    parse_side("side", s)?;
                }
            }
            Endpoint::Oracle => {
                opt_u64(&m, "budget_ms")?;
            }
        }
        Ok(())
    };
    read().map_err(|e| e.message)
}

/// The longest error message a body can cause (messages quote input as an excerpt).
pub const MAX_MESSAGE_CHARS: usize = super::error::MAX_MESSAGE_CHARS + 64;
