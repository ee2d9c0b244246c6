//! PGN-like game records: `[Tag "value"]` lines, then movetext.
//!
//! The kernel reads the record's structure: tags, move tokens, comments,
//! move numbers and the result. Each game reads the move tokens in its own
//! notation and checks them by replaying.

use std::fmt;

/// One `[Name "value"]` tag.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Tag {
    /// The tag's name, e.g. `Variant`.
    pub name: String,
    /// Its value, unescaped.
    pub value: String,
}

/// A parsed record: tags and the move tokens in order.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Record {
    /// Tags in the order they were written.
    pub tags: Vec<Tag>,
    /// Move tokens, without move numbers, comments or annotation marks
    /// (`!`, `?`).
    pub moves: Vec<String>,
    /// The number written before each move, one entry per move (`None`:
    /// no number before it), as the game numbers its turns
    /// ([`crate::Game::move_number`]); empty for the usual numbering in
    /// pairs from 1. Reading a record leaves it empty: numbers are not
    /// checked, moves are.
    pub numbers: Vec<Option<u32>>,
    /// The result token at the end of the movetext, if any (`1-0`, `0-1`,
    /// `1/2-1/2`, `*`).
    pub result: Option<String>,
    /// A comment written after each move, by index (`[%clk 0:02:31]`, the
    /// mover's time left); none for a move past its end or `None`. Reading
    /// a record leaves it empty: comments are skipped.
    pub comments: Vec<Option<String>>,
}

/// Why a record could not be read.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RecordError {
    /// 1-based line of the problem.
    pub line: usize,
    /// What was wrong.
    pub message: String,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "record line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for RecordError {}

const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

impl Record {
    /// The value of tag `name` (case-insensitive), if present.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|t| t.name.eq_ignore_ascii_case(name))
            .map(|t| t.value.as_str())
    }

    /// Sets tag `name`, replacing an existing value.
    pub fn set_tag(&mut self, name: &str, value: impl Into<String>) {
        let value = value.into();
        match self
            .tags
            .iter_mut()
            .find(|t| t.name.eq_ignore_ascii_case(name))
        {
            Some(t) => t.value = value,
            None => self.tags.push(Tag {
                name: name.to_string(),
                value,
            }),
        }
    }

    /// Reads a record. Tags are optional; a file of bare movetext is a record
    /// without tags.
    pub fn parse(text: &str) -> Result<Record, RecordError> {
        let mut record = Record::default();
        let mut in_tags = true;
        let mut movetext = String::new();
        let mut movetext_start = 1;
        for (i, raw) in text.lines().enumerate() {
            let line = raw.trim();
            if in_tags {
                if line.is_empty() {
                    continue;
                }
                if line.starts_with('[') {
                    record.tags.push(parse_tag(line, i + 1)?);
                    continue;
                }
                in_tags = false;
                movetext_start = i + 1;
            }
            movetext.push_str(raw);
            movetext.push('\n');
        }
        parse_movetext(&movetext, movetext_start, &mut record)?;
        Ok(record)
    }

    /// Reads a file of several records, PGN-style: a tag line after
    /// movetext starts the next record. (A line inside a `{}` comment that
    /// starts with `[` is taken for a tag.) Error lines count from the
    /// start of the whole text.
    pub fn parse_all(text: &str) -> Result<Vec<Record>, RecordError> {
        let mut out = Vec::new();
        let mut chunk = String::new();
        let (mut chunk_line, mut seen_moves) = (0, false);
        let mut flush = |chunk: &mut String, first: usize| -> Result<(), RecordError> {
            if !chunk.trim().is_empty() {
                let r = Record::parse(chunk).map_err(|e| RecordError {
                    line: e.line + first,
                    message: e.message,
                })?;
                out.push(r);
            }
            chunk.clear();
            Ok(())
        };
        for (i, raw) in text.lines().enumerate() {
            let line = raw.trim();
            if line.starts_with('[') && seen_moves {
                flush(&mut chunk, chunk_line)?;
                chunk_line = i;
                seen_moves = false;
            } else if !line.is_empty() && !line.starts_with('[') {
                seen_moves = true;
            }
            chunk.push_str(raw);
            chunk.push('\n');
        }
        flush(&mut chunk, chunk_line)?;
        Ok(out)
    }

    /// Writes the movetext with move numbers (the game's, from
    /// [`Record::numbers`], or `1. a b 2. c d ...`), lines wrapped near 80
    /// columns, then the result (or `*`).
    fn write_movetext(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut line_len = 0;
        let mut words: Vec<String> = Vec::new();
        let by_game = self.numbers.len() == self.moves.len() && !self.numbers.is_empty();
        for (i, m) in self.moves.iter().enumerate() {
            let number = if by_game {
                self.numbers[i]
            } else {
                (i % 2 == 0).then_some(i as u32 / 2 + 1)
            };
            if let Some(n) = number {
                words.push(format!("{n}."));
            }
            words.push(m.clone());
            if let Some(Some(c)) = self.comments.get(i) {
                words.push(format!("{{{}}}", c.replace(['{', '}'], "")));
            }
        }
        words.push(self.result.clone().unwrap_or_else(|| "*".to_string()));
        for w in words {
            // A line never starts with '[' (it would read as a tag): a
            // bracketed chance event stays on the line before it.
            if line_len > 0 && line_len + 1 + w.len() > 79 && !w.starts_with('[') {
                writeln!(f)?;
                line_len = 0;
            } else if line_len > 0 {
                write!(f, " ")?;
                line_len += 1;
            }
            write!(f, "{w}")?;
            line_len += w.len();
        }
        writeln!(f)
    }
}

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for t in &self.tags {
            let v = t.value.replace('\\', "\\\\").replace('"', "\\\"");
            writeln!(f, "[{} \"{}\"]", t.name, v)?;
        }
        if !self.tags.is_empty() {
            writeln!(f)?;
        }
        self.write_movetext(f)
    }
}

fn parse_tag(line: &str, lineno: usize) -> Result<Tag, RecordError> {
    let err = |m: &str| RecordError {
        line: lineno,
        message: m.to_string(),
    };
    let inner = line
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'))
        .ok_or_else(|| err("a tag must look like [Name \"value\"]"))?;
    let (name, rest) = inner
        .trim()
        .split_once(char::is_whitespace)
        .ok_or_else(|| err("a tag needs a name and a quoted value"))?;
    if name.is_empty()
        || !name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    {
        return Err(err("a tag name uses letters, digits, '_' and '-' only"));
    }
    let rest = rest.trim();
    let quoted = rest
        .strip_prefix('"')
        .and_then(|r| r.strip_suffix('"'))
        .ok_or_else(|| err("a tag value must be in double quotes"))?;
    let mut value = String::new();
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some(e @ ('\\' | '"')) => value.push(e),
                _ => return Err(err("in a tag value only \\\\ and \\\" are escapes")),
            },
            '"' => return Err(err("an unescaped '\"' inside a tag value")),
            c => value.push(c),
        }
    }
    Ok(Tag {
        name: name.to_string(),
        value,
    })
}

fn parse_movetext(text: &str, first_line: usize, record: &mut Record) -> Result<(), RecordError> {
    let mut line = first_line;
    let mut chars = text.char_indices().peekable();
    let mut token = String::new();
    let mut token_line = line;
    let flush = |token: &mut String, at: usize, record: &mut Record| -> Result<(), RecordError> {
        if token.is_empty() {
            return Ok(());
        }
        let t = std::mem::take(token);
        if record.result.is_some() {
            return Err(RecordError {
                line: at,
                message: format!("'{t}' after the result"),
            });
        }
        if RESULTS.contains(&t.as_str()) {
            record.result = Some(t);
            return Ok(());
        }
        // Move numbers: "12." or "12..." possibly glued to the move: "12.4Ci3".
        let digits = t.chars().take_while(|c| c.is_ascii_digit()).count();
        let mut rest = t.as_str();
        if digits > 0 && t[digits..].starts_with('.') {
            rest = t[digits..].trim_start_matches('.');
        } else if t.chars().all(|c| c == '.') {
            rest = "";
        }
        let mv = rest.trim_end_matches(['!', '?']);
        if mv.starts_with('$') {
            return Ok(());
        }
        if !mv.is_empty() {
            record.moves.push(mv.to_string());
        } else if !rest.is_empty() {
            return Err(RecordError {
                line: at,
                message: format!("'{t}' is not a move"),
            });
        }
        Ok(())
    };
    while let Some((_, c)) = chars.next() {
        match c {
            '{' => {
                flush(&mut token, token_line, record)?;
                let open = line;
                let mut closed = false;
                for (_, c) in chars.by_ref() {
                    if c == '\n' {
                        line += 1;
                    }
                    if c == '}' {
                        closed = true;
                        break;
                    }
                }
                if !closed {
                    return Err(RecordError {
                        line: open,
                        message: "a comment '{' is never closed".to_string(),
                    });
                }
            }
            ';' => {
                flush(&mut token, token_line, record)?;
                for (_, c) in chars.by_ref() {
                    if c == '\n' {
                        line += 1;
                        break;
                    }
                }
            }
            // A bracket glued to a play is part of it (a game may write a
            // sacrifice as `(wR)yB`); one that opens a variation is refused.
            '(' if token.is_empty()
                && chars
                    .peek()
                    .is_none_or(|&(_, n)| n.is_whitespace() || n.is_ascii_digit() || n == '(') =>
            {
                return Err(RecordError {
                    line,
                    message: "variations in parentheses are not supported; put side lines in { } comments"
                        .to_string(),
                });
            }
            ')' if !token.contains('(') => {
                return Err(RecordError {
                    line,
                    message: "a ')' without its '('".to_string(),
                });
            }
            c if c.is_whitespace() => {
                flush(&mut token, token_line, record)?;
                if c == '\n' {
                    line += 1;
                }
            }
            c => {
                if token.is_empty() {
                    token_line = line;
                }
                token.push(c);
            }
        }
    }
    flush(&mut token, token_line, record)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bracketed_chance_event_never_starts_a_line() {
        let moves: Vec<String> = (0..60)
            .flat_map(|i| [format!("[{}H]", i % 9 + 1), "Qd1d2".to_string()])
            .collect();
        let r = Record {
            numbers: (0..120)
                .map(|i| (i % 2 == 0).then_some(i / 2 + 1))
                .collect(),
            moves: moves.clone(),
            ..Record::default()
        };
        let text = r.to_string();
        assert!(text.lines().count() > 5, "{text}");
        assert!(text.lines().all(|l| !l.starts_with('[')), "{text}");
        assert_eq!(Record::parse(&text).unwrap().moves, moves);
    }

    #[test]
    fn moves_are_numbered_by_the_games_turns_when_it_gives_them() {
        let mut r = Record {
            moves: ["[7H]", "e4", "[2C]", "d5", "Nf3"]
                .map(String::from)
                .to_vec(),
            numbers: vec![Some(1), None, None, None, Some(2)],
            result: Some("*".into()),
            ..Record::default()
        };
        assert_eq!(r.to_string(), "1. [7H] e4 [2C] d5 2. Nf3 *\n");
        // Comments after moves are written and skipped when read.
        let mut c = r.clone();
        c.comments = vec![None, Some("[%clk 0:02:31]".into())];
        assert_eq!(
            c.to_string(),
            "1. [7H] e4 {[%clk 0:02:31]} [2C] d5 2. Nf3 *\n"
        );
        assert_eq!(Record::parse(&c.to_string()).unwrap().moves, r.moves);
        // The moves read back the same (numbers are skipped, not checked).
        assert_eq!(Record::parse(&r.to_string()).unwrap().moves, r.moves);
        // Without the game's numbers: pairs from 1.
        r.numbers.clear();
        assert_eq!(r.to_string(), "1. [7H] e4 2. [2C] d5 3. Nf3 *\n");
    }

    #[test]
    fn reads_a_file_of_several_records() {
        let text = "[Game \"1\"]\n\n1. a b 1-0\n\n[Game \"2\"]\n1. c d\n2. e *\n";
        let rs = Record::parse_all(text).unwrap();
        assert_eq!(rs.len(), 2);
        assert_eq!(rs[0].tag("Game"), Some("1"));
        assert_eq!(rs[1].moves, vec!["c", "d", "e"]);
        // Errors count lines from the start of the file.
        let e = Record::parse_all("[A \"1\"]\n1. a\n[B \"2\"]\n1. b {open\n").unwrap_err();
        assert_eq!(e.line, 4);
        assert!(Record::parse_all("").unwrap().is_empty());
    }

    #[test]
    fn reads_tags_numbers_comments_and_result() {
        let r = Record::parse(
            "[Variant \"toy\"]\n[Event \"a \\\"test\\\"\"]\n\n1. 4Ci3 4Db6 {note} 2.8Dj2\n2... 8Ca7 ; rest\n18. 8D:j7?? 7Dh8! 0-1\n",
        )
        .unwrap();
        assert_eq!(r.tag("variant"), Some("toy"));
        assert_eq!(r.tag("Event"), Some("a \"test\""));
        assert_eq!(
            r.moves,
            vec!["4Ci3", "4Db6", "8Dj2", "8Ca7", "8D:j7", "7Dh8"]
        );
        assert_eq!(r.result.as_deref(), Some("0-1"));
    }

    #[test]
    fn round_trips_through_display() {
        let mut r = Record::default();
        r.set_tag("Variant", "toy");
        r.moves = (0..41).map(|i| format!("m{i}")).collect();
        r.result = Some("1-0".into());
        let again = Record::parse(&r.to_string()).unwrap();
        assert_eq!(again, r);
    }

    #[test]
    fn errors_name_the_line() {
        let e = Record::parse("[Variant toy]\n").unwrap_err();
        assert_eq!(e.line, 1);
        let e = Record::parse("1. a b\n{ open\n").unwrap_err();
        assert_eq!(e.line, 2);
        let e = Record::parse("1. a 1-0 b").unwrap_err();
        assert!(e.message.contains("after the result"));
        assert!(Record::parse("1. a (1... b) c").is_err());
        assert!(Record::parse("1. a b) c").is_err());
        // A bracket glued to a play belongs to it (a sacrifice, `(wR)yB`).
        assert_eq!(
            Record::parse("4. (wR)yB rB").unwrap().moves,
            vec!["(wR)yB", "rB"]
        );
    }

    proptest::proptest! {
        #[test]
        fn never_panics(s in "\\PC*") {
            let _ = Record::parse(&s);
        }
    }
}
