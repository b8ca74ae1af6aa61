//! Inspect mode: any piece's moves as if its side were to move, checked against the
//! same position written with the other side to move.

use rules::catalogue::standard_setups;
use rules::inspect::InspectError;
use rules::screen::Side;
use rules::{AnyGame, Setup, Variant};

/// The position string with the side to move switched (the first field that is exactly
/// `w` or `b`; every variant's strings have one).
fn flipped(position: &str) -> String {
    let mut fields: Vec<String> = position.split(' ').map(str::to_string).collect();
    let side = fields
        .iter_mut()
        .skip(1)
        .find(|f| *f == "w" || *f == "b")
        .expect("a side field");
    *side = if side == "w" { "b".into() } else { "w".into() };
    fields.join(" ")
}

fn tokens_from(game: &AnyGame, from: &str) -> Vec<String> {
    game.screen(true)
        .legal_moves
        .into_iter()
        .filter(|m| m.from == from)
        .map(|m| m.token)
        .collect()
}

#[test]
fn every_piece_of_either_side_shows_the_moves_its_side_would_have() {
    for setup in standard_setups() {
        let game = AnyGame::new(&setup, None).unwrap();
        let screen = game.screen(true);
        let other = AnyGame::new(&setup, Some(&flipped(&screen.position))).unwrap();
        let mut previews = 0;
        for cell in screen.cells.iter().filter(|c| c.piece.is_some()) {
            let piece = cell.piece.as_deref().unwrap();
            let white = piece == piece.to_uppercase();
            let got = game.inspect(&cell.name).unwrap();
            assert_eq!(got.piece.as_deref(), Some(piece), "{setup} {}", cell.name);
            let inspected: Vec<String> = got.moves.iter().map(|m| m.token.clone()).collect();
            if white {
                assert!(
                    got.to_move && got.side == Side::White,
                    "{setup} {}",
                    cell.name
                );
                assert_eq!(
                    inspected,
                    tokens_from(&game, &cell.name),
                    "{setup} {}",
                    cell.name
                );
            } else {
                assert!(
                    !got.to_move && got.side == Side::Black,
                    "{setup} {}",
                    cell.name
                );
                assert_eq!(
                    inspected,
                    tokens_from(&other, &cell.name),
                    "{setup} {}",
                    cell.name
                );
                previews += inspected.len();
            }
        }
        assert!(previews > 0, "{setup}: Black has moves at the start");
    }
}

#[test]
fn captures_are_marked_for_the_side_to_move_and_in_previews() {
    // Fourfold: White's rook on b2@00 and Black's knight on b2@01 attack each other; the knight
    // could also take the bishop on d1@01.
    let setup = Setup::standard(Variant::Fourfold);
    let position = "1p2/4/1R2/K3|4/4/4/4|4/4/1n2/3B|3k/4/4/4 w 0 1";
    let game = AnyGame::new(&setup, Some(position)).unwrap();
    let rook = game.inspect("b2@00").unwrap();
    assert!(rook.to_move);
    assert!(rook.moves.iter().any(|m| m.capture && m.to == "b2@01"));
    let knight = game.inspect("b2@01").unwrap();
    assert_eq!((knight.side, knight.to_move), (Side::Black, false));
    let other = AnyGame::new(&setup, Some(&flipped(position))).unwrap();
    assert_eq!(
        knight
            .moves
            .iter()
            .map(|m| m.token.clone())
            .collect::<Vec<_>>(),
        tokens_from(&other, "b2@01")
    );
    assert!(knight.moves.iter().any(|m| m.capture && m.to == "d1@01"));
}

#[test]
fn attack_boards_are_inspected_by_name() {
    let setup = Setup::standard(Variant::Trid);
    let position = "Kc1(2),Pd2(2),ke8(6) WQL@b1(3):w,WKL@e1(3):w,BQL@b8(7):b,BKL@e8(7):b w - - 0 1";
    let game = AnyGame::new(&setup, Some(position)).unwrap();
    let own = game.inspect("WQL").unwrap();
    assert!(own.to_move && own.piece.is_none() && own.side == Side::White);
    assert!(!own.moves.is_empty());
    assert!(own.moves.iter().all(|m| m.board_to.is_some()));
    // With Black to move, White's board shows the same moves as previews.
    let black = AnyGame::new(&setup, Some(&flipped(position))).unwrap();
    let theirs = black.inspect("WQL").unwrap();
    assert_eq!((theirs.side, theirs.to_move), (Side::White, false));
    assert_eq!(
        theirs
            .moves
            .iter()
            .map(|m| m.token.clone())
            .collect::<Vec<_>>(),
        tokens_from(&game, "WQL")
    );
}

#[test]
fn nothing_to_inspect_is_an_error_naming_the_square() {
    let game = AnyGame::new(&Setup::standard(Variant::Stacked), None).unwrap();
    assert_eq!(game.inspect("Me4"), Err(InspectError::Empty("Me4".into())));
    assert_eq!(
        game.inspect("Zz9"),
        Err(InspectError::Unknown("Zz9".into()))
    );
    assert_eq!(
        game.inspect("Me4").unwrap_err().to_string(),
        "there is no piece on Me4"
    );
    let long = "x".repeat(500);
    let message = game.inspect(&long).unwrap_err().to_string();
    assert!(message.len() < 80, "{message}");
}

#[test]
fn a_finished_game_shows_moves_but_none_to_play() {
    let mut game = AnyGame::new(&Setup::standard(Variant::Stacked), None).unwrap();
    game.resign(rules::Color::White).unwrap();
    let knight = game.inspect("Bg1").unwrap();
    assert!(!knight.to_move);
    assert!(!knight.moves.is_empty());
}
