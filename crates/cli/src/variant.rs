//! The games `solve` knows, by their stable keys (the other commands
//! read their game from the registry: [`crate::games`]).

use clap::builder::{PossibleValue, TypedValueParser};
use clap::error::ErrorKind;
use clap::ValueEnum;
use std::ffi::OsStr;

/// A game deckmate plays. More join as they are implemented. Each
/// command takes the ones it supports through a [`GameParser`].
#[derive(Copy, Clone, PartialEq, Eq, Debug, ValueEnum)]
pub enum Variant {
    /// Cardmate (Ivan Derzhanski): 10x10, the cards of a suited pack.
    Cardmate,
    /// Chess Cards (after Capellen's MATE): a 20-card duel of leads and replies.
    #[value(name = "chess-cards")]
    ChessCards,
    /// Cuarenta (Mark Thompson): the 40 light squares of a 9x9 board.
    Cuarenta,
}

impl Variant {
    /// The stable key, as typed on the command line.
    pub fn key(self) -> &'static str {
        match self {
            Variant::Cardmate => "cardmate",
            Variant::ChessCards => "chess-cards",
            Variant::Cuarenta => "cuarenta",
        }
    }
}

/// Reads the game argument of `command`, which supports `supported`:
/// `--help` and the error for a wrong value list only those, and a game
/// deckmate knows but `command` does not take is refused with `hint`.
#[derive(Clone)]
pub struct GameParser {
    command: &'static str,
    supported: &'static [Variant],
    hint: &'static str,
}

impl GameParser {
    /// The parser of `command`'s game among `supported`.
    pub const fn new(
        command: &'static str,
        supported: &'static [Variant],
        hint: &'static str,
    ) -> GameParser {
        GameParser {
            command,
            supported,
            hint,
        }
    }

    /// What the command supports: `only chess-cards`, `cardmate and
    /// cuarenta`.
    fn supports(&self) -> String {
        let keys: Vec<&str> = self.supported.iter().map(|g| g.key()).collect();
        match keys.as_slice() {
            [one] => format!("'{}' supports only {one}", self.command),
            [first @ .., last] => {
                format!(
                    "'{}' supports {} and {last}",
                    self.command,
                    first.join(", ")
                )
            }
            [] => format!("'{}' supports no game", self.command),
        }
    }

    /// The error for `value`, which is not one of the supported games.
    fn refusal(&self, value: &str) -> String {
        match Variant::from_str(value, false) {
            Ok(game) => format!("{}, not {} ({})", self.supports(), game.key(), self.hint),
            Err(_) => {
                let known: Vec<&str> = Variant::value_variants().iter().map(|g| g.key()).collect();
                let supports = if self.supported.len() < known.len() {
                    format!("; {}", self.supports())
                } else {
                    String::new()
                };
                format!(
                    "unknown game '{}' (known: {}{supports})",
                    crate::cmd::terminal::quote(value),
                    known.join(", "),
                )
            }
        }
    }
}

impl TypedValueParser for GameParser {
    type Value = Variant;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        _arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<Variant, clap::Error> {
        let text = value.to_string_lossy();
        match Variant::from_str(&text, false) {
            Ok(game) if self.supported.contains(&game) => Ok(game),
            _ => Err(clap::Error::raw(
                ErrorKind::InvalidValue,
                format!(
                    "{}\n\nFor more information, try '--help'.\n",
                    self.refusal(&text)
                ),
            )
            .with_cmd(cmd)),
        }
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(
            self.supported.iter().filter_map(|g| g.to_possible_value()),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_command_takes_only_its_games_and_says_which() {
        let p = GameParser::new(
            "analyse",
            &[Variant::Cardmate, Variant::Cuarenta],
            "Chess Cards has no board",
        );
        let cmd = clap::Command::new("analyse");
        let parse = |v: &str| p.parse_ref(&cmd, None, OsStr::new(v));
        assert_eq!(parse("cuarenta").ok(), Some(Variant::Cuarenta));
        let err = parse("chess-cards")
            .map_err(|e| e.to_string())
            .err()
            .unwrap_or_default();
        assert!(
            err.contains(
                "'analyse' supports cardmate and cuarenta, not chess-cards (Chess Cards has no board"
            ),
            "{err}"
        );
        let err = parse("chess")
            .map_err(|e| e.to_string())
            .err()
            .unwrap_or_default();
        assert!(
            err.contains(
                "unknown game 'chess' (known: cardmate, chess-cards, cuarenta; 'analyse' supports cardmate and cuarenta)"
            ),
            "{err}"
        );
        let listed: Vec<String> = p
            .possible_values()
            .into_iter()
            .flatten()
            .map(|v| v.get_name().to_string())
            .collect();
        assert_eq!(listed, ["cardmate", "cuarenta"]);
    }
}
