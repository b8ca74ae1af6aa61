//! [`Position`] for [`QuadlevelPosition`].

use super::board::QuadlevelPosition;
use super::geometry::{square_name, Cells};
use super::play::QuadlevelUndo;
use super::{MoveKind, QuadlevelMove};
use crate::error::{PositionError, SetupError};
use crate::piece::{Color, PieceKind};
use crate::position::{Cell, MoveFacts, MoveSquares, Mover, OneMove, Position};
use crate::setup::{Options, Setup, Variant};
use std::ops::ControlFlow;

fn check_variant(setup: &Setup) -> Result<(), SetupError> {
    if setup.variant() != Variant::Quadlevel {
        return Err(SetupError::UnknownVariant(format!(
            "{} (a quadlevel position was asked for)",
            setup.variant()
        )));
    }
    Ok(())
}

impl Position for QuadlevelPosition {
    type Move = QuadlevelMove;
    type Undo = QuadlevelUndo;
    type Moves = OneMove<QuadlevelMove>;

    fn start(setup: &Setup) -> Result<Self, SetupError> {
        check_variant(setup)?;
        Ok(
            QuadlevelPosition::parse_string(setup.options().destroy_both_kings, super::START)
                .expect("the start position is valid"),
        )
    }

    fn from_position_string(setup: &Setup, s: &str) -> Result<Self, PositionError> {
        check_variant(setup).map_err(|e| PositionError::new(s, e.to_string()))?;
        QuadlevelPosition::parse_string(setup.options().destroy_both_kings, s)
    }

    fn position_string(&self) -> String {
        self.format_string()
    }

    fn setup(&self) -> Setup {
        let options = Options {
            destroy_both_kings: self.destroy_both_kings,
            ..Options::default()
        };
        Setup::new(Variant::Quadlevel, None, options).expect("quadlevel options are valid")
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
        F: FnMut(OneMove<QuadlevelMove>) -> ControlFlow<()>,
    {
        self.generate(&mut listener)
    }

    fn play(&mut self, m: QuadlevelMove) -> QuadlevelUndo {
        self.make(m)
    }

    fn undo(&mut self, m: QuadlevelMove, undo: QuadlevelUndo) {
        self.unmake(m, undo)
    }

    fn play_null(&mut self) -> QuadlevelUndo {
        self.make_null()
    }

    fn undo_null(&mut self, undo: QuadlevelUndo) {
        self.unmake_null(undo)
    }

    fn in_check(&self) -> bool {
        self.any_king_attacked(self.turn)
    }

    fn checked_kings(&self) -> Vec<String> {
        Cells(self.kings(self.turn))
            .filter(|&k| self.attacked(k, self.turn.opposite()))
            .map(square_name)
            .collect()
    }

    fn move_facts(&self, m: QuadlevelMove) -> MoveFacts {
        let castling = matches!(m.kind, MoveKind::Castling(_));
        let mover = self.piece_at(m.from).map_or(PieceKind::King, |p| p.kind);
        let captured = match m.kind {
            MoveKind::EnPassant => Some(PieceKind::Pawn),
            MoveKind::Castling(_) => None,
            _ => self.piece_at(m.to).map(|p| p.kind),
        };
        let promotion = match m.kind {
            MoveKind::Promotion(k) => Some(k),
            _ => None,
        };
        MoveFacts {
            mover: Mover::Piece(mover),
            captured,
            promotion,
            zeroing: mover == PieceKind::Pawn || captured.is_some(),
            castling,
        }
    }

    fn move_squares(&self, m: QuadlevelMove) -> MoveSquares {
        self.squares(m)
    }

    fn insufficient_material(&self) -> bool {
        self.occupied() == self.by_kind[PieceKind::King.index()]
    }

    fn material(&self) -> [[u8; 6]; 2] {
        let mut out = [[0; 6]; 2];
        for c in Color::ALL {
            for k in PieceKind::ALL {
                out[c.index()][k.index()] = self.pieces(c, k).count_ones() as u8;
            }
        }
        out
    }

    fn move_token(&self, m: QuadlevelMove) -> String {
        self.token(m)
    }

    fn move_notation(&self, m: QuadlevelMove) -> String {
        self.notation(m)
    }

    fn cells(&self) -> Vec<Cell> {
        self.cell_list()
    }

    fn pretty(&self) -> String {
        self.drawing()
    }
}
