//! Any text as an analysis board (`{"game", "spec", "moves"}`, what a
//! client sends `/api/analysis/view`): every game's stored-spec reader and
//! its moves read as the server reads them. An error or a game, never a
//! panic.
#![no_main]

use deckmate_games::list::GAMES;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, text)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(text) else {
        return;
    };
    let Ok(board) = serde_json::from_str::<serde_json::Value>(text) else {
        return;
    };
    let entry = GAMES[usize::from(pick) % GAMES.len()];
    let Ok(mut game) = entry.game_from_spec(&board["spec"]) else {
        return;
    };
    for m in board["moves"].as_array().into_iter().flatten().take(200) {
        let Some(m) = m.as_str() else { return };
        if game.play_typed(m).is_err() {
            return;
        }
        let _ = game.view(game.to_move(), true);
    }
    let _ = game.analysis_start();
    let _ = game.chance_moves();
});
