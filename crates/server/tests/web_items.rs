//! Issue 29, items 15-19: rematch offers, the invite until the friend
//! joins, draw offers and their answers, errors as pages for a browser
//! and the record withheld in the view, the analysis board of a game's
//! whole line.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use common::{call, engine_game, friend_game, listen, memory, play_first, play_move, send, view};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

/// `POST /api/games/{id}/{what}` with a seat's token.
async fn act(
    state: &deckmate_server::AppState,
    id: &str,
    what: &str,
    token: &str,
) -> (StatusCode, Value) {
    call(
        state,
        "POST",
        &format!("/api/games/{id}/{what}"),
        Some(token),
        None,
    )
    .await
}

/// A game between two friends with nicknames: its id and the tokens.
async fn named_friends(state: &deckmate_server::AppState) -> (String, [String; 2]) {
    let (s, v) = call(
        state,
        "POST",
        "/api/games",
        None,
        Some(json!({"variant": "cuarenta", "opponent": "friend", "name": "Ann"})),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let id = v["id"].as_str().unwrap().to_string();
    let w = v["tokens"]["white"].as_str().unwrap().to_string();
    let b = v["tokens"]["black"].as_str().unwrap().to_string();
    let (s, e) = call(
        state,
        "POST",
        &format!("/api/games/{id}/name"),
        Some(&b),
        Some(json!({"name": "Bob"})),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{e}");
    (id, [w, b])
}

/// The next text message of a socket (bounded wait).
async fn next_view<S>(ws: &mut S) -> Value
where
    S: futures_util::Stream<Item = Result<Message, tokio_tungstenite::tungstenite::Error>> + Unpin,
{
    loop {
        let m = tokio::time::timeout(common::PATIENCE, ws.next())
            .await
            .expect("a view within 10 s")
            .expect("the socket is open")
            .unwrap();
        if let Message::Text(t) = m {
            return serde_json::from_str(&t).unwrap();
        }
    }
}

#[tokio::test]
async fn item_15_no_rematch_before_the_end() {
    let state = memory();
    let (id, [w, _]) = friend_game(&state, "cardmate").await;
    let (s, e) = act(&state, &id, "rematch", &w).await;
    assert_eq!(s, StatusCode::CONFLICT, "{e}");
    assert!(e["error"].as_str().unwrap().contains("over"), "{e}");
    let (eid, token) = engine_game(&state, "cuarenta", "white", 1).await;
    let (s, e) = act(&state, &eid, "rematch", &token).await;
    assert_eq!(s, StatusCode::CONFLICT, "{e}");
    // Nothing was made: the game goes on, alone.
    let (_, list) = call(&state, "GET", "/api/games", None, None).await;
    assert_eq!(list["total"], 2, "{list}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn item_15_a_rematch_offer_reaches_the_other_and_both_land_in_one_new_game() {
    let state = memory();
    let addr = listen(&state).await;
    let (id, [w, b]) = named_friends(&state).await;
    play_first(&state, &id, &w).await;
    let (s, _) = act(&state, &id, "resign", &b).await;
    assert_eq!(s, StatusCode::OK);
    // Ann's page watches the old game over its socket.
    let mut req = format!("ws://{addr}/api/games/{id}/ws")
        .parse::<tokio_tungstenite::tungstenite::http::Uri>()
        .map(|u| {
            tokio_tungstenite::tungstenite::client::IntoClientRequest::into_client_request(u)
                .unwrap()
        })
        .unwrap();
    req.headers_mut().insert(
        "Sec-WebSocket-Protocol",
        format!("deckmate, token.{w}").parse().unwrap(),
    );
    let (mut ws, _) = tokio_tungstenite::connect_async(req).await.unwrap();
    let first = next_view(&mut ws).await;
    assert!(first["rematch"].is_null() && first["rematch_offer"].is_null());
    // Bob offers: Ann is told (an offer, not a game).
    let (s, v) = act(&state, &id, "rematch", &b).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["rematch_offer"], 1);
    assert!(v["rematch"].is_null());
    let told = next_view(&mut ws).await;
    assert_eq!(told["rematch_offer"], 1, "{told}");
    // Asking twice is still one offer; accepting one's own is refused.
    assert_eq!(act(&state, &id, "rematch", &b).await.0, StatusCode::OK);
    assert_eq!(
        act(&state, &id, "rematch/accept", &b).await.0,
        StatusCode::CONFLICT
    );
    // Ann accepts: the new game is pushed to her page with her token.
    let (s, v) = act(&state, &id, "rematch/accept", &w).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let pushed = loop {
        let v = next_view(&mut ws).await;
        if !v["rematch"].is_null() {
            break v;
        }
    };
    let ann = pushed["rematch"].clone();
    let new_id = ann["id"].as_str().unwrap().to_string();
    assert_eq!(ann["you"], 1, "seats swapped: {ann}");
    let bob = view(&state, &id, Some(&b)).await["rematch"].clone();
    assert_eq!(bob["id"], ann["id"]);
    assert_eq!(bob["you"], 0);
    assert_ne!(bob["token"], ann["token"]);
    // A spectator learns where it went, and no token.
    let watcher = view(&state, &id, None).await["rematch"].clone();
    assert_eq!(watcher["id"], ann["id"]);
    assert!(watcher["token"].is_null());
    // One new game, names kept, seats swapped: each token is its seat's.
    let nv = view(&state, &new_id, ann["token"].as_str()).await;
    assert_eq!(nv["you"], 1);
    assert_eq!(nv["seats"][1]["player"], "Ann");
    assert_eq!(nv["seats"][0]["player"], "Bob");
    assert_eq!(view(&state, &new_id, bob["token"].as_str()).await["you"], 0);
    let (_, list) = call(&state, "GET", "/api/games", None, None).await;
    assert_eq!(list["total"], 2, "{list}");
    // Both asking again changes nothing.
    let (_, again) = act(&state, &id, "rematch", &w).await;
    assert_eq!(again["rematch"]["id"], ann["id"]);
}

#[tokio::test]
async fn item_15_both_players_asking_for_a_rematch_make_one_game() {
    let state = memory();
    let (id, [w, b]) = friend_game(&state, "cardmate").await;
    act(&state, &id, "resign", &w).await;
    let (_, first) = act(&state, &id, "rematch", &w).await;
    assert!(
        first["rematch"].is_null(),
        "made before the other asked: {first}"
    );
    let (s, second) = act(&state, &id, "rematch", &b).await;
    assert_eq!(s, StatusCode::OK, "{second}");
    let made = second["rematch"]["id"].clone();
    assert!(made.is_string(), "{second}");
    assert_eq!(view(&state, &id, Some(&w)).await["rematch"]["id"], made);
    let (_, list) = call(&state, "GET", "/api/games", None, None).await;
    assert_eq!(list["total"], 2, "{list}");
}

#[tokio::test]
async fn item_15_a_rematch_offer_can_be_declined() {
    let state = memory();
    let (id, [w, b]) = friend_game(&state, "cardmate").await;
    act(&state, &id, "resign", &w).await;
    assert_eq!(
        act(&state, &id, "rematch/decline", &b).await.0,
        StatusCode::CONFLICT
    );
    act(&state, &id, "rematch", &w).await;
    let (s, v) = act(&state, &id, "rematch/decline", &b).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let v = view(&state, &id, Some(&w)).await;
    assert!(
        v["rematch_offer"].is_null() && v["rematch"].is_null(),
        "{v}"
    );
    assert_eq!(v["rematch_declined"], 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn item_15_the_engine_accepts_a_rematch_at_once_seats_swapped() {
    let state = memory();
    let (id, token) = engine_game(&state, "cuarenta", "white", 1).await;
    act(&state, &id, "resign", &token).await;
    let (s, v) = act(&state, &id, "rematch", &token).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let r = &v["rematch"];
    assert_eq!(r["you"], 1, "{v}");
    let nv = view(&state, r["id"].as_str().unwrap(), r["token"].as_str()).await;
    assert_eq!(nv["you"], 1);
    assert_eq!(nv["engine"]["seat"], 0);
}

#[tokio::test]
async fn item_16_the_inviter_is_told_the_friend_has_not_joined_until_he_does() {
    let state = memory();
    let (s, v) = call(
        &state,
        "POST",
        "/api/games",
        None,
        Some(json!({"variant": "cardmate", "opponent": "friend"})),
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    let id = v["id"].as_str().unwrap().to_string();
    let f = v["token"].as_str().unwrap().to_string();
    assert!(v["invite"].is_string());
    // The inviter moves first: the friend has still not come.
    let (s, _) = play_move(&state, &id, &f, "4Ci3").await;
    assert_eq!(s, StatusCode::OK);
    let mine = view(&state, &id, Some(&f)).await;
    assert_eq!(mine["opponent_joined"], false, "{mine}");
    // A spectator is told nothing of it.
    assert!(view(&state, &id, None).await["opponent_joined"].is_null());
    // The friend opens the link (his page asks with his token).
    let friend = v["invite"]
        .as_str()
        .unwrap()
        .split('#')
        .nth(1)
        .unwrap()
        .to_string();
    let his = view(&state, &id, Some(&friend)).await;
    assert_eq!(his["opponent_joined"], true);
    assert_eq!(view(&state, &id, Some(&f)).await["opponent_joined"], true);
}

#[tokio::test]
async fn item_17_offer_and_answer_are_distinct() {
    let state = memory();
    let (id, [w, b]) = friend_game(&state, "cardmate").await;
    // No offer: nothing to answer.
    for what in ["draw/accept", "draw/decline"] {
        let (s, e) = act(&state, &id, what, &b).await;
        assert_eq!(s, StatusCode::CONFLICT, "{what}: {e}");
    }
    let (s, v) = act(&state, &id, "draw", &w).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(v["draw_offer"], 0);
    // Offering again, or the other offering, never accepts.
    let (s, v) = act(&state, &id, "draw", &w).await;
    assert_eq!(s, StatusCode::OK);
    assert!(v["result"].is_null());
    let (s, e) = act(&state, &id, "draw", &b).await;
    assert_eq!(s, StatusCode::CONFLICT, "{e}");
    assert!(e["error"].as_str().unwrap().contains("accept"), "{e}");
    assert!(view(&state, &id, None).await["result"].is_null());
    // The offerer cannot answer his own offer.
    assert_eq!(
        act(&state, &id, "draw/accept", &w).await.0,
        StatusCode::CONFLICT
    );
    // Declined: the offer goes, its maker is told.
    let (s, _) = act(&state, &id, "draw/decline", &b).await;
    assert_eq!(s, StatusCode::OK);
    let v = view(&state, &id, Some(&w)).await;
    assert!(v["draw_offer"].is_null() && v["result"].is_null(), "{v}");
    assert_eq!(v["draw_declined"], 1);
    // Offered again and accepted: drawn.
    act(&state, &id, "draw", &w).await;
    let (s, v) = act(&state, &id, "draw/accept", &b).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(v["result"]["result"], "1/2-1/2", "{v}");
}

#[tokio::test(flavor = "multi_thread")]
async fn item_17_the_engine_declines_a_draw_at_move_2() {
    let state = memory();
    let (id, token) = engine_game(&state, "cuarenta", "white", 1).await;
    play_first(&state, &id, &token).await;
    // Wait (bounded) for the engine's reply: move 2 is ours.
    for _ in 0..200 {
        if view(&state, &id, None).await["plies"] == 2 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let (s, v) = act(&state, &id, "draw", &token).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert!(
        v["result"].is_null(),
        "the engine took a draw at move 2: {v}"
    );
    assert!(v["draw_offer"].is_null());
    assert_eq!(v["draw_declined"], 1);
}

/// A request as a browser makes it for a page.
fn browser_get(path: &str) -> Request<Body> {
    Request::get(path)
        .header(
            header::ACCEPT,
            "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
        )
        .body(Body::empty())
        .unwrap()
}

#[tokio::test]
async fn item_18_a_browser_gets_error_pages_and_the_api_keeps_json() {
    let state = memory();
    for (path, words) in [
        ("/nonsense/page", "no such page"),
        ("/game/unknown-id", "no game 'unknown-id'"),
        ("/game/", "no such page"),
    ] {
        let (s, h, body) = send(&state, browser_get(path)).await;
        assert_eq!(s, StatusCode::NOT_FOUND, "{path}");
        assert!(
            h[header::CONTENT_TYPE]
                .to_str()
                .unwrap()
                .starts_with("text/html"),
            "{path}: {h:?}"
        );
        assert!(body.contains("<h1>Not found</h1>"), "{path}: {body}");
        assert!(
            body.contains(&words.replace('\'', "&#39;")),
            "{path}: {body}"
        );
        assert!(body.contains("href=\"/\""), "{path}");
        // Still under the security headers.
        assert!(h.contains_key(header::CONTENT_SECURITY_POLICY));
    }
    // Markup in the address is text on the page.
    let (_, _, body) = send(&state, browser_get("/game/%3Cb%3Ex")).await;
    assert!(
        !body.contains("<b>x") && body.contains("&lt;b&gt;x"),
        "{body}"
    );
    // The API answers JSON, to a browser too; a client not asking for
    // HTML gets JSON everywhere.
    let (s, h, body) = send(&state, browser_get("/api/games/nope")).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    assert!(h[header::CONTENT_TYPE]
        .to_str()
        .unwrap()
        .starts_with("application/json"));
    assert!(serde_json::from_str::<Value>(&body).unwrap()["error"].is_string());
    let (s, e) = call(&state, "GET", "/nonsense/page", None, None).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    assert_eq!(e["error"], "no such page");
    // A game's page with a well-formed id is the client's (it reports an
    // unknown game itself).
    let (s, _, body) = send(&state, browser_get("/game/0123456789ab")).await;
    assert_eq!(s, StatusCode::OK);
    assert!(body.contains("/js/main.js"));
}

#[tokio::test]
async fn item_18_the_view_says_why_the_record_is_withheld() {
    let state = memory();
    let (id, [w, b]) = friend_game(&state, "52chess").await;
    play_first(&state, &id, &w).await;
    for token in [Some(w.as_str()), Some(b.as_str()), None] {
        let v = view(&state, &id, token).await;
        let why = v["record_withheld"].as_str().expect("a reason");
        assert!(why.contains("may not know"), "{why}");
    }
    let (s, _) = common::record(&state, &id).await;
    assert_eq!(s, StatusCode::CONFLICT);
    act(&state, &id, "resign", &b).await;
    assert!(view(&state, &id, None).await["record_withheld"].is_null());
    assert_eq!(common::record(&state, &id).await.0, StatusCode::OK);
    // A game without secrets never withholds it.
    let (cid, [cw, _]) = friend_game(&state, "cardmate").await;
    play_first(&state, &cid, &cw).await;
    assert!(view(&state, &cid, None).await["record_withheld"].is_null());
}

async fn open(state: &deckmate_server::AppState, body: Value) -> (StatusCode, Value) {
    call(state, "POST", "/api/analysis", None, Some(body)).await
}

#[tokio::test]
async fn item_19_a_board_at_ply_n_holds_the_whole_line() {
    let state = memory();
    let (id, [w, b]) = friend_game(&state, "cuarenta").await;
    for _ in 0..2 {
        play_first(&state, &id, &w).await;
        play_first(&state, &id, &b).await;
    }
    act(&state, &id, "resign", &w).await;
    let history = view(&state, &id, None).await["history"].clone();
    let (s, board) = open(&state, json!({ "from": id, "ply": 1 })).await;
    assert_eq!(s, StatusCode::OK, "{board}");
    assert_eq!(board["moves"], history, "the whole line");
    assert_eq!(board["at"], 1, "opened at ply 1");
    let (_, board) = open(&state, json!({ "from": id })).await;
    assert_eq!(board["at"], 4);
}

#[tokio::test]
async fn item_19_a_finished_dealers_game_opens_after_the_arrangements_with_its_moves() {
    let state = memory();
    // The server deals from a seed of its own: the first legal moves of
    // some deals mate within four plies (a CI run met one), so a game
    // that ends before its fourth ply is set aside for a new deal.
    let mut game = None;
    for _ in 0..20 {
        let (id, [w, b]) = friend_game(&state, "dealers").await;
        for t in [&w, &b] {
            let (s, e) = play_move(&state, &id, t, "random").await;
            assert_eq!(s, StatusCode::OK, "{e}");
        }
        let mut plies = 0;
        for t in [&w, &b, &w, &b] {
            if view(&state, &id, Some(t)).await["moves"][0]["text"].is_null() {
                break;
            }
            play_first(&state, &id, t).await;
            plies += 1;
        }
        let open = view(&state, &id, None).await["result"].is_null();
        if plies == 4 && open {
            game = Some((id, w));
            break;
        }
    }
    let (id, w) = game.expect("a deal that lasts four plies in 20");
    act(&state, &id, "resign", &w).await;
    let history: Vec<Value> = view(&state, &id, None).await["history"]
        .as_array()
        .unwrap()
        .clone();
    assert_eq!(history.len(), 6);
    let (s, board) = open(&state, json!({ "from": id })).await;
    assert_eq!(s, StatusCode::OK, "{board}");
    assert!(board["spec"]["fen"].is_string(), "{board}");
    assert!(board["spec"].get("seed").is_none(), "{board}");
    assert_eq!(board["moves"], json!(history[2..]), "the game's moves");
    assert_eq!(board["at"], 4);
    // The line plays on the board to the game's position.
    let (s, v) = call(
        &state,
        "POST",
        "/api/analysis/view",
        None,
        Some(board.clone()),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["position"], view(&state, &id, None).await["position"]);
    // ?ply counts the game's plies: ply 3 is the line's first move.
    let (_, board) = open(&state, json!({ "from": id, "ply": 3 })).await;
    assert_eq!(board["at"], 1, "{board}");
    assert_eq!(board["moves"].as_array().unwrap().len(), 4);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn item_19_the_lines_and_the_bar_take_the_first_seats_view() {
    let state = memory();
    let addr = listen(&state).await;
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/api/analysis/ws"))
        .await
        .unwrap();
    let mut nonzero = 0;
    for (n, (game, plies)) in [
        ("cardmate", 1),
        ("cuarenta", 1),
        ("cardmate", 3),
        ("cuarenta", 3),
    ]
    .into_iter()
    .enumerate()
    {
        let (id, [w, b]) = friend_game(&state, game).await;
        for i in 0..plies {
            play_first(&state, &id, if i % 2 == 0 { &w } else { &b }).await;
        }
        act(&state, &id, "resign", &w).await;
        let (_, mut board) = open(&state, json!({ "from": id })).await;
        board["id"] = json!(n);
        board["lines"] = json!(1);
        board["seconds"] = json!(0.3);
        ws.send(Message::Text(board.to_string().into()))
            .await
            .unwrap();
        let last = loop {
            let r = next_view(&mut ws).await;
            if r["id"] == json!(n) && r["done"] == true {
                break r;
            }
        };
        let score = last["lines"][0]["score"].as_i64().unwrap();
        let bar = last["bar"].as_f64().unwrap();
        // Second to move after an odd number of plies: the line's score
        // and the bar still agree on who is better.
        if score != 0 {
            nonzero += 1;
            assert_eq!(score > 0, bar > 0.5, "{game} after {plies}: {last}");
        } else {
            assert!((bar - 0.5).abs() < 1e-9, "{last}");
        }
    }
    assert!(nonzero > 0, "every position scored level: nothing checked");
}
