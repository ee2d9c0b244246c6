//! The games the command knows, by their stable keys.

use clap::ValueEnum;

/// A game deckmate plays. More join as they are implemented.
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

    /// An error unless the game is one of `supported` for `command`.
    pub fn require(self, supported: &[Variant], command: &str) -> Result<(), String> {
        if supported.contains(&self) {
            return Ok(());
        }
        Err(self.unsupported_by(command, supported))
    }

    /// The error for a command that does not support this game yet.
    pub fn unsupported(self, command: &str) -> String {
        self.unsupported_by(command, &[])
    }

    fn unsupported_by(self, command: &str, supported: &[Variant]) -> String {
        let keys: Vec<&str> = supported.iter().map(|v| v.key()).collect();
        let also = if keys.is_empty() {
            String::new()
        } else {
            format!("; it supports: {}", keys.join(", "))
        };
        let hint = match self {
            Variant::ChessCards => {
                " (Chess Cards has no board: try 'deckmate solve chess-cards' or 'deckmate play chess-cards')"
            }
            Variant::Cuarenta => {
                " (for Cuarenta deckmate has: deckmate rules cuarenta, deckmate perft cuarenta, deckmate replay FILE)"
            }
            Variant::Cardmate => "",
        };
        format!(
            "'{command}' does not support {} yet{also}{hint}",
            self.key()
        )
    }
}
