//! The server's threads come back down after a burst while a light traffic goes on
//! (issue 34: 69 threads and 340 MB stayed for minutes under about 10 requests a
//! second, as idle blocking-pool threads took the trickle of work in turn and none
//! reached its keep-alive).

mod server_common;

use serde_json::json;
use server_common::Server;
use std::time::{Duration, Instant};

fn threads(pid: u32) -> u32 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix("Threads:"))
        .unwrap()
        .trim()
        .parse()
        .unwrap()
}

#[test]
fn a_burst_s_threads_end_within_seconds_under_a_light_traffic() {
    let s = Server::start(&[]);
    let g = s.create(json!({ "variant": "fourfold", "mode": "local" }));
    let id = g["id"].as_str().unwrap().to_string();
    let idle = threads(s.pid());
    // The burst: 24 clients reading the game at once, for two seconds.
    let peak = std::thread::scope(|scope| {
        let end = Instant::now() + Duration::from_secs(2);
        for _ in 0..24 {
            let (s, id) = (&s, &id);
            scope.spawn(move || {
                while Instant::now() < end {
                    assert_eq!(s.get(&format!("/api/games/{id}")).status, 200);
                }
            });
        }
        let mut peak = 0;
        while Instant::now() < end {
            peak = peak.max(threads(s.pid()));
            std::thread::sleep(Duration::from_millis(50));
        }
        peak
    });
    assert!(
        peak >= idle + 16,
        "the burst grew the pool ({idle} threads idle, {peak} at most)"
    );
    // Then ten requests a second: within six seconds the burst's threads have ended,
    // but for about as many as the traffic wakes in turn within a keep-alive (1 s).
    let deadline = Instant::now() + Duration::from_secs(6);
    let mut now = peak;
    while Instant::now() < deadline {
        assert_eq!(s.get(&format!("/api/games/{id}")).status, 200);
        now = threads(s.pid());
        std::thread::sleep(Duration::from_millis(100));
    }
    assert!(
        now <= idle + 10,
        "{now} threads after the burst under a light traffic ({idle} idle, {peak} at the peak)"
    );
}
