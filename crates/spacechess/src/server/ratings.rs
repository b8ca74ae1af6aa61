//! Ratings of rated games (docs/api.md, "Ratings"): one Glicko-2 rating per player and
//! pool (a variant, or Tri-D with its rule set), kept by the store. A rated game is
//! rated once, by the store's `rate_game`, when a change that ends it has been stored:
//! only an online rated game between two players in which each side moved at least
//! once, and not aborted. The first-move abort of a rated game counts against the side
//! that did not move; three in a day bar the player from rated challenges for a while.
//!
//! A rated game whose instance stopped between storing the result and rating it stays
//! unrated (nothing sweeps for such games: the window is a few milliseconds).

use super::error::ApiError;
use super::game::{now_ms, GameSlot, GameState};
use super::limits::Window;
use super::players::PlayerId;
use super::routes::{blocking, AppState};
use super::service::{Mode, Service};
use super::share::share_of;
use super::store::{PoolRating, RatedGame, RatingPoint};
use axum::extract::{ConnectInfo, Extension, Path, State};
use axum::routing::get;
use axum::{Json, Router};
use rating::Rating;
use rules::{Color, GameStatus, Setup, Termination};
use serde::Serialize;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};
use table::{Holder, Write};

#[cfg(test)]
use ts_rs::TS;

/// Every pool, in the order lists show them.
pub const POOLS: [&str; 6] = [
    "stacked",
    "trid-federation",
    "trid-meder",
    "trid-stepwise",
    "quadlevel",
    "fourfold",
];
/// The players a leaderboard lists at most.
pub const LEADERBOARD_SIZE: u32 = 50;
/// The rating points a profile shows at most (every pool together).
pub const PROFILE_HISTORY: u32 = 200;
/// Aborts within [`ABORT_WINDOW_MS`] that bar a player from rated challenges.
pub const ABORTS_BARRED: u32 = 3;
pub const ABORT_WINDOW_MS: i64 = 24 * 3600 * 1000;
/// Profiles and leaderboards one player may read per minute (an address: four times).
pub const READS_PER_MINUTE: u32 = 60;
pub const ADDRESS_SHARE: u32 = 4;
/// One rating period is a day: a player away that long has a less certain rating.
const PERIOD_MS: f64 = 86_400_000.0;

/// The pool of a set-up: its variant's id, or `trid-<rules>` for Tri-D.
pub fn pool_of(setup: &Setup) -> String {
    match setup.rules_if_any() {
        Some(r) => format!("{}-{}", setup.variant().id(), r.id()),
        None => setup.variant().id().to_string(),
    }
}

/// The pool of a stored set-up's ids (`None` when they name no set-up).
pub fn pool_of_ids(variant: &str, rules: Option<&str>) -> Option<String> {
    Setup::from_ids(variant, rules, &[])
        .ok()
        .map(|s| pool_of(&s))
}

/// The rating of one game as the store runs it: each side's deviation first grows by
/// the days since their last rated game in the pool ([`Rating::aged`]), then one
/// Glicko-2 period ([`rating::rate_game`]). Ratings the rating crate refuses (never
/// stored by this server) are left as they were.
pub fn rate(
    white: Rating,
    black: Rating,
    white_score: f64,
    at_ms: i64,
    white_last_ms: Option<i64>,
    black_last_ms: Option<i64>,
) -> (Rating, Rating) {
    let aged = |r: Rating, last: Option<i64>| match last {
        Some(t) if at_ms > t => r.aged((at_ms - t) as f64 / PERIOD_MS).unwrap_or(r),
        _ => r,
    };
    let (w, b) = (aged(white, white_last_ms), aged(black, black_last_ms));
    rating::rate_game(w, b, white_score).unwrap_or((white, black))
}

/// A rating as lists show it.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct PoolRatingView {
    pub pool: String,
    pub rating: i32,
    pub deviation: i32,
    /// The deviation is above 110: shown with a `?`.
    pub provisional: bool,
    pub games: u32,
}

impl From<&PoolRating> for PoolRatingView {
    fn from(r: &PoolRating) -> Self {
        PoolRatingView {
            pool: r.pool.clone(),
            rating: r.rating.rating.round() as i32,
            deviation: r.rating.deviation.round() as i32,
            provisional: r.rating.is_provisional(),
            games: r.games,
        }
    }
}

/// One point of a rating's history: after a rated game.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct RatingPointView {
    pub pool: String,
    /// When the game ended, ms since the Unix epoch.
    #[cfg_attr(test, ts(type = "number"))]
    pub at_ms: i64,
    pub rating: i32,
}

impl From<&RatingPoint> for RatingPointView {
    fn from(p: &RatingPoint) -> Self {
        RatingPointView {
            pool: p.pool.clone(),
            at_ms: p.at_ms,
            rating: p.rating.round() as i32,
        }
    }
}

/// A player's public page: `GET /api/players/{name}`.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct Profile {
    pub name: String,
    /// The player made an account (a password) for the name.
    pub account: bool,
    pub ratings: Vec<PoolRatingView>,
    /// The last rating points, every pool, oldest first.
    pub history: Vec<RatingPointView>,
}

/// One line of a leaderboard.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct LeaderView {
    pub name: String,
    pub rating: i32,
    pub deviation: i32,
    pub games: u32,
}

/// `GET /api/ratings/{pool}`: the pool's best players whose rating is not provisional.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct Leaderboard {
    pub pool: String,
    pub players: Vec<LeaderView>,
}

/// What the end of a game needs to be rated, read under its lock.
#[derive(Clone, Debug)]
pub(super) struct Ended {
    game_id: String,
    pool: String,
    white: String,
    black: String,
    /// White's score, or `None` for an abort (then `idle` is the side that did not move).
    white_score: Option<f64>,
    idle: Color,
}

/// Whether a change's writes end the game (a result stored).
pub(super) fn ends_game(writes: &[Write]) -> bool {
    writes.iter().any(|w| {
        matches!(
            w,
            Write::Result(_)
                | Write::Move {
                    result: Some(_),
                    ..
                }
        )
    })
}

/// The game's end as the ratings see it: `None` unless it is a finished online rated
/// game between two players that is rated (each side moved) or aborted (an abort
/// counts).
pub(super) fn ended(id: &str, st: &GameState) -> Option<Ended> {
    let table = &st.table;
    if table.mode() != Mode::Online || !table.rated() {
        return None;
    }
    let GameStatus::Over(outcome) = table.game().status() else {
        return None;
    };
    let (Holder::Player(white), Holder::Player(black)) =
        (&table.seats().white, &table.seats().black)
    else {
        return None;
    };
    if white == black {
        return None;
    }
    let aborted = outcome.termination == Termination::Aborted;
    if !aborted && table.ply() < 2 {
        return None;
    }
    let white_score = (!aborted).then_some(match outcome.winner {
        Some(Color::White) => 1.0,
        Some(Color::Black) => 0.0,
        None => 0.5,
    });
    Some(Ended {
        game_id: id.to_string(),
        pool: pool_of(&table.game().setup()),
        white: white.clone(),
        black: black.clone(),
        white_score,
        idle: table.game().turn(),
    })
}

impl Service {
    /// Rates a game that ended (or counts its abort), off the game's lock, then shows
    /// the rating changes in its labels. Run on the blocking pool.
    pub(super) fn settle_rating(self: &Arc<Self>, slot: &Arc<GameSlot>, end: Ended) {
        let now = now_ms();
        let stored = match end.white_score {
            Some(white_score) => self
                .store
                .rate_game(&RatedGame {
                    game_id: &end.game_id,
                    pool: &end.pool,
                    white: &end.white,
                    black: &end.black,
                    white_score,
                    at_ms: now,
                    rate,
                })
                .map(drop),
            None => {
                let idle = match end.idle {
                    Color::White => &end.white,
                    Color::Black => &end.black,
                };
                self.store.record_abort(idle, &end.game_id, now)
            }
        };
        if let Err(e) = stored {
            eprintln!("spacechess: game {}: cannot rate it: {e}", end.game_id);
        }
        self.refresh_labels(slot);
    }

    /// Refuses rated challenges to a player with [`ABORTS_BARRED`] aborts in the last
    /// day, until the oldest of them is a day old.
    pub(super) fn check_aborts(&self, player: &PlayerId) -> Result<(), ApiError> {
        let now = now_ms();
        let (count, oldest) = self
            .store
            .aborts_since(player.as_str(), now - ABORT_WINDOW_MS)?;
        if count >= ABORTS_BARRED {
            let wait_ms = oldest.map_or(ABORT_WINDOW_MS, |t| t + ABORT_WINDOW_MS - now);
            let wait = (wait_ms.max(1000) as u64).div_ceil(1000);
            return Err(ApiError::rate_limited(format!(
                "you aborted {count} rated games in the last 24 hours (a rated game you did not make your first move in): no rated games until the oldest of them is 24 hours old"
            ))
            .with_retry_after(wait));
        }
        Ok(())
    }
}

/// Reads counted per player and per address.
struct Limits {
    window: Window,
}

impl Limits {
    fn admit(&self, player: &PlayerId, addr: &SocketAddr) -> Result<(), ApiError> {
        let by_player = format!("ratings player {}", player.as_str());
        let by_address = format!("ratings address {}", share_of(addr));
        let cap = READS_PER_MINUTE;
        let keys = [
            (by_player.as_str(), cap),
            (by_address.as_str(), cap * ADDRESS_SHARE),
        ];
        self.window.try_hit(&keys, Instant::now()).map_err(|wait| {
            ApiError::rate_limited(format!(
                "too many profile and leaderboard reads: at most {cap} a minute per player ({} per address)",
                cap * ADDRESS_SHARE
            ))
            .with_retry_after(wait.as_secs_f64().ceil().max(1.0) as u64)
        })
    }
}

/// The routes, merged into the API router.
pub fn routes() -> Router<AppState> {
    let limits = Arc::new(Limits {
        window: Window::new(Duration::from_secs(60)),
    });
    Router::new()
        .route("/ratings/{pool}", get(leaderboard))
        .route("/players/{name}", get(profile))
        .layer(Extension(limits))
}

fn shown(text: &str) -> String {
    let short: String = text.chars().take(40).collect();
    format!("{short:?}")
}

async fn leaderboard(
    State(svc): State<AppState>,
    Extension(limits): Extension<Arc<Limits>>,
    Extension(player): Extension<PlayerId>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    Path(pool): Path<String>,
) -> Result<Json<Leaderboard>, ApiError> {
    if !POOLS.contains(&pool.as_str()) {
        return Err(ApiError::not_found(format!(
            "no rating pool {}; the pools are {}",
            shown(&pool),
            POOLS.join(", ")
        )));
    }
    limits.admit(&player, &addr)?;
    blocking(move || {
        let rows = svc
            .store
            .leaderboard(&pool, LEADERBOARD_SIZE, rating::PROVISIONAL_DEVIATION)?;
        let players = rows
            .iter()
            .map(|r| LeaderView {
                name: r.name.clone(),
                rating: r.rating.rating.round() as i32,
                deviation: r.rating.deviation.round() as i32,
                games: r.games,
            })
            .collect();
        Ok(Leaderboard { pool, players })
    })
    .await
    .map(Json)
}

async fn profile(
    State(svc): State<AppState>,
    Extension(limits): Extension<Arc<Limits>>,
    Extension(player): Extension<PlayerId>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    Path(name): Path<String>,
) -> Result<Json<Profile>, ApiError> {
    limits.admit(&player, &addr)?;
    blocking(move || {
        let unknown = || ApiError::not_found(format!("no player is named {}", shown(&name)));
        if name.is_empty() || name.len() > 40 {
            return Err(unknown());
        }
        let holder = svc.store.player_of_name(&name)?.ok_or_else(unknown)?;
        let row = svc.store.name_of(&holder)?.ok_or_else(unknown)?;
        let ratings = svc.store.ratings_of(&holder)?;
        let history = svc.store.rating_history(&holder, None, PROFILE_HISTORY)?;
        Ok(Profile {
            name: row.name,
            account: svc.store.has_account(&holder)?,
            ratings: ratings.iter().map(PoolRatingView::from).collect(),
            history: history.iter().map(RatingPointView::from).collect(),
        })
    })
    .await
    .map(Json)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pools_are_variants_and_trid_rule_sets() {
        let pool = |v: &str, r: Option<&str>| pool_of_ids(v, r).unwrap();
        assert_eq!(pool("stacked", None), "stacked");
        assert_eq!(pool("trid", Some("meder")), "trid-meder");
        assert_eq!(pool("trid", None), "trid-federation");
        assert_eq!(pool("fourfold", None), "fourfold");
        for p in POOLS {
            assert!(POOLS.iter().filter(|q| **q == p).count() == 1);
        }
        assert_eq!(pool_of_ids("chess", None), None);
    }

    #[test]
    fn a_players_deviation_grows_with_the_days_away_before_a_game() {
        let fresh = Rating::default();
        let settled = Rating::new(1600.0, 60.0, 0.06).unwrap();
        // No time away: exactly one Glicko-2 period.
        assert_eq!(
            rate(settled, fresh, 1.0, 1_000, Some(1_000), None),
            rating::rate_game(settled, fresh, 1.0).unwrap()
        );
        // Thirty days away: the deviation grew first, so the rating moves more.
        let at = 30 * 86_400_000;
        let (away, _) = rate(settled, fresh, 1.0, at, Some(0), None);
        let (stayed, _) = rate(settled, fresh, 1.0, at, Some(at), None);
        assert!(away.rating - settled.rating > stayed.rating - settled.rating);
        let aged = settled.aged(30.0).unwrap();
        assert_eq!(
            (away, rate(settled, fresh, 1.0, at, Some(0), None).1),
            rating::rate_game(aged, fresh, 1.0).unwrap()
        );
    }
}
