//! The game argument of every command, read from the games' registry
//! ([`deckmate_games::registry`]): a command names the capability it needs
//! (every game, the board games with engine tools, ...), and `--help`, the
//! list of values and the errors come from the registry's entries.

use clap::builder::{PossibleValue, TypedValueParser};
use clap::error::ErrorKind;
use deckmate_games::list;
use deckmate_games::list::GAMES;
use deckmate_games::registry::GameEntry;
use std::ffi::OsStr;

/// Which games a command takes.
pub type Takes = fn(&GameEntry) -> bool;

/// Every game.
pub fn every_game(_: &GameEntry) -> bool {
    true
}

/// What the engine commands (`perft`, `analyse`, `bench`, `match`) say to
/// a game without engine tools (its own commands, by its capabilities).
pub fn no_board_hint(game: &GameEntry) -> String {
    match game.capabilities.solver {
        Some(_) => format!(
            "{} has no board: 'deckmate solve {}' analyses it exactly, 'deckmate play {}' plays it",
            game.name, game.key, game.key
        ),
        None => format!(
            "{} has no board: 'deckmate play {}' plays it",
            game.name, game.key
        ),
    }
}

/// No hint.
pub fn no_hint(_: &GameEntry) -> String {
    String::new()
}

/// The hint of a refusal: what to do with a game the command does not
/// take.
pub type Hint = fn(&GameEntry) -> String;

/// Reads the game argument of `command`: `--help` and the error for a
/// wrong value list only the games it takes, and a game deckmate knows but
/// `command` does not take is refused with `hint`.
#[derive(Clone)]
pub struct GameArg {
    command: &'static str,
    takes: Takes,
    hint: Hint,
}

impl GameArg {
    /// The game argument of `command`, which takes the games `takes` accepts.
    pub const fn new(command: &'static str, takes: Takes, hint: Hint) -> GameArg {
        GameArg {
            command,
            takes,
            hint,
        }
    }

    fn supported(&self) -> Vec<&'static GameEntry> {
        GAMES.iter().copied().filter(|g| (self.takes)(g)).collect()
    }

    /// What the command supports: `'solve' supports only chess-cards`,
    /// `'analyse' supports cardmate and cuarenta`.
    fn supports(&self) -> String {
        let keys: Vec<&str> = self.supported().iter().map(|g| g.key).collect();
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

    /// The error for `value`, which is not one of the games taken.
    pub fn refusal(&self, value: &str) -> String {
        match list::find(value) {
            Some(game) => match (self.hint)(game) {
                h if h.is_empty() => format!("{}, not {}", self.supports(), game.key),
                h => format!("{}, not {} ({h})", self.supports(), game.key),
            },
            None => {
                let supports = if self.supported().len() < GAMES.len() {
                    format!("; {}", self.supports())
                } else {
                    String::new()
                };
                format!(
                    "unknown game '{}' (known: {}{supports})",
                    crate::cmd::terminal::quote(value),
                    list::keys(),
                )
            }
        }
    }
}

impl TypedValueParser for GameArg {
    type Value = &'static GameEntry;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        _arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<&'static GameEntry, clap::Error> {
        let text = value.to_string_lossy();
        match list::find(&text) {
            Some(game) if (self.takes)(game) => Ok(game),
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
            self.supported()
                .into_iter()
                .map(|g| PossibleValue::new(g.key).help(g.summary)),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The README's table of the commands each game takes, made from the
    /// list and the entries' capabilities.
    fn commands_table() -> String {
        let mut t = String::from(
            "| game | play, rules, replay | perft, analyse, bench, match | solve | cards |\n|---|---|---|---|---|\n",
        );
        let yes = |b: bool| if b { "yes" } else { "-" };
        for g in GAMES {
            t.push_str(&format!(
                "| {} (`{}`) | yes | {} | {} | {} |\n",
                g.name,
                g.key,
                yes(g.tools.is_some()),
                yes(g.capabilities.solver.is_some()),
                yes(g.capabilities.reference_cards.is_some()),
            ));
        }
        t
    }

    #[test]
    fn the_readme_lists_the_commands_of_every_game_from_the_list() {
        let readme = include_str!("../../../README.md");
        let table = commands_table();
        assert!(
            readme.contains(&table),
            "README.md's table of commands per game is not the list's; it should read:\n{table}"
        );
    }

    fn board(g: &GameEntry) -> bool {
        g.key != "chess-cards"
    }

    #[test]
    fn a_command_takes_only_its_games_and_says_which() {
        let p = GameArg::new("analyse", board, |_| "no board".into());
        let cmd = clap::Command::new("analyse");
        let parse = |v: &str| p.parse_ref(&cmd, None, OsStr::new(v));
        assert_eq!(parse("cuarenta").ok().map(|g| g.key), Some("cuarenta"));
        let err = parse("chess-cards")
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(
            err.contains(
                "'analyse' supports cardmate, cuarenta, 52chess and dealers, not chess-cards (no board)"
            ),
            "{err}"
        );
        let err = parse("chess")
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(
            err.contains(
                "unknown game 'chess' (known: cardmate, chess-cards, cuarenta, 52chess, dealers; 'analyse' supports cardmate, cuarenta, 52chess and dealers)"
            ),
            "{err}"
        );
        let listed: Vec<String> = p
            .possible_values()
            .into_iter()
            .flatten()
            .map(|v| v.get_name().to_string())
            .collect();
        assert_eq!(listed, ["cardmate", "cuarenta", "52chess", "dealers"]);
    }
}
