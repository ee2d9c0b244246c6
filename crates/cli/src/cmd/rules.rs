//! `deckmate rules GAME`.

use crate::variant::Variant;
use clap::Args;
use std::process::ExitCode;

/// Arguments of `deckmate rules`.
#[derive(Args)]
#[command(after_help = "Example:\n  deckmate rules cardmate | less\n\n\
The text gives the page's rules with the project's rulings (C1-C6 captures,\n\
V1-V4 victory and draws) and the options that switch the reconstructed ones.")]
pub struct RulesArgs {
    /// The game.
    #[arg(value_enum)]
    game: Variant,
}

/// Prints the rules.
pub fn run(args: RulesArgs) -> Result<ExitCode, String> {
    match args.game {
        Variant::Cardmate => print!("{}", deckmate_games::cardmate::RULES),
        Variant::ChessCards => print!("{}", deckmate_games::chess_cards::RULES),
    }
    Ok(ExitCode::SUCCESS)
}
