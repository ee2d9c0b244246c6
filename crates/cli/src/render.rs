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
    #[cfg(test)]
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
    let header = header.trim_end();
    let mut out = format!("    {header}\n");
    for (i, &r) in ranks.iter().enumerate() {
        if i == 5 {
            out.push_str(&format!("    {:-^40}\n", " middle "));
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

/// Whether to draw in colour: not when `--no-color` was given, not when
/// the `NO_COLOR` variable is set to anything non-empty (no-color.org),
/// and only when standard output is a terminal.
pub fn color_wanted(no_color_flag: bool) -> bool {
    use std::io::IsTerminal;
    let env_off = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    !no_color_flag && !env_off && std::io::stdout().is_terminal()
}

#[cfg(test)]
mod tests {
    use super::*;
    use deckmate_games::cardmate::{record::GameSpec, Card};

    fn start() -> Position {
        GameSpec::default().start().expect("the predefined setup")
    }

    #[test]
    fn plain_board_has_coordinates_palaces_middle_and_lower_case_rearhand() {
        let b = board(&start(), &Style::plain(), None);
        let lines: Vec<&str> = b.lines().collect();
        assert_eq!(lines.len(), 13, "{b}");
        assert_eq!(lines[0].trim(), "a   b   c   d   e   f   g   h   i   j");
        assert!(
            lines[1].starts_with(" 9 ") && lines[1].ends_with(" 9"),
            "{b}"
        );
        assert!(lines[1].contains("[Ks][Kd]"), "{b}");
        assert!(lines[11].contains("[KC][KH]"), "{b}");
        assert!(
            lines[6].contains("middle") && lines[5].starts_with(" 5 "),
            "{b}"
        );
        assert!(lines[7].starts_with(" 4 "), "{b}");
        assert!(lines[1].starts_with(" 9   Xd  8c"), "{b}");
        assert!(lines[11].starts_with(" 0   XS  8H"), "{b}");
        assert!(!b.contains('\x1b'));
    }

    #[test]
    fn flipped_board_puts_rearhand_at_the_bottom() {
        let style = Style {
            color: false,
            flipped: true,
        };
        let b = board(&start(), &style, None);
        let lines: Vec<&str> = b.lines().collect();
        assert_eq!(lines[0].trim(), "j   i   h   g   f   e   d   c   b   a");
        assert!(lines[1].starts_with(" 0   XC  8D"), "{b}");
        assert!(lines[11].starts_with(" 9   Xh  8s"), "{b}");
    }

    #[test]
    fn last_move_squares_are_marked() {
        let pos = start();
        let from = pos
            .square_of(Card::parse("4C").expect("card"))
            .expect("on board");
        let to = Square(3 * 16 + 8);
        let b = board(&pos, &Style::plain(), Some((from, to)));
        assert_eq!(b.matches('*').count(), 2, "{b}");
    }

    #[test]
    fn colour_board_uses_backgrounds_and_red_suits() {
        let style = Style {
            color: true,
            flipped: false,
        };
        let b = board(&start(), &style, None);
        assert!(b.contains("48;5;254") && b.contains("48;5;238"));
        assert!(b.contains("38;5;160") && b.contains("38;5;203"));
        assert!(legend(&style).contains("light"));
        assert!(legend(&Style::plain()).contains("lower-case"));
    }
}
