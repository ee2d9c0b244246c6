//! Clocks kept by the server: the time control taken at creation (and its
//! faults refused), each seat's first move untimed, the running clock in
//! every view, a flag that loses on time (by the server's timer, with no
//! request from anyone) and says so in the result and the record
//! (`[TimeControl]`, `{[%clk ...]}`), and clocks that survive a restart
//! without charging anyone the time the server was down.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use axum::http::StatusCode;
use common::{call, memory, play_first, play_move, record, temp_db};
use deckmate_server::{AppState, Db};
use serde_json::{json, Value};
use std::time::Duration;

async fn create(state: &AppState, tc: Value) -> (StatusCode, Value) {
    call(
        state,
        "POST",
        "/api/games",
        None,
        Some(json!({ "variant": "cuarenta", "opponent": "friend", "time_control": tc })),
    )
    .await
}

fn tokens(v: &Value) -> [String; 2] {
    [
        v["tokens"]["white"].as_str().unwrap().to_string(),
        v["tokens"]["black"].as_str().unwrap().to_string(),
    ]
}

#[tokio::test]
async fn a_bad_time_control_is_refused_by_name() {
    let state = memory();
    for (tc, why) in [
        (json!({"initial_s": 0}), "more than 0"),
        (json!({"initial_s": "3"}), "number of seconds"),
        (json!({"initial_s": 60, "inc": 1}), "unknown field"),
        (json!(7), "time_control"),
    ] {
        let (s, v) = create(&state, tc.clone()).await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{tc}: {v}");
        assert!(v["error"].as_str().unwrap().contains(why), "{tc}: {v}");
    }
    // No time control: no clock.
    let (s, v) = create(&state, Value::Null).await;
    assert_eq!(s, StatusCode::OK);
    let t = tokens(&v);
    let w = common::view(&state, v["id"].as_str().unwrap(), Some(&t[0])).await;
    assert!(w["clock"].is_null(), "{w}");
}

#[tokio::test(flavor = "multi_thread")]
async fn the_first_moves_are_untimed_then_a_flag_loses_on_time() {
    let state = memory();
    let (s, v) = create(&state, json!({"initial_s": 0.4, "increment_s": 0})).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let id = v["id"].as_str().unwrap().to_string();
    let t = tokens(&v);
    let w = common::view(&state, &id, Some(&t[0])).await;
    assert_eq!(w["clock"]["remaining_ms"], json!([400, 400]));
    assert!(
        w["clock"]["running"].is_null(),
        "White's first move is untimed"
    );
    play_first(&state, &id, &t[0]).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    play_first(&state, &id, &t[1]).await;
    // Both first moves untimed: nothing fell; now White's clock runs.
    let w = common::view(&state, &id, Some(&t[0])).await;
    assert!(w["result"].is_null(), "{w}");
    assert_eq!(w["clock"]["running"], 0);
    // Nobody asks: the server's timer ends the game.
    tokio::time::sleep(Duration::from_millis(700)).await;
    let w = common::view(&state, &id, Some(&t[1])).await;
    assert_eq!(w["result"]["result"], "0-1", "{w}");
    assert_eq!(w["result"]["reason"], "White lost on time");
    assert_eq!(w["clock"]["remaining_ms"][0], 0);
    assert!(w["clock"]["running"].is_null());
    let (s, rec) = record(&state, &id).await;
    assert_eq!(s, StatusCode::OK);
    let rec = rec.as_str().unwrap();
    assert!(rec.contains("[TimeControl \"0.4+0\"]"), "{rec}");
    assert!(
        rec.contains("[Termination \"White lost on time\"]"),
        "{rec}"
    );
    // A move after the flag is refused.
    let (s, _) = play_move(&state, &id, &t[0], "Pc5").await;
    assert_ne!(s, StatusCode::OK);
}

#[tokio::test(flavor = "multi_thread")]
async fn clocks_survive_a_restart_and_the_record_has_each_moves_time() {
    let (_dir, p) = temp_db("clocks-restart");
    let (id, t) = {
        let state = AppState::new(Db::open(&p).unwrap(), true).unwrap();
        let (_, v) = create(&state, json!({"initial_s": 60, "increment_s": 5})).await;
        let id = v["id"].as_str().unwrap().to_string();
        let t = tokens(&v);
        for i in 0..3 {
            play_first(&state, &id, &t[i % 2]).await;
        }
        // White's third... Black's second move is to come: Black's clock
        // runs (his first move was untimed).
        let w = common::view(&state, &id, Some(&t[0])).await;
        assert_eq!(w["clock"]["running"], 1, "{w}");
        let left = w["clock"]["remaining_ms"][0].as_u64().unwrap();
        assert!(
            left > 60_000 && left <= 65_000,
            "White gained the increment: {left}"
        );
        (id, t)
    };
    tokio::time::sleep(Duration::from_millis(300)).await;
    let state = AppState::new(Db::open(&p).unwrap(), true).unwrap();
    let w = common::view(&state, &id, Some(&t[1])).await;
    assert_eq!(w["clock"]["running"], 1, "{w}");
    let black = w["clock"]["remaining_ms"][1].as_u64().unwrap();
    assert!(black > 59_000, "the downtime was charged: {black}");
    let white = w["clock"]["remaining_ms"][0].as_u64().unwrap();
    assert!(white > 60_000, "{white}");
    play_first(&state, &id, &t[1]).await;
    let (_, rec) = record(&state, &id).await;
    let rec = rec.as_str().unwrap().to_string();
    assert!(rec.contains("[TimeControl \"60+5\"]"), "{rec}");
    assert_eq!(
        rec.matches("[%clk 0:01:").count(),
        2,
        "two timed moves: {rec}"
    );
}
