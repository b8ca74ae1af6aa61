//! A toy variant for testing the search without depending on any real variant: plain
//! chess on an 8×8 board without castling or en passant, written naively (pseudo-legal
//! moves filtered by "is my king attacked afterwards"). Position strings are FEN-like:
//! `<ranks 8..1> <side> <halfmove>`.

#![allow(dead_code)]

use rules::position::{Cell, MoveFacts, MoveSquares, Mover, OneMove};
use rules::{Color, Piece, PieceKind, Position, PositionError, Setup, SetupError};
use std::ops::ControlFlow;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ToyMove {
    from: u8,
    to: u8,
    promo: Option<PieceKind>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Toy {
    board: [Option<Piece>; 64],
    turn: Color,
    halfmove: u32,
    fullmove: u32,
    hash: u64,
}

const KNIGHT: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING: [(i32, i32); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];
const ROOK: [(i32, i32); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];
const BISHOP: [(i32, i32); 4] = [(1, 1), (-1, 1), (-1, -1), (1, -1)];

fn sq(x: i32, y: i32) -> Option<usize> {
    ((0..8).contains(&x) && (0..8).contains(&y)).then_some((y * 8 + x) as usize)
}

fn name(s: u8) -> String {
    format!("{}{}", (b'a' + s % 8) as char, s / 8 + 1)
}

fn key(i: usize) -> u64 {
    rules::zobrist::splitmix64(0x70F0_0000 + i as u64).1
}

impl Toy {
    pub fn parse(s: &str) -> Result<Toy, PositionError> {
        let err = |why: &str| PositionError::new(s, why);
        let fields: Vec<&str> = s.split_whitespace().collect();
        if fields.len() != 3 {
            return Err(err("expected 3 fields"));
        }
        let mut board = [None; 64];
        let ranks: Vec<&str> = fields[0].split('/').collect();
        if ranks.len() != 8 {
            return Err(err("expected 8 ranks"));
        }
        for (r, rank) in ranks.iter().enumerate() {
            let y = 7 - r as i32;
            let mut x = 0;
            for c in rank.chars() {
                if let Some(d) = c.to_digit(10) {
                    x += d as i32;
                } else {
                    let p = Piece::from_char(c).ok_or_else(|| err("bad letter"))?;
                    board[sq(x, y).ok_or_else(|| err("rank too long"))?] = Some(p);
                    x += 1;
                }
            }
        }
        let turn = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            _ => return Err(err("bad side")),
        };
        let halfmove = fields[2].parse().map_err(|_| err("bad clock"))?;
        let mut t = Toy {
            board,
            turn,
            halfmove,
            fullmove: 1,
            hash: 0,
        };
        t.hash = t.compute_hash();
        Ok(t)
    }

    fn attacked(&self, target: usize, by: Color) -> bool {
        let (tx, ty) = ((target % 8) as i32, (target / 8) as i32);
        let is = |s: Option<usize>, kinds: &[PieceKind]| {
            s.and_then(|s| self.board[s])
                .is_some_and(|p| p.color == by && kinds.contains(&p.kind))
        };
        for (dx, dy) in KNIGHT {
            if is(sq(tx + dx, ty + dy), &[PieceKind::Knight]) {
                return true;
            }
        }
        for (dx, dy) in KING {
            if is(sq(tx + dx, ty + dy), &[PieceKind::King]) {
                return true;
            }
        }
        let back = -by.forward();
        for dx in [-1, 1] {
            if is(sq(tx + dx, ty + back), &[PieceKind::Pawn]) {
                return true;
            }
        }
        for (dirs, kinds) in [
            (ROOK, [PieceKind::Rook, PieceKind::Queen]),
            (BISHOP, [PieceKind::Bishop, PieceKind::Queen]),
        ] {
            for (dx, dy) in dirs {
                let (mut x, mut y) = (tx + dx, ty + dy);
                while let Some(s) = sq(x, y) {
                    if let Some(p) = self.board[s] {
                        if p.color == by && kinds.contains(&p.kind) {
                            return true;
                        }
                        break;
                    }
                    x += dx;
                    y += dy;
                }
            }
        }
        false
    }

    fn king(&self, c: Color) -> usize {
        (0..64)
            .find(|&s| self.board[s] == Some(Piece::new(c, PieceKind::King)))
            .expect("king")
    }

    fn pseudo(&self, out: &mut Vec<ToyMove>) {
        let us = self.turn;
        for from in 0..64 {
            let Some(p) = self.board[from] else { continue };
            if p.color != us {
                continue;
            }
            let (fx, fy) = ((from % 8) as i32, (from / 8) as i32);
            let push = |to: usize, out: &mut Vec<ToyMove>| {
                if let Some(t) = self.board[to] {
                    if t.color == us || t.kind == PieceKind::King {
                        return;
                    }
                }
                let last = if us == Color::White { 7 } else { 0 };
                if p.kind == PieceKind::Pawn && (to / 8) as i32 == last {
                    for k in PieceKind::PROMOTIONS {
                        out.push(ToyMove {
                            from: from as u8,
                            to: to as u8,
                            promo: Some(k),
                        });
                    }
                } else {
                    out.push(ToyMove {
                        from: from as u8,
                        to: to as u8,
                        promo: None,
                    });
                }
            };
            match p.kind {
                PieceKind::Pawn => {
                    let f = us.forward();
                    if let Some(s) = sq(fx, fy + f) {
                        if self.board[s].is_none() {
                            push(s, out);
                            let start = if us == Color::White { 1 } else { 6 };
                            if fy == start {
                                if let Some(s2) = sq(fx, fy + 2 * f) {
                                    if self.board[s2].is_none() {
                                        push(s2, out);
                                    }
                                }
                            }
                        }
                    }
                    for dx in [-1, 1] {
                        if let Some(s) = sq(fx + dx, fy + f) {
                            if self.board[s].is_some_and(|t| t.color != us) {
                                push(s, out);
                            }
                        }
                    }
                }
                PieceKind::Knight | PieceKind::King => {
                    let steps = if p.kind == PieceKind::Knight {
                        KNIGHT
                    } else {
                        KING
                    };
                    for (dx, dy) in steps {
                        if let Some(s) = sq(fx + dx, fy + dy) {
                            push(s, out);
                        }
                    }
                }
                _ => {
                    let mut dirs = Vec::new();
                    if p.kind != PieceKind::Bishop {
                        dirs.extend(ROOK);
                    }
                    if p.kind != PieceKind::Rook {
                        dirs.extend(BISHOP);
                    }
                    for (dx, dy) in dirs {
                        let (mut x, mut y) = (fx + dx, fy + dy);
                        while let Some(s) = sq(x, y) {
                            push(s, out);
                            if self.board[s].is_some() {
                                break;
                            }
                            x += dx;
                            y += dy;
                        }
                    }
                }
            }
        }
    }
}

impl Position for Toy {
    type Move = ToyMove;
    type Undo = Box<Toy>;
    type Moves = OneMove<ToyMove>;

    fn start(_setup: &Setup) -> Result<Self, SetupError> {
        Ok(Toy::parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0").expect("start"))
    }
    fn from_position_string(_setup: &Setup, s: &str) -> Result<Self, PositionError> {
        Toy::parse(s)
    }
    fn position_string(&self) -> String {
        let mut s = String::new();
        for y in (0..8).rev() {
            let mut empty = 0;
            for x in 0..8 {
                match self.board[y * 8 + x] {
                    Some(p) => {
                        if empty > 0 {
                            s.push_str(&empty.to_string());
                            empty = 0;
                        }
                        s.push(p.char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            if y > 0 {
                s.push('/');
            }
        }
        format!("{s} {} {}", self.turn.letter(), self.halfmove)
    }
    fn setup(&self) -> Setup {
        Setup::standard(rules::Variant::Stacked)
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
        let mut h = if self.turn == Color::Black {
            key(10_000)
        } else {
            0
        };
        for s in 0..64 {
            if let Some(p) = self.board[s] {
                h ^= key(s * 12 + p.index());
            }
        }
        h
    }
    fn generate_moves<F>(&self, mut listener: F) -> ControlFlow<()>
    where
        F: FnMut(OneMove<ToyMove>) -> ControlFlow<()>,
    {
        let mut pseudo = Vec::new();
        self.pseudo(&mut pseudo);
        for m in pseudo {
            let mut next = self.clone();
            next.play(m);
            if !next.attacked(next.king(self.turn), self.turn.opposite()) {
                listener(OneMove(m))?;
            }
        }
        ControlFlow::Continue(())
    }
    fn play(&mut self, m: ToyMove) -> Box<Toy> {
        let before = Box::new(self.clone());
        let p = self.board[m.from as usize].expect("piece");
        let zeroing = p.kind == PieceKind::Pawn || self.board[m.to as usize].is_some();
        self.board[m.to as usize] = Some(match m.promo {
            Some(k) => Piece::new(p.color, k),
            None => p,
        });
        self.board[m.from as usize] = None;
        self.halfmove = if zeroing { 0 } else { self.halfmove + 1 };
        if self.turn == Color::Black {
            self.fullmove += 1;
        }
        self.turn = self.turn.opposite();
        self.hash = self.compute_hash();
        before
    }
    fn undo(&mut self, _m: ToyMove, undo: Box<Toy>) {
        *self = *undo;
    }
    fn play_null(&mut self) -> Box<Toy> {
        let before = Box::new(self.clone());
        self.turn = self.turn.opposite();
        self.hash = self.compute_hash();
        before
    }
    fn undo_null(&mut self, undo: Box<Toy>) {
        *self = *undo;
    }
    fn in_check(&self) -> bool {
        self.attacked(self.king(self.turn), self.turn.opposite())
    }
    fn checked_kings(&self) -> Vec<String> {
        if self.in_check() {
            vec![name(self.king(self.turn) as u8)]
        } else {
            vec![]
        }
    }
    fn move_facts(&self, m: ToyMove) -> MoveFacts {
        let p = self.board[m.from as usize].expect("piece");
        let captured = self.board[m.to as usize].map(|t| t.kind);
        MoveFacts {
            mover: Mover::Piece(p.kind),
            captured,
            promotion: m.promo,
            zeroing: captured.is_some() || p.kind == PieceKind::Pawn,
            castling: false,
        }
    }
    fn move_squares(&self, m: ToyMove) -> MoveSquares {
        MoveSquares {
            from: name(m.from),
            to: name(m.to),
            captured: None,
        }
    }
    fn insufficient_material(&self) -> bool {
        self.board
            .iter()
            .flatten()
            .all(|p| p.kind == PieceKind::King)
    }
    fn material(&self) -> [[u8; 6]; 2] {
        let mut m = [[0; 6]; 2];
        for p in self.board.iter().flatten() {
            m[p.color.index()][p.kind.index()] += 1;
        }
        m
    }
    fn move_token(&self, m: ToyMove) -> String {
        let promo = m
            .promo
            .map(|k| k.promotion_letter().to_string())
            .unwrap_or_default();
        format!("{}{}{promo}", name(m.from), name(m.to))
    }
    fn move_notation(&self, m: ToyMove) -> String {
        self.move_token(m)
    }
    fn cells(&self) -> Vec<Cell> {
        Vec::new()
    }
}

/// The toy game has no evaluation of its own: material with standard values.
impl engine::eval::Evaluate for Toy {
    fn evaluate(&self) -> engine::score::Value {
        engine::eval::generic(self)
    }
}
