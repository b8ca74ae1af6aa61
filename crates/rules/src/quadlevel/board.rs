//! The position's state: a mailbox and bit sets kept in step, castling (unmoved) marks,
//! en passant, counters, destroy-both-kings unlock flags, and the incremental hash; and
//! the move.

use super::geometry::{bit, Bits, CELLS};
use crate::piece::{Color, Piece, PieceKind};
use crate::zobrist::keys;

static PIECE_KEYS: [u64; 12 * CELLS] = keys(0x5155_4144_0001);
static UNMOVED_KEYS: [u64; CELLS] = keys(0x5155_4144_0002);
static EP_KEYS: [u64; CELLS] = keys(0x5155_4144_0003);
static MISC_KEYS: [u64; 3] = keys(0x5155_4144_0004);

/// The hash key of a piece on a cell.
#[inline]
pub fn piece_key(p: Piece, sq: u8) -> u64 {
    PIECE_KEYS[p.index() * CELLS + sq as usize]
}
#[inline]
pub fn unmoved_key(sq: u8) -> u64 {
    UNMOVED_KEYS[sq as usize]
}
#[inline]
pub fn ep_key(sq: u8) -> u64 {
    EP_KEYS[sq as usize]
}
/// Toggled when Black is to move.
#[inline]
pub fn side_key() -> u64 {
    MISC_KEYS[0]
}
#[inline]
pub fn unlocked_key(c: Color) -> u64 {
    MISC_KEYS[1 + c.index()]
}

/// What kind of move, beyond from and to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    Normal,
    /// A pawn's two-cell first move.
    DoublePush,
    EnPassant,
    Promotion(PieceKind),
    /// Index into the castling table; `from`/`to` are the king's cells.
    Castling(u8),
}

/// A Quadlevel move. Cells are indices (level·32 + rank·4 + file).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct QuadlevelMove {
    pub from: u8,
    pub to: u8,
    pub kind: MoveKind,
    /// Destroy-both-kings: the own king removed as part of this move.
    pub removed_king: Option<u8>,
}

/// A Quadlevel position. See the module documentation for the rules it follows.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct QuadlevelPosition {
    /// The `destroy-both-kings` option.
    pub(super) destroy_both_kings: bool,
    /// `board[sq]`: 0 for empty, else `Piece::index() + 1`.
    pub(super) board: [u8; CELLS],
    pub(super) by_color: [Bits; 2],
    /// Indexed by `PieceKind::index()`, both colours.
    pub(super) by_kind: [Bits; 6],
    /// Kings and rooks that have not moved (castling rights follow from these).
    pub(super) unmoved: Bits,
    pub(super) turn: Color,
    /// The cell a pawn passed over with its two-cell move, while an enemy pawn stands
    /// beside it (so the en passant capture is at least pseudo-legal).
    pub(super) ep: Option<u8>,
    pub(super) halfmove: u32,
    pub(super) fullmove: u32,
    /// Destroy-both-kings: the side's last king has been unlocked for the rest of the game.
    pub(super) unlocked: [bool; 2],
    pub(super) hash: u64,
}

#[inline]
pub fn decode(code: u8) -> Option<Piece> {
    if code == 0 {
        return None;
    }
    let i = (code - 1) as usize;
    let color = if i < 6 { Color::White } else { Color::Black };
    Some(Piece::new(color, PieceKind::ALL[i % 6]))
}

impl QuadlevelPosition {
    /// An empty board, White to move.
    pub(super) fn empty(destroy_both_kings: bool) -> QuadlevelPosition {
        QuadlevelPosition {
            destroy_both_kings,
            board: [0; CELLS],
            by_color: [0; 2],
            by_kind: [0; 6],
            unmoved: 0,
            turn: Color::White,
            ep: None,
            halfmove: 0,
            fullmove: 1,
            unlocked: [false; 2],
            hash: 0,
        }
    }

    #[inline]
    pub fn piece_at(&self, sq: u8) -> Option<Piece> {
        decode(self.board[sq as usize])
    }

    /// The cells holding this colour's pieces of this kind, bit `sq` for cell `sq`: the
    /// evaluation counts with these.
    #[inline]
    pub fn piece_cells(&self, color: Color, kind: PieceKind) -> u128 {
        self.pieces(color, kind)
    }

    #[inline]
    pub(super) fn occupied(&self) -> Bits {
        self.by_color[0] | self.by_color[1]
    }

    #[inline]
    pub(super) fn pieces(&self, color: Color, kind: PieceKind) -> Bits {
        self.by_color[color.index()] & self.by_kind[kind.index()]
    }

    /// Puts a piece on an empty cell, updating the hash.
    #[inline]
    pub(super) fn put(&mut self, p: Piece, sq: u8) {
        debug_assert_eq!(self.board[sq as usize], 0);
        self.board[sq as usize] = p.index() as u8 + 1;
        self.by_color[p.color.index()] |= bit(sq);
        self.by_kind[p.kind.index()] |= bit(sq);
        self.hash ^= piece_key(p, sq);
    }

    /// Removes and returns the piece on an occupied cell, updating the hash.
    #[inline]
    pub(super) fn take(&mut self, sq: u8) -> Piece {
        let p = decode(self.board[sq as usize]).expect("take from an occupied cell");
        self.board[sq as usize] = 0;
        self.by_color[p.color.index()] &= !bit(sq);
        self.by_kind[p.kind.index()] &= !bit(sq);
        self.hash ^= piece_key(p, sq);
        p
    }

    /// Replaces the unmoved set, updating the hash.
    #[inline]
    pub(super) fn set_unmoved(&mut self, unmoved: Bits) {
        let mut changed = self.unmoved ^ unmoved;
        while changed != 0 {
            let sq = changed.trailing_zeros() as u8;
            changed &= changed - 1;
            self.hash ^= unmoved_key(sq);
        }
        self.unmoved = unmoved;
    }

    #[inline]
    pub(super) fn set_ep(&mut self, ep: Option<u8>) {
        if let Some(sq) = self.ep {
            self.hash ^= ep_key(sq);
        }
        if let Some(sq) = ep {
            self.hash ^= ep_key(sq);
        }
        self.ep = ep;
    }

    /// The hash from scratch.
    pub(super) fn hash_from_scratch(&self) -> u64 {
        let mut h = 0;
        for sq in 0..CELLS as u8 {
            if let Some(p) = self.piece_at(sq) {
                h ^= piece_key(p, sq);
            }
            if self.unmoved & bit(sq) != 0 {
                h ^= unmoved_key(sq);
            }
        }
        if let Some(sq) = self.ep {
            h ^= ep_key(sq);
        }
        if self.turn == Color::Black {
            h ^= side_key();
        }
        for c in Color::ALL {
            if self.unlocked[c.index()] {
                h ^= unlocked_key(c);
            }
        }
        h
    }

    /// The cells of a side's kings (one or two).
    #[inline]
    pub(super) fn kings(&self, color: Color) -> Bits {
        self.pieces(color, PieceKind::King)
    }
}
