//! Issue 29 item 1: a game is never built on the async runtime. Building
//! one may compile a client's text (a deck file) for as long as the text
//! makes it take; on these one-threaded runtimes, a build held back by the
//! test would stop every other request if it ran on the runtime's thread.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use axum::http::StatusCode;
use common::{call, friend_game, play_first};
use deckmate_server::{AppState, BuildHook, Config, Db};
use serde_json::json;
use std::sync::{Arc, Condvar, Mutex};
use std::thread::ThreadId;
use std::time::Duration;

/// A gate the hook waits at until the test opens it.
#[derive(Default)]
struct Gate {
    open: Mutex<bool>,
    turn: Condvar,
}

impl Gate {
    fn wait(&self) {
        let mut open = self.open.lock().unwrap();
        while !*open {
            // Bounded, so that a broken test ends rather than hangs.
            let (o, timeout) = self
                .turn
                .wait_timeout(open, Duration::from_secs(120))
                .unwrap();
            open = o;
            if timeout.timed_out() {
                return;
            }
        }
    }

    fn open(&self) {
        *self.open.lock().unwrap() = true;
        self.turn.notify_all();
    }
}

fn with_hook(hook: impl Fn(&str) + Send + Sync + 'static) -> AppState {
    AppState::with_config(
        Db::open(":memory:").unwrap(),
        Config {
            engines: false,
            build_hook: Some(BuildHook(Arc::new(hook))),
            ..Config::default()
        },
    )
    .unwrap()
}

/// A creation whose build is held back: meanwhile the lobby, the variants
/// and another game's view are answered; then the creation finishes.
#[tokio::test]
async fn item_1_a_slow_build_does_not_stop_other_requests() {
    let runtime = std::thread::current().id();
    let gate = Arc::new(Gate::default());
    let (tx, mut started) = tokio::sync::mpsc::unbounded_channel::<(String, ThreadId)>();
    let hold = Arc::new(Mutex::new(false));
    let state = {
        let (gate, hold) = (Arc::clone(&gate), Arc::clone(&hold));
        with_hook(move |what| {
            let _ = tx.send((what.to_string(), std::thread::current().id()));
            // Held only off the runtime's thread: on it, the test would
            // hang instead of failing.
            if *hold.lock().unwrap() && std::thread::current().id() != runtime {
                gate.wait();
            }
        })
    };
    let (other, _) = friend_game(&state, "cuarenta").await;
    while started.try_recv().is_ok() {}
    *hold.lock().unwrap() = true;
    let creating = {
        let state = state.clone();
        tokio::spawn(async move {
            call(
                &state,
                "POST",
                "/api/games",
                None,
                Some(json!({"variant": "cuarenta", "opponent": "friend"})),
            )
            .await
        })
    };
    let (what, thread) = tokio::select! {
        s = started.recv() => s.unwrap(),
        done = &mut Box::pin(async { while !creating.is_finished() { tokio::task::yield_now().await } }) => {
            let () = done;
            panic!("the game was made without going through the build pool")
        }
    };
    assert_eq!(what, "create");
    assert_ne!(
        thread, runtime,
        "the game was built on the runtime's thread"
    );
    // The build is held: everything else is answered meanwhile.
    assert_eq!(
        call(&state, "GET", "/api/variants", None, None).await.0,
        StatusCode::OK
    );
    let (s, list) = call(&state, "GET", "/api/games", None, None).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(list["total"], 1, "{list}");
    let (s, v) = call(&state, "GET", &format!("/api/games/{other}"), None, None).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert!(!creating.is_finished());
    gate.open();
    let (s, v) = creating.await.unwrap();
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(
        call(&state, "GET", "/api/games", None, None).await.1["total"],
        2
    );
}

/// Every route that builds a game builds it off the runtime: creation, a
/// seek's terms and its acceptance, an earlier position, the analysis
/// board's start and view, the rules page's start position.
#[tokio::test]
async fn item_1_every_build_runs_off_the_runtime() {
    let runtime = std::thread::current().id();
    let seen = Arc::new(Mutex::new(Vec::<(String, bool)>::new()));
    let state = {
        let seen = Arc::clone(&seen);
        with_hook(move |what| {
            let off = std::thread::current().id() != runtime;
            seen.lock().unwrap().push((what.to_string(), off));
        })
    };
    let (id, t) = friend_game(&state, "cuarenta").await;
    play_first(&state, &id, &t[0]).await;
    let (s, v) = call(&state, "GET", &format!("/api/games/{id}?ply=0"), None, None).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["ply"], 0);
    let (s, seek) = call(
        &state,
        "POST",
        "/api/seeks",
        None,
        Some(json!({"variant": "cuarenta"})),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{seek}");
    let (s, v) = call(
        &state,
        "POST",
        &format!("/api/seeks/{}/accept", seek["id"].as_str().unwrap()),
        None,
        None,
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let (s, board) = call(
        &state,
        "POST",
        "/api/analysis",
        None,
        Some(json!({"game": "cuarenta"})),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{board}");
    let (s, v) = call(&state, "POST", "/api/analysis/view", None, Some(board)).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let (s, v) = call(&state, "GET", "/api/rules/dealers/start", None, None).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let seen = seen.lock().unwrap().clone();
    for what in [
        "create",
        "view",
        "seek",
        "analysis",
        "analysis view",
        "rules",
    ] {
        assert!(
            seen.iter().any(|(w, _)| w == what),
            "no {what} build seen: {seen:?}"
        );
    }
    assert!(seen.iter().all(|(_, off)| *off), "{seen:?}");
}
