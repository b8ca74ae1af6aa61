//! One conformance suite across hosts: the same scripted games, played through the
//! server's HTTP API and through the WebAssembly module's game tables (the module's Rust
//! code, called as the browser calls it), give identical views and identical errors.
//! Both host the same table core (crates/table); this proves that neither host adds a
//! rule of its own.
//!
//! What differs by nature is left out of the comparison: the game's id, the clocks'
//! milliseconds (the server's run on real time, the module's on the time the test
//! passes in), and what only the server has (watchers, the invitation).

mod server_common;

use serde_json::{json, Value};
use server_common::{playable_setups, Server};
use spacechess_wasm::service::Service as Module;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What one step answered: a view (or another answer), or a refusal's code and message.
type Reply = Result<Value, (String, String)>;

/// One step of a script.
#[derive(Clone, Debug)]
enum Act {
    /// Plays a move by token, with the ply the screen saw.
    Move(String, Option<u64>),
    /// Plays the `n`-th legal move (modulo their number) of the current view.
    Nth(usize),
    TakeBack,
    Draw,
    Resign(Option<&'static str>),
    /// The board after this many half-moves.
    Position(u64),
    /// Waits for the computer's move (the module plays the move the server's computer
    /// chose, with its score: the choice is the engine's, the rest the table's).
    Computer,
    /// The side to move's time runs out.
    Flag,
}

/// The server, as the web app talks to it.
struct ServerHost<'a> {
    server: &'a Server,
    id: String,
    last: Value,
}

/// The module, as the browser host talks to it.
struct ModuleHost {
    module: Module,
    table: Value,
    now_ms: i64,
    last: Value,
}

fn server_reply(r: server_common::Response) -> Reply {
    if r.status < 300 {
        Ok(r.json())
    } else {
        let v = r.json();
        Err((
            v["error"]["code"].as_str().unwrap_or("?").to_string(),
            v["error"]["message"].as_str().unwrap_or("?").to_string(),
        ))
    }
}

impl<'a> ServerHost<'a> {
    fn create(server: &'a Server, body: &Value) -> (Option<ServerHost<'a>>, Reply) {
        let reply = server_reply(server.post("/api/games", body.clone()));
        let host = reply.as_ref().ok().map(|v| ServerHost {
            server,
            id: v["id"].as_str().unwrap().to_string(),
            last: v.clone(),
        });
        (host, reply)
    }

    fn act(&mut self, act: &Act) -> Reply {
        let path = |tail: &str| format!("/api/games/{}{tail}", self.id);
        let reply = match act {
            Act::Move(token, ply) => {
                let mut body = json!({ "move": token });
                if let Some(p) = ply {
                    body["ply"] = json!(p);
                }
                server_reply(self.server.post(&path("/moves"), body))
            }
            Act::Nth(n) => {
                let token = nth_token(&self.last, *n);
                let ply = self.last["ply"].as_u64();
                return self.act(&Act::Move(token, ply));
            }
            Act::TakeBack => server_reply(self.server.post(&path("/takeback"), json!({}))),
            Act::Draw => {
                let r = server_reply(self.server.post(&path("/draw"), json!({})));
                if let Ok(v) = &r {
                    self.last = v["game"].clone();
                }
                return r;
            }
            Act::Resign(side) => {
                let body = side.map_or(json!({}), |s| json!({ "side": s }));
                server_reply(self.server.post(&path("/resign"), body))
            }
            Act::Position(ply) => {
                return server_reply(self.server.get(&path(&format!("/positions/{ply}"))))
            }
            Act::Computer => {
                let ply = self.last["ply"].as_u64().unwrap() + 1;
                Ok(self.server.wait_for_ply(&self.id, ply))
            }
            Act::Flag => {
                let deadline = Instant::now() + Duration::from_secs(20);
                loop {
                    let v = self.server.game(&self.id);
                    if !v["result"].is_null() || Instant::now() > deadline {
                        break Ok(v);
                    }
                    std::thread::sleep(Duration::from_millis(50));
                }
            }
        };
        if let Ok(v) = &reply {
            self.last = v.clone();
        }
        reply
    }
}

fn module_reply(module: &mut Module, request: Value) -> Reply {
    let bytes = module.answer(request.to_string().as_bytes());
    let v: Value = serde_json::from_slice(&bytes).expect("the module answers JSON");
    match v.get("ok") {
        Some(ok) => Ok(ok.clone()),
        None => Err((
            v["error"]["code"].as_str().unwrap_or("?").to_string(),
            v["error"]["message"].as_str().unwrap_or("?").to_string(),
        )),
    }
}

impl ModuleHost {
    fn create(body: &Value) -> (Option<ModuleHost>, Reply) {
        let mut module = Module::new(Arc::new(|_: &str| {}));
        let now_ms = 1_800_000_000_000;
        let reply = module_reply(
            &mut module,
            json!({"op": "table_new", "id": "conformance", "game": body, "now_ms": now_ms}),
        );
        match reply {
            Ok(answer) => {
                let view = answer["view"].clone();
                let host = ModuleHost {
                    module,
                    table: answer["table"].clone(),
                    now_ms,
                    last: view.clone(),
                };
                (Some(host), Ok(view))
            }
            Err(e) => (None, Err(e)),
        }
    }

    fn command(&mut self, command: Value) -> Result<Value, (String, String)> {
        // Every step takes a millisecond of the table's time.
        self.now_ms += 1;
        let request = json!({
            "op": "table_command", "table": self.table, "command": command, "now_ms": self.now_ms
        });
        let answer = module_reply(&mut self.module, request)?;
        if let Some(refused) = answer.get("refused").filter(|r| !r.is_null()) {
            return Err((
                refused["code"].as_str().unwrap_or("?").to_string(),
                refused["message"].as_str().unwrap_or("?").to_string(),
            ));
        }
        Ok(answer)
    }

    /// `server_view` is the server's view after the same step (the computer's move).
    fn act(&mut self, act: &Act, server_view: Option<&Value>) -> Reply {
        let reply = match act {
            Act::Move(token, ply) => {
                let mut c = json!({ "command": "move", "token": token });
                if let Some(p) = ply {
                    c["ply"] = json!(p);
                }
                self.command(c).map(|a| a["view"].clone())
            }
            Act::Nth(n) => {
                let token = nth_token(&self.last, *n);
                let ply = self.last["ply"].as_u64();
                return self.act(&Act::Move(token, ply), server_view);
            }
            Act::TakeBack => self
                .command(json!({ "command": "take_back" }))
                .map(|a| a["view"].clone()),
            Act::Draw => {
                let r = self.command(json!({ "command": "offer_draw" }));
                return r.map(|a| {
                    self.last = a["view"].clone();
                    json!({ "accepted": a["draw_accepted"], "game": a["view"] })
                });
            }
            Act::Resign(side) => {
                let mut c = json!({ "command": "resign" });
                if let Some(s) = side {
                    c["side"] = json!(s);
                }
                self.command(c).map(|a| a["view"].clone())
            }
            Act::Position(ply) => {
                return module_reply(
                    &mut self.module,
                    json!({"op": "table_position", "table": self.table, "ply": ply}),
                )
            }
            Act::Computer => {
                let server_view = server_view.expect("the server's view after its computer moved");
                let ply = self.last["ply"].as_u64().unwrap();
                let entry = &server_view["history"][ply as usize];
                let pawns = entry["eval"].as_f64().unwrap_or(0.0);
                let mover_is_white = entry["side"] == "white";
                // The server's score was the mover's; its view shows pawns for White.
                let for_mover = if mover_is_white { pawns } else { -pawns };
                let score = json!({ "cp": (for_mover * 100.0).round() as i64 });
                self.command(json!({
                    "command": "computer_move",
                    "ply": ply,
                    "token": entry["token"],
                    "score": score,
                    "depth": entry["eval_depth"].as_u64().unwrap_or(1),
                }))
                .map(|a| a["view"].clone())
            }
            Act::Flag => {
                // Past any clock's end.
                self.now_ms += 24 * 3_600_000;
                self.command(json!({ "command": "wake" }))
                    .map(|a| a["view"].clone())
            }
        };
        if let Ok(v) = &reply {
            self.last = v.clone();
        }
        reply
    }
}

/// The `n`-th legal move's token (modulo their number); when the view offers none (the
/// game is over, or it is not a person's turn), the first move of the history, so that
/// the request is a real move the host must refuse.
fn nth_token(view: &Value, n: usize) -> String {
    let moves = view["legal_moves"].as_array().expect("legal moves");
    let pick = if moves.is_empty() {
        &view["history"][0]["token"]
    } else {
        &moves[n % moves.len()]["token"]
    };
    pick.as_str().unwrap_or("a1a2").to_string()
}

/// What the comparison leaves out (see the module's comment).
fn comparable(v: &Value) -> Value {
    let mut v = v.clone();
    if let Some(o) = v.as_object_mut() {
        o.remove("id");
        o.remove("watchers");
        o.remove("invite");
        if let Some(c) = o.get_mut("clocks").and_then(Value::as_object_mut) {
            c.remove("white_ms");
            c.remove("black_ms");
        }
        if let Some(g) = o.get_mut("game") {
            *g = comparable(g);
        }
        // A quick evaluation is the host's engine's (the server's own search, the
        // browser's worker) and arrives when it is done; the table only records it.
        // The computer's own evaluation is compared.
        if let Some(history) = o.get_mut("history").and_then(Value::as_array_mut) {
            for item in history.iter_mut().filter_map(Value::as_object_mut) {
                if item.get("eval_source") != Some(&json!("computer")) {
                    for k in ["eval", "eval_source", "eval_depth"] {
                        item.remove(k);
                    }
                }
            }
        }
    }
    v
}

/// Plays `script` on a fresh game made from `new_game` through both hosts and compares
/// every answer.
fn conform(server: &Server, name: &str, new_game: Value, script: &[Act]) {
    let (server_host, server_reply) = ServerHost::create(server, &new_game);
    let (module_host, module_reply) = ModuleHost::create(&new_game);
    same(name, "new game", &server_reply, &module_reply);
    let (Some(mut s), Some(mut m)) = (server_host, module_host) else {
        return;
    };
    for (i, act) in script.iter().enumerate() {
        let sr = s.act(act);
        let mr = m.act(act, sr.as_ref().ok());
        same(name, &format!("step {} ({act:?})", i + 1), &sr, &mr);
    }
}

fn same(name: &str, step: &str, server: &Reply, module: &Reply) {
    match (server, module) {
        (Ok(a), Ok(b)) => {
            let (a, b) = (comparable(a), comparable(b));
            if a != b {
                panic!(
                    "{name}, {step}: the views differ\n{}",
                    first_difference(&a, &b, String::new())
                        .unwrap_or_else(|| "(no difference found)".into())
                );
            }
        }
        (Err(a), Err(b)) => assert_eq!(a, b, "{name}, {step}: the refusals differ"),
        _ => panic!(
            "{name}, {step}: server answered {}, module {}",
            brief(server),
            brief(module)
        ),
    }
}

/// A reply in a few words: a refusal whole, a view by its ply and result.
fn brief(r: &Reply) -> String {
    match r {
        Ok(v) => format!("a view (ply {}, result {})", v["ply"], v["result"]),
        Err((code, message)) => format!("{code}: {message}"),
    }
}

/// The path and values of the first place two JSON values differ.
fn first_difference(a: &Value, b: &Value, path: String) -> Option<String> {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            let mut keys: Vec<&String> = x.keys().chain(y.keys()).collect();
            keys.sort();
            keys.dedup();
            keys.into_iter().find_map(|k| {
                let (p, q) = (x.get(k), y.get(k));
                match (p, q) {
                    (Some(p), Some(q)) => first_difference(p, q, format!("{path}.{k}")),
                    _ => Some(format!("{path}.{k}: server {p:?}, module {q:?}")),
                }
            })
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => x
            .iter()
            .zip(y)
            .enumerate()
            .find_map(|(i, (p, q))| first_difference(p, q, format!("{path}[{i}]"))),
        _ if a == b => None,
        _ => Some(format!("{path}: server {a}, module {b}")),
    }
}

fn local(setup: &Value) -> Value {
    let mut g = setup.clone();
    g["mode"] = json!("local");
    g
}

/// Every set-up: moves, take-backs, positions for review, a draw by agreement (local
/// play), then refusals after the end.
#[test]
fn every_setup_plays_the_same_through_server_and_module() {
    let server = Server::start(&[]);
    for setup in playable_setups(&server) {
        let name = format!("local {setup}");
        let script = [
            Act::Nth(0),
            Act::Nth(3),
            Act::Nth(7),
            Act::Position(2),
            Act::TakeBack,
            Act::TakeBack,
            Act::Nth(5),
            Act::Move("no-such-move".into(), None),
            Act::Nth(1),
            Act::Move("zz".into(), Some(0)),
            Act::Position(99),
            Act::Draw,
            Act::TakeBack,
            Act::Nth(0),
            Act::Resign(None),
        ];
        conform(&server, &name, local(&setup), &script);
    }
}

/// Against the computer: the computer's first move, the player's reply and the computer's,
/// a take-back of both, resignation for the computer's side refused, then the player's resignation.
#[test]
fn computer_games_keep_the_same_rules() {
    let server = Server::start(&[]);
    for variant in ["stacked", "trid", "quadlevel", "fourfold"] {
        let game = json!({ "variant": variant, "mode": "computer", "human": "black", "level": 1 });
        // (No move is sent while the computer thinks: the server's may already be made.)
        let script = [
            Act::Computer,
            Act::Nth(2),
            Act::Computer,
            Act::TakeBack,
            Act::Resign(Some("white")),
            Act::Resign(None),
            Act::Nth(0),
            Act::TakeBack,
        ];
        conform(&server, &format!("computer {variant}"), game, &script);
    }
}

/// Mate (a lesson's mate in one, played), then every request after the end refused alike.
#[test]
fn mate_ends_the_game_alike() {
    let server = Server::start(&[]);
    let mut played = 0;
    for lesson in rules::lessons::all() {
        if lesson.goal != rules::lessons::Goal::Mate(1) {
            continue;
        }
        let setup = lesson.setup().unwrap();
        let mut game = json!({
            "variant": setup.variant().id(),
            "mode": "local",
            "position": lesson.position,
        });
        if let Some(r) = setup.rules_if_any() {
            game["rules"] = json!(r.id());
        }
        let options = setup.options().ids();
        if !options.is_empty() {
            game["options"] = json!(options);
        }
        let script = [
            Act::Move(lesson.solution[0].to_string(), None),
            Act::Nth(0),
            Act::Draw,
            Act::Resign(None),
            Act::TakeBack,
            Act::Position(1),
        ];
        conform(&server, lesson.id, game, &script);
        played += 1;
    }
    assert!(played >= 4, "only {played} mate-in-one lessons");
}

/// Threefold repetition: a knight out and back by both sides, twice.
#[test]
fn threefold_repetition_ends_the_game_alike() {
    let server = Server::start(&[]);
    let game = json!({ "variant": "stacked", "mode": "local" });
    // Out and back: the first knight move of each side, then its reverse.
    let start = server.create(game.clone());
    let knight = |view: &Value| -> Value {
        view["legal_moves"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| {
                m["piece"]
                    .as_str()
                    .is_some_and(|p| p.eq_ignore_ascii_case("n"))
            })
            .cloned()
            .unwrap()
    };
    let white_out = knight(&start);
    let after_white = server.play(
        start["id"].as_str().unwrap(),
        white_out["token"].as_str().unwrap(),
    );
    let black_out = knight(&after_white);
    let back = |m: &Value, view_after: &Value| -> String {
        view_after["legal_moves"]
            .as_array()
            .unwrap()
            .iter()
            .find(|n| n["from"] == m["to"] && n["to"] == m["from"])
            .and_then(|n| n["token"].as_str())
            .unwrap()
            .to_string()
    };
    let after_black = server.play(
        start["id"].as_str().unwrap(),
        black_out["token"].as_str().unwrap(),
    );
    let white_back = back(&white_out, &after_black);
    let after_white_back = server.play(start["id"].as_str().unwrap(), &white_back);
    let black_back = back(&black_out, &after_white_back);
    let tokens: Vec<String> = [
        white_out["token"].as_str().unwrap().to_string(),
        black_out["token"].as_str().unwrap().to_string(),
        white_back,
        black_back,
    ]
    .into();
    let mut script = Vec::new();
    for _ in 0..2 {
        for t in &tokens {
            script.push(Act::Move(t.clone(), None));
        }
    }
    script.extend([Act::Nth(0), Act::TakeBack, Act::Draw]);
    conform(&server, "threefold", game, &script);
}

/// A flag fall: both first moves are free, then White's clock (the server's shortest,
/// 6 s) runs out.
#[test]
fn a_flag_fall_ends_the_game_alike() {
    let server = Server::start(&[]);
    let game = json!({
        "variant": "fourfold", "mode": "local",
        "time_control": { "minutes": 0.1, "increment_seconds": 0 }
    });
    let script = [
        Act::Nth(0),
        Act::Nth(0),
        Act::Flag,
        Act::Nth(0),
        Act::TakeBack,
        Act::Resign(None),
    ];
    conform(&server, "flag", game, &script);
}

/// Requests refused before any game exists: bad set-ups, positions and time controls.
#[test]
fn bad_new_games_are_refused_alike() {
    let server = Server::start(&[]);
    let bad = [
        json!({ "variant": "nope", "mode": "local" }),
        json!({ "variant": "trid", "rules": "nope", "mode": "local" }),
        json!({ "variant": "stacked", "options": ["rook-pawns"], "mode": "local" }),
        json!({ "variant": "stacked", "mode": "local", "position": "x" }),
        json!({ "variant": "stacked", "mode": "nope" }),
        json!({ "variant": "stacked", "mode": "computer", "level": 99 }),
        json!({ "variant": "stacked", "mode": "local", "time_control": { "minutes": 0 } }),
        json!({ "variant": "stacked", "mode": "local", "human": "green" }),
    ];
    let mut differ = Vec::new();
    for game in bad {
        let (_, s) = ServerHost::create(&server, &game);
        let (_, m) = ModuleHost::create(&game);
        assert!(s.is_err(), "the server took {game}");
        if s != m {
            differ.push(format!(
                "{game}: server {}, module {}",
                brief(&s),
                brief(&m)
            ));
        }
    }
    assert!(differ.is_empty(), "refusals differ:\n{}", differ.join("\n"));
}
