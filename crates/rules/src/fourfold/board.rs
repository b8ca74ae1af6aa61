//! The position's state: bitboards, a square-to-piece table, counters and the hash,
//! with the primitive edits that keep them consistent; and the move.

use crate::piece::{Color, Piece, PieceKind};
use crate::zobrist;

/// A compact legal move: from-square, to-square, and whether a pawn becomes a queen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FourfoldMove {
    pub(super) from: u8,
    pub(super) to: u8,
    pub(super) promotion: bool,
}

impl FourfoldMove {
    pub fn from_square(self) -> usize {
        self.from as usize
    }
    pub fn to_square(self) -> usize {
        self.to as usize
    }
    /// A pawn reaching its last rank (it becomes a queen).
    pub fn is_promotion(self) -> bool {
        self.promotion
    }
}

/// Hash keys: one per (piece index, square), then one for Black to move.
static KEYS: [u64; 12 * 64 + 1] = zobrist::keys(0x4F55_5246_4F4C_4434);
const BLACK_TO_MOVE: usize = 12 * 64;

/// The key of a piece (by [`Piece::index`]) on a square.
#[inline(always)]
pub(super) fn piece_key(piece_index: usize, sq: usize) -> u64 {
    KEYS[piece_index * 64 + sq]
}

#[inline(always)]
pub(super) fn side_key() -> u64 {
    KEYS[BLACK_TO_MOVE]
}

/// A Fourfold position. See the [module documentation](super).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct FourfoldPosition {
    /// `[color][kind]` bitboards, kinds in [`PieceKind::index`] order.
    pub(super) pieces: [[u64; 6]; 2],
    /// All pieces of each side.
    pub(super) occupied: [u64; 2],
    /// 0 for an empty square, else 1 + [`Piece::index`].
    pub(super) board: [u8; 64],
    pub(super) turn: Color,
    pub(super) halfmove: u32,
    pub(super) fullmove: u32,
    pub(super) hash: u64,
}

/// The code of a piece in [`FourfoldPosition::board`].
#[inline(always)]
pub(super) fn code(piece: Piece) -> u8 {
    piece.index() as u8 + 1
}

/// The piece of a non-zero board code.
pub(super) fn piece_of(code: u8) -> Piece {
    let i = (code - 1) as usize;
    let color = if i < 6 { Color::White } else { Color::Black };
    Piece::new(color, PieceKind::ALL[i % 6])
}

impl FourfoldPosition {
    /// An empty space with White to move (a starting point for the parser).
    pub(super) fn empty() -> FourfoldPosition {
        FourfoldPosition {
            pieces: [[0; 6]; 2],
            occupied: [0; 2],
            board: [0; 64],
            turn: Color::White,
            halfmove: 0,
            fullmove: 1,
            hash: 0,
        }
    }

    /// The piece on a square.
    pub fn piece_at(&self, sq: usize) -> Option<Piece> {
        match self.board.get(sq) {
            Some(&c) if c != 0 => Some(piece_of(c)),
            _ => None,
        }
    }

    /// The squares of a side's pieces of one kind, as a bitboard (bit `i` is square `i`).
    #[inline]
    pub fn bitboard(&self, color: Color, kind: PieceKind) -> u64 {
        self.pieces[color.index()][kind.index()]
    }

    /// The squares a piece of this kind and colour would attack from `sq`, with the
    /// space occupied as it is (captures it could make, whoever stands there).
    #[inline]
    pub fn attacks(&self, kind: PieceKind, color: Color, sq: usize) -> u64 {
        use super::attacks;
        use super::tables::{KING, KNIGHT, PAWN_ATTACKS};
        let occ = self.occupied[0] | self.occupied[1];
        match kind {
            PieceKind::Pawn => PAWN_ATTACKS[color.index()][sq],
            PieceKind::Knight => KNIGHT[sq],
            PieceKind::Bishop => attacks::bishop(sq, occ),
            PieceKind::Rook => attacks::rook(sq, occ),
            PieceKind::Queen => attacks::queen(sq, occ),
            PieceKind::King => KING[sq],
        }
    }

    /// All the pieces of one side, as a bitboard.
    #[inline]
    pub fn occupied_by(&self, color: Color) -> u64 {
        self.occupied[color.index()]
    }

    /// Puts a piece on an empty square, updating the hash.
    #[inline(always)]
    pub(super) fn put(&mut self, sq: usize, code: u8) {
        let i = (code - 1) as usize;
        let bit = 1u64 << sq;
        self.pieces[i / 6][i % 6] |= bit;
        self.occupied[i / 6] |= bit;
        self.board[sq] = code;
        self.hash ^= piece_key(i, sq);
    }

    /// Removes the piece `code` from its square, updating the hash.
    #[inline(always)]
    pub(super) fn take(&mut self, sq: usize, code: u8) {
        let i = (code - 1) as usize;
        let bit = 1u64 << sq;
        self.pieces[i / 6][i % 6] ^= bit;
        self.occupied[i / 6] ^= bit;
        self.board[sq] = 0;
        self.hash ^= piece_key(i, sq);
    }

    /// The square of a side's king (positions always have exactly one per side).
    #[inline(always)]
    pub(super) fn king_square(&self, color: Color) -> usize {
        self.pieces[color.index()][PieceKind::King.index()].trailing_zeros() as usize
    }

    /// Whether `color`'s king is attacked by the other side.
    pub fn king_attacked(&self, color: Color) -> bool {
        let them = color.opposite().index();
        super::attacks::is_attacked(
            self.king_square(color),
            self.occupied[0] | self.occupied[1],
            &self.pieces[them],
            them,
        )
    }

    /// The hash from scratch: every piece's key, and the side key when Black is to move.
    pub(super) fn hash_from_scratch(&self) -> u64 {
        let mut h = 0;
        for (sq, &c) in self.board.iter().enumerate() {
            if c != 0 {
                h ^= piece_key((c - 1) as usize, sq);
            }
        }
        if self.turn == Color::Black {
            h ^= side_key();
        }
        h
    }
}
