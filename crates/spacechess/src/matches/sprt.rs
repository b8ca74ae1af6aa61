//! Match statistics: Elo estimate with a 95 % error bar, and the sequential probability
//! ratio test (SPRT) in the generalised, draw-model-free form used by engine testing
//! frameworks: the log-likelihood ratio of H1 (Elo = `elo1`) against H0 (Elo = `elo0`) is
//! approximated from the sample mean and variance of the outcomes,
//! `LLR ≈ N (s1 − s0)(2 s̄ − s0 − s1) / (2 σ²)`.
//!
//! Outcomes are counted per game (trinomial: loss, draw, win) or per pair of games
//! played from the same opening with colours swapped (pentanomial: pair scores 0, ½, 1,
//! 1½, 2). The pentanomial form is the right one when openings are played twice: the two
//! games of a pair are not independent.

/// Expected score of a player `elo` points stronger (logistic model).
pub fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The Elo difference that gives this expected score.
pub fn elo_from_score(score: f64) -> f64 {
    let s = score.clamp(1e-6, 1.0 - 1e-6);
    -400.0 * (1.0 / s - 1.0).log10()
}

/// Outcome counts, from the first player's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Trinomial {
    pub losses: u64,
    pub draws: u64,
    pub wins: u64,
}

/// Pair counts by the pair's total score: `[0, ½, 1, 1½, 2]` (index = half-points).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial(pub [u64; 5]);

/// Mean score per game, variance of one trial's score (per game, or per pair of games
/// scaled to a game), and the number of trials.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    pub score: f64,
    /// Variance of one trial's mean game score.
    pub variance: f64,
    pub trials: f64,
}

impl Trinomial {
    pub fn games(&self) -> u64 {
        self.losses + self.draws + self.wins
    }
    /// The per-game sample; the runner decides by pairs (pentanomial), so only the
    /// tests compare the two forms.
    #[cfg(test)]
    pub fn sample(&self) -> Option<Sample> {
        sample(&[(0.0, self.losses), (0.5, self.draws), (1.0, self.wins)])
    }
}

impl Pentanomial {
    #[cfg(test)]
    pub fn pairs(&self) -> u64 {
        self.0.iter().sum()
    }
    /// Adds one pair from the two game results (1, ½ or 0 each, first player's view).
    pub fn add_pair(&mut self, first: f64, second: f64) {
        let half_points = ((first + second) * 2.0).round() as usize;
        self.0[half_points.min(4)] += 1;
    }
    pub fn sample(&self) -> Option<Sample> {
        // A pair's score as a mean game score: 0, ¼, ½, ¾, 1.
        sample(&[
            (0.0, self.0[0]),
            (0.25, self.0[1]),
            (0.5, self.0[2]),
            (0.75, self.0[3]),
            (1.0, self.0[4]),
        ])
    }
}

fn sample(outcomes: &[(f64, u64)]) -> Option<Sample> {
    let n: u64 = outcomes.iter().map(|o| o.1).sum();
    if n == 0 {
        return None;
    }
    let n = n as f64;
    let score = outcomes.iter().map(|&(x, c)| x * c as f64).sum::<f64>() / n;
    let variance = outcomes
        .iter()
        .map(|&(x, c)| c as f64 * (x - score).powi(2))
        .sum::<f64>()
        / n;
    Some(Sample {
        score,
        variance,
        trials: n,
    })
}

impl Sample {
    /// The Elo estimate.
    pub fn elo(&self) -> f64 {
        elo_from_score(self.score)
    }

    /// The 95 % confidence interval of the Elo difference (normal approximation on the
    /// score, mapped through the logistic curve).
    pub fn elo_interval(&self) -> (f64, f64) {
        let margin = 1.959_964 * (self.variance / self.trials).sqrt();
        (
            elo_from_score(self.score - margin),
            elo_from_score(self.score + margin),
        )
    }

    /// The approximate log-likelihood ratio of Elo `elo1` against Elo `elo0`.
    ///
    /// **[decision]** A sample of identical outcomes (say, all wins) has no variance and
    /// would leave the ratio undefined; the variance is floored at [`VARIANCE_FLOOR`]
    /// (a standard deviation of 0.1 game points), which only matters for such lopsided
    /// samples.
    pub fn llr(&self, elo0: f64, elo1: f64) -> f64 {
        let (s0, s1) = (expected_score(elo0), expected_score(elo1));
        let variance_of_mean = self.variance.max(VARIANCE_FLOOR) / self.trials;
        (s1 - s0) * (2.0 * self.score - s0 - s1) / (2.0 * variance_of_mean)
    }
}

/// The smallest per-trial variance the LLR uses.
pub const VARIANCE_FLOOR: f64 = 0.01;

/// The SPRT's decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Elo ≥ elo1 accepted.
    H1,
    /// Elo ≤ elo0 accepted.
    H0,
    /// Not yet decided: play on.
    Continue,
}

/// An SPRT with its hypotheses and error rates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

impl Sprt {
    /// The stopping bounds (lower, upper) of the LLR.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    pub fn verdict(&self, llr: f64) -> Verdict {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Verdict::H1
        } else if llr <= lower {
            Verdict::H0
        } else {
            Verdict::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tolerance: f64) -> bool {
        (a - b).abs() <= tolerance
    }

    #[test]
    fn elo_of_known_scores() {
        // Textbook values of the logistic model: 64 % ≈ +100, 76 % ≈ +200, 75 % ≈ +190.8.
        assert!(close(elo_from_score(0.64), 99.95, 0.1));
        assert!(close(elo_from_score(0.76), 200.0, 0.3));
        assert!(close(elo_from_score(0.75), 190.85, 0.01));
        assert!(close(expected_score(elo_from_score(0.3)), 0.3, 1e-12));
    }

    #[test]
    fn bounds_for_five_percent_errors() {
        let t = Sprt {
            elo0: 0.0,
            elo1: 5.0,
            alpha: 0.05,
            beta: 0.05,
        };
        let (lo, hi) = t.bounds();
        assert!(close(lo, -2.944, 0.001) && close(hi, 2.944, 0.001));
        assert_eq!(t.verdict(3.0), Verdict::H1);
        assert_eq!(t.verdict(-3.0), Verdict::H0);
        assert_eq!(t.verdict(0.5), Verdict::Continue);
    }

    /// A published pentanomial test report (an engine-testing framework's raw statistics
    /// page): pairs [13, 37, 50, 25, 3], score 0.43750, variance per pair 0.05762,
    /// Elo −43.6578, and for logistic bounds [0, 2.716] an approximate LLR of −0.55961.
    #[test]
    fn pentanomial_matches_a_published_report() {
        let p = Pentanomial([13, 37, 50, 25, 3]);
        let s = p.sample().unwrap();
        assert_eq!(p.pairs(), 128);
        assert!(close(s.score, 0.4375, 1e-9));
        assert!(close(s.variance, 0.05762, 0.00001));
        assert!(close(s.elo(), -43.6578, 0.001));
        assert!(
            close(s.llr(0.0, 2.716), -0.55961, 0.002),
            "{}",
            s.llr(0.0, 2.716)
        );
        let (lo, hi) = s.elo_interval();
        assert!(
            lo < -70.0 && lo > -80.0 && hi > -20.0 && hi < -10.0,
            "{lo} {hi}"
        );
    }

    /// The trinomial form against the formula computed by hand: 30 wins, 50 draws,
    /// 20 losses: s = 0.55, m2 = 0.3 + 0.125 = 0.425, var = 0.425 − 0.3025 = 0.1225.
    #[test]
    fn trinomial_by_hand() {
        let t = Trinomial {
            losses: 20,
            draws: 50,
            wins: 30,
        };
        let s = t.sample().unwrap();
        assert!(close(s.score, 0.55, 1e-12));
        assert!(close(s.variance, 0.1225, 1e-12));
        let (s0, s1) = (0.5, expected_score(10.0));
        let by_hand = (s1 - s0) * (2.0 * 0.55 - s0 - s1) / (2.0 * 0.1225 / 100.0);
        assert!(close(s.llr(0.0, 10.0), by_hand, 1e-12));
        assert!(close(s.elo(), 34.86, 0.01));
    }

    #[test]
    fn a_clean_sweep_decides() {
        let p = Pentanomial([0, 0, 0, 0, 6]);
        let s = p.sample().unwrap();
        let t = Sprt {
            elo0: 0.0,
            elo1: 400.0,
            alpha: 0.05,
            beta: 0.05,
        };
        assert_eq!(t.verdict(s.llr(t.elo0, t.elo1)), Verdict::H1);
        let lost = Pentanomial([6, 0, 0, 0, 0]).sample().unwrap();
        assert_eq!(t.verdict(lost.llr(t.elo0, t.elo1)), Verdict::H0);
    }

    #[test]
    fn pairs_are_counted_by_total() {
        let mut p = Pentanomial::default();
        p.add_pair(1.0, 0.5);
        p.add_pair(0.0, 0.0);
        p.add_pair(0.5, 0.5);
        assert_eq!(p.0, [1, 0, 1, 1, 0]);
    }
}
