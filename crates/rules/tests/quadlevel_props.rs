//! Property tests over random Quadlevel games (both rule variants): every generated move
//! is legal (checked with the reference generator's own attack test), play/undo restores
//! position and hash, the incremental hash equals the one from scratch, position strings
//! round-trip, records export and import to the same game, and move sets agree with the
//! reference generator two plies deep from random positions.

mod quadlevel_reference;

use proptest::prelude::*;
use quadlevel_reference::RefPos;
use rules::game::Game;
use rules::quadlevel::QuadlevelPosition;
use rules::{any, Options, Position, Setup, Variant};
use std::collections::BTreeSet;

fn setup(destroy_both_kings: bool) -> Setup {
    let options = Options {
        destroy_both_kings,
        ..Options::default()
    };
    Setup::new(Variant::Quadlevel, None, options).unwrap()
}

/// Where random games begin: the start, and positions rich in special moves (castling
/// both ways, en passant, promotions, king removal, a locked king). `None` is the start.
const STARTS: [Option<&str>; 6] = [
    None,
    Some("r2r/4/4/4/4/4/4/R2R|1k2/pppp/4/4/4/4/PPPP/1K2|2k1/pppp/4/4/4/4/PPPP/2K1|r2r/4/4/4/4/4/4/R2R w - 0 1"),
    Some("4/4/4/4/4/4/4/4|1k2/3p/4/2P1/4/4/4/1K2|2k1/2p1/4/4/4/4/4/2K1|4/4/4/4/4/4/4/4 b - 0 1"),
    Some("n1n1/1P2/4/4/4/4/4/4|k*n2/4/4/4/4/4/4/1K2|2k1/4/4/4/4/4/p3/2K1|4/4/4/4/4/4/4/N3 w - 0 1"),
    Some("4/4/4/4/4/4/PPn1/K*N2|1k2/4/4/4/4/4/P3/B3|2k1/4/4/4/4/4/4/3B|4/4/4/4/4/4/1nPP/2NK* w - 0 1"),
    Some("4/4/4/4/4/n3/P3/4|1k2/4/4/4/4/4/4/4|2k1/4/4/4/4/4/4/4|4/4/4/3K*/4/4/4/4 w - 0 1"),
];

/// Plays the moves chosen by `picks` (each taken modulo the number of legal moves) from
/// `STARTS[start]`, calling `visit` on every position reached, before each move. A start
/// with a single king is played with destroy-both-kings whatever `dbk` says.
fn playout(
    start: usize,
    dbk: bool,
    picks: &[u16],
    mut visit: impl FnMut(&QuadlevelPosition),
) -> QuadlevelPosition {
    let dbk = dbk || start == 5;
    let mut p = match STARTS[start] {
        None => QuadlevelPosition::start(&setup(dbk)).unwrap(),
        Some(s) => QuadlevelPosition::from_position_string(&setup(dbk), s).unwrap(),
    };
    for &pick in picks {
        visit(&p);
        let moves = p.legal_moves();
        if moves.is_empty() {
            break;
        }
        p.play(moves[pick as usize % moves.len()]);
    }
    visit(&p);
    p
}

fn check_position(p: &QuadlevelPosition) {
    let dbk = p.setup().options().destroy_both_kings;
    assert_eq!(p.hash(), p.compute_hash());
    let s = p.position_string();
    let back = QuadlevelPosition::from_position_string(&p.setup(), &s).unwrap();
    assert_eq!(&back, p, "{s}");
    assert_eq!(back.position_string(), s);
    let white_moved = p.turn() == rules::Color::Black;
    let r = RefPos::parse(&s, dbk);
    for k in r.kings(white_moved) {
        assert!(
            !r.attacked(k, !white_moved),
            "king left attacked on {k:?} in {s}"
        );
    }
    for m in p.legal_moves() {
        let mut q = p.clone();
        let undo = q.play(m);
        // Legal: none of the mover's kings is attacked afterwards.
        let after = RefPos::parse(&q.position_string(), dbk);
        let mover = p.turn() == rules::Color::White;
        for k in after.kings(mover) {
            assert!(
                !after.attacked(k, !mover),
                "{} leaves a king attacked in {s}",
                p.move_token(m)
            );
        }
        assert_eq!(q.hash(), q.compute_hash(), "hash after {}", p.move_token(m));
        q.undo(m, undo);
        assert_eq!(&q, p, "undo of {}", p.move_token(m));
        assert_eq!(q.hash(), p.hash());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn random_games_keep_every_invariant(start in 0..STARTS.len(), dbk in any::<bool>(), picks in proptest::collection::vec(any::<u16>(), 0..80)) {
        playout(start, dbk, &picks, check_position);
    }

    #[test]
    fn random_positions_agree_with_the_reference(start in 0..STARTS.len(), dbk in any::<bool>(), picks in proptest::collection::vec(any::<u16>(), 0..60)) {
        let mut p = playout(start, dbk, &picks, |_| {});
        let r = RefPos::parse(&p.position_string(), p.setup().options().destroy_both_kings);
        let ours: BTreeSet<String> = p.legal_moves().iter().map(|&m| p.move_token(m)).collect();
        prop_assert_eq!(&ours, &r.legal_tokens());
        for rm in r.legal() {
            let m = p.parse_move_token(&rm.token()).unwrap();
            let undo = p.play(m);
            let child = r.after(&rm);
            prop_assert_eq!(p.position_string(), child.format());
            let ours: BTreeSet<String> = p.legal_moves().iter().map(|&m| p.move_token(m)).collect();
            prop_assert_eq!(ours, child.legal_tokens());
            p.undo(m, undo);
        }
    }

    #[test]
    fn records_export_and_import_the_same_game(start in 0..STARTS.len(), dbk in any::<bool>(), picks in proptest::collection::vec(any::<u16>(), 0..60)) {
        let mut game = Game::new(playout(start, dbk, &[], |_| {}));
        for &pick in &picks {
            if game.is_over() {
                break;
            }
            let moves = game.position().legal_moves();
            game.play(moves[pick as usize % moves.len()]).unwrap();
        }
        let text = rules::record::export(&game, &[], &[]);
        let (imported, _) = any::import_record(&text).unwrap();
        prop_assert_eq!(imported.position_string(), game.position().position_string());
        let tokens: Vec<String> = imported.history().into_iter().map(|m| m.token).collect();
        let positions = game.positions();
        let expected: Vec<String> = game.moves().iter().enumerate().map(|(i, &m)| positions[i].move_token(m)).collect();
        prop_assert_eq!(tokens, expected);
        prop_assert_eq!(imported.status(), game.status());
    }
}
