//! Bad input is refused with an error naming the field and the value; nothing panics.

use rating::{rate_game, rate_game_with_tau, update, GameResult, Rating, RatingError};

fn field(result: Result<impl std::fmt::Debug, RatingError>) -> (String, f64) {
    let error = result.expect_err("bad input is refused");
    (error.field, error.value)
}

#[test]
fn each_bad_field_of_a_rating_is_named() {
    let bad = [
        ((f64::NAN, 100.0, 0.06), "rating"),
        ((f64::INFINITY, 100.0, 0.06), "rating"),
        ((-1.0, 100.0, 0.06), "rating"),
        ((5000.5, 100.0, 0.06), "rating"),
        ((1500.0, -5.0, 0.06), "deviation"),
        ((1500.0, 0.0, 0.06), "deviation"),
        ((1500.0, 350.5, 0.06), "deviation"),
        ((1500.0, f64::NAN, 0.06), "deviation"),
        ((1500.0, 100.0, 0.0), "volatility"),
        ((1500.0, 100.0, -0.06), "volatility"),
        ((1500.0, 100.0, 0.5), "volatility"),
        ((1500.0, 100.0, f64::NEG_INFINITY), "volatility"),
    ];
    for ((r, d, v), name) in bad {
        let error = Rating::new(r, d, v).expect_err("refused");
        assert_eq!(error.field, name, "{r} {d} {v}");
    }
}

#[test]
fn the_message_names_the_field_the_value_and_what_it_must_be() {
    let error = Rating::new(1500.0, -5.0, 0.06).expect_err("refused");
    assert_eq!(
        error.to_string(),
        "deviation is -5; it must be a number above 0 and at most 350"
    );
    let error = rate_game(Rating::default(), Rating::default(), 2.0).expect_err("refused");
    assert_eq!(
        error.to_string(),
        "white_score is 2; it must be a score from 0 to 1 (1 a win, 0.5 a draw, 0 a loss)"
    );
}

#[test]
fn update_names_the_player_the_game_and_tau() {
    let good = Rating::default();
    let bad = Rating {
        deviation: f64::NAN,
        ..good
    };
    let win = |opponent| GameResult {
        opponent,
        score: 1.0,
    };

    assert_eq!(field(update(good, &[win(good)], 0.0)), ("tau".into(), 0.0));
    assert_eq!(field(update(good, &[], 3.0)), ("tau".into(), 3.0));
    assert!(update(good, &[], f64::NAN).is_err());
    let (name, value) = field(update(bad, &[win(good)], 0.5));
    assert!(name == "player.deviation" && value.is_nan());
    let (name, _) = field(update(good, &[win(good), win(bad)], 0.5));
    assert_eq!(name, "games[1].opponent.deviation");
    let games = [
        win(good),
        GameResult {
            opponent: good,
            score: -0.5,
        },
    ];
    assert_eq!(
        field(update(good, &games, 0.5)),
        ("games[1].score".into(), -0.5)
    );
}

#[test]
fn rate_game_names_white_black_and_the_score() {
    let good = Rating::default();
    let bad = Rating {
        rating: -30.0,
        ..good
    };
    assert_eq!(
        field(rate_game(bad, good, 1.0)),
        ("white.rating".into(), -30.0)
    );
    assert_eq!(
        field(rate_game(good, bad, 1.0)),
        ("black.rating".into(), -30.0)
    );
    let (name, value) = field(rate_game(good, good, f64::NAN));
    assert!(name == "white_score" && value.is_nan());
    assert_eq!(
        field(rate_game_with_tau(good, good, 1.0, -1.0)),
        ("tau".into(), -1.0)
    );
}

#[test]
fn ageing_refuses_bad_periods_and_bad_ratings() {
    let good = Rating::default();
    assert_eq!(field(good.aged(-1.0)), ("periods".into(), -1.0));
    assert!(good.aged(f64::INFINITY).is_err());
    assert!(good.aged(f64::NAN).is_err());
    let bad = Rating {
        volatility: 7.0,
        ..good
    };
    assert_eq!(field(bad.aged(1.0)), ("volatility".into(), 7.0));
}

#[test]
fn scores_between_draw_and_win_are_accepted() {
    let (white, black) = rate_game(Rating::default(), Rating::default(), 0.75).expect("valid");
    assert!(white.rating > 1500.0 && black.rating < 1500.0);
}
