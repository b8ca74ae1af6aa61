//! What blocks a line move, per rule set. Each rule set answers the same question for
//! the columns strictly between a line piece's start and landing column:
//!
//! - `federation`: routes drip down under a ceiling; a gap or an occupied route square
//!   blocks; a main-level ceiling also tries the route one level higher.
//! - `meder`: any piece on any level of a passed column blocks; voids are crossed.
//! - `stepwise`: the piece walks column by column on empty squares, never returning to a
//!   level it has left.

/// The ceilings (bits 1–7) whose federation route square in a column with these
/// existing (`exist`) and occupied (`occ`) level masks is clear. The route square for a
/// ceiling is the highest existing square at or below it.
#[inline]
pub fn clear_ceilings(exist: u8, occ: u8) -> u8 {
    let mut out: u16 = 0;
    let mut m = exist & 0xFE;
    while m != 0 {
        let level = m.trailing_zeros();
        m &= m - 1;
        let next = if m == 0 { 8 } else { m.trailing_zeros() };
        if occ & (1 << level) == 0 {
            out |= (1u16 << next) - (1u16 << level);
        }
    }
    (out as u8) & 0xFE
}

/// Whether a federation move with this ceiling may pass columns whose combined
/// [`clear_ceilings`] are `clear`: either the route under the ceiling or, for a
/// main-level ceiling, the second route one level higher.
#[inline]
pub fn federation_ok(clear: u8, ceiling: i8) -> bool {
    clear & (1 << ceiling) != 0 || (ceiling % 2 == 0 && clear & (1 << (ceiling + 1)) != 0)
}

/// The federation route square's level in a column for a ceiling, if any.
#[inline]
pub fn route_level(exist: u8, ceiling: i8) -> Option<i8> {
    let below = exist & (((1u16 << (ceiling + 1)) - 1) as u8) & 0xFE;
    (below != 0).then(|| 7 - below.leading_zeros() as i8)
}

/// A `stepwise` walk in progress: every (current level, levels left) it can be in.
#[derive(Clone, Copy)]
pub struct Walk {
    states: [(u8, u8); Walk::CAP],
    len: usize,
}

impl Walk {
    /// Enough for every possible walk: states with the same current level never contain
    /// one another's left sets (dominance pruning below), and the left set is a subset
    /// of the six other levels, so by Sperner's theorem there are at most C(6,3) = 20
    /// states per current level, 140 in all.
    const CAP: usize = 140;

    pub fn start(level: i8) -> Walk {
        let mut w = Walk {
            states: [(0, 0); Walk::CAP],
            len: 1,
        };
        w.states[0] = (level as u8, 0);
        w
    }

    pub fn is_blocked(&self) -> bool {
        self.len == 0
    }

    /// The levels of a column with these existing levels the walk may land on.
    #[inline]
    pub fn landing(&self, exist: u8) -> u8 {
        let mut out = 0;
        for &(_, left) in &self.states[..self.len] {
            out |= exist & !left;
        }
        out
    }

    /// Walks through a column whose empty levels are `empty`.
    pub fn pass(&mut self, empty: u8) {
        let old = *self;
        self.len = 0;
        for &(cur, left) in &old.states[..old.len] {
            let mut options = empty & !left;
            while options != 0 {
                let level = options.trailing_zeros() as u8;
                options &= options - 1;
                let next_left = if level == cur {
                    left
                } else {
                    left | (1 << cur)
                };
                self.add(level, next_left);
            }
        }
    }

    fn add(&mut self, cur: u8, left: u8) {
        // A state that has left a subset of another's levels can do everything it can.
        for i in 0..self.len {
            let (c, l) = self.states[i];
            if c == cur && l & left == l {
                return;
            }
        }
        let mut i = 0;
        while i < self.len {
            let (c, l) = self.states[i];
            if c == cur && l & left == left {
                self.len -= 1;
                self.states[i] = self.states[self.len];
            } else {
                i += 1;
            }
        }
        self.states[self.len] = (cur, left);
        self.len += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn route_drips_down_under_the_ceiling() {
        // Levels 2 and 4 exist; 4 is occupied.
        let c = clear_ceilings(0b10100, 0b10000);
        assert_eq!(c & (1 << 2), 1 << 2); // ceiling 2: route on 2, clear
        assert_eq!(c & (1 << 3), 1 << 3); // ceiling 3: route still on 2
        assert_eq!(c & (1 << 4), 0); // ceiling 4: route on 4, occupied
        assert_eq!(c & (1 << 7), 0);
        assert_eq!(c & (1 << 1), 0); // ceiling 1: no square, a gap
        assert_eq!(route_level(0b10100, 3), Some(2));
        assert_eq!(route_level(0b10100, 1), None);
    }

    #[test]
    fn walk_never_returns_to_a_left_level() {
        let mut w = Walk::start(2);
        w.pass(1 << 4); // must go up to 4
        assert_eq!(w.landing(0b10100), 1 << 4); // may not come back to 2
        let mut w = Walk::start(2);
        w.pass((1 << 2) | (1 << 4));
        assert_eq!(w.landing(0b10100), 0b10100);
    }
}
