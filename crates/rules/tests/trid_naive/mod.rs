//! A second, deliberately simple Tri-D move generator for cross-checking `rules::trid`.
//!
//! It shares no code with the rules crate: it reads the position string itself, keeps
//! pieces in a map, recomputes which squares exist from the board list every time it
//! asks, tries every line length and every level without early exits, and produces each
//! legal move as (token, position string after it). Slow on purpose, written from
//! trid.md and records.md alone.

#![allow(dead_code)]

use std::collections::BTreeMap;

type Sq = (i32, i32, i32);

#[derive(Clone, Debug)]
pub struct Board {
    name: String,
    cx: i32,
    cy: i32,
    level: i32,
    owner: char,
}

impl Board {
    fn main_level(&self) -> i32 {
        match self.cy {
            1 | 4 => 2,
            3 | 6 => 4,
            _ => 6,
        }
    }
    fn low(&self) -> (i32, i32) {
        let lx = if self.cx == 1 { 0 } else { 4 };
        let ly = if matches!(self.cy, 1 | 3 | 5) {
            self.cy - 1
        } else {
            self.cy
        };
        (lx, ly)
    }
    fn covers(&self, x: i32, y: i32) -> bool {
        let (lx, ly) = self.low();
        (lx..=lx + 1).contains(&x) && (ly..=ly + 1).contains(&y)
    }
    fn has(&self, s: Sq) -> bool {
        s.2 == self.level && self.covers(s.0, s.1)
    }
}

#[derive(Clone, Debug)]
pub struct Naive {
    pub rules: String,
    pub rook_pawns: bool,
    pieces: BTreeMap<Sq, (char, bool)>,
    boards: Vec<Board>,
    white: bool,
    castling: String,
    ep: Option<(Sq, Sq)>,
    half: u32,
    full: u32,
}

fn sq_name(s: Sq) -> String {
    format!("{}{}({})", (b'a' + s.0 as u8) as char, s.1, s.2)
}

fn read_sq(t: &str) -> Sq {
    let b = t.as_bytes();
    (
        (b[0] - b'a') as i32,
        (b[1] - b'0') as i32,
        (b[3] - b'0') as i32,
    )
}

fn is_white(letter: char) -> bool {
    letter.is_ascii_uppercase()
}

const PROMOS: [char; 4] = ['q', 'r', 'b', 'n'];

impl Naive {
    pub fn parse(rules: &str, rook_pawns: bool, s: &str) -> Naive {
        let f: Vec<&str> = s.split_whitespace().collect();
        let mut pieces = BTreeMap::new();
        for item in f[0].split(',') {
            let letter = item.chars().next().unwrap();
            let moved = item.ends_with('*');
            let sq = read_sq(&item[1..6]);
            pieces.insert(sq, (letter, moved));
        }
        let boards = f[1]
            .split(',')
            .map(|e| {
                let (name, rest) = e.split_once('@').unwrap();
                let (pos, owner) = rest.split_once(':').unwrap();
                let (cx, cy, level) = read_sq(pos);
                Board {
                    name: name.to_string(),
                    cx,
                    cy,
                    level,
                    owner: owner.chars().next().unwrap(),
                }
            })
            .collect();
        let ep = (f[4] != "-").then(|| {
            let (a, b) = f[4].split_once('/').unwrap();
            (read_sq(a), read_sq(b))
        });
        Naive {
            rules: rules.to_string(),
            rook_pawns,
            pieces,
            boards,
            white: f[2] == "w",
            castling: if f[3] == "-" {
                String::new()
            } else {
                f[3].to_string()
            },
            ep,
            half: f[5].parse().unwrap(),
            full: f[6].parse().unwrap(),
        }
    }

    pub fn format(&self) -> String {
        let mut keys: Vec<&Sq> = self.pieces.keys().collect();
        keys.sort_by_key(|s| (s.2, s.1, s.0));
        let pieces: Vec<String> = keys
            .iter()
            .map(|s| {
                let (l, moved) = self.pieces[s];
                format!("{l}{}{}", sq_name(**s), if moved { "*" } else { "" })
            })
            .collect();
        let mut boards = self.boards.clone();
        let order = ["WQL", "WKL", "BQL", "BKL"];
        boards.sort_by_key(|b| order.iter().position(|n| *n == b.name));
        let boards: Vec<String> = boards
            .iter()
            .map(|b| format!("{}@{}:{}", b.name, sq_name((b.cx, b.cy, b.level)), b.owner))
            .collect();
        let mut c = String::new();
        for ch in ['K', 'Q', 'k', 'q'] {
            if self.castling.contains(ch) {
                c.push(ch);
            }
        }
        if c.is_empty() {
            c.push('-');
        }
        let ep = match self.ep {
            None => "-".to_string(),
            Some((a, b)) => format!("{}/{}", sq_name(a), sq_name(b)),
        };
        format!(
            "{} {} {} {c} {ep} {} {}",
            pieces.join(","),
            boards.join(","),
            if self.white { "w" } else { "b" },
            self.half,
            self.full
        )
    }

    fn exists(&self, s: Sq) -> bool {
        let (x, y, z) = s;
        if !(0..6).contains(&x) || !(0..10).contains(&y) {
            return false;
        }
        let main = (1..=4).contains(&x)
            && ((z == 2 && (1..=4).contains(&y))
                || (z == 4 && (3..=6).contains(&y))
                || (z == 6 && (5..=8).contains(&y)));
        main || self.boards.iter().any(|b| b.has(s))
    }

    fn column_exists(&self, x: i32, y: i32) -> bool {
        (1..=7).any(|z| self.exists((x, y, z)))
    }

    fn at(&self, s: Sq) -> Option<char> {
        self.pieces.get(&s).map(|p| p.0)
    }

    fn mine(&self, letter: char) -> bool {
        is_white(letter) == self.white
    }

    /// Whether the squares of the columns `mids` let a line piece from `from` reach `to`.
    fn path_ok(&self, from: Sq, to: Sq, mids: &[(i32, i32)]) -> bool {
        match self.rules.as_str() {
            "federation" => {
                let ceil = from.2.max(to.2);
                let route_clear = |c: i32| {
                    mids.iter().all(|&(x, y)| {
                        match (1..=c).rev().find(|&z| self.exists((x, y, z))) {
                            None => false,
                            Some(z) => self.at((x, y, z)).is_none(),
                        }
                    })
                };
                route_clear(ceil) || (ceil % 2 == 0 && route_clear(ceil + 1))
            }
            "meder" => mids
                .iter()
                .all(|&(x, y)| (1..=7).all(|z| self.at((x, y, z)).is_none())),
            _ => self.walk(mids, from.2, &[], to.2),
        }
    }

    fn walk(&self, mids: &[(i32, i32)], cur: i32, left: &[i32], land: i32) -> bool {
        if mids.is_empty() {
            return !left.contains(&land);
        }
        let (x, y) = mids[0];
        for z in 1..=7 {
            if self.exists((x, y, z)) && self.at((x, y, z)).is_none() && !left.contains(&z) {
                let mut l = left.to_vec();
                if z != cur {
                    l.push(cur);
                }
                if self.walk(&mids[1..], z, &l, land) {
                    return true;
                }
            }
        }
        false
    }

    fn line(from: Sq, to: (i32, i32)) -> Option<Vec<(i32, i32)>> {
        let (dx, dy) = (to.0 - from.0, to.1 - from.1);
        if (dx, dy) == (0, 0) || !(dx == 0 || dy == 0 || dx.abs() == dy.abs()) {
            return None;
        }
        let n = dx.abs().max(dy.abs());
        let (sx, sy) = (dx.signum(), dy.signum());
        Some((1..n).map(|i| (from.0 + i * sx, from.1 + i * sy)).collect())
    }

    /// Could the piece on `from` capture on `to` (ignoring its own king's safety)?
    fn attacks(&self, from: Sq, to: Sq) -> bool {
        let letter = self.at(from).unwrap();
        let (dx, dy) = (to.0 - from.0, to.1 - from.1);
        if dx == 0 && dy == 0 {
            return false;
        }
        match letter.to_ascii_uppercase() {
            'P' => {
                let f = if is_white(letter) { 1 } else { -1 };
                if dy == f && dx.abs() == 1 {
                    return true;
                }
                self.rook_pawns
                    && self.rules == "federation"
                    && dy.abs() == 1
                    && ((from.0 == 0 && dx == 1) || (from.0 == 5 && dx == -1))
            }
            'N' => dx.abs() * dy.abs() == 2,
            'K' => dx.abs() <= 1 && dy.abs() <= 1,
            k => {
                let straight = dx == 0 || dy == 0;
                let ok = match k {
                    'R' => straight,
                    'B' => dx.abs() == dy.abs(),
                    _ => straight || dx.abs() == dy.abs(),
                };
                ok && match Naive::line(from, (to.0, to.1)) {
                    Some(mids) => self.path_ok(from, to, &mids),
                    None => false,
                }
            }
        }
    }

    /// Whether the king of a side is attacked (for property tests).
    pub fn king_attacked_pub(&self, white: bool) -> bool {
        self.king_attacked(white)
    }

    fn king_attacked(&self, white: bool) -> bool {
        let king = if white { 'K' } else { 'k' };
        let ks = *self.pieces.iter().find(|(_, p)| p.0 == king).unwrap().0;
        self.pieces
            .iter()
            .any(|(s, p)| is_white(p.0) != white && self.attacks(*s, ks))
    }

    fn promotes(&self, white: bool, x: i32, y: i32) -> bool {
        if self.rules == "meder" {
            if white {
                y == 9 || (y == 8 && !self.column_exists(x, 9))
            } else {
                y == 0 || (y == 1 && !self.column_exists(x, 0))
            }
        } else if white {
            y >= 8
        } else {
            y <= 1
        }
    }

    fn lose_rights(&mut self, s: Sq) {
        let lost: &[char] = match s {
            (4, 0, 3) => &['K', 'Q'],
            (5, 0, 3) => &['K'],
            (0, 0, 3) => &['Q'],
            (4, 9, 7) => &['k', 'q'],
            (5, 9, 7) => &['k'],
            (0, 9, 7) => &['q'],
            _ => &[],
        };
        self.castling.retain(|c| !lost.contains(&c));
    }

    fn end_turn(&mut self, zeroing: bool) {
        self.half = if zeroing { 0 } else { self.half + 1 };
        if !self.white {
            self.full += 1;
        }
        self.white = !self.white;
    }

    /// A piece move from `from` to `to` (capturing what is there or `ep_victim`).
    fn piece_move(&self, from: Sq, to: Sq, promo: Option<char>, ep_victim: Option<Sq>) -> Naive {
        let mut n = self.clone();
        let (letter, _) = n.pieces.remove(&from).unwrap();
        n.lose_rights(from);
        n.lose_rights(to);
        let victim_sq = ep_victim.or(if n.pieces.contains_key(&to) {
            Some(to)
        } else {
            None
        });
        let mut zeroing = letter.eq_ignore_ascii_case(&'p');
        if let Some(v) = victim_sq {
            let (vl, _) = n.pieces.remove(&v).unwrap();
            zeroing = true;
            if n.rules == "federation" {
                let victim_white = is_white(vl);
                let owner_char = if victim_white { 'w' } else { 'b' };
                let pieces = n.pieces.clone();
                for b in n.boards.iter_mut() {
                    if b.has(v) && b.owner == owner_char {
                        let left = pieces
                            .iter()
                            .any(|(s, p)| b.has(*s) && is_white(p.0) == victim_white);
                        if !left {
                            b.owner = if victim_white { 'b' } else { 'w' };
                        }
                    }
                }
            }
        }
        n.ep = None;
        let is_pawn = letter.eq_ignore_ascii_case(&'p');
        if is_pawn && ((to.1 - from.1).abs() == 2 || (to.0 - from.0).abs() == 2) {
            let mid = ((from.0 + to.0) / 2, (from.1 + to.1) / 2);
            let level = if n.rules == "federation" {
                let ceil = from.2.max(to.2);
                let route = |c: i32| (1..=c).rev().find(|&z| n.exists((mid.0, mid.1, z)));
                let first = route(ceil).filter(|&z| n.at((mid.0, mid.1, z)).is_none());
                first.or_else(|| route(ceil + 1))
            } else {
                (1..=7).find(|&z| n.exists((mid.0, mid.1, z)) && n.at((mid.0, mid.1, z)).is_none())
            };
            n.ep = level.map(|z| ((mid.0, mid.1, z), to));
        }
        let placed = match promo {
            Some(p) => (
                if is_white(letter) {
                    p.to_ascii_uppercase()
                } else {
                    p
                },
                false,
            ),
            None => (letter, is_pawn),
        };
        n.pieces.insert(to, placed);
        n.end_turn(zeroing);
        n
    }

    fn board_move(
        &self,
        bi: usize,
        cx: i32,
        cy: i32,
        level: i32,
        turned: bool,
        promo: Option<char>,
    ) -> Naive {
        let mut n = self.clone();
        let old = n.boards[bi].clone();
        let carried: Vec<(Sq, (char, bool))> = n
            .pieces
            .iter()
            .filter(|(s, _)| old.has(**s))
            .map(|(s, p)| (*s, *p))
            .collect();
        for (s, _) in &carried {
            n.pieces.remove(s);
            n.lose_rights(*s);
        }
        n.boards[bi].cx = cx;
        n.boards[bi].cy = cy;
        n.boards[bi].level = level;
        let (ox, oy) = old.low();
        let (nx, ny) = n.boards[bi].low();
        let mut zeroing = false;
        for (s, (l, moved)) in carried {
            let (mut dx, mut dy) = (s.0 - ox, s.1 - oy);
            if turned {
                dx = 1 - dx;
                dy = 1 - dy;
            }
            let t = (nx + dx, ny + dy, level);
            let placed = if l.eq_ignore_ascii_case(&'p') {
                match promo {
                    Some(p) => {
                        zeroing = true;
                        (
                            if is_white(l) {
                                p.to_ascii_uppercase()
                            } else {
                                p
                            },
                            false,
                        )
                    }
                    None => (l, true),
                }
            } else {
                (l, moved)
            };
            n.pieces.insert(t, placed);
        }
        if n.rules == "meder" {
            // Pawns left on rank 8 (1) without a rank 9 (0) above become queens.
            let keys: Vec<Sq> = n.pieces.keys().copied().collect();
            for s in keys {
                let (l, _) = n.pieces[&s];
                let promote = (l == 'P' && s.1 == 8 && !n.column_exists(s.0, 9))
                    || (l == 'p' && s.1 == 1 && !n.column_exists(s.0, 0));
                if promote {
                    n.pieces
                        .insert(s, (if l == 'P' { 'Q' } else { 'q' }, false));
                    zeroing = true;
                }
            }
        }
        n.ep = None;
        n.end_turn(zeroing);
        n
    }

    /// Every pseudo-legal move as (token, resulting position).
    fn pseudo(&self) -> Vec<(String, Naive)> {
        let mut out = Vec::new();
        let own: Vec<(Sq, char, bool)> = self
            .pieces
            .iter()
            .filter(|(_, p)| self.mine(p.0))
            .map(|(s, p)| (*s, p.0, p.1))
            .collect();
        let all_levels = |x: i32, y: i32| (1..=7).map(move |z| (x, y, z));
        let target_ok = |t: Sq| match self.at(t) {
            None => true,
            Some(c) => !self.mine(c) && !c.eq_ignore_ascii_case(&'k'),
        };
        for (s, letter, moved) in own {
            let kind = letter.to_ascii_uppercase();
            let push = |out: &mut Vec<(String, Naive)>, t: Sq, ep: Option<Sq>| {
                if kind == 'P' && self.promotes(self.white, t.0, t.1) {
                    for p in PROMOS {
                        out.push((
                            format!("{}{}{p}", sq_name(s), sq_name(t)),
                            self.piece_move(s, t, Some(p), ep),
                        ));
                    }
                } else {
                    out.push((
                        format!("{}{}", sq_name(s), sq_name(t)),
                        self.piece_move(s, t, None, ep),
                    ));
                }
            };
            match kind {
                'N' | 'K' => {
                    for dx in -2..=2i32 {
                        for dy in -2..=2i32 {
                            let fits = if kind == 'N' {
                                dx.abs() * dy.abs() == 2
                            } else {
                                dx.abs() <= 1 && dy.abs() <= 1 && (dx, dy) != (0, 0)
                            };
                            if !fits {
                                continue;
                            }
                            for t in all_levels(s.0 + dx, s.1 + dy) {
                                if self.exists(t) && target_ok(t) {
                                    push(&mut out, t, None);
                                }
                            }
                        }
                    }
                }
                'R' | 'B' | 'Q' => {
                    for x in 0..6 {
                        for y in 0..10 {
                            let Some(mids) = Naive::line(s, (x, y)) else {
                                continue;
                            };
                            let (dx, dy) = (x - s.0, y - s.1);
                            let straight = dx == 0 || dy == 0;
                            let ok = match kind {
                                'R' => straight,
                                'B' => !straight,
                                _ => true,
                            };
                            if !ok {
                                continue;
                            }
                            for t in all_levels(x, y) {
                                if self.exists(t) && target_ok(t) && self.path_ok(s, t, &mids) {
                                    push(&mut out, t, None);
                                }
                            }
                        }
                    }
                }
                _ => {
                    let f = if self.white { 1 } else { -1 };
                    // Steps: forward, and sideways inward for rook pawns.
                    let mut steps = vec![(0, f)];
                    let rook_pawn =
                        self.rook_pawns && self.rules == "federation" && (s.0 == 0 || s.0 == 5);
                    let inward = if s.0 == 0 { 1 } else { -1 };
                    if rook_pawn {
                        steps.push((inward, 0));
                    }
                    for (dx, dy) in steps {
                        for t in all_levels(s.0 + dx, s.1 + dy) {
                            if self.exists(t) && self.at(t).is_none() {
                                push(&mut out, t, None);
                            }
                        }
                        if !moved {
                            let mid = (s.0 + dx, s.1 + dy);
                            for t in all_levels(s.0 + 2 * dx, s.1 + 2 * dy) {
                                if self.exists(t)
                                    && self.at(t).is_none()
                                    && self.path_ok(s, t, &[mid])
                                {
                                    push(&mut out, t, None);
                                }
                            }
                        }
                    }
                    let mut caps = vec![(-1, f), (1, f)];
                    if rook_pawn {
                        caps.push((inward, -f));
                    }
                    for (dx, dy) in caps {
                        for t in all_levels(s.0 + dx, s.1 + dy) {
                            if !self.exists(t) {
                                continue;
                            }
                            if let Some(c) = self.at(t) {
                                if !self.mine(c) && !c.eq_ignore_ascii_case(&'k') {
                                    push(&mut out, t, None);
                                }
                            } else if let Some((passed, victim)) = self.ep {
                                let hit = if self.rules == "federation" {
                                    t == passed
                                } else {
                                    (t.0, t.1) == (passed.0, passed.1)
                                };
                                if hit {
                                    push(&mut out, t, Some(victim));
                                }
                            }
                        }
                    }
                }
            }
        }
        self.castles(&mut out);
        self.boards_moves(&mut out);
        out
    }

    fn castles(&self, out: &mut Vec<(String, Naive)>) {
        let (rank, z, kc, qc, kl, rl) = if self.white {
            (0, 3, 'K', 'Q', 'K', 'R')
        } else {
            (9, 7, 'k', 'q', 'k', 'r')
        };
        if self.rules == "meder" && self.full == 1 {
            return;
        }
        if self.at((4, rank, z)) != Some(kl) || self.king_attacked(self.white) {
            return;
        }
        let swap = |king_to: Sq, rook_from: Sq| {
            let mut n = self.clone();
            n.pieces.remove(&(4, rank, z));
            n.pieces.remove(&rook_from);
            n.pieces.insert(king_to, (kl, false));
            n.pieces.insert((4, rank, z), (rl, false));
            n.lose_rights((4, rank, z));
            n.ep = None;
            n.end_turn(false);
            n
        };
        if self.castling.contains(kc) && self.at((5, rank, z)) == Some(rl) {
            out.push((
                format!("{}{}", sq_name((4, rank, z)), sq_name((5, rank, z))),
                swap((5, rank, z), (5, rank, z)),
            ));
        }
        let qs = (1, rank, z);
        if self.castling.contains(qc)
            && self.at((0, rank, z)) == Some(rl)
            && self.exists(qs)
            && self.at(qs).is_none()
        {
            out.push((
                format!("{}{}", sq_name((4, rank, z)), sq_name(qs)),
                swap(qs, (0, rank, z)),
            ));
        }
    }

    fn boards_moves(&self, out: &mut Vec<(String, Naive)>) {
        let me = if self.white { 'w' } else { 'b' };
        // Posts as (corner file, corner rank, pin) per side; pin ranks for meder.
        let corner_ranks = [1, 4, 3, 6, 5, 8];
        let pin_of = |cy: i32| corner_ranks.iter().position(|&r| r == cy).unwrap() as i32 + 1;
        let main_of = |cy: i32| match cy {
            1 | 4 => 2,
            3 | 6 => 4,
            _ => 6,
        };
        let low_rank = [0, 4, 2, 6, 4, 8];
        for (bi, b) in self.boards.iter().enumerate() {
            let on: Vec<(Sq, char)> = self
                .pieces
                .iter()
                .filter(|(s, _)| b.has(**s))
                .map(|(s, p)| (*s, p.0))
                .collect();
            let original = if b.name.starts_with('W') { 'w' } else { 'b' };
            let mut targets: Vec<(i32, i32, i32)> = Vec::new();
            let mut turns = vec![false];
            match self.rules.as_str() {
                "federation" => {
                    if b.owner != me
                        || !self
                            .pieces
                            .values()
                            .any(|p| p.0 == if self.white { 'P' } else { 'p' })
                    {
                        continue;
                    }
                    let ok = on.is_empty()
                        || (on.len() == 1 && on[0].1 == if self.white { 'P' } else { 'p' });
                    if !ok {
                        continue;
                    }
                    for cy in corner_ranks {
                        let d = (cy - b.cy).abs();
                        if d == 1 || d == 2 {
                            targets.push((b.cx, cy, main_of(cy) + 1));
                            targets.push((b.cx, cy, main_of(cy) - 1));
                        }
                    }
                    let flip = if b.level > b.main_level() {
                        b.main_level() - 1
                    } else {
                        b.main_level() + 1
                    };
                    targets.push((b.cx, b.cy, flip));
                    targets.retain(|t| {
                        !self
                            .boards
                            .iter()
                            .enumerate()
                            .any(|(o, ob)| o != bi && (ob.cx, ob.cy, ob.level) == *t)
                    });
                }
                "meder" => {
                    let mover = if on.is_empty() {
                        original
                    } else if on.len() == 1 {
                        if is_white(on[0].1) {
                            'w'
                        } else {
                            'b'
                        }
                    } else {
                        continue;
                    };
                    if mover != me {
                        continue;
                    }
                    let pin = pin_of(b.cy);
                    let fwd = if self.white { 1 } else { -1 };
                    for (ti, &cy) in corner_ranks.iter().enumerate() {
                        let tp = ti as i32 + 1;
                        let d = (tp - pin).abs();
                        if d == 1 || d == 2 {
                            let change = low_rank[ti] - low_rank[pin as usize - 1];
                            if !on.is_empty() && change * fwd < 0 {
                                continue;
                            }
                            targets.push((b.cx, cy, main_of(cy) + 1));
                        }
                    }
                    targets.push((5 - b.cx, b.cy, main_of(b.cy) + 1));
                    targets.retain(|t| {
                        !self
                            .boards
                            .iter()
                            .enumerate()
                            .any(|(o, ob)| o != bi && (ob.cx, ob.cy) == (t.0, t.1))
                    });
                }
                _ => {
                    if on.len() != 1 || (is_white(on[0].1) != self.white) {
                        continue;
                    }
                    turns.push(true);
                    let main = b.main_level();
                    let partner = match b.cy {
                        1 => 4,
                        4 => 1,
                        3 => 6,
                        6 => 3,
                        5 => 8,
                        _ => 5,
                    };
                    targets.push((5 - b.cx, b.cy, main + 1));
                    targets.push((b.cx, partner, main + 1));
                    // Centres seen from above, doubled to stay integral.
                    let centre = |cx: i32, cy: i32| -> (i32, i32) {
                        let lx = if cx == 1 { 0 } else { 4 };
                        let ly = if matches!(cy, 1 | 3 | 5) { cy - 1 } else { cy };
                        (2 * lx + 1, 2 * ly + 1)
                    };
                    let here = centre(b.cx, b.cy);
                    for other in [main - 2, main + 2] {
                        let posts: Vec<(i32, i32)> = [1, 4]
                            .iter()
                            .flat_map(|&cx| corner_ranks.iter().map(move |&cy| (cx, cy)))
                            .filter(|&(_, cy)| main_of(cy) == other)
                            .collect();
                        let d = |p: &(i32, i32)| {
                            let c = centre(p.0, p.1);
                            (c.0 - here.0).pow(2) + (c.1 - here.1).pow(2)
                        };
                        if let Some(best) = posts.iter().map(d).min() {
                            for p in posts.iter().filter(|p| d(p) == best) {
                                targets.push((p.0, p.1, other + 1));
                            }
                        }
                    }
                    targets.retain(|t| {
                        !self
                            .boards
                            .iter()
                            .enumerate()
                            .any(|(o, ob)| o != bi && (ob.cx, ob.cy) == (t.0, t.1))
                    });
                }
            }
            for &(cx, cy, level) in &targets {
                for &turned in &turns {
                    let plain = self.board_move(bi, cx, cy, level, turned, None);
                    let r = if turned { "r" } else { "" };
                    let base = format!("{}>{}{r}", b.name, sq_name((cx, cy, level)));
                    // Does the carried pawn arrive on its promotion rank?
                    let carried_pawn = on.iter().find(|(_, l)| l.eq_ignore_ascii_case(&'p'));
                    let promotes = carried_pawn.is_some_and(|&(s, l)| {
                        let (ox, oy) = b.low();
                        let nb = &plain.boards[bi];
                        let (nx, ny) = nb.low();
                        let (mut dx, mut dy) = (s.0 - ox, s.1 - oy);
                        if turned {
                            dx = 1 - dx;
                            dy = 1 - dy;
                        }
                        plain.promotes(is_white(l), nx + dx, ny + dy)
                    });
                    if promotes {
                        for p in PROMOS {
                            out.push((
                                format!("{base}{p}"),
                                self.board_move(bi, cx, cy, level, turned, Some(p)),
                            ));
                        }
                    } else {
                        out.push((base, plain));
                    }
                }
            }
        }
    }

    /// Every legal move as (token, position string after it).
    pub fn legal(&self) -> Vec<(String, String)> {
        self.pseudo()
            .into_iter()
            .filter(|(_, n)| !n.king_attacked(self.white))
            .map(|(t, n)| (t, n.format()))
            .collect()
    }
}

use rules::trid::TridPosition;
use rules::{Position, Setup};

/// Compares the legal moves (tokens and resulting position strings) of `rules::trid`
/// and the naive generator at every node down to `depth` plies; panics naming the first
/// position where they differ and what differs. Returns the number of leaf nodes.
pub fn cross_check(setup: &Setup, position: &str, depth: u32) -> u64 {
    let pos = TridPosition::from_position_string(setup, position)
        .unwrap_or_else(|e| panic!("rules rejects {position}: {e}"));
    assert_eq!(
        pos.position_string(),
        position,
        "position string is not canonical"
    );
    check_node(setup, &pos, depth)
}

fn check_node(setup: &Setup, pos: &TridPosition, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let s = pos.position_string();
    let naive = Naive::parse(setup.rules().id(), setup.options().rook_pawns, &s);
    let mut expected = naive.legal();
    expected.sort();
    let mut got: Vec<(String, String, <TridPosition as Position>::Move)> = pos
        .legal_moves()
        .into_iter()
        .map(|m| {
            let mut after = pos.clone();
            after.play(m);
            (pos.move_token(m), after.position_string(), m)
        })
        .collect();
    got.sort_by(|a, b| (&a.0, &a.1).cmp(&(&b.0, &b.1)));
    let got_pairs: Vec<(String, String)> = got.iter().map(|g| (g.0.clone(), g.1.clone())).collect();
    if got_pairs != expected {
        let only_rules: Vec<&(String, String)> =
            got_pairs.iter().filter(|g| !expected.contains(g)).collect();
        let only_naive: Vec<&(String, String)> =
            expected.iter().filter(|g| !got_pairs.contains(g)).collect();
        panic!(
            "{} at {s}\nonly rules: {only_rules:#?}\nonly naive: {only_naive:#?}",
            setup.rules()
        );
    }
    let mut total = 0;
    for (_, _, m) in got {
        let mut after = pos.clone();
        after.play(m);
        total += check_node(setup, &after, depth - 1);
    }
    total
}

pub fn setup(rules: &str, rook_pawns: bool) -> Setup {
    let options: &[&str] = if rook_pawns { &["rook-pawns"] } else { &[] };
    Setup::from_ids("trid", Some(rules), options).unwrap()
}
