//! `deckmate play GAME`: a game in the terminal.
//!
//! The game is a [`Session`]: it takes a line typed by the player and
//! returns what to print, apart from any terminal I/O, so tests drive it
//! directly. `run` only connects it to standard input and output.

use super::options::{clock_seed, CardmateOptions};
use crate::render::{self, Style};
use crate::variant::Variant;
use clap::{Args, ValueEnum};
use deckmate_engine::{cardmate_player, Player};
use deckmate_games::cardmate::{notation, record, seat_name, End, EndReason, Move, Position};
use deckmate_rules::Seat;
use std::io::{BufRead, IsTerminal, Write};
use std::process::ExitCode;

/// Who plays the other side.
#[derive(Copy, Clone, PartialEq, Eq, Debug, ValueEnum)]
pub enum Opponent {
    /// Two players at one keyboard.
    Human,
    /// The engine.
    Computer,
}

/// Which side the human plays against the computer.
#[derive(Copy, Clone, PartialEq, Eq, Debug, ValueEnum)]
pub enum Side {
    /// Forehand, who moves first.
    Forehand,
    /// Rearhand.
    Rearhand,
}

/// Arguments of `deckmate play`.
#[derive(Args)]
#[command(after_help = "Examples:\n  deckmate play cardmate\n  \
deckmate play cardmate --as rearhand --level 6\n  \
deckmate play cardmate --vs human --setup deal --seed 7\n\n\
In the game type a move (4Ci3, 9H:c5, 1Sd5=A) or: moves, undo, save FILE,\n\
flip, resign, help, quit.")]
pub struct PlayArgs {
    /// The game.
    #[arg(value_enum)]
    game: Variant,
    /// The opponent.
    #[arg(long, value_enum, default_value = "computer")]
    vs: Opponent,
    /// The computer's strength, 1 (beginner) to 8 (full strength).
    #[arg(long, default_value = "4", value_parser = clap::value_parser!(u8).range(1..=8))]
    level: u8,
    /// The side you play against the computer.
    #[arg(long = "as", value_enum, default_value = "forehand")]
    side: Side,
    /// Draw the board without colours (also: the NO_COLOR variable).
    #[arg(long)]
    no_color: bool,
    #[command(flatten)]
    options: CardmateOptions,
}

/// A game in progress and everything the player can ask of it.
pub struct Session {
    spec: record::GameSpec,
    pos: Position,
    moves: Vec<Move>,
    computer: Option<(Seat, Box<dyn Player<Position>>)>,
    style: Style,
    end: Option<End>,
    quit: bool,
}

const HELP: &str = "Type a move in the page's notation: the card, ':' if it captures, the\n\
target square, '=A' when a One promotes: 4Ci3, 9H:c5, 1Sd5=A.\n\
The signs + (first King), x (second King) and # (palace) may be left out.\n\
Commands:\n\
  moves       list the legal moves\n\
  undo        take back your last move\n\
  save FILE   write the game record to FILE\n\
  board       show the board again\n\
  flip        turn the board around\n\
  resign      give up the game\n\
  help        this text\n\
  quit        leave (save first if you want the record)";

impl Session {
    /// A new game; `computer` is the seat the engine plays, if any.
    pub fn new(
        spec: record::GameSpec,
        computer: Option<(Seat, Box<dyn Player<Position>>)>,
        style: Style,
    ) -> Result<Session, String> {
        let pos = spec.start().map_err(|e| e.to_string())?;
        Ok(Session {
            spec,
            pos,
            moves: Vec::new(),
            computer,
            style,
            end: None,
            quit: false,
        })
    }

    /// Whether the player has left.
    pub fn quit(&self) -> bool {
        self.quit
    }

    /// The game's end, if it is over.
    pub fn end(&self) -> Option<End> {
        self.end.or_else(|| self.pos.end_state())
    }

    /// The position now.
    #[cfg(test)]
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The moves played.
    #[cfg(test)]
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The opening screen, plus the computer's first move if it starts.
    pub fn start(&mut self) -> Vec<String> {
        let mut out = vec![format!(
            "Cardmate, setup {} (seed {}). Type 'help' for help.",
            self.spec.setup, self.spec.seed
        )];
        out.extend(self.computer_moves());
        out.push(self.screen());
        out
    }

    fn screen(&self) -> String {
        let last = self.moves.last().map(|m| (m.from, m.to));
        let mut s = render::board(&self.pos, &self.style, last);
        s.push_str(&render::legend(&self.style));
        s.push('\n');
        match self.end() {
            Some(end) => {
                s.push_str(&format!(
                    "Game over: {} ({}). Type 'save FILE' to keep the record, 'quit' to leave.",
                    record::result_of(&end),
                    end.describe()
                ));
            }
            None => {
                let side = self.pos.side_to_move();
                let dots = if side == Seat::First { "." } else { "..." };
                let forced = if self.pos.capture_is_compulsory() {
                    " (a same-suit capture is compulsory)"
                } else {
                    ""
                };
                s.push_str(&format!(
                    "Move {}{dots} {} to play{forced}.",
                    self.pos.fullmove(),
                    seat_name(side)
                ));
            }
        }
        s
    }

    fn is_computer(&self, seat: Seat) -> bool {
        self.computer.as_ref().is_some_and(|(s, _)| *s == seat)
    }

    fn computer_moves(&mut self) -> Vec<String> {
        let mut out = Vec::new();
        while self.end().is_none() && self.is_computer(self.pos.side_to_move()) {
            let Some((_, player)) = self.computer.as_mut() else {
                break;
            };
            let Some(mv) = player.choose(&self.pos) else {
                break;
            };
            let text = notation::write(&self.pos, mv);
            let dots = if self.pos.side_to_move() == Seat::First {
                "."
            } else {
                "..."
            };
            out.push(format!(
                "Computer plays {}{dots} {text}",
                self.pos.fullmove()
            ));
            self.pos.play_move(mv);
            self.moves.push(mv);
        }
        out
    }

    /// Handles one line typed by the player and returns what to print.
    pub fn handle(&mut self, line: &str) -> Vec<String> {
        let line = line.trim();
        let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        match word.to_ascii_lowercase().as_str() {
            "" => vec![],
            "help" | "?" => vec![HELP.to_string()],
            "quit" | "exit" => {
                self.quit = true;
                vec!["Goodbye.".to_string()]
            }
            "board" => vec![self.screen()],
            "flip" => {
                self.style.flipped = !self.style.flipped;
                vec![self.screen()]
            }
            "moves" => vec![self.list_moves()],
            "undo" => self.undo(),
            "save" => vec![self.save(rest.trim())],
            "resign" => self.resign(),
            _ => self.play(line),
        }
    }

    fn list_moves(&self) -> String {
        if self.end().is_some() {
            return "The game is over.".to_string();
        }
        let mut moves = Vec::new();
        self.pos.generate(&mut moves);
        let mut texts: Vec<String> = moves
            .iter()
            .map(|&m| notation::write(&self.pos, m))
            .collect();
        texts.sort();
        let mut s = format!("{} legal moves", texts.len());
        if self.pos.capture_is_compulsory() {
            s.push_str(" (same-suit captures are compulsory)");
        }
        s.push_str(":\n");
        for chunk in texts.chunks(10) {
            s.push_str("  ");
            s.push_str(&chunk.join(" "));
            s.push('\n');
        }
        s.trim_end().to_string()
    }

    fn play(&mut self, text: &str) -> Vec<String> {
        if let Some(end) = self.end() {
            return vec![format!("The game is over ({}).", end.describe())];
        }
        match notation::parse(&self.pos, text) {
            Err(e) => vec![format!("Illegal move: {e}")],
            Ok(mv) => {
                self.pos.play_move(mv);
                self.moves.push(mv);
                let mut out = self.computer_moves();
                out.push(self.screen());
                out
            }
        }
    }

    fn undo(&mut self) -> Vec<String> {
        if self.moves.is_empty() {
            return vec!["Nothing to undo.".to_string()];
        }
        self.end = None;
        let mut n = 1;
        // Against the computer, take back to the human's turn.
        if self.computer.is_some() {
            let human_to_move_after = |k: usize, s: &Session| {
                let mut p = match s.spec.start() {
                    Ok(p) => p,
                    Err(_) => return true,
                };
                for &m in &s.moves[..s.moves.len() - k] {
                    p.play_move(m);
                }
                !s.is_computer(p.side_to_move())
            };
            while n < self.moves.len() && !human_to_move_after(n, self) {
                n += 1;
            }
            if !human_to_move_after(n, self) {
                return vec!["Nothing of yours to undo.".to_string()];
            }
        }
        let keep = self.moves.len() - n;
        self.moves.truncate(keep);
        match self.spec.start() {
            Ok(mut p) => {
                for &m in &self.moves {
                    p.play_move(m);
                }
                self.pos = p;
            }
            Err(e) => return vec![format!("Cannot rebuild the game: {e}")],
        }
        vec![format!("Took back {n} ply(s)."), self.screen()]
    }

    fn resign(&mut self) -> Vec<String> {
        if self.end().is_some() {
            return vec!["The game is already over.".to_string()];
        }
        let side = self.pos.side_to_move();
        let loser = if self.is_computer(side) {
            side.other()
        } else {
            side
        };
        self.end = Some(End {
            winner: Some(loser.other()),
            reason: EndReason::Resignation,
        });
        vec![self.screen()]
    }

    /// The game's record as text.
    pub fn record_text(&self) -> Result<String, String> {
        let mut rec =
            record::write(&self.spec, &self.moves, self.end).map_err(|e| e.to_string())?;
        let names = |s: Seat| {
            if self.is_computer(s) {
                "deckmate".to_string()
            } else {
                "Human".to_string()
            }
        };
        rec.set_tag("Forehand", names(Seat::First));
        rec.set_tag("Rearhand", names(Seat::Second));
        Ok(rec.to_string())
    }

    fn save(&self, file: &str) -> String {
        if file.is_empty() {
            return "Usage: save FILE".to_string();
        }
        match self.record_text() {
            Err(e) => format!("Cannot write the record: {e}"),
            Ok(text) => match std::fs::write(file, text) {
                Ok(()) => format!("Saved to {file}."),
                Err(e) => format!("Cannot write {file}: {e}"),
            },
        }
    }
}

/// Runs a game on standard input and output.
pub fn run(args: PlayArgs) -> Result<ExitCode, String> {
    let Variant::Cardmate = args.game;
    let spec = args.options.spec(clock_seed());
    let color =
        !args.no_color && std::env::var_os("NO_COLOR").is_none() && std::io::stdout().is_terminal();
    let style = Style {
        color,
        flipped: args.vs == Opponent::Computer && args.side == Side::Rearhand,
    };
    let computer = match args.vs {
        Opponent::Human => None,
        Opponent::Computer => {
            let seat = match args.side {
                Side::Forehand => Seat::Second,
                Side::Rearhand => Seat::First,
            };
            Some((seat, cardmate_player(args.level, spec.seed)))
        }
    };
    let mut session = Session::new(spec, computer, style)?;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let say = |out: &mut std::io::StdoutLock, lines: Vec<String>| {
        for l in lines {
            let _ = writeln!(out, "{l}");
        }
        let _ = out.flush();
    };
    say(&mut out, session.start());
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    loop {
        let _ = write!(out, "> ");
        let _ = out.flush();
        let mut line = String::new();
        match input.read_line(&mut line) {
            Ok(0) | Err(_) => {
                let _ = writeln!(out);
                break;
            }
            Ok(_) => {}
        }
        let lines = session.handle(&line);
        say(&mut out, lines);
        if session.quit() {
            break;
        }
    }
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use deckmate_rules::{Game, SeededRng};

    fn session(computer: bool) -> Session {
        let spec = record::GameSpec::default();
        let c = computer.then(|| (Seat::Second, cardmate_player(1, 1)));
        Session::new(spec, c, Style::plain()).unwrap()
    }

    #[test]
    fn plays_the_first_moves_of_sample_game_1() {
        let mut s = session(false);
        s.start();
        for m in ["4Ci3", "4Db6", "8Dj2", "8Ca7"] {
            let out = s.handle(m).join("\n");
            assert!(!out.contains("Illegal"), "{m}: {out}");
        }
        assert_eq!(s.moves().len(), 4);
    }

    #[test]
    fn refuses_a_quiet_move_when_a_capture_is_compulsory_c3() {
        let mut s = session(false);
        let game = "1. 4Ci3 4Db6 2. 8Dj2 8Ca7 3. 8Dh3 8Cc6 4. 7Cb1 7Di8 5. 3Cd3 3Di6 \
            6. 8Hc2 4Dc5 7. JSf3 9Sa7 8. 9H:c5 9S:c5 9. 2Sa3 9S:a3 10. 1D:a3 8Sh7 \
            11. 3Cd4 8C:d4 12. 8H:d4 8Sg5 13. JS:g5 3Hc6 14. JS:g7 6H:g7 15. 8H:c6 JH:c6 \
            16. 1Da4 QSh8 17. 8Di5 QS:h2 18. 8D:j7 7Dh8";
        for m in game.split_whitespace().filter(|w| !w.ends_with('.')) {
            let out = s.handle(m).join("\n");
            assert!(!out.contains("Illegal"), "{m}: {out}");
        }
        let out = s.handle("1Hg3").join("\n");
        assert!(out.contains("compulsory") && out.contains("8D:h8"), "{out}");
        assert_eq!(s.moves().len(), 36);
    }

    #[test]
    fn undo_against_the_computer_returns_to_the_humans_turn() {
        let mut s = session(true);
        s.start();
        s.handle("4Ci3");
        assert_eq!(s.moves().len(), 2);
        s.handle("undo");
        assert_eq!(s.moves().len(), 0);
        assert_eq!(s.position().side_to_move(), Seat::First);
        assert!(s.handle("undo")[0].contains("Nothing"));
    }

    #[test]
    fn save_writes_a_record_that_replays() {
        let mut s = session(true);
        s.start();
        s.handle("4Ci3");
        s.handle("8Dj2");
        let path = std::env::temp_dir().join(format!("deckmate-save-{}.pgn", std::process::id()));
        let msg = s.handle(&format!("save {}", path.display()));
        assert!(msg[0].starts_with("Saved"), "{msg:?}");
        let text = std::fs::read_to_string(&path).unwrap();
        let _ = std::fs::remove_file(&path);
        let rec = deckmate_rules::Record::parse(&text).unwrap();
        let r = record::replay(&rec).unwrap();
        assert_eq!(r.moves, s.moves());
    }

    #[test]
    fn a_whole_game_against_the_computer_reaches_its_end() {
        let mut s = session(true);
        s.start();
        let mut rng = SeededRng::new(3);
        for _ in 0..400 {
            if s.end().is_some() {
                break;
            }
            let mut moves = Vec::new();
            s.position().legal_moves(&mut moves);
            let mv = moves[rng.below(moves.len() as u64) as usize];
            let text = notation::write(s.position(), mv);
            let out = s.handle(&text).join("\n");
            assert!(!out.contains("Illegal"), "{text}: {out}");
        }
        let end = s.end().expect("the game ends");
        assert!(s.handle("moves")[0].contains("over"));
        let out = s.handle("board").join("\n");
        assert!(out.contains("Game over"), "{out}");
        assert!(!end.describe().is_empty());
    }

    #[test]
    fn garbage_and_commands_never_panic() {
        let mut s = session(true);
        s.start();
        for line in [
            "", "   ", "zz", "save", "4C", "é", "moves", "flip", "board", "help", "resign", "4Ci3",
            "undo", "quit",
        ] {
            s.handle(line);
        }
        assert!(s.quit());
    }
}
