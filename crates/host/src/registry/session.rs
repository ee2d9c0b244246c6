//! A game being played, as the shells see it ([`PlayedGame`]), and what
//! they share: the engine's job, record information, move-list lines, the
//! players' own ends (resignation, agreed draw).
//!
//! Moves travel as text in the game's own notation. A legal move in a
//! view is a JSON object with at least `"text"`; the other fields are what
//! the web client matches clicks against: `from`/`to` squares on a board,
//! `card`/`sacrifice` ids of cards in zones, and `choice`, the label of a
//! button when one click fits several moves (a promotion, a privilege).

pub use crate::end::{Settlement, SettlementReason, STALE_DAYS};

use super::{AnalysisRequest, AnalysisSink, GameEntry};
use deckmate_rules::{MoveError, Outcome, Record, Seat, ToAct};
use serde_json::{Map, Value};
use std::any::Any;

/// A computation of the engine's move, run on a blocking thread away from
/// the game's lock; it returns the move's text.
pub type EngineJob = Box<dyn FnOnce() -> Option<String> + Send>;

/// A boxed game.
pub type BoxedGame = Box<dyn PlayedGame>;

/// What a record needs besides the game: the server's game id, the
/// players' names by seat, an end outside the rules, and the clocks.
#[derive(Clone, Debug, Default)]
pub struct RecordInfo {
    /// The game's id.
    pub id: String,
    /// The players' names by seat (`"Player"`, `"deckmate level 4"`).
    pub players: [String; 2],
    /// A resignation, an agreed draw or a flag fallen.
    pub ended: Option<Settlement>,
    /// The time control as the record's `[TimeControl]` writes it
    /// (`180+2`), if the game had clocks.
    pub time_control: Option<String>,
    /// Each move's mover's time left after it, in milliseconds (`None`:
    /// an untimed move), written as `{[%clk 0:02:31]}` after the move.
    pub clocks: Vec<Option<u64>>,
}

impl RecordInfo {
    /// Writes the clocks into `record`: `[TimeControl]` and a
    /// `[%clk h:mm:ss]` comment after each timed move.
    pub fn write_clocks(&self, record: &mut Record) {
        if let Some(tc) = &self.time_control {
            record.set_tag("TimeControl", tc.clone());
        }
        if self.clocks.iter().any(Option::is_some) {
            record.comments = self
                .clocks
                .iter()
                .map(|c| {
                    c.map(|ms| {
                        let s = ms / 1000;
                        format!("[%clk {}:{:02}:{:02}]", s / 3600, s / 60 % 60, s % 60)
                    })
                })
                .collect();
        }
    }
}

/// A move checked for a seat on one position: its canonical text (what
/// is stored) and what the game read from it, so that playing it on that
/// position reads nothing again ([`PlayedGame::check_move`],
/// [`PlayedGame::play_checked`]). The move is parsed once, from the
/// request to the rules, the store and the game in memory.
pub struct CheckedMove {
    /// The canonical text.
    pub text: String,
    /// The position it was checked on (its hash and ply), so that it is
    /// never played as read on another.
    on: (u64, usize),
    /// The game's own move, as read.
    read: Option<Box<dyn Any + Send>>,
}

impl CheckedMove {
    /// A move checked on the position of hash `hash` at ply `ply`, `read`
    /// the game's own move (for [`PlayedGame::play_checked`]).
    pub fn new(text: String, hash: u64, ply: usize, read: Option<Box<dyn Any + Send>>) -> Self {
        CheckedMove {
            text,
            on: (hash, ply),
            read,
        }
    }

    /// The game's move as read, if it was checked on the position of
    /// `hash` at `ply` and is of type `M`.
    pub fn read_on<M: 'static>(&self, hash: u64, ply: usize) -> Option<&M> {
        if self.on != (hash, ply) {
            return None;
        }
        self.read.as_ref()?.downcast_ref::<M>()
    }
}

impl std::fmt::Debug for CheckedMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CheckedMove")
            .field("text", &self.text)
            .field("read", &self.read.is_some())
            .finish()
    }
}

/// One line of the move list: a label (`"1."`) and the plies on it
/// (indices into the history); `heading` starts a section (`"Game 2"`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveLine {
    /// A heading shown before the line, if any.
    pub heading: Option<String>,
    /// The label, e.g. `"1."`.
    pub label: String,
    /// The plies on this line.
    pub plies: Vec<usize>,
}

/// A game being played, as the shells see it: moves as text in the game's
/// notation, views as JSON, records as text. Each game implements it once
/// in its module (board games through [`super::BoardPlay`]); the server
/// and the terminal play every game through it.
pub trait PlayedGame: Send {
    /// The registry entry.
    fn entry(&self) -> &'static GameEntry;

    /// The spec as stored: options and seed, everything that with the move
    /// texts rebuilds the game through [`GameEntry::from_spec`].
    fn spec(&self) -> Value;

    /// The texts of the moves played, in order.
    fn history(&self) -> &[String];

    /// A copy of the game as it stands, made without replaying its moves
    /// (an engine protocol copies the position for every search); `None`
    /// where the game has no such copy: [`copy_game`](super::copy_game)
    /// then rebuilds it from its spec and moves. By default `None`.
    fn clone_game(&self) -> Option<BoxedGame> {
        None
    }

    /// The texts of the moves played as `seat` may see them (`None`: a
    /// spectator). Games with secrets hide here what the seat may not
    /// know yet (another seat's arrangement); by default everything.
    fn history_seen_by(&self, seat: Option<Seat>) -> Vec<String> {
        let _ = seat;
        self.history().to_vec()
    }

    /// Who acts now by the rules ([`ToAct::Nobody`] once the game is over).
    fn to_act(&self) -> ToAct;

    /// The one seat to act, `None` when the game is over by its rules (or
    /// both seats or chance act).
    fn to_move(&self) -> Option<Seat> {
        match self.to_act() {
            ToAct::Seat(s) => Some(s),
            _ => None,
        }
    }

    /// The end by the rules, if reached.
    fn outcome(&self) -> Option<Outcome>;

    /// The legal moves of `seat` (nothing unless it is to act): objects
    /// with `"text"` and what the client matches clicks against (see the
    /// module's doc).
    fn legal_moves_of(&self, seat: Seat) -> Vec<Value>;

    /// Checks a move of the seat to act, given as text: its canonical
    /// text, or why it is refused (typed: [`MoveError::code`] tells the
    /// causes apart).
    fn check(&self, text: &str) -> Result<String, MoveError>;

    /// Checks a move `seat` sends, as [`PlayedGame::check_as`], keeping
    /// what was read for [`PlayedGame::play_checked`]; by default it
    /// keeps the text only.
    fn check_move(&self, seat: Seat, text: &str) -> Result<CheckedMove, MoveError> {
        let text = self.check_as(seat, text)?;
        Ok(CheckedMove::new(text, 0, usize::MAX, None))
    }

    /// Plays a move [`PlayedGame::check_move`] checked: on the position it
    /// was checked on, what was read, with no second reading; otherwise
    /// its text, read again. By default its text.
    fn play_checked(&mut self, checked: CheckedMove) -> Result<(), MoveError> {
        self.play(&checked.text)
    }

    /// Checks a move `seat` sends, given as text: its canonical text, or
    /// why it is refused ("it is not your turn" when `seat` may not move
    /// now). When both seats act, a seat's text never plays the other's
    /// move.
    fn check_as(&self, seat: Seat, text: &str) -> Result<String, MoveError> {
        if self.to_act().includes(seat) {
            self.check(text)
        } else {
            Err(MoveError::NotYourTurn { side: None })
        }
    }

    /// Plays a move of the seat to act, given as text (checked).
    fn play(&mut self, text: &str) -> Result<(), MoveError>;

    /// Plays a move typed at one keyboard for whoever acts (an analysis
    /// board): checked as the seat to act's or, where both seats act, as
    /// the first seat's it can be (Dealer's Chess's `random` is then that
    /// seat's arrangement).
    fn play_typed(&mut self, text: &str) -> Result<(), MoveError> {
        let checked = match self.to_act() {
            ToAct::Both => self
                .check_as(Seat::First, text)
                .or_else(|_| self.check_as(Seat::Second, text)),
            _ => self.check(text),
        }?;
        self.play(&checked)
    }

    /// The game's part of the view for `you` (`None`: a spectator), built
    /// from what that seat may observe: a
    /// `board` with `pieces` and marked `regions` of squares, and/or
    /// `zones` of cards (one meaning each), `facts`, a
    /// `scoreboard`, a `prompt` for the seat to act, `last`, a
    /// `check_square`, a `turn_note` (a sentence the terminal adds to
    /// whose turn it is: "A same-suit capture is compulsory."). `live` is
    /// false for an earlier position being looked at.
    fn view(&self, you: Option<Seat>, live: bool) -> Map<String, Value>;

    /// Whether ply `ply` (from 0) of the history is chance's (a card
    /// drawn from the game's seed), not a seat's move. By default none is.
    fn is_chance_ply(&self, ply: usize) -> bool {
        let _ = ply;
        false
    }

    /// How many plies of the history a takeback (the server's, the
    /// terminal's `undo`) must keep: a takeback never goes back past a
    /// ply that drew by chance or revealed what a seat did not know (the
    /// same seed would draw the same again, so a seat would see what is
    /// to come before choosing). By default 0: back to the start.
    fn takeback_floor(&self) -> usize {
        0
    }

    /// The game's rule on takebacks, in words, given when one is refused
    /// ([`PlayedGame::takeback_floor`]).
    fn takeback_rule(&self) -> &'static str {
        "a takeback may not go back past a card drawn or a secret revealed"
    }

    /// Whether a takeback that keeps the first `keep` moves of the seats
    /// (chance's draws not counted: what the server stores) may be made:
    /// the game's rule on takebacks when it would go back past its
    /// [`PlayedGame::takeback_floor`].
    fn takeback_keeping(&self, keep: usize) -> Result<(), String> {
        let first_removed = (0..self.history().len())
            .filter(|&ply| !self.is_chance_ply(ply))
            .nth(keep);
        match first_removed {
            Some(ply) if ply < self.takeback_floor() => {
                Err(format!("no takeback here: {}", self.takeback_rule()))
            }
            _ => Ok(()),
        }
    }

    /// The move list's lines; by default two plies a line.
    fn move_lines(&self) -> Vec<MoveLine> {
        pair_lines(self.history().len(), 0, 1)
    }

    /// A few words on where the game stands, for the lobby (`"move 12"`).
    fn progress(&self) -> String {
        format!("move {}", self.history().len() / 2 + 1)
    }

    /// Whether something is still hidden from a seat or a spectator that
    /// the full record would show (an arrangement not yet revealed, a seed
    /// that decides future draws): the server gives no record then. By
    /// default nothing is.
    fn secrets_pending(&self) -> bool {
        false
    }

    /// Whether the game's seed decides outcomes still to come during play
    /// (52Chess's cards), so that whoever knew it would know them: a shell
    /// that hosts players chooses such a seed itself, long enough not to
    /// be found from the outcomes seen, and never takes one from a
    /// player. By default the seed decides only the start (a deal every
    /// seat sees), or nothing.
    fn seed_is_secret(&self) -> bool {
        false
    }

    /// The record as text.
    fn record(&self, info: &RecordInfo) -> String;

    /// The engine's move computation at `level` (1-8), `seed` for
    /// reproducible choices. Called only when a seat is to act.
    fn engine_job(&self, level: u8, seed: u64) -> EngineJob;

    /// Whether an engine in `seat` accepts a draw offer now.
    fn engine_accepts_draw(&self, seat: Seat) -> bool {
        let _ = seat;
        false
    }

    /// Chance's possible moves now, as texts, where chance acts and its
    /// moves are typed (a game without a seed: an analysis board, where
    /// the player chooses the card); empty otherwise.
    fn chance_moves(&self) -> Vec<String> {
        Vec::new()
    }

    /// Where an analysis board of the position now starts: a spec and the
    /// moves (texts) to play from it, with nothing a seat may not know
    /// yet. `None` while a secret is pending or while the seed decides
    /// draws still to come. By default the game's own spec and moves.
    fn analysis_start(&self) -> Option<(Value, Vec<String>)> {
        if self.secrets_pending() || self.seed_is_secret() {
            return None;
        }
        Some((self.spec(), self.history().to_vec()))
    }

    /// The engine's analysis of the position now, as a job for the engine
    /// pool: it reports to `sink` as it goes and returns `Some` (an empty
    /// text) if it analysed anything, `None` if there was nothing to
    /// analyse (the game is over). `None` for a game without analysis.
    fn analysis_job(&self, request: AnalysisRequest, sink: AnalysisSink) -> Option<EngineJob> {
        let _ = (request, sink);
        None
    }

    /// The spec of a rematch (`fresh_seed` for a new deal); by default the
    /// same spec.
    fn rematch_spec(&self, fresh_seed: u64) -> Value {
        let _ = fresh_seed;
        self.spec()
    }
}

/// Move-list lines of two plies each over plies `start..start + n`, numbered
/// from `first`.
pub fn pair_lines(n: usize, start: usize, first: usize) -> Vec<MoveLine> {
    (0..n)
        .step_by(2)
        .map(|i| MoveLine {
            heading: None,
            label: format!("{}.", first + i / 2),
            plies: (start + i..(start + i + 2).min(start + n)).collect(),
        })
        .collect()
}

/// The engines' rule for draw offers in the board games: accept when the
/// static evaluation (`score`, for `to_move`) shows no more than a small
/// edge (half a low card or a pawn) for the engine's `seat`.
pub fn engine_takes_draw(score: i32, to_move: Seat, seat: Seat) -> bool {
    let mine = if to_move == seat { score } else { -score };
    mine <= 50
}
