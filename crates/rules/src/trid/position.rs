//! [`Position`] for [`TridPosition`]: the trait's plumbing.

use super::board::{code, kind, TridMove, TridPosition, NO_SQ, START_PIECES};
use super::geometry::*;
use super::{notation, string};
use crate::error::{PositionError, SetupError};
use crate::piece::{Color, PieceKind};
use crate::position::{AttackBoardView, Cell, MoveFacts, MoveSquares, Mover, OneMove, Position};
use crate::setup::{Setup, Variant};
use std::ops::ControlFlow;

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
        self.cell_list()
    }

    fn attack_boards(&self) -> Vec<AttackBoardView> {
        self.attack_board_views()
    }

    fn pretty(&self) -> String {
        self.drawing()
    }
}
