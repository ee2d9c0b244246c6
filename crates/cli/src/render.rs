//! Drawing any game's view as text: the one renderer of the terminal
//! (`play`, `replay`), over the same view the web client draws
//! ([`PlayedGame::view`](deckmate_games::registry::PlayedGame::view)).
//!
//! A `board` is drawn with its coordinates on every side; a hole (a
//! square the board lacks) is blank, an empty square `.`. A piece is its
//! `symbol`, or a card its `rank` and `suit`; without colour the second
//! seat's are written in lower case (a card's suit only: `4c`), as in the
//! position strings; with colour the first seat's stand on a light
//! background and the second's on a dark one, red suits in red. On a board
//! with zones (Cardmate's palaces) the zones' squares are in brackets
//! `[..]` and the last move's squares marked `*`; on a board without, the
//! last move's squares are in brackets. A `midline` is a line across the
//! board. Zones of cards, facts and a scoreboard are drawn as lines of
//! text.

use serde_json::{Map, Value};

/// How to draw.
#[derive(Clone, Debug)]
pub struct Style {
    /// Use ANSI colours.
    pub color: bool,
    /// The second seat's side at the bottom.
    pub flipped: bool,
}

impl Style {
    /// No colour, the first seat at the bottom.
    #[cfg(test)]
    pub fn plain() -> Style {
        Style {
            color: false,
            flipped: false,
        }
    }
}

const RESET: &str = "\x1b[0m";

/// A piece as drawn: its text in capitals and how to colour it.
struct Piece {
    square: String,
    /// The symbol, or a card's rank and suit.
    text: String,
    /// A card (rank and suit): only the suit goes lower case.
    card: bool,
    red: bool,
    owner: usize,
    label: String,
}

impl Piece {
    fn read(v: &Value) -> Option<Piece> {
        let square = v["square"].as_str()?.to_string();
        let owner = v["owner"].as_u64().unwrap_or(0) as usize;
        let label = v["label"].as_str().unwrap_or_default().to_string();
        let (text, card) = match (v["symbol"].as_str(), v["rank"].as_str(), v["suit"].as_str()) {
            (Some(s), _, _) => (s.to_string(), false),
            (None, Some(r), Some(s)) => (format!("{r}{s}"), true),
            _ => (label.chars().next().unwrap_or('?').to_string(), false),
        };
        Some(Piece {
            square,
            text,
            card,
            red: v["red"].as_bool().unwrap_or(false),
            owner,
            label,
        })
    }

    /// The text without colour: the second seat's in lower case.
    fn plain(&self, owner: usize) -> String {
        if owner == 0 {
            return self.text.clone();
        }
        if self.card {
            let mut chars: Vec<char> = self.text.chars().collect();
            if let Some(last) = chars.last_mut() {
                *last = last.to_ascii_lowercase();
            }
            chars.into_iter().collect()
        } else {
            self.text.to_lowercase()
        }
    }

    /// The text as drawn in `style`.
    fn drawn(&self, style: &Style) -> String {
        if !style.color {
            return self.plain(self.owner);
        }
        let bg = if self.owner == 0 {
            "48;5;254"
        } else {
            "48;5;238"
        };
        let fg = match (self.red, self.owner == 0) {
            (true, true) => "38;5;160",
            (true, false) => "38;5;203",
            (false, true) => "38;5;16",
            (false, false) => "38;5;231",
        };
        format!("\x1b[1;{bg};{fg}m{}{RESET}", self.text)
    }
}

/// A view's board, read from its JSON.
struct Board {
    files: u8,
    ranks: u8,
    rank_base: u32,
    holes: Vec<String>,
    /// The zones' names and squares.
    zones: Vec<(String, Vec<String>)>,
    midline: Option<u8>,
    pieces: Vec<Piece>,
    last: Vec<String>,
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .map(|a| {
            a.iter()
                .filter_map(|s| s.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

impl Board {
    fn read(view: &Map<String, Value>) -> Option<Board> {
        let b = view.get("board")?.as_object()?;
        let size = |k: &str| b.get(k).and_then(Value::as_u64).map(|n| n.min(16) as u8);
        let zones = b
            .get("regions")
            .and_then(Value::as_array)
            .map(|zs| {
                zs.iter()
                    .map(|z| {
                        (
                            z["name"].as_str().unwrap_or_default().to_string(),
                            strings(&z["squares"]),
                        )
                    })
                    .collect()
            })
            .unwrap_or_default();
        let last = view
            .get("last")
            .map(|l| strings(&Value::Array(vec![l["from"].clone(), l["to"].clone()])))
            .unwrap_or_default();
        Some(Board {
            files: size("files")?,
            ranks: size("ranks")?,
            rank_base: b.get("rank_base").and_then(Value::as_u64).unwrap_or(0) as u32,
            holes: b.get("holes").map(strings).unwrap_or_default(),
            zones,
            midline: b
                .get("midline")
                .and_then(Value::as_u64)
                .map(|n| n.min(16) as u8),
            pieces: view
                .get("pieces")
                .and_then(Value::as_array)
                .map(|ps| ps.iter().filter_map(Piece::read).collect())
                .unwrap_or_default(),
            last,
        })
    }

    fn name(&self, file: u8, rank: u8) -> String {
        format!(
            "{}{}",
            (b'a' + file) as char,
            u32::from(rank) + self.rank_base
        )
    }

    /// The widest piece's text: every cell is this wide plus two marks.
    fn width(&self) -> usize {
        self.pieces
            .iter()
            .map(|p| p.text.chars().count())
            .max()
            .unwrap_or(1)
            .max(1)
    }

    fn in_zone(&self, name: &str) -> bool {
        self.zones
            .iter()
            .any(|(_, sq)| sq.iter().any(|s| s == name))
    }

    fn cell(&self, name: &str, width: usize, style: &Style) -> String {
        if self.holes.iter().any(|h| h == name) {
            return " ".repeat(width + 2);
        }
        let marked = self.last.iter().any(|s| s == name);
        // With zones drawn in brackets, the last move is a star; without,
        // the last move's squares are in brackets.
        let stars = !self.zones.is_empty();
        let (mut open, close) = if self.in_zone(name) || (marked && !stars) {
            ('[', ']')
        } else {
            (' ', ' ')
        };
        match self.pieces.iter().find(|p| p.square == name) {
            None => {
                let dot = if marked && stars { "*" } else { "." };
                format!("{open}{dot:>width$}{close}")
            }
            Some(p) => {
                if marked && stars {
                    open = '*';
                }
                let pad = " ".repeat(width.saturating_sub(p.text.chars().count()));
                format!("{open}{pad}{}{close}", p.drawn(style))
            }
        }
    }

    fn draw(&self, style: &Style) -> String {
        let width = self.width();
        let cell_width = width + 2;
        let files: Vec<u8> = if style.flipped {
            (0..self.files).rev().collect()
        } else {
            (0..self.files).collect()
        };
        let ranks: Vec<u8> = if style.flipped {
            (0..self.ranks).collect()
        } else {
            (0..self.ranks).rev().collect()
        };
        let label_width = (u32::from(self.ranks.saturating_sub(1)) + self.rank_base)
            .to_string()
            .len();
        let margin = " ".repeat(label_width + 3);
        let left = cell_width / 2;
        let header: String = files
            .iter()
            .map(|&f| {
                format!(
                    "{}{}{}",
                    " ".repeat(left),
                    (b'a' + f) as char,
                    " ".repeat(cell_width - left - 1)
                )
            })
            .collect();
        let header = format!("{margin}{}\n", header.trim_end());
        let mut out = header.clone();
        let mut above: Option<u8> = None;
        for &r in &ranks {
            if let (Some(m), Some(a)) = (self.midline, above) {
                if a.min(r) + 1 == m && a.max(r) == m {
                    let line = format!("{:-^w$}", " middle ", w = files.len() * cell_width);
                    out.push_str(&format!("{margin}{line}\n"));
                }
            }
            above = Some(r);
            let row: String = files
                .iter()
                .map(|&f| self.cell(&self.name(f, r), width, style))
                .collect();
            let label = u32::from(r) + self.rank_base;
            out.push_str(&format!(" {label:>label_width$}  {row}  {label}\n"));
        }
        out.push_str(&header);
        out
    }

    /// One line telling how to read the board.
    fn legend(&self, seats: [&str; 2], style: &Style) -> String {
        let noun = if self.pieces.iter().any(|p| p.card) {
            "cards"
        } else {
            "pieces"
        };
        let sides = if style.color {
            format!("{}'s {noun} on light, {}'s on dark", seats[0], seats[1])
        } else {
            let case = if noun == "cards" {
                "lower-case suit"
            } else {
                "lower case"
            };
            match self.pieces.iter().find(|p| p.owner == 0) {
                Some(p) => format!(
                    "{}'s {noun} as {}, {}'s as {} ({case})",
                    seats[0],
                    p.plain(0),
                    seats[1],
                    p.plain(1)
                ),
                None => format!(
                    "{}'s {noun} in capitals, {}'s in {case}",
                    seats[0], seats[1]
                ),
            }
        };
        let marks = if self.zones.is_empty() {
            "[ ] last move".to_string()
        } else {
            format!("[ ] {}, * last move", self.zone_names())
        };
        format!("{sides}; {marks}")
    }

    /// The zones' names for the legend: their common last word
    /// (`palace`), else every name.
    fn zone_names(&self) -> String {
        let last: Vec<&str> = self
            .zones
            .iter()
            .map(|(n, _)| n.rsplit(' ').next().unwrap_or(n))
            .collect();
        match last.first() {
            Some(w) if last.iter().all(|l| l == w) => w.to_string(),
            _ => {
                let names: Vec<&str> = self.zones.iter().map(|(n, _)| n.as_str()).collect();
                names.join(", ")
            }
        }
    }
}

/// The view's board with its coordinates, zones, middle line and last
/// move, then a line on how to read it (`seats` are the seats' names);
/// `None` when the view has no board.
pub fn board(view: &Map<String, Value>, seats: [&str; 2], style: &Style) -> Option<String> {
    let b = Board::read(view)?;
    let mut s = b.draw(style);
    s.push_str(&b.legend(seats, style));
    s.push('\n');
    Some(s)
}

/// The piece on `square` in words (its label, else its text), for notes
/// such as a King in check.
pub fn piece_on(view: &Map<String, Value>, square: &str) -> Option<String> {
    let b = Board::read(view)?;
    let p = b.pieces.into_iter().find(|p| p.square == square)?;
    Some(if p.label.is_empty() { p.text } else { p.label })
}

/// The view's zones of cards (hands, piles, the table), facts and
/// scoreboard as lines of text; empty when it has none.
pub fn table(view: &Map<String, Value>) -> String {
    let mut out = String::new();
    for z in view
        .get("zones")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let cards: Vec<&str> = z["cards"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|c| c["id"].as_str())
            .collect();
        let cards = if cards.is_empty() {
            "-".to_string()
        } else {
            cards.join(" ")
        };
        out.push_str(&format!("  {}: {cards}", z["name"].as_str().unwrap_or("?")));
        if let Some(note) = z["note"].as_str() {
            out.push_str(&format!("  ({note})"));
        }
        out.push('\n');
    }
    for f in view
        .get("facts")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        out.push_str(&format!(
            "  {}: {}\n",
            f["label"].as_str().unwrap_or_default(),
            f["value"].as_str().unwrap_or_default()
        ));
    }
    if let Some(sb) = view.get("scoreboard").filter(|s| s.is_object()) {
        let cell = |v: &Value| v.as_str().map_or_else(|| v.to_string(), str::to_string);
        let columns: Vec<String> = sb["columns"]
            .as_array()
            .into_iter()
            .flatten()
            .map(cell)
            .collect();
        out.push_str(&format!("  {:<8}{}\n", "", columns.join("  ")));
        for row in sb["rows"].as_array().into_iter().flatten() {
            let cells: Vec<String> = row["cells"]
                .as_array()
                .into_iter()
                .flatten()
                .zip(&columns)
                .map(|(c, col)| format!("{:>w$}", cell(c), w = col.len()))
                .collect();
            out.push_str(&format!(
                "  {:<8}{}\n",
                row["label"].as_str().unwrap_or_default(),
                cells.join("  ")
            ));
        }
    }
    out
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
    use deckmate_games::list::find;
    use deckmate_games::registry::{GameEntry, Options};
    use deckmate_rules::Seat;

    fn entry(key: &str) -> &'static GameEntry {
        find(key).unwrap_or_else(|| panic!("{key} is registered"))
    }

    fn start_view(key: &str) -> Map<String, Value> {
        let e = entry(key);
        let g = e
            .new_game(&Options::defaults(e.options), 0)
            .unwrap_or_else(|m| panic!("{m}"));
        g.view(None, true)
    }

    fn after(key: &str, moves: &[&str]) -> Map<String, Value> {
        let e = entry(key);
        let mut g = e
            .new_game(&Options::defaults(e.options), 0)
            .unwrap_or_else(|m| panic!("{m}"));
        for m in moves {
            g.play(m).unwrap_or_else(|why| panic!("{m}: {why}"));
        }
        g.view(Some(Seat::First), true)
    }

    fn drawn(key: &str, view: &Map<String, Value>, style: &Style) -> String {
        board(view, entry(key).seat_names, style).unwrap_or_default()
    }

    #[test]
    fn cardmate_has_coordinates_palaces_middle_and_lower_case_rearhand() {
        let b = drawn("cardmate", &start_view("cardmate"), &Style::plain());
        let lines: Vec<&str> = b.lines().collect();
        assert_eq!(lines.len(), 14, "{b}");
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
        assert_eq!(lines[12], lines[0]);
        assert!(
            lines[13].contains("Rearhand's") && lines[13].contains("[ ] palace"),
            "{b}"
        );
        // Four palace squares a side, bracketed.
        assert_eq!(b.matches('[').count(), 4 + 1, "{b}");
        assert!(!b.contains('\x1b'));
    }

    #[test]
    fn a_flipped_board_puts_the_second_seat_at_the_bottom() {
        let style = Style {
            color: false,
            flipped: true,
        };
        let b = drawn("cardmate", &start_view("cardmate"), &style);
        let lines: Vec<&str> = b.lines().collect();
        assert_eq!(lines[0].trim(), "j   i   h   g   f   e   d   c   b   a");
        assert!(lines[1].starts_with(" 0   XC  8D"), "{b}");
        assert!(
            lines[5].starts_with(" 4 ") && lines[6].contains("middle"),
            "{b}"
        );
        assert!(lines[11].starts_with(" 9   Xh  8s"), "{b}");
    }

    #[test]
    fn the_last_moves_squares_are_marked() {
        let b = drawn("cardmate", &after("cardmate", &["4Ci3"]), &Style::plain());
        assert_eq!(b.matches('*').count(), 2 + 1, "{b}");
        assert!(b.contains("*4C "), "{b}");
        let b = drawn("cuarenta", &after("cuarenta", &["Fa4"]), &Style::plain());
        assert!(b.contains("[F]") && b.contains("[.]"), "{b}");
    }

    #[test]
    fn cuarenta_has_41_blank_holes_and_letters() {
        let view = start_view("cuarenta");
        let b = drawn("cuarenta", &view, &Style::plain());
        let lines: Vec<&str> = b.lines().collect();
        assert_eq!(lines.len(), 12, "{b}");
        assert_eq!(lines[1], " 9      c     f     f     b      9", "{b}");
        assert_eq!(lines[8], " 2   V     G     K     G     V   2", "{b}");
        assert_eq!(lines[6], " 4   .     .     .     .     .   4", "{b}");
        assert_eq!(lines[0].trim(), "a  b  c  d  e  f  g  h  i");
        // 81 squares: 40 drawn (pieces or dots), 41 holes left blank.
        let cells: Vec<String> = lines[1..10]
            .iter()
            .flat_map(|l| {
                let row: Vec<char> = l.chars().skip(4).take(27).collect();
                row.chunks(3)
                    .map(|c| c.iter().collect::<String>())
                    .collect::<Vec<_>>()
            })
            .collect();
        assert_eq!(cells.len(), 81);
        assert_eq!(cells.iter().filter(|c| c.trim().is_empty()).count(), 41);
        assert!(lines[11].contains("White's pieces") && lines[11].contains("[ ] last move"));
        assert!(!b.contains("middle"));
    }

    #[test]
    fn colour_uses_backgrounds_and_red_suits() {
        let style = Style {
            color: true,
            flipped: false,
        };
        let b = drawn("cardmate", &start_view("cardmate"), &style);
        assert!(b.contains("48;5;254") && b.contains("48;5;238"));
        assert!(b.contains("38;5;160") && b.contains("38;5;203"));
        assert!(b.contains("on light"));
        assert!(
            drawn("cardmate", &start_view("cardmate"), &Style::plain()).contains("lower-case suit")
        );
    }

    #[test]
    fn a_view_without_a_board_draws_its_zones_facts_and_scores() {
        let view = start_view("chess-cards");
        assert!(board(&view, entry("chess-cards").seat_names, &Style::plain()).is_none());
        let t = table(&view);
        assert!(
            t.contains("Dealer's hand: ") && t.contains("Table: -"),
            "{t}"
        );
        assert!(t.contains("Move: 1 of 10"), "{t}");
        assert!(t.contains("Match") && t.contains("Dealer  Other"), "{t}");
    }
}
