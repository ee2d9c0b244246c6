//! `deckmate rules GAME`.

use crate::variant::Variant;
use clap::Args;
use std::process::ExitCode;

/// Arguments of `deckmate rules`.
#[derive(Args)]
pub struct RulesArgs {
    /// The game.
    #[arg(value_enum)]
    game: Variant,
}

/// Prints the rules.
pub fn run(args: RulesArgs) -> Result<ExitCode, String> {
    match args.game {
        Variant::Cardmate => print!("{}", deckmate_games::cardmate::RULES),
    }
    Ok(ExitCode::SUCCESS)
}
