//! The store's contract (issue 32), the same for SQLite and PostgreSQL:
//! every write read back, a second move for one ply refused as a
//! conflict, the migrations recorded; a database written by the main of
//! 2026-11-29 opens, upgrades and serves its games with nothing lost; and
//! a server over PostgreSQL keeps its games across a restart.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use axum::http::StatusCode;
use common::{call, play_move, stores, temp_db};
use deckmate_server::db::{
    Db, GameRow, MoveRow, SeekClock, SeekState, TableCounts, LATEST_MIGRATION,
};
use deckmate_server::{AppState, Config};
use serde_json::Value;

/// A database written by the main of 2026-11-29, before schema versions:
/// four games (Cardmate with six moves, a chat message, both nicknames and
/// a draw offer; a clocked Cuarenta game resigned; a 52Chess game; a
/// Dealer's Chess game against the engine) and a seek.
const MAIN_2026_11_29: &[u8] = include_bytes!("data/main-2026-11-29.db");

fn row(id: &str) -> GameRow {
    GameRow {
        id: id.to_string(),
        variant: "cardmate".into(),
        spec: r#"{"seed":1}"#.into(),
        tokens: ["a".repeat(32), "b".repeat(32)],
        engine: Some((1, 4)),
        ended: None,
        created: 1_764_400_000,
        draw_offer: None,
        time_control: Some(r#"{"initial_ms":60000,"increment_ms":0}"#.into()),
        clocks: Vec::new(),
        chat: Vec::new(),
        names: [Some("Ann".into()), None],
        since_last_move_ms: None,
        version: 0,
        offers: None,
        accounts: [None, None],
        rated: false,
        bots: [false, false],
        rating_change: None,
    }
}

fn mv(ply: usize, text: &str, mover: u8, clock_ms: Option<u64>) -> MoveRow {
    MoveRow {
        ply,
        text: text.into(),
        mover: Some(mover),
        clock_ms,
    }
}

/// The seeks' times at `now_ms`: 20 s idle, 15 min at most, 60 s kept
/// once accepted, at most `cap` open.
fn seek_clock(now_ms: i64, cap: usize) -> SeekClock {
    SeekClock {
        now_ms,
        idle_ms: 20_000,
        ttl_ms: 900_000,
        accepted_kept_ms: 60_000,
        cap,
    }
}

#[test]
fn every_write_reads_back_the_same_on_both_stores() {
    let (_db_dir, targets) = stores("contract");
    for (kind, target) in targets {
        let db = Db::open(&target).unwrap();
        assert_eq!(db.kind(), kind);
        let all: Vec<i64> = (1..=LATEST_MIGRATION).collect();
        assert_eq!(db.migrations().unwrap(), all, "{kind}");
        db.insert_game(&row("g1")).unwrap();
        db.insert_game(&row("g2")).unwrap();
        assert!(db.insert_game(&row("g1")).unwrap_err().conflict, "{kind}");
        db.insert_move("g1", 0, &mv(1, "4Ci3", 0, Some(59_000)))
            .unwrap();
        db.insert_move("g1", 1, &mv(2, "4Db6", 1, Some(58_000)))
            .unwrap();
        db.insert_move("g1", 2, &mv(3, "8Dj2", 0, None)).unwrap();
        // The store decides a race: one move a ply, one write a version.
        let e = db
            .insert_move("g1", 2, &mv(3, "7Cb1", 0, None))
            .unwrap_err();
        assert!(e.conflict && !e.busy, "{kind}: {e:?}");
        for n in 0..3 {
            db.insert_chat("g1", n, (n % 2) as u8, &format!("hello {n}"))
                .unwrap();
        }
        db.set_name("g1", 1, "Bob").unwrap();
        db.set_draw_offer("g1", 3, Some((1, 3))).unwrap();
        db.set_offers("g1", 4, r#"{"plies":3,"takeback":1}"#)
            .unwrap();
        db.set_summaries(&[("g1".into(), r#"{"line":1}"#.into())])
            .unwrap();
        let clock = seek_clock(1_764_400_000_000, 10);
        assert!(db
            .insert_seek("s1", "t1", r#"{"variant":"cuarenta"}"#, 5, &clock)
            .unwrap());
        assert!(db
            .insert_seek("s2", "t2", r#"{"variant":"52chess"}"#, 6, &clock)
            .unwrap());
        db.delete_seek("s1").unwrap();

        let (g, moves) = db.load_game("g1").unwrap().unwrap();
        assert_eq!(moves, ["4Ci3", "4Db6", "8Dj2"], "{kind}");
        assert_eq!(
            g.clocks,
            [
                (Some(0), Some(59_000)),
                (Some(1), Some(58_000)),
                (Some(0), None)
            ],
            "{kind}"
        );
        assert_eq!(g.names, [Some("Ann".into()), Some("Bob".into())], "{kind}");
        assert_eq!(g.draw_offer, Some((1, 3)), "{kind}");
        assert_eq!(g.version, 5, "{kind}: three moves, an offer, the offers");
        assert_eq!(
            g.offers.as_deref(),
            Some(r#"{"plies":3,"takeback":1}"#),
            "{kind}"
        );
        assert_eq!(g.engine, Some((1, 4)), "{kind}");
        assert_eq!(g.tokens, row("g1").tokens, "{kind}");
        // When the last move was stored, by the store's clock: moments ago.
        assert!(
            g.since_last_move_ms.is_some_and(|ms| ms < 600_000),
            "{kind}: {:?}",
            g.since_last_move_ms
        );
        assert_eq!(g.chat.len(), 3, "{kind}");
        assert_eq!(g.chat[2], (2, 0, "hello 2".to_string()), "{kind}");
        assert!(db.load_game("nope").unwrap().is_none(), "{kind}");

        let index = db.index().unwrap();
        assert_eq!(index.len(), 2, "{kind}");
        assert_eq!(index[0].id, "g1", "{kind}: stored order");
        assert_eq!(index[0].moves, 3, "{kind}");
        assert_eq!(index[0].last_move.as_deref(), Some("8Dj2"), "{kind}");
        assert_eq!(index[0].summary.as_deref(), Some(r#"{"line":1}"#), "{kind}");
        assert!(index[0].timed && !index[0].ended, "{kind}");
        assert_eq!(index[0].engine_seat, Some(1), "{kind}");

        db.truncate_moves("g1", 5, 1).unwrap();
        db.set_ended("g1", 6, r#"{"reason":"resigned"}"#).unwrap();
        db.set_draw_offer("g1", 7, None).unwrap();
        let (g, moves) = db.load_game("g1").unwrap().unwrap();
        assert_eq!(moves, ["4Ci3"], "{kind}");
        assert_eq!(
            g.ended.as_deref(),
            Some(r#"{"reason":"resigned"}"#),
            "{kind}"
        );
        assert_eq!(g.draw_offer, None, "{kind}");
        let seeks = db.seeks().unwrap();
        assert_eq!(seeks.len(), 1, "{kind}");
        assert_eq!(seeks[0].0, "s2", "{kind}");
        assert_eq!(
            db.counts().unwrap(),
            TableCounts {
                games: 2,
                moves: 1,
                chat: 3,
                seeks: 1
            },
            "{kind}"
        );
        assert_eq!(db.load_all().unwrap().len(), 2, "{kind}");
        // Opened again: the migrations are not applied twice.
        drop(db);
        let again = Db::open(&target).unwrap();
        assert_eq!(again.migrations().unwrap(), all, "{kind}");
        assert_eq!(again.counts().unwrap().games, 2, "{kind}");
    }
}

/// Every write of a game's play is made only on the version its writer
/// read: a write on an older version is refused as a conflict and
/// changes nothing, whatever it is (issue 32 item 3: the database decides
/// who wins a race: moves, draw offers, takebacks, resignations, offers).
#[test]
fn a_write_on_a_version_changed_since_is_refused_and_changes_nothing_on_both_stores() {
    let (_db_dir, targets) = stores("versions");
    for (kind, target) in targets {
        let db = Db::open(&target).unwrap();
        db.insert_game(&row("g")).unwrap();
        db.insert_move("g", 0, &mv(1, "4Ci3", 0, None)).unwrap();
        // Server A played at version 0 -> 1; server B, still at 0, tries
        // each kind of write: each is refused.
        let stale: Vec<(&str, deckmate_server::db::DbResult<()>)> = vec![
            ("move", db.insert_move("g", 0, &mv(2, "4Db6", 1, None))),
            ("end", db.set_ended("g", 0, r#"{"reason":"resigned"}"#)),
            ("draw offer", db.set_draw_offer("g", 0, Some((1, 1)))),
            ("takeback", db.truncate_moves("g", 0, 0)),
            (
                "offers",
                db.set_offers("g", 0, r#"{"plies":1,"takeback":1}"#),
            ),
        ];
        for (what, r) in stale {
            let e = r.expect_err(what);
            assert!(e.conflict && !e.busy, "{kind}: {what}: {e:?}");
        }
        let (g, moves) = db.load_game("g").unwrap().unwrap();
        assert_eq!(moves, ["4Ci3"], "{kind}");
        assert_eq!(
            (g.version, g.ended, g.draw_offer, g.offers),
            (1, None, None, None),
            "{kind}"
        );
        // A game that does not exist has no version to write on.
        assert!(
            db.set_ended("nope", 0, "{}").unwrap_err().conflict,
            "{kind}"
        );
    }
}

/// Seeks in the store: the cap checked as the seek is stored, one
/// accepter takes a seek, its maker learns the game, lapsing by the
/// clock, withdrawal by the maker only (issue 32 item 3: seeks shared by
/// every server on the database).
#[test]
fn seeks_are_capped_taken_once_settled_and_lapse_on_both_stores() {
    let (_db_dir, targets) = stores("seek-store");
    for (kind, target) in targets {
        let db = Db::open(&target).unwrap();
        let t0 = 1_764_400_000_000;
        let clock = seek_clock(t0, 2);
        assert!(db.insert_seek("a", "ta", "{}", t0 / 1000, &clock).unwrap());
        let later = seek_clock(t0 + 1, 2);
        assert!(db.insert_seek("b", "tb", "[]", t0 / 1000, &later).unwrap());
        assert!(
            !db.insert_seek("c", "tc", "{}", t0 / 1000, &later).unwrap(),
            "{kind}: the cap"
        );
        let open = db.open_seeks(&later).unwrap();
        let ids: Vec<&str> = open.iter().map(|s| s.0.as_str()).collect();
        assert_eq!(ids, ["b", "a"], "{kind}: newest first");
        // The maker asks after his seek; a wrong token learns nothing.
        assert_eq!(
            db.touch_seek("a", "ta", &later).unwrap(),
            Some(SeekState::Open("{}".into())),
            "{kind}"
        );
        assert_eq!(db.touch_seek("a", "tb", &later).unwrap(), None, "{kind}");
        // Taken once: the second accepter finds nothing.
        assert_eq!(
            db.take_seek("a", &later).unwrap().as_deref(),
            Some("{}"),
            "{kind}"
        );
        assert_eq!(db.take_seek("a", &later).unwrap(), None, "{kind}");
        assert_eq!(
            db.open_seeks(&later).unwrap().len(),
            1,
            "{kind}: a taken seek is not listed"
        );
        assert!(
            !db.cancel_seek("a", "ta").unwrap(),
            "{kind}: taken, not withdrawn"
        );
        // Its game made: the maker learns it.
        db.settle_seek("a", Some(("game1", "maker-token")), &later)
            .unwrap();
        assert_eq!(
            db.touch_seek("a", "ta", &later).unwrap(),
            Some(SeekState::Accepted {
                game: "game1".into(),
                token: "maker-token".into()
            }),
            "{kind}"
        );
        // A game not made opens the seek again.
        assert!(db.take_seek("b", &later).unwrap().is_some(), "{kind}");
        db.settle_seek("b", None, &later).unwrap();
        assert_eq!(
            db.open_seeks(&later).unwrap().len(),
            1,
            "{kind}: open again"
        );
        // Withdrawn by its maker only.
        assert!(!db.cancel_seek("b", "ta").unwrap(), "{kind}");
        assert!(db.cancel_seek("b", "tb").unwrap(), "{kind}");
        // Lapsing: a seek not asked after for 20 s is gone; an accepted
        // one stays 60 s for its maker.
        assert!(db.insert_seek("d", "td", "{}", t0 / 1000, &later).unwrap());
        let idle = seek_clock(t0 + 21_000, 2);
        assert!(db.open_seeks(&idle).unwrap().is_empty(), "{kind}: lapsed");
        assert!(
            db.touch_seek("a", "ta", &idle).unwrap().is_some(),
            "{kind}: accepted, kept"
        );
        let gone = seek_clock(t0 + 61_000, 2);
        assert_eq!(db.touch_seek("a", "ta", &gone).unwrap(), None, "{kind}");
        // After a restart, the seeks still stored are asked after anew.
        assert!(db
            .insert_seek("e", "te", "{}", (t0 + 61_000) / 1000, &gone)
            .unwrap());
        let restart = seek_clock(t0 + 75_000, 2);
        db.revive_seeks(&restart).unwrap();
        assert_eq!(
            db.open_seeks(&seek_clock(t0 + 90_000, 2)).unwrap().len(),
            1,
            "{kind}"
        );
    }
}

#[test]
fn chat_keeps_the_last_messages_only_on_both_stores() {
    let (_db_dir, targets) = stores("chat_kept");
    for (kind, target) in targets {
        let db = Db::open(&target).unwrap();
        db.insert_game(&row("g")).unwrap();
        let n = deckmate_server::CHAT_STORED as u64 + 5;
        for i in 0..n {
            db.insert_chat("g", i, 0, &format!("m{i}")).unwrap();
        }
        let chat = db.chat_of("g", 1000).unwrap();
        assert_eq!(chat.len(), deckmate_server::CHAT_STORED, "{kind}");
        assert_eq!(chat.last().unwrap().2, format!("m{}", n - 1), "{kind}");
        assert_eq!(chat[0].0, 5, "{kind}");
    }
}

#[tokio::test]
async fn a_database_of_the_main_of_2026_11_29_opens_upgraded_with_nothing_lost() {
    let (_dir, path) = temp_db("old-main");
    std::fs::write(&path, MAIN_2026_11_29).unwrap();
    let db = Db::open(&path).unwrap();
    assert_eq!(
        db.migrations().unwrap(),
        (1..=LATEST_MIGRATION).collect::<Vec<i64>>()
    );
    assert_eq!(
        db.counts().unwrap(),
        TableCounts {
            games: 4,
            moves: 8,
            chat: 1,
            seeks: 1
        }
    );
    let (g, moves) = db.load_game("b9079294c541").unwrap().unwrap();
    assert_eq!(moves.len(), 6);
    assert_eq!(g.names, [Some("Ann".into()), Some("Bob".into())]);
    assert_eq!(g.draw_offer, Some((0, 6)));
    assert_eq!(g.chat, [(0, 0, "good luck".to_string())]);
    let (clocked, _) = db.load_game("2ddde73c35cf").unwrap().unwrap();
    assert!(clocked.time_control.is_some() && clocked.ended.is_some());
    assert_eq!(clocked.clocks[0].0, Some(0));
    // Served: the games as they were.
    let state = AppState::with_config(
        db,
        Config {
            engines: false,
            ..Config::default()
        },
    )
    .unwrap();
    let (s, v) = call(&state, "GET", "/api/games/b9079294c541", None, None).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["history"].as_array().unwrap().len(), 6);
    assert_eq!(v["seats"][1]["player"], "Bob");
    let (s, v) = call(&state, "GET", "/api/games/2ddde73c35cf", None, None).await;
    assert_eq!(s, StatusCode::OK);
    assert!(!v["result"].is_null(), "{v}");
    // (Its seek is stored, counted above; as served, it has lapsed: a seek
    // stands only minutes.)
}

#[tokio::test]
async fn a_server_keeps_its_games_across_a_restart_on_both_stores() {
    let (_db_dir, targets) = stores("restart");
    for (kind, target) in targets {
        let config = || Config {
            engines: false,
            ..Config::default()
        };
        let state = AppState::with_config(Db::open(&target).unwrap(), config()).unwrap();
        let (id, [white, _]) = common::friend_game(&state, "cuarenta").await;
        let v = common::view(&state, &id, Some(&white)).await;
        let first = v["moves"][0]["text"].as_str().unwrap().to_string();
        let (s, _) = play_move(&state, &id, &white, &first).await;
        assert_eq!(s, StatusCode::OK, "{kind}");
        drop(state);
        let again = AppState::with_config(Db::open(&target).unwrap(), config()).unwrap();
        let v: Value = common::view(&again, &id, None).await;
        assert_eq!(v["history"].as_array().unwrap().len(), 1, "{kind}: {v}");
        assert_eq!(v["history"][0], first.as_str(), "{kind}");
    }
}

/// A view's plies.
fn plies(v: &Value) -> u64 {
    v["plies"].as_u64().unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_servers_on_one_postgres_database_share_games_moves_and_live_views() {
    use futures_util::StreamExt;
    let Some(url) = common::fresh_postgres("two_servers") else {
        return;
    };
    let config = || Config {
        engines: false,
        ..Config::default()
    };
    let a = AppState::with_config(Db::open(&url).unwrap(), config()).unwrap();
    let b = AppState::with_config(Db::open(&url).unwrap(), config()).unwrap();
    // A game made on A is found on B.
    let (id, [white, black]) = common::friend_game(&a, "cuarenta").await;
    let v = common::view(&b, &id, Some(&white)).await;
    assert_eq!(plies(&v), 0, "{v}");
    // A spectator's socket on B sees A's move.
    let addr = common::listen(&b).await;
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/api/games/{id}/ws"))
        .await
        .unwrap();
    let first = v["moves"][0]["text"].as_str().unwrap().to_string();
    let (s, _) = play_move(&a, &id, &white, &first).await;
    assert_eq!(s, StatusCode::OK);
    let mut seen = false;
    for _ in 0..10 {
        let msg = tokio::time::timeout(common::PATIENCE, ws.next())
            .await
            .expect("a view on B within the patience")
            .unwrap()
            .unwrap();
        let v: Value = serde_json::from_str(msg.to_text().unwrap()).unwrap();
        if plies(&v) == 1 {
            seen = true;
            break;
        }
    }
    assert!(seen, "B's watcher never saw A's move");
    // Black answers on B, White's next move is sent to both servers at
    // once: one is played, the other refused with 409.
    let v = common::view(&b, &id, Some(&black)).await;
    assert_eq!(plies(&v), 1);
    let reply = v["moves"][0]["text"].as_str().unwrap().to_string();
    let (s, _) = play_move(&b, &id, &black, &reply).await;
    assert_eq!(s, StatusCode::OK);
    // A reads the game again from B's notification: wait for it.
    let mut on_a = Value::Null;
    for _ in 0..500 {
        on_a = common::view(&a, &id, Some(&white)).await;
        if plies(&on_a) == 2 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert_eq!(plies(&on_a), 2, "{on_a}");
    let next = on_a["moves"][0]["text"].as_str().unwrap().to_string();
    let other = on_a["moves"][1]["text"].as_str().unwrap().to_string();
    let body = |m: &str| serde_json::json!({ "move": m, "ply": 3 });
    let path = format!("/api/games/{id}/moves");
    let (ra, rb) = tokio::join!(
        call(&a, "POST", &path, Some(&white), Some(body(&next))),
        call(&b, "POST", &path, Some(&white), Some(body(&other))),
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
    // Both servers agree on the one move stored.
    let played = if ra.0 == StatusCode::OK {
        &next
    } else {
        &other
    };
    for server in [&a, &b] {
        let mut v = Value::Null;
        for _ in 0..500 {
            v = common::view(server, &id, None).await;
            if plies(&v) == 3 {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
        assert_eq!(plies(&v), 3, "{v}");
        assert_eq!(v["history"][2], played.as_str(), "{v}");
    }
}

/// A server on a runtime of its own, to be killed as `kill -9` would: its
/// tasks (timers, searches' commits, lease beats) stop at once and nothing
/// is given up cleanly.
async fn doomed_server(url: &str, engines: bool) -> (tokio::runtime::Runtime, AppState) {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap();
    let url = url.to_string();
    let state = rt
        .spawn(async move {
            AppState::with_config(
                Db::open(&url).unwrap(),
                Config {
                    engines,
                    ..Config::default()
                },
            )
            .unwrap()
        })
        .await
        .unwrap();
    (rt, state)
}

/// Waits (at most `secs`) until server `s`'s view of game `id` satisfies
/// `done`; the view and the seconds it took.
async fn wait_for(
    s: &AppState,
    id: &str,
    secs: u64,
    done: impl Fn(&Value) -> bool,
) -> (Value, f64) {
    let t = std::time::Instant::now();
    loop {
        let v = common::view(s, id, None).await;
        if done(&v) || t.elapsed().as_secs() >= secs {
            return (v, t.elapsed().as_secs_f64());
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn when_the_server_running_a_clock_dies_another_takes_it_over_and_the_flag_falls() {
    let Some(url) = common::fresh_postgres("flag_failover") else {
        return;
    };
    let (rt, a) = doomed_server(&url, false).await;
    let b = AppState::with_config(
        Db::open(&url).unwrap(),
        Config {
            engines: false,
            ..Config::default()
        },
    )
    .unwrap();
    let (s, g) = call(
        &a,
        "POST",
        "/api/games",
        None,
        Some(
            serde_json::json!({"variant": "cuarenta", "opponent": "friend",
            "time_control": {"initial_s": 2, "increment_s": 0}}),
        ),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{g}");
    let id = g["id"].as_str().unwrap().to_string();
    let tokens = [
        g["tokens"]["white"].as_str().unwrap().to_string(),
        g["tokens"]["black"].as_str().unwrap().to_string(),
    ];
    // Both first moves (untimed) on A: White's clock runs there.
    for t in &tokens {
        let v = common::view(&a, &id, Some(t)).await;
        let m = v["moves"][0]["text"].as_str().unwrap().to_string();
        assert_eq!(play_move(&a, &id, t, &m).await.0, StatusCode::OK);
    }
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    rt.shutdown_background();
    // B takes the game over (the lease lapses in 3 s, B looks every
    // second) and White's flag falls there.
    let (v, secs) = wait_for(&b, &id, 12, |v| !v["result"].is_null()).await;
    assert!(
        v["result"]["reason"]
            .as_str()
            .unwrap_or("")
            .contains("time"),
        "no flag on B after {secs:.1} s: {v}"
    );
    eprintln!("flag failover: the flag fell on B {secs:.1} s after A died");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn when_the_server_running_an_engine_dies_another_takes_it_over_and_the_engine_moves_once() {
    let Some(url) = common::fresh_postgres("engine_failover") else {
        return;
    };
    let (rt, a) = doomed_server(&url, true).await;
    let b = AppState::with_config(Db::open(&url).unwrap(), Config::default()).unwrap();
    // Level 8 thinks for seconds: A dies while it thinks.
    let (id, _) = common::engine_game(&a, "cuarenta", "black", 8).await;
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert_eq!(
        plies(&common::view(&a, &id, None).await),
        0,
        "A moved too fast"
    );
    rt.shutdown_background();
    let (v, secs) = wait_for(&b, &id, 30, |v| plies(v) >= 1).await;
    assert_eq!(plies(&v), 1, "no engine move on B after {secs:.1} s: {v}");
    let db = Db::open(&url).unwrap();
    let (_, moves) = db.load_game(&id).unwrap().unwrap();
    assert_eq!(moves.len(), 1, "{moves:?}");
    eprintln!("engine failover: the engine's move came from B {secs:.1} s after A died");
}

/// The players' storage on both stores (issue 33): accounts unique by
/// key, sessions that lapse and end, a game's end recorded once with
/// both ratings moved in one step, a bot's flag only before any game,
/// challenges settled once (issue 34).
#[test]
fn accounts_sessions_ratings_and_challenges_on_both_stores() {
    use deckmate_server::db::accounts::{AccountRow, ChallengeRow, Finish};
    let (_db_dir, targets) = stores("accounts");
    for (kind, target) in targets {
        let db = Db::open(&target).unwrap();
        let a = db.accounts();
        let acct = |key: &str| AccountRow {
            key: key.into(),
            username: key.to_uppercase(),
            hash: "h".into(),
            bot: false,
            created: 1,
        };
        assert!(a.create_account(&acct("ann")).unwrap(), "{kind}");
        assert!(!a.create_account(&acct("ann")).unwrap(), "{kind}: taken");
        assert!(a.create_account(&acct("bob")).unwrap(), "{kind}");
        a.create_session("s1", "ann", 100).unwrap();
        assert_eq!(
            a.session("s1", 50).unwrap().unwrap().username,
            "ANN",
            "{kind}"
        );
        assert!(a.session("s1", 101).unwrap().is_none(), "{kind}: lapsed");
        a.drop_session("s1").unwrap();
        assert!(a.session("s1", 0).unwrap().is_none(), "{kind}: ended");
        // A rated game between them, its end recorded twice: once counts.
        let mut g = row("r1");
        g.accounts = [Some("ann".into()), Some("bob".into())];
        g.rated = true;
        db.insert_game(&g).unwrap();
        let finish = Finish {
            result: "1-0".into(),
            finished: 500,
            rated: Some(("cardmate".into(), ["ann".into(), "bob".into()])),
        };
        let first = a.finish_game("r1", &finish).unwrap().unwrap();
        let again = a.finish_game("r1", &finish).unwrap().unwrap();
        assert_eq!(first, again, "{kind}: the change as recorded");
        let ann = a.ratings("ann").unwrap();
        assert_eq!((ann.len(), ann[0].games), (1, 1), "{kind}: rated once");
        assert!(ann[0].rating.rating > 1500.0, "{kind}");
        assert_eq!(a.record("bob").unwrap(), [0, 1, 0], "{kind}");
        let board = a.leaderboard("cardmate", 0, 10).unwrap();
        assert_eq!(board.len(), 2, "{kind}");
        assert_eq!(board[0].username, "ANN", "{kind}");
        // A bot's flag: not for an account that played.
        assert!(!a.make_bot("ann").unwrap(), "{kind}");
        assert!(a.create_account(&acct("cyd")).unwrap());
        assert!(a.make_bot("cyd").unwrap(), "{kind}");
        // A challenge is settled once.
        let c = ChallengeRow {
            id: "c1".into(),
            challenger: "ann".into(),
            dest: "cyd".into(),
            body: "{}".into(),
            status: "created".into(),
            game: None,
            reason: None,
            created: 10,
        };
        a.create_challenge(&c).unwrap();
        assert!(
            a.settle_challenge("c1", "accepted", Some("g9"), None)
                .unwrap(),
            "{kind}"
        );
        assert!(
            !a.settle_challenge("c1", "declined", None, Some("no"))
                .unwrap(),
            "{kind}"
        );
        let got = a.challenge("c1").unwrap().unwrap();
        assert_eq!(
            (got.status.as_str(), got.game.as_deref()),
            ("accepted", Some("g9")),
            "{kind}"
        );
        assert_eq!(a.challenges_of("cyd", 0).unwrap().len(), 1, "{kind}");
    }
}
