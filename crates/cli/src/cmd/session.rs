//! A board game in the terminal, whichever game it is: [`Session`] takes a
//! line typed by the player and returns what to print, apart from any
//! terminal I/O, so tests drive it directly.
//!
//! Cardmate and Cuarenta play through the same session; what differs
//! between them (help, greeting, board drawing) is a [`BoardGame`].

use super::board_game::BoardGame;
use super::terminal::{not_a_move, quote, Command, Terminal};
use deckmate_engine::Player;
use deckmate_rules::{Game, Seat};

/// The commands of every board game, the end of 'help'.
const COMMANDS: &str = concat!(
    "Commands:\n",
    "  moves       list the legal moves\n",
    "  undo        take back your last move (and the computer's reply)\n",
    "  save FILE   write the game record to FILE (read it with: deckmate replay FILE)\n",
    "  board       show the board again\n",
    "  flip        turn the board around\n",
    "  resign      give up the game\n",
    "  help        this text\n",
    "  quit        leave at once (save first if you want the record)",
);

/// The engine's side of a game against the computer.
pub struct Computer<P: Game> {
    /// The seat it plays.
    pub seat: Seat,
    /// Its level, 1..=8 (for messages and the record).
    pub level: u8,
    /// The player that chooses its moves.
    pub player: Box<dyn Player<P>>,
}

/// A game in progress and everything the player can ask of it.
///
/// [`Terminal::respond`] takes one line the player typed and hands each
/// piece of what to print over as soon as it is ready (so "thinking..."
/// shows before the engine thinks). No terminal I/O happens here.
pub struct Session<G: BoardGame> {
    spec: G::Spec,
    pos: G::Position,
    moves: Vec<G::Move>,
    /// Each move in notation with its number: `1. 4Ci3`, `1... 4Db6`.
    history: Vec<String>,
    computer: Option<Computer<G::Position>>,
    view: G::View,
    /// A resignation (the board's own ends are in the position).
    end: Option<G::End>,
    /// Whether the game changed since it was last saved.
    unsaved: bool,
    quit: bool,
}

impl<G: BoardGame> Session<G> {
    /// A new game; `computer` plays one seat, if given; `view` draws the
    /// board.
    pub fn new(
        spec: G::Spec,
        computer: Option<Computer<G::Position>>,
        view: G::View,
    ) -> Result<Session<G>, String> {
        let pos = G::start(&spec)?;
        Ok(Session {
            spec,
            pos,
            moves: Vec::new(),
            history: Vec::new(),
            computer,
            view,
            end: None,
            unsaved: false,
            quit: false,
        })
    }

    /// The game's end, if it is over.
    pub fn end(&self) -> Option<G::End> {
        self.end.or_else(|| G::end_state(&self.pos))
    }

    /// The position now.
    #[cfg(test)]
    pub fn position(&self) -> &G::Position {
        &self.pos
    }

    /// The moves played.
    #[cfg(test)]
    pub fn moves(&self) -> &[G::Move] {
        &self.moves
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
        let mut s = G::board(&self.pos, &self.view, self.moves.last().copied());
        if let Some(h) = self.history.last() {
            s.push_str(&format!("Last move: {h}\n"));
        }
        match self.end() {
            Some(end) => s.push_str(&format!(
                "Game over: {} ({}). Type 'save FILE' to keep the record, 'quit' to leave.",
                G::result_of(&end),
                G::describe(&end)
            )),
            None => {
                let side = G::side_to_move(&self.pos);
                let who = match &self.computer {
                    Some(c) if c.seat == side => " (the computer)",
                    Some(_) => " (you)",
                    None => "",
                };
                s.push_str(&format!(
                    "Move {} {}{who} to play.{}",
                    self.number(),
                    G::seat_name(side),
                    G::turn_note(&self.pos)
                ));
            }
        }
        s
    }

    /// The move number before the next move: `3.` or `3...`.
    fn number(&self) -> String {
        move_number(G::fullmove(&self.pos), G::side_to_move(&self.pos))
    }

    fn is_computer(&self, seat: Seat) -> bool {
        self.computer.as_ref().is_some_and(|c| c.seat == seat)
    }

    /// Plays `mv` (known legal) and notes it in the history.
    fn push(&mut self, mv: G::Move) {
        let text = format!("{} {}", self.number(), self.pos.move_text(mv));
        self.history.push(text);
        self.pos.play_unchecked(mv);
        self.moves.push(mv);
        self.unsaved = true;
    }

    fn computer_moves(&mut self, say: &mut dyn FnMut(String)) {
        while self.end().is_none() && self.is_computer(G::side_to_move(&self.pos)) {
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
        self.pos.legal_moves(&mut moves);
        let mut texts: Vec<String> = moves.iter().map(|&m| self.pos.move_text(m)).collect();
        texts.sort();
        let mut s = format!(
            "{} legal moves for {}{}:\n",
            texts.len(),
            G::seat_name(G::side_to_move(&self.pos)),
            G::moves_note(&self.pos)
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
                G::describe(&end)
            ));
            return;
        }
        if self.is_computer(G::side_to_move(&self.pos)) {
            // Only after a failed engine move; never in a normal game.
            say("It is the computer's turn.".to_string());
            return;
        }
        // A game's reasons quote what they read: a long line is refused
        // here, so that no message quotes more than its first characters.
        let parsed = match not_a_move(text) {
            Some(why) => Err(why),
            None => self.pos.parse_move(text).map_err(|e| e.to_string()),
        };
        match parsed {
            Err(why) => say(format!(
                "Illegal move {}: {why}. (Type 'moves' for the legal moves, 'help' for help.)",
                quote(text)
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
            // A resignation is the last thing to take back.
            self.unsaved = true;
            say("Took back the resignation.".to_string());
            say(self.screen());
            return;
        }
        if self.moves.is_empty() {
            say("Nothing to undo.".to_string());
            return;
        }
        let now = G::side_to_move(&self.pos);
        let computer = self.computer.as_ref().map(|c| c.seat);
        let Some(n) = plies_to_undo(self.moves.len(), now, computer) else {
            say("Nothing of yours to undo.".to_string());
            return;
        };
        let keep = self.moves.len() - n;
        let mut p = match G::start(&self.spec) {
            Ok(p) => p,
            Err(e) => {
                say(format!("Cannot rebuild the game: {e}"));
                return;
            }
        };
        for &m in &self.moves[..keep] {
            p.play_unchecked(m);
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
        let side = G::side_to_move(&self.pos);
        let loser = if self.is_computer(side) {
            side.other()
        } else {
            side
        };
        self.end = Some(G::resigned(loser.other()));
        self.unsaved = true;
        self.screen()
    }

    /// The game's record as text, with the players' names.
    pub fn record_text(&self) -> Result<String, String> {
        let mut rec = G::record(&self.spec, &self.moves, self.end)?;
        let name = |s: Seat| match &self.computer {
            Some(c) if c.seat == s => format!("deckmate level {}", c.level),
            _ => "Human".to_string(),
        };
        for seat in [Seat::First, Seat::Second] {
            rec.set_tag(G::seat_name(seat), name(seat));
        }
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
                Err(e) => format!("Cannot write {}: {e}", quote(file)),
            },
        }
    }
}

impl<G: BoardGame> Terminal for Session<G> {
    fn start_with(&mut self, say: &mut dyn FnMut(String)) {
        say(G::greeting(&self.spec));
        if let Some(c) = &self.computer {
            say(format!(
                "You play {}; the computer (level {}) plays {}. Type 'help' for help.",
                G::seat_name(c.seat.other()),
                c.level,
                G::seat_name(c.seat)
            ));
        } else {
            say("Two players at one keyboard. Type 'help' for help.".to_string());
        }
        self.computer_moves(say);
        say(self.screen());
    }

    fn respond(&mut self, line: &str, say: &mut dyn FnMut(String)) {
        let command = Command::read(line);
        match command.word.as_str() {
            "" => {}
            "help" | "?" => say(format!("{}\n{COMMANDS}", G::MOVE_HELP)),
            "quit" | "exit" => {
                self.quit = true;
                say(self.goodbye());
            }
            "board" => say(self.screen()),
            "flip" => {
                G::flip(&mut self.view);
                say(self.screen());
            }
            "moves" => say(self.list_moves()),
            "undo" => self.undo(say),
            "save" => say(self.save(command.rest)),
            "resign" => say(self.resign()),
            _ => self.play(command.line, say),
        }
    }

    fn quit(&self) -> bool {
        self.quit
    }
}

/// The move number as records write it before a move: `3.` or `3...`.
fn move_number(fullmove: u32, side_to_move: Seat) -> String {
    let dots = if side_to_move == Seat::First {
        "."
    } else {
        "..."
    };
    format!("{fullmove}{dots}")
}

/// How many plies 'undo' takes back when `played` plies (at least one)
/// were played and `now` is to move: one between two people; against the
/// computer (playing `computer`), back to the human's turn, or `None` when
/// no ply of the human's is left.
///
/// The engine only moves when it is its turn, so the side to move
/// alternates ply by ply: the mover of the k-th ply from the end is the
/// side to move now for even k, the other side for odd k.
fn plies_to_undo(played: usize, now: Seat, computer: Option<Seat>) -> Option<usize> {
    let Some(computer) = computer else {
        return Some(1);
    };
    let mover = |k: usize| if k % 2 == 1 { now.other() } else { now };
    let mut n = 1;
    while n <= played && mover(n) == computer {
        n += 1;
    }
    (n <= played).then_some(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_numbers_have_one_dot_for_the_first_seat_three_for_the_second() {
        assert_eq!(move_number(1, Seat::First), "1.");
        assert_eq!(move_number(12, Seat::Second), "12...");
    }

    #[test]
    fn undo_takes_back_one_ply_between_two_people() {
        assert_eq!(plies_to_undo(1, Seat::Second, None), Some(1));
        assert_eq!(plies_to_undo(5, Seat::First, None), Some(1));
    }

    #[test]
    fn undo_against_the_computer_goes_back_to_the_humans_turn() {
        // The human (First) moved, the computer (Second) replied: two plies.
        assert_eq!(plies_to_undo(2, Seat::First, Some(Seat::Second)), Some(2));
        // The computer has not replied yet (the game ended): one ply.
        assert_eq!(plies_to_undo(3, Seat::Second, Some(Seat::Second)), Some(1));
        // Only the computer's first move was played: nothing of the human's.
        assert_eq!(plies_to_undo(1, Seat::Second, Some(Seat::First)), None);
        // The computer opened, the human and the computer followed.
        assert_eq!(plies_to_undo(3, Seat::Second, Some(Seat::First)), Some(2));
    }
}
