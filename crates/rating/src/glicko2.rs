//! Glicko-2, as in Mark Glickman's "Example of the Glicko-2 system" (2013 revision).
//!
//! A player has a rating r, a rating deviation RD (how unsure the rating is) and a
//! volatility σ (how erratic the player's results are). A rating period's games update
//! all three: steps 2 to 8 of the paper in [`update`], on the Glicko-2 scale
//! μ = (r − 1500) / 173.7178, φ = RD / 173.7178, with the paper's Illinois iteration for
//! σ′ (convergence tolerance ε = 0.000001). A player without games in a period only sees
//! φ grow to √(φ² + σ²).
//!
//! Choices beyond the paper, and why:
//!
//! - **Each game is its own rating period** ([`rate_game`]), as lichess does: players
//!   expect their rating to move as soon as a game ends, and online games arrive one at a
//!   time. Both players are updated from their ratings before the game. The paper's
//!   batches of 10–15 games suit over-the-board events; [`update`] takes any batch.
//! - **Bounds on every rating returned**, so that a result can always be fed back in:
//!   - RD at most [`MAX_DEVIATION`] (350, a new player's): beyond it a rating says nothing.
//!   - RD at least [`MIN_DEVIATION`] (30): Glicko-2 lets RD shrink without limit for a
//!     player who plays often, and a tiny RD makes the rating barely move after any
//!     result. The floor keeps ratings responsive when a player improves or declines.
//!     With σ near 0.06 and one game per period RD settles near 60 on its own; the
//!     floor matters for steady players whose σ has fallen (at σ = 0.01, RD would
//!     settle near 17 and a win over an equal move the rating by under a point).
//!   - σ within [`MIN_VOLATILITY`]..=[`MAX_VOLATILITY`] (0.0001 to 0.1). The cap is
//!     lichess's: a run of freak results (a win against someone thousands of points
//!     above) would otherwise raise σ so far that the next games swing the rating by
//!     hundreds of points. The floor only keeps ln σ² finite.
//!   - r within [`MIN_RATING`]..=[`MAX_RATING`] (0 to 5000), far beyond real play; it
//!     keeps the logistic's exponent small, so every step stays finite.
//!
//!   Inputs must lie within the same bounds (RD only needs to be positive: a rating
//!   from elsewhere may be surer than our floor), or the call returns a [`RatingError`].
//! - **Any score in 0..=1** is accepted, not only 1, ½ and 0: the formulas are defined
//!   for any expected-score target, and a host may one day score e.g. an adjudication.
//! - **τ** defaults to 0.5 ([`DEFAULT_TAU`]) and must lie within [`MIN_TAU`]..=[`MAX_TAU`]
//!   (0.1 to 2): wider than the paper's advice (0.3 to 1.2), narrow enough that a value
//!   outside is a mistake.
//! - **Provisional** means RD above [`PROVISIONAL_DEVIATION`] (110), lichess's
//!   threshold: a new player's first ten games or so.
//! - The expected score E and 1 − E are each computed as a logistic, not one from the
//!   other, so that a lopsided pairing never gives E(1 − E) = 0 (and v = ∞).

use std::f64::consts::PI;

use crate::error::RatingError;

/// Ratio between the Glicko scale and the Glicko-2 scale (the paper's 173.7178).
pub const SCALE: f64 = 173.7178;
/// The system constant τ used by [`rate_game`].
pub const DEFAULT_TAU: f64 = 0.5;
/// The smallest τ accepted.
pub const MIN_TAU: f64 = 0.1;
/// The largest τ accepted.
pub const MAX_TAU: f64 = 2.0;
/// The rating deviation of a new player, and the most any rating has.
pub const MAX_DEVIATION: f64 = 350.0;
/// The least rating deviation a returned rating has (see the module's notes).
pub const MIN_DEVIATION: f64 = 30.0;
/// A rating whose deviation is above this is provisional.
pub const PROVISIONAL_DEVIATION: f64 = 110.0;
/// The lowest rating.
pub const MIN_RATING: f64 = 0.0;
/// The highest rating.
pub const MAX_RATING: f64 = 5000.0;
/// The least volatility.
pub const MIN_VOLATILITY: f64 = 0.0001;
/// The most volatility.
pub const MAX_VOLATILITY: f64 = 0.1;

/// The rating of a new player.
const DEFAULT_RATING: f64 = 1500.0;
/// The volatility of a new player (the paper's suggestion).
const DEFAULT_VOLATILITY: f64 = 0.06;
/// The paper's convergence tolerance ε for the volatility iteration.
const CONVERGENCE: f64 = 0.000_001;
/// Bounds on the volatility iteration's loops. The Illinois method converges in a few
/// dozen steps on a bracketed root; these only guarantee an end on any input.
const MAX_BRACKET_STEPS: u32 = 1_000;
const MAX_ILLINOIS_STEPS: u32 = 200;

/// One player's rating on the Glicko scale (the one shown to players).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rating {
    /// r: the estimated strength.
    pub rating: f64,
    /// RD: one standard deviation of the estimate, in rating points.
    pub deviation: f64,
    /// σ: the expected fluctuation of the player's strength (Glicko-2 scale).
    pub volatility: f64,
}

impl Default for Rating {
    /// A new player: 1500, RD 350, σ 0.06.
    fn default() -> Self {
        Rating {
            rating: DEFAULT_RATING,
            deviation: MAX_DEVIATION,
            volatility: DEFAULT_VOLATILITY,
        }
    }
}

/// One game of a rating period, from the rated player's side.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GameResult {
    /// The opponent's rating before the period.
    pub opponent: Rating,
    /// The player's score: 1 a win, 0.5 a draw, 0 a loss (any value in 0..=1).
    pub score: f64,
}

impl Rating {
    /// A rating, if its numbers are within the bounds [`Rating::validate`] checks.
    pub fn new(rating: f64, deviation: f64, volatility: f64) -> Result<Rating, RatingError> {
        let made = Rating {
            rating,
            deviation,
            volatility,
        };
        made.validate()?;
        Ok(made)
    }

    /// Whether the numbers can be rated with: finite, r within
    /// [`MIN_RATING`]..=[`MAX_RATING`], RD positive and at most [`MAX_DEVIATION`], σ
    /// within [`MIN_VOLATILITY`]..=[`MAX_VOLATILITY`]. The error names the first field
    /// that is not.
    pub fn validate(&self) -> Result<(), RatingError> {
        self.validate_as("")
    }

    /// Whether the rating is still provisional: its deviation is above
    /// [`PROVISIONAL_DEVIATION`], so it says little yet about the player's strength.
    pub fn is_provisional(&self) -> bool {
        self.deviation > PROVISIONAL_DEVIATION
    }

    /// The rating after `periods` rating periods without games (fractions allowed, for
    /// time measured in days or weeks): φ grows to √(φ² + σ²·periods), at most
    /// [`MAX_DEVIATION`]. Rating and volatility are unchanged. Like every rating this
    /// module returns, the deviation is also at least [`MIN_DEVIATION`].
    pub fn aged(self, periods: f64) -> Result<Rating, RatingError> {
        self.validate()?;
        if !(periods.is_finite() && periods >= 0.0) {
            return Err(RatingError::new(
                "periods",
                periods,
                "a finite number of periods, 0 or more",
            ));
        }
        Ok(within_bounds(self.aged_unchecked(periods)))
    }

    /// [`Rating::validate`] with field names under `who` (`player`, `white`...).
    fn validate_as(&self, who: &str) -> Result<(), RatingError> {
        let field = |name: &str| {
            if who.is_empty() {
                name.to_string()
            } else {
                format!("{who}.{name}")
            }
        };
        if !(self.rating.is_finite() && (MIN_RATING..=MAX_RATING).contains(&self.rating)) {
            return Err(RatingError::new(
                field("rating"),
                self.rating,
                format!("a number from {MIN_RATING} to {MAX_RATING}"),
            ));
        }
        if !(self.deviation.is_finite() && self.deviation > 0.0 && self.deviation <= MAX_DEVIATION)
        {
            return Err(RatingError::new(
                field("deviation"),
                self.deviation,
                format!("a number above 0 and at most {MAX_DEVIATION}"),
            ));
        }
        if !(self.volatility.is_finite()
            && (MIN_VOLATILITY..=MAX_VOLATILITY).contains(&self.volatility))
        {
            return Err(RatingError::new(
                field("volatility"),
                self.volatility,
                format!("a number from {MIN_VOLATILITY} to {MAX_VOLATILITY}"),
            ));
        }
        Ok(())
    }
}

/// One rating period for `player`: their rating after `games` (which may be empty: a
/// period without games only grows the deviation), with system constant `tau`. Every
/// opponent's rating is taken as it was before the period.
pub fn update(player: Rating, games: &[GameResult], tau: f64) -> Result<Rating, RatingError> {
    validate_tau(tau)?;
    player.validate_as("player")?;
    for (index, game) in games.iter().enumerate() {
        game.opponent
            .validate_as(&format!("games[{index}].opponent"))?;
        validate_score(&format!("games[{index}].score"), game.score)?;
    }
    Ok(update_valid(player, games, tau))
}

/// One rated game as its own rating period (see the module's notes): both players'
/// ratings after it, each computed from the two ratings before it, with τ =
/// [`DEFAULT_TAU`]. `white_score` is 1 if White won, 0.5 a draw, 0 if Black won.
pub fn rate_game(
    white: Rating,
    black: Rating,
    white_score: f64,
) -> Result<(Rating, Rating), RatingError> {
    rate_game_with_tau(white, black, white_score, DEFAULT_TAU)
}

/// [`rate_game`] with another system constant τ.
pub fn rate_game_with_tau(
    white: Rating,
    black: Rating,
    white_score: f64,
    tau: f64,
) -> Result<(Rating, Rating), RatingError> {
    validate_tau(tau)?;
    white.validate_as("white")?;
    black.validate_as("black")?;
    validate_score("white_score", white_score)?;
    let for_white = GameResult {
        opponent: black,
        score: white_score,
    };
    let for_black = GameResult {
        opponent: white,
        score: 1.0 - white_score,
    };
    Ok((
        update_valid(white, &[for_white], tau),
        update_valid(black, &[for_black], tau),
    ))
}

fn validate_tau(tau: f64) -> Result<(), RatingError> {
    if tau.is_finite() && (MIN_TAU..=MAX_TAU).contains(&tau) {
        Ok(())
    } else {
        Err(RatingError::new(
            "tau",
            tau,
            format!("a number from {MIN_TAU} to {MAX_TAU}"),
        ))
    }
}

fn validate_score(field: &str, score: f64) -> Result<(), RatingError> {
    if score.is_finite() && (0.0..=1.0).contains(&score) {
        Ok(())
    } else {
        Err(RatingError::new(
            field,
            score,
            "a score from 0 to 1 (1 a win, 0.5 a draw, 0 a loss)",
        ))
    }
}

/// Steps 2 to 8 of the paper on validated input.
fn update_valid(player: Rating, games: &[GameResult], tau: f64) -> Rating {
    let mu = (player.rating - DEFAULT_RATING) / SCALE;
    let phi = player.deviation / SCALE;
    let sigma = player.volatility;

    // Step 6 alone when the player did not play: only φ grows.
    let Some(period) = Period::of(mu, games) else {
        return within_bounds(player.aged_unchecked(1.0));
    };

    // Step 5: the new volatility, kept within bounds before it widens φ (see the notes).
    let new_sigma = new_volatility(sigma, phi, period.v, period.delta, tau)
        .clamp(MIN_VOLATILITY, MAX_VOLATILITY);
    // Step 6: the pre-period deviation, widened by the volatility.
    let phi_star = (phi * phi + new_sigma * new_sigma).sqrt();
    // Step 7: the new deviation and rating.
    let new_phi = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / period.v).sqrt();
    let mu_change = new_phi * new_phi * period.weighted_surprise;
    // Step 8, as a change of the old rating: a period with no surprise (a draw between
    // equals) leaves the rating exactly as it was.
    within_bounds(Rating {
        rating: player.rating + SCALE * mu_change,
        deviation: new_phi * SCALE,
        volatility: new_sigma,
    })
}

impl Rating {
    /// Step 6 without games, on a rating already validated: √(φ² + σ²·periods), in
    /// rating points (σ scaled up rather than RD down and back, so that no time
    /// leaves RD exactly as it was).
    fn aged_unchecked(self, periods: f64) -> Rating {
        let sigma = self.volatility * SCALE;
        Rating {
            deviation: (self.deviation * self.deviation + sigma * sigma * periods).sqrt(),
            ..self
        }
    }
}

/// Steps 3 and 4: what a period's games say about the player.
#[derive(Debug)]
struct Period {
    /// v: the estimated variance of the rating from the games alone.
    v: f64,
    /// Σ g(φj)(sj − Ej): how far the results were from those expected.
    weighted_surprise: f64,
    /// Δ = v · Σ g(φj)(sj − Ej): the estimated improvement.
    delta: f64,
}

impl Period {
    /// None for a period without games.
    fn of(mu: f64, games: &[GameResult]) -> Option<Period> {
        if games.is_empty() {
            return None;
        }
        let mut information = 0.0;
        let mut weighted_surprise = 0.0;
        for game in games {
            let mu_j = (game.opponent.rating - DEFAULT_RATING) / SCALE;
            let g_j = g(game.opponent.deviation / SCALE);
            let (expected, unexpected) = expected_score(mu, mu_j, g_j);
            information += g_j * g_j * expected * unexpected;
            weighted_surprise += g_j * (game.score - expected);
        }
        let v = 1.0 / information;
        Some(Period {
            v,
            weighted_surprise,
            delta: v * weighted_surprise,
        })
    }
}

/// g(φ) = 1 / √(1 + 3φ²/π²): how much an opponent's uncertainty damps a result.
fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (PI * PI)).sqrt()
}

/// E(μ, μj, φj) and 1 − E, each as its own logistic so that neither rounds to 0 when
/// the other is near 1.
fn expected_score(mu: f64, mu_j: f64, g_j: f64) -> (f64, f64) {
    let x = g_j * (mu - mu_j);
    (logistic(x), logistic(-x))
}

fn logistic(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Step 5: σ′ by the paper's Illinois iteration on f(x) = 0, x = ln σ′².
fn new_volatility(sigma: f64, phi: f64, v: f64, delta: f64, tau: f64) -> f64 {
    let a = (sigma * sigma).ln();
    let phi2 = phi * phi;
    let delta2 = delta * delta;
    let f = |x: f64| {
        let ex = x.exp();
        let denominator = phi2 + v + ex;
        ex * (delta2 - phi2 - v - ex) / (2.0 * denominator * denominator) - (x - a) / (tau * tau)
    };

    // The bracket [A, B] around the root.
    let mut big_a = a;
    let mut big_b = if delta2 > phi2 + v {
        (delta2 - phi2 - v).ln()
    } else {
        let mut k = 1.0;
        let mut steps = 0;
        while f(a - k * tau) < 0.0 && steps < MAX_BRACKET_STEPS {
            k += 1.0;
            steps += 1;
        }
        a - k * tau
    };

    let mut f_a = f(big_a);
    let mut f_b = f(big_b);
    let mut steps = 0;
    while (big_b - big_a).abs() > CONVERGENCE && steps < MAX_ILLINOIS_STEPS {
        let c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        let f_c = f(c);
        if f_c * f_b <= 0.0 {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = c;
        f_b = f_c;
        steps += 1;
    }
    (big_a / 2.0).exp()
}

/// Every returned rating within the module's bounds (see the notes).
fn within_bounds(rating: Rating) -> Rating {
    Rating {
        rating: rating.rating.clamp(MIN_RATING, MAX_RATING),
        deviation: rating.deviation.clamp(MIN_DEVIATION, MAX_DEVIATION),
        volatility: rating.volatility.clamp(MIN_VOLATILITY, MAX_VOLATILITY),
    }
}

#[cfg(test)]
mod tests {
    //! The paper's intermediate figures (its example, step by step). The results
    //! themselves are checked through the public API in tests/paper.rs.

    use super::*;

    fn paper_games() -> [GameResult; 3] {
        let opponent = |rating, deviation| Rating {
            rating,
            deviation,
            volatility: 0.06,
        };
        [
            GameResult {
                opponent: opponent(1400.0, 30.0),
                score: 1.0,
            },
            GameResult {
                opponent: opponent(1550.0, 100.0),
                score: 0.0,
            },
            GameResult {
                opponent: opponent(1700.0, 300.0),
                score: 0.0,
            },
        ]
    }

    /// `value` printed to `decimals` places is `printed`.
    fn prints_as(value: f64, decimals: i32, printed: f64) -> bool {
        let unit = 10f64.powi(decimals);
        (value * unit).round() == (printed * unit).round()
    }

    #[test]
    fn g_and_e_match_the_paper() {
        let games = paper_games();
        let gs: Vec<f64> = games
            .iter()
            .map(|game| g(game.opponent.deviation / SCALE))
            .collect();
        assert!(prints_as(gs[0], 4, 0.9955), "{gs:?}");
        assert!(prints_as(gs[1], 4, 0.9531), "{gs:?}");
        assert!(prints_as(gs[2], 4, 0.7242), "{gs:?}");
        let es: Vec<f64> = games
            .iter()
            .zip(&gs)
            .map(|(game, g_j)| expected_score(0.0, (game.opponent.rating - 1500.0) / SCALE, *g_j).0)
            .collect();
        assert!(prints_as(es[0], 3, 0.639), "{es:?}");
        assert!(prints_as(es[1], 3, 0.432), "{es:?}");
        assert!(prints_as(es[2], 3, 0.303), "{es:?}");
    }

    /// The paper computes v and Δ from g and E rounded as printed (4 and 3 places), so
    /// its v = 1.7785 and Δ = −0.4834 differ from exact arithmetic (1.77898, −0.48393)
    /// in the fourth place. The same sums over its rounded figures give its numbers;
    /// ours agree with them within that rounding.
    #[test]
    fn v_and_delta_match_the_paper_within_its_rounding() {
        let rounded = [
            (0.9955, 0.639, 1.0),
            (0.9531, 0.432, 0.0),
            (0.7242, 0.303, 0.0),
        ];
        let paper_v = 1.0
            / rounded
                .iter()
                .map(|(g_j, e_j, _)| g_j * g_j * e_j * (1.0 - e_j))
                .sum::<f64>();
        let paper_delta = paper_v
            * rounded
                .iter()
                .map(|(g_j, e_j, s_j)| g_j * (s_j - e_j))
                .sum::<f64>();
        assert!(prints_as(paper_v, 4, 1.7785), "{paper_v}");
        assert!(prints_as(paper_delta, 4, -0.4834), "{paper_delta}");

        let period = Period::of(0.0, &paper_games()).expect("three games");
        assert!((period.v - 1.7785).abs() < 0.001, "v = {}", period.v);
        assert!(
            (period.delta - -0.4834).abs() < 0.001,
            "Δ = {}",
            period.delta
        );
    }

    #[test]
    fn steps_5_to_7_match_the_paper() {
        let period = Period::of(0.0, &paper_games()).expect("three games");
        let phi = 200.0 / SCALE;
        let sigma = new_volatility(0.06, phi, period.v, period.delta, 0.5);
        // The paper prints σ′ = 0.05999 (exact arithmetic: 0.0599960).
        assert!((sigma - 0.05999).abs() < 0.00001, "σ′ = {sigma}");
        // The paper's φ* = 1.152862 is taken from φ and σ′ rounded (exact: 1.152855).
        let phi_star = (phi * phi + sigma * sigma).sqrt();
        assert!((phi_star - 1.152862).abs() < 0.00001, "φ* = {phi_star}");
        let new_phi = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / period.v).sqrt();
        assert!(prints_as(new_phi, 4, 0.8722), "φ′ = {new_phi}");
        let new_mu = new_phi * new_phi * period.weighted_surprise;
        assert!(prints_as(new_mu, 4, -0.2069), "μ′ = {new_mu}");
    }

    #[test]
    fn lopsided_pairings_keep_the_variance_finite() {
        // 5000 against 0 with the surest opponent: E is within 1e-12 of 1, yet 1 − E
        // is computed on its own and v stays finite.
        let strong = Rating {
            rating: MAX_RATING,
            deviation: 1e-9,
            volatility: 0.06,
        };
        let period = Period::of(
            (MIN_RATING - 1500.0) / SCALE,
            &[GameResult {
                opponent: strong,
                score: 1.0,
            }],
        )
        .expect("one game");
        assert!(period.v.is_finite() && period.v > 0.0, "v = {}", period.v);
        assert!(period.delta.is_finite(), "Δ = {}", period.delta);
    }
}
