//! `deckmate rules GAME`.

use crate::variant::{GameParser, Variant, ALL_GAMES};
use clap::Args;
use std::process::ExitCode;

/// Arguments of `deckmate rules`.
#[derive(Args)]
#[command(
    after_help = "Examples:\n  deckmate rules cardmate | less\n  deckmate rules cuarenta\n\n\
The text gives the page's rules with the project's rulings (Cardmate: C1-C6\n\
captures, V1-V4 victory and draws, and the options that switch the\n\
reconstructed ones; Cuarenta: Q1-Q10)."
)]
pub struct RulesArgs {
    /// The game.
    #[arg(value_parser = GameParser::new("rules", ALL_GAMES, ""))]
    game: Variant,
}

/// Prints the rules.
pub fn run(args: RulesArgs) -> Result<ExitCode, String> {
    match args.game {
        Variant::Cardmate => out!("{}", deckmate_games::cardmate::RULES),
        Variant::ChessCards => out!("{}", deckmate_games::chess_cards::RULES),
        Variant::Cuarenta => out!("{}", deckmate_games::cuarenta::RULES),
    }
    Ok(ExitCode::SUCCESS)
}
