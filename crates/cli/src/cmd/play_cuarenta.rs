//! `deckmate play cuarenta`: Cuarenta in the terminal.
//!
//! The same shape as Cardmate's [`super::play::Session`]: a line typed by
//! the player in, text to print out, no terminal I/O, so tests drive it
//! directly.

use crate::render_cuarenta;
use deckmate_engine::Player;
use deckmate_games::cuarenta::{notation, record, seat_name, End, EndReason, Move, Position};
use deckmate_rules::Seat;

/// The engine's side of a game against the computer.
pub struct Computer {
    /// The seat it plays.
    pub seat: Seat,
    /// Its level, 1..=8 (for messages and the record).
    pub level: u8,
    /// The player that chooses its moves.
    pub player: Box<dyn Player<Position>>,
}

/// A Cuarenta game in progress and everything the player can ask of it.
pub struct Session {
    spec: record::GameSpec,
    pos: Position,
    moves: Vec<Move>,
    /// Each move in notation with its number: `1. Fa4`, `1... Pbc6`.
    history: Vec<String>,
    computer: Option<Computer>,
    flipped: bool,
    /// A resignation (the board's own ends are in the position).
    end: Option<End>,
    unsaved: bool,
    quit: bool,
}

const HELP: &str = "Type a move in Cuarenta's notation: the piece letter (K B C V G F P, the\n\
P written too), the file or rank it leaves when needed, 'x' when it\n\
captures, the target square: Fa4, Pbc6, Vxf7, Ce4. A pawn promoting adds\n\
=C (or on the last rank =F, =G, =V, =B): Pce8=C. Castling (King and Camel\n\
swap) is O-O. Check signs may be left out.\n\
Commands:\n\
  moves       list the legal moves\n\
  undo        take back your last move (and the computer's reply)\n\
  save FILE   write the game record to FILE (read it with: deckmate replay FILE)\n\
  board       show the board again\n\
  flip        turn the board around\n\
  resign      give up the game\n\
  help        this text\n\
  quit        leave at once (save first if you want the record)";

impl Session {
    /// A new game; `computer` plays one seat, if given; `flipped` draws
    /// Black at the bottom.
    pub fn new(
        spec: record::GameSpec,
        computer: Option<Computer>,
        flipped: bool,
    ) -> Result<Session, String> {
        let pos = spec.start().map_err(|e| e.to_string())?;
        Ok(Session {
            spec,
            pos,
            moves: Vec::new(),
            history: Vec::new(),
            computer,
            flipped,
            end: None,
            unsaved: false,
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

    /// The opening screen, plus the computer's first move if it starts.
    #[cfg(test)]
    pub fn start(&mut self) -> Vec<String> {
        let mut out = Vec::new();
        self.start_with(&mut |s| out.push(s));
        out
    }

    /// `Session::start`, handing each piece to `say` when it is ready.
    pub fn start_with(&mut self, say: &mut dyn FnMut(String)) {
        say("Cuarenta, by Mark Thompson (deckmate rules cuarenta for the rules).".to_string());
        if let Some(c) = &self.computer {
            say(format!(
                "You play {}; the computer (level {}) plays {}. Type 'help' for help.",
                seat_name(c.seat.other()),
                c.level,
                seat_name(c.seat)
            ));
        } else {
            say("Two players at one keyboard. Type 'help' for help.".to_string());
        }
        self.computer_moves(say);
        say(self.screen());
    }

    /// Handles one line typed by the player and returns what to print.
    #[cfg(test)]
    pub fn handle(&mut self, line: &str) -> Vec<String> {
        let mut out = Vec::new();
        self.respond(line, &mut |s| out.push(s));
        out
    }

    /// `Session::handle`, handing each piece to `say` when it is ready.
    pub fn respond(&mut self, line: &str, say: &mut dyn FnMut(String)) {
        let line = line.trim();
        let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        match word.to_ascii_lowercase().as_str() {
            "" => {}
            "help" | "?" => say(HELP.to_string()),
            "quit" | "exit" => {
                self.quit = true;
                say(self.goodbye());
            }
            "board" => say(self.screen()),
            "flip" => {
                self.flipped = !self.flipped;
                say(self.screen());
            }
            "moves" => say(self.list_moves()),
            "undo" => self.undo(say),
            "save" => say(self.save(rest.trim())),
            "resign" => say(self.resign()),
            _ => self.play(line, say),
        }
    }

    fn goodbye(&self) -> String {
        if !self.unsaved || self.moves.is_empty() {
            return "Goodbye.".to_string();
        }
        match self.record_text() {
            Ok(text) => format!(
                "The game was not saved (next time type 'save FILE' before 'quit').\n\
                 Its record, which 'deckmate replay -' reads:\n\n{}\nGoodbye.",
                text.trim_end()
            ),
            Err(_) => "Goodbye.".to_string(),
        }
    }

    fn screen(&self) -> String {
        let last = self.moves.last().map(|m| (m.from(), m.to()));
        let mut s = render_cuarenta::board_oriented(&self.pos, last, self.flipped);
        if let Some(h) = self.history.last() {
            s.push_str(&format!("Last move: {h}\n"));
        }
        match self.end() {
            Some(end) => s.push_str(&format!(
                "Game over: {} ({}). Type 'save FILE' to keep the record, 'quit' to leave.",
                record::result_of(&end),
                end.describe()
            )),
            None => {
                let side = self.pos.side_to_move();
                let who = match &self.computer {
                    Some(c) if c.seat == side => " (the computer)",
                    Some(_) => " (you)",
                    None => "",
                };
                s.push_str(&format!(
                    "Move {} {}{who} to play.",
                    number(&self.pos),
                    seat_name(side)
                ));
            }
        }
        s
    }

    fn is_computer(&self, seat: Seat) -> bool {
        self.computer.as_ref().is_some_and(|c| c.seat == seat)
    }

    /// Plays `mv` (known legal) and notes it in the history.
    fn push(&mut self, mv: Move) {
        self.history.push(format!(
            "{} {}",
            number(&self.pos),
            notation::write(&self.pos, mv)
        ));
        self.pos.play_move(mv);
        self.moves.push(mv);
        self.unsaved = true;
    }

    fn computer_moves(&mut self, say: &mut dyn FnMut(String)) {
        while self.end().is_none() && self.is_computer(self.pos.side_to_move()) {
            let Some(c) = self.computer.as_mut() else {
                break;
            };
            say(format!("The computer (level {}) is thinking...", c.level));
            let Some(mv) = c.player.choose(&self.pos) else {
                break;
            };
            self.push(mv);
            if let Some(h) = self.history.last() {
                say(format!("Computer plays {h}"));
            }
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
        let mut s = format!(
            "{} legal moves for {}:\n",
            texts.len(),
            seat_name(self.pos.side_to_move())
        );
        for chunk in texts.chunks(10) {
            s.push_str("  ");
            s.push_str(&chunk.join(" "));
            s.push('\n');
        }
        s.trim_end().to_string()
    }

    fn play(&mut self, text: &str, say: &mut dyn FnMut(String)) {
        if let Some(end) = self.end() {
            say(format!(
                "The game is over ({}). Type 'undo', 'save FILE' or 'quit'.",
                end.describe()
            ));
            return;
        }
        if self.is_computer(self.pos.side_to_move()) {
            say("It is the computer's turn.".to_string());
            return;
        }
        match notation::parse(&self.pos, text) {
            Err(e) => say(format!(
                "Illegal move {text}: {e}. (Type 'moves' for the legal moves, 'help' for help.)"
            )),
            Ok(mv) => {
                self.push(mv);
                self.computer_moves(say);
                say(self.screen());
            }
        }
    }

    fn undo(&mut self, say: &mut dyn FnMut(String)) {
        if self.end.take().is_some() {
            self.unsaved = true;
            say("Took back the resignation.".to_string());
            say(self.screen());
            return;
        }
        if self.moves.is_empty() {
            say("Nothing to undo.".to_string());
            return;
        }
        // Against the computer, take back to the human's turn. The mover of
        // the k-th ply from the end is the side to move now for even k,
        // the other side for odd k.
        let mut n = 1;
        if self.computer.is_some() {
            let now = self.pos.side_to_move();
            let mover = |k: usize| if k % 2 == 1 { now.other() } else { now };
            while n <= self.moves.len() && self.is_computer(mover(n)) {
                n += 1;
            }
            if n > self.moves.len() {
                say("Nothing of yours to undo.".to_string());
                return;
            }
        }
        let keep = self.moves.len() - n;
        let mut p = match self.spec.start() {
            Ok(p) => p,
            Err(e) => {
                say(format!("Cannot rebuild the game: {e}"));
                return;
            }
        };
        for &m in &self.moves[..keep] {
            p.play_move(m);
        }
        self.pos = p;
        self.moves.truncate(keep);
        self.history.truncate(keep);
        self.unsaved = true;
        let plies = if n == 1 { "ply" } else { "plies" };
        say(format!("Took back {n} {plies}."));
        say(self.screen());
    }

    fn resign(&mut self) -> String {
        if self.end().is_some() {
            return "The game is already over.".to_string();
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
        self.unsaved = true;
        self.screen()
    }

    /// The game's record as text.
    pub fn record_text(&self) -> Result<String, String> {
        let end = self.end.or_else(|| self.pos.end_state());
        let mut rec = record::write(&self.spec, &self.moves, end).map_err(|e| e.to_string())?;
        let name = |s: Seat| match &self.computer {
            Some(c) if c.seat == s => format!("deckmate level {}", c.level),
            _ => "Human".to_string(),
        };
        rec.set_tag("White", name(Seat::First));
        rec.set_tag("Black", name(Seat::Second));
        Ok(rec.to_string())
    }

    fn save(&mut self, file: &str) -> String {
        if file.is_empty() {
            return "Usage: save FILE".to_string();
        }
        match self.record_text() {
            Err(e) => format!("Cannot write the record: {e}"),
            Ok(text) => match std::fs::write(file, text) {
                Ok(()) => {
                    self.unsaved = false;
                    format!("Saved to {file} (read it back with: deckmate replay {file}).")
                }
                Err(e) => format!("Cannot write {file}: {e}"),
            },
        }
    }
}

/// The move number before a move: `3.` or `3...`.
fn number(pos: &Position) -> String {
    let dots = if pos.side_to_move() == Seat::First {
        "."
    } else {
        "..."
    };
    format!("{}{dots}", pos.fullmove())
}

impl super::play::Terminal for Session {
    fn start_with(&mut self, say: &mut dyn FnMut(String)) {
        Session::start_with(self, say);
    }
    fn respond(&mut self, line: &str, say: &mut dyn FnMut(String)) {
        Session::respond(self, line, say);
    }
    fn quit(&self) -> bool {
        Session::quit(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use deckmate_engine::cuarenta_player;
    use deckmate_games::cuarenta::fen;

    fn vs_computer(computer: Seat) -> Session {
        let c = Computer {
            seat: computer,
            level: 1,
            player: cuarenta_player(1, 3),
        };
        Session::new(record::GameSpec::default(), Some(c), false).unwrap()
    }

    fn two_humans() -> Session {
        Session::new(record::GameSpec::default(), None, false).unwrap()
    }

    #[test]
    fn the_board_shows_holes_coordinates_and_whose_turn() {
        let mut s = two_humans();
        let out = s.start().join("\n");
        assert!(out.contains("a  b  c  d  e  f  g  h  i"), "{out}");
        // Rank 2: a2 Vao, b2 a hole, c2 Guard, ... e2 the King.
        assert!(out.contains("2  V     G     K     G     V"), "{out}");
        assert!(out.contains("Move 1. White to play."), "{out}");
        let out = s.handle("Fa4").join("\n");
        assert!(out.contains("Last move: 1. Fa4"), "{out}");
        assert!(out.contains("[F]"), "{out}");
        assert!(out.contains("Black to play"), "{out}");
    }

    #[test]
    fn illegal_input_is_refused_with_a_reason() {
        let mut s = two_humans();
        s.start();
        for bad in ["Ke4", "Pbc9", "xyz", "O-O", "e9", "Fa4=C"] {
            let out = s.handle(bad).join("\n");
            assert!(out.starts_with(&format!("Illegal move {bad}: ")), "{out}");
            assert!(
                out.len() > format!("Illegal move {bad}: ").len() + 3,
                "{out}"
            );
        }
        assert!(s.moves.is_empty());
    }

    #[test]
    fn garbage_and_commands_never_panic() {
        let mut s = vs_computer(Seat::Second);
        s.start();
        for line in [
            "",
            "   ",
            "help",
            "moves",
            "board",
            "flip",
            "flip",
            "undo",
            "save",
            "=C",
            "O-O-O",
            "x",
            "Pxx9=Q",
            "\u{1F600}",
            "K",
            "Kd1",
            "resign",
            "undo",
            "Fa4",
            "undo",
            "resign",
            "Fa4",
            "moves",
        ] {
            s.handle(line);
        }
        let out = s.handle("quit").join("\n");
        assert!(out.contains("Goodbye."));
        assert!(s.quit());
    }

    #[test]
    fn flip_puts_black_at_the_bottom() {
        let mut s = two_humans();
        s.start();
        let out = s.handle("flip").join("\n");
        assert!(out.contains("i  h  g  f  e  d  c  b  a"), "{out}");
        let first = out.lines().next().unwrap_or("");
        assert!(first.starts_with("1 "), "{out}");
    }

    #[test]
    fn undo_against_the_computer_returns_to_the_humans_turn() {
        let mut s = vs_computer(Seat::Second);
        s.start();
        s.handle("Fa4");
        assert_eq!(s.moves.len(), 2);
        let out = s.handle("undo").join("\n");
        assert!(out.contains("Took back 2 plies."), "{out}");
        assert!(s.moves.is_empty());
        assert_eq!(s.position().side_to_move(), Seat::First);
    }

    #[test]
    fn the_computer_moves_first_when_it_plays_white() {
        let mut s = vs_computer(Seat::First);
        let out = s.start().join("\n");
        assert!(out.contains("Computer plays 1. "), "{out}");
        assert!(out.contains("Black (you) to play"), "{out}");
    }

    #[test]
    fn promotion_and_castling_are_typed_as_the_rules_write_them() {
        // A White pawn on d7 may go to c8 or e8 and become a Camel.
        let text = "*k*1*1*1*/1*1*1*1*1/*1*P*1*1*/1*1*1*1*1/*1*1*1*1*/1*1*1*1*1/*1*1*1*1*/1*1*K*1*1/*1*1*1*1* w - 0 1";
        let spec = record::GameSpec {
            fen: Some(text.to_string()),
        };
        let mut s = Session::new(spec, None, false).unwrap();
        s.start();
        let out = s.handle("Pde8=C").join("\n");
        assert!(out.contains("Last move: 1. Pe8=C"), "{out}");
        let mut s = two_humans();
        s.start();
        let out = s.handle("O-O").join("\n");
        assert!(out.starts_with("Illegal move O-O: "), "{out}");
        let _ = fen::START;
    }

    #[test]
    fn a_whole_game_against_the_computer_reaches_its_end() {
        // The human's moves come from a level-1 player too; the session
        // must carry the game to its end.
        let mut s = vs_computer(Seat::Second);
        s.start();
        let mut me = cuarenta_player(1, 11);
        let mut plies = 0;
        while s.end().is_none() {
            let mv = me
                .choose(s.position())
                .expect("a move while the game goes on");
            let text = notation::write(s.position(), mv);
            let out = s.handle(&text).join("\n");
            assert!(!out.contains("Illegal move"), "{text}: {out}");
            plies += 1;
            assert!(plies < 400, "the game should end by the 80-ply rule");
        }
        let out = s.handle("board").join("\n");
        assert!(out.contains("Game over:"), "{out}");
        let rec = s.record_text().unwrap();
        let parsed = deckmate_rules::Record::parse(&rec).unwrap();
        let replay = record::replay(&parsed).unwrap();
        assert_eq!(replay.moves.len(), s.moves.len());
    }
}
