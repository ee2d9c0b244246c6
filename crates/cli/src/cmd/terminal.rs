//! What every game played in the terminal shares: the [`Terminal`] trait
//! (lines in, text out), reading a typed command, and [`drive`], which
//! connects a game to standard input and output.

use std::io::{BufRead, IsTerminal, Write};

/// A game the terminal drives: lines in, text out.
pub trait Terminal {
    /// The opening screen (and the computer's first moves).
    fn start_with(&mut self, say: &mut dyn FnMut(String));
    /// Handles one typed line.
    fn respond(&mut self, line: &str, say: &mut dyn FnMut(String));
    /// Whether the player has left.
    fn quit(&self) -> bool;

    /// The opening screen, collected (`drive` streams with
    /// [`Terminal::start_with`]; tests collect).
    #[cfg(test)]
    fn start(&mut self) -> Vec<String> {
        let mut out = Vec::new();
        self.start_with(&mut |s| out.push(s));
        out
    }

    /// Handles one typed line and collects what to print (`drive` streams
    /// with [`Terminal::respond`]; tests collect).
    #[cfg(test)]
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

/// Connects a game to standard input and output: a prompt only for a
/// person at a terminal; end of input quits as 'quit' does.
pub fn drive(session: &mut dyn Terminal) {
    let stdout = std::io::stdout();
    let mut say = |s: String| {
        let mut out = stdout.lock();
        let _ = writeln!(out, "{s}");
        let _ = out.flush();
    };
    session.start_with(&mut say);
    let stdin = std::io::stdin();
    let prompt = stdin.is_terminal();
    let mut input = stdin.lock();
    while !session.quit() {
        if prompt {
            let mut o = std::io::stdout().lock();
            let _ = write!(o, "> ");
            let _ = o.flush();
        }
        let mut line = String::new();
        match input.read_line(&mut line) {
            Ok(0) | Err(_) => {
                if prompt {
                    say(String::new());
                }
                session.respond("quit", &mut say);
            }
            Ok(_) => session.respond(&line, &mut say),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_command_is_its_first_word_in_lower_case_and_the_rest() {
        let c = Command::read("  SAVE   my game.pgn \n");
        assert_eq!(c.word, "save");
        assert_eq!(c.rest, "my game.pgn");
        assert_eq!(c.line, "SAVE   my game.pgn");
        let c = Command::read("4Ci3\n");
        assert_eq!((c.word.as_str(), c.rest, c.line), ("4ci3", "", "4Ci3"));
        let c = Command::read(" \t ");
        assert_eq!((c.word.as_str(), c.rest, c.line), ("", "", ""));
    }

    #[test]
    fn handle_collects_what_respond_says() {
        struct Echo(bool);
        impl Terminal for Echo {
            fn start_with(&mut self, say: &mut dyn FnMut(String)) {
                say("hello".into());
            }
            fn respond(&mut self, line: &str, say: &mut dyn FnMut(String)) {
                self.0 = line == "quit";
                say(line.to_uppercase());
                say("!".into());
            }
            fn quit(&self) -> bool {
                self.0
            }
        }
        let mut e = Echo(false);
        assert_eq!(e.start(), vec!["hello".to_string()]);
        assert_eq!(e.handle("quit"), vec!["QUIT".to_string(), "!".to_string()]);
        assert!(e.quit());
    }
}
