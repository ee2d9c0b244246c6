//! The games the command knows, by their stable keys.

use clap::ValueEnum;

/// A game deckmate plays. More join as they are implemented.
#[derive(Copy, Clone, PartialEq, Eq, Debug, ValueEnum)]
pub enum Variant {
    /// Cardmate (Ivan Derzhanski): 10x10, the cards of a suited pack.
    Cardmate,
    /// Cuarenta (Mark Thompson): the 40 light squares of a 9x9 board
    /// (rules, perft and replay; the engine and play are to come).
    Cuarenta,
}

impl Variant {
    /// The error for a command that does not support this game yet.
    pub fn unsupported(self, command: &str) -> String {
        let name = match self {
            Variant::Cardmate => "Cardmate",
            Variant::Cuarenta => "Cuarenta",
        };
        format!(
            "'{command}' does not support {name} yet: for {name} deckmate has the rules, \
             perft and replay (deckmate rules {key}, deckmate perft {key}, deckmate replay FILE)",
            key = name.to_ascii_lowercase()
        )
    }
}
