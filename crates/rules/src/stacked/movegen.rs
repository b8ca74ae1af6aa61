//! Legal move generation for Stacked Boards.
//!
//! Legality without make-and-test: only pieces on the king's board can attack the king,
//! so checks and pins are computed on that one board, and every other move is judged by
//! where it starts and lands:
//! - a move that neither starts nor lands on the king's board is legal exactly when the
//!   side is not in check (it cannot change the king's board);
//! - a piece leaving the king's board is legal when not in check and not pinned (removing
//!   a piece never blocks anything, so it cannot answer a check);
//! - a piece arriving on the king's board never captures, so it is legal when not in
//!   check, or when it lands between the king and a single checking slider;
//! - same-board moves on the king's board follow orthodox pin and check rules;
//! - the king is tested square by square on the board it lands on.
//!
//! Moves are handed to the listener as target sets ([`StackedMoves`]), so counting
//! (perft's last ply) is a popcount per piece.

use super::board::{home_board, StackedMove, StackedPosition};
use super::geometry::{
    between, bishop_attacks, bishop_rays, bit, board_of, line, local_of, rook_attacks, rook_rays,
    square, Bits, DIAGONAL_1, DIAGONAL_2, KING, KNIGHT, PAWN_ATTACKS, RANK_1, RANK_8,
};
use crate::piece::{Color, PieceKind};
use crate::position::MoveBatch;
use std::ops::ControlFlow;

/// Legal moves of one piece to a set of landing squares on one board, or one castling.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StackedMoves {
    from: u8,
    /// The board of the landing squares.
    z: u8,
    /// Local landing squares on board `z`.
    targets: u64,
    /// The landing squares where a pawn promotes (four moves each).
    promoting: u64,
    castling: bool,
}

impl StackedMoves {
    /// Moves of a piece (not a pawn) from game square `from` to each square of `targets`
    /// on board `z`.
    #[inline]
    fn plain(from: usize, z: usize, targets: u64) -> StackedMoves {
        StackedMoves {
            from: from as u8,
            z: z as u8,
            targets,
            promoting: 0,
            castling: false,
        }
    }

    /// Pawn moves; those landing on `promotion_rank` promote.
    #[inline]
    fn pawn(from: usize, z: usize, targets: u64, promotion_rank: u64) -> StackedMoves {
        StackedMoves {
            promoting: targets & promotion_rank,
            ..StackedMoves::plain(from, z, targets)
        }
    }

    /// A castling move, given by the king's game squares.
    #[inline]
    fn castle(from: usize, to: usize) -> StackedMoves {
        StackedMoves {
            castling: true,
            ..StackedMoves::plain(from, board_of(to), bit(local_of(to)))
        }
    }
}

impl MoveBatch for StackedMoves {
    #[inline]
    fn len(&self) -> usize {
        (self.targets.count_ones() + 3 * self.promoting.count_ones()) as usize
    }

    /// The same moves in the same order as the iterator, without its promotion steps
    /// for the batches (nearly all) that promote nowhere.
    #[inline(always)]
    fn append_to(self, out: &mut Vec<StackedMove>) {
        if self.promoting != 0 {
            out.extend(self);
            return;
        }
        out.reserve(self.targets.count_ones() as usize);
        let (from, board) = (self.from as usize, self.z as usize);
        for t in Bits(self.targets) {
            out.push(StackedMove {
                castling: self.castling,
                ..StackedMove::new(from, square(board, t))
            });
        }
    }
}

impl IntoIterator for StackedMoves {
    type Item = StackedMove;
    type IntoIter = StackedMovesIter;

    #[inline]
    fn into_iter(self) -> StackedMovesIter {
        StackedMovesIter {
            batch: self,
            promotion: 0,
        }
    }
}

/// Iterates a [`StackedMoves`] batch: lowest landing square first, a promoting square's
/// four moves in [`PieceKind::PROMOTIONS`] order.
#[derive(Clone, Debug)]
pub struct StackedMovesIter {
    batch: StackedMoves,
    /// Index into [`PieceKind::PROMOTIONS`] for the current landing square.
    promotion: usize,
}

impl Iterator for StackedMovesIter {
    type Item = StackedMove;

    #[inline]
    fn next(&mut self) -> Option<StackedMove> {
        let batch = &mut self.batch;
        if batch.targets == 0 {
            return None;
        }
        let t = batch.targets.trailing_zeros() as usize;
        let mut m = StackedMove {
            castling: batch.castling,
            ..StackedMove::new(batch.from as usize, square(batch.z as usize, t))
        };
        if batch.promoting & bit(t) != 0 {
            m.promotion = PieceKind::PROMOTIONS[self.promotion].index() as u8;
            self.promotion += 1;
            if self.promotion < PieceKind::PROMOTIONS.len() {
                return Some(m);
            }
            self.promotion = 0;
            batch.promoting &= !bit(t);
        }
        batch.targets &= batch.targets - 1;
        Some(m)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.batch.len() - self.promotion;
        (n, Some(n))
    }
}

impl ExactSizeIterator for StackedMovesIter {}

/// Boards one step up or down from `z`.
#[inline]
fn adjacent_boards(z: usize) -> impl Iterator<Item = usize> {
    [z.wrapping_sub(1), z + 1].into_iter().filter(|&b| b < 3)
}

/// The board two steps away from `z` (only from B or T).
#[inline]
fn far_board(z: usize) -> Option<usize> {
    match z {
        0 => Some(2),
        2 => Some(0),
        _ => None,
    }
}

/// What the generator needs to know about the side to move, computed once per position.
struct Context {
    us: usize,
    them: Color,
    /// The king's board and local square.
    kz: usize,
    ks: usize,
    in_check: bool,
    /// Own pieces on the king's board that may not leave their line to the king.
    pinned: u64,
    /// On the king's board: the squares that answer a check (all squares when not in check).
    check_mask: u64,
    /// Empty squares of each board.
    empty: [u64; 3],
    promotion_rank: u64,
}

impl Context {
    /// The landing squares allowed on board `to` for an unpinned piece from board `from`.
    #[inline]
    fn filter(&self, from: usize, to: usize) -> u64 {
        if from == self.kz {
            if from == to {
                self.check_mask
            } else if self.in_check {
                0
            } else {
                !0
            }
        } else if to == self.kz {
            self.check_mask
        } else if self.in_check {
            0
        } else {
            !0
        }
    }
}

/// Hands every legal move of the side to move to `emit`, until it breaks.
pub(super) fn generate<F>(pos: &StackedPosition, emit: &mut F) -> ControlFlow<()>
where
    F: FnMut(StackedMoves) -> ControlFlow<()>,
{
    let color = pos.turn;
    let us = color.index();
    let them = color.opposite();
    let king = pos.kings[us] as usize;
    let (kz, ks) = (board_of(king), local_of(king));
    let king_board = pos.all_occupied(kz);
    let checkers = pos.attackers(kz, ks, them, king_board);
    let empty = [
        !pos.all_occupied(0),
        !pos.all_occupied(1),
        !pos.all_occupied(2),
    ];
    let in_check = checkers != 0;
    king_moves(pos, emit, king, in_check, &empty)?;
    if checkers.count_ones() > 1 {
        return ControlFlow::Continue(()); // double check: only the king can move
    }
    let check_mask = if in_check {
        checkers | between(ks, checkers.trailing_zeros() as usize)
    } else {
        !0
    };
    let ctx = Context {
        us,
        them,
        kz,
        ks,
        in_check,
        pinned: pinned(pos, kz, ks, color),
        check_mask,
        empty,
        promotion_rank: match color {
            Color::White => RANK_8,
            Color::Black => RANK_1,
        },
    };
    for z in 0..3 {
        pawn_moves(pos, emit, &ctx, z)?;
        piece_moves(pos, emit, &ctx, z)?;
    }
    ControlFlow::Continue(())
}

/// Own pieces on board `kz` pinned to the king on `ks`.
#[inline]
fn pinned(pos: &StackedPosition, kz: usize, ks: usize, color: Color) -> u64 {
    let enemy = &pos.pieces[kz][color.opposite().index()];
    let queens = enemy[PieceKind::Queen.index()];
    let snipers = (rook_rays(ks) & (enemy[PieceKind::Rook.index()] | queens))
        | (bishop_rays(ks) & (enemy[PieceKind::Bishop.index()] | queens));
    let occupied = pos.all_occupied(kz);
    let own = pos.occupied[kz][color.index()];
    let mut pinned = 0;
    for sniper in Bits(snipers) {
        let blockers = between(ks, sniper) & occupied;
        if blockers.count_ones() == 1 {
            pinned |= blockers & own;
        }
    }
    pinned
}

fn king_moves<F>(
    pos: &StackedPosition,
    emit: &mut F,
    king: usize,
    in_check: bool,
    empty: &[u64; 3],
) -> ControlFlow<()>
where
    F: FnMut(StackedMoves) -> ControlFlow<()>,
{
    let color = pos.turn;
    let them = color.opposite();
    let (kz, ks) = (board_of(king), local_of(king));
    let unmoved = pos.is_unmoved(king);
    // Same-board steps: a moved king freely; an unmoved king only captures, only in check.
    if !unmoved || in_check {
        let mut targets = KING[ks] & !pos.occupied[kz][color.index()];
        if unmoved {
            targets &= pos.occupied[kz][them.index()];
        }
        let without_king = pos.all_occupied(kz) ^ bit(ks);
        for t in Bits(targets) {
            if !pos.is_attacked(kz, t, them, without_king) {
                emit(StackedMoves::plain(king, kz, bit(t)))?;
            }
        }
    }
    // To the next board: straight up or down; on its first move also diagonally.
    let reach = if unmoved { KING[ks] | bit(ks) } else { bit(ks) };
    for z in adjacent_boards(kz) {
        let occupied = pos.all_occupied(z);
        for t in Bits(reach & empty[z]) {
            if !pos.is_attacked(z, t, them, occupied) {
                emit(StackedMoves::plain(king, z, bit(t)))?;
            }
        }
    }
    if unmoved && !in_check {
        castling_moves(pos, emit, king, empty)?;
    }
    ControlFlow::Continue(())
}

/// Castling on the home board and to the middle board. The king is unmoved (so on its
/// start square) and not in check.
fn castling_moves<F>(
    pos: &StackedPosition,
    emit: &mut F,
    king: usize,
    empty: &[u64; 3],
) -> ControlFlow<()>
where
    F: FnMut(StackedMoves) -> ControlFlow<()>,
{
    let color = pos.turn;
    let them = color.opposite();
    let home = home_board(color);
    let back = match color {
        Color::White => 0,
        Color::Black => 56,
    };
    let home_occupied = pos.all_occupied(home);
    let middle = 1;
    let middle_occupied = pos.all_occupied(middle);
    // (rook file, files between king and rook, crossing file, king landing, rook landing)
    const SIDES: [(usize, u64, usize, usize, usize); 2] =
        [(7, 0b0110_0000, 5, 6, 5), (0, 0b0000_1110, 3, 2, 3)];
    for (rook_file, between_files, crossing, king_to, rook_to) in SIDES {
        let rook = back + rook_file;
        // Unmoved flags on the home board belong to this side's pieces on their start
        // squares, so an unmoved corner is this side's unmoved rook.
        if pos.unmoved[home] & bit(rook) == 0 || home_occupied & (between_files << back) != 0 {
            continue;
        }
        if pos.is_attacked(home, back + crossing, them, home_occupied) {
            continue;
        }
        if !pos.is_attacked(home, back + king_to, them, home_occupied) {
            emit(StackedMoves::castle(king, square(home, back + king_to)))?;
        }
        let landing = bit(back + king_to) | bit(back + rook_to);
        if empty[middle] & landing == landing
            && !pos.is_attacked(middle, back + king_to, them, middle_occupied)
        {
            emit(StackedMoves::castle(king, square(middle, back + king_to)))?;
        }
    }
    ControlFlow::Continue(())
}

fn pawn_moves<F>(pos: &StackedPosition, emit: &mut F, ctx: &Context, z: usize) -> ControlFlow<()>
where
    F: FnMut(StackedMoves) -> ControlFlow<()>,
{
    let pawns = pos.pieces[z][ctx.us][PieceKind::Pawn.index()];
    if pawns == 0 {
        return ControlFlow::Continue(());
    }
    let enemy = pos.occupied[z][ctx.them.index()];
    let white = ctx.us == 0;
    let same_filter = ctx.filter(z, z);
    for s in Bits(pawns) {
        let from = square(z, s);
        let unmoved = pos.unmoved[z] & bit(s) != 0;
        let pinned = z == ctx.kz && ctx.pinned & bit(s) != 0;
        // A pawn is never on its last rank, so the square ahead exists; an unmoved pawn
        // is on its second rank, so the square two ahead exists too.
        let ahead = if white { s + 8 } else { s - 8 };
        let two_ahead = if white { s + 16 } else { s.wrapping_sub(16) };
        if !unmoved || ctx.in_check {
            let mut targets = PAWN_ATTACKS[ctx.us][s] & enemy;
            if ctx.empty[z] & bit(ahead) != 0 {
                targets |= bit(ahead);
                if unmoved && ctx.empty[z] & bit(two_ahead) != 0 {
                    targets |= bit(two_ahead);
                }
            }
            let mut filter = same_filter;
            if pinned {
                filter &= line(ctx.ks, s);
            }
            emit(StackedMoves::pawn(
                from,
                z,
                targets & filter,
                ctx.promotion_rank,
            ))?;
        }
        if pinned {
            continue;
        }
        for z2 in adjacent_boards(z) {
            let filter = ctx.filter(z, z2);
            if filter == 0 {
                continue;
            }
            let mut targets = bit(ahead) & ctx.empty[z2];
            if unmoved && ctx.empty[z] & ctx.empty[z2] & bit(ahead) != 0 {
                targets |= bit(two_ahead) & ctx.empty[z2];
            }
            emit(StackedMoves::pawn(
                from,
                z2,
                targets & filter,
                ctx.promotion_rank,
            ))?;
        }
        if unmoved {
            if let Some(z2) = far_board(z) {
                let filter = ctx.filter(z, z2);
                if ctx.empty[1] & bit(ahead) != 0 {
                    let targets = bit(two_ahead) & ctx.empty[z2] & filter;
                    emit(StackedMoves::pawn(from, z2, targets, ctx.promotion_rank))?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// Knights, bishops, rooks and queens of the side to move on board `z`.
fn piece_moves<F>(pos: &StackedPosition, emit: &mut F, ctx: &Context, z: usize) -> ControlFlow<()>
where
    F: FnMut(StackedMoves) -> ControlFlow<()>,
{
    let own_pieces = &pos.pieces[z][ctx.us];
    let own = pos.occupied[z][ctx.us];
    let occupied = pos.all_occupied(z);
    let same_filter = ctx.filter(z, z);
    let movers = own & !own_pieces[PieceKind::Pawn.index()] & !own_pieces[PieceKind::King.index()];
    for s in Bits(movers) {
        let from = square(z, s);
        let b = bit(s);
        let kind = if own_pieces[PieceKind::Knight.index()] & b != 0 {
            PieceKind::Knight
        } else if own_pieces[PieceKind::Bishop.index()] & b != 0 {
            PieceKind::Bishop
        } else if own_pieces[PieceKind::Rook.index()] & b != 0 {
            PieceKind::Rook
        } else {
            PieceKind::Queen
        };
        let unmoved = pos.unmoved[z] & b != 0;
        let pinned = z == ctx.kz && ctx.pinned & b != 0;
        if (!unmoved || ctx.in_check) && same_filter != 0 {
            let attacks = match kind {
                PieceKind::Knight => KNIGHT[s],
                PieceKind::Bishop => bishop_attacks(s, occupied),
                PieceKind::Rook => rook_attacks(s, occupied),
                _ => bishop_attacks(s, occupied) | rook_attacks(s, occupied),
            };
            let mut filter = same_filter;
            if pinned {
                filter &= line(ctx.ks, s);
            }
            emit(StackedMoves::plain(from, z, attacks & !own & filter))?;
        }
        if pinned {
            continue;
        }
        let diagonal = matches!(kind, PieceKind::Bishop | PieceKind::Queen);
        let straight = matches!(kind, PieceKind::Rook | PieceKind::Queen);
        for z2 in adjacent_boards(z) {
            let filter = ctx.filter(z, z2);
            if filter == 0 {
                continue;
            }
            let targets = match kind {
                PieceKind::Knight => KNIGHT[s],
                _ => (if diagonal { DIAGONAL_1[s] } else { 0 }) | (if straight { b } else { 0 }),
            };
            emit(StackedMoves::plain(
                from,
                z2,
                targets & ctx.empty[z2] & filter,
            ))?;
        }
        if let Some(z2) = far_board(z) {
            let filter = ctx.filter(z, z2);
            if filter == 0 {
                continue;
            }
            let middle_empty = ctx.empty[1];
            let mut targets = 0;
            if kind == PieceKind::Knight {
                targets = KNIGHT[s];
            } else {
                if diagonal {
                    // Two diagonal steps across two boards: the midpoint on M must be empty.
                    for t in Bits(DIAGONAL_2[s]) {
                        if middle_empty & bit((s + t) / 2) != 0 {
                            targets |= bit(t);
                        }
                    }
                }
                if straight && middle_empty & b != 0 {
                    targets |= b;
                }
            }
            emit(StackedMoves::plain(
                from,
                z2,
                targets & ctx.empty[z2] & filter,
            ))?;
        }
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_has_sixty_moves() {
        let pos = StackedPosition::start_position();
        let mut count = 0;
        let mut moves = Vec::new();
        let _ = generate(&pos, &mut |batch: StackedMoves| {
            count += batch.len();
            moves.extend(batch);
            ControlFlow::Continue(())
        });
        assert_eq!(count, 60);
        assert_eq!(moves.len(), 60);
    }

    #[test]
    fn a_promoting_batch_has_four_moves_per_square() {
        let batch = StackedMoves::pawn(square(0, 48), 0, bit(56) | bit(57), RANK_8);
        let moves: Vec<StackedMove> = batch.into_iter().collect();
        assert_eq!(batch.len(), 8);
        assert_eq!(moves.len(), 8);
        assert_eq!(batch.into_iter().size_hint(), (8, Some(8)));
        let kinds: Vec<_> = moves.iter().map(|m| m.promotion().unwrap()).collect();
        assert_eq!(kinds[..4], PieceKind::PROMOTIONS);
        assert_eq!(kinds[4..], PieceKind::PROMOTIONS);
        assert!(moves[..4].iter().all(|m| m.to_square() == square(0, 56)));
        assert!(moves[4..].iter().all(|m| m.to_square() == square(0, 57)));
    }

    #[test]
    fn appending_a_batch_gives_the_iterators_moves_in_its_order() {
        let batches = [
            StackedMoves::plain(square(1, 9), 2, bit(3) | bit(17) | bit(63)),
            StackedMoves::pawn(square(0, 48), 0, bit(56) | bit(57), RANK_8),
            StackedMoves::pawn(square(0, 12), 0, bit(20) | bit(28), RANK_8),
            StackedMoves::castle(square(0, 4), square(1, 6)),
            StackedMoves::plain(square(2, 0), 2, 0),
        ];
        for batch in batches {
            let mut appended = vec![StackedMove::new(0, 1)];
            batch.append_to(&mut appended);
            let mut iterated = vec![StackedMove::new(0, 1)];
            iterated.extend(batch);
            assert_eq!(appended, iterated, "{batch:?}");
            assert_eq!(appended.len(), 1 + batch.len());
        }
    }
}
