//! [`Position`] for Fourfold: the trait's plumbing.

use super::board::{FourfoldMove, FourfoldPosition};
use super::geometry::square_name;
use super::movegen::FourfoldMoves;
use super::play::FourfoldUndo;
use super::string::START;
use crate::error::{PositionError, SetupError};
use crate::piece::{Color, PieceKind};
use crate::position::{Cell, MoveFacts, MoveSquares, Mover, Position};
use crate::setup::{Setup, Variant};
use std::ops::ControlFlow;

fn check_setup(setup: &Setup) -> Result<(), SetupError> {
    if setup.variant() != Variant::Fourfold {
        // The only setup error naming two variants: the caller asked for another game.
        return Err(SetupError::UnknownVariant(format!(
            "{} (this is the fourfold position type)",
            setup.variant()
        )));
    }
    Ok(())
}

impl Position for FourfoldPosition {
    type Move = FourfoldMove;
    type Undo = FourfoldUndo;
    type Moves = FourfoldMoves;

    fn start(setup: &Setup) -> Result<Self, SetupError> {
        check_setup(setup)?;
        Ok(FourfoldPosition::parse(START).expect("the start position string is valid"))
    }

    fn from_position_string(setup: &Setup, s: &str) -> Result<Self, PositionError> {
        check_setup(setup).map_err(|e| PositionError::new(s, e.to_string()))?;
        FourfoldPosition::parse(s)
    }

    fn position_string(&self) -> String {
        self.to_position_string()
    }

    fn setup(&self) -> Setup {
        Setup::standard(Variant::Fourfold)
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

    fn generate_moves<F>(&self, listener: F) -> ControlFlow<()>
    where
        F: FnMut(FourfoldMoves) -> ControlFlow<()>,
    {
        FourfoldPosition::generate_moves(self, listener)
    }

    fn play(&mut self, m: FourfoldMove) -> FourfoldUndo {
        FourfoldPosition::play(self, m)
    }

    fn undo(&mut self, m: FourfoldMove, undo: FourfoldUndo) {
        FourfoldPosition::undo(self, m, undo)
    }

    fn play_null(&mut self) -> FourfoldUndo {
        FourfoldPosition::play_null(self)
    }

    fn undo_null(&mut self, undo: FourfoldUndo) {
        FourfoldPosition::undo_null(self, undo)
    }

    fn in_check(&self) -> bool {
        self.king_attacked(self.turn)
    }

    fn checked_kings(&self) -> Vec<String> {
        if self.in_check() {
            vec![square_name(self.king_square(self.turn))]
        } else {
            Vec::new()
        }
    }

    fn move_facts(&self, m: FourfoldMove) -> MoveFacts {
        let kind = self
            .piece_at(m.from_square())
            .map_or(PieceKind::Pawn, |p| p.kind);
        let captured = self.piece_at(m.to_square()).map(|p| p.kind);
        MoveFacts {
            mover: Mover::Piece(kind),
            captured,
            promotion: m.is_promotion().then_some(PieceKind::Queen),
            zeroing: kind == PieceKind::Pawn || captured.is_some(),
            castling: false,
        }
    }

    fn move_squares(&self, m: FourfoldMove) -> MoveSquares {
        self.squares(m)
    }

    /// Only the two kings are left (seed 004: "two bare kings"). Any other material,
    /// however weak, plays on.
    fn insufficient_material(&self) -> bool {
        (self.occupied[0] | self.occupied[1]).count_ones() == 2
    }

    fn material(&self) -> [[u8; 6]; 2] {
        let mut out = [[0u8; 6]; 2];
        for (c, side) in self.pieces.iter().enumerate() {
            for (k, bits) in side.iter().enumerate() {
                out[c][k] = bits.count_ones() as u8;
            }
        }
        out
    }

    fn move_token(&self, m: FourfoldMove) -> String {
        self.token(m)
    }

    /// The public game's ASCII long algebraic form (see [`super::text`]).
    fn move_notation(&self, m: FourfoldMove) -> String {
        self.notation(m)
    }

    fn cells(&self) -> Vec<Cell> {
        self.all_cells()
    }

    fn pretty(&self) -> String {
        self.drawing()
    }
}
