//! A per-search cache of static evaluations, keyed by the position's hash.
//!
//! The quiescence search evaluates every node it visits, and the same positions come
//! back through transpositions and through the re-searches of iterative deepening; the
//! evaluations with mobility and king-safety terms cost as much as generating the moves.
//! A hit returns exactly what the evaluation would (the evaluation reads only what the
//! hash covers), so the search's tree, and `bench`'s node count, are unchanged.

use crate::score::Value;

/// Slots (a power of two): 16 KiB entries, 256 KiB, within a core's second-level cache.
const SLOTS: usize = 1 << 14;
/// No position's hash is taken to be this (a 2⁻⁶⁴ chance, as for the table's keys).
const EMPTY: u64 = u64::MAX;

#[derive(Clone, Copy)]
struct Slot {
    key: u64,
    value: Value,
}

/// Direct-mapped: a new evaluation replaces whatever shared its slot.
pub struct EvalCache {
    slots: Vec<Slot>,
}

impl Default for EvalCache {
    fn default() -> Self {
        EvalCache {
            slots: vec![
                Slot {
                    key: EMPTY,
                    value: 0
                };
                SLOTS
            ],
        }
    }
}

impl EvalCache {
    /// The cached evaluation of the position with hash `key`, else `evaluate()` (kept).
    #[inline]
    pub fn get_or(&mut self, key: u64, evaluate: impl FnOnce() -> Value) -> Value {
        let slot = &mut self.slots[(key as usize) & (SLOTS - 1)];
        if slot.key == key {
            return slot.value;
        }
        let value = evaluate();
        *slot = Slot { key, value };
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hit_returns_the_stored_value_and_a_miss_evaluates() {
        let mut cache = EvalCache::default();
        let mut calls = 0;
        let mut eval = |key: u64, v: Value| {
            cache.get_or(key, || {
                calls += 1;
                v
            })
        };
        assert_eq!(eval(7, 35), 35);
        assert_eq!(eval(7, 99), 35, "a hit does not evaluate again");
        // Same slot, other key: evaluated and replaces the old entry.
        let other = 7 + SLOTS as u64;
        assert_eq!(eval(other, -12), -12);
        assert_eq!(eval(7, 40), 40);
        assert_eq!(calls, 3);
    }

    #[test]
    fn the_empty_marker_is_not_a_hit_for_key_zero() {
        let mut cache = EvalCache::default();
        assert_eq!(cache.get_or(0, || 5), 5);
        assert_eq!(cache.get_or(0, || 6), 5);
    }
}
