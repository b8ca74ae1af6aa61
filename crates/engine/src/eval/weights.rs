//! Evaluation weights as data. Each variant's evaluation is a sum of terms, each a
//! weight times a count from the side to move's view (material difference, pieces on
//! the enemy king's board, ranks of pawn advance, …). The counts are computed by one
//! function per variant, generic over [`Terms`]: with a [`Scorer`] it is the static
//! evaluation, with [`Features`] it yields the counts the tuner fits weights to. So
//! the evaluation and the tuner cannot disagree about what a term means.
//!
//! The weights of a variant are a text file committed next to this module
//! (`weights/<variant>.txt`, included in the binary and parsed once):
//!
//! ```text
//! # comments and blank lines are ignored
//! variant fourfold
//! pawn 140
//! knight 300
//! ```
//!
//! The `variant` line comes first (for Tri-D the variant and the rule set the weights
//! serve, `variant trid/meder`: each rule set has a file of its own); then every term of
//! the variant exactly once, as its name and an integer in centipawns. `spacechess tune`
//! writes this format.

use super::PieceValues;
use crate::score::Value;
use rules::{Color, Position, RuleSet, Setup, Variant};
use std::fmt;
use std::sync::OnceLock;

/// Where the counts of an evaluation go.
pub trait Terms {
    /// Adds `count` of term `term` (an index into the variant's term list).
    fn add(&mut self, term: usize, count: Value);
}

/// Sums weight × count: the static evaluation.
pub struct Scorer<'a> {
    weights: &'a [Value],
    pub total: Value,
}

impl<'a> Scorer<'a> {
    pub fn new(weights: &'a [Value]) -> Self {
        Scorer { weights, total: 0 }
    }
}

impl Terms for Scorer<'_> {
    #[inline(always)]
    fn add(&mut self, term: usize, count: Value) {
        self.total += self.weights[term] * count;
    }
}

/// Collects the counts of each term: the features the tuner fits.
#[derive(Clone, Debug, PartialEq)]
pub struct Features(pub Vec<Value>);

impl Terms for Features {
    fn add(&mut self, term: usize, count: Value) {
        self.0[term] += count;
    }
}

/// A variant's weights: the value of each of its terms, in the order of its term list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    /// What the weights serve, as the file's `variant` line says it: the variant, and for
    /// Tri-D the rule set (`trid/meder`).
    pub variant: &'static str,
    pub names: &'static [&'static str],
    pub values: Vec<Value>,
}

/// A weights file that cannot be used, with the line at fault (1-based; 0: the file as
/// a whole).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WeightsError {
    pub line: usize,
    pub message: String,
}

impl fmt::Display for WeightsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "weights: {}", self.message)
        } else {
            write!(f, "weights line {}: {}", self.line, self.message)
        }
    }
}

impl std::error::Error for WeightsError {}

/// A line quoted in an error, cut short when long.
pub fn quoted(line: &str) -> String {
    const MAX: usize = 60;
    if line.chars().count() > MAX {
        format!("{:?}…", line.chars().take(MAX).collect::<String>())
    } else {
        format!("{line:?}")
    }
}

/// Largest magnitude of a weight: far beyond any sensible centipawn value, and small
/// enough that no sum of terms overflows.
pub const MAX_WEIGHT: Value = 100_000;

impl Weights {
    /// Parses a weights file for the variant with these term names.
    pub fn parse(
        variant: &'static str,
        names: &'static [&'static str],
        text: &str,
    ) -> Result<Weights, WeightsError> {
        let err = |line: usize, message: String| WeightsError { line, message };
        let mut values: Vec<Option<Value>> = vec![None; names.len()];
        let mut seen_variant = false;
        for (i, raw) in text.lines().enumerate() {
            let n = i + 1;
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let mut words = line.split_whitespace();
            let (Some(key), Some(value), None) = (words.next(), words.next(), words.next()) else {
                return Err(err(
                    n,
                    format!("expected `name value`, got {}", quoted(raw)),
                ));
            };
            if !seen_variant {
                if key != "variant" {
                    return Err(err(
                        n,
                        format!("expected `variant {variant}` first, got {}", quoted(raw)),
                    ));
                }
                if value != variant {
                    return Err(err(n, format!("weights of {value:?}, not of {variant}")));
                }
                seen_variant = true;
                continue;
            }
            let Some(term) = names.iter().position(|&t| t == key) else {
                return Err(err(
                    n,
                    format!(
                        "unknown term {} (terms of {variant}: {})",
                        quoted(key),
                        names.join(" ")
                    ),
                ));
            };
            let v: Value = value
                .parse()
                .ok()
                .filter(|v: &Value| v.abs() <= MAX_WEIGHT)
                .ok_or_else(|| {
                    err(
                        n,
                        format!(
                            "the weight of {key} must be an integer within ±{MAX_WEIGHT}, not {}",
                            quoted(value)
                        ),
                    )
                })?;
            if values[term].replace(v).is_some() {
                return Err(err(n, format!("term {key} given twice")));
            }
        }
        if !seen_variant {
            return Err(err(0, format!("no `variant {variant}` line")));
        }
        let missing: Vec<&str> = names
            .iter()
            .zip(&values)
            .filter(|(_, v)| v.is_none())
            .map(|(n, _)| *n)
            .collect();
        if !missing.is_empty() {
            return Err(err(0, format!("missing terms: {}", missing.join(" "))));
        }
        Ok(Weights {
            variant,
            names,
            values: values.into_iter().flatten().collect(),
        })
    }

    /// The file form, parsed back by [`Weights::parse`]; `comment` lines go first.
    pub fn to_text(&self, comment: &str) -> String {
        let mut out = String::new();
        for line in comment.lines() {
            out.push_str("# ");
            out.push_str(line);
            out.push('\n');
        }
        out.push_str(&format!("variant {}\n", self.variant));
        for (name, v) in self.names.iter().zip(&self.values) {
            out.push_str(&format!("{name} {v}\n"));
        }
        out
    }
}

/// A variant's committed weights (Tri-D: one rule set's), parsed on first use, unless
/// other weights were installed before (for a match of tuned weights against the
/// committed ones).
pub struct Committed {
    variant: Variant,
    /// The rule set the weights serve; `None`: every rule set (variants without them).
    rules: Option<RuleSet>,
    /// The file's `variant` line: `stacked`, `trid/meder`.
    id: &'static str,
    names: &'static [&'static str],
    text: &'static str,
    cell: OnceLock<Weights>,
}

impl Committed {
    pub const fn new(
        variant: Variant,
        rules: Option<RuleSet>,
        id: &'static str,
        names: &'static [&'static str],
        text: &'static str,
    ) -> Self {
        Committed {
            variant,
            rules,
            id,
            names,
            text,
            cell: OnceLock::new(),
        }
    }

    /// The weights in use.
    #[inline]
    pub fn get(&self) -> &Weights {
        self.cell.get_or_init(|| self.default_weights())
    }

    /// The weights of the committed file (a unit test parses every one).
    pub fn default_weights(&self) -> Weights {
        Weights::parse(self.id, self.names, self.text)
            .unwrap_or_else(|e| panic!("the committed {} weights: {e}", self.id))
    }

    /// Parses a weights file of this variant (and rule set).
    pub fn parse(&self, text: &str) -> Result<Weights, WeightsError> {
        Weights::parse(self.id, self.names, text)
    }

    /// Uses these weights instead of the committed ones from now on. Only before the
    /// first evaluation of the variant: the weights are fixed for the life of the process.
    pub fn install(&self, weights: Weights) -> Result<(), String> {
        let wanted = weights.values.clone();
        let current = self.cell.get_or_init(|| weights);
        if current.values == wanted {
            Ok(())
        } else {
            Err(format!(
                "the {} weights are already in use; set them before the first search",
                self.id
            ))
        }
    }

    /// What the weights serve: `stacked`, `trid/meder` (the file's `variant` line).
    pub fn id(&self) -> &'static str {
        self.id
    }

    /// Whether games of this setup are scored with these weights.
    pub fn serves(&self, setup: &Setup) -> bool {
        setup.variant() == self.variant && self.rules.is_none_or(|r| r == setup.rules())
    }

    pub fn names(&self) -> &'static [&'static str] {
        self.names
    }
}

/// The committed weights of a setup (Tri-D: of its rule set), for a caller that knows the
/// setup only at run time: the engine's `Weights` option, the book's margin.
pub fn committed_for(setup: &Setup) -> &'static Committed {
    rules::with_position_type!(setup.variant(), P => P::committed_for(setup.rules()))
}

/// A position type whose evaluation is a weighted sum of terms.
pub trait Weighted: Position {
    /// The variant's weights under a rule set (only Tri-D's rule sets have weights of
    /// their own; the other variants ignore it).
    fn committed_for(rules: RuleSet) -> &'static Committed;
    /// The weights this position is scored with: its rule set's.
    fn committed_weights(&self) -> &'static Committed {
        Self::committed()
    }
    /// Adds every term's count, from the side to move's view.
    fn terms<T: Terms>(&self, t: &mut T);

    /// The variant's weights under its default rule set.
    fn committed() -> &'static Committed {
        Self::committed_for(RuleSet::default())
    }

    /// The term counts of this position.
    fn features(&self) -> Features {
        let mut f = Features(vec![0; self.committed_weights().names.len()]);
        self.terms(&mut f);
        f
    }

    /// The static evaluation with the weights in use.
    #[inline]
    fn weighted_score(&self) -> Value {
        let mut s = Scorer::new(&self.committed_weights().get().values);
        self.terms(&mut s);
        s.total
    }
}

/// The names of the material terms, the first five of every variant (pawn to queen,
/// in the order of [`PieceKind::index`]).
pub const MATERIAL: [&str; 5] = ["pawn", "knight", "bishop", "rook", "queen"];

/// Material difference of each kind (terms 0–4), for the side to move.
#[inline]
pub fn material_terms<P: Position, T: Terms>(pos: &P, t: &mut T) {
    material_terms_of(&pos.material(), pos.turn(), t);
}

/// [`material_terms`] from counts already taken (`Position::material`), `us` to move.
pub fn material_terms_of<T: Terms>(m: &[[u8; 6]; 2], us: Color, t: &mut T) {
    let us = us.index();
    let kinds = m[us].iter().zip(&m[1 - us]).take(MATERIAL.len());
    for (k, (&ours, &theirs)) in kinds.enumerate() {
        t.add(k, Value::from(ours) - Value::from(theirs));
    }
}

/// The piece values (king 0) of weights that start with the material terms.
pub fn piece_values(w: &Weights) -> PieceValues {
    let v = &w.values;
    [v[0], v[1], v[2], v[3], v[4], 0]
}

#[cfg(test)]
mod tests {
    use super::*;

    const NAMES: &[&str] = &["pawn", "tempo"];

    #[test]
    fn round_trip() {
        let w = Weights {
            variant: "toy",
            names: NAMES,
            values: vec![123, -7],
        };
        let text = w.to_text("fitted\nby hand");
        assert!(text.starts_with("# fitted\n# by hand\nvariant toy\n"));
        assert_eq!(Weights::parse("toy", NAMES, &text), Ok(w));
    }

    #[test]
    fn bad_files_name_the_line() {
        let cases = [
            ("pawn 1\ntempo 2\n", 1, "expected `variant toy` first"),
            ("variant other\n", 1, "weights of \"other\""),
            ("variant toy\npawn 1\npawn 2\ntempo 1\n", 3, "given twice"),
            ("variant toy\n# c\npawn x\ntempo 1\n", 3, "not \"x\""),
            ("variant toy\npawn 1\nrook 5\n", 3, "unknown term \"rook\""),
            ("variant toy\npawn 1 2\n", 2, "expected `name value`"),
            ("variant toy\npawn 1\ntempo 999999\n", 3, "within ±100000"),
            ("variant toy\npawn 1\n", 0, "missing terms: tempo"),
            ("", 0, "no `variant toy` line"),
        ];
        for (text, line, needle) in cases {
            let e = Weights::parse("toy", NAMES, text).unwrap_err();
            assert_eq!(e.line, line, "{text:?}: {e}");
            assert!(e.to_string().contains(needle), "{text:?}: {e}");
        }
    }
}
