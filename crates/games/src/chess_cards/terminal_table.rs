//! `deckmate play chess-cards`: a Chess Cards match in the terminal, at
//! its own table (the registry's [`TerminalTable`] capability) rather
//! than in the shell's generic session of the board games.
//!
//! Why its own: the match is two games with the hands exchanged between
//! them (each game's end is announced with its score, and undo crosses
//! back into the first game); a turn is a card with an optional sacrifice
//! first, so the legal turns are listed as the plain plays and a count of
//! the sacrifices rather than hundreds of moves; `hint` gives the exact
//! solver's play with its value; and its words are its own ("The computer
//! plays yR.", "You to reply to rQ (the led suit, else the led piece)",
//! "Plays: ..."), where the board games say "Computer plays 1... 4Db6" and
//! "N legal moves for Rearhand". The game, its options and its seed still
//! come from the registry ([`TABLE`]), and the match is played through
//! the host's generic [`BoardPlay`] (moves read and checked, taken back,
//! the engine's job and the record are the generic paths): the table is
//! how it is shown and typed, not a second implementation of play.
//!
//! [`CardsSession`] takes a line typed by the player and hands back what
//! to print, apart from any terminal I/O, so tests drive it directly.

use super::notation::turn_text;
use super::{Card, CardsSpec, ChessCards, ChessCardsHook, End, Hand, Match, MatchResult};
use super::{EndReason, SacrificeCount, Solver, Turn};
use crate::registry::terminal::{not_a_move, quote, reason, Command, Terminal, TerminalTable};
use crate::registry::{BoardPlay, CheckedMove, PlayedGame, RecordInfo};
use deckmate_rules::{Game, MoveError, Seat};

/// Chess Cards' table, for its entry.
pub static TABLE: CardsTable = CardsTable;

/// Chess Cards' table in the terminal (the capability).
#[derive(Clone, Copy, Debug)]
pub struct CardsTable;

impl TerminalTable for CardsTable {
    /// The table of a match the registry made (its spec gives the deal's
    /// seed and how sacrifices count).
    fn open(
        &self,
        game: &dyn PlayedGame,
        seed: u64,
        computer: Option<Seat>,
        level: u8,
        color: bool,
    ) -> Box<dyn Terminal> {
        let count = match game.spec()["sacrifices"].as_str() {
            Some("gross") => SacrificeCount::Gross,
            _ => SacrificeCount::Net,
        };
        Box::new(CardsSession::new(
            seed,
            count,
            computer.map(Seat::index),
            level,
            color,
        ))
    }
}

/// The commands, after how plays are typed.
const COMMANDS: &str = concat!(
    "Commands:\n",
    "  moves       list every legal play, sacrifices included\n",
    "  hint        what perfect play would do here, and the value\n",
    "  undo        take back your last play (and the computer's after it)\n",
    "  save FILE   write the match record (deckmate replay FILE reads it)\n",
    "  rules       the rules in short (deckmate rules chess-cards: in full)\n",
    "  help        this text\n",
    "  quit        leave",
);

const RULES_SHORT: &str =
    "Q > R > B > N > P; black > red > yellow > white. Follow suit, else piece,\n\
else you are mated. Same suit: the higher piece wins the move; same piece: the\n\
higher suit. Score of a mate: card value (Q 11, R 10, B 4, N 3, P 7) times\n\
(move number + your sacrifices minus the opponent's); above 10 the score is\n\
multiplied again (x2 at 11 ... x6 at 15). Two games, hands exchanged.";

/// A match in progress against the computer or between two people.
pub struct CardsSession {
    /// The match, played through the host's generic game.
    game: BoardPlay<ChessCardsHook>,
    /// The computer's player number (0: the first game's dealer).
    computer: Option<usize>,
    level: u8,
    seed: u64,
    color: bool,
    unsaved: bool,
    quit: bool,
}

impl CardsSession {
    /// A match from the deal of `seed`; the computer plays player
    /// `computer` (0: the first game's dealer) at `level`, if given.
    pub fn new(
        seed: u64,
        count: SacrificeCount,
        computer: Option<usize>,
        level: u8,
        color: bool,
    ) -> CardsSession {
        let spec = CardsSpec { seed, count };
        let game = match BoardPlay::<ChessCardsHook>::new(spec) {
            Ok(g) => g,
            // A deal from a seed always starts: `ChessCardsHook::start`
            // never fails.
            Err(e) => unreachable!("a seeded deal starts: {e}"),
        };
        CardsSession {
            game,
            computer,
            level,
            seed,
            color,
            unsaved: false,
            quit: false,
        }
    }

    /// The match.
    pub fn current_match(&self) -> &Match {
        self.game.position()
    }

    fn name(&self, player: usize) -> String {
        match self.computer {
            Some(c) if c == player => "the computer".into(),
            Some(_) => "you".into(),
            None => format!("player {}", player + 1),
        }
    }

    fn title(&self, player: usize) -> String {
        let n = self.name(player);
        let mut c = n.chars();
        c.next()
            .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
            .unwrap_or_default()
    }

    fn card(&self, c: Card) -> String {
        if !self.color {
            return c.to_string();
        }
        let code = match c.suit() {
            3 => "1",
            2 => "31",
            1 => "33",
            _ => "2",
        };
        format!("\x1b[{code}m{c}\x1b[0m")
    }

    fn hand(&self, h: Hand) -> String {
        if h.is_empty() {
            return "-".into();
        }
        let mut cards: Vec<Card> = h.cards().collect();
        cards.reverse();
        cards
            .into_iter()
            .map(|c| self.card(c))
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn game(&self) -> &ChessCards {
        self.current_match().current()
    }

    fn screen(&self) -> String {
        let g = self.game();
        let n = self.current_match().game_no();
        let totals = self.current_match().totals();
        let mut s = format!(
            "\nGame {n} of 2, move {} of 10.   Match: {} {}, {} {}\n",
            g.move_no.min(10),
            self.name(0),
            totals[0],
            self.name(1),
            totals[1]
        );
        // The top row is the computer's (or player 2's) seat.
        let bottom = match self.computer {
            Some(c) => 1 - c,
            None => 0,
        };
        let order = [1 - bottom, bottom];
        for (k, &p) in order.iter().enumerate() {
            let seat = if Match::player(n, Seat::First) == p {
                Seat::First
            } else {
                Seat::Second
            };
            let i = seat.index();
            let role = if seat == Seat::First {
                "dealer"
            } else {
                "other"
            };
            let lead = if g.leader == seat { ", leads" } else { "" };
            s.push_str(&format!(
                "  {} ({role}{lead}): {}\n",
                self.title(p),
                self.hand(g.hands[i])
            ));
            let mut extra = Vec::new();
            if !g.sacrificed[i].is_empty() {
                extra.push(format!("sacrificed {}", self.hand(g.sacrificed[i])));
            }
            if g.hands[i].is_empty() {
                if let Some(c) = g.last[i] {
                    extra.push(format!("hand empty: replays {} (M7)", self.card(c)));
                }
            }
            extra.push(format!("multiplier {}", g.multiplier(seat)));
            s.push_str(&format!("      {}\n", extra.join(", ")));
            if k == 0 {
                s.push_str(&format!("  Table: {}\n", self.table(g)));
            }
        }
        s.push_str(&self.status());
        s
    }

    fn table(&self, g: &ChessCards) -> String {
        match g.lead {
            Some((c, p)) => format!(
                "{} led {}{}",
                self.name(Match::player(self.current_match().game_no(), g.leader)),
                self.card(c),
                if p { " with Queen's Privilege" } else { "" }
            ),
            None => match g.plays.len() {
                0 => "empty".into(),
                k if k >= 2 => {
                    let (a, b) = (g.plays[k - 2].1, g.plays[k - 1].1);
                    format!("last move {} / {}", turn_text(a), turn_text(b))
                }
                _ => "empty".into(),
            },
        }
    }

    fn status(&self) -> String {
        if self.current_match().is_over() {
            let [a, b] = self.current_match().totals();
            let res = match self.current_match().result() {
                Some(MatchResult::Won(p)) => format!("{} won the match", self.title(p)),
                _ => "The match is drawn".into(),
            };
            return format!(
                "{res}, {a} to {b}. Type 'save FILE' to keep the record, 'quit' to leave."
            );
        }
        let g = self.game();
        let Some(seat) = g.to_act() else {
            return String::new();
        };
        let p = Match::player(self.current_match().game_no(), seat);
        let who = self.title(p);
        match g.lead {
            None => format!(
                "{who} to lead (a card, bQ* for the privilege, (xx)card to sacrifice xx first)."
            ),
            Some((c, privilege)) => {
                let legal: Vec<String> = g
                    .turns()
                    .iter()
                    .filter(|t| t.sacrifice.is_none())
                    .map(|t| self.card(t.card))
                    .collect();
                let rule = if privilege {
                    "a Queen, else the led suit"
                } else {
                    "the led suit, else the led piece"
                };
                format!(
                    "{who} to reply to {} ({rule}): {}.",
                    self.card(c),
                    legal.join(" ")
                )
            }
        }
    }

    fn list_plays(&self) -> String {
        let ts = self.game().turns();
        if ts.is_empty() {
            return "No plays: the match is over.".into();
        }
        let plain: Vec<String> = ts
            .iter()
            .filter(|t| t.sacrifice.is_none())
            .map(|&t| turn_text(t))
            .collect();
        let sacs = ts.len() - plain.len();
        format!(
            "Plays: {}\nWith a sacrifice first: {sacs} more, e.g. {}",
            plain.join(" "),
            ts.iter()
                .filter(|t| t.sacrifice.is_some())
                .take(6)
                .map(|&t| turn_text(t))
                .collect::<Vec<_>>()
                .join(" ")
        )
    }

    fn hint(&self) -> String {
        let g = self.game();
        let Some(seat) = g.to_act() else {
            return "The match is over.".into();
        };
        let mut solver = Solver::new();
        let (v, line) = solver.solve(g);
        let Some(&(_, t)) = line.first() else {
            return "No plays.".into();
        };
        let mine = if seat == Seat::First { v } else { -v };
        let verdict = match mine.signum() {
            1 => format!("you can force a mate worth {mine}"),
            -1 => format!("with best play you are mated for {}", -mine),
            _ => "best play draws".into(),
        };
        format!("Perfect play: {} ({verdict}).", turn_text(t))
    }

    fn is_computer_turn(&self) -> bool {
        match (self.computer, self.current_match().to_act()) {
            (Some(c), Some(p)) => c == p,
            _ => false,
        }
    }

    fn play_text(&mut self, text: &str, say: &mut dyn FnMut(String)) {
        if self.current_match().is_over() {
            say("The match is over ('save FILE', 'quit').".into());
            return;
        }
        if self.is_computer_turn() {
            say("It is the computer's turn.".into());
            return;
        }
        // The notation's reasons may quote what they read: the message
        // cuts the echo (`reason`).
        if let Some(why) = not_a_move(text) {
            say(format!(
                "'{}': {why}. Type 'help' for the notation, 'moves' for the legal plays.",
                quote(text)
            ));
            return;
        }
        // Read and checked once, by the generic game, for the seat to act.
        let Some(seat) = self.current_match().seat_to_act() else {
            return;
        };
        let checked = match self.game.check_move(seat, text) {
            Ok(c) => c,
            Err(MoveError::Forbidden { rule }) => {
                let shown = Game::parse_move(self.current_match(), text)
                    .map_or_else(|_| text.trim().to_string(), turn_text);
                say(format!("{shown}: {rule}."));
                return;
            }
            Err(MoveError::NotAMove { why, .. }) => {
                say(format!(
                    "{}. Type 'help' for the notation, 'moves' for the legal plays.",
                    reason(&why, text)
                ));
                return;
            }
            Err(e) => {
                say(format!("{e}."));
                return;
            }
        };
        self.push(checked, say);
        self.computer_plays(say);
        say(self.screen());
    }

    /// Plays a legal turn and reports ends of games.
    fn push(&mut self, checked: CheckedMove, say: &mut dyn FnMut(String)) {
        let game_no = self.current_match().game_no();
        let seat = self.game().to_act();
        let text = checked.text.clone();
        if let Err(e) = self.game.play_checked(checked) {
            say(format!("{text}: {e}."));
            return;
        }
        self.unsaved = true;
        if let Some(seat) = seat {
            let p = Match::player(game_no, seat);
            if self.computer == Some(p) {
                say(format!("The computer plays {text}."));
            }
        }
        // The game just played in was going on: if it has a finish now,
        // this play ended it.
        if let Some(f) = self
            .current_match()
            .games
            .get(game_no - 1)
            .and_then(|g| g.finish)
        {
            say(self.finish_text(game_no, f));
            if game_no == 1 {
                say("Game 2: the hands are exchanged and the first game's other player leads (M11).".into());
            }
        }
    }

    fn finish_text(&self, game_no: usize, f: End) -> String {
        match (f.winner, f.reason) {
            (
                Some(by),
                EndReason::Mate {
                    card,
                    move_no,
                    multiplier,
                    score,
                },
            ) => {
                let over = if multiplier > 10 {
                    format!(", overmate x{}", multiplier - 9)
                } else {
                    String::new()
                };
                let who = self.title(Match::player(game_no, by));
                let mates = if who == "You" { "mate" } else { "mates" };
                format!(
                    "Game {game_no}: mate! {who} {mates} with {card} on move {move_no}: {} x {multiplier}{over} = {score}.",
                    card.value()
                )
            }
            _ => format!("Game {game_no}: no mate after ten moves, a draw (M8)."),
        }
    }

    /// The computer's plays, through the generic engine job.
    fn computer_plays(&mut self, say: &mut dyn FnMut(String)) {
        while self.is_computer_turn() {
            let g = self.game();
            if g.move_no <= 2 && g.lead.is_none() && self.level >= 7 {
                say("(the computer is thinking)".into());
            }
            let ply = self.game.history().len() as u64;
            let job = self
                .game
                .engine_job(self.level, self.seed.wrapping_add(ply));
            let Some(text) = job() else { break };
            let Some(seat) = self.current_match().seat_to_act() else {
                break;
            };
            match self.game.check_move(seat, &text) {
                Ok(checked) => self.push(checked, say),
                Err(e) => {
                    say(format!("The computer's play {text} was refused: {e}."));
                    break;
                }
            }
        }
    }

    fn undo(&mut self, say: &mut dyn FnMut(String)) {
        // Every play made, across both games.
        let mut plays: Vec<Turn> = self
            .current_match()
            .games
            .iter()
            .flat_map(|g| g.plays.iter().map(|&(_, t)| t))
            .collect();
        if plays.is_empty() {
            say("Nothing to take back.".into());
            return;
        }
        // Take back to before the last play of a human.
        let mut m = self.rebuild(&plays);
        while plays.pop().is_some() {
            m = self.rebuild(&plays);
            let human_to_act = match (self.computer, m.to_act()) {
                (Some(c), Some(p)) => c != p,
                _ => true,
            };
            if human_to_act {
                break;
            }
        }
        if plays.is_empty() && self.is_computer_start(&m) {
            say("Nothing of yours to take back.".into());
            return;
        }
        let _ = m;
        if let Err(e) = self.game.takeback_keeping(plays.len()) {
            say(format!("Cannot take back: {e}."));
            return;
        }
        // The generic game taken back: made again from its spec and the
        // plays kept, as the server takes a move back.
        let spec = CardsSpec {
            seed: self.seed,
            count: self.current_match().count,
        };
        let kept: Vec<String> = self.game.history()[..plays.len()].to_vec();
        let mut again = match BoardPlay::<ChessCardsHook>::new(spec) {
            Ok(g) => g,
            Err(e) => {
                say(format!("Cannot take back: {e}."));
                return;
            }
        };
        for text in &kept {
            if let Err(e) = again.play(text) {
                say(format!("Cannot take back: {text}: {e}."));
                return;
            }
        }
        self.game = again;
        say("Taken back.".into());
        say(self.screen());
    }

    fn is_computer_start(&self, m: &Match) -> bool {
        matches!((self.computer, m.to_act()), (Some(c), Some(p)) if c == p)
    }

    /// The match after `plays` from the deal (where a takeback to them
    /// leaves it).
    fn rebuild(&self, plays: &[Turn]) -> Match {
        let mut m = Match::deal(self.seed, self.current_match().count);
        for &t in plays {
            m.play(t);
        }
        m
    }

    /// The match record, as the generic game writes it, with the players'
    /// names.
    pub fn record_text(&self) -> String {
        self.game.record(&RecordInfo {
            players: [self.title(0), self.title(1)],
            ..RecordInfo::default()
        })
    }

    fn save(&mut self, file: &str) -> String {
        if file.is_empty() {
            return "Say where: save FILE".into();
        }
        match std::fs::write(file, self.record_text()) {
            Ok(()) => {
                self.unsaved = false;
                format!("Saved to {file} (deckmate replay {file} checks it).")
            }
            Err(e) => format!("Cannot write {}: {e}", quote(file)),
        }
    }

    fn goodbye(&self) -> String {
        if !self.unsaved {
            return "Goodbye.".into();
        }
        format!(
            "The match was not saved. Its record, which 'deckmate replay -' reads:\n\n{}\nGoodbye.",
            self.record_text().trim_end()
        )
    }
}

impl Terminal for CardsSession {
    /// The opening lines and, if the computer leads, its first play.
    fn start_with(&mut self, say: &mut dyn FnMut(String)) {
        say(format!(
            "Chess Cards, a match of two games (deal seed {}; --seed {} deals it again).",
            self.seed, self.seed
        ));
        match self.computer {
            Some(c) => say(format!(
                "You are {} in game 1; the computer (level {}) is {}. Type 'help' for help.",
                if c == 1 { "the dealer" } else { "the other" },
                self.level,
                if c == 0 { "the dealer" } else { "the other" },
            )),
            None => say("Two players at one keyboard. Type 'help' for help.".into()),
        }
        self.computer_plays(say);
        say(self.screen());
    }

    /// Handles one line typed by the player.
    fn respond(&mut self, line: &str, say: &mut dyn FnMut(String)) {
        let command = Command::read(line);
        match command.word.as_str() {
            "" => {}
            "help" | "?" => say(format!("{}\n{COMMANDS}", super::ENTRY.move_help)),
            "rules" => say(RULES_SHORT.into()),
            "quit" | "exit" => {
                self.quit = true;
                say(self.goodbye());
            }
            "board" | "hands" => say(self.screen()),
            "moves" => say(self.list_plays()),
            "hint" => say(self.hint()),
            "undo" => self.undo(say),
            "save" => say(self.save(command.rest)),
            _ => self.play_text(command.line, say),
        }
    }

    fn quit(&self) -> bool {
        self.quit
    }
}
