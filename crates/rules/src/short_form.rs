//! The short forms people type for a move, computed among the legal moves of a position
//! the way SAN is: the piece and its destination (`NMf3`, `Nc3(4)`, `Bxb2@11`, `e4L2`),
//! with the origin's file, rank or board/level only when another piece of the same kind
//! can reach the same square, a pawn capture always with its file (`exd5(4)`). Castling
//! and attack-board moves keep their written form (`O-O`, `WQL->b4(1)`).
//!
//! Beside the shortest form each move accepts a few looser ones: the destination without
//! its board or level (`Nf3` for `NMf3`), and the long form with the origin's file and
//! rank only (`Ng1Mf3`, `Ng1f3`). Loose forms may fit more than one move; a reader then
//! answers "ambiguous" with the candidates. Hosts send these forms with the legal moves,
//! so a user interface matches typed text without knowing any rule.

use crate::notation::{to_ascii, typing_key as key};
use crate::piece::PieceKind;
use crate::position::{Mover, Position};
use std::collections::HashMap;

/// A square name split into its parts: `Bg1` (Stacked: board before), `c1(2)` (Tri-D:
/// level after), `c4L2` (Quadlevel), `b1@10` (Fourfold).
struct Parts<'a> {
    before: &'a str,
    file: &'a str,
    rank: &'a str,
    after: &'a str,
}

impl<'a> Parts<'a> {
    /// The first lower-case letter followed by digits is the file and rank.
    fn of(name: &'a str) -> Option<Parts<'a>> {
        let b = name.as_bytes();
        let i = (0..b.len().saturating_sub(1))
            .find(|&i| b[i].is_ascii_lowercase() && b[i + 1].is_ascii_digit())?;
        let end = (i + 1..b.len())
            .find(|&j| !b[j].is_ascii_digit())
            .unwrap_or(b.len());
        Some(Parts {
            before: &name[..i],
            file: &name[i..i + 1],
            rank: &name[i + 1..end],
            after: &name[end..],
        })
    }

    /// The board or level, written where the variant writes it.
    fn place(&self) -> String {
        format!("{}{}", self.before, self.after)
    }

    /// File and rank without the board or level.
    fn plain(&self) -> String {
        format!("{}{}", self.file, self.rank)
    }
}

/// One legal move as the short forms need it.
struct Facts {
    letter: &'static str,
    from: String,
    to: String,
    capture: bool,
    promotion: String,
    /// Castling, a board move or an unusual square name: the written form is used.
    written: Option<String>,
}

fn facts_of<P: Position>(pos: &P, m: P::Move) -> Facts {
    let f = pos.move_facts(m);
    let squares = pos.move_squares(m);
    let plain_piece = |k: PieceKind| match k {
        PieceKind::Pawn => "",
        PieceKind::Knight => "N",
        PieceKind::Bishop => "B",
        PieceKind::Rook => "R",
        PieceKind::Queen => "Q",
        PieceKind::King => "K",
    };
    let letter = match f.mover {
        Mover::Piece(k) => plain_piece(k),
        Mover::Board => "",
    };
    let usual = matches!(f.mover, Mover::Piece(_))
        && !f.castling
        && Parts::of(&squares.from).is_some()
        && Parts::of(&squares.to).is_some();
    Facts {
        letter,
        capture: f.captured.is_some(),
        promotion: f
            .promotion
            .map(|k| format!("={}", plain_piece(k)))
            .unwrap_or_default(),
        written: (!usual).then(|| to_ascii(&pos.move_notation(m))),
        from: squares.from,
        to: squares.to,
    }
}

/// What tells `me` apart from the `others` that reach the same square: nothing, the
/// origin's file, rank or board/level (the first that suffices), else the whole origin.
fn disambiguation(me: &Facts, others: &[&Facts]) -> String {
    let parts = Parts::of(&me.from).expect("checked in facts_of");
    let pawn = me.letter.is_empty();
    if others.is_empty() && !(pawn && me.capture) {
        return String::new();
    }
    let theirs: Vec<Parts> = others.iter().filter_map(|o| Parts::of(&o.from)).collect();
    let file_differs = theirs.iter().all(|o| o.file != parts.file);
    if pawn {
        // SAN: a pawn capture names its file; anything more needs the whole square.
        return if me.capture && file_differs {
            parts.file.to_string()
        } else {
            me.from.clone()
        };
    }
    if file_differs {
        return parts.file.to_string();
    }
    if theirs.iter().all(|o| o.rank != parts.rank) {
        return parts.rank.to_string();
    }
    if !parts.place().is_empty() && theirs.iter().all(|o| o.place() != parts.place()) {
        return parts.place();
    }
    me.from.clone()
}

/// The forms for each of `moves` (the legal moves of `pos`), in their order: the shortest
/// first, then the looser ones that differ from it.
pub fn short_forms<P: Position>(pos: &P, moves: &[P::Move]) -> Vec<Vec<String>> {
    let facts: Vec<Facts> = moves.iter().map(|&m| facts_of(pos, m)).collect();
    let mut groups: HashMap<(&str, &str, &str), Vec<usize>> = HashMap::new();
    for (i, f) in facts.iter().enumerate() {
        if f.written.is_none() {
            groups
                .entry((f.letter, f.to.as_str(), f.promotion.as_str()))
                .or_default()
                .push(i);
        }
    }
    let mut forms: Vec<Vec<String>> = facts
        .iter()
        .enumerate()
        .map(|(i, f)| {
            if let Some(w) = &f.written {
                return vec![w.clone()];
            }
            let others: Vec<&Facts> = groups[&(f.letter, f.to.as_str(), f.promotion.as_str())]
                .iter()
                .filter(|&&j| j != i)
                .map(|&j| &facts[j])
                .collect();
            let dis = disambiguation(f, &others);
            let x = if f.capture { "x" } else { "" };
            let (from, to) = (
                Parts::of(&f.from).expect("usual").plain(),
                Parts::of(&f.to).expect("usual").plain(),
            );
            let (letter, promo) = (f.letter, &f.promotion);
            vec![
                format!("{letter}{dis}{x}{}{promo}", f.to),
                format!("{letter}{dis}{x}{to}{promo}"),
                // Without the origin, so that too short a text is answered as ambiguous.
                format!("{letter}{x}{}{promo}", f.to),
                format!("{letter}{x}{to}{promo}"),
                format!("{letter}{from}{x}{}{promo}", f.to),
                format!("{letter}{from}{x}{to}{promo}"),
            ]
        })
        .collect();
    // The shortest form must name one move: where two coincide (a move that differs from
    // another only in what the notation adds, such as a removed king), both fall back to
    // the written form.
    let mut seen: HashMap<String, usize> = HashMap::new();
    for f in &forms {
        *seen.entry(key(&f[0])).or_default() += 1;
    }
    for (f, &m) in forms.iter_mut().zip(moves) {
        if seen[&key(&f[0])] > 1 {
            f[0] = to_ascii(&pos.move_notation(m));
        }
    }
    // A looser form equal to some move's shortest form would never be read as this move.
    let shortest: std::collections::HashSet<String> = forms.iter().map(|f| key(&f[0])).collect();
    for f in &mut forms {
        let first = key(&f[0]);
        let mut kept: Vec<String> = Vec::new();
        for form in f.drain(1..).collect::<Vec<_>>() {
            let k = key(&form);
            if k != first && !shortest.contains(&k) && !kept.iter().any(|o| key(o) == k) {
                kept.push(form);
            }
        }
        f.extend(kept);
    }
    forms
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::MoveErrorReason;
    use crate::setup::Setup;
    use crate::{AnyGame, PlayError};

    fn game(setup: &str, rules: Option<&str>, position: Option<&str>) -> AnyGame {
        AnyGame::new(&Setup::from_ids(setup, rules, &[]).unwrap(), position).unwrap()
    }

    /// The shortest form of the move with this token.
    fn shortest(g: &AnyGame, token: &str) -> String {
        let s = g.screen(true);
        let m = s
            .legal_moves
            .iter()
            .find(|m| m.token == token)
            .expect("a legal token");
        m.short_forms[0].clone()
    }

    /// Plays `text` on a copy and answers the token played, or the error's sentence.
    fn typed(g: &AnyGame, text: &str) -> Result<String, String> {
        let mut g = g.clone();
        g.play_text(text)
            .map(|m| m.token.clone())
            .map_err(|e| e.to_string())
    }

    fn ambiguous(g: &AnyGame, text: &str) -> Vec<String> {
        match g.clone().play_text(text) {
            Err(PlayError::Move(e)) => match e.reason {
                MoveErrorReason::Ambiguous(fits) => fits,
                other => panic!("{text}: {other:?}"),
            },
            other => panic!("{text}: {:?}", other.map(|m| m.token.clone())),
        }
    }

    #[test]
    fn stacked_short_forms_name_the_destination_board() {
        let g = game("stacked", None, None);
        assert_eq!(shortest(&g, "Bg1Mf3"), "NMf3");
        assert_eq!(shortest(&g, "Be2Me4"), "Me4");
        for text in ["NMf3", "nmf3", "Ng1Mf3", "♘Bg1–Mf3", "N Mf3", "Bg1Mf3"] {
            assert_eq!(typed(&g, text).as_deref(), Ok("Bg1Mf3"), "{text}");
        }
        // Without the board, two knight moves fit: the error names both.
        assert_eq!(ambiguous(&g, "Nf3"), ["NMf3", "NTf3"]);
        assert_eq!(ambiguous(&g, "Nb1c3"), ["NMc3", "NTc3"]);
        assert!(typed(&g, "Qh5").unwrap_err().contains("illegal move"));
        // Two knights reach Mc6: each names its file.
        let g = game(
            "stacked",
            None,
            Some("8/4n*3/8/1p*6/8/8/P1PPPPPP/RN1Q1BNR|8/8/8/p*7/8/1P*6/8/4K*3|rnbqkb1r/2pppppp/8/8/8/8/8/B*7 b 3 4"),
        );
        assert_eq!(shortest(&g, "Be7Mc6"), "NeMc6");
        assert_eq!(shortest(&g, "Tb8Mc6"), "NbMc6");
        assert_eq!(ambiguous(&g, "NMc6"), ["NeMc6", "NbMc6"]);
        assert_eq!(typed(&g, "NbMc6").as_deref(), Ok("Tb8Mc6"));
    }

    #[test]
    fn trid_short_forms_in_every_rule_set() {
        for rules in ["federation", "meder", "stepwise"] {
            let g = game("trid", Some(rules), None);
            assert_eq!(shortest(&g, "b1(2)c3(4)"), "Nc3(4)", "{rules}");
            assert_eq!(typed(&g, "Nc3(4)").as_deref(), Ok("b1(2)c3(4)"));
            assert_eq!(typed(&g, "e4(4)").as_deref(), Ok("e2(2)e4(4)"));
            assert_eq!(ambiguous(&g, "Nc3"), ["Nc3(2)", "Nc3(4)"]);
            assert_eq!(ambiguous(&g, "e4"), ["e4(2)", "e4(4)"]);
        }
        // Two knights on c6 at levels 4 and 6 take on e5(6): the level tells them apart.
        let g = game(
            "trid",
            None,
            Some("Nb1(2),Qd1(2),Bc2(2),Ne2(2),Ra0(3),Ke0(3),Rf0(3),Pa1(3),Pe1(3),Pb4(4)*,Pc4(4)*,nc6(4),Pd6(4)*,bb5(6),Pe5(6)*,Bb6(6),nc6(6),pd6(6)*,pe6(6)*,pe7(6)*,bd8(6),pa8(7),pb8(7),pf8(7),ra9(7),ke9(7),rf9(7) WQL@b1(3):w,WKL@e1(3):w,BQL@b8(7):b,BKL@e8(7):b b - - 0 29"),
        );
        assert_eq!(shortest(&g, "c6(4)e5(6)"), "N(4)xe5(6)");
        assert_eq!(shortest(&g, "c6(6)e5(6)"), "N(6)xe5(6)");
        assert_eq!(typed(&g, "N(6)e5(6)").as_deref(), Ok("c6(6)e5(6)"));
        assert_eq!(ambiguous(&g, "Nxe5(6)"), ["N(4)xe5(6)", "N(6)xe5(6)"]);
        // The capture mark is optional, so without a level non-captures fit too.
        assert_eq!(ambiguous(&g, "Nxe5").len(), 4);
    }

    #[test]
    fn trid_board_moves_and_castling_keep_their_written_form() {
        let g = game(
            "trid",
            None,
            Some("Kc1(2),Pd2(2),ke8(6) WQL@b1(3):w,WKL@e1(3):w,BQL@b8(7):b,BKL@e8(7):b w - - 0 1"),
        );
        let s = g.screen(true);
        let board = s
            .legal_moves
            .iter()
            .find(|m| m.token.starts_with("WQL>"))
            .unwrap();
        assert_eq!(
            board.short_forms,
            [board.notation.replace('→', "->").replace('↻', "r")]
        );
        assert_eq!(
            typed(&g, &board.short_forms[0]).as_deref(),
            Ok(board.token.as_str())
        );
        let g = game("trid", None, None);
        for text in ["O-O", "0-0", "OO"] {
            assert_eq!(typed(&g, text).as_deref(), Ok("e0(3)f0(3)"), "{text}");
        }
    }

    #[test]
    fn quadlevel_short_forms_name_the_level() {
        let g = game("quadlevel", None, None);
        assert_eq!(shortest(&g, "b1L1c3L1"), "Nc3L1");
        assert_eq!(typed(&g, "Nc3L1").as_deref(), Ok("b1L1c3L1"));
        assert_eq!(typed(&g, "c4L2").as_deref(), Ok("c2L2c4L2"));
        assert_eq!(ambiguous(&g, "Nc3"), ["Nc3L1", "Nc3L2", "Nc3L3"]);
    }

    #[test]
    fn fourfold_short_forms_are_unique_without_the_board_when_it_is() {
        let g = game("fourfold", None, None);
        assert_eq!(shortest(&g, "b1@00c3@00"), "Nc3@00");
        for text in ["Nc3", "nc3", "Nc3@00", "Nb1@00-c3@00", "b1@00c3@00"] {
            assert_eq!(typed(&g, text).as_deref(), Ok("b1@00c3@00"), "{text}");
        }
        assert_eq!(ambiguous(&g, "Qd2"), ["Qd2@10", "Qd2@01", "Qd2@11"]);
        // Pawn captures name their file.
        let g = game(
            "fourfold",
            None,
            Some("4/4/PPPP/1NKQ|4/4/4/R3|1r2/4/b3/4|1knr/pppp/1B2/4 b 2 4"),
        );
        assert_eq!(shortest(&g, "a3@11b2@11"), "axb2@11");
        assert_eq!(shortest(&g, "c3@11b2@11"), "cxb2@11");
        assert_eq!(typed(&g, "cxb2").as_deref(), Ok("c3@11b2@11"));
        assert_eq!(shortest(&g, "b4@01d4@01"), "Rbd4@01");
    }

    #[test]
    fn the_origin_adds_file_then_rank_then_place_then_everything() {
        let f = |from: &str| Facts {
            letter: "R",
            from: from.into(),
            to: "Md4".into(),
            capture: false,
            promotion: String::new(),
            written: None,
        };
        let me = f("Ba4");
        assert_eq!(disambiguation(&me, &[]), "");
        assert_eq!(disambiguation(&me, &[&f("Bb4")]), "a");
        assert_eq!(disambiguation(&me, &[&f("Ba8")]), "4");
        assert_eq!(disambiguation(&me, &[&f("Ta4")]), "B");
        assert_eq!(
            disambiguation(&me, &[&f("Ta4"), &f("Bb4"), &f("Ba8")]),
            "Ba4"
        );
    }

    /// A random game of every variant and rule set: every legal move's shortest form is
    /// unique and reads back as that move, and every looser form reads as it or is
    /// ambiguous with it among the candidates.
    #[test]
    fn every_form_reads_back_in_random_games() {
        let setups = [
            ("stacked", None),
            ("trid", Some("federation")),
            ("trid", Some("meder")),
            ("trid", Some("stepwise")),
            ("quadlevel", None),
            ("fourfold", None),
        ];
        let mut seed = 11u64;
        for (variant, rules) in setups {
            {
                let mut g = game(variant, rules, None);
                for _ in 0..30 {
                    if g.is_over() {
                        break;
                    }
                    let s = g.screen(true);
                    let mut keys: Vec<String> = s
                        .legal_moves
                        .iter()
                        .map(|m| key(&m.short_forms[0]))
                        .collect();
                    keys.sort();
                    keys.dedup();
                    assert_eq!(keys.len(), s.legal_moves.len(), "{}", s.position);
                    for (i, m) in s.legal_moves.iter().enumerate() {
                        let short = &m.short_forms[0];
                        assert!(short.len() <= to_ascii(&m.notation).len(), "{short}");
                        assert_eq!(
                            typed(&g, short).as_deref(),
                            Ok(m.token.as_str()),
                            "{}",
                            s.position
                        );
                        // Each reading works out every move's forms: a sample keeps it quick.
                        for loose in m.short_forms.iter().skip(1).filter(|_| i % 4 == 0) {
                            match typed(&g, loose) {
                                Ok(t) => assert_eq!(t, m.token, "{loose} in {}", s.position),
                                Err(_) => assert!(ambiguous(&g, loose).contains(short)),
                            }
                        }
                    }
                    seed = seed
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    let t = &s.legal_moves[(seed >> 33) as usize % s.legal_moves.len()].token;
                    g.play_token(t).unwrap();
                }
            }
        }
    }
}
