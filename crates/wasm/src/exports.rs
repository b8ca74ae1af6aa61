//! The module's boundary with JavaScript (docs/wasm.md):
//!
//! - `sc_alloc(len) -> handle`, `sc_ptr(handle) -> address`, `sc_len(handle) -> len`,
//!   `sc_free(handle)`: buffers in the module's memory, lent by handle;
//! - `sc_call(request) -> answer`: takes the handle of a buffer holding one JSON request,
//!   frees it, and returns the handle of a new buffer holding the JSON answer;
//! - imported from the module `spacechess`: `now_ms() -> f64` (the worker's
//!   `performance.now()`, for the engine's time limits) and `progress(ptr, len)` (a UTF-8
//!   JSON progress message, readable only during the call).
//!
//! `sc_call` must not be called again from inside `progress`: the worker answers one
//! request at a time.
//!
//! Why `unsafe_code` is allowed in this file only: exporting an unmangled symbol
//! (`#[unsafe(no_mangle)]`) and declaring imports (`unsafe extern`) are what the lint
//! forbids, and a WebAssembly module has no other way to be called or to call its host.
//! Every import is declared `safe` (they take and return plain numbers), so no `unsafe`
//! block exists anywhere: the module never dereferences an address it was given — the
//! host writes into buffers the module allocated, which the module reads by handle.
#![allow(unsafe_code)]

use crate::buffers::Buffers;
use crate::service::{Reporter, Service};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

#[cfg(target_arch = "wasm32")]
mod host {
    #[link(wasm_import_module = "spacechess")]
    unsafe extern "C" {
        pub safe fn now_ms() -> f64;
        pub safe fn progress(ptr: usize, len: usize);
    }
}

/// Stand-ins on other targets, so that this glue builds and is tested with the
/// workspace: the engine keeps the system clock, and progress is dropped.
#[cfg(not(target_arch = "wasm32"))]
mod host {
    pub fn progress(_ptr: usize, _len: usize) {}
}

/// The buffers and the service are locked separately: a progress message sent while a
/// request runs may lead the host to allocate or free buffers.
static BUFFERS: Mutex<Buffers> = Mutex::new(Buffers::new());
static SERVICE: OnceLock<Mutex<Service>> = OnceLock::new();

fn buffers() -> MutexGuard<'static, Buffers> {
    BUFFERS.lock().unwrap_or_else(|e| e.into_inner())
}

fn service() -> MutexGuard<'static, Service> {
    SERVICE
        .get_or_init(|| {
            #[cfg(target_arch = "wasm32")]
            engine::clock::set_source(|| {
                std::time::Duration::from_secs_f64(host::now_ms().max(0.0) / 1000.0)
            });
            let report: Reporter =
                Arc::new(|text: &str| host::progress(text.as_ptr() as usize, text.len()));
            Mutex::new(Service::new(report))
        })
        .lock()
        .unwrap_or_else(|e| e.into_inner())
}

#[unsafe(no_mangle)]
pub extern "C" fn sc_alloc(len: usize) -> u32 {
    buffers().alloc(len)
}

#[unsafe(no_mangle)]
pub extern "C" fn sc_ptr(handle: u32) -> usize {
    buffers().address(handle)
}

#[unsafe(no_mangle)]
pub extern "C" fn sc_len(handle: u32) -> usize {
    buffers().len(handle)
}

#[unsafe(no_mangle)]
pub extern "C" fn sc_free(handle: u32) {
    buffers().take(handle);
}

#[unsafe(no_mangle)]
pub extern "C" fn sc_call(request: u32) -> u32 {
    let answer = match buffers().take(request) {
        Some(bytes) => service().answer(&bytes),
        None => format!(
            r#"{{"error":{{"code":"bad_request","message":"no request buffer {request}"}}}}"#
        )
        .into_bytes(),
    };
    buffers().put(answer)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the host does: allocate, write, call, read, free.
    fn call(request: &str) -> String {
        let before = buffers().count();
        let h = sc_alloc(request.len());
        assert_ne!(sc_ptr(h), 0);
        assert_eq!(sc_len(h), request.len());
        buffers()
            .bytes_mut(h)
            .expect("allocated")
            .copy_from_slice(request.as_bytes());
        let answer = sc_call(h);
        assert_eq!(buffers().count(), before + 1, "the call freed the request");
        let text =
            String::from_utf8(buffers().bytes(answer).expect("answered").to_vec()).expect("utf-8");
        sc_free(answer);
        assert_eq!(buffers().count(), before);
        text
    }

    #[test]
    fn requests_go_through_the_buffers() {
        let answer = call(r#"{"op":"perft","setup":{"variant":"stacked"},"depth":2}"#);
        let v: serde_json::Value = serde_json::from_str(&answer).expect("JSON");
        assert_eq!(v["ok"]["nodes"], 3596, "{answer}");
        let answer = call(r#"{"op":"nonsense"}"#);
        assert!(answer.contains(r#""code":"bad_request""#), "{answer}");
        assert!(sc_call(12345) != 0);
    }
}
