//! The views have one published schema (`GET /api/schema`, derived from
//! the server's view types) and a protocol version (issue 30 part 3):
//! every view of every game, for each seat and a spectator, from the
//! start to the end, carries the protocol and only keys the schema lists,
//! each always of the JSON type the schema gives it (no key with two
//! meanings).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common::{call, play_move, view};
use crate::toy_game;
use axum::http::StatusCode;
use deckmate_games::list::{Catalog, GAMES};
use deckmate_server::{AppState, Config, Db};
use serde_json::{json, Value};
use std::collections::BTreeMap;

/// The JSON type of a value, as a schema names it.
fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(n) if n.is_f64() => "number",
        Value::Number(_) => "integer",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

/// The types a schema property allows (a `$ref`: an object).
fn allowed(prop: &Value) -> Vec<String> {
    match &prop["type"] {
        Value::String(t) => vec![t.clone()],
        Value::Array(ts) => ts
            .iter()
            .filter_map(|t| t.as_str().map(str::to_string))
            .collect(),
        _ if prop.get("$ref").is_some() => vec!["object".into()],
        _ => match prop.get("anyOf") {
            // An optional `$ref`: the type or null.
            Some(Value::Array(alts)) => alts.iter().flat_map(allowed).collect(),
            _ => Vec::new(),
        },
    }
}

fn fits(types: &[String], v: &Value) -> bool {
    let k = kind(v);
    types
        .iter()
        .any(|t| t == k || (t == "number" && k == "integer"))
}

#[tokio::test(flavor = "multi_thread")]
async fn every_view_of_every_game_keeps_to_the_published_schema() {
    let mut catalog = Catalog::builtin();
    catalog.add(&toy_game::ENTRY).unwrap();
    let config = Config {
        engines: false,
        catalog: catalog.clone(),
        ..Config::default()
    };
    let state = AppState::with_config(Db::open(":memory:").unwrap(), config).unwrap();
    let (s, schema) = call(&state, "GET", "/api/schema", None, None).await;
    assert_eq!(s, StatusCode::OK);
    let protocol = schema["protocol"].as_u64().expect("a protocol version");
    // No key is declared with two types or meanings by two games.
    assert_eq!(schema["conflicts"], json!([]), "{}", schema["conflicts"]);
    // The test-only game's own key is published with the others.
    assert_eq!(
        schema["game_view"]["properties"]["stones"]["x-games"],
        json!([toy_game::KEY])
    );
    let props = schema["game_view"]["properties"]
        .as_object()
        .unwrap()
        .clone();
    let required: Vec<&str> = schema["game_view"]["required"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert!(required.contains(&"protocol"));
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    let keys: Vec<&str> = catalog.games().map(|g| g.key).collect();
    assert_eq!(keys.len(), GAMES.len() + 1);
    for key in keys {
        let (s, made) = call(
            &state,
            "POST",
            "/api/games",
            None,
            Some(json!({ "variant": key, "opponent": "friend" })),
        )
        .await;
        assert_eq!(s, StatusCode::OK, "{key}: {made}");
        let id = made["id"].as_str().unwrap().to_string();
        let tokens: Vec<String> = made["tokens"]
            .as_object()
            .unwrap()
            .values()
            .map(|t| t.as_str().unwrap().to_string())
            .collect();
        let mut pick = 7u64;
        for _ in 0..60 {
            let mut played = false;
            let mut views = vec![view(&state, &id, None).await];
            for t in &tokens {
                views.push(view(&state, &id, Some(t)).await);
            }
            for v in &views {
                assert_eq!(v["protocol"].as_u64(), Some(protocol), "{key}: {v}");
                for r in &required {
                    assert!(v.get(*r).is_some(), "{key}: no '{r}' in {v}");
                }
                for (k, x) in v.as_object().unwrap() {
                    let prop = props
                        .get(k)
                        .unwrap_or_else(|| panic!("{key}: '{k}' is not in the schema: {v}"));
                    let types = allowed(prop);
                    assert!(
                        fits(&types, x),
                        "{key}: '{k}' is {} ({x}), the schema says {types:?}",
                        kind(x)
                    );
                    *seen.entry(k.clone()).or_default() += 1;
                }
            }
            for (t, v) in tokens.iter().zip(&views[1..]) {
                let moves = v["moves"].as_array().cloned().unwrap_or_default();
                if moves.is_empty() {
                    continue;
                }
                pick = pick
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let m = &moves[(pick >> 33) as usize % moves.len()];
                let (s, answer) = play_move(&state, &id, t, m["text"].as_str().unwrap()).await;
                assert_eq!(s, StatusCode::OK, "{key} {m}: {answer}");
                played = true;
            }
            if !played {
                break;
            }
        }
    }
    // The game's part: every key the schema lists for it appeared.
    for k in [
        "board", "pieces", "last", "zones", "facts", "prompt", "position",
    ] {
        assert!(seen.contains_key(k), "no view held '{k}': {seen:?}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn every_analysis_board_keeps_to_the_published_schema() {
    let state = crate::common::memory();
    let (_, schema) = call(&state, "GET", "/api/schema", None, None).await;
    let props = schema["board_view"]["properties"]
        .as_object()
        .unwrap()
        .clone();
    for g in GAMES {
        let (s, board) = call(
            &state,
            "POST",
            "/api/analysis",
            None,
            Some(json!({ "game": g.key })),
        )
        .await;
        assert_eq!(s, StatusCode::OK, "{}: {board}", g.key);
        let (s, v) = call(&state, "POST", "/api/analysis/view", None, Some(board)).await;
        assert_eq!(s, StatusCode::OK, "{}: {v}", g.key);
        assert_eq!(v["protocol"], schema["protocol"]);
        for (k, x) in v.as_object().unwrap() {
            let prop = props
                .get(k)
                .unwrap_or_else(|| panic!("{}: '{k}' is not in the schema", g.key));
            assert!(fits(&allowed(prop), x), "{}: '{k}' is {}", g.key, kind(x));
        }
    }
}
