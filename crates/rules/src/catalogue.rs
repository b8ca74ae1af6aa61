//! Everything a player can choose, defined once: the variants, the Tri-D rule sets, the
//! options (where each applies, and a line for people), the ways a game ends and the
//! opponent's levels. The server's `GET /api/variants`, the command line, bench and fuzz
//! iterate these; nothing else lists them.

use crate::game::Termination;
use crate::guide;
use crate::setup::{GameOption, RuleSet, Setup, Variant};
use std::ops::RangeInclusive;

/// The opponent's look-ahead levels in plies; beyond them is "max" (deepens until its
/// time budget ends).
pub const LEVEL_DEPTHS: RangeInclusive<u8> = 1..=6;

/// The identifier of the level beyond [`LEVEL_DEPTHS`].
pub const LEVEL_MAX_ID: &str = "max";

/// The level a new game gets when none is asked for.
pub const DEFAULT_LEVEL: u8 = 3;

/// A rule set as offered to players.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RuleSetEntry {
    pub id: RuleSet,
    pub title: String,
    /// One line for people.
    pub description: String,
}

/// An option as offered to players.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct OptionEntry {
    pub id: String,
    pub title: String,
    /// One line for people.
    pub description: String,
    /// The rule sets it applies under (empty: the variant has none).
    pub rules: Vec<RuleSet>,
}

/// A variant as offered to players.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct VariantEntry {
    pub id: Variant,
    pub title: String,
    /// One line for people.
    pub description: String,
    /// The rule sets to choose from, the default first (empty: one set of rules).
    pub rules: Vec<RuleSetEntry>,
    pub options: Vec<OptionEntry>,
}

/// A way a game can end.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TerminationEntry {
    pub id: String,
    pub text: String,
}

/// The opponent's levels: look-ahead depths `min..=max`, then `max_id`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LevelRange {
    pub min: u8,
    pub max: u8,
    pub max_id: String,
    pub default: u8,
}

/// Everything a player can choose, as plain data.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Catalogue {
    pub variants: Vec<VariantEntry>,
    pub terminations: Vec<TerminationEntry>,
    pub levels: LevelRange,
}

/// Every setup a game can be played under without options: each variant, and each Tri-D
/// rule set separately (for bench, fuzz and tests).
pub fn standard_setups() -> Vec<Setup> {
    Variant::ALL
        .into_iter()
        .flat_map(|v| {
            let rule_sets: Vec<Option<RuleSet>> = if v.has_rule_sets() {
                RuleSet::ALL.into_iter().map(Some).collect()
            } else {
                vec![None]
            };
            rule_sets
                .into_iter()
                .filter_map(move |r| Setup::new(v, r, Default::default()).ok())
        })
        .collect()
}

/// [`standard_setups`] and, for every option, each setup it applies to with it on (for
/// fuzzing and tests that must cover every rule).
pub fn every_setup() -> Vec<Setup> {
    let mut out = standard_setups();
    for o in GameOption::ALL {
        let mut options = crate::setup::Options::default();
        options.set(o);
        for s in standard_setups() {
            if let Ok(with) = Setup::new(s.variant(), s.rules_if_any(), options) {
                out.push(with);
            }
        }
    }
    out
}

/// The guide's one line on a rule set or option (the rules page explains it in full).
fn one_line(variant: Variant, id: &str) -> String {
    guide::choices(variant)
        .iter()
        .find(|c| c.id == id)
        .map_or_else(String::new, |c| c.summary.to_string())
}

/// The catalogue.
pub fn catalogue() -> Catalogue {
    let variants = Variant::ALL
        .into_iter()
        .map(|v| VariantEntry {
            id: v,
            title: v.title().into(),
            description: guide::summary(v).into(),
            rules: if v.has_rule_sets() {
                RuleSet::ALL
                    .into_iter()
                    .map(|r| RuleSetEntry {
                        id: r,
                        title: r.title().into(),
                        description: one_line(v, r.id()),
                    })
                    .collect()
            } else {
                Vec::new()
            },
            options: GameOption::ALL
                .into_iter()
                .filter(|o| o.variant() == v)
                .map(|o| OptionEntry {
                    id: o.id().into(),
                    title: o.title().into(),
                    description: one_line(v, o.id()),
                    rules: o.rules().into_iter().collect(),
                })
                .collect(),
        })
        .collect();
    Catalogue {
        variants,
        terminations: Termination::ALL
            .into_iter()
            .map(|t| TerminationEntry {
                id: t.id().into(),
                text: t.to_string(),
            })
            .collect(),
        levels: LevelRange {
            min: *LEVEL_DEPTHS.start(),
            max: *LEVEL_DEPTHS.end(),
            max_id: LEVEL_MAX_ID.into(),
            default: DEFAULT_LEVEL,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_option_applies_exactly_where_the_catalogue_says() {
        for v in catalogue().variants {
            let variant = v.id;
            let rule_sets: Vec<Option<RuleSet>> = if v.rules.is_empty() {
                vec![None]
            } else {
                v.rules.iter().map(|r| Some(r.id)).collect()
            };
            for o in GameOption::ALL {
                for r in &rule_sets {
                    let listed = v.options.iter().find(|e| e.id == o.id());
                    let expected = listed.is_some_and(|e| {
                        e.rules.is_empty() || r.is_some_and(|r| e.rules.contains(&r))
                    });
                    let ok = Setup::from_ids(variant.id(), r.map(RuleSet::id), &[o.id()]).is_ok();
                    assert_eq!(ok, expected, "{} {r:?} {}", variant.id(), o.id());
                }
            }
        }
    }

    #[test]
    fn standard_setups_cover_every_variant_and_rule_set() {
        let setups = standard_setups();
        assert_eq!(setups.len(), 3 + RuleSet::ALL.len());
        for v in Variant::ALL {
            assert!(setups.iter().any(|s| s.variant() == v));
        }
    }

    #[test]
    fn every_setup_turns_each_option_on_where_it_applies() {
        let all = every_setup();
        assert_eq!(all.len(), standard_setups().len() + 2);
        for o in GameOption::ALL {
            assert!(all.iter().any(|s| s.options().has(o)));
        }
    }

    #[test]
    fn every_variant_rule_set_and_option_is_said_in_one_line() {
        for v in catalogue().variants {
            let lines = std::iter::once(&v.description)
                .chain(v.rules.iter().map(|r| &r.description))
                .chain(v.options.iter().map(|o| &o.description));
            for line in lines {
                assert!(
                    !line.is_empty() && !line.contains('\n'),
                    "{}: {line:?}",
                    v.id
                );
            }
        }
    }

    #[test]
    fn terminations_are_listed_once_each() {
        let c = catalogue();
        let ids: std::collections::HashSet<_> = c.terminations.iter().map(|t| &t.id).collect();
        assert_eq!(ids.len(), Termination::ALL.len());
        assert_eq!(c.levels.min, 1);
        assert!(LEVEL_DEPTHS.contains(&c.levels.default));
    }
}
