//! Playing a stranger: a seek made, listed, accepted (the game starts for
//! both, each with a token, nicknames shown), withdrawn, lapsing when its
//! maker stops asking after it; bounded; nicknames checked.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use axum::http::StatusCode;
use common::{call, memory};
use serde_json::json;

#[tokio::test]
async fn a_seek_is_listed_accepted_and_both_players_get_the_game() {
    let state = memory();
    let (s, v) = call(
        &state,
        "POST",
        "/api/seeks",
        None,
        Some(json!({"variant": "cuarenta", "time_control": {"initial_s": 180, "increment_s": 2}, "seat": "white", "name": "Ann"})),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let (id, token) = (
        v["id"].as_str().unwrap().to_string(),
        v["token"].as_str().unwrap().to_string(),
    );
    let (_, list) = call(&state, "GET", "/api/seeks", None, None).await;
    assert_eq!(list["seeks"][0]["name"], "Ann");
    assert_eq!(list["seeks"][0]["seat"], "white");
    assert!(
        list.to_string().find(&token).is_none(),
        "a seek's token is listed"
    );
    // The maker's page asks: still open.
    let (s, st) = call(
        &state,
        "GET",
        &format!("/api/seeks/{id}?token={token}"),
        None,
        None,
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(st["open"], true);
    // Bob accepts: he is Black; Ann learns her game at her next question.
    let (s, g) = call(
        &state,
        "POST",
        &format!("/api/seeks/{id}/accept"),
        None,
        Some(json!({"name": "Bob"})),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{g}");
    assert_eq!(g["you"], 1);
    let game = g["id"].as_str().unwrap().to_string();
    let (_, st) = call(
        &state,
        "GET",
        &format!("/api/seeks/{id}?token={token}"),
        None,
        None,
    )
    .await;
    assert_eq!(st["game"], game.as_str());
    let ann = st["token"].as_str().unwrap().to_string();
    let (_, view) = call(
        &state,
        "GET",
        &format!("/api/games/{game}"),
        Some(&ann),
        None,
    )
    .await;
    assert_eq!(view["you"], 0);
    assert_eq!(view["seats"][0]["player"], "Ann");
    assert_eq!(view["seats"][1]["player"], "Bob");
    assert_eq!(view["clock"]["initial_ms"], 180_000);
    // Taken: nobody else may accept it, and it is no longer listed.
    let (s, _) = call(
        &state,
        "POST",
        &format!("/api/seeks/{id}/accept"),
        None,
        None,
    )
    .await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    let (_, list) = call(&state, "GET", "/api/seeks", None, None).await;
    assert_eq!(list["seeks"], json!([]));
}

#[tokio::test]
async fn seeks_are_withdrawn_checked_and_names_bounded() {
    let state = memory();
    for (body, why) in [
        (json!({"variant": "chess"}), "unknown variant"),
        (json!({"variant": "cuarenta", "seat": "red"}), "seat"),
        (
            json!({"variant": "cuarenta", "name": "x".repeat(21)}),
            "name",
        ),
        (
            json!({"variant": "cuarenta", "time_control": {"initial_s": 0}}),
            "time_control",
        ),
        (
            json!({"variant": "cardmate", "options": {"palace": "moat"}}),
            "palace",
        ),
    ] {
        let (s, v) = call(&state, "POST", "/api/seeks", None, Some(body.clone())).await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{body}: {v}");
        assert!(v["error"].as_str().unwrap().contains(why), "{body}: {v}");
    }
    let (_, v) = call(
        &state,
        "POST",
        "/api/seeks",
        None,
        Some(json!({"variant": "cuarenta"})),
    )
    .await;
    let (id, token) = (
        v["id"].as_str().unwrap().to_string(),
        v["token"].as_str().unwrap().to_string(),
    );
    let (s, _) = call(
        &state,
        "DELETE",
        &format!("/api/seeks/{id}?token=wrong"),
        None,
        None,
    )
    .await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    let (s, _) = call(
        &state,
        "DELETE",
        &format!("/api/seeks/{id}?token={token}"),
        None,
        None,
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    let (_, list) = call(&state, "GET", "/api/seeks", None, None).await;
    assert_eq!(list["seeks"], json!([]));
    // A nickname set later by a seat.
    let (_, g) = call(
        &state,
        "POST",
        "/api/games",
        None,
        Some(json!({"variant": "cuarenta", "opponent": "friend", "name": "Cy"})),
    )
    .await;
    let game = g["id"].as_str().unwrap();
    let black = g["tokens"]["black"].as_str().unwrap();
    let (s, v) = call(
        &state,
        "POST",
        &format!("/api/games/{game}/name"),
        Some(black),
        Some(json!({"name": "Di"})),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["seats"][0]["player"], "Cy");
    assert_eq!(v["seats"][1]["player"], "Di");
    let (s, _) = call(
        &state,
        "POST",
        &format!("/api/games/{game}/name"),
        None,
        Some(json!({"name": "Ed"})),
    )
    .await;
    assert_eq!(s, StatusCode::FORBIDDEN);
}

#[tokio::test(flavor = "multi_thread")]
async fn an_open_seek_survives_a_restart_and_a_withdrawn_one_does_not() {
    use deckmate_server::{AppState, Db};
    let (_dir, p) = common::temp_db("seeks-restart");
    let (kept, token) = {
        let state = AppState::new(Db::open(&p).unwrap(), true).unwrap();
        let mk = |name: &'static str| {
            let state = state.clone();
            async move {
                let (_, v) = call(
                    &state,
                    "POST",
                    "/api/seeks",
                    None,
                    Some(json!({"variant": "cuarenta", "name": name})),
                )
                .await;
                (
                    v["id"].as_str().unwrap().to_string(),
                    v["token"].as_str().unwrap().to_string(),
                )
            }
        };
        let (kept, token) = mk("Kept").await;
        let (gone, gone_token) = mk("Gone").await;
        let (s, _) = call(
            &state,
            "DELETE",
            &format!("/api/seeks/{gone}?token={gone_token}"),
            None,
            None,
        )
        .await;
        assert_eq!(s, StatusCode::OK);
        // The deletion is written in the background: give it a moment.
        tokio::time::sleep(std::time::Duration::from_millis(300)).await;
        (kept, token)
    };
    let state = AppState::new(Db::open(&p).unwrap(), true).unwrap();
    let (_, list) = call(&state, "GET", "/api/seeks", None, None).await;
    let names: Vec<&str> = list["seeks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Kept"]);
    let (s, st) = call(
        &state,
        "GET",
        &format!("/api/seeks/{kept}?token={token}"),
        None,
        None,
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(st["open"], true);
}
