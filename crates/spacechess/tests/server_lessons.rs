//! `GET /api/lessons`, `GET /api/lessons/{id}`, `POST /api/lessons/{id}/check` and
//! `GET /api/rules/{variant}` against the real server.

mod server_common;

use serde_json::{json, Value};
use server_common::Server;

fn lessons(s: &Server) -> Vec<Value> {
    let r = s.get("/api/lessons");
    assert_eq!(r.status, 200, "{}", r.body);
    r.json()["lessons"].as_array().expect("a list").clone()
}

#[test]
fn the_lesson_list_has_every_variant_with_goals_and_solutions() {
    let s = Server::start(&[]);
    let all = lessons(&s);
    assert_eq!(all.len(), rules::lessons::all().count());
    for v in ["stacked", "trid", "quadlevel", "fourfold"] {
        let of: Vec<&Value> = all.iter().filter(|l| l["variant"] == v).collect();
        for kind in ["piece", "rule", "mate"] {
            assert!(
                of.iter().any(|l| l["kind"] == kind),
                "{v}: no {kind} lesson"
            );
        }
    }
    for l in &all {
        for field in ["id", "title", "text", "position", "hint", "success"] {
            assert!(
                l[field].as_str().is_some_and(|t| !t.is_empty()),
                "{field}: {l}"
            );
        }
        assert!(
            l["goal"]["kind"].is_string() && l["goal"]["text"].is_string(),
            "{l}"
        );
        assert!(!l["solution"].as_array().unwrap().is_empty(), "{l}");
        if l["kind"] == "piece" {
            assert!(
                l["piece"].as_str().is_some_and(|p| "PNBRQK".contains(p)),
                "{l}"
            );
        }
        if l["variant"] == "trid" {
            assert!(l["rules"].is_string(), "{l}");
        } else {
            assert!(l["rules"].is_null(), "{l}");
        }
    }
    let knight = all.iter().find(|l| l["id"] == "stacked-knight").unwrap();
    assert_eq!(knight["piece"], "N");
    assert_eq!(
        knight["goal"],
        json!({"kind": "reach", "square": "Tf5", "moves": 1, "text": "Move to Tf5."})
    );
    let one = s.get("/api/lessons/stacked-knight");
    assert_eq!(one.status, 200);
    let mut one = one.json();
    // The single lesson adds its position as the rules' screen, with the legal moves.
    let screen = one
        .as_object_mut()
        .unwrap()
        .remove("screen")
        .expect("a screen");
    assert_eq!(&one, knight);
    assert_eq!(screen["position"], knight["position"]);
    assert!(screen["legal_moves"]
        .as_array()
        .unwrap()
        .iter()
        .any(|m| m["to"] == "Tf5"));
    // Two bare kings are a draw in a game, but a lesson's king still moves.
    let bare = s.get("/api/lessons/fourfold-axes").json();
    assert!(!bare["screen"]["legal_moves"].as_array().unwrap().is_empty());
    assert_eq!(bare["screen"]["status"], "in-progress");
}

#[test]
fn every_solution_checks_as_solved_through_the_server() {
    let s = Server::start(&[]);
    for l in lessons(&s) {
        let id = l["id"].as_str().unwrap();
        let solution: Vec<Value> = l["solution"].as_array().unwrap().clone();
        let r = s.post(
            &format!("/api/lessons/{id}/check"),
            json!({ "moves": solution }),
        );
        assert_eq!(r.status, 200, "{id}: {}", r.body);
        assert_eq!(r.json()["status"], "solved", "{id}: {}", r.body);
        assert_eq!(r.json()["message"], l["success"], "{id}");
    }
}

#[test]
fn a_mate_in_two_goes_on_with_the_reply_then_ends() {
    let s = Server::start(&[]);
    let path = "/api/lessons/fourfold-mate-4/check";
    let r = s.post(path, json!({ "moves": ["b1@01b3@01"] })).json();
    assert_eq!(r["status"], "continue", "{r}");
    let reply = r["reply"].as_str().expect("a reply").to_string();
    // The screen is the position after the move and the reply, ready for the next move.
    assert_eq!(r["screen"]["ply"], 2, "{r}");
    assert!(r["screen"]["legal_moves"]
        .as_array()
        .unwrap()
        .iter()
        .any(|m| m["token"] == "b3@01c4@01"));
    // Any reply still loses to a mate; the scripted one is given.
    assert_eq!(reply, "c3@00d3@00");
    let r = s
        .post(
            path,
            json!({ "moves": ["b1@01b3@01", reply, "b3@01c4@01"] }),
        )
        .json();
    assert_eq!(r["status"], "solved", "{r}");
}

#[test]
fn a_miss_says_why() {
    let s = Server::start(&[]);
    let r = s.post(
        "/api/lessons/fourfold-knight/check",
        json!({ "moves": ["b1@00c3@00"] }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let mut r = r.json();
    let screen = r
        .as_object_mut()
        .unwrap()
        .remove("screen")
        .expect("a screen");
    assert_eq!(
        r,
        json!({ "status": "missed", "message": "That move goes to c3@00, not to b3@10.", "reply": null })
    );
    // The position after the missed move, with nothing left to play.
    assert_eq!(screen["ply"], 1);
    assert_eq!(screen["legal_moves"], json!([]));
}

fn assert_error(r: &server_common::Response, status: u16, code: &str, mentions: &str) {
    assert_eq!(r.status, status, "{}", r.body);
    assert_eq!(r.json()["error"]["code"], code, "{}", r.body);
    let message = r.json()["error"]["message"]
        .as_str()
        .unwrap_or("")
        .to_string();
    assert!(
        message.contains(mentions),
        "{message:?} should mention {mentions:?}"
    );
}

#[test]
fn bad_attempts_are_refused_with_their_reason() {
    let s = Server::start(&[]);
    let path = "/api/lessons/fourfold-rook/check";
    assert_error(
        &s.post(path, json!({ "moves": ["b2@00b2@11"] })),
        422,
        "illegal_move",
        "b2@00b2@11",
    );
    assert_error(
        &s.post(path, json!({ "moves": [] })),
        400,
        "bad_request",
        "0 moves",
    );
    assert_error(
        &s.post(path, json!({ "moves": "b2@00b2@01" })),
        400,
        "bad_request",
        "moves",
    );
    assert_error(
        &s.post(path, json!({ "moves": [1] })),
        400,
        "bad_request",
        "moves",
    );
    assert_error(&s.post(path, json!({})), 400, "bad_request", "moves");
    assert_error(&s.request("POST", path, None), 400, "bad_request", "moves");
    assert_error(
        &s.post(path, json!({ "moves": vec!["x"; 9] })),
        400,
        "bad_request",
        "at most 8",
    );
    assert_error(
        &s.post("/api/lessons/no-such/check", json!({ "moves": ["a"] })),
        404,
        "unknown_lesson",
        "no-such",
    );
    assert_error(
        &s.get("/api/lessons/no-such"),
        404,
        "unknown_lesson",
        "no-such",
    );
    assert_error(&s.get("/api/rules/chess"), 400, "bad_setup", "chess");
}

#[test]
fn rules_pages_have_sections_choices_and_marked_diagrams() {
    let s = Server::start(&[]);
    for v in ["stacked", "trid", "quadlevel", "fourfold"] {
        let r = s.get(&format!("/api/rules/{v}"));
        assert_eq!(r.status, 200, "{v}: {}", r.body);
        let page = r.json();
        assert_eq!(page["variant"], v);
        assert!(page["summary"].as_str().is_some_and(|t| !t.is_empty()));
        let sections = page["sections"].as_array().unwrap();
        assert!(sections.iter().any(|s| s["kind"] == "piece"));
        for d in sections
            .iter()
            .filter_map(|s| s.get("diagram"))
            .filter(|d| !d.is_null())
        {
            let marked =
                d["moves"].as_array().unwrap().len() + d["captures"].as_array().unwrap().len();
            assert!(marked > 0, "{v}: {d}");
            // The diagram's position drawn as a screen, with the marked piece on it.
            assert!(d["screen"]["position"]
                .as_str()
                .is_some_and(|p| !p.is_empty()));
            let cells = d["screen"]["cells"].as_array().unwrap();
            assert!(
                cells
                    .iter()
                    .any(|c| c["name"] == d["from"] && !c["piece"].is_null())
                    || d["screen"]["attack_boards"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .any(|b| b["name"] == d["from"]),
                "{v}: {}",
                d["from"]
            );
        }
    }
    let trid = s.get("/api/rules/trid").json();
    let ids: Vec<&str> = trid["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["federation", "meder", "stepwise", "rook-pawns"]);
    let stacked = s.get("/api/rules/stacked").json();
    let start = &stacked["sections"][0]["diagram"];
    assert_eq!(start["from"], "Bg1");
    let mut moves: Vec<&str> = start["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    moves.sort();
    assert_eq!(moves, ["Me2", "Mf3", "Mh3", "Te2", "Tf3", "Th3"]);
}
