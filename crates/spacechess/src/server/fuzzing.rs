//! The API's request bodies, read as the handlers read them, for the fuzz targets
//! (fuzz/fuzz_targets/api_body.rs): the server does not call this.

use super::accounts::{AccountBody, LoginBody, NameBody};
use super::requests::{
    read, MoveBody, NewGameBody, OracleBody, PuzzleAttemptBody, PuzzleMovesBody, ResignBody,
};
use super::routes::new_game;
use axum::body::Bytes;

/// The endpoints that take a JSON body.
#[derive(Clone, Copy, Debug)]
pub enum Endpoint {
    NewGame,
    Move,
    Resign,
    Oracle,
    /// A puzzle's check or hint.
    PuzzleMoves,
    PuzzleAttempt,
    /// A name chosen, an account made, a login.
    Name,
    Account,
    Login,
    /// A lobby challenge, a quick pairing.
    Challenge,
    Quick,
}

impl Endpoint {
    pub const ALL: [Endpoint; 11] = [
        Endpoint::NewGame,
        Endpoint::Move,
        Endpoint::Resign,
        Endpoint::Oracle,
        Endpoint::PuzzleMoves,
        Endpoint::PuzzleAttempt,
        Endpoint::Name,
        Endpoint::Account,
        Endpoint::Login,
        Endpoint::Challenge,
        Endpoint::Quick,
    ];
}

/// Reads `body` as `endpoint` does: `Ok` when accepted, else the error message the
/// client would get.
pub fn read_body(endpoint: Endpoint, body: &[u8]) -> Result<(), String> {
    let read = || -> Result<(), super::error::ApiError> {
        let body = || Ok(Bytes::copy_from_slice(body));
        match endpoint {
            Endpoint::NewGame => {
                if let Some(b) = read::<NewGameBody>(body())? {
                    let req = new_game(b)?;
                    // The position is read when the game is made.
                    if let Some(p) = &req.position {
                        let _ = rules::any::new_game(&req.setup, Some(p));
                    }
                }
            }
            Endpoint::Move => {
                read::<MoveBody>(body())?;
            }
            Endpoint::Resign => {
                read::<ResignBody>(body())?;
            }
            Endpoint::Oracle => {
                read::<OracleBody>(body())?;
            }
            Endpoint::PuzzleMoves => {
                read::<PuzzleMovesBody>(body())?;
            }
            Endpoint::PuzzleAttempt => {
                read::<PuzzleAttemptBody>(body())?;
            }
            // The checks made before the store is asked (a name's rules, a password's
            // length), as the handlers make them.
            Endpoint::Name => {
                if let Some(name) = read::<NameBody>(body())?.and_then(|b| b.name) {
                    if let Some(problem) = super::accounts::name_problem(&name) {
                        return Err(super::error::ApiError::bad_request(problem));
                    }
                }
            }
            Endpoint::Account => {
                if let Some(p) = read::<AccountBody>(body())?.and_then(|b| b.password) {
                    if let Some(problem) = super::accounts::password_problem(&p) {
                        return Err(super::error::ApiError::bad_request(problem));
                    }
                }
            }
            Endpoint::Login => {
                read::<LoginBody>(body())?;
            }
            Endpoint::Challenge => {
                if let Some(b) = read::<super::lobby::ChallengeBody>(body())? {
                    super::lobby::wanted(b)?;
                }
            }
            Endpoint::Quick => {
                read::<super::lobby::QuickBody>(body())?;
            }
        }
        Ok(())
    };
    read().map_err(|e| e.message)
}

/// The longest error message a body can cause (messages quote input as an excerpt).
pub const MAX_MESSAGE_CHARS: usize = super::error::MAX_MESSAGE_CHARS + 64;
