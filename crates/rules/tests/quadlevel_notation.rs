//! Quadlevel notation, position strings (and their errors), cells, material and the
//! run-time dispatch.

use rules::any::{self, AnyGame};
use rules::quadlevel::{QuadlevelPosition, START};
use rules::{Options, Position, Setup, Variant};

fn setup(destroy_both_kings: bool) -> Setup {
    let options = Options {
        destroy_both_kings,
        ..Options::default()
    };
    Setup::new(Variant::Quadlevel, None, options).unwrap()
}

fn start() -> QuadlevelPosition {
    QuadlevelPosition::start(&setup(false)).unwrap()
}

fn error(s: &str, dbk: bool) -> String {
    QuadlevelPosition::from_position_string(&setup(dbk), s)
        .unwrap_err()
        .to_string()
}

#[test]
fn display_notation_and_tokens() {
    let mut p = start();
    let m = p.parse_move("c2L2c4L2").unwrap();
    assert_eq!(p.move_notation(m), "c2L2–c4L2");
    let n = p.parse_move("♘b1L1–c3L1").unwrap();
    assert_eq!(p.move_token(n), "b1L1c3L1");
    assert_eq!(p.parse_move("Nb1L1-c3L1"), Ok(n));
    assert_eq!(p.move_notation_ascii(n), "Nb1L1-c3L1");
    p.play(m);
    assert!(p.position_string().ends_with(" b - 0 1"));
    let black = p.parse_move("d8L2c6L2").unwrap();
    assert_eq!(p.move_notation(black), "♞d8L2–c6L2");
    p.play(black);
    p.play(p.parse_move("c4L2c5L2").unwrap());
    let take = p.parse_move("c6L2b4L2").unwrap();
    assert_eq!(p.move_notation(take), "♞c6L2–b4L2");
    p.play(take);
    // A capture.
    let mut q = QuadlevelPosition::from_position_string(
        &setup(false),
        "4/4/4/4/4/4/4/4|1k2/4/4/4/2p1/4/4/1K2|2k1/4/4/4/4/4/4/2K1|4/4/4/4/4/4/1Q2/4 w - 0 1",
    )
    .unwrap();
    let x = q.parse_move("b2L4c4L3").unwrap_err();
    assert!(x.to_string().contains("illegal"), "{x}");
    let c = q.parse_move_token("b2L4c3L4").unwrap();
    assert_eq!(q.move_notation(c), "♕b2L4–c3L4");
    q.play(c);
}

#[test]
fn capture_notation() {
    let p = QuadlevelPosition::from_position_string(
        &setup(false),
        "4/4/4/4/4/4/4/4|1k2/4/4/4/2p1/4/4/1K2|2k1/4/4/4/4/4/4/2K1|4/4/4/4/4/4/4/Q3 w - 0 1",
    )
    .unwrap();
    // a1L4 queen: (0,+1,-1) steps a2L3, a3L2, a4L1 — no; (+1,+1,0) b2L4, c3L4, d4L4.
    let m = p.parse_move("♕a1L4–b2L4").unwrap();
    assert_eq!(p.move_token(m), "a1L4b2L4");
    let b = QuadlevelPosition::from_position_string(
        &setup(false),
        "4/4/4/4/4/4/4/4|1k2/4/4/4/2p1/4/R*3/1K2|2k1/4/4/4/4/4/4/2K1|4/4/4/4/4/4/4/4 w - 0 1",
    )
    .unwrap();
    let c = b.parse_move("Ra2L2-a3L2").unwrap();
    assert_eq!(b.move_notation(c), "♖a2L2–a3L2");
    let bp = QuadlevelPosition::from_position_string(
        &setup(false),
        "4/4/4/4/4/4/4/4|1k2/4/4/4/2p1/1P2/4/1K2|2k1/4/4/4/4/4/4/2K1|4/4/4/4/4/4/4/4 w - 0 1",
    )
    .unwrap();
    let t = bp.parse_move_token("b3L2c4L2").unwrap();
    assert_eq!(bp.move_notation(t), "b3L2×c4L2");
    assert_eq!(bp.parse_move("b3L2xc4L2"), Ok(t));
    assert_eq!(bp.move_facts(t).captured, Some(rules::PieceKind::Pawn));
}

#[test]
fn castling_notation_parses_both_ways() {
    let s = "r2r/4/4/4/4/4/4/R2R|1k2/pppp/4/4/4/4/PPPP/1K2|2k1/pppp/4/4/4/4/PPPP/2K1|r2r/4/4/4/4/4/4/R2R w - 0 1";
    let p = QuadlevelPosition::from_position_string(&setup(false), s).unwrap();
    let m = p.parse_move("L2O-OL1").unwrap();
    assert_eq!(p.move_token(m), "b1L2b1L1a1L1");
    assert_eq!(p.parse_move("b1L2b1L1a1L1"), Ok(m));
    assert!(p.move_facts(m).castling);
    let sq = p.move_squares(m);
    assert_eq!((sq.from.as_str(), sq.to.as_str()), ("b1L2", "b1L1"));
    // The plain king step to a1L2 and the castling landing there are told apart.
    let step = p.parse_move("♔b1L2–a1L2").unwrap();
    let castle = p.parse_move("L2O-O").unwrap();
    assert_ne!(step, castle);
}

#[test]
fn position_strings_round_trip() {
    for (s, dbk) in [
        (START.to_string(), false),
        (format!("{START} -"), true),
        ("4/4/4/4/4/4/PPn1/1N2|1k2/4/4/4/4/4/P3/B3|2k1/4/4/4/4/4/3K*/3B|4/4/4/4/4/4/1nPP/2N1 b - 1 1 w".to_string(), true),
        ("4/4/4/4/4/4/4/4|1k2/4/4/2Pp/4/4/4/1K2|2k1/4/4/4/4/4/4/2K1|4/4/4/4/4/4/4/4 w d6L2 0 7".to_string(), false),
    ] {
        let p = QuadlevelPosition::from_position_string(&setup(dbk), &s).unwrap();
        assert_eq!(p.position_string(), s);
    }
    // The unlocked field is read as `-` when missing.
    let p = QuadlevelPosition::from_position_string(&setup(true), START).unwrap();
    assert_eq!(p.position_string(), format!("{START} -"));
}

#[test]
fn position_string_errors_say_what_and_where() {
    let cases: [(&str, bool, &str); 16] = [
        ("rnbr/pppp", false, "fields"),
        ("a|b|c w - 0 1", false, "found 3 levels"),
        (
            &START.replacen("rnbr/pppp/4", "rnbr/pppp", 1),
            false,
            "level L1 has 7 ranks",
        ),
        (
            &START.replacen("rnbr", "rnbrr", 1),
            false,
            "level L1, rank 8: more than 4 cells",
        ),
        (
            &START.replacen("rnbr", "rnb", 1),
            false,
            "level L1, rank 8: 3 cells",
        ),
        (
            &START.replacen("rnbr", "rnbx", 1),
            false,
            "level L1, rank 8: unknown piece letter 'x'",
        ),
        (
            &START.replacen("bkqn", "b1qn", 1),
            false,
            "Black has 1 kings, expected 2",
        ),
        (
            &START.replacen("rnbr", "rn*br", 1),
            false,
            "b8L1: * (has moved) follows only a king or rook, not n",
        ),
        (
            &START.replacen("4/4/4/4/PPPP/RNBR|", "4/4/4/4/PPPP/PNBR|", 1),
            false,
            "pawn on a1L1",
        ),
        (&START.replace(" w ", " x "), false, "side to move \"x\""),
        (
            &START.replace(" w - ", " w c6L2 "),
            false,
            "en passant \"c6L2\"",
        ),
        (
            &START.replace(" 0 1", " 0 0"),
            false,
            "fullmove number \"0\"",
        ),
        (&format!("{START} -"), false, "found 6"),
        (
            &START.replace(" 0 1", " 4294967295 1"),
            false,
            "halfmove clock \"4294967295\"",
        ),
        (&format!("{START} x"), true, "unlocked \"x\""),
        (
            &format!("{START} w"),
            true,
            "only a last king can be unlocked",
        ),
    ];
    for (s, dbk, expected) in cases {
        let e = error(s, dbk);
        assert!(e.contains(expected), "{s}: {e}");
    }
    // The side not to move may not have a king in check.
    let e = error(
        "4/4/4/4/4/4/4/4|1k2/4/4/4/4/4/4/1K2|2k1/4/4/4/4/4/4/2K1|4/4/4/4/4/4/4/1r*2 b - 0 1",
        false,
    );
    assert!(
        e.contains("White (not to move) has its king on b1L2 attacked"),
        "{e}"
    );
}

#[test]
fn cells_have_names_levels_coordinates_and_colours() {
    let cells = start().cells();
    assert_eq!(cells.len(), 128);
    let a1 = cells.iter().find(|c| c.name == "a1L1").unwrap();
    assert!(a1.dark);
    assert_eq!(a1.board, "L1");
    assert_eq!(a1.coords, [0, 0, 0, 0]);
    let c4 = cells.iter().find(|c| c.name == "c4L2").unwrap();
    assert_eq!(c4.coords, [2, 3, 1, 0]);
    assert!(c4.dark);
    let b1l2 = cells.iter().find(|c| c.name == "b1L2").unwrap();
    assert_eq!(b1l2.piece.map(|p| p.char()), Some('K'));
    assert!(!cells.iter().find(|c| c.name == "b1L1").unwrap().dark);
}

#[test]
fn material_and_insufficient_material() {
    let p = start();
    assert_eq!(p.material()[0], [16, 4, 4, 4, 2, 2]);
    assert_eq!(p.material()[1], [16, 4, 4, 4, 2, 2]);
    assert!(!p.insufficient_material());
    let kings = QuadlevelPosition::from_position_string(
        &setup(false),
        "4/4/4/4/4/4/4/4|1k2/4/4/4/4/4/4/1K2|2k1/4/4/4/4/4/4/2K1|4/4/4/4/4/4/4/4 w - 0 1",
    )
    .unwrap();
    assert!(kings.insufficient_material());
    let g = rules::Game::new(kings);
    assert_eq!(
        g.outcome(),
        Some(rules::Outcome::draw(
            rules::Termination::InsufficientMaterial
        ))
    );
}

#[test]
fn dispatch_by_variant_name() {
    let s = Setup::from_ids("quadlevel", None, &[]).unwrap();
    let mut g: AnyGame = any::new_game(&s, None).unwrap();
    assert_eq!(g.legal_moves().len(), 44);
    let info = g.play_text("Nb1L1-c3L1").unwrap();
    assert_eq!(info.token, "b1L1c3L1");
    assert_eq!(info.notation, "♘b1L1–c3L1");
    assert_eq!(any::legal_tokens(&s, None).unwrap().len(), 44);
    let d = Setup::from_ids("quadlevel", None, &["destroy-both-kings"]).unwrap();
    let g = any::new_game(&d, None).unwrap();
    assert!(g.position_string().ends_with(" -"));
}

/// A king or rook off its starting cell has moved, with or without the `*` mark; the
/// canonical string writes the marks.
#[test]
fn kings_and_rooks_off_their_start_read_as_moved() {
    let bare =
        "k3/4/4/4/4/4/4/K3|4/4/4/1P2/4/4/4/4|4/4/4/1pP1/4/4/4/4|3k/4/4/1P2/4/4/4/3K w b6L3 0 2";
    let marked =
        "k*3/4/4/4/4/4/4/K*3|4/4/4/1P2/4/4/4/4|4/4/4/1pP1/4/4/4/4|3k*/4/4/1P2/4/4/4/3K* w b6L3 0 2";
    let p = QuadlevelPosition::from_position_string(&setup(false), bare).unwrap();
    assert_eq!(p.position_string(), marked);
    assert_eq!(
        p,
        QuadlevelPosition::from_position_string(&setup(false), marked).unwrap()
    );
    // En passant is there to be taken; no castling, since no king is on its start.
    let tokens: Vec<String> = p
        .legal_moves()
        .into_iter()
        .map(|m| p.move_token(m))
        .collect();
    assert!(tokens.contains(&"c5L3b6L3".to_string()), "{tokens:?}");

    let rook = START.replacen("4/4/4/4/PPPP/RNBR|", "4/4/4/R3/PPPP/1NBR|", 1);
    let p = QuadlevelPosition::from_position_string(&setup(false), &rook).unwrap();
    assert!(
        p.position_string().contains("/R*3/"),
        "{}",
        p.position_string()
    );
}
