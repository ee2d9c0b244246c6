//! The games the command knows, by their stable keys.

use clap::ValueEnum;

/// A game deckmate plays. More join as they are implemented.
#[derive(Copy, Clone, PartialEq, Eq, Debug, ValueEnum)]
pub enum Variant {
    /// Cardmate (Ivan Derzhanski): 10x10, the cards of a suited pack.
    Cardmate,
}
