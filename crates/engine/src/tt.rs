//! The transposition table, shared by all search threads without locks.
//!
//! Each slot is two atomic words: `key ^ data` and `data`. A reader accepts an entry
//! only when the two words agree with the probed key, so a slot torn by two writers at
//! once reads as a miss instead of as another position's data (the usual lock-free
//! scheme of parallel chess engines, here without `unsafe`).
//!
//! Moves are stored as their index in the position's legal move list: moves are a
//! generic type without a numeric form, and the list is generated at every node anyway.
//! A hash collision can at worst suggest another legal move first.

use crate::score::Value;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};
use std::sync::{Arc, Mutex};

/// What a stored score means relative to the window it was found with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true score is at most this (no move raised alpha).
    Upper = 1,
    /// The true score is at least this (a move reached beta).
    Lower = 2,
    Exact = 3,
}

/// One probed entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub value: Value,
    pub eval: Value,
    pub depth: i32,
    pub bound: Bound,
    /// Index into the legal move list, if a best move is known.
    pub move_index: Option<u16>,
}

const NO_MOVE: u64 = 0xFFFF;
/// Slots per bucket: a probe looks at both; a store replaces the less valuable.
const WAYS: usize = 2;

pub struct Table {
    megabytes: usize,
    slots: Vec<[AtomicU64; 2]>,
    mask: usize,
    generation: AtomicU8,
}

impl Table {
    /// A table of about `megabytes` MB (a power-of-two number of slots; at least 1024).
    pub fn new(megabytes: usize) -> Table {
        let bytes = megabytes.max(1).saturating_mul(1 << 20);
        let wanted = (bytes / 16).max(1024);
        let count = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        };
        let mut slots = Vec::with_capacity(count);
        slots.resize_with(count, || [AtomicU64::new(0), AtomicU64::new(0)]);
        Table {
            megabytes,
            slots,
            mask: count - 1,
            generation: AtomicU8::new(0),
        }
    }

    /// The size asked for when the table was made.
    pub fn megabytes(&self) -> usize {
        self.megabytes
    }

    /// Marks a new search: older entries become preferred victims.
    pub fn new_search(&self) {
        let g = self.generation.load(Ordering::Relaxed);
        self.generation
            .store(g.wrapping_add(1) & 0x3F, Ordering::Relaxed);
    }

    pub fn clear(&self) {
        for s in &self.slots {
            s[0].store(0, Ordering::Relaxed);
            s[1].store(0, Ordering::Relaxed);
        }
    }

    fn bucket(&self, key: u64) -> usize {
        (key as usize) & self.mask & !(WAYS - 1)
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        let b = self.bucket(key);
        for i in b..b + WAYS {
            let data = self.slots[i][1].load(Ordering::Relaxed);
            let check = self.slots[i][0].load(Ordering::Relaxed);
            if data != 0 && check ^ data == key {
                return Some(unpack(data));
            }
        }
        None
    }

    pub fn store(
        &self,
        key: u64,
        value: Value,
        eval: Value,
        depth: i32,
        bound: Bound,
        move_index: Option<u16>,
    ) {
        let generation = u64::from(self.generation.load(Ordering::Relaxed));
        let b = self.bucket(key);
        // Same position first; else the shallowest or oldest entry.
        let mut victim = b;
        let mut worst = i32::MAX;
        for i in b..b + WAYS {
            let data = self.slots[i][1].load(Ordering::Relaxed);
            let check = self.slots[i][0].load(Ordering::Relaxed);
            if data == 0 || check ^ data == key {
                victim = i;
                if data != 0 {
                    let old = unpack(data);
                    // Keep a deeper entry's move when this store has none.
                    if move_index.is_none() && old.move_index.is_some() && old.depth > depth {
                        return;
                    }
                }
                break;
            }
            let age = (generation.wrapping_sub(data >> 58) & 0x3F) as i32;
            let worth = unpack(data).depth - 4 * age;
            if worth < worst {
                worst = worth;
                victim = i;
            }
        }
        let data = pack(value, eval, depth, bound, move_index, generation);
        self.slots[victim][0].store(key ^ data, Ordering::Relaxed);
        self.slots[victim][1].store(data, Ordering::Relaxed);
    }

    /// Permille of sampled slots used by the current search (UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let generation = u64::from(self.generation.load(Ordering::Relaxed));
        let n = self.slots.len().min(1000);
        let used = self.slots[..n]
            .iter()
            .filter(|s| {
                let d = s[1].load(Ordering::Relaxed);
                d != 0 && d >> 58 == generation
            })
            .count();
        (used * 1000 / n) as u32
    }
}

// Layout: value 16 | eval 16 | depth 8 | move 16 | bound 2 | generation 6 (top bits).
fn pack(
    value: Value,
    eval: Value,
    depth: i32,
    bound: Bound,
    move_index: Option<u16>,
    generation: u64,
) -> u64 {
    let v = u64::from(value.clamp(-32_000, 32_000) as i16 as u16);
    let e = u64::from(eval.clamp(-32_000, 32_000) as i16 as u16);
    let d = u64::from((depth.clamp(-1, 254) + 1) as u8);
    let m = move_index.map_or(NO_MOVE, u64::from);
    v | e << 16 | d << 32 | m << 40 | (bound as u64) << 56 | (generation & 0x3F) << 58
}

fn unpack(data: u64) -> Entry {
    let m = (data >> 40) & 0xFFFF;
    Entry {
        value: i32::from(data as u16 as i16),
        eval: i32::from((data >> 16) as u16 as i16),
        depth: i32::from((data >> 32) as u8) - 1,
        bound: match (data >> 56) & 3 {
            1 => Bound::Upper,
            2 => Bound::Lower,
            _ => Bound::Exact,
        },
        move_index: (m != NO_MOVE).then_some(m as u16),
    }
}

/// Tables kept between searches: allocating and clearing 64 MB for every move would
/// cost more than a shallow search. A table is reused only when no search holds it.
static TABLES: Mutex<Vec<Arc<Table>>> = Mutex::new(Vec::new());
const TABLES_KEPT: usize = 4;

/// A transposition table of `mb` megabytes that no running search uses.
pub fn table_of_size(mb: usize) -> Arc<Table> {
    let mut pool = TABLES.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(t) = pool
        .iter()
        .find(|t| Arc::strong_count(t) == 1 && t.megabytes() == mb)
    {
        let t = t.clone();
        t.clear();
        return t;
    }
    let t = Arc::new(Table::new(mb));
    if pool.len() >= TABLES_KEPT {
        if let Some(i) = pool.iter().position(|t| Arc::strong_count(t) == 1) {
            pool.remove(i);
        }
    }
    if pool.len() < TABLES_KEPT {
        pool.push(t.clone());
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stored_entries_come_back_and_others_miss() {
        let t = Table::new(1);
        t.store(0xDEAD_BEEF_0000_0001, -250, 17, 7, Bound::Lower, Some(42));
        let e = t.probe(0xDEAD_BEEF_0000_0001).expect("stored");
        assert_eq!(
            e,
            Entry {
                value: -250,
                eval: 17,
                depth: 7,
                bound: Bound::Lower,
                move_index: Some(42)
            }
        );
        assert_eq!(t.probe(0xDEAD_BEEF_0000_0003), None);
        t.store(5, 29_990, 0, 0, Bound::Exact, None);
        assert_eq!(t.probe(5).unwrap().value, 29_990);
        assert_eq!(t.probe(5).unwrap().move_index, None);
    }

    #[test]
    fn size_is_near_the_request() {
        let t = Table::new(2);
        assert_eq!(t.slots.len(), 2 * (1 << 20) / 16);
    }
}
