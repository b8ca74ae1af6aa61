//! Several instances over one PostgreSQL database (`serve --store postgres://…`), as real
//! processes over a throwaway cluster: a change made through one instance reaches the
//! sockets of another; the same ply sent to two instances at once is played once; moves
//! sent to any instance are all kept; a killed instance's games go on elsewhere (the
//! sockets, the computer's search, the flag, the first-move abort); a lost change feed
//! comes back and catches up. Every wait has a deadline; the failover times are printed
//! (`--nocapture`). Without PostgreSQL installed every test prints a notice and passes.

mod pg_cluster;
mod server_common;

use serde_json::{json, Value};
use server_common::{new_player, Response, Server};
use std::net::TcpStream;
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::{self, client::IntoClientRequest, Message, WebSocket};

/// How long a lease lives after its last renewal, and how often instances sweep for
/// expired ones (server/cluster.rs): the longest a dead instance's game waits.
const LEASE: Duration = Duration::from_secs(3);
const SWEEP: Duration = Duration::from_millis(250);

/// Two instances over one fresh database; `b` acts as the same player as `a`.
struct Pair {
    a: Server,
    b: Server,
    url: String,
}

fn pair(extra: &[&str]) -> Option<Pair> {
    let url = pg_cluster::fresh_database()?;
    let mut args = vec!["--store", url.as_str()];
    args.extend_from_slice(extra);
    let a = Server::start(&args);
    let mut b = Server::start(&args);
    b.player = a.player.clone();
    Some(Pair { a, b, url })
}

fn id_of(g: &Value) -> String {
    g["id"]
        .as_str()
        .unwrap_or_else(|| panic!("no id in {g}"))
        .to_string()
}

fn tokens(g: &Value) -> Vec<String> {
    g["history"]
        .as_array()
        .unwrap_or_else(|| panic!("no history in {g}"))
        .iter()
        .map(|m| m["token"].as_str().unwrap_or_default().to_string())
        .collect()
}

fn legal(g: &Value) -> Vec<String> {
    g["legal_moves"]
        .as_array()
        .map(|moves| {
            moves
                .iter()
                .filter_map(|m| m["token"].as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

fn ply(g: &Value) -> u64 {
    g["ply"].as_u64().unwrap_or_else(|| panic!("no ply in {g}"))
}

fn move_at(s: &Server, id: &str, token: &str, at: u64) -> Response {
    s.post(
        &format!("/api/games/{id}/moves"),
        json!({ "move": token, "ply": at }),
    )
}

/// Polls `s` until its view of the game satisfies `done`; panics after `within`.
fn poll(s: &Server, id: &str, within: Duration, done: impl Fn(&Value) -> bool) -> Value {
    let deadline = Instant::now() + within;
    loop {
        let g = s.game(id);
        if done(&g) {
            return g;
        }
        assert!(Instant::now() < deadline, "not reached in {within:?}: {g}");
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// A small deterministic generator (xorshift64*): the seed is printed, so a failing
/// run can be replayed.
struct Rng(u64);

impl Rng {
    fn seeded() -> Rng {
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64)
            | 1;
        println!("random seed {seed}");
        Rng(seed)
    }

    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

// ----- WebSockets (blocking, with deadlines) -----

struct Socket(WebSocket<TcpStream>);

/// The server's player's own socket on the game.
fn connect(s: &Server, id: &str) -> Socket {
    connect_as(s, id, &s.player)
}

/// `player`'s socket on the game.
fn connect_as(s: &Server, id: &str, player: &str) -> Socket {
    let mut req = format!("ws://{}/api/games/{id}/ws", s.addr)
        .into_client_request()
        .expect("a request");
    req.headers_mut().insert(
        "Authorization",
        format!("Bearer {player}").parse().expect("a header"),
    );
    let stream = TcpStream::connect(s.addr).expect("connect");
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .expect("a timeout");
    let (socket, _) = tungstenite::client(req, stream).expect("the socket opens");
    Socket(socket)
}

impl Socket {
    /// The next JSON message before `deadline`, or `None` once it passed.
    fn next_before(&mut self, deadline: Instant) -> Option<Value> {
        loop {
            let left = deadline.checked_duration_since(Instant::now())?;
            self.0
                .get_ref()
                .set_read_timeout(Some(left.max(Duration::from_millis(1))))
                .expect("a timeout");
            match self.0.read() {
                Ok(Message::Text(t)) => return Some(serde_json::from_str(&t).expect("JSON")),
                Ok(_) => {}
                Err(tungstenite::Error::Io(e))
                    if matches!(
                        e.kind(),
                        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                    ) => {}
                Err(e) => panic!("the socket failed: {e}"),
            }
        }
    }

    /// Reads until a message satisfies `done` (returned with when it arrived), or
    /// panics after `within` naming what came instead.
    fn wait_for(&mut self, within: Duration, done: impl Fn(&Value) -> bool) -> (Value, Instant) {
        let deadline = Instant::now() + within;
        let mut seen = Vec::new();
        while let Some(m) = self.next_before(deadline) {
            if done(&m) {
                return (m, Instant::now());
            }
            seen.push(m);
        }
        panic!("nothing matching in {within:?}; seen: {seen:?}");
    }
}

fn is_state_at(m: &Value, at: u64) -> bool {
    matches!(m["type"].as_str(), Some("state" | "update")) && m["game"]["ply"] == at
}

// ----- The database, read directly -----

/// Runs `statement` (no parameters) at `url`; each row's columns as text.
fn sql(url: &str, statement: &str) -> Vec<Vec<Option<String>>> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    runtime.block_on(async {
        let (client, connection) = tokio_postgres::connect(url, tokio_postgres::NoTls)
            .await
            .unwrap_or_else(|e| panic!("cannot connect to {url}: {e}"));
        tokio::spawn(connection);
        let messages = client
            .simple_query(statement)
            .await
            .unwrap_or_else(|e| panic!("{statement}: {e}"));
        messages
            .into_iter()
            .filter_map(|m| match m {
                tokio_postgres::SimpleQueryMessage::Row(r) => {
                    Some((0..r.len()).map(|i| r.get(i).map(str::to_string)).collect())
                }
                _ => None,
            })
            .collect()
    })
}

/// The database's name in `url`, and the address of the cluster's `postgres` database
/// (for what cannot be done from inside the database itself).
fn database_of(url: &str) -> (String, String) {
    let (base, name) = url.rsplit_once('/').expect("a database in the address");
    (name.to_string(), format!("{base}/postgres"))
}

/// The stored moves of a game, by ply.
fn stored_moves(url: &str, id: &str) -> Vec<(u64, String)> {
    assert!(id
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'));
    sql(
        url,
        &format!("SELECT ply, token FROM moves WHERE game_id = '{id}' ORDER BY ply"),
    )
    .into_iter()
    .map(|r| {
        let ply = r[0].as_deref().and_then(|p| p.parse().ok()).expect("a ply");
        (ply, r[1].clone().expect("a token"))
    })
    .collect()
}

/// The stored plies are 0..n without gap or repetition, and the same moves as
/// `history`.
fn assert_stored_as(url: &str, id: &str, history: &[String]) {
    let stored = stored_moves(url, id);
    for (i, (p, _)) in stored.iter().enumerate() {
        assert_eq!(*p, i as u64, "game {id}: stored plies {stored:?}");
    }
    let stored: Vec<String> = stored.into_iter().map(|(_, t)| t).collect();
    assert_eq!(
        stored, history,
        "game {id}: the store and the history differ"
    );
}

/// The view of the instance that has seen more of the game.
fn freshest(p: &Pair, id: &str) -> Value {
    let (a, b) = (p.a.game(id), p.b.game(id));
    if ply(&b) > ply(&a) {
        b
    } else {
        a
    }
}

/// Both instances' views of the game once they agree (the feed may lag a little).
fn settled(p: &Pair, id: &str) -> Vec<String> {
    let from_a = p.a.game(id);
    let want = tokens(&from_a);
    let from_b = poll(&p.b, id, Duration::from_secs(3), |g| {
        tokens(g).len() == want.len()
    });
    assert_eq!(tokens(&from_b), want, "game {id}: A and B differ");
    want
}

// ----- 1. The feed -----

#[test]
fn a_move_through_one_instance_reaches_a_socket_on_the_other() {
    let Some(p) = pair(&[]) else {
        return;
    };
    let mut g = p.a.create(json!({ "variant": "stacked", "mode": "local" }));
    let id = id_of(&g);
    // B has the game in memory before the move.
    assert_eq!(ply(&p.b.game(&id)), 0);
    let mut socket = connect(&p.b, &id);
    socket.wait_for(Duration::from_secs(5), |m| m["type"] == "state");
    let mut worst = Duration::ZERO;
    for at in 0..5 {
        let sent = Instant::now();
        g = p.a.play(&id, &legal(&g)[0]);
        let (m, when) = socket.wait_for(Duration::from_secs(2), |m| is_state_at(m, at + 1));
        worst = worst.max(when - sent);
        let last = m["game"]["history"]
            .as_array()
            .and_then(|h| h.last())
            .expect("the update carries the new move");
        assert_eq!(
            last["token"].as_str(),
            tokens(&g).last().map(String::as_str)
        );
    }
    println!("a move through A reached B's socket within {worst:?} (worst of 5)");
    assert_eq!(tokens(&p.b.game(&id)), tokens(&g));
}

// ----- 2. Races -----

#[test]
fn the_same_ply_sent_to_both_instances_at_once_is_played_once() {
    let Some(p) = pair(&[]) else {
        return;
    };
    const RACES: usize = 500;
    let mut rng = Rng::seeded();
    let mut games = Vec::new();
    let (mut races, mut a_won) = (0, 0);
    // Races that did not end with one move played and the other refused (a 500 among
    // them): the test goes on, so that the store's state is checked all the same.
    let mut wrong = Vec::new();
    while races < RACES {
        let mut g = p.a.create(json!({ "variant": "stacked", "mode": "local" }));
        let id = id_of(&g);
        games.push(id.clone());
        // At most 100 plies a game, so that several games are raced.
        while races < RACES && ply(&g) < 100 {
            let moves = legal(&g);
            if moves.len() < 2 {
                break;
            }
            let at = ply(&g);
            // Both instances hold the game at this ply: the store decides the race, not
            // one instance's stale copy.
            for s in [&p.a, &p.b] {
                poll(s, &id, Duration::from_secs(2), |v| ply(v) == at);
            }
            let first = rng.below(moves.len());
            let second = (first + 1 + rng.below(moves.len() - 1)) % moves.len();
            let (ma, mb) = (&moves[first], &moves[second]);
            let barrier = std::sync::Barrier::new(2);
            let (ra, rb) = std::thread::scope(|s| {
                let ta = s.spawn(|| {
                    barrier.wait();
                    move_at(&p.a, &id, ma, at)
                });
                let tb = s.spawn(|| {
                    barrier.wait();
                    move_at(&p.b, &id, mb, at)
                });
                (ta.join().unwrap(), tb.join().unwrap())
            });
            races += 1;
            let race = format!("race {races} (game {id}, ply {at})");
            let (won, lost, token) = match (ra.status, rb.status) {
                (200, s) if s != 200 => (&ra, &rb, ma),
                (s, 200) if s != 200 => (&rb, &ra, mb),
                (x, y) => {
                    wrong.push(format!("{race}: {x} and {y}: {} / {}", ra.body, rb.body));
                    g = freshest(&p, &id);
                    continue;
                }
            };
            if ra.status == 200 {
                a_won += 1;
            }
            let view = won.json();
            assert_eq!(ply(&view), at + 1, "{race}: {}", won.body);
            assert_eq!(tokens(&view)[at as usize], *token, "{race}");
            let code = lost.code();
            if lost.status != 409 || !["not_your_turn", "game_over"].contains(&code.as_str()) {
                wrong.push(format!(
                    "{race}: the loser answered {} {}",
                    lost.status, lost.body
                ));
            }
            g = view;
        }
    }
    println!(
        "{RACES} races over {} games: A won {a_won}, B won {}, {} not as they should",
        games.len(),
        RACES - a_won - wrong.len(),
        wrong.len()
    );
    for id in &games {
        let history = settled(&p, id);
        assert_stored_as(&p.url, id, &history);
    }
    assert!(
        wrong.is_empty(),
        "{} races went wrong; the first: {:#?}",
        wrong.len(),
        &wrong[..wrong.len().min(5)]
    );
}

// ----- 3. Moves to any instance -----

/// What one client of [`moves_sent_to_random_instances_are_all_kept`] saw.
#[derive(Default)]
struct Client {
    /// (game, ply, token) of every move answered 200.
    played: Vec<(String, u64, String)>,
    /// Every other answer, retries included.
    refused: Vec<String>,
    /// Retries answered 200.
    retried: usize,
}

/// Plays `moves` moves in games of its own, each through A or B at random with the ply
/// it expects; every tenth answered move is sent again through the other instance, as
/// a client retries after a lost answer.
fn play_anywhere(p: &Pair, mut rng: Rng, moves: usize) -> Client {
    let mut c = Client::default();
    let mut g = Value::Null;
    while c.played.len() + c.refused.len() < moves {
        if legal(&g).is_empty() || ply(&g) >= 150 {
            g = p.a.create(json!({ "variant": "stacked", "mode": "local" }));
        }
        let id = id_of(&g);
        let legal = legal(&g);
        let token = &legal[rng.below(legal.len())];
        let at = ply(&g);
        let (via, other, name) = if rng.below(2) == 0 {
            (&p.a, &p.b, "A")
        } else {
            (&p.b, &p.a, "B")
        };
        let r = move_at(via, &id, token, at);
        if r.status != 200 {
            c.refused.push(format!(
                "game {id} ply {at} through {name}: {} {}",
                r.status, r.body
            ));
            g = freshest(p, &id);
            continue;
        }
        g = r.json();
        assert_eq!(ply(&g), at + 1, "{}", r.body);
        c.played.push((id.clone(), at, token.clone()));
        if c.played.len() % 10 == 0 {
            let again = move_at(other, &id, token, at);
            if again.status == 200 && ply(&again.json()) == at + 1 {
                c.retried += 1;
            } else {
                c.refused.push(format!(
                    "game {id} ply {at}, retried after {name}: {} {}",
                    again.status, again.body
                ));
            }
        }
    }
    c
}

#[test]
fn moves_sent_to_random_instances_are_all_kept() {
    let Some(p) = pair(&[]) else {
        return;
    };
    const MOVES: usize = 1000;
    const CLIENTS: u64 = 4;
    let seed = Rng::seeded().next();
    let clients: Vec<Client> = std::thread::scope(|s| {
        let threads: Vec<_> = (0..CLIENTS)
            .map(|t| {
                let rng = Rng(seed.wrapping_add(t * 0x9E37_79B9) | 1);
                let p = &p;
                s.spawn(move || play_anywhere(p, rng, MOVES / CLIENTS as usize))
            })
            .collect();
        threads.into_iter().map(|t| t.join().unwrap()).collect()
    });
    let played: Vec<&(String, u64, String)> = clients.iter().flat_map(|c| &c.played).collect();
    let refused: Vec<&String> = clients.iter().flat_map(|c| &c.refused).collect();
    let retried: usize = clients.iter().map(|c| c.retried).sum();
    println!(
        "{} moves answered 200, {} refused (retries included), {retried} retries answered 200",
        played.len(),
        refused.len()
    );
    let mut games: Vec<&String> = played.iter().map(|(id, _, _)| id).collect();
    games.sort();
    games.dedup();
    for id in games {
        let history = settled(&p, id);
        assert_stored_as(&p.url, id, &history);
        for (_, at, token) in played.iter().filter(|(g, _, _)| g == id) {
            assert_eq!(
                history.get(*at as usize),
                Some(token),
                "game {id}: the move answered at ply {at} is not in the history"
            );
        }
    }
    // A move sent with the ply the game is at is played by whichever instance gets it:
    // an instance whose copy lags re-reads the game rather than refusing.
    assert!(refused.is_empty(), "refused: {refused:#?}");
}

// ----- 4. Failover after kill -9 -----

#[test]
fn sockets_move_to_the_other_instance_when_theirs_is_killed() {
    let Some(mut p) = pair(&[]) else {
        return;
    };
    let mut g = p.a.create(json!({ "variant": "stacked", "mode": "local",
        "time_control": { "minutes": 30, "increment_seconds": 0 } }));
    let id = id_of(&g);
    let mut socket = connect(&p.a, &id);
    socket.wait_for(Duration::from_secs(5), |m| m["type"] == "state");
    for at in 0..4 {
        g = p.a.play(&id, &legal(&g)[0]);
        socket.wait_for(Duration::from_secs(2), |m| is_state_at(m, at + 1));
    }
    p.a.kill();
    let killed = Instant::now();
    // The client reconnects to the other instance and finds the game as it was.
    let mut socket = connect(&p.b, &id);
    let (state, _) = socket.wait_for(Duration::from_secs(5), |m| m["type"] == "state");
    assert_eq!(state["game"]["ply"], 4, "{state}");
    assert_eq!(tokens(&state["game"]), tokens(&g));
    assert_eq!(state["game"]["clocks"]["running"], "white", "{state}");
    // Play goes on there, and the socket hears it.
    let next = move_at(&p.b, &id, &legal(&state["game"])[0], 4);
    assert_eq!(next.status, 200, "{}", next.body);
    let (_, heard) = socket.wait_for(Duration::from_secs(2), |m| is_state_at(m, 5));
    println!(
        "after A was killed, a move through B reached B's socket {:?} later",
        heard - killed
    );
    let next = next.json();
    assert_eq!(next["result"], Value::Null, "{next}");
    assert_stored_as(&p.url, &id, &tokens(&next));
}

#[test]
fn the_computer_replies_from_the_other_instance_when_its_search_was_killed() {
    let Some(mut p) = pair(&[]) else {
        return;
    };
    // Level max with a one-minute clock: the search takes its share of the clock, a
    // hard bound of a third of 60 s / 30 × 3 = 6 s (engine::time::Budget::from_clock).
    const SEARCH_BOUND: Duration = Duration::from_secs(6);
    let g = p.a.create(
        json!({ "variant": "stacked", "mode": "computer", "human": "white",
        "level": "max", "time_control": { "minutes": 1, "increment_seconds": 0 } }),
    );
    let id = id_of(&g);
    let mut socket = connect(&p.b, &id);
    socket.wait_for(Duration::from_secs(5), |m| m["type"] == "state");
    let answer = p.a.play(&id, &legal(&g)[0]);
    assert_eq!(answer["computer_thinking"], true, "{answer}");
    p.a.kill();
    let killed = Instant::now();
    // B's socket hears only B's search: its first progress says B took the game over
    // (A's last renewal was at most a heartbeat before the kill).
    let slack = Duration::from_secs(2);
    let (_, took_over) = socket.wait_for(LEASE + SWEEP + slack, |m| m["type"] == "thinking");
    let within = LEASE + SWEEP + SEARCH_BOUND + slack;
    let (reply, when) = socket.wait_for(within - (took_over - killed), |m| {
        is_state_at(m, 2) && m["game"]["computer_thinking"] == false
    });
    println!(
        "B took the computer's search over {:?} after A was killed; its reply came {:?} \
         after the kill (bound {within:?})",
        took_over - killed,
        when - killed
    );
    let h = tokens(&reply["game"]);
    assert_eq!(
        reply["history_from"].as_u64().unwrap_or(0) as usize + h.len(),
        2
    );
    let seen = p.b.game(&id);
    assert_eq!(ply(&seen), 2);
    assert_eq!(seen["result"], Value::Null, "{seen}");
    assert_stored_as(&p.url, &id, &tokens(&seen));
    // The human plays on through B.
    let next = move_at(&p.b, &id, &legal(&seen)[0], 2);
    assert_eq!(next.status, 200, "{}", next.body);
}

#[test]
fn the_flag_falls_on_the_other_instance_when_the_clock_holder_is_killed() {
    let Some(mut p) = pair(&[]) else {
        return;
    };
    // Six seconds each: both first moves are free, then White's clock runs.
    let g = p.a.create(json!({ "variant": "stacked", "mode": "local",
        "time_control": { "minutes": 0.1, "increment_seconds": 0 } }));
    let id = id_of(&g);
    let g = p.a.play(&id, &legal(&g)[0]);
    let mut socket = connect(&p.b, &id);
    socket.wait_for(Duration::from_secs(5), |m| m["type"] == "state");
    let g = p.a.play(&id, &legal(&g)[0]);
    let answered = Instant::now();
    assert_eq!(g["clocks"]["running"], "white", "{g}");
    let left = g["clocks"]["white_ms"].as_u64().expect("White's time");
    assert!(left > 4000, "too little time left to test: {g}");
    p.a.kill();
    let deadline = answered + Duration::from_millis(left);
    let (m, when) = socket.wait_for(Duration::from_millis(left) + LEASE, |m| {
        m["game"]["result"]["reason"] == "time"
    });
    let late = when.saturating_duration_since(deadline);
    let early = deadline.saturating_duration_since(when);
    println!("B declared the loss on time {late:?} after the deadline ({early:?} before it)");
    assert_eq!(m["game"]["result"]["winner"], "black", "{m}");
    assert!(early < Duration::from_millis(200), "flag {early:?} early");
    assert!(late < Duration::from_secs(1), "flag {late:?} late");
    let stored = sql(
        &p.url,
        &format!("SELECT result_reason, result_winner FROM games WHERE id = '{id}'"),
    );
    assert_eq!(
        stored,
        vec![vec![Some("time".to_string()), Some("black".to_string())]]
    );
}

#[test]
fn an_online_game_aborts_on_the_other_instance_when_the_holder_is_killed() {
    let Some(mut p) = pair(&["--first-move-ms", "6000"]) else {
        return;
    };
    let g =
        p.a.create(json!({ "variant": "stacked", "mode": "online", "human": "white" }));
    let id = id_of(&g);
    let invite = g["invite"].as_str().expect("an invitation").to_string();
    // White watches on B (it is the same player as on A).
    let mut socket = connect(&p.b, &id);
    socket.wait_for(Duration::from_secs(5), |m| m["type"] == "state");
    let joined = p.a.post_as(&new_player(), &invite, json!({}));
    assert_eq!(joined.status, 200, "{}", joined.body);
    let answered = Instant::now();
    let left = joined.json()["abort_in_ms"]
        .as_u64()
        .unwrap_or_else(|| panic!("White's count runs: {}", joined.body));
    assert!(left > 4000, "too little time left to test: {}", joined.body);
    p.a.kill();
    let deadline = answered + Duration::from_millis(left);
    let (m, when) = socket.wait_for(Duration::from_millis(left) + LEASE, |m| {
        m["game"]["result"]["reason"] == "aborted"
    });
    let late = when.saturating_duration_since(deadline);
    let early = deadline.saturating_duration_since(when);
    println!("B aborted the game {late:?} after the deadline ({early:?} before it)");
    assert_eq!(m["game"]["result"]["winner"], Value::Null, "{m}");
    assert!(early < Duration::from_millis(200), "abort {early:?} early");
    assert!(late < Duration::from_secs(1), "abort {late:?} late");
    assert_eq!(p.b.game(&id)["result"]["reason"], "aborted");
}

// ----- 5. A lost change feed -----

/// The pids of the listeners' connections to database `name`.
fn listeners(admin: &str, name: &str) -> Vec<String> {
    sql(
        admin,
        &format!(
            "SELECT pid FROM pg_stat_activity \
             WHERE application_name = 'spacechess listener' AND datname = '{name}'"
        ),
    )
    .into_iter()
    .filter_map(|r| r[0].clone())
    .collect()
}

/// Ends both instances' listening connections (only this test's database's).
fn terminate_listeners(admin: &str, name: &str) -> Vec<String> {
    let ended = listeners(admin, name);
    sql(
        admin,
        &format!(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
             WHERE application_name = 'spacechess listener' AND datname = '{name}'"
        ),
    );
    ended
}

/// Waits until both instances listen again on new connections; how long that took.
fn wait_for_listeners(admin: &str, name: &str, old: &[String]) -> Duration {
    let start = Instant::now();
    loop {
        let now = listeners(admin, name);
        if now.len() == 2 && now.iter().all(|pid| !old.contains(pid)) {
            return start.elapsed();
        }
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "the listeners did not come back: {now:?} (were {old:?})"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn a_lost_change_feed_reconnects_and_catches_up() {
    let Some(p) = pair(&[]) else {
        return;
    };
    let (name, admin) = database_of(&p.url);
    let mut g = p.a.create(json!({ "variant": "stacked", "mode": "local" }));
    let id = id_of(&g);
    assert_eq!(ply(&p.b.game(&id)), 0);
    let mut socket = connect(&p.b, &id);
    socket.wait_for(Duration::from_secs(5), |m| m["type"] == "state");
    let before = listeners(&admin, &name);
    assert_eq!(before.len(), 2, "one listener per instance: {before:?}");

    // The connection is cut and comes back by itself: moves through A reach B again.
    let ended = terminate_listeners(&admin, &name);
    let back = wait_for_listeners(&admin, &name, &ended);
    println!("the listeners reconnected {back:?} after they were cut");
    g = p.a.play(&id, &legal(&g)[0]);
    socket.wait_for(Duration::from_secs(2), |m| is_state_at(m, 1));

    // A change made while B cannot listen is picked up when it can again: new
    // connections to the database are refused for a while (the instances' pools keep
    // theirs), so the listeners stay away while A plays.
    sql(
        &admin,
        &format!("ALTER DATABASE {name} WITH ALLOW_CONNECTIONS false"),
    );
    let ended = terminate_listeners(&admin, &name);
    let gone = Instant::now();
    while !listeners(&admin, &name).is_empty() {
        assert!(
            gone.elapsed() < Duration::from_secs(5),
            "the listeners stay"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    let r = move_at(&p.a, &id, &legal(&g)[0], 1);
    let still_away = listeners(&admin, &name);
    sql(
        &admin,
        &format!("ALTER DATABASE {name} WITH ALLOW_CONNECTIONS true"),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(
        still_away.is_empty(),
        "a listener came back: {still_away:?}"
    );
    g = r.json();
    let allowed = Instant::now();
    let (_, when) = socket.wait_for(Duration::from_secs(5), |m| is_state_at(m, 2));
    println!(
        "a move made while the feed was down reached B's socket {:?} after connections were allowed again",
        when - allowed
    );
    wait_for_listeners(&admin, &name, &ended);
    // And the feed works as before.
    g = p.a.play(&id, &legal(&g)[0]);
    socket.wait_for(Duration::from_secs(2), |m| is_state_at(m, 3));
    assert_eq!(tokens(&p.b.game(&id)), tokens(&g));
}

// ----- 6. Presence over every instance -----

/// The absence time the presence tests give both instances.
const GONE: Duration = Duration::from_millis(2000);

/// Longer than the absence time and than a lease (after which an instance that stopped
/// renewing what it says is no longer believed).
const LONG_ENOUGH: Duration = Duration::from_millis(2000 + 3000 + 1000);

/// An online game created through A by its player (White), joined through A by another
/// (Black, returned), both first moves played: from now on either may claim against an
/// opponent who is gone.
fn online_game_begun(p: &Pair) -> (String, String) {
    let g =
        p.a.create(json!({ "variant": "stacked", "mode": "online", "human": "white" }));
    let id = id_of(&g);
    let black = new_player();
    let joined =
        p.a.post_as(&black, g["invite"].as_str().unwrap(), json!({}));
    assert_eq!(joined.status, 200, "{}", joined.body);
    let path = format!("/api/games/{id}/moves");
    let r = p.a.post(&path, json!({ "move": legal(&joined.json())[0] }));
    assert_eq!(r.status, 200, "{}", r.body);
    let r =
        p.a.post_as(&black, &path, json!({ "move": legal(&r.json())[0] }));
    assert_eq!(r.status, 200, "{}", r.body);
    (id, black)
}

/// Black claims the win through A.
fn claim(p: &Pair, id: &str, black: &str) -> Response {
    p.a.post_as(
        black,
        &format!("/api/games/{id}/claim"),
        json!({ "result": "win" }),
    )
}

/// An answer's status, error code and result, without the whole view.
fn outcome(r: &Response) -> String {
    let v = r.json();
    format!("{} {} result {}", r.status, v["error"], v["result"])
}

#[test]
fn a_player_connected_to_another_instance_is_gone_only_once_they_leave_it() {
    let Some(p) = pair(&["--gone-ms", "2000"]) else {
        return;
    };
    let (id, black) = online_game_begun(&p);
    // White is connected to B only, Black to A.
    let white_socket = connect(&p.b, &id);
    let black_socket = connect_as(&p.a, &id, &black);
    std::thread::sleep(LONG_ENOUGH);
    let r = claim(&p, &id, &black);
    assert_eq!(
        r.code(),
        "no_claim",
        "White is connected to B: {}",
        outcome(&r)
    );
    // White leaves B: gone from every instance after the absence time.
    drop(white_socket);
    let left = Instant::now();
    let deadline = left + GONE + LEASE + Duration::from_secs(2);
    let won = loop {
        let r = claim(&p, &id, &black);
        if r.status == 200 {
            break r.json();
        }
        assert_eq!(r.code(), "no_claim", "{}", outcome(&r));
        if Instant::now() > deadline {
            let rows = sql(
                &p.url,
                &format!(
                    "SELECT player = '{}', instance, live, now() - seen_at \
                     FROM presence WHERE game_id = '{id}'",
                    p.a.player
                ),
            );
            let seats = &p.a.game(&id)["seats"];
            panic!(
                "White never counted gone: {}\npresence (is White, instance, live, age): \
                 {rows:?}\nseats on A: {seats}",
                r.body
            );
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    println!(
        "White counted gone on A {:?} after leaving B (absence time {GONE:?})",
        left.elapsed()
    );
    assert!(left.elapsed() >= GONE - Duration::from_millis(100));
    assert_eq!(won["result"]["reason"], "abandoned", "{won}");
    assert_eq!(won["result"]["winner"], "black", "{won}");
    drop(black_socket);
}

#[test]
fn a_game_on_one_device_open_beside_does_not_make_its_player_gone() {
    let Some(p) = pair(&["--gone-ms", "2000"]) else {
        return;
    };
    let (id, black) = online_game_begun(&p);
    let _white_socket = connect(&p.b, &id);
    let _black_socket = connect_as(&p.a, &id, &black);
    // White also has a game on one device open on B: they hold both of its seats.
    let local = p.b.create(json!({ "variant": "stacked", "mode": "local" }));
    let _local_socket = connect(&p.b, &id_of(&local));
    std::thread::sleep(LONG_ENOUGH);
    let r = claim(&p, &id, &black);
    assert_eq!(
        r.code(),
        "no_claim",
        "White is connected to B all along: {}",
        outcome(&r)
    );
}

/// A new player named `name` through `s`.
fn named(s: &Server, name: &str) -> String {
    let player = new_player();
    let body = json!({ "name": name }).to_string();
    let r = s.request_as(&player, "PUT", "/api/me/name", Some(&body));
    assert_eq!(r.status, 200, "{}", r.body);
    player
}

/// Polls `s`'s view of the game as `player` until `done` holds; panics after `within`.
fn poll_as(
    s: &Server,
    player: &str,
    id: &str,
    within: Duration,
    done: impl Fn(&Value) -> bool,
) -> Value {
    let deadline = Instant::now() + within;
    loop {
        let r = s.request_as(player, "GET", &format!("/api/games/{id}"), None);
        assert_eq!(r.status, 200, "{}", r.body);
        let g = r.json();
        if done(&g) {
            return g;
        }
        assert!(Instant::now() < deadline, "not reached in {within:?}: {g}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn a_rated_game_ended_through_one_instance_shows_its_rating_changes_on_the_other() {
    let Some(p) = pair(&[]) else {
        return;
    };
    let white = named(&p.a, "Alpha");
    let black = named(&p.b, "Bravo");
    // White's challenge through A, accepted through B: the lobby is the database's.
    let r = p.a.post_as(
        &white,
        "/api/lobby/challenges",
        json!({ "variant": "fourfold", "time_control": { "minutes": 10 }, "rated": true, "color": "white" }),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let challenge = r.json()["id"].as_str().unwrap().to_string();
    let r = p.b.post_as(
        &black,
        &format!("/api/lobby/challenges/{challenge}/accept"),
        json!({}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let id = r.json()["game"].as_str().unwrap().to_string();
    // B holds the game from here on, with both players' labels (Black's socket there
    // keeps it in B's memory: a change made through A refreshes it in place).
    let _black_socket = connect_as(&p.b, &id, &black);
    let g = poll_as(&p.b, &black, &id, Duration::from_secs(5), |g| {
        g["players"]["white"]["name"] == "Alpha"
    });
    assert_eq!(g["players"]["black"]["name"], "Bravo", "{g}");
    assert_eq!(g["rated"], true);
    // White moves through A, Black through B, and White resigns through A.
    let r = p.a.post_as(
        &white,
        &format!("/api/games/{id}/moves"),
        json!({ "move": server_common::first_move(&g), "ply": 0 }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let g = poll_as(&p.b, &black, &id, Duration::from_secs(5), |g| ply(g) == 1);
    let r = p.b.post_as(
        &black,
        &format!("/api/games/{id}/moves"),
        json!({ "move": server_common::first_move(&g), "ply": 1 }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    poll_as(&p.a, &white, &id, Duration::from_secs(5), |g| ply(g) == 2);
    let r =
        p.a.post_as(&white, &format!("/api/games/{id}/resign"), json!({}));
    assert_eq!(r.status, 200, "{}", r.body);
    // A rated the game just after its write; B shows the changes without a reload.
    let started = Instant::now();
    let g = poll_as(&p.b, &black, &id, Duration::from_secs(10), |g| {
        !g["players"]["white"]["change"].is_null()
    });
    println!(
        "rating changes shown on B {:?} after the resignation",
        started.elapsed()
    );
    let (w, b) =
        rating::rate_game(rating::Rating::default(), rating::Rating::default(), 0.0).unwrap();
    let change = |r: rating::Rating| r.rating.round() as i64 - 1500;
    assert_eq!(g["players"]["white"]["change"], change(w), "{g}");
    assert_eq!(g["players"]["black"]["change"], change(b), "{g}");
}
