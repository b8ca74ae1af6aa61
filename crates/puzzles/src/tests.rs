use super::view::{self, RatingView};
use super::*;
use rules::lessons::view::CheckStatus;
use rules::position::Position;
use std::collections::BTreeSet;

fn all() -> impl Iterator<Item = &'static Puzzle> {
    sets().iter().flat_map(|s| s.puzzles.iter())
}

fn tokens(p: &Puzzle) -> Vec<&str> {
    p.solution.iter().map(String::as_str).collect()
}

/// A puzzle with a solution of at least three moves (solver, reply, solver).
fn long_puzzle() -> &'static Puzzle {
    all()
        .find(|p| p.solution.len() >= 3)
        .expect("a puzzle of two solver moves or more")
}

/// A legal move of `p`'s position other than the solution's first.
fn wrong_first_move(p: &Puzzle) -> String {
    let legal = rules::any::legal_tokens(&p.setup, Some(&p.position)).unwrap();
    legal
        .into_iter()
        .find(|t| *t != p.solution[0])
        .expect("another legal move")
}

#[test]
fn every_set_file_reads_and_the_sets_are_in_order() {
    assert_eq!(load_errors(), &[] as &[LoadError]);
    let ids: Vec<&str> = sets().iter().map(|s| s.id.as_str()).collect();
    assert_eq!(ids, SET_IDS);
    for s in sets() {
        assert!(s
            .puzzles
            .iter()
            .all(|p| p.set == s.id && p.setup == s.setup));
    }
    // More than one set has puzzles, so choosing and the catalogue are tested across sets.
    assert!(sets().iter().filter(|s| !s.puzzles.is_empty()).count() >= 2);
    let unique: BTreeSet<&str> = all().map(|p| p.id.as_str()).collect();
    assert_eq!(unique.len(), all().count());
}

#[test]
fn every_solution_is_legal_from_its_position_and_solves() {
    for p in all() {
        let start = rules::any::AnyGame::new(&p.setup, Some(&p.position))
            .unwrap_or_else(|e| panic!("{}: {e}", p.id));
        assert_eq!(start.turn(), p.side, "{}: the solver is to move", p.id);
        let mut game = start;
        for (i, t) in p.solution.iter().enumerate() {
            game.play_token(t)
                .unwrap_or_else(|e| panic!("{} move {}: {e}", p.id, i + 1));
        }
        if p.mate_in.is_some() {
            assert!(
                game.in_check() && game.legal_moves().is_empty(),
                "{}: the solution mates",
                p.id
            );
        }
        assert!(solved(p, &tokens(p)), "{}", p.id);
        // Every prefix that ends on a solver move goes on.
        for n in (1..p.solution.len()).step_by(2) {
            let c = view::check(p, &tokens(p)[..n]).unwrap();
            assert_eq!(c.status, CheckStatus::Continue, "{} after {n}", p.id);
            assert_eq!(c.reply.as_deref(), Some(p.solution[n].as_str()));
        }
    }
}

#[test]
fn the_setups_and_titles_are_the_sets() {
    let s = set("trid-federation").unwrap();
    assert_eq!(s.title, "Tri-D (Federation)");
    assert_eq!(s.setup.rules_if_any(), Some(rules::RuleSet::Federation));
    let q = set("quadlevel-destroy-both-kings").unwrap();
    assert_eq!(q.title, "Quadlevel (Destroy both kings)");
    assert!(q.setup.options().destroy_both_kings);
    assert_eq!(set("fourfold").unwrap().title, "Fourfold");
    assert!(set("chess").is_none());
}

#[test]
fn theme_titles_are_plain_words() {
    assert_eq!(theme_title("mate-in-2"), "Mate in 2");
    assert_eq!(theme_title("fork"), "Fork");
    assert_eq!(theme_title("attack-board-move"), "Attack-board move");
    assert_eq!(theme_title("discovered-attack"), "Discovered attack");
    assert_eq!(theme_title("back-rank"), "Back rank");
}

#[test]
fn find_knows_every_puzzle_and_no_other() {
    for p in all() {
        assert_eq!(find(&p.id).map(|q| &q.id), Some(&p.id));
    }
    assert!(find("fourfold-0000000000").is_none());
    assert!(find("").is_none());
}

#[test]
fn the_whole_solution_solves_and_a_wrong_move_is_missed() {
    let p = long_puzzle();
    let all_moves = tokens(p);
    let c = view::check(p, &all_moves).unwrap();
    assert_eq!(c.status, CheckStatus::Solved, "{}", c.message);
    assert_eq!(c.reply, None);
    assert!(c.screen.legal_moves.is_empty());
    assert_eq!(c.screen.ply as usize, all_moves.len());

    let first = view::check(p, &all_moves[..1]).unwrap();
    assert_eq!(first.status, CheckStatus::Continue);
    assert_eq!(first.reply.as_deref(), Some(all_moves[1]));
    // The screen is after the reply, the solver to move with moves listed.
    assert_eq!(first.screen.ply, 2);
    assert!(!first.screen.legal_moves.is_empty());

    let wrong = wrong_first_move(p);
    let c = view::check(p, &[&wrong]).unwrap();
    if c.status == CheckStatus::Solved {
        // Only a mate may differ from the solution and still solve.
        assert!(p.mate_in.is_some());
    } else {
        assert_eq!(c.status, CheckStatus::Missed);
        assert_eq!(c.expected.as_deref(), Some(all_moves[0]));
        assert!(!c.message.is_empty());
        assert!(!solved(p, &[&wrong]));
    }
    // Moves after a wrong one are not looked at: still missed, never solved.
    let p = all()
        .find(|p| p.solution.len() >= 3 && p.mate_in.is_none())
        .or_else(|| all().find(|p| p.solution.len() >= 3))
        .unwrap();
    let wrong = wrong_first_move(p);
    let mut after_wrong: Vec<&str> = vec![&wrong];
    after_wrong.extend(&tokens(p)[1..]);
    assert!(!solved(p, &after_wrong));
}

#[test]
fn any_mate_solves_a_mate_puzzle() {
    // A mate in one whose position has another mating move, if the sets hold one; the
    // rule is tested on every mate-in-one either way (its own mate solves).
    let mut tried = 0;
    for p in all().filter(|p| p.mate_in == Some(1)) {
        let legal = rules::any::legal_tokens(&p.setup, Some(&p.position)).unwrap();
        for t in legal {
            let mut g = rules::any::AnyGame::new(&p.setup, Some(&p.position)).unwrap();
            g.play_token(&t).unwrap();
            let mates = g.in_check() && g.legal_moves().is_empty();
            let c = view::check(p, &[&t]).unwrap();
            assert_eq!(
                c.status == CheckStatus::Solved,
                mates || t == p.solution[0],
                "{} {t}",
                p.id
            );
            tried += 1;
        }
    }
    assert!(tried > 0);
}

#[test]
fn bad_moves_are_errors_that_name_them() {
    let p = long_puzzle();
    let e = view::check(p, &["zz9"]).unwrap_err();
    assert!(matches!(e, PuzzleError::Move { index: 0, .. }), "{e}");
    assert!(e.to_string().contains("zz9"), "{e}");
    assert!(e.is_request_error());
    // A reply that is not the one given.
    let wrong_reply = {
        let mut g = rules::any::AnyGame::new(&p.setup, Some(&p.position)).unwrap();
        g.play_token(&p.solution[0]).unwrap();
        g.legal_tokens()
            .into_iter()
            .find(|t| *t != p.solution[1])
            .expect("another reply")
    };
    let e = view::check(p, &[&p.solution[0], &wrong_reply, &p.solution[2]]).unwrap_err();
    assert!(matches!(e, PuzzleError::Reply { index: 1, .. }), "{e}");
    // No moves, an even number, too many.
    for moves in [vec![], tokens(p)[..2].to_vec(), {
        let mut m = tokens(p);
        m.extend(["a", "b"]);
        m
    }] {
        let e = view::check(p, &moves).unwrap_err();
        assert!(matches!(e, PuzzleError::MoveCount { .. }), "{e}");
    }
}

#[test]
fn the_hint_is_where_the_next_solver_move_starts() {
    let p = long_puzzle();
    let screen = view::puzzle_view(p, starting_rating(p)).unwrap().screen;
    let first = screen
        .legal_moves
        .iter()
        .find(|m| m.token == p.solution[0])
        .expect("the first move is listed");
    let h = view::hint(p, &[]).unwrap();
    assert_eq!(h.square, first.from);
    assert!(h.text.contains(&h.square), "{}", h.text);
    // After the first move and its reply: the third move's from-square.
    let h = view::hint(p, &tokens(p)[..2]).unwrap();
    let mut pos = rules::with_position_type!(p.setup.variant(), P => {
        let mut pos = P::from_position_string(&p.setup, &p.position).unwrap();
        for t in &p.solution[..2] {
            let m = pos.parse_move_token(t).unwrap();
            pos.play(m);
        }
        let m = pos.parse_move_token(&p.solution[2]).unwrap();
        vec![pos.move_squares(m).from]
    });
    assert_eq!(h.square, pos.remove(0));
    // Off the solution, mid-move, or past the end: errors.
    let wrong = wrong_first_move(p);
    let legal_reply = {
        let mut g = rules::any::AnyGame::new(&p.setup, Some(&p.position)).unwrap();
        g.play_token(&wrong).unwrap();
        g.legal_tokens().into_iter().next()
    };
    if let Some(reply) = legal_reply {
        let e = view::hint(p, &[&wrong, &reply]).unwrap_err();
        assert_eq!(e, PuzzleError::OffSolution { index: 0 });
    }
    assert!(matches!(
        view::hint(p, &tokens(p)[..1]),
        Err(PuzzleError::MoveCount { .. })
    ));
    assert!(matches!(
        view::hint(p, &tokens(p)),
        Err(PuzzleError::MoveCount { .. })
    ));
}

#[test]
fn the_solution_has_a_screen_before_and_after_each_move() {
    for p in all().take(20) {
        let s = view::solution(p).unwrap();
        assert_eq!(s.moves, p.solution);
        assert_eq!(s.screens.len(), p.solution.len() + 1);
        assert_eq!(s.screens[0].position, p.position);
        for (i, screen) in s.screens.iter().enumerate() {
            assert_eq!(screen.ply as usize, i);
        }
    }
}

#[test]
fn the_puzzle_view_hides_the_solution() {
    let p = long_puzzle();
    let v = view::puzzle_view(p, starting_rating(p)).unwrap();
    assert_eq!(v.id, p.id);
    assert_eq!(v.solver_moves as usize, p.solution.len().div_ceil(2));
    assert_eq!(
        v.side,
        if p.side == Color::White {
            "white"
        } else {
            "black"
        }
    );
    assert_eq!(v.rating.rating, p.rating.round() as i32);
    assert_eq!(v.rating.deviation, 250);
    assert!(v.rating.provisional);
    assert_eq!(v.screen.ply, 0);
    assert!(v
        .screen
        .legal_moves
        .iter()
        .any(|m| m.token == p.solution[0]));
}

#[test]
fn the_catalogue_counts_puzzles_and_themes() {
    let c = view::catalogue();
    assert_eq!(c.sets.len(), 7);
    for (entry, s) in c.sets.iter().zip(sets()) {
        assert_eq!(entry.id, s.id);
        assert_eq!(entry.count as usize, s.puzzles.len());
        for t in &entry.themes {
            let n = s
                .puzzles
                .iter()
                .filter(|p| p.themes.contains(&t.id))
                .count();
            assert_eq!(t.count as usize, n, "{} {}", s.id, t.id);
            assert!(t.count > 0);
        }
    }
    let ff = c.sets.iter().find(|s| s.id == "fourfold").unwrap();
    assert_eq!(ff.variant, rules::Variant::Fourfold);
    assert_eq!(ff.rules, None);
    let tf = c.sets.iter().find(|s| s.id == "trid-federation").unwrap();
    assert_eq!(tf.rules, Some(rules::RuleSet::Federation));
    let meder = c.sets.iter().find(|s| s.id == "trid-meder").unwrap();
    // Mates come first among the themes.
    if let Some(first_other) = ff.themes.iter().position(|t| !t.id.starts_with("mate-in-")) {
        assert!(ff.themes[first_other..]
            .iter()
            .all(|t| !t.id.starts_with("mate-in-")));
    }
    if meder.count == 0 {
        assert!(meder.themes.is_empty());
        assert!(choose("trid-meder", None, 1500.0, &|_| false, 1).is_none());
        assert!(daily("trid-meder", 20_000).is_none());
    }
}

#[test]
fn choose_skips_seen_puzzles_and_prefers_near_ones() {
    let s = set("fourfold").unwrap();
    let none_seen = |_: &str| false;
    // Near each puzzle's rating: a puzzle within ±150.
    for p in &s.puzzles {
        let c = choose("fourfold", None, p.rating, &none_seen, 7).unwrap();
        assert!(
            (c.rating - p.rating).abs() <= 150.0,
            "{} {}",
            c.rating,
            p.rating
        );
    }
    // Far from every puzzle: the nearest window that holds one.
    let lowest = s.puzzles.iter().map(|p| p.rating).fold(f64::MAX, f64::min);
    let c = choose("fourfold", None, lowest - 400.0, &none_seen, 7).unwrap();
    assert!(c.rating - (lowest - 400.0) <= 450.0);
    assert_eq!(c.rating, lowest);
    // Seen puzzles are never chosen; once all are seen, none is.
    let mut seen: BTreeSet<String> = BTreeSet::new();
    for _ in 0..s.puzzles.len() {
        let is_seen = |id: &str| seen.contains(id);
        let c = choose("fourfold", None, 1500.0, &is_seen, 3).unwrap();
        assert!(!seen.contains(&c.id));
        seen.insert(c.id.clone());
    }
    let is_seen = |id: &str| seen.contains(id);
    assert!(choose("fourfold", None, 1500.0, &is_seen, 3).is_none());
    assert!(choose("no-such-set", None, 1500.0, &none_seen, 3).is_none());
}

#[test]
fn choose_respects_the_theme_the_seed_and_current_ratings() {
    let none_seen = |_: &str| false;
    for theme in ["check", "capture", "mate-in-1"] {
        if let Some(c) = choose("fourfold", Some(theme), 1500.0, &none_seen, 1) {
            assert!(c.themes.iter().any(|t| t == theme));
        }
    }
    assert!(choose("fourfold", Some("no-such-theme"), 1500.0, &none_seen, 1).is_none());
    // The same seed gives the same puzzle; many seeds give several.
    let a = choose("fourfold", None, 1500.0, &none_seen, 42).unwrap();
    assert_eq!(
        choose("fourfold", None, 1500.0, &none_seen, 42).unwrap().id,
        a.id
    );
    let picked: BTreeSet<&str> = (0..50)
        .map(|seed| {
            choose("fourfold", None, 1500.0, &none_seen, seed)
                .unwrap()
                .id
                .as_str()
        })
        .collect();
    assert!(picked.len() > 1);
    // A host's current ratings decide: one puzzle rated at 3000 is the one chosen there.
    let target = &set("fourfold").unwrap().puzzles[3];
    let rating_of = |p: &Puzzle| if p.id == target.id { 3000.0 } else { 1000.0 };
    let c = choose_by("fourfold", None, 3000.0, &rating_of, &none_seen, 9).unwrap();
    assert_eq!(c.id, target.id);
}

#[test]
fn the_daily_puzzle_is_stable_for_a_day_and_changes_across_days() {
    let day = 20_428;
    let a = daily("fourfold", day).unwrap();
    assert_eq!(daily("fourfold", day).unwrap().id, a.id);
    assert_ne!(daily("fourfold", day + 1).unwrap().id, a.id);
    let week: BTreeSet<&str> = (day..day + 7)
        .map(|d| daily("fourfold", d).unwrap().id.as_str())
        .collect();
    assert_eq!(week.len(), 7);
    assert!(daily("stacked", day).is_some());
    assert!(daily("no-such-set", day).is_none());
}

#[test]
fn rating_an_attempt_moves_both_ratings_the_right_way() {
    let p = all().next().unwrap();
    let player = Rating::default();
    let puzzle = starting_rating(p);
    assert_eq!(puzzle.rating, p.rating);
    assert_eq!(puzzle.deviation, 250.0);
    assert_eq!(puzzle.volatility, 0.06);
    let (pl, pz) = rate(player, puzzle, true);
    assert!(pl.rating > player.rating && pz.rating < puzzle.rating);
    assert!(pl.deviation < player.deviation && pz.deviation < puzzle.deviation);
    let (pl, pz) = rate(player, puzzle, false);
    assert!(pl.rating < player.rating && pz.rating > puzzle.rating);
    // Bad ratings: an error naming the field; `rate` brings them within bounds.
    let bad = Rating {
        rating: f64::NAN,
        ..player
    };
    let e = try_rate(bad, puzzle, true).unwrap_err();
    assert_eq!(e.field, "player.rating");
    let e = try_rate(
        player,
        Rating {
            deviation: 9999.0,
            ..puzzle
        },
        true,
    )
    .unwrap_err();
    assert_eq!(e.field, "puzzle.deviation");
    let (pl, _) = rate(bad, puzzle, true);
    assert!(pl.rating.is_finite());
    let v = RatingView::from(Rating::default());
    assert_eq!((v.rating, v.deviation, v.provisional), (1500, 350, true));
}

#[test]
fn a_malformed_line_is_named() {
    let good = set("fourfold").unwrap();
    assert!(!good.puzzles.is_empty());
    let text = include_str!("../sets/fourfold.jsonl");
    assert_eq!(
        parse_set("fourfold", text).unwrap().len(),
        good.puzzles.len()
    );
    let first = text.lines().next().unwrap();
    let e = parse_set("fourfold", &format!("{first}\n{{\"id\": 3}}\n")).unwrap_err();
    assert_eq!(e.line, 2);
    assert!(e.to_string().contains("fourfold.jsonl line 2"), "{e}");
    let e = parse_set("stacked", first).unwrap_err();
    assert!(e.message.contains("fourfold"), "{e}");
    let mut negative: serde_json::Value = serde_json::from_str(first).unwrap();
    negative["rating"] = serde_json::json!(-5);
    let e = parse_set("fourfold", &negative.to_string()).unwrap_err();
    assert!(e.message.contains("rating"), "{e}");
    assert!(parse_set("chess", "").is_err());
    assert_eq!(parse_set("quadlevel", "").unwrap(), vec![]);
}
