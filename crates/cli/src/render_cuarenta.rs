//! Drawing a Cuarenta board as text: ranks 9 to 1, White at the bottom.
//! A piece is its letter (upper case White, lower case Black, as in the
//! position string), an empty light square `.`, a dark square (a hole)
//! blank; the last move's two squares are in brackets.

use deckmate_board::{RankStyle, Square};
use deckmate_games::cuarenta::{geometry, Position};
use deckmate_rules::Seat;

/// The board, one line per rank, then the files.
pub fn board(pos: &Position, last: Option<(Square, Square)>) -> String {
    board_oriented(pos, last, false)
}

/// The board as [`board`] draws it, or turned around (Black at the
/// bottom: rank 1 at the top, file i on the left) when `flipped`.
pub fn board_oriented(pos: &Position, last: Option<(Square, Square)>, flipped: bool) -> String {
    let g = geometry();
    let mut out = String::new();
    let ranks: Vec<u8> = if flipped {
        (0..9).collect()
    } else {
        (0..9).rev().collect()
    };
    let files: Vec<u8> = if flipped {
        (0..9).rev().collect()
    } else {
        (0..9).collect()
    };
    for &rank in &ranks {
        out.push_str(&format!("{} ", rank + 1));
        for &file in &files {
            let Some(sq) = Square::new(file, rank).filter(|s| g.contains(*s)) else {
                out.push_str("   ");
                continue;
            };
            let c = match pos.at(sq) {
                None => '.',
                Some((Seat::First, p)) => p.letter(),
                Some((Seat::Second, p)) => p.letter().to_ascii_lowercase(),
            };
            if last.is_some_and(|(a, b)| a == sq || b == sq) {
                out.push_str(&format!("[{c}]"));
            } else {
                out.push_str(&format!(" {c} "));
            }
        }
        out.push('\n');
    }
    out.push_str("  ");
    for &file in &files {
        out.push_str(&format!(" {} ", (b'a' + file) as char));
    }
    out.push('\n');
    let to_move = match pos.side_to_move() {
        Seat::First => "White",
        Seat::Second => "Black",
    };
    let check = if pos.in_check() {
        format!(
            ", in check (King on {})",
            pos.king_square(pos.side_to_move()).name(RankStyle::FromOne)
        )
    } else {
        String::new()
    };
    out.push_str(&format!("{to_move} to move{check}\n"));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use deckmate_games::cuarenta::start_position;

    #[test]
    fn the_start_position() {
        let text = board(&start_position(), None);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "9     c     f     f     b    ");
        assert_eq!(lines[8], "1     B     F     F     C    ");
        assert_eq!(lines[7], "2  V     G     K     G     V ");
        assert_eq!(lines[5], "4  .     .     .     .     . ");
    }
}
