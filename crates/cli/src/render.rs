//! Drawing a Cardmate board as text, with or without ANSI colours.
//!
//! Without colour, Forehand's cards are written as on the page (`4C`) and
//! Rearhand's with a lower-case suit (`4c`), as in the position string.
//! With colour, Forehand's cards stand on a light background and
//! Rearhand's on a dark one, red suits in red. Palace squares are in
//! brackets `[..]`, the last move's squares are marked `*`, and a line
//! marks the middle of the board.

use deckmate_board::Square;
use deckmate_games::cardmate::{palace, Position};
use deckmate_rules::Seat;

/// How to draw.
#[derive(Clone, Debug)]
pub struct Style {
    /// Use ANSI colours.
    pub color: bool,
    /// Rearhand's side at the bottom.
    pub flipped: bool,
}

impl Style {
    /// No colour, Forehand at the bottom.
    pub fn plain() -> Style {
        Style {
            color: false,
            flipped: false,
        }
    }
}

const RESET: &str = "\x1b[0m";

fn cell(pos: &Position, sq: Square, style: &Style, last: Option<(Square, Square)>) -> String {
    let in_palace = Seat::BOTH.iter().any(|&s| palace(s).contains(&sq));
    let marked = last.is_some_and(|(a, b)| a == sq || b == sq);
    let (open, close) = if in_palace { ('[', ']') } else { (' ', ' ') };
    let mark = if marked { '*' } else { open };
    match pos.at(sq) {
        None => {
            let dot = if marked { " *" } else { " ." };
            format!("{open}{dot}{close}")
        }
        Some((card, owner)) => {
            let suit = card.suit().letter();
            let text = if owner == Seat::First || style.color {
                format!("{}{suit}", card.rank().symbol())
            } else {
                format!("{}{}", card.rank().symbol(), suit.to_ascii_lowercase())
            };
            if style.color {
                let bg = if owner == Seat::First {
                    "48;5;254"
                } else {
                    "48;5;238"
                };
                let fg = match (card.suit().is_red(), owner) {
                    (true, Seat::First) => "38;5;160",
                    (true, Seat::Second) => "38;5;203",
                    (false, Seat::First) => "38;5;16",
                    (false, Seat::Second) => "38;5;231",
                };
                format!("{mark}\x1b[1;{bg};{fg}m{text}{RESET}{close}")
            } else {
                format!("{mark}{text}{close}")
            }
        }
    }
}

/// The board with coordinates, the palaces, the middle line, the last move.
pub fn board(pos: &Position, style: &Style, last: Option<(Square, Square)>) -> String {
    let files: Vec<u8> = if style.flipped {
        (0..10).rev().collect()
    } else {
        (0..10).collect()
    };
    let ranks: Vec<u8> = if style.flipped {
        (0..10).collect()
    } else {
        (0..10).rev().collect()
    };
    let header: String = files
        .iter()
        .map(|&f| format!("  {} ", (b'a' + f) as char))
        .collect();
    let mut out = format!("    {header}\n");
    for (i, &r) in ranks.iter().enumerate() {
        if i == 5 {
            out.push_str(&format!("    {}\n", "-".repeat(40)));
        }
        let row: String = files
            .iter()
            .map(|&f| cell(pos, Square(r * 16 + f), style, last))
            .collect();
        out.push_str(&format!(" {r}  {row}  {r}\n"));
    }
    out.push_str(&format!("    {header}\n"));
    out
}

/// One line telling how to read the board.
pub fn legend(style: &Style) -> String {
    if style.color {
        "Forehand's cards on light, Rearhand's on dark; [ ] palace, * last move".to_string()
    } else {
        "Forehand's cards 4C, Rearhand's 4c (lower-case suit); [ ] palace, * last move".to_string()
    }
}
