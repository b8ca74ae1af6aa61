//! Choosing puzzles: the next one for a player (near their rating, not yet seen) and the
//! day's puzzle of a set. Deterministic, with a hash of our own (FNV-1a and SplitMix64),
//! so that every host and every build chooses alike.

use crate::{set, Puzzle};

/// The window around the player's rating: ±150 first, widened by 150 at a time.
pub const WINDOW_STEP: f64 = 150.0;

/// A puzzle of the set (and theme) not yet `seen`, rated within ±150 of `near` by its
/// seed rating when there is one, else within the narrowest wider window (±300, ±450,
/// ...); among those, the seed decides. `None` when the set is unknown or every puzzle
/// of it (and the theme) has been seen.
pub fn choose(
    set_id: &str,
    theme: Option<&str>,
    near: f64,
    seen: &dyn Fn(&str) -> bool,
    seed: u64,
) -> Option<&'static Puzzle> {
    choose_by(set_id, theme, near, &|p| p.rating, seen, seed)
}

/// [`choose`] with each puzzle's current rating given by `rating_of` (a host's stored
/// ratings).
pub fn choose_by(
    set_id: &str,
    theme: Option<&str>,
    near: f64,
    rating_of: &dyn Fn(&Puzzle) -> f64,
    seen: &dyn Fn(&str) -> bool,
    seed: u64,
) -> Option<&'static Puzzle> {
    let candidates: Vec<(&'static Puzzle, f64)> = set(set_id)?
        .puzzles
        .iter()
        .filter(|p| theme.is_none_or(|t| p.themes.iter().any(|h| h == t)))
        .filter(|p| !seen(&p.id))
        .map(|p| (p, (rating_of(p) - near).abs()))
        .collect();
    let nearest = candidates
        .iter()
        .map(|&(_, d)| d)
        .filter(|d| d.is_finite())
        .min_by(f64::total_cmp);
    let in_window: Vec<&'static Puzzle> = match nearest {
        Some(d) => {
            // The narrowest window of the steps that holds the nearest puzzle.
            let window = WINDOW_STEP * (d / WINDOW_STEP).ceil().max(1.0);
            candidates
                .iter()
                .filter(|&&(_, dist)| dist <= window)
                .map(|&(p, _)| p)
                .collect()
        }
        // No rating to go by (a non-finite `near` or ratings): any candidate.
        None => candidates.iter().map(|&(p, _)| p).collect(),
    };
    in_window
        .into_iter()
        .min_by_key(|p| (mix(seed ^ fnv(&p.id)), &p.id))
}

/// The puzzle of the day for a set (`day`: days since 1970-01-01 UTC): the same for
/// everyone all day, another the next day. The set's puzzles are taken in an order fixed
/// by their ids, one a day, round and round.
pub fn daily(set_id: &str, day: u64) -> Option<&'static Puzzle> {
    let puzzles = &set(set_id)?.puzzles;
    if puzzles.is_empty() {
        return None;
    }
    let mut order: Vec<&'static Puzzle> = puzzles.iter().collect();
    order.sort_by_key(|p| (fnv(&p.id), &p.id));
    let len = order.len() as u64;
    // A per-set offset, so that the sets do not all start the cycle on the same day.
    let index = day.wrapping_add(fnv(set_id)) % len;
    order.get(index as usize).copied()
}

/// FNV-1a, 64 bits: a hash that is the same on every build and platform (unlike the
/// standard library's), for puzzle ids, the daily order and per-player seeds.
pub fn fnv(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// SplitMix64's finaliser: every input bit moves every output bit.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
