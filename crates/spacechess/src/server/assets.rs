//! The web front end, embedded in the binary from `web/dist` at build time. Paths that
//! are not files get `index.html` (the app routes on the client). Without a built front
//! end a small page says so.

use axum::http::{header, StatusCode, Uri};
use axum::response::{Html, IntoResponse, Response};
use rust_embed::RustEmbed;

#[derive(RustEmbed)]
#[folder = "../../web/dist"]
#[allow_missing = true]
struct Dist;

const NOT_BUILT: &str = "<!doctype html>
<html lang=\"en\"><head><meta charset=\"utf-8\"><title>spacechess</title></head>
<body><h1>spacechess</h1>
<p>The web front end was not built into this program. Build it with
<code>scripts/start</code> (which runs <code>npm run build</code> in <code>web/</code>
before building the server). The API is available under <code>/api/</code>.</p>
</body></html>";

/// The content type for a file name, by extension.
fn content_type(path: &str) -> &'static str {
    let ext = path.rsplit_once('.').map_or("", |(_, e)| e);
    match ext {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "json" | "map" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "webp" => "image/webp",
        "ico" => "image/x-icon",
        "woff2" => "font/woff2",
        "woff" => "font/woff",
        "wasm" => "application/wasm",
        "txt" => "text/plain; charset=utf-8",
        "webmanifest" => "application/manifest+json",
        _ => "application/octet-stream",
    }
}

fn file(path: &str) -> Option<Response> {
    let f = Dist::get(path)?;
    // Vite puts content-hashed names under assets/: they never change.
    let cache = if path.starts_with("assets/") {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    };
    Some(
        (
            [
                (header::CONTENT_TYPE, content_type(path)),
                (header::CACHE_CONTROL, cache),
            ],
            f.data.into_owned(),
        )
            .into_response(),
    )
}

/// Serves a front-end file, or the app's `index.html` for any other path.
pub async fn serve(uri: Uri) -> Response {
    let path = uri.path().trim_start_matches('/');
    if !path.is_empty() {
        if let Some(r) = file(path) {
            return r;
        }
        // A missing file with an extension is a real 404, not an app route.
        let last = path.rsplit('/').next().unwrap_or("");
        if last.contains('.') {
            return (StatusCode::NOT_FOUND, "not found").into_response();
        }
    }
    file("index.html").unwrap_or_else(|| Html(NOT_BUILT).into_response())
}
