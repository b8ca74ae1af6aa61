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

type Slots = Vec<[AtomicU64; 2]>;

pub struct Table {
    megabytes: usize,
    slots: Slots,
    mask: usize,
    generation: AtomicU8,
    /// Where the slots go when the table is dropped.
    pool: Option<&'static Pool>,
}

/// Slots of dropped tables, kept for the next search: making or clearing a table costs
/// about as much as a shallow search. At most `kept` are kept; the rest are freed when
/// their search ends, so a burst of concurrent searches leaves no more than that behind.
/// Tables in use are as many as the searches running (the server bounds those).
pub struct Pool {
    idle: Mutex<Vec<Slots>>,
    kept: usize,
}

/// The pool of [`Table::pooled`].
static POOL: Pool = Pool::new(IDLE_KEPT);
/// Idle tables the engine keeps.
pub const IDLE_KEPT: usize = 2;

impl Pool {
    pub const fn new(kept: usize) -> Pool {
        Pool {
            idle: Mutex::new(Vec::new()),
            kept,
        }
    }

    fn idle(&self) -> std::sync::MutexGuard<'_, Vec<Slots>> {
        self.idle.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A cleared table of about `megabytes` MB, made from idle slots of that size if
    /// there are any; its slots come back here when it drops.
    pub fn take(&'static self, megabytes: usize) -> Table {
        let count = slot_count(megabytes);
        let reused = {
            let mut idle = self.idle();
            idle.iter()
                .position(|s| s.len() == count)
                .map(|i| idle.swap_remove(i))
        };
        let slots = match reused {
            Some(s) => {
                for slot in &s {
                    slot[0].store(0, Ordering::Relaxed);
                    slot[1].store(0, Ordering::Relaxed);
                }
                s
            }
            None => new_slots(count),
        };
        Table::with_slots(megabytes, slots, Some(self))
    }

    fn give_back(&self, slots: Slots) {
        let mut idle = self.idle();
        if idle.len() < self.kept {
            idle.push(slots);
        }
        // Otherwise `slots` is freed here.
    }

    /// Megabytes held by idle slots.
    pub fn idle_megabytes(&self) -> usize {
        self.idle().iter().map(|s| (s.len() * 16) >> 20).sum()
    }
}

fn slot_count(megabytes: usize) -> usize {
    let bytes = megabytes.max(1).saturating_mul(1 << 20);
    let wanted = (bytes / 16).max(1024);
    if wanted.is_power_of_two() {
        wanted
    } else {
        wanted.next_power_of_two() / 2
    }
}

fn new_slots(count: usize) -> Slots {
    let mut slots = Vec::with_capacity(count);
    slots.resize_with(count, || [AtomicU64::new(0), AtomicU64::new(0)]);
    slots
}

impl Table {
    /// A table of about `megabytes` MB (a power-of-two number of slots; at least 1024).
    pub fn new(megabytes: usize) -> Table {
        Table::with_slots(megabytes, new_slots(slot_count(megabytes)), None)
    }

    /// A cleared table from the engine's pool (see [`Pool`]).
    pub fn pooled(megabytes: usize) -> Table {
        POOL.take(megabytes)
    }

    fn with_slots(megabytes: usize, slots: Slots, pool: Option<&'static Pool>) -> Table {
        Table {
            megabytes,
            mask: slots.len() - 1,
            slots,
            generation: AtomicU8::new(0),
            pool,
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

impl Drop for Table {
    fn drop(&mut self) {
        if let Some(pool) = self.pool {
            pool.give_back(std::mem::take(&mut self.slots));
        }
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

/// A cleared transposition table of `mb` megabytes, from the pool of idle tables when
/// one fits (see [`Table::pooled`]).
pub fn table_of_size(mb: usize) -> Arc<Table> {
    Arc::new(Table::pooled(mb))
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
    fn pooled_tables_are_reused_cleared_and_at_most_a_few_stay_idle() {
        let pool: &'static Pool = Box::leak(Box::new(Pool::new(2)));
        let burst: Vec<Table> = (0..6).map(|_| pool.take(1)).collect();
        burst[0].store(77, 1, 2, 3, Bound::Exact, None);
        assert_eq!(pool.idle_megabytes(), 0);
        drop(burst);
        // Six tables were in use; two stay for the next searches, four are freed.
        assert_eq!(pool.idle_megabytes(), 2);
        let again = pool.take(1);
        assert_eq!(again.probe(77), None, "a reused table starts empty");
        assert_eq!(pool.idle_megabytes(), 1);
        // Another size is made new, not cut from idle slots.
        let other = pool.take(2);
        assert_eq!(other.slots.len(), slot_count(2));
        assert_eq!(pool.idle_megabytes(), 1);
        drop((again, other));
        assert_eq!(
            pool.idle_megabytes(),
            2,
            "at most two idle tables, whatever their size"
        );
    }

    #[test]
    fn size_is_near_the_request() {
        let t = Table::new(2);
        assert_eq!(t.slots.len(), 2 * (1 << 20) / 16);
    }
}
