//! The UCI engine's state: the options, the position, the search
//! running; [`UciEngine::handle`] takes one line.

use super::command::{Go, Start, UciCommand};
use crate::protocol::games::Offered;
use crate::protocol::search::{self, Best, Info, Order, Running, Score};
use crate::protocol::{clock, echo, position, Out};
use deckmate_engine::Limits;
use deckmate_games::registry::{
    copy_game, play_token, BoxedGame, GameEntry, KeptSearcher, DEFAULT_TABLE_MB, MAX_LINES,
};
use deckmate_rules::Seat;
use std::time::Instant;

/// The most threads the option takes (the search uses one).
const MAX_THREADS: i64 = deckmate_engine::search::MAX_THREADS as i64;

/// The largest table `Hash` takes, in megabytes.
const MAX_HASH: i64 = 4096;

/// The UCI engine.
pub struct UciEngine {
    out: Out,
    offered: Offered,
    variant: Option<&'static GameEntry>,
    game: Option<BoxedGame>,
    /// Where the position now was set up from by `position`: its start
    /// and moves (none after a new game or variant).
    set_up: Option<(Start, Vec<String>)>,
    multi_pv: usize,
    level: u8,
    seed: u64,
    /// The threads a search uses (`Threads`).
    threads: usize,
    running: Option<Running>,
    /// The searcher kept from one `go` to the next, its table of `Hash`
    /// megabytes made outside any `go`'s time (see [`search::prepare`]).
    kept: KeptSearcher,
}

impl UciEngine {
    /// An engine writing to `out`, offering the variant files of
    /// `variants` too.
    pub fn new(out: Out, variants: Option<&str>) -> Self {
        let mut offered = Offered::default();
        if let Some(dir) = variants {
            for e in offered.add_folder(dir) {
                out(&format!("info string error: {}", echo_long(&e)));
            }
        }
        let variant = offered.find("chess").ok().or_else(|| offered.first());
        let mut engine = UciEngine {
            out,
            offered,
            variant,
            game: None,
            set_up: None,
            multi_pv: 1,
            level: 8,
            seed: 1,
            threads: 1,
            running: None,
            kept: KeptSearcher::new(DEFAULT_TABLE_MB),
        };
        engine.new_position();
        engine
    }

    fn say(&self, line: &str) {
        (self.out)(line);
    }

    fn error(&self, why: &str) {
        self.say(&format!("info string error: {}", echo_long(why)));
    }

    /// Takes one line; false after `quit`.
    pub fn handle(&mut self, line: &str) -> bool {
        // A `go`'s time counts from here.
        let read_at = Instant::now();
        self.reap();
        let cmd = match UciCommand::read(line) {
            Ok(c) => c,
            Err(e) => {
                self.error(&e);
                return true;
            }
        };
        match cmd {
            UciCommand::Uci => self.identify(),
            UciCommand::IsReady => {
                // The table is made here when it is not yet (a GUI waits
                // for `readyok`).
                if self.running.is_none() {
                    self.prepare();
                }
                self.say("readyok");
            }
            UciCommand::Debug | UciCommand::Register | UciCommand::Empty => {}
            UciCommand::SetOption { name, value } => {
                if self.busy("setoption") {
                    return true;
                }
                self.set_option(&name, value.as_deref());
            }
            UciCommand::NewGame => {
                self.halt();
                self.new_position();
                // The table is kept from game to game (its entries are
                // the positions'): nothing to make here after the first.
                self.prepare();
            }
            UciCommand::Position { start, moves } => {
                self.halt();
                self.position(&start, &moves);
                // Dealer's Chess's searcher is made once play has begun.
                self.prepare();
            }
            UciCommand::Go(go) => {
                if !self.busy("go") {
                    self.go(&go, read_at);
                }
            }
            UciCommand::Stop => self.halt(),
            UciCommand::PonderHit => {}
            UciCommand::Quit => return false,
        }
        true
    }

    /// How many searchers (tables) were made for the game kept now.
    #[cfg(test)]
    pub fn tables_made(&self) -> u64 {
        self.kept.made()
    }

    /// Ends: a search running is stopped and its best move given.
    pub fn quit(&mut self) {
        self.halt();
    }

    /// Forgets a search that has ended.
    fn reap(&mut self) {
        if self.running.as_ref().is_some_and(Running::finished) {
            if let Some(r) = self.running.take() {
                r.wait();
            }
        }
    }

    /// Whether a search runs (then `what` is refused).
    fn busy(&self, what: &str) -> bool {
        let busy = self.running.is_some();
        if busy {
            self.error(&format!("'{what}' while searching: send 'stop' first"));
        }
        busy
    }

    /// Stops a search running and waits for its best move.
    fn halt(&mut self) {
        if let Some(r) = self.running.take() {
            r.stop_and_wait();
        }
    }

    fn identify(&self) {
        self.say(&format!("id name deckmate {}", env!("CARGO_PKG_VERSION")));
        self.say("id author the deckmate authors");
        let keys = self.offered.keys();
        let default = self.variant.map_or("", |g| g.key);
        let vars: String = keys.iter().map(|k| format!(" var {k}")).collect();
        self.say(&format!(
            "option name UCI_Variant type combo default {default}{vars}"
        ));
        self.say("option name UCI_VariantPath type string default <empty>");
        self.say(&format!(
            "option name MultiPV type spin default 1 min 1 max {MAX_LINES}"
        ));
        self.say("option name Skill Level type spin default 8 min 1 max 8");
        self.say(&format!(
            "option name Hash type spin default {DEFAULT_TABLE_MB} min 1 max {MAX_HASH}"
        ));
        self.say(&format!(
            "option name Threads type spin default 1 min 1 max {MAX_THREADS}"
        ));
        self.say("option name Seed type spin default 1 min 0 max 2147483647");
        self.say("option name Ponder type check default false");
        self.say("uciok");
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        let v = value.unwrap_or("").trim();
        let spin = |lo: i64, hi: i64| -> Result<i64, String> {
            v.parse::<i64>()
                .ok()
                .filter(|n| (lo..=hi).contains(n))
                .ok_or_else(|| format!("{name}: a number from {lo} to {hi}, not '{}'", echo(v)))
        };
        let lower = name.to_ascii_lowercase();
        let result = match lower.as_str() {
            "uci_variant" => self.offered.find(v).map(|g| {
                self.variant = Some(g);
                self.new_position();
                // A variant file's searcher evaluates by its file's rules.
                self.kept.forget();
                self.prepare();
            }),
            "uci_variantpath" => {
                if v.is_empty() || v == "<empty>" {
                    Ok(())
                } else {
                    for e in self.offered.add_folder(v) {
                        self.error(&e);
                    }
                    // A file read again may have new rules.
                    self.kept.forget();
                    self.prepare();
                    self.say(&format!(
                        "info string variants: {}",
                        self.offered.keys().join(", ")
                    ));
                    Ok(())
                }
            }
            "multipv" => spin(1, MAX_LINES as i64).map(|n| self.multi_pv = n as usize),
            "skill level" => spin(1, 8).map(|n| self.level = n as u8),
            "hash" => spin(1, MAX_HASH).map(|mb| {
                if mb as usize != self.kept.table_mb() {
                    self.kept = KeptSearcher::new(mb as usize);
                    self.prepare();
                }
            }),
            "threads" => spin(1, MAX_THREADS).map(|n| self.threads = n as usize),
            "seed" => spin(0, i64::from(i32::MAX)).map(|n| {
                self.seed = n as u64;
                self.new_position();
            }),
            "ponder" => Ok(()),
            _ => Err(format!("no option '{}'", echo(name))),
        };
        if let Err(e) = result {
            self.error(&e);
        }
    }

    /// Makes the kept searcher for the game now, unless it is made.
    fn prepare(&self) {
        if let Some(g) = &self.game {
            search::prepare(g, &self.kept);
        }
    }

    /// The variant's start.
    fn new_position(&mut self) {
        let Some(g) = self.variant else {
            return;
        };
        self.set_up = None;
        match position::start(g, None, self.seed) {
            Ok(p) => self.game = Some(p),
            Err(e) => self.error(&e),
        }
    }

    fn position(&mut self, start: &Start, moves: &[String]) {
        let Some(g) = self.variant else {
            self.error("no variant");
            return;
        };
        let fen = match start {
            Start::StartPos => None,
            Start::Fen(f) => Some(f.as_str()),
        };
        if let Some(played) = self.moves_after_now(start, moves) {
            match played {
                Ok(p) => {
                    self.game = Some(p);
                    self.set_up = Some((start.clone(), moves.to_vec()));
                }
                Err(e) => self.error(&format!("position ignored: {e}")),
            }
            return;
        }
        let words: Vec<&str> = moves.iter().map(String::as_str).collect();
        match position::after(g, fen, self.seed, &words) {
            Ok(p) => {
                self.game = Some(p);
                self.set_up = Some((start.clone(), moves.to_vec()));
            }
            Err(e) => self.error(&format!("position ignored: {e}")),
        }
    }

    /// The position of `start` and `moves` made from the position now,
    /// when that was set up from the same start by moves that begin
    /// `moves` (a GUI sends the whole game at every move): only the new
    /// moves are played, on a copy (a refused one leaves the position as
    /// it was). `None` where it was not.
    fn moves_after_now(
        &self,
        start: &Start,
        moves: &[String],
    ) -> Option<Result<BoxedGame, String>> {
        let (was, before) = self.set_up.as_ref()?;
        let game = self.game.as_ref()?;
        if was != start || !moves.starts_with(before) {
            return None;
        }
        let mut copy = copy_game(game.as_ref()).ok()?;
        for (i, m) in moves.iter().enumerate().skip(before.len()) {
            if let Err(e) = play_token(copy.as_mut(), m) {
                return Some(Err(format!("move {}: {e}", i + 1)));
            }
        }
        Some(Ok(copy))
    }

    /// Searches; `read_at`: when the `go` was read, where its time counts
    /// from.
    fn go(&mut self, go: &Go, read_at: Instant) {
        let Some(game) = &self.game else {
            self.error("no position");
            self.say("bestmove (none)");
            return;
        };
        let copy = match copy_game(game.as_ref()) {
            Ok(c) => c,
            Err(e) => {
                self.error(&e);
                self.say("bestmove (none)");
                return;
            }
        };
        if game.to_move().is_none() {
            let why = match game.to_act() {
                deckmate_rules::ToAct::Chance => {
                    "a card is to be drawn: give it as a move (card:XX)"
                }
                deckmate_rules::ToAct::Both => {
                    "both seats act (an arrangement): no one move to search"
                }
                _ => "the game is over",
            };
            self.error(why);
            self.say("bestmove (none)");
            return;
        }
        let side = game.to_move().unwrap_or(Seat::First);
        let mut limits = Limits {
            depth: go.depth,
            nodes: go.nodes,
            time: go.movetime.map(clock::fixed),
            soft: None,
            // A fixed time a move is the move's alone: use all of it.
            whole_time: go.movetime.is_some(),
        };
        let (left, inc) = match side {
            Seat::First => (go.wtime, go.winc),
            Seat::Second => (go.btime, go.binc),
        };
        if let (Some(left), None) = (left, limits.time) {
            let inc = inc.unwrap_or_default();
            let t = clock::budget(left, inc, go.movestogo);
            limits.time = Some(t.hard);
            limits.soft = Some(t.soft);
        }
        let endless = go.infinite || go.ponder;
        if endless {
            limits = Limits::default();
        }
        let order = Order {
            game: copy,
            limits,
            lines: self.multi_pv,
            level: Some(self.level),
            seed: self.seed,
            wait_for_stop: endless,
            asked_at: read_at,
            kept: Some(self.kept.clone()),
            threads: self.threads,
        };
        let out = self.out.clone();
        let on_info = Box::new(move |i: &Info| {
            for line in info_lines(i) {
                out(&line);
            }
        });
        let out = self.out.clone();
        let on_best = Box::new(move |b: Best| out(&bestmove(&b)));
        self.running = Some(search::start(order, on_info, on_best));
    }
}

/// An error's words, at most a line.
fn echo_long(text: &str) -> String {
    let clean: String = text.chars().filter(|c| !c.is_control()).collect();
    match clean.char_indices().nth(300) {
        Some((i, _)) => format!("{}...", &clean[..i]),
        None => clean,
    }
}

/// A report's `info` lines, one a line of the search (`multipv`).
pub fn info_lines(i: &Info) -> Vec<String> {
    i.lines
        .iter()
        .enumerate()
        .map(|(k, l)| {
            let score = match l.score {
                Score::Cp(c) => format!("cp {c}"),
                Score::Mate(m) => format!("mate {m}"),
            };
            format!(
                "info depth {d} seldepth {d} multipv {} score {score} nodes {} nps {} time {} pv {}",
                k + 1,
                i.nodes,
                i.nps(),
                i.elapsed.as_millis(),
                l.moves.join(" "),
                d = i.depth,
            )
        })
        .collect()
}

/// The `bestmove` line.
pub fn bestmove(b: &Best) -> String {
    match (&b.best, &b.ponder) {
        (Some(m), Some(p)) => format!("bestmove {m} ponder {p}"),
        (Some(m), None) => format!("bestmove {m}"),
        (None, _) => "bestmove (none)".to_string(),
    }
}
