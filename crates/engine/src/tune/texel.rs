//! The fit: the predicted score of a position is σ(K·s), s = Σ wᵢ·fᵢ the static
//! evaluation (the side to move's view) and σ the logistic function; the error is the
//! mean of (result − σ(K·s))². K is fitted first, to the starting weights (a 1-D
//! search on log K), then the weights with K fixed, by Gauss–Newton steps with
//! Levenberg–Marquardt damping (the model is linear inside the sigmoid, so a dozen
//! steps converge where plain gradient descent needs thousands).

/// One position: its term counts and the result for the side to move (1, ½, 0; a
/// fraction in tests).
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    pub features: Vec<f64>,
    pub result: f64,
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// The mean squared error of the weights.
pub fn error(samples: &[Sample], weights: &[f64], k: f64) -> f64 {
    let sum: f64 = samples
        .iter()
        .map(|s| (s.result - sigmoid(k * dot(&s.features, weights))).powi(2))
        .sum();
    sum / samples.len().max(1) as f64
}

/// The K (per centipawn) that minimises the error of these weights: golden-section
/// search on log₁₀ K in [−5, 0] (K from 0.00001 to 1).
pub fn fit_k(samples: &[Sample], weights: &[f64]) -> f64 {
    let e = |lg: f64| error(samples, weights, 10f64.powf(lg));
    let g = (5f64.sqrt() - 1.0) / 2.0;
    let (mut a, mut b) = (-5.0f64, 0.0f64);
    let mut c = b - g * (b - a);
    let mut d = a + g * (b - a);
    let (mut ec, mut ed) = (e(c), e(d));
    for _ in 0..60 {
        if ec < ed {
            b = d;
            d = c;
            ed = ec;
            c = b - g * (b - a);
            ec = e(c);
        } else {
            a = c;
            c = d;
            ec = ed;
            d = a + g * (b - a);
            ed = e(d);
        }
    }
    10f64.powf((a + b) / 2.0)
}

/// The weights minimising the error at scale `k`, from `start`, in at most
/// `iterations` accepted or rejected steps.
pub fn fit(samples: &[Sample], start: &[f64], k: f64, iterations: usize) -> Vec<f64> {
    let n = start.len();
    let mut w = start.to_vec();
    let mut err = error(samples, &w, k);
    let mut lambda = 1e-3;
    for _ in 0..iterations {
        // Gradient g and Gauss–Newton matrix h of the summed squared error.
        let mut g = vec![0.0; n];
        let mut h = vec![vec![0.0; n]; n];
        for s in samples {
            let p = sigmoid(k * dot(&s.features, &w));
            let slope = k * p * (1.0 - p);
            let r = s.result - p;
            for i in 0..n {
                let ji = slope * s.features[i];
                if ji == 0.0 {
                    continue;
                }
                g[i] -= r * ji;
                for (hij, fj) in h[i].iter_mut().zip(&s.features) {
                    *hij += ji * slope * fj;
                }
            }
        }
        let mut improved = false;
        while lambda < 1e12 {
            let mut a = h.clone();
            for (i, row) in a.iter_mut().enumerate() {
                row[i] += lambda * (row[i] + 1e-12);
            }
            let Some(step) = solve(a, g.iter().map(|x| -x).collect()) else {
                lambda *= 10.0;
                continue;
            };
            let trial: Vec<f64> = w.iter().zip(&step).map(|(x, d)| x + d).collect();
            let e = error(samples, &trial, k);
            if e < err {
                let small = step.iter().all(|d| d.abs() < 1e-4);
                w = trial;
                err = e;
                lambda = (lambda / 10.0).max(1e-9);
                improved = !small;
                break;
            }
            lambda *= 10.0;
        }
        if !improved {
            break;
        }
    }
    w
}

/// Solves a·x = b by Gaussian elimination with partial pivoting; `None` if singular.
fn solve(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Option<Vec<f64>> {
    let n = b.len();
    for col in 0..n {
        let pivot = (col..n).max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))?;
        if a[pivot][col].abs() < 1e-300 {
            return None;
        }
        a.swap(col, pivot);
        b.swap(col, pivot);
        for row in col + 1..n {
            let f = a[row][col] / a[col][col];
            if f == 0.0 {
                continue;
            }
            let (top, bottom) = a.split_at_mut(row);
            for (x, p) in bottom[0][col..].iter_mut().zip(&top[col][col..]) {
                *x -= f * p;
            }
            b[row] -= f * b[col];
        }
    }
    let mut x = vec![0.0; n];
    for row in (0..n).rev() {
        let s: f64 = (row + 1..n).map(|c| a[row][c] * x[c]).sum();
        x[row] = (b[row] - s) / a[row][row];
    }
    x.iter().all(|v| v.is_finite()).then_some(x)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A deterministic generator for the synthetic data.
    fn next(state: &mut u64) -> u64 {
        let (s, r) = rules::zobrist::splitmix64(*state);
        *state = s;
        r
    }

    /// Positions with random counts, whose results are drawn with the probabilities
    /// that `truth` at scale `k` predicts.
    fn synthetic(truth: &[f64], k: f64, count: usize, seed: u64) -> Vec<Sample> {
        let mut state = seed;
        (0..count)
            .map(|_| {
                let mut f: Vec<f64> = (0..truth.len())
                    .map(|_| (next(&mut state) % 7) as f64 - 3.0)
                    .collect();
                *f.last_mut().expect("a term") = 1.0; // the tempo: always 1
                let p = sigmoid(k * dot(&f, truth));
                let u = (next(&mut state) % 1_000_000) as f64 / 1_000_000.0;
                let result = if u < p { 1.0 } else { 0.0 };
                Sample {
                    features: f,
                    result,
                }
            })
            .collect()
    }

    #[test]
    fn recovers_the_weights_that_generated_the_data() {
        let truth = [100.0, 310.0, 25.0, -40.0, 10.0];
        let k = 0.004;
        let samples = synthetic(&truth, k, 40_000, 7);
        let start = [80.0, 250.0, 0.0, 0.0, 0.0];
        let fitted = fit(&samples, &start, k, 50);
        for (f, t) in fitted.iter().zip(&truth) {
            // Sampling noise of 40 000 games: a few centipawns.
            assert!(
                (f - t).abs() < 0.06 * t.abs() + 6.0,
                "fitted {fitted:?}, truth {truth:?}"
            );
        }
        assert!(error(&samples, &fitted, k) < error(&samples, &start, k));
        // K fitted to the true weights comes back near the true K.
        let k_fit = fit_k(&samples, &truth);
        assert!((k_fit / k - 1.0).abs() < 0.1, "K {k_fit} vs {k}");
    }

    #[test]
    fn exact_targets_are_fitted_exactly() {
        let truth = [120.0, -30.0, 8.0];
        let k = 0.01;
        let mut samples = synthetic(&truth, k, 2_000, 3);
        for s in &mut samples {
            s.result = sigmoid(k * dot(&s.features, &truth));
        }
        let fitted = fit(&samples, &[0.0, 0.0, 0.0], k, 100);
        for (f, t) in fitted.iter().zip(&truth) {
            assert!((f - t).abs() < 0.01, "fitted {fitted:?}, truth {truth:?}");
        }
    }

    #[test]
    fn a_term_absent_from_the_data_keeps_its_weight() {
        let truth = [100.0, 0.0, 10.0];
        let mut samples = synthetic(&truth, 0.005, 5_000, 11);
        for s in &mut samples {
            s.features[1] = 0.0;
        }
        let fitted = fit(&samples, &[90.0, 42.0, 0.0], 0.005, 50);
        assert_eq!(fitted[1], 42.0);
    }
}
