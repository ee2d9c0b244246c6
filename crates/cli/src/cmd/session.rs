//! A game in the terminal, whichever game it is: [`Session`] plays a
//! [`PlayedGame`] from the registry (moves as text in the game's notation,
//! the engine's moves through [`PlayedGame::engine_job`], the record
//! through [`PlayedGame::record`]) and draws the game's view with the one
//! renderer ([`crate::render`]). It takes a line typed by the player and
//! returns what to print, apart from any terminal I/O, so tests drive it
//! directly.

use super::terminal::{not_a_move, quote, reason, Command, Terminal};
use crate::render::{self, Style};
use deckmate_games::registry::{BoxedGame, GameEntry, Options, RecordInfo, Settlement};
use deckmate_rules::{Outcome, Seat, ToAct};
use serde_json::{Map, Value};

/// The commands of every game, the end of 'help'.
const COMMANDS: &str = concat!(
    "Commands:\n",
    "  moves       list the legal moves\n",
    "  undo        take back your last move (and the computer's reply)\n",
    "  save FILE   write the game record to FILE (read it with: deckmate replay FILE)\n",
    "  board       show the board again\n",
    "  flip        turn the board around\n",
    "  draw        offer a draw (or accept the one offered)\n",
    "  resign      give up the game\n",
    "  help        this text\n",
    "  quit        leave at once (save first if you want the record)",
);

/// What the player is told when the computer finds no move where it is to
/// move (a defect, never a normal game): the game cannot go on, and says
/// so rather than wait.
const COMPUTER_STUCK: &str = "Error: the computer found no move here, so this game cannot go on \
against it. Type 'save FILE' to keep the record, 'resign' or 'quit'.";

/// Why a game going on gives no record: [`Session::record_seen`].
const SECRET_RECORD: &str = "the record would show what is still secret (an arrangement not yet \
revealed, or the seed that decides the cards or draws to come); it is given once that is revealed \
or the game is over";

/// Why a settlement whose whole record was given out stands.
const SETTLED_FOR_GOOD: &str = "the record given out after the game ended showed its seed, which \
decides what is still to come";

/// The engine's side of a game against the computer.
#[derive(Clone, Copy, Debug)]
pub struct Computer {
    /// The seat it plays.
    pub seat: Seat,
    /// Its level, 1..=8 (for messages and the record).
    pub level: u8,
}

/// A game in progress and everything the player can ask of it.
///
/// [`Terminal::respond`] takes one line the player typed and hands each
/// piece of what to print over as soon as it is ready (so "thinking..."
/// shows before the engine thinks). No terminal I/O happens here.
pub struct Session {
    entry: &'static GameEntry,
    game: BoxedGame,
    /// The options given and the seed: the greeting says how to start the
    /// same game again.
    options: Options,
    seed: u64,
    computer: Option<Computer>,
    style: Style,
    /// A resignation or an agreed draw (the rules' own ends are the
    /// game's).
    settled: Option<Settlement>,
    /// A draw offered between two players: who offered, after how many
    /// plies. It stands until the other has moved.
    draw_offer: Option<(Seat, usize)>,
    /// Whether the player chose the seed (`--seed`): then it is no secret
    /// from him.
    seed_given: bool,
    /// The variant file's path as the player gave it (`--variant-file`),
    /// for the commands the hints print.
    variant_path: Option<String>,
    /// Whether the game changed since it was last saved.
    unsaved: bool,
    /// Whether a record of a settled game (a resignation or an agreed
    /// draw) was given out while the game itself still held a secret (the
    /// seed of the draws to come): the settlement can no longer be taken
    /// back.
    secret_shown: bool,
    quit: bool,
}

impl Session {
    /// A new game of `entry` from `options` and `seed`; `computer` plays one
    /// seat, if given; `style` draws the board.
    pub fn new(
        entry: &'static GameEntry,
        options: Options,
        seed: u64,
        computer: Option<Computer>,
        style: Style,
    ) -> Result<Session, String> {
        let game = entry.new_game(&options, seed)?;
        Ok(Session::with_game(game, options, seed, computer, style))
    }

    /// A session over a game already made (a stored spec, in tests).
    pub fn with_game(
        game: BoxedGame,
        options: Options,
        seed: u64,
        computer: Option<Computer>,
        style: Style,
    ) -> Session {
        Session {
            entry: game.entry(),
            game,
            options,
            seed,
            computer,
            style,
            settled: None,
            draw_offer: None,
            seed_given: false,
            variant_path: None,
            unsaved: false,
            secret_shown: false,
            quit: false,
        }
    }

    /// The session, told whether the player chose the seed (the greeting
    /// says what is secret from him).
    pub fn seed_given(mut self, given: bool) -> Session {
        self.seed_given = given;
        self
    }

    /// The session, told the variant file's path as given (the hints
    /// print it, not the file's base name).
    pub fn variant_path(mut self, path: Option<String>) -> Session {
        self.variant_path = path;
        self
    }

    /// The game's end, if it is over: by its rules, a resignation or an
    /// agreed draw.
    pub fn outcome(&self) -> Option<Outcome> {
        self.settled
            .map(|s| s.outcome(self.entry.seat_names))
            .or_else(|| self.game.outcome())
    }

    /// The game.
    #[cfg(test)]
    pub fn game(&self) -> &BoxedGame {
        &self.game
    }

    /// The moves played, as texts.
    #[cfg(test)]
    pub fn moves(&self) -> &[String] {
        self.game.history()
    }

    fn seat_name(&self, seat: Seat) -> &'static str {
        self.entry.seat_names[seat.index()]
    }

    /// The seat whose view is drawn: the human's against the computer,
    /// else the seat to move.
    fn viewer(&self) -> Option<Seat> {
        match self.computer {
            Some(c) => Some(c.seat.other()),
            None => self.game.to_move(),
        }
    }

    fn view(&self) -> Map<String, Value> {
        self.game.view(self.viewer(), true)
    }

    /// The moves played as the person at the keyboard may see them (a
    /// game with secrets hides the computer's).
    fn seen_history(&self) -> Vec<String> {
        self.game.history_seen_by(self.viewer())
    }

    fn greeting(&self) -> String {
        let mut named = String::new();
        let mut flags = self.replay_flag().trim_start().to_string();
        if !flags.is_empty() {
            flags.push(' ');
        }
        for name in self.options.names() {
            let value = self.options.value(name).unwrap_or_default();
            named.push_str(&format!(", {} {value}", name.replace('_', " ")));
            flags.push_str(&format!("--{} {value} ", name.replace('_', "-")));
        }
        if self.game.secrets_pending() && self.game.outcome().is_none() {
            // The seed decides what is still hidden (52Chess's cards, F9):
            // the record of the finished game carries it. A seed the
            // player typed is no secret from him.
            if self.seed_given {
                return format!(
                    "{}{named} (seed {seed}, your choice: it decides what is hidden, so nothing is \
                     hidden from you; {flags}--seed {seed} starts the same game again).",
                    self.entry.name,
                    seed = self.seed
                );
            }
            return format!(
                "{}{named} (the seed, taken from the clock, stays secret until the game is over; \
                 the record then carries it).",
                self.entry.name
            );
        }
        // Levels 1-3 count nodes, never the clock: their replies are the
        // same again; the higher levels search within a time limit too.
        let timed = match self.computer {
            Some(c) if c.level > 3 => format!(
                "; the computer's replies at level {} can differ, as it thinks within a time limit",
                c.level
            ),
            _ => String::new(),
        };
        format!(
            "{}{named} (seed {seed}; {flags}--seed {seed} starts the same game again{timed}).",
            self.entry.name,
            seed = self.seed
        )
    }

    /// The number written before ply `ply` (from 0): chance's plies (a
    /// card drawn) are not counted, they go with the move after them.
    /// A setup phase's plies (a line of the move list without a number:
    /// Dealer's Chess's arrangements) are labelled by its heading, and play
    /// is numbered from 1 after them.
    fn label(&self, ply: usize) -> String {
        let lines = self.game.move_lines();
        let setup: Vec<usize> = lines
            .iter()
            .filter(|l| l.label.is_empty())
            .flat_map(|l| l.plies.iter().copied())
            .collect();
        if setup.contains(&ply) {
            let heading = lines
                .iter()
                .find(|l| l.plies.contains(&ply))
                .and_then(|l| l.heading.clone())
                .unwrap_or_default();
            return format!("({heading})");
        }
        number(
            (0..ply)
                .filter(|&i| !self.game.is_chance_ply(i) && !setup.contains(&i))
                .count(),
        )
    }

    /// The last move of a seat as the viewer sees it, numbered, with the
    /// card drawn before it, if any: `1. [7H] Nd3@c7`.
    fn last_move(&self) -> Option<String> {
        let history = self.seen_history();
        let k = (0..history.len())
            .rev()
            .find(|&i| !self.game.is_chance_ply(i))?;
        let card = match k.checked_sub(1) {
            Some(c) if self.game.is_chance_ply(c) => format!("{} ", history[c]),
            _ => String::new(),
        };
        Some(format!("{} {card}{}", self.label(k), history[k]))
    }

    /// What `deckmate replay` needs besides the record: a variant file's
    /// game is replayed with its file.
    fn replay_flag(&self) -> String {
        match (&self.variant_path, &self.entry.variant_file) {
            (Some(path), _) => format!(" --variant-file {path}"),
            (None, Some(v)) => format!(" --variant-file {}", v.file()),
            (None, None) => String::new(),
        }
    }

    /// Leaving ('quit', end of input, after a resignation or not): the
    /// record if it was not saved, as [`Session::record_seen`] gives it.
    fn goodbye(&mut self) -> String {
        if !self.unsaved || self.game.history().is_empty() {
            return "Goodbye.".to_string();
        }
        match self.record_seen() {
            Ok(record) => format!(
                "The game was not saved (next time type 'save FILE' before 'quit').\n\
                 Its record, which 'deckmate replay -{}' reads:\n\n{}\nGoodbye.",
                self.replay_flag(),
                record.trim_end()
            ),
            Err(why) => {
                format!("The game was not saved, and its record is not shown: {why}.\nGoodbye.")
            }
        }
    }

    /// The record the person at the keyboard may see, or why not: every
    /// way out of a game ('save', 'quit', end of input) takes the record
    /// here and nowhere else. While the game goes on and the record would
    /// show something still hidden (the computer's arrangement not yet
    /// revealed, the seed that decides the cards or draws to come), there
    /// is none. Once the game is over, by the rules, a resignation or an
    /// agreed draw, it is whole (with its seed); a settlement whose record
    /// was given out so is then final ([`Session::secret_shown`]).
    pub fn record_seen(&mut self) -> Result<String, String> {
        if self.game.secrets_pending() {
            if self.outcome().is_none() {
                return Err(SECRET_RECORD.to_string());
            }
            self.secret_shown = true;
        }
        Ok(self.record_text())
    }

    /// What the view adds to the line on whose turn it is: the game's
    /// note (a compulsory capture), a King in check.
    fn turn_note(view: &Map<String, Value>) -> Option<String> {
        if let Some(note) = view.get("turn_note").and_then(Value::as_str) {
            return Some(note.to_string());
        }
        let square = view.get("check_square").and_then(Value::as_str)?;
        let piece = render::piece_on(view, square).unwrap_or_else(|| "the piece".into());
        Some(format!("{piece} on {square} is in check."))
    }

    fn screen(&self) -> String {
        let view = self.view();
        let mut s = render::board(&view, self.entry.seat_names, &self.style).unwrap_or_default();
        s.push_str(&render::table(&view));
        let history = self.seen_history();
        if let Some(m) = self.last_move() {
            s.push_str(&format!("Last move: {m}\n"));
        }
        match (self.outcome(), self.game.to_move()) {
            (Some(end), _) => s.push_str(&format!(
                "Game over: {} ({}). Type 'save FILE' to keep the record, 'quit' to leave.",
                end.result_text(),
                end.reason
            )),
            (None, Some(side)) => {
                let who = match self.computer {
                    Some(c) if c.seat == side => " (the computer)",
                    Some(_) => " (you)",
                    None => "",
                };
                let note = Session::turn_note(&view).map_or(String::new(), |n| format!(" {n}"));
                s.push_str(&format!(
                    "Move {} {}{who} to play.{note}",
                    self.label(history.len()),
                    self.seat_name(side)
                ));
            }
            (None, None) if self.game.to_act() == ToAct::Both => {
                let prompt = view
                    .get("prompt")
                    .and_then(Value::as_str)
                    .map_or(String::new(), |p| format!(" {p}."));
                s.push_str(&format!(
                    "Both players choose now, each unseen by the other.{prompt}"
                ));
            }
            (None, None) => s.push_str("Nobody is to move."),
        }
        s
    }

    /// The seat the person at the keyboard moves for now: the seat to
    /// move, or, while both seats choose at once, the one the computer
    /// does not play (`None` between two players: the text says whose).
    fn keyboard_seat(&self) -> Option<Seat> {
        match (self.game.to_act(), self.computer) {
            (ToAct::Both, Some(c)) => Some(c.seat.other()),
            _ => self.game.to_move(),
        }
    }

    fn is_computer(&self, seat: Option<Seat>) -> bool {
        self.computer.is_some_and(|c| Some(c.seat) == seat)
    }

    fn computer_moves(&mut self, say: &mut dyn FnMut(String)) {
        while self.outcome().is_none() && self.is_computer(self.game.to_move()) {
            let Some(c) = self.computer else {
                break;
            };
            say(format!("The computer (level {}) is thinking...", c.level));
            let ply = self.game.history().len();
            let job = self
                .game
                .engine_job(c.level, self.seed.wrapping_add(ply as u64));
            let Some(text) = job() else {
                say(COMPUTER_STUCK.to_string());
                break;
            };
            if let Err(why) = self.game.play(&text) {
                say(format!("The computer's move {text} was refused: {why}."));
                break;
            }
            self.unsaved = true;
            if let Some(m) = self.last_move() {
                say(format!("Computer plays {m}"));
            }
        }
    }

    fn list_moves(&self) -> String {
        let Some(side) = self.keyboard_seat().filter(|_| self.outcome().is_none()) else {
            return "The game is over.".to_string();
        };
        let mut texts: Vec<String> = self
            .game
            .legal_moves_of(side)
            .iter()
            .filter_map(|m| m["text"].as_str().map(str::to_string))
            .collect();
        texts.sort();
        let note = Session::turn_note(&self.view()).map_or(String::new(), |n| {
            let mut chars = n.trim_end_matches('.').chars();
            let first = chars.next().map(|c| c.to_lowercase().collect::<String>());
            format!(" ({}{})", first.unwrap_or_default(), chars.as_str())
        });
        let mut s = format!(
            "{} legal moves for {}{note}:\n",
            texts.len(),
            self.seat_name(side)
        );
        for chunk in texts.chunks(10) {
            s.push_str("  ");
            s.push_str(&chunk.join(" "));
            s.push('\n');
        }
        s.trim_end().to_string()
    }

    fn play(&mut self, text: &str, say: &mut dyn FnMut(String)) {
        if let Some(end) = self.outcome() {
            say(format!(
                "The game is over ({}). Type 'undo', 'save FILE' or 'quit'.",
                end.reason
            ));
            return;
        }
        if self.is_computer(self.game.to_move()) {
            // Only after a failed engine move; never in a normal game.
            say(COMPUTER_STUCK.to_string());
            return;
        }
        // A game's reasons may quote what they read: the message cuts the
        // echo (`reason`), never the line read. While both seats choose,
        // the text is read as the keyboard's seat's (a game may read it by
        // its sender).
        let played = match not_a_move(text) {
            Some(why) => Err(why),
            None => match (self.game.to_act(), self.keyboard_seat()) {
                (ToAct::Both, Some(seat)) => self
                    .game
                    .check_move(seat, text)
                    .and_then(|checked| self.game.play_checked(checked)),
                _ => self.game.play(text),
            }
            .map_err(|e| e.to_string()),
        };
        match played {
            // A word of letters that is no move was meant as a command.
            Err(why) if text.len() > 1 && text.chars().all(|c| c.is_ascii_alphabetic()) => {
                say(format!(
                    "Unknown command {}: the commands are {}. (As a move: {}.)",
                    quote(text),
                    command_names().join(", "),
                    reason(&why, text)
                ))
            }
            Err(why) => say(format!(
                "Illegal move {}: {}. (Type 'moves' for the legal moves, 'help' for help.)",
                quote(text),
                reason(&why, text)
            )),
            Ok(()) => {
                self.unsaved = true;
                self.computer_moves(say);
                say(self.screen());
            }
        }
    }

    fn undo(&mut self, say: &mut dyn FnMut(String)) {
        if self.settled.is_some() && self.secret_shown {
            say(format!("Cannot undo: {SETTLED_FOR_GOOD}."));
            return;
        }
        if let Some(s) = self.settled.take() {
            // A resignation or agreed draw is the last thing to take back.
            self.unsaved = true;
            let what = if s.winner.is_some() {
                "the resignation"
            } else {
                "the agreed draw"
            };
            say(format!("Took back {what}."));
            say(self.screen());
            return;
        }
        let history = self.game.history().to_vec();
        if history.is_empty() {
            say("Nothing to undo.".to_string());
            return;
        }
        // Back to the last position where a person is to move.
        let mut keep = history.len();
        let rebuilt = loop {
            keep -= 1;
            let g = match self.entry.rebuild(&self.game.spec(), &history[..keep]) {
                Ok(g) => g,
                Err(e) => {
                    say(format!("Cannot rebuild the game: {e}"));
                    return;
                }
            };
            // A game of chance draws again by itself: what it drew is not
            // taken back.
            if g.history().len() < history.len() && !self.is_computer(g.to_move()) {
                // Never back past a card drawn or a secret revealed: the
                // game's rule says why.
                if g.history().len() < self.game.takeback_floor() {
                    say(format!("Cannot undo: {}.", self.game.takeback_rule()));
                    return;
                }
                break g;
            }
            if keep == 0 {
                say("Nothing of yours to undo.".to_string());
                return;
            }
        };
        self.game = rebuilt;
        self.draw_offer = None;
        self.unsaved = true;
        let n = history.len() - self.game.history().len();
        let plies = if n == 1 { "ply" } else { "plies" };
        say(format!("Took back {n} {plies}."));
        say(self.screen());
    }

    fn resign(&mut self) -> String {
        let Some(side) = self.keyboard_seat().filter(|_| self.outcome().is_none()) else {
            return "The game is already over.".to_string();
        };
        let loser = match self.computer {
            Some(c) => c.seat.other(),
            None => side,
        };
        self.settled = Some(Settlement::resigned_or_agreed(Some(loser.other())));
        self.unsaved = true;
        self.screen()
    }

    fn draw(&mut self, say: &mut dyn FnMut(String)) {
        let Some(side) = self.keyboard_seat().filter(|_| self.outcome().is_none()) else {
            say("The game is already over.".to_string());
            return;
        };
        let plies = self.game.history().len();
        if let Some(c) = self.computer {
            if self.game.engine_accepts_draw(c.seat) {
                self.settle_draw(say);
            } else {
                say("The computer declines the draw; the game goes on.".to_string());
            }
            return;
        }
        match self.draw_offer {
            Some((by, at)) if by != side && plies <= at + 1 => self.settle_draw(say),
            Some((by, _)) if by == side => say(format!(
                "{} has offered a draw already; {} may accept it by typing 'draw' on their turn.",
                self.seat_name(side),
                self.seat_name(side.other())
            )),
            _ => {
                self.draw_offer = Some((side, plies));
                say(format!(
                    "{} offers a draw: {}, type 'draw' on your turn to accept it, or play on.",
                    self.seat_name(side),
                    self.seat_name(side.other())
                ));
            }
        }
    }

    fn settle_draw(&mut self, say: &mut dyn FnMut(String)) {
        self.settled = Some(Settlement::resigned_or_agreed(None));
        self.draw_offer = None;
        self.unsaved = true;
        say("The draw is agreed.".to_string());
        say(self.screen());
    }

    /// The game's record as text, with the players' names.
    pub fn record_text(&self) -> String {
        let name = |s: Seat| match self.computer {
            Some(c) if c.seat == s => format!("deckmate level {}", c.level),
            _ => "Human".to_string(),
        };
        self.game.record(&RecordInfo {
            id: String::new(),
            players: [name(Seat::First), name(Seat::Second)],
            ended: self.settled,
            ..Default::default()
        })
    }

    fn save(&mut self, file: &str) -> String {
        if file.is_empty() {
            return "Usage: save FILE".to_string();
        }
        let record = match self.record_seen() {
            Ok(r) => r,
            Err(why) => return format!("Not saved: {why}."),
        };
        match std::fs::write(file, record) {
            Ok(()) => {
                self.unsaved = false;
                format!(
                    "Saved to {file} (read it back with: deckmate replay {file}{}).",
                    self.replay_flag()
                )
            }
            Err(e) => format!("Cannot write {}: {e}", quote(file)),
        }
    }
}

impl Terminal for Session {
    fn start_with(&mut self, say: &mut dyn FnMut(String)) {
        say(self.greeting());
        match self.computer {
            Some(c) => say(format!(
                "You play {}; the computer (level {}) plays {}. Type 'help' for help.",
                self.seat_name(c.seat.other()),
                c.level,
                self.seat_name(c.seat)
            )),
            None => say("Two players at one keyboard. Type 'help' for help.".to_string()),
        }
        self.computer_moves(say);
        say(self.screen());
    }

    fn respond(&mut self, line: &str, say: &mut dyn FnMut(String)) {
        let command = Command::read(line);
        match command.word.as_str() {
            "" => {}
            "help" | "?" => say(format!("{}\n{COMMANDS}", self.entry.move_help)),
            "quit" | "exit" => {
                self.quit = true;
                let bye = self.goodbye();
                say(bye);
            }
            "board" => say(self.screen()),
            "flip" => {
                self.style.flipped = !self.style.flipped;
                say(self.screen());
            }
            "moves" => say(self.list_moves()),
            "undo" => self.undo(say),
            "save" => say(self.save(command.rest)),
            "resign" => say(self.resign()),
            "draw" => self.draw(say),
            _ => {
                // A move played ends a draw offer of the other side.
                let before = self.game.history().len();
                self.play(command.line, say);
                if let Some((_, at)) = self.draw_offer {
                    let now = self.game.history().len();
                    if now > before && now > at + 1 {
                        self.draw_offer = None;
                    }
                }
            }
        }
    }

    fn quit(&self) -> bool {
        self.quit
    }
}

/// The commands' names as 'help' lists them ([`COMMANDS`]), for the
/// answer to an unknown one.
fn command_names() -> Vec<&'static str> {
    COMMANDS
        .lines()
        .skip(1)
        .filter_map(|l| l.split("  ").map(str::trim).find(|w| !w.is_empty()))
        .collect()
}

/// The number a record writes before ply `ply` (from 0): `3.` or `3...`,
/// moves numbered in pairs from the start.
fn number(ply: usize) -> String {
    let dots = if ply.is_multiple_of(2) { "." } else { "..." };
    format!("{}{dots}", ply / 2 + 1)
}

#[cfg(test)]
mod undo_tests {
    use super::*;
    use deckmate_games::list::find;

    /// A session of `key` against the computer (level 1) as the second
    /// seat, after `plies` moves of the person (the first legal each).
    fn played(key: &str, moves: usize) -> Session {
        let e = find(key).unwrap_or_else(|| panic!("{key} is registered"));
        let c = Computer {
            seat: Seat::Second,
            level: 1,
        };
        let mut s = Session::new(e, Options::defaults(e.options), 9, Some(c), Style::plain())
            .unwrap_or_else(|m| panic!("{m}"));
        s.start();
        for _ in 0..moves {
            let Some(seat) = s.game().to_move() else {
                break;
            };
            let legal = s.game().legal_moves_of(seat);
            let text = legal[0]["text"].as_str().unwrap_or_default().to_string();
            s.handle(&text);
        }
        s
    }

    #[test]
    fn item_7_undo_never_goes_back_past_a_card_drawn() {
        let mut s = played("52chess", 2);
        let before = s.game().history().to_vec();
        assert!(before.len() >= 5, "{before:?}");
        let out = s.handle("undo").join("\n");
        assert!(
            out.contains("Cannot undo: a card once drawn stays drawn"),
            "{out}"
        );
        assert_eq!(s.game().history(), &before[..], "nothing taken back");
    }

    #[test]
    fn item_7_undo_still_takes_back_a_game_without_secrets() {
        let mut s = played("cuarenta", 2);
        let n = s.game().history().len();
        let out = s.handle("undo").join("\n");
        assert!(out.contains("Took back 2 plies"), "{out}");
        assert_eq!(s.game().history().len(), n - 2);
    }
}
