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

    /// The game a record's `Variant` tag names: its key or its name as
    /// records write it (`Cardmate`, `Chess Cards`, `Cuarenta`; also
    /// `MATE`, Capellen's game Chess Cards follows), in any case, with or
    /// without spaces and hyphens.
    pub fn from_tag(value: &str) -> Option<Variant> {
        let v: String = value
            .chars()
            .filter(|c| !c.is_whitespace() && *c != '-' && *c != '_')
            .flat_map(char::to_lowercase)
            .collect();
        match v.as_str() {
            "cardmate" => Some(Variant::Cardmate),
            "chesscards" | "mate" => Some(Variant::ChessCards),
            "cuarenta" => Some(Variant::Cuarenta),
            _ => None,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_variant_tag_names_a_game_exactly() {
        assert_eq!(Variant::from_tag("Chess Cards"), Some(Variant::ChessCards));
        assert_eq!(Variant::from_tag("chess-cards"), Some(Variant::ChessCards));
        assert_eq!(Variant::from_tag("MATE"), Some(Variant::ChessCards));
        assert_eq!(Variant::from_tag(" Cuarenta "), Some(Variant::Cuarenta));
        assert_eq!(Variant::from_tag("CARDMATE"), Some(Variant::Cardmate));
        for other in ["xyz", "chess", "Chess960", "mated", "", "cardmate2"] {
            assert_eq!(Variant::from_tag(other), None, "{other}");
        }
    }
}
