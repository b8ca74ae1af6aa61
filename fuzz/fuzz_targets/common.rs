//! Shared by the targets: every setup the rules accept, and a game walked from a setup's
//! start by input bytes (each byte picks one legal move), using only the public API.

use rules::{Options, RuleSet, Setup, Variant};

/// Every setup the rules accept (variants added later are fuzzed without a change here).
pub fn all_setups() -> Vec<Setup> {
    let option_sets = [
        Options::default(),
        Options {
            rook_pawns: true,
            ..Options::default()
        },
        Options {
            destroy_both_kings: true,
            ..Options::default()
        },
    ];
    let mut setups = Vec::new();
    for variant in Variant::ALL {
        for rules in std::iter::once(None).chain(RuleSet::ALL.map(Some)) {
            for options in option_sets {
                if let Ok(setup) = Setup::new(variant, rules, options) {
                    if !setups.contains(&setup) {
                        setups.push(setup);
                    }
                }
            }
        }
    }
    setups
}

/// The setup the first byte picks, and the rest of the input.
pub fn pick_setup(data: &[u8]) -> Option<(Setup, &[u8])> {
    let (&first, rest) = data.split_first()?;
    let setups = all_setups();
    Some((setups[usize::from(first) % setups.len()], rest))
}
