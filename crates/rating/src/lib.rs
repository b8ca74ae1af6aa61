//! Player ratings for rated games: Glicko-2, one rating per player and variant.
//!
//! This crate is the arithmetic only. It knows nothing of players, variants, games in
//! progress or storage: a host reads the two players' ratings for the game's variant,
//! calls [`rate_game`] when the game ends, and stores what it returns.
//!
//! # API
//!
//! - [`Rating`] (rating r, deviation RD, volatility σ; [`Rating::default`] is a new
//!   player's 1500/350/0.06), [`Rating::new`] and [`Rating::validate`] (the bounds
//!   below), [`Rating::is_provisional`], [`Rating::aged`] (RD grows while a player is
//!   away).
//! - [`update`]: one Glicko-2 rating period for one player from a list of
//!   [`GameResult`]s, with the system constant τ ([`DEFAULT_TAU`]).
//! - [`rate_game`] / [`rate_game_with_tau`]: one finished game, both players updated from
//!   their ratings before it.
//! - [`RatingError`]: bad input (non-finite numbers, values outside the bounds, a score
//!   outside 0..=1), naming the field and the value. Nothing here panics on any input.
//!
//! See [`glicko2`] for the algorithm and the choices made.

#![forbid(unsafe_code)]

mod error;
pub mod glicko2;

pub use error::RatingError;
pub use glicko2::{
    rate_game, rate_game_with_tau, update, GameResult, Rating, DEFAULT_TAU, MAX_DEVIATION,
    MAX_RATING, MAX_TAU, MAX_VOLATILITY, MIN_DEVIATION, MIN_RATING, MIN_TAU, MIN_VOLATILITY,
    PROVISIONAL_DEVIATION, SCALE,
};
