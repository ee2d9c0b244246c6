//! Cuarenta through the HTTP API: listing and rules, creation and the
//! view (holes, pieces, prompt), moves and their refusals, promotion and
//! castling as clickable choices, whole games from the server's own legal
//! moves, the record replayed by the rules crate, a restart, an engine
//! seat.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use axum::http::StatusCode;
use common::{call, memory, play_move as play, record};
use deckmate_games::cuarenta::record;
use deckmate_rules::{Record, SeededRng};
use deckmate_server::{AppState, Db};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::time::{Duration, Instant};

/// A game between two friends: id, White's and Black's tokens.
async fn friend_game(state: &AppState) -> (String, [String; 2]) {
    let (s, v) = call(
        state,
        "POST",
        "/api/games",
        None,
        Some(json!({ "variant": "cuarenta", "opponent": "friend" })),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["variant"], "cuarenta");
    (
        v["id"].as_str().unwrap().to_string(),
        [
            v["tokens"]["white"].as_str().unwrap().to_string(),
            v["tokens"]["black"].as_str().unwrap().to_string(),
        ],
    )
}

async fn view(state: &AppState, id: &str, token: Option<&str>) -> Value {
    let (s, v) = call(state, "GET", &format!("/api/games/{id}"), token, None).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    v
}

fn texts(v: &Value) -> Vec<String> {
    v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["text"].as_str().unwrap().to_string())
        .collect()
}

/// The moves to reach a White pawn on c6 whose next move, c6-d7, may
/// promote to a Camel (the e2e run plays the same).
const TO_PROMOTION: [&str; 6] = ["Pdc4", "Pde6", "Pcd5", "Phg6", "Pc6", "Pgh5"];

/// Every from/to that several moves share has a distinct `choice` label on
/// each; castling is always labelled `O-O`.
fn assert_choices(v: &Value) {
    let mut by_click: HashMap<(String, String), Vec<&Value>> = HashMap::new();
    for m in v["moves"].as_array().unwrap() {
        by_click
            .entry((
                m["from"].as_str().unwrap().into(),
                m["to"].as_str().unwrap().into(),
            ))
            .or_default()
            .push(m);
        if m["castling"] == true {
            assert_eq!(m["choice"], "O-O");
            assert_eq!(
                m["text"].as_str().unwrap().trim_end_matches(['+', '#']),
                "O-O"
            );
        }
    }
    for ms in by_click.values().filter(|ms| ms.len() > 1) {
        let mut labels: Vec<&str> = ms.iter().map(|m| m["choice"].as_str().unwrap()).collect();
        labels.sort_unstable();
        labels.dedup();
        assert_eq!(labels.len(), ms.len(), "{ms:?}");
    }
}

#[tokio::test]
async fn cuarenta_is_listed_and_its_rules_served() {
    let state = memory();
    let (s, v) = call(&state, "GET", "/api/variants", None, None).await;
    assert_eq!(s, StatusCode::OK);
    let c = v
        .as_array()
        .unwrap()
        .iter()
        .find(|x| x["key"] == "cuarenta")
        .expect("listed");
    assert_eq!(c["name"], "Cuarenta");
    assert_eq!(c["seats"], json!(["white", "black"]));
    assert_eq!(c["seat_names"], json!(["White", "Black"]));
    assert_eq!(c["options"], json!([]));
    let (s, r) = call(&state, "GET", "/api/rules/cuarenta", None, None).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(r.as_str().unwrap(), deckmate_games::cuarenta::RULES);
}

#[tokio::test]
async fn cuarenta_create_view_moves_and_refusals() {
    let state = memory();
    // An option it does not take is refused.
    let (s, e) = call(
        &state,
        "POST",
        "/api/games",
        None,
        Some(json!({"variant": "cuarenta", "options": {"palace": "off"}, "opponent": "friend"})),
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(e["error"].as_str().unwrap().contains("palace"), "{e}");

    let (id, [w, b]) = friend_game(&state).await;
    let v = view(&state, &id, Some(&w)).await;
    assert_eq!(v["board"]["files"], 9);
    assert_eq!(v["board"]["ranks"], 9);
    assert_eq!(v["board"]["rank_base"], 1);
    let holes = v["board"]["holes"].as_array().unwrap();
    assert_eq!(holes.len(), 41);
    assert!(holes.contains(&json!("a1")) && !holes.contains(&json!("b1")));
    let pieces = v["pieces"].as_array().unwrap();
    assert_eq!(pieces.len(), 26);
    let king = pieces.iter().find(|p| p["square"] == "e2").unwrap();
    assert_eq!(king["symbol"], "K");
    assert_eq!(king["owner"], 0);
    assert!(pieces.iter().all(|p| !holes.contains(&p["square"])));
    assert_eq!(v["prompt"], "White to move (you)");
    assert_eq!(v["moves"].as_array().unwrap().len(), 22);
    let fa4 = v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["text"] == "Fa4")
        .unwrap();
    assert_eq!(fa4["from"], "d1");
    assert_eq!(fa4["to"], "a4");

    // Black out of turn: 409.
    let (s, _) = play(&state, &id, &b, "Pbc6").await;
    assert_eq!(s, StatusCode::CONFLICT);
    // Illegal and unreadable moves: 400 with the rules' reason.
    let (s, e) = play(&state, &id, &w, "Ke3").await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(!e["error"].as_str().unwrap().is_empty(), "{e}");
    let (s, e) = play(&state, &id, &w, "Fa5").await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{e}");
    let (s, e) = play(&state, &id, &w, "zz").await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{e}");
    // No token: refused.
    let (s, _) = call(
        &state,
        "POST",
        &format!("/api/games/{id}/moves"),
        None,
        Some(json!({"move": "Fa4"})),
    )
    .await;
    assert!(s.is_client_error());

    // A legal move, then Black's.
    let (s, e) = play(&state, &id, &w, "Fa4").await;
    assert_eq!(s, StatusCode::OK, "{e}");
    let (s, e) = play(&state, &id, &b, "Pbc6").await;
    assert_eq!(s, StatusCode::OK, "{e}");
    let v = view(&state, &id, None).await;
    assert_eq!(v["history"], json!(["Fa4", "Pbc6"]));
    assert_eq!(v["last"], json!({"from": "b7", "to": "c6"}));
    assert_eq!(v["prompt"], "White to move");
    // A spectator gets no legal moves.
    assert!(v["moves"].as_array().is_none_or(|m| m.is_empty()));
}

#[tokio::test]
async fn cuarenta_promotion_is_a_choice_on_one_click() {
    let state = memory();
    let (id, tokens) = friend_game(&state).await;
    for (i, mv) in TO_PROMOTION.iter().enumerate() {
        let (s, e) = play(&state, &id, &tokens[i % 2], mv).await;
        assert_eq!(s, StatusCode::OK, "{mv}: {e}");
    }
    let v = view(&state, &id, Some(&tokens[0])).await;
    assert_choices(&v);
    let c6d7: Vec<&Value> = v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["from"] == "c6" && m["to"] == "d7")
        .collect();
    let mut labels: Vec<&str> = c6d7.iter().map(|m| m["choice"].as_str().unwrap()).collect();
    labels.sort_unstable();
    assert_eq!(labels, ["Camel", "no promotion"]);
    let camel = c6d7.iter().find(|m| m["choice"] == "Camel").unwrap();
    let text = camel["text"].as_str().unwrap();
    assert!(text.starts_with("Pd7=C"), "{text}");
    let (s, e) = play(&state, &id, &tokens[0], text).await;
    assert_eq!(s, StatusCode::OK, "{e}");
    let v = view(&state, &id, None).await;
    let d7 = v["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["square"] == "d7")
        .unwrap();
    assert_eq!(d7["symbol"], "C");
    assert_eq!(d7["owner"], 0);
    // The check the promoted Camel may give shows in the prompt.
    if v["check"] == true {
        assert_eq!(v["prompt"], "Black to move, in check");
    }
}

/// Plays a game between two friends from the server's legal moves, chosen
/// by a seeded generator (promotions and castling preferred when offered),
/// checking the view on the way; returns the final view.
async fn play_out(state: &AppState, id: &str, tokens: &[String; 2], seed: u64) -> Value {
    let mut rng = SeededRng::new(seed);
    for _ in 0..3000 {
        let v = view(state, id, None).await;
        if !v["result"].is_null() {
            return v;
        }
        let seat = v["to_move"].as_u64().unwrap() as usize;
        let mine = view(state, id, Some(&tokens[seat])).await;
        assert_choices(&mine);
        let side = ["White", "Black"][seat];
        let prompt = mine["prompt"].as_str().unwrap();
        assert!(
            prompt.starts_with(&format!("{side} to move (you)")),
            "{prompt}"
        );
        assert_eq!(prompt.ends_with(", in check"), mine["check"] == true);
        if mine["check"] == true {
            let king = mine["pieces"]
                .as_array()
                .unwrap()
                .iter()
                .find(|p| p["symbol"] == "K" && p["owner"] == seat)
                .unwrap();
            assert_eq!(mine["check_square"], king["square"]);
        } else {
            assert!(mine.get("check_square").is_none());
        }
        let moves = mine["moves"].as_array().unwrap();
        assert!(!moves.is_empty());
        let special: Vec<&Value> = moves
            .iter()
            .filter(|m| m["castling"] == true || m["promotion"].is_string())
            .collect();
        let pick = if !special.is_empty() && rng.below(2) == 0 {
            special[rng.below(special.len() as u64) as usize]
        } else {
            &moves[rng.below(moves.len() as u64) as usize]
        };
        let text = pick["text"].as_str().unwrap();
        let (s, e) = play(state, id, &tokens[seat], text).await;
        assert_eq!(s, StatusCode::OK, "{text}: {e}");
    }
    panic!("the game did not end in 3000 plies");
}

#[tokio::test]
async fn cuarenta_whole_games_end_and_their_records_replay() {
    let state = memory();
    for seed in [1, 2, 3] {
        let (id, tokens) = friend_game(&state).await;
        let end = play_out(&state, &id, &tokens, seed).await;
        let result = end["result"]["result"].as_str().unwrap().to_string();
        eprintln!(
            "seed {seed}: {} after {} plies: {}",
            result, end["plies"], end["result"]["reason"]
        );
        assert!(["1-0", "0-1", "1/2-1/2"].contains(&result.as_str()));
        assert!(end["to_move"].is_null());
        assert!(end.get("prompt").is_none() || end["prompt"].is_null());
        // After the end every move is refused.
        let (s, _) = play(&state, &id, &tokens[0], "Fa4").await;
        assert!(s.is_client_error());
        // The record replays with the rules crate to the same result.
        let (s, text) = record(&state, &id).await;
        assert_eq!(s, StatusCode::OK);
        let text = text.as_str().unwrap();
        assert!(text.contains("[Variant \"Cuarenta\"]"), "{text}");
        let rec = Record::parse(text).unwrap();
        let replay = record::replay(&rec).unwrap();
        assert_eq!(replay.result, result);
        assert_eq!(replay.moves.len(), end["history"].as_array().unwrap().len());
        assert_eq!(replay.reason.as_deref(), end["result"]["reason"].as_str());
    }
}

#[tokio::test]
async fn cuarenta_resignation_is_in_the_record() {
    let state = memory();
    let (id, [w, b]) = friend_game(&state).await;
    let (s, _) = play(&state, &id, &w, "Fa4").await;
    assert_eq!(s, StatusCode::OK);
    let (s, v) = common::resign(&state, &id, &b).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["result"]["result"], "1-0");
    let (_, text) = record(&state, &id).await;
    let replay = record::replay(&Record::parse(text.as_str().unwrap()).unwrap()).unwrap();
    assert_eq!(replay.result, "1-0");
    assert_eq!(replay.moves.len(), 1);
}

#[tokio::test]
async fn cuarenta_restart_from_the_database_continues() {
    let (_dir, p) = crate::common::temp_db("cu-restart");
    let (id, tokens, before);
    {
        let state = AppState::new(Db::open(&p).unwrap(), true).unwrap();
        (id, tokens) = friend_game(&state).await;
        for (i, mv) in TO_PROMOTION.iter().enumerate() {
            let (s, e) = play(&state, &id, &tokens[i % 2], mv).await;
            assert_eq!(s, StatusCode::OK, "{e}");
        }
        before = view(&state, &id, Some(&tokens[0])).await;
    }
    let state = AppState::new(Db::open(&p).unwrap(), true).unwrap();
    let after = view(&state, &id, Some(&tokens[0])).await;
    for k in ["history", "pieces", "moves", "prompt", "to_move", "last"] {
        assert_eq!(after[k], before[k], "{k}");
    }
    // It goes on: the promotion, then to the end.
    let (s, e) = play(&state, &id, &tokens[0], "Pd7=C").await;
    assert_eq!(s, StatusCode::OK, "{e}");
    let end = play_out(&state, &id, &tokens, 9).await;
    assert!(end["result"]["result"].is_string());
}

#[tokio::test(flavor = "multi_thread")]
async fn cuarenta_engine_seat_answers() {
    let state = memory();
    // The engine plays White: it moves first, and answers our moves.
    let (s, v) = call(
        &state,
        "POST",
        "/api/games",
        None,
        Some(json!({"variant": "cuarenta", "opponent": {"engine": 3, "seat": "black"}})),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["you"], 1);
    let id = v["id"].as_str().unwrap().to_string();
    let token = v["token"].as_str().unwrap().to_string();
    let start = Instant::now();
    let mut ours = 0;
    loop {
        let v = view(&state, &id, Some(&token)).await;
        if !v["result"].is_null() || ours >= 4 {
            assert!(v["plies"].as_u64().unwrap() > ours);
            break;
        }
        if v["to_move"] == 1 {
            let legal = texts(&v);
            let (s, e) = play(&state, &id, &token, &legal[0]).await;
            assert_eq!(s, StatusCode::OK, "{e}");
            ours += 1;
        } else {
            assert!(
                start.elapsed() < Duration::from_secs(120),
                "the engine did not play"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
    let v = view(&state, &id, None).await;
    assert!(v["seats"][0]["player"]
        .as_str()
        .unwrap()
        .contains("deckmate"));
}

#[tokio::test]
async fn item_17_cuarenta_engine_declines_a_draw_in_the_opening() {
    let state = memory();
    // We play White against the engine; the start is level, but no engine
    // takes a draw before move 30.
    let (s, v) = call(
        &state,
        "POST",
        "/api/games",
        None,
        Some(json!({"variant": "cuarenta", "opponent": {"engine": 2, "seat": "white"}})),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let id = v["id"].as_str().unwrap().to_string();
    let token = v["token"].as_str().unwrap().to_string();
    let (s, v) = call(
        &state,
        "POST",
        &format!("/api/games/{id}/draw"),
        Some(&token),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert!(v["result"].is_null(), "{v}");
    assert!(v["draw_offer"].is_null(), "{v}");
    assert_eq!(v["draw_declined"], 1, "{v}");
}
