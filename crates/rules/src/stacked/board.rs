//! The Stacked Boards position and its move: placement, unmoved flags, side to move,
//! counters and the incremental hash; attack questions.

use super::geometry::{
    bishop_attacks, bit, board_of, local_of, rank_of, rook_attacks, square, Bits, KING, KNIGHT,
    PAWN_ATTACKS, SQUARES,
};
use crate::piece::{Color, Piece, PieceKind};
use crate::zobrist::keys;

/// A Stacked Boards move. Squares are game squares (`board * 64 + local`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StackedMove {
    pub(super) from: u8,
    pub(super) to: u8,
    /// `PieceKind` index of the promotion piece, or [`NO_PROMOTION`].
    pub(super) promotion: u8,
    /// King and rook castle (the squares are the king's).
    pub(super) castling: bool,
}

pub(super) const NO_PROMOTION: u8 = u8::MAX;

impl StackedMove {
    pub(super) fn new(from: usize, to: usize) -> StackedMove {
        StackedMove {
            from: from as u8,
            to: to as u8,
            promotion: NO_PROMOTION,
            castling: false,
        }
    }

    /// The game square the piece leaves.
    pub fn from_square(self) -> usize {
        self.from as usize
    }

    /// The game square the piece lands on (for castling: the king's).
    pub fn to_square(self) -> usize {
        self.to as usize
    }

    pub fn promotion(self) -> Option<PieceKind> {
        (self.promotion != NO_PROMOTION).then(|| PieceKind::ALL[self.promotion as usize])
    }

    pub fn is_castling(self) -> bool {
        self.castling
    }
}

/// A position of Stacked Boards. Always valid (see the position-string parser).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StackedPosition {
    /// `[board][colour][kind]` bitboards.
    pub(super) pieces: [[[u64; 6]; 2]; 3],
    /// `[board][colour]` occupancy.
    pub(super) occupied: [[u64; 2]; 3],
    /// The piece on each game square.
    pub(super) mailbox: [Option<Piece>; SQUARES],
    /// Per board, the squares of pieces that have never moved. Only start squares of B
    /// (White) and T (Black) can be set.
    pub(super) unmoved: [u64; 3],
    /// Game square of each side's king.
    pub(super) kings: [u8; 2],
    pub(super) turn: Color,
    pub(super) halfmove: u32,
    pub(super) fullmove: u32,
    pub(super) hash: u64,
}

static PIECE_KEYS: [u64; 12 * SQUARES] = keys(0x5354_4143_4b45_4431);
static UNMOVED_KEYS: [u64; SQUARES] = keys(0x5354_4143_4b45_4432);
pub(super) const BLACK_TO_MOVE_KEY: u64 = 0x9d39_247e_3377_6d41;

#[inline]
fn piece_key(p: Piece, sq: usize) -> u64 {
    PIECE_KEYS[p.index() * SQUARES + sq]
}

/// The board a side starts on: B for White, T for Black.
pub(super) fn home_board(color: Color) -> usize {
    match color {
        Color::White => 0,
        Color::Black => 2,
    }
}

/// The kind that starts on a local square of its home board, if any piece does.
pub(super) fn start_kind(color: Color, local: usize) -> Option<PieceKind> {
    let (back, pawns) = match color {
        Color::White => (0, 1),
        Color::Black => (7, 6),
    };
    let rank = rank_of(local);
    if rank == pawns {
        return Some(PieceKind::Pawn);
    }
    if rank != back {
        return None;
    }
    Some(
        [
            PieceKind::Rook,
            PieceKind::Knight,
            PieceKind::Bishop,
            PieceKind::Queen,
            PieceKind::King,
            PieceKind::Bishop,
            PieceKind::Knight,
            PieceKind::Rook,
        ][local & 7],
    )
}

impl StackedPosition {
    /// An empty position: no pieces, White to move, counters 0 and 1.
    pub(super) fn empty() -> StackedPosition {
        StackedPosition {
            pieces: [[[0; 6]; 2]; 3],
            occupied: [[0; 2]; 3],
            mailbox: [None; SQUARES],
            unmoved: [0; 3],
            kings: [0; 2],
            turn: Color::White,
            halfmove: 0,
            fullmove: 1,
            hash: 0,
        }
    }

    /// The orthodox setup: White on B, Black on T, every piece unmoved.
    pub fn start_position() -> StackedPosition {
        let mut pos = StackedPosition::empty();
        for color in Color::ALL {
            let board = home_board(color);
            for local in 0..64 {
                if let Some(kind) = start_kind(color, local) {
                    let sq = square(board, local);
                    pos.put(Piece::new(color, kind), sq);
                    pos.unmoved[board] |= bit(local);
                }
            }
        }
        pos.hash = pos.compute_hash();
        pos
    }

    /// Places a piece on an empty square (hash not updated).
    pub(super) fn put(&mut self, p: Piece, sq: usize) {
        let (z, s) = (board_of(sq), local_of(sq));
        self.pieces[z][p.color.index()][p.kind.index()] |= bit(s);
        self.occupied[z][p.color.index()] |= bit(s);
        self.mailbox[sq] = Some(p);
        if p.kind == PieceKind::King {
            self.kings[p.color.index()] = sq as u8;
        }
    }

    #[inline]
    pub(super) fn remove(&mut self, p: Piece, sq: usize) {
        let (z, s) = (board_of(sq), local_of(sq));
        self.pieces[z][p.color.index()][p.kind.index()] &= !bit(s);
        self.occupied[z][p.color.index()] &= !bit(s);
        self.mailbox[sq] = None;
        self.hash ^= piece_key(p, sq);
    }

    #[inline]
    pub(super) fn add(&mut self, p: Piece, sq: usize) {
        let (z, s) = (board_of(sq), local_of(sq));
        self.pieces[z][p.color.index()][p.kind.index()] |= bit(s);
        self.occupied[z][p.color.index()] |= bit(s);
        self.mailbox[sq] = Some(p);
        self.hash ^= piece_key(p, sq);
    }

    /// Clears the unmoved flag of a square, keeping the hash.
    #[inline]
    pub(super) fn clear_unmoved(&mut self, sq: usize) {
        let (z, s) = (board_of(sq), local_of(sq));
        if self.unmoved[z] & bit(s) != 0 {
            self.unmoved[z] &= !bit(s);
            self.hash ^= UNMOVED_KEYS[sq];
        }
    }

    /// The hash from scratch: pieces, unmoved flags, side to move.
    pub fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for (sq, p) in self.mailbox.iter().enumerate() {
            if let Some(p) = p {
                h ^= piece_key(*p, sq);
            }
        }
        for z in 0..3 {
            for s in Bits(self.unmoved[z]) {
                h ^= UNMOVED_KEYS[square(z, s)];
            }
        }
        if self.turn == Color::Black {
            h ^= BLACK_TO_MOVE_KEY;
        }
        h
    }

    #[inline]
    pub(super) fn all_occupied(&self, z: usize) -> u64 {
        self.occupied[z][0] | self.occupied[z][1]
    }

    #[inline]
    pub(super) fn is_unmoved(&self, sq: usize) -> bool {
        self.unmoved[board_of(sq)] & bit(local_of(sq)) != 0
    }

    /// The pieces of `by` on board `z` that attack local square `s`, given that board's
    /// occupancy (which may differ from the real one, e.g. without the moving king).
    #[inline]
    pub(super) fn attackers(&self, z: usize, s: usize, by: Color, occupied: u64) -> u64 {
        let p = &self.pieces[z][by.index()];
        let diagonal = p[PieceKind::Bishop.index()] | p[PieceKind::Queen.index()];
        let straight = p[PieceKind::Rook.index()] | p[PieceKind::Queen.index()];
        (PAWN_ATTACKS[by.opposite().index()][s] & p[PieceKind::Pawn.index()])
            | (KNIGHT[s] & p[PieceKind::Knight.index()])
            | (KING[s] & p[PieceKind::King.index()])
            | (bishop_attacks(s, occupied) & diagonal)
            | (rook_attacks(s, occupied) & straight)
    }

    /// Whether `by` attacks local square `s` of board `z` with the given occupancy.
    #[inline]
    pub(super) fn is_attacked(&self, z: usize, s: usize, by: Color, occupied: u64) -> bool {
        self.attackers(z, s, by, occupied) != 0
    }

    /// Whether the king of `color` is attacked (only pieces on its board can attack it).
    pub(super) fn king_attacked(&self, color: Color) -> bool {
        let k = self.kings[color.index()] as usize;
        let z = board_of(k);
        self.is_attacked(z, local_of(k), color.opposite(), self.all_occupied(z))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn castling_rook_squares() {
        let m = StackedMove {
            from: 4,
            to: 64 + 6,
            promotion: NO_PROMOTION,
            castling: true,
        };
        assert_eq!(StackedPosition::castling_rook(m), (7, 64 + 5));
        let m = StackedMove {
            from: 128 + 60,
            to: 128 + 58,
            promotion: NO_PROMOTION,
            castling: true,
        };
        assert_eq!(StackedPosition::castling_rook(m), (128 + 56, 128 + 59));
    }

    #[test]
    fn start_position_hash_is_consistent() {
        let p = StackedPosition::start_position();
        assert_eq!(p.hash, p.compute_hash());
        assert_eq!(p.occupied[0][0].count_ones(), 16);
        assert_eq!(p.occupied[2][1].count_ones(), 16);
        assert_eq!(p.unmoved[0].count_ones(), 16);
    }
}
