//! A per-thread count of legal-move generations outside the search (`legal_moves`, and
//! the move counts behind a game status or a `#` mark), so that tests can bound the work
//! a request does. Counting is compiled in only with the `generation-count` feature;
//! without it [`count`] is empty and [`generations`] is always 0.

#[cfg(feature = "generation-count")]
thread_local! {
    static COUNT: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// Notes one generation on this thread.
#[inline(always)]
pub fn count() {
    #[cfg(feature = "generation-count")]
    COUNT.with(|c| c.set(c.get() + 1));
}

/// Generations on this thread so far.
pub fn generations() -> u64 {
    #[cfg(feature = "generation-count")]
    return COUNT.with(|c| c.get());
    #[cfg(not(feature = "generation-count"))]
    0
}
