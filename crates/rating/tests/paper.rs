//! Glickman's worked example ("Example of the Glicko-2 system", 2013), through the
//! public API: a 1500/200/0.06 player beats 1400/30, loses to 1550/100 and to 1700/300,
//! τ = 0.5. The step-by-step figures are checked in src/glicko2.rs.

use rating::{update, GameResult, Rating, SCALE};

fn opponent(rating: f64, deviation: f64) -> Rating {
    Rating::new(rating, deviation, 0.06).expect("the paper's opponent is valid")
}

fn paper_player() -> Rating {
    Rating::new(1500.0, 200.0, 0.06).expect("the paper's player is valid")
}

fn paper_games() -> Vec<GameResult> {
    vec![
        GameResult {
            opponent: opponent(1400.0, 30.0),
            score: 1.0,
        },
        GameResult {
            opponent: opponent(1550.0, 100.0),
            score: 0.0,
        },
        GameResult {
            opponent: opponent(1700.0, 300.0),
            score: 0.0,
        },
    ]
}

/// `value` printed to `decimals` places is `printed`.
fn prints_as(value: f64, decimals: i32, printed: f64) -> bool {
    let unit = 10f64.powi(decimals);
    (value * unit).round() == (printed * unit).round()
}

#[test]
fn the_papers_example_gives_the_papers_rating_deviation_and_volatility() {
    let after = update(paper_player(), &paper_games(), 0.5).expect("valid input");

    // RD′ = 151.52 as printed.
    assert!(prints_as(after.deviation, 2, 151.52), "{after:?}");
    // σ′ = 0.05999 as printed (the paper cuts 0.0599960 after its fifth place).
    assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
    // r′ = 1464.06: the paper converts μ′ rounded to −0.2069; exact arithmetic gives
    // 1464.0507, within one unit of μ′'s last printed place (0.017 rating points).
    let mu = (after.rating - 1500.0) / SCALE;
    assert!(prints_as(mu, 4, -0.2069), "μ′ = {mu}");
    assert!(prints_as(SCALE * -0.2069 + 1500.0, 2, 1464.06));
    assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
    // φ′ = 0.8722 as printed.
    assert!(prints_as(after.deviation / SCALE, 4, 0.8722), "{after:?}");
}

#[test]
fn the_example_does_not_depend_on_the_order_of_the_games() {
    let mut games = paper_games();
    games.reverse();
    let reversed = update(paper_player(), &games, 0.5).expect("valid input");
    let forward = update(paper_player(), &paper_games(), 0.5).expect("valid input");
    assert!((reversed.rating - forward.rating).abs() < 1e-9);
    assert!((reversed.deviation - forward.deviation).abs() < 1e-9);
    assert!((reversed.volatility - forward.volatility).abs() < 1e-12);
}

#[test]
fn a_period_without_games_only_grows_the_deviation() {
    let before = paper_player();
    let after = update(before, &[], 0.5).expect("valid input");
    assert_eq!(after.rating, before.rating);
    assert_eq!(after.volatility, before.volatility);
    // φ′ = √(φ² + σ²): 200 grows to 200.27.
    let phi = 200.0 / SCALE;
    let expected = (phi * phi + 0.06 * 0.06).sqrt() * SCALE;
    assert!((after.deviation - expected).abs() < 1e-9, "{after:?}");
    assert!(prints_as(after.deviation, 2, 200.27), "{after:?}");
    // The same as one period of ageing.
    assert_eq!(before.aged(1.0).expect("valid"), after);
}
