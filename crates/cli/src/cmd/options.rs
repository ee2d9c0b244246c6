//! Game options shared by several commands.

use crate::variant::Variant;
use clap::Args;
use deckmate_games::cardmate::{
    parse_quiet_limit, parse_switch, record::GameSpec, Options, PalaceRule, SetupKind,
};
use std::process::ExitCode;

/// Cardmate's rules options on the command line. None has a value
/// unless it was given, so that another game can refuse them
/// ([`CardmateOptions::given`]); [`CardmateOptions::spec`] fills in the
/// defaults.
#[derive(Args, Clone, Debug)]
pub struct CardmateOptions {
    /// Cardmate: starting position, predefined (default), suits, ranks or
    /// deal.
    #[arg(long, value_parser = parse_setup)]
    pub setup: Option<SetupKind>,
    /// Seed of a random Cardmate setup or Chess Cards deal, and of the
    /// computer player (play: default from the clock, printed and saved in
    /// the record; other commands: 0).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Cardmate: palace rule (V2), palace (default: both squares), king, or
    /// off.
    #[arg(long, value_parser = parse_palace)]
    pub palace: Option<PalaceRule>,
    /// Cardmate: draw by threefold repetition (V4), on (default) or off.
    #[arg(long, value_parser = parse_on_off)]
    pub repetition: Option<Switch>,
    /// Cardmate: draw after this many plies without capture or promotion
    /// (V4; default 100), or off.
    #[arg(long, value_parser = parse_limit)]
    pub quiet_limit: Option<Limit>,
}

/// An on/off option value.
#[derive(Copy, Clone, Debug)]
pub struct Switch(pub bool);

/// A limit that may be off.
#[derive(Copy, Clone, Debug)]
pub struct Limit(pub Option<u32>);

fn parse_setup(s: &str) -> Result<SetupKind, String> {
    s.parse()
        .map_err(|e: deckmate_games::cardmate::OptionError| e.to_string())
}

fn parse_palace(s: &str) -> Result<PalaceRule, String> {
    s.parse()
        .map_err(|e: deckmate_games::cardmate::OptionError| e.to_string())
}

fn parse_on_off(s: &str) -> Result<Switch, String> {
    parse_switch("repetition", s)
        .map(Switch)
        .map_err(|e| e.to_string())
}

fn parse_limit(s: &str) -> Result<Limit, String> {
    parse_quiet_limit(s).map(Limit).map_err(|e| e.to_string())
}

impl CardmateOptions {
    /// The game spec, with `seed` for the seed when none was given and
    /// the rules' defaults for the options not given.
    pub fn spec(&self, seed: u64) -> GameSpec {
        let d = Options::default();
        GameSpec {
            setup: self.setup.unwrap_or_default(),
            seed: self.seed.unwrap_or(seed),
            options: Options {
                palace: self.palace.unwrap_or(d.palace),
                repetition: self.repetition.map_or(d.repetition, |s| s.0),
                quiet_limit: self.quiet_limit.map_or(d.quiet_limit, |l| l.0),
            },
            fen: None,
        }
    }

    /// The Cardmate rules options given (not --seed, which other games
    /// may use), as typed: `--setup`, `--palace`, ...
    pub fn given(&self) -> Vec<&'static str> {
        let mut given = Vec::new();
        if self.setup.is_some() {
            given.push("--setup");
        }
        if self.palace.is_some() {
            given.push("--palace");
        }
        if self.repetition.is_some() {
            given.push("--repetition");
        }
        if self.quiet_limit.is_some() {
            given.push("--quiet-limit");
        }
        given
    }

    /// Refuses these options for `game`, which has none of them: all but
    /// --seed, and --seed too unless `game` uses it.
    pub fn refuse_for(&self, game: Variant, seed_used: bool) -> Result<(), String> {
        let mut given = self.given();
        if self.seed.is_some() && !seed_used {
            given.insert(0, "--seed");
        }
        refuse_options(&given, Variant::Cardmate.name(), game.name())
    }
}

/// Refuses `options` (as typed, e.g. `--palace`), which are `owner`'s,
/// when `game` is played: the message names the game they belong to.
pub fn refuse_options(options: &[&str], owner: &str, game: &str) -> Result<(), String> {
    match options {
        [] => Ok(()),
        [one] => Err(format!("{one} is an option of {owner}, not of {game}")),
        [first @ .., last] => Err(format!(
            "{} and {last} are options of {owner}, not of {game}",
            first.join(", ")
        )),
    }
}

/// A usage error (as clap reports them, status 2): `message` and a hint.
pub fn usage_error(message: &str) -> ExitCode {
    errln!("error: {message}\n\nFor more information, try '--help'.");
    ExitCode::from(2)
}

/// A seed from the clock, for games where none was given.
pub fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64 % 1_000_000_000)
        .unwrap_or(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_of_another_game_are_refused_by_name() {
        assert_eq!(refuse_options(&[], "Cardmate", "Cuarenta"), Ok(()));
        assert_eq!(
            refuse_options(&["--palace"], "Cardmate", "Cuarenta"),
            Err("--palace is an option of Cardmate, not of Cuarenta".to_string())
        );
        assert_eq!(
            refuse_options(
                &["--setup", "--palace", "--repetition"],
                "Cardmate",
                "Chess Cards"
            ),
            Err(
                "--setup, --palace and --repetition are options of Cardmate, not of Chess Cards"
                    .to_string()
            )
        );
    }
}
