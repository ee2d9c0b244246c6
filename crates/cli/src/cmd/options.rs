//! Game options shared by several commands.

use clap::Args;
use deckmate_games::cardmate::{
    parse_quiet_limit, parse_switch, record::GameSpec, Options, PalaceRule, SetupKind,
};

/// Cardmate's rules options on the command line.
#[derive(Args, Clone, Debug)]
pub struct CardmateOptions {
    /// Starting position: predefined, suits, ranks or deal.
    #[arg(long, default_value = "predefined", value_parser = parse_setup)]
    pub setup: SetupKind,
    /// Seed of a random setup and of the computer player (play: default
    /// from the clock, printed and saved in the record; other commands: 0).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Palace rule (V2): palace (both squares), king, or off.
    #[arg(long, default_value = "palace", value_parser = parse_palace)]
    pub palace: PalaceRule,
    /// Draw by threefold repetition (V4): on or off.
    #[arg(long, default_value = "on", value_parser = parse_on_off)]
    pub repetition: Switch,
    /// Draw after this many plies without capture or promotion (V4), or off.
    #[arg(long, default_value = "100", value_parser = parse_limit)]
    pub quiet_limit: Limit,
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
    /// The game spec, with `seed` for the seed when none was given.
    pub fn spec(&self, seed: u64) -> GameSpec {
        GameSpec {
            setup: self.setup,
            seed: self.seed.unwrap_or(seed),
            options: Options {
                palace: self.palace,
                repetition: self.repetition.0,
                quiet_limit: self.quiet_limit.0,
            },
            fen: None,
        }
    }
}

impl CardmateOptions {
    /// The spec the options give when none is set (for commands that
    /// refuse Cardmate options for another game).
    pub fn default_spec() -> GameSpec {
        GameSpec {
            seed: 0,
            ..GameSpec::default()
        }
    }
}

/// A seed from the clock, for games where none was given.
pub fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64 % 1_000_000_000)
        .unwrap_or(1)
}
