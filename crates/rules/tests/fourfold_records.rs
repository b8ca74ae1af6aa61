//! Fourfold records in both directions: records the public Fourfold game (seed 004)
//! writes replay here, and what `export_public` writes passes that game's importer, as
//! restated independently in `fourfold_public_importer` (its rules are listed there).
//! Also this project's own format.

mod fourfold_naive;
mod fourfold_public_importer;

use fourfold_public_importer as importer;
use rules::any;
use rules::fourfold::{export_public, public_form, FourfoldPosition, PublicFormError, START};
use rules::game::{Game, GameStatus, Outcome, Termination};
use rules::record::{self, Record, RecordForm, DECLARED_RESULT_TAG};
use rules::{Color, Position, RecordError, Setup, Variant};

/// A whole game as the public game exports it: its descriptive tags, `Result`, the
/// format tags, the start as `FEN4D`, long algebraic moves with `+`/`#` (pawn captures
/// along W and Z, a promotion), mate, lines of at most 78 characters.
const PUBLIC_GAME: &str = r#"[Event "Casual game"]
[Site "intuitionmachine.com"]
[Date "2026.11.28"]
[Round "-"]
[White "Player"]
[Black "Computer"]
[Result "1-0"]
[Variant "Fourfold-4x4x2x2"]
[Format "PGN4D"]
[FormatVersion "1"]
[Notation "LAN4D"]
[SetUp "1"]
[FEN4D "4/4/PPPP/RNKQ|4/4/4/1BR1|1rb1/4/4/4|qknr/pppp/4/4 w 0 1"]

1. Kc1@00-c1@01 Bc4@01-b3@01 2. b2@00xb3@01+ Rb4@01xb3@01 3. Bb1@10-a2@10
a3@11xa2@10 4. Kc1@01-c1@11 Qa4@11-b3@00 5. Nb1@00xb3@01 Nc4@11-a4@01
6. Nb3@01xd3@11+ Kb4@11-b4@00 7. c2@00-c3@00+ Kb4@00-a3@00 8. c3@00-c4@00=Q
Na4@01xc4@00 9. Qd1@00xb3@00# 1-0
"#;

/// The same game as earlier versions of the public game wrote it (no format tags): it
/// still replays here.
const OLDER_PUBLIC_GAME: &str = r#"[Variant "Fourfold-4x4x2x2"]
[FEN4D "4/4/PPPP/RNKQ|4/4/4/1BR1|1rb1/4/4/4|qknr/pppp/4/4 w 0 1"]
[Result "*"]

1. Kc1@00-c1@01 Bc4@01-b3@01 2. b2@00xb3@01+ *
"#;

/// A set position: White mates at once by promoting.
const PROMOTION_MATE: &str = "k3/4/4/4|4/4/4/3K|4/4/4/4|3R/1P2/4/4 w 0 1";

fn import(text: &str) -> Game<FourfoldPosition> {
    import_with_comments(text).0
}

fn import_with_comments(text: &str) -> (Game<FourfoldPosition>, Vec<Option<String>>) {
    let rec = Record::parse(text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    record::replay::<FourfoldPosition>(&rec).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

fn public(game: &Game<FourfoldPosition>) -> String {
    export_public(game, &[], &[]).unwrap_or_else(|e| panic!("{e}"))
}

fn from_position(s: &str) -> Game<FourfoldPosition> {
    let setup = Setup::standard(Variant::Fourfold);
    Game::new(FourfoldPosition::from_position_string(&setup, s).unwrap())
}

/// A game from the start following a fixed pseudo-random sequence of legal moves.
fn seeded_game(seed: u64, plies: usize) -> Game<FourfoldPosition> {
    let mut g = from_position(START);
    let mut state = seed;
    for _ in 0..plies {
        if g.is_over() {
            break;
        }
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let moves = g.position().legal_moves();
        g.play(moves[(state >> 33) as usize % moves.len()]).unwrap();
    }
    g
}

/// The same game: same start, same moves, same final position and result.
fn assert_same_game(a: &Game<FourfoldPosition>, b: &Game<FourfoldPosition>) {
    assert_eq!(a.start_position(), b.start_position());
    assert_eq!(a.moves(), b.moves());
    assert_eq!(a.position(), b.position());
    assert_eq!(a.outcome(), b.outcome());
}

/// Our public export passes the importer, which reads our moves, and imports back here
/// as the same game.
fn assert_public_round_trip(g: &Game<FourfoldPosition>) -> String {
    let text = public(g);
    let read = importer::import(&text).unwrap_or_else(|e| panic!("importer refuses: {e}\n{text}"));
    let ours: Vec<String> = g
        .moves()
        .iter()
        .enumerate()
        .map(|(i, &m)| rules::notation::notation_with_suffix(&g.positions()[i], m))
        .collect();
    assert_eq!(read.moves, ours);
    assert_same_game(&import(&text), g);
    text
}

fn tag<'a>(text: &'a str, name: &str) -> Option<&'a str> {
    let prefix = format!("[{name} \"");
    text.lines()
        .find_map(|l| l.strip_prefix(prefix.as_str()))
        .and_then(|v| v.strip_suffix("\"]"))
}

#[test]
fn the_restated_importer_accepts_what_the_public_game_writes() {
    let read = importer::import(PUBLIC_GAME).unwrap();
    assert_eq!(read.moves.len(), 17);
    assert!(read.tags.iter().any(|(n, v)| n == "Round" && v == "-"));
    // The opening of its notation guide, with a BOM, CRLF, a comment and `$1`.
    let guide =
        "\u{feff}[Result \"*\"]\r\n[Variant \"Fourfold-4x4x2x2\"]\r\n[Format \"PGN4D\"]\r\n\
        [FormatVersion \"1\"]\r\n[Notation \"LAN4D\"]\r\n[SetUp \"1\"]\r\n\
        [FEN4D \"4/4/PPPP/RNKQ|4/4/4/1BR1|1rb1/4/4/4|qknr/pppp/4/4 w 0 1\"]\r\n\r\n\
        1.Bb1@10-b1@01 {a bishop along Z and W} Rb4@01xb1@01 $1 2. Kc1@00xb1@01 d3@11-d2@11 *\r\n";
    assert_eq!(importer::import(guide).unwrap().moves.len(), 4);
    assert_eq!(import(guide).moves().len(), 4);
}

#[test]
fn the_restated_importer_refuses_what_the_public_game_refuses() {
    let refused = |text: &str, why: &str| {
        let e = importer::import(text)
            .err()
            .unwrap_or_else(|| panic!("accepted:\n{text}"));
        assert!(e.contains(why), "{e}");
    };
    // Without the format tags (what this project wrote before).
    refused(OLDER_PUBLIC_GAME, "needs [Format");
    refused(&PUBLIC_GAME.replace("[SetUp \"1\"]\n", ""), "needs [SetUp");
    // A result the final position does not give: a resignation written as 1-0.
    let resigned = PUBLIC_GAME
        .replace("Qd1@00xb3@00# 1-0", "1-0")
        .replace("9. 1-0", "1-0");
    refused(&resigned, "result does not match the position: expected *");
    refused(
        &PUBLIC_GAME.replace("[Result \"1-0\"]", "[Result \"*\"]"),
        "disagree",
    );
    refused(
        &PUBLIC_GAME.replace("Qd1@00xb3@00#", "Qd1@00xb3@00+"),
        "expected Qd1@00xb3@00#",
    );
    refused(&PUBLIC_GAME.replace("6. Nb3", "7. Nb3"), "move number 7.");
    refused(
        &PUBLIC_GAME.replace("[Round \"-\"]", "[Round \"-\"]\n[Round \"1\"]"),
        "duplicate",
    );
    refused(
        &PUBLIC_GAME.replace("Player", &"x".repeat(201)),
        "invalid White",
    );
    refused(
        &PUBLIC_GAME.replace(" 1-0\n", " {open 1-0\n"),
        "unclosed comment",
    );
    refused(&PUBLIC_GAME.replace("w 0 1", "w 101 1"), "bad counters");
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
    assert_eq!(import(OLDER_PUBLIC_GAME).moves().len(), 3);
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
fn public_export_passes_the_importer_and_comes_back() {
    let g = import(PUBLIC_GAME);
    let text = export_public(&g, &[("Event".into(), "Casual game".into())], &[]).unwrap();
    for (name, value) in [
        ("Event", "Casual game"),
        ("Variant", "Fourfold-4x4x2x2"),
        ("Format", "PGN4D"),
        ("FormatVersion", "1"),
        ("Notation", "LAN4D"),
        ("SetUp", "1"),
        ("FEN4D", START),
        ("Result", "1-0"),
        ("Termination", "checkmate"),
    ] {
        assert_eq!(tag(&text, name), Some(value), "{name}\n{text}");
    }
    assert_eq!(tag(&text, DECLARED_RESULT_TAG), None, "{text}");
    assert!(!text.contains("[Position"), "{text}");
    let movetext = text.replace('\n', " ");
    assert!(movetext.contains("c3@00-c4@00=Q Na4@01xc4@00"), "{text}");
    assert!(movetext.contains("Qd1@00xb3@00# 1-0"), "{text}");
    assert_public_round_trip(&g);
    // Unfinished, from the start and from a set position with Black to move.
    assert_public_round_trip(&seeded_game(7, 9));
    let mut from_black = from_position(&PROMOTION_MATE.replace("w 0 1", "b 0 7"));
    from_black.play_text("Ka4@00-a3@00").unwrap();
    from_black.play_text("b3@11-b4@11=Q").unwrap();
    let text = assert_public_round_trip(&from_black);
    assert!(
        text.contains("7... Ka4@00-a3@00 8. b3@11-b4@11=Q+ *"),
        "{text}"
    );
    let mut mate = from_position(PROMOTION_MATE);
    mate.play_text("b3@11-b4@11=Q").unwrap();
    assert!(assert_public_round_trip(&mate).contains("1. b3@11-b4@11=Q# 1-0"));
}

#[test]
fn seeded_games_in_public_form_pass_the_importer() {
    let mut finished = 0;
    for seed in [4, 7] {
        let g = seeded_game(seed, 120);
        finished += usize::from(g.is_over());
        assert_public_round_trip(&g);
    }
    assert!(finished > 0, "some games end by the rules");
}

/// Plays move tokens on a game from a position string.
fn played(position: &str, tokens: &[&str]) -> Game<FourfoldPosition> {
    let mut g = from_position(position);
    for t in tokens {
        g.play_token(t).unwrap_or_else(|e| panic!("{t}: {e}"));
    }
    g
}

#[test]
fn draws_the_importer_derives_are_written_as_draws() {
    let kings_and_rook = "k3/4/4/4|4/4/4/3K|4/4/4/4|3R/4/4/4 w 0 1";
    let there = ["d1@10c1@10", "a4@00b4@00", "c1@10d1@10", "b4@00a4@00"];
    let repeated = played(kings_and_rook, &[there, there].concat());
    let fifty = played(&kings_and_rook.replace("w 0 1", "w 98 1"), &there[..2]);
    let bare = played("k3/1Q2/4/4|4/4/4/3K|4/4/4/4|4/4/4/4 b 0 1", &["a4@00b3@00"]);
    for (g, termination) in [
        (repeated, Termination::Repetition),
        (fifty, Termination::FiftyMoves),
        (bare, Termination::InsufficientMaterial),
    ] {
        assert_eq!(g.outcome(), Some(Outcome::draw(termination)));
        let text = assert_public_round_trip(&g);
        assert_eq!(tag(&text, "Result"), Some("1/2-1/2"), "{text}");
        assert_eq!(tag(&text, "Termination"), Some(termination.id()), "{text}");
    }
}

#[test]
fn declared_results_are_written_as_unfinished_with_our_tag() {
    type Declare = fn(&mut Game<FourfoldPosition>);
    let cases: [(Declare, &str, &str); 3] = [
        (
            |g| _ = g.resign(Color::Black).unwrap(),
            "1-0",
            "resignation",
        ),
        (|g| _ = g.agree_draw().unwrap(), "1/2-1/2", "agreement"),
        (|g| _ = g.lose_on_time(Color::White).unwrap(), "0-1", "time"),
    ];
    for (declare, result, reason) in cases {
        let mut g = seeded_game(3, 11);
        declare(&mut g);
        assert!(g.declared().is_some());
        let text = assert_public_round_trip(&g);
        assert_eq!(tag(&text, "Result"), Some("*"), "{text}");
        assert!(text.trim_end().ends_with(" *"), "{text}");
        assert_eq!(tag(&text, DECLARED_RESULT_TAG), Some(result), "{text}");
        assert_eq!(tag(&text, "Termination"), Some(reason), "{text}");
        assert_eq!(import(&text).declared(), g.declared(), "{text}");
    }
}

#[test]
fn declared_result_tags_that_contradict_the_record_are_named() {
    let g = seeded_game(3, 4);
    let base = public(&g);
    let with = |value: &str| {
        base.replace(
            "[Result \"*\"]",
            &format!("[Result \"*\"]\n[{DECLARED_RESULT_TAG} \"{value}\"]"),
        )
    };
    let error = |text: &str| {
        record::replay::<FourfoldPosition>(&Record::parse(text).unwrap())
            .err()
            .unwrap_or_else(|| panic!("accepted:\n{text}"))
            .to_string()
    };
    let e = error(&with("2-0"));
    assert!(e.contains("DeclaredResult") && e.contains("\"2-0\""), "{e}");
    let e = error(&with("1-0").replace(" *\n", " 1-0\n"));
    assert!(e.contains("given with the result 1-0"), "{e}");
    let mut mate = from_position(PROMOTION_MATE);
    mate.play_text("b3@11-b4@11=Q").unwrap();
    let mated = public(&mate).replace(
        "[Result \"1-0\"]",
        &format!("[Result \"1-0\"]\n[{DECLARED_RESULT_TAG} \"1-0\"]"),
    );
    let e = error(&mated);
    assert!(e.contains("given with the result 1-0"), "{e}");
    let e = error(
        &mated
            .replace("\"1-0\"]\n[Dec", "\"*\"]\n[Dec")
            .replace("# 1-0", "# *"),
    );
    assert!(e.contains("already end by checkmate"), "{e}");
}

#[test]
fn public_form_rewrites_any_fourfold_record_with_its_tags_and_comments() {
    let mut g = seeded_game(5, 6);
    g.resign(Color::White).unwrap();
    let comments: Vec<Option<String>> = (0..6)
        .map(|i| (i % 2 == 0).then(|| format!("+0.{i}5")))
        .collect();
    let tags = [
        ("White".to_string(), "Player".to_string()),
        ("TimeControl".into(), "600+5".into()),
    ];
    let own = record::export(&g, &tags, &comments);
    let text = public_form(&own).unwrap();
    assert_eq!(text, export_public(&g, &tags, &comments).unwrap());
    assert_eq!(RecordForm::Public.write(&own).unwrap(), text);
    assert_eq!(RecordForm::Own.write(&own).unwrap(), own);
    importer::import(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(tag(&text, "TimeControl"), Some("600+5"));
    let (back, back_comments) = import_with_comments(&text);
    assert_same_game(&back, &g);
    assert_eq!(back_comments, comments);
    // A public record keeps its tags; the older form gains the format tags.
    let again = public_form(PUBLIC_GAME).unwrap();
    importer::import(&again).unwrap_or_else(|e| panic!("{e}\n{again}"));
    assert_same_game(&import(&again), &import(PUBLIC_GAME));
    assert_eq!(tag(&again, "Site"), Some("intuitionmachine.com"));
    importer::import(&public_form(OLDER_PUBLIC_GAME).unwrap()).unwrap();
    assert_eq!("public".parse(), Ok(RecordForm::Public));
    assert_eq!("own".parse(), Ok(RecordForm::Own));
    let e = "PGN4D".parse::<RecordForm>().unwrap_err().to_string();
    assert!(
        e.contains("own or public") && e.contains("\"PGN4D\""),
        "{e}"
    );
}

#[test]
fn what_the_public_form_cannot_hold_is_refused_by_name() {
    let g = seeded_game(2, 5);
    let refused = |tags: &[(&str, &str)]| {
        let tags: Vec<(String, String)> = tags
            .iter()
            .map(|(n, v)| (n.to_string(), v.to_string()))
            .collect();
        export_public(&g, &tags, &[]).unwrap_err()
    };
    let long = "x".repeat(201);
    let e = refused(&[("White", long.as_str())]);
    assert!(
        matches!(&e, PublicFormError::Tag { tag, .. } if tag == "White"),
        "{e}"
    );
    assert!(e.to_string().contains("longer than 200"), "{e}");
    // Other tags may be longer, up to 800 units as written (a quote counts twice).
    export_public(&g, &[("Annotator".into(), "x".repeat(800))], &[]).unwrap();
    let e = refused(&[("Annotator", format!("\"{}", "x".repeat(799)).as_str())]);
    assert!(e.to_string().contains("longer than 800"), "{e}");
    let e = refused(&[("Event", "a\tb")]);
    assert!(
        e.to_string().contains("Event") && e.to_string().contains("control"),
        "{e}"
    );
    let e = refused(&[("1st", "x")]);
    assert!(e.to_string().contains("tag 1st"), "{e}");
    let e = refused(&[("Event", "a"), ("Event", "b")]);
    assert!(e.to_string().contains("twice"), "{e}");
    let many: Vec<(String, String)> = (0..35).map(|i| (format!("T{i}"), "x".into())).collect();
    let e = export_public(&g, &many, &[]).unwrap_err();
    assert_eq!(e, PublicFormError::TooManyTags(42));
    let e = export_public(&g, &[], &[None, Some("a {nested} note".into())]).unwrap_err();
    assert!(matches!(e, PublicFormError::Comment { ply: 2, .. }), "{e}");
    let e =
        export_public(&from_position(&START.replace("w 0 1", "w 101 1")), &[], &[]).unwrap_err();
    assert_eq!(e, PublicFormError::HalfmoveClock(101));
    assert!(e.to_string().contains("at most 100 half-moves"), "{e}");
    let trid = "[Variant \"trid\"]\n\n*\n";
    assert_eq!(
        public_form(trid),
        Err(PublicFormError::NotFourfold(Variant::Trid))
    );
    let bad = PUBLIC_GAME.replace("Rb4@01xb3@01", "Rb4@01xb2@01");
    let e = public_form(&bad).unwrap_err();
    assert!(
        matches!(e, PublicFormError::Record(RecordError::Move { .. })),
        "{e}"
    );
}

#[test]
fn own_export_round_trips() {
    let g = import(PUBLIC_GAME);
    let text = record::export(&g, &[], &[]);
    assert!(text.contains("[Variant \"fourfold\"]"), "{text}");
    assert_same_game(&import(&text), &g);
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
