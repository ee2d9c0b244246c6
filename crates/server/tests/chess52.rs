//! 52Chess through the HTTP API: the card drawn by the server from the
//! game's seed before every move, a ply of the history both seats see;
//! the seed in no answer while the game goes on (hunted for as a string in
//! every view, list and refusal); the record refused until the end, then
//! with its `[Seed]` and every card, replaying to the same game; a restart
//! from the database drawing the same cards; an engine seat.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use axum::http::StatusCode;
use common::{call, memory, play_move as play, record, temp_db};
use deckmate_games::chess52::record;
use deckmate_rules::{Record, SeededRng};
use deckmate_server::{AppState, Db};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

/// A game between two friends (the server picks the seed): id, White's
/// and Black's tokens, and the creation's answer.
async fn friend_game(state: &AppState) -> (String, [String; 2], Value) {
    let (s, v) = call(
        state,
        "POST",
        "/api/games",
        None,
        Some(json!({ "variant": "52chess", "opponent": "friend" })),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["variant"], "52chess");
    let id = v["id"].as_str().unwrap().to_string();
    let tokens = [
        v["tokens"]["white"].as_str().unwrap().to_string(),
        v["tokens"]["black"].as_str().unwrap().to_string(),
    ];
    (id, tokens, v)
}

/// The `[Seed]` of a finished game's record.
fn seed_of(record: &str) -> u64 {
    Record::parse(record)
        .unwrap()
        .tag("Seed")
        .expect("a finished game's record has its seed")
        .parse()
        .unwrap()
}

async fn view(state: &AppState, id: &str, token: Option<&str>) -> Value {
    let (s, v) = call(state, "GET", &format!("/api/games/{id}"), token, None).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    v
}

/// The seat of `token` resigns.
async fn resign(state: &AppState, id: &str, token: &str) {
    let path = format!("/api/games/{id}/resign");
    let (s, e) = call(state, "POST", &path, Some(token), None).await;
    assert_eq!(s, StatusCode::OK, "{e}");
}

async fn record_of(state: &AppState, id: &str) -> (StatusCode, Value) {
    record(state, id).await
}

/// Every answer anyone may get about the game now, as one text.
async fn everything(state: &AppState, id: &str, tokens: &[String; 2]) -> String {
    let mut all = String::new();
    for t in [Some(tokens[0].as_str()), Some(tokens[1].as_str()), None] {
        all.push_str(&view(state, id, t).await.to_string());
        let past = call(state, "GET", &format!("/api/games/{id}?ply=1"), t, None).await;
        all.push_str(&past.1.to_string());
    }
    for path in ["/api/games", "/api/variants", "/api/rules/52chess"] {
        all.push_str(&call(state, "GET", path, None, None).await.1.to_string());
    }
    all.push_str(&record_of(state, id).await.1.to_string());
    all
}

/// The card F9 draws for turn `turn` (from 0) of a game of `seed`.
fn card(seed: u64, turn: usize) -> String {
    let mut rng = SeededRng::new(seed);
    let mut n = 0;
    for _ in 0..=turn {
        n = rng.below(52);
    }
    let suit = ["C", "D", "H", "S"][(n / 13) as usize];
    let rank = [
        "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
    ][(n % 13) as usize];
    format!("[{rank}{suit}]")
}

fn first_move(v: &Value) -> String {
    v["moves"][0]["text"].as_str().unwrap().to_string()
}

#[tokio::test]
async fn a_seed_is_never_taken_from_a_player() {
    // Whoever chose the seed would know every card: refused, saying why,
    // and nothing is created.
    let state = memory();
    let (s, v) = call(
        &state,
        "POST",
        "/api/games",
        None,
        Some(json!({ "variant": "52chess", "opponent": "friend", "seed": 7 })),
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{v}");
    let why = v["error"].as_str().unwrap();
    assert!(why.contains("52Chess") && why.contains("secret"), "{why}");
    let (_, list) = call(&state, "GET", "/api/games", None, None).await;
    assert_eq!(list["total"], 0, "{list}");
    // The lobby knows to offer no seed field.
    let (_, variants) = call(&state, "GET", "/api/variants", None, None).await;
    let of = |key: &str| {
        variants
            .as_array()
            .unwrap()
            .iter()
            .find(|v| v["key"] == key)
            .unwrap()["secret_seed"]
            .clone()
    };
    assert_eq!(of("52chess"), json!(true));
    assert_eq!(of("cardmate"), json!(false));
    assert_eq!(of("cuarenta"), json!(false));
}

#[tokio::test]
async fn the_server_draws_each_card_from_the_secret_seed() {
    let state = memory();
    let (id, tokens, created) = friend_game(&state).await;
    let v = view(&state, &id, Some(&tokens[0])).await;
    // The first card is drawn already, a ply both seats see.
    let first = v["history"][0].as_str().unwrap().to_string();
    assert_eq!(v["history"].as_array().unwrap().len(), 1);
    assert_eq!(v["plies"], 1);
    assert_eq!(v["to_move"], 0);
    assert_eq!(v["board"]["files"], 4);
    assert_eq!(v["board"]["ranks"], 13);
    assert_eq!(v["drawn_card"]["name"], first.trim_matches(['[', ']']));
    assert_eq!(v["board"]["marked"][0], v["drawn_card"]["square"]);
    assert_eq!(
        view(&state, &id, Some(&tokens[1])).await["history"],
        v["history"]
    );
    // Not Black's turn; a card is never typed by a player.
    let (s, _) = play(&state, &id, &tokens[1], "d9").await;
    assert!(s.is_client_error());
    let (s, _) = play(&state, &id, &tokens[0], "[7H]").await;
    assert!(s.is_client_error());
    // The record would tell the seed: refused until the end.
    assert_eq!(record_of(&state, &id).await.0, StatusCode::CONFLICT);
    // Every answer anyone could get while the game went on, to hunt for
    // the seed in once it is known.
    let mut answers = vec![created.to_string()];
    for turn in 0..6 {
        answers.push(everything(&state, &id, &tokens).await);
        let v = view(&state, &id, Some(&tokens[turn % 2])).await;
        let (s, e) = play(&state, &id, &tokens[turn % 2], &first_move(&v)).await;
        assert_eq!(s, StatusCode::OK, "{e}");
        answers.push(e.to_string());
        let after = view(&state, &id, None).await;
        // The move, and the next card drawn at once.
        assert_eq!(after["plies"], 2 * turn + 3);
        assert!(after["history"][2 * turn + 2]
            .as_str()
            .unwrap()
            .starts_with('['));
    }
    answers.push(everything(&state, &id, &tokens).await);
    let lines = view(&state, &id, None).await["lines"].clone();
    assert_eq!(lines[0]["label"], "1.");
    assert_eq!(lines[0]["plies"], json!([0, 1, 2, 3]));
    let history = view(&state, &id, None).await["history"].clone();
    // Black resigns: the record now carries the seed and every card.
    resign(&state, &id, &tokens[1]).await;
    let (s, text) = record_of(&state, &id).await;
    assert_eq!(s, StatusCode::OK);
    let text = text.as_str().unwrap();
    let seed = seed_of(text);
    // A seed of all 64 bits (a short one could be found by trying each
    // against the cards seen), in none of the answers of the game.
    let secret = seed.to_string();
    assert!(secret.len() >= 12, "{secret}");
    for (i, a) in answers.iter().enumerate() {
        assert!(!a.contains(&secret), "the seed in answer {i}: {a}");
    }
    assert!(text.contains("[Variant \"52Chess\"]"), "{text}");
    let rec = Record::parse(text).unwrap();
    let replay = record::replay(&rec).unwrap();
    assert_eq!(replay.result, "1-0");
    assert_eq!(replay.moves.len(), 13);
    // Every card was the seed's draw (F9), as the game showed it.
    for turn in 0..7 {
        assert_eq!(rec.moves[2 * turn], card(seed, turn), "{text}");
        assert_eq!(history[2 * turn], json!(card(seed, turn)), "{text}");
    }
    assert_eq!(first, card(seed, 0));
}

#[tokio::test]
async fn a_whole_game_ends_and_its_record_replays() {
    let state = memory();
    let (id, tokens, _) = friend_game(&state).await;
    let mut rng = SeededRng::new(9);
    let mut end = Value::Null;
    for _ in 0..2000 {
        let v = view(&state, &id, None).await;
        if !v["result"].is_null() {
            end = v;
            break;
        }
        let seat = v["to_move"].as_u64().unwrap() as usize;
        let mine = view(&state, &id, Some(&tokens[seat])).await;
        let moves = mine["moves"].as_array().unwrap();
        let mv = moves[rng.below(moves.len() as u64) as usize]["text"]
            .as_str()
            .unwrap()
            .to_string();
        let (s, e) = play(&state, &id, &tokens[seat], &mv).await;
        assert_eq!(s, StatusCode::OK, "{mv}: {e}");
    }
    assert!(!end.is_null(), "the game ends");
    let (s, text) = record_of(&state, &id).await;
    assert_eq!(s, StatusCode::OK);
    let text = text.as_str().unwrap();
    assert!(
        text.contains(&format!("[Seed \"{}\"]", seed_of(text))),
        "{text}"
    );
    let replay = record::replay(&Record::parse(text).unwrap()).unwrap();
    assert_eq!(replay.result, end["result"]["result"].as_str().unwrap());
    assert_eq!(replay.moves.len(), end["plies"].as_u64().unwrap() as usize);
}

#[tokio::test]
async fn a_restart_from_the_database_draws_the_same_cards() {
    let (_dir, p) = temp_db("c52-restart");
    let (id, tokens, before);
    {
        let state = AppState::new(Db::open(&p).unwrap(), true).unwrap();
        let g = friend_game(&state).await;
        (id, tokens) = (g.0, g.1);
        for turn in 0..4 {
            let v = view(&state, &id, Some(&tokens[turn % 2])).await;
            let (s, e) = play(&state, &id, &tokens[turn % 2], &first_move(&v)).await;
            assert_eq!(s, StatusCode::OK, "{e}");
        }
        before = view(&state, &id, Some(&tokens[0])).await;
    }
    let state = AppState::new(Db::open(&p).unwrap(), true).unwrap();
    let after = view(&state, &id, Some(&tokens[0])).await;
    for k in [
        "history",
        "pieces",
        "moves",
        "drawn_card",
        "to_move",
        "plies",
    ] {
        assert_eq!(after[k], before[k], "{k}");
    }
    let (s, e) = play(&state, &id, &tokens[0], &first_move(&after)).await;
    assert_eq!(s, StatusCode::OK, "{e}");
}

#[tokio::test(flavor = "multi_thread")]
async fn the_engine_answers_with_its_card() {
    let state = memory();
    let (s, v) = call(
        &state,
        "POST",
        "/api/games",
        None,
        Some(json!({"variant": "52chess", "opponent": {"engine": 2, "seat": "white"}})),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let id = v["id"].as_str().unwrap().to_string();
    let token = v["token"].as_str().unwrap().to_string();
    let v = view(&state, &id, Some(&token)).await;
    let (s, e) = play(&state, &id, &token, &first_move(&v)).await;
    assert_eq!(s, StatusCode::OK, "{e}");
    let start = Instant::now();
    loop {
        let v = view(&state, &id, Some(&token)).await;
        if v["to_move"] == 0 {
            // Card, White's move, card, the engine's move, card.
            assert_eq!(v["plies"], 5, "{}", v["history"]);
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "the engine answers"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_websocket_never_carries_the_seed_while_the_game_goes_on() {
    use futures_util::StreamExt;
    let state = memory();
    let (id, tokens, _) = friend_game(&state).await;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let server = state.clone();
    tokio::spawn(async move { axum::serve(listener, deckmate_server::app(server)).await });
    // White's, Black's and a spectator's sockets.
    let mut sockets = Vec::new();
    for token in [Some(&tokens[0]), Some(&tokens[1]), None] {
        let url = match token {
            Some(t) => format!("ws://{addr}/api/games/{id}/ws?token={t}"),
            None => format!("ws://{addr}/api/games/{id}/ws"),
        };
        sockets.push(tokio_tungstenite::connect_async(url).await.unwrap().0);
    }
    let mut heard = String::new();
    for turn in 0..6 {
        let v = view(&state, &id, Some(&tokens[turn % 2])).await;
        let (s, e) = play(&state, &id, &tokens[turn % 2], &first_move(&v)).await;
        assert_eq!(s, StatusCode::OK, "{e}");
        // Every socket hears the move (and the next card) as a view.
        for ws in sockets.iter_mut() {
            loop {
                let msg = tokio::time::timeout(common::PATIENCE, ws.next())
                    .await
                    .expect("a view in time")
                    .expect("the socket open")
                    .expect("a message");
                let text = msg.to_text().unwrap_or_default().to_string();
                heard.push_str(&text);
                let v: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
                if v["plies"].as_u64() == Some(2 * turn as u64 + 3) {
                    break;
                }
            }
        }
    }
    // The game ends; its record tells the seed, which no socket carried.
    resign(&state, &id, &tokens[0]).await;
    let (_, text) = record_of(&state, &id).await;
    let seed = seed_of(text.as_str().unwrap()).to_string();
    assert!(heard.len() > 1000, "{heard}");
    assert!(!heard.contains(&seed), "the seed {seed} on a socket");
}
