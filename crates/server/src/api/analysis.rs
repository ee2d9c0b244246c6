//! The analysis board: any position of any game, moves tried on it without
//! touching a game, and the engine's lines streamed over a WebSocket.
//!
//! A board is a spec and a list of moves, held by the client: the server
//! keeps nothing of it. `POST /api/analysis` opens one (a game's position,
//! checked for secrets, or a game's start, a deal or a position string),
//! `POST /api/analysis/view` draws it after its moves, and
//! `GET /api/analysis/ws` analyses it: the client sends a board with the
//! number of lines, the server stops the analysis before and streams the
//! new one's reports (the newest only, to a slow client), each search on
//! the server's engine pool behind the games' own moves.

use super::games::find;
use super::requests::{Analyse, Board, NewBoard};
use super::{bad, bearer, conflict, not_found, quote, typed, unmade, ApiError, ApiResult};
use crate::game::{move_lines_json, seat_of, GameSlot};
use crate::view::{BoardView, GamePart, LegalMove, ResultView, SeatView, PROTOCOL};
use crate::AppState;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use axum::Json;
use deckmate_games::registry::{
    AnalysisReport, AnalysisRequest, BoxedGame, GameEntry, Limits, Options, MAX_LINES,
};
use deckmate_rules::Seat;
use serde_json::{json, Value};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::watch;

/// The most moves a board may hold.
pub const MAX_MOVES: usize = 2000;
/// The largest request body of the analysis routes (a board's spec may
/// hold a deck file of 64 KiB and its moves).
pub const ANALYSIS_BODY_LIMIT: usize = 256 * 1024;
/// How long one analysis runs at most, unless the client asks for less.
const MAX_TIME: Duration = Duration::from_secs(30);
/// How long one send may take before the client counts as gone.
const SEND_TIMEOUT: Duration = Duration::from_secs(10);

/// The entry of a game's key, or 404.
fn entry_of(state: &AppState, key: &str) -> ApiResult<&'static GameEntry> {
    state
        .catalog()
        .find(key)
        .ok_or_else(|| not_found(format!("no game '{}'", quote(key))))
}

/// A board as the answer gives it: opened at the end of its moves
/// (`at`), unless said otherwise.
fn board(entry: &GameEntry, spec: Value, moves: Vec<String>) -> Json<Value> {
    let at = moves.len();
    Json(json!({ "game": entry.key, "title": entry.name, "spec": spec, "moves": moves, "at": at }))
}

/// `POST /api/analysis`: a board to analyse. `{"from": id, "ply": n}`: a
/// game's line opened at ply `n` (`"at"` in the answer; at its end
/// without), as anyone may see it: refused while a secret is pending, and while two players are still
/// playing it (analysis then would be help). `{"game": key, "options",
/// "seed", "fen"}`: a game's start (Chess Cards' deal by its seed), or a
/// position string.
pub(super) async fn start(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Option<Json<Value>>,
) -> ApiResult<Json<Value>> {
    let req: NewBoard = typed(
        body,
        "send {\"from\": a game's id, \"ply\"} or {\"game\": key, \"options\", \"seed\", \"fen\"}",
    )?;
    let slot = match &req.from {
        Some(id) => Some(find(&state, id).await?),
        None => None,
    };
    // The board is built off the runtime: a client's options may hold
    // text to compile (a deck file), a position string to read.
    let st = state.clone();
    state
        .build("analysis", move || start_now(&st, &headers, slot, &req))
        .await
        .map_err(super::internal)?
}

/// [`start`]'s work, on a blocking thread: `slot` is the game of `from`.
fn start_now(
    state: &AppState,
    headers: &HeaderMap,
    slot: Option<Arc<GameSlot>>,
    req: &NewBoard,
) -> ApiResult<Json<Value>> {
    if let Some(slot) = slot {
        return from_game(headers, slot, req.ply);
    }
    let key = req
        .game
        .as_deref()
        .ok_or_else(|| bad("say which game: {\"game\": key} or {\"from\": a game's id}"))?;
    let entry = entry_of(state, key)?;
    let options =
        Options::from_json(entry.options, &req.options).map_err(|e| bad(e.to_string()))?;
    let seed = req.seed.unwrap_or(1);
    let game = entry.new_game(&options, seed).map_err(unmade)?;
    let game = match req.fen.as_deref() {
        None => game,
        Some(f) if f.trim().is_empty() => game,
        Some(f) => {
            if entry.tools.is_none() {
                return Err(bad(format!(
                    "{} has no position string: choose a deal by its seed",
                    entry.name
                )));
            }
            let mut spec = game.spec();
            spec["fen"] = json!(f.trim());
            entry
                .game_from_spec(&spec)
                .map_err(|e| bad(format!("position: {e}")).coded(e.code()))?
        }
    };
    // A board of one's own has no secret from its owner; where chance
    // acts, its cards are chosen on the board rather than drawn.
    let (spec, moves) = game
        .analysis_start()
        .unwrap_or_else(|| (game.spec(), Vec::new()));
    Ok(board(entry, spec, moves))
}

/// The board of a game: the whole line the game may show (its moves, or
/// those after its setup where the board starts after it: Dealer's
/// Chess's arrangements), opened at ply `ply` of the game (`at`: how many
/// of the line's moves are played on the board shown; the rest are ahead
/// of it). A ply before the line's start opens a board of that position.
fn from_game(headers: &HeaderMap, slot: Arc<GameSlot>, ply: Option<u64>) -> ApiResult<Json<Value>> {
    // What the board needs, taken under the game's lock; a past position
    // is rebuilt after it, so that views of the game never wait for that.
    // `Ok`: the line and where it opens; `Err`: the spec and moves of a
    // past position.
    let (entry, taken) = {
        let g = slot.lock();
        let you = seat_of(&g.tokens, bearer(headers).as_deref());
        if g.end().is_none() && g.engine.is_none() {
            let who = if you.is_some() {
                "you are"
            } else {
                "two players are"
            };
            return Err(ApiError::new(
                StatusCode::FORBIDDEN,
                format!("{who} still playing this game: its analysis board opens when it ends"),
            ));
        }
        let plies = g.plies();
        let ply = ply.map_or(plies, |p| p.min(plies as u64) as usize);
        let line = g.game.analysis_start();
        // The line's first move is the game's ply `skip`.
        let skip = line
            .as_ref()
            .map(|(_, moves)| plies.saturating_sub(moves.len()));
        match (line, skip) {
            (Some((spec, moves)), Some(skip)) if ply >= skip => {
                (g.entry(), Ok((spec, moves, ply - skip)))
            }
            _ if ply < plies => (
                g.entry(),
                Err((g.game.spec(), g.game.history()[..ply].to_vec())),
            ),
            _ => {
                return Err(conflict(
                    "this position holds what a player may not know yet: it can be analysed once that is revealed",
                ))
            }
        }
    };
    let (spec, moves, at) = match taken {
        Ok(line) => line,
        Err((spec, moves)) => {
            let (spec, moves) = entry
                .rebuild(&spec, &moves)
                .map_err(|e| super::internal(e.to_string()))?
                .analysis_start()
                .ok_or_else(|| {
                    conflict("this position holds what a player may not know yet: it can be analysed once that is revealed")
                })?;
            let at = moves.len();
            (spec, moves, at)
        }
    };
    let mut answer = board(entry, spec, moves);
    answer.0["at"] = json!(at);
    Ok(answer)
}

/// A board's game after its moves, or why it is refused.
fn rebuild(state: &AppState, req: &Board) -> Result<(&'static GameEntry, BoxedGame), ApiError> {
    let entry = entry_of(state, &req.game)?;
    let moves = &req.moves;
    if moves.len() > MAX_MOVES {
        return Err(bad(format!("a board holds at most {MAX_MOVES} moves")));
    }
    if !req.spec.is_object() {
        return Err(bad("spec: the board's spec, as /api/analysis gave it"));
    }
    let mut game = entry
        .game_from_spec(&req.spec)
        .map_err(|e| bad(format!("spec: {e}")).coded(e.code()))?;
    for (i, text) in moves.iter().enumerate() {
        if game.outcome().is_some() {
            return Err(bad(format!(
                "move {} '{}': the game is over",
                i + 1,
                quote(text)
            ))
            .coded("game_over"));
        }
        game.play_typed(text)
            .map_err(|e| bad(format!("move {} '{}': {e}", i + 1, quote(text))).coded(e.code()))?;
    }
    Ok((entry, game))
}

/// `POST /api/analysis/view`: `{"game", "spec", "moves"}` drawn: the view
/// of the side to move (both seats' moves where both act), the moves as
/// played, chance's moves where the player picks the card.
pub(super) async fn view(
    State(state): State<AppState>,
    body: Option<Json<Value>>,
) -> ApiResult<Json<Value>> {
    let req: Board = typed(
        body,
        "send a board: {\"game\": key, \"spec\", \"moves\": [texts]}",
    )?;
    let st = state.clone();
    state
        .build("analysis view", move || view_now(&st, &req))
        .await
        .map_err(super::internal)?
}

/// [`view`]'s work, on a blocking thread.
fn view_now(state: &AppState, req: &Board) -> ApiResult<Json<Value>> {
    let (entry, game) = rebuild(state, req)?;
    let over = game.outcome();
    let acting: Vec<Seat> = Seat::BOTH
        .into_iter()
        .filter(|&s| over.is_none() && game.to_act().includes(s))
        .collect();
    let you = acting.first().copied();
    let mut moves = Vec::new();
    for &s in &acting {
        moves.extend(game.legal_moves_of(s));
    }
    let lines = move_lines_json(game.as_ref());
    let mut part = game.view(you, true);
    part.entry("last").or_insert(Value::Null);
    part.entry("board").or_insert(Value::Null);
    part.entry("zones").or_insert(json!([]));
    let view = BoardView {
        protocol: PROTOCOL,
        variant: entry.key.to_string(),
        title: entry.name.to_string(),
        seats: Seat::BOTH
            .iter()
            .map(|&s| SeatView {
                key: entry.seats[s.index()],
                name: entry.seat_names[s.index()],
                player: entry.seat_names[s.index()].to_string(),
                // The board's one person plays both seats.
                present: true,
                account: None,
                bot: false,
            })
            .collect(),
        you: you.map(Seat::index),
        to_move: game.to_move().map(Seat::index),
        acting: acting.iter().map(|s| s.index()).collect(),
        moves: moves.into_iter().map(LegalMove).collect(),
        chance_moves: game.chance_moves(),
        history: game.history().to_vec(),
        lines,
        plies: game.history().len(),
        ply: game.history().len(),
        result: over.map(|o| ResultView {
            result: o.result_text(),
            aborted: false,
            reason: o.reason,
            winner: o.winner.map(Seat::index),
            points: o.points,
        }),
        game: GamePart(part),
    };
    Ok(Json(
        serde_json::to_value(view).map_err(|e| super::internal(e.to_string()))?,
    ))
}

/// `GET /api/analysis/ws`: send `{"id", "game", "spec", "moves", "lines",
/// "seconds"}`; get `{"id", "depth", "lines", "bar", ...}` as the search
/// deepens (the last with `"done": true`), or `{"id", "error"}`. A new
/// board stops the analysis before, as does `{"stop": true}`; closing
/// the socket stops it. Another site's page is refused (403,
/// [`crate::limits::origin_allowed`]).
pub(super) async fn ws(
    State(state): State<AppState>,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Response {
    if !crate::limits::origin_allowed(&headers, state.allowed_origins()) {
        return axum::response::IntoResponse::into_response(crate::limits::foreign_origin());
    }
    upgrade
        .max_message_size(ANALYSIS_BODY_LIMIT)
        .on_upgrade(move |socket| analyse(socket, state))
}

/// One analysis under way: its stop flag and where its reports come.
struct Running {
    id: Value,
    stop: Arc<AtomicBool>,
    reports: watch::Receiver<Option<AnalysisReport>>,
    /// Why there would be no report at all.
    empty: String,
}

impl Drop for Running {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

async fn send(socket: &mut WebSocket, v: Value) -> bool {
    matches!(
        tokio::time::timeout(
            SEND_TIMEOUT,
            socket.send(Message::Text(v.to_string().into()))
        )
        .await,
        Ok(Ok(()))
    )
}

async fn analyse(mut socket: WebSocket, state: AppState) {
    let mut running: Option<Running> = None;
    loop {
        let changed = async {
            match running.as_mut() {
                Some(r) => r.reports.changed().await.is_ok(),
                None => std::future::pending().await,
            }
        };
        tokio::select! {
            ok = changed => {
                let Some(r) = running.as_mut() else { continue };
                if !ok {
                    // The job ended without a report: nothing to analyse.
                    let (id, why) = (r.id.clone(), r.empty.clone());
                    running = None;
                    if !send(&mut socket, json!({ "id": id, "error": why, "done": true })).await {
                        return;
                    }
                    continue;
                }
                let report = r.reports.borrow_and_update().clone();
                if let Some(report) = report {
                    let mut v = report.to_json();
                    v["id"] = r.id.clone();
                    let done = report.done;
                    if !send(&mut socket, v).await {
                        return;
                    }
                    if done {
                        running = None;
                    }
                }
            }
            m = socket.recv() => match m {
                Some(Ok(Message::Text(t))) => {
                    running = None;
                    let req = serde_json::from_str::<Analyse>(&t).map_err(|e| {
                        format!("send a board: {{\"id\", \"game\", \"spec\", \"moves\", \"lines\", \"seconds\"}} or {{\"stop\": true}} ({e})")
                    });
                    let id = req.as_ref().map_or(Value::Null, |r| r.id.clone());
                    if req.as_ref().is_ok_and(|r| r.stop) {
                        continue;
                    }
                    let built = match req {
                        Ok(req) => {
                            let st = state.clone();
                            state
                                .build("analysis", move || begin(&st, &req))
                                .await
                                .and_then(|r| r)
                        }
                        Err(e) => Err(e),
                    };
                    match built {
                        Ok(r) => running = Some(r),
                        Err(e) => {
                            if !send(&mut socket, json!({ "id": id, "error": e, "done": true })).await {
                                return;
                            }
                        }
                    }
                }
                Some(Ok(Message::Binary(_) | Message::Ping(_) | Message::Pong(_))) => {}
                Some(Ok(Message::Close(_)) | Err(_)) | None => return,
            },
        }
    }
}

/// Starts the analysis a client asked for, on the engine pool.
fn begin(state: &AppState, req: &Analyse) -> Result<Running, String> {
    let Some(pool) = state.pool() else {
        return Err("the engine is off on this server".into());
    };
    let (_, game) = rebuild(state, &req.board()).map_err(|e| e.message().to_string())?;
    let lines = req.lines.unwrap_or(3).clamp(1, MAX_LINES as u64) as usize;
    let time = req
        .seconds
        .filter(|s| s.is_finite() && *s > 0.0)
        .map_or(MAX_TIME, |s| {
            // Bounded before it is a Duration (a huge number would not be).
            Duration::from_secs_f64(s.min(MAX_TIME.as_secs_f64()))
        });
    let stop = Arc::new(AtomicBool::new(false));
    let (tx, rx) = watch::channel(None);
    let request = AnalysisRequest {
        lines,
        limits: Limits {
            time: Some(time),
            ..Limits::default()
        },
        stop: stop.clone(),
    };
    let sink = Box::new(move |r: AnalysisReport| {
        let _ = tx.send(Some(r));
    });
    let job = game
        .analysis_job(request, sink)
        .ok_or_else(|| format!("{} has no analysis", game.entry().name))?;
    // The answer is not needed: the reports are.
    drop(pool.submit_analysis("analysis".into(), stop.clone(), job)?);
    let empty = if game.outcome().is_some() {
        "nothing to analyse: the game is over"
    } else {
        "nothing to analyse until a player is to move"
    };
    Ok(Running {
        id: req.id.clone(),
        stop,
        reports: rx,
        empty: empty.into(),
    })
}
