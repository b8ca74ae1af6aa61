//! The behaviour every [`GameStore`] owes the service, written once over `impl GameStore`
//! and run against each implementation (`stores!` at the end).

use super::*;
use crate::server::kinds::EvalSource;
use rating::Rating;
use rules::Termination;

const PLAYER: &str = "0123456789abcdef0123456789abcdef";

pub fn sample(id: &str) -> StoredGame {
    StoredGame {
        id: id.into(),
        version: 0,
        created_at: 100,
        client: "127.0.0.1".into(),
        variant: "stacked".into(),
        rules: None,
        options: String::new(),
        mode: Mode::Computer,
        human: Some(Color::White),
        level: Some(Level::Depth(2)),
        initial_ms: Some(60_000),
        increment_ms: Some(1000),
        start_position: None,
        declared: None,
        result: None,
        finished: false,
        white_player: Some(PLAYER.into()),
        black_player: None,
        invite: None,
        offer: None,
        turn_started_ms: None,
    }
}

pub fn mv(ply: u32, token: &str) -> StoredMove {
    StoredMove {
        ply,
        token: token.into(),
        eval: None,
        white_ms: Some(1),
        black_ms: Some(2),
    }
}

fn outcome(winner: Option<Color>, termination: Termination) -> Outcome {
    Outcome {
        winner,
        termination,
    }
}

/// A game as stored, without the time its turn began (the database's clock, which only
/// the PostgreSQL store keeps: its own tests check it).
fn load(s: &impl GameStore, id: &str) -> (StoredGame, Vec<StoredMove>) {
    let (mut g, moves) = s.load_game(id).unwrap().unwrap();
    g.turn_started_ms = None;
    (g, moves)
}

/// Every typed field comes back as written: modes, colours, levels, results, offers,
/// evaluations with their sources.
pub fn typed_rows_round_trip(s: &impl GameStore) {
    let online = StoredGame {
        variant: "trid".into(),
        rules: Some("stepwise".into()),
        options: "a,b".into(),
        mode: Mode::Online,
        human: Some(Color::Black),
        level: Some(Level::Max),
        start_position: Some("some position".into()),
        declared: Some(outcome(Some(Color::White), Termination::Resignation)),
        result: Some(outcome(Some(Color::White), Termination::Resignation)),
        finished: true,
        black_player: Some("f".repeat(32)),
        invite: Some("c".repeat(32)),
        offer: Some((OfferKind::Rematch, Color::Black)),
        ..sample("online")
    };
    let moves = [
        StoredMove {
            eval: Some(Eval {
                pawns: -1.25,
                source: Some(EvalSource::Record),
                depth: None,
            }),
            ..mv(0, "x")
        },
        StoredMove {
            eval: Some(Eval {
                pawns: 0.5,
                source: Some(EvalSource::Computer),
                depth: Some(7),
            }),
            white_ms: None,
            black_ms: None,
            ..mv(1, "y")
        },
        mv(2, "z"),
    ];
    s.insert_game(&online, &moves).unwrap();
    assert_eq!(load(s, "online"), (online.clone(), moves.to_vec()));
    let bare = StoredGame {
        mode: Mode::Local,
        human: None,
        level: None,
        initial_ms: None,
        increment_ms: None,
        white_player: None,
        ..sample("bare")
    };
    s.insert_game(&bare, &[]).unwrap();
    assert_eq!(load(s, "bare"), (bare, Vec::new()));
    // A draw has no winner; the summary carries the same typed result.
    let drawn = StoredGame {
        result: Some(outcome(None, Termination::Repetition)),
        finished: true,
        ..sample("drawn")
    };
    s.insert_game(&drawn, &[]).unwrap();
    assert_eq!(load(s, "drawn").0, drawn);
    let page = s.player_games(PLAYER, None, 10).unwrap();
    let summary = |id: &str| page.iter().find(|g| g.id == id).unwrap().clone();
    let o = summary("online");
    assert_eq!(
        (o.mode, o.human, o.level, o.result, o.moves, o.finished),
        (
            Mode::Online,
            Some(Color::Black),
            Some(Level::Max),
            online.result,
            3,
            true
        )
    );
    assert_eq!(summary("drawn").result, drawn.result);
}

/// Every change moves the game one version on and returns it; a write naming an older
/// version is refused with `Conflict` and changes nothing, moves included.
pub fn a_stale_version_is_refused_and_changes_nothing(s: &impl GameStore) {
    s.insert_game(&sample("a"), &[mv(0, "x")]).unwrap();
    let eval = Eval::quick(0.25);
    let seats = StoredSeats {
        white: Some(PLAYER.into()),
        black: Some("f".repeat(32)),
        invite: None,
    };
    let resign = outcome(Some(Color::Black), Termination::Resignation);
    let offer = Some((OfferKind::Draw, Color::White));
    // Each change at a stale version (one behind, and one ahead), then at the fresh one.
    let names = [
        "append_move",
        "set_eval",
        "set_offer",
        "set_seats",
        "declare_result",
        "truncate_moves",
    ];
    let step = |i: usize, v: Version| match i {
        0 => s.append_move("a", v, &mv(1, "y"), None),
        1 => s.set_eval("a", v, 1, eval),
        2 => s.set_offer("a", v, offer),
        3 => s.set_seats("a", v, &seats),
        4 => s.declare_result("a", v, resign),
        _ => s.truncate_moves("a", v, 1),
    };
    for (i, what) in names.into_iter().enumerate() {
        let fresh = i as Version;
        let before = load(s, "a");
        assert_eq!(before.0.version, fresh, "{what}");
        for stale in [fresh.wrapping_sub(1), fresh + 1] {
            assert_eq!(
                step(i, stale),
                Err(StoreError::Conflict {
                    game_id: "a".into(),
                    read: stale
                }),
                "{what} at version {stale}"
            );
            assert_eq!(load(s, "a"), before, "{what} refused changed nothing");
        }
        assert_eq!(step(i, fresh), Ok(fresh + 1), "{what}");
        assert_ne!(load(s, "a"), before, "{what} was applied");
    }
    // What the fresh writes did, in order.
    let (g, moves) = load(s, "a");
    assert_eq!(moves.len(), 1, "the take back removed the move");
    assert_eq!((g.declared, g.offer, g.finished), (None, None, false));
    assert_eq!(g.black_player, seats.black);
    // A stale deletion leaves the game; a fresh one removes it.
    let v = g.version;
    assert!(matches!(
        s.delete_game("a", v - 1),
        Err(StoreError::Conflict { .. })
    ));
    assert!(s.load_game("a").unwrap().is_some());
    s.delete_game("a", v).unwrap();
    assert!(s.load_game("a").unwrap().is_none());
    // A game that is gone refuses every change.
    assert!(matches!(
        s.append_move("a", v + 1, &mv(1, "y"), None),
        Err(StoreError::Conflict { .. })
    ));
    assert!(s.load_game("a").unwrap().is_none());
}

pub fn moves_round_trip_and_truncate(s: &impl GameStore) {
    s.insert_game(&sample("a"), &[]).unwrap();
    let mut v = s.append_move("a", 0, &mv(0, "x"), None).unwrap();
    v = s.append_move("a", v, &mv(1, "y"), None).unwrap();
    let searched = Eval {
        pawns: 0.5,
        source: Some(EvalSource::Computer),
        depth: Some(7),
    };
    v = s.set_eval("a", v, 1, searched).unwrap();
    let (g, moves) = load(s, "a");
    assert_eq!(
        g,
        StoredGame {
            version: 3,
            ..sample("a")
        }
    );
    assert_eq!(moves.len(), 2);
    assert_eq!(moves[1].eval, Some(searched));
    assert_eq!(moves[0].eval, None);
    // A move at an existing ply is refused, and the version stays: a stored move is
    // never overwritten.
    assert!(s.append_move("a", v, &mv(1, "z"), None).is_err());
    assert_eq!(load(s, "a").0.version, v);
    // So is the evaluation of a move that is not there.
    assert!(s.set_eval("a", v, 5, searched).is_err());
    assert_eq!(load(s, "a").0.version, v);
    // A move that ends the game stores its result; a take back forgets it.
    let mate = outcome(Some(Color::White), Termination::Checkmate);
    v = s.append_move("a", v, &mv(2, "m"), Some(mate)).unwrap();
    let g = load(s, "a").0;
    assert_eq!((g.result, g.finished, g.declared), (Some(mate), true, None));
    v = s.truncate_moves("a", v, 1).unwrap();
    let (g, moves) = load(s, "a");
    assert_eq!((moves.len(), g.result, g.finished), (1, None, false));
    assert!(s.load_game("b").unwrap().is_none());
    s.delete_game("a", v).unwrap();
    assert!(s.load_game("a").unwrap().is_none());
}

/// A new game's first moves are stored with it or not at all.
pub fn a_game_is_inserted_with_its_moves_or_not_at_all(s: &impl GameStore) {
    assert!(s
        .insert_game(&sample("a"), &[mv(0, "x"), mv(0, "again")])
        .is_err());
    assert!(s.load_game("a").unwrap().is_none());
    s.insert_game(&sample("a"), &[mv(0, "x"), mv(1, "y")])
        .unwrap();
    let (g, moves) = load(s, "a");
    assert_eq!((g.version, moves.len()), (0, 2));
    // An id already stored is refused.
    assert!(s.insert_game(&sample("a"), &[]).is_err());
}

pub fn concurrent_writers_keep_every_write(s: &impl GameStore) {
    for g in 0..8 {
        s.insert_game(&sample(&format!("g{g}")), &[]).unwrap();
    }
    std::thread::scope(|scope| {
        for g in 0..8 {
            scope.spawn(move || {
                let id = format!("g{g}");
                let mut v = 0;
                for ply in 0..20 {
                    v = s.append_move(&id, v, &mv(ply, "t"), None).unwrap();
                }
                // A failing write (duplicate ply) fails alone.
                assert!(s.append_move(&id, v, &mv(3, "t"), None).is_err());
            });
        }
    });
    for g in 0..8 {
        let (game, moves) = load(s, &format!("g{g}"));
        assert_eq!((game.version, moves.len()), (20, 20));
    }
}

pub fn finished_games_are_not_resumed(s: &impl GameStore) {
    s.insert_game(&sample("a"), &[]).unwrap();
    s.insert_game(&sample("b"), &[]).unwrap();
    let resign = outcome(Some(Color::Black), Termination::Resignation);
    s.declare_result("b", 0, resign).unwrap();
    let open: Vec<(String, u32)> = s
        .unfinished_games()
        .unwrap()
        .into_iter()
        .map(|(g, moves)| (g.id, moves))
        .collect();
    assert_eq!(open, [("a".to_string(), 0)]);
    let b = load(s, "b").0;
    assert_eq!(
        (b.declared, b.result, b.finished),
        (Some(resign), Some(resign), true)
    );
    assert_eq!(s.creations_since("127.0.0.1", 50).unwrap().0, 2);
    assert_eq!(s.creations_since("127.0.0.1", 150).unwrap().0, 0);
}

pub fn deleting_a_game_does_not_refund_the_quota(s: &impl GameStore) {
    s.insert_game(&sample("a"), &[]).unwrap();
    let later = StoredGame {
        created_at: 130,
        ..sample("b")
    };
    s.insert_game(&later, &[]).unwrap();
    s.delete_game("a", 0).unwrap();
    s.delete_game("b", 0).unwrap();
    assert_eq!(s.creations_since("127.0.0.1", 50).unwrap(), (2, Some(100)));
    assert_eq!(s.creations_since("127.0.0.1", 120).unwrap(), (1, Some(130)));
    assert_eq!(s.creations_since("10.0.0.9", 0).unwrap(), (0, None));
}

/// A rematch clears the old game's offer at the version read; a game has one rematch.
pub fn a_game_has_one_rematch_which_clears_its_offer(s: &impl GameStore) {
    let old = StoredGame {
        mode: Mode::Online,
        finished: true,
        offer: Some((OfferKind::Rematch, Color::White)),
        ..sample("old")
    };
    s.insert_game(&old, &[]).unwrap();
    assert_eq!(s.rematch_of("old").unwrap(), None);
    // From a stale copy of the old game: refused, nothing stored.
    assert!(matches!(
        s.insert_rematch(&sample("new"), "old", 5),
        Err(StoreError::Conflict { .. })
    ));
    assert!(s.load_game("new").unwrap().is_none());
    assert_eq!(s.rematch_of("old").unwrap(), None);
    assert_eq!(s.insert_rematch(&sample("new"), "old", 0), Ok(1));
    assert_eq!(s.rematch_of("old").unwrap().as_deref(), Some("new"));
    assert_eq!(load(s, "old").0.offer, None, "accepted with the insert");
    // A second rematch of the same game is refused, and leaves nothing behind.
    assert!(s.insert_rematch(&sample("twice"), "old", 1).is_err());
    assert!(s.load_game("twice").unwrap().is_none());
    assert_eq!(load(s, "old").0.version, 1);
    assert_eq!(s.rematch_of("old").unwrap().as_deref(), Some("new"));
    // Games that are no rematch do not collide with each other.
    s.insert_game(&sample("a"), &[]).unwrap();
    s.insert_game(&sample("b"), &[]).unwrap();
    assert_eq!(s.rematch_of("a").unwrap(), None);
}

pub fn open_games_and_invites_are_counted(s: &impl GameStore) {
    s.insert_game(&sample("a"), &[]).unwrap();
    let b = StoredGame {
        white_player: None,
        black_player: Some(PLAYER.into()),
        ..sample("b")
    };
    s.insert_game(&b, &[]).unwrap();
    let c = StoredGame {
        client: "10.0.0.1".into(),
        white_player: Some("f".repeat(32)),
        mode: Mode::Online,
        invite: Some("1".repeat(32)),
        ..sample("c")
    };
    s.insert_game(&c, &[]).unwrap();
    assert_eq!(s.open_games(PLAYER, "127.0.0.1").unwrap(), (2, 2));
    let agreed = outcome(None, Termination::Agreement);
    s.declare_result("a", 0, agreed).unwrap();
    assert_eq!(s.open_games(PLAYER, "127.0.0.1").unwrap(), (1, 1));
    assert_eq!(s.open_games(&"f".repeat(32), "10.0.0.1").unwrap(), (1, 1));
    assert_eq!(s.open_invites(&"f".repeat(32)).unwrap(), 1);
    assert_eq!(s.open_invites_from("10.0.0.1").unwrap(), 1);
    assert_eq!(
        s.game_of_invite(&"1".repeat(32)).unwrap().as_deref(),
        Some("c")
    );
    let taken = StoredSeats {
        white: c.white_player.clone(),
        black: Some(PLAYER.into()),
        invite: c.invite.clone(),
    };
    s.set_seats("c", 0, &taken).unwrap();
    assert_eq!(s.open_invites(&"f".repeat(32)).unwrap(), 0);
    assert_eq!(s.open_invites_from("10.0.0.1").unwrap(), 0);
}

pub fn a_players_games_come_newest_first_page_by_page_with_their_results(s: &impl GameStore) {
    for (i, id) in ["a", "b", "c", "d"].into_iter().enumerate() {
        let g = StoredGame {
            created_at: 100 + i as i64 / 2,
            ..sample(id)
        };
        s.insert_game(&g, &[]).unwrap();
    }
    let other = StoredGame {
        white_player: Some("f".repeat(32)),
        ..sample("other")
    };
    s.insert_game(&other, &[]).unwrap();
    let v = s.append_move("a", 0, &mv(0, "x"), None).unwrap();
    let mate = outcome(Some(Color::White), Termination::Checkmate);
    let v = s.append_move("a", v, &mv(1, "y"), Some(mate)).unwrap();
    s.declare_result("c", 0, outcome(None, Termination::Aborted))
        .unwrap();
    let ids = |page: &[GameSummary]| page.iter().map(|g| g.id.clone()).collect::<Vec<_>>();
    let first = s.player_games(PLAYER, None, 3).unwrap();
    assert_eq!(ids(&first), ["d", "c", "b"]);
    let last = first.last().unwrap();
    let second = s
        .player_games(PLAYER, Some((last.created_at, &last.id)), 3)
        .unwrap();
    assert_eq!(ids(&second), ["a"]);
    assert_eq!(second[0].moves, 2);
    assert_eq!(second[0].result, Some(mate));
    assert!(second[0].finished);
    assert_eq!(
        first[1].result.map(|o| o.termination),
        Some(Termination::Aborted)
    );
    assert_eq!(first[0].result, None);
    // A take back reopens the game and forgets its result.
    s.truncate_moves("a", v, 1).unwrap();
    let a = s
        .player_games(PLAYER, Some((last.created_at, &last.id)), 3)
        .unwrap();
    assert_eq!((a[0].finished, a[0].result), (false, None));
}

/// Plies are contiguous from 0: an append, or an imported record's move, at a ply past
/// the next one is refused, and nothing is written.
fn a_move_past_a_gap_is_refused(s: &impl GameStore) {
    let e = s.insert_game(&sample("a"), &[mv(0, "x"), mv(2, "z")]);
    assert!(
        matches!(&e, Err(StoreError::Failed(why)) if why.contains("ply 2")),
        "{e:?}"
    );
    assert!(s.load_game("a").unwrap().is_none());
    s.insert_game(&sample("a"), &[mv(0, "x")]).unwrap();
    let e = s.append_move("a", 0, &mv(2, "z"), None).unwrap_err();
    assert!(e.to_string().contains("next is ply 1"), "{e}");
    assert_eq!(load(s, "a").0.version, 0);
    assert_eq!(load(s, "a").1.len(), 1);
    assert_eq!(s.append_move("a", 0, &mv(1, "y"), None), Ok(1));
}

/// A stand-in for Glicko-2 that shows which way each rating moved and from what: the
/// solver gains 10 and the puzzle loses 10 (or the other way round), each deviation
/// shrinks by 1.
fn step(player: Rating, puzzle: Rating, solved: bool) -> (Rating, Rating) {
    let gain = if solved { 10.0 } else { -10.0 };
    let moved = |r: Rating, by: f64| Rating {
        rating: r.rating + by,
        deviation: r.deviation - 1.0,
        volatility: r.volatility,
    };
    (moved(player, gain), moved(puzzle, -gain))
}

fn rating(rating: f64, deviation: f64) -> Rating {
    Rating {
        rating,
        deviation,
        volatility: 0.06,
    }
}

fn attempt(player: &str, puzzle: &str, solved: bool, at_ms: i64) -> NewAttempt {
    NewAttempt {
        player: player.into(),
        puzzle: puzzle.into(),
        set: "fourfold".into(),
        solved,
        at_ms,
        player_start: rating(1500.0, 350.0),
        puzzle_start: rating(1700.0, 250.0),
        rate: step,
    }
}

/// A player's first attempt at a puzzle is rated from the starting ratings; a second
/// changes nothing and is answered with the current ratings; the ratings, the attempted
/// puzzles and the history read back.
fn only_the_first_attempt_at_a_puzzle_is_rated(s: &impl GameStore) {
    assert_eq!(s.player_puzzle_rating(PLAYER, "fourfold").unwrap(), None);
    assert_eq!(s.puzzle_rating("p1").unwrap(), None);
    let first = s.record_attempt(&attempt(PLAYER, "p1", true, 10)).unwrap();
    assert_eq!(
        first,
        AttemptRecord {
            rated: true,
            player_before: rating(1500.0, 350.0),
            player: rating(1510.0, 349.0),
            puzzle: rating(1690.0, 249.0),
        }
    );
    let again = s.record_attempt(&attempt(PLAYER, "p1", false, 20)).unwrap();
    assert_eq!(
        again,
        AttemptRecord {
            rated: false,
            player_before: rating(1510.0, 349.0),
            player: rating(1510.0, 349.0),
            puzzle: rating(1690.0, 249.0),
        }
    );
    // A missed puzzle moves both the other way, from the player's current rating.
    let missed = s.record_attempt(&attempt(PLAYER, "p2", false, 30)).unwrap();
    assert_eq!(
        (missed.rated, missed.player, missed.puzzle),
        (true, rating(1500.0, 348.0), rating(1710.0, 249.0))
    );
    // Another set starts afresh.
    let other = NewAttempt {
        set: "stacked".into(),
        ..attempt(PLAYER, "s1", true, 40)
    };
    assert_eq!(
        s.record_attempt(&other).unwrap().player_before,
        rating(1500.0, 350.0)
    );

    assert_eq!(
        s.player_puzzle_rating(PLAYER, "fourfold").unwrap(),
        Some(rating(1500.0, 348.0))
    );
    assert_eq!(s.puzzle_rating("p1").unwrap(), Some(rating(1690.0, 249.0)));
    let fourfold = s.puzzle_ratings("fourfold").unwrap();
    assert_eq!(fourfold.len(), 2);
    assert_eq!(fourfold["p2"], rating(1710.0, 249.0));
    let seen = s.attempted(PLAYER, "fourfold").unwrap();
    assert_eq!(seen, ["p1", "p2"].map(String::from).into());
    assert!(s.attempted("someone else", "fourfold").unwrap().is_empty());

    let (ratings, history) = s.player_puzzles(PLAYER, 2).unwrap();
    assert_eq!(
        ratings,
        [
            SetRating {
                set: "fourfold".into(),
                rating: rating(1500.0, 348.0),
                attempts: 2,
                solved: 1,
            },
            SetRating {
                set: "stacked".into(),
                rating: rating(1510.0, 349.0),
                attempts: 1,
                solved: 1,
            },
        ]
    );
    let entry = |puzzle: &str, set: &str, solved, rating_after, at_ms| StoredAttempt {
        puzzle: puzzle.into(),
        set: set.into(),
        solved,
        rated: true,
        rating_after,
        at_ms,
    };
    assert_eq!(
        history,
        [
            entry("s1", "stacked", true, 1510.0, 40),
            entry("p2", "fourfold", false, 1500.0, 30),
        ]
    );
    assert_eq!(s.player_puzzles(PLAYER, 200).unwrap().1.len(), 3);
}

/// Concurrent first attempts by one player at one puzzle are rated once; concurrent
/// attempts by different players at one puzzle each move its rating (none is lost).
fn concurrent_attempts_rate_once_and_lose_no_update(s: &impl GameStore) {
    let rated: Vec<bool> = std::thread::scope(|scope| {
        let tries: Vec<_> = (0..8)
            .map(|i| scope.spawn(move || s.record_attempt(&attempt(PLAYER, "p", true, i))))
            .collect();
        tries
            .into_iter()
            .map(|t| t.join().unwrap().unwrap().rated)
            .collect()
    });
    assert_eq!(rated.iter().filter(|r| **r).count(), 1, "{rated:?}");
    assert_eq!(
        s.player_puzzle_rating(PLAYER, "fourfold").unwrap(),
        Some(rating(1510.0, 349.0))
    );
    assert_eq!(s.puzzle_rating("p").unwrap(), Some(rating(1690.0, 249.0)));

    std::thread::scope(|scope| {
        for i in 0..8 {
            scope.spawn(move || {
                let player = format!("player{i}");
                let r = s.record_attempt(&attempt(&player, "q", true, 1)).unwrap();
                assert!(r.rated);
                assert_eq!(r.player, rating(1510.0, 349.0));
            });
        }
    });
    assert_eq!(s.puzzle_rating("q").unwrap(), Some(rating(1620.0, 242.0)));
}

/// One `#[test]` per behaviour above, each on a fresh store made by `$open`.
macro_rules! stores {
    ($module:ident, $open:expr, [$($test:ident),* $(,)?]) => {
        mod $module {
            $(
                #[test]
                fn $test() {
                    let (_keep, store) = $open;
                    super::$test(&store);
                }
            )*
        }
    };
}

/// Every behaviour above, once per store: a new shared test is named here only.
macro_rules! every_store {
    ($($test:ident),* $(,)?) => {
        stores!(sqlite, super::super::sqlite::tests::temp_store(), [$($test),*]);
        stores!(
            postgres,
            // Without PostgreSQL installed: a notice, and the test passes.
            match super::super::postgres::tests::temp_store() {
                Some(store) => store,
                None => return,
            },
            [$($test),*]
        );
    };
}

every_store!(
    typed_rows_round_trip,
    a_stale_version_is_refused_and_changes_nothing,
    moves_round_trip_and_truncate,
    a_game_is_inserted_with_its_moves_or_not_at_all,
    a_move_past_a_gap_is_refused,
    concurrent_writers_keep_every_write,
    finished_games_are_not_resumed,
    deleting_a_game_does_not_refund_the_quota,
    a_game_has_one_rematch_which_clears_its_offer,
    open_games_and_invites_are_counted,
    a_players_games_come_newest_first_page_by_page_with_their_results,
    only_the_first_attempt_at_a_puzzle_is_rated,
    concurrent_attempts_rate_once_and_lose_no_update,
);
