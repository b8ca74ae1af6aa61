//! API errors: a status code and `{"error": {"code", "message"}}` (docs/api.md).

use super::view::{to_json, ErrorAnswer, ErrorBody};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    pub status: StatusCode,
    pub code: &'static str,
    pub message: String,
}

impl ApiError {
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            code,
            message: message.into(),
        }
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
    pub fn bad_position(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, "bad_position", message)
    }
    pub fn illegal_move(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "illegal_move", message)
    }
    pub fn not_your_turn(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, "not_your_turn", message)
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
        (
            self.status,
            [(axum::http::header::CONTENT_TYPE, "application/json")],
            self.body(),
        )
            .into_response()
    }
}
