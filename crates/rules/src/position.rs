//! The trait every variant's position implements.

use crate::error::{MoveError, PositionError, SetupError};
use crate::piece::{Color, PieceKind};
use crate::setup::Setup;
use std::fmt::Debug;
use std::hash::Hash;
use std::iter;
use std::ops::ControlFlow;

/// A batch of legal moves handed to a move listener (cozy-chess's `PieceMoves` is the
/// model): it knows its size without building its moves, and iterates them.
pub trait MoveBatch: IntoIterator {
    /// The number of moves in the batch; may be 0.
    fn len(&self) -> usize;

    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Appends the batch's moves to `out`, in iteration order. Batches of target sets
    /// override it with a plain loop over the set: the search lists every node's moves
    /// this way, and the iterator's general path (promotions, size hints) costs there.
    #[inline]
    fn append_to(self, out: &mut Vec<Self::Item>)
    where
        Self: Sized,
    {
        out.extend(self);
    }
}

/// A batch of exactly one move, for generators that find moves one at a time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OneMove<M>(pub M);

impl<M> IntoIterator for OneMove<M> {
    type Item = M;
    type IntoIter = iter::Once<M>;

    #[inline]
    fn into_iter(self) -> iter::Once<M> {
        iter::once(self.0)
    }
}

impl<M> MoveBatch for OneMove<M> {
    #[inline]
    fn len(&self) -> usize {
        1
    }

    #[inline]
    fn append_to(self, out: &mut Vec<M>) {
        out.push(self.0);
    }
}

/// What moves in a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mover {
    /// A piece of this kind (for castling: the king).
    Piece(PieceKind),
    /// A Tri-D attack board (carrying at most one piece).
    Board,
}

/// Facts about a legal move in the position it is played from, for move ordering,
/// the 50-move rule and displays. Cheap to compute.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MoveFacts {
    pub mover: Mover,
    /// The kind of the piece this move captures, if any (en passant included).
    pub captured: Option<PieceKind>,
    /// The kind a pawn becomes, if the move promotes.
    pub promotion: Option<PieceKind>,
    /// A pawn move or a capture: resets the 50-move counter.
    pub zeroing: bool,
    pub castling: bool,
}

/// Where a move is drawn: the square names a user interface highlights.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MoveSquares {
    /// The square the piece leaves (for an attack-board move: the board's name, e.g. `WQL`).
    pub from: String,
    /// The square the piece lands on (for an attack-board move: its new position, e.g. `b4(1)`).
    pub to: String,
    /// The square of a captured piece when it differs from `to` (en passant).
    pub captured: Option<String>,
}

/// One square as a user interface draws it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cell {
    /// The square's name, as in move tokens (`Me4`, `c3(4)`, `c4L2`, `a1@01`).
    pub name: String,
    /// The board or level it belongs to (`B`/`M`/`T`; `W`/`N`/`B` or an attack board's
    /// name; `L1`..`L4`; `00`, `10`, `01`, `11` as Z then W).
    pub board: String,
    /// Variant coordinates: stacked (x, y, z, 0); trid (file 0-5, rank 0-9, level 1-7, 0);
    /// quadlevel (x, y, level index 0-3 from the top, 0); fourfold (x, y, z, w).
    pub coords: [i8; 4],
    pub dark: bool,
    pub piece: Option<crate::piece::Piece>,
}

/// A Tri-D attack board as a user interface draws it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AttackBoardView {
    /// `WQL`, `WKL`, `BQL` or `BKL`.
    pub name: String,
    /// Its position, e.g. `b1(3)`.
    pub position: String,
    /// The post (corner square without level), e.g. `b1`.
    pub post: String,
    pub level: i8,
    /// Standing above its main board (else hanging below).
    pub standing: bool,
    pub owner: Color,
}

/// A position of one variant. Always valid: constructors reject impossible positions,
/// and only legal moves are played.
///
/// Move generation is legal (not pseudo-legal): every move in [`Position::legal_moves`]
/// may be played. Playing a move that did not come from `legal_moves` of the same
/// position is a logic error (it may panic, but never causes undefined behaviour).
pub trait Position: Clone + PartialEq + Eq + Debug + Send + Sync + 'static {
    /// A compact move. Tokens (strings) are for the outside; this is for the inside.
    type Move: Copy + Eq + Hash + Debug + Send + Sync + 'static;
    /// What [`Position::undo`] needs to take a move back.
    type Undo: Clone + Debug + Send + Sync + 'static;
    /// A batch of legal moves as [`Position::generate_moves`] hands them out.
    type Moves: MoveBatch<Item = Self::Move>;

    /// The starting position of the setup. Fails if the setup is of another variant.
    fn start(setup: &Setup) -> Result<Self, SetupError>;

    /// Reads a position string of this variant under the given setup (rule set, options).
    fn from_position_string(setup: &Setup, s: &str) -> Result<Self, PositionError>;

    /// The canonical position string; `from_position_string` of it gives this position back.
    fn position_string(&self) -> String;

    /// The setup this position is played under.
    fn setup(&self) -> Setup;

    /// The side to move.
    fn turn(&self) -> Color;

    /// Half-moves since the last capture or pawn move.
    fn halfmove_clock(&self) -> u32;

    /// The full-move number, from 1, incremented after Black's move.
    fn fullmove_number(&self) -> u32;

    /// The position's hash, kept incrementally. It covers everything that decides the legal
    /// moves (placement, side to move, castling rights, en passant, unmoved flags, attack
    /// boards and their owners) and nothing else (not the move counters), so two positions
    /// with equal hashes are (barring collisions) the same for the repetition rule.
    fn hash(&self) -> u64;

    /// The same hash computed from scratch; equal to [`Position::hash`] in every position.
    fn compute_hash(&self) -> u64;

    /// The one move generator: hands every legal move to `listener`, a batch at a time
    /// (for most variants one piece's moves to a set of squares, so that counting builds no
    /// move), and stops as soon as the listener answers [`ControlFlow::Break`]. Returns
    /// `Break` exactly when the listener stopped it. Every other way of asking for moves
    /// ([`Position::legal_moves`], [`Position::count_legal`], [`Position::has_legal_move`])
    /// is derived from this one.
    fn generate_moves<F>(&self, listener: F) -> ControlFlow<()>
    where
        F: FnMut(Self::Moves) -> ControlFlow<()>;

    /// Appends every legal move to `out` (which is not cleared first).
    fn generate_legal(&self, out: &mut Vec<Self::Move>) {
        let _ = self.generate_moves(|batch| {
            batch.append_to(out);
            ControlFlow::Continue(())
        });
    }

    /// Every legal move.
    fn legal_moves(&self) -> Vec<Self::Move> {
        crate::generations::count();
        let mut out = Vec::new();
        self.generate_legal(&mut out);
        out
    }

    /// The number of legal moves (perft's last ply), counted batch by batch without
    /// building moves.
    fn count_legal(&self) -> u64 {
        let mut count = 0;
        let _ = self.generate_moves(|batch| {
            count += batch.len() as u64;
            ControlFlow::Continue(())
        });
        count
    }

    /// Whether the side to move has any legal move; stops at the first one.
    fn has_legal_move(&self) -> bool {
        self.generate_moves(|batch| {
            if batch.is_empty() {
                ControlFlow::Continue(())
            } else {
                ControlFlow::Break(())
            }
        })
        .is_break()
    }

    /// Plays a legal move, returning what is needed to take it back.
    fn play(&mut self, m: Self::Move) -> Self::Undo;

    /// Takes back `m`, which was the last move played, restoring the position exactly
    /// (hash included).
    fn undo(&mut self, m: Self::Move, undo: Self::Undo);

    /// Passes the turn without moving (for the search's null-move pruning only; never
    /// legal in a game). Clears en passant rights. Must not be called when in check.
    fn play_null(&mut self) -> Self::Undo;

    /// Takes back [`Position::play_null`].
    fn undo_null(&mut self, undo: Self::Undo);

    /// Whether the side to move is in check (in Quadlevel: either of its kings).
    fn in_check(&self) -> bool;

    /// The squares of the side to move's kings that are attacked (empty when not in check).
    fn checked_kings(&self) -> Vec<String>;

    /// Facts about a legal move of this position.
    fn move_facts(&self, m: Self::Move) -> MoveFacts;

    /// The squares a user interface draws for a legal move of this position.
    fn move_squares(&self, m: Self::Move) -> MoveSquares;

    /// Neither side can possibly checkmate, as the variant defines it.
    fn insufficient_material(&self) -> bool;

    /// Number of pieces per side and kind, indexed `[color][kind]`.
    fn material(&self) -> [[u8; 6]; 2];

    /// The move token (records.md), e.g. `Bg1Mf3`, for a legal move of this position.
    fn move_token(&self, m: Self::Move) -> String;

    /// The display notation (seed 000 glyph form, without `+`/`#`), e.g. `♘Bg1–Mf3`,
    /// for a legal move of this position.
    fn move_notation(&self, m: Self::Move) -> String;

    /// The display notation in ASCII (letters `K Q R B N`, `-`, `x`, `->`), e.g. `NBg1-Mf3`.
    fn move_notation_ascii(&self, m: Self::Move) -> String {
        crate::notation::to_ascii(&self.move_notation(m))
    }

    /// Finds the legal move with this token.
    fn parse_move_token(&self, token: &str) -> Result<Self::Move, MoveError> {
        crate::notation::find_by_token(self, token)
    }

    /// Finds the legal move written in any accepted form: display notation (glyphs or
    /// ASCII, with or without `+`/`#`) or a move token.
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError> {
        crate::notation::find_by_any_form(self, text)
    }

    /// Every square that exists now, with its piece.
    fn cells(&self) -> Vec<Cell>;

    /// The attack boards (Tri-D only; empty elsewhere).
    fn attack_boards(&self) -> Vec<AttackBoardView> {
        Vec::new()
    }

    /// A human-readable drawing of the position, for `d` and debugging.
    fn pretty(&self) -> String {
        self.position_string()
    }
}
