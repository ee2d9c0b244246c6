//! The HTTP API contract: creation, views, moves with their refusals, the
//! record, limits, persistence across a restart, live updates, engine seats.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use axum::http::StatusCode;
use common::{call, memory, play_move, record};
use deckmate_server::{app, AppState, Db};
use futures_util::StreamExt;
use serde_json::{json, Value};

async fn friend_game(state: &AppState) -> (String, String, String) {
    let (s, v) = call(
        state,
        "POST",
        "/api/games",
        None,
        Some(json!({"variant": "cardmate", "opponent": "friend", "seed": 1})),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    (
        v["id"].as_str().unwrap().to_string(),
        v["tokens"]["forehand"].as_str().unwrap().to_string(),
        v["tokens"]["rearhand"].as_str().unwrap().to_string(),
    )
}

#[tokio::test]
async fn create_view_and_move() {
    let state = memory();
    let (id, f, _) = friend_game(&state).await;
    let (s, spectator) = call(&state, "GET", &format!("/api/games/{id}"), None, None).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(spectator["moves"].as_array().unwrap().len(), 0);
    assert_eq!(spectator["pieces"].as_array().unwrap().len(), 52);
    let (_, mine) = call(&state, "GET", &format!("/api/games/{id}"), Some(&f), None).await;
    assert_eq!(mine["moves"].as_array().unwrap().len(), 38);
    assert_eq!(mine["you"], 0);
    let (s, after) = play_move(&state, &id, &f, "4Ci3").await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(after["history"], json!(["4Ci3"]));
    assert_eq!(after["to_move"], 1);
    let (s, list) = call(&state, "GET", "/api/games", None, None).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(list["games"][0]["plies"], 1);
}

#[tokio::test]
async fn refusals_have_the_right_status_and_reason() {
    let state = memory();
    let (id, f, r) = friend_game(&state).await;
    let path = format!("/api/games/{id}/moves");
    let mv = json!({"move": "4Ci3"});
    assert_eq!(
        call(&state, "POST", &path, None, Some(mv.clone())).await.0,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        call(&state, "POST", &path, Some("nope"), Some(mv.clone()))
            .await
            .0,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        call(
            &state,
            "POST",
            &path,
            Some(&r),
            Some(json!({"move": "4Db6"}))
        )
        .await
        .0,
        StatusCode::CONFLICT
    );
    let (s, e) = call(
        &state,
        "POST",
        &path,
        Some(&f),
        Some(json!({"move": "4Ci9"})),
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(e["error"].as_str().unwrap().contains("cannot"), "{e}");
    assert_eq!(
        call(&state, "POST", &path, Some(&f), Some(json!({"mv": 1})))
            .await
            .0,
        StatusCode::BAD_REQUEST
    );
    assert_eq!(
        call(&state, "POST", &path, Some(&f), Some(json!([1, 2])))
            .await
            .0,
        StatusCode::BAD_REQUEST
    );
    assert_eq!(
        call(&state, "GET", "/api/games/ffffffffffff", None, None)
            .await
            .0,
        StatusCode::NOT_FOUND
    );
    // A compulsory capture (C3): replay sample game 1 to 18...7Dh8.
    let game = "4Ci3 4Db6 8Dj2 8Ca7 8Dh3 8Cc6 7Cb1 7Di8 3Cd3 3Di6 8Hc2 4Dc5 JSf3 9Sa7 9H:c5 9S:c5 2Sa3 9S:a3 \
                1D:a3 8Sh7 3Cd4 8C:d4 8H:d4 8Sg5 JS:g5 3Hc6 JS:g7 6H:g7 8H:c6 JH:c6 1Da4 QSh8 8Di5 QS:h2 8D:j7 7Dh8";
    for (i, m) in game.split_whitespace().enumerate() {
        let t = if i % 2 == 0 { &f } else { &r };
        let (s, v) = call(&state, "POST", &path, Some(t), Some(json!({"move": m}))).await;
        assert_eq!(s, StatusCode::OK, "{m}: {v}");
    }
    let (s, e) = call(
        &state,
        "POST",
        &path,
        Some(&f),
        Some(json!({"move": "1Hg3"})),
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(e["error"].as_str().unwrap().contains("compulsory"), "{e}");
    // Bad creation requests.
    for body in [
        json!({"variant": "chess"}),
        json!({"options": {"setup": "x"}}),
        json!({"options": {"colour": "red"}}),
        json!({"opponent": {"engine": 9}}),
        json!({"seed": "x"}),
        json!(3),
    ] {
        assert_eq!(
            call(&state, "POST", "/api/games", None, Some(body.clone()))
                .await
                .0,
            StatusCode::BAD_REQUEST,
            "{body}"
        );
    }
}

#[tokio::test]
async fn oversized_bodies_are_refused() {
    let state = memory();
    let (id, f, _) = friend_game(&state).await;
    let big = json!({"move": "x".repeat(100_000)});
    let (s, _) = call(
        &state,
        "POST",
        &format!("/api/games/{id}/moves"),
        Some(&f),
        Some(big),
    )
    .await;
    assert_eq!(s, StatusCode::PAYLOAD_TOO_LARGE);
}

#[tokio::test]
async fn record_resign_and_rematch() {
    let state = memory();
    let (id, f, r) = friend_game(&state).await;
    play_move(&state, &id, &f, "4Ci3").await;
    let (s, v) = common::resign(&state, &id, &r).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(v["result"]["result"], "1-0");
    let (_, rec) = record(&state, &id).await;
    let rec = rec.as_str().unwrap();
    assert!(
        rec.contains("1. 4Ci3") && rec.contains("[Result \"1-0\"]"),
        "{rec}"
    );
    // A rematch between friends is an offer the other accepts (item 15).
    let (s, m) = call(
        &state,
        "POST",
        &format!("/api/games/{id}/rematch"),
        Some(&f),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(m["rematch_offer"], 0);
    let (s, m) = call(
        &state,
        "POST",
        &format!("/api/games/{id}/rematch/accept"),
        Some(&r),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{m}");
    assert_eq!(m["rematch"]["you"], 0);
}

/// Issue 29 item 15: the page of the player who offered a rematch learns
/// of it over its socket when the other accepts, and goes there at once.
/// The game must exist by then: a page that finds no game says "No such
/// game" and stops (the end-to-end rematch test failed so, once, on a
/// loaded machine). Every view that carries a rematch names a game the
/// server knows.
/// The next view a game's socket sends (pings and other frames skipped).
async fn next_view<S>(ws: &mut S) -> Value
where
    S: futures_util::Stream<
            Item = Result<
                tokio_tungstenite::tungstenite::Message,
                tokio_tungstenite::tungstenite::Error,
            >,
        > + Unpin,
{
    loop {
        let msg = tokio::time::timeout(common::PATIENCE, ws.next())
            .await
            .expect("a view in time")
            .expect("the socket open")
            .expect("a frame");
        if let Ok(text) = msg.to_text() {
            if !text.is_empty() {
                return serde_json::from_str(text).unwrap();
            }
        }
    }
}

#[tokio::test]
async fn a_rematch_reaches_the_offerers_socket_only_once_its_game_exists() {
    // On each store: a database file, whose writes take the longest, and
    // PostgreSQL where the tests have one.
    let (_db_dir, targets) = common::stores("rematch-order");
    for (store, target) in targets {
        let state = AppState::new(Db::open(&target).unwrap(), true).unwrap();
        let addr = common::listen(&state).await;
        // Five rounds: fifteen requests the creation limit counts (a game, a
        // rematch offered and one accepted a round), within the burst of 20
        // one client may make at once.
        for round in 0..5 {
            let (id, f, r) = rematch_offered(&state).await;
            let (mut ws, _) = tokio_tungstenite::connect_async(format!(
                "ws://{addr}/api/games/{id}/ws?token={f}"
            ))
            .await
            .unwrap();
            // The offer is pending: the first view says so, and no rematch.
            let v = next_view(&mut ws).await;
            assert_eq!(v["rematch_offer"], 0, "{v}");
            assert!(v["rematch"].is_null(), "{v}");
            let accepter = state.clone();
            let (old, token) = (id.clone(), r.clone());
            let accept = tokio::spawn(async move {
                call(
                    &accepter,
                    "POST",
                    &format!("/api/games/{old}/rematch/accept"),
                    Some(&token),
                    None,
                )
                .await
            });
            let rematch_view = async {
                loop {
                    let v = next_view(&mut ws).await;
                    if let Some(new) = v["rematch"]["id"].as_str() {
                        assert!(v["rematch"]["token"].is_string(), "{v}");
                        break new.to_string();
                    }
                }
            };
            let Ok(new_id) = tokio::time::timeout(common::PATIENCE, rematch_view).await else {
                panic!(
                    "{store}, round {round}: no rematch came: {:?}",
                    accept.await.unwrap()
                );
            };
            // At once, as the page does: the new game is there.
            let (s, v) = call(&state, "GET", &format!("/api/games/{new_id}"), None, None).await;
            assert_eq!(
                s,
                StatusCode::OK,
                "{store}, round {round}: the rematch {new_id} is not there yet: {v}"
            );
            let (s, v) = accept.await.unwrap();
            assert_eq!(s, StatusCode::OK, "{v}");
            assert_eq!(v["rematch"]["id"], new_id.as_str());
        }
    }
}

/// A finished game between friends whose rematch Ann (the first seat)
/// offered: its id and both tokens.
async fn rematch_offered(state: &AppState) -> (String, String, String) {
    let (id, f, r) = friend_game(state).await;
    let (s, _) = common::resign(state, &id, &r).await;
    assert_eq!(s, StatusCode::OK);
    let (s, v) = call(
        state,
        "POST",
        &format!("/api/games/{id}/rematch"),
        Some(&f),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(v["rematch_offer"], 0, "{v}");
    (id, f, r)
}

/// Puts a rematch claim into a stored game's offers, as a server that
/// stopped midway would leave it: claimed at `at` (ms since 1970), for
/// the game `new_id`.
fn leave_claim(db: &str, id: &str, new_id: &str, at: i64) {
    let conn = rusqlite::Connection::open(db).unwrap();
    let offers: String = conn
        .query_row("SELECT offers FROM games WHERE id = ?1", [id], |r| r.get(0))
        .unwrap();
    let mut o: Value = serde_json::from_str(&offers).unwrap();
    o["rematch"] = json!([new_id, ["ta", "tb"]]);
    o["rematch_pending"] = json!(at);
    conn.execute(
        "UPDATE games SET offers = ?2 WHERE id = ?1",
        [id, &o.to_string()],
    )
    .unwrap();
}

/// A rematch claimed but not marked made (the server stopped, or the
/// store refused the last write) is settled by the next rematch request:
/// shown if its game is there; left while it may still be being made;
/// withdrawn and made anew once it has waited 30 s for a game that never
/// came. In no case does the request do nothing for ever.
#[tokio::test]
async fn a_rematch_claim_left_midway_is_settled_by_the_next_request() {
    let (_dir, path) = common::temp_db("rematch-claim");
    let (made, fresh, left, made_id);
    {
        let state = AppState::new(Db::open(&path).unwrap(), true).unwrap();
        made = rematch_offered(&state).await;
        fresh = rematch_offered(&state).await;
        left = rematch_offered(&state).await;
        made_id = friend_game(&state).await.0;
    }
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as i64;
    leave_claim(&path, &made.0, &made_id, now - 60_000);
    leave_claim(&path, &fresh.0, "0123456789ab", now);
    leave_claim(&path, &left.0, "0123456789ab", now - 60_000);
    let state = AppState::new(Db::open(&path).unwrap(), true).unwrap();
    let accept = |(id, _, r): &(String, String, String)| {
        let (state, id, r) = (state.clone(), id.clone(), r.clone());
        async move {
            call(
                &state,
                "POST",
                &format!("/api/games/{id}/rematch/accept"),
                Some(&r),
                None,
            )
            .await
        }
    };
    // Claimed, not shown: the offer stands in the view.
    let v = common::view(&state, &made.0, Some(&made.1)).await;
    assert!(v["rematch"].is_null() && v["rematch_offer"] == 0, "{v}");
    // Its game is there: shown now, to both seats.
    let (s, v) = accept(&made).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["rematch"]["id"], made_id.as_str(), "{v}");
    let v = common::view(&state, &made.0, Some(&made.1)).await;
    assert_eq!(v["rematch"]["id"], made_id.as_str(), "{v}");
    assert!(v["rematch_offer"].is_null(), "{v}");
    // Claimed a moment ago: it may be being made elsewhere; nothing yet.
    let (s, v) = accept(&fresh).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert!(v["rematch"].is_null() && v["rematch_offer"] == 0, "{v}");
    // Claimed a minute ago, no game: withdrawn, and made anew.
    let (s, v) = accept(&left).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let new_id = v["rematch"]["id"].as_str().unwrap().to_string();
    assert_ne!(new_id, "0123456789ab");
    let (s, _) = call(&state, "GET", &format!("/api/games/{new_id}"), None, None).await;
    assert_eq!(s, StatusCode::OK);
}

#[tokio::test]
async fn games_survive_a_restart() {
    let (_dir, p) = common::temp_db("restart");
    let id;
    {
        let state = AppState::new(Db::open(&p).unwrap(), true).unwrap();
        let (i, f, r) = friend_game(&state).await;
        id = i;
        play_move(&state, &id, &f, "4Ci3").await;
        play_move(&state, &id, &r, "4Db6").await;
    }
    let state = AppState::new(Db::open(&p).unwrap(), true).unwrap();
    let (s, v) = call(&state, "GET", &format!("/api/games/{id}"), None, None).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(v["history"], json!(["4Ci3", "4Db6"]));
}

#[tokio::test(flavor = "multi_thread")]
async fn engine_seat_moves_and_watchers_get_every_move() {
    let state = memory();
    // The engine plays Forehand: it moves first.
    let (s, v) = call(
        &state,
        "POST",
        "/api/games",
        None,
        Some(json!({"opponent": {"engine": 1, "seat": "rearhand"}})),
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    let id = v["id"].as_str().unwrap().to_string();
    let token = v["token"].as_str().unwrap().to_string();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let server = state.clone();
    tokio::spawn(async move { axum::serve(listener, app(server)).await });
    let (mut ws, _) =
        tokio_tungstenite::connect_async(format!("ws://{addr}/api/games/{id}/ws?token={token}"))
            .await
            .unwrap();
    // Wait (bounded) for the view in which the engine has moved.
    let mut seen = None;
    for _ in 0..20 {
        let msg = tokio::time::timeout(common::PATIENCE, ws.next())
            .await
            .unwrap()
            .unwrap()
            .unwrap();
        let v: Value = serde_json::from_str(msg.to_text().unwrap()).unwrap();
        if v["plies"] == 1 {
            seen = Some(v);
            break;
        }
    }
    let v = seen.expect("the engine moved");
    assert_eq!(v["you"], 1);
    assert!(!v["moves"].as_array().unwrap().is_empty());
    // Our move reaches the watcher too.
    let first = v["moves"][0]["text"].as_str().unwrap().to_string();
    let (s, _) = play_move(&state, &id, &token, &first).await;
    assert_eq!(s, StatusCode::OK);
    let mut got = false;
    for _ in 0..5 {
        let msg = tokio::time::timeout(common::PATIENCE, ws.next())
            .await
            .unwrap()
            .unwrap()
            .unwrap();
        let v: Value = serde_json::from_str(msg.to_text().unwrap()).unwrap();
        if v["plies"].as_u64().unwrap() >= 2 {
            got = true;
            break;
        }
    }
    assert!(got);
}

#[tokio::test]
async fn dealers_chess_reference_cards_are_served() {
    // D10: every shipped card on one page, and each alone as SVG.
    let state = memory();
    let get = |path: &str| {
        axum::http::Request::get(path)
            .body(axum::body::Body::empty())
            .unwrap()
    };
    let (s, _, html) = common::send(&state, get("/cards")).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(html.matches("<svg").count(), 71);
    assert!(html.contains("Gryffon") && html.contains("Zombie Pawn"));
    let (s, headers, svg) = common::send(&state, get("/cards/GR.svg")).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(headers["content-type"], "image/svg+xml");
    assert!(svg.starts_with("<svg") && svg.contains("FyafsF"));
    let (s, e) = call(&state, "GET", "/cards/XX.svg", None, None).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    assert!(e["error"].as_str().unwrap().contains("XX"), "{e}");
}

#[tokio::test]
async fn the_web_client_is_served() {
    let state = memory();
    for path in [
        "/",
        "/js/main.js",
        "/style.css",
        "/game/0123456789ab",
        "/api/rules/cardmate",
        "/api/variants",
    ] {
        let (s, _) = call(&state, "GET", path, None, None).await;
        assert_eq!(s, StatusCode::OK, "{path}");
    }
}

/// A key has one meaning in a view: a board's marked squares are its
/// `regions` (Cardmate's palaces), and `zones` are only zones of cards.
#[tokio::test]
async fn a_boards_marked_squares_are_its_regions_and_zones_are_cards() {
    let state = memory();
    let (id, _, _) = friend_game(&state).await;
    let (s, v) = call(&state, "GET", &format!("/api/games/{id}"), None, None).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let regions = v["board"]["regions"].as_array().expect("regions");
    assert!(
        regions
            .iter()
            .any(|r| r["squares"].as_array().is_some_and(|q| !q.is_empty())),
        "{v}"
    );
    assert!(v["board"].get("zones").is_none(), "{v}");
    assert!(v["zones"].is_array(), "{v}");
}
