//! API errors: a code (`table::ErrorCode`, the one list every host answers with) and a
//! message, written `{"error": {"code", "message"}}` (docs/api.md). The HTTP status of
//! each code is decided here, by [`status`], and nowhere else.

use super::store::StoreError;
use super::view::{to_json, ErrorAnswer, ErrorBody};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
pub use table::ErrorCode;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    pub code: ErrorCode,
    pub message: String,
    /// For a 429: seconds until trying again makes sense (`Retry-After`).
    pub retry_after: Option<u64>,
    /// The status HTTP itself chose for an answer made outside our handlers (a method
    /// not allowed, a head too large, an upgrade refused: [`ApiError::for_status`]);
    /// `None` for every error of ours, whose status is [`status`] of its code.
    http_status: Option<StatusCode>,
}

/// The HTTP status of an error code (docs/api.md, "Errors").
pub fn status(code: ErrorCode) -> StatusCode {
    match code {
        ErrorCode::BadRequest
        | ErrorCode::BadSetup
        | ErrorCode::BadPosition
        | ErrorCode::BadRecord
        | ErrorCode::OutOfRange
        | ErrorCode::BadName
        | ErrorCode::BadPassword => StatusCode::BAD_REQUEST,
        ErrorCode::BadPlayer | ErrorCode::BadLogin => StatusCode::UNAUTHORIZED,
        ErrorCode::NotYourSeat
        | ErrorCode::BadOrigin
        | ErrorCode::BadHost
        | ErrorCode::RatingOutOfRange
        | ErrorCode::NotYourAnalysis => StatusCode::FORBIDDEN,
        ErrorCode::UnknownGame
        | ErrorCode::UnknownInvite
        | ErrorCode::UnknownAnalysis
        | ErrorCode::UnknownLesson
        | ErrorCode::UnknownChallenge
        | ErrorCode::NotFound => StatusCode::NOT_FOUND,
        ErrorCode::Timeout => StatusCode::REQUEST_TIMEOUT,
        ErrorCode::IllegalMove => StatusCode::UNPROCESSABLE_ENTITY,
        ErrorCode::GameOver
        | ErrorCode::NotYourTurn
        | ErrorCode::NothingToTakeBack
        | ErrorCode::NoOffer
        | ErrorCode::NoClaim
        | ErrorCode::NoEngineHelp
        | ErrorCode::GameInProgress
        | ErrorCode::NameTaken
        | ErrorCode::NameRequired
        | ErrorCode::OwnChallenge => StatusCode::CONFLICT,
        ErrorCode::TooLarge => StatusCode::PAYLOAD_TOO_LARGE,
        ErrorCode::RateLimited => StatusCode::TOO_MANY_REQUESTS,
        ErrorCode::Internal => StatusCode::INTERNAL_SERVER_ERROR,
    }
}

/// The documented code of an error answer whose status HTTP chose (axum's rejections,
/// hyper's own answers, tower-http's timeouts).
pub fn code_for(status: StatusCode) -> ErrorCode {
    match status {
        StatusCode::NOT_FOUND => ErrorCode::NotFound,
        StatusCode::REQUEST_TIMEOUT => ErrorCode::Timeout,
        StatusCode::PAYLOAD_TOO_LARGE
        | StatusCode::URI_TOO_LONG
        | StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE => ErrorCode::TooLarge,
        StatusCode::TOO_MANY_REQUESTS => ErrorCode::RateLimited,
        s if s.is_server_error() => ErrorCode::Internal,
        _ => ErrorCode::BadRequest,
    }
}

/// `Retry-After` of a 429 that names no time of its own: searches end within their
/// 15 s cap, most much sooner.
pub const DEFAULT_RETRY_AFTER_SECS: u64 = 5;

/// Longest message, in characters. Messages quote the rejected input; a long input is
/// shown by its start and end only, so an answer stays small whatever was sent.
pub const MAX_MESSAGE_CHARS: usize = 500;

/// `message` if short, else its start and end around a note of what was left out.
pub fn excerpt(message: String) -> String {
    let n = message.chars().count();
    if n <= MAX_MESSAGE_CHARS {
        return message;
    }
    let (head, tail) = (MAX_MESSAGE_CHARS * 3 / 4, MAX_MESSAGE_CHARS / 5);
    let start: String = message.chars().take(head).collect();
    let end: String = message.chars().skip(n - tail).collect();
    format!("{start}…[{} characters left out]…{end}", n - head - tail)
}

impl ApiError {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> ApiError {
        ApiError {
            code,
            message: excerpt(message.into()),
            retry_after: None,
            http_status: None,
        }
    }

    /// An error answer whose status HTTP chose (a method not allowed, a head too large,
    /// an upgrade refused, a timeout): the status stays, the code is the documented one
    /// for it ([`code_for`]).
    pub fn for_status(http_status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            http_status: Some(http_status),
            ..ApiError::new(code_for(http_status), message)
        }
    }

    /// The answer's status.
    pub fn status(&self) -> StatusCode {
        self.http_status.unwrap_or(status(self.code))
    }

    /// Sets `Retry-After` (seconds).
    pub fn with_retry_after(mut self, seconds: u64) -> ApiError {
        self.retry_after = Some(seconds);
        self
    }
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(ErrorCode::BadRequest, message)
    }
    pub fn unknown_game(id: &str) -> ApiError {
        ApiError::new(ErrorCode::UnknownGame, format!("no game with id {id:?}"))
    }
    pub fn bad_setup(message: impl Into<String>) -> ApiError {
        ApiError::new(ErrorCode::BadSetup, message)
    }
    pub fn bad_record(message: impl Into<String>) -> ApiError {
        ApiError::new(ErrorCode::BadRecord, message)
    }
    pub fn bad_position(message: impl Into<String>) -> ApiError {
        ApiError::new(ErrorCode::BadPosition, message)
    }
    pub fn illegal_move(message: impl Into<String>) -> ApiError {
        ApiError::new(ErrorCode::IllegalMove, message)
    }
    pub fn no_engine_help(message: impl Into<String>) -> ApiError {
        ApiError::new(ErrorCode::NoEngineHelp, message)
    }
    pub fn no_offer(message: impl Into<String>) -> ApiError {
        ApiError::new(ErrorCode::NoOffer, message)
    }
    pub fn game_over(message: impl Into<String>) -> ApiError {
        ApiError::new(ErrorCode::GameOver, message)
    }
    pub fn nothing_to_take_back(message: impl Into<String>) -> ApiError {
        ApiError::new(ErrorCode::NothingToTakeBack, message)
    }
    pub fn too_large(message: impl Into<String>) -> ApiError {
        ApiError::new(ErrorCode::TooLarge, message)
    }
    pub fn rate_limited(message: impl Into<String>) -> ApiError {
        ApiError::new(ErrorCode::RateLimited, message)
    }
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::new(ErrorCode::NotFound, message)
    }
    pub fn internal(message: impl Into<String>) -> ApiError {
        ApiError::new(ErrorCode::Internal, message)
    }

    /// The answer's body as JSON text.
    pub fn body(&self) -> String {
        to_json(&ErrorAnswer {
            error: ErrorBody {
                code: self.code.id().to_string(),
                message: self.message.clone(),
            },
        })
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> Self {
        match e {
            // Another copy of the game was written meanwhile: this one is out of date.
            StoreError::Conflict { .. } => ApiError::internal(format!(
                "storage refused the change: {e}; load the game again"
            )),
            StoreError::Failed(_) => ApiError::internal(format!("storage failed: {e}")),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = self.status();
        let mut r = (
            status,
            [(axum::http::header::CONTENT_TYPE, "application/json")],
            self.body(),
        )
            .into_response();
        if status == StatusCode::TOO_MANY_REQUESTS {
            let secs = self.retry_after.unwrap_or(DEFAULT_RETRY_AFTER_SECS).max(1);
            r.headers_mut()
                .insert(axum::http::header::RETRY_AFTER, secs.into());
        }
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_messages_are_cut_to_an_excerpt_keeping_both_ends() {
        let input = "x".repeat(60_000);
        let e = ApiError::bad_position(format!("cannot read {input:?}: bad rank"));
        assert!(
            e.message.chars().count() < MAX_MESSAGE_CHARS + 40,
            "{}",
            e.message.len()
        );
        assert!(e.message.starts_with("cannot read \"xxx"));
        assert!(e.message.ends_with(": bad rank"));
        assert!(e.message.contains("characters left out"));
        assert_eq!(ApiError::bad_request("short").message, "short");
    }

    #[test]
    fn every_code_has_the_documented_status_and_writes_its_id() {
        // docs/api.md, "Errors": the table of codes and statuses.
        let docs = include_str!("../../../../docs/api.md");
        for code in ErrorCode::ALL {
            let e = ApiError::new(code, "m");
            assert_eq!(e.status(), status(code));
            assert_eq!(
                e.body(),
                format!(r#"{{"error":{{"code":"{}","message":"m"}}}}"#, code.id())
            );
            // The module's range errors have no endpoint of the server that answers them.
            if code == ErrorCode::OutOfRange {
                continue;
            }
            let row = format!("| `{}` | {} |", code.id(), status(code).as_u16());
            assert!(docs.contains(&row), "docs/api.md lacks {row}");
        }
    }

    #[test]
    fn answers_whose_status_http_chose_keep_it_with_the_documented_code() {
        for (http, code) in [
            (StatusCode::BAD_REQUEST, ErrorCode::BadRequest),
            (StatusCode::METHOD_NOT_ALLOWED, ErrorCode::BadRequest),
            (StatusCode::UPGRADE_REQUIRED, ErrorCode::BadRequest),
            (StatusCode::REQUEST_TIMEOUT, ErrorCode::Timeout),
            (StatusCode::URI_TOO_LONG, ErrorCode::TooLarge),
            (
                StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
                ErrorCode::TooLarge,
            ),
            (StatusCode::SERVICE_UNAVAILABLE, ErrorCode::Internal),
        ] {
            let e = ApiError::for_status(http, "m");
            assert_eq!((e.code, e.status()), (code, http));
            assert_eq!(e.into_response().status(), http);
        }
    }

    #[test]
    fn every_429_says_when_to_retry() {
        let r = ApiError::rate_limited("busy").into_response();
        assert_eq!(r.headers()[axum::http::header::RETRY_AFTER], "5");
        let r = ApiError::rate_limited("quota")
            .with_retry_after(120)
            .into_response();
        assert_eq!(r.headers()[axum::http::header::RETRY_AFTER], "120");
        let r = ApiError::bad_request("no").into_response();
        assert!(r.headers().get(axum::http::header::RETRY_AFTER).is_none());
    }
}
