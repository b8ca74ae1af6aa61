//! One rated game at a time, as a host will use the crate: who gains, who loses, how
//! sure the ratings get, and the bounds every returned rating keeps.

use rating::{
    rate_game, rate_game_with_tau, update, GameResult, Rating, MAX_DEVIATION, MAX_RATING,
    MIN_DEVIATION, PROVISIONAL_DEVIATION,
};

fn rating(rating: f64, deviation: f64, volatility: f64) -> Rating {
    Rating::new(rating, deviation, volatility).expect("a valid rating")
}

#[test]
fn a_new_player_is_1500_350_and_provisional() {
    let new = Rating::default();
    assert_eq!(
        (new.rating, new.deviation, new.volatility),
        (1500.0, 350.0, 0.06)
    );
    assert!(new.is_provisional());
    assert_eq!(new.validate(), Ok(()));
}

#[test]
fn provisional_means_a_deviation_above_110() {
    assert!(!rating(1500.0, PROVISIONAL_DEVIATION, 0.06).is_provisional());
    assert!(rating(1500.0, 110.01, 0.06).is_provisional());
    assert!(!rating(1500.0, 60.0, 0.06).is_provisional());
}

#[test]
fn a_new_player_stops_being_provisional_after_ten_games() {
    // Alternate wins and losses against an established 1500.
    let opponent = rating(1500.0, 60.0, 0.06);
    let mut player = Rating::default();
    let mut provisional_games = 0;
    for game in 0..20 {
        if !player.is_provisional() {
            break;
        }
        provisional_games += 1;
        let score = if game % 2 == 0 { 1.0 } else { 0.0 };
        player = update(player, &[GameResult { opponent, score }], 0.5).expect("valid");
    }
    assert_eq!(provisional_games, 10, "{player:?}");
}

#[test]
fn a_draw_between_equals_changes_neither_rating() {
    let equal = rating(1730.0, 80.0, 0.06);
    let (white, black) = rate_game(equal, equal, 0.5).expect("valid");
    assert_eq!(white.rating, 1730.0);
    assert_eq!(black.rating, 1730.0);
    // Both are surer of their rating than before, and equally so.
    assert!(white.deviation < 80.0);
    assert_eq!(white, black);
}

#[test]
fn the_winner_gains_what_the_loser_loses_between_equals() {
    let (white, black) = rate_game(Rating::default(), Rating::default(), 1.0).expect("valid");
    assert!(white.rating > 1500.0 && black.rating < 1500.0);
    assert!(((white.rating - 1500.0) - (1500.0 - black.rating)).abs() < 1e-9);
    // A new player's first win is worth about 160 points, as on lichess.
    assert!((white.rating - 1662.31).abs() < 0.01, "{white:?}");
    assert!(white.deviation < 350.0 && black.deviation < 350.0);
}

#[test]
fn the_winner_gains_and_the_loser_loses_whoever_was_favoured() {
    let strong = rating(2100.0, 70.0, 0.06);
    let weak = rating(1600.0, 120.0, 0.06);
    for (white, black) in [(strong, weak), (weak, strong)] {
        for white_score in [1.0, 0.0] {
            let (w, b) = rate_game(white, black, white_score).expect("valid");
            if white_score == 1.0 {
                assert!(w.rating > white.rating && b.rating < black.rating);
            } else {
                assert!(w.rating < white.rating && b.rating > black.rating);
            }
        }
    }
    // An upset moves the ratings more than the expected result.
    let (upset, _) = rate_game(weak, strong, 1.0).expect("valid");
    let (expected, _) = rate_game(strong, weak, 1.0).expect("valid");
    assert!(upset.rating - weak.rating > expected.rating - strong.rating);
    // A draw against a stronger player gains.
    let (drawn, _) = rate_game(weak, strong, 0.5).expect("valid");
    assert!(drawn.rating > weak.rating);
}

#[test]
fn colours_do_not_matter() {
    let a = rating(1820.0, 95.0, 0.058);
    let b = rating(1640.0, 210.0, 0.07);
    for score in [0.0, 0.5, 1.0, 0.25] {
        let (a_white, b_black) = rate_game(a, b, score).expect("valid");
        let (b_white, a_black) = rate_game(b, a, 1.0 - score).expect("valid");
        assert_eq!(a_white, a_black);
        assert_eq!(b_black, b_white);
    }
}

#[test]
fn an_uncertain_rating_moves_more_than_a_sure_one() {
    let opponent = rating(1500.0, 60.0, 0.06);
    let (sure, _) = rate_game(rating(1500.0, 50.0, 0.06), opponent, 1.0).expect("valid");
    let (unsure, _) = rate_game(rating(1500.0, 250.0, 0.06), opponent, 1.0).expect("valid");
    assert!(unsure.rating - 1500.0 > 3.0 * (sure.rating - 1500.0));
}

#[test]
fn a_larger_tau_lets_a_surprise_raise_the_volatility_more() {
    let player = rating(1500.0, 50.0, 0.06);
    let favourite = rating(2300.0, 50.0, 0.06);
    let change = |tau| {
        let (after, _) = rate_game_with_tau(player, favourite, 1.0, tau).expect("valid");
        after.volatility - player.volatility
    };
    assert!(change(0.3) > 0.0);
    assert!(
        change(1.2) > 2.0 * change(0.5),
        "{} {}",
        change(1.2),
        change(0.5)
    );
    assert!(change(0.5) > change(0.3));
}

#[test]
fn a_steady_player_with_a_low_volatility_stops_at_the_deviation_floor() {
    // With σ = 0.01 Glicko-2 would take RD below 20; the floor keeps it at 30.
    let opponent = rating(1500.0, 40.0, 0.01);
    let mut player = rating(1500.0, 120.0, 0.01);
    for game in 0..300 {
        let score = if game % 2 == 0 { 1.0 } else { 0.0 };
        player = update(player, &[GameResult { opponent, score }], 0.5).expect("valid");
        assert!(player.deviation >= MIN_DEVIATION, "{player:?}");
    }
    assert_eq!(player.deviation, MIN_DEVIATION);
    // ...so a win moves the rating about three times as much as it would at RD 17.
    let gain = |deviation| {
        let before = Rating {
            deviation,
            ..player
        };
        let (after, _) = rate_game(before, opponent, 1.0).expect("valid");
        after.rating - before.rating
    };
    assert!(
        gain(MIN_DEVIATION) > 2.5 * gain(17.0),
        "{}",
        gain(MIN_DEVIATION)
    );
}

#[test]
fn ageing_grows_the_deviation_up_to_350() {
    let player = rating(1900.0, 60.0, 0.06);
    let month = player.aged(30.0).expect("valid");
    assert_eq!((month.rating, month.volatility), (1900.0, 0.06));
    // √(φ² + 30σ²) on the Glicko-2 scale: 60 grows to 82.82.
    assert!((month.deviation - 82.82).abs() < 0.005, "{month:?}");
    assert!(month.deviation > player.aged(1.0).expect("valid").deviation);
    assert_eq!(player.aged(0.0).expect("valid"), player);
    assert_eq!(player.aged(1e6).expect("valid").deviation, MAX_DEVIATION);
    assert_eq!(
        Rating::default().aged(5.0).expect("valid").deviation,
        MAX_DEVIATION
    );
}

#[test]
fn ratings_stay_within_bounds_at_the_extremes() {
    let top = rating(MAX_RATING, 30.0, 0.06);
    let bottom = rating(0.0, 350.0, 0.1);
    let (w, b) = rate_game(top, bottom, 1.0).expect("valid");
    assert_eq!(w.rating, MAX_RATING);
    assert!(b.rating >= 0.0 && b.rating.is_finite());
    // The greatest upset there can be: finite, and within bounds.
    let (w, b) = rate_game(bottom, rating(MAX_RATING, 1e-6, 0.0001), 1.0).expect("valid");
    for after in [w, b] {
        assert_eq!(after.validate(), Ok(()), "{after:?}");
        assert!(after.deviation >= MIN_DEVIATION, "{after:?}");
    }
    assert!(w.rating > 0.0);
}
