//! Attack-board moves, per rule set.
//!
//! - `federation`: the owner moves a board that is empty or carries exactly one own pawn,
//!   while it has a pawn anywhere, to a post on the board's own side whose corner rank
//!   differs by 1 or 2 (standing or hanging), or flips it in place.
//! - `meder`: a board with at most one piece, moved by that piece's side (empty: the
//!   original owner), to an adjacent pin; occupied boards only forward or sideways.
//! - `stepwise`: a board with exactly one piece, moved by that piece's side, along the
//!   row or column of its main board or to the nearest post of the main board above or
//!   below, optionally turned 180°.

use super::geometry::*;
use super::{code, kind, TridMove, TridPosition};
use crate::setup::RuleSet;

/// Meder pin ranks: a pin's board's lowest rank (pins 1–6).
const PIN_LOW_RANK: [i8; 6] = [0, 4, 2, 6, 4, 8];

impl TridPosition {
    /// The squares of a board that hold a piece.
    pub(crate) fn board_pieces(&self, b: usize) -> impl Iterator<Item = Sq> + '_ {
        self.placements[b]
            .squares()
            .into_iter()
            .filter(|&s| self.at(s) != 0)
    }

    /// Whether another board than `b` is on this post (at this level, when given).
    fn post_taken(&self, b: usize, post: u8, level: Option<i8>) -> bool {
        (0..4).any(|o| {
            o != b
                && self.placements[o].post == post
                && level.is_none_or(|l| self.placements[o].level == l)
        })
    }

    pub(crate) fn board_moves(&self, out: &mut Vec<TridMove>) {
        let us = self.us();
        // Federation: the owner needs a pawn anywhere (asked only when a board could move).
        let mut has_pawn = None;
        for b in 0..4 {
            let mut count = 0;
            let mut carried = None;
            for s in self.board_pieces(b) {
                count += 1;
                carried = Some(s);
            }
            let mover_ok = match self.rules {
                RuleSet::Federation => {
                    self.owner(b) == us
                        && match carried {
                            None => true,
                            Some(s) => {
                                count == 1
                                    && self.at(s) & !code::MOVED == code::PAWN | side_bits(us)
                            }
                        }
                }
                RuleSet::Meder => match (count, carried) {
                    (0, _) => original_owner(b) as usize == us,
                    (1, Some(s)) => code::color(self.at(s)) == us,
                    _ => false,
                },
                RuleSet::Stepwise => {
                    count == 1 && carried.is_some_and(|s| code::color(self.at(s)) == us)
                }
            };
            if !mover_ok {
                continue;
            }
            if self.rules == RuleSet::Federation
                && !*has_pawn.get_or_insert_with(|| self.has_pawn(us))
            {
                return;
            }
            for target in self.board_targets(b, count > 0) {
                self.push_board_move(b, target, false, carried, out);
                if self.rules == RuleSet::Stepwise {
                    self.push_board_move(b, target, true, carried, out);
                }
            }
        }
    }

    /// Where board `b` may go (not yet checked for the king's safety).
    fn board_targets(&self, b: usize, occupied: bool) -> Vec<Placement> {
        let from = self.placements[b];
        let post = from.post();
        let mut out = Vec::new();
        match self.rules {
            RuleSet::Federation => {
                let (_, rank) = post.corner();
                for pin in 1..=6u8 {
                    let to = Post {
                        side: post.side,
                        pin,
                    };
                    let d = (to.corner().1 - rank).abs();
                    if d == 1 || d == 2 {
                        for level in [to.standing_level(), to.hanging_level()] {
                            out.push(Placement::new(to, level));
                        }
                    }
                }
                let flipped = if from.standing() {
                    post.hanging_level()
                } else {
                    post.standing_level()
                };
                out.push(Placement::new(post, flipped));
                out.retain(|p| !self.post_taken(b, p.post, Some(p.level)));
            }
            RuleSet::Meder => {
                let mut posts = Vec::new();
                for pin in 1..=6u8 {
                    let d = (pin as i8 - post.pin as i8).abs();
                    if d == 1 || d == 2 {
                        posts.push(Post {
                            side: post.side,
                            pin,
                        });
                    }
                }
                posts.push(Post {
                    side: 1 - post.side,
                    pin: post.pin,
                });
                let forward: i8 = if self.turn.index() == 0 { 1 } else { -1 };
                for to in posts {
                    let rank_change =
                        PIN_LOW_RANK[to.pin as usize - 1] - PIN_LOW_RANK[post.pin as usize - 1];
                    let backward = to.side == post.side && rank_change * forward < 0;
                    if occupied && backward {
                        continue;
                    }
                    if !self.post_taken(b, to.index() as u8, None) {
                        out.push(Placement::new(to, to.standing_level()));
                    }
                }
            }
            RuleSet::Stepwise => {
                // Same main board: across the sides (row) and near <-> far (column).
                let partner = if post.pin % 2 == 1 {
                    post.pin + 1
                } else {
                    post.pin - 1
                };
                let mut posts = vec![
                    Post {
                        side: 1 - post.side,
                        pin: post.pin,
                    },
                    Post {
                        side: post.side,
                        pin: partner,
                    },
                ];
                // The nearest posts of the main boards above and below (ties: all).
                let level = post.main_level();
                for other in [level - 2, level + 2] {
                    if !(2..=6).contains(&other) {
                        continue;
                    }
                    let candidates: Vec<Post> = (0..NPOSTS)
                        .map(Post::from_index)
                        .filter(|p| p.main_level() == other)
                        .collect();
                    let dist = |p: &Post| {
                        let (ax, ay) = post.low_corner();
                        let (bx, by) = p.low_corner();
                        (ax - bx) as i32 * (ax - bx) as i32 + (ay - by) as i32 * (ay - by) as i32
                    };
                    let best = candidates.iter().map(dist).min().unwrap_or(0);
                    posts.extend(candidates.into_iter().filter(|p| dist(p) == best));
                }
                for to in posts {
                    if !self.post_taken(b, to.index() as u8, None) {
                        out.push(Placement::new(to, to.standing_level()));
                    }
                }
            }
        }
        out
    }

    fn push_board_move(
        &self,
        b: usize,
        target: Placement,
        turned: bool,
        carried: Option<Sq>,
        out: &mut Vec<TridMove>,
    ) {
        let m = TridMove {
            from: b as u16,
            to: target.post as u16 * 8 + target.level as u16,
            kind: if turned {
                kind::BOARD_TURNED
            } else {
                kind::BOARD
            },
            promo: 0,
        };
        let promotes = carried.is_some_and(|s| {
            let c = self.at(s);
            if code::kind(c) != code::PAWN {
                return false;
            }
            let from = self.placements[b];
            let (x, y) = carry(sq_x(s), sq_y(s), from.post(), target.post(), turned);
            let has_column = |col: usize| {
                main_levels(col) != 0
                    || target
                        .post()
                        .cover()
                        .iter()
                        .any(|&(cx, cy)| column(cx, cy) == col)
                    || (0..4).any(|o| {
                        o != b
                            && self.placements[o]
                                .post()
                                .cover()
                                .iter()
                                .any(|&(cx, cy)| column(cx, cy) == col)
                    })
            };
            self.promotes_with(code::color(c), x, y, has_column)
        });
        if promotes {
            for promo in [code::QUEEN, code::ROOK, code::BISHOP, code::KNIGHT] {
                out.push(TridMove { promo, ..m });
            }
        } else {
            out.push(m);
        }
    }
}

#[inline]
fn side_bits(side: usize) -> u8 {
    if side == 1 {
        code::BLACK
    } else {
        0
    }
}
