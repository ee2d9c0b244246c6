//! Playing in the terminal, as the host sees it: the [`Terminal`] trait
//! (lines in, text out, no I/O), reading a typed command, quoting the
//! player's input back safely, and the [`TerminalTable`] capability of a
//! game that plays at a table of its own rather than in the shell's
//! generic session (Chess Cards: a two-game match, its own words and the
//! exact solver's hints).

use super::PlayedGame;
use deckmate_rules::Seat;

/// A game the terminal drives: lines in, text out.
pub trait Terminal: Send {
    /// The opening screen (and the computer's first moves).
    fn start_with(&mut self, say: &mut dyn FnMut(String));
    /// Handles one typed line.
    fn respond(&mut self, line: &str, say: &mut dyn FnMut(String));
    /// Whether the player has left.
    fn quit(&self) -> bool;

    /// The opening screen, collected (the terminal streams with
    /// [`Terminal::start_with`]; tests collect).
    fn start(&mut self) -> Vec<String> {
        let mut out = Vec::new();
        self.start_with(&mut |s| out.push(s));
        out
    }

    /// Handles one typed line and collects what to print (the terminal
    /// streams with [`Terminal::respond`]; tests collect).
    fn handle(&mut self, line: &str) -> Vec<String> {
        let mut out = Vec::new();
        self.respond(line, &mut |s| out.push(s));
        out
    }
}

/// A typed line read as a command.
#[derive(Debug, PartialEq, Eq)]
pub struct Command<'a> {
    /// The whole line, trimmed (a move, when `word` is no command).
    pub line: &'a str,
    /// The first word in lower case: the command's name, if it is one.
    pub word: String,
    /// What follows the first word, trimmed (the file of `save FILE`).
    pub rest: &'a str,
}

impl Command<'_> {
    /// Reads `line`: its first word and the rest.
    pub fn read(line: &str) -> Command<'_> {
        let line = line.trim();
        let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        Command {
            line,
            word: word.to_ascii_lowercase(),
            rest: rest.trim(),
        }
    }
}

/// The most characters of the player's input a message quotes back (an
/// echo, not a limit on what is read: a Dealer's Chess arrangement is
/// longer).
pub const QUOTE_MAX: usize = 40;

/// The most characters of a game's reason for refusing a line that a
/// message prints: a reason that quotes a long part of the line is cut.
pub const REASON_MAX: usize = 1000;

/// `text` as a message quotes it: at most its first [`QUOTE_MAX`]
/// characters, then `…` if there were more, with control characters
/// escaped (`\u{1b}`) so that they cannot act on the terminal.
pub fn quote(text: &str) -> String {
    cut(text, QUOTE_MAX)
}

/// `text` cut after `max` characters with `…`, control characters
/// escaped.
fn cut(text: &str, max: usize) -> String {
    let mut s = String::new();
    for (i, c) in text.chars().enumerate() {
        if i == max {
            s.push('…');
            break;
        }
        if c.is_control() {
            s.extend(c.escape_default());
        } else {
            s.push(c);
        }
    }
    s
}

/// Why `text` cannot be a move of any game, before a game reads it: it
/// holds a control character. Any length is read (up to the terminal's line limit);
/// [`reason`] cuts what a game's refusal echoes.
pub fn not_a_move(text: &str) -> Option<String> {
    if text.chars().any(char::is_control) {
        return Some("a move holds no control characters".to_string());
    }
    None
}

/// A game's reason `why` for refusing `text`, as a message prints it: its
/// echo of the whole line cut to [`quote`]'s length, the whole at most
/// [`REASON_MAX`] characters.
pub fn reason(why: &str, text: &str) -> String {
    let why = if text.chars().count() > QUOTE_MAX {
        why.replace(text, &quote(text))
    } else {
        why.to_string()
    };
    cut(&why, REASON_MAX)
}

/// A game's own table in the terminal (the capability).
pub trait TerminalTable: Sync {
    /// The table of `game`, a game just made from its entry (its spec
    /// gives the deal's seed and options); the computer plays `computer`
    /// at `level`, if given; `color`: ANSI colours wanted.
    fn open(
        &self,
        game: &dyn PlayedGame,
        seed: u64,
        computer: Option<Seat>,
        level: u8,
        color: bool,
    ) -> Box<dyn Terminal>;
}
