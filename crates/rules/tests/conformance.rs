//! One conformance suite, run for every variant and rule set over random games: the
//! incremental hash equals a fresh computation, undo (and the null move's undo) restores
//! the position exactly, position strings round-trip, every generated move is legal, the
//! move listener's list, count and early stop agree, the moves and check agree with the
//! variant's own simple generator at every position and two plies deep (perft 2, move by move)
//! from where the game ends, records export and import the same game, and mangled
//! position strings give an error or a valid position, never a panic.
//!
//! The simple generators (`*_naive`, `*_reference`) stay one per variant: they are
//! written apart from the crate and from each other on purpose.

mod fourfold_naive;
mod quadlevel_reference;
mod stacked_reference;
mod trid_naive;

use proptest::prelude::*;
use rules::fourfold::FourfoldPosition;
use rules::game::Game;
use rules::position_string::MAX_LENGTH;
use rules::quadlevel::QuadlevelPosition;
use rules::record::{self, Record};
use rules::stacked::StackedPosition;
use rules::trid::TridPosition;
use rules::{MoveBatch, Position, Setup};
use std::collections::BTreeSet;
use std::ops::ControlFlow;

/// A variant under test: where its random games start, and its simple generator.
trait Subject {
    type P: Position;

    /// Setups with a start position string (`None`: the setup's standard start).
    fn starts() -> Vec<(Setup, Option<&'static str>)>;

    /// The simple generator's legal move tokens in position `s`.
    fn reference_tokens(setup: &Setup, s: &str) -> BTreeSet<String>;

    /// Whether the simple generator sees the side to move in check in position `s`.
    fn reference_in_check(setup: &Setup, s: &str) -> bool;
}

struct Stacked;
struct Trid;
struct Quadlevel;
struct Fourfold;

fn setup(ids: (&str, Option<&str>, &[&str])) -> Setup {
    Setup::from_ids(ids.0, ids.1, ids.2).unwrap()
}

impl Subject for Stacked {
    type P = StackedPosition;

    fn starts() -> Vec<(Setup, Option<&'static str>)> {
        let s = setup(("stacked", None, &[]));
        vec![
            (s, None),
            // Castling both ways on both boards, promotions, pieces on their first move.
            (
                s,
                Some("8/8/8/8/8/8/PPPP1PPP/R3K2R|8/3P*4/8/8/8/8/8/8|r3k2r/pppp1ppp/8/8/8/8/8/8 w 0 1"),
            ),
        ]
    }

    fn reference_tokens(_: &Setup, s: &str) -> BTreeSet<String> {
        stacked_reference::RefPosition::parse(s)
            .legal_moves()
            .iter()
            .map(|m| m.token())
            .collect()
    }

    fn reference_in_check(_: &Setup, s: &str) -> bool {
        stacked_reference::RefPosition::parse(s).in_check()
    }
}

impl Subject for Trid {
    type P = TridPosition;

    fn starts() -> Vec<(Setup, Option<&'static str>)> {
        [
            ("federation", &[][..]),
            ("federation", &["rook-pawns"][..]),
            ("meder", &[][..]),
            ("stepwise", &[][..]),
        ]
        .into_iter()
        .map(|(rules, options)| (setup(("trid", Some(rules), options)), None))
        .collect()
    }

    fn reference_tokens(setup: &Setup, s: &str) -> BTreeSet<String> {
        trid_naive::Naive::parse(setup.rules().id(), setup.options().rook_pawns, s)
            .legal()
            .into_iter()
            .map(|(token, _)| token)
            .collect()
    }

    fn reference_in_check(setup: &Setup, s: &str) -> bool {
        let white = s.split_whitespace().nth(2) == Some("w");
        trid_naive::Naive::parse(setup.rules().id(), setup.options().rook_pawns, s)
            .king_attacked_pub(white)
    }
}

impl Subject for Quadlevel {
    type P = QuadlevelPosition;

    fn starts() -> Vec<(Setup, Option<&'static str>)> {
        let standard = setup(("quadlevel", None, &[]));
        let dbk = setup(("quadlevel", None, &["destroy-both-kings"]));
        let mut starts = Vec::new();
        for s in [standard, dbk] {
            starts.push((s, None));
            // Castling both ways, en passant, promotions, king removal.
            starts.extend([
                Some("r2r/4/4/4/4/4/4/R2R|1k2/pppp/4/4/4/4/PPPP/1K2|2k1/pppp/4/4/4/4/PPPP/2K1|r2r/4/4/4/4/4/4/R2R w - 0 1"),
                Some("4/4/4/4/4/4/4/4|1k2/3p/4/2P1/4/4/4/1K2|2k1/2p1/4/4/4/4/4/2K1|4/4/4/4/4/4/4/4 b - 0 1"),
                Some("n1n1/1P2/4/4/4/4/4/4|k*n2/4/4/4/4/4/4/1K2|2k1/4/4/4/4/4/p3/2K1|4/4/4/4/4/4/4/N3 w - 0 1"),
                Some("4/4/4/4/4/4/PPn1/K*N2|1k2/4/4/4/4/4/P3/B3|2k1/4/4/4/4/4/4/3B|4/4/4/4/4/4/1nPP/2NK* w - 0 1"),
            ].map(|start| (s, start)));
        }
        // A locked last king (destroy-both-kings only).
        starts.push((
            dbk,
            Some("4/4/4/4/4/n3/P3/4|1k2/4/4/4/4/4/4/4|2k1/4/4/4/4/4/4/4|4/4/4/3K*/4/4/4/4 w - 0 1"),
        ));
        starts
    }

    fn reference_tokens(setup: &Setup, s: &str) -> BTreeSet<String> {
        quadlevel_reference::RefPos::parse(s, setup.options().destroy_both_kings).legal_tokens()
    }

    fn reference_in_check(setup: &Setup, s: &str) -> bool {
        quadlevel_reference::RefPos::parse(s, setup.options().destroy_both_kings).in_check()
    }
}

impl Subject for Fourfold {
    type P = FourfoldPosition;

    fn starts() -> Vec<(Setup, Option<&'static str>)> {
        vec![(setup(("fourfold", None, &[])), None)]
    }

    fn reference_tokens(_: &Setup, s: &str) -> BTreeSet<String> {
        fourfold_naive::Naive::parse(s).legal_tokens()
    }

    fn reference_in_check(_: &Setup, s: &str) -> bool {
        fourfold_naive::Naive::parse(s).in_check()
    }
}

fn start<S: Subject>(index: usize) -> (Setup, S::P) {
    let starts = S::starts();
    let (setup, s) = starts[index % starts.len()];
    let pos = match s {
        None => S::P::start(&setup).unwrap(),
        Some(s) => S::P::from_position_string(&setup, s).unwrap(),
    };
    (setup, pos)
}

/// A game from start `index`, each choice picking a legal move by index, until the
/// choices run out or the game ends.
fn random_game<S: Subject>(index: usize, choices: &[u16]) -> (Setup, Game<S::P>) {
    let (setup, pos) = start::<S>(index);
    let mut game = Game::new(pos);
    for &c in choices {
        if game.is_over() {
            break;
        }
        let moves = game.position().legal_moves();
        game.play(moves[c as usize % moves.len()]).unwrap();
    }
    (setup, game)
}

fn tokens<P: Position>(pos: &P) -> BTreeSet<String> {
    pos.legal_moves()
        .into_iter()
        .map(|m| pos.move_token(m))
        .collect()
}

/// Every invariant of one position, and of each position one move on.
fn check_position<S: Subject>(setup: &Setup, pos: &S::P) {
    let s = pos.position_string();
    assert_eq!(pos.hash(), pos.compute_hash(), "hash of {s}");
    let again = S::P::from_position_string(setup, &s).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(&again, pos, "{s} reads back as another position");
    assert_eq!(again.position_string(), s);

    // The listener's list, count and early stop agree.
    let moves = pos.legal_moves();
    let mut listed = Vec::new();
    let mut counted = 0;
    let full = pos.generate_moves(|batch| {
        counted += batch.len();
        listed.extend(batch);
        ControlFlow::Continue(())
    });
    assert!(full.is_continue());
    assert_eq!(listed, moves, "{s}");
    assert_eq!(counted, moves.len());
    assert_eq!(pos.count_legal(), moves.len() as u64);
    assert_eq!(pos.has_legal_move(), !moves.is_empty(), "{s}");
    let mut seen = 0;
    let stopped = pos.generate_moves(|batch| {
        seen += batch.len();
        if seen > 0 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    assert_eq!(stopped.is_break(), !moves.is_empty(), "{s}");
    assert!(seen <= moves.len());

    assert_eq!(
        tokens(pos),
        S::reference_tokens(setup, &s),
        "our moves (left) and the simple generator's (right) in {s}"
    );
    assert_eq!(
        pos.in_check(),
        S::reference_in_check(setup, &s),
        "check in {s}"
    );

    for &m in &moves {
        let mut after = pos.clone();
        let undo = after.play(m);
        // Legal: the parser refuses a position whose side to move could take a king.
        let text = after.position_string();
        assert!(
            S::P::from_position_string(setup, &text).is_ok(),
            "{} leaves a king attacked in {s}",
            pos.move_token(m)
        );
        assert_eq!(
            after.hash(),
            after.compute_hash(),
            "hash after {}",
            pos.move_token(m)
        );
        after.undo(m, undo);
        assert_eq!(&after, pos, "undo of {} in {s}", pos.move_token(m));
    }

    if !pos.in_check() {
        let mut passed = pos.clone();
        let undo = passed.play_null();
        assert_ne!(passed.hash(), pos.hash());
        assert_eq!(passed.hash(), passed.compute_hash());
        passed.undo_null(undo);
        assert_eq!(&passed, pos, "null move undo in {s}");
    }
}

/// Perft 2 against the simple generator, move by move: the same moves here and in every
/// position one move on.
fn agree_two_plies<S: Subject>(setup: &Setup, pos: &S::P) {
    let s = pos.position_string();
    assert_eq!(tokens(pos), S::reference_tokens(setup, &s), "in {s}");
    for m in pos.legal_moves() {
        let mut after = pos.clone();
        after.play(m);
        let text = after.position_string();
        assert_eq!(
            tokens(&after),
            S::reference_tokens(setup, &text),
            "after {} in {s}",
            pos.move_token(m)
        );
    }
}

fn random_games_keep_every_invariant<S: Subject>(index: usize, choices: &[u16]) {
    let (setup, game) = random_game::<S>(index, choices);
    for pos in game.positions() {
        check_position::<S>(&setup, pos);
    }
    agree_two_plies::<S>(&setup, game.position());
}

fn records_export_and_import_the_same_game<S: Subject>(index: usize, choices: &[u16]) {
    let (_, game) = random_game::<S>(index, choices);
    let comments: Vec<Option<String>> = (0..game.moves().len())
        .map(|i| (i % 3 == 0).then(|| format!("+0.{i}")))
        .collect();
    let text = record::export(&game, &[("Event".into(), "Test".into())], &comments);
    let rec = Record::parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let (back, read_comments) =
        record::replay::<S::P>(&rec).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(back.moves(), game.moves());
    assert_eq!(back.position(), game.position());
    assert_eq!(back.status(), game.status());
    assert_eq!(read_comments, comments);
}

/// A valid string with a few characters replaced: an error, or a valid position.
fn mangled_strings_never_panic<S: Subject>(index: usize, at: usize, insert: &str) {
    let (setup, pos) = start::<S>(index);
    let mut chars: Vec<char> = pos.position_string().chars().collect();
    let at = at % (chars.len() + 1);
    chars.splice(at..(at + 2).min(chars.len()), insert.chars());
    let mangled: String = chars.into_iter().collect();
    if let Ok(p) = S::P::from_position_string(&setup, &mangled) {
        assert_eq!(p.hash(), p.compute_hash());
        let again = S::P::from_position_string(&setup, &p.position_string()).unwrap();
        assert_eq!(again, p, "{mangled}");
        let _ = p.legal_moves();
    }
}

/// Every variant refuses an over-long string before reading it, showing only its start.
fn over_long_strings_are_refused<S: Subject>() {
    let (setup, pos) = start::<S>(0);
    let s = pos.position_string();
    let long = format!("{s}{}", " ".repeat(MAX_LENGTH));
    let e = S::P::from_position_string(&setup, &long).unwrap_err();
    assert!(e.reason.contains("longer than the 2000"), "{}", e.reason);
    assert!(e.input.len() < 300);
    // Whitespace between fields is free, so the same string padded to the limit reads.
    let padded = format!("{s}{}", " ".repeat(MAX_LENGTH - s.len()));
    assert_eq!(S::P::from_position_string(&setup, &padded).unwrap(), pos);
}

/// The suite for one variant, with its number of random games.
macro_rules! conformance {
    ($name:ident, $subject:ty, $games:expr) => {
        mod $name {
            use super::*;

            proptest! {
                #![proptest_config(ProptestConfig::with_cases($games))]

                #[test]
                fn random_games_keep_every_invariant(
                    index in 0usize..16,
                    choices in prop::collection::vec(any::<u16>(), 0..80),
                ) {
                    super::random_games_keep_every_invariant::<$subject>(index, &choices);
                }

                #[test]
                fn records_export_and_import_the_same_game(
                    index in 0usize..16,
                    choices in prop::collection::vec(any::<u16>(), 0..60),
                ) {
                    super::records_export_and_import_the_same_game::<$subject>(index, &choices);
                }
            }

            proptest! {
                #![proptest_config(ProptestConfig::with_cases(256))]

                #[test]
                fn mangled_strings_never_panic(
                    index in 0usize..16,
                    at in any::<usize>(),
                    insert in "[ -~é♔]{0,4}",
                ) {
                    super::mangled_strings_never_panic::<$subject>(index, at, &insert);
                }
            }

            #[test]
            fn over_long_strings_are_refused() {
                super::over_long_strings_are_refused::<$subject>();
            }
        }
    };
}

conformance!(stacked, Stacked, 48);
conformance!(trid, Trid, 48);
conformance!(quadlevel, Quadlevel, 48);
conformance!(fourfold, Fourfold, 48);
