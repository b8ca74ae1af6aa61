//! Hand-made positions for every special rule of Quadlevel, each checked for what it is
//! built to show and cross-checked node by node (legal token sets and position strings)
//! against the simple generator in `quadlevel_reference`.

mod quadlevel_reference;

use quadlevel_reference::RefPos;
use rules::quadlevel::{QuadlevelMove, QuadlevelPosition};
use rules::{Options, Position, Setup, Variant};
use std::collections::{BTreeSet, HashMap};

fn setup(destroy_both_kings: bool) -> Setup {
    let options = Options {
        destroy_both_kings,
        ..Options::default()
    };
    Setup::new(Variant::Quadlevel, None, options).unwrap()
}

fn pos(s: &str, dbk: bool) -> QuadlevelPosition {
    QuadlevelPosition::from_position_string(&setup(dbk), s).unwrap_or_else(|e| panic!("{e}"))
}

fn tokens(p: &QuadlevelPosition) -> BTreeSet<String> {
    p.legal_moves()
        .into_iter()
        .map(|m| p.move_token(m))
        .collect()
}

/// Walks both trees together, comparing the legal token sets (and the position strings)
/// at every node above the leaves; returns the number of leaves `depth` plies down,
/// which is therefore proved equal for both generators.
fn cross_check(p: &mut QuadlevelPosition, r: &RefPos, depth: u32, path: &mut Vec<String>) -> u64 {
    let ours: HashMap<String, QuadlevelMove> = p
        .legal_moves()
        .into_iter()
        .map(|m| (p.move_token(m), m))
        .collect();
    let ref_moves = r.legal();
    let theirs: BTreeSet<String> = ref_moves.iter().map(|m| m.token()).collect();
    let ours_set: BTreeSet<String> = ours.keys().cloned().collect();
    if ours_set != theirs || ours.len() != ref_moves.len() {
        panic!(
            "move sets differ after {path:?} in {}\n only rules: {:?}\n only reference: {:?}",
            p.position_string(),
            ours_set.difference(&theirs).collect::<Vec<_>>(),
            theirs.difference(&ours_set).collect::<Vec<_>>()
        );
    }
    assert_eq!(p.in_check(), r.in_check(), "check status after {path:?}");
    if depth <= 1 {
        return if depth == 0 {
            1
        } else {
            ref_moves.len() as u64
        };
    }
    let mut leaves = 0;
    for rm in &ref_moves {
        let token = rm.token();
        let m = ours[&token];
        let undo = p.play(m);
        let child = r.after(rm);
        path.push(token);
        let string = p.position_string();
        assert_eq!(string, child.format(), "position after {path:?}");
        let reread = QuadlevelPosition::from_position_string(&p.setup(), &string).unwrap();
        assert_eq!(&reread, p, "position string round trip after {path:?}");
        leaves += cross_check(p, &child, depth - 1, path);
        path.pop();
        p.undo(m, undo);
    }
    leaves
}

/// Cross-checks a position to `depth` and returns the rules' perft, which must agree.
fn check(s: &str, dbk: bool, depth: u32) -> u64 {
    let mut p = pos(s, dbk);
    let r = RefPos::parse(s, dbk);
    assert_eq!(r.format(), s, "reference reads and writes the string");
    let leaves = cross_check(&mut p, &r, depth, &mut Vec::new());
    assert_eq!(rules::perft::perft(&mut p, depth), leaves);
    assert_eq!(p.position_string(), s);
    leaves
}

fn castlings(p: &QuadlevelPosition) -> BTreeSet<String> {
    p.legal_moves()
        .into_iter()
        .filter(|&m| p.move_facts(m).castling)
        .map(|m| p.move_notation(m))
        .collect()
}

fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| s.to_string()).collect()
}

const ALL_CASTLINGS: [&str; 8] = [
    "L2O-O",
    "L2O-OL1",
    "L2O-O-O",
    "L2O-O-OL4",
    "L3O-O",
    "L3O-OL4",
    "L3O-O-O",
    "L3O-O-OL1",
];

/// Kings and rooks unmoved on their home cells, every castling cell empty, pawns on L2/L3.
const CASTLE_ALL: &str = "r2r/4/4/4/4/4/4/R2R|1k2/pppp/4/4/4/4/PPPP/1K2|2k1/pppp/4/4/4/4/PPPP/2K1|r2r/4/4/4/4/4/4/R2R w - 0 1";

#[test]
fn all_eight_castlings_of_white() {
    let p = pos(CASTLE_ALL, false);
    assert_eq!(castlings(&p), set(&ALL_CASTLINGS));
    let toks = tokens(&p);
    for t in [
        "b1L2a1L2a1L1",
        "b1L2b1L1a1L1",
        "b1L2d1L2d1L1",
        "b1L2b1L4a1L4",
        "c1L3d1L3d1L4",
        "c1L3c1L4d1L4",
        "c1L3a1L3a1L4",
        "c1L3c1L1d1L1",
    ] {
        assert!(toks.contains(t), "{t}");
    }
    // A plain king step to a1L2 exists besides the castling that lands there.
    assert!(toks.contains("b1L2a1L2"));
    check(CASTLE_ALL, false, 3);
}

#[test]
fn all_eight_castlings_of_black() {
    let s = CASTLE_ALL.replace(" w ", " b ");
    let p = pos(&s, false);
    assert_eq!(castlings(&p), set(&ALL_CASTLINGS));
    assert!(tokens(&p).contains("b8L2b8L1a8L1"));
    check(&s, false, 3);
}

#[test]
fn castling_results_place_king_and_rook() {
    let mut p = pos(CASTLE_ALL, false);
    let m = p.parse_move("L2O-O-OL4").unwrap();
    assert_eq!(p.move_token(m), "b1L2b1L4a1L4");
    p.play(m);
    assert_eq!(
        p.position_string(),
        "r2r/4/4/4/4/4/4/R2R|1k2/pppp/4/4/4/4/PPPP/4|2k1/pppp/4/4/4/4/PPPP/1R*K1|r2r/4/4/4/4/4/4/1K*1R b - 1 1"
    );
}

/// The L2 king has moved (`K*`) and the d1L4 rook has moved (`R*`): only the L3 king's
/// castlings with the a1L4 and d1L1 rooks remain.
#[test]
fn castling_needs_unmoved_king_and_rook() {
    let s = "r2r/4/4/4/4/4/4/R2R|1k2/pppp/4/4/4/4/PPPP/1K*2|2k1/pppp/4/4/4/4/PPPP/2K1|r2r/4/4/4/4/4/4/R2R* w - 0 1";
    assert_eq!(castlings(&pos(s, false)), set(&["L3O-O-O", "L3O-O-OL1"]));
    check(s, false, 3);
}

/// A knight on b1L1 and a bishop on b1L4 fill cells that L2O-O, L2O-OL1 (b1L1),
/// L2O-O-OL4 and L3O-O-O (b1L4) need empty.
#[test]
fn castling_needs_its_cells_empty() {
    let s = "r2r/4/4/4/4/4/4/RN1R|1k2/pppp/4/4/4/4/PPPP/1K2|2k1/pppp/4/4/4/4/PPPP/2K1|r2r/4/4/4/4/4/4/RB1R w - 0 1";
    assert_eq!(
        castlings(&pos(s, false)),
        set(&["L2O-O-O", "L3O-O", "L3O-OL4", "L3O-O-OL1"])
    );
    check(s, false, 3);
}

/// A black rook on c5L3 checks the L3 king down the c-file: neither king may castle
/// (castling out of check is barred, and the L2 king's castlings leave the check).
#[test]
fn no_castling_out_of_check() {
    let s = "r2r/4/4/4/4/4/4/R2R|1k2/pppp/4/4/4/4/PPPP/1K2|2k1/pp1p/4/2r*1/4/4/PP1P/2K1|r2r/4/4/4/4/4/4/R2R w - 0 1";
    let p = pos(s, false);
    assert!(p.in_check());
    assert_eq!(p.checked_kings(), vec!["c1L3".to_string()]);
    assert!(castlings(&p).is_empty());
    check(s, false, 3);
}

/// A black rook on c5L2 (the c2L2 pawn gone) attacks c1L2, the cell passed by
/// L2O-O-O and L3O-O-OL1; the other six castlings stay.
#[test]
fn no_castling_through_an_attacked_cell() {
    let s = "r2r/4/4/4/4/4/4/R2R|1k2/pppp/4/2r*1/4/4/PP1P/1K2|2k1/pppp/4/4/4/4/PPPP/2K1|r2r/4/4/4/4/4/4/R2R w - 0 1";
    assert_eq!(
        castlings(&pos(s, false)),
        set(&[
            "L2O-O",
            "L2O-OL1",
            "L2O-O-OL4",
            "L3O-O",
            "L3O-OL4",
            "L3O-O-O"
        ])
    );
    check(s, false, 3);
}

/// A black knight on b2L2 (in place of the pawn) attacks d1L2 and b1L4, where
/// L2O-O-O and L2O-O-OL4 would land, and neither passed-over cell.
#[test]
fn no_castling_onto_an_attacked_cell() {
    let s = "r2r/4/4/4/4/4/4/R2R|1k2/pppp/4/4/4/4/PnPP/1K2|2k1/pppp/4/4/4/4/PPPP/2K1|r2r/4/4/4/4/4/4/R2R w - 0 1";
    assert_eq!(
        castlings(&pos(s, false)),
        set(&[
            "L2O-O",
            "L2O-OL1",
            "L3O-O",
            "L3O-OL4",
            "L3O-O-O",
            "L3O-O-OL1"
        ])
    );
    check(s, false, 3);
}

/// Black to move may push d7L2–d5L2 (beside White's c5L2 pawn on the same level) or
/// c7L3–c5L3 (beside it one level down); White may then capture en passant.
#[test]
fn en_passant_beside_and_across_levels() {
    let s = "4/4/4/4/4/4/4/4|1k2/3p/4/2P1/4/4/4/1K2|2k1/2p1/4/4/4/4/4/2K1|4/4/4/4/4/4/4/4 b - 0 1";
    let mut p = pos(s, false);
    p.play(p.parse_move_token("d7L2d5L2").unwrap());
    assert!(p.position_string().contains(" w d6L2 "));
    let m = p.parse_move_token("c5L2d6L2").unwrap();
    assert_eq!(p.move_notation(m), "c5L2×d6L2");
    assert_eq!(p.move_squares(m).captured.as_deref(), Some("d5L2"));
    let mut p = pos(s, false);
    p.play(p.parse_move_token("c7L3c5L3").unwrap());
    assert!(p.position_string().contains(" w c6L3 "));
    assert!(tokens(&p).contains("c5L2c6L3"));
    check(s, false, 4);
}

/// A two-cell move with no enemy pawn beside it sets no en passant cell.
#[test]
fn en_passant_cell_only_when_a_pawn_can_take() {
    let s = "4/4/4/4/4/4/4/4|1k2/3p/4/4/4/4/4/1K2|2k1/4/4/4/4/4/4/2K1|4/4/4/4/4/4/4/4 b - 0 1";
    let mut p = pos(s, false);
    p.play(p.parse_move_token("d7L2d5L2").unwrap());
    assert!(p.position_string().contains(" w - "));
}

/// En passant that would leave the a5L2 king open to the d5L2 rook along rank 5
/// (both pawns leave the rank) is illegal; the plain push stays legal.
#[test]
fn en_passant_cannot_expose_a_king() {
    let s =
        "4/4/4/4/4/4/4/4|1k2/4/4/K*Ppr*/4/4/4/4|2k1/4/4/4/4/4/4/2K*1|4/4/4/4/4/4/4/4 w c6L2 0 1";
    let p = pos(s, false);
    let t = tokens(&p);
    assert!(!t.contains("b5L2c6L2"));
    assert!(t.contains("b5L2b6L2"));
    check(s, false, 3);
}

/// Promotion on rank 8 of any level, straight or capturing on the same level or one
/// level away; Black promotes on rank 1 with black glyphs.
#[test]
fn promotions() {
    let s =
        "n1n1/1P2/4/4/4/4/4/4|k*n2/4/4/4/4/4/4/1K2|2k1/4/4/4/4/4/p3/2K1|4/4/4/4/4/4/4/N3 w - 0 1";
    let p = pos(s, false);
    let t = tokens(&p);
    for to in ["b8L1", "a8L1", "c8L1", "b8L2"] {
        for l in ["q", "r", "b", "n"] {
            assert!(t.contains(&format!("b7L1{to}{l}")), "{to}{l}");
        }
    }
    let m = p.parse_move_token("b7L1b8L1q").unwrap();
    assert_eq!(p.move_notation(m), "b7L1–b8L1=♕");
    assert_eq!(p.parse_move("b7L1-b8L1=Q"), Ok(m));
    let mut b = pos(&s.replace(" w ", " b "), false);
    let m = b.parse_move_token("a2L3a1L4n").unwrap();
    assert_eq!(b.move_notation(m), "a2L3×a1L4=♞");
    b.play(m);
    assert!(
        b.position_string().contains("/n3 w "),
        "{}",
        b.position_string()
    );
    check(s, false, 3);
}

/// Pins against either king: the b3L2 bishop stands between the b1L2 king and the b6L2
/// rook (a rook line: it cannot move at all); the c1L2 rook stands between the c1L3 king
/// and the c1L1 rook (it may only take it); the b2L3 knight stands between the c1L3 king
/// and the a3L3 bishop (it cannot move).
#[test]
fn pins_against_either_king() {
    let s = "4/4/4/4/4/4/4/2r*1|1k2/4/1r*2/4/4/1B2/4/1KR*1|2k1/4/4/4/4/b3/1N2/2K1|4/4/4/4/4/4/4/4 w - 0 1";
    let p = pos(s, false);
    let t = tokens(&p);
    assert!(
        !t.iter().any(|m| m.starts_with("b3L2")),
        "pinned bishop moves: {t:?}"
    );
    let rook: Vec<_> = t.iter().filter(|m| m.starts_with("c1L2")).collect();
    assert_eq!(rook, vec!["c1L2c1L1"]);
    assert!(
        !t.iter().any(|m| m.starts_with("b2L3")),
        "pinned knight moves: {t:?}"
    );
    check(s, false, 3);
}

/// The b3L2 queen is pinned twice: against the b1L2 king by the b6L2 rook and against
/// the d3L2 king by the a3L2 rook. The two pin lines cross only at b3L2, so it cannot
/// move at all (each pin alone would let it slide or capture along its line).
#[test]
fn piece_pinned_against_both_kings() {
    let s = "4/4/4/4/4/4/4/4|1k2/4/1r*2/4/4/r*Q1K*/4/1K2|2k1/4/4/4/4/4/4/4|4/4/4/4/4/4/4/4 w - 0 1";
    let p = pos(s, false);
    let t = tokens(&p);
    assert!(!t.iter().any(|m| m.starts_with("b3L2")), "{t:?}");
    // Without the a3L2 rook the queen may move along the b-file pin line.
    let single = pos(&s.replace("r*Q1K*", "1Q1K*"), false);
    let q: BTreeSet<String> = tokens(&single)
        .into_iter()
        .filter(|m| m.starts_with("b3L2"))
        .collect();
    assert_eq!(q, set(&["b3L2b2L2", "b3L2b4L2", "b3L2b5L2", "b3L2b6L2"]));
    check(s, false, 3);
}

/// Both kings checked by knights that nothing can take, neither king able to move:
/// no legal move, so White has lost (an unanswerable fork of the two kings).
const FORK: &str =
    "4/4/4/4/4/4/PPn1/K*N2|1k2/4/4/4/4/4/P3/B3|2k1/4/4/4/4/4/3P/3B|4/4/4/4/4/4/1nPP/2NK* w - 0 1";

#[test]
fn unanswerable_fork_loses() {
    let p = pos(FORK, false);
    assert_eq!(
        p.checked_kings(),
        vec!["a1L1".to_string(), "d1L4".to_string()]
    );
    assert_eq!(p.count_legal(), 0);
    let g = rules::Game::new(p);
    assert_eq!(
        g.outcome(),
        Some(rules::Outcome::win(
            rules::Color::Black,
            rules::Termination::Checkmate
        ))
    );
    check(FORK, false, 1);
}

/// One king in a check nothing answers is already a loss, whatever the other king could do.
#[test]
fn one_king_mated_loses() {
    let s = FORK.replace("1nPP", "2PP");
    let p = pos(&s, false);
    assert_eq!(p.checked_kings(), vec!["a1L1".to_string()]);
    assert_eq!(p.count_legal(), 0);
    check(&s, false, 1);
}

/// With destroy-both-kings the fork position is still lost: removing either king
/// leaves the other in a check nothing answers.
#[test]
fn destroy_both_kings_fork_without_escape_loses() {
    let p = pos(&format!("{FORK} -"), true);
    assert_eq!(p.count_legal(), 0);
    assert!(p.in_check());
}

/// Without the d2L3 pawn, the d1L4 king could step there, but the a1L1 king stays in
/// check: standard rules, lost; destroy-both-kings, the only move removes the a1L1 king
/// and steps d1L4–d2L3. From then on that last king is locked.
#[test]
fn destroy_both_kings_removal_and_locked_king() {
    let s = FORK.replace("3P/3B", "4/3B");
    assert_eq!(pos(&s, false).count_legal(), 0);
    let d = format!("{s} -");
    let mut p = pos(&d, true);
    assert_eq!(tokens(&p), set(&["a1L1!d1L4d2L3"]));
    let m = p.legal_moves()[0];
    assert_eq!(p.move_notation(m), "(♔a1L1)♔d1L4–d2L3");
    assert_eq!(p.parse_move("(Ka1L1)Kd1L4-d2L3"), Ok(m));
    p.play(m);
    assert!(
        p.position_string().ends_with(" b - 1 1 -"),
        "{}",
        p.position_string()
    );
    // Black passes the move back: the White king is locked, the other pieces move.
    p.play(p.parse_move_token("b8L2a8L2").unwrap());
    let t = tokens(&p);
    assert!(!t.is_empty());
    assert!(
        !t.iter().any(|m| m.starts_with("d2L3")),
        "locked king moved: {t:?}"
    );
    check(&d, true, 3);
}

/// Destroy-both-kings, only the a1L1 king attacked (no knight on b2L4): the side loses
/// that king and may then make any move that keeps d1L4 safe.
#[test]
fn destroy_both_kings_removal_with_free_choice() {
    let s = format!("{} -", FORK.replace("1nPP", "2PP"));
    let p = pos(&s, true);
    let t = tokens(&p);
    assert!(t.len() > 5);
    assert!(t.iter().all(|m| m.starts_with("a1L1!")));
    check(&s, true, 3);
}

/// Destroy-both-kings, the unmoved b1L2 king (walled in by its own men) is checked by
/// the d2L2 knight that nothing can take: it is removed, and the position after the move
/// must no longer count it as an unmoved castling king.
#[test]
fn destroy_both_kings_removal_of_an_unmoved_king() {
    let s = "4/4/4/4/4/4/1P2/1N2|1k2/4/4/4/4/4/PPPn/BKR*1|2k1/4/4/4/4/4/1P2/1BK1|4/4/4/4/4/4/4/4 w - 0 1 -";
    assert_eq!(pos(s.strip_suffix(" -").unwrap(), false).count_legal(), 0);
    let p = pos(s, true);
    let t = tokens(&p);
    assert!(
        !t.is_empty() && t.iter().all(|m| m.starts_with("b1L2!")),
        "{t:?}"
    );
    check(s, true, 3);
}

/// Destroy-both-kings, White's last king is locked and its only other piece (the a2L1
/// pawn) is blocked: the king moves, and is unlocked for the rest of the game.
#[test]
fn destroy_both_kings_unlocking() {
    let s = "4/4/4/4/4/n3/P3/4|1k2/4/4/4/4/4/4/4|2k1/4/4/4/4/4/4/4|4/4/4/3K*/4/4/4/4 w - 0 1 -";
    let mut p = pos(s, true);
    let t = tokens(&p);
    assert!(
        !t.is_empty() && t.iter().all(|m| m.starts_with("d5L4")),
        "{t:?}"
    );
    p.play(p.parse_move_token("d5L4d6L4").unwrap());
    assert!(
        p.position_string().ends_with(" w"),
        "{}",
        p.position_string()
    );
    check(s, true, 3);
}

/// The same with the pawn free: the locked king may not move.
#[test]
fn destroy_both_kings_locked_king_stays() {
    let s = "4/4/4/4/4/4/P3/4|1k2/4/4/4/4/4/4/4|2k1/4/4/4/4/4/4/4|4/4/4/3K*/4/4/4/4 w - 0 1 -";
    let p = pos(s, true);
    assert_eq!(tokens(&p), set(&["a2L1a3L1", "a2L1a4L1"]));
    check(s, true, 3);
}

/// A locked king in check that nothing can shield is mated even if it could step away.
#[test]
fn destroy_both_kings_check_on_locked_king_is_fatal() {
    let s = "4/4/4/4/4/n3/P3/4|1k2/4/4/4/4/4/4/4|2k1/4/4/4/4/4/4/4|3r*/4/4/3K*/4/4/4/4 w - 0 1 -";
    let p = pos(s, true);
    assert!(p.in_check());
    assert_eq!(p.count_legal(), 0);
    // Had the king been unlocked before, it could step out of the check.
    let unlocked = pos(&format!("{} w", s.strip_suffix(" -").unwrap()), true);
    assert!(unlocked.count_legal() > 0);
}

/// Both White kings in the a1L1/b1L1 corner, every cell around them attacked, no
/// check, no other White piece: stalemate, a draw (under both rules).
const STALEMATE: &str =
    "4/4/4/4/4/4/3q/K*K*2|1k2/4/4/4/4/4/3r*/3r*|2k1/4/4/4/4/4/4/4|4/4/4/4/4/4/4/4 w - 0 1";

#[test]
fn stalemate_is_a_draw() {
    for dbk in [false, true] {
        let s = if dbk {
            format!("{STALEMATE} -")
        } else {
            STALEMATE.to_string()
        };
        let p = pos(&s, dbk);
        assert!(!p.in_check());
        assert_eq!(p.count_legal(), 0);
        let g = rules::Game::new(p);
        assert_eq!(
            g.outcome(),
            Some(rules::Outcome::draw(rules::Termination::Stalemate))
        );
    }
    check(&STALEMATE.replace(" w ", " b "), false, 2);
}

/// A position written without `*` marks (kings off their start cells read as moved),
/// here in its canonical form: both generators agree three plies deep.
#[test]
fn kings_off_their_start_cells_agree_to_depth_3() {
    check(
        "k*3/4/4/4/4/4/4/K*3|4/4/4/1P2/4/4/4/4|4/4/4/1pP1/4/4/4/4|3k*/4/4/1P2/4/4/4/3K* w b6L3 0 2",
        false,
        3,
    );
}
