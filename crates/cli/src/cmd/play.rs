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
    /// Forehand, who moves first (in Chess Cards the dealer, who leads; in
    /// Cuarenta White).
    #[value(aliases = ["dealer", "white"])]
    Forehand,
    /// Rearhand (in Chess Cards the other player; in Cuarenta Black).
    #[value(aliases = ["other", "black"])]
    Rearhand,
}

/// Arguments of `deckmate play`.
#[derive(Args)]
#[command(after_help = "Examples:\n  deckmate play cardmate\n  \
deckmate play cardmate --as rearhand --level 6\n  \
deckmate play cardmate --vs human --setup deal --seed 7\n  \
deckmate play chess-cards --as other --level 8 --seed 12\n  \
deckmate play cuarenta --as black --level 3\n\n\
In Cardmate type a move (4Ci3, 9H:c5, 1Sd5=A), in Cuarenta a move in its\n\
notation (Pbc4, Fxd5, O-O), or: moves, undo, save FILE, flip, resign, help,\n\
quit. In Chess Cards type a play (yR, bQ*, (wN)yB) or: moves, hint, undo,\n\
save FILE, help, quit. --as dealer|other (Chess Cards), white|black (Cuarenta).")]
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
    /// Chess Cards: how sacrifices count in the multiplier (M9), net or gross.
    #[arg(long, default_value = "net", value_parser = super::solve::parse_count)]
    sacrifices: deckmate_games::chess_cards::SacrificeCount,
}

/// The engine's side of a game against the computer.
pub struct Computer {
    /// The seat it plays.
    pub seat: Seat,
    /// Its level, 1..=8 (for messages and the record).
    pub level: u8,
    /// The player that chooses its moves.
    pub player: Box<dyn Player<Position>>,
}

/// A game in progress and everything the player can ask of it.
///
/// `Session::handle` takes one line the player typed and returns what to
/// print; `Session::respond` does the same but hands each piece over as
/// soon as it is ready (so "thinking..." shows before the engine thinks).
/// No terminal I/O happens here.
pub struct Session {
    spec: record::GameSpec,
    pos: Position,
    moves: Vec<Move>,
    /// Each move in notation with its number: `1. 4Ci3`, `1... 4Db6`.
    history: Vec<String>,
    computer: Option<Computer>,
    style: Style,
    end: Option<End>,
    /// Whether the game changed since it was last saved.
    unsaved: bool,
    quit: bool,
}

const HELP: &str = "Type a move in the page's notation: the card, ':' if it captures, the\n\
target square, '=A' when a One promotes: 4Ci3, 9H:c5, 1Sd5=A.\n\
The signs + (first King), x (second King) and # (palace) may be left out.\n\
When a card can capture an enemy card of its own suit, some such capture\n\
is compulsory (rule C3): 'moves' lists what is allowed.\n\
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
    /// A new game; `computer` plays one seat, if given.
    pub fn new(
        spec: record::GameSpec,
        computer: Option<Computer>,
        style: Style,
    ) -> Result<Session, String> {
        let pos = spec.start().map_err(|e| e.to_string())?;
        Ok(Session {
            spec,
            pos,
            moves: Vec::new(),
            history: Vec::new(),
            computer,
            style,
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

    /// The moves played.
    #[cfg(test)]
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The opening screen, plus the computer's first move if it starts.
    /// (`run` streams with [`Session::start_with`]; tests collect.)
    #[cfg(test)]
    pub fn start(&mut self) -> Vec<String> {
        let mut out = Vec::new();
        self.start_with(&mut |s| out.push(s));
        out
    }

    /// `Session::start`, handing each piece to `say` when it is ready.
    pub fn start_with(&mut self, say: &mut dyn FnMut(String)) {
        say(format!(
            "Cardmate, setup {} (seed {}; --setup {} --seed {} starts the same game again).",
            self.spec.setup, self.spec.seed, self.spec.setup, self.spec.seed
        ));
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
    /// (`run` streams with `Session::respond`; tests collect.)
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
                self.style.flipped = !self.style.flipped;
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
        let last = self.moves.last().map(|m| (m.from, m.to));
        let mut s = render::board(&self.pos, &self.style, last);
        s.push_str(&render::legend(&self.style));
        s.push('\n');
        if let Some(h) = self.history.last() {
            s.push_str(&format!("Last move: {h}\n"));
        }
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
                let who = if self.computer.is_some() {
                    if self.is_computer(side) {
                        " (the computer)"
                    } else {
                        " (you)"
                    }
                } else {
                    ""
                };
                let forced = if self.pos.capture_is_compulsory() {
                    " A same-suit capture is compulsory."
                } else {
                    ""
                };
                s.push_str(&format!(
                    "Move {} {}{who} to play.{forced}",
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
            "{} legal moves for {}",
            texts.len(),
            seat_name(self.pos.side_to_move())
        );
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

    fn play(&mut self, text: &str, say: &mut dyn FnMut(String)) {
        if let Some(end) = self.end() {
            say(format!(
                "The game is over ({}). Type 'undo', 'save FILE' or 'quit'.",
                end.describe()
            ));
            return;
        }
        if self.is_computer(self.pos.side_to_move()) {
            // Only after a failed engine move; never in a normal game.
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
        // Against the computer, take back to the human's turn: the side to
        // move after taking back n plies is the mover of ply len-n.
        let mut n = 1;
        if self.computer.is_some() {
            let mover = |k: usize, s: &Session| {
                if k % 2 == 1 {
                    s.pos.side_to_move().other()
                } else {
                    s.pos.side_to_move()
                }
            };
            // The engine only moves when it is its turn, so the side to move
            // alternates ply by ply.
            while n <= self.moves.len() && self.is_computer(mover(n, self)) {
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
        let mut rec =
            record::write(&self.spec, &self.moves, self.end).map_err(|e| e.to_string())?;
        let name = |s: Seat| match &self.computer {
            Some(c) if c.seat == s => format!("deckmate level {}", c.level),
            _ => "Human".to_string(),
        };
        rec.set_tag("Forehand", name(Seat::First));
        rec.set_tag("Rearhand", name(Seat::Second));
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

/// The move number as the page writes it before a move: `3.` or `3...`.
fn number(pos: &Position) -> String {
    let dots = if pos.side_to_move() == Seat::First {
        "."
    } else {
        "..."
    };
    format!("{}{dots}", pos.fullmove())
}

/// Runs a game on standard input and output.
pub fn run(args: PlayArgs) -> Result<ExitCode, String> {
    if args.game == Variant::ChessCards {
        return run_chess_cards(&args);
    }
    if args.game == Variant::Cuarenta {
        return run_cuarenta(args);
    }
    if args.game != Variant::Cardmate {
        return Err(args.game.unsupported("play"));
    }
    let spec = args.options.spec(clock_seed());
    let style = Style {
        color: render::color_wanted(args.no_color),
        flipped: args.vs == Opponent::Computer && args.side == Side::Rearhand,
    };
    let computer = match args.vs {
        Opponent::Human => None,
        Opponent::Computer => Some(Computer {
            seat: match args.side {
                Side::Forehand => Seat::Second,
                Side::Rearhand => Seat::First,
            },
            level: args.level,
            player: cardmate_player(args.level, spec.seed),
        }),
    };
    let mut session = Session::new(spec, computer, style)?;
    drive(&mut session);
    Ok(ExitCode::SUCCESS)
}

impl Terminal for Session {
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

/// A Chess Cards match on standard input and output.
fn run_chess_cards(args: &PlayArgs) -> Result<ExitCode, String> {
    let seed = args.options.seed.unwrap_or_else(clock_seed);
    let computer = match args.vs {
        Opponent::Human => None,
        // The human takes the side asked for; the computer the other.
        Opponent::Computer => Some(match args.side {
            Side::Forehand => 1,
            Side::Rearhand => 0,
        }),
    };
    let mut session = super::play_cards::CardsSession::new(
        seed,
        args.sacrifices,
        computer,
        args.level,
        render::color_wanted(args.no_color),
    );
    drive(&mut session);
    Ok(ExitCode::SUCCESS)
}

/// A game the terminal drives: lines in, text out.
pub trait Terminal {
    /// The opening screen (and the computer's first moves).
    fn start_with(&mut self, say: &mut dyn FnMut(String));
    /// Handles one typed line.
    fn respond(&mut self, line: &str, say: &mut dyn FnMut(String));
    /// Whether the player has left.
    fn quit(&self) -> bool;
}

/// Connects a game to standard input and output: a prompt only for a
/// person at a terminal; end of input quits as 'quit' does.
fn drive(session: &mut dyn Terminal) {
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

/// Runs a Cuarenta game on standard input and output.
fn run_cuarenta(args: PlayArgs) -> Result<ExitCode, String> {
    use super::play_cuarenta::{Computer as CuarentaComputer, Session as CuarentaSession};
    let computer = match args.vs {
        Opponent::Human => None,
        Opponent::Computer => Some(CuarentaComputer {
            seat: match args.side {
                Side::Forehand => Seat::Second,
                Side::Rearhand => Seat::First,
            },
            level: args.level,
            player: deckmate_engine::cuarenta_player(args.level, clock_seed()),
        }),
    };
    let flipped = args.vs == Opponent::Computer && args.side == Side::Rearhand;
    let mut session = CuarentaSession::new(
        deckmate_games::cuarenta::record::GameSpec::default(),
        computer,
        flipped,
    )?;
    drive(&mut session);
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use deckmate_rules::{Game, SeededRng};

    fn session(computer: bool) -> Session {
        vs_computer(computer.then_some(Seat::Second))
    }

    fn vs_computer(seat: Option<Seat>) -> Session {
        let spec = record::GameSpec::default();
        let c = seat.map(|seat| Computer {
            seat,
            level: 1,
            player: cardmate_player(1, 1),
        });
        Session::new(spec, c, Style::plain()).unwrap()
    }

    /// Sample game 1 of the page, up to the move before Forehand's
    /// forced capture 19. 8D:h8.
    const GAME_1_TO_18: &str = "1. 4Ci3 4Db6 2. 8Dj2 8Ca7 3. 8Dh3 8Cc6 4. 7Cb1 7Di8 \
        5. 3Cd3 3Di6 6. 8Hc2 4Dc5 7. JSf3 9Sa7 8. 9H:c5 9S:c5 9. 2Sa3 9S:a3 \
        10. 1D:a3 8Sh7 11. 3Cd4 8C:d4 12. 8H:d4 8Sg5 13. JS:g5 3Hc6 14. JS:g7 6H:g7 \
        15. 8H:c6 JH:c6 16. 1Da4 QSh8 17. 8Di5 QS:h2 18. 8D:j7 7Dh8";

    fn feed(s: &mut Session, movetext: &str) {
        for m in movetext.split_whitespace().filter(|w| !w.ends_with('.')) {
            let out = s.handle(m).join("\n");
            assert!(!out.contains("Illegal"), "{m}: {out}");
        }
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
        feed(&mut s, GAME_1_TO_18);
        let board = s.handle("board").join("\n");
        assert!(
            board.contains("A same-suit capture is compulsory"),
            "{board}"
        );
        let out = s.handle("1Hg3").join("\n");
        assert!(out.contains("Illegal move 1Hg3"), "{out}");
        assert!(out.contains("compulsory") && out.contains("8D:h8"), "{out}");
        assert_eq!(s.moves().len(), 36);
        // The game goes on: the forced capture is accepted.
        let out = s.handle("8D:h8").join("\n");
        assert!(!out.contains("Illegal"), "{out}");
        assert_eq!(s.moves().len(), 37);
    }

    #[test]
    fn sample_game_1_ends_with_rearhands_win_and_offers_to_save() {
        let mut s = session(false);
        feed(&mut s, GAME_1_TO_18);
        feed(&mut s, "19. 8D:h8 QS:f0+ 20. 8D:i6");
        let out = s.handle("QS:e0x").join("\n");
        let end = s.end().expect("over");
        assert_eq!(end.winner, Some(Seat::Second));
        assert!(out.contains("Last move: 20... QS:e0×"), "{out}");
        assert!(out.contains("Game over: 0-1 (Rearhand captured Forehand's second King)"));
        assert!(out.contains("save FILE"), "{out}");
        assert!(s.handle("4Ci3")[0].contains("over"));
        assert!(s.handle("resign")[0].contains("already over"));
    }

    #[test]
    fn the_screen_tells_whose_turn_the_move_number_and_the_last_move() {
        let mut s = session(false);
        let first = s.start().join("\n");
        assert!(first.contains("Move 1. Forehand to play."), "{first}");
        assert!(!first.contains("Last move"));
        let out = s.handle("4Ci3").join("\n");
        assert!(out.contains("Last move: 1. 4Ci3"), "{out}");
        assert!(out.contains("Move 1... Rearhand to play."), "{out}");
        assert!(out.contains(" a   b   c") && out.contains("middle") && out.contains("[Ks]"));
        let flipped = s.handle("flip").join("\n");
        assert!(flipped.contains(" j   i   h"), "{flipped}");
    }

    #[test]
    fn undo_against_the_computer_returns_to_the_humans_turn() {
        let mut s = session(true);
        s.start();
        s.handle("4Ci3");
        assert_eq!(s.moves().len(), 2);
        s.handle("8Dj2");
        assert_eq!(s.moves().len(), 4);
        let out = s.handle("undo").join("\n");
        assert!(out.contains("Took back 2 plies"), "{out}");
        assert_eq!(s.moves().len(), 2);
        assert_eq!(s.position().side_to_move(), Seat::First);
        assert!(out.contains("Last move: 1... "), "{out}");
        s.handle("undo");
        assert_eq!(s.moves().len(), 0);
        assert!(s.handle("undo")[0].contains("Nothing"));
    }

    #[test]
    fn undo_between_two_humans_takes_back_one_ply() {
        let mut s = session(false);
        s.handle("4Ci3");
        s.handle("4Db6");
        let out = s.handle("undo").join("\n");
        assert!(out.contains("Took back 1 ply."), "{out}");
        assert_eq!(s.moves().len(), 1);
        assert_eq!(s.position().side_to_move(), Seat::Second);
        let fen = deckmate_games::cardmate::fen::write(s.position());
        let mut again = session(false);
        again.handle("4Ci3");
        assert_eq!(fen, deckmate_games::cardmate::fen::write(again.position()));
    }

    #[test]
    fn the_computer_moves_first_when_the_human_plays_rearhand() {
        let mut s = vs_computer(Some(Seat::First));
        let out = s.start().join("\n");
        assert!(out.contains("You play Rearhand"), "{out}");
        assert!(out.contains("thinking"), "{out}");
        assert!(out.contains("Computer plays 1. "), "{out}");
        assert_eq!(s.moves().len(), 1);
        assert!(s.handle("undo")[0].contains("Nothing of yours"));
        let mut moves = Vec::new();
        s.position().legal_moves(&mut moves);
        let text = notation::write(s.position(), moves[0]);
        s.handle(&text);
        assert_eq!(s.moves().len(), 3);
        s.handle("undo");
        assert_eq!(s.moves().len(), 1);
    }

    #[test]
    fn resigning_ends_the_game_for_the_human() {
        let mut s = vs_computer(Some(Seat::First));
        s.start();
        let out = s.handle("resign").join("\n");
        assert!(out.contains("Game over: 1-0 (Rearhand resigned)"), "{out}");
        let text = s.record_text().unwrap();
        assert!(
            text.contains("[Result \"1-0\"]") && text.contains("resigned"),
            "{text}"
        );
        assert!(text.contains("[Forehand \"deckmate level 1\"]"), "{text}");
        // Undo takes the resignation back, and then the moves.
        assert!(s.handle("undo")[0].contains("resignation"));
        assert!(s.end().is_none());
        assert_eq!(s.moves().len(), 1);
    }

    #[test]
    fn quit_shows_an_unsaved_record_and_nothing_after_a_save() {
        let mut s = session(false);
        assert_eq!(s.handle("quit"), vec!["Goodbye.".to_string()]);
        let mut s = session(false);
        s.handle("4Ci3");
        let out = s.handle("quit").join("\n");
        assert!(
            out.contains("not saved") && out.contains("1. 4Ci3"),
            "{out}"
        );
        assert!(s.quit());
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
        assert_eq!(r.result, "*");
        assert_eq!(rec.tag("Seed"), Some("0"));
        assert_eq!(s.handle("quit"), vec!["Goodbye.".to_string()]);
        let msg = s.handle("save /no/such/dir/x.pgn");
        assert!(msg[0].starts_with("Cannot write"), "{msg:?}");
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
