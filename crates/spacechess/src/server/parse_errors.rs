//! hyper answers a request it cannot parse (a head over the size limit, a URI too long,
//! a malformed request line) by itself, with an empty body. This wraps a connection's
//! stream and rewrites exactly those answers into the JSON error of docs/api.md.
//!
//! How they are recognised: writes are not vectored here, so hyper writes each answer's
//! head as the start of one buffer; its automatic answers are 400, 414 or 431 with
//! `content-length: 0`, and no answer of ours has an empty body with those statuses.
//! hyper closes the connection after such an answer, so nothing follows it.

use super::error::ApiError;
use axum::http::StatusCode;
use std::io;
use std::pin::Pin;
use std::task::{ready, Context, Poll};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

pub struct JsonParseErrors<S> {
    inner: S,
    /// The most bytes of a request head (for the message).
    max_head_bytes: usize,
    replacing: Option<Replacement>,
}

struct Replacement {
    bytes: Vec<u8>,
    written: usize,
    /// Bytes of hyper's buffer the replacement stands for.
    replaces: usize,
}

impl<S> JsonParseErrors<S> {
    pub fn new(inner: S, max_head_bytes: usize) -> JsonParseErrors<S> {
        JsonParseErrors {
            inner,
            max_head_bytes,
            replacing: None,
        }
    }
}

/// The status and head length of one of hyper's automatic answers at the start of `buf`.
fn automatic_answer(buf: &[u8]) -> Option<(StatusCode, usize)> {
    let status = [
        (&b"HTTP/1.1 400 "[..], StatusCode::BAD_REQUEST),
        (b"HTTP/1.1 414 ", StatusCode::URI_TOO_LONG),
        (
            b"HTTP/1.1 431 ",
            StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
        ),
    ]
    .into_iter()
    .find(|(prefix, _)| buf.starts_with(prefix))?
    .1;
    let end = buf.windows(4).position(|w| w == b"\r\n\r\n")? + 4;
    let head = String::from_utf8_lossy(&buf[..end]).to_ascii_lowercase();
    head.contains("\r\ncontent-length: 0\r\n")
        .then_some((status, end))
}

fn json_answer(status: StatusCode, max_head_bytes: usize) -> Vec<u8> {
    let message = match status {
        StatusCode::BAD_REQUEST => "the request cannot be read as HTTP/1.1".to_string(),
        _ => format!(
            "the request line and headers are larger than {max_head_bytes} bytes (a URL or header too long)"
        ),
    };
    let body = ApiError::for_status(status, message).body().to_string();
    format!(
        "HTTP/1.1 {} {}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
        status.as_u16(),
        status.canonical_reason().unwrap_or(""),
        body.len()
    )
    .into_bytes()
}

impl<S: AsyncRead + Unpin> AsyncRead for JsonParseErrors<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for JsonParseErrors<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = &mut *self;
        if this.replacing.is_none() {
            if let Some((status, head)) = automatic_answer(buf) {
                this.replacing = Some(Replacement {
                    bytes: json_answer(status, this.max_head_bytes),
                    written: 0,
                    replaces: head,
                });
            }
        }
        let Some(r) = this.replacing.as_mut() else {
            return Pin::new(&mut this.inner).poll_write(cx, buf);
        };
        while r.written < r.bytes.len() {
            let n = ready!(Pin::new(&mut this.inner).poll_write(cx, &r.bytes[r.written..]))?;
            if n == 0 {
                return Poll::Ready(Err(io::ErrorKind::WriteZero.into()));
            }
            r.written += n;
        }
        let replaced = r.replaces;
        this.replacing = None;
        Poll::Ready(Ok(replaced))
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }

    fn is_write_vectored(&self) -> bool {
        // hyper then writes each answer as one flat buffer, which `automatic_answer` needs.
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_hypers_empty_error_answers_are_recognised() {
        let auto =
            b"HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-length: 0\r\ndate: x\r\n\r\n";
        assert_eq!(
            automatic_answer(auto),
            Some((StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE, auto.len()))
        );
        let ours = b"HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\ncontent-length: 52\r\n\r\n{}";
        assert_eq!(automatic_answer(ours), None);
        assert_eq!(
            automatic_answer(b"HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n"),
            None
        );
        let json = String::from_utf8(json_answer(StatusCode::URI_TOO_LONG, 16384)).unwrap();
        let body = json.split_once("\r\n\r\n").unwrap().1;
        let v: serde_json::Value = serde_json::from_str(body).unwrap();
        assert_eq!(v["error"]["code"], "too_large");
        assert!(json.contains(&format!("content-length: {}\r\n", body.len())));
    }
}
