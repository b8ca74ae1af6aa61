//! What every test of the module's requests shares: a service as the worker holds it,
//! and requests answered as JSON.
#![allow(dead_code)]

use serde_json::Value;
use spacechess_wasm::service::{Reporter, Service};
use std::sync::{Arc, Mutex};

/// A service whose progress messages are kept.
pub fn service() -> (Service, Arc<Mutex<Vec<Value>>>) {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let sink = seen.clone();
    let report: Reporter = Arc::new(move |text: &str| {
        let v: Value = serde_json::from_str(text).expect("progress is JSON");
        sink.lock().unwrap().push(v);
    });
    (Service::new(report), seen)
}

pub fn answer(s: &mut Service, request: Value) -> Value {
    let bytes = s.answer(request.to_string().as_bytes());
    serde_json::from_slice(&bytes).expect("answers are JSON")
}

pub fn ok(s: &mut Service, request: Value) -> Value {
    let a = answer(s, request.clone());
    match a.get("ok") {
        Some(v) => v.clone(),
        None => panic!("{request} failed: {a}"),
    }
}

pub fn error(s: &mut Service, request: Value) -> (String, String) {
    let a = answer(s, request.clone());
    let e = a
        .get("error")
        .unwrap_or_else(|| panic!("{request} succeeded: {a}"));
    (
        e["code"].as_str().unwrap().to_string(),
        e["message"].as_str().unwrap().to_string(),
    )
}

pub fn tokens(state: &Value) -> Vec<String> {
    state["legal_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["token"].as_str().unwrap().to_string())
        .collect()
}
