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
}

impl Variant {
    /// The stable key, as typed on the command line.
    pub fn key(self) -> &'static str {
        match self {
            Variant::Cardmate => "cardmate",
            Variant::ChessCards => "chess-cards",
        }
    }

    /// An error unless the game is one of `supported` for `command`.
    pub fn require(self, supported: &[Variant], command: &str) -> Result<(), String> {
        if supported.contains(&self) {
            return Ok(());
        }
        let keys: Vec<&str> = supported.iter().map(|v| v.key()).collect();
        let hint = match self {
            Variant::ChessCards => " (Chess Cards has no board: try 'deckmate solve chess-cards' or 'deckmate play chess-cards')",
            Variant::Cardmate => "",
        };
        Err(format!(
            "'{command}' does not support {} yet; it supports: {}{hint}",
            self.key(),
            keys.join(", ")
        ))
    }
}
