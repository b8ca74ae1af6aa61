//! Tuning the evaluation weights to self-play data (Texel's method): find the weights
//! that minimise the mean squared error between the game results and a sigmoid of the
//! static evaluation of positions from those games.
//!
//! [`data`] is the file format of the positions, [`texel`] the fit. [`tune`] joins
//! them for one variant: it builds each position, takes its term counts
//! ([`Weighted::features`]), fits the sigmoid's scale K to the current weights and then
//! the weights.

pub mod data;
pub mod texel;

use crate::eval::weights::{Committed, Weighted, Weights};
use data::Record;
use std::fmt;
use texel::Sample;

/// A failure of the tuner, naming the file and line when there is one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TuneError(pub String);

impl TuneError {
    pub fn at(file: &str, line: usize, text: &str, message: impl fmt::Display) -> TuneError {
        TuneError(format!(
            "{file} line {line}: {message} (in {})",
            crate::eval::weights::quoted(text)
        ))
    }
}

impl fmt::Display for TuneError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for TuneError {}

/// The samples among the records that `weights` serve (variant `P`; for Tri-D one rule
/// set): records of other setups are skipped. `file` and the line numbers name a
/// position that does not parse.
pub fn samples<P: Weighted>(
    weights: &Committed,
    file: &str,
    records: &[(usize, Record)],
) -> Result<Vec<Sample>, TuneError> {
    let mut out = Vec::new();
    for (line, r) in records {
        if !weights.serves(&r.setup) {
            continue;
        }
        let pos = P::from_position_string(&r.setup, &r.position)
            .map_err(|e| TuneError::at(file, *line, &r.position, format!("position: {e}")))?;
        out.push(Sample {
            features: pos.features().0.iter().map(|&c| f64::from(c)).collect(),
            result: r.result.score_for(pos.turn()),
        });
    }
    Ok(out)
}

/// What a tuning run found.
#[derive(Clone, Debug)]
pub struct Report {
    pub positions: usize,
    /// The sigmoid's scale, per centipawn, fitted to the starting weights.
    pub k: f64,
    pub error_before: f64,
    /// With the fitted weights rounded to whole centipawns.
    pub error_after: f64,
    pub weights: Weights,
}

/// Fits the weights of `P`, starting from `start`, to the samples.
pub fn tune<P: Weighted>(
    samples: &[Sample],
    start: &Weights,
    iterations: usize,
) -> Result<Report, TuneError> {
    if samples.is_empty() {
        return Err(TuneError(format!(
            "no {} positions in the data",
            start.variant
        )));
    }
    let w0: Vec<f64> = start.values.iter().map(|&v| f64::from(v)).collect();
    let k = texel::fit_k(samples, &w0);
    let error_before = texel::error(samples, &w0, k);
    let fitted = texel::fit(samples, &w0, k, iterations);
    let values: Vec<i32> = fitted
        .iter()
        .map(|v| {
            v.round().clamp(
                -f64::from(crate::eval::weights::MAX_WEIGHT),
                f64::from(crate::eval::weights::MAX_WEIGHT),
            ) as i32
        })
        .collect();
    let rounded: Vec<f64> = values.iter().map(|&v| f64::from(v)).collect();
    Ok(Report {
        positions: samples.len(),
        k,
        error_before,
        error_after: texel::error(samples, &rounded, k),
        weights: Weights {
            values,
            ..start.clone()
        },
    })
}
