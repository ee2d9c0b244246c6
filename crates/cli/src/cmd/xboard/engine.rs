//! The XBoard engine's state: the game, which side the engine plays
//! (none in force mode), the clocks and limits; [`XboardEngine::handle`]
//! takes one line. The search runs on its thread; its move is played
//! and sent from there, on the game it was searched on.

use super::features::{features, our_key, setup_lines};
use crate::protocol::games::Offered;
use crate::protocol::search::{self, Best, Info, Order, Running, Score};
use crate::protocol::{clock, echo, position, Out};
use deckmate_engine::Limits;
use deckmate_games::registry::{
    copy_game, play_token, BoxedGame, GameEntry, KeptSearcher, DEFAULT_TABLE_MB,
};
use deckmate_rules::Seat;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// The game and who plays what.
struct Board {
    game: Option<BoxedGame>,
    /// The side the engine plays; none in force mode.
    engine_side: Option<Seat>,
}

/// The XBoard engine.
pub struct XboardEngine {
    out: Out,
    offered: Offered,
    variant: Option<&'static GameEntry>,
    board: Arc<Mutex<Board>>,
    running: Option<Running>,
    /// The engine's clock (`time`), the opponent's (`otim`).
    time: Option<Duration>,
    increment: Duration,
    moves_per_session: Option<u32>,
    fixed_time: Option<Duration>,
    depth: Option<u32>,
    post: bool,
    seed: u64,
    /// The threads a search uses (`cores`).
    threads: usize,
    /// The searcher kept from one move to the next, made at `new` and
    /// `variant` (see [`search::prepare`]).
    kept: KeptSearcher,
}

fn lock(b: &Arc<Mutex<Board>>) -> MutexGuard<'_, Board> {
    b.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl XboardEngine {
    /// An engine writing to `out`, offering `variants`' files too.
    pub fn new(out: Out, variants: Option<&str>) -> Self {
        let mut offered = Offered::default();
        if let Some(dir) = variants {
            for e in offered.add_folder(dir) {
                out(&format!("# {}", echo(&e)));
            }
        }
        let variant = offered.find("chess").ok().or_else(|| offered.first());
        let mut e = XboardEngine {
            out,
            offered,
            variant,
            board: Arc::new(Mutex::new(Board {
                game: None,
                engine_side: Some(Seat::Second),
            })),
            running: None,
            time: None,
            increment: Duration::ZERO,
            moves_per_session: None,
            fixed_time: None,
            depth: None,
            post: false,
            seed: 1,
            threads: 1,
            kept: KeptSearcher::new(DEFAULT_TABLE_MB),
        };
        e.new_game();
        e
    }

    fn say(&self, line: &str) {
        (self.out)(line);
    }

    fn error(&self, why: &str, cmd: &str) {
        self.say(&format!("Error ({}): {}", echo(why), echo(cmd)));
    }

    /// Takes one line; false after `quit`.
    pub fn handle(&mut self, line: &str) -> bool {
        // A move's time counts from here.
        let read_at = Instant::now();
        if self.running.as_ref().is_some_and(Running::finished) {
            if let Some(r) = self.running.take() {
                r.wait();
            }
        }
        let line = line.trim();
        let (cmd, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        match cmd {
            "" | "xboard" | "accepted" | "rejected" | "random" | "hard" | "easy" | "computer"
            | "name" | "rating" | "ics" | "draw" | "hint" | "bk" => {}
            "nopost" => self.post = false,
            "post" => self.post = true,
            "protover" => {
                for l in features(&self.offered) {
                    self.say(&l);
                }
            }
            "ping" => {
                // Answered after the move in progress, as the protocol asks.
                self.halt_if_pondering();
                self.say(&format!("pong {}", echo(rest)));
            }
            "new" => {
                self.halt();
                self.new_game();
                lock(&self.board).engine_side = Some(Seat::Second);
                // The protocol: `new` removes a depth limit, keeps the clock's.
                self.depth = None;
            }
            "variant" => {
                self.halt();
                match self.offered.find(our_key(rest)) {
                    Ok(g) => {
                        self.variant = Some(g);
                        // A variant file's searcher evaluates by its rules.
                        self.kept.forget();
                        self.new_game();
                        if let Some(start) = &lock(&self.board).game {
                            for l in setup_lines(g, start) {
                                self.say(&l);
                            }
                        }
                    }
                    Err(e) => self.error(&e, line),
                }
            }
            "setboard" => {
                self.halt();
                match self.variant.map(|g| read_setboard(g, rest, self.seed)) {
                    Some(Ok(g)) => lock(&self.board).game = Some(g),
                    Some(Err(e)) => {
                        self.say(&format!("tellusererror Illegal position: {}", echo(&e)))
                    }
                    None => self.error("no variant", line),
                }
            }
            "force" => {
                self.halt();
                lock(&self.board).engine_side = None;
            }
            "result" => {
                self.halt();
                lock(&self.board).engine_side = None;
            }
            "go" => {
                self.halt();
                let side = lock(&self.board).game.as_ref().and_then(|g| g.to_move());
                lock(&self.board).engine_side = side;
                self.think(read_at);
            }
            "playother" => {
                self.halt();
                let side = lock(&self.board).game.as_ref().and_then(|g| g.to_move());
                lock(&self.board).engine_side = side.map(Seat::other);
            }
            "?" => self.halt(),
            "usermove" => self.user_move(rest, read_at),
            "time" | "otim" => match rest.parse::<u64>() {
                Ok(cs) => {
                    if cmd == "time" {
                        self.time = Some(Duration::from_millis(cs.saturating_mul(10)));
                    }
                }
                Err(_) => self.error("a number of centiseconds expected", line),
            },
            "st" => match rest
                .parse::<f64>()
                .ok()
                .filter(|s| s.is_finite() && *s > 0.0 && *s < 1e6)
            {
                Some(s) => self.fixed_time = Some(Duration::from_secs_f64(s)),
                None => self.error("seconds expected", line),
            },
            "cores" => match rest.parse::<usize>() {
                Ok(n) if (1..=deckmate_engine::search::MAX_THREADS).contains(&n) => {
                    self.threads = n;
                }
                _ => self.error(
                    &format!(
                        "a number of threads from 1 to {} expected",
                        deckmate_engine::search::MAX_THREADS
                    ),
                    line,
                ),
            },
            "sd" => match rest.parse::<u32>() {
                Ok(d) => self.depth = Some(d.clamp(1, 128)),
                Err(_) => self.error("a depth expected", line),
            },
            "level" => self.level(rest, line),
            "quit" => return false,
            "undo" | "remove" => {
                self.halt();
                let plies = if cmd == "undo" { 1 } else { 2 };
                self.take_back(plies, line);
            }
            _ => self.error("unknown command", line),
        }
        true
    }

    /// Ends: a search running is stopped.
    pub fn quit(&mut self) {
        self.halt();
    }

    fn halt(&mut self) {
        if let Some(r) = self.running.take() {
            r.stop_and_wait();
        }
    }

    fn halt_if_pondering(&mut self) {
        // No pondering: a search running is the engine's move; `ping`
        // waits for it.
        if let Some(r) = self.running.take() {
            r.wait();
        }
    }

    /// A new game of the variant; its searcher (kept from game to game)
    /// made now if it is not, not in a move's time.
    fn new_game(&mut self) {
        let Some(g) = self.variant else { return };
        match position::start(g, None, self.seed) {
            Ok(p) => {
                search::prepare(&p, &self.kept);
                lock(&self.board).game = Some(p);
            }
            Err(e) => self.say(&format!("tellusererror {}", echo(&e))),
        }
    }

    fn take_back(&mut self, plies: usize, line: &str) {
        let mut b = lock(&self.board);
        let Some(game) = &b.game else { return };
        let keep = game.history().len().saturating_sub(plies);
        let rebuilt = game.entry().rebuild(&game.spec(), &game.history()[..keep]);
        match rebuilt {
            Ok(g) => b.game = Some(g),
            Err(e) => {
                drop(b);
                self.error(&e.to_string(), line);
            }
        }
    }

    /// `level MPS BASE INC`: BASE in minutes or `min:sec`, INC in seconds.
    fn level(&mut self, rest: &str, line: &str) {
        let w: Vec<&str> = rest.split_whitespace().collect();
        let [mps, base, inc] = w[..] else {
            self.error("level MPS BASE INC expected", line);
            return;
        };
        let base_secs = match base.split_once(':') {
            Some((m, s)) => m
                .parse::<f64>()
                .ok()
                .zip(s.parse::<f64>().ok())
                .map(|(m, s)| m * 60.0 + s),
            None => base.parse::<f64>().ok().map(|m| m * 60.0),
        };
        match (mps.parse::<u32>(), base_secs, inc.parse::<f64>()) {
            (Ok(m), Some(b), Ok(i)) if (0.0..1e7).contains(&b) && (0.0..1e6).contains(&i) => {
                self.moves_per_session = (m > 0).then_some(m);
                self.increment = Duration::from_secs_f64(i);
                self.time.get_or_insert(Duration::from_secs_f64(b));
                self.fixed_time = None;
            }
            _ => self.error("level MPS BASE INC expected", line),
        }
    }

    fn user_move(&mut self, token: &str, read_at: Instant) {
        self.halt();
        let played = {
            let mut b = lock(&self.board);
            match b.game.as_mut() {
                Some(g) => play_token(g.as_mut(), token),
                None => Err("no game".to_string()),
            }
        };
        match played {
            Ok(_) => self.think(read_at),
            Err(e) => {
                self.say(&format!("Illegal move ({}): {}", echo(&e), echo(token)));
            }
        }
    }

    /// Searches when the engine is to move; `read_at`: when the command
    /// was read, where its time counts from.
    fn think(&mut self, read_at: Instant) {
        if self.running.is_some() {
            return;
        }
        let copy = {
            let b = lock(&self.board);
            let Some(g) = &b.game else { return };
            if let Some(o) = g.outcome() {
                let result = o.result_text();
                self.say(&format!("{result} {{{}}}", echo(&o.reason)));
                return;
            }
            let Some(side) = g.to_move() else { return };
            if b.engine_side != Some(side) {
                return;
            }
            match copy_game(g.as_ref()) {
                Ok(c) => c,
                Err(e) => {
                    self.say(&format!("tellusererror {}", echo(&e)));
                    return;
                }
            }
        };
        let plies = copy.history().len();
        let (time, soft) = match (self.fixed_time, self.time) {
            (Some(t), _) => (Some(clock::fixed(t)), None),
            (None, Some(left)) => {
                let t = clock::budget(left, self.increment, self.moves_per_session);
                (Some(t.hard), Some(t.soft))
            }
            (None, None) if self.depth.is_none() => (Some(Duration::from_secs(5)), None),
            _ => (None, None),
        };
        let order = Order {
            game: copy,
            limits: Limits {
                depth: self.depth,
                nodes: None,
                time,
                soft,
                // `st`'s time is the move's alone: use all of it.
                whole_time: self.fixed_time.is_some(),
            },
            lines: 1,
            level: None,
            seed: self.seed,
            wait_for_stop: false,
            asked_at: read_at,
            kept: Some(self.kept.clone()),
            threads: self.threads,
        };
        let out = self.out.clone();
        let post = self.post;
        let on_info = Box::new(move |i: &Info| {
            if !post {
                return;
            }
            if let Some(l) = i.lines.first() {
                let score = match l.score {
                    Score::Cp(c) => c,
                    Score::Mate(m) if m > 0 => 100_000 + m,
                    Score::Mate(m) => -100_000 + m,
                };
                out(&format!(
                    "{} {score} {} {} {}",
                    i.depth,
                    i.elapsed.as_millis() / 10,
                    i.nodes,
                    l.moves.join(" ")
                ));
            }
        });
        let out = self.out.clone();
        let board = self.board.clone();
        let on_best = Box::new(move |best: Best| {
            let Some(m) = best.best else { return };
            let mut b = lock(&board);
            let Some(g) = b.game.as_mut() else { return };
            // Only on the game it was searched on.
            if g.history().len() != plies {
                return;
            }
            if play_token(g.as_mut(), &m).is_ok() {
                out(&format!("move {m}"));
                if let Some(o) = g.outcome() {
                    out(&format!("{} {{{}}}", o.result_text(), echo(&o.reason)));
                }
            }
        });
        self.running = Some(search::start(order, on_info, on_best));
    }
}

/// The position of `setboard`: the game's own position string, or, for a
/// game XBoard does not know, the FEN XBoard writes of it (XBoard sends
/// the first engine's `setup` position to the second engine so; its
/// castling and en passant fields are chess's, which the game's string
/// may not have): its placement and side to move, with the start's other
/// fields (its rights) where they are the start's, else with no rights
/// (`-`) and XBoard's move counters.
fn read_setboard(game: &'static GameEntry, fen: &str, seed: u64) -> Result<BoxedGame, String> {
    let own = position::start(game, Some(fen), seed);
    if own.is_ok() || game.key == "chess" {
        return own;
    }
    let words: Vec<&str> = fen.split_whitespace().collect();
    let [placement, side, ..] = words[..] else {
        return own;
    };
    if let Ok(start) = position::start(game, None, seed) {
        let view = start.view(None, false);
        let start_fen = view["position"].as_str().unwrap_or("");
        let mut start_words = start_fen.split_whitespace();
        if start_words.next() == Some(placement) && start_words.next() == Some(side) {
            return Ok(start);
        }
    }
    let counters: Vec<&str> = words
        .iter()
        .rev()
        .take(2)
        .rev()
        .copied()
        .filter(|w| w.parse::<u32>().is_ok())
        .collect();
    let counters = if counters.len() == 2 {
        counters.join(" ")
    } else {
        "0 1".to_string()
    };
    for candidate in [
        format!("{placement} {side} - {counters}"),
        format!("{placement} {side} - - {counters}"),
    ] {
        if let Ok(g) = position::start(game, Some(&candidate), seed) {
            return Ok(g);
        }
    }
    own
}
