//! My games (`GET /api/games`): the asking player's games, running and finished, newest
//! first, a page at a time, with variant, mode, opponent, result, date and ply.

mod server_common;

use serde_json::{json, Value};
use server_common::{first_move, new_player, Server};
use std::collections::HashSet;

fn list(s: &Server, player: &str, query: &str) -> Value {
    let r = s.request_as(player, "GET", &format!("/api/games{query}"), None);
    assert_eq!(r.status, 200, "{}", r.body);
    r.json()
}

fn entry<'a>(page: &'a Value, id: &Value) -> &'a Value {
    page["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == *id)
        .unwrap_or_else(|| panic!("{id} not in {page}"))
}

/// A mate in one of the lessons (Stacked Boards): its position and the mating move.
fn mate_in_one(s: &Server) -> (Value, String) {
    let lessons = s.get("/api/lessons").json();
    let l = lessons["lessons"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["kind"] == "mate" && l["goal"]["moves"] == 1 && l["variant"] == "stacked")
        .expect("a mate-in-one lesson")
        .clone();
    let token = l["solution"][0].as_str().unwrap().to_string();
    (l, token)
}

#[test]
fn the_list_holds_the_players_games_running_and_finished_newest_first() {
    let s = Server::start(&[]);
    let me = s.player.clone();
    // Against the computer, then in one second (creation times are in seconds) a local
    // game ended by checkmate, a resigned one and an online game a friend joined.
    let computer = s.create(json!({ "variant": "trid", "level": 2, "human": "white" }));
    s.play(computer["id"].as_str().unwrap(), &first_move(&computer));
    std::thread::sleep(std::time::Duration::from_millis(1100));
    let (lesson, mate) = mate_in_one(&s);
    let mated = s.create(json!({
        "variant": "stacked", "mode": "local", "position": lesson["position"],
    }));
    let mated = s.play(mated["id"].as_str().unwrap(), &mate);
    assert_eq!(mated["result"]["reason"], "checkmate");
    let resigned = s.create(json!({ "variant": "quadlevel", "mode": "local" }));
    s.post(
        &format!("/api/games/{}/resign", resigned["id"].as_str().unwrap()),
        json!({ "side": "white" }),
    );
    let online = s.create(json!({ "variant": "fourfold", "mode": "online", "human": "black" }));
    let friend = new_player();
    let joined = s.post_as(&friend, online["invite"].as_str().unwrap(), json!({}));
    assert_eq!(joined.status, 200, "{}", joined.body);
    // Someone else's game is not mine.
    let stranger = new_player();
    let theirs = s
        .post_as(
            &stranger,
            "/api/games",
            json!({ "variant": "stacked", "mode": "local" }),
        )
        .json();

    let page = list(&s, &me, "");
    let games = page["games"].as_array().unwrap();
    assert_eq!(games.len(), 4, "{page}");
    assert_eq!(page["next"], Value::Null, "one page");
    assert!(games.iter().all(|g| g["id"] != theirs["id"]));
    // Newest first: the computer game, a second older, comes last; ties by id.
    assert_eq!(games[3]["id"], computer["id"]);
    let keys: Vec<(i64, String)> = games
        .iter()
        .map(|g| {
            (
                g["created_at"].as_i64().unwrap(),
                g["id"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let mut sorted = keys.clone();
    sorted.sort_by(|a, b| b.cmp(a));
    assert_eq!(keys, sorted);

    let c = entry(&page, &computer["id"]);
    assert_eq!(
        (&c["variant"], &c["title"], &c["mode"]),
        (&json!("trid"), &json!("Tri-D"), &json!("computer"))
    );
    assert_eq!(c["rules"], "federation");
    assert_eq!(c["you"], json!(["white"]));
    assert_eq!(c["opponent"], "computer");
    assert_eq!(c["level"], 2);
    assert_eq!(c["status"], "in-progress");
    assert_eq!(c["result"], Value::Null);
    assert!(c["ply"].as_u64().unwrap() >= 1);
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64;
    assert!((now - 600..=now).contains(&c["created_at"].as_i64().unwrap()));

    let m = entry(&page, &mated["id"]);
    assert_eq!(m["status"], "over");
    assert_eq!(m["result"]["reason"], "checkmate");
    assert_eq!(m["result"]["winner"], mated["result"]["winner"]);
    assert_eq!(m["result"]["text"], mated["result"]["text"]);
    assert_eq!(m["opponent"], Value::Null, "local: both sides are mine");
    assert_eq!(m["you"], json!(["white", "black"]));
    assert_eq!(m["ply"], 1);
    assert_eq!(m["level"], Value::Null);

    let r = entry(&page, &resigned["id"]);
    assert_eq!(r["result"]["reason"], "resignation");
    assert_eq!(r["result"]["winner"], "black");
    assert_eq!(r["result"]["description"], "Black wins: White resigned");

    let o = entry(&page, &online["id"]);
    assert_eq!(o["mode"], "online");
    assert_eq!(
        (&o["you"], &o["opponent"]),
        (&json!(["black"]), &json!("player"))
    );
    // The friend's list has it too, from their side.
    let theirs_page = list(&s, &friend, "");
    assert_eq!(theirs_page["games"].as_array().unwrap().len(), 1);
    assert_eq!(theirs_page["games"][0]["id"], online["id"]);
    assert_eq!(theirs_page["games"][0]["you"], json!(["white"]));

    // A take back of the mate reopens it; the list says so.
    s.post(
        &format!("/api/games/{}/takeback", mated["id"].as_str().unwrap()),
        json!({}),
    );
    let m = entry(&list(&s, &me, ""), &mated["id"]).clone();
    assert_eq!(
        (m["status"].clone(), m["ply"].clone()),
        (json!("in-progress"), json!(0))
    );
    // A deleted game leaves the list; the list survives a restart.
    let del = s.request(
        "DELETE",
        &format!("/api/games/{}", resigned["id"].as_str().unwrap()),
        None,
    );
    assert_eq!(del.status, 204);
    let mut s = s;
    s.restart();
    let after = list(&s, &me, "");
    let ids: Vec<&Value> = after["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| &g["id"])
        .collect();
    assert_eq!(ids.len(), 3);
    assert!(!ids.contains(&&resigned["id"]));
    assert_eq!(entry(&after, &online["id"])["you"], json!(["black"]));
}

#[test]
fn pages_follow_one_another_without_gaps_or_repeats() {
    let s = Server::start(&[]);
    let mut made = HashSet::new();
    for _ in 0..7 {
        let g = s.create(json!({ "variant": "fourfold", "mode": "local" }));
        made.insert(g["id"].as_str().unwrap().to_string());
    }
    let mut seen = Vec::new();
    let mut query = "?limit=3".to_string();
    let mut pages = 0;
    loop {
        let page = list(&s, &s.player, &query);
        pages += 1;
        let games = page["games"].as_array().unwrap();
        assert!(games.len() <= 3);
        seen.extend(games.iter().map(|g| g["id"].as_str().unwrap().to_string()));
        match page["next"].as_str() {
            Some(next) => query = format!("?limit=3&before={next}"),
            None => break,
        }
        assert!(pages < 10, "the pages never end");
    }
    assert_eq!(pages, 3);
    assert_eq!(seen.len(), 7, "{seen:?}");
    assert_eq!(seen.iter().cloned().collect::<HashSet<_>>(), made);
    // Twenty by default; a player with none has an empty list.
    let all = list(&s, &s.player, "");
    assert_eq!(all["games"].as_array().unwrap().len(), 7);
    let nobody = list(&s, &new_player(), "");
    assert_eq!(nobody, json!({ "games": [], "next": null }));
}

#[test]
fn bad_limits_and_cursors_are_refused_naming_the_parameter() {
    let s = Server::start(&[]);
    for (query, named) in [
        ("?limit=0", "limit"),
        ("?limit=101", "limit"),
        ("?limit=ten", "ten"),
        ("?before=yesterday", "yesterday"),
        ("?before=12.xyz", "before"),
    ] {
        let r = s.get(&format!("/api/games{query}"));
        assert_eq!((r.status, r.code()), (400, "bad_request".into()), "{query}");
        assert!(r.body.contains(named), "{query}: {}", r.body);
    }
}
