//! For any valid input, every rating returned is finite and within the bounds, so it can
//! be fed back in; and the winner never loses points.

use proptest::prelude::*;
use rating::{
    rate_game_with_tau, update, GameResult, Rating, MAX_DEVIATION, MAX_RATING, MAX_TAU,
    MAX_VOLATILITY, MIN_DEVIATION, MIN_RATING, MIN_TAU, MIN_VOLATILITY,
};

/// Any valid rating, including the extremes of every bound and tiny deviations.
fn any_rating() -> impl Strategy<Value = Rating> {
    let rating = prop_oneof![Just(MIN_RATING), Just(MAX_RATING), MIN_RATING..=MAX_RATING,];
    let deviation = prop_oneof![
        Just(MAX_DEVIATION),
        Just(1e-9),
        1e-9..=MAX_DEVIATION,
        1.0..=MAX_DEVIATION,
    ];
    let volatility = prop_oneof![
        Just(MIN_VOLATILITY),
        Just(MAX_VOLATILITY),
        MIN_VOLATILITY..=MAX_VOLATILITY,
    ];
    (rating, deviation, volatility).prop_map(|(rating, deviation, volatility)| Rating {
        rating,
        deviation,
        volatility,
    })
}

fn any_score() -> impl Strategy<Value = f64> {
    prop_oneof![Just(0.0), Just(0.5), Just(1.0), 0.0..=1.0]
}

fn any_tau() -> impl Strategy<Value = f64> {
    prop_oneof![Just(MIN_TAU), Just(MAX_TAU), MIN_TAU..=MAX_TAU]
}

fn assert_within_bounds(rating: Rating) -> Result<(), TestCaseError> {
    prop_assert!(rating.rating.is_finite(), "{rating:?}");
    prop_assert!(
        (MIN_RATING..=MAX_RATING).contains(&rating.rating),
        "{rating:?}"
    );
    prop_assert!(
        (MIN_DEVIATION..=MAX_DEVIATION).contains(&rating.deviation),
        "{rating:?}"
    );
    prop_assert!(
        (MIN_VOLATILITY..=MAX_VOLATILITY).contains(&rating.volatility),
        "{rating:?}"
    );
    prop_assert_eq!(rating.validate(), Ok(()));
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn a_rating_period_stays_finite_and_within_bounds(
        player in any_rating(),
        games in prop::collection::vec(
            (any_rating(), any_score()).prop_map(|(opponent, score)| GameResult { opponent, score }),
            0..16,
        ),
        tau in any_tau(),
    ) {
        let after = update(player, &games, tau).expect("valid input is rated");
        assert_within_bounds(after)?;
    }

    #[test]
    fn one_game_stays_within_bounds_and_the_winner_never_loses(
        white in any_rating(),
        black in any_rating(),
        white_score in any_score(),
        tau in any_tau(),
    ) {
        let (w, b) = rate_game_with_tau(white, black, white_score, tau).expect("valid input is rated");
        assert_within_bounds(w)?;
        assert_within_bounds(b)?;
        if white_score == 1.0 {
            prop_assert!(w.rating >= white.rating && b.rating <= black.rating);
        }
        if white_score == 0.0 {
            prop_assert!(w.rating <= white.rating && b.rating >= black.rating);
        }
    }

    #[test]
    fn ageing_stays_within_bounds_and_never_shrinks_above_the_floor(
        player in any_rating(),
        periods in prop_oneof![Just(0.0), 0.0..1e6f64, 0.0..1e300f64],
    ) {
        let aged = player.aged(periods).expect("valid input is aged");
        assert_within_bounds(aged)?;
        prop_assert!(aged.deviation >= player.deviation.min(MAX_DEVIATION));
        prop_assert_eq!((aged.rating, aged.volatility), (player.rating, player.volatility));
    }

    /// A long run of games fed back in: every rating along the way is still valid.
    #[test]
    fn ratings_fed_back_in_stay_valid(
        start in any_rating(),
        games in prop::collection::vec((any_rating(), any_score()), 1..60),
    ) {
        let mut player = start;
        for (opponent, score) in games {
            player = update(player, &[GameResult { opponent, score }], 0.5).expect("valid input is rated");
            assert_within_bounds(player)?;
        }
    }
}
