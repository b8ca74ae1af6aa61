//! `serve --store postgres://…`: the real binary over a throwaway PostgreSQL cluster. A
//! killed server started again on the same database has every acknowledged move; servers
//! starting together on an empty database migrate it once, without error; a bad or
//! unreachable address, or `--store` beside `--data`, stops the start with a clear
//! message. Without PostgreSQL installed the tests that need it print a notice and pass.

mod pg_cluster;
mod server_common;

use serde_json::{json, Value};
use server_common::{first_move, Server};
use std::process::{Command, Stdio};

fn tokens(g: &Value) -> Vec<Value> {
    g["history"]
        .as_array()
        .unwrap_or_else(|| panic!("no history in {g}"))
        .iter()
        .map(|m| m["token"].clone())
        .collect()
}

#[test]
fn a_killed_server_over_postgres_keeps_every_acknowledged_move() {
    let Some(url) = pg_cluster::fresh_database() else {
        return;
    };
    let mut s = Server::start(&["--store", &url]);
    let mut g = s.create(json!({ "variant": "quadlevel", "mode": "local",
        "time_control": { "minutes": 30, "increment_seconds": 2 } }));
    let id = g["id"].as_str().unwrap().to_string();
    for _ in 0..5 {
        g = s.play(&id, &first_move(&g));
    }
    let resigned = s.create(json!({ "variant": "stacked", "mode": "local" }));
    let resigned_id = resigned["id"].as_str().unwrap().to_string();
    let r = s.post(&format!("/api/games/{resigned_id}/resign"), json!({}));
    assert_eq!(r.status, 200, "{}", r.body);

    s.restart();
    let after = s.game(&id);
    assert_eq!(after["ply"], 5);
    assert_eq!(after["position"], g["position"]);
    assert_eq!(tokens(&after), tokens(&g));
    assert_eq!(after["turn"], "black");
    assert_eq!(after["clocks"]["running"], "black");
    let done = s.game(&resigned_id);
    assert_ne!(
        done["result"],
        Value::Null,
        "the resignation was lost: {done}"
    );
    // Play goes on after the restart, and is stored too.
    let next = s.play(&id, &first_move(&after));
    assert_eq!(next["ply"], 6);
    s.restart();
    assert_eq!(tokens(&s.game(&id)), tokens(&next));
}

#[test]
fn servers_starting_together_on_an_empty_database_migrate_it_once() {
    let Some(url) = pg_cluster::fresh_database() else {
        return;
    };
    // Each start reads the address line, which is printed only after the store opened:
    // a failed migration would end the process before it (and fail `Server::start`).
    let starts: Vec<_> = (0..2)
        .map(|_| {
            let url = url.clone();
            std::thread::spawn(move || Server::start(&["--store", &url]))
        })
        .collect();
    let servers: Vec<Server> = starts
        .into_iter()
        .map(|t| t.join().expect("a server did not start"))
        .collect();
    // One database: a game created through one is read back through the other (which
    // had never seen it, so it loads it from the store).
    let g = servers[0].create(json!({ "variant": "stacked", "mode": "local" }));
    let id = g["id"].as_str().unwrap();
    let g = servers[0].play(id, &first_move(&g));
    let seen = servers[1].game(id);
    assert_eq!(seen["ply"], 1);
    assert_eq!(tokens(&seen), tokens(&g));
}

/// Runs `serve` with `args` to its end (it must end: none of these can start); its exit
/// code and what it wrote on stderr.
fn failed_start(args: &[&str]) -> (Option<i32>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_spacechess"))
        .args(["serve", "--port", "0"])
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("run the server");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(!stdout.contains("open http"), "it started: {stdout}");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn an_unreachable_database_stops_the_start_with_its_address() {
    // Port 1 on loopback: nothing listens there, so the connection is refused at once.
    let url = "postgres://chess:secret@127.0.0.1:1/games";
    let (code, err) = failed_start(&["--store", url]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("cannot open the PostgreSQL store postgres://chess:***@127.0.0.1:1/games"),
        "{err}"
    );
    assert!(!err.contains("secret"), "the password was printed: {err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn a_bad_store_address_stops_the_start() {
    let (code, err) = failed_start(&["--store", "postgres://127.0.0.1:notaport/games"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("postgres://127.0.0.1:notaport/games"), "{err}");
    assert!(err.contains("bad PostgreSQL address"), "{err}");
    assert!(!err.contains("panicked"), "{err}");

    let (code, err) = failed_start(&["--store", "/var/lib/games.sqlite"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("not a PostgreSQL address"), "{err}");
}

#[test]
fn store_and_data_cannot_be_given_together() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().to_str().unwrap();
    let (code, err) = failed_start(&["--data", data, "--store", "postgres://db/games"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("--store") && err.contains("--data"), "{err}");
    assert!(err.contains("cannot be used with"), "{err}");
    // Nothing was created in the data directory.
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

#[test]
fn serve_help_documents_the_store() {
    let out = Command::new(env!("CARGO_BIN_EXE_spacechess"))
        .args(["serve", "--help"])
        .output()
        .expect("run the help");
    let help = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{help}");
    assert!(help.contains("--store <URL>"), "{help}");
    assert!(help.contains("PostgreSQL"), "{help}");
}
