//! The integration tests of deckmate-server, one binary (linking one test binary per file cost minutes).

mod accounts;
mod analysis;
mod api;
mod blocking;
mod bot_api;
mod chat;
mod chess52;
mod chess_cards;
mod clocks;
mod common;
mod cuarenta;
mod dealers;
mod engine_turns;
mod error_codes;
mod evaluation;
mod fair_play;
mod hostile;
mod lazy_games;
mod limits;
mod lobby;
mod piece_cards;
mod seeks;
mod sixth_game;
mod stores;
mod takebacks;
// The test-only sixth game, defined once in deckmate-games' tests.
#[path = "../../games/tests/toy_game.rs"]
mod toy_game;
mod two_servers;
mod variant_files;
mod view_schema;
mod web_items;
mod web_modules;
