//! The lobby (docs/api.md, "Lobby"): challenges open to anyone, quick pairings, and the
//! online games being played. The store decides every race: a challenge is taken once
//! (`take_challenge`), two quick seekers meet once (`quick_match`). Accepting makes an
//! online game with both seats taken at once (the creator's colour from their wish), so
//! no invitation is left open; the creator's page finds the game in its next lobby read
//! (`matched`). A live challenge lives while its creator reads the lobby: it expires
//! [`LIVE_EXPIRY_MS`] after the last read; a correspondence one lives a week.

use super::error::{ApiError, ErrorCode};
use super::game::now_ms;
use super::limits::Window;
use super::players::PlayerId;
use super::ratings::pool_of_ids;
use super::requests::read;
use super::routes::{blocking, AppState};
use super::service::{Mode, NewGame, Service};
use super::share::share_of;
use super::store::{ChallengeRow, LiveGameRow, PoolRating, Seek};
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{ConnectInfo, Extension, Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{delete, get, post};
use axum::{Json, Router};
use engine::api::Level;
use rating::Rating;
use rules::{Color, Setup};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};
use table::requests::field;
use table::requests::TimeControlBody;
use table::view::{PlayerLabel, PlayersView};
use table::{TimeControl, DAY_MS};

#[cfg(test)]
use rules::{RuleSet, Variant};
#[cfg(test)]
use ts_rs::TS;

/// A live challenge expires this long after its creator's last lobby read.
pub const LIVE_EXPIRY_MS: i64 = 20_000;
/// A correspondence challenge lives a week.
pub const CORRESPONDENCE_EXPIRY_MS: i64 = 7 * DAY_MS;
/// Open challenges one player may have (quick pairings waiting included), and one
/// address.
pub const OPEN_PER_PLAYER: u32 = 3;
pub const OPEN_PER_ADDRESS: u32 = 12;
/// `Retry-After` when too many challenges are open: a live one expires this soon.
pub const OPEN_RETRY_AFTER_SECS: u64 = 20;
/// Lobby reads (and cancellations) per player per minute.
pub const READS_PER_MINUTE: u32 = 120;
/// Challenges one player may create per ten minutes.
pub const CREATIONS_PER_TEN_MINUTES: u32 = 20;
/// Accepts and quick pairings one player may ask for per ten minutes.
pub const JOINS_PER_TEN_MINUTES: u32 = 60;
/// An address's share: several players' worth, as player ids cost nothing.
pub const ADDRESS_SHARE: u32 = 4;
/// Challenges and games the lobby lists at most (their players' names are read in one
/// query of at most 100 ids).
pub const LISTED_CHALLENGES: u32 = 60;
pub const LISTED_GAMES: u32 = 20;
/// How long after a challenge was accepted its creator's lobby names the game (while
/// the game is still being played: a page back in the lobby after a short game is not
/// sent into it again).
pub const MATCHED_WINDOW_MS: i64 = 30_000;
/// The bounds of a rating range.
const RATING_BOUNDS: std::ops::RangeInclusive<u64> = 0..=5000;

/// A quick pairing: one button, one kind of rated game; two players pressing the same
/// one meet.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct QuickPairing {
    /// What `POST /api/lobby/quick` names.
    pub id: String,
    #[cfg_attr(test, ts(as = "Variant"))]
    pub variant: String,
    #[cfg_attr(test, ts(as = "Option<RuleSet>"))]
    pub rules: Option<String>,
    pub time_control: TimeControlView,
    pub rated: bool,
}

/// The quick pairings: id, variant, rules, and minutes + increment seconds or days per
/// move.
const QUICK: [(&str, &str, Option<&str>, Clock); 5] = [
    ("stacked-10+5", "stacked", None, Clock::Live(10, 5)),
    (
        "trid-federation-10+5",
        "trid",
        Some("federation"),
        Clock::Live(10, 5),
    ),
    ("quadlevel-15+10", "quadlevel", None, Clock::Live(15, 10)),
    ("fourfold-5+3", "fourfold", None, Clock::Live(5, 3)),
    (
        "trid-federation-3d",
        "trid",
        Some("federation"),
        Clock::Days(3),
    ),
];

#[derive(Clone, Copy, Debug)]
enum Clock {
    /// Minutes and increment seconds.
    Live(i64, i64),
    Days(u32),
}

impl Clock {
    fn time_control(self) -> TimeControl {
        match self {
            Clock::Live(m, s) => TimeControl::live(m * 60_000, s * 1000),
            Clock::Days(d) => TimeControl::days_per_move(d),
        }
    }
}

/// Every quick pairing.
pub fn quick_pairings() -> Vec<QuickPairing> {
    QUICK
        .iter()
        .map(|(id, variant, rules, clock)| QuickPairing {
            id: id.to_string(),
            variant: variant.to_string(),
            rules: rules.map(str::to_string),
            time_control: TimeControlView::of(clock.time_control()),
            rated: true,
        })
        .collect()
}

/// A time control as the lobby shows it: minutes and increment, or days per move.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct TimeControlView {
    pub minutes: Option<f64>,
    pub increment_seconds: Option<f64>,
    pub days_per_move: Option<u32>,
}

impl TimeControlView {
    fn of(tc: TimeControl) -> TimeControlView {
        match tc.days() {
            Some(days) => TimeControlView {
                minutes: None,
                increment_seconds: None,
                days_per_move: Some(days),
            },
            None => TimeControlView {
                minutes: Some(tc.initial_ms as f64 / 60_000.0),
                increment_seconds: Some(tc.increment_ms as f64 / 1000.0),
                days_per_move: None,
            },
        }
    }
}

/// The colour a challenge's creator asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(test, derive(TS), ts(rename_all = "lowercase"))]
pub enum ColorWish {
    White,
    Black,
    Random,
}

impl From<Seek> for ColorWish {
    fn from(s: Seek) -> Self {
        match s {
            Seek::White => ColorWish::White,
            Seek::Black => ColorWish::Black,
            Seek::Random => ColorWish::Random,
        }
    }
}

impl From<ColorWish> for Seek {
    fn from(c: ColorWish) -> Self {
        match c {
            ColorWish::White => Seek::White,
            ColorWish::Black => Seek::Black,
            ColorWish::Random => Seek::Random,
        }
    }
}

/// A challenge in the lobby.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct ChallengeView {
    pub id: String,
    /// The creator's name (`null`: anonymous).
    pub name: Option<String>,
    /// The creator's rating in the challenge's pool.
    pub rating: Option<i32>,
    pub provisional: bool,
    #[cfg_attr(test, ts(as = "Variant"))]
    pub variant: String,
    #[cfg_attr(test, ts(as = "Option<RuleSet>"))]
    pub rules: Option<String>,
    pub time_control: TimeControlView,
    pub rated: bool,
    /// The creator's colour.
    pub color: ColorWish,
    /// The ratings the acceptor's must be within.
    pub min_rating: Option<i32>,
    pub max_rating: Option<i32>,
    /// The asking player made it.
    pub yours: bool,
    /// Made by a quick-pairing button.
    pub quick: bool,
}

/// An online game being played.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct LiveGameView {
    pub id: String,
    #[cfg_attr(test, ts(as = "Variant"))]
    pub variant: String,
    #[cfg_attr(test, ts(as = "Option<RuleSet>"))]
    pub rules: Option<String>,
    pub time_control: Option<TimeControlView>,
    pub rated: bool,
    pub players: PlayersView,
    /// Half-moves played.
    pub moves: u32,
}

/// `GET /api/lobby`.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct Lobby {
    /// Open challenges, oldest first (the asker's own among them, `yours`).
    pub challenges: Vec<ChallengeView>,
    /// Online games being played, newest first.
    pub playing: Vec<LiveGameView>,
    pub quick: Vec<QuickPairing>,
    /// The game the asker's challenge became (accepted in the last 30 s and still being
    /// played).
    pub matched: Option<String>,
}

/// The answer to an accepted challenge: the new game.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct LobbyGame {
    pub game: String,
}

/// The answer to a quick pairing: the game, when another player was waiting; else the
/// asker's challenge, waiting (the lobby's `matched` names its game later).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct QuickAnswer {
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub game: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub challenge: Option<ChallengeView>,
}

/// The body of `POST /api/lobby/challenges`.
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[cfg_attr(test, derive(TS), ts(rename = "ChallengeRequest"))]
pub struct ChallengeBody {
    /// Required.
    #[serde(default, deserialize_with = "field::string")]
    #[cfg_attr(test, ts(as = "Variant"))]
    pub variant: Option<String>,
    #[serde(default, deserialize_with = "field::string")]
    #[cfg_attr(test, ts(optional = nullable, as = "Option<RuleSet>"))]
    pub rules: Option<String>,
    /// None in a rated challenge.
    #[serde(default, deserialize_with = "field::strings")]
    #[cfg_attr(test, ts(optional = nullable))]
    pub options: Option<Vec<String>>,
    /// Required: minutes (and increment) or days per move.
    #[serde(default)]
    #[cfg_attr(test, ts(as = "TimeControlBody"))]
    pub time_control: Option<TimeControlBody>,
    /// Default false.
    #[serde(default, deserialize_with = "flag")]
    #[cfg_attr(test, ts(optional, type = "boolean"))]
    pub rated: Option<bool>,
    /// The creator's colour (default random).
    #[serde(default, deserialize_with = "color")]
    #[cfg_attr(test, ts(optional = nullable, as = "Option<ColorWish>"))]
    pub color: Option<ColorWish>,
    /// The acceptor's rating in the pool must be at least this (0 to 5000).
    #[serde(default, deserialize_with = "rating_bound")]
    #[cfg_attr(test, ts(optional = nullable, type = "number"))]
    pub min_rating: Option<i32>,
    /// … and at most this.
    #[serde(default, deserialize_with = "rating_bound")]
    #[cfg_attr(test, ts(optional = nullable, type = "number"))]
    pub max_rating: Option<i32>,
}

/// The body of `POST /api/lobby/quick`.
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[cfg_attr(test, derive(TS), ts(rename = "QuickRequest"))]
pub struct QuickBody {
    /// A quick pairing's id. Required.
    #[serde(default, deserialize_with = "field::string")]
    #[cfg_attr(test, ts(type = "string"))]
    pub pairing: Option<String>,
}

fn flag<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<bool>, D::Error> {
    match field::sent(d)? {
        None => Ok(None),
        Some(serde_json::Value::Bool(b)) => Ok(Some(b)),
        Some(v) => Err(field::wrong("true or false", &v)),
    }
}

fn color<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<ColorWish>, D::Error> {
    field::one_of(
        d,
        &[
            ("white", ColorWish::White),
            ("black", ColorWish::Black),
            ("random", ColorWish::Random),
        ],
    )
}

fn rating_bound<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<i32>, D::Error> {
    use serde::de::Error;
    let Some(v) = field::sent(d)? else {
        return Ok(None);
    };
    match v.as_u64() {
        Some(n) if RATING_BOUNDS.contains(&n) => Ok(Some(n as i32)),
        _ => Err(D::Error::custom(format!(
            "must be a rating from {} to {}, not {v}",
            RATING_BOUNDS.start(),
            RATING_BOUNDS.end()
        ))),
    }
}

/// A challenge as asked for, checked.
#[derive(Clone, Debug)]
pub(super) struct Wanted {
    setup: Setup,
    time_control: TimeControl,
    rated: bool,
    seek: Seek,
    min_rating: Option<i32>,
    max_rating: Option<i32>,
}

/// Checks a challenge body (everything but the server's limits).
pub(super) fn wanted(b: ChallengeBody) -> Result<Wanted, ApiError> {
    let variant = b
        .variant
        .as_deref()
        .ok_or_else(|| ApiError::bad_request("field \"variant\" is required"))?;
    let options: Vec<&str> = b.options.iter().flatten().map(String::as_str).collect();
    let rated = b.rated.unwrap_or(false);
    if rated && !options.is_empty() {
        return Err(ApiError::bad_request(
            "field \"options\" must be left out of a rated challenge: rated games are played without options",
        ));
    }
    let setup = Setup::from_ids(variant, b.rules.as_deref(), &options)
        .map_err(|e| ApiError::bad_setup(e.to_string()))?;
    let time_control = b
        .time_control
        .as_ref()
        .ok_or_else(|| {
            ApiError::bad_request(
                "field \"time_control\" is required: minutes (and increment_seconds) or days_per_move",
            )
        })?
        .check()
        .map_err(super::service::refused)?;
    if let (Some(lo), Some(hi)) = (b.min_rating, b.max_rating) {
        if lo > hi {
            return Err(ApiError::bad_request(format!(
                "field \"min_rating\" ({lo}) must not be above \"max_rating\" ({hi})"
            )));
        }
    }
    Ok(Wanted {
        setup,
        time_control,
        rated,
        seek: b.color.unwrap_or(ColorWish::Random).into(),
        min_rating: b.min_rating,
        max_rating: b.max_rating,
    })
}

/// A challenge's id: 16 hex digits.
fn new_challenge_id() -> String {
    super::players::random_hex()[..16].to_string()
}

fn is_challenge_id(id: &str) -> bool {
    id.len() == 16 && id.bytes().all(|b| b.is_ascii_hexdigit())
}

fn unknown_challenge(id: &str) -> ApiError {
    let shown: String = id.chars().take(20).collect();
    ApiError::new(
        ErrorCode::UnknownChallenge,
        format!("no open challenge {shown:?}: it was accepted, cancelled or expired"),
    )
}

/// A stored challenge's time control.
fn time_control_of(c: &ChallengeRow) -> TimeControl {
    TimeControl {
        initial_ms: c.initial_ms,
        increment_ms: c.increment_ms,
        per_move: c.per_move,
    }
}

fn pool_of_row(c: &ChallengeRow) -> String {
    pool_of_ids(&c.variant, c.rules.as_deref()).unwrap_or_else(|| c.variant.clone())
}

/// Ratings by player id and pool.
type Ratings = HashMap<(String, String), PoolRating>;

/// A rating as labels show it (a player without one in the pool: a new player's).
fn label_of(name: Option<String>, r: Option<&PoolRating>) -> PlayerLabel {
    let rating = r.map(|r| r.rating).unwrap_or_default();
    PlayerLabel {
        name,
        rating: Some(rating.rating.round() as i32),
        provisional: rating.is_provisional(),
        change: None,
    }
}

/// What counts against a player's and an address's share.
#[derive(Clone, Copy)]
enum Counted {
    Read,
    Create,
    Join,
}

struct Limits {
    minute: Window,
    ten_minutes: Window,
}

impl Limits {
    fn admit(&self, what: Counted, player: &PlayerId, addr: &SocketAddr) -> Result<(), ApiError> {
        let (kind, cap, window, per) = match what {
            Counted::Read => ("lobby read", READS_PER_MINUTE, &self.minute, "a minute"),
            Counted::Create => (
                "challenge",
                CREATIONS_PER_TEN_MINUTES,
                &self.ten_minutes,
                "per ten minutes",
            ),
            Counted::Join => (
                "accept and quick pairing",
                JOINS_PER_TEN_MINUTES,
                &self.ten_minutes,
                "per ten minutes",
            ),
        };
        let by_player = format!("{kind} player {}", player.as_str());
        let by_address = format!("{kind} address {}", share_of(addr));
        let keys = [
            (by_player.as_str(), cap),
            (by_address.as_str(), cap * ADDRESS_SHARE),
        ];
        window.try_hit(&keys, Instant::now()).map_err(|wait| {
            ApiError::rate_limited(format!(
                "too many {kind}s: at most {cap} {per} per player ({} per address)",
                cap * ADDRESS_SHARE
            ))
            .with_retry_after(wait.as_secs_f64().ceil().max(1.0) as u64)
        })
    }
}

/// The routes, merged into the API router.
pub fn routes() -> Router<AppState> {
    let limits = Arc::new(Limits {
        minute: Window::new(Duration::from_secs(60)),
        ten_minutes: Window::new(Duration::from_secs(600)),
    });
    Router::new()
        .route("/lobby", get(lobby))
        .route("/lobby/challenges", post(create))
        .route("/lobby/challenges/{id}", delete(cancel))
        .route("/lobby/challenges/{id}/accept", post(accept))
        .route("/lobby/quick", post(quick))
        .layer(Extension(limits))
}

async fn lobby(
    State(svc): State<AppState>,
    Extension(limits): Extension<Arc<Limits>>,
    Extension(player): Extension<PlayerId>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
) -> Result<Json<Lobby>, ApiError> {
    limits.admit(Counted::Read, &player, &addr)?;
    blocking(move || svc.lobby(&player)).await.map(Json)
}

async fn create(
    State(svc): State<AppState>,
    Extension(limits): Extension<Arc<Limits>>,
    Extension(player): Extension<PlayerId>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let body: ChallengeBody =
        read(body)?.ok_or_else(|| ApiError::bad_request("a challenge body is required"))?;
    let w = wanted(body)?;
    svc.config
        .limits
        .check_time_control(super::limits::live_initial_ms(Some(w.time_control)))
        .map_err(ApiError::bad_request)?;
    limits.admit(Counted::Create, &player, &addr)?;
    let client = share_of(&addr).to_string();
    let view = blocking(move || svc.create_challenge(w, &player, &client)).await?;
    Ok((StatusCode::CREATED, Json(view)).into_response())
}

async fn cancel(
    State(svc): State<AppState>,
    Extension(limits): Extension<Arc<Limits>>,
    Extension(player): Extension<PlayerId>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    Path(id): Path<String>,
) -> Result<StatusCode, ApiError> {
    if !is_challenge_id(&id) {
        return Err(unknown_challenge(&id));
    }
    limits.admit(Counted::Read, &player, &addr)?;
    blocking(move || {
        if svc.store.cancel_challenge(&id, player.as_str())? {
            Ok(StatusCode::NO_CONTENT)
        } else {
            Err(unknown_challenge(&id))
        }
    })
    .await
}

async fn accept(
    State(svc): State<AppState>,
    Extension(limits): Extension<Arc<Limits>>,
    Extension(player): Extension<PlayerId>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    Path(id): Path<String>,
) -> Result<Json<LobbyGame>, ApiError> {
    if !is_challenge_id(&id) {
        return Err(unknown_challenge(&id));
    }
    limits.admit(Counted::Join, &player, &addr)?;
    let client = share_of(&addr).to_string();
    blocking(move || svc.accept_challenge(&id, &player, &client))
        .await
        .map(|game| Json(LobbyGame { game }))
}

async fn quick(
    State(svc): State<AppState>,
    Extension(limits): Extension<Arc<Limits>>,
    Extension(player): Extension<PlayerId>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<QuickAnswer>, ApiError> {
    let body: QuickBody = read(body)?
        .ok_or_else(|| ApiError::bad_request("a body {\"pairing\": \"<id>\"} is required"))?;
    let id = body
        .pairing
        .ok_or_else(|| ApiError::bad_request("field \"pairing\" is required"))?;
    let Some(&(_, variant, rules, clock)) = QUICK.iter().find(|q| q.0 == id) else {
        let ids: Vec<&str> = QUICK.iter().map(|q| q.0).collect();
        let shown: String = id.chars().take(40).collect();
        return Err(ApiError::bad_request(format!(
            "field \"pairing\" must be one of {}, not {shown:?}",
            ids.join(", ")
        )));
    };
    let setup =
        Setup::from_ids(variant, rules, &[]).map_err(|e| ApiError::internal(e.to_string()))?;
    let w = Wanted {
        setup,
        time_control: clock.time_control(),
        rated: true,
        seek: Seek::Random,
        min_rating: None,
        max_rating: None,
    };
    limits.admit(Counted::Join, &player, &addr)?;
    let client = share_of(&addr).to_string();
    blocking(move || svc.quick_pairing(w, &player, &client))
        .await
        .map(Json)
}

impl Service {
    /// `GET /api/lobby` for `player`: renews their live challenges first.
    fn lobby(&self, player: &PlayerId) -> Result<Lobby, ApiError> {
        let store = &self.store;
        let now = now_ms();
        store.renew_challenges(player.as_str(), now, now + LIVE_EXPIRY_MS)?;
        let challenges = store.open_challenges(now, LISTED_CHALLENGES)?;
        let games = store.live_games(LISTED_GAMES)?;
        let mut wanted: Vec<(&str, String)> = challenges
            .iter()
            .map(|c| (c.creator.as_str(), pool_of_row(c)))
            .collect();
        let game_pool =
            |g: &LiveGameRow| pool_of_ids(&g.variant, g.rules.as_deref()).unwrap_or_default();
        for g in &games {
            wanted.push((g.white_player.as_str(), game_pool(g)));
            wanted.push((g.black_player.as_str(), game_pool(g)));
        }
        let (names, ratings) = self.names_and_ratings(&wanted)?;
        let label = |p: &str, pool: &str| {
            label_of(
                names.get(p).cloned(),
                ratings.get(&(p.to_string(), pool.to_string())),
            )
        };
        let challenges = challenges
            .iter()
            .map(|c| {
                let l = label(&c.creator, &pool_of_row(c));
                challenge_view(c, l, player)
            })
            .collect();
        let playing = games
            .iter()
            .map(|g| {
                let pool = game_pool(g);
                LiveGameView {
                    id: g.id.clone(),
                    variant: g.variant.clone(),
                    rules: g.rules.clone(),
                    time_control: g.initial_ms.map(|initial_ms| {
                        TimeControlView::of(TimeControl {
                            initial_ms,
                            increment_ms: g.increment_ms.unwrap_or(0),
                            per_move: g.per_move,
                        })
                    }),
                    rated: g.rated,
                    players: PlayersView {
                        white: label(&g.white_player, &pool),
                        black: label(&g.black_player, &pool),
                    },
                    moves: g.moves,
                }
            })
            .collect();
        let matched = store
            .accepted_challenge_of(player.as_str(), now - MATCHED_WINDOW_MS)?
            .filter(|game| self.still_played(game));
        Ok(Lobby {
            challenges,
            playing,
            quick: quick_pairings(),
            matched,
        })
    }

    /// Whether the game is still being played (false if it cannot be read).
    fn still_played(&self, game: &str) -> bool {
        match self.registry.find(&*self.store, self.config.online, game) {
            Ok(slot) => Self::lock(&slot).table.in_progress(),
            Err(_) => false,
        }
    }

    /// The names of the players, and their ratings in the pools named (at most 100
    /// players: the lobby lists no more).
    fn names_and_ratings(
        &self,
        wanted: &[(&str, String)],
    ) -> Result<(HashMap<String, String>, Ratings), ApiError> {
        let mut ids: Vec<&str> = wanted.iter().map(|w| w.0).collect();
        ids.sort_unstable();
        ids.dedup();
        let mut names = HashMap::new();
        for chunk in ids.chunks(100) {
            names.extend(self.store.names_of(chunk)?);
        }
        let mut by_pool: HashMap<&str, Vec<&str>> = HashMap::new();
        for (p, pool) in wanted {
            let list = by_pool.entry(pool.as_str()).or_default();
            if !list.contains(p) {
                list.push(p);
            }
        }
        let mut ratings = HashMap::new();
        for (pool, players) in by_pool {
            for chunk in players.chunks(100) {
                for (p, r) in self.store.ratings_of_players(chunk, pool)? {
                    ratings.insert((p, pool.to_string()), r);
                }
            }
        }
        Ok((names, ratings))
    }

    /// The view of one challenge for `asker`, its creator's name and rating read.
    fn one_challenge_view(
        &self,
        c: &ChallengeRow,
        asker: &PlayerId,
    ) -> Result<ChallengeView, ApiError> {
        let pool = pool_of_row(c);
        let (names, ratings) = self.names_and_ratings(&[(c.creator.as_str(), pool.clone())])?;
        let label = label_of(
            names.get(&c.creator).cloned(),
            ratings.get(&(c.creator.clone(), pool)),
        );
        Ok(challenge_view(c, label, asker))
    }

    /// Refuses a new challenge (or a waiting quick pairing) to a player or an address
    /// with as many open as allowed.
    fn check_open_challenges(&self, open: usize, client: &str, now: i64) -> Result<(), ApiError> {
        let refuse = |who: &str, cap: u32| {
            Err(ApiError::rate_limited(format!(
                "{who} already has {cap} open challenges (at most {cap}): cancel one, or wait until one is accepted or expires"
            ))
            .with_retry_after(OPEN_RETRY_AFTER_SECS))
        };
        if open >= OPEN_PER_PLAYER as usize {
            return refuse("this player", OPEN_PER_PLAYER);
        }
        if self.store.challenges_from_addr(client, now)? >= OPEN_PER_ADDRESS {
            return refuse("this address", OPEN_PER_ADDRESS);
        }
        Ok(())
    }

    /// A new challenge's row.
    fn challenge_row(
        w: &Wanted,
        player: &PlayerId,
        client: &str,
        now: i64,
        quick: bool,
    ) -> ChallengeRow {
        let tc = w.time_control;
        ChallengeRow {
            id: new_challenge_id(),
            creator: player.as_str().to_string(),
            addr: client.to_string(),
            created_at_ms: now,
            expires_at_ms: now
                + if tc.per_move {
                    CORRESPONDENCE_EXPIRY_MS
                } else {
                    LIVE_EXPIRY_MS
                },
            variant: w.setup.variant().id().to_string(),
            rules: w.setup.rules_if_any().map(|r| r.id().to_string()),
            initial_ms: tc.initial_ms,
            increment_ms: tc.increment_ms,
            per_move: tc.per_move,
            rated: w.rated,
            seek: w.seek,
            min_rating: w.min_rating,
            max_rating: w.max_rating,
            quick,
            game_id: None,
        }
    }

    /// `POST /api/lobby/challenges`.
    fn create_challenge(
        &self,
        w: Wanted,
        player: &PlayerId,
        client: &str,
    ) -> Result<ChallengeView, ApiError> {
        if w.rated {
            self.check_aborts(player)?;
        }
        let now = now_ms();
        let open = self.store.challenges_of(player.as_str(), now)?.len();
        self.check_open_challenges(open, client, now)?;
        let row = Self::challenge_row(&w, player, client, now, false);
        self.store.insert_challenge(&row)?;
        self.one_challenge_view(&row, player)
    }

    /// `POST /api/lobby/challenges/{id}/accept`: the new game's id.
    fn accept_challenge(
        self: &Arc<Self>,
        id: &str,
        player: &PlayerId,
        client: &str,
    ) -> Result<String, ApiError> {
        let now = now_ms();
        let c = self
            .store
            .take_challenge(id, now)?
            .ok_or_else(|| unknown_challenge(id))?;
        let made = self
            .may_accept(&c, player)
            .and_then(|()| self.start_challenge_game(&c, player, client));
        if made.is_err() {
            if let Err(e) = self.store.release_challenge(id) {
                eprintln!("spacechess: challenge {id}: cannot open it again: {e}");
            }
        }
        made
    }

    /// Whether `player` may accept the challenge: not their own, their rating within
    /// its range, not barred from rated games.
    fn may_accept(&self, c: &ChallengeRow, player: &PlayerId) -> Result<(), ApiError> {
        if c.creator == player.as_str() {
            return Err(ApiError::new(
                ErrorCode::OwnChallenge,
                "this is your own challenge: another player must accept it",
            ));
        }
        if c.min_rating.is_some() || c.max_rating.is_some() {
            let pool = pool_of_row(c);
            let r = self
                .store
                .ratings_of_players(&[player.as_str()], &pool)?
                .remove(player.as_str())
                .map(|r| r.rating)
                .unwrap_or_else(Rating::default);
            let yours = r.rating.round() as i32;
            let (lo, hi) = (c.min_rating.unwrap_or(0), c.max_rating.unwrap_or(i32::MAX));
            if yours < lo || yours > hi {
                let range = match (c.min_rating, c.max_rating) {
                    (Some(lo), Some(hi)) => format!("{lo} to {hi}"),
                    (Some(lo), None) => format!("{lo} or more"),
                    (None, Some(hi)) => format!("{hi} or less"),
                    (None, None) => String::new(),
                };
                return Err(ApiError::new(
                    ErrorCode::RatingOutOfRange,
                    format!(
                        "your {pool} rating, {yours}, is outside the challenge's range ({range})"
                    ),
                ));
            }
        }
        if c.rated {
            self.check_aborts(player)?;
        }
        Ok(())
    }

    /// Makes the game a taken challenge asks for, both seats taken: the creator's
    /// colour as wished (a random wish decided here), `player` the other.
    fn start_challenge_game(
        self: &Arc<Self>,
        c: &ChallengeRow,
        player: &PlayerId,
        client: &str,
    ) -> Result<String, ApiError> {
        let setup = Setup::from_ids(&c.variant, c.rules.as_deref(), &[])
            .map_err(|e| ApiError::internal(format!("a stored challenge is unreadable: {e}")))?;
        let creator = PlayerId::parse(&c.creator)
            .ok_or_else(|| ApiError::internal("a stored challenge has no player behind it"))?;
        let cap = self.config.limits.open_games_per_player;
        let (held, _) = self.store.open_games(creator.as_str(), "")?;
        if held >= cap {
            return Err(ApiError::rate_limited(format!(
                "the challenge's creator already has {held} unfinished games (at most {cap}): try another challenge"
            ))
            .with_retry_after(super::limits::OPEN_GAMES_RETRY_AFTER_SECS));
        }
        let creator_color = match c.seek {
            Seek::White => Color::White,
            Seek::Black => Color::Black,
            Seek::Random => {
                if super::players::random_hex().as_bytes()[0] & 1 == 0 {
                    Color::White
                } else {
                    Color::Black
                }
            }
        };
        let req = NewGame {
            setup,
            mode: Mode::Online,
            human: creator_color.opposite(),
            level: Level::DEFAULT,
            time_control: Some(time_control_of(c)),
            position: None,
            moves: Vec::new(),
            evals: Vec::new(),
            rated: c.rated,
        };
        let (game, _) = self.create_paired(req, player, client, &creator)?;
        if let Err(e) = self.store.set_challenge_game(&c.id, &game) {
            eprintln!("spacechess: challenge {}: cannot note its game: {e}", c.id);
        }
        Ok(game)
    }

    /// `POST /api/lobby/quick`.
    fn quick_pairing(
        self: &Arc<Self>,
        w: Wanted,
        player: &PlayerId,
        client: &str,
    ) -> Result<QuickAnswer, ApiError> {
        if w.rated {
            self.check_aborts(player)?;
        }
        let now = now_ms();
        let mine = self.store.challenges_of(player.as_str(), now)?;
        let row = Self::challenge_row(&w, player, client, now, true);
        let same = |c: &&ChallengeRow| {
            c.quick
                && c.variant == row.variant
                && c.rules == row.rules
                && c.initial_ms == row.initial_ms
                && c.increment_ms == row.increment_ms
                && c.per_move == row.per_move
        };
        if let Some(waiting) = mine.iter().find(same) {
            return Ok(QuickAnswer {
                game: None,
                challenge: Some(self.one_challenge_view(waiting, player)?),
            });
        }
        self.check_open_challenges(mine.len(), client, now)?;
        match self.store.quick_match(&row, now)? {
            Some(taken) => {
                let made = self.start_challenge_game(&taken, player, client);
                if made.is_err() {
                    if let Err(e) = self.store.release_challenge(&taken.id) {
                        eprintln!(
                            "spacechess: challenge {}: cannot open it again: {e}",
                            taken.id
                        );
                    }
                }
                Ok(QuickAnswer {
                    game: Some(made?),
                    challenge: None,
                })
            }
            None => Ok(QuickAnswer {
                game: None,
                challenge: Some(self.one_challenge_view(&row, player)?),
            }),
        }
    }
}

fn challenge_view(c: &ChallengeRow, creator: PlayerLabel, asker: &PlayerId) -> ChallengeView {
    ChallengeView {
        id: c.id.clone(),
        name: creator.name,
        rating: creator.rating,
        provisional: creator.provisional,
        variant: c.variant.clone(),
        rules: c.rules.clone(),
        time_control: TimeControlView::of(time_control_of(c)),
        rated: c.rated,
        color: c.seek.into(),
        min_rating: c.min_rating,
        max_rating: c.max_rating,
        yours: c.creator == asker.as_str(),
        quick: c.quick,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body(json: &str) -> Result<Wanted, String> {
        let b = read::<ChallengeBody>(Ok(Bytes::copy_from_slice(json.as_bytes())))
            .map_err(|e| e.message)?
            .unwrap();
        wanted(b).map_err(|e| e.message)
    }

    #[test]
    fn challenge_bodies_are_checked_naming_the_field() {
        let ok = body(r#"{"variant": "stacked", "time_control": {"minutes": 5}, "rated": true}"#)
            .unwrap();
        assert!(ok.rated);
        assert_eq!(ok.seek, Seek::Random);
        assert_eq!(ok.time_control, TimeControl::live(300_000, 0));
        let days = body(r#"{"variant": "trid", "rules": "meder", "time_control": {"days_per_move": 3}, "color": "black"}"#)
            .unwrap();
        assert_eq!(days.time_control, TimeControl::days_per_move(3));
        assert_eq!(days.seek, Seek::Black);
        for (json, says) in [
            (
                r#"{"time_control": {"minutes": 5}}"#,
                "field \"variant\" is required",
            ),
            (
                r#"{"variant": "stacked"}"#,
                "field \"time_control\" is required",
            ),
            (
                r#"{"variant": "trid", "options": ["rook-pawns"], "rated": true, "time_control": {"minutes": 5}}"#,
                "field \"options\" must be left out of a rated challenge",
            ),
            (
                r#"{"variant": "stacked", "time_control": {"minutes": 5}, "color": "red"}"#,
                "field \"color\" must be \"white\", \"black\" or \"random\", not \"red\"",
            ),
            (
                r#"{"variant": "stacked", "time_control": {"minutes": 5}, "min_rating": 6000}"#,
                "field \"min_rating\" must be a rating from 0 to 5000, not 6000",
            ),
            (
                r#"{"variant": "stacked", "time_control": {"minutes": 5}, "min_rating": 1600, "max_rating": 1400}"#,
                "field \"min_rating\" (1600) must not be above \"max_rating\" (1400)",
            ),
            (
                r#"{"variant": "stacked", "time_control": {"minutes": 5}, "rated": "yes"}"#,
                "field \"rated\" must be true or false, not a string",
            ),
        ] {
            let e = body(json).map(|_| ()).unwrap_err();
            assert!(e.starts_with(says), "{json}: {e}");
        }
    }

    #[test]
    fn quick_pairings_are_rated_games_of_known_pools() {
        for q in quick_pairings() {
            assert!(q.rated);
            let pool = pool_of_ids(&q.variant, q.rules.as_deref()).unwrap();
            assert!(
                super::super::ratings::POOLS.contains(&pool.as_str()),
                "{pool}"
            );
        }
        let days: Vec<_> = quick_pairings()
            .into_iter()
            .filter(|q| q.time_control.days_per_move.is_some())
            .collect();
        assert_eq!(days.len(), 1);
    }
}
