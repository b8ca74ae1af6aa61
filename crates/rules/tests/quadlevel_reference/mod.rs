//! A second Quadlevel move generator, deliberately simple and written apart from `rules`:
//! it reads the position string itself, keeps a plain 4×8×4 array, finds moves by walking
//! cells one at a time, and tests legality by playing the move on a copy and asking
//! whether any enemy piece could then reach an own king. Slow and obvious on purpose.

#![allow(dead_code)]

use std::collections::BTreeSet;

/// (file, rank, level), each from 0.
pub type Cell = (i32, i32, i32);

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Man {
    pub white: bool,
    /// One of K Q R B N P.
    pub kind: char,
    /// Kings and rooks only: has moved (written `*`).
    pub moved: bool,
}

#[derive(Clone, Debug)]
pub struct RefPos {
    /// `grid[level][rank][file]`.
    pub grid: [[[Option<Man>; 4]; 8]; 4],
    pub white_to_move: bool,
    pub ep: Option<Cell>,
    pub halfmove: u32,
    pub fullmove: u32,
    pub destroy_both_kings: bool,
    /// White, Black.
    pub unlocked: [bool; 2],
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefMove {
    pub from: Cell,
    pub to: Cell,
    pub promotion: Option<char>,
    /// Castling: the rook's from and to cells.
    pub rook: Option<(Cell, Cell)>,
    /// En passant: the cell of the captured pawn.
    pub ep_victim: Option<Cell>,
    /// Destroy-both-kings: the own king removed first.
    pub removed: Option<Cell>,
}

pub fn name(c: Cell) -> String {
    format!("{}{}L{}", (b'a' + c.0 as u8) as char, c.1 + 1, c.2 + 1)
}

fn cell(s: &str) -> Cell {
    let b = s.as_bytes();
    (
        (b[0] - b'a') as i32,
        (b[1] - b'1') as i32,
        (b[3] - b'1') as i32,
    )
}

fn on_board(c: Cell) -> bool {
    (0..4).contains(&c.0) && (0..8).contains(&c.1) && (0..4).contains(&c.2)
}

fn add(c: Cell, d: Cell) -> Cell {
    (c.0 + d.0, c.1 + d.1, c.2 + d.2)
}

impl RefMove {
    pub fn token(&self) -> String {
        let mut s = String::new();
        if let Some(k) = self.removed {
            s += &name(k);
            s.push('!');
        }
        s += &name(self.from);
        s += &name(self.to);
        if let Some(p) = self.promotion {
            s.push(p.to_ascii_lowercase());
        }
        if let Some((rf, _)) = self.rook {
            s += &name(rf);
        }
        s
    }
}

/// Rook steps: along exactly one axis. Bishop steps: along the rank and one of file or level.
fn is_rook_step(d: Cell) -> bool {
    [d.0, d.1, d.2].iter().filter(|&&v| v != 0).count() == 1
}
fn is_bishop_step(d: Cell) -> bool {
    d.1 != 0 && ((d.0 != 0) ^ (d.2 != 0))
}

/// The king's 14 steps (the queen's directions), computed once.
fn unit_steps() -> &'static [Cell] {
    static STEPS: std::sync::LazyLock<Vec<Cell>> = std::sync::LazyLock::new(list_unit_steps);
    &STEPS
}

/// The knight's 16 leaps, computed once.
fn knight_leaps() -> &'static [Cell] {
    static LEAPS: std::sync::LazyLock<Vec<Cell>> = std::sync::LazyLock::new(list_knight_leaps);
    &LEAPS
}

fn list_unit_steps() -> Vec<Cell> {
    let mut out = Vec::new();
    for dx in -1..=1 {
        for dy in -1..=1 {
            for dz in -1..=1 {
                let d = (dx, dy, dz);
                if is_rook_step(d) || is_bishop_step(d) {
                    out.push(d);
                }
            }
        }
    }
    out
}

fn list_knight_leaps() -> Vec<Cell> {
    let mut out = Vec::new();
    for dx in -2i32..=2 {
        for dy in -2i32..=2 {
            for dz in -2i32..=2 {
                let mut a = [dx.abs(), dy.abs(), dz.abs()];
                a.sort();
                // Two cells one way and one the other, in the file–rank or rank–level
                // plane: the rank always changes, exactly one of file and level does.
                if a == [0, 1, 2] && dy != 0 {
                    out.push((dx, dy, dz));
                }
            }
        }
    }
    out
}

/// The castling table of the specification, White's side, as cell names:
/// king from, king to, rook from, rook to, must be empty, passed over.
type CastlingRow = (
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static [&'static str],
    Option<&'static str>,
);

const CASTLING: [CastlingRow; 8] = [
    ("b1L2", "a1L2", "a1L1", "b1L2", &["a1L2", "b1L1"], None),
    ("b1L2", "b1L1", "a1L1", "b1L2", &["b1L1", "a1L2"], None),
    (
        "b1L2",
        "d1L2",
        "d1L1",
        "c1L2",
        &["c1L2", "d1L2", "c1L1"],
        Some("c1L2"),
    ),
    (
        "b1L2",
        "b1L4",
        "a1L4",
        "b1L3",
        &["b1L3", "b1L4", "a1L3"],
        Some("b1L3"),
    ),
    ("c1L3", "d1L3", "d1L4", "c1L3", &["d1L3", "c1L4"], None),
    ("c1L3", "c1L4", "d1L4", "c1L3", &["c1L4", "d1L3"], None),
    (
        "c1L3",
        "a1L3",
        "a1L4",
        "b1L3",
        &["b1L3", "a1L3", "b1L4"],
        Some("b1L3"),
    ),
    (
        "c1L3",
        "c1L1",
        "d1L1",
        "c1L2",
        &["c1L2", "c1L1", "d1L2"],
        Some("c1L2"),
    ),
];

impl RefPos {
    pub fn parse(s: &str, destroy_both_kings: bool) -> RefPos {
        let f: Vec<&str> = s.split(' ').collect();
        let mut grid = [[[None; 4]; 8]; 4];
        for (z, level) in f[0].split('|').enumerate() {
            for (i, rank) in level.split('/').enumerate() {
                let y = 7 - i;
                let mut x = 0;
                let chars: Vec<char> = rank.chars().collect();
                let mut j = 0;
                while j < chars.len() {
                    let c = chars[j];
                    if let Some(n) = c.to_digit(10) {
                        x += n as usize;
                    } else {
                        let moved = chars.get(j + 1) == Some(&'*');
                        if moved {
                            j += 1;
                        }
                        grid[z][y][x] = Some(Man {
                            white: c.is_ascii_uppercase(),
                            kind: c.to_ascii_uppercase(),
                            moved,
                        });
                        x += 1;
                    }
                    j += 1;
                }
            }
        }
        let unlocked = match f.get(5).copied().unwrap_or("-") {
            "w" => [true, false],
            "b" => [false, true],
            "wb" => [true, true],
            _ => [false, false],
        };
        RefPos {
            grid,
            white_to_move: f[1] == "w",
            ep: (f[2] != "-").then(|| cell(f[2])),
            halfmove: f[3].parse().unwrap(),
            fullmove: f[4].parse().unwrap(),
            destroy_both_kings,
            unlocked,
        }
    }

    pub fn format(&self) -> String {
        let mut levels = Vec::new();
        for z in 0..4 {
            let mut ranks = Vec::new();
            for y in (0..8).rev() {
                let mut s = String::new();
                let mut run = 0;
                for x in 0..4 {
                    match self.grid[z][y][x] {
                        None => run += 1,
                        Some(m) => {
                            if run > 0 {
                                s += &run.to_string();
                                run = 0;
                            }
                            s.push(if m.white {
                                m.kind
                            } else {
                                m.kind.to_ascii_lowercase()
                            });
                            if (m.kind == 'K' || m.kind == 'R') && m.moved {
                                s.push('*');
                            }
                        }
                    }
                }
                if run > 0 {
                    s += &run.to_string();
                }
                ranks.push(s);
            }
            levels.push(ranks.join("/"));
        }
        let mut out = format!(
            "{} {} {} {} {}",
            levels.join("|"),
            if self.white_to_move { "w" } else { "b" },
            self.ep.map_or("-".to_string(), name),
            self.halfmove,
            self.fullmove
        );
        if self.destroy_both_kings {
            out.push(' ');
            out += match self.unlocked {
                [false, false] => "-",
                [true, false] => "w",
                [false, true] => "b",
                [true, true] => "wb",
            };
        }
        out
    }

    pub fn at(&self, c: Cell) -> Option<Man> {
        self.grid[c.2 as usize][c.1 as usize][c.0 as usize]
    }

    fn set(&mut self, c: Cell, m: Option<Man>) {
        self.grid[c.2 as usize][c.1 as usize][c.0 as usize] = m;
    }

    fn all_cells() -> impl Iterator<Item = Cell> {
        (0..4).flat_map(|z| (0..8).flat_map(move |y| (0..4).map(move |x| (x, y, z))))
    }

    pub fn kings(&self, white: bool) -> Vec<Cell> {
        Self::all_cells()
            .filter(|&c| matches!(self.at(c), Some(m) if m.white == white && m.kind == 'K'))
            .collect()
    }

    /// Could the piece on `from` capture on `to` (ignoring its own king's safety)?
    fn reaches(&self, from: Cell, to: Cell) -> bool {
        let m = self.at(from).unwrap();
        let d = (to.0 - from.0, to.1 - from.1, to.2 - from.2);
        match m.kind {
            'P' => {
                let fwd = if m.white { 1 } else { -1 };
                d.1 == fwd && (d.0.abs() + d.2.abs() == 1)
            }
            'N' => knight_leaps().contains(&d),
            'K' => unit_steps().contains(&d),
            _ => {
                let n = d.0.abs().max(d.1.abs()).max(d.2.abs());
                if n == 0 {
                    return false;
                }
                for v in [d.0, d.1, d.2] {
                    if v != 0 && v.abs() != n {
                        return false;
                    }
                }
                let step = (d.0 / n, d.1 / n, d.2 / n);
                let ok = match m.kind {
                    'R' => is_rook_step(step),
                    'B' => is_bishop_step(step),
                    _ => is_rook_step(step) || is_bishop_step(step),
                };
                ok && (1..n).all(|i| {
                    self.at((
                        from.0 + step.0 * i,
                        from.1 + step.1 * i,
                        from.2 + step.2 * i,
                    ))
                    .is_none()
                })
            }
        }
    }

    pub fn attacked(&self, c: Cell, by_white: bool) -> bool {
        Self::all_cells()
            .any(|p| matches!(self.at(p), Some(m) if m.white == by_white) && self.reaches(p, c))
    }

    pub fn in_check(&self) -> bool {
        let us = self.white_to_move;
        self.kings(us).into_iter().any(|k| self.attacked(k, !us))
    }

    /// Moves by the piece rules, before the king-safety test.
    fn candidates(&self, king_moves: bool) -> Vec<RefMove> {
        let us = self.white_to_move;
        let mut out = Vec::new();
        let simple = |from: Cell, to: Cell| RefMove {
            from,
            to,
            promotion: None,
            rook: None,
            ep_victim: None,
            removed: None,
        };
        let free_or_enemy = |c: Cell| match self.at(c) {
            None => true,
            Some(m) => m.white != us && m.kind != 'K',
        };
        for from in Self::all_cells() {
            let Some(m) = self.at(from) else { continue };
            if m.white != us {
                continue;
            }
            match m.kind {
                'K' => {
                    if !king_moves {
                        continue;
                    }
                    for &d in unit_steps() {
                        let to = add(from, d);
                        if on_board(to) && free_or_enemy(to) {
                            out.push(simple(from, to));
                        }
                    }
                }
                'N' => {
                    for &d in knight_leaps() {
                        let to = add(from, d);
                        if on_board(to) && free_or_enemy(to) {
                            out.push(simple(from, to));
                        }
                    }
                }
                'P' => {
                    let fwd = if us { 1 } else { -1 };
                    let last = if us { 7 } else { 0 };
                    let push = |to: Cell, out: &mut Vec<RefMove>| {
                        if to.1 == last {
                            for p in ['Q', 'R', 'B', 'N'] {
                                out.push(RefMove {
                                    promotion: Some(p),
                                    ..simple(from, to)
                                });
                            }
                        } else {
                            out.push(simple(from, to));
                        }
                    };
                    let one = add(from, (0, fwd, 0));
                    if on_board(one) && self.at(one).is_none() {
                        push(one, &mut out);
                        let two = add(one, (0, fwd, 0));
                        let start = if us { 1 } else { 6 };
                        if from.1 == start && self.at(two).is_none() {
                            out.push(simple(from, two));
                        }
                    }
                    for side in [(1, 0, 0), (-1, 0, 0), (0, 0, 1), (0, 0, -1)] {
                        let to = add(add(from, side), (0, fwd, 0));
                        if !on_board(to) {
                            continue;
                        }
                        match self.at(to) {
                            Some(t) if t.white != us && t.kind != 'K' => push(to, &mut out),
                            None if self.ep == Some(to) => {
                                out.push(RefMove {
                                    ep_victim: Some(add(to, (0, -fwd, 0))),
                                    ..simple(from, to)
                                });
                            }
                            _ => {}
                        }
                    }
                }
                _ => {
                    for &d in unit_steps() {
                        let ok = match m.kind {
                            'R' => is_rook_step(d),
                            'B' => is_bishop_step(d),
                            _ => true,
                        };
                        if !ok {
                            continue;
                        }
                        let mut to = add(from, d);
                        while on_board(to) {
                            match self.at(to) {
                                None => out.push(simple(from, to)),
                                Some(_) => {
                                    if free_or_enemy(to) {
                                        out.push(simple(from, to));
                                    }
                                    break;
                                }
                            }
                            to = add(to, d);
                        }
                    }
                }
            }
        }
        if king_moves {
            let rank = if us { 0 } else { 7 };
            let on_rank = |s: &str| {
                let c = cell(s);
                (c.0, rank, c.2)
            };
            for (kf, kt, rf, rt, empty, pass) in CASTLING {
                let (kf, kt, rf, rt) = (on_rank(kf), on_rank(kt), on_rank(rf), on_rank(rt));
                let unmoved = |c: Cell, kind: char| matches!(self.at(c), Some(m) if m.white == us && m.kind == kind && !m.moved);
                let (king_ok, rook_ok) = (unmoved(kf, 'K'), unmoved(rf, 'R'));
                if !king_ok || !rook_ok || empty.iter().any(|&e| self.at(on_rank(e)).is_some()) {
                    continue;
                }
                if self.attacked(kf, !us) || pass.is_some_and(|p| self.attacked(on_rank(p), !us)) {
                    continue;
                }
                out.push(RefMove {
                    rook: Some((rf, rt)),
                    ..simple(kf, kt)
                });
            }
        }
        out
    }

    /// The position after a move (which need not be legal).
    pub fn after(&self, mv: &RefMove) -> RefPos {
        let mut p = self.clone();
        let us = self.white_to_move;
        let own_kings_before = self.kings(us).len();
        if let Some(k) = mv.removed {
            p.set(k, None);
        }
        let mut man = p.at(mv.from).unwrap();
        let captured = p.at(mv.to).is_some() || mv.ep_victim.is_some();
        if man.kind == 'K'
            && self.destroy_both_kings
            && mv.removed.is_none()
            && own_kings_before == 1
        {
            p.unlocked[if us { 0 } else { 1 }] = true;
        }
        p.set(mv.from, None);
        if let Some(v) = mv.ep_victim {
            p.set(v, None);
        }
        if let Some((rf, rt)) = mv.rook {
            p.set(rf, None);
            p.set(
                rt,
                Some(Man {
                    white: us,
                    kind: 'R',
                    moved: true,
                }),
            );
        }
        man.moved = true;
        if let Some(k) = mv.promotion {
            man.kind = k;
        }
        p.set(mv.to, Some(man));
        p.ep = None;
        if man.kind == 'P' && (mv.to.1 - mv.from.1).abs() == 2 {
            let beside = [(1, 0, 0), (-1, 0, 0), (0, 0, 1), (0, 0, -1)]
                .iter()
                .any(|&d| {
                    let c = add(mv.to, d);
                    on_board(c) && matches!(p.at(c), Some(m) if m.white != us && m.kind == 'P')
                });
            if beside {
                p.ep = Some((mv.from.0, (mv.from.1 + mv.to.1) / 2, mv.from.2));
            }
        }
        let pawn = self.at(mv.from).unwrap().kind == 'P';
        p.halfmove = if pawn || captured {
            0
        } else {
            self.halfmove + 1
        };
        if !us {
            p.fullmove += 1;
        }
        p.white_to_move = !us;
        p
    }

    fn own_kings_safe(&self, white: bool) -> bool {
        self.kings(white)
            .into_iter()
            .all(|k| !self.attacked(k, !white))
    }

    fn legal_standard(&self, king_moves: bool) -> Vec<RefMove> {
        let us = self.white_to_move;
        self.candidates(king_moves)
            .into_iter()
            .filter(|m| self.after(m).own_kings_safe(us))
            .collect()
    }

    pub fn legal(&self) -> Vec<RefMove> {
        let us = self.white_to_move;
        if !self.destroy_both_kings {
            return self.legal_standard(true);
        }
        let kings = self.kings(us);
        let idx = if us { 0 } else { 1 };
        if kings.len() == 2 {
            let moves = self.legal_standard(true);
            if !moves.is_empty() || !self.in_check() {
                return moves;
            }
            let mut out = Vec::new();
            for k in kings {
                if !self.attacked(k, !us) {
                    continue;
                }
                let mut without = self.clone();
                without.set(k, None);
                without.unlocked[idx] = true;
                for m in without.legal_standard(true) {
                    out.push(RefMove {
                        removed: Some(k),
                        ..m
                    });
                }
            }
            out
        } else if self.unlocked[idx] {
            self.legal_standard(true)
        } else {
            let moves = self.legal_standard(false);
            if moves.is_empty() && !self.in_check() {
                self.legal_standard(true)
            } else {
                moves
            }
        }
    }

    pub fn legal_tokens(&self) -> BTreeSet<String> {
        self.legal().iter().map(RefMove::token).collect()
    }
}
