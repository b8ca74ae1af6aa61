//! A second, deliberately simple Stacked Boards move generator, written from the rule
//! text and sharing nothing with `rules::stacked`: it reads the position string itself,
//! keeps a 3×8×8 array of cells, generates moves by walking coordinates, and decides
//! legality by playing the move on a copy and looking for an enemy piece on the king's
//! board that could capture the king. Slow and obvious on purpose.

#![allow(dead_code)]

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Man {
    pub white: bool,
    /// Upper-case letter: P N B R Q K.
    pub kind: char,
    pub moved: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefPosition {
    /// `cells[z][y][x]`: z 0..3 = B, M, T; y = rank - 1; x = file.
    pub cells: [[[Option<Man>; 8]; 8]; 3],
    pub white_to_move: bool,
    pub halfmove: u32,
    pub fullmove: u32,
}

/// A cell (x, y, z).
pub type Xyz = (i32, i32, i32);

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefMove {
    pub from: Xyz,
    pub to: Xyz,
    pub promotion: Option<char>,
    /// For castling: the rook's from and to cells.
    pub rook: Option<(Xyz, Xyz)>,
}

const BOARD_LETTER: [char; 3] = ['B', 'M', 'T'];

pub fn cell_name(c: Xyz) -> String {
    format!(
        "{}{}{}",
        BOARD_LETTER[c.2 as usize],
        (b'a' + c.0 as u8) as char,
        c.1 + 1
    )
}

impl RefMove {
    pub fn token(&self) -> String {
        let mut t = cell_name(self.from) + &cell_name(self.to);
        if let Some(p) = self.promotion {
            t.push(p.to_ascii_lowercase());
        }
        t
    }
}

fn on_board(c: Xyz) -> bool {
    (0..8).contains(&c.0) && (0..8).contains(&c.1) && (0..3).contains(&c.2)
}

fn add(a: Xyz, d: Xyz) -> Xyz {
    (a.0 + d.0, a.1 + d.1, a.2 + d.2)
}

const KNIGHT_STEPS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const ROOK_DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

impl RefPosition {
    pub fn parse(s: &str) -> RefPosition {
        let fields: Vec<&str> = s.split(' ').collect();
        let mut cells = [[[None; 8]; 8]; 3];
        for (z, board) in fields[0].split('|').enumerate() {
            for (i, rank) in board.split('/').enumerate() {
                let y = 7 - i;
                let mut x = 0;
                let chars: Vec<char> = rank.chars().collect();
                let mut k = 0;
                while k < chars.len() {
                    let c = chars[k];
                    if let Some(d) = c.to_digit(10) {
                        x += d as usize;
                    } else {
                        let moved = chars.get(k + 1) == Some(&'*');
                        if moved {
                            k += 1;
                        }
                        cells[z][y][x] = Some(Man {
                            white: c.is_ascii_uppercase(),
                            kind: c.to_ascii_uppercase(),
                            moved,
                        });
                        x += 1;
                    }
                    k += 1;
                }
            }
        }
        RefPosition {
            cells,
            white_to_move: fields[1] == "w",
            halfmove: fields[2].parse().unwrap(),
            fullmove: fields[3].parse().unwrap(),
        }
    }

    pub fn format(&self) -> String {
        let mut boards = Vec::new();
        for z in 0..3 {
            let mut ranks = Vec::new();
            for y in (0..8).rev() {
                let mut r = String::new();
                let mut gap = 0;
                for x in 0..8 {
                    match self.cells[z][y][x] {
                        None => gap += 1,
                        Some(m) => {
                            if gap > 0 {
                                r += &gap.to_string();
                                gap = 0;
                            }
                            r.push(if m.white {
                                m.kind
                            } else {
                                m.kind.to_ascii_lowercase()
                            });
                            if m.moved {
                                r.push('*');
                            }
                        }
                    }
                }
                if gap > 0 {
                    r += &gap.to_string();
                }
                ranks.push(r);
            }
            boards.push(ranks.join("/"));
        }
        format!(
            "{} {} {} {}",
            boards.join("|"),
            if self.white_to_move { "w" } else { "b" },
            self.halfmove,
            self.fullmove
        )
    }

    pub fn at(&self, c: Xyz) -> Option<Man> {
        self.cells[c.2 as usize][c.1 as usize][c.0 as usize]
    }

    fn set(&mut self, c: Xyz, m: Option<Man>) {
        self.cells[c.2 as usize][c.1 as usize][c.0 as usize] = m;
    }

    fn empty(&self, c: Xyz) -> bool {
        on_board(c) && self.at(c).is_none()
    }

    fn king_of(&self, white: bool) -> Xyz {
        for z in 0..3 {
            for y in 0..8 {
                for x in 0..8 {
                    if let Some(m) = self.at((x, y, z)) {
                        if m.kind == 'K' && m.white == white {
                            return (x, y, z);
                        }
                    }
                }
            }
        }
        panic!("no king")
    }

    /// Could a piece of colour `white` capture on `target` (same board only), if it were
    /// that side's move?
    pub fn attacked_by(&self, target: Xyz, white: bool) -> bool {
        let z = target.2;
        for y in 0..8 {
            for x in 0..8 {
                let from = (x, y, z);
                let Some(m) = self.at(from) else { continue };
                if m.white != white {
                    continue;
                }
                let (dx, dy) = (target.0 - x, target.1 - y);
                let hits = match m.kind {
                    'P' => dy == if white { 1 } else { -1 } && dx.abs() == 1,
                    'N' => KNIGHT_STEPS.contains(&(dx, dy)),
                    'K' => dx.abs() <= 1 && dy.abs() <= 1 && (dx, dy) != (0, 0),
                    'R' => self.slides_to(from, target, &ROOK_DIRS),
                    'B' => self.slides_to(from, target, &BISHOP_DIRS),
                    'Q' => {
                        self.slides_to(from, target, &ROOK_DIRS)
                            || self.slides_to(from, target, &BISHOP_DIRS)
                    }
                    _ => false,
                };
                if hits {
                    return true;
                }
            }
        }
        false
    }

    fn slides_to(&self, from: Xyz, target: Xyz, dirs: &[(i32, i32)]) -> bool {
        for &(dx, dy) in dirs {
            let mut c = add(from, (dx, dy, 0));
            while on_board(c) {
                if c == target {
                    return true;
                }
                if self.at(c).is_some() {
                    break;
                }
                c = add(c, (dx, dy, 0));
            }
        }
        false
    }

    pub fn in_check(&self) -> bool {
        let k = self.king_of(self.white_to_move);
        self.attacked_by(k, !self.white_to_move)
    }

    /// Plays a move (no legality check).
    pub fn play(&self, m: &RefMove) -> RefPosition {
        let mut next = self.clone();
        let mut man = self.at(m.from).unwrap();
        let captured = self.at(m.to).is_some();
        man.moved = true;
        if let Some(p) = m.promotion {
            man.kind = p;
        }
        next.set(m.from, None);
        next.set(m.to, Some(man));
        if let Some((rf, rt)) = m.rook {
            let mut rook = self.at(rf).unwrap();
            rook.moved = true;
            next.set(rf, None);
            next.set(rt, Some(rook));
        }
        next.halfmove = if captured || self.at(m.from).unwrap().kind == 'P' {
            0
        } else {
            self.halfmove + 1
        };
        if !self.white_to_move {
            next.fullmove += 1;
        }
        next.white_to_move = !self.white_to_move;
        next
    }

    /// Every move the piece rules allow, before the own-king test.
    fn candidate_moves(&self) -> Vec<RefMove> {
        let white = self.white_to_move;
        let f = if white { 1 } else { -1 };
        let in_check = self.in_check();
        let mut out = Vec::new();
        for z in 0..3 {
            for y in 0..8 {
                for x in 0..8 {
                    let from = (x, y, z);
                    let Some(man) = self.at(from) else { continue };
                    if man.white != white {
                        continue;
                    }
                    let mut same: Vec<Xyz> = Vec::new(); // same-board landing cells
                    let mut inter: Vec<Xyz> = Vec::new(); // other-board landing cells
                    let enemy_at = |c: Xyz| {
                        on_board(c)
                            && self
                                .at(c)
                                .is_some_and(|o| o.white != white && o.kind != 'K')
                    };
                    let free_or_enemy = |c: Xyz| self.empty(c) || enemy_at(c);
                    match man.kind {
                        'P' => {
                            let one = add(from, (0, f, 0));
                            if self.empty(one) {
                                same.push(one);
                                let two = add(from, (0, 2 * f, 0));
                                if !man.moved && self.empty(two) {
                                    same.push(two);
                                }
                            }
                            for dx in [-1, 1] {
                                let c = add(from, (dx, f, 0));
                                if enemy_at(c) {
                                    same.push(c);
                                }
                            }
                            for dz in [-1, 1] {
                                // (0, f, ±1)
                                let c = add(from, (0, f, dz));
                                if self.empty(c) {
                                    inter.push(c);
                                }
                                if !man.moved {
                                    // (0, 2f, ±1): ahead on the start board and on the
                                    // landing board must be empty too.
                                    let c = add(from, (0, 2 * f, dz));
                                    if self.empty(c)
                                        && self.empty(add(from, (0, f, 0)))
                                        && self.empty(add(from, (0, f, dz)))
                                    {
                                        inter.push(c);
                                    }
                                    // (0, 2f, ±2): the midpoint (0, f, ±1) must be empty.
                                    let c = add(from, (0, 2 * f, 2 * dz));
                                    if self.empty(c) && self.empty(add(from, (0, f, dz))) {
                                        inter.push(c);
                                    }
                                }
                            }
                        }
                        'N' => {
                            for (dx, dy) in KNIGHT_STEPS {
                                let c = add(from, (dx, dy, 0));
                                if free_or_enemy(c) {
                                    same.push(c);
                                }
                                for dz in [-2, -1, 1, 2] {
                                    let c = add(from, (dx, dy, dz));
                                    if self.empty(c) {
                                        inter.push(c);
                                    }
                                }
                            }
                        }
                        'K' => {
                            for dx in -1..=1 {
                                for dy in -1..=1 {
                                    if (dx, dy) != (0, 0) {
                                        let c = add(from, (dx, dy, 0));
                                        if free_or_enemy(c) {
                                            same.push(c);
                                        }
                                    }
                                    for dz in [-1, 1] {
                                        if (dx, dy) == (0, 0) || !man.moved {
                                            let c = add(from, (dx, dy, dz));
                                            if self.empty(c) {
                                                inter.push(c);
                                            }
                                        }
                                    }
                                }
                            }
                        }
                        _ => {
                            let diagonal = man.kind == 'B' || man.kind == 'Q';
                            let straight = man.kind == 'R' || man.kind == 'Q';
                            let mut dirs: Vec<(i32, i32)> = Vec::new();
                            if diagonal {
                                dirs.extend(BISHOP_DIRS);
                            }
                            if straight {
                                dirs.extend(ROOK_DIRS);
                            }
                            for (dx, dy) in dirs {
                                let mut c = add(from, (dx, dy, 0));
                                while on_board(c) {
                                    if self.empty(c) {
                                        same.push(c);
                                    } else {
                                        if enemy_at(c) {
                                            same.push(c);
                                        }
                                        break;
                                    }
                                    c = add(c, (dx, dy, 0));
                                }
                            }
                            for dz in [-1, 1] {
                                if diagonal {
                                    for (dx, dy) in BISHOP_DIRS {
                                        let c = add(from, (dx, dy, dz));
                                        if self.empty(c) {
                                            inter.push(c);
                                        }
                                        let c2 = add(from, (2 * dx, 2 * dy, 2 * dz));
                                        if self.empty(c2) && self.empty(c) {
                                            inter.push(c2);
                                        }
                                    }
                                }
                                if straight {
                                    let c = add(from, (0, 0, dz));
                                    if self.empty(c) {
                                        inter.push(c);
                                    }
                                    let c2 = add(from, (0, 0, 2 * dz));
                                    if self.empty(c2) && self.empty(c) {
                                        inter.push(c2);
                                    }
                                }
                            }
                        }
                    }
                    // The first-move rule: an unmoved piece must change boards, except
                    // when in check (non-king: any same-board move; king: captures only).
                    if !man.moved {
                        if !in_check {
                            same.clear();
                        } else if man.kind == 'K' {
                            same.retain(|&c| self.at(c).is_some());
                        }
                    }
                    for to in same.into_iter().chain(inter) {
                        let last_rank = if white { 7 } else { 0 };
                        if man.kind == 'P' && to.1 == last_rank {
                            for p in ['Q', 'R', 'B', 'N'] {
                                out.push(RefMove {
                                    from,
                                    to,
                                    promotion: Some(p),
                                    rook: None,
                                });
                            }
                        } else {
                            out.push(RefMove {
                                from,
                                to,
                                promotion: None,
                                rook: None,
                            });
                        }
                    }
                }
            }
        }
        self.castling_candidates(in_check, &mut out);
        out
    }

    fn castling_candidates(&self, in_check: bool, out: &mut Vec<RefMove>) {
        let white = self.white_to_move;
        let (home, rank) = if white { (0, 0) } else { (2, 7) };
        let king_cell = (4, rank, home);
        let unmoved_own = |c: Xyz, kind: char| {
            self.at(c)
                .is_some_and(|m| m.white == white && m.kind == kind && !m.moved)
        };
        if in_check || !unmoved_own(king_cell, 'K') {
            return;
        }
        // (rook file, files between, crossing file, king's file, rook's file after)
        for (rook_file, between, crossing, king_to, rook_to) in
            [(7, vec![5, 6], 5, 6, 5), (0, vec![1, 2, 3], 3, 2, 3)]
        {
            let rook_cell = (rook_file, rank, home);
            if !unmoved_own(rook_cell, 'R') {
                continue;
            }
            if between.iter().any(|&x| !self.empty((x, rank, home))) {
                continue;
            }
            if self.attacked_by((crossing, rank, home), !white) {
                continue;
            }
            // On the home board (the landing square is tested by the legality check).
            out.push(RefMove {
                from: king_cell,
                to: (king_to, rank, home),
                promotion: None,
                rook: Some((rook_cell, (rook_to, rank, home))),
            });
            // To the middle board: both landing squares empty, the king's not attacked
            // before castling.
            let (k_m, r_m) = ((king_to, rank, 1), (rook_to, rank, 1));
            if self.empty(k_m) && self.empty(r_m) && !self.attacked_by(k_m, !white) {
                out.push(RefMove {
                    from: king_cell,
                    to: k_m,
                    promotion: None,
                    rook: Some((rook_cell, r_m)),
                });
            }
        }
    }

    /// Legal moves: candidates after which the mover's king is not attacked.
    pub fn legal_moves(&self) -> Vec<RefMove> {
        self.candidate_moves()
            .into_iter()
            .filter(|m| {
                let next = self.play(m);
                let k = next.king_of(self.white_to_move);
                !next.attacked_by(k, !self.white_to_move)
            })
            .collect()
    }
}
