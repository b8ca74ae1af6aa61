//! The puzzle routes (`/api/puzzles...`) against the real server: the catalogue, the
//! next and the daily puzzle, checks, and attempts rated once by Glicko-2 with the
//! ratings kept across a restart.

mod server_common;

use rating::Rating;
use serde_json::{json, Value};
use server_common::{new_player, Server};

/// The answer's JSON, asserting the status.
fn ok(r: server_common::Response) -> Value {
    assert_eq!(r.status, 200, "{}", r.body);
    r.json()
}

/// A rating as the answers show it.
fn shown(r: Rating) -> Value {
    json!({
        "rating": r.rating.round() as i64,
        "deviation": r.deviation.round() as i64,
        "provisional": r.is_provisional(),
    })
}

fn next(s: &Server, player: &str, set: &str) -> Value {
    ok(s.request_as(player, "GET", &format!("/api/puzzles/next?set={set}"), None))
}

fn attempt(s: &Server, player: &str, id: &str, body: Value) -> Value {
    ok(s.post_as(player, &format!("/api/puzzles/{id}/attempt"), body))
}

/// A legal first move of the puzzle that misses (neither the solution's nor a mate).
fn wrong_move(s: &Server, view: &Value) -> String {
    let id = view["id"].as_str().unwrap();
    view["screen"]["legal_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["token"].as_str().unwrap().to_string())
        .find(|t| {
            let r = ok(s.post(&format!("/api/puzzles/{id}/check"), json!({ "moves": [t] })));
            r["status"] == "missed"
        })
        .expect("a missing move")
}

#[test]
fn the_catalogue_lists_the_seven_sets_with_their_counts() {
    let s = Server::start(&[]);
    let c = ok(s.get("/api/puzzles"));
    let sets = c["sets"].as_array().unwrap();
    let ids: Vec<&str> = sets.iter().map(|e| e["id"].as_str().unwrap()).collect();
    assert_eq!(ids, puzzles::SET_IDS);
    for e in sets {
        let set = puzzles::set(e["id"].as_str().unwrap()).unwrap();
        assert_eq!(e["count"], set.puzzles.len(), "{e}");
        assert!(e["title"].as_str().is_some_and(|t| !t.is_empty()), "{e}");
    }
}

#[test]
fn a_solved_first_attempt_is_rated_by_glicko2_and_a_second_is_not() {
    let s = Server::start(&[]);
    let player = new_player();
    let view = next(&s, &player, "fourfold");
    let id = view["id"].as_str().unwrap().to_string();
    let p = puzzles::find(&id).unwrap();
    // The solution is not given away, and the rating shown is the puzzle's seed.
    assert!(view.get("solution").is_none(), "{view}");
    let start = puzzles::starting_rating(p);
    assert_eq!(view["rating"], shown(start));
    assert_eq!(view["solver_moves"], p.solver_moves());

    // Checked move by move: the puzzle replies until the last move solves it.
    for n in (1..=p.solution.len()).step_by(2) {
        let c = ok(s.post_as(
            &player,
            &format!("/api/puzzles/{id}/check"),
            json!({ "moves": &p.solution[..n] }),
        ));
        if n == p.solution.len() {
            assert_eq!(c["status"], "solved", "{c}");
        } else {
            assert_eq!(c["status"], "continue", "{c}");
            assert_eq!(c["reply"], p.solution[n].as_str());
        }
    }

    let r = attempt(&s, &player, &id, json!({ "moves": p.solution }));
    let (player_after, puzzle_after) = puzzles::rate(Rating::default(), start, true);
    assert_eq!(
        r,
        json!({
            "solved": true,
            "rated": true,
            "player_before": shown(Rating::default()),
            "player": shown(player_after),
            "puzzle": shown(puzzle_after),
        })
    );
    assert!(player_after.rating > 1500.0 && puzzle_after.rating < start.rating);
    // The puzzle's view shows its new rating.
    assert_eq!(
        ok(s.get(&format!("/api/puzzles/{id}")))["rating"],
        shown(puzzle_after)
    );

    // Again, even missed: unrated, nothing moves.
    let again = attempt(&s, &player, &id, json!({ "moves": [] }));
    assert_eq!(
        again,
        json!({
            "solved": false,
            "rated": false,
            "player_before": shown(player_after),
            "player": shown(player_after),
            "puzzle": shown(puzzle_after),
        })
    );
}

#[test]
fn a_missed_attempt_moves_the_ratings_the_other_way() {
    let s = Server::start(&[]);
    let player = new_player();
    let view = next(&s, &player, "fourfold");
    let id = view["id"].as_str().unwrap();
    let p = puzzles::find(id).unwrap();
    let wrong = wrong_move(&s, &view);
    let r = attempt(&s, &player, id, json!({ "moves": [wrong] }));
    let (player_after, puzzle_after) =
        puzzles::rate(Rating::default(), puzzles::starting_rating(p), false);
    assert_eq!(r["solved"], false);
    assert_eq!(r["rated"], true);
    assert_eq!(r["player"], shown(player_after));
    assert_eq!(r["puzzle"], shown(puzzle_after));
    assert!(player_after.rating < 1500.0 && puzzle_after.rating > p.rating);
}

#[test]
fn next_gives_puzzles_not_attempted_and_help_means_missed() {
    let s = Server::start(&[]);
    let player = new_player();
    let mut seen = Vec::new();
    for i in 0..4 {
        let view = next(&s, &player, "fourfold");
        let id = view["id"].as_str().unwrap().to_string();
        assert!(!seen.contains(&id), "{id} given twice");
        let p = puzzles::find(&id).unwrap();
        // The whole solution, but with a hint or the solution seen: missed.
        let help = match i {
            0 => json!({ "moves": p.solution, "hinted": true }),
            1 => json!({ "moves": p.solution, "viewed": true }),
            _ => json!({ "moves": p.solution, "hinted": false, "viewed": false }),
        };
        let r = attempt(&s, &player, &id, help);
        assert_eq!(
            (r["solved"] == true, r["rated"] == true),
            (i >= 2, true),
            "{r}"
        );
        seen.push(id);
    }

    let me = ok(s.request_as(&player, "GET", "/api/puzzles/me", None));
    let ratings = me["ratings"].as_array().unwrap();
    assert_eq!(ratings.len(), 1, "{me}");
    assert_eq!(ratings[0]["set"], "fourfold");
    assert_eq!(
        (
            ratings[0]["attempts"].as_u64(),
            ratings[0]["solved"].as_u64()
        ),
        (Some(4), Some(2))
    );
    let history: Vec<&str> = me["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["puzzle"].as_str().unwrap())
        .collect();
    let newest_first: Vec<&str> = seen.iter().rev().map(String::as_str).collect();
    assert_eq!(history, newest_first);
    let last = &me["history"][0];
    assert_eq!(last["solved"], true);
    assert_eq!(last["rated"], true);
    assert_eq!(last["rating_after"], ratings[0]["rating"]["rating"]);
    // Another player has nothing yet.
    let other = ok(s.request_as(&new_player(), "GET", "/api/puzzles/me", None));
    assert_eq!(other, json!({ "ratings": [], "history": [] }));
}

#[test]
fn a_theme_narrows_next_and_the_daily_puzzle_is_the_same_for_everyone() {
    let s = Server::start(&[]);
    let set = puzzles::set("fourfold").unwrap();
    let theme = set.puzzles[0].themes[0].clone();
    let view = ok(s.get(&format!("/api/puzzles/next?set=fourfold&theme={theme}")));
    assert!(
        view["themes"]
            .as_array()
            .unwrap()
            .iter()
            .any(|t| t == theme.as_str()),
        "{view}"
    );
    let a = ok(s.request_as(
        &new_player(),
        "GET",
        "/api/puzzles/daily?set=fourfold",
        None,
    ));
    let b = ok(s.request_as(
        &new_player(),
        "GET",
        "/api/puzzles/daily?set=fourfold",
        None,
    ));
    assert_eq!(a["id"], b["id"]);
    assert_eq!(a["set"], "fourfold");
    let solution = ok(s.get(&format!(
        "/api/puzzles/{}/solution",
        a["id"].as_str().unwrap()
    )));
    let p = puzzles::find(a["id"].as_str().unwrap()).unwrap();
    assert_eq!(solution["moves"], json!(p.solution));
    assert_eq!(
        solution["screens"].as_array().unwrap().len(),
        p.solution.len() + 1
    );
    let hint = ok(s.post(
        &format!("/api/puzzles/{}/hint", p.id),
        json!({ "moves": [] }),
    ));
    assert!(
        hint["square"].as_str().is_some_and(|sq| !sq.is_empty()),
        "{hint}"
    );
}

/// A bad request: method, path, body, and the status, code and words of its error.
type Case = (
    &'static str,
    String,
    Option<Value>,
    u16,
    &'static str,
    &'static str,
);

#[test]
fn bad_input_gets_a_clear_error() {
    let s = Server::start(&[]);
    let id = puzzles::set("fourfold").unwrap().puzzles[0].id.clone();
    let check = format!("/api/puzzles/{id}/check");
    let attempt_path = format!("/api/puzzles/{id}/attempt");
    let cases: Vec<Case> = vec![
        (
            "GET",
            "/api/puzzles/nope".into(),
            None,
            404,
            "not_found",
            "no puzzle with id \"nope\"",
        ),
        (
            "POST",
            "/api/puzzles/nope/check".into(),
            Some(json!({"moves": []})),
            404,
            "not_found",
            "no puzzle",
        ),
        (
            "GET",
            "/api/puzzles/next".into(),
            None,
            400,
            "bad_request",
            "parameter \"set\" is required",
        ),
        (
            "GET",
            "/api/puzzles/next?set=chess".into(),
            None,
            404,
            "not_found",
            "no puzzle set \"chess\"",
        ),
        (
            "GET",
            "/api/puzzles/next?set=fourfold&near=high".into(),
            None,
            400,
            "bad_request",
            "query \"near\" must be a rating from 0 to 5000, not \"high\"",
        ),
        (
            "GET",
            "/api/puzzles/next?set=fourfold&theme=zugzwang".into(),
            None,
            404,
            "not_found",
            "no theme \"zugzwang\"",
        ),
        (
            "GET",
            "/api/puzzles/daily?set=trid-meder-x".into(),
            None,
            404,
            "not_found",
            "no puzzle set",
        ),
        (
            "POST",
            check.clone(),
            Some(json!({"moves": "a"})),
            400,
            "bad_request",
            "field \"moves\" must be an array of move tokens",
        ),
        (
            "POST",
            check.clone(),
            Some(json!({"moves": ["a", 2]})),
            400,
            "bad_request",
            "field \"moves\" must be an array of move tokens",
        ),
        (
            "POST",
            check.clone(),
            Some(json!({"moves": vec!["a"; 17]})),
            400,
            "bad_request",
            "has 17 entries; at most 16",
        ),
        (
            "POST",
            check.clone(),
            Some(json!({})),
            400,
            "bad_request",
            "field \"moves\" is required",
        ),
        (
            "POST",
            check.clone(),
            Some(json!({"moves": ["zz9"]})),
            422,
            "illegal_move",
            "move 1",
        ),
        (
            "POST",
            check.clone(),
            Some(json!({"moves": []})),
            400,
            "out_of_range",
            "field \"moves\"",
        ),
        (
            "POST",
            attempt_path.clone(),
            Some(json!({"moves": ["zz9"]})),
            422,
            "illegal_move",
            "move 1",
        ),
        (
            "POST",
            attempt_path.clone(),
            Some(json!({"moves": [], "hinted": "yes"})),
            400,
            "bad_request",
            "field \"hinted\" must be true or false",
        ),
        (
            "POST",
            attempt_path.clone(),
            Some(json!({"hinted": true})),
            400,
            "bad_request",
            "field \"moves\" is required",
        ),
    ];
    for (method, path, body, status, code, text) in cases {
        let body = body.map(|b| b.to_string());
        let r = s.request(method, &path, body.as_deref());
        assert_eq!(
            (r.status, r.code()),
            (status, code.to_string()),
            "{path}: {}",
            r.body
        );
        assert!(
            r.body.contains(&text.replace('"', "\\\"")),
            "{path}: {}",
            r.body
        );
    }
    // Refused attempts recorded nothing.
    assert_eq!(
        ok(s.get("/api/puzzles/me")),
        json!({ "ratings": [], "history": [] })
    );
}

#[test]
fn attempts_are_bounded_per_player_per_minute() {
    let s = Server::start(&[]);
    let id = &puzzles::set("fourfold").unwrap().puzzles[0].id;
    let path = format!("/api/puzzles/{id}/attempt");
    for _ in 0..30 {
        ok(s.post(&path, json!({ "moves": [] })));
    }
    let r = s.post(&path, json!({ "moves": [] }));
    assert_eq!(
        (r.status, r.code()),
        (429, "rate_limited".to_string()),
        "{}",
        r.body
    );
    let wait: u64 = r.header("retry-after").unwrap().parse().unwrap();
    assert!((1..=60).contains(&wait), "{wait}");
    // Another player from the same address still has a share.
    ok(s.post_as(&new_player(), &path, json!({ "moves": [] })));
}

/// Reads from the store are bounded too: per player, and per address across the ids it
/// makes up, so that fresh ids cannot hammer the database for everyone.
#[test]
fn reads_are_bounded_per_player_and_per_address() {
    let s = Server::start(&[]);
    let id = &puzzles::set("fourfold").unwrap().puzzles[0].id;
    let path = format!("/api/puzzles/{id}");
    let limited = |r: server_common::Response| {
        assert_eq!(
            (r.status, r.code()),
            (429, "rate_limited".to_string()),
            "{}",
            r.body
        );
    };
    let first = new_player();
    for _ in 0..240 {
        ok(s.request_as(&first, "GET", &path, None));
    }
    limited(s.request_as(&first, "GET", "/api/puzzles/me", None));
    // Three more made-up ids fill the address's share of four players'.
    for _ in 0..3 {
        let player = new_player();
        for _ in 0..240 {
            ok(s.request_as(&player, "GET", "/api/puzzles/daily?set=fourfold", None));
        }
    }
    limited(s.request_as(&new_player(), "GET", "/api/puzzles/next?set=fourfold", None));
}

#[test]
fn ratings_survive_a_restart() {
    let mut s = Server::start(&[]);
    let view = next(&s, &s.player.clone(), "stacked");
    let id = view["id"].as_str().unwrap().to_string();
    let p = puzzles::find(&id).unwrap();
    let player = s.player.clone();
    let first = attempt(&s, &player, &id, json!({ "moves": p.solution }));
    let before = ok(s.get("/api/puzzles/me"));
    s.restart();
    assert_eq!(ok(s.get("/api/puzzles/me")), before);
    assert_eq!(
        ok(s.get(&format!("/api/puzzles/{id}")))["rating"],
        first["puzzle"]
    );
    let again = attempt(&s, &player, &id, json!({ "moves": p.solution }));
    assert_eq!(again["rated"], false);
    assert_eq!(again["player"], first["player"]);
    assert_ne!(next(&s, &player, "stacked")["id"], id.as_str());
}

/// The streak asks for puzzles near a rating of its own (`near`), rising as it goes:
/// the easiest and the hardest puzzles of the set come back for a low and a high one.
#[test]
fn next_near_a_given_rating_gives_puzzles_near_it() {
    let s = Server::start(&[]);
    let set = puzzles::set("fourfold").unwrap();
    let lowest = set
        .puzzles
        .iter()
        .map(|p| p.rating)
        .fold(f64::MAX, f64::min);
    let highest = set.puzzles.iter().map(|p| p.rating).fold(0.0, f64::max);
    let low = ok(s.get(&format!(
        "/api/puzzles/next?set=fourfold&near={}",
        lowest as u32
    )));
    let high = ok(s.get(&format!(
        "/api/puzzles/next?set=fourfold&near={}",
        highest as u32
    )));
    let rating = |v: &Value| v["rating"]["rating"].as_f64().unwrap();
    assert!((rating(&low) - lowest).abs() <= 150.0, "{low}");
    assert!((rating(&high) - highest).abs() <= 150.0, "{high}");
}
