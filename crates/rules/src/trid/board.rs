//! The Tri-D position and its move: the square array with per-column level masks, the
//! attack boards' placements and owners, castling and en passant rights, counters and the
//! incremental hash.

use super::geometry::*;
use super::hash;
use crate::piece::Color;
use crate::position::Position;
use crate::setup::RuleSet;
use std::fmt;

/// Piece codes in the square array: 0 empty, else `1 + kind` (+8 Black, +16 a pawn that
/// has moved or been carried).
pub(crate) mod code {
    use crate::piece::{Color, Piece, PieceKind};
    pub const BLACK: u8 = 8;
    pub const MOVED: u8 = 16;
    pub const PAWN: u8 = 1;
    pub const KNIGHT: u8 = 2;
    pub const BISHOP: u8 = 3;
    pub const ROOK: u8 = 4;
    pub const QUEEN: u8 = 5;
    pub const KING: u8 = 6;

    #[inline]
    pub const fn kind(c: u8) -> u8 {
        c & 7
    }
    #[inline]
    pub const fn color(c: u8) -> usize {
        ((c >> 3) & 1) as usize
    }
    #[inline]
    pub fn of(p: Piece) -> u8 {
        1 + p.kind.index() as u8 + if p.color == Color::Black { BLACK } else { 0 }
    }
    pub fn piece(c: u8) -> Piece {
        Piece::new(
            if color(c) == 1 {
                Color::Black
            } else {
                Color::White
            },
            PieceKind::ALL[kind(c) as usize - 1],
        )
    }
    pub fn piece_kind(k: u8) -> PieceKind {
        PieceKind::ALL[k as usize - 1]
    }
}

/// Castling right bits, as in `KQkq`.
pub(crate) const CASTLE_WK: u8 = 1;
pub(crate) const CASTLE_WQ: u8 = 2;
pub(crate) const CASTLE_BK: u8 = 4;
pub(crate) const CASTLE_BQ: u8 = 8;

/// "No square" for en passant (square 0 is on level 0, which never exists).
pub(crate) const NO_SQ: Sq = 0;

/// A move. Piece moves keep from/to squares; attack-board moves keep the board and its
/// new placement.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct TridMove {
    /// From-square, or the board index for a board move.
    pub(crate) from: u16,
    /// To-square (for castling: the king's), or `post * 8 + level` for a board move.
    pub(crate) to: u16,
    pub(crate) kind: u8,
    /// 0, or the piece code kind (2–5) a pawn becomes.
    pub(crate) promo: u8,
}

pub(crate) mod kind {
    pub const NORMAL: u8 = 0;
    pub const EN_PASSANT: u8 = 1;
    pub const CASTLE_KING: u8 = 2;
    pub const CASTLE_QUEEN: u8 = 3;
    pub const BOARD: u8 = 4;
    pub const BOARD_TURNED: u8 = 5;
}

impl TridMove {
    pub(crate) fn is_board(self) -> bool {
        self.kind >= kind::BOARD
    }
    pub(crate) fn board_target(self) -> Placement {
        Placement {
            post: (self.to / 8) as u8,
            level: (self.to % 8) as i8,
        }
    }
}

/// A Tri-D position under one rule set.
#[derive(Clone, PartialEq, Eq)]
pub struct TridPosition {
    pub(super) squares: [u8; NSQ],
    /// Existing levels per column (bit z).
    pub(super) exist: [u8; COLUMNS],
    /// Occupied levels per column (bit z).
    pub(super) occ: [u8; COLUMNS],
    /// Occupied squares per side.
    pub(super) by_color: [[u64; 8]; 2],
    pub(super) placements: [Placement; 4],
    /// Bit b: board b is owned by the side that did not start with it (federation).
    pub(super) owner_changed: u8,
    pub(super) turn: Color,
    pub(super) castling: u8,
    pub(super) ep_passed: Sq,
    pub(super) ep_pawn: Sq,
    pub(super) halfmove: u32,
    pub(super) fullmove: u32,
    pub(super) hash: u64,
    pub(super) kings: [Sq; 2],
    pub(super) rules: RuleSet,
    pub(super) rook_pawns: bool,
}

impl fmt::Debug for TridPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "TridPosition({} [{}])",
            self.position_string(),
            self.rules
        )
    }
}

/// The start position's pieces (records.md).
pub(super) const START_PIECES: &str = "Ra0(3),Qb0(3),Pa1(3),Pb1(3),Ke0(3),Rf0(3),Pe1(3),Pf1(3),Nb1(2),Bc1(2),Bd1(2),Ne1(2),Pb2(2),Pc2(2),Pd2(2),Pe2(2),ra9(7),qb9(7),pa8(7),pb8(7),ke9(7),rf9(7),pe8(7),pf8(7),nb8(6),bc8(6),bd8(6),ne8(6),pb7(6),pc7(6),pd7(6),pe7(6)";

impl TridPosition {
    /// An empty position with the boards on their start posts.
    pub(super) fn empty(rules: RuleSet, rook_pawns: bool) -> TridPosition {
        let mut p = TridPosition {
            squares: [0; NSQ],
            exist: [0; COLUMNS],
            occ: [0; COLUMNS],
            by_color: [[0; 8]; 2],
            placements: START_PLACEMENTS,
            owner_changed: 0,
            turn: Color::White,
            castling: 0,
            ep_passed: NO_SQ,
            ep_pawn: NO_SQ,
            halfmove: 0,
            fullmove: 1,
            hash: 0,
            kings: [NO_SQ; 2],
            rules,
            rook_pawns,
        };
        for c in 0..COLUMNS {
            p.exist[c] = main_levels(c);
        }
        for b in 0..4 {
            p.add_board_squares(p.placements[b]);
        }
        p
    }

    pub fn rules(&self) -> RuleSet {
        self.rules
    }

    #[inline]
    pub(crate) fn us(&self) -> usize {
        self.turn.index()
    }

    #[inline]
    pub(crate) fn exists(&self, s: Sq) -> bool {
        self.exist[sq_col(s)] & (1 << sq_z(s)) != 0
    }

    #[inline]
    pub(crate) fn at(&self, s: Sq) -> u8 {
        self.squares[s as usize]
    }

    /// Puts a piece on an empty square, keeping every derived set and the hash.
    #[inline]
    pub(crate) fn put(&mut self, s: Sq, c: u8) {
        debug_assert!(self.squares[s as usize] == 0 && c != 0);
        self.squares[s as usize] = c;
        self.occ[sq_col(s)] |= 1 << sq_z(s);
        self.by_color[code::color(c)][s as usize / 64] |= 1 << (s % 64);
        self.hash ^= hash::piece(c, s);
        if code::kind(c) == code::KING {
            self.kings[code::color(c)] = s;
        }
    }

    /// Takes the piece off a square, returning it.
    #[inline]
    pub(crate) fn take(&mut self, s: Sq) -> u8 {
        let c = self.squares[s as usize];
        debug_assert!(c != 0);
        self.squares[s as usize] = 0;
        self.occ[sq_col(s)] &= !(1 << sq_z(s));
        self.by_color[code::color(c)][s as usize / 64] &= !(1 << (s % 64));
        self.hash ^= hash::piece(c, s);
        c
    }

    pub(super) fn add_board_squares(&mut self, p: Placement) {
        for s in p.squares() {
            self.exist[sq_col(s)] |= 1 << sq_z(s);
        }
    }

    pub(super) fn remove_board_squares(&mut self, p: Placement) {
        for s in p.squares() {
            self.exist[sq_col(s)] &= !(1 << sq_z(s));
        }
    }

    /// The board whose square this is, if any.
    pub(crate) fn board_at(&self, s: Sq) -> Option<usize> {
        if sq_z(s) % 2 == 0 {
            return None;
        }
        (0..4).find(|&b| self.placements[b].squares().contains(&s))
    }

    /// The owner (0 White, 1 Black) of a board.
    pub(crate) fn owner(&self, b: usize) -> usize {
        (original_owner(b) ^ ((self.owner_changed >> b) & 1)) as usize
    }

    /// Every square of a side's pieces, in index order.
    pub(crate) fn pieces_of(&self, side: usize) -> SquareIter {
        SquareIter {
            words: self.by_color[side],
            word: 0,
        }
    }

    pub(super) fn set_ep(&mut self, passed: Sq, pawn: Sq) {
        if self.ep_passed != NO_SQ {
            self.hash ^= hash::en_passant(self.ep_passed, self.ep_pawn);
        }
        self.ep_passed = passed;
        self.ep_pawn = pawn;
        if passed != NO_SQ {
            self.hash ^= hash::en_passant(passed, pawn);
        }
    }

    pub(super) fn set_castling(&mut self, rights: u8) {
        self.hash ^= hash::castling(self.castling) ^ hash::castling(rights);
        self.castling = rights;
    }

    /// The hash from scratch.
    pub(super) fn hash_from_scratch(&self) -> u64 {
        let mut h = 0;
        for s in 0..NSQ as Sq {
            if self.squares[s as usize] != 0 {
                h ^= hash::piece(self.squares[s as usize], s);
            }
        }
        for b in 0..4 {
            h ^= hash::board(b, self.placements[b].post, self.placements[b].level);
            if self.owner_changed & (1 << b) != 0 {
                h ^= hash::owner_changed(b);
            }
        }
        h ^= hash::castling(self.castling);
        if self.ep_passed != NO_SQ {
            h ^= hash::en_passant(self.ep_passed, self.ep_pawn);
        }
        if self.turn == Color::Black {
            h ^= hash::black_to_move();
        }
        h
    }

    /// Whether a side has a pawn anywhere.
    pub(crate) fn has_pawn(&self, side: usize) -> bool {
        self.pieces_of(side)
            .any(|s| code::kind(self.at(s)) == code::PAWN)
    }

    /// The number of existing squares (always 64).
    pub fn square_count(&self) -> u32 {
        self.exist.iter().map(|m| m.count_ones()).sum()
    }

    /// The attack boards' placements (WQL, WKL, BQL, BKL).
    pub fn placements(&self) -> [Placement; 4] {
        self.placements
    }
}

/// Iterates the squares of a square set, lowest first.
pub(crate) struct SquareIter {
    words: [u64; 8],
    word: usize,
}

impl Iterator for SquareIter {
    type Item = Sq;
    #[inline]
    fn next(&mut self) -> Option<Sq> {
        while self.word < 8 {
            let bits = self.words[self.word];
            if bits != 0 {
                self.words[self.word] = bits & (bits - 1);
                return Some((self.word * 64 + bits.trailing_zeros() as usize) as Sq);
            }
            self.word += 1;
        }
        None
    }
}
