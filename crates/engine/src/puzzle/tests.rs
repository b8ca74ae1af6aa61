use super::*;
use crate::score::MATE;
use rules::lessons::{self, Goal};

fn lesson_game(lesson: &lessons::Lesson) -> AnyGame {
    let setup = lesson.setup().expect("a lesson's setup");
    AnyGame::new(&setup, Some(lesson.position)).expect("a lesson's position")
}

/// The moves of the side to move that mate at once, by the rules alone.
fn mating_moves(game: &AnyGame) -> Vec<String> {
    let side = game.turn();
    game.legal_tokens()
        .into_iter()
        .filter(|t| {
            let mut g = game.clone();
            g.play_token(t).is_ok()
                && matches!(g.status(), GameStatus::Over(o) if o.winner == Some(side))
        })
        .collect()
}

#[test]
fn the_criteria_want_one_winning_move_and_no_second() {
    let mate_in = |n: i32| MATE - (2 * n - 1);
    assert_eq!(unique_win(mate_in(1), Some(40)), Some(Win::Mate(1)));
    assert_eq!(unique_win(mate_in(2), Some(900)), Some(Win::Mate(2)));
    assert_eq!(unique_win(mate_in(1), Some(mate_in(1))), None, "two mates");
    assert_eq!(
        unique_win(mate_in(2), Some(mate_in(1))),
        None,
        "a faster mate"
    );
    assert_eq!(
        unique_win(mate_in(1), Some(mate_in(3))),
        Some(Win::Mate(1)),
        "a slower one"
    );
    assert_eq!(unique_win(mate_in(5), Some(0)), None, "too long");
    assert_eq!(unique_win(-mate_in(1), Some(-mate_in(2))), None, "mated");
    assert_eq!(unique_win(WIN_CP, Some(SECOND_MAX_CP)), Some(Win::Gain));
    assert_eq!(unique_win(WIN_CP, Some(SECOND_MAX_CP + 1)), None);
    assert_eq!(unique_win(WIN_CP - 1, Some(-500)), None);
    assert_eq!(unique_win(WIN_CP, Some(mate_in(2))), None);
    assert_eq!(unique_win(800, None), Some(Win::Gain), "the only move");
}

#[test]
fn a_lesson_mate_in_one_is_a_puzzle_with_its_solution() {
    let lesson = lessons::find("stacked-mate-1").expect("the lesson");
    let game = lesson_game(lesson);
    assert_eq!(mating_moves(&game), ["Ta4Ta1"]);
    let puzzle = puzzle_at(&game, 2).expect("a puzzle");
    assert_eq!(puzzle.solution, ["Ta4Ta1"]);
    assert_eq!(puzzle.kind, PuzzleKind::Mate(1));
    assert_eq!(puzzle.position, lesson.position);
    assert_eq!(puzzle.side, Color::White);
    assert_eq!(puzzle.ply, 0);
    assert!(
        puzzle.themes.contains(&Theme::MateIn(1)),
        "{:?}",
        puzzle.themes
    );
    assert!(puzzle.themes.contains(&Theme::Check), "{:?}", puzzle.themes);
    assert!(
        !puzzle.themes.contains(&Theme::Capture),
        "{:?}",
        puzzle.themes
    );
}

#[test]
fn every_mate_in_one_lesson_is_a_puzzle_exactly_when_its_mate_is_unique() {
    let mut unique = 0;
    let mut several = 0;
    for lesson in lessons::all().filter(|l| l.goal == Goal::Mate(1)) {
        let game = lesson_game(lesson);
        let mates = mating_moves(&game);
        let found = puzzle_at(&game, 2);
        if mates.len() == 1 {
            unique += 1;
            let p = found.unwrap_or_else(|| panic!("{}: no puzzle", lesson.id));
            assert_eq!(p.solution, mates, "{}", lesson.id);
            assert_eq!(p.kind, PuzzleKind::Mate(1), "{}", lesson.id);
        } else {
            several += 1;
            assert_eq!(found, None, "{}: mates {mates:?}", lesson.id);
        }
    }
    assert!(unique >= 4, "{unique} lessons with one mate");
    eprintln!("{unique} lessons with one mate, {several} with more");
}

#[test]
fn the_start_positions_hold_no_puzzle() {
    for setup in rules::catalogue::standard_setups() {
        let game = rules::any::new_game(&setup, None).expect("a start");
        assert_eq!(puzzle_at(&game, 2), None, "{setup}");
    }
}

#[test]
fn a_position_with_two_mates_in_one_is_no_puzzle() {
    // Checkmate lab 1 with a third rook on the top board's h8: Th8Th1 mates as well as
    // the lesson's Ta4Ta1.
    let setup = rules::Setup::from_ids("stacked", None, &[]).expect("stacked");
    let position = "8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/3K*4|7R*/8/8/8/R*7/8/5R*2/2k*5 w 0 30";
    let game = AnyGame::new(&setup, Some(position)).expect("the position");
    let mut mates = mating_moves(&game);
    mates.sort();
    assert_eq!(mates, ["Ta4Ta1", "Th8Th1"]);
    assert_eq!(puzzle_at(&game, 2), None);
    // Without the third rook the lesson's mate is unique and a puzzle.
    let lesson = lessons::find("stacked-mate-1").expect("the lesson");
    assert!(puzzle_at(&lesson_game(lesson), 2).is_some());
}

#[test]
fn an_undefended_queen_is_a_material_puzzle_and_mining_finds_it_in_a_game() {
    let setup = rules::Setup::from_ids("stacked", None, &[]).expect("stacked");
    let position = "8/8/8/8/8/8/8/K7|8/8/8/8/8/8/8/8|7k/8/8/3q4/8/8/8/3R4 w 0 30";
    let mut game = AnyGame::new(&setup, Some(position)).expect("the position");
    let puzzle = puzzle_at(&game, 2).expect("a puzzle");
    assert_eq!(puzzle.solution, ["Td1Td5"]);
    assert_eq!(puzzle.kind, PuzzleKind::Material(9));
    assert_eq!(puzzle.themes, [Theme::Capture]);
    // In a game, the same position is found at its ply, and no other.
    game.play_token("Td1Td5").expect("legal");
    let mined = mine(&game, 2, 7);
    assert_eq!(mined.len(), 1, "{mined:?}");
    assert_eq!((mined[0].game, mined[0].ply), (7, 0));
    assert_eq!(mined[0].solution, puzzle.solution);
}

#[test]
fn a_mate_across_the_boards_has_the_cross_board_theme() {
    let lesson = lessons::find("stacked-mate-3").expect("the lesson");
    let puzzle = puzzle_at(&lesson_game(lesson), 2).expect("a puzzle");
    assert_eq!(puzzle.solution, lesson.solution);
    assert_eq!(
        puzzle.themes,
        [Theme::MateIn(1), Theme::Check, Theme::CrossBoard]
    );
    let flat = lessons::find("stacked-mate-2").expect("the lesson");
    let puzzle = puzzle_at(&lesson_game(flat), 2).expect("a puzzle");
    assert!(!puzzle.themes.contains(&Theme::CrossBoard), "{puzzle:?}");
}

#[test]
fn mate_in_two_lessons_give_lines_that_end_in_mate() {
    let mut checked = 0;
    for lesson in lessons::all().filter(|l| l.goal == Goal::Mate(2)) {
        let game = lesson_game(lesson);
        let Some(puzzle) = puzzle_at(&game, 3) else {
            continue;
        };
        checked += 1;
        assert_eq!(puzzle.kind, PuzzleKind::Mate(2), "{}", lesson.id);
        assert_eq!(puzzle.solution.len(), 3, "{}", lesson.id);
        assert_eq!(puzzle.solution[0], lesson.solution[0], "{}", lesson.id);
        let mut g = game.clone();
        for t in &puzzle.solution {
            g.play_token(t).expect("legal");
        }
        assert!(
            matches!(g.status(), GameStatus::Over(o) if o.winner == Some(game.turn())),
            "{}",
            lesson.id
        );
    }
    assert!(checked >= 2, "{checked} mate-in-two lessons are puzzles");
    eprintln!("{checked} mate-in-two lessons are puzzles");
}

#[test]
fn a_game_that_plays_a_mate_in_two_gives_one_puzzle_not_two() {
    let lesson = lessons::all()
        .find(|l| l.goal == Goal::Mate(2) && l.id.starts_with("stacked"))
        .expect("a stacked mate in two");
    let mut game = lesson_game(lesson);
    let puzzle = puzzle_at(&game, 3).expect("a puzzle");
    for t in &puzzle.solution {
        game.play_token(t).expect("legal");
    }
    // The position after the first reply is a mate in one on its own ...
    let mut inside = lesson_game(lesson);
    for t in &puzzle.solution[..2] {
        inside.play_token(t).expect("legal");
    }
    assert_eq!(
        puzzle_at(&inside, 3).map(|p| p.kind),
        Some(PuzzleKind::Mate(1))
    );
    // ... but in the game that played the line it is the same tactic.
    let mined = mine(&game, 3, 0);
    assert_eq!(mined.len(), 1, "{mined:?}");
    assert_eq!(mined[0].solution, puzzle.solution);
}

/// The themes `themes::themes` tells for a line of move tokens from a position.
fn themes_of(variant: &str, position: &str, line: &[&str], kind: PuzzleKind) -> Vec<Theme> {
    let setup = rules::Setup::from_ids(variant, None, &[]).expect("a setup");
    let game = AnyGame::new(&setup, Some(position)).expect("a position");
    dispatch!(&game, g => {
        let mut pos = g.position().clone();
        let mut moves = Vec::new();
        for t in line {
            let m = pos.parse_move_token(t).unwrap_or_else(|e| panic!("{t}: {e}"));
            pos.play(m);
            moves.push(m);
        }
        themes::themes(g.position(), &moves, kind)
    })
}

#[test]
fn a_knight_check_that_also_hits_a_rook_is_a_fork() {
    let pos = "4k*3/1r*6/8/8/2N*5/8/8/K*7|8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8 w 0 1";
    let line = ["Bc4Bd6", "Be8Bf8", "Bd6Bb7"];
    let themes = themes_of("stacked", pos, &line, PuzzleKind::Material(5));
    assert!(themes.contains(&Theme::Fork), "{themes:?}");
    assert!(themes.contains(&Theme::Check), "{themes:?}");
    assert!(!themes.contains(&Theme::Skewer), "{themes:?}");
    // Without the capture that cashes it in, the double attack is not called a fork.
    let themes = themes_of("stacked", pos, &line[..1], PuzzleKind::Material(5));
    assert!(!themes.contains(&Theme::Fork), "{themes:?}");
}

#[test]
fn a_check_along_a_file_that_wins_the_queen_behind_is_a_skewer() {
    let pos = "4q*3/8/8/4k*3/8/K*7/8/7R*|8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8 w 0 1";
    let line = ["Bh1Be1", "Be5Bd6", "Be1Be8"];
    let themes = themes_of("stacked", pos, &line, PuzzleKind::Material(9));
    assert!(themes.contains(&Theme::Skewer), "{themes:?}");
    assert!(!themes.contains(&Theme::Fork), "{themes:?}");
    assert!(!themes.contains(&Theme::DiscoveredAttack), "{themes:?}");
}

#[test]
fn a_bishop_that_steps_off_a_rooks_file_uncovers_an_attack() {
    // The bishop on e4 stands between the rook on e1 and the queen on e8; it moves with
    // check, and the rook takes the queen.
    let pos = "4q*3/8/8/7k*/4B*3/8/8/K*3R*3|8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8 w 0 1";
    let line = ["Be4Bf3", "Bh5Bh4", "Be1Be8"];
    let themes = themes_of("stacked", pos, &line, PuzzleKind::Material(9));
    assert!(themes.contains(&Theme::DiscoveredAttack), "{themes:?}");
    assert!(themes.contains(&Theme::Check), "{themes:?}");
}
