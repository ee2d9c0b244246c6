//! How long a restart takes, and what it holds in memory, with many stored
//! games (issue 29 item 2).
//!
//! `cargo run --release -p deckmate-measure --bin restart -- [games=10000] [dealers_percent=10]`
//!
//! Makes a database of `games` games in a fresh directory: a few games of
//! every built-in game made and played (12 plies each) through the API,
//! then copied row by row (`dealers_percent` of them Dealer's Chess, the
//! rest shared evenly between the other games). Then starts the server's
//! state over it twice, each time in a process of its own (this program
//! run again as `restart -- start DB`): the first start after the
//! database was written, then a restart. Each prints the time until the
//! state is ready and the lobby's first page answered, the resident
//! memory (VmRSS) then, and after 100 games are viewed (each built when
//! it is first touched, if games are loaded lazily).

#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use axum::http::StatusCode;
use deckmate_measure::server::call;
use deckmate_server::{AppState, Config, Db};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

fn rss_kb() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .unwrap_or_default()
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

fn config() -> Config {
    Config {
        engines: false,
        create_burst: 1_000_000,
        create_per_minute: 1_000_000,
        ..Config::default()
    }
}

/// Makes and plays `per_game` games of every built-in game: their ids by
/// game key.
async fn templates(state: &AppState, per_game: usize) -> Vec<(String, Vec<String>)> {
    let keys: Vec<String> = deckmate_games::list::Catalog::builtin()
        .games()
        .map(|g| g.key.to_string())
        .collect();
    let mut out = Vec::new();
    for key in keys {
        let mut ids = Vec::new();
        for _ in 0..per_game {
            let (s, v) = call(
                state,
                "POST",
                "/api/games",
                None,
                Some(json!({ "variant": key, "opponent": "friend" })),
            )
            .await;
            assert_eq!(s, StatusCode::OK, "{key}: {v}");
            let id = v["id"].as_str().unwrap().to_string();
            let tokens: Vec<String> = v["tokens"]
                .as_object()
                .unwrap()
                .values()
                .map(|t| t.as_str().unwrap().to_string())
                .collect();
            'play: for _ in 0..12 {
                for t in &tokens {
                    let (_, view) =
                        call(state, "GET", &format!("/api/games/{id}"), Some(t), None).await;
                    if !view["result"].is_null() {
                        break 'play;
                    }
                    let you = &view["you"];
                    if !view["acting"].as_array().unwrap().contains(you) {
                        continue;
                    }
                    let mv = view["moves"][0]["text"]
                        .as_str()
                        .unwrap_or("random")
                        .to_string();
                    let (s, e) = call(
                        state,
                        "POST",
                        &format!("/api/games/{id}/moves"),
                        Some(t),
                        Some(json!({ "move": mv })),
                    )
                    .await;
                    assert_eq!(s, StatusCode::OK, "{key} {mv}: {e}");
                    continue 'play;
                }
                break;
            }
            ids.push(id);
        }
        out.push((key, ids));
    }
    out
}

/// Copies the template games until the database holds `games`.
fn copy(db: &str, templates: &[(String, Vec<String>)], games: usize, dealers_percent: usize) {
    let mut conn = rusqlite::Connection::open(db).unwrap();
    let tx = conn.transaction().unwrap();
    let dealers = games * dealers_percent / 100;
    let others: Vec<&String> = templates
        .iter()
        .filter(|(k, _)| k != "dealers")
        .flat_map(|(_, ids)| ids)
        .collect();
    let dealer_ids: Vec<&String> = templates
        .iter()
        .filter(|(k, _)| k == "dealers")
        .flat_map(|(_, ids)| ids)
        .collect();
    let have = templates.iter().map(|(_, ids)| ids.len()).sum::<usize>();
    for i in have..games {
        let from = if i < dealers && !dealer_ids.is_empty() {
            dealer_ids[i % dealer_ids.len()]
        } else {
            others[i % others.len()]
        };
        let id = format!("c{i:011}");
        tx.execute(
            "INSERT INTO games (id, variant, spec, token0, token1, engine_seat, engine_level, ended, created,
                                draw_offer_seat, draw_offer_plies, time_control, name0, name1)
             SELECT ?1, variant, spec, token0 || ?1, token1 || ?1, engine_seat, engine_level, ended, created + ?2,
                    draw_offer_seat, draw_offer_plies, time_control, name0, name1 FROM games WHERE id = ?3",
            rusqlite::params![id, i as i64, from],
        )
        .unwrap();
        tx.execute(
            "INSERT INTO moves (game_id, ply, text, clock_ms, mover)
             SELECT ?1, ply, text, clock_ms, mover FROM moves WHERE game_id = ?2",
            rusqlite::params![id, from],
        )
        .unwrap();
    }
    tx.commit().unwrap();
}

/// One start over `db` in this process: prints one line of JSON.
async fn start(db: &str) {
    let rss0 = rss_kb();
    let t = Instant::now();
    let state = AppState::with_config(Db::open(db).unwrap(), config()).unwrap();
    let (s, page) = call(&state, "GET", "/api/games?limit=50", None, None).await;
    assert_eq!(s, StatusCode::OK);
    let ready = t.elapsed();
    let rss_ready = rss_kb();
    let total = page["total"].as_u64().unwrap_or(0);
    // 100 games viewed, spread over the list.
    let mut ids = Vec::new();
    let mut before: Option<String> = None;
    while ids.len() < 100 {
        let path = match &before {
            Some(b) => format!("/api/games?limit=100&before={b}"),
            None => "/api/games?limit=100".to_string(),
        };
        let (_, page) = call(&state, "GET", &path, None, None).await;
        let games = page["games"].as_array().cloned().unwrap_or_default();
        ids.extend(
            games
                .iter()
                .step_by(10)
                .filter_map(|g| g["id"].as_str().map(str::to_string)),
        );
        match page["next"].as_str() {
            Some(n) => before = Some(n.to_string()),
            None => break,
        }
    }
    let t = Instant::now();
    for id in &ids {
        let (s, v) = call(&state, "GET", &format!("/api/games/{id}"), None, None).await;
        assert_eq!(s, StatusCode::OK, "{v}");
    }
    let viewed = t.elapsed();
    println!(
        "{}",
        json!({
            "games": total,
            "ready_ms": ready.as_millis() as u64,
            "rss_before_kb": rss0,
            "rss_ready_kb": rss_ready,
            "viewed": ids.len(),
            "view_ms": viewed.as_millis() as u64,
            "rss_viewed_kb": rss_kb(),
        })
    );
}

fn run_start(db: &str) -> Value {
    let out = std::process::Command::new(std::env::current_exe().unwrap())
        .args(["start", db])
        .stderr(std::process::Stdio::null())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    serde_json::from_str(text.lines().last().unwrap_or("null")).unwrap()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let rt = tokio::runtime::Runtime::new().unwrap();
    if args.first().map(String::as_str) == Some("start") {
        rt.block_on(start(&args[1]));
        return;
    }
    let games: usize = args.first().and_then(|a| a.parse().ok()).unwrap_or(10_000);
    let dealers_percent: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(10);
    let dir = std::env::temp_dir().join(format!("deckmate-restart-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("restart.db").to_string_lossy().into_owned();
    let t = Instant::now();
    let made = rt.block_on(async {
        let state = AppState::with_config(Db::open(&db).unwrap(), config()).unwrap();
        let made = templates(&state, 3).await;
        // The store writes in the background: let it finish.
        tokio::time::sleep(Duration::from_secs(3)).await;
        made
    });
    drop(rt);
    copy(&db, &made, games, dealers_percent);
    eprintln!(
        "{games} games stored ({dealers_percent}% Dealer's Chess) in {:.1} s",
        t.elapsed().as_secs_f64()
    );
    for name in ["first start", "restart"] {
        let r = run_start(&db);
        println!(
            "{name}: {} games, ready (state + lobby's first page) in {} ms, RSS {} MB ({} MB before the state); \
             {} games viewed in {} ms, RSS then {} MB",
            r["games"],
            r["ready_ms"],
            r["rss_ready_kb"].as_u64().unwrap_or(0) / 1024,
            r["rss_before_kb"].as_u64().unwrap_or(0) / 1024,
            r["viewed"],
            r["view_ms"],
            r["rss_viewed_kb"].as_u64().unwrap_or(0) / 1024,
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
