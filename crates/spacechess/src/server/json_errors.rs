//! Error answers that do not come from our handlers — axum's extractor rejections (a
//! path that is not UTF-8, ...) and tower-http's timeouts — are plain text or empty. This
//! middleware turns every error answer that is not JSON into the documented JSON error
//! (docs/api.md), keeping the original text (bounded) as the message.

use super::error::ApiError;
use axum::extract::Request;
use axum::http::header;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

/// The most of a plain-text error body read to become the message.
const MAX_TEXT_BYTES: usize = 4096;

pub async fn middleware(req: Request, next: Next) -> Response {
    let response = next.run(req).await;
    let status = response.status();
    if !(status.is_client_error() || status.is_server_error()) || is_json(&response) {
        return response;
    }
    let (parts, body) = response.into_parts();
    let text = axum::body::to_bytes(body, MAX_TEXT_BYTES)
        .await
        .map(|b| String::from_utf8_lossy(&b).trim().to_string())
        .unwrap_or_default();
    let message = if text.is_empty() {
        status
            .canonical_reason()
            .unwrap_or("the request failed")
            .to_lowercase()
    } else {
        text
    };
    let mut json = ApiError::for_status(status, message).into_response();
    // Keep what the original answer said besides its body (Retry-After, Allow, ...).
    for (name, value) in &parts.headers {
        if name != header::CONTENT_TYPE && name != header::CONTENT_LENGTH {
            json.headers_mut().insert(name.clone(), value.clone());
        }
    }
    json
}

fn is_json(r: &Response) -> bool {
    r.headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"))
}
