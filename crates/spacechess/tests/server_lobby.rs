//! The lobby against the real server: challenges created, listed, cancelled and
//! expiring when their creator stops reading the lobby; an accepted challenge becomes
//! one online game with both seats taken (colours as wished, rated as asked), named to
//! its creator by the lobby's `matched`; two acceptors at once make one game; quick
//! pairing meets two players; the bounds answer 429 with Retry-After, a rating range
//! 403, a rated challenge with options 400.

mod server_common;

use serde_json::{json, Value};
use server_common::{new_player, Response, Server};
use std::time::Duration;

fn challenge(s: &Server, player: &str, body: Value) -> Response {
    s.post_as(player, "/api/lobby/challenges", body)
}

fn created(s: &Server, player: &str, body: Value) -> Value {
    let r = challenge(s, player, body);
    assert_eq!(r.status, 201, "{}", r.body);
    r.json()
}

fn lobby(s: &Server, player: &str) -> Value {
    let r = s.request_as(player, "GET", "/api/lobby", None);
    assert_eq!(r.status, 200, "{}", r.body);
    r.json()
}

fn listed(lobby: &Value, id: &str) -> Option<Value> {
    lobby["challenges"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == id)
        .cloned()
}

fn accept(s: &Server, player: &str, id: &str) -> Response {
    s.post_as(
        player,
        &format!("/api/lobby/challenges/{id}/accept"),
        json!({}),
    )
}

fn game_as(s: &Server, player: &str, id: &str) -> Value {
    let r = s.request_as(player, "GET", &format!("/api/games/{id}"), None);
    assert_eq!(r.status, 200, "{}", r.body);
    r.json()
}

fn live() -> Value {
    json!({ "minutes": 10, "increment_seconds": 5 })
}

#[test]
fn challenges_are_listed_for_everyone_and_cancelled_by_their_creator() {
    let s = Server::start(&[]);
    let (a, b) = (new_player(), new_player());
    let c = created(
        &s,
        &a,
        json!({ "variant": "trid", "rules": "meder", "time_control": live(), "rated": true, "color": "black", "min_rating": 1000, "max_rating": 2000 }),
    );
    assert_eq!(c["yours"], true);
    assert_eq!(c["variant"], "trid");
    assert_eq!(c["rules"], "meder");
    assert_eq!(c["color"], "black");
    assert_eq!(c["rated"], true);
    assert_eq!(c["quick"], false);
    assert_eq!(c["name"], Value::Null, "anonymous");
    assert_eq!(
        (c["rating"].clone(), c["provisional"].clone()),
        (json!(1500), json!(true))
    );
    assert_eq!(
        c["time_control"],
        json!({ "minutes": 10.0, "increment_seconds": 5.0, "days_per_move": null })
    );
    assert_eq!(
        (c["min_rating"].clone(), c["max_rating"].clone()),
        (json!(1000), json!(2000))
    );
    let id = c["id"].as_str().unwrap();
    assert_eq!(id.len(), 16);
    // Another player sees it, not as theirs; the lobby offers the quick pairings.
    let seen = lobby(&s, &b);
    let theirs = listed(&seen, id).expect("listed");
    assert_eq!(theirs["yours"], false);
    assert_eq!(theirs["min_rating"], 1000);
    assert!(seen["quick"].as_array().unwrap().len() >= 4, "{seen}");
    assert_eq!(seen["matched"], Value::Null);
    // Only the creator cancels it.
    let path = format!("/api/lobby/challenges/{id}");
    let r = s.request_as(&b, "DELETE", &path, None);
    assert_eq!(
        (r.status, r.code()),
        (404, "unknown_challenge".into()),
        "{}",
        r.body
    );
    let r = s.request_as(&a, "DELETE", &path, None);
    assert_eq!(r.status, 204, "{}", r.body);
    assert!(listed(&lobby(&s, &b), id).is_none());
    let r = s.request_as(&a, "DELETE", &path, None);
    assert_eq!(r.status, 404, "{}", r.body);
    // A correspondence challenge says its days per move.
    let c = created(
        &s,
        &a,
        json!({ "variant": "stacked", "time_control": { "days_per_move": 3 } }),
    );
    assert_eq!(
        c["time_control"],
        json!({ "minutes": null, "increment_seconds": null, "days_per_move": 3 })
    );
    assert_eq!(c["color"], "random");
    assert_eq!(c["rated"], false);
}

#[test]
fn a_live_challenge_expires_when_its_creator_stops_reading_the_lobby() {
    let s = Server::start(&[]);
    let (a, b) = (new_player(), new_player());
    let kept = created(
        &s,
        &a,
        json!({ "variant": "fourfold", "time_control": live() }),
    );
    let left = created(
        &s,
        &b,
        json!({ "variant": "fourfold", "time_control": live() }),
    );
    let correspondence = created(
        &s,
        &b,
        json!({ "variant": "fourfold", "time_control": { "days_per_move": 1 } }),
    );
    // A reads the lobby every few seconds; B stops.
    for _ in 0..8 {
        std::thread::sleep(Duration::from_secs(3));
        lobby(&s, &a);
    }
    let now = lobby(&s, &a);
    assert!(
        listed(&now, kept["id"].as_str().unwrap()).is_some(),
        "{now}"
    );
    assert!(
        listed(&now, left["id"].as_str().unwrap()).is_none(),
        "{now}"
    );
    assert!(
        listed(&now, correspondence["id"].as_str().unwrap()).is_some(),
        "a correspondence challenge lives a week: {now}"
    );
    let r = accept(&s, &a, left["id"].as_str().unwrap());
    assert_eq!(
        (r.status, r.code()),
        (404, "unknown_challenge".into()),
        "{}",
        r.body
    );
}

#[test]
fn an_accepted_challenge_is_one_online_game_with_both_seats_taken() {
    let s = Server::start(&[]);
    let (a, b) = (new_player(), new_player());
    let c = created(
        &s,
        &a,
        json!({ "variant": "stacked", "time_control": live(), "rated": true, "color": "white" }),
    );
    let id = c["id"].as_str().unwrap();
    // Not one's own.
    let r = accept(&s, &a, id);
    assert_eq!(
        (r.status, r.code()),
        (409, "own_challenge".into()),
        "{}",
        r.body
    );
    let r = accept(&s, &b, id);
    assert_eq!(r.status, 200, "{}", r.body);
    let game = r.json()["game"].as_str().unwrap().to_string();
    // The creator's lobby names the game; the challenge is gone.
    let seen = lobby(&s, &a);
    assert_eq!(seen["matched"], game.as_str(), "{seen}");
    assert!(listed(&seen, id).is_none());
    let r = accept(&s, &b, id);
    assert_eq!(r.status, 404, "taken once: {}", r.body);
    // Both seats taken, the creator White as wished; rated, the time control asked for;
    // no invitation.
    let as_a = game_as(&s, &a, &game);
    let as_b = game_as(&s, &b, &game);
    assert_eq!(as_a["mode"], "online");
    assert_eq!(as_a["you"], json!(["white"]));
    assert_eq!(as_b["you"], json!(["black"]));
    assert_eq!(as_a["rated"], true);
    assert_eq!(as_a["seats"]["white"]["holder"], "player");
    assert_eq!(as_a["seats"]["black"]["holder"], "player");
    assert!(as_a.get("invite").is_none() && as_b.get("invite").is_none());
    assert_eq!(as_a["clocks"]["initial_ms"], 600_000);
    assert_eq!(as_a["clocks"]["increment_ms"], 5_000);
    // Playing now lists it.
    let playing = lobby(&s, &b)["playing"].clone();
    assert!(
        playing
            .as_array()
            .unwrap()
            .iter()
            .any(|g| g["id"] == game.as_str()),
        "{playing}"
    );
    // White moves first: the game is on.
    let token = server_common::first_move(&as_a);
    let r = s.post_as(
        &a,
        &format!("/api/games/{game}/moves"),
        json!({ "move": token }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    // A black wish seats the creator Black; a casual one makes a casual game.
    let c = created(
        &s,
        &a,
        json!({ "variant": "quadlevel", "time_control": live(), "color": "black" }),
    );
    let r = accept(&s, &b, c["id"].as_str().unwrap());
    assert_eq!(r.status, 200, "{}", r.body);
    let other = r.json()["game"].as_str().unwrap().to_string();
    let as_a = game_as(&s, &a, &other);
    assert_eq!(as_a["you"], json!(["black"]));
    assert_eq!(as_a["rated"], false);
    // A random wish gives the creator one side and the acceptor the other.
    let c = created(
        &s,
        &a,
        json!({ "variant": "fourfold", "time_control": live() }),
    );
    let r = accept(&s, &b, c["id"].as_str().unwrap());
    let third = r.json()["game"].as_str().unwrap().to_string();
    let (ya, yb) = (
        game_as(&s, &a, &third)["you"].clone(),
        game_as(&s, &b, &third)["you"].clone(),
    );
    assert_ne!(ya, yb);
    assert_eq!(ya.as_array().unwrap().len(), 1);
}

#[test]
fn two_players_accepting_at_once_make_one_game() {
    let s = std::sync::Arc::new(Server::start(&[]));
    for _ in 0..3 {
        let a = new_player();
        let c = created(
            &s,
            &a,
            json!({ "variant": "fourfold", "time_control": live() }),
        );
        let id = c["id"].as_str().unwrap().to_string();
        let takers: Vec<_> = (0..4)
            .map(|_| {
                let (s, id) = (std::sync::Arc::clone(&s), id.clone());
                std::thread::spawn(move || {
                    let r = accept(&s, &new_player(), &id);
                    (r.status, r.body)
                })
            })
            .collect();
        let answers: Vec<(u16, String)> = takers.into_iter().map(|t| t.join().unwrap()).collect();
        let won: Vec<_> = answers.iter().filter(|(st, _)| *st == 200).collect();
        assert_eq!(won.len(), 1, "{answers:?}");
        assert!(
            answers.iter().all(|(st, _)| *st == 200 || *st == 404),
            "{answers:?}"
        );
        let game: Value = serde_json::from_str(&won[0].1).unwrap();
        assert_eq!(lobby(&s, &a)["matched"], game["game"]);
    }
}

#[test]
fn quick_pairing_meets_two_players_in_one_game() {
    let s = Server::start(&[]);
    let (a, b) = (new_player(), new_player());
    let quick = lobby(&s, &a)["quick"].clone();
    let pairing = quick
        .as_array()
        .unwrap()
        .iter()
        .find(|q| q["variant"] == "fourfold")
        .expect("a Fourfold quick pairing")["id"]
        .clone();
    let r = s.post_as(&a, "/api/lobby/quick", json!({ "pairing": pairing }));
    assert_eq!(r.status, 200, "{}", r.body);
    let waiting = r.json()["challenge"].clone();
    assert_eq!(waiting["quick"], true);
    assert_eq!(waiting["yours"], true);
    // Pressing again waits on the same challenge.
    let again = s
        .post_as(&a, "/api/lobby/quick", json!({ "pairing": pairing }))
        .json();
    assert_eq!(again["challenge"]["id"], waiting["id"]);
    // The second player meets the first.
    let r = s.post_as(&b, "/api/lobby/quick", json!({ "pairing": pairing }));
    assert_eq!(r.status, 200, "{}", r.body);
    let answer = r.json();
    let game = answer["game"].as_str().expect("a game").to_string();
    assert!(answer.get("challenge").is_none(), "{answer}");
    assert_eq!(lobby(&s, &a)["matched"], game.as_str());
    let (as_a, as_b) = (game_as(&s, &a, &game), game_as(&s, &b, &game));
    assert_eq!(as_a["rated"], true);
    assert_eq!(as_a["you"].as_array().unwrap().len(), 1);
    assert_ne!(as_a["you"], as_b["you"]);
    // Once the game is over, the lobby no longer sends A's page into it.
    let r = s.post_as(&b, &format!("/api/games/{game}/resign"), json!({}));
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(lobby(&s, &a)["matched"], Value::Null);
    // An unknown pairing is named.
    let r = s.post_as(&b, "/api/lobby/quick", json!({ "pairing": "chess-1+0" }));
    assert_eq!(r.status, 400);
    assert!(
        r.body.contains("chess-1+0") && r.body.contains("pairing"),
        "{}",
        r.body
    );
}

#[test]
fn the_lobby_bounds_answer_429_with_retry_after_and_a_range_403() {
    let s = Server::start(&[]);
    let (a, b) = (new_player(), new_player());
    for _ in 0..3 {
        created(
            &s,
            &a,
            json!({ "variant": "stacked", "time_control": live() }),
        );
    }
    let r = challenge(
        &s,
        &a,
        json!({ "variant": "stacked", "time_control": live() }),
    );
    assert_eq!(
        (r.status, r.code()),
        (429, "rate_limited".into()),
        "{}",
        r.body
    );
    assert_eq!(r.header("Retry-After"), Some("20"));
    assert!(r.body.contains("at most 3"), "{}", r.body);
    // A rating range leaving the acceptor out: 403.
    let c = created(
        &s,
        &b,
        json!({ "variant": "stacked", "time_control": live(), "min_rating": 1600 }),
    );
    let r = accept(&s, &new_player(), c["id"].as_str().unwrap());
    assert_eq!(
        (r.status, r.code()),
        (403, "rating_out_of_range".into()),
        "{}",
        r.body
    );
    assert!(
        r.body.contains("1500") && r.body.contains("1600 or more"),
        "{}",
        r.body
    );
    // Still open for someone else.
    assert!(listed(&lobby(&s, &b), c["id"].as_str().unwrap()).is_some());
    // Creations per ten minutes.
    let c2 = new_player();
    let mut refused = None;
    for i in 0..25 {
        let r = challenge(
            &s,
            &c2,
            json!({ "variant": "stacked", "time_control": live() }),
        );
        if r.status == 201 {
            let id = r.json()["id"].as_str().unwrap().to_string();
            let d = s.request_as(&c2, "DELETE", &format!("/api/lobby/challenges/{id}"), None);
            assert_eq!(d.status, 204);
        } else {
            refused = Some((i, r));
            break;
        }
    }
    let (i, r) = refused.expect("refused at last");
    assert_eq!(i, 20, "{}", r.body);
    assert_eq!(r.status, 429);
    assert!(r.header("Retry-After").is_some());
    // Lobby reads.
    let reader = new_player();
    let mut last = None;
    for _ in 0..121 {
        last = Some(s.request_as(&reader, "GET", "/api/lobby", None));
    }
    let r = last.unwrap();
    assert_eq!(r.status, 429, "{}", r.body);
    assert!(r.header("Retry-After").is_some());
}

#[test]
fn bad_challenges_are_refused_naming_what_is_wrong() {
    let s = Server::start(&[]);
    let a = new_player();
    for (body, status, says) in [
        (
            json!({ "variant": "trid", "rules": "federation", "options": ["rook-pawns"], "rated": true, "time_control": live() }),
            400,
            "options",
        ),
        (json!({ "variant": "stacked" }), 400, "time_control"),
        (json!({ "time_control": live() }), 400, "variant"),
        (
            json!({ "variant": "chess", "time_control": live() }),
            400,
            "chess",
        ),
        (
            json!({ "variant": "stacked", "time_control": { "minutes": 0.01 } }),
            400,
            "at least",
        ),
        (
            json!({ "variant": "stacked", "time_control": { "days_per_move": 2 } }),
            400,
            "days_per_move",
        ),
        (
            json!({ "variant": "stacked", "time_control": live(), "max_rating": -5 }),
            400,
            "max_rating",
        ),
    ] {
        let r = challenge(&s, &a, body.clone());
        assert_eq!(r.status, status, "{body}: {}", r.body);
        assert!(r.body.contains(says), "{body}: {}", r.body);
    }
    let r = accept(&s, &a, "nothex");
    assert_eq!((r.status, r.code()), (404, "unknown_challenge".into()));
    let r = s.request_as(&a, "POST", "/api/lobby/quick", Some("{}"));
    assert_eq!(r.status, 400);
    assert!(r.body.contains("pairing"), "{}", r.body);
}

#[test]
fn my_games_name_the_players_and_list_the_games_waiting_for_my_move_first() {
    let s = Server::start(&[]);
    let name = |p: &str, n: &str| {
        let r = s.request_as(
            p,
            "PUT",
            "/api/me/name",
            Some(&json!({ "name": n }).to_string()),
        );
        assert_eq!(r.status, 200, "{}", r.body);
    };
    let (a, b) = (new_player(), new_player());
    name(&a, "Anna");
    // A rated game with A White (A to move), then a casual correspondence game with A
    // Black (B to move): the newer one is not A's turn, so the older comes first.
    let c = created(
        &s,
        &a,
        json!({ "variant": "stacked", "time_control": live(), "rated": true, "color": "white" }),
    );
    let first = accept(&s, &b, c["id"].as_str().unwrap()).json()["game"].clone();
    std::thread::sleep(Duration::from_millis(1100));
    let c = created(
        &s,
        &a,
        json!({ "variant": "fourfold", "time_control": { "days_per_move": 3 }, "color": "black" }),
    );
    let second = accept(&s, &b, c["id"].as_str().unwrap()).json()["game"].clone();
    let mine = s.request_as(&a, "GET", "/api/games", None).json();
    let games = mine["games"].as_array().unwrap();
    assert_eq!(games.len(), 2, "{mine}");
    assert_eq!(games[0]["id"], first, "{mine}");
    assert_eq!(games[0]["your_turn"], true);
    assert_eq!(games[0]["rated"], true);
    assert_eq!(games[0]["per_move"], false);
    assert_eq!(
        (
            games[0]["white_name"].clone(),
            games[0]["black_name"].clone()
        ),
        (json!("Anna"), Value::Null)
    );
    let ends = games[0]["turn_ends_in_ms"]
        .as_u64()
        .expect("the first-move time");
    assert!(ends > 0 && ends <= 30_000, "{ends}");
    assert_eq!(games[1]["id"], second);
    assert_eq!(games[1]["your_turn"], false);
    assert_eq!(games[1]["rated"], false);
    assert_eq!(games[1]["per_move"], true);
    assert_eq!(games[1]["days_per_move"], 3);
    assert_eq!(games[1]["black_name"], "Anna");
    // B's list: the correspondence game (B White, to move) first.
    let theirs = s.request_as(&b, "GET", "/api/games", None).json();
    assert_eq!(theirs["games"][0]["id"], second, "{theirs}");
    assert_eq!(theirs["games"][0]["your_turn"], true);
    let left = theirs["games"][0]["turn_ends_in_ms"].as_u64().unwrap();
    assert!(left > 2 * 86_400_000 && left <= 3 * 86_400_000, "{left}");
    // Pages list each game once: the game waiting for B's move on top of the first.
    let page = s.request_as(&b, "GET", "/api/games?limit=1", None).json();
    assert_eq!(page["games"].as_array().unwrap().len(), 1, "{page}");
    assert_eq!(page["games"][0]["id"], second);
    let next = page["next"].as_str().unwrap();
    let page = s
        .request_as(
            &b,
            "GET",
            &format!("/api/games?limit=1&before={next}"),
            None,
        )
        .json();
    assert_eq!(page["games"].as_array().unwrap().len(), 1, "{page}");
    assert_eq!(page["games"][0]["id"], first);
}
