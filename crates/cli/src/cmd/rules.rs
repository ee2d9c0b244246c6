//! `deckmate rules GAME`: the rules text of the game's registry entry.

use crate::games::{every_game, no_hint, GameArg};
use clap::Args;
use deckmate_games::registry::GameEntry;
use std::process::ExitCode;

/// Arguments of `deckmate rules`.
#[derive(Args)]
#[command(
    override_usage = "deckmate rules [OPTIONS] <GAME>\n       deckmate rules [OPTIONS] --variant-file <PATH>"
)]
#[command(
    after_help = "Examples:\n  deckmate rules cardmate | less\n  deckmate rules cuarenta\n\n\
The text gives the inventor's rules with the project's rulings on what they\n\
leave open, each with its tag (RULINGS.md), and the options that change them."
)]
pub struct RulesArgs {
    /// The game.
    #[arg(value_parser = GameArg::new("rules", every_game, no_hint), required_unless_present = "variant_file")]
    game: Option<&'static GameEntry>,
    /// The variant of this TOML file: its pieces, then the file
    /// (docs/variant-files.md).
    #[arg(long, value_name = "PATH", conflicts_with = "game")]
    variant_file: Option<String>,
}

/// Prints the rules.
pub fn run(args: RulesArgs) -> Result<ExitCode, String> {
    let game = crate::variant_arg::game_of(args.game, args.variant_file.as_deref())?;
    out!("{}", game.rules);
    Ok(ExitCode::SUCCESS)
}
