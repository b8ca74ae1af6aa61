//! [`Position`] for [`StackedPosition`]: the trait's plumbing.

use super::board::{StackedMove, StackedPosition};
use super::geometry::{is_dark, square_name, Bits};
use super::movegen::{self, StackedMoves};
use super::play::StackedUndo;
use super::{notation, string, view};
use crate::error::{PositionError, SetupError};
use crate::piece::{Color, PieceKind};
use crate::position::{Cell, MoveFacts, MoveSquares, Mover, Position};
use crate::setup::{Setup, Variant};
use std::ops::ControlFlow;

fn check_setup(setup: &Setup) -> Result<(), SetupError> {
    if setup.variant() != Variant::Stacked {
        return Err(SetupError::UnknownVariant(format!(
            "{} (a Stacked Boards position needs the variant stacked)",
            setup.variant()
        )));
    }
    Ok(())
}

impl Position for StackedPosition {
    type Move = StackedMove;
    type Undo = StackedUndo;
    type Moves = StackedMoves;

    fn start(setup: &Setup) -> Result<Self, SetupError> {
        check_setup(setup)?;
        Ok(StackedPosition::start_position())
    }

    fn from_position_string(setup: &Setup, s: &str) -> Result<Self, PositionError> {
        check_setup(setup).map_err(|e| PositionError::new(s, e.to_string()))?;
        string::parse(s)
    }

    fn position_string(&self) -> String {
        string::format(self)
    }

    fn setup(&self) -> Setup {
        Setup::standard(Variant::Stacked)
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
        StackedPosition::compute_hash(self)
    }

    fn generate_moves<F>(&self, mut listener: F) -> ControlFlow<()>
    where
        F: FnMut(StackedMoves) -> ControlFlow<()>,
    {
        movegen::generate(self, &mut listener)
    }

    fn play(&mut self, m: StackedMove) -> StackedUndo {
        StackedPosition::play(self, m)
    }

    fn undo(&mut self, m: StackedMove, undo: StackedUndo) {
        StackedPosition::undo(self, m, undo)
    }

    fn play_null(&mut self) -> StackedUndo {
        StackedPosition::play_null(self)
    }

    fn undo_null(&mut self, undo: StackedUndo) {
        StackedPosition::undo_null(self, undo)
    }

    fn in_check(&self) -> bool {
        self.king_attacked(self.turn)
    }

    fn checked_kings(&self) -> Vec<String> {
        if self.in_check() {
            vec![square_name(self.kings[self.turn.index()] as usize)]
        } else {
            Vec::new()
        }
    }

    fn move_facts(&self, m: StackedMove) -> MoveFacts {
        let mover = self.mailbox[m.from_square()].expect("a legal move starts on a piece");
        let captured = self.mailbox[m.to_square()].map(|p| p.kind);
        MoveFacts {
            mover: Mover::Piece(mover.kind),
            captured,
            promotion: m.promotion(),
            zeroing: mover.kind == PieceKind::Pawn || captured.is_some(),
            castling: m.is_castling(),
        }
    }

    fn move_squares(&self, m: StackedMove) -> MoveSquares {
        notation::squares(m)
    }

    /// **[decision]** (spec): only K v K, K+B v K, K+N v K, and K+B v K+B with both
    /// bishops on squares of one colour (a1 is dark on every board).
    fn insufficient_material(&self) -> bool {
        let material = self.material();
        let mut minors = Vec::new();
        for color in Color::ALL {
            let m = &material[color.index()];
            if m[PieceKind::Pawn.index()] + m[PieceKind::Rook.index()] + m[PieceKind::Queen.index()]
                > 0
            {
                return false;
            }
            for _ in 0..m[PieceKind::Knight.index()] {
                minors.push((color, PieceKind::Knight));
            }
            for _ in 0..m[PieceKind::Bishop.index()] {
                minors.push((color, PieceKind::Bishop));
            }
        }
        match minors.as_slice() {
            [] | [_] => true,
            [(a, PieceKind::Bishop), (b, PieceKind::Bishop)] if a != b => {
                let mut colours = (0..3).flat_map(|z| {
                    Bits(
                        self.pieces[z][0][PieceKind::Bishop.index()]
                            | self.pieces[z][1][PieceKind::Bishop.index()],
                    )
                    .map(is_dark)
                });
                let first = colours.next();
                colours.all(|c| Some(c) == first)
            }
            _ => false,
        }
    }

    fn material(&self) -> [[u8; 6]; 2] {
        let mut out = [[0u8; 6]; 2];
        for board in &self.pieces {
            for (counts, sets) in out.iter_mut().zip(board) {
                for (count, set) in counts.iter_mut().zip(sets) {
                    *count += set.count_ones() as u8;
                }
            }
        }
        out
    }

    fn move_token(&self, m: StackedMove) -> String {
        notation::token(m)
    }

    fn move_notation(&self, m: StackedMove) -> String {
        notation::display(self, m)
    }

    fn cells(&self) -> Vec<Cell> {
        view::cells(self)
    }

    fn pretty(&self) -> String {
        view::pretty(self)
    }
}
