//! Fourfold records: the public format of seed 004's game (tags `Variant
//! "Fourfold-4x4x2x2"` and `FEN4D`, long algebraic moves) read and written, and this
//! project's own format.

use rules::any;
use rules::fourfold::{export_public, FourfoldPosition, START};
use rules::game::{Game, GameStatus, Outcome, Termination};
use rules::record::{self, Record};
use rules::{Color, Position, RecordError, Variant};

/// A whole game as the public game writes it: its variant name, the start as `FEN4D`,
/// long algebraic moves with `+`/`#`, pawn captures along W and Z, a promotion, mate.
const PUBLIC_GAME: &str = r#"[Event "Casual game"]
[Site "Fourfold-4x4x2x2"]
[Date "2026.11.28"]
[White "Player"]
[Black "Computer"]
[Result "1-0"]
[Variant "Fourfold-4x4x2x2"]
[FEN4D "4/4/PPPP/RNKQ|4/4/4/1BR1|1rb1/4/4/4|qknr/pppp/4/4 w 0 1"]

1. Kc1@00-c1@01 Bc4@01-b3@01
2. b2@00xb3@01+ Rb4@01xb3@01
3. Bb1@10-a2@10 a3@11xa2@10
4. Kc1@01-c1@11 Qa4@11-b3@00
5. Nb1@00xb3@01 Nc4@11-a4@01
6. Nb3@01xd3@11+ Kb4@11-b4@00
7. c2@00-c3@00+ Kb4@00-a3@00
8. c3@00-c4@00=Q Na4@01xc4@00
9. Qd1@00xb3@00# 1-0
"#;

fn import(text: &str) -> Game<FourfoldPosition> {
    let rec = Record::parse(text).unwrap();
    record::replay::<FourfoldPosition>(&rec)
        .unwrap_or_else(|e| panic!("{e}"))
        .0
}

/// The same game: same start, same moves, same final position.
fn assert_same_game(a: &Game<FourfoldPosition>, b: &Game<FourfoldPosition>) {
    assert_eq!(a.start_position(), b.start_position());
    assert_eq!(a.moves(), b.moves());
    assert_eq!(a.position(), b.position());
    assert_eq!(a.outcome(), b.outcome());
}

#[test]
fn imports_a_public_record() {
    let g = import(PUBLIC_GAME);
    assert_eq!(g.moves().len(), 17);
    assert_eq!(
        g.status(),
        GameStatus::Over(Outcome::win(Color::White, Termination::Checkmate))
    );
    let last = g.positions()[16].move_notation(g.moves()[16]);
    assert_eq!(last, "Qd1@00xb3@00");
    // The promotion made a queen, and Black's knight took it on c4@00.
    let history: Vec<String> = g
        .moves()
        .iter()
        .enumerate()
        .map(|(i, &m)| g.positions()[i].move_token(m))
        .collect();
    assert!(history.contains(&"c3@00c4@00q".to_string()));
    assert!(history.contains(&"a4@01c4@00".to_string()));
}

#[test]
fn imports_a_public_record_through_any_game() {
    let (game, _) = any::import_record(PUBLIC_GAME).unwrap();
    assert_eq!(game.setup().variant(), Variant::Fourfold);
    assert_eq!(game.history().len(), 17);
    assert_eq!(game.history()[16].notation, "Qd1@00xb3@00#");
    assert_eq!(game.history()[1].notation, "Bc4@01-b3@01");
    assert_eq!(game.history()[2].notation, "b2@00xb3@01+");
}

#[test]
fn public_export_round_trips_and_keeps_the_public_form() {
    let g = import(PUBLIC_GAME);
    let text = export_public(&g, &[("Event".into(), "Casual game".into())]);
    assert!(text.contains("[Variant \"Fourfold-4x4x2x2\"]"), "{text}");
    assert!(text.contains(&format!("[FEN4D \"{START}\"]")), "{text}");
    assert!(text.contains("[Result \"1-0\"]"), "{text}");
    let movetext = text.replace('\n', " ");
    assert!(movetext.contains("c3@00-c4@00=Q Na4@01xc4@00"), "{text}");
    assert!(movetext.contains("Qd1@00xb3@00# 1-0"), "{text}");
    assert!(!text.contains("[Position"), "{text}");
    assert_same_game(&import(&text), &g);
}

#[test]
fn own_export_round_trips() {
    let g = import(PUBLIC_GAME);
    let text = record::export(&g, &[], &[]);
    assert!(text.contains("[Variant \"fourfold\"]"), "{text}");
    assert_same_game(&import(&text), &g);
}

#[test]
fn public_record_from_a_set_position() {
    // FEN4D names a non-standard start; Black to move is written "1...".
    let text = r#"[Variant "Fourfold-4x4x2x2"]
[FEN4D "k3/4/4/4|4/4/4/3K|4/4/4/4|3R/1P2/4/4 w 0 1"]

1. b3@11-b4@11=Q# 1-0
"#;
    let g = import(text);
    assert_eq!(
        g.outcome(),
        Some(Outcome::win(Color::White, Termination::Checkmate))
    );
    let from_black = r#"[Variant "Fourfold-4x4x2x2"]
[FEN4D "k3/4/4/4|4/4/4/3K|4/4/4/4|3R/1P2/4/4 b 0 7"]

7... Ka4@00-a3@00 8. b3@11-b4@11=Q *
"#;
    let g = import(from_black);
    assert_eq!(g.moves().len(), 2);
    let again = export_public(&g, &[]);
    assert!(
        again.contains("7... Ka4@00-a3@00 8. b3@11-b4@11=Q"),
        "{again}"
    );
    assert_same_game(&import(&again), &g);
}

#[test]
fn bad_records_are_named() {
    let bad_move = PUBLIC_GAME.replace("Rb4@01xb3@01", "Rb4@01xb2@01");
    let e = Record::parse(&bad_move)
        .map_err(|e| e.to_string())
        .and_then(|r| record::replay::<FourfoldPosition>(&r).map_err(|e| e.to_string()))
        .unwrap_err();
    assert!(e.contains("2... Rb4@01xb2@01"), "{e}");
    let bad_start = PUBLIC_GAME.replace("RNKQ", "RNKX");
    let e = record::replay::<FourfoldPosition>(&Record::parse(&bad_start).unwrap()).unwrap_err();
    assert!(matches!(e, RecordError::Position(_)), "{e}");
    assert!(e.to_string().contains("unknown piece letter 'X'"), "{e}");
}
