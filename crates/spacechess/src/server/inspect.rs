//! Inspect mode (docs/api.md): `GET /api/games/{id}/inspect?from=<square>` answers the
//! moves of any piece (or Tri-D attack board) of the game's current position as if its
//! side were to move, computed by the rules. Read-only: no lock is held beyond the call
//! and nothing is stored or broadcast.

use super::error::ApiError;
use super::routes::AppState;
use super::service::{Mode, Service};
use axum::extract::{Path, Query, State};
use axum::routing::get;
use axum::{Json, Router};
use rules::inspect::Inspection;
use rules::screen::Side;
use serde::Serialize;
use std::collections::HashMap;

#[cfg(test)]
use ts_rs::TS;

/// The answer: the rules' inspection, and whether this game's player may play its moves
/// now (its side is to move, the game goes on, and that side is not the computer's).
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct InspectView {
    #[serde(flatten)]
    #[cfg_attr(test, ts(flatten))]
    pub inspection: Inspection,
    pub playable: bool,
}

pub fn routes() -> Router<AppState> {
    Router::new().route("/games/{id}/inspect", get(inspect))
}

async fn inspect(
    State(svc): State<AppState>,
    Path(id): Path<String>,
    Query(query): Query<HashMap<String, String>>,
) -> Result<Json<InspectView>, ApiError> {
    let from = query
        .get("from")
        .cloned()
        .ok_or_else(|| ApiError::bad_request("query parameter \"from\" (a square) is required"))?;
    tokio::task::spawn_blocking(move || {
        let slot = svc.slot(&id)?;
        let st = Service::lock(&slot);
        let inspection = st
            .table
            .game()
            .inspect(&from)
            .map_err(|e| ApiError::bad_request(format!("cannot inspect: {e}")))?;
        let seat_moves =
            st.table.mode() == Mode::Local || Side::from(st.table.human()) == inspection.side;
        let playable = inspection.to_move && seat_moves;
        Ok(InspectView {
            inspection,
            playable,
        })
    })
    .await
    .unwrap_or_else(|e| Err(ApiError::internal(format!("the request failed: {e}"))))
    .map(Json)
}
