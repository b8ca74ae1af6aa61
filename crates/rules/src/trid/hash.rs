//! Zobrist keys of Tri-D positions. Everything that decides the legal moves is hashed:
//! pieces (a moved pawn is a different piece for hashing), side, castling rights,
//! en passant, attack-board placements and owners.

use super::geometry::{Sq, NSQ};
use crate::zobrist::keys;

/// Piece codes are below 32 (see `super::code`).
static PIECE_KEYS: [u64; 32 * NSQ] = keys(0x7a1d_0001);
static BOARD_KEYS: [u64; 4 * 12 * 8] = keys(0x7a1d_0002);
static OWNER_KEYS: [u64; 4] = keys(0x7a1d_0003);
static CASTLING_KEYS: [u64; 16] = keys(0x7a1d_0004);
static EP_KEYS: [u64; 2 * NSQ] = keys(0x7a1d_0005);
static SIDE_KEYS: [u64; 1] = keys(0x7a1d_0006);

#[inline]
pub fn piece(code: u8, s: Sq) -> u64 {
    PIECE_KEYS[code as usize * NSQ + s as usize]
}

#[inline]
pub fn board(board: usize, post: u8, level: i8) -> u64 {
    BOARD_KEYS[(board * 12 + post as usize) * 8 + level as usize]
}

/// The key of a board owned by the side that did not start with it.
#[inline]
pub fn owner_changed(board: usize) -> u64 {
    OWNER_KEYS[board]
}

#[inline]
pub fn castling(rights: u8) -> u64 {
    CASTLING_KEYS[rights as usize & 15]
}

#[inline]
pub fn en_passant(passed: Sq, pawn: Sq) -> u64 {
    EP_KEYS[passed as usize] ^ EP_KEYS[NSQ + pawn as usize]
}

#[inline]
pub fn black_to_move() -> u64 {
    SIDE_KEYS[0]
}
