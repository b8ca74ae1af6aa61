//! Tri-D position-string errors, display notation, move facts, insufficient material and
//! the user-interface views, on hand-made positions.

mod trid_naive;

use rules::trid::TridPosition;
use rules::{Color, Position};
use trid_naive::setup;

fn parse_err(rules: &str, s: &str) -> String {
    TridPosition::from_position_string(&setup(rules, false), s)
        .map(|_| String::new())
        .unwrap_or_else(|e| e.reason)
}

const D: &str = "WQL@b1(3):w,WKL@e1(3):w,BQL@b8(7):b,BKL@e8(7):b";

#[test]
fn parser_errors_say_what_and_where() {
    let cases = [
        ("Kc1(2),Xc2(2),ke8(6)", D, "unknown letter 'X'"),
        ("Kc1(2),Nc0(3),ke8(6)", D, "c0(3) does not exist"),
        ("Kc1(2),Na2(3),ke8(6)", D, "a2(3) does not exist"),
        ("Kc1(2),Nc2(2),Bc2(2),ke8(6)", D, "two pieces on c2(2)"),
        ("Kc1(2),Nc2(2)", D, "Black has 0 kings"),
        (
            "Kc1(2),ke8(6),Rc8(6)",
            D,
            "side not to move (Black) is in check",
        ),
        (
            "Kc1(2),ke8(6)",
            "WQL@b1(3):w,WKL@b1(3):w,BQL@b8(7):b,BKL@e8(7):b",
            "overlap on b1(3)",
        ),
        (
            "Kc1(2),ke8(6)",
            "WQL@b1(3):w,WKL@e1(3):w,BQL@b8(7):b",
            "all four boards",
        ),
        (
            "Kc1(2),ke8(6)",
            "WQL@c1(3):w,WKL@e1(3):w,BQL@b8(7):b,BKL@e8(7):b",
            "not a post",
        ),
        ("Kc1(2),ke8(6),Pc8(6)", D, "promotion rank"),
        ("Kc1(2),ke8(6),Nc3(2)*", D, "only pawns"),
    ];
    for (pieces, boards, want) in cases {
        let s = format!("{pieces} {boards} w - - 0 1");
        let e = parse_err("federation", &s);
        assert!(e.contains(want), "{s}: {e:?} should mention {want:?}");
    }
    assert!(parse_err("federation", "Kc1(2) w").contains("expected 7 fields"));
    assert!(
        parse_err("federation", &format!("Kc1(2),ke8(6) {D} w X - 0 1"))
            .contains("unknown letter 'X'")
    );
    assert!(
        parse_err("federation", &format!("Kc1(2),ke8(6) {D} w K - 0 1"))
            .contains("castling right K")
    );
    assert!(parse_err(
        "federation",
        &format!("Kc1(2),ke8(6) {D} w - d6(6)/d5(4) 0 1")
    )
    .contains("en passant"));
    let hanging = "WQL@b1(1):w,WKL@e1(3):w,BQL@b8(7):b,BKL@e8(7):b";
    assert!(
        parse_err("meder", &format!("Kc1(2),ke8(6) {hanging} w - - 0 1")).contains("only stand")
    );
    assert!(parse_err("federation", &format!("Kc1(2),ke8(6) {hanging} w - - 0 1")).is_empty());
    let owner = "WQL@b1(3):b,WKL@e1(3):w,BQL@b8(7):b,BKL@e8(7):b";
    assert!(
        parse_err("stepwise", &format!("Kc1(2),ke8(6) {owner} w - - 0 1"))
            .contains("original owner")
    );
    assert!(parse_err("federation", &format!("Kc1(2),ke8(6) {owner} w - - 0 1")).is_empty());
}

#[test]
fn display_notation_forms() {
    let s = setup("federation", false);
    let p = TridPosition::start(&s).unwrap();
    let notes: Vec<String> = p
        .legal_moves()
        .into_iter()
        .map(|m| p.move_notation(m))
        .collect();
    assert!(notes.contains(&"♘b1(2)–c3(4)".to_string()), "{notes:?}");
    assert!(notes.contains(&"c2(2)–c4(4)".to_string()));
    assert!(notes.contains(&"O-O".to_string()));
    let p = TridPosition::from_position_string(
        &s,
        &format!("Kc1(2),Bc2(2),ke8(6),pd3(4)*,nb8(6) {D} b - - 0 1"),
    )
    .unwrap();
    let notes: Vec<String> = p
        .legal_moves()
        .into_iter()
        .map(|m| p.move_notation(m))
        .collect();
    assert!(notes.contains(&"d3(4)×c2(2)".to_string()), "{notes:?}");
    assert!(notes.contains(&"♞b8(6)–c6(4)".to_string()), "{notes:?}");
    let p = TridPosition::from_position_string(&s, &format!("Kc1(2),Pc7(6)*,ke9(7) {D} w - - 0 1"))
        .unwrap();
    let m = p.parse_move("c7(6)-c8(6)=Q").unwrap();
    assert_eq!(p.move_notation(m), "c7(6)–c8(6)=♕");
    assert_eq!(p.move_token(m), "c7(6)c8(6)q");
    let p = TridPosition::from_position_string(&s, &format!("Kc1(2),Pd2(2),ke8(6) {D} w - - 0 1"))
        .unwrap();
    let m = p.parse_move("WQL->b3(3)").unwrap();
    assert_eq!(p.move_token(m), "WQL>b3(3)");
    assert_eq!(p.move_squares(m).to, "b3(3)");
}

#[test]
fn insufficient_material_and_views() {
    let s = setup("federation", false);
    let p = |pieces: &str| {
        TridPosition::from_position_string(&s, &format!("{pieces} {D} w - - 0 1")).unwrap()
    };
    assert!(p("Kc1(2),ke8(6)").insufficient_material());
    assert!(p("Kc1(2),Nd2(2),ke8(6)").insufficient_material());
    assert!(!p("Kc1(2),Nd2(2),bd7(6),ke8(6)").insufficient_material());
    assert!(!p("Kc1(2),Pd2(2),ke8(6)").insufficient_material());
    let start = TridPosition::start(&s).unwrap();
    let cells = start.cells();
    assert_eq!(cells.len(), 64);
    let b1 = cells.iter().find(|c| c.name == "b1(3)").unwrap();
    assert_eq!(
        (b1.board.as_str(), b1.coords, b1.dark),
        ("WQL", [1, 1, 3, 0], true)
    );
    let c3 = cells.iter().find(|c| c.name == "c3(4)").unwrap();
    assert_eq!((c3.board.as_str(), c3.dark), ("N", false));
    let views = start.attack_boards();
    assert_eq!(views[3].name, "BKL");
    assert_eq!(views[3].position, "e8(7)");
    assert_eq!(views[3].post, "e8");
    assert!(views[3].standing);
    assert_eq!(views[3].owner, Color::Black);
}

#[test]
fn board_promotion_notation_and_move_facts() {
    use rules::{Mover, PieceKind};
    let s = setup("federation", false);
    let boards = "WQL@b6(5):w,WKL@e1(3):w,BQL@b5(7):b,BKL@e8(7):b";
    let p = TridPosition::from_position_string(
        &s,
        &format!("Pa7(5)*,Kc1(2),ke8(6),pd7(6) {boards} w - - 0 1"),
    )
    .unwrap();
    let m = p.parse_move_token("WQL>b8(5)q").unwrap();
    assert_eq!(p.move_notation(m), "WQL→b8(5)=♕");
    assert_eq!(p.parse_move("WQL->b8(5)=Q").unwrap(), m);
    let f = p.move_facts(m);
    assert_eq!(
        (f.mover, f.promotion, f.zeroing),
        (Mover::Board, Some(PieceKind::Queen), true)
    );
    let f = p.move_facts(p.parse_move_token("WQL>b4(3)").unwrap());
    assert_eq!(
        (f.mover, f.promotion, f.zeroing),
        (Mover::Board, None, false)
    );

    let p = TridPosition::from_position_string(
        &s,
        &format!("Kd4(4),pc2(2)*,Nd1(2),ke8(6) {D} b - - 0 1"),
    )
    .unwrap();
    let m = p.parse_move_token("c2(2)d1(2)n").unwrap();
    assert_eq!(p.move_notation(m), "c2(2)×d1(2)=♞");
    let f = p.move_facts(m);
    assert_eq!(
        (f.captured, f.promotion, f.zeroing),
        (Some(PieceKind::Knight), Some(PieceKind::Knight), true)
    );

    let p = TridPosition::from_position_string(
        &s,
        &format!("Ra0(3),Ke0(3),Rf0(3),ke8(6) {D} w KQ - 0 1"),
    )
    .unwrap();
    let m = p.parse_move("O-O-O").unwrap();
    assert_eq!(p.move_token(m), "e0(3)b0(3)");
    let f = p.move_facts(m);
    assert!(f.castling && !f.zeroing && f.mover == Mover::Piece(PieceKind::King));
    let mut after = p.clone();
    after.play(m);
    assert!(
        after.position_string().starts_with("Kb0(3),Re0(3),Rf0(3)"),
        "{}",
        after.position_string()
    );

    let p = TridPosition::from_position_string(
        &s,
        &format!("Kc1(2),Pc4(4)*,pd4(2)*,ke8(6) {D} b - c3(4)/c4(4) 0 1"),
    )
    .unwrap();
    let m = p.parse_move_token("d4(2)c3(4)").unwrap();
    assert_eq!(p.move_notation(m), "d4(2)×c3(4)");
    assert_eq!(p.move_squares(m).captured.as_deref(), Some("c4(4)"));
    assert_eq!(p.move_facts(m).captured, Some(PieceKind::Pawn));
}

#[test]
fn pretty_draws_every_level_and_ends_with_the_string() {
    let p = TridPosition::start(&setup("federation", false)).unwrap();
    let text = p.pretty();
    for z in 1..=7 {
        let expected = matches!(z, 2 | 3 | 4 | 6 | 7);
        assert_eq!(text.contains(&format!("level {z}\n")), expected, "{text}");
    }
    assert!(text.contains("  0 RQ  KR\n"), "{text}");
    assert!(text.ends_with(&p.position_string()));
}

/// A pawn away from its side's pawn start squares has moved, with or without `*` (no
/// double step); on a start square without `*` it is unmoved. The canonical string writes
/// the marks.
#[test]
fn pawns_off_their_start_squares_read_as_moved() {
    let s = setup("federation", false);
    let bare = format!("Kc1(2),Pc2(2),Pd3(2),ke8(6),pc6(6) {D} w - - 0 1");
    let marked = format!("Kc1(2),Pc2(2),Pd3(2)*,pc6(6)*,ke8(6) {D} w - - 0 1");
    let p = TridPosition::from_position_string(&s, &bare).unwrap();
    assert_eq!(p.position_string(), marked);
    assert_eq!(p, TridPosition::from_position_string(&s, &marked).unwrap());
    let tokens: Vec<String> = p
        .legal_moves()
        .into_iter()
        .map(|m| p.move_token(m))
        .collect();
    // The unmoved c2 pawn may step two; the moved d3 pawn only one.
    assert!(
        tokens.iter().any(|t| t.starts_with("c2(2)c4(")),
        "{tokens:?}"
    );
    assert!(
        tokens.iter().any(|t| t.starts_with("d3(2)d4(")),
        "{tokens:?}"
    );
    assert!(
        !tokens.iter().any(|t| t.starts_with("d3(2)d5(")),
        "{tokens:?}"
    );
    // The start position has no marks at all.
    let start = TridPosition::start(&s).unwrap().position_string();
    assert!(!start.contains('*'), "{start}");
}
