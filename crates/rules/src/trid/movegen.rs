//! Piece moves and attacks. Moves are generated pseudo-legally, then each is played on a
//! copy and kept if the mover's king is not attacked afterwards.

use super::geometry::*;
use super::paths::{clear_ceilings, federation_ok, Walk};
use super::{
    code, kind, TridMove, TridPosition, CASTLE_BK, CASTLE_BQ, CASTLE_WK, CASTLE_WQ, NO_SQ,
};
use crate::position::OneMove;
use crate::setup::RuleSet;
use std::ops::ControlFlow;

const KNIGHT_STEPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING_STEPS: [(i8, i8); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];
const ROOK_STEPS: [(i8, i8); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];
const BISHOP_STEPS: [(i8, i8); 4] = [(1, 1), (-1, 1), (-1, -1), (1, -1)];

const SHADOW_WHITE_PAWN: u8 = 1;
const SHADOW_BLACK_PAWN: u8 = 2;
const SHADOW_KNIGHT: u8 = 4;
const SHADOW_DIAGONAL: u8 = 8;
const SHADOW_STRAIGHT: u8 = 16;
const SHADOW_KING: u8 = 32;
const SHADOW_ROOK_PAWN: u8 = 64;

/// For each (from column, to column): which kinds of move the shadow allows, ignoring
/// blocking — a quick filter before the exact attack test.
static SHADOW: [u8; COLUMNS * COLUMNS] = shadow_table();

const fn shadow_table() -> [u8; COLUMNS * COLUMNS] {
    let mut t = [0u8; COLUMNS * COLUMNS];
    let mut from = 0;
    while from < COLUMNS {
        let mut to = 0;
        while to < COLUMNS {
            let (fx, fy) = ((from % 6) as i8, (from / 6) as i8);
            let dx = (to % 6) as i8 - fx;
            let dy = (to / 6) as i8 - fy;
            let (ax, ay) = (dx.abs(), dy.abs());
            let mut m = 0;
            if from != to {
                if ax == 1 && dy == 1 {
                    m |= SHADOW_WHITE_PAWN;
                }
                if ax == 1 && dy == -1 {
                    m |= SHADOW_BLACK_PAWN;
                }
                if (ax == 1 && ay == 2) || (ax == 2 && ay == 1) {
                    m |= SHADOW_KNIGHT;
                }
                if ax == ay {
                    m |= SHADOW_DIAGONAL;
                }
                if dx == 0 || dy == 0 {
                    m |= SHADOW_STRAIGHT;
                }
                if ax <= 1 && ay <= 1 {
                    m |= SHADOW_KING;
                }
                if ay == 1 && ((fx == 0 && dx == 1) || (fx == 5 && dx == -1)) {
                    m |= SHADOW_ROOK_PAWN;
                }
            }
            t[from * COLUMNS + to] = m;
            to += 1;
        }
        from += 1;
    }
    t
}

/// Iterates the set bits (levels) of a column mask.
#[inline]
pub(crate) fn levels(mut m: u8) -> impl Iterator<Item = i8> {
    std::iter::from_fn(move || {
        if m == 0 {
            return None;
        }
        let l = m.trailing_zeros() as i8;
        m &= m - 1;
        Some(l)
    })
}

/// A line move's progress through the columns it passes, per rule set.
// Kept on the stack: boxing the stepwise walk would allocate once per ray.
#[allow(clippy::large_enum_variant)]
enum PathState {
    Federation { from_level: i8, clear: u8 },
    Meder { blocked: bool },
    Stepwise(Walk),
}

impl PathState {
    #[inline]
    fn new(rules: RuleSet, from_level: i8) -> PathState {
        match rules {
            RuleSet::Federation => PathState::Federation {
                from_level,
                clear: 0xFE,
            },
            RuleSet::Meder => PathState::Meder { blocked: false },
            RuleSet::Stepwise => PathState::Stepwise(Walk::start(from_level)),
        }
    }

    /// The levels of `col` the piece may land on having passed the columns so far.
    #[inline]
    fn landing(&self, pos: &TridPosition, col: usize) -> u8 {
        let exist = pos.exist[col];
        match self {
            PathState::Federation { from_level, clear } => {
                let mut out = 0;
                for l in levels(exist) {
                    if federation_ok(*clear, l.max(*from_level)) {
                        out |= 1 << l;
                    }
                }
                out
            }
            PathState::Meder { blocked } => {
                if *blocked {
                    0
                } else {
                    exist
                }
            }
            PathState::Stepwise(w) => w.landing(exist),
        }
    }

    /// Passes through `col` on the way further.
    #[inline]
    fn pass(&mut self, pos: &TridPosition, col: usize) {
        match self {
            PathState::Federation { clear, .. } => {
                *clear &= clear_ceilings(pos.exist[col], pos.occ[col]);
            }
            PathState::Meder { blocked } => *blocked |= pos.occ[col] != 0,
            PathState::Stepwise(w) => w.pass(pos.exist[col] & !pos.occ[col]),
        }
    }

    #[inline]
    fn blocked(&self) -> bool {
        match self {
            PathState::Federation { clear, .. } => *clear == 0,
            PathState::Meder { blocked } => *blocked,
            PathState::Stepwise(w) => w.is_blocked(),
        }
    }
}

impl TridPosition {
    /// Every pseudo-legal move of the side to move.
    pub(crate) fn pseudo_moves(&self, out: &mut Vec<TridMove>, in_check: bool) {
        let us = self.us();
        for s in self.pieces_of(us) {
            let c = self.at(s);
            match code::kind(c) {
                code::PAWN => self.pawn_moves(s, c, out),
                code::KNIGHT => self.step_moves(s, &KNIGHT_STEPS, out),
                code::KING => self.step_moves(s, &KING_STEPS, out),
                code::BISHOP => self.line_moves(s, &BISHOP_STEPS, out),
                code::ROOK => self.line_moves(s, &ROOK_STEPS, out),
                _ => {
                    self.line_moves(s, &ROOK_STEPS, out);
                    self.line_moves(s, &BISHOP_STEPS, out);
                }
            }
        }
        if !in_check {
            self.castling_moves(out);
        }
        self.board_moves(out);
    }

    /// Hands every legal move to `emit` until it breaks: the pseudo-legal moves, each
    /// tested only when it is handed out.
    pub(crate) fn generate_moves<F>(&self, emit: &mut F) -> ControlFlow<()>
    where
        F: FnMut(OneMove<TridMove>) -> ControlFlow<()>,
    {
        let mut pseudo = Vec::with_capacity(96);
        let in_check = self.king_attacked(self.us());
        self.pseudo_moves(&mut pseudo, in_check);
        let danger = self.danger_columns(in_check);
        for m in pseudo {
            if self.is_legal_fast(m, danger) {
                emit(OneMove(m))?;
            }
        }
        ControlFlow::Continue(())
    }

    /// The columns from which moving away one of our pieces might open a line from an
    /// enemy line piece to our king: those strictly between the two on a shadow line of
    /// that piece's kind. All columns when we are in check.
    fn danger_columns(&self, in_check: bool) -> u64 {
        let us = self.us();
        if in_check {
            return u64::MAX;
        }
        let k = self.kings[us];
        let (kx, ky) = (sq_x(k), sq_y(k));
        let mut mask = 0u64;
        for s in self.pieces_of(1 - us) {
            let kind = code::kind(self.at(s));
            if !matches!(kind, code::BISHOP | code::ROOK | code::QUEEN) {
                continue;
            }
            let (dx, dy) = (kx - sq_x(s), ky - sq_y(s));
            let straight = (dx == 0) != (dy == 0);
            let diagonal = dx != 0 && dx.abs() == dy.abs();
            let fits = match kind {
                code::ROOK => straight,
                code::BISHOP => diagonal,
                _ => straight || diagonal,
            };
            if !fits {
                continue;
            }
            let (sx, sy) = (dx.signum(), dy.signum());
            for i in 1..dx.abs().max(dy.abs()) {
                mask |= 1 << column(sq_x(s) + i * sx, sq_y(s) + i * sy);
            }
        }
        mask
    }

    /// Legality with a shortcut: an ordinary move of a piece other than the king, from a
    /// column no enemy line to our king passes, cannot expose the king (moving a piece
    /// into a column never unblocks a line, and we are not in check).
    #[inline]
    fn is_legal_fast(&self, m: TridMove, danger: u64) -> bool {
        if m.kind == kind::NORMAL
            && code::kind(self.at(m.from)) != code::KING
            && danger & (1 << sq_col(m.from)) == 0
        {
            return true;
        }
        self.is_legal(m)
    }

    /// A pseudo-legal move is legal when the mover's king is not attacked after it.
    pub(crate) fn is_legal(&self, m: TridMove) -> bool {
        let mut after = self.clone();
        after.apply(m);
        !after.king_attacked(self.us())
    }

    /// Pushes a move to each of the given levels of a column that is empty or holds an
    /// enemy piece other than the king.
    #[inline]
    fn push_landings(&self, from: Sq, col: usize, lv: u8, out: &mut Vec<TridMove>) {
        let us = self.us();
        for l in levels(lv) {
            let t = (col + 60 * l as usize) as Sq;
            let c = self.at(t);
            if c == 0 || (code::color(c) != us && code::kind(c) != code::KING) {
                out.push(TridMove {
                    from,
                    to: t,
                    kind: kind::NORMAL,
                    promo: 0,
                });
            }
        }
    }

    fn step_moves(&self, s: Sq, steps: &[(i8, i8)], out: &mut Vec<TridMove>) {
        let (x, y) = (sq_x(s), sq_y(s));
        for &(dx, dy) in steps {
            let (tx, ty) = (x + dx, y + dy);
            if on_map(tx, ty) {
                let col = column(tx, ty);
                self.push_landings(s, col, self.exist[col], out);
            }
        }
    }

    fn line_moves(&self, s: Sq, steps: &[(i8, i8)], out: &mut Vec<TridMove>) {
        let (x0, y0, z0) = (sq_x(s), sq_y(s), sq_z(s));
        for &(dx, dy) in steps {
            let mut path = PathState::new(self.rules, z0);
            let (mut x, mut y) = (x0 + dx, y0 + dy);
            while on_map(x, y) {
                let col = column(x, y);
                let land = path.landing(self, col);
                self.push_landings(s, col, land, out);
                path.pass(self, col);
                if path.blocked() {
                    break;
                }
                x += dx;
                y += dy;
            }
        }
    }

    /// Whether a pawn of `side` promotes on arriving at (x, y) in the current geometry.
    pub(crate) fn promotes_at(&self, side: usize, x: i8, y: i8) -> bool {
        self.promotes_with(side, x, y, |col| self.exist[col] != 0)
    }

    /// The same with a caller-supplied "does this column have any square" (for a board
    /// move, whose geometry is the one after the move).
    pub(crate) fn promotes_with(
        &self,
        side: usize,
        x: i8,
        y: i8,
        has_column: impl Fn(usize) -> bool,
    ) -> bool {
        match self.rules {
            RuleSet::Meder => {
                // The furthest rank of the file that exists now.
                if side == 0 {
                    y == 9 || (y == 8 && !has_column(column(x, 9)))
                } else {
                    y == 0 || (y == 1 && !has_column(column(x, 0)))
                }
            }
            _ => {
                if side == 0 {
                    y >= 8
                } else {
                    y <= 1
                }
            }
        }
    }

    fn push_pawn(&self, from: Sq, to: Sq, move_kind: u8, out: &mut Vec<TridMove>) {
        if self.promotes_at(self.us(), sq_x(to), sq_y(to)) {
            for promo in [code::QUEEN, code::ROOK, code::BISHOP, code::KNIGHT] {
                out.push(TridMove {
                    from,
                    to,
                    kind: move_kind,
                    promo,
                });
            }
        } else {
            out.push(TridMove {
                from,
                to,
                kind: move_kind,
                promo: 0,
            });
        }
    }

    fn pawn_moves(&self, s: Sq, c: u8, out: &mut Vec<TridMove>) {
        let us = code::color(c);
        let fwd: i8 = if us == 0 { 1 } else { -1 };
        let (x, y, z) = (sq_x(s), sq_y(s), sq_z(s));
        let unmoved = c & code::MOVED == 0;
        let y1 = y + fwd;
        if (0..RANKS).contains(&y1) {
            let col1 = column(x, y1);
            for l in levels(self.exist[col1] & !self.occ[col1]) {
                self.push_pawn(s, (col1 + 60 * l as usize) as Sq, kind::NORMAL, out);
            }
            if unmoved && (0..RANKS).contains(&(y1 + fwd)) {
                self.pawn_double(s, z, col1, column(x, y1 + fwd), out);
            }
            for dx in [-1, 1] {
                self.pawn_capture(s, x + dx, y1, out);
            }
        }
        if self.rook_pawns && self.rules == RuleSet::Federation && (x == 0 || x == FILES - 1) {
            let inward: i8 = if x == 0 { 1 } else { -1 };
            let side_col = column(x + inward, y);
            for l in levels(self.exist[side_col] & !self.occ[side_col]) {
                self.push_pawn(s, (side_col + 60 * l as usize) as Sq, kind::NORMAL, out);
            }
            if unmoved {
                self.pawn_double(s, z, side_col, column(x + 2 * inward, y), out);
            }
            // The inward diagonal backwards (forwards is the ordinary capture).
            self.pawn_capture(s, x + inward, y - fwd, out);
        }
    }

    /// A two-square pawn move over `mid` to an empty square of `target`.
    fn pawn_double(&self, s: Sq, z: i8, mid: usize, target: usize, out: &mut Vec<TridMove>) {
        let mut path = PathState::new(self.rules, z);
        path.pass(self, mid);
        let land = path.landing(self, target) & !self.occ[target];
        for l in levels(land) {
            self.push_pawn(s, (target + 60 * l as usize) as Sq, kind::NORMAL, out);
        }
    }

    fn pawn_capture(&self, s: Sq, x: i8, y: i8, out: &mut Vec<TridMove>) {
        if !on_map(x, y) {
            return;
        }
        let col = column(x, y);
        let them = 1 - self.us();
        for l in levels(self.occ[col]) {
            let t = (col + 60 * l as usize) as Sq;
            let c = self.at(t);
            if code::color(c) == them && code::kind(c) != code::KING {
                self.push_pawn(s, t, kind::NORMAL, out);
            }
        }
        if self.ep_passed != NO_SQ && sq_col(self.ep_passed) == col {
            match self.rules {
                RuleSet::Federation => self.push_pawn(s, self.ep_passed, kind::EN_PASSANT, out),
                _ => {
                    for l in levels(self.exist[col] & !self.occ[col]) {
                        self.push_pawn(s, (col + 60 * l as usize) as Sq, kind::EN_PASSANT, out);
                    }
                }
            }
        }
    }

    fn castling_moves(&self, out: &mut Vec<TridMove>) {
        let us = self.us();
        let (rank, z, k_right, q_right) = if us == 0 {
            (0, 3, CASTLE_WK, CASTLE_WQ)
        } else {
            (9, 7, CASTLE_BK, CASTLE_BQ)
        };
        if self.castling & (k_right | q_right) == 0 {
            return;
        }
        // Meder: never as the side's own first move of the game.
        if self.rules == RuleSet::Meder && self.fullmove == 1 {
            return;
        }
        let king = square(4, rank, z);
        // (Not called when in check.)
        if self.kings[us] != king {
            return;
        }
        let own_rook = code::ROOK | if us == 1 { code::BLACK } else { 0 };
        if self.castling & k_right != 0 && self.at(square(5, rank, z)) == own_rook {
            out.push(TridMove {
                from: king,
                to: square(5, rank, z),
                kind: kind::CASTLE_KING,
                promo: 0,
            });
        }
        let queen_square = square(1, rank, z);
        if self.castling & q_right != 0
            && self.at(square(0, rank, z)) == own_rook
            && self.exists(queen_square)
            && self.at(queen_square) == 0
        {
            out.push(TridMove {
                from: king,
                to: queen_square,
                kind: kind::CASTLE_QUEEN,
                promo: 0,
            });
        }
    }

    /// Whether the piece `c` on `from` attacks `to` (could capture there).
    pub(crate) fn attacks(&self, from: Sq, c: u8, to: Sq) -> bool {
        let (fx, fy, fz) = (sq_x(from), sq_y(from), sq_z(from));
        let (tx, ty, tz) = (sq_x(to), sq_y(to), sq_z(to));
        let (dx, dy) = (tx - fx, ty - fy);
        if dx == 0 && dy == 0 {
            return false;
        }
        let (ax, ay) = (dx.abs(), dy.abs());
        let k = code::kind(c);
        match k {
            code::PAWN => {
                let fwd = if code::color(c) == 0 { 1 } else { -1 };
                if dy == fwd && ax == 1 {
                    return true;
                }
                self.rook_pawns
                    && self.rules == RuleSet::Federation
                    && ay == 1
                    && ((fx == 0 && dx == 1) || (fx == FILES - 1 && dx == -1))
            }
            code::KNIGHT => (ax == 1 && ay == 2) || (ax == 2 && ay == 1),
            code::KING => ax <= 1 && ay <= 1,
            _ => {
                let straight = dx == 0 || dy == 0;
                let diagonal = ax == ay;
                let fits = match k {
                    code::ROOK => straight,
                    code::BISHOP => diagonal,
                    _ => straight || diagonal,
                };
                if !fits {
                    return false;
                }
                let (sx, sy) = (dx.signum(), dy.signum());
                let n = ax.max(ay);
                let mut path = PathState::new(self.rules, fz);
                for i in 1..n {
                    path.pass(self, column(fx + i * sx, fy + i * sy));
                    if path.blocked() {
                        return false;
                    }
                }
                path.landing(self, column(tx, ty)) & (1 << tz) != 0
            }
        }
    }

    /// Whether a side's king is attacked.
    pub(crate) fn king_attacked(&self, side: usize) -> bool {
        let k = self.kings[side];
        let to_col = sq_col(k);
        let extra = if self.rook_pawns && self.rules == RuleSet::Federation {
            SHADOW_ROOK_PAWN
        } else {
            0
        };
        self.pieces_of(1 - side).any(|s| {
            let c = self.at(s);
            let wanted = match code::kind(c) {
                code::PAWN => {
                    extra
                        | if code::color(c) == 0 {
                            SHADOW_WHITE_PAWN
                        } else {
                            SHADOW_BLACK_PAWN
                        }
                }
                code::KNIGHT => SHADOW_KNIGHT,
                code::BISHOP => SHADOW_DIAGONAL,
                code::ROOK => SHADOW_STRAIGHT,
                code::QUEEN => SHADOW_DIAGONAL | SHADOW_STRAIGHT,
                _ => SHADOW_KING,
            };
            SHADOW[sq_col(s) * COLUMNS + to_col] & wanted != 0 && self.attacks(s, c, k)
        })
    }
}
