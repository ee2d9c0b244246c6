//! Chess Cards through the HTTP API: creation and its refusals, plays and
//! their refusals, an engine seat, whole matches (M11) from the server's own
//! legal moves, the record replayed by the rules crate, a restart in the
//! middle of a match.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use axum::http::StatusCode;
use common::{call, memory, play_move as play, record};
use deckmate_games::chess_cards::{notation, End, EndReason};
use deckmate_rules::Record;
use deckmate_server::{AppState, Db};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

/// A match between two friends: id, the dealer's and the other's tokens.
async fn friend_match(state: &AppState, seed: u64, sacrifices: &str) -> (String, [String; 2]) {
    let (s, v) = call(
        state,
        "POST",
        "/api/games",
        None,
        Some(json!({
            "variant": "chess-cards",
            "options": {"sacrifices": sacrifices},
            "seed": seed,
            "opponent": "friend",
        })),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["variant"], "chess-cards");
    assert!(v["invite"]
        .as_str()
        .unwrap()
        .contains(v["tokens"]["other"].as_str().unwrap()));
    (
        v["id"].as_str().unwrap().to_string(),
        [
            v["tokens"]["dealer"].as_str().unwrap().to_string(),
            v["tokens"]["other"].as_str().unwrap().to_string(),
        ],
    )
}

async fn view(state: &AppState, id: &str, token: Option<&str>) -> Value {
    let (s, v) = call(state, "GET", &format!("/api/games/{id}"), token, None).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    v
}

fn zone<'a>(v: &'a Value, id: &str) -> &'a Value {
    v["zones"]
        .as_array()
        .unwrap()
        .iter()
        .find(|z| z["id"] == id)
        .unwrap_or_else(|| panic!("no zone {id} in {v}"))
}

fn texts(v: &Value) -> Vec<String> {
    v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["text"].as_str().unwrap().to_string())
        .collect()
}

/// Plays the match out, each seat choosing its `pick`-th legal move (by the
/// server's list), and returns the last view.
async fn play_out(
    state: &AppState,
    id: &str,
    tokens: &[String; 2],
    pick: impl Fn(usize, &[String]) -> usize,
) -> Value {
    for i in 0..100 {
        let spectator = view(state, id, None).await;
        if !spectator["result"].is_null() {
            return spectator;
        }
        let seat = spectator["to_move"].as_u64().unwrap() as usize;
        let mine = view(state, id, Some(&tokens[seat])).await;
        let legal = texts(&mine);
        assert!(!legal.is_empty(), "no legal move offered: {mine}");
        let mv = &legal[pick(i, &legal)];
        let (s, v) = play(state, id, &tokens[seat], mv).await;
        assert_eq!(s, StatusCode::OK, "{mv}: {v}");
    }
    panic!("a match lasts at most 2 x 20 plays");
}

#[tokio::test]
async fn chess_cards_is_listed_with_its_options_and_rules() {
    let state = memory();
    let (_, vs) = call(&state, "GET", "/api/variants", None, None).await;
    let cc = vs
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["key"] == "chess-cards")
        .expect("chess-cards listed");
    assert_eq!(cc["seats"], json!(["dealer", "other"]));
    assert_eq!(cc["options"][0]["name"], "sacrifices");
    assert_eq!(cc["options"][0]["values"], json!(["net", "gross"]));
    let (s, rules) = call(&state, "GET", "/api/rules/chess-cards", None, None).await;
    assert_eq!(s, StatusCode::OK);
    let rules = rules.as_str().unwrap();
    assert!(
        rules.contains("QUEEN'S PRIVILEGE") && rules.contains("M11"),
        "{rules}"
    );
    assert_eq!(
        call(&state, "GET", "/api/rules/chess", None, None).await.0,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn chess_cards_create_view_and_bad_creations() {
    let state = memory();
    let (id, [d, o]) = friend_match(&state, 7, "net").await;
    let spectator = view(&state, &id, None).await;
    assert_eq!(spectator["variant"], "chess-cards");
    assert_eq!(spectator["title"], "Chess Cards");
    assert_eq!(spectator["board"], Value::Null);
    assert_eq!(spectator["to_move"], 0);
    assert_eq!(spectator["moves"], json!([]));
    // M1: both hands open, ten cards each, to everybody.
    assert_eq!(
        zone(&spectator, "hand-0")["cards"]
            .as_array()
            .unwrap()
            .len(),
        10
    );
    assert_eq!(
        zone(&spectator, "hand-1")["cards"]
            .as_array()
            .unwrap()
            .len(),
        10
    );
    assert_eq!(zone(&spectator, "table")["cards"], json!([]));
    assert_eq!(spectator["scoreboard"]["rows"][2]["cells"], json!([0, 0]));
    let dealer = view(&state, &id, Some(&d)).await;
    assert_eq!(dealer["you"], 0);
    assert_eq!(
        dealer["prompt"],
        "Your lead (you may sacrifice a card first)"
    );
    // Every card of the hand led, the Queens with and without the
    // privilege, and each of those after each of 10 sacrifices.
    let hand = zone(&dealer, "hand-0")["cards"].as_array().unwrap().len();
    let queens = zone(&dealer, "hand-0")["cards"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["rank"] == "Q")
        .count();
    let n = dealer["moves"].as_array().unwrap().len();
    // Plain: hand + queens; after each sacrifice: the other hand - 1 cards
    // and the Queens left: h(h - 1) + (h - 1)q in all.
    assert_eq!(n, (hand + queens) + hand * (hand - 1) + (hand - 1) * queens);
    let other = view(&state, &id, Some(&o)).await;
    assert_eq!(other["moves"], json!([]));
    assert_eq!(other["prompt"], "Dealer to lead");
    for body in [
        json!({"variant": "chess-cards", "options": {"sacrifices": "some"}}),
        json!({"variant": "chess-cards", "options": {"setup": "deal"}}),
        json!({"variant": "chess-cards", "opponent": {"engine": 4, "seat": "forehand"}}),
        json!({"variant": "chess-cards", "opponent": {"engine": 0, "seat": "dealer"}}),
        json!({"variant": "chess-cards", "options": "net"}),
        json!({"variant": 3}),
        json!({"variant": "chess"}),
    ] {
        let (s, e) = call(&state, "POST", "/api/games", None, Some(body.clone())).await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{body}: {e}");
        assert!(e["error"].is_string(), "{e}");
    }
}

#[tokio::test]
async fn chess_cards_plays_and_refusals() {
    let state = memory();
    let (id, [d, o]) = friend_match(&state, 7, "net").await;
    let dealer = view(&state, &id, Some(&d)).await;
    let hand: Vec<String> = zone(&dealer, "hand-0")["cards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_str().unwrap().to_string())
        .collect();
    let theirs: Vec<String> = zone(&dealer, "hand-1")["cards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_str().unwrap().to_string())
        .collect();
    // Out of turn: 409. Without a token or with the other's: 403 / 409.
    let (s, e) = play(&state, &id, &o, &theirs[0]).await;
    assert_eq!(s, StatusCode::CONFLICT, "{e}");
    assert_eq!(
        call(
            &state,
            "POST",
            &format!("/api/games/{id}/moves"),
            None,
            Some(json!({"move": hand[0]}))
        )
        .await
        .0,
        StatusCode::FORBIDDEN
    );
    // Illegal: a card of the other hand, malformed text; with reasons.
    let (s, e) = play(&state, &id, &d, &theirs[0]).await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(
        e["error"].as_str().unwrap().contains("not in your hand"),
        "{e}"
    );
    let (s, e) = play(&state, &id, &d, "zQ").await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(e["error"].as_str().unwrap().contains("not a card"), "{e}");
    let (s, e) = play(&state, &id, &d, &format!("({}){}", hand[0], hand[0])).await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(e["error"].as_str().unwrap().contains("both"), "{e}");
    // A legal lead: the lowest card.
    let lead = hand.last().unwrap().clone();
    let (s, v) = play(&state, &id, &d, &lead).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["history"], json!([lead]));
    assert_eq!(v["to_move"], 1);
    let table = zone(&v, "table");
    assert_eq!(table["cards"][0]["id"], lead.as_str());
    assert_eq!(table["cards"][0]["owner"], 0);
    // The reply: the other is told what is due, and a wrong suit is refused
    // with the rule.
    let other = view(&state, &id, Some(&o)).await;
    let prompt = other["prompt"].as_str().unwrap();
    assert!(
        prompt.starts_with(&format!("Reply to {lead} with a")),
        "{prompt}"
    );
    let legal = texts(&other);
    let plain: Vec<&String> = legal.iter().filter(|t| !t.starts_with('(')).collect();
    let wrong = theirs
        .iter()
        .find(|c| !plain.contains(c))
        .expect("some card does not answer the lead");
    let (s, e) = play(&state, &id, &o, wrong).await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(e["error"].as_str().unwrap().starts_with("reply to"), "{e}");
    let (s, v) = play(&state, &id, &o, plain[0]).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["plies"], 2);
    assert_eq!(zone(&v, "table")["cards"].as_array().unwrap().len(), 2);
    assert!(zone(&v, "table")["note"]
        .as_str()
        .unwrap()
        .contains("wins move 1"));
    // The winner leads move 2; move 1 stays in sight beside the lead.
    let winner = v["to_move"].as_u64().unwrap() as usize;
    let tok = if winner == 0 { &d } else { &o };
    let lead2 = texts(&view(&state, &id, Some(tok)).await)[0].clone();
    let (s, v) = play(&state, &id, tok, &lead2).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let before = zone(&v, "last-trick");
    assert_eq!(before["name"], "Move 1");
    assert_eq!(before["cards"][0]["id"], lead.as_str());
    assert_eq!(zone(&v, "table")["cards"].as_array().unwrap().len(), 1);
    // Stepping back to the start shows the full hands again.
    let (s, past) = call(
        &state,
        "GET",
        &format!("/api/games/{id}?ply=0"),
        Some(&d),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(past["moves"], json!([]));
    assert_eq!(zone(&past, "hand-0")["cards"].as_array().unwrap().len(), 10);
}

#[tokio::test]
async fn chess_cards_whole_matches_by_the_servers_moves() {
    let state = memory();
    for (seed, sacrifices, step) in [(7, "net", 0), (11, "gross", 3), (3, "net", 5)] {
        let (id, tokens) = friend_match(&state, seed, sacrifices).await;
        // step 0: always the first listed (plain plays); others sacrifice
        // often.
        let end = play_out(&state, &id, &tokens, |i, l| (i * step) % l.len()).await;
        let r = &end["result"];
        let rows = &end["scoreboard"]["rows"];
        let total = |s: usize| rows[2]["cells"][s].as_u64().unwrap();
        let g = |k: usize, s: usize| rows[k]["cells"][s].as_u64().unwrap();
        assert_eq!(total(0), g(0, 0) + g(1, 0));
        assert_eq!(total(1), g(0, 1) + g(1, 1));
        let expect = match total(0).cmp(&total(1)) {
            std::cmp::Ordering::Greater => "1-0",
            std::cmp::Ordering::Less => "0-1",
            std::cmp::Ordering::Equal => "1/2-1/2",
        };
        assert_eq!(r["result"], expect, "{end}");
        // The totals as data too, first seat first.
        assert_eq!(
            r["points"],
            serde_json::json!([total(0), total(1)]),
            "{end}"
        );
        assert_eq!(end["to_move"], Value::Null);
        assert_eq!(end["game"], 2);
        assert!(end["lines"]
            .as_array()
            .unwrap()
            .iter()
            .any(|l| l["heading"] == "Game 2: Other leads"));
        // Nothing more is played.
        let (s, _) = play(&state, &id, &tokens[0], "bQ").await;
        assert_eq!(s, StatusCode::CONFLICT);
        // The record: two games that the rules crate replays to the same
        // points.
        let (s, rec) = record(&state, &id).await;
        assert_eq!(s, StatusCode::OK);
        let rec = rec.as_str().unwrap();
        let records = Record::parse_all(rec).unwrap();
        assert_eq!(records.len(), 2, "{rec}");
        let mut plays = 0;
        for (k, r) in records.iter().enumerate() {
            assert_eq!(r.tag("Sacrifices"), Some(sacrifices));
            assert_eq!(r.tag("Game"), Some(if k == 0 { "1" } else { "2" }));
            let game = notation::replay(r).unwrap_or_else(|e| panic!("{e}\n{rec}"));
            plays += game.plays.len();
            // Game 2's dealer (its leader) is the match's other.
            let points = |seat_of_game: usize| match game.finish {
                Some(End {
                    winner: Some(by),
                    reason: EndReason::Mate { score, .. },
                }) if by.index() == seat_of_game => score,
                _ => 0,
            };
            let (dealer, other) = if k == 0 { (0, 1) } else { (1, 0) };
            assert_eq!(u64::from(points(dealer)), g(k, 0), "{rec}");
            assert_eq!(u64::from(points(other)), g(k, 1), "{rec}");
        }
        // The move list shows the plays as the records write them, the
        // mating lead marked (`#`, one `!` per overmate unit).
        // (The record reader keeps `#` but drops the `!`s as annotations:
        // the marked plays are looked up in the record's text.)
        let history: Vec<String> = end["history"]
            .as_array()
            .unwrap()
            .iter()
            .map(|h| h.as_str().unwrap().to_string())
            .collect();
        let read: Vec<String> = records.iter().flat_map(|r| r.moves.clone()).collect();
        let unmarked: Vec<String> = history.iter().map(|h| h.replace('!', "")).collect();
        assert_eq!(unmarked, read, "{rec}");
        let mates: Vec<&String> = history.iter().filter(|h| h.contains('#')).collect();
        assert!(!mates.is_empty() || records.iter().all(|r| r.tag("Result") == Some("1/2-1/2")));
        for h in mates {
            assert!(rec.contains(&format!(" {h}")), "{h} not in\n{rec}");
        }
        // And as a match, by the rules crate's reading of match files.
        let m = notation::replay_match(&records).unwrap();
        assert_eq!(m.totals().map(u64::from), [total(0), total(1)]);
        assert_eq!(plays, end["plies"].as_u64().unwrap() as usize);
    }
}

#[tokio::test]
async fn chess_cards_resign_and_rematch() {
    let state = memory();
    let (id, [d, o]) = friend_match(&state, 5, "net").await;
    let (s, v) = common::resign(&state, &id, &o).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(v["result"]["result"], "1-0");
    assert_eq!(v["result"]["reason"], "Other resigned");
    // A resignation ends the match without points.
    assert_eq!(v["result"]["points"], Value::Null);
    for (path, token) in [("rematch", &d), ("rematch/accept", &o)] {
        let (s, m) = call(
            &state,
            "POST",
            &format!("/api/games/{id}/{path}"),
            Some(token),
            None,
        )
        .await;
        assert_eq!(s, StatusCode::OK, "{m}");
    }
    let m = view(&state, &id, Some(&d)).await["rematch"].clone();
    assert_eq!(m["you"], 1);
    let new = view(&state, m["id"].as_str().unwrap(), None).await;
    assert_eq!(new["variant"], "chess-cards");
    assert_eq!(new["plies"], 0);
    let (_, list) = call(&state, "GET", "/api/games", None, None).await;
    assert!(list["games"]
        .as_array()
        .unwrap()
        .iter()
        .any(|g| g["variant"] == "chess-cards" && g["progress"] == "game 1, move 1"));
}

#[tokio::test]
async fn chess_cards_restart_in_the_middle_of_game_two() {
    let (_dir, p) = crate::common::temp_db("cc-restart");
    let (id, tokens, before);
    {
        let state = AppState::new(Db::open(&p).unwrap(), true).unwrap();
        let (i, t) = friend_match(&state, 9, "net").await;
        (id, tokens) = (i, t);
        // Play game 1 out and two plays into game 2.
        let mut in_two = 0;
        for _ in 0..40 {
            let v = view(&state, &id, None).await;
            if v["game"] == 2 {
                in_two += 1;
                if in_two > 2 {
                    break;
                }
            }
            let seat = v["to_move"].as_u64().unwrap() as usize;
            let legal = texts(&view(&state, &id, Some(&tokens[seat])).await);
            let (s, e) = play(&state, &id, &tokens[seat], &legal[legal.len() / 2]).await;
            assert_eq!(s, StatusCode::OK, "{e}");
        }
        before = view(&state, &id, None).await;
        assert_eq!(before["game"], 2);
    }
    let state = AppState::new(Db::open(&p).unwrap(), true).unwrap();
    let after = view(&state, &id, None).await;
    for k in ["history", "zones", "scoreboard", "to_move", "lines"] {
        assert_eq!(after[k], before[k], "{k}");
    }
    // The match goes on to its end.
    let end = play_out(&state, &id, &tokens, |_, _| 0).await;
    assert!(end["result"]["result"].is_string());
}

#[tokio::test(flavor = "multi_thread")]
async fn chess_cards_engine_seat_replies_and_leads() {
    let state = memory();
    let (s, v) = call(
        &state,
        "POST",
        "/api/games",
        None,
        Some(json!({
            "variant": "chess-cards",
            "seed": 7,
            "opponent": {"engine": 8, "seat": "dealer"},
        })),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["you"], 0);
    let id = v["id"].as_str().unwrap().to_string();
    let token = v["token"].as_str().unwrap().to_string();
    // Play our first legal turn whenever it is our turn; the engine answers
    // by itself, as many times as it is to act.
    let start = Instant::now();
    let mut ours = 0;
    loop {
        let v = view(&state, &id, Some(&token)).await;
        if !v["result"].is_null() || ours >= 4 {
            assert!(v["plies"].as_u64().unwrap() > ours);
            break;
        }
        if v["to_move"] == 0 {
            let legal = texts(&v);
            let (s, e) = play(&state, &id, &token, &legal[0]).await;
            assert_eq!(s, StatusCode::OK, "{e}");
            ours += 1;
        } else {
            assert!(
                start.elapsed() < Duration::from_secs(120),
                "the engine did not play"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
    // The engine's seat is refused to us.
    let (s, v) = call(&state, "GET", &format!("/api/games/{id}"), None, None).await;
    assert_eq!(s, StatusCode::OK);
    assert!(v["seats"][1]["player"]
        .as_str()
        .unwrap()
        .contains("deckmate"));
}

#[tokio::test(flavor = "multi_thread")]
async fn chess_cards_engine_to_lead_thinks_again_after_a_restart() {
    let (_dir, p) = crate::common::temp_db("cc-engine");
    let id;
    {
        // Engines off: the engine (the dealer) does not lead before the
        // restart.
        let state = AppState::new(Db::open(&p).unwrap(), false).unwrap();
        let (s, v) = call(
            &state,
            "POST",
            "/api/games",
            None,
            Some(json!({
                "variant": "chess-cards",
                "seed": 4,
                "opponent": {"engine": 8, "seat": "other"},
            })),
        )
        .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        id = v["id"].as_str().unwrap().to_string();
        assert_eq!(view(&state, &id, None).await["plies"], 0);
    }
    let state = AppState::new(Db::open(&p).unwrap(), true).unwrap();
    let start = Instant::now();
    loop {
        let v = view(&state, &id, None).await;
        if v["plies"].as_u64().unwrap() > 0 {
            assert_eq!(v["to_move"], 1, "{v}");
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "the engine did not lead"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}
