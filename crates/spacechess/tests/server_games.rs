//! Playing games through the HTTP API of the real server: create, move, the computer's
//! reply, take back, draw offers, resignation, record export — in every variant and
//! rule set the rules crate implements.

mod server_common;

use serde_json::json;
use server_common::{first_move, playable_setups, Server};

#[test]
fn front_page_and_variants_are_served() {
    let s = Server::start(&[]);
    let home = s.get("/");
    assert_eq!(home.status, 200);
    assert!(home
        .header("content-type")
        .unwrap_or("")
        .starts_with("text/html"));
    // Client-side routes get the app page too.
    assert_eq!(s.get("/game/abc").body, home.body);
    let v = s.get("/api/variants").json();
    let ids: Vec<&str> = v["variants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["stacked", "trid", "quadlevel", "fourfold"]);
}

#[test]
fn computer_game_move_reply_take_back_and_record() {
    let s = Server::start(&[]);
    let g =
        s.create(json!({ "variant": "stacked", "mode": "computer", "human": "white", "level": 1 }));
    let id = g["id"].as_str().unwrap().to_string();
    assert_eq!(g["ply"], 0);
    assert_eq!(g["turn"], "white");
    assert_eq!(g["status"], "in-progress");
    assert!(g["cells"].as_array().unwrap().len() >= 3 * 64);
    let moves = g["legal_moves"].as_array().unwrap();
    assert!(!moves.is_empty());
    for m in moves {
        assert!(m["token"].is_string() && m["from"].is_string() && m["to"].is_string());
        assert!(m["notation"].is_string());
    }
    let token = first_move(&g);
    let after = s.play(&id, &token);
    assert_eq!(after["history"][0]["token"], token.as_str());
    // The computer (level 1) answers.
    let g = s.wait_for_ply(&id, 2);
    assert_eq!(g["ply"], 2);
    assert_eq!(g["turn"], "white");
    assert!(g["history"][1]["eval"].is_number(), "{}", g["history"][1]);
    assert!(!g["legal_moves"].as_array().unwrap().is_empty());
    let record = s.get(&format!("/api/games/{id}/record"));
    assert_eq!(record.status, 200);
    assert!(record
        .header("content-type")
        .unwrap()
        .starts_with("text/plain"));
    let (imported, _) = rules::any::import_record(&record.body).expect("the record imports");
    assert_eq!(imported.position_string(), g["position"].as_str().unwrap());
    assert!(record.body.contains("[Black \"Computer, level 1\"]"));
    // Take back removes the player's move and the reply.
    let back = s.post(&format!("/api/games/{id}/takeback"), json!({}));
    assert_eq!(back.status, 200, "{}", back.body);
    let back = back.json();
    assert_eq!(back["ply"], 0);
    assert_eq!(back["position"], g["start_position"]);
    // Nothing left to take back.
    let again = s.post(&format!("/api/games/{id}/takeback"), json!({}));
    assert_eq!(
        (again.status, again.code().as_str()),
        (409, "nothing_to_take_back")
    );
}

#[test]
fn computer_moves_first_when_the_player_is_black() {
    let s = Server::start(&[]);
    let g = s.create(json!({ "variant": "fourfold", "human": "black", "level": 1 }));
    let id = g["id"].as_str().unwrap();
    let g = s.wait_for_ply(id, 1);
    assert_eq!(g["turn"], "black");
    assert_eq!(g["human"], "black");
    // Black cannot take back the computer's first move: it has no move of its own.
    let r = s.post(&format!("/api/games/{id}/takeback"), json!({}));
    assert_eq!(r.code(), "nothing_to_take_back");
}

#[test]
fn draw_offers_and_resignation() {
    let s = Server::start(&[]);
    // Local mode: the other player accepts.
    let g = s.create(json!({ "variant": "stacked", "mode": "local" }));
    let id = g["id"].as_str().unwrap();
    let r = s.post(&format!("/api/games/{id}/draw"), json!({}));
    assert_eq!(r.status, 200, "{}", r.body);
    let r = r.json();
    assert_eq!(r["accepted"], true);
    assert_eq!(r["game"]["status"], "over");
    assert_eq!(r["game"]["result"]["reason"], "agreement");
    assert_eq!(r["game"]["result"]["text"], "1/2-1/2");
    assert_eq!(r["game"]["legal_moves"], json!([]));
    // Against the computer: the engine decides; the answer is a boolean either way.
    let g = s.create(json!({ "variant": "stacked", "level": 1 }));
    let id = g["id"].as_str().unwrap();
    let r = s.post(&format!("/api/games/{id}/draw"), json!({})).json();
    assert!(r["accepted"].is_boolean());
    // Resignation: the player (White) resigns; Black wins.
    let g = s.create(json!({ "variant": "quadlevel", "level": 2 }));
    let id = g["id"].as_str().unwrap();
    let wrong = s.post(
        &format!("/api/games/{id}/resign"),
        json!({ "side": "black" }),
    );
    assert_eq!((wrong.status, wrong.code().as_str()), (400, "bad_request"));
    let r = s.post(&format!("/api/games/{id}/resign"), json!({}));
    assert_eq!(r.status, 200, "{}", r.body);
    let r = r.json();
    assert_eq!(r["result"]["winner"], "black");
    assert_eq!(r["result"]["reason"], "resignation");
    let record = s.get(&format!("/api/games/{id}/record")).body;
    assert!(record.contains("[Result \"0-1\"]"), "{record}");
    // After the end nothing more can be played or taken back.
    let m = s.post(
        &format!("/api/games/{id}/moves"),
        json!({ "move": first_move(&g) }),
    );
    assert_eq!((m.status, m.code().as_str()), (409, "game_over"));
    let t = s.post(&format!("/api/games/{id}/takeback"), json!({}));
    assert_eq!((t.status, t.code().as_str()), (409, "game_over"));
    // Local mode: the side to move resigns by default, or the side named.
    let g = s.create(json!({ "variant": "fourfold", "mode": "local" }));
    let id = g["id"].as_str().unwrap();
    let r = s
        .post(
            &format!("/api/games/{id}/resign"),
            json!({ "side": "black" }),
        )
        .json();
    assert_eq!(r["result"]["winner"], "white");
}

#[test]
fn every_variant_and_rule_set_plays_in_both_modes() {
    let s = Server::start(&[]);
    let setups = playable_setups(&s);
    assert!(setups.len() >= 3, "too few playable setups: {setups:?}");
    for setup in setups {
        // Two players on one device: four moves, one taken back.
        let mut req = setup.clone();
        req["mode"] = json!("local");
        let mut g = s.create(req);
        let id = g["id"].as_str().unwrap().to_string();
        assert_eq!(g["variant"], setup["variant"]);
        assert_eq!(g["mode"], "local");
        assert_eq!(g["human"], "white");
        let mut tokens = Vec::new();
        for ply in 0..4 {
            if g["status"] != "in-progress" {
                break;
            }
            let t = first_move(&g);
            let r = s.post(
                &format!("/api/games/{id}/moves"),
                json!({ "move": t, "ply": ply }),
            );
            assert_eq!(r.status, 200, "{setup}: {}", r.body);
            g = r.json();
            tokens.push(t);
        }
        assert_eq!(g["ply"].as_u64(), Some(tokens.len() as u64), "{setup}");
        let hist: Vec<&str> = g["history"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["token"].as_str().unwrap())
            .collect();
        assert_eq!(hist, tokens.iter().map(String::as_str).collect::<Vec<_>>());
        let record = s.get(&format!("/api/games/{id}/record")).body;
        let (imported, _) =
            rules::any::import_record(&record).unwrap_or_else(|e| panic!("{setup}: {e}\n{record}"));
        assert_eq!(imported.position_string(), g["position"].as_str().unwrap());
        let back = s
            .post(&format!("/api/games/{id}/takeback"), json!({}))
            .json();
        assert_eq!(
            back["ply"].as_u64(),
            Some(tokens.len() as u64 - 1),
            "{setup}"
        );
        // Against the computer at level 1.
        let mut req = setup.clone();
        req["level"] = json!(1);
        let g = s.create(req);
        let id = g["id"].as_str().unwrap().to_string();
        s.play(&id, &first_move(&g));
        let g = s.wait_for_ply(&id, 2);
        assert_eq!(g["history"].as_array().unwrap().len(), 2, "{setup}");
    }
}

#[test]
fn a_game_from_a_position_string_starts_there() {
    let s = Server::start(&[]);
    let start = s.create(json!({ "variant": "fourfold", "mode": "local" }));
    let id = start["id"].as_str().unwrap();
    let after = s.play(id, &first_move(&start));
    let pos = after["position"].as_str().unwrap();
    let g = s.create(json!({ "variant": "fourfold", "mode": "local", "position": pos }));
    assert_eq!(g["position"], pos);
    assert_eq!(g["start_position"], pos);
    assert_eq!(g["turn"], "black");
    let record = s
        .get(&format!("/api/games/{}/record", g["id"].as_str().unwrap()))
        .body;
    assert!(record.contains("[Position "), "{record}");
}

#[test]
fn deleting_a_game_forgets_it() {
    let s = Server::start(&[]);
    let g = s.create(json!({ "variant": "stacked", "mode": "local" }));
    let id = g["id"].as_str().unwrap();
    assert_eq!(
        s.request("DELETE", &format!("/api/games/{id}"), None)
            .status,
        204
    );
    assert_eq!(s.get(&format!("/api/games/{id}")).code(), "unknown_game");
}

/// Polls until `ok` holds for the game, or fails after a few seconds.
fn wait_until(s: &Server, id: &str, ok: impl Fn(&serde_json::Value) -> bool) -> serde_json::Value {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        let g = s.game(id);
        if ok(&g) {
            return g;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "condition never met: {g}"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

#[test]
fn take_back_resignation_and_deletion_stop_the_computers_search() {
    // One search slot for this client: it is free again only once the search stopped.
    let s = Server::start(&["--searches-per-client", "1"]);
    let g = s.create(json!({ "variant": "trid", "level": "max" }));
    let id = g["id"].as_str().unwrap().to_string();
    let thinking = s.play(&id, &first_move(&g));
    assert_eq!(thinking["computer_thinking"], true);
    assert_eq!(thinking["legal_moves"], json!([]));
    // Out of turn while the computer thinks.
    let r = s.post(
        &format!("/api/games/{id}/moves"),
        json!({ "move": first_move(&g) }),
    );
    assert_eq!((r.status, r.code().as_str()), (409, "not_your_turn"));
    // Taking back while it thinks: only the player's move goes, the search stops.
    let back = s
        .post(&format!("/api/games/{id}/takeback"), json!({}))
        .json();
    assert_eq!(back["ply"], 0);
    assert_eq!(back["computer_thinking"], false);
    // The slot comes free (the search really stopped), so the next move is accepted.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        let r = s.post(
            &format!("/api/games/{id}/moves"),
            json!({ "move": first_move(&g), "ply": 0 }),
        );
        if r.status == 200 {
            break;
        }
        assert_eq!(r.code(), "rate_limited", "{}", r.body);
        assert!(
            std::time::Instant::now() < deadline,
            "the stopped search kept its slot"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    // Resigning while it thinks stops it too; no move is played after the resignation.
    let r = s.post(&format!("/api/games/{id}/resign"), json!({})).json();
    assert_eq!(r["result"]["reason"], "resignation");
    assert_eq!(r["computer_thinking"], false);
    std::thread::sleep(std::time::Duration::from_millis(300));
    let after = s.game(&id);
    assert_eq!(after["ply"], 1);
    // Deleting a game whose computer thinks frees its slot as well.
    let g = s.create(json!({ "variant": "stacked", "level": "max" }));
    let gid = g["id"].as_str().unwrap().to_string();
    s.play(&gid, &first_move(&g));
    assert_eq!(
        s.request("DELETE", &format!("/api/games/{gid}"), None)
            .status,
        204
    );
    let g = s.create(json!({ "variant": "stacked", "level": 1 }));
    let gid = g["id"].as_str().unwrap().to_string();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        let r = s.post(
            &format!("/api/games/{gid}/moves"),
            json!({ "move": first_move(&g), "ply": 0 }),
        );
        if r.status == 200 {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the deleted game's search kept its slot"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    wait_until(&s, &gid, |g| g["ply"] == 2);
}
