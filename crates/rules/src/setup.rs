//! Which game is played: variant, Tri-D rule set and options.

use crate::error::SetupError;
use std::fmt;
use std::str::FromStr;

/// Generates [`Variant`] from the list in `registry.rs`.
macro_rules! variant_enum {
    (() $($Name:ident => $P:ty, $id:literal, $title:literal;)*) => {
        /// One of the games (the list: `registry.rs`).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[cfg_attr(
            feature = "serde",
            derive(serde::Serialize),
            serde(rename_all = "lowercase")
        )]
        #[cfg_attr(feature = "ts", derive(ts_rs::TS))]
        pub enum Variant {
            $($Name,)*
        }

        impl Variant {
            /// Every variant, in the registry's order (the opening screen's).
            pub const ALL: [Variant; [$($id),*].len()] = [$(Variant::$Name),*];

            /// The identifier used in records, the protocol and the API.
            pub fn id(self) -> &'static str {
                match self {
                    $(Variant::$Name => $id,)*
                }
            }

            /// The name shown to players.
            pub fn title(self) -> &'static str {
                match self {
                    $(Variant::$Name => $title,)*
                }
            }
        }
    };
}
crate::variants!(variant_enum!());

impl Variant {
    /// The identifiers for people: `stacked, trid, quadlevel or fourfold`.
    pub fn ids_in_words() -> String {
        let ids = Variant::ALL.map(Variant::id);
        match ids.split_last() {
            Some((last, [])) => last.to_string(),
            Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
            None => String::new(),
        }
    }

    /// Whether the variant is played under one of several rule sets (Tri-D).
    pub fn has_rule_sets(self) -> bool {
        self == Variant::Trid
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
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "lowercase")
)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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

    /// The name shown to players.
    pub fn title(self) -> &'static str {
        match self {
            RuleSet::Federation => "Federation",
            RuleSet::Meder => "Meder",
            RuleSet::Stepwise => "Stepwise",
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

/// An optional rule. Each applies to one variant (and, in Tri-D, one rule set) only.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameOption {
    /// Tri-D `federation`: rook pawns step sideways toward the centre.
    RookPawns,
    /// Quadlevel: a king may be lost instead of the game.
    DestroyBothKings,
}

impl GameOption {
    pub const ALL: [GameOption; 2] = [GameOption::RookPawns, GameOption::DestroyBothKings];

    /// The identifier used in records, the protocol and the API.
    pub fn id(self) -> &'static str {
        match self {
            GameOption::RookPawns => "rook-pawns",
            GameOption::DestroyBothKings => "destroy-both-kings",
        }
    }

    /// The name shown to players.
    pub fn title(self) -> &'static str {
        match self {
            GameOption::RookPawns => "Rook-pawn rule",
            GameOption::DestroyBothKings => "Destroy both kings",
        }
    }

    /// The variant it applies to.
    pub fn variant(self) -> Variant {
        match self {
            GameOption::RookPawns => Variant::Trid,
            GameOption::DestroyBothKings => Variant::Quadlevel,
        }
    }

    /// The one rule set it applies under, if the variant has rule sets.
    pub fn rules(self) -> Option<RuleSet> {
        match self {
            GameOption::RookPawns => Some(RuleSet::Federation),
            GameOption::DestroyBothKings => None,
        }
    }

    /// Whether it applies to this variant and rule set.
    pub fn applies(self, variant: Variant, rules: RuleSet) -> bool {
        self.variant() == variant && self.rules().is_none_or(|r| r == rules)
    }
}

impl FromStr for GameOption {
    type Err = SetupError;
    fn from_str(s: &str) -> Result<Self, SetupError> {
        GameOption::ALL
            .into_iter()
            .find(|o| o.id() == s)
            .ok_or_else(|| SetupError::UnknownOption(s.to_string()))
    }
}

/// Optional rules that are on. Each applies to one variant (and rule set) only.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Options {
    /// [`GameOption::RookPawns`].
    pub rook_pawns: bool,
    /// [`GameOption::DestroyBothKings`].
    pub destroy_both_kings: bool,
}

impl Options {
    /// Whether an option is on.
    pub fn has(&self, o: GameOption) -> bool {
        match o {
            GameOption::RookPawns => self.rook_pawns,
            GameOption::DestroyBothKings => self.destroy_both_kings,
        }
    }

    /// Turns an option on.
    pub fn set(&mut self, o: GameOption) {
        match o {
            GameOption::RookPawns => self.rook_pawns = true,
            GameOption::DestroyBothKings => self.destroy_both_kings = true,
        }
    }

    /// The options that are on, in a fixed order.
    pub fn on(&self) -> impl Iterator<Item = GameOption> + '_ {
        GameOption::ALL.into_iter().filter(|o| self.has(*o))
    }

    /// The option identifiers that are on, in a fixed order.
    pub fn ids(&self) -> Vec<&'static str> {
        self.on().map(GameOption::id).collect()
    }

    /// Turns on the option with this identifier.
    pub fn enable(&mut self, id: &str) -> Result<(), SetupError> {
        self.set(id.parse()?);
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
        if !variant.has_rule_sets() {
            if let Some(r) = rules {
                return Err(SetupError::RuleSetNotApplicable { variant, rules: r });
            }
        }
        let rules = rules.unwrap_or_default();
        if let Some(o) = options.on().find(|o| !o.applies(variant, rules)) {
            if o.variant() == variant {
                return Err(SetupError::OptionNotForRuleSet {
                    option: o.id(),
                    rules,
                });
            }
            return Err(SetupError::OptionNotApplicable {
                option: o.id(),
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
        self.variant.has_rule_sets().then_some(self.rules)
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
    #[test]
    fn identifiers_are_the_lower_case_names() {
        // The serialized forms (serde `lowercase`) must equal the identifiers.
        for v in Variant::ALL {
            assert_eq!(v.id(), format!("{v:?}").to_lowercase());
        }
        for r in RuleSet::ALL {
            assert_eq!(r.id(), format!("{r:?}").to_lowercase());
        }
    }

    use super::*;

    #[test]
    fn the_identifiers_in_words_name_every_variant() {
        assert_eq!(
            Variant::ids_in_words(),
            "stacked, trid, quadlevel or fourfold"
        );
    }

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
