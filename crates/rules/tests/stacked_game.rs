//! Stacked Boards at the game level: notation, game results, material draws, hashes,
//! records and the user-interface views.

use rules::any::{self, new_game};
use rules::notation::notation_with_suffix;
use rules::stacked::{StackedPosition, START};
use rules::{
    Game, GameStatus, Outcome, PieceKind, Position, RecordError, Setup, Termination, Variant,
};

fn setup() -> Setup {
    Setup::standard(Variant::Stacked)
}

fn parse(s: &str) -> StackedPosition {
    StackedPosition::from_position_string(&setup(), s).unwrap_or_else(|e| panic!("{e}"))
}

/// The display notation (with `+`/`#`) of the move with this token.
fn notation(pos: &StackedPosition, token: &str) -> String {
    let m = pos.parse_move_token(token).unwrap();
    notation_with_suffix(pos, m)
}

#[test]
fn notation_of_pieces_pawns_captures_and_promotions() {
    let start = parse(START);
    assert_eq!(notation(&start, "Bg1Mf3"), "♘Bg1–Mf3");
    assert_eq!(notation(&start, "Be2Me3"), "Be2–Me3");
    assert_eq!(notation(&start, "Be1Mf2"), "♔Be1–Mf2");
    assert_eq!(
        start.move_notation_ascii(start.parse_move_token("Bg1Mf3").unwrap()),
        "NBg1-Mf3"
    );
    // A white pawn on Td7 captures a rook on Tc8 and promotes, giving check on T.
    let pos = parse("8/8/8/8/8/8/8/4K*3|8/8/8/8/8/8/8/8|2r*4k*/3P*4/8/8/8/8/8/8 w 0 1");
    assert_eq!(notation(&pos, "Td7Tc8q"), "Td7×Tc8=♕+");
    assert_eq!(notation(&pos, "Td7Md8n"), "Td7–Md8=♘");
    // Black glyphs for Black; a black promotion shows a black queen.
    let pos = parse("8/8/8/8/8/8/8/4K*3|8/8/8/8/8/8/p*7/8|4k3/3n*4/8/8/8/8/8/8 b 0 1");
    assert_eq!(notation(&pos, "Td7Mf6"), "♞Td7–Mf6");
    assert_eq!(notation(&pos, "Ma2Ba1q"), "Ma2–Ba1=♛+");
    assert_eq!(notation(&pos, "Te8Me8"), "♚Te8–Me8");
}

#[test]
fn notation_of_the_four_castlings_and_reading_them_back() {
    let pos = parse("8/8/8/8/8/8/8/R3K2R|8/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/8 w 0 1");
    assert_eq!(notation(&pos, "Be1Bg1"), "O-O");
    assert_eq!(notation(&pos, "Be1Bc1"), "O-O-O");
    assert_eq!(notation(&pos, "Be1Mg1"), "O-O→M");
    assert_eq!(notation(&pos, "Be1Mc1"), "O-O-O→M");
    for (text, token) in [
        ("O-O", "Be1Bg1"),
        ("O-O-O", "Be1Bc1"),
        ("O-O→M", "Be1Mg1"),
        ("O-O->M", "Be1Mg1"),
        ("O-O-O->M", "Be1Mc1"),
        ("KBe1-Mf1", "Be1Mf1"),
        ("♔Be1–Me1", "Be1Me1"),
    ] {
        let m = pos
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(pos.move_token(m), token, "{text}");
    }
    // Castling moves both pieces and clears both unmoved marks.
    let mut after = pos.clone();
    after.play(pos.parse_move_token("Be1Mg1").unwrap());
    assert_eq!(
        after.position_string(),
        "8/8/8/8/8/8/8/R7|8/8/8/8/8/8/8/5R*K*1|4k3/8/8/8/8/8/8/8 b 1 1"
    );
    let black = parse("8/8/8/8/8/8/8/4K*3|8/8/8/8/8/8/8/8|r3k2r/8/8/8/8/8/8/8 b 0 1");
    assert_eq!(notation(&black, "Te8Mc8"), "O-O-O→M");
    assert_eq!(notation(&black, "Te8Tg8"), "O-O");
}

#[test]
fn checkmate_and_stalemate_end_the_game() {
    // Back-rank mate on T; the escape to Mh8 is covered by the rook on Ma8.
    let mate = parse("8/8/8/8/8/8/8/4K*3|R*7/8/8/8/8/8/8/8|4R*2k*/6pp/8/8/8/8/8/8 b 0 1");
    assert!(mate.in_check());
    assert_eq!(mate.checked_kings(), vec!["Th8".to_string()]);
    assert_eq!(mate.count_legal(), 0);
    let game = Game::new(mate);
    assert_eq!(
        game.status(),
        GameStatus::Over(Outcome::win(rules::Color::White, Termination::Checkmate))
    );
    // Without the rook on M the king drops to Mh8.
    let escape = parse("8/8/8/8/8/8/8/4K*3|8/8/8/8/8/8/8/8|4R*2k*/6pp/8/8/8/8/8/8 b 0 1");
    let tokens: Vec<String> = escape
        .legal_moves()
        .into_iter()
        .map(|m| escape.move_token(m))
        .collect();
    assert_eq!(tokens, ["Th8Mh8"]);
    // Stalemate: Ta8 king boxed in on T by the queen, Ma8 covered by the rook on M.
    let stale = parse("8/8/8/8/8/8/8/4K*3|7R*/8/8/8/8/8/8/8|k*7/8/1Q*6/8/8/8/8/8 b 0 1");
    assert!(!stale.in_check());
    assert_eq!(stale.count_legal(), 0);
    assert_eq!(
        Game::new(stale).status(),
        GameStatus::Over(Outcome::draw(Termination::Stalemate))
    );
}

#[test]
fn insufficient_material_is_exactly_the_specs_list() {
    let cases = [
        (
            "8/8/8/8/8/8/8/4K*3|8/8/8/8/8/8/8/8|4k*3/8/8/8/8/8/8/8 w 0 1",
            true,
        ), // K v K
        (
            "8/8/8/8/8/8/8/4K*3|8/8/8/3B*4/8/8/8/8|4k*3/8/8/8/8/8/8/8 w 0 1",
            true,
        ), // K+B v K
        (
            "8/8/8/8/8/8/8/4K*3|8/8/8/3n*4/8/8/8/8|4k*3/8/8/8/8/8/8/8 w 0 1",
            true,
        ), // K v K+N
        // K+B v K+B, bishops on Md5 and Tc2: both light squares (a1 is dark).
        (
            "8/8/8/8/8/8/8/4K*3|8/8/8/3B*4/8/8/8/8|4k*3/8/8/8/8/8/2b*5/8 w 0 1",
            true,
        ),
        // Bishops on different colours: Md5 light, Tc1 dark.
        (
            "8/8/8/8/8/8/8/4K*3|8/8/8/3B*4/8/8/8/8|4k*3/8/8/8/8/8/8/2b*5 w 0 1",
            false,
        ),
        // Two bishops for one side, K+N v K+N, a pawn, a rook: not listed, so play on.
        (
            "8/8/8/8/8/8/8/4K*3|8/8/8/3B*B*3/8/8/8/8|4k*3/8/8/8/8/8/8/8 w 0 1",
            false,
        ),
        (
            "8/8/8/8/8/8/8/4K*3|8/8/8/3N*4/8/8/8/8|4k*3/8/8/8/8/8/8/1n*6 w 0 1",
            false,
        ),
        (
            "8/8/8/8/8/8/8/4K*3|8/8/8/3P*4/8/8/8/8|4k*3/8/8/8/8/8/8/8 w 0 1",
            false,
        ),
        (
            "8/8/8/8/8/8/8/4K*3|8/8/8/3R*4/8/8/8/8|4k*3/8/8/8/8/8/8/8 w 0 1",
            false,
        ),
    ];
    for (s, expected) in cases {
        assert_eq!(parse(s).insufficient_material(), expected, "{s}");
    }
    let game = Game::new(parse(cases[1].0));
    assert_eq!(
        game.status(),
        GameStatus::Over(Outcome::draw(Termination::InsufficientMaterial))
    );
}

#[test]
fn unmoved_flags_are_part_of_the_hash_and_of_repetition() {
    let unmoved = parse("8/8/8/8/8/8/8/R3K3|8/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/8 w 0 1");
    let moved = parse("8/8/8/8/8/8/8/R*3K3|8/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/8 w 0 1");
    assert_ne!(unmoved.hash(), moved.hash());
    assert_ne!(unmoved, moved);
    // Knights out to M and back: the start placement again, but the knights have moved,
    // so it is not a repetition of the start.
    let mut game = Game::new(parse(START));
    for t in ["Bg1Mf3", "Tg8Mf6", "Mf3Bg1", "Mf6Tg8"] {
        game.play_token(t).unwrap();
    }
    assert_eq!(game.repetitions(), 1);
    // Both knights on M (plies 2, 6, 10) is the first position seen three times.
    for t in ["Bg1Mf3", "Tg8Mf6", "Mf3Bg1", "Mf6Tg8", "Bg1Mf3", "Tg8Mf6"] {
        game.play_token(t).unwrap();
    }
    assert_eq!(game.repetitions(), 3);
    assert_eq!(
        game.status(),
        GameStatus::Over(Outcome::draw(Termination::Repetition))
    );
}

#[test]
fn pawn_moves_and_captures_reset_the_fifty_move_counter() {
    let mut pos =
        parse("8/8/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8|rnbqkbnr/pppppppp/8/8/8/8/8/8 w 7 1");
    pos.play(pos.parse_move_token("Bg1Mf3").unwrap());
    assert_eq!(pos.halfmove_clock(), 8);
    pos.play(pos.parse_move_token("Ta7Ma6").unwrap());
    assert_eq!(pos.halfmove_clock(), 0);
    assert_eq!(pos.fullmove_number(), 2);
    let facts = pos.move_facts(pos.parse_move_token("Be2Me3").unwrap());
    assert_eq!(facts.mover, rules::Mover::Piece(PieceKind::Pawn));
    assert!(facts.zeroing && !facts.castling && facts.captured.is_none());
}

const RECORD: &str = "[Event \"Test\"]\n[Variant \"stacked\"]\n\n1. Be2–Me4 Td7–Md5 2. Me4×Md5 ♞Tg8–Mf6 3. ♘Bg1–Mf3 ♞Mf6×Md5 *\n";

#[test]
fn records_replay_and_export_round_trip() {
    let (game, _) = any::import_record(RECORD).unwrap();
    assert_eq!(
        game.position_string(),
        "8/8/8/8/8/8/PPPP1PPP/RNBQKB1R|8/8/8/3n*4/8/5N*2/8/8|rnbqkb1r/ppp1pppp/8/8/8/8/8/8 w 0 4"
    );
    let exported = game.export(&[], &[]);
    assert!(
        exported.contains("1. Be2–Me4 Td7–Md5 2. Me4×Md5 ♞Tg8–Mf6 3. ♘Bg1–Mf3 ♞Mf6×Md5 *"),
        "{exported}"
    );
    let (again, _) = any::import_record(&exported).unwrap();
    assert_eq!(again.position_string(), game.position_string());
    // ASCII and plain tokens are read too.
    let ascii =
        "[Variant \"stacked\"]\n\n1. Be2-Me4 Td7Md5 2. Me4xMd5 NTg8-Mf6 3. NBg1-Mf3 NMf6xMd5 *\n";
    let (same, _) = any::import_record(ascii).unwrap();
    assert_eq!(same.position_string(), game.position_string());
}

#[test]
fn record_import_names_the_first_bad_move() {
    let bad = "[Variant \"stacked\"]\n\n1. Be2–Me4 Td7–Md5 2. Me4×Md5 Td8–Td7 3. ♘Bg1–Mf3 *\n";
    let err = any::import_record(bad).expect_err("the record is rejected");
    assert!(matches!(err, RecordError::Move { number: 2, .. }), "{err}");
    assert_eq!(
        err.to_string(),
        "record move 2... Td8–Td7: illegal move \"Td8–Td7\""
    );
    let unreadable = "[Variant \"stacked\"]\n\n1. Be2–Me4 hello *\n";
    let err = any::import_record(unreadable).unwrap_err();
    assert!(
        err.to_string().starts_with("record move 1... hello:"),
        "{err}"
    );
    let bad_position = "[Variant \"stacked\"]\n[Position \"8/8 w 0 1\"]\n\n*\n";
    let err = any::import_record(bad_position).unwrap_err();
    assert!(err.to_string().contains("3 boards"), "{err}");
}

#[test]
fn any_game_plays_and_describes_moves() {
    let mut game = new_game(&setup(), None).unwrap();
    assert_eq!(game.legal_moves().len(), 60);
    let info = game.play_text("♘Bg1–Mf3").unwrap();
    assert_eq!(info.token, "Bg1Mf3");
    assert_eq!(info.squares.from, "Bg1");
    assert_eq!(info.squares.to, "Mf3");
    assert!(
        game.play_text("Tg8Tf6").is_err(),
        "an unmoved knight must change boards"
    );
    assert!(new_game(&setup(), Some("nonsense")).is_err());
}

#[test]
fn cells_and_drawing() {
    let pos = parse(START);
    let cells = pos.cells();
    assert_eq!(cells.len(), 192);
    let e4 = cells.iter().find(|c| c.name == "Me4").unwrap();
    assert_eq!(
        (e4.board.as_str(), e4.coords, e4.dark, e4.piece),
        ("M", [4, 3, 1, 0], false, None)
    );
    let a1 = cells.iter().find(|c| c.name == "Ba1").unwrap();
    assert!(a1.dark);
    assert_eq!(
        a1.piece,
        Some(rules::Piece::new(rules::Color::White, PieceKind::Rook))
    );
    let t = cells.iter().find(|c| c.name == "Th8").unwrap();
    assert_eq!((t.board.as_str(), t.coords), ("T", [7, 7, 2, 0]));
    let drawing = pos.pretty();
    assert!(
        drawing.contains("board B") && drawing.contains("board T"),
        "{drawing}"
    );
    assert!(drawing.contains(START), "{drawing}");
    assert_eq!(drawing.lines().count(), 12, "{drawing}");
}
