//! Tri-D chess (Star Trek tri-dimensional chess) with attack boards, in three rule sets
//! (`federation`, `meder`, `stepwise`) chosen at run time from the [`Setup`].
//!
//! One position type serves all three rule sets: the geometry, the position string and
//! most move rules are shared; what differs (what blocks a line, pawn details, castling
//! conditions, attack-board moves) is a `match` on the rule set in the few places it
//! matters.

mod boards;
pub mod geometry;
mod hash;
mod movegen;
mod notation;
pub mod paths;
mod play;
mod string;
mod view;

use crate::error::{PositionError, SetupError};
use crate::piece::{Color, PieceKind};
use crate::position::{AttackBoardView, Cell, MoveFacts, MoveSquares, Mover, OneMove, Position};
use crate::setup::{RuleSet, Setup, Variant};
use geometry::*;
use std::fmt;
use std::ops::ControlFlow;

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
    squares: [u8; NSQ],
    /// Existing levels per column (bit z).
    exist: [u8; COLUMNS],
    /// Occupied levels per column (bit z).
    occ: [u8; COLUMNS],
    /// Occupied squares per side.
    by_color: [[u64; 8]; 2],
    placements: [Placement; 4],
    /// Bit b: board b is owned by the side that did not start with it (federation).
    owner_changed: u8,
    turn: Color,
    castling: u8,
    ep_passed: Sq,
    ep_pawn: Sq,
    halfmove: u32,
    fullmove: u32,
    hash: u64,
    kings: [Sq; 2],
    rules: RuleSet,
    rook_pawns: bool,
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
const START_PIECES: &str = "Ra0(3),Qb0(3),Pa1(3),Pb1(3),Ke0(3),Rf0(3),Pe1(3),Pf1(3),Nb1(2),Bc1(2),Bd1(2),Ne1(2),Pb2(2),Pc2(2),Pd2(2),Pe2(2),ra9(7),qb9(7),pa8(7),pb8(7),ke9(7),rf9(7),pe8(7),pf8(7),nb8(6),bc8(6),bd8(6),ne8(6),pb7(6),pc7(6),pd7(6),pe7(6)";

impl TridPosition {
    /// An empty position with the boards on their start posts.
    fn empty(rules: RuleSet, rook_pawns: bool) -> TridPosition {
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

    fn add_board_squares(&mut self, p: Placement) {
        for s in p.squares() {
            self.exist[sq_col(s)] |= 1 << sq_z(s);
        }
    }

    fn remove_board_squares(&mut self, p: Placement) {
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

    fn set_ep(&mut self, passed: Sq, pawn: Sq) {
        if self.ep_passed != NO_SQ {
            self.hash ^= hash::en_passant(self.ep_passed, self.ep_pawn);
        }
        self.ep_passed = passed;
        self.ep_pawn = pawn;
        if passed != NO_SQ {
            self.hash ^= hash::en_passant(passed, pawn);
        }
    }

    fn set_castling(&mut self, rights: u8) {
        self.hash ^= hash::castling(self.castling) ^ hash::castling(rights);
        self.castling = rights;
    }

    /// The hash from scratch.
    fn hash_from_scratch(&self) -> u64 {
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

impl Position for TridPosition {
    type Move = TridMove;
    /// Copy-make: the position before the move.
    type Undo = TridPosition;
    type Moves = OneMove<TridMove>;

    fn start(setup: &Setup) -> Result<Self, SetupError> {
        if setup.variant() != Variant::Trid {
            return Err(SetupError::UnknownVariant(format!(
                "{} (a Tri-D position needs variant trid)",
                setup.variant()
            )));
        }
        let s =
            format!("{START_PIECES} WQL@b1(3):w,WKL@e1(3):w,BQL@b8(7):b,BKL@e8(7):b w KQkq - 0 1");
        Ok(TridPosition::from_position_string(setup, &s).expect("the start position is valid"))
    }

    fn from_position_string(setup: &Setup, s: &str) -> Result<Self, PositionError> {
        if setup.variant() != Variant::Trid {
            return Err(PositionError::new(
                s,
                format!("variant {} is not trid", setup.variant()),
            ));
        }
        string::parse(setup.rules(), setup.options().rook_pawns, s)
    }

    fn position_string(&self) -> String {
        string::format(self)
    }

    fn setup(&self) -> Setup {
        let options = crate::setup::Options {
            rook_pawns: self.rook_pawns,
            ..Default::default()
        };
        Setup::new(Variant::Trid, Some(self.rules), options).expect("a valid Tri-D setup")
    }

    fn turn(&self) -> Color {
        self.turn
    }

    fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn compute_hash(&self) -> u64 {
        self.hash_from_scratch()
    }

    fn generate_moves<F>(&self, mut listener: F) -> ControlFlow<()>
    where
        F: FnMut(OneMove<TridMove>) -> ControlFlow<()>,
    {
        TridPosition::generate_moves(self, &mut listener)
    }

    fn play(&mut self, m: TridMove) -> TridPosition {
        let before = self.clone();
        self.apply(m);
        before
    }

    fn undo(&mut self, _m: TridMove, undo: TridPosition) {
        *self = undo;
    }

    fn play_null(&mut self) -> TridPosition {
        let before = self.clone();
        self.set_ep(NO_SQ, NO_SQ);
        self.finish_turn();
        before
    }

    fn undo_null(&mut self, undo: TridPosition) {
        *self = undo;
    }

    fn in_check(&self) -> bool {
        self.king_attacked(self.us())
    }

    fn checked_kings(&self) -> Vec<String> {
        if self.in_check() {
            vec![square_name(self.kings[self.us()])]
        } else {
            Vec::new()
        }
    }

    fn move_facts(&self, m: TridMove) -> MoveFacts {
        let promotion = (m.promo != 0).then(|| code::piece_kind(m.promo));
        if m.is_board() {
            let mut after = self.clone();
            after.apply(m);
            let auto_queen = after.halfmove == 0 && promotion.is_none();
            return MoveFacts {
                mover: Mover::Board,
                captured: None,
                promotion: promotion.or(auto_queen.then_some(PieceKind::Queen)),
                zeroing: after.halfmove == 0,
                castling: false,
            };
        }
        let moving = self.at(m.from);
        let captured = match m.kind {
            kind::EN_PASSANT => Some(PieceKind::Pawn),
            kind::NORMAL if self.at(m.to) != 0 => Some(code::piece(self.at(m.to)).kind),
            _ => None,
        };
        MoveFacts {
            mover: Mover::Piece(code::piece(moving).kind),
            captured,
            promotion,
            zeroing: captured.is_some() || code::kind(moving) == code::PAWN,
            castling: matches!(m.kind, kind::CASTLE_KING | kind::CASTLE_QUEEN),
        }
    }

    fn move_squares(&self, m: TridMove) -> MoveSquares {
        notation::squares(self, m)
    }

    fn insufficient_material(&self) -> bool {
        let mat = self.material();
        let minors = |side: usize| mat[side][1] + mat[side][2];
        let majors_or_pawns = |side: usize| mat[side][0] + mat[side][3] + mat[side][4] > 0;
        if majors_or_pawns(0) || majors_or_pawns(1) {
            return false;
        }
        let (w, b) = (minors(0), minors(1));
        w + b <= 1
    }

    fn material(&self) -> [[u8; 6]; 2] {
        let mut m = [[0u8; 6]; 2];
        for (side, counts) in m.iter_mut().enumerate() {
            for s in self.pieces_of(side) {
                counts[code::kind(self.at(s)) as usize - 1] += 1;
            }
        }
        m
    }

    fn move_token(&self, m: TridMove) -> String {
        notation::token(m)
    }

    fn move_notation(&self, m: TridMove) -> String {
        notation::display(self, m)
    }

    fn cells(&self) -> Vec<Cell> {
        let mut out = Vec::with_capacity(64);
        for z in 1..=7 {
            for y in 0..RANKS {
                for x in 0..FILES {
                    let s = square(x, y, z);
                    if !self.exists(s) {
                        continue;
                    }
                    let board = match self.board_at(s) {
                        Some(b) => BOARD_NAMES[b].to_string(),
                        None => main_board_label(z).to_string(),
                    };
                    let c = self.at(s);
                    out.push(Cell {
                        name: square_name(s),
                        board,
                        coords: [x, y, z, 0],
                        dark: is_dark(x, y),
                        piece: (c != 0).then(|| code::piece(c)),
                    });
                }
            }
        }
        out
    }

    fn attack_boards(&self) -> Vec<AttackBoardView> {
        (0..4)
            .map(|b| {
                let p = self.placements[b];
                AttackBoardView {
                    name: BOARD_NAMES[b].to_string(),
                    position: p.name(),
                    post: p.post().name(),
                    level: p.level,
                    standing: p.standing(),
                    owner: if self.owner(b) == 0 {
                        Color::White
                    } else {
                        Color::Black
                    },
                }
            })
            .collect()
    }

    fn pretty(&self) -> String {
        string::pretty(self)
    }
}
