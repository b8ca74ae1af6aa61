//! A deliberately simple Fourfold move generator for cross-checking `rules::fourfold`.
//!
//! It shares no code with the crate: it reads position strings itself, stores the space
//! as a 4-D array, walks every displacement vector square by square, and decides
//! legality by playing the move on a copy and asking whether any enemy piece could then
//! reach the king. Slow and obvious on purpose.

#![allow(dead_code)]

use std::collections::BTreeSet;

/// (x, y, z, w): file 0-3, rank 0-3, Z 0-1, W 0-1.
pub type Sq = [i32; 4];

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Naive {
    /// `cells[x][y][z][w]`: a piece letter (upper case White) or None.
    cells: [[[[Option<char>; 2]; 2]; 4]; 4],
    pub white_to_move: bool,
}

pub fn inside(s: Sq) -> bool {
    (0..4).contains(&s[0])
        && (0..4).contains(&s[1])
        && (0..2).contains(&s[2])
        && (0..2).contains(&s[3])
}

pub fn name(s: Sq) -> String {
    format!(
        "{}{}@{}{}",
        (b'a' + s[0] as u8) as char,
        s[1] + 1,
        s[2],
        s[3]
    )
}

pub fn parse_name(t: &str) -> Sq {
    let b = t.as_bytes();
    assert!(b.len() == 5 && b[2] == b'@', "bad square {t}");
    [
        (b[0] - b'a') as i32,
        (b[1] - b'1') as i32,
        (b[3] - b'0') as i32,
        (b[4] - b'0') as i32,
    ]
}

/// Every vector in {-1,0,1}^4 except zero.
fn unit_vectors() -> Vec<Sq> {
    let mut v = Vec::new();
    for a in -1..=1 {
        for b in -1..=1 {
            for c in -1..=1 {
                for d in -1..=1 {
                    if [a, b, c, d] != [0, 0, 0, 0] {
                        v.push([a, b, c, d]);
                    }
                }
            }
        }
    }
    v
}

fn plus(s: Sq, d: Sq, k: i32) -> Sq {
    [
        s[0] + k * d[0],
        s[1] + k * d[1],
        s[2] + k * d[2],
        s[3] + k * d[3],
    ]
}

fn nonzero(d: Sq) -> usize {
    d.iter().filter(|&&c| c != 0).count()
}

impl Naive {
    /// Builds a position from a list like `"Ka1@00 qd4@11"` (upper case White).
    pub fn from_pieces(list: &str, white_to_move: bool) -> Naive {
        let mut n = Naive {
            cells: [[[[None; 2]; 2]; 4]; 4],
            white_to_move,
        };
        for item in list.split_whitespace() {
            let (letter, sq) = item.split_at(1);
            n.set(parse_name(sq), Some(letter.chars().next().unwrap()));
        }
        n
    }

    /// Reads a position string (boards Z0W0|Z1W0|Z0W1|Z1W1, ranks 4 to 1).
    pub fn parse(s: &str) -> Naive {
        let fields: Vec<&str> = s.split(' ').collect();
        let mut n = Naive {
            cells: [[[[None; 2]; 2]; 4]; 4],
            white_to_move: fields[1] == "w",
        };
        for (b, board) in fields[0].split('|').enumerate() {
            let (z, w) = ((b % 2) as i32, (b / 2) as i32);
            for (r, rank) in board.split('/').enumerate() {
                let y = 3 - r as i32;
                let mut x = 0;
                for c in rank.chars() {
                    if let Some(d) = c.to_digit(10) {
                        x += d as i32;
                    } else {
                        n.set([x, y, z, w], Some(c));
                        x += 1;
                    }
                }
            }
        }
        n
    }

    /// The position string with counters `0 1`.
    pub fn position_string(&self) -> String {
        let mut boards = Vec::new();
        for (z, w) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
            let mut ranks = Vec::new();
            for y in (0..4).rev() {
                let mut r = String::new();
                let mut empty = 0;
                for x in 0..4 {
                    match self.get([x, y, z, w]) {
                        Some(c) => {
                            if empty > 0 {
                                r.push_str(&empty.to_string());
                                empty = 0;
                            }
                            r.push(c);
                        }
                        None => empty += 1,
                    }
                }
                if empty > 0 {
                    r.push_str(&empty.to_string());
                }
                ranks.push(r);
            }
            boards.push(ranks.join("/"));
        }
        format!(
            "{} {} 0 1",
            boards.join("|"),
            if self.white_to_move { 'w' } else { 'b' }
        )
    }

    /// The placement and side fields only (what a position string says about pieces).
    pub fn placement(&self) -> String {
        let s = self.position_string();
        let mut f = s.split(' ');
        format!("{} {}", f.next().unwrap(), f.next().unwrap())
    }

    pub fn get(&self, s: Sq) -> Option<char> {
        self.cells[s[0] as usize][s[1] as usize][s[2] as usize][s[3] as usize]
    }

    fn set(&mut self, s: Sq, p: Option<char>) {
        self.cells[s[0] as usize][s[1] as usize][s[2] as usize][s[3] as usize] = p;
    }

    fn squares() -> Vec<Sq> {
        let mut v = Vec::new();
        for x in 0..4 {
            for y in 0..4 {
                for z in 0..2 {
                    for w in 0..2 {
                        v.push([x, y, z, w]);
                    }
                }
            }
        }
        v
    }

    /// Squares a piece on `s` could capture on (sliders stop at the first piece).
    fn attacks_from(&self, s: Sq) -> Vec<Sq> {
        let p = self.get(s).unwrap();
        let white = p.is_ascii_uppercase();
        let mut out = Vec::new();
        match p.to_ascii_uppercase() {
            'R' | 'B' | 'Q' => {
                for d in unit_vectors() {
                    let ok = match p.to_ascii_uppercase() {
                        'R' => nonzero(d) == 1,
                        'B' => nonzero(d) == 2,
                        _ => true,
                    };
                    if !ok {
                        continue;
                    }
                    let mut k = 1;
                    loop {
                        let t = plus(s, d, k);
                        if !inside(t) {
                            break;
                        }
                        out.push(t);
                        if self.get(t).is_some() {
                            break;
                        }
                        k += 1;
                    }
                }
            }
            'K' => {
                for d in unit_vectors() {
                    let t = plus(s, d, 1);
                    if inside(t) {
                        out.push(t);
                    }
                }
            }
            'N' => {
                for a in -2..=2 {
                    for b in -2..=2 {
                        for c in -2..=2 {
                            for e in -2..=2 {
                                let d = [a, b, c, e];
                                let mut abs: Vec<i32> = d
                                    .iter()
                                    .map(|v: &i32| v.abs())
                                    .filter(|&v| v != 0)
                                    .collect();
                                abs.sort();
                                let long_on_xy = a.abs() == 2 || b.abs() == 2;
                                let t = plus(s, d, 1);
                                if abs == vec![1, 2] && long_on_xy && inside(t) {
                                    out.push(t);
                                }
                            }
                        }
                    }
                }
            }
            'P' => {
                let dy = if white { 1 } else { -1 };
                for axis in [0, 2, 3] {
                    for step in [-1, 1] {
                        let mut t = s;
                        t[1] += dy;
                        t[axis] += step;
                        if inside(t) {
                            out.push(t);
                        }
                    }
                }
            }
            other => panic!("unknown piece {other}"),
        }
        out
    }

    fn is_white(p: char) -> bool {
        p.is_ascii_uppercase()
    }

    /// Whether a piece of the side `by_white` attacks `target`.
    pub fn attacked(&self, target: Sq, by_white: bool) -> bool {
        Self::squares().into_iter().any(|s| match self.get(s) {
            Some(p) if Self::is_white(p) == by_white => self.attacks_from(s).contains(&target),
            _ => false,
        })
    }

    pub fn king(&self, white: bool) -> Sq {
        let k = if white { 'K' } else { 'k' };
        Self::squares()
            .into_iter()
            .find(|&s| self.get(s) == Some(k))
            .expect("a king")
    }

    pub fn in_check(&self) -> bool {
        self.attacked(self.king(self.white_to_move), !self.white_to_move)
    }

    /// Moves by piece rules (captures of friendly pieces and of kings excluded), as
    /// (from, to) pairs; legality is checked separately.
    fn pseudo_moves(&self) -> Vec<(Sq, Sq)> {
        let mut out = Vec::new();
        for s in Self::squares() {
            let Some(p) = self.get(s) else { continue };
            if Self::is_white(p) != self.white_to_move {
                continue;
            }
            let enemy_non_king = |t: Sq| match self.get(t) {
                Some(q) => Self::is_white(q) != self.white_to_move && !q.eq_ignore_ascii_case(&'K'),
                None => false,
            };
            if p.eq_ignore_ascii_case(&'P') {
                let mut ahead = s;
                ahead[1] += if self.white_to_move { 1 } else { -1 };
                if inside(ahead) && self.get(ahead).is_none() {
                    out.push((s, ahead));
                }
                for t in self.attacks_from(s) {
                    if enemy_non_king(t) {
                        out.push((s, t));
                    }
                }
            } else {
                for t in self.attacks_from(s) {
                    if self.get(t).is_none() || enemy_non_king(t) {
                        out.push((s, t));
                    }
                }
            }
        }
        out
    }

    fn apply(&mut self, from: Sq, to: Sq) -> bool {
        let p = self.get(from).unwrap();
        let last = if Self::is_white(p) { 3 } else { 0 };
        let promotes = p.eq_ignore_ascii_case(&'P') && to[1] == last;
        let placed = if promotes {
            if Self::is_white(p) {
                'Q'
            } else {
                'q'
            }
        } else {
            p
        };
        self.set(from, None);
        self.set(to, Some(placed));
        self.white_to_move = !self.white_to_move;
        promotes
    }

    /// Every legal move as a token (`from`, `to`, `q` for a promotion).
    pub fn legal_tokens(&self) -> BTreeSet<String> {
        let mut out = BTreeSet::new();
        for (from, to) in self.pseudo_moves() {
            let mut after = self.clone();
            let promotes = after.apply(from, to);
            if after.attacked(after.king(self.white_to_move), after.white_to_move) {
                continue;
            }
            out.insert(format!(
                "{}{}{}",
                name(from),
                name(to),
                if promotes { "q" } else { "" }
            ));
        }
        out
    }

    /// Plays a move given as a token (assumed legal).
    pub fn play_token(&mut self, token: &str) {
        let from = parse_name(&token[0..5]);
        let to = parse_name(&token[5..10]);
        self.apply(from, to);
    }

    pub fn count_pieces(&self) -> usize {
        Self::squares()
            .into_iter()
            .filter(|&s| self.get(s).is_some())
            .count()
    }
}
