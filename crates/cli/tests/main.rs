//! The integration tests of deckmate-cli, one binary (linking one test binary per file cost minutes).

mod cards;
mod chess52;
mod chess_cards;
mod cli;
mod common;
mod cuarenta;
mod db;
mod dealers;
mod engine_match;
mod engine_process;
mod hardening;
mod online;
mod serve_secrets;
mod terminal_items;
mod tune;
mod uci;
mod variant_files;
mod xboard;
