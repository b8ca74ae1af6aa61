//! My games: the games in which the asking player holds a seat, running and finished,
//! newest first, a page at a time (`GET /api/games`, docs/api.md). Read from the store's
//! game rows (the result is stored when a game ends), so a page replays no game; only a
//! game that ended before results were stored is loaded to find out how it ended.
//!
//! The online games where it is the asker's turn come first, the most urgent first, on
//! every page's top of the first page (and no other page lists them): they are found
//! among the asker's unfinished games, which are few (at most the open-games cap), each
//! one's turn and deadline read from its table (loaded if it is not in memory).

use super::error::ApiError;
use super::game::now_ms;
use super::players::PlayerId;
use super::routes::{AppState, JsonText};
use super::service::{Mode, Service};
use super::store::GameSummary;
use super::view::{self, HolderView, LevelView};
use axum::extract::{Extension, Query, State};
use rules::screen::{ResultView, Side, Status};
use rules::{Color, GameStatus, Setup, Variant};
use serde::Serialize;
use std::collections::HashMap;
use table::Seats;

#[cfg(test)]
use ts_rs::TS;

/// Games per page unless `limit` says otherwise, and the most a page may hold.
pub const DEFAULT_PAGE: u32 = 20;
pub const MAX_PAGE: u32 = 100;

/// One of the player's games, as the list shows it.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct MyGame {
    pub id: String,
    pub variant: Variant,
    /// The variant's name for people.
    pub title: String,
    pub rules: Option<String>,
    pub mode: Mode,
    /// The sides this player holds.
    pub you: Vec<Side>,
    /// Who holds the other side: `null` in `local` mode (both sides are the player's).
    pub opponent: Option<HolderView>,
    /// The computer's level, against the computer.
    #[cfg_attr(test, ts(type = "number | \"max\" | null"))]
    pub level: Option<LevelView>,
    pub status: Status,
    /// How it ended (`null` while it runs).
    pub result: Option<ResultView>,
    /// When it was created, in seconds since the Unix epoch.
    #[cfg_attr(test, ts(type = "number"))]
    pub created_at: i64,
    /// Half-moves played.
    pub ply: u32,
    /// The players' names (`null`: anonymous, or no player).
    pub white_name: Option<String>,
    pub black_name: Option<String>,
    /// A rated game.
    pub rated: bool,
    /// A correspondence game, and its days per move.
    pub per_move: bool,
    pub days_per_move: Option<u32>,
    /// An online game running with both seats taken in which the asker is to move.
    pub your_turn: bool,
    /// Time until the side to move's clock (or first-move time) runs out, in ms.
    #[cfg_attr(test, ts(type = "number | null"))]
    pub turn_ends_in_ms: Option<u64>,
}

/// Whose turn an unfinished online game is at, as the list tells it.
struct Turn {
    yours: bool,
    ends_in_ms: Option<u64>,
}

/// A page of the player's games.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct MyGamesPage {
    pub games: Vec<MyGame>,
    /// Pass as `before` for the next page; `null` on the last page.
    pub next: Option<String>,
}

/// `before`: `<created_at>.<id>` of the last game of the previous page.
fn parse_cursor(text: &str) -> Result<(i64, String), ApiError> {
    let bad = || {
        ApiError::bad_request(format!(
            "parameter \"before\" must be the \"next\" of the previous page, not {:?}",
            text.chars().take(80).collect::<String>()
        ))
    };
    let (at, id) = text.split_once('.').ok_or_else(bad)?;
    let at: i64 = at.parse().map_err(|_| bad())?;
    if id.len() != 32 || !id.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(bad());
    }
    Ok((at, id.to_string()))
}

fn parse_limit(text: Option<&String>) -> Result<u32, ApiError> {
    let Some(text) = text else {
        return Ok(DEFAULT_PAGE);
    };
    match text.parse::<u32>() {
        Ok(n) if (1..=MAX_PAGE).contains(&n) => Ok(n),
        _ => Err(ApiError::bad_request(format!(
            "parameter \"limit\" must be 1 to {MAX_PAGE}, not {:?}",
            text.chars().take(20).collect::<String>()
        ))),
    }
}

impl Service {
    /// One page of `player`'s games (see the module's comment).
    pub fn my_games(
        &self,
        player: &PlayerId,
        before: Option<(i64, String)>,
        limit: u32,
    ) -> Result<String, ApiError> {
        // One more than asked tells whether another page follows.
        let mut rows = self.store.player_games(
            player.as_str(),
            before.as_ref().map(|(at, id)| (*at, id.as_str())),
            limit + 1,
        )?;
        let more = rows.len() > limit as usize;
        rows.truncate(limit as usize);
        let next = more
            .then(|| rows.last().map(|g| format!("{}.{}", g.created_at, g.id)))
            .flatten();
        // The games waiting for the asker's move, the most urgent first: on top of the
        // first page, and on no other.
        let cap = self.config.limits.open_games_per_player.max(1);
        let unfinished = self.store.unfinished_player_games(player.as_str(), cap)?;
        let mut turns: HashMap<String, Turn> = HashMap::new();
        for g in &unfinished {
            if let Some(t) = self.turn(g, player) {
                turns.insert(g.id.clone(), t);
            }
        }
        let mut yours: Vec<&GameSummary> = unfinished
            .iter()
            .filter(|g| turns.get(&g.id).is_some_and(|t| t.yours))
            .collect();
        yours.sort_by_key(|g| turns[&g.id].ends_in_ms.unwrap_or(u64::MAX));
        let first_page = if before.is_none() {
            yours.clone()
        } else {
            Vec::new()
        };
        let listed: Vec<&GameSummary> = first_page
            .into_iter()
            .chain(rows.iter().filter(|g| !yours.iter().any(|y| y.id == g.id)))
            .collect();
        let ids: Vec<&str> = listed
            .iter()
            .flat_map(|g| [g.white_player.as_deref(), g.black_player.as_deref()])
            .flatten()
            .collect();
        let mut names = HashMap::new();
        for chunk in ids.chunks(100) {
            names.extend(self.store.names_of(chunk)?);
        }
        let games = listed
            .into_iter()
            .filter_map(|g| self.entry(g, player, turns.get(&g.id), &names))
            .collect();
        Ok(view::to_json(&MyGamesPage { games, next }))
    }

    /// Whose turn it is in an unfinished online game with both seats taken, and when
    /// it runs out; `None` for any other game (or one that cannot be loaded).
    fn turn(&self, g: &GameSummary, player: &PlayerId) -> Option<Turn> {
        if g.mode != Mode::Online || g.white_player.is_none() || g.black_player.is_none() {
            return None;
        }
        let slot = self
            .registry
            .find(&*self.store, self.config.online, &g.id)
            .ok()?;
        let st = Self::lock(&slot);
        let table = &st.table;
        if !table.in_progress() {
            return None;
        }
        let now = now_ms();
        let side = table.game().turn();
        let clock = table
            .clocks()
            .filter(|c| c.running() == Some(side))
            .map(|c| c.remaining_ms(side, now));
        let ends = clock.or_else(|| table.abort_in_ms(now));
        Some(Turn {
            yours: table.sides_of(player.as_str()).contains(&side),
            ends_in_ms: ends.map(|ms| ms.max(0) as u64),
        })
    }

    /// A row as the list shows it; `None` for a row the server cannot read (reported).
    fn entry(
        &self,
        g: &GameSummary,
        player: &PlayerId,
        turn: Option<&Turn>,
        names: &HashMap<String, String>,
    ) -> Option<MyGame> {
        let options: Vec<&str> = g.options.split(',').filter(|s| !s.is_empty()).collect();
        let setup = match Setup::from_ids(&g.variant, g.rules.as_deref(), &options) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("spacechess: stored game {} is unreadable: {e}", g.id);
                return None;
            }
        };
        let mode = g.mode;
        let human = g.human.unwrap_or(Color::White);
        let seats = Seats::from_stored(
            mode,
            human,
            g.white_player.as_deref(),
            g.black_player.as_deref(),
        );
        let you = seats.sides_of(player.as_str());
        let opponent = match (mode, you.as_slice()) {
            (Mode::Local, _) | (_, []) | (_, [_, _, ..]) => None,
            (_, [side]) => Some(seats.holder_view(side.opposite())),
        };
        let outcome = if g.finished {
            // A game over before results were stored: its own replay says how.
            g.result.or_else(|| {
                let slot = self.slot(&g.id).ok()?;
                let status = Self::lock(&slot).table.game().status();
                match status {
                    GameStatus::Over(o) => Some(o),
                    GameStatus::InProgress => None,
                }
            })
        } else {
            None
        };
        Some(MyGame {
            id: g.id.clone(),
            variant: setup.variant(),
            title: setup.variant().title().to_string(),
            rules: setup.rules_if_any().map(|r| r.id().to_string()),
            mode,
            you: you.into_iter().map(Side::from).collect(),
            opponent,
            level: g.level.filter(|_| mode == Mode::Computer).map(LevelView),
            status: if outcome.is_some() {
                Status::Over
            } else {
                Status::InProgress
            },
            result: outcome.map(ResultView::from),
            created_at: g.created_at,
            ply: g.moves,
            white_name: g.white_player.as_ref().and_then(|p| names.get(p).cloned()),
            black_name: g.black_player.as_ref().and_then(|p| names.get(p).cloned()),
            rated: g.rated,
            per_move: g.per_move,
            days_per_move: g
                .initial_ms
                .filter(|_| g.per_move)
                .map(|ms| u32::try_from(ms / table::DAY_MS).unwrap_or(u32::MAX)),
            your_turn: turn.is_some_and(|t| t.yours),
            turn_ends_in_ms: turn.and_then(|t| t.ends_in_ms),
        })
    }
}

/// `GET /api/games?limit=20&before=<next>`: the asking player's games.
pub async fn list(
    State(svc): State<AppState>,
    Extension(player): Extension<PlayerId>,
    Query(query): Query<HashMap<String, String>>,
) -> Result<JsonText, ApiError> {
    let limit = parse_limit(query.get("limit"))?;
    let before = query.get("before").map(|b| parse_cursor(b)).transpose()?;
    super::routes::blocking(move || svc.my_games(&player, before, limit))
        .await
        .map(JsonText)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cursors_and_limits_are_checked() {
        let id = "0123456789abcdef0123456789abcdef";
        assert_eq!(
            parse_cursor(&format!("17.{id}")).unwrap(),
            (17, id.to_string())
        );
        for bad in ["", "17", "x.abc", &format!("17.{id}0")] {
            let e = parse_cursor(bad).unwrap_err();
            assert!(e.message.contains("before"), "{}", e.message);
        }
        assert_eq!(parse_limit(None).unwrap(), DEFAULT_PAGE);
        assert_eq!(parse_limit(Some(&"5".to_string())).unwrap(), 5);
        for bad in ["0", "101", "-1", "many"] {
            assert!(parse_limit(Some(&bad.to_string()))
                .unwrap_err()
                .message
                .contains(bad));
        }
    }
}
