//! Two servers on one PostgreSQL database answer for the same games and
//! seeks (issue 32 item 3): a seek made on one is listed and accepted on
//! the other, and of two accepters at once exactly one has it; draw
//! offers, takebacks and rematches asked on one server are answered on
//! the other; a resignation and a move sent at once to the two servers
//! give one 200 and one 409.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use axum::http::StatusCode;
use common::{call, play_move};
use deckmate_server::db::Db;
use deckmate_server::{AppState, Config};
use serde_json::{json, Value};

/// Two servers on a fresh PostgreSQL database, or `None` (skipped) when
/// there is none.
fn two_servers(test: &str) -> Option<(AppState, AppState)> {
    let url = common::fresh_postgres(test)?;
    let config = || Config {
        engines: false,
        ..Config::default()
    };
    let a = AppState::with_config(Db::open(&url).unwrap(), config()).unwrap();
    let b = AppState::with_config(Db::open(&url).unwrap(), config()).unwrap();
    Some((a, b))
}

/// `server`'s view of game `id` for `token` once `done` holds (each
/// server learns the other's changes from the database's notifications).
async fn view_when(
    server: &AppState,
    id: &str,
    token: Option<&str>,
    done: impl Fn(&Value) -> bool,
) -> Value {
    let mut v = Value::Null;
    for _ in 0..500 {
        v = common::view(server, id, token).await;
        if done(&v) {
            return v;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    panic!("never came: {v}");
}

fn plies(v: &Value) -> usize {
    v["history"].as_array().map_or(0, Vec::len)
}

#[tokio::test]
async fn a_seek_made_on_one_server_is_listed_and_taken_once_on_either() {
    let Some((a, b)) = two_servers("two_seeks") else {
        return;
    };
    let (s, made) = call(
        &a,
        "POST",
        "/api/seeks",
        None,
        Some(json!({"variant": "cuarenta", "seat": "white", "name": "Ann"})),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{made}");
    let (id, token) = (
        made["id"].as_str().unwrap(),
        made["token"].as_str().unwrap(),
    );
    let (_, list) = call(&b, "GET", "/api/seeks", None, None).await;
    assert_eq!(list["seeks"][0]["id"], id, "{list}");
    assert_eq!(list["seeks"][0]["name"], "Ann", "{list}");
    // Two accepters at once, one on each server: exactly one has it.
    let path = format!("/api/seeks/{id}/accept");
    let (ra, rb) = tokio::join!(
        call(&a, "POST", &path, None, Some(json!({"name": "Bob"}))),
        call(&b, "POST", &path, None, Some(json!({"name": "Cy"}))),
    );
    let mut statuses = [ra.0, rb.0];
    statuses.sort();
    assert_eq!(
        statuses,
        [StatusCode::OK, StatusCode::NOT_FOUND],
        "{} / {}",
        ra.1,
        rb.1
    );
    let won = if ra.0 == StatusCode::OK { &ra.1 } else { &rb.1 };
    let game = won["id"].as_str().unwrap();
    // The maker asks on B (her page may talk to either): her game.
    let (s, st) = call(
        &b,
        "GET",
        &format!("/api/seeks/{id}?token={token}"),
        None,
        None,
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{st}");
    assert_eq!(st["game"], game, "{st}");
    let ann = st["token"].as_str().unwrap();
    let v = common::view(&b, game, Some(ann)).await;
    assert_eq!(v["you"], 0, "{v}");
    assert_eq!(v["seats"][0]["player"], "Ann", "{v}");
    // Taken: listed by neither server; withdrawn by nobody.
    for server in [&a, &b] {
        tokio::time::sleep(deckmate_server::LIST_FRESH).await;
        let (_, list) = call(server, "GET", "/api/seeks", None, None).await;
        assert_eq!(list["seeks"], json!([]), "{list}");
    }
}

#[tokio::test]
async fn offers_made_on_one_server_are_answered_on_the_other() {
    let Some((a, b)) = two_servers("two_offers") else {
        return;
    };
    let (id, [white, black]) = common::friend_game(&a, "cuarenta").await;
    // A takeback asked on A is granted on B.
    let v = common::view(&a, &id, Some(&white)).await;
    let first = v["moves"][0]["text"].as_str().unwrap().to_string();
    assert_eq!(play_move(&a, &id, &white, &first).await.0, StatusCode::OK);
    let (s, v) = call(
        &a,
        "POST",
        &format!("/api/games/{id}/takeback"),
        Some(&white),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    view_when(&b, &id, Some(&black), |v| v["takeback_offer"] == 0).await;
    let (s, v) = call(
        &b,
        "POST",
        &format!("/api/games/{id}/takeback"),
        Some(&black),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(plies(&v), 0, "{v}");
    view_when(&a, &id, Some(&white), |v| {
        plies(v) == 0 && v["takeback_offer"].is_null()
    })
    .await;
    // A draw offered on A is declined on B: A's player is told.
    let (s, v) = call(
        &a,
        "POST",
        &format!("/api/games/{id}/draw"),
        Some(&white),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    view_when(&b, &id, Some(&black), |v| v["draw_offer"] == 0).await;
    let (s, v) = call(
        &b,
        "POST",
        &format!("/api/games/{id}/draw/decline"),
        Some(&black),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    view_when(&a, &id, Some(&white), |v| {
        v["draw_declined"] == 1 && v["draw_offer"].is_null()
    })
    .await;
    // A resignation on A and a move on B at once: one of them is stored.
    let v = view_when(&a, &id, Some(&white), |v| v["draw_declined"] == 1).await;
    let mv = v["moves"][0]["text"].as_str().unwrap().to_string();
    let (resign, moves) = (
        format!("/api/games/{id}/resign"),
        format!("/api/games/{id}/moves"),
    );
    let (ra, rb) = tokio::join!(
        call(&a, "POST", &resign, Some(&black), None),
        call(
            &b,
            "POST",
            &moves,
            Some(&white),
            Some(json!({"move": mv, "ply": 1}))
        ),
    );
    let mut statuses = [ra.0, rb.0];
    statuses.sort();
    assert_eq!(
        statuses,
        [StatusCode::OK, StatusCode::CONFLICT],
        "{} / {}",
        ra.1,
        rb.1
    );
    // Whichever it was, both servers agree.
    let resigned = ra.0 == StatusCode::OK;
    for server in [&a, &b] {
        view_when(server, &id, None, |v| {
            if resigned {
                !v["result"].is_null() && plies(v) == 0
            } else {
                v["result"].is_null() && plies(v) == 1
            }
        })
        .await;
    }
    if !resigned {
        let (s, v) = call(
            &b,
            "POST",
            &format!("/api/games/{id}/resign"),
            Some(&black),
            None,
        )
        .await;
        assert_eq!(s, StatusCode::OK, "{v}");
    }
    // A rematch offered on B is accepted on A: one new game, on both.
    view_when(&b, &id, None, |v| !v["result"].is_null()).await;
    view_when(&a, &id, None, |v| !v["result"].is_null()).await;
    let (s, v) = call(
        &b,
        "POST",
        &format!("/api/games/{id}/rematch"),
        Some(&white),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    view_when(&a, &id, Some(&black), |v| v["rematch_offer"] == 0).await;
    let (s, v) = call(
        &a,
        "POST",
        &format!("/api/games/{id}/rematch/accept"),
        Some(&black),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let new_id = v["rematch"]["id"].as_str().unwrap().to_string();
    let on_b = view_when(&b, &id, Some(&white), |v| !v["rematch"].is_null()).await;
    assert_eq!(on_b["rematch"]["id"], new_id.as_str(), "{on_b}");
    // White's token in the new game, as B tells it, plays there (seats
    // swapped: White is Black now).
    let token = on_b["rematch"]["token"].as_str().unwrap();
    let v = common::view(&b, &new_id, Some(token)).await;
    assert_eq!(v["you"], 1, "{v}");
}
