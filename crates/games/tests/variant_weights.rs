//! A variant file's `[weights]` table: read over the defaults, refused
//! with its place when a key is unknown or a value out of range, and used
//! by the engine of the game loaded from the file.
#![allow(clippy::unwrap_used)]

use deckmate_engine::Evaluator;
use deckmate_games::fairy::eval::{EvalWeights, MAX_WEIGHT};
use deckmate_games::registry::EngineHook;
use deckmate_games::variant_file::{read_all, Problem};
use deckmate_games::variant_game::{self, FairyTools};
use deckmate_rules::Game;

/// `variants/chess.toml` as it is, its tuned `[weights]` included.
fn chess_file() -> String {
    std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../variants/chess.toml"
    ))
    .unwrap()
}

/// `variants/chess.toml` without its `[weights]` table (the file's last).
fn chess_text() -> String {
    let file = chess_file();
    file.split("\n[weights]").next().unwrap().to_string()
}

#[test]
fn chess_toml_carries_its_tuned_weights() {
    let w = read_all(&chess_file()).unwrap().weights;
    assert_ne!(w, EvalWeights::default());
    assert_eq!((w.mobility, w.tempo), (126, 0));
}

fn with_table(table: &str) -> String {
    format!("{}\n[weights]\n{table}\n", chess_text())
}

#[test]
fn no_table_keeps_the_defaults() {
    assert_eq!(
        read_all(&chess_text()).unwrap().weights,
        EvalWeights::default()
    );
}

#[test]
fn the_table_overrides_the_weights_it_names() {
    let w = read_all(&with_table("tempo = 25\nmobility = 80\nisolated = -5"))
        .unwrap()
        .weights;
    assert_eq!(
        w,
        EvalWeights {
            tempo: 25,
            mobility: 80,
            isolated: -5,
            ..EvalWeights::default()
        }
    );
    // Every weight, as the tuner writes them, reads back.
    let all = EvalWeights {
        mobility: 1,
        pawn_advance: 2,
        king_attacker: 3,
        king_zone_square: 4,
        tempo: 5,
        passed: 6,
        passed_advance: 7,
        doubled: 8,
        isolated: 9,
        centre: 10,
        shelter: 11,
        royal_rank: 12,
        royal_centre: 13,
        pair: 14,
        open_file: 15,
        half_open_file: 16,
    };
    let text = format!("{}\n{}", chess_text(), all.to_toml());
    assert_eq!(read_all(&text).unwrap().weights, all);
    // An empty table is the defaults.
    assert_eq!(
        read_all(&with_table("")).unwrap().weights,
        EvalWeights::default()
    );
}

#[test]
fn unknown_keys_and_bad_values_are_refused_with_their_place() {
    let text = with_table("tempo = 25\ntempi = 3");
    let e = read_all(&text).unwrap_err();
    assert!(matches!(e.problem, Problem::Toml(_)), "{e}");
    let msg = e.to_string();
    assert!(msg.contains("unknown field `tempi`"), "{msg}");
    assert!(msg.contains("`mobility`"), "{msg}");
    let line = text.lines().position(|l| l == "tempi = 3").unwrap() + 1;
    assert_eq!(e.at.unwrap().line, line);

    let e = read_all(&with_table(&format!("tempo = {}", MAX_WEIGHT + 1))).unwrap_err();
    assert_eq!(
        e.problem,
        Problem::Weight {
            key: "tempo",
            value: i64::from(MAX_WEIGHT + 1)
        }
    );
    assert!(e.to_string().contains("weight `tempo` = 10001"), "{e}");
    assert!(read_all(&with_table("mobility = -99999999999")).is_err());
    assert!(read_all(&with_table("mobility = 1.5")).is_err());
    assert!(read_all(&with_table("mobility = \"high\"")).is_err());
    assert!(read_all(&with_table(&format!("tempo = {}", -MAX_WEIGHT))).is_ok());
}

#[test]
fn the_loaded_game_s_engine_uses_the_file_s_weights() {
    let entry = variant_game::load("chess-tuned.toml", &with_table("tempo = 77")).unwrap();
    let game = variant_game::of_entry(entry).unwrap();
    assert_eq!(game.weights.tempo, 77);
    let searcher = FairyTools::new(game.clone()).searcher(0);
    assert_eq!(searcher.evaluator().weights().tempo, 77);
    // The start is symmetric: its score is the tempo alone.
    assert_eq!(searcher.evaluator().evaluate(&game.start()), 77);
    // Without the table, the defaults.
    let plain =
        variant_game::of_entry(variant_game::load("chess.toml", &chess_text()).unwrap()).unwrap();
    let searcher = FairyTools::new(plain.clone()).searcher(0);
    assert_eq!(searcher.evaluator().weights(), &EvalWeights::default());
    assert_eq!(plain.start().position_text(), game.start().position_text());
}
