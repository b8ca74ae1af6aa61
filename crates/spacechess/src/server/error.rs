//! API errors: a status code and `{"error": {"code", "message"}}` (docs/api.md).

use super::view::{to_json, ErrorAnswer, ErrorBody};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    pub status: StatusCode,
    pub code: &'static str,
    pub message: String,
    /// For a 429: seconds until trying again makes sense (`Retry-After`).
    pub retry_after: Option<u64>,
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
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            code,
            message: excerpt(message.into()),
            retry_after: None,
        }
    }

    /// Sets `Retry-After` (seconds).
    pub fn with_retry_after(mut self, seconds: u64) -> ApiError {
        self.retry_after = Some(seconds);
        self
    }
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, "bad_request", message)
    }
    pub fn unknown_game(id: &str) -> ApiError {
        ApiError::new(
            StatusCode::NOT_FOUND,
            "unknown_game",
            format!("no game with id {id:?}"),
        )
    }
    pub fn bad_setup(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, "bad_setup", message)
    }
    pub fn bad_record(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, "bad_record", message)
    }
    pub fn bad_position(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, "bad_position", message)
    }
    pub fn illegal_move(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "illegal_move", message)
    }
    pub fn not_your_turn(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, "not_your_turn", message)
    }
    pub fn not_your_seat(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::FORBIDDEN, "not_your_seat", message)
    }
    pub fn no_engine_help(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, "no_engine_help", message)
    }
    pub fn game_in_progress(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, "game_in_progress", message)
    }
    pub fn no_claim(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, "no_claim", message)
    }
    pub fn no_offer(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, "no_offer", message)
    }
    pub fn game_over(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, "game_over", message)
    }
    pub fn nothing_to_take_back(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, "nothing_to_take_back", message)
    }
    pub fn too_large(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, "too_large", message)
    }
    pub fn rate_limited(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::TOO_MANY_REQUESTS, "rate_limited", message)
    }
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, "not_found", message)
    }
    pub fn internal(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", message)
    }

    /// The answer's body as JSON text.
    pub fn body(&self) -> String {
        to_json(&ErrorAnswer {
            error: ErrorBody {
                code: self.code.to_string(),
                message: self.message.clone(),
            },
        })
    }
}

impl From<super::store::StoreError> for ApiError {
    fn from(e: super::store::StoreError) -> Self {
        ApiError::internal(format!("storage failed: {e}"))
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut r = (
            self.status,
            [(axum::http::header::CONTENT_TYPE, "application/json")],
            self.body(),
        )
            .into_response();
        if self.status == StatusCode::TOO_MANY_REQUESTS {
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
