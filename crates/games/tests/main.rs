//! The integration tests of deckmate-games, one binary (linking one test binary per file cost minutes).

mod analysis;
mod betza_limits;
mod cardmate_cards;
mod cardmate_engine;
mod cardmate_golden;
mod cardmate_perft;
mod cardmate_properties;
mod cardmate_rulings;
mod cardmate_strength;
mod chess52_engine;
mod chess52_entry;
mod chess52_perft;
mod chess52_properties;
mod chess52_rulings;
mod chess_cards_deals;
mod chess_cards_dominance;
mod chess_cards_entry;
mod chess_cards_player;
mod chess_cards_rulings;
mod chess_cards_solver;
mod chess_cards_table;
mod chess_cards_values;
mod coordinates;
// The property runner that counts checked cases, shared with betza's tests.
#[path = "../../betza/tests/counted.rs"]
mod counted;
mod cuarenta_board;
mod cuarenta_engine;
mod cuarenta_notation;
mod cuarenta_perft;
mod cuarenta_properties;
mod cuarenta_rulings;
mod cuarenta_strength;
mod dealers_cards;
mod dealers_chooser;
mod dealers_deal;
mod dealers_eval;
mod dealers_fen;
mod dealers_play;
mod dealers_reference;
mod dealers_rules;
mod dealers_shared;
mod engine_levels;
mod fairy_core;
mod fairy_draws;
mod fairy_eval;
mod fairy_input;
mod fairy_perft;
mod fairy_properties;
mod fairy_tune;
mod from_to_properties;
mod piece_guides;
mod record_reader;
mod registry;
mod registry_board;
mod registry_tools;
mod sixth_game;
mod takeback_secrets;
mod toy_game;
mod typed_errors;
mod variant_16x16;
mod variant_build;
mod variant_files;
mod variant_games;
mod variant_weights;

/// The parts of a move refused as ambiguous (`text`, `side`, `piece`,
/// `to`) and its candidates; any other answer fails the test.
pub(crate) fn ambiguity<M: std::fmt::Debug>(
    answer: Result<M, deckmate_rules::MoveError>,
) -> ([String; 4], Vec<String>) {
    match answer {
        Err(deckmate_rules::MoveError::Ambiguous {
            text,
            side,
            piece,
            to,
            candidates,
        }) => ([text, side, piece, to], candidates),
        other => panic!("not an ambiguity: {other:?}"),
    }
}
