//! The client's address behind a reverse proxy (`serve --trusted-proxy`).
//!
//! Behind a load balancer every connection comes from the proxy, so every per-address
//! limit would count all clients as one. A proxy the operator names as trusted says who
//! its client is in `X-Forwarded-For`; each proxy appends the address it was connected
//! from, so the list reads left to right from the farthest hop to the nearest. Anything
//! left of an untrusted hop may have been written by the client itself, so the client is
//! the rightmost address that is not a trusted proxy. A request straight from an untrusted
//! address keeps its own address whatever it sends: the header is never read for it.
//! A malformed entry met before the client is found, or no header at all, leaves the
//! proxy's own address: a broken proxy then shares one budget rather than letting anyone
//! pick theirs.

use axum::http::header::HeaderMap;
use std::net::{IpAddr, SocketAddr};

const X_FORWARDED_FOR: &str = "x-forwarded-for";

/// The proxies whose `X-Forwarded-For` is believed.
#[derive(Clone, Debug, Default)]
pub struct TrustedProxies {
    addrs: Vec<IpAddr>,
}

impl TrustedProxies {
    pub fn new(addrs: &[IpAddr]) -> TrustedProxies {
        let mut addrs: Vec<IpAddr> = addrs.iter().map(IpAddr::to_canonical).collect();
        addrs.sort_unstable();
        addrs.dedup();
        TrustedProxies { addrs }
    }

    /// Whether `ip` is a trusted proxy (an IPv4 address in IPv6 form counts as itself).
    pub fn trusts(&self, ip: IpAddr) -> bool {
        self.addrs.binary_search(&ip.to_canonical()).is_ok()
    }

    /// The address a request from `peer` with `headers` is counted under. The port of a
    /// forwarded client is unknown and given as 0.
    pub fn client(&self, peer: SocketAddr, headers: &HeaderMap) -> SocketAddr {
        if !self.trusts(peer.ip()) {
            return peer;
        }
        match self.forwarded_client(headers) {
            Some(ip) => SocketAddr::new(ip, 0),
            None => peer,
        }
    }

    /// The rightmost untrusted address of every `X-Forwarded-For` line taken in order;
    /// `None` if there is none or a malformed entry comes first.
    fn forwarded_client(&self, headers: &HeaderMap) -> Option<IpAddr> {
        let lines: Vec<&str> = headers
            .get_all(X_FORWARDED_FOR)
            .iter()
            .map(|v| v.to_str().ok())
            .collect::<Option<_>>()?;
        for entry in lines.iter().rev().flat_map(|line| line.rsplit(',')) {
            let ip = parse_entry(entry.trim())?;
            if !self.trusts(ip) {
                return Some(ip);
            }
        }
        None
    }
}

/// An address as proxies write it: bare (`203.0.113.7`, `2001:db8::1`), or with a port
/// (`203.0.113.7:4711`, `[2001:db8::1]:4711`).
fn parse_entry(entry: &str) -> Option<IpAddr> {
    entry
        .parse::<IpAddr>()
        .ok()
        .or_else(|| entry.parse::<SocketAddr>().ok().map(|s| s.ip()))
        .map(|ip| ip.to_canonical())
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    const PROXY: &str = "10.0.0.2:5000";

    fn proxies() -> TrustedProxies {
        TrustedProxies::new(&["10.0.0.2".parse().unwrap(), "10.0.0.3".parse().unwrap()])
    }

    fn client_of(peer: &str, lines: &[&[u8]]) -> String {
        let mut headers = HeaderMap::new();
        for line in lines {
            headers.append(X_FORWARDED_FOR, HeaderValue::from_bytes(line).unwrap());
        }
        proxies()
            .client(peer.parse().unwrap(), &headers)
            .ip()
            .to_string()
    }

    #[test]
    fn an_untrusted_peer_never_chooses_its_address() {
        assert_eq!(
            client_of("198.51.100.9:1234", &[b"203.0.113.7"]),
            "198.51.100.9"
        );
        assert_eq!(client_of("198.51.100.9:1234", &[]), "198.51.100.9");
        let none = TrustedProxies::default();
        assert_eq!(
            none.client("10.0.0.2:1".parse().unwrap(), &HeaderMap::new()),
            "10.0.0.2:1".parse().unwrap()
        );
    }

    #[test]
    fn a_trusted_proxy_names_the_rightmost_untrusted_hop() {
        assert_eq!(client_of(PROXY, &[b"203.0.113.7"]), "203.0.113.7");
        // What the client wrote itself is left of what the proxy appended.
        assert_eq!(client_of(PROXY, &[b"1.2.3.4, 203.0.113.7"]), "203.0.113.7");
        // HAProxy adds a line of its own rather than extending the client's.
        assert_eq!(
            client_of(PROXY, &[b"1.2.3.4", b"203.0.113.7"]),
            "203.0.113.7"
        );
        // Trusted hops are skipped.
        assert_eq!(
            client_of(PROXY, &[b"203.0.113.7, 10.0.0.3", b"10.0.0.2"]),
            "203.0.113.7"
        );
        assert_eq!(client_of(PROXY, &[b"2001:db8::5"]), "2001:db8::5");
        assert_eq!(client_of(PROXY, &[b"[2001:db8::5]:80"]), "2001:db8::5");
        assert_eq!(client_of(PROXY, &[b"203.0.113.7:4711"]), "203.0.113.7");
        assert_eq!(client_of(PROXY, &[b"::ffff:203.0.113.7"]), "203.0.113.7");
        // A dual-stack socket reports the proxy in IPv6 form.
        assert_eq!(
            client_of("[::ffff:10.0.0.2]:5000", &[b"203.0.113.7"]),
            "203.0.113.7"
        );
    }

    #[test]
    fn a_missing_or_malformed_header_leaves_the_proxy_address() {
        assert_eq!(client_of(PROXY, &[]), "10.0.0.2");
        assert_eq!(client_of(PROXY, &[b""]), "10.0.0.2");
        assert_eq!(client_of(PROXY, &[b"unknown"]), "10.0.0.2");
        assert_eq!(client_of(PROXY, &[b"203.0.113.7, junk"]), "10.0.0.2");
        assert_eq!(client_of(PROXY, &[b"203.0.113.7,"]), "10.0.0.2");
        assert_eq!(client_of(PROXY, &[b"10.0.0.3"]), "10.0.0.2");
        assert_eq!(client_of(PROXY, &[b"203.0.113.7", b"\xff"]), "10.0.0.2");
        // Junk left of the client does not matter: it is never read.
        assert_eq!(client_of(PROXY, &[b"junk, 203.0.113.7"]), "203.0.113.7");
    }
}
