//! Request bodies, bounded in size and in time as a whole: a `Content-Length` over the
//! limit is refused at once (413, before a byte of the body is read), and the whole body
//! must arrive within the body timeout (408). A per-read timeout would let a client that
//! trickles a byte at a time hold the request until the answer's own timeout.

use super::error::{ApiError, ErrorCode};
use super::routes::MAX_BODY_BYTES;
use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::{header, Method};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use futures_util::StreamExt;
use std::time::Duration;

fn too_large() -> Response {
    ApiError::too_large(format!(
        "the request body is larger than {MAX_BODY_BYTES} bytes"
    ))
    .into_response()
}

/// Reads the whole body (within the limits) before the route sees the request.
pub async fn middleware(State(deadline): State<Duration>, req: Request, next: Next) -> Response {
    let declared = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    if declared.is_some_and(|n| n > MAX_BODY_BYTES as u64) {
        return too_large();
    }
    let bodiless = matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS)
        && declared.unwrap_or(0) == 0
        && !req.headers().contains_key(header::TRANSFER_ENCODING);
    if bodiless {
        return next.run(req).await;
    }
    let (parts, body) = req.into_parts();
    let read = async {
        let mut stream = body.into_data_stream();
        let mut bytes = Vec::new();
        while let Some(chunk) = stream.next().await {
            let chunk = chunk.map_err(|e| {
                ApiError::bad_request(format!("the request body could not be read: {e}"))
                    .into_response()
            })?;
            if bytes.len() + chunk.len() > MAX_BODY_BYTES {
                return Err(too_large());
            }
            bytes.extend_from_slice(&chunk);
        }
        Ok(Bytes::from(bytes))
    };
    match tokio::time::timeout(deadline, read).await {
        Err(_) => ApiError::new(
            ErrorCode::Timeout,
            format!(
                "the request body did not arrive within {} s",
                deadline.as_secs_f64()
            ),
        )
        .into_response(),
        Ok(Err(refused)) => refused,
        Ok(Ok(bytes)) => {
            next.run(Request::from_parts(parts, Body::from(bytes)))
                .await
        }
    }
}
