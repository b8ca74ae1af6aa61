//! The behaviour every [`GameStore`] owes the service, written once over `impl GameStore`
//! and run against each implementation (`stores!` at the end).

use super::*;
use crate::server::kinds::EvalSource;
use rating::Rating;
use rules::Termination;
use std::collections::HashMap;

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
        rated: false,
        per_move: false,
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
        rated: true,
        per_move: true,
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

/// Players for the community tests.
const ALICE: &str = "a0000000000000000000000000000000";
const BOB: &str = "b0000000000000000000000000000000";
const CAROL: &str = "c0000000000000000000000000000000";
const DAVE: &str = "d0000000000000000000000000000000";

/// Runs `work(i)` on `n` threads released together; their answers in thread order.
fn together<T: Send>(n: usize, work: impl Fn(usize) -> T + Sync) -> Vec<T> {
    let start = std::sync::Barrier::new(n);
    std::thread::scope(|scope| {
        let threads: Vec<_> = (0..n)
            .map(|i| {
                let (start, work) = (&start, &work);
                scope.spawn(move || {
                    start.wait();
                    work(i)
                })
            })
            .collect();
        threads.into_iter().map(|t| t.join().unwrap()).collect()
    })
}

/// A name is unique without regard to case; its holder may change its case; each
/// change after the first choice is counted.
fn names_are_unique_without_regard_to_case(s: &impl GameStore) {
    assert_eq!(s.name_of(ALICE).unwrap(), None);
    let first = s.set_name(ALICE, "Alice", 100).unwrap().unwrap();
    assert_eq!(
        first,
        NameRow {
            player: ALICE.into(),
            name: "Alice".into(),
            changed_at_ms: 100,
            changes: 0,
        }
    );
    assert_eq!(
        s.set_name(BOB, "aLiCe", 110).unwrap(),
        Err(NameRefusal::Taken)
    );
    assert_eq!(s.name_of(BOB).unwrap(), None, "a refused name sets nothing");
    let recased = s.set_name(ALICE, "ALICE", 200).unwrap().unwrap();
    assert_eq!(
        (
            recased.name.as_str(),
            recased.changes,
            recased.changed_at_ms
        ),
        ("ALICE", 1, 200)
    );
    assert_eq!(s.name_of(ALICE).unwrap(), Some(recased));
    assert_eq!(s.player_of_name("alice").unwrap().as_deref(), Some(ALICE));
    assert_eq!(s.player_of_name("bob").unwrap(), None);
    // A changed name frees the old one.
    s.set_name(ALICE, "Alicia", 300).unwrap().unwrap();
    assert_eq!(s.name_of(ALICE).unwrap().unwrap().changes, 2);
    assert_eq!(
        s.set_name(BOB, "alice", 310).unwrap().unwrap().name,
        "alice"
    );
    let names = s.names_of(&[ALICE, BOB, CAROL]).unwrap();
    assert_eq!(
        names,
        HashMap::from([
            (ALICE.to_string(), "Alicia".to_string()),
            (BOB.to_string(), "alice".to_string())
        ])
    );
    assert!(s.names_of(&[]).unwrap().is_empty());
    // Two players choosing one name at once: one gets it.
    for round in 0..4 {
        let name = format!("Racer{round}");
        let set = together(2, |i| {
            let player = [CAROL, DAVE][i];
            s.set_name(player, &name.to_uppercase(), 400).unwrap()
        });
        assert_eq!(set.iter().filter(|r| r.is_ok()).count(), 1, "{set:?}");
        assert_eq!(
            set.iter()
                .filter(|r| **r == Err(NameRefusal::Taken))
                .count(),
            1
        );
        let winner = s.player_of_name(&name).unwrap().unwrap();
        assert_eq!(
            s.name_of(&winner).unwrap().unwrap().name,
            name.to_uppercase()
        );
    }
}

/// An account needs a name, is made once per player, is found by its name in any case,
/// and is counted per address.
fn accounts_need_a_name_and_are_one_per_player(s: &impl GameStore) {
    assert_eq!(
        s.create_account(ALICE, "hash-a", 100, "10.0.0.1").unwrap(),
        Err(AccountRefusal::NoName)
    );
    assert!(!s.has_account(ALICE).unwrap());
    s.set_name(ALICE, "Alice", 50).unwrap().unwrap();
    s.set_name(BOB, "Bob", 50).unwrap().unwrap();
    assert_eq!(
        s.create_account(ALICE, "hash-a", 100, "10.0.0.1").unwrap(),
        Ok(())
    );
    assert_eq!(
        s.create_account(ALICE, "other", 150, "10.0.0.1").unwrap(),
        Err(AccountRefusal::Exists)
    );
    assert!(s.has_account(ALICE).unwrap());
    assert!(!s.has_account(BOB).unwrap());
    assert_eq!(
        s.account_by_name("aLICE").unwrap(),
        Some(AccountRow {
            player: ALICE.into(),
            name: "Alice".into(),
            password_hash: "hash-a".into(),
            created_at_ms: 100,
        })
    );
    assert_eq!(
        s.account_by_name("Bob").unwrap(),
        None,
        "a name without an account"
    );
    assert_eq!(s.account_by_name("nobody").unwrap(), None);
    s.create_account(BOB, "hash-b", 200, "10.0.0.1")
        .unwrap()
        .unwrap();
    assert_eq!(s.accounts_created_since("10.0.0.1", 100).unwrap(), 2);
    assert_eq!(s.accounts_created_since("10.0.0.1", 101).unwrap(), 1);
    assert_eq!(s.accounts_created_since("10.0.0.2", 0).unwrap(), 0);
    // Two devices of one player making its account at once: one account.
    s.set_name(CAROL, "Carol", 50).unwrap().unwrap();
    let made = together(2, |i| {
        s.create_account(CAROL, &format!("h{i}"), 300, "x").unwrap()
    });
    assert_eq!(made.iter().filter(|m| m.is_ok()).count(), 1, "{made:?}");
    assert!(made.contains(&Err(AccountRefusal::Exists)));
}

/// A session names its player until it expires; deleting it, or every session of its
/// player, ends it.
fn sessions_expire_and_are_deleted(s: &impl GameStore) {
    s.create_session("h1", ALICE, 100, 1000).unwrap();
    s.create_session("h2", ALICE, 100, 5000).unwrap();
    s.create_session("h3", BOB, 100, 5000).unwrap();
    assert_eq!(s.session_player("h1", 999).unwrap().as_deref(), Some(ALICE));
    assert_eq!(s.session_player("h1", 1000).unwrap(), None, "expired");
    assert_eq!(s.session_player("unknown", 0).unwrap(), None);
    s.delete_session("h2").unwrap();
    assert_eq!(s.session_player("h2", 200).unwrap(), None);
    s.create_session("h4", ALICE, 2000, 5000).unwrap();
    s.delete_sessions_of(ALICE).unwrap();
    assert_eq!(s.session_player("h4", 2100).unwrap(), None);
    assert_eq!(s.session_player("h3", 2100).unwrap().as_deref(), Some(BOB));
}

/// Failed logins are counted per name, per address and per name from one address, with
/// the oldest of each; a
/// success clears the name's; old ones are forgotten.
fn login_failures_are_counted_per_name_and_per_address(s: &impl GameStore) {
    s.record_login_failure("alice", "10.0.0.1", 10).unwrap();
    s.record_login_failure("alice", "10.0.0.1", 20).unwrap();
    s.record_login_failure("alice", "10.0.0.2", 30).unwrap();
    s.record_login_failure("bob", "10.0.0.1", 40).unwrap();
    assert_eq!(
        s.login_failures_since("alice", "10.0.0.1", 15).unwrap(),
        LoginFailures {
            by_name: 2,
            by_addr: 2,
            by_name_here: 1,
            oldest_by_name: Some(20),
            oldest_by_addr: Some(20),
            oldest_by_name_here: Some(20),
        }
    );
    assert_eq!(
        s.login_failures_since("carol", "10.0.0.9", 0).unwrap(),
        LoginFailures::default()
    );
    s.clear_login_failures("alice").unwrap();
    assert_eq!(
        s.login_failures_since("alice", "10.0.0.1", 0).unwrap(),
        LoginFailures {
            by_name: 0,
            by_addr: 1,
            by_name_here: 0,
            oldest_by_name: None,
            oldest_by_addr: Some(40),
            oldest_by_name_here: None,
        }
    );
    // A day later, the old failures of that name and address are gone.
    let later = 40 + LOGIN_FAILURES_KEPT_MS + 1;
    s.record_login_failure("bob", "10.0.0.1", later).unwrap();
    let f = s.login_failures_since("bob", "10.0.0.1", 0).unwrap();
    assert_eq!(
        (f.by_name, f.by_addr, f.oldest_by_name),
        (1, 1, Some(later))
    );
}

/// A stand-in for Glicko-2 that shows what it was given: the winner gains 10 per point
/// of score above a draw, the loser loses as much; a player's first game leaves RD 300,
/// a later one 200 plus the seconds since their last rated game.
fn step_game(
    white: Rating,
    black: Rating,
    white_score: f64,
    at_ms: i64,
    white_last_ms: Option<i64>,
    black_last_ms: Option<i64>,
) -> (Rating, Rating) {
    let moved = |r: Rating, by: f64, last: Option<i64>| Rating {
        rating: r.rating + by,
        deviation: last.map_or(300.0, |ms| 200.0 + (at_ms - ms) as f64 / 1000.0),
        volatility: r.volatility,
    };
    let gain = 20.0 * (white_score - 0.5);
    (
        moved(white, gain, white_last_ms),
        moved(black, -gain, black_last_ms),
    )
}

fn rated<'a>(
    game_id: &'a str,
    white: &'a str,
    black: &'a str,
    score: f64,
    at_ms: i64,
) -> RatedGame<'a> {
    RatedGame {
        game_id,
        pool: "stacked",
        white,
        black,
        white_score: score,
        at_ms,
        rate: step_game,
    }
}

/// A game is rated once, from both ratings before it (the default when absent) and the
/// end of each player's last rated game; its changes read back.
fn a_game_is_rated_once(s: &impl GameStore) {
    let fresh = Rating::default();
    let first = s.rate_game(&rated("g1", ALICE, BOB, 1.0, 1000)).unwrap();
    assert_eq!(
        first,
        Some(RatedResult {
            white_before: fresh,
            white: rating(1510.0, 300.0),
            black_before: fresh,
            black: rating(1490.0, 300.0),
        })
    );
    assert_eq!(
        s.rate_game(&rated("g1", ALICE, BOB, 0.0, 1500)).unwrap(),
        None
    );
    assert_eq!(s.rated_result("g1").unwrap(), Some((10, -10)));
    assert_eq!(s.rated_result("g2").unwrap(), None);
    // Bob's second game, a draw with black five seconds later: from his current rating.
    let second = s
        .rate_game(&rated("g2", CAROL, BOB, 0.5, 6000))
        .unwrap()
        .unwrap();
    assert_eq!(
        (second.black_before, second.black),
        (rating(1490.0, 300.0), rating(1490.0, 205.0))
    );
    assert_eq!(second.white, rating(1500.0, 300.0));
    assert_eq!(s.rated_result("g2").unwrap(), Some((0, 0)));
    assert_eq!(
        s.ratings_of(BOB).unwrap(),
        [PoolRating {
            pool: "stacked".into(),
            rating: rating(1490.0, 205.0),
            games: 2,
            updated_at_ms: 6000,
        }]
    );
    // Another pool starts afresh; pools come in id order.
    let other = RatedGame {
        pool: "fourfold",
        ..rated("g3", BOB, ALICE, 0.0, 7000)
    };
    assert_eq!(s.rate_game(&other).unwrap().unwrap().white_before, fresh);
    let pools: Vec<String> = s
        .ratings_of(BOB)
        .unwrap()
        .into_iter()
        .map(|r| r.pool)
        .collect();
    assert_eq!(pools, ["fourfold", "stacked"]);
    let stacked = s
        .ratings_of_players(&[ALICE, BOB, DAVE], "stacked")
        .unwrap();
    assert_eq!(stacked.len(), 2);
    assert_eq!(stacked[ALICE].rating, rating(1510.0, 300.0));
    assert_eq!(stacked[BOB].games, 2);
    assert!(s.ratings_of(DAVE).unwrap().is_empty());
    // A player cannot be rated against themselves.
    assert!(s.rate_game(&rated("g4", ALICE, ALICE, 1.0, 8000)).is_err());
    assert_eq!(s.rated_result("g4").unwrap(), None);
}

/// Two instances rating one game at once rate it once; two games of one player rated
/// at once both count (no lost update).
fn concurrent_ratings_rate_once_and_lose_no_update(s: &impl GameStore) {
    for round in 0..4 {
        let id = format!("same{round}");
        let results = together(2, |_| {
            s.rate_game(&rated(&id, ALICE, BOB, 1.0, 1000)).unwrap()
        });
        assert_eq!(
            results.iter().filter(|r| r.is_some()).count(),
            1,
            "{results:?}"
        );
    }
    let alice = &s.ratings_of(ALICE).unwrap()[0];
    assert_eq!((alice.games, alice.rating.rating), (4, 1540.0));
    let before = alice.rating.rating;
    for round in 0..4 {
        let ids = [format!("c{round}"), format!("d{round}")];
        together(2, |i| {
            let (id, opponent) = (&ids[i], [CAROL, DAVE][i]);
            s.rate_game(&rated(id, ALICE, opponent, 1.0, 2000))
                .unwrap()
                .unwrap()
        });
    }
    let alice = &s.ratings_of(ALICE).unwrap()[0];
    assert_eq!((alice.games, alice.rating.rating), (12, before + 80.0));
    assert_eq!(s.ratings_of(CAROL).unwrap()[0].games, 4);
    assert_eq!(s.rating_history(ALICE, None, 100).unwrap().len(), 12);
}

/// A player's history: the last points, oldest first, of one pool or all.
fn rating_history_comes_oldest_first_within_its_limit(s: &impl GameStore) {
    for (i, id) in ["h1", "h2", "h3"].into_iter().enumerate() {
        s.rate_game(&rated(id, ALICE, BOB, 1.0, 1000 * (i as i64 + 1)))
            .unwrap();
    }
    let other = RatedGame {
        pool: "fourfold",
        ..rated("h4", BOB, ALICE, 1.0, 4000)
    };
    s.rate_game(&other).unwrap();
    let point = |pool: &str, game_id: &str, at_ms, rating, deviation| RatingPoint {
        pool: pool.into(),
        game_id: game_id.into(),
        at_ms,
        rating,
        deviation,
    };
    assert_eq!(
        s.rating_history(ALICE, None, 2).unwrap(),
        [
            point("stacked", "h3", 3000, 1530.0, 201.0),
            point("fourfold", "h4", 4000, 1490.0, 300.0),
        ]
    );
    assert_eq!(
        s.rating_history(ALICE, Some("stacked"), 10).unwrap(),
        [
            point("stacked", "h1", 1000, 1510.0, 300.0),
            point("stacked", "h2", 2000, 1520.0, 201.0),
            point("stacked", "h3", 3000, 1530.0, 201.0),
        ]
    );
    assert!(s.rating_history(CAROL, None, 10).unwrap().is_empty());
}

/// The leaderboard lists named players whose deviation is low enough, best first.
fn the_leaderboard_lists_named_settled_players_best_first(s: &impl GameStore) {
    s.set_name(ALICE, "Alice", 0).unwrap().unwrap();
    s.set_name(BOB, "Bob", 0).unwrap().unwrap();
    // Carol stays unnamed.
    s.rate_game(&rated("l1", ALICE, BOB, 1.0, 1000)).unwrap();
    s.rate_game(&rated("l2", ALICE, CAROL, 1.0, 2000)).unwrap();
    s.rate_game(&rated("l3", BOB, CAROL, 1.0, 4000)).unwrap();
    // Alice 1520 (RD 201), Bob 1500 (RD 203), Carol 1480 (RD 202).
    let row = |name: &str, r, d, games| LeaderRow {
        name: name.into(),
        rating: rating(r, d),
        games,
    };
    assert_eq!(
        s.leaderboard("stacked", 10, 350.0).unwrap(),
        [row("Alice", 1520.0, 201.0, 2), row("Bob", 1500.0, 203.0, 2)]
    );
    assert_eq!(
        s.leaderboard("stacked", 10, 202.0).unwrap(),
        [row("Alice", 1520.0, 201.0, 2)]
    );
    assert_eq!(s.leaderboard("stacked", 1, 350.0).unwrap().len(), 1);
    assert!(s.leaderboard("fourfold", 10, 350.0).unwrap().is_empty());
}

/// An abort counts once per game and player.
fn aborts_count_once_per_game(s: &impl GameStore) {
    s.record_abort(ALICE, "g1", 100).unwrap();
    s.record_abort(ALICE, "g1", 150).unwrap();
    s.record_abort(ALICE, "g2", 200).unwrap();
    s.record_abort(BOB, "g1", 300).unwrap();
    assert_eq!(s.aborts_since(ALICE, 0).unwrap(), (2, Some(100)));
    assert_eq!(s.aborts_since(ALICE, 101).unwrap(), (1, Some(200)));
    assert_eq!(s.aborts_since(CAROL, 0).unwrap(), (0, None));
}

fn challenge(id: &str, creator: &str, created_at_ms: i64, expires_at_ms: i64) -> ChallengeRow {
    ChallengeRow {
        id: id.into(),
        creator: creator.into(),
        addr: "10.0.0.1".into(),
        created_at_ms,
        expires_at_ms,
        variant: "stacked".into(),
        rules: None,
        initial_ms: 300_000,
        increment_ms: 2000,
        per_move: false,
        rated: true,
        seek: Seek::Random,
        min_rating: None,
        max_rating: None,
        quick: false,
        game_id: None,
    }
}

/// Challenges are open until taken or expired; the creator's reads renew their live
/// ones; a challenge is taken once, released on failure, and its game read back.
fn challenges_are_taken_once_and_expire(s: &impl GameStore) {
    let a = ChallengeRow {
        rules: Some("meder".into()),
        seek: Seek::White,
        min_rating: Some(1400),
        max_rating: Some(1600),
        ..challenge("a", ALICE, 0, 1000)
    };
    let b = ChallengeRow {
        per_move: true,
        seek: Seek::Black,
        addr: "10.0.0.2".into(),
        ..challenge("b", BOB, 10, 2000)
    };
    let c = challenge("c", ALICE, 20, 500);
    for x in [&a, &b, &c] {
        s.insert_challenge(x).unwrap();
    }
    assert_eq!(
        s.open_challenges(400, 10).unwrap(),
        [a.clone(), b.clone(), c.clone()]
    );
    assert_eq!(s.open_challenges(600, 10).unwrap(), [a.clone(), b.clone()]);
    assert_eq!(s.open_challenges(600, 1).unwrap(), vec![a.clone()]);
    assert_eq!(s.challenges_of(ALICE, 600).unwrap(), vec![a.clone()]);
    assert_eq!(s.challenges_from_addr("10.0.0.1", 600).unwrap(), 1);
    assert_eq!(s.challenges_from_addr("10.0.0.1", 400).unwrap(), 2);
    // Renewing reaches live open ones only: not expired ones, not correspondence ones.
    s.renew_challenges(ALICE, 600, 5000).unwrap();
    s.renew_challenges(BOB, 600, 9000).unwrap();
    let expiries: Vec<(String, i64)> = s
        .open_challenges(0, 10)
        .unwrap()
        .into_iter()
        .map(|c| (c.id, c.expires_at_ms))
        .collect();
    assert_eq!(
        expiries,
        [("a".into(), 5000), ("b".into(), 2000), ("c".into(), 500)]
    );
    let a = ChallengeRow {
        expires_at_ms: 5000,
        ..a
    };
    // Only the creator cancels, and only an open challenge.
    assert!(!s.cancel_challenge("a", BOB).unwrap());
    assert!(s.cancel_challenge("c", ALICE).unwrap());
    assert!(!s.cancel_challenge("c", ALICE).unwrap());
    // Two takers at once: one gets it.
    let takers = together(2, |_| s.take_challenge("a", 700).unwrap());
    assert_eq!(takers.iter().flatten().count(), 1, "{takers:?}");
    assert_eq!(takers.iter().flatten().next(), Some(&a));
    assert_eq!(s.take_challenge("a", 700).unwrap(), None);
    assert!(
        !s.cancel_challenge("a", ALICE).unwrap(),
        "taken: no longer cancelled"
    );
    assert_eq!(s.open_challenges(700, 10).unwrap(), vec![b.clone()]);
    assert_eq!(
        s.accepted_challenge_of(ALICE, 0).unwrap(),
        None,
        "no game yet"
    );
    // The game could not be made: open again, and taken again.
    s.release_challenge("a").unwrap();
    assert_eq!(s.challenges_of(ALICE, 800).unwrap(), vec![a.clone()]);
    assert_eq!(s.take_challenge("a", 900).unwrap(), Some(a.clone()));
    s.set_challenge_game("a", "game-a").unwrap();
    assert_eq!(
        s.accepted_challenge_of(ALICE, 900).unwrap().as_deref(),
        Some("game-a")
    );
    assert_eq!(s.accepted_challenge_of(ALICE, 901).unwrap(), None);
    assert_eq!(s.accepted_challenge_of(BOB, 0).unwrap(), None);
    // An expired challenge is not taken; unknown ones neither.
    assert_eq!(s.take_challenge("b", 2000).unwrap(), None);
    assert_eq!(s.take_challenge("nope", 0).unwrap(), None);
    assert_eq!(s.challenges_of(BOB, 1000).unwrap(), vec![b.clone()]);
    s.cancel_challenges_of(BOB).unwrap();
    assert!(s.challenges_of(BOB, 1000).unwrap().is_empty());
    // Challenges long expired go when another is made.
    let d = challenge("d", CAROL, 5000 + CHALLENGES_KEPT_MS + 1, i64::MAX);
    s.insert_challenge(&d).unwrap();
    assert_eq!(s.open_challenges(0, 10).unwrap(), [d]);
    assert_eq!(s.accepted_challenge_of(ALICE, 0).unwrap(), None, "gone too");
}

fn seeker(i: usize, pairing: &ChallengeRow) -> ChallengeRow {
    ChallengeRow {
        id: format!("q{i}"),
        creator: format!("player{i}"),
        created_at_ms: i as i64,
        ..pairing.clone()
    }
}

/// Quick pairing: of seekers arriving together, each is paired once: half take a
/// waiting challenge, half wait; only the same pairing of another player matches.
fn quick_seekers_meet_once(s: &impl GameStore) {
    let pairing = ChallengeRow {
        quick: true,
        ..challenge("", "", 0, 10_000)
    };
    // A seeker does not meet their own challenge, nor another pairing, nor a
    // challenge made in the lobby.
    assert_eq!(s.quick_match(&seeker(100, &pairing), 0).unwrap(), None);
    let again = ChallengeRow {
        id: "q101".into(),
        ..seeker(100, &pairing)
    };
    assert_eq!(s.quick_match(&again, 0).unwrap(), None);
    let casual = ChallengeRow {
        rated: false,
        ..seeker(102, &pairing)
    };
    let trid = ChallengeRow {
        rules: Some("meder".into()),
        ..seeker(103, &pairing)
    };
    let lobby = ChallengeRow {
        quick: false,
        ..seeker(104, &pairing)
    };
    assert_eq!(s.quick_match(&casual, 0).unwrap(), None);
    assert_eq!(s.quick_match(&trid, 0).unwrap(), None);
    s.insert_challenge(&lobby).unwrap();
    let partner = s.quick_match(&seeker(105, &pairing), 1).unwrap();
    assert_eq!(
        partner.map(|c| c.id).as_deref(),
        Some("q100"),
        "the oldest waiting"
    );
    let partner = s.quick_match(&seeker(106, &pairing), 1).unwrap();
    assert_eq!(partner.map(|c| c.id).as_deref(), Some("q101"));
    assert_eq!(
        s.quick_match(
            &ChallengeRow {
                rules: Some("meder".into()),
                ..seeker(107, &pairing)
            },
            1
        )
        .unwrap()
        .map(|c| c.id)
        .as_deref(),
        Some("q103")
    );
    for id in ["q102", "q104"] {
        assert!(s
            .cancel_challenge(id, &format!("player{}", &id[1..]))
            .unwrap());
    }
    assert!(s.open_challenges(2, 10).unwrap().is_empty());

    // Nine seekers of one pairing at once: four pairs, one left waiting.
    let n = 9;
    let partners = together(n, |i| s.quick_match(&seeker(i, &pairing), 10).unwrap());
    // Each pair: the taker (the thread) and the creator of the challenge it took.
    let pairs: Vec<(String, String)> = partners
        .iter()
        .enumerate()
        .filter_map(|(i, p)| {
            p.as_ref()
                .map(|c| (format!("player{i}"), c.creator.clone()))
        })
        .collect();
    assert_eq!(pairs.len(), n / 2, "{partners:?}");
    let mut players: Vec<&str> = pairs
        .iter()
        .flat_map(|(taker, creator)| [taker.as_str(), creator.as_str()])
        .collect();
    players.sort();
    players.dedup();
    assert_eq!(
        players.len(),
        2 * (n / 2),
        "no one paired with themselves or twice: {pairs:?}"
    );
    let waiting = s.open_challenges(10, 20).unwrap();
    assert_eq!(waiting.len(), 1, "{waiting:?}");
    assert!(!players.contains(&waiting[0].creator.as_str()));
}

/// "Playing now": online games with both seats taken, not finished, newest first.
fn live_games_are_online_games_under_way(s: &impl GameStore) {
    let online = |id: &str, created_at| StoredGame {
        mode: Mode::Online,
        created_at,
        black_player: Some(BOB.into()),
        ..sample(id)
    };
    s.insert_game(&online("old", 100), &[mv(0, "x")]).unwrap();
    s.insert_game(&online("new", 200), &[mv(0, "x"), mv(1, "y")])
        .unwrap();
    s.insert_game(&online("done", 300), &[]).unwrap();
    s.declare_result("done", 0, outcome(None, Termination::Agreement))
        .unwrap();
    let waiting = StoredGame {
        black_player: None,
        invite: Some("1".repeat(32)),
        ..online("waiting", 400)
    };
    s.insert_game(&waiting, &[]).unwrap();
    let computer = StoredGame {
        black_player: None,
        ..sample("computer")
    };
    s.insert_game(&computer, &[]).unwrap();
    let games = s.live_games(10).unwrap();
    assert_eq!(
        games[0],
        LiveGameRow {
            id: "new".into(),
            variant: "stacked".into(),
            rules: None,
            options: String::new(),
            initial_ms: Some(60_000),
            increment_ms: Some(1000),
            per_move: false,
            rated: false,
            white_player: PLAYER.into(),
            black_player: BOB.into(),
            moves: 2,
            created_at_ms: 200_000,
        }
    );
    let ids: Vec<&str> = games.iter().map(|g| g.id.as_str()).collect();
    assert_eq!(ids, ["new", "old"]);
    assert_eq!(s.live_games(1).unwrap().len(), 1);
}

/// A correspondence game's row says when its turn began: set on insert, moved on by a
/// move, a take back and a seat taken, not by an offer (every store keeps it for these
/// games, so that a restart keeps their deadlines).
fn correspondence_turn_starts_are_kept(s: &impl GameStore) {
    let g = StoredGame {
        mode: Mode::Online,
        initial_ms: Some(86_400_000),
        increment_ms: Some(0),
        per_move: true,
        rated: true,
        invite: Some("2".repeat(32)),
        ..sample("corr")
    };
    let turn = |s: &dyn GameStore| {
        let (g, _) = s.load_game("corr").unwrap().unwrap();
        assert!(g.per_move && g.rated, "{g:?}");
        g.turn_started_ms
            .expect("a correspondence game's turn start")
    };
    s.insert_game(&g, &[]).unwrap();
    let inserted = turn(s);
    std::thread::sleep(std::time::Duration::from_millis(5));
    let seats = StoredSeats {
        white: Some(PLAYER.into()),
        black: Some(BOB.into()),
        invite: None,
    };
    let v = s.set_seats("corr", 0, &seats).unwrap();
    let seated = turn(s);
    assert!(seated > inserted, "a seat taken: {seated} after {inserted}");
    std::thread::sleep(std::time::Duration::from_millis(5));
    let v = s.append_move("corr", v, &mv(0, "x"), None).unwrap();
    let moved = turn(s);
    assert!(moved > seated, "a move: {moved} after {seated}");
    std::thread::sleep(std::time::Duration::from_millis(5));
    let v = s
        .set_offer("corr", v, Some((OfferKind::Draw, Color::Black)))
        .unwrap();
    assert_eq!(turn(s), moved, "an offer does not start a turn");
    s.truncate_moves("corr", v, 0).unwrap();
    assert!(turn(s) > moved, "a take back starts a turn");
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

/// A player's unfinished games, newest first, without the finished ones; summaries say
/// rated, correspondence and the time per move.
fn a_players_unfinished_games_are_listed_with_their_time_control(s: &impl GameStore) {
    let game = |id: &str, at: i64, finished: bool, rated: bool, per_move: bool| StoredGame {
        created_at: at,
        mode: Mode::Online,
        finished,
        rated,
        per_move,
        initial_ms: Some(if per_move { 3 * 86_400_000 } else { 600_000 }),
        black_player: Some("b".repeat(32)),
        ..sample(id)
    };
    s.insert_game(&game("old", 1, false, true, false), &[])
        .unwrap();
    s.insert_game(&game("done", 2, true, true, false), &[])
        .unwrap();
    s.insert_game(&game("mail", 3, false, false, true), &[])
        .unwrap();
    let other = StoredGame {
        white_player: Some("c".repeat(32)),
        ..game("theirs", 4, false, false, false)
    };
    s.insert_game(&other, &[]).unwrap();
    let open = s.unfinished_player_games(PLAYER, 10).unwrap();
    let ids: Vec<&str> = open.iter().map(|g| g.id.as_str()).collect();
    assert_eq!(ids, ["mail", "old"]);
    assert_eq!(
        (open[0].rated, open[0].per_move, open[0].initial_ms),
        (false, true, Some(3 * 86_400_000))
    );
    assert_eq!((open[1].rated, open[1].per_move), (true, false));
    assert_eq!(s.unfinished_player_games(PLAYER, 1).unwrap().len(), 1);
    let all = s.player_games(PLAYER, None, 10).unwrap();
    let done = all.iter().find(|g| g.id == "done").unwrap();
    assert!(done.rated && done.finished);
}

every_store!(
    typed_rows_round_trip,
    a_players_unfinished_games_are_listed_with_their_time_control,
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
    names_are_unique_without_regard_to_case,
    accounts_need_a_name_and_are_one_per_player,
    sessions_expire_and_are_deleted,
    login_failures_are_counted_per_name_and_per_address,
    a_game_is_rated_once,
    concurrent_ratings_rate_once_and_lose_no_update,
    rating_history_comes_oldest_first_within_its_limit,
    the_leaderboard_lists_named_settled_players_best_first,
    aborts_count_once_per_game,
    challenges_are_taken_once_and_expire,
    quick_seekers_meet_once,
    live_games_are_online_games_under_way,
    correspondence_turn_starts_are_kept,
);
