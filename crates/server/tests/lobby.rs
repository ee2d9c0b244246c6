//! The lobby's endpoints (issue 31 items 1-2): each game's start for its
//! card, the engine's levels in words, the games a browser plays, the
//! players' names in the list, the finished games' page.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common::{call, memory};
use axum::http::StatusCode;
use serde_json::{json, Value};

/// Every key named anywhere in a JSON value.
fn keys(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                out.push(k.clone());
                keys(x, out);
            }
        }
        Value::Array(a) => a.iter().for_each(|x| keys(x, out)),
        _ => {}
    }
}

/// `GET /api/variants/{key}/start`: the status and the answer.
async fn start_of(state: &deckmate_server::AppState, key: &str) -> (StatusCode, Value) {
    call(
        state,
        "GET",
        &format!("/api/variants/{key}/start"),
        None,
        None,
    )
    .await
}

#[tokio::test]
async fn every_game_has_a_start_for_its_card() {
    let state = memory();
    let (s, variants) = call(&state, "GET", "/api/variants", None, None).await;
    assert_eq!(s, StatusCode::OK);
    for v in variants.as_array().unwrap() {
        let key = v["key"].as_str().unwrap();
        let (s, start) = start_of(&state, key).await;
        assert_eq!(s, StatusCode::OK, "{key}: {start}");
        assert_eq!(start["title"], v["name"], "{key}");
        assert!(start["sample_deal"].is_boolean(), "{key}: {start}");
        assert!(
            start["board"].is_object() || start["zones"].as_array().is_some_and(|z| !z.is_empty()),
            "{key}: nothing to draw"
        );
        assert_eq!(
            start["moves"],
            json!([]),
            "{key}: a start is only looked at"
        );
        // The same start each time (cached), and the rules page's too.
        let (_, again) = start_of(&state, key).await;
        assert_eq!(again, start, "{key}");
        let (_, rules) = call(
            &state,
            "GET",
            &format!("/api/rules/{key}/start"),
            None,
            None,
        )
        .await;
        assert_eq!(rules, start, "{key}");
    }
    // The fixed positions are no sample; the dealt ones are.
    for key in ["cuarenta", "cardmate"] {
        let (_, fixed) = start_of(&state, key).await;
        assert_eq!(fixed["sample_deal"], json!(false), "{key}");
    }
    let (_, dealers) = call(&state, "GET", "/api/variants/dealers/start", None, None).await;
    assert_eq!(dealers["sample_deal"], json!(true));
}

#[tokio::test]
async fn an_unknown_game_has_no_start_and_the_cache_holds_one_per_game() {
    let state = memory();
    let (s, v) = call(&state, "GET", "/api/variants/nosuch/start", None, None).await;
    assert_eq!(s, StatusCode::NOT_FOUND, "{v}");
    assert_eq!(v["code"], "not_found", "{v}");
    assert!(v["error"].as_str().unwrap().contains("nosuch"));
    let long = "x".repeat(300);
    let (s, v) = call(
        &state,
        "GET",
        &format!("/api/variants/{long}/start"),
        None,
        None,
    )
    .await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    assert!(
        v["error"].as_str().unwrap().len() < 100,
        "the key is quoted short: {v}"
    );
    // Asked for many times, under many names: one start per game.
    for _ in 0..3 {
        for key in ["cardmate", "52chess", "dealers", "nosuch", "cuarenta"] {
            start_of(&state, key).await;
        }
    }
    assert_eq!(state.cached_starts(), 4);
}

#[tokio::test]
async fn a_secret_seed_game_start_leaks_no_seed() {
    let state = memory();
    for key in ["52chess", "dealers"] {
        let (s, start) = start_of(&state, key).await;
        assert_eq!(s, StatusCode::OK, "{start}");
        let mut names = Vec::new();
        keys(&start, &mut names);
        assert!(
            !names.iter().any(|k| k.to_lowercase().contains("seed")),
            "{key}: {names:?}"
        );
        let text = start.to_string();
        let seed = deckmate_server::START_SEED.to_string();
        assert!(!text.contains(&seed), "{key}: the seed {seed} is in {text}");
        // A real game's view says no more of its seed either.
        let (s, g) = call(
            &state,
            "POST",
            "/api/games",
            None,
            Some(json!({"variant": key, "opponent": "friend"})),
        )
        .await;
        assert_eq!(s, StatusCode::OK, "{g}");
        let (_, view) = call(
            &state,
            "GET",
            &format!("/api/games/{}", g["id"].as_str().unwrap()),
            None,
            None,
        )
        .await;
        let mut names = Vec::new();
        keys(&view, &mut names);
        assert!(
            !names.iter().any(|k| k.to_lowercase().contains("seed")),
            "{key}: {names:?}"
        );
    }
}

#[tokio::test]
async fn the_levels_say_how_strong_they_are() {
    let state = memory();
    let (s, levels) = call(&state, "GET", "/api/levels", None, None).await;
    assert_eq!(s, StatusCode::OK);
    let levels = levels.as_array().unwrap();
    assert_eq!(levels.len(), 8);
    for (i, l) in levels.iter().enumerate() {
        let n = i as u64 + 1;
        assert_eq!(l["level"], json!(n));
        let label = l["label"].as_str().unwrap();
        assert!(label.starts_with(&format!("{n} \u{2014} ")), "{label}");
        let table = deckmate_engine::level::level(n as u8);
        assert_eq!(l["time_ms"], json!(table.time.as_millis() as u64));
        assert_eq!(l["nodes"], json!(table.nodes));
    }
    assert!(levels[0]["label"].as_str().unwrap().contains("beginner"));
    assert!(levels[7]["label"].as_str().unwrap().contains("strongest"));
    assert!(
        levels[7]["label"].as_str().unwrap().contains("6 s"),
        "{}",
        levels[7]
    );
}

#[tokio::test]
async fn a_browser_learns_its_games_and_whose_turn_it_is() {
    let state = memory();
    let (_, a) = call(
        &state,
        "POST",
        "/api/games",
        None,
        Some(json!({"variant": "cuarenta", "opponent": "friend", "name": "Ann"})),
    )
    .await;
    let id = a["id"].as_str().unwrap();
    let white = a["tokens"]["white"].as_str().unwrap();
    let black = a["tokens"]["black"].as_str().unwrap();
    let ask = |games: Value| {
        let state = state.clone();
        async move {
            call(
                &state,
                "POST",
                "/api/games/mine",
                None,
                Some(json!({ "games": games })),
            )
            .await
        }
    };
    let (s, mine) = ask(json!([
        {"id": id, "token": white},
        {"id": id, "token": "not a token"},
        {"id": "000000000000", "token": white},
        {"id": "../etc", "token": white},
    ]))
    .await;
    assert_eq!(s, StatusCode::OK, "{mine}");
    let games = mine["games"].as_array().unwrap();
    assert_eq!(games.len(), 1, "{mine}");
    assert_eq!(games[0]["you"], json!(0));
    assert_eq!(games[0]["your_turn"], json!(true));
    assert_eq!(
        games[0]["players"],
        json!(["Ann (White)", "Player (Black)"])
    );
    let (_, mine) = ask(json!([{"id": id, "token": black}])).await;
    assert_eq!(mine["games"][0]["you"], json!(1));
    assert_eq!(mine["games"][0]["your_turn"], json!(false));
    // Bounded, and typed.
    let many: Vec<Value> = (0..41).map(|_| json!({"id": id, "token": white})).collect();
    let (s, v) = ask(json!(many)).await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{v}");
    assert_eq!(v["code"], "bad_request");
    let (s, v) = call(
        &state,
        "POST",
        "/api/games/mine",
        None,
        Some(json!({"ids": []})),
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{v}");
    assert!(v["error"].is_string() && v["code"].is_string());
    let (s, _) = call(&state, "POST", "/api/games/mine", None, None).await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn the_games_list_names_the_players_and_finished_games_have_a_page() {
    let state = memory();
    let (_, a) = call(
        &state,
        "POST",
        "/api/games",
        None,
        Some(json!({"variant": "cuarenta", "opponent": {"engine": 1, "seat": "white"}, "name": "Ann"})),
    )
    .await;
    let id = a["id"].as_str().unwrap();
    let (_, list) = call(&state, "GET", "/api/games?status=ongoing", None, None).await;
    let line = list["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == id)
        .unwrap()
        .clone();
    assert_eq!(
        line["players"],
        json!(["Ann (White)", "deckmate level 1 (Black)"])
    );
    let (s, _) = call(
        &state,
        "POST",
        &format!("/api/games/{id}/resign"),
        a["token"].as_str(),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    let (_, list) = call(
        &state,
        "GET",
        "/api/games?status=finished&limit=100",
        None,
        None,
    )
    .await;
    assert!(list["games"]
        .as_array()
        .unwrap()
        .iter()
        .any(|g| g["id"] == id));
    // The list's pages are bounded.
    let (s, _) = call(
        &state,
        "GET",
        "/api/games?status=finished&limit=101",
        None,
        None,
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    // The page itself is the web client's.
    let (s, page) = call(&state, "GET", "/games/finished", None, None).await;
    assert_eq!(s, StatusCode::OK);
    assert!(page.as_str().unwrap().contains("main.js"));
}
