//! Whole-game analysis ([`crate::evaluation`]): `POST
//! /api/games/{id}/evaluation` starts it for a finished game (202, the
//! analysis so far), `GET` the same path reads it (404 before it was
//! started). Anyone may ask: the line is the one anyone may see of the
//! game, once it is over.

use super::games::find;
use super::{conflict, not_found, ApiError, ApiResult};
use crate::evaluation::{self, Evaluation, Refused};
use crate::AppState;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;

/// `POST /api/games/{id}/evaluation`: starts the analysis of a finished
/// game's line, unless it is running or kept already.
pub(super) async fn start(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> ApiResult<(StatusCode, Json<Evaluation>)> {
    let slot = find(&state, &id).await?;
    let (entry, spec, moves, first_ply) = {
        let g = slot.lock();
        if g.end().is_none() {
            return Err(
                conflict("the whole-game analysis opens when the game is over")
                    .coded("game_not_over"),
            );
        }
        let Some((spec, moves)) = g.game.analysis_start() else {
            return Err(conflict(
                "this game holds what a player may not know yet: it can be analysed once that is revealed",
            ));
        };
        let first = g.plies().saturating_sub(moves.len());
        (g.entry(), spec, moves, first)
    };
    evaluation::start(&state, &id, entry, spec, moves, first_ply).map_err(|e| match e {
        Refused::Busy => ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "the engine is analysing other games: try again in a moment",
        )
        .retry(5),
    })?;
    let now = state
        .evaluations()
        .get(&id)
        .ok_or_else(|| not_found("the analysis was dropped: ask again"))?;
    Ok((StatusCode::ACCEPTED, Json(now)))
}

/// `GET /api/games/{id}/evaluation`: the analysis so far.
pub(super) async fn read(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> ApiResult<Json<Evaluation>> {
    state.evaluations().get(&id).map(Json).ok_or_else(|| {
        not_found("no whole-game analysis of this game: POST to start one").coded("not_started")
    })
}
