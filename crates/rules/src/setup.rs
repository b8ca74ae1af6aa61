//! Which game is played: variant, Tri-D rule set and options.

use crate::error::SetupError;
use std::fmt;
use std::str::FromStr;

/// One of the four games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    Stacked,
    Trid,
    Quadlevel,
    Fourfold,
}

impl Variant {
    pub const ALL: [Variant; 4] = [
        Variant::Stacked,
        Variant::Trid,
        Variant::Quadlevel,
        Variant::Fourfold,
    ];

    /// The identifier used in records, the protocol and the API.
    pub fn id(self) -> &'static str {
        match self {
            Variant::Stacked => "stacked",
            Variant::Trid => "trid",
            Variant::Quadlevel => "quadlevel",
            Variant::Fourfold => "fourfold",
        }
    }

    /// The name shown to players.
    pub fn title(self) -> &'static str {
        match self {
            Variant::Stacked => "Stacked Boards",
            Variant::Trid => "Tri-D",
            Variant::Quadlevel => "Quadlevel",
            Variant::Fourfold => "Fourfold",
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for Variant {
    type Err = SetupError;
    fn from_str(s: &str) -> Result<Self, SetupError> {
        Variant::ALL
            .into_iter()
            .find(|v| v.id() == s)
            .ok_or_else(|| SetupError::UnknownVariant(s.to_string()))
    }
}

/// The Tri-D rule sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum RuleSet {
    #[default]
    Federation,
    Meder,
    Stepwise,
}

impl RuleSet {
    pub const ALL: [RuleSet; 3] = [RuleSet::Federation, RuleSet::Meder, RuleSet::Stepwise];

    pub fn id(self) -> &'static str {
        match self {
            RuleSet::Federation => "federation",
            RuleSet::Meder => "meder",
            RuleSet::Stepwise => "stepwise",
        }
    }
}

impl fmt::Display for RuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for RuleSet {
    type Err = SetupError;
    fn from_str(s: &str) -> Result<Self, SetupError> {
        RuleSet::ALL
            .into_iter()
            .find(|r| r.id() == s)
            .ok_or_else(|| SetupError::UnknownRuleSet(s.to_string()))
    }
}

/// Optional rules. Each applies to one variant (and rule set) only.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Options {
    /// Tri-D `federation`: rook pawns step sideways toward the centre.
    pub rook_pawns: bool,
    /// Quadlevel: a king may be lost instead of the game.
    pub destroy_both_kings: bool,
}

impl Options {
    /// The option identifiers that are on, in a fixed order.
    pub fn ids(&self) -> Vec<&'static str> {
        let mut ids = Vec::new();
        if self.rook_pawns {
            ids.push("rook-pawns");
        }
        if self.destroy_both_kings {
            ids.push("destroy-both-kings");
        }
        ids
    }

    /// Turns on the option with this identifier.
    pub fn enable(&mut self, id: &str) -> Result<(), SetupError> {
        match id {
            "rook-pawns" => self.rook_pawns = true,
            "destroy-both-kings" => self.destroy_both_kings = true,
            _ => return Err(SetupError::UnknownOption(id.to_string())),
        }
        Ok(())
    }
}

/// A complete choice of game: variant, rule set (Tri-D only) and options. Always
/// consistent: the constructor rejects a rule set or option that does not apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    variant: Variant,
    rules: RuleSet,
    options: Options,
}

impl Setup {
    /// Checks that the rule set and options apply to the variant. A missing rule set
    /// means the default (`federation` for Tri-D).
    pub fn new(
        variant: Variant,
        rules: Option<RuleSet>,
        options: Options,
    ) -> Result<Setup, SetupError> {
        if variant != Variant::Trid {
            if let Some(r) = rules {
                return Err(SetupError::RuleSetNotApplicable { variant, rules: r });
            }
        }
        let rules = rules.unwrap_or_default();
        if options.rook_pawns && variant != Variant::Trid {
            return Err(SetupError::OptionNotApplicable {
                option: "rook-pawns",
                variant,
            });
        }
        if options.rook_pawns && rules != RuleSet::Federation {
            return Err(SetupError::OptionNotForRuleSet {
                option: "rook-pawns",
                rules,
            });
        }
        if options.destroy_both_kings && variant != Variant::Quadlevel {
            return Err(SetupError::OptionNotApplicable {
                option: "destroy-both-kings",
                variant,
            });
        }
        Ok(Setup {
            variant,
            rules,
            options,
        })
    }

    /// The setup from textual identifiers, as the command line, protocol and API give them.
    pub fn from_ids(
        variant: &str,
        rules: Option<&str>,
        options: &[&str],
    ) -> Result<Setup, SetupError> {
        let variant: Variant = variant.parse()?;
        let rules = rules.map(str::parse).transpose()?;
        let mut opts = Options::default();
        for o in options {
            opts.enable(o)?;
        }
        Setup::new(variant, rules, opts)
    }

    /// The default setup of a variant.
    pub fn standard(variant: Variant) -> Setup {
        Setup {
            variant,
            rules: RuleSet::default(),
            options: Options::default(),
        }
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The rule set; meaningful for Tri-D only (`federation` elsewhere).
    pub fn rules(&self) -> RuleSet {
        self.rules
    }

    pub fn options(&self) -> Options {
        self.options
    }

    /// The rule set when it applies (Tri-D), for records and displays.
    pub fn rules_if_any(&self) -> Option<RuleSet> {
        (self.variant == Variant::Trid).then_some(self.rules)
    }
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.variant)?;
        if let Some(r) = self.rules_if_any() {
            write!(f, " ({r})")?;
        }
        for o in self.options.ids() {
            write!(f, " +{o}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn setup_rejects_options_of_other_variants() {
        assert!(Setup::from_ids("trid", Some("federation"), &["rook-pawns"]).is_ok());
        assert!(Setup::from_ids("trid", Some("meder"), &["rook-pawns"]).is_err());
        assert!(Setup::from_ids("stacked", Some("meder"), &[]).is_err());
        assert!(Setup::from_ids("quadlevel", None, &["destroy-both-kings"]).is_ok());
        assert!(Setup::from_ids("fourfold", None, &["destroy-both-kings"]).is_err());
        assert_eq!(
            Setup::from_ids("chess", None, &[]),
            Err(SetupError::UnknownVariant("chess".into()))
        );
    }

    #[test]
    fn an_option_refused_by_a_rule_set_names_the_rule_set() {
        for rules in ["meder", "stepwise"] {
            let e = Setup::from_ids("trid", Some(rules), &["rook-pawns"]).unwrap_err();
            let text = e.to_string();
            assert!(text.contains(&format!("not with {rules} rules")), "{text}");
            assert!(!text.contains("not to trid"), "{text}");
        }
        let e = Setup::from_ids("stacked", None, &["rook-pawns"]).unwrap_err();
        assert!(e.to_string().contains("not to stacked"), "{e}");
    }
}
