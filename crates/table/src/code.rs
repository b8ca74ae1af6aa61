//! The one list of error codes every host answers with (`{"error": {"code", "message"}}`
//! on the server, the same `code` from the WebAssembly module). Each host maps a code to
//! its transport in one place (the server: `server/error.rs`, to an HTTP status).

use serde::Serialize;

/// What kind of request failed; serialized `snake_case` (docs/api.md, "Errors").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum ErrorCode {
    /// Not a request of this interface: bad JSON, a missing or malformed field.
    BadRequest,
    BadSetup,
    BadPosition,
    BadRecord,
    IllegalMove,
    GameOver,
    NotYourTurn,
    NotYourSeat,
    /// An `Authorization` header that is not `Bearer <player id>`.
    BadPlayer,
    /// A state-changing request from another site's page.
    BadOrigin,
    /// A `Host` the server does not serve.
    BadHost,
    NothingToTakeBack,
    NoOffer,
    NoClaim,
    /// The engine does not help the players of an online game while it runs.
    NoEngineHelp,
    GameInProgress,
    UnknownGame,
    UnknownInvite,
    UnknownAnalysis,
    NotYourAnalysis,
    UnknownLesson,
    NotFound,
    /// A depth, size, ply or time outside what is accepted.
    OutOfRange,
    TooLarge,
    /// A request body, or an answer, not ready in time.
    Timeout,
    RateLimited,
    Internal,
    /// A display name that breaks a naming rule.
    BadName,
    /// A display name someone else has (names differ regardless of case).
    NameTaken,
    /// An account needs a display name first.
    NameRequired,
    /// A password too short or too long for an account.
    BadPassword,
    /// A wrong name or password.
    BadLogin,
    /// A lobby challenge that is not open (accepted, cancelled, expired or unknown).
    UnknownChallenge,
    /// A player's own lobby challenge, which another player must accept.
    OwnChallenge,
    /// A lobby challenge whose rating range leaves the player's rating out.
    RatingOutOfRange,
}

impl ErrorCode {
    /// Every code, in declaration order.
    pub const ALL: [ErrorCode; 35] = [
        ErrorCode::BadRequest,
        ErrorCode::BadSetup,
        ErrorCode::BadPosition,
        ErrorCode::BadRecord,
        ErrorCode::IllegalMove,
        ErrorCode::GameOver,
        ErrorCode::NotYourTurn,
        ErrorCode::NotYourSeat,
        ErrorCode::BadPlayer,
        ErrorCode::BadOrigin,
        ErrorCode::BadHost,
        ErrorCode::NothingToTakeBack,
        ErrorCode::NoOffer,
        ErrorCode::NoClaim,
        ErrorCode::NoEngineHelp,
        ErrorCode::GameInProgress,
        ErrorCode::UnknownGame,
        ErrorCode::UnknownInvite,
        ErrorCode::UnknownAnalysis,
        ErrorCode::NotYourAnalysis,
        ErrorCode::UnknownLesson,
        ErrorCode::NotFound,
        ErrorCode::OutOfRange,
        ErrorCode::TooLarge,
        ErrorCode::Timeout,
        ErrorCode::RateLimited,
        ErrorCode::Internal,
        ErrorCode::BadName,
        ErrorCode::NameTaken,
        ErrorCode::NameRequired,
        ErrorCode::BadPassword,
        ErrorCode::BadLogin,
        ErrorCode::UnknownChallenge,
        ErrorCode::OwnChallenge,
        ErrorCode::RatingOutOfRange,
    ];

    /// The code as written in answers.
    pub fn id(self) -> &'static str {
        match self {
            ErrorCode::BadRequest => "bad_request",
            ErrorCode::BadSetup => "bad_setup",
            ErrorCode::BadPosition => "bad_position",
            ErrorCode::BadRecord => "bad_record",
            ErrorCode::IllegalMove => "illegal_move",
            ErrorCode::GameOver => "game_over",
            ErrorCode::NotYourTurn => "not_your_turn",
            ErrorCode::NotYourSeat => "not_your_seat",
            ErrorCode::BadPlayer => "bad_player",
            ErrorCode::BadOrigin => "bad_origin",
            ErrorCode::BadHost => "bad_host",
            ErrorCode::NothingToTakeBack => "nothing_to_take_back",
            ErrorCode::NoOffer => "no_offer",
            ErrorCode::NoClaim => "no_claim",
            ErrorCode::NoEngineHelp => "no_engine_help",
            ErrorCode::GameInProgress => "game_in_progress",
            ErrorCode::UnknownGame => "unknown_game",
            ErrorCode::UnknownInvite => "unknown_invite",
            ErrorCode::UnknownAnalysis => "unknown_analysis",
            ErrorCode::NotYourAnalysis => "not_your_analysis",
            ErrorCode::UnknownLesson => "unknown_lesson",
            ErrorCode::NotFound => "not_found",
            ErrorCode::OutOfRange => "out_of_range",
            ErrorCode::TooLarge => "too_large",
            ErrorCode::Timeout => "timeout",
            ErrorCode::RateLimited => "rate_limited",
            ErrorCode::Internal => "internal",
            ErrorCode::BadName => "bad_name",
            ErrorCode::NameTaken => "name_taken",
            ErrorCode::NameRequired => "name_required",
            ErrorCode::BadPassword => "bad_password",
            ErrorCode::BadLogin => "bad_login",
            ErrorCode::UnknownChallenge => "unknown_challenge",
            ErrorCode::OwnChallenge => "own_challenge",
            ErrorCode::RatingOutOfRange => "rating_out_of_range",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_what_serde_writes_and_all_differ() {
        let mut seen = std::collections::HashSet::new();
        for code in ErrorCode::ALL {
            let json = serde_json::to_string(&code).unwrap();
            assert_eq!(json, format!("\"{}\"", code.id()));
            assert!(seen.insert(code.id()), "{} twice", code.id());
        }
    }
}
