//! Deterministic random keys for position hashes.

/// SplitMix64: a fast, well-mixed sequence; `const` so key tables can be statics.
pub const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

/// `N` keys from a seed. Different tables use different seeds.
pub const fn keys<const N: usize>(seed: u64) -> [u64; N] {
    let mut out = [0u64; N];
    let mut state = seed;
    let mut i = 0;
    while i < N {
        let (s, k) = splitmix64(state);
        state = s;
        out[i] = k;
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn keys_are_distinct() {
        let k: [u64; 1000] = super::keys(7);
        let mut v = k.to_vec();
        v.sort_unstable();
        v.dedup();
        assert_eq!(v.len(), 1000);
    }
}
