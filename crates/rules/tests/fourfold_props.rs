//! Property tests over random Fourfold games: every legal move leaves the mover's king
//! safe, play/undo restores position and hash, the incremental hash equals the hash
//! from scratch, position strings round-trip, records export and import the same game,
//! and the move generator agrees with the simple one of `fourfold_naive`.

mod fourfold_naive;

use fourfold_naive::Naive;
use proptest::prelude::*;
use rules::fourfold::{export_public, FourfoldPosition};
use rules::game::Game;
use rules::record::{self, Record};
use rules::{Position, Setup, Variant};
use std::collections::BTreeSet;

fn setup() -> Setup {
    Setup::standard(Variant::Fourfold)
}

/// A game from the start following `choices` (each picks a legal move by index) until
/// they run out or the game ends.
fn random_game(choices: &[u16]) -> Game<FourfoldPosition> {
    let mut g = Game::new(FourfoldPosition::start(&setup()).unwrap());
    for &c in choices {
        if g.is_over() {
            break;
        }
        let moves = g.position().legal_moves();
        g.play(moves[c as usize % moves.len()]).unwrap();
    }
    g
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn every_legal_move_is_safe_and_undoes_exactly(choices in prop::collection::vec(any::<u16>(), 0..120)) {
        let g = random_game(&choices);
        for p in g.positions() {
            let mut q = p.clone();
            prop_assert_eq!(q.hash(), q.compute_hash());
            let s = q.position_string();
            prop_assert_eq!(
                FourfoldPosition::from_position_string(&setup(), &s).unwrap().position_string(),
                s.clone()
            );
            prop_assert_eq!(&FourfoldPosition::from_position_string(&setup(), &s).unwrap(), p);
            let mover = q.turn();
            for m in q.legal_moves() {
                let undo = q.play(m);
                prop_assert!(!q.king_attacked(mover), "{} leaves the king attacked in {}", p.move_token(m), s);
                prop_assert_eq!(q.hash(), q.compute_hash());
                q.undo(m, undo);
                prop_assert_eq!(&q, p);
            }
        }
    }

    #[test]
    fn agrees_with_the_simple_generator(choices in prop::collection::vec(any::<u16>(), 0..120)) {
        let g = random_game(&choices);
        let p = g.position();
        let ours: BTreeSet<String> = p.legal_moves().into_iter().map(|m| p.move_token(m)).collect();
        let naive = Naive::parse(&p.position_string());
        prop_assert_eq!(ours, naive.legal_tokens(), "in {}", p.position_string());
        prop_assert_eq!(p.in_check(), naive.in_check());
        prop_assert_eq!(p.insufficient_material(), naive.count_pieces() == 2);
    }

    #[test]
    fn records_export_and_import_the_same_game(choices in prop::collection::vec(any::<u16>(), 0..80)) {
        let g = random_game(&choices);
        for text in [record::export(&g, &[], &[]), export_public(&g, &[], &[]).unwrap()] {
            let rec = Record::parse(&text).unwrap();
            let (back, _) = record::replay::<FourfoldPosition>(&rec).unwrap();
            prop_assert_eq!(back.moves(), g.moves());
            prop_assert_eq!(back.position(), g.position());
            prop_assert_eq!(back.outcome(), g.outcome());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Any text: an error or a position whose string reads back the same, never a panic.
    #[test]
    fn position_parser_never_panics(s in "[KQRBNPkqrbnpx0-9/| wb-]{0,70}") {
        if let Ok(p) = FourfoldPosition::from_position_string(&setup(), &s) {
            let again = FourfoldPosition::from_position_string(&setup(), &p.position_string()).unwrap();
            prop_assert_eq!(again, p);
        }
    }

    /// Valid strings with one character replaced: same.
    #[test]
    fn mutated_start_strings_never_panic(i in 0usize..60, c in "[KQRBNPkqrbnp0-9/| wb]") {
        let mut s: Vec<char> = rules::fourfold::START.chars().collect();
        let i = i % s.len();
        s[i] = c.chars().next().unwrap();
        let s: String = s.into_iter().collect();
        if let Ok(p) = FourfoldPosition::from_position_string(&setup(), &s) {
            prop_assert_eq!(p.hash(), p.compute_hash());
            let _ = p.legal_moves();
        }
    }
}
