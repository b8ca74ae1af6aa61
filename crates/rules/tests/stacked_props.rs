//! Property tests over random Stacked Boards games: legality, play/undo, hashes,
//! position strings and records.

mod stacked_reference;

use proptest::prelude::*;
use rules::any;
use rules::stacked::{StackedPosition, START};
use rules::{Game, Position, Setup, Variant};
use stacked_reference::{Man, RefPosition};
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

/// Legal move tokens of both generators.
fn move_sets(pos: &StackedPosition) -> (BTreeSet<String>, BTreeSet<String>) {
    let ours = pos
        .legal_moves()
        .into_iter()
        .map(|m| pos.move_token(m))
        .collect();
    let theirs = RefPosition::parse(&pos.position_string())
        .legal_moves()
        .iter()
        .map(|m| m.token())
        .collect();
    (ours, theirs)
}

/// Whether a piece of this colour and kind starts on this cell (so may be unmoved).
fn start_cell(white: bool, kind: char, x: i32, y: i32, z: i32) -> bool {
    let (home, back, pawns) = if white { (0, 0, 1) } else { (2, 7, 6) };
    z == home
        && ((kind == 'P' && y == pawns)
            || (y == back && "RNBQKBNR".chars().nth(x as usize) == Some(kind)))
}

/// A random placement written as a position string: both kings, rooks in some corners,
/// then up to 20 men, each unmoved when it stands on a start cell of its kind and
/// `unmoved` says so.
fn random_position(
    kings: [(i32, bool); 2],
    corner_rooks: [bool; 4],
    men: &[(i32, usize, bool)],
    white_to_move: bool,
) -> String {
    let mut pos = RefPosition::parse("8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8 w 0 1");
    pos.white_to_move = white_to_move;
    let mut place = |cell: i32, white: bool, kind: char, unmoved: bool| {
        let (z, y, x) = (cell / 64, cell % 64 / 8, cell % 8);
        let slot = &mut pos.cells[z as usize][y as usize][x as usize];
        if slot.is_some() || (kind == 'P' && (y == 0 || y == 7)) {
            return;
        }
        let moved = !(unmoved && start_cell(white, kind, x, y, z));
        *slot = Some(Man { white, kind, moved });
    };
    // Kings first, biased towards their start squares so castling and first moves occur.
    for (i, &(cell, unmoved)) in kings.iter().enumerate() {
        let white = i == 0;
        let cell = if cell < 0 {
            if white {
                4
            } else {
                128 + 60
            }
        } else {
            cell
        };
        place(cell, white, 'K', unmoved);
    }
    // Unmoved rooks in the corners of the home boards, for castling.
    for (i, &present) in corner_rooks.iter().enumerate() {
        if present {
            let cell = [0, 7, 128 + 56, 128 + 63][i];
            place(cell, i < 2, 'R', true);
        }
    }
    for &(cell, piece, unmoved) in men {
        let kinds = ['P', 'N', 'B', 'R', 'Q'];
        place(cell, piece < 5, kinds[piece % 5], unmoved);
    }
    pos.format()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    /// Random placements (checks, pins and unmoved pieces in odd places included) give the
    /// same moves as the reference, at the root and after every move.
    #[test]
    fn random_positions_agree_with_the_reference(
        white_king in (-64i32..192, any::<bool>()),
        black_king in (-64i32..192, any::<bool>()),
        corner_rooks in any::<[bool; 4]>(),
        men in prop::collection::vec((0i32..192, 0usize..10, any::<bool>()), 0..20),
        white_to_move in any::<bool>(),
    ) {
        let s = random_position([white_king, black_king], corner_rooks, &men, white_to_move);
        let Ok(pos) = StackedPosition::from_position_string(&setup(), &s) else {
            return Ok(()); // e.g. the side not to move is in check
        };
        let (ours, theirs) = move_sets(&pos);
        prop_assert_eq!(&ours, &theirs, "in {}", s);
        for m in pos.legal_moves() {
            let mut next = pos.clone();
            next.play(m);
            let (ours, theirs) = move_sets(&next);
            prop_assert_eq!(&ours, &theirs, "after {} in {}", pos.move_token(m), s);
        }
    }
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
