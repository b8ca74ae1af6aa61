//! Property tests over random Stacked Boards games: legality, play/undo, hashes,
//! position strings and records.

mod stacked_reference;

use proptest::prelude::*;
use rules::any;
use rules::stacked::{StackedPosition, START};
use rules::{Game, Position, Setup, Variant};
use stacked_reference::RefPosition;
use std::collections::BTreeSet;

fn setup() -> Setup {
    Setup::standard(Variant::Stacked)
}

/// Plays a random game: at each ply the move `choice % number of moves`.
fn playout(choices: &[u16]) -> Game<StackedPosition> {
    let mut game = Game::new(StackedPosition::start(&setup()).unwrap());
    for &c in choices {
        if game.is_over() {
            break;
        }
        let moves = game.position().legal_moves();
        game.play(moves[c as usize % moves.len()]).unwrap();
    }
    game
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn every_move_is_legal_and_undo_restores_everything(
        choices in prop::collection::vec(any::<u16>(), 0..120)
    ) {
        let game = playout(&choices);
        for pos in game.positions() {
            prop_assert_eq!(pos.hash(), pos.compute_hash());
            let s = pos.position_string();
            let again = StackedPosition::from_position_string(&setup(), &s).unwrap();
            prop_assert_eq!(&again, pos);
            prop_assert_eq!(again.position_string(), s.clone());
            let moves = pos.legal_moves();
            prop_assert_eq!(pos.count_legal(), moves.len() as u64);
            // The same move set as the reference generator.
            let ours: BTreeSet<String> = moves.iter().map(|&m| pos.move_token(m)).collect();
            let theirs: BTreeSet<String> =
                RefPosition::parse(&s).legal_moves().iter().map(|m| m.token()).collect();
            prop_assert_eq!(&ours, &theirs, "in {}", s);
            for &m in &moves {
                let mut after = pos.clone();
                let undo = after.play(m);
                // The mover's king is safe: the parser rejects a position whose side to
                // move could capture a king.
                let text = after.position_string();
                prop_assert!(
                    StackedPosition::from_position_string(&setup(), &text).is_ok(),
                    "{} leaves the king attacked in {}", pos.move_token(m), s
                );
                prop_assert_eq!(after.hash(), after.compute_hash());
                after.undo(m, undo);
                prop_assert_eq!(&after, pos);
            }
        }
    }

    #[test]
    fn records_export_then_import_give_the_same_game(
        choices in prop::collection::vec(any::<u16>(), 0..80)
    ) {
        let game = playout(&choices);
        let comments: Vec<Option<String>> = (0..game.moves().len())
            .map(|i| (i % 3 == 0).then(|| format!("+0.{i}")))
            .collect();
        let text = rules::record::export(&game, &[("Event".into(), "Test".into())], &comments);
        let (imported, read_comments) = any::import_record(&text).unwrap();
        prop_assert_eq!(imported.position_string(), game.position().position_string());
        prop_assert_eq!(imported.history().len(), game.moves().len());
        let tokens: Vec<String> = imported.history().into_iter().map(|m| m.token).collect();
        let expected: Vec<String> = game
            .moves()
            .iter()
            .zip(game.positions())
            .map(|(&m, p)| p.move_token(m))
            .collect();
        prop_assert_eq!(tokens, expected);
        prop_assert_eq!(read_comments, comments);
        prop_assert_eq!(imported.status(), game.status());
    }

    #[test]
    fn null_moves_undo_exactly(choices in prop::collection::vec(any::<u16>(), 0..40)) {
        let game = playout(&choices);
        let mut pos = game.position().clone();
        if !pos.in_check() {
            let before = pos.clone();
            let undo = pos.play_null();
            prop_assert_ne!(pos.hash(), before.hash());
            prop_assert_eq!(pos.hash(), pos.compute_hash());
            pos.undo_null(undo);
            prop_assert_eq!(pos, before);
        }
    }
}

#[test]
fn start_string_is_the_start_position() {
    let pos = StackedPosition::from_position_string(&setup(), START).unwrap();
    assert_eq!(pos, StackedPosition::start(&setup()).unwrap());
}
