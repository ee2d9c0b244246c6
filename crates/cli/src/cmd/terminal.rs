//! What every game played in the terminal shares: the [`Terminal`] trait
//! (lines in, text out, from the registry), reading a typed command, and
//! [`drive`], which connects a game to standard input and output.

pub use deckmate_games::registry::terminal::{not_a_move, quote, reason, Command, Terminal};
use std::io::{BufRead, IsTerminal, Write};

/// The longest line read as one (1 MiB): anything longer is refused
/// whole, without keeping it in memory.
pub const LINE_MAX: usize = 1 << 20;

/// A line of input as [`read_line`] finds it.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Line {
    /// A line of text, with its end of line.
    Text(String),
    /// A line that is not UTF-8 text.
    NotText,
    /// A line longer than [`LINE_MAX`] bytes (dropped unread).
    TooLong,
    /// The end of the input.
    End,
}

/// Reads one line (up to and with its `\n`), keeping at most `max` bytes.
pub(crate) fn read_line(input: &mut dyn BufRead, max: usize) -> std::io::Result<Line> {
    let mut bytes = Vec::new();
    let (mut any, mut too_long) = (false, false);
    loop {
        let available = match input.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            break;
        }
        any = true;
        let end = available.iter().position(|&b| b == b'\n');
        let chunk = &available[..end.map_or(available.len(), |i| i + 1)];
        if bytes.len() + chunk.len() > max {
            too_long = true;
            bytes = Vec::new();
        } else if !too_long {
            bytes.extend_from_slice(chunk);
        }
        let used = chunk.len();
        input.consume(used);
        if end.is_some() {
            break;
        }
    }
    Ok(match (any, too_long) {
        (false, _) => Line::End,
        (true, true) => Line::TooLong,
        (true, false) => String::from_utf8(bytes).map_or(Line::NotText, Line::Text),
    })
}

/// Connects a game to standard input and output: a prompt only for a
/// person at a terminal; end of input quits as 'quit' does. When standard
/// output is closed (the reader of a pipe has gone) the program ends
/// quietly.
pub fn drive(session: &mut dyn Terminal) {
    let stdin = std::io::stdin();
    let prompt = stdin.is_terminal();
    let mut input = stdin.lock();
    let mut out = std::io::stdout();
    crate::output::written(run(session, &mut input, &mut out, prompt));
}

/// Where [`run`] writes: the output and its first failure, after which
/// nothing more is written.
struct Screen<'a> {
    out: &'a mut dyn Write,
    failed: Option<std::io::Error>,
}

impl Screen<'_> {
    /// Writes `text` and flushes (unless a write failed before).
    fn write(&mut self, text: &str) {
        if self.failed.is_none() {
            if let Err(e) = self
                .out
                .write_all(text.as_bytes())
                .and_then(|()| self.out.flush())
            {
                self.failed = Some(e);
            }
        }
    }

    /// Writes a line.
    fn say(&mut self, s: String) {
        self.write(&format!("{s}\n"));
    }
}

/// [`drive`] over any input and output, until the player quits or the
/// first failure to write (returned).
fn run(
    session: &mut dyn Terminal,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    prompt: bool,
) -> std::io::Result<()> {
    let mut screen = Screen { out, failed: None };
    session.start_with(&mut |s| screen.say(s));
    while !session.quit() && screen.failed.is_none() {
        if prompt {
            screen.write("> ");
        }
        match read_line(input, LINE_MAX) {
            Ok(Line::Text(line)) => session.respond(&line, &mut |s| screen.say(s)),
            Ok(Line::NotText) => screen.say(
                "That line is not text (UTF-8); type a move, or 'help' for the commands."
                    .to_string(),
            ),
            Ok(Line::TooLong) => screen.say(format!(
                "That line is too long (over {LINE_MAX} bytes); type a move, or 'help' for the commands."
            )),
            Ok(Line::End) | Err(_) => {
                if prompt {
                    screen.say(String::new());
                }
                session.respond("quit", &mut |s| screen.say(s));
            }
        }
    }
    screen.failed.map_or(Ok(()), Err)
}

#[cfg(test)]
mod tests {
    use super::*;
    use deckmate_games::registry::terminal::{QUOTE_MAX, REASON_MAX};

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

    /// Says back each line in capitals; quits on 'quit'.
    struct Echo(bool);

    impl Terminal for Echo {
        fn start_with(&mut self, say: &mut dyn FnMut(String)) {
            say("hello".into());
        }
        fn respond(&mut self, line: &str, say: &mut dyn FnMut(String)) {
            self.0 = line.trim() == "quit";
            say(line.trim().to_uppercase());
        }
        fn quit(&self) -> bool {
            self.0
        }
    }

    fn lines(input: &[u8]) -> Vec<Line> {
        let mut r = std::io::BufReader::with_capacity(4, input);
        let mut out = Vec::new();
        loop {
            let l = read_line(&mut r, 10).unwrap();
            if l == Line::End {
                return out;
            }
            out.push(l);
        }
    }

    #[test]
    fn lines_are_text_not_text_or_too_long_and_reading_goes_on() {
        let text = |s: &str| Line::Text(s.to_string());
        assert_eq!(
            lines(b"ab\n\xff\n0123456789abc\ncd\r\nlast"),
            vec![
                text("ab\n"),
                Line::NotText,
                Line::TooLong,
                text("cd\r\n"),
                text("last")
            ]
        );
        assert_eq!(lines(b""), vec![]);
        assert_eq!(lines(b"\n\n"), vec![text("\n"), text("\n")]);
        // A UTF-8 character cut by the reader's buffer is whole again.
        assert_eq!(lines("é€\n".as_bytes()), vec![text("é€\n")]);
    }

    fn play(input: &[u8]) -> String {
        let mut out = Vec::new();
        run(&mut Echo(false), &mut &input[..], &mut out, false).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn a_line_that_is_not_text_is_refused_and_the_game_goes_on() {
        let out = play(b"a\n\xff\xfe\nb\nquit\n");
        assert_eq!(
            out,
            "hello\nA\nThat line is not text (UTF-8); type a move, or 'help' for the commands.\nB\nQUIT\n"
        );
        // End of input quits.
        assert_eq!(play(b"\xc3"), "hello\nThat line is not text (UTF-8); type a move, or 'help' for the commands.\nQUIT\n");
    }

    #[test]
    fn a_line_over_the_limit_is_refused_whole() {
        let mut input = vec![b'x'; LINE_MAX + 1];
        input.extend_from_slice(b"\nquit\n");
        let out = play(&input);
        assert!(out.starts_with("hello\nThat line is too long"), "{out}");
        assert!(out.ends_with("QUIT\n"), "{out}");
    }

    /// A writer whose reader has gone.
    struct Closed;

    impl Write for Closed {
        fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
            Err(std::io::ErrorKind::BrokenPipe.into())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_closed_output_stops_the_game_before_reading_on() {
        let mut input: &[u8] = b"a\nb\nquit\n";
        let r = run(&mut Echo(false), &mut input, &mut Closed, false);
        assert_eq!(r.map_err(|e| e.kind()), Err(std::io::ErrorKind::BrokenPipe));
        assert_eq!(input, b"a\nb\nquit\n", "nothing read after the failure");
    }

    #[test]
    fn quotes_are_short_and_show_control_characters() {
        assert_eq!(quote("4Ci3"), "4Ci3");
        let long = "x".repeat(100_000);
        assert_eq!(quote(&long), format!("{}…", "x".repeat(QUOTE_MAX)));
        assert_eq!(quote(&"é".repeat(41)), format!("{}…", "é".repeat(40)));
        assert_eq!(quote("a\u{1b}[2Jb\t"), "a\\u{1b}[2Jb\\t");
    }

    #[test]
    fn item_9_a_long_line_is_read_and_only_its_echo_is_cut() {
        assert_eq!(not_a_move("4Ci3"), None);
        // A Dealer's Chess arrangement (the README's example) is 52.
        let arrangement = "[AR][CA]N[GR][LI][NR][UN]/P[CP][LB]P[ZO][HP][AP][MG]";
        assert_eq!(not_a_move(arrangement), None);
        assert_eq!(not_a_move(&"x".repeat(100_000)), None);
        assert!(not_a_move("4C\u{7}i3").is_some());
        // A reason that echoes the line echoes its start.
        let long = "y".repeat(5_000);
        let why = reason(&format!("'{long}' is not a move"), &long);
        assert_eq!(why, format!("'{}…' is not a move", "y".repeat(QUOTE_MAX)));
        // However a reason quotes it, it is cut.
        let why = reason(&format!("'{}' is not a card", &long[1..]), &long);
        assert_eq!(why.chars().count(), REASON_MAX + 1, "{why}");
        assert_eq!(reason("no such piece", &long), "no such piece");
    }
}
