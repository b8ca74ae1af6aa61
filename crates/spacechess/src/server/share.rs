//! The unit of every per-address share: one client's address as the limits count it.
//!
//! An IPv4 address is one client. An IPv6 client is usually given a whole /64 network
//! (a home line, a phone, a cloud machine), and can pick any address in it at no cost,
//! so counting each IPv6 address apart would give one client 2^64 shares. The limits
//! therefore count an IPv6 address by its /64 prefix; an IPv4 address written in IPv6
//! form (`::ffff:a.b.c.d`, what a dual-stack socket reports) counts as the IPv4 address.

use std::net::{IpAddr, Ipv6Addr, SocketAddr};

/// The address a request's per-address shares are counted under.
pub fn share_address(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let s = v6.segments();
                IpAddr::V6(Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
            }
        },
    }
}

/// [`share_address`] of a peer.
pub fn share_of(peer: &SocketAddr) -> IpAddr {
    share_address(peer.ip())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn share(text: &str) -> String {
        share_address(text.parse().unwrap()).to_string()
    }

    #[test]
    fn ipv4_addresses_count_apart() {
        assert_eq!(share("203.0.113.7"), "203.0.113.7");
        assert_ne!(share("203.0.113.7"), share("203.0.113.8"));
    }

    #[test]
    fn one_ipv6_network_is_one_share() {
        // Any address a client picks in its /64 counts as the same client.
        assert_eq!(share("2001:db8:1:2:aaaa::1"), "2001:db8:1:2::");
        assert_eq!(
            share("2001:db8:1:2:ffff:ffff:ffff:ffff"),
            share("2001:db8:1:2::1")
        );
        // Another /64 is another client.
        assert_ne!(share("2001:db8:1:3::1"), share("2001:db8:1:2::1"));
        assert_eq!(share("::1"), "::");
    }

    #[test]
    fn ipv4_mapped_addresses_count_as_ipv4() {
        assert_eq!(share("::ffff:203.0.113.7"), "203.0.113.7");
    }
}
