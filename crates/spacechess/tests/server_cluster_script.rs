//! `scripts/cluster` (docs/deploy.md, "A local cluster"): PostgreSQL, two instances over
//! one database in it and HAProxy in front of them, started with this build's binary. A
//! game created through the proxy is read back through it and from both instances; after
//! SIGTERM the script ends, and with it every process it started (the PostgreSQL server,
//! which is not its child, included), each port and its temporary directory. Skipped,
//! with a notice, only when PostgreSQL or HAProxy is not installed.

mod server_common;

use serde_json::{json, Value};
use server_common::{new_player, request_with, Response};
use std::collections::{BTreeMap, BTreeSet};
use std::io::{BufRead, BufReader};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Why the test cannot run here, if it cannot: the same look-up as the script's.
fn missing_prerequisite() -> Option<String> {
    let has_initdb = |dir: &Path| dir.join("initdb").is_file() && dir.join("pg_ctl").is_file();
    let postgres = match std::env::var_os("PG_BIN") {
        Some(dir) => has_initdb(Path::new(&dir)),
        None => {
            std::fs::read_dir("/usr/lib/postgresql")
                .into_iter()
                .flatten()
                .flatten()
                .any(|e| has_initdb(&e.path().join("bin")))
                || on_path("initdb")
        }
    };
    if !postgres {
        return Some("PostgreSQL is not installed (apt-get install postgresql)".into());
    }
    if !on_path("haproxy") {
        return Some("HAProxy is not installed (apt-get install haproxy)".into());
    }
    None
}

fn on_path(program: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|path| std::env::split_paths(&path).any(|dir| dir.join(program).is_file()))
}

/// What the script printed once the proxy answered.
struct Printed {
    proxy: SocketAddr,
    instances: Vec<SocketAddr>,
    database_port: u16,
    files: PathBuf,
}

/// The running script; dropping it (a failed assertion) stops it as a user would.
struct Cluster {
    child: Child,
}

impl Cluster {
    fn start() -> (Cluster, Printed) {
        let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../../scripts/cluster");
        let mut child = Command::new(script)
            .args(["--bin", env!("CARGO_BIN_EXE_spacechess"), "--port", "0"])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("run scripts/cluster");
        let stdout = child.stdout.take().expect("stdout");
        let cluster = Cluster { child };
        // The lines arrive through a thread so that a script that never prints fails
        // the test in bounded time.
        let (send, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        let deadline = Instant::now() + Duration::from_secs(180);
        let mut fields = BTreeMap::new();
        while !fields.contains_key("files") {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = lines
                .recv_timeout(left)
                .unwrap_or_else(|e| panic!("the cluster did not come up ({e}): {fields:?}"));
            let line = line.trim();
            if let Some(url) = line.strip_prefix("spacechess cluster: open ") {
                fields.insert("proxy".to_string(), url.to_string());
            } else if let Some((name, value)) = line.split_once(':') {
                fields.insert(name.to_string(), value.trim().to_string());
            }
        }
        let field = |name: &str| {
            fields
                .get(name)
                .unwrap_or_else(|| panic!("no {name} line: {fields:?}"))
        };
        let addr = |name: &str| -> SocketAddr {
            let url = field(name);
            url.strip_prefix("http://")
                .and_then(|s| s.strip_suffix('/'))
                .and_then(|s| s.parse().ok())
                .unwrap_or_else(|| panic!("{name}: not an http address: {url}"))
        };
        let database = field("database");
        let database_port = database
            .strip_prefix("postgres://postgres@127.0.0.1:")
            .and_then(|s| s.strip_suffix("/spacechess"))
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("database: unexpected address {database}"));
        let files = field("files");
        let files = PathBuf::from(files.split(' ').next().unwrap_or_default());
        let printed = Printed {
            proxy: addr("proxy"),
            instances: vec![addr("instance a"), addr("instance b")],
            database_port,
            files,
        };
        (cluster, printed)
    }

    /// Sends SIGTERM and waits (at most `limit`) for the script to end.
    fn terminate(&mut self, limit: Duration) -> Option<ExitStatus> {
        let _ = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status();
        let deadline = Instant::now() + limit;
        while Instant::now() < deadline {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Some(status);
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        None
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        if matches!(self.child.try_wait(), Ok(None))
            && self.terminate(Duration::from_secs(60)).is_none()
        {
            let _ = self.child.kill();
        }
    }
}

/// A live process: its parent and its command line (empty for a kernel thread).
struct Process {
    parent: u32,
    command: String,
}

/// Every process's parent and command line; zombies (already ended) left out.
fn processes() -> BTreeMap<u32, Process> {
    let mut all = BTreeMap::new();
    for entry in std::fs::read_dir("/proc").expect("/proc").flatten() {
        let Some(pid) = entry.file_name().to_str().and_then(|s| s.parse().ok()) else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else {
            continue;
        };
        // "pid (name) state ppid ...": the name may hold spaces and parentheses.
        let Some(rest) = stat.rsplit_once(')').map(|(_, rest)| rest) else {
            continue;
        };
        let mut fields = rest.split_whitespace();
        let state = fields.next().unwrap_or("");
        let Some(parent) = fields.next().and_then(|s| s.parse().ok()) else {
            continue;
        };
        if state == "Z" || state == "X" {
            continue;
        }
        let command = std::fs::read(entry.path().join("cmdline"))
            .map(|b| String::from_utf8_lossy(&b).replace('\0', " "))
            .unwrap_or_default();
        all.insert(pid, Process { parent, command });
    }
    all
}

/// The script's descendants and the PostgreSQL server's processes (started by pg_ctl,
/// which leaves them to init), with their command lines.
fn cluster_processes(script: u32, files: &Path) -> BTreeMap<u32, String> {
    let all = processes();
    let files = files.to_string_lossy();
    let mut found: BTreeSet<u32> = all
        .iter()
        .filter(|(pid, p)| **pid == script || p.command.contains(files.as_ref()))
        .map(|(pid, _)| *pid)
        .collect();
    // Descendants, to a fixed point (a forked backend's command line is its own).
    loop {
        let more: Vec<u32> = all
            .iter()
            .filter(|(pid, p)| found.contains(&p.parent) && !found.contains(pid))
            .map(|(pid, _)| *pid)
            .collect();
        if more.is_empty() {
            break;
        }
        found.extend(more);
    }
    found
        .into_iter()
        .map(|pid| (pid, all[&pid].command.clone()))
        .collect()
}

fn assert_status(r: &Response, status: u16) {
    assert_eq!(r.status, status, "{}", r.body);
}

fn get_game(addr: SocketAddr, player: &str, id: &str) -> Value {
    let auth = format!("Bearer {player}");
    let r = request_with(
        addr,
        "GET",
        &format!("/api/games/{id}"),
        None,
        &[("Authorization", &auth)],
    );
    assert_status(&r, 200);
    r.json()
}

#[test]
fn the_cluster_serves_through_haproxy_and_stops_every_process() {
    if let Some(reason) = missing_prerequisite() {
        eprintln!("{reason}: the test of scripts/cluster is skipped");
        return;
    }
    let (mut cluster, printed) = Cluster::start();
    let script = cluster.child.id();

    // A game created through the proxy, read back through it and from each instance
    // (one database: the instance that did not create it loads it from the store).
    let player = new_player();
    let auth = format!("Bearer {player}");
    let body = json!({ "variant": "quadlevel", "mode": "local" }).to_string();
    let r = request_with(
        printed.proxy,
        "POST",
        "/api/games",
        Some(&body),
        &[("Authorization", &auth)],
    );
    assert_status(&r, 201);
    let created = r.json();
    let id = created["id"].as_str().expect("an id").to_string();
    let read = get_game(printed.proxy, &player, &id);
    assert_eq!(read["id"], created["id"]);
    assert_eq!(read["variant"], "quadlevel");
    assert_eq!(read["position"], created["position"]);
    for instance in &printed.instances {
        assert_eq!(get_game(*instance, &player, &id)["id"], created["id"]);
    }

    let running = cluster_processes(script, &printed.files);
    let count = |needle: &str| running.values().filter(|c| c.contains(needle)).count();
    assert_eq!(count("spacechess serve"), 2, "{running:#?}");
    assert_eq!(count("haproxy "), 1, "{running:#?}");
    assert_eq!(count("bin/postgres "), 1, "{running:#?}");

    // One instance killed: the cluster goes on, and the game answers through the proxy
    // from the other (the health check takes the dead one out; a refused connection is
    // sent to the other at once).
    let victim = *running
        .iter()
        .find(|(_, c)| c.contains("spacechess serve"))
        .expect("an instance")
        .0;
    let killed = Command::new("kill")
        .args(["-9", &victim.to_string()])
        .status()
        .expect("kill");
    assert!(killed.success());
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let auth = format!("Bearer {player}");
        let r = request_with(
            printed.proxy,
            "GET",
            &format!("/api/games/{id}"),
            None,
            &[("Authorization", &auth)],
        );
        if r.status == 200 {
            assert_eq!(r.json()["id"], created["id"]);
            break;
        }
        assert!(
            Instant::now() < deadline,
            "no answer through the proxy 10 s after an instance was killed: {} {}",
            r.status,
            r.body
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    assert!(
        cluster
            .child
            .try_wait()
            .expect("the script's status")
            .is_none(),
        "the script stopped when one instance died"
    );

    let status = cluster
        .terminate(Duration::from_secs(60))
        .expect("the script did not end within 60 s of SIGTERM");
    assert!(status.success(), "the script ended with {status}");
    // The script waits for what it stops; allow the kernel a moment to reap.
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let all = processes();
        let left: Vec<_> = running
            .iter()
            .filter(|(pid, command)| all.get(*pid).is_some_and(|p| p.command == **command))
            .collect();
        if left.is_empty() {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "still running after the script ended: {left:#?}"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    let ports = [
        printed.proxy,
        printed.instances[0],
        printed.instances[1],
        SocketAddr::from(([127, 0, 0, 1], printed.database_port)),
    ];
    for addr in ports {
        assert!(
            TcpStream::connect_timeout(&addr, Duration::from_secs(2)).is_err(),
            "{addr} still answers"
        );
    }
    assert!(
        !printed.files.exists(),
        "{} was not removed",
        printed.files.display()
    );
}
