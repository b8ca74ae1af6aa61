//! What `selfplay` and `book` share: the setups chosen by `--variant` and `--rules`, the
//! bound on `--nodes`, and the one-thread search of a fixed number of nodes (the same
//! tree for the same seed on any machine, so their files can be reproduced).

use crate::Failure;
use engine::api::{self, Limits, SearchOptions, SearchResult, Settings};
use rules::any::AnyGame;
use rules::catalogue::standard_setups;
use rules::Setup;

/// Most nodes per search accepted (bounds a run).
pub const MAX_NODES: u64 = 10_000_000;

/// The setups of `--variant` and `--rules`: one, or with neither every variant and every
/// Tri-D rule set.
pub fn chosen_setups(variant: Option<&str>, rules: Option<&str>) -> Result<Vec<Setup>, Failure> {
    match variant {
        Some(v) => Ok(vec![Setup::from_ids(v, rules, &[])?]),
        None if rules.is_some() => Err(Failure("--rules needs --variant trid".to_string())),
        None => Ok(standard_setups()),
    }
}

/// `--nodes` within 1 to [`MAX_NODES`].
pub fn check_nodes(nodes: u64) -> Result<(), Failure> {
    if nodes == 0 || nodes > MAX_NODES {
        return Err(Failure(format!(
            "--nodes must be 1 to {MAX_NODES}, not {nodes}"
        )));
    }
    Ok(())
}

/// A search of `game` to `nodes` nodes on one thread with a 16 MB table, seeded.
pub fn search(game: &AnyGame, nodes: u64, seed: u64) -> SearchResult {
    let settings = Settings {
        threads: 1,
        hash_mb: 16,
    };
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    let options = SearchOptions {
        seed: seed | 1,
        ..SearchOptions::default()
    };
    api::start_search_with(game, limits, settings, options, Box::new(|_| {})).wait()
}

/// Where a command writes: standard output for `-`, else a new (truncated) file.
pub fn open_output(out: &str) -> Result<Box<dyn std::io::Write>, Failure> {
    if out == "-" {
        return Ok(Box::new(std::io::stdout().lock()));
    }
    let file =
        std::fs::File::create(out).map_err(|e| Failure(format!("cannot create {out}: {e}")))?;
    Ok(Box::new(std::io::BufWriter::new(file)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok<T>(r: Result<T, Failure>) -> T {
        r.unwrap_or_else(|e| panic!("{}", e.0))
    }

    #[test]
    fn setups_are_every_one_or_the_one_asked() {
        assert_eq!(ok(chosen_setups(None, None)), standard_setups());
        let meder = ok(chosen_setups(Some("trid"), Some("meder")));
        assert_eq!(meder.len(), 1);
        assert_eq!(
            meder[0].rules_if_any().map(|r| r.to_string()).as_deref(),
            Some("meder")
        );
        let err = chosen_setups(None, Some("meder")).unwrap_err();
        assert!(err.0.contains("--rules needs --variant trid"), "{}", err.0);
        assert!(chosen_setups(Some("hexagonal"), None).is_err());
    }

    #[test]
    fn nodes_are_bounded_and_the_search_is_reproducible() {
        assert!(check_nodes(0).unwrap_err().0.contains("not 0"));
        assert!(check_nodes(MAX_NODES + 1).is_err());
        assert!(check_nodes(MAX_NODES).is_ok());
        let game =
            rules::any::new_game(&ok(chosen_setups(Some("fourfold"), None))[0], None).unwrap();
        let (a, b) = (search(&game, 3000, 7), search(&game, 3000, 7));
        assert!(a.best.is_some());
        assert_eq!(
            (a.best, a.nodes),
            (b.best, b.nodes),
            "same seed, same search"
        );
    }
}
