//! Runs the real `spacechess` binary as a server on a free port with a temporary data
//! directory, and talks to it over plain HTTP/1.1.

#![allow(dead_code)]

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub struct Server {
    child: Child,
    pub addr: SocketAddr,
    /// The player id every request of [`Server::request`] carries as a bearer token.
    pub player: String,
    data: PathBuf,
    args: Vec<String>,
    _dir: Option<tempfile::TempDir>,
}

impl Server {
    /// Starts a server with extra command-line flags.
    pub fn start(extra: &[&str]) -> Server {
        let dir = tempfile::tempdir().expect("temp dir");
        let data = dir.path().to_path_buf();
        let args: Vec<String> = extra.iter().map(|s| s.to_string()).collect();
        let (child, addr) = spawn(&data, &args);
        Server {
            child,
            addr,
            player: new_player(),
            data,
            args,
            _dir: Some(dir),
        }
    }

    /// Kills the process (no clean shutdown) and starts a new one on the same data.
    pub fn restart(&mut self) {
        self.kill();
        let (child, addr) = spawn(&self.data, &self.args);
        self.child = child;
        self.addr = addr;
    }

    /// Like [`Server::restart`], with other command-line flags from now on.
    pub fn restart_with(&mut self, extra: &[&str]) {
        self.args = extra.iter().map(|s| s.to_string()).collect();
        self.restart();
    }

    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    pub fn data_dir(&self) -> &Path {
        &self.data
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Sends SIGTERM and waits (at most `limit`) for the process to end; its exit status,
    /// or `None` if it was still running (it is then killed).
    pub fn terminate(&mut self, limit: Duration) -> Option<std::process::ExitStatus> {
        let _ = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status();
        let deadline = Instant::now() + limit;
        while Instant::now() < deadline {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Some(status);
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        self.kill();
        None
    }

    /// A request as this test's player.
    pub fn request(&self, method: &str, path: &str, body: Option<&str>) -> Response {
        self.request_as(&self.player, method, path, body)
    }

    /// A request as another player.
    pub fn request_as(
        &self,
        player: &str,
        method: &str,
        path: &str,
        body: Option<&str>,
    ) -> Response {
        let auth = format!("Bearer {player}");
        request_with(self.addr, method, path, body, &[("Authorization", &auth)])
    }

    pub fn post_as(&self, player: &str, path: &str, body: Value) -> Response {
        self.request_as(player, "POST", path, Some(&body.to_string()))
    }

    pub fn get(&self, path: &str) -> Response {
        self.request("GET", path, None)
    }

    pub fn post(&self, path: &str, body: Value) -> Response {
        self.request("POST", path, Some(&body.to_string()))
    }

    /// Creates a game and returns its view; panics unless 201.
    pub fn create(&self, new_game: Value) -> Value {
        let r = self.post("/api/games", new_game);
        assert_eq!(r.status, 201, "create failed: {}", r.body);
        r.json()
    }

    pub fn game(&self, id: &str) -> Value {
        let r = self.get(&format!("/api/games/{id}"));
        assert_eq!(r.status, 200, "{}", r.body);
        r.json()
    }

    /// Plays a move; panics unless 200.
    pub fn play(&self, id: &str, token: &str) -> Value {
        let r = self.post(&format!("/api/games/{id}/moves"), json!({ "move": token }));
        assert_eq!(r.status, 200, "move {token} failed: {}", r.body);
        r.json()
    }

    /// Waits until the computer has moved (it is no longer thinking) and `ply` is reached.
    pub fn wait_for_ply(&self, id: &str, ply: u64) -> Value {
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let g = self.game(id);
            if g["ply"].as_u64() >= Some(ply) && g["computer_thinking"] == json!(false) {
                return g;
            }
            assert!(Instant::now() < deadline, "ply {ply} never reached: {g}");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
    }
}

fn spawn(data: &Path, extra: &[String]) -> (Child, SocketAddr) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_spacechess"));
    cmd.args(["serve", "--port", "0"]);
    // A server given a PostgreSQL store keeps nothing in the data directory (and refuses
    // `--data` beside `--store`).
    if !extra.iter().any(|a| a == "--store") {
        cmd.arg("--data").arg(data);
    }
    let mut child = cmd
        .args(extra)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("start the server");
    let stdout = child.stdout.take().expect("stdout");
    let mut line = String::new();
    BufReader::new(stdout)
        .read_line(&mut line)
        .expect("read the address");
    let addr = line
        .trim()
        .strip_prefix("spacechess: open http://")
        .and_then(|s| s.strip_suffix('/'))
        .unwrap_or_else(|| panic!("unexpected first line {line:?}"))
        .parse()
        .expect("an address");
    (child, addr)
}

pub struct Response {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Response {
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.body))
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// The error code of an error body.
    pub fn code(&self) -> String {
        self.json()["error"]["code"]
            .as_str()
            .unwrap_or("")
            .to_string()
    }
}

/// A fresh player id (any 32 hexadecimal digits the client keeps to itself).
pub fn new_player() -> String {
    use std::collections::hash_map::RandomState;
    use std::hash::{BuildHasher, Hasher};
    (0..2)
        .map(|i| {
            let mut h = RandomState::new().build_hasher();
            h.write_u32(i);
            h.write_u128(
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.as_nanos()),
            );
            format!("{:016x}", h.finish())
        })
        .collect()
}

/// One request on a fresh connection (`Connection: close`), without a player id.
pub fn request(addr: SocketAddr, method: &str, path: &str, body: Option<&str>) -> Response {
    request_with(addr, method, path, body, &[])
}

/// One request with extra headers (they replace the default `Host` when they name it).
pub fn request_with(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&str>,
    headers: &[(&str, &str)],
) -> Response {
    let mut s = TcpStream::connect(addr).expect("connect");
    s.set_read_timeout(Some(Duration::from_secs(60))).ok();
    let body = body.unwrap_or("");
    let mut extra = String::new();
    if !headers.iter().any(|(k, _)| k.eq_ignore_ascii_case("host")) {
        extra.push_str("Host: localhost\r\n");
    }
    for (k, v) in headers {
        extra.push_str(&format!("{k}: {v}\r\n"));
    }
    let head = format!(
        "{method} {path} HTTP/1.1\r\n{extra}Connection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    s.write_all(head.as_bytes()).expect("write");
    // A server may refuse an oversized body before reading it all.
    let _ = s.write_all(body.as_bytes());
    let mut raw = Vec::new();
    let _ = s.read_to_end(&mut raw);
    let text = String::from_utf8_lossy(&raw).to_string();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let mut lines = head.lines();
    let status = lines
        .next()
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no status line in {text:?}"));
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
        .collect();
    let chunked = headers
        .iter()
        .any(|(k, v)| k.eq_ignore_ascii_case("transfer-encoding") && v.contains("chunked"));
    let body = if chunked {
        dechunk(body)
    } else {
        body.to_string()
    };
    Response {
        status,
        headers,
        body,
    }
}

fn dechunk(mut s: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = s.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if n == 0 || rest.len() < n {
            break;
        }
        out.push_str(&rest[..n]);
        s = rest[n..].trim_start_matches("\r\n");
    }
    out
}

/// The first legal move's token.
pub fn first_move(game: &Value) -> String {
    game["legal_moves"][0]["token"]
        .as_str()
        .unwrap_or_else(|| panic!("no legal move in {game}"))
        .to_string()
}

/// The variants, rule sets and options the server can play now.
pub fn playable_setups(server: &Server) -> Vec<Value> {
    let v = server.get("/api/variants").json();
    let mut out = Vec::new();
    for variant in v["variants"].as_array().expect("variants") {
        let id = variant["id"].clone();
        let rules = variant["rules"].as_array().cloned().unwrap_or_default();
        if rules.is_empty() {
            out.push(json!({ "variant": id }));
        } else {
            for r in rules {
                out.push(json!({ "variant": id, "rules": r["id"] }));
            }
        }
        for o in variant["options"].as_array().cloned().unwrap_or_default() {
            let applies = o["rules"].as_array().cloned().unwrap_or_default();
            if applies.is_empty() {
                out.push(json!({ "variant": id, "options": [o["id"]] }));
            } else {
                for r in applies {
                    out.push(json!({ "variant": id, "rules": r, "options": [o["id"]] }));
                }
            }
        }
    }
    out
}
