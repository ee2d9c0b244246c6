//! Players' accounts (issue 33 items 1-5): registering and logging in
//! with session cookies, the same answer for an unknown name and a wrong
//! password, the log-in limit, cross-site writes refused, sessions ended
//! by log-out and by a password change, personal API tokens with scopes;
//! seats that belong to accounts; a rated game changing both ratings,
//! the profile, the history, the PGN download and the leaderboard; seeks
//! with ratings. The suite runs on SQLite and on PostgreSQL
//! (`DECKMATE_TEST_STORE=postgres`).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use axum::body::Body;
use axum::http::{header, HeaderMap, Request, StatusCode};
use deckmate_server::AppState;
use serde_json::{json, Value};

/// This server's own pages' origin, as the test requests carry it.
const SITE: &str = "http://deckmate.test";

/// A request as a browser on this site sends it (its cookie, its Origin
/// on writes), or as a script (no cookie, perhaps a Bearer token).
struct Ask<'a> {
    cookie: Option<&'a str>,
    origin: Option<&'a str>,
    bearer: Option<&'a str>,
}

const GUEST: Ask<'static> = Ask {
    cookie: None,
    origin: Some(SITE),
    bearer: None,
};

/// A script's request, with a personal API token.
fn script(token: &str) -> Ask<'_> {
    Ask {
        cookie: None,
        origin: None,
        bearer: Some(token),
    }
}

fn browser(cookie: &str) -> Ask<'_> {
    Ask {
        cookie: Some(cookie),
        origin: Some(SITE),
        bearer: None,
    }
}

async fn ask(
    state: &AppState,
    how: &Ask<'_>,
    method: &str,
    path: &str,
    body: Option<Value>,
) -> (StatusCode, HeaderMap, Value) {
    let mut req = Request::builder()
        .method(method)
        .uri(path)
        .header(header::HOST, "deckmate.test");
    if let Some(c) = how.cookie {
        req = req.header(header::COOKIE, format!("deckmate_session={c}"));
    }
    if let Some(o) = how.origin.filter(|_| method != "GET") {
        req = req.header(header::ORIGIN, o);
    }
    if let Some(t) = how.bearer {
        req = req.header(header::AUTHORIZATION, format!("Bearer {t}"));
    }
    let body = match body {
        Some(b) => {
            req = req.header(header::CONTENT_TYPE, "application/json");
            Body::from(b.to_string())
        }
        None => Body::empty(),
    };
    let (s, h, text) = common::send(state, req.body(body).unwrap()).await;
    let v = serde_json::from_str(&text).unwrap_or(Value::String(text));
    (s, h, v)
}

/// The session token a response sets.
fn session_of(h: &HeaderMap) -> Option<String> {
    let c = h.get(header::SET_COOKIE)?.to_str().ok()?;
    let value = c.strip_prefix("deckmate_session=")?.split(';').next()?;
    (!value.is_empty()).then(|| value.to_string())
}

/// Registers a player: his session token.
async fn register(state: &AppState, name: &str) -> String {
    let (s, h, v) = ask(
        state,
        &GUEST,
        "POST",
        "/api/account/register",
        Some(json!({"username": name, "password": "correct horse battery"})),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["username"], name);
    session_of(&h).expect("a session cookie")
}

#[tokio::test]
async fn item_1_register_log_in_and_out_with_a_session_cookie() {
    let state = common::memory();
    let (s, h, v) = ask(
        &state,
        &GUEST,
        "POST",
        "/api/account/register",
        Some(json!({"username": "Ann_1", "password": "correct horse battery"})),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let cookie = h
        .get(header::SET_COOKIE)
        .unwrap()
        .to_str()
        .unwrap()
        .to_string();
    assert!(
        cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"),
        "{cookie}"
    );
    assert!(
        !cookie.contains("Secure"),
        "Secure only behind TLS: {cookie}"
    );
    let ann = session_of(&h).unwrap();
    assert!(ann.starts_with("dms_") && ann.len() > 40, "{ann}");
    // The name is taken in any case.
    let (s, _, v) = ask(
        &state,
        &GUEST,
        "POST",
        "/api/account/register",
        Some(json!({"username": "ann_1", "password": "another password"})),
    )
    .await;
    assert_eq!(s, StatusCode::CONFLICT, "{v}");
    // Who is logged in.
    let (_, _, v) = ask(&state, &browser(&ann), "GET", "/api/account", None).await;
    assert_eq!(v["username"], "Ann_1", "{v}");
    let (_, _, v) = ask(&state, &GUEST, "GET", "/api/account", None).await;
    assert_eq!(v["username"], Value::Null, "{v}");
    // Log in again (another session), log out the first.
    let (s, h, v) = ask(
        &state,
        &GUEST,
        "POST",
        "/api/account/login",
        Some(json!({"username": "ANN_1", "password": "correct horse battery"})),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["username"], "Ann_1");
    let second = session_of(&h).unwrap();
    let (s, h, _) = ask(&state, &browser(&ann), "POST", "/api/account/logout", None).await;
    assert_eq!(s, StatusCode::OK);
    assert!(h
        .get(header::SET_COOKIE)
        .unwrap()
        .to_str()
        .unwrap()
        .contains("Max-Age=0"));
    let (_, _, v) = ask(&state, &browser(&ann), "GET", "/api/account", None).await;
    assert_eq!(v["username"], Value::Null, "a revoked session is a guest's");
    let (_, _, v) = ask(&state, &browser(&second), "GET", "/api/account", None).await;
    assert_eq!(v["username"], "Ann_1", "the other session goes on");
    // Log out everywhere.
    let third = {
        let (_, h, _) = ask(
            &state,
            &GUEST,
            "POST",
            "/api/account/login",
            Some(json!({"username": "ann_1", "password": "correct horse battery"})),
        )
        .await;
        session_of(&h).unwrap()
    };
    let (s, _, _) = ask(
        &state,
        &browser(&second),
        "POST",
        "/api/account/logout",
        Some(json!({"everywhere": true})),
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    let (_, _, v) = ask(&state, &browser(&third), "GET", "/api/account", None).await;
    assert_eq!(v["username"], Value::Null, "every session ended");
}

#[tokio::test]
async fn item_1_names_and_passwords_follow_the_rules_and_markup_is_refused() {
    let state = common::memory();
    for bad in [
        "a",
        "<b>ann</b>",
        "ann\u{202e}lla",
        "x".repeat(21).as_str(),
        "admin",
        "-ann",
        "an n",
    ] {
        let (s, _, v) = ask(
            &state,
            &GUEST,
            "POST",
            "/api/account/register",
            Some(json!({"username": bad, "password": "correct horse battery"})),
        )
        .await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{bad}: {v}");
    }
    let (s, _, v) = ask(
        &state,
        &GUEST,
        "POST",
        "/api/account/register",
        Some(json!({"username": "bob", "password": "short"})),
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{v}");
    assert!(v["error"].as_str().unwrap().contains("10"), "{v}");
}

#[tokio::test]
async fn item_1_an_unknown_name_and_a_wrong_password_get_the_same_answer_and_brute_force_meets_the_limit(
) {
    let state = common::memory();
    register(&state, "cy").await;
    let login = |name: &'static str, password: &'static str| {
        let state = state.clone();
        async move {
            ask(
                &state,
                &GUEST,
                "POST",
                "/api/account/login",
                Some(json!({"username": name, "password": password})),
            )
            .await
        }
    };
    let (s1, _, wrong_password) = login("cy", "not the password").await;
    let (s2, _, unknown_name) = login("nobody", "not the password").await;
    assert_eq!(
        (s1, s2),
        (StatusCode::UNAUTHORIZED, StatusCode::UNAUTHORIZED)
    );
    assert_eq!(wrong_password, unknown_name, "the same answer for both");
    // Five failures for an account: the sixth attempt is refused, even
    // with the right password, with how long to wait.
    for _ in 0..4 {
        assert_eq!(
            login("cy", "not the password").await.0,
            StatusCode::UNAUTHORIZED
        );
    }
    let (s, h, v) = login("cy", "correct horse battery").await;
    assert_eq!(s, StatusCode::TOO_MANY_REQUESTS, "{v}");
    assert!(h.get(header::RETRY_AFTER).is_some());
}

#[tokio::test]
async fn item_1_a_write_with_the_cookie_from_another_site_is_refused() {
    let state = common::memory();
    let ann = register(&state, "dora").await;
    let evil = Ask {
        cookie: Some(&ann),
        origin: Some("https://evil.example"),
        bearer: None,
    };
    let bare = Ask {
        cookie: Some(&ann),
        origin: None,
        bearer: None,
    };
    for how in [&evil, &bare] {
        let (s, _, v) = ask(&state, how, "POST", "/api/account/logout", None).await;
        assert_eq!(s, StatusCode::FORBIDDEN, "{v}");
        assert_eq!(v["code"], "cross_site", "{v}");
        let (s, _, v) = ask(
            &state,
            how,
            "POST",
            "/api/games",
            Some(json!({"variant": "cuarenta", "opponent": "friend"})),
        )
        .await;
        assert_eq!(s, StatusCode::FORBIDDEN, "{v}");
    }
    // A log-in from another site's page is refused too.
    let (s, _, _) = ask(
        &state,
        &evil,
        "POST",
        "/api/account/login",
        Some(json!({"username": "dora", "password": "correct horse battery"})),
    )
    .await;
    assert_eq!(s, StatusCode::FORBIDDEN);
    // The session still stands: the refused log-out did nothing.
    let (_, _, v) = ask(&state, &browser(&ann), "GET", "/api/account", None).await;
    assert_eq!(v["username"], "dora");
}

#[tokio::test]
async fn item_1_a_new_password_ends_the_other_sessions() {
    let state = common::memory();
    let here = register(&state, "eve").await;
    let (_, h, _) = ask(
        &state,
        &GUEST,
        "POST",
        "/api/account/login",
        Some(json!({"username": "eve", "password": "correct horse battery"})),
    )
    .await;
    let there = session_of(&h).unwrap();
    let (s, _, v) = ask(
        &state,
        &browser(&here),
        "POST",
        "/api/account/password",
        Some(json!({"old": "wrong old one", "new": "a brand new password"})),
    )
    .await;
    assert_eq!(s, StatusCode::UNAUTHORIZED, "{v}");
    let (s, _, v) = ask(
        &state,
        &browser(&here),
        "POST",
        "/api/account/password",
        Some(json!({"old": "correct horse battery", "new": "a brand new password"})),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let (_, _, v) = ask(&state, &browser(&there), "GET", "/api/account", None).await;
    assert_eq!(v["username"], Value::Null, "the other session ended");
    let (_, _, v) = ask(&state, &browser(&here), "GET", "/api/account", None).await;
    assert_eq!(v["username"], "eve", "this one goes on");
    let (s, _, _) = ask(
        &state,
        &GUEST,
        "POST",
        "/api/account/login",
        Some(json!({"username": "eve", "password": "correct horse battery"})),
    )
    .await;
    assert_eq!(
        s,
        StatusCode::UNAUTHORIZED,
        "the old password no longer opens"
    );
}

#[tokio::test]
async fn item_1_personal_api_tokens_are_shown_once_stored_hashed_and_scoped() {
    let state = common::memory();
    let fay = register(&state, "fay").await;
    let (s, _, v) = ask(
        &state,
        &browser(&fay),
        "POST",
        "/api/account/tokens",
        Some(json!({"scopes": "board:play account:read", "label": "my script"})),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let token = v["token"].as_str().unwrap().to_string();
    assert!(token.starts_with("dmp_"), "{token}");
    let scripted = script(&token);
    let (s, _, v) = ask(&state, &scripted, "GET", "/api/account", None).await;
    assert_eq!((s, v["username"].clone()), (StatusCode::OK, json!("fay")));
    // Listed without the token itself.
    let (_, _, list) = ask(&state, &browser(&fay), "GET", "/api/account/tokens", None).await;
    assert_eq!(list["tokens"][0]["label"], "my script", "{list}");
    assert!(!list.to_string().contains(&token[4..]), "{list}");
    // A token without account:read may not read the account.
    let (_, _, v) = ask(
        &state,
        &browser(&fay),
        "POST",
        "/api/account/tokens",
        Some(json!({"scopes": ["bot:play"]})),
    )
    .await;
    let narrow = v["token"].as_str().unwrap().to_string();
    let (s, _, _) = ask(&state, &script(&narrow), "GET", "/api/account", None).await;
    assert_eq!(s, StatusCode::FORBIDDEN);
    // An unknown scope is refused by name.
    let (s, _, v) = ask(
        &state,
        &browser(&fay),
        "POST",
        "/api/account/tokens",
        Some(json!({"scopes": "board:play root"})),
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(v["error"].as_str().unwrap().contains("root"), "{v}");
    // Revoked: the token opens nothing.
    let id = list["tokens"][0]["id"].as_str().unwrap();
    let (s, _, _) = ask(
        &state,
        &browser(&fay),
        "DELETE",
        &format!("/api/account/tokens/{id}"),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    let (s, _, _) = ask(&state, &scripted, "GET", "/api/account", None).await;
    assert_eq!(s, StatusCode::UNAUTHORIZED);
}

/// Plays the game out by resignation of `loser`'s seat (its token).
async fn resign(state: &AppState, id: &str, token: &str) {
    let (s, v) = common::resign(state, id, token).await;
    assert_eq!(s, StatusCode::OK, "{v}");
}

#[tokio::test]
async fn items_2_to_5_a_rated_game_moves_both_ratings_and_shows_on_profiles_and_the_leaderboard() {
    let state = common::memory();
    let gus = register(&state, "Gus").await;
    let hal = register(&state, "Hal").await;
    // A rated seek by Gus; a guest may not take it.
    let (s, _, seek) = ask(
        &state,
        &browser(&gus),
        "POST",
        "/api/seeks",
        Some(json!({"variant": "cuarenta", "seat": "white", "rated": true})),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{seek}");
    let seek_id = seek["id"].as_str().unwrap();
    let (_, _, list) = ask(&state, &GUEST, "GET", "/api/seeks", None).await;
    assert_eq!(list["seeks"][0]["rated"], true, "{list}");
    assert_eq!(list["seeks"][0]["rating"], "1500?", "{list}");
    assert_eq!(list["seeks"][0]["account"], "Gus", "{list}");
    let (s, _, v) = ask(
        &state,
        &GUEST,
        "POST",
        &format!("/api/seeks/{seek_id}/accept"),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::UNAUTHORIZED, "{v}");
    // Gus may not take his own.
    let (s, _, _) = ask(
        &state,
        &browser(&gus),
        "POST",
        &format!("/api/seeks/{seek_id}/accept"),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::CONFLICT);
    let (s, _, game) = ask(
        &state,
        &browser(&hal),
        "POST",
        &format!("/api/seeks/{seek_id}/accept"),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{game}");
    let id = game["id"].as_str().unwrap().to_string();
    // Item 2: the seat is Hal's account's: his view without any token,
    // by his session alone, from any browser.
    let (_, _, v) = ask(
        &state,
        &browser(&hal),
        "GET",
        &format!("/api/games/{id}"),
        None,
    )
    .await;
    assert_eq!(v["you"], 1, "{v}");
    assert_eq!(v["rated"], true);
    assert_eq!(v["seats"][0]["account"], "gus", "{v}");
    assert_eq!(v["seats"][1]["player"], "Hal", "{v}");
    // Gus plays his first move by his session alone (from this site).
    let (_, _, gv) = ask(
        &state,
        &browser(&gus),
        "GET",
        &format!("/api/games/{id}"),
        None,
    )
    .await;
    let first = gv["moves"][0]["text"].as_str().unwrap().to_string();
    let (s, _, v) = ask(
        &state,
        &browser(&gus),
        "POST",
        &format!("/api/games/{id}/moves"),
        Some(json!({"move": first})),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    // A rated game has no takebacks (issue 33 item 3).
    let (s, _, v) = ask(
        &state,
        &browser(&gus),
        "POST",
        &format!("/api/games/{id}/takeback"),
        None,
    )
    .await;
    assert_eq!(
        (s, v["code"].clone()),
        (StatusCode::CONFLICT, json!("rated")),
        "{v}"
    );
    // ...but not from another site's page.
    let (_, _, hv) = ask(
        &state,
        &browser(&hal),
        "GET",
        &format!("/api/games/{id}"),
        None,
    )
    .await;
    let reply = hv["moves"][0]["text"].as_str().unwrap().to_string();
    let (s, _, _) = ask(
        &state,
        &Ask {
            cookie: Some(&hal),
            origin: Some("https://evil.example"),
            bearer: None,
        },
        "POST",
        &format!("/api/games/{id}/moves"),
        Some(json!({"move": reply})),
    )
    .await;
    assert_eq!(s, StatusCode::FORBIDDEN);
    // Hal resigns (by his seat's token, as the API allows): Gus wins.
    resign(&state, &id, game["token"].as_str().unwrap()).await;
    // Item 3: the change shows in the view once recorded.
    let mut v = Value::Null;
    for _ in 0..200 {
        v = common::view(&state, &id, None).await;
        if !v["rating_change"].is_null() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    let diff = v["rating_change"]["diff"].clone();
    assert!(
        diff[0].as_i64().unwrap() > 0 && diff[1].as_i64().unwrap() < 0,
        "{v}"
    );
    // Item 4: profiles, history, PGN, leaderboard.
    let (_, _, gp) = ask(&state, &GUEST, "GET", "/api/user/gus", None).await;
    let r = &gp["ratings"]["cuarenta"];
    assert!(
        r["rating"].as_f64().unwrap() > 1500.0 && r["games"] == 1,
        "{gp}"
    );
    assert_eq!(r["provisional"], true, "{gp}");
    assert_eq!(gp["record"], json!({"wins": 1, "losses": 0, "draws": 0}));
    let (_, _, hp) = ask(&state, &GUEST, "GET", "/api/user/Hal", None).await;
    assert!(
        hp["ratings"]["cuarenta"]["rating"].as_f64().unwrap() < 1500.0,
        "{hp}"
    );
    let (_, _, hist) = ask(
        &state,
        &GUEST,
        "GET",
        "/api/user/hal/games?result=loss",
        None,
    )
    .await;
    assert_eq!(hist["games"][0]["id"], id.as_str(), "{hist}");
    assert_eq!(hist["games"][0]["outcome"], "loss");
    assert_eq!(hist["games"][0]["opponent"], "Gus");
    let (_, _, none) = ask(
        &state,
        &GUEST,
        "GET",
        "/api/user/hal/games?result=win",
        None,
    )
    .await;
    assert_eq!(none["games"], json!([]), "{none}");
    let (s, _, v) = ask(
        &state,
        &GUEST,
        "GET",
        "/api/user/hal/games?result=maybe",
        None,
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{v}");
    let (s, h, pgn) = ask(&state, &GUEST, "GET", "/api/user/hal/games.pgn", None).await;
    assert_eq!(s, StatusCode::OK);
    assert!(h[header::CONTENT_TYPE].to_str().unwrap().contains("pgn"));
    assert!(pgn.as_str().unwrap().contains("[Result \"1-0\"]"), "{pgn}");
    let (_, _, board) = ask(&state, &GUEST, "GET", "/api/leaderboard/cuarenta", None).await;
    let names: Vec<&str> = board["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["username"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Gus", "Hal"], "{board}");
    let (s, _, _) = ask(&state, &GUEST, "GET", "/api/user/nobody", None).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    // Nothing of an account is in the views, the record or the profile.
    let everything = format!("{v}{gp}{hp}{hist}{pgn}{board}");
    for secret in [gus.as_str(), hal.as_str(), "argon2"] {
        assert!(!everything.contains(secret), "{secret} shown");
    }
}

#[tokio::test]
async fn item_5_a_seek_with_a_rating_range_is_taken_only_in_range_and_casual_is_the_default() {
    let state = common::memory();
    let ida = register(&state, "ida").await;
    let jon = register(&state, "jon").await;
    let (_, _, seek) = ask(
        &state,
        &browser(&ida),
        "POST",
        "/api/seeks",
        Some(json!({"variant": "52chess", "rating_range": [1600, 2000]})),
    )
    .await;
    let path = format!("/api/seeks/{}/accept", seek["id"].as_str().unwrap());
    let (s, _, v) = ask(&state, &browser(&jon), "POST", &path, None).await;
    assert_eq!(s, StatusCode::FORBIDDEN, "{v}");
    assert_eq!(v["code"], "out_of_range");
    // Still open for another.
    let (_, _, list) = ask(&state, &GUEST, "GET", "/api/seeks", None).await;
    assert_eq!(list["seeks"].as_array().unwrap().len(), 1, "{list}");
    // Casual by default; a rated seek needs a log-in.
    assert_eq!(list["seeks"][0]["rated"], false);
    let (s, _, _) = ask(
        &state,
        &GUEST,
        "POST",
        "/api/seeks",
        Some(json!({"variant": "52chess", "rated": true})),
    )
    .await;
    assert_eq!(s, StatusCode::UNAUTHORIZED);
    let (s, _, v) = ask(
        &state,
        &browser(&ida),
        "POST",
        "/api/seeks",
        Some(json!({"variant": "52chess", "rating_range": [2000, 1600]})),
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{v}");
}

#[tokio::test]
async fn item_4_my_games_lists_the_players_games_his_turn_first() {
    let state = common::memory();
    let kim = register(&state, "kim").await;
    // Two games against the engine (Kim White: her turn), one where the
    // engine is White (its turn, or hers once it moved).
    for seat in ["white", "white"] {
        let (s, _, v) = ask(
            &state,
            &browser(&kim),
            "POST",
            "/api/games",
            Some(json!({"variant": "cuarenta", "opponent": {"engine": 1, "seat": seat}})),
        )
        .await;
        assert_eq!(s, StatusCode::OK, "{v}");
    }
    let (s, _, v) = ask(&state, &browser(&kim), "GET", "/api/account/games", None).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let games = v["games"].as_array().unwrap();
    assert_eq!(games.len(), 2, "{v}");
    assert!(
        games
            .iter()
            .all(|g| g["your_turn"] == true && g["you"] == 0),
        "{v}"
    );
    let (s, _, _) = ask(&state, &GUEST, "GET", "/api/account/games", None).await;
    assert_eq!(s, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn item_7_bots_are_accounts_labelled_everywhere_and_kept_out_of_humans_rated_seeks() {
    let state = common::memory();
    let human = register(&state, "lea").await;
    let botty = register(&state, "tin_bot").await;
    let (_, _, t) = ask(
        &state,
        &browser(&botty),
        "POST",
        "/api/account/tokens",
        Some(json!({"scopes": "bot:play"})),
    )
    .await;
    let token = t["token"].as_str().unwrap().to_string();
    let bot = script(&token);
    let (s, _, v) = ask(&state, &bot, "POST", "/api/bot/account/upgrade", None).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let (_, _, p) = ask(&state, &GUEST, "GET", "/api/user/tin_bot", None).await;
    assert_eq!(p["bot"], true, "{p}");
    // A human's rated seek is closed to bots unless he lets them in.
    let (_, _, closed) = ask(
        &state,
        &browser(&human),
        "POST",
        "/api/seeks",
        Some(json!({"variant": "cuarenta", "rated": true})),
    )
    .await;
    let path = format!("/api/seeks/{}/accept", closed["id"].as_str().unwrap());
    let (s, _, v) = ask(&state, &bot, "POST", &path, None).await;
    assert_eq!(s, StatusCode::FORBIDDEN, "{v}");
    let (_, _, open) = ask(
        &state,
        &browser(&human),
        "POST",
        "/api/seeks",
        Some(json!({"variant": "cuarenta", "rated": true, "bots": true})),
    )
    .await;
    let path = format!("/api/seeks/{}/accept", open["id"].as_str().unwrap());
    let (s, _, g) = ask(&state, &bot, "POST", &path, None).await;
    assert_eq!(s, StatusCode::OK, "{g}");
    let v = common::view(&state, g["id"].as_str().unwrap(), None).await;
    let bots: Vec<bool> = v["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["bot"].as_bool().unwrap())
        .collect();
    assert_eq!(bots.iter().filter(|&&b| b).count(), 1, "{v}");
    // The bot's token acts as its seat (scope bot:play).
    let id = g["id"].as_str().unwrap();
    let (_, _, mine) = ask(&state, &bot, "GET", &format!("/api/games/{id}"), None).await;
    let seat = bots.iter().position(|&b| b).unwrap();
    assert_eq!(mine["you"], seat, "{mine}");
    // An account that has played cannot become a bot's.
    let (_, _, t) = ask(
        &state,
        &browser(&human),
        "POST",
        "/api/account/tokens",
        Some(json!({"scopes": "bot:play"})),
    )
    .await;
    let late = t["token"].as_str().unwrap().to_string();
    let (s, _, _) = ask(
        &state,
        &script(&late),
        "POST",
        "/api/bot/account/upgrade",
        None,
    )
    .await;
    assert_eq!(s, StatusCode::CONFLICT);
}

#[tokio::test]
async fn item_6_an_aborted_rated_game_is_unrated_and_leaves_no_result() {
    let state = common::memory();
    let max = register(&state, "max").await;
    let ned = register(&state, "ned").await;
    let (_, _, seek) = ask(
        &state,
        &browser(&max),
        "POST",
        "/api/seeks",
        Some(json!({"variant": "cuarenta", "rated": true})),
    )
    .await;
    let path = format!("/api/seeks/{}/accept", seek["id"].as_str().unwrap());
    let (_, _, game) = ask(&state, &browser(&ned), "POST", &path, None).await;
    let id = game["id"].as_str().unwrap().to_string();
    let (s, _, v) = ask(
        &state,
        &browser(&ned),
        "POST",
        &format!("/api/games/{id}/abort"),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    // The end is recorded for the histories (no result), never rated.
    let mut hist = Value::Null;
    for _ in 0..200 {
        hist = ask(&state, &GUEST, "GET", "/api/user/max/games", None)
            .await
            .2;
        if hist["games"][0]["result"] == "*" {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert_eq!(hist["games"][0]["result"], "*", "{hist}");
    assert_eq!(hist["games"][0]["outcome"], "none", "{hist}");
    let (_, _, p) = ask(&state, &GUEST, "GET", "/api/user/max", None).await;
    assert_eq!(p["ratings"], json!({}), "{p}");
    assert_eq!(p["record"], json!({"wins": 0, "losses": 0, "draws": 0}));
    assert!(common::view(&state, &id, None).await["rating_change"].is_null());
}

#[tokio::test]
async fn item_2_a_players_page_without_a_token_gets_his_seats_live_view_by_his_session() {
    // The game page of a player logged in, in a browser that keeps no
    // token of his seat: its socket carries his session's cookie alone,
    // and its views are his seat's (with his legal moves).
    use futures_util::StreamExt;
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let state = common::memory();
    let ivy = register(&state, "Ivy").await;
    let jon = register(&state, "Jon").await;
    let (s, _, seek) = ask(
        &state,
        &browser(&ivy),
        "POST",
        "/api/seeks",
        Some(json!({"variant": "cuarenta", "seat": "white", "rated": true})),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{seek}");
    let seek_id = seek["id"].as_str().unwrap();
    let (s, _, game) = ask(
        &state,
        &browser(&jon),
        "POST",
        &format!("/api/seeks/{seek_id}/accept"),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{game}");
    let id = game["id"].as_str().unwrap().to_string();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let server = state.clone();
    tokio::spawn(async move { axum::serve(listener, deckmate_server::app(server)).await });
    let first_view = |cookie: Option<String>| {
        let id = id.clone();
        async move {
            let mut req = format!("ws://{addr}/api/games/{id}/ws")
                .into_client_request()
                .unwrap();
            if let Some(c) = cookie {
                req.headers_mut().insert(
                    header::COOKIE,
                    format!("deckmate_session={c}").parse().unwrap(),
                );
            }
            let (mut ws, _) = tokio_tungstenite::connect_async(req).await.unwrap();
            let m = tokio::time::timeout(common::PATIENCE, ws.next())
                .await
                .unwrap()
                .unwrap()
                .unwrap();
            serde_json::from_str::<Value>(m.to_text().unwrap()).unwrap()
        }
    };
    let v = first_view(Some(ivy.clone())).await;
    assert_eq!(v["you"], 0, "Ivy's socket by her session: {v}");
    assert!(
        !v["moves"].as_array().unwrap().is_empty(),
        "her legal moves"
    );
    let v = first_view(Some(jon.clone())).await;
    assert_eq!(v["you"], 1, "Jon's socket by his session: {v}");
    let v = first_view(None).await;
    assert!(v["you"].is_null(), "a guest's socket is a spectator's: {v}");
}
