//! A UCI line read into a [`UciCommand`], or why it is not one. Every
//! line is untrusted: numbers are checked (a negative time is 0, one that
//! does not fit is refused), nothing panics.

use std::time::Duration;

/// Where a `position` starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    /// The game's start.
    StartPos,
    /// A position string (the game's own).
    Fen(String),
}

/// What `go` asks for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    /// Search to this depth.
    pub depth: Option<u32>,
    /// At most this many nodes.
    pub nodes: Option<u64>,
    /// Exactly this long.
    pub movetime: Option<Duration>,
    /// White's (the first seat's) clock.
    pub wtime: Option<Duration>,
    /// Black's (the second seat's) clock.
    pub btime: Option<Duration>,
    /// White's increment.
    pub winc: Option<Duration>,
    /// Black's increment.
    pub binc: Option<Duration>,
    /// Moves to the next time control.
    pub movestogo: Option<u32>,
    /// Until `stop`.
    pub infinite: bool,
    /// A search for `ponderhit` (searched as `infinite`).
    pub ponder: bool,
}

/// A UCI command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UciCommand {
    /// `uci`
    Uci,
    /// `debug on|off`
    Debug,
    /// `isready`
    IsReady,
    /// `setoption name N [value V]`
    SetOption {
        /// The option's name.
        name: String,
        /// Its value, if any.
        value: Option<String>,
    },
    /// `register ...`
    Register,
    /// `ucinewgame`
    NewGame,
    /// `position startpos|fen F [moves ...]`
    Position {
        /// Where it starts.
        start: Start,
        /// The moves after it.
        moves: Vec<String>,
    },
    /// `go ...`
    Go(Go),
    /// `stop`
    Stop,
    /// `ponderhit`
    PonderHit,
    /// `quit`
    Quit,
    /// An empty line.
    Empty,
}

/// The longest depth asked for that is searched (deeper is this deep).
pub const MAX_DEPTH: u32 = 128;

fn number(word: &str, value: Option<&&str>) -> Result<i128, String> {
    let Some(v) = value else {
        return Err(format!("'{word}' needs a number"));
    };
    v.parse::<i128>()
        .ok()
        .filter(|n| n.unsigned_abs() <= u128::from(u64::MAX))
        .ok_or_else(|| {
            format!(
                "'{word}' needs a number, not '{}'",
                crate::protocol::echo(v)
            )
        })
}

fn millis(n: i128) -> Duration {
    Duration::from_millis(u64::try_from(n.max(0)).unwrap_or(u64::MAX))
}

fn small(n: i128) -> u32 {
    u32::try_from(n.max(0)).unwrap_or(u32::MAX)
}

/// Reads `go`'s words.
fn go(words: &[&str]) -> Result<Go, String> {
    let mut g = Go::default();
    let mut i = 0;
    while i < words.len() {
        let w = words[i];
        let v = words.get(i + 1);
        match w {
            "infinite" => g.infinite = true,
            "ponder" => g.ponder = true,
            "searchmoves" => {
                // The moves to search among are not restricted: skipped.
                while i + 1 < words.len() && !is_go_word(words[i + 1]) {
                    i += 1;
                }
            }
            "depth" | "nodes" | "movetime" | "wtime" | "btime" | "winc" | "binc" | "movestogo"
            | "mate" => {
                let n = number(w, v)?;
                match w {
                    "depth" => g.depth = Some(small(n).clamp(1, MAX_DEPTH)),
                    "nodes" => g.nodes = Some(u64::try_from(n.max(1)).unwrap_or(u64::MAX)),
                    "movetime" => g.movetime = Some(millis(n)),
                    "wtime" => g.wtime = Some(millis(n)),
                    "btime" => g.btime = Some(millis(n)),
                    "winc" => g.winc = Some(millis(n)),
                    "binc" => g.binc = Some(millis(n)),
                    "movestogo" => g.movestogo = Some(small(n).max(1)),
                    // A mate search: searched to twice as many plies.
                    _ => g.depth = Some(small(n).saturating_mul(2).clamp(1, MAX_DEPTH)),
                }
                i += 1;
            }
            other => {
                return Err(format!(
                    "go: unknown word '{}'",
                    crate::protocol::echo(other)
                ))
            }
        }
        i += 1;
    }
    Ok(g)
}

fn is_go_word(w: &str) -> bool {
    matches!(
        w,
        "infinite"
            | "ponder"
            | "depth"
            | "nodes"
            | "movetime"
            | "wtime"
            | "btime"
            | "winc"
            | "binc"
            | "movestogo"
            | "mate"
    )
}

/// Reads `position`'s words.
fn position(words: &[&str]) -> Result<UciCommand, String> {
    let split = words.iter().position(|&w| w == "moves");
    let (head, moves) = match split {
        Some(i) => (&words[..i], &words[i + 1..]),
        None => (words, &[][..]),
    };
    let start = match head.first() {
        Some(&"startpos") if head.len() == 1 => Start::StartPos,
        Some(&"startpos") => {
            return Err("position startpos: unexpected words before 'moves'".into())
        }
        Some(&"fen") if head.len() > 1 => Start::Fen(head[1..].join(" ")),
        Some(&"fen") => return Err("position fen: the position string is missing".into()),
        _ => return Err("position: 'startpos' or 'fen' expected".into()),
    };
    Ok(UciCommand::Position {
        start,
        moves: moves.iter().map(|m| (*m).to_string()).collect(),
    })
}

/// Reads `setoption`'s words: `name` (words up to `value`) and the value.
fn setoption(words: &[&str]) -> Result<UciCommand, String> {
    if words.first() != Some(&"name") {
        return Err("setoption: 'name' expected".into());
    }
    let rest = &words[1..];
    let at = rest.iter().position(|&w| w == "value");
    let (name, value) = match at {
        Some(i) => (rest[..i].join(" "), Some(rest[i + 1..].join(" "))),
        None => (rest.join(" "), None),
    };
    if name.is_empty() {
        return Err("setoption: the option's name is missing".into());
    }
    Ok(UciCommand::SetOption { name, value })
}

impl UciCommand {
    /// Reads a line.
    pub fn read(line: &str) -> Result<UciCommand, String> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&first, rest)) = words.split_first() else {
            return Ok(UciCommand::Empty);
        };
        Ok(match first {
            "uci" => UciCommand::Uci,
            "debug" => UciCommand::Debug,
            "isready" => UciCommand::IsReady,
            "setoption" => setoption(rest)?,
            "register" => UciCommand::Register,
            "ucinewgame" => UciCommand::NewGame,
            "position" => position(rest)?,
            "go" => UciCommand::Go(go(rest)?),
            "stop" => UciCommand::Stop,
            "ponderhit" => UciCommand::PonderHit,
            "quit" => UciCommand::Quit,
            other => {
                return Err(format!(
                    "unknown command '{}'",
                    crate::protocol::echo(other)
                ))
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_commands() {
        assert_eq!(UciCommand::read("  "), Ok(UciCommand::Empty));
        assert_eq!(
            UciCommand::read("position startpos moves e2e4 e7e5"),
            Ok(UciCommand::Position {
                start: Start::StartPos,
                moves: vec!["e2e4".into(), "e7e5".into()]
            })
        );
        assert_eq!(
            UciCommand::read("position fen 8/8 w - - 0 1 moves a1a2"),
            Ok(UciCommand::Position {
                start: Start::Fen("8/8 w - - 0 1".into()),
                moves: vec!["a1a2".into()]
            })
        );
        assert_eq!(
            UciCommand::read("setoption name Skill Level value 3"),
            Ok(UciCommand::SetOption {
                name: "Skill Level".into(),
                value: Some("3".into())
            })
        );
        let Ok(UciCommand::Go(g)) =
            UciCommand::read("go wtime -5 btime 1000 winc 10 binc 10 movestogo 0 depth 999999")
        else {
            panic!("go")
        };
        assert_eq!(g.wtime, Some(Duration::ZERO));
        assert_eq!(g.movestogo, Some(1));
        assert_eq!(g.depth, Some(MAX_DEPTH));
        assert!(UciCommand::read("go depth 99999999999999999999999999").is_err());
        assert!(UciCommand::read("go depth").is_err());
        assert!(UciCommand::read("go nodes x").is_err());
        assert!(UciCommand::read("position").is_err());
        assert!(UciCommand::read("position fen").is_err());
        assert!(UciCommand::read("setoption value 3").is_err());
        assert!(UciCommand::read("frobnicate").is_err());
        let Ok(UciCommand::Go(g)) = UciCommand::read("go searchmoves e2e4 d2d4 depth 3") else {
            panic!("searchmoves")
        };
        assert_eq!(g.depth, Some(3));
    }
}
