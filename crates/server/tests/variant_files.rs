//! Variant files through the HTTP API (`serve --variants DIR`): the lobby
//! lists them, a game is created and played, its view and record work,
//! a broken file is skipped with its reason, a clash with a built-in key
//! is refused, and a restart without the file (or with another version of
//! it) answers those games with the reason, not a panic or a failed start.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use axum::http::StatusCode;
use common::{call, play_move as play, record, temp_db};
use deckmate_server::{load_variants, AppState, Config, Db, MAX_VARIANT_FILES};
use serde_json::json;
use std::path::{Path, PathBuf};

const CHESS: &str = include_str!("../../../variants/chess.toml");
const COURT: &str = include_str!("../../../variants/fairy-court.toml");

/// A folder of variant files: chess, the Fairy Court, a broken file (a
/// bad XBetza atom), a clash with a built-in key and a file that is not
/// TOML by its name. With the guard of the folder it is in (see
/// [`temp_db`]).
fn variants_dir(name: &str) -> (tempfile::TempDir, PathBuf) {
    let (dir, _) = temp_db(name);
    let v = dir.path().join("variants");
    std::fs::create_dir_all(&v).unwrap();
    std::fs::write(v.join("chess.toml"), CHESS).unwrap();
    std::fs::write(v.join("fairy-court.toml"), COURT).unwrap();
    std::fs::write(
        v.join("broken.toml"),
        CHESS.replace("betza = \"N\"", "betza = \"NY\""),
    )
    .unwrap();
    std::fs::write(
        v.join("cuarenta.toml"),
        CHESS.replace("\"Chess\"", "\"Mine\""),
    )
    .unwrap();
    std::fs::write(v.join("notes.txt"), "not a variant").unwrap();
    (dir, v)
}

fn state_with(db: &str, dir: &Path) -> (AppState, Vec<String>) {
    let loaded = load_variants(dir).unwrap();
    let config = Config {
        engines: false,
        catalog: loaded.catalog,
        ..Config::default()
    };
    (
        AppState::with_config(Db::open(db).unwrap(), config).unwrap(),
        loaded.skipped,
    )
}

async fn create(state: &AppState, variant: &str) -> (String, [String; 2]) {
    let (s, v) = call(
        state,
        "POST",
        "/api/games",
        None,
        Some(json!({ "variant": variant, "opponent": "friend" })),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["variant"], variant);
    (
        v["id"].as_str().unwrap().to_string(),
        [
            v["tokens"]["white"].as_str().unwrap().to_string(),
            v["tokens"]["black"].as_str().unwrap().to_string(),
        ],
    )
}

#[tokio::test]
async fn the_lobby_offers_the_files_and_skips_the_broken_ones() {
    let (_variants, dir) = variants_dir("vf-lobby");
    let (_db_dir, db) = temp_db("vf-lobby-db");
    let (state, skipped) = state_with(&db, &dir);
    // The broken file: its path, line and column, the XBetza byte.
    assert_eq!(skipped.len(), 2, "{skipped:?}");
    let broken = skipped.iter().find(|s| s.contains("broken.toml")).unwrap();
    assert!(
        broken.contains(
            "broken.toml:50:11: piece 'Knight': XBetza \"NY\", byte 1 ('Y'): unknown atom 'Y'"
        ),
        "{broken}"
    );
    let clash = skipped
        .iter()
        .find(|s| s.contains("cuarenta.toml"))
        .unwrap();
    assert!(clash.contains("a built-in game's"), "{clash}");

    let (s, v) = call(&state, "GET", "/api/variants", None, None).await;
    assert_eq!(s, StatusCode::OK);
    let keys: Vec<&str> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["key"].as_str().unwrap())
        .collect();
    assert_eq!(
        keys,
        [
            "cardmate",
            "chess-cards",
            "cuarenta",
            "52chess",
            "dealers",
            "chess",
            "fairy-court"
        ]
    );
    let court = &v.as_array().unwrap()[6];
    assert_eq!(court["name"], "Fairy Court");
    assert_eq!(court["variant_file"], "fairy-court.toml");
    assert_eq!(court["seats"], json!(["white", "black"]));
    let (s, rules) = call(&state, "GET", "/api/rules/fairy-court", None, None).await;
    assert_eq!(s, StatusCode::OK);
    // Issue 31, item 15: the rules in words (the pieces, the start, how
    // it ends), not the file reflowed.
    let text = rules.as_str().unwrap();
    assert!(text.contains("Gryffon: FyafsF"), "{text}");
    for section in [
        "THE BOARD",
        "THE PIECES",
        "THE START",
        "WINNING",
        "PROMOTION",
        "DRAWS",
    ] {
        assert!(text.contains(section), "{section}: {text}");
    }
    assert!(
        !text.contains("[[piece]]") && !text.contains("betza ="),
        "{text}"
    );
    let (s, cards) = call(&state, "GET", "/api/rules/fairy-court/pieces", None, None).await;
    assert_eq!(s, StatusCode::OK);
    let gryffon = cards
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "Gryffon")
        .unwrap();
    assert_eq!(gryffon["svg"], "/pieces/fairy-court/G.svg");
    let (s, _) = call(&state, "GET", "/pieces/fairy-court/G.svg", None, None).await;
    assert_eq!(s, StatusCode::OK);
}

#[tokio::test]
async fn a_variant_game_is_created_played_viewed_and_recorded() {
    let (_variants, dir) = variants_dir("vf-play");
    let (_db_dir, db) = temp_db("vf-play-db");
    let (state, _) = state_with(&db, &dir);
    let (id, [white, black]) = create(&state, "fairy-court").await;
    let (s, v) = call(
        &state,
        "GET",
        &format!("/api/games/{id}"),
        Some(&white),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["board"]["files"], 12);
    assert_eq!(v["board"]["ranks"], 12);
    assert_eq!(v["pieces"].as_array().unwrap().len(), 72);
    assert_eq!(v["prompt"], "White to move (you)");
    let moves = v["moves"].as_array().unwrap();
    assert!(moves.iter().any(|m| m["text"] == "e4" && m["from"] == "e3"));
    // A move, a refusal with the reason, the other side's move.
    assert_eq!(play(&state, &id, &white, "e4").await.0, StatusCode::OK);
    let (s, e) = play(&state, &id, &black, "Qxa1").await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{e}");
    assert_eq!(play(&state, &id, &black, "f9").await.0, StatusCode::OK);
    let (s, v) = call(&state, "GET", &format!("/api/games/{id}"), None, None).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(v["last"], json!({ "from": "f10", "to": "f9" }));
    assert_eq!(v["plies"], 2);
    // The record names the variant and its file, and replays.
    let (s, r) = record(&state, &id).await;
    assert_eq!(s, StatusCode::OK);
    let text = r.as_str().unwrap();
    assert!(text.contains("[Variant \"Fairy Court\"]"), "{text}");
    assert!(
        text.contains("[VariantFile \"fairy-court.toml\"]"),
        "{text}"
    );
    assert!(text.contains("1. e4 f9"), "{text}");
    let entry = deckmate_games::variant_game::load("fairy-court.toml", COURT).unwrap();
    let replayed = entry.replay_text(text).unwrap();
    assert_eq!(replayed.plies, 2);
    // Listed by its key.
    let (s, l) = call(&state, "GET", "/api/games?variant=fairy-court", None, None).await;
    assert_eq!(s, StatusCode::OK, "{l}");
    assert_eq!(l["games"].as_array().unwrap().len(), 1);
}

#[tokio::test]
async fn an_engine_answers_in_a_variant_game() {
    let (_variants, dir) = variants_dir("vf-engine");
    let (_db_dir, db) = temp_db("vf-engine-db");
    let loaded = load_variants(&dir).unwrap();
    let config = Config {
        engine_threads: 1,
        catalog: loaded.catalog,
        ..Config::default()
    };
    let state = AppState::with_config(Db::open(&db).unwrap(), config).unwrap();
    let (s, v) = call(
        &state,
        "POST",
        "/api/games",
        None,
        Some(json!({ "variant": "chess", "opponent": { "engine": 1, "seat": "white" } })),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let id = v["id"].as_str().unwrap().to_string();
    let token = v["token"].as_str().unwrap().to_string();
    assert_eq!(play(&state, &id, &token, "e4").await.0, StatusCode::OK);
    let start = std::time::Instant::now();
    loop {
        let (_, v) = call(&state, "GET", &format!("/api/games/{id}"), None, None).await;
        if v["plies"] == 2 {
            break;
        }
        assert!(
            start.elapsed().as_secs() < 60,
            "the engine never moved: {v}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn a_restart_without_the_file_refuses_its_games_with_the_reason() {
    let (_variants, dir) = variants_dir("vf-restart");
    let (_db_dir, db) = temp_db("vf-restart-db");
    let (chess_id, court_id, white) = {
        let (state, _) = state_with(&db, &dir);
        let (chess_id, [white, _]) = create(&state, "chess").await;
        assert_eq!(
            play(&state, &chess_id, &white, "e4").await.0,
            StatusCode::OK
        );
        let (court_id, _) = create(&state, "fairy-court").await;
        (chess_id, court_id, white)
    };
    // Restarted with the same files: the game goes on where it was.
    {
        let (state, _) = state_with(&db, &dir);
        let (s, v) = call(&state, "GET", &format!("/api/games/{chess_id}"), None, None).await;
        assert_eq!(s, StatusCode::OK, "{v}");
        assert_eq!(v["plies"], 1);
    }
    // Without the Fairy Court's file, and with another version of chess's.
    std::fs::remove_file(dir.join("fairy-court.toml")).unwrap();
    std::fs::write(dir.join("chess.toml"), CHESS.replace("FIDE", "the FIDE")).unwrap();
    let (state, _) = state_with(&db, &dir);
    let (s, v) = call(&state, "GET", &format!("/api/games/{court_id}"), None, None).await;
    assert_eq!(s, StatusCode::SERVICE_UNAVAILABLE, "{v}");
    let why = v["error"].as_str().unwrap();
    assert!(
        why.contains("'fairy-court', which this server does not offer now")
            && why.contains("fairy-court.toml"),
        "{why}"
    );
    let (s, v) = play(&state, &chess_id, &white, "e5").await;
    assert_eq!(s, StatusCode::SERVICE_UNAVAILABLE, "{v}");
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .contains("another version of the variant file chess.toml"),
        "{v}"
    );
    let (s, _) = call(
        &state,
        "GET",
        &format!("/api/games/{chess_id}/record"),
        None,
        None,
    )
    .await;
    assert_eq!(s, StatusCode::SERVICE_UNAVAILABLE);
    // The other games are served, and new chess games of the new version
    // are made.
    let (new_id, _) = create(&state, "chess").await;
    let (s, _) = call(&state, "GET", &format!("/api/games/{new_id}"), None, None).await;
    assert_eq!(s, StatusCode::OK);
}

#[test]
fn too_many_files_are_skipped_and_a_missing_dir_is_an_error() {
    let (tmp, _) = temp_db("vf-many");
    let dir = tmp.path().to_path_buf();
    for i in 0..=MAX_VARIANT_FILES {
        std::fs::write(
            dir.join(format!("v{i:03}.toml")),
            CHESS.replace("name = \"Chess\"", &format!("name = \"Chess {i}\"")),
        )
        .unwrap();
    }
    let loaded = load_variants(&dir).unwrap();
    assert_eq!(loaded.catalog.added().len(), MAX_VARIANT_FILES);
    assert_eq!(loaded.skipped.len(), 1, "{:?}", loaded.skipped);
    assert!(
        loaded.skipped[0].contains("at most 64"),
        "{:?}",
        loaded.skipped
    );
    let _ = tmp.close();
    assert!(load_variants(&dir).is_err());
}
