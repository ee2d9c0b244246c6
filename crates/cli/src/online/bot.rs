//! `deckmate bot --server URL --token T`: the built-in engine plays as a
//! bot account through the server's bot API (shaped like lichess's).
//!
//! One thread reads the account's event stream (`GET /api/stream/event`):
//! it accepts the challenges of the games and time controls it was told
//! and declines the others with a reason, and starts one thread per game
//! (`gameStart`), which reads the game's stream
//! (`GET /api/bot/game/stream/{id}`) and answers each state where the bot
//! is to move (it carries `legalMoves`). The move is the engine's when the
//! game can be rebuilt here from its moves ([`choose`]); otherwise (a
//! dealt game whose seed the server keeps secret, a variant file this
//! program does not have) one of `legalMoves`, mates and captures first.
//! Every stream is reconnected after a drop or a server restart, with
//! exponential backoff and jitter, capped; Ctrl-C stops it all.

use super::http::{segment, Client, HttpError, Item};
use clap::Args;
use deckmate_engine::deadline::{self, Budget};
use deckmate_games::registry::Options;
use deckmate_rules::SeededRng;
use serde_json::{json, Value};
use std::collections::HashSet;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Arguments of `deckmate bot`.
#[derive(Args)]
#[command(after_help = "Examples:\n  \
deckmate bot --server http://127.0.0.1:8080 --token dmp_...\n  \
deckmate bot --server http://127.0.0.1:8080 --token dmp_... --games cuarenta,cardmate --level 6 --tc 3+2,5+3,none")]
pub struct BotArgs {
    /// The server's address (plain http), e.g. http://127.0.0.1:8080.
    #[arg(long, value_name = "URL")]
    server: String,
    /// The bot account's personal API token (scope bot:play; the account
    /// turned bot with POST /api/bot/account/upgrade).
    #[arg(long, value_name = "TOKEN")]
    token: String,
    /// The games whose challenges are accepted, by key, comma-separated
    /// (default: every built-in game and any other the server offers).
    #[arg(long, value_delimiter = ',', value_name = "KEYS")]
    games: Vec<String>,
    /// The engine's strength, 1 (beginner) to 8 (full strength); under a
    /// clock, the strongest level up to it whose time per move fits a
    /// 40th of the time left plus the increment.
    #[arg(long, default_value = "4", value_parser = clap::value_parser!(u8).range(1..=8))]
    level: u8,
    /// The time controls accepted, comma-separated: MINUTES+INCREMENT
    /// (3+2, 0.5+0), `none` (no clock), `correspondence` (any days a
    /// move), or `any` (the default).
    #[arg(long, value_delimiter = ',', value_name = "TC")]
    tc: Vec<String>,
    /// At most this many games at once; a challenge beyond is declined
    /// ("later"). The server lets an account hold 8 streams.
    #[arg(long, default_value = "4", value_parser = clap::value_parser!(u8).range(1..=7))]
    max_games: u8,
}

/// A time control a challenge may have, as `--tc` names it.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Tc {
    Any,
    None,
    Correspondence,
    /// Initial seconds and increment seconds.
    Clock(u64, u64),
}

fn parse_tc(text: &str) -> Result<Tc, String> {
    let t = text.trim().to_ascii_lowercase();
    match t.as_str() {
        "any" => return Ok(Tc::Any),
        "none" | "unlimited" => return Ok(Tc::None),
        "correspondence" | "corr" => return Ok(Tc::Correspondence),
        _ => {}
    }
    let bad = || {
        format!(
            "--tc: '{text}' is not a time control (MINUTES+INCREMENT such as 3+2, none, \
             correspondence or any)"
        )
    };
    let (m, i) = t.split_once('+').ok_or_else(bad)?;
    let minutes: f64 = m.trim().parse().map_err(|_| bad())?;
    let inc: u64 = i.trim().parse().map_err(|_| bad())?;
    if !(0.0..=1440.0).contains(&minutes) {
        return Err(bad());
    }
    Ok(Tc::Clock((minutes * 60.0).round() as u64, inc))
}

/// A challenge's time control, from its `timeControl`.
fn challenge_tc(c: &Value) -> Tc {
    let tc = &c["timeControl"];
    match tc["type"].as_str() {
        Some("clock") => Tc::Clock(
            tc["limit"].as_u64().unwrap_or(0),
            tc["increment"].as_u64().unwrap_or(0),
        ),
        Some("correspondence") => Tc::Correspondence,
        _ => Tc::None,
    }
}

/// What the bot was told to accept.
struct Policy {
    games: Vec<String>,
    tcs: Vec<Tc>,
    max_games: usize,
}

impl Policy {
    /// `None` to accept the challenge `c`, else the reason to decline
    /// (lichess's words).
    fn verdict(&self, c: &Value, playing: usize) -> Option<&'static str> {
        let key = c["variant"]["key"].as_str().unwrap_or("?");
        if !self.games.is_empty() && !self.games.iter().any(|g| g == key) {
            return Some("variant");
        }
        if self.games.is_empty() && key == "?" {
            return Some("variant");
        }
        let tc = challenge_tc(c);
        if !self.tcs.is_empty() && !self.tcs.iter().any(|&t| t == Tc::Any || t == tc) {
            return Some("timeControl");
        }
        if playing >= self.max_games {
            return Some("later");
        }
        None
    }
}

/// Waits that grow: 1 s, 2 s, 4 s ... up to 30 s, each drawn between
/// half of it and all of it (jitter, so that many bots do not come back
/// at once).
struct Backoff {
    next: Duration,
    rng: SeededRng,
}

const BACKOFF_FIRST: Duration = Duration::from_secs(1);
const BACKOFF_CAP: Duration = Duration::from_secs(30);

impl Backoff {
    fn new() -> Backoff {
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(7, |d| d.as_nanos() as u64);
        Backoff {
            next: BACKOFF_FIRST,
            rng: SeededRng::new(seed ^ u64::from(std::process::id())),
        }
    }

    fn reset(&mut self) {
        self.next = BACKOFF_FIRST;
    }

    /// The wait now, and the next one doubled (capped).
    fn wait(&mut self) -> Duration {
        let ms = self.next.as_millis() as u64;
        let wait = Duration::from_millis(ms / 2 + self.rng.below(ms / 2 + 1));
        self.next = (self.next * 2).min(BACKOFF_CAP);
        wait
    }
}

/// Sleeps `d`, waking early when `stop` is set; whether it was.
fn sleep_unless(stop: &AtomicBool, d: Duration) -> bool {
    let until = Instant::now() + d;
    while Instant::now() < until {
        if stop.load(Ordering::Relaxed) {
            return true;
        }
        std::thread::sleep(Duration::from_millis(100).min(until - Instant::now()));
    }
    stop.load(Ordering::Relaxed)
}

/// Sets `stop` on Ctrl-C (a thread waiting for the signal).
fn stop_on_ctrl_c(stop: Arc<AtomicBool>) {
    std::thread::spawn(move || {
        let Ok(rt) = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
        else {
            return;
        };
        if rt.block_on(tokio::signal::ctrl_c()).is_ok() {
            errln!("deckmate bot: Ctrl-C: stopping (the games go on on the server)");
            stop.store(true, Ordering::Relaxed);
        }
    });
}

/// Runs the bot until Ctrl-C, or until the token is refused.
pub fn run(args: BotArgs) -> Result<ExitCode, String> {
    let tcs = args
        .tc
        .iter()
        .map(|t| parse_tc(t))
        .collect::<Result<Vec<_>, _>>()?;
    let client = Client::new(&args.server, Some(args.token.clone()))?;
    let policy = Policy {
        games: args.games.iter().map(|g| g.trim().to_string()).collect(),
        tcs,
        max_games: usize::from(args.max_games),
    };
    let stop = Arc::new(AtomicBool::new(false));
    stop_on_ctrl_c(stop.clone());
    let me = whoami(&client, &stop)?;
    outln!(
        "deckmate bot: playing as {me} on {} at level {} (Ctrl-C stops)",
        client.base(),
        args.level
    );
    let playing: Arc<Mutex<HashSet<String>>> = Arc::default();
    let mut threads: Vec<JoinHandle<()>> = Vec::new();
    let mut backoff = Backoff::new();
    while !stop.load(Ordering::Relaxed) {
        let mut lines = match client.stream("/api/stream/event") {
            Ok(l) => l,
            Err(e) if !e.transient() => return Err(e.to_string()),
            Err(e) => {
                let wait = backoff.wait();
                outln!("event stream: {e}; again in {:.1} s", wait.as_secs_f64());
                sleep_unless(&stop, wait);
                continue;
            }
        };
        backoff.reset();
        outln!("event stream: connected");
        loop {
            if stop.load(Ordering::Relaxed) {
                break;
            }
            match lines.next_item() {
                Ok(Some(Item::Json(ev))) => on_event(
                    &client,
                    &policy,
                    &ev,
                    &playing,
                    &stop,
                    args.level,
                    &mut threads,
                ),
                Ok(Some(Item::KeepAlive)) => {}
                Ok(Some(Item::Bad(why))) => outln!("event stream: a line skipped ({why})"),
                Ok(None) => {
                    outln!("event stream: ended by the server; reconnecting");
                    break;
                }
                Err(e) => {
                    outln!("event stream: {e}; reconnecting");
                    break;
                }
            }
        }
        threads.retain(|t| !t.is_finished());
        if !stop.load(Ordering::Relaxed) {
            sleep_unless(&stop, backoff.wait());
        }
    }
    for t in threads {
        let _ = t.join();
    }
    outln!("deckmate bot: stopped");
    Ok(ExitCode::SUCCESS)
}

/// The account's name (`GET /api/account`), which also checks the token;
/// waits for a server that is down (Ctrl-C ends the wait).
fn whoami(client: &Client, stop: &AtomicBool) -> Result<String, String> {
    let mut backoff = Backoff::new();
    loop {
        match client.get("/api/account") {
            Ok(v) => {
                return match v["username"].as_str() {
                    Some(name) => Ok(name.to_string()),
                    None if v.get("username").is_some() => {
                        Err("the token was refused (the server sees no account)".to_string())
                    }
                    None => Err(
                        HttpError::NotDeckmate("GET /api/account has no username".into())
                            .to_string(),
                    ),
                }
            }
            Err(e) if e.transient() => {
                let wait = backoff.wait();
                outln!("{e}; again in {:.1} s", wait.as_secs_f64());
                if sleep_unless(stop, wait) {
                    return Err("stopped".to_string());
                }
            }
            Err(e) => return Err(e.to_string()),
        }
    }
}

fn on_event(
    client: &Client,
    policy: &Policy,
    ev: &Value,
    playing: &Arc<Mutex<HashSet<String>>>,
    stop: &Arc<AtomicBool>,
    level: u8,
    threads: &mut Vec<JoinHandle<()>>,
) {
    match ev["type"].as_str() {
        Some("challenge") => {
            let c = &ev["challenge"];
            let Some(id) = c["id"].as_str() else {
                return;
            };
            let count = playing.lock().map_or(0, |p| p.len());
            let who = c["challenger"]["name"].as_str().unwrap_or("?");
            let game = c["variant"]["key"].as_str().unwrap_or("?");
            let path = format!("/api/challenge/{}", segment(id));
            match policy.verdict(c, count) {
                None => match client.post(&format!("{path}/accept"), None) {
                    Ok(_) => outln!("challenge {id} from {who} ({game}): accepted"),
                    Err(e) => outln!("challenge {id}: could not accept: {e}"),
                },
                Some(reason) => {
                    let body = json!({ "reason": reason });
                    match client.post(&format!("{path}/decline"), Some(&body)) {
                        Ok(_) => outln!("challenge {id} from {who} ({game}): declined ({reason})"),
                        Err(e) => outln!("challenge {id}: could not decline: {e}"),
                    }
                }
            }
        }
        Some("gameStart") => {
            let Some(id) = ev["game"]["gameId"].as_str().map(str::to_string) else {
                return;
            };
            {
                let Ok(mut p) = playing.lock() else {
                    return;
                };
                if !p.insert(id.clone()) {
                    return;
                }
            }
            outln!("game {id}: started");
            let colour = ev["game"]["color"].as_str().unwrap_or("").to_string();
            let (client, playing, stop) = (client.clone(), playing.clone(), stop.clone());
            threads.push(std::thread::spawn(move || {
                play_game(&client, &id, &colour, level, &stop);
                if let Ok(mut p) = playing.lock() {
                    p.remove(&id);
                }
            }));
        }
        Some("gameFinish") => {
            if let Some(id) = ev["game"]["gameId"].as_str() {
                outln!("game {id}: finished");
            }
        }
        _ => {}
    }
}

/// Plays game `id` until it ends (or Ctrl-C), reconnecting its stream.
fn play_game(client: &Client, id: &str, colour: &str, level: u8, stop: &Arc<AtomicBool>) {
    let path = format!("/api/bot/game/stream/{}", segment(id));
    let mut backoff = Backoff::new();
    let mut game = GameState {
        id: id.to_string(),
        variant: String::new(),
        spec: None,
        colour: colour.to_string(),
        answered: None,
        draw_declined: None,
    };
    while !stop.load(Ordering::Relaxed) {
        let mut lines = match client.stream(&path) {
            Ok(l) => l,
            Err(e) if !e.transient() => {
                outln!("game {id}: {e}; left");
                return;
            }
            Err(e) => {
                let wait = backoff.wait();
                outln!("game {id}: {e}; again in {:.1} s", wait.as_secs_f64());
                sleep_unless(stop, wait);
                continue;
            }
        };
        backoff.reset();
        loop {
            if stop.load(Ordering::Relaxed) {
                return;
            }
            match lines.next_item() {
                Ok(Some(Item::Json(v))) => {
                    let state = match v["type"].as_str() {
                        Some("gameFull") => {
                            game.variant = v["variant"]["key"].as_str().unwrap_or("").to_string();
                            game.spec = v.get("spec").filter(|s| s.is_object()).cloned();
                            v["state"].clone()
                        }
                        Some("gameState") => v,
                        Some("chatLine") => {
                            outln!(
                                "game {id}: {} says: {}",
                                v["username"].as_str().unwrap_or("?"),
                                v["text"].as_str().unwrap_or("")
                            );
                            continue;
                        }
                        _ => continue,
                    };
                    if game.on_state(client, &state, level, stop) {
                        return;
                    }
                }
                Ok(Some(Item::KeepAlive)) => {}
                Ok(Some(Item::Bad(why))) => outln!("game {id}: a line skipped ({why})"),
                Ok(None) | Err(_) => break,
            }
        }
        // The stream ended before the game did: the server went away.
        let wait = backoff.wait();
        outln!(
            "game {id}: stream lost; again in {:.1} s",
            wait.as_secs_f64()
        );
        sleep_unless(stop, wait);
    }
}

/// What a game's thread keeps.
struct GameState {
    id: String,
    variant: String,
    /// The game's spec when the server tells it (`gameFull`'s `spec`: a
    /// game without secrets), else the game's default options are played.
    spec: Option<Value>,
    /// The bot's colour (`white`, `black`), from `gameStart`.
    colour: String,
    /// The move list last answered, so that a state sent again is not
    /// answered twice.
    answered: Option<String>,
    /// The move list at which the other's draw offer was last declined.
    draw_declined: Option<String>,
}

impl GameState {
    /// Answers one state; whether the game is over.
    fn on_state(&mut self, client: &Client, s: &Value, level: u8, stop: &Arc<AtomicBool>) -> bool {
        let id = &self.id;
        let status = s["status"].as_str().unwrap_or("started");
        if status != "started" {
            outln!(
                "game {id}: over ({status}{})",
                s["winner"]
                    .as_str()
                    .map_or(String::new(), |w| format!(", {w} won"))
            );
            return true;
        }
        let legal: Vec<String> = s["legalMoves"]
            .as_str()
            .unwrap_or("")
            .split_whitespace()
            .map(str::to_string)
            .collect();
        let moves_text = s["moves"].as_str().unwrap_or("").to_string();
        // The other's draw offer is declined (the bot plays on).
        let offer = match self.colour.as_str() {
            "white" => &s["bdraw"],
            "black" => &s["wdraw"],
            _ => &Value::Null,
        };
        if offer == true && self.draw_declined.as_deref() != Some(moves_text.as_str()) {
            let path = format!("/api/bot/game/{}/draw/no", segment(id));
            match client.post(&path, None) {
                Ok(_) => outln!("game {id}: a draw offer declined"),
                Err(e) => outln!("game {id}: a draw offer: {e}"),
            }
            self.draw_declined = Some(moves_text.clone());
        }
        if legal.is_empty() || self.answered.as_deref() == Some(moves_text.as_str()) {
            return false;
        }
        let moves: Vec<String> = moves_text.split_whitespace().map(str::to_string).collect();
        let clock = Clock::of(s);
        let seed = id
            .bytes()
            .fold(moves.len() as u64, |h, b| h.rotate_left(5) ^ u64::from(b));
        let game = (self.variant.as_str(), self.spec.as_ref());
        let (mv, how) = choose(game, &moves, &legal, level, clock, seed, stop);
        if stop.load(Ordering::Relaxed) {
            return true;
        }
        let path = format!("/api/bot/game/{}/move/{}", segment(id), segment(&mv));
        match client.post(&path, None) {
            Ok(_) => {
                outln!("game {id}: played {mv} ({how})");
                self.answered = Some(moves_text);
            }
            Err(HttpError::Status(400, _, m)) => {
                // Refused: a legal move of the server's list instead.
                outln!("game {id}: {mv} was refused ({m}); playing from the legal moves");
                let alt = fallback(&legal, seed);
                let path = format!("/api/bot/game/{}/move/{}", segment(id), segment(&alt));
                match client.post(&path, None) {
                    Ok(_) => {
                        outln!("game {id}: played {alt} (from legalMoves)");
                        self.answered = Some(moves_text);
                    }
                    Err(e) => outln!("game {id}: {alt}: {e}"),
                }
            }
            // Out of turn, a state gone by, a network drop: the stream
            // says what comes next.
            Err(e) => outln!("game {id}: {mv}: {e}"),
        }
        false
    }
}

/// The bot's clock in a state, if the game has one: its time left and
/// increment (ms). The seat is found by the game; `None` for no clock
/// (lichess's 2147483647 for an unlimited game).
#[derive(Clone, Copy, Debug)]
struct Clock {
    left: [u64; 2],
    inc: [u64; 2],
}

impl Clock {
    fn of(s: &Value) -> Option<Clock> {
        let w = s["wtime"].as_u64()?;
        let b = s["btime"].as_u64()?;
        if w >= 2_147_483_647 && b >= 2_147_483_647 {
            return None;
        }
        Some(Clock {
            left: [w, b],
            inc: [
                s["winc"].as_u64().unwrap_or(0),
                s["binc"].as_u64().unwrap_or(0),
            ],
        })
    }
}

/// The strongest level up to `level` whose time per move fits a 40th of
/// `left_ms` plus the increment, and that share (as the server's own
/// engine plays under a clock).
fn clocked(level: u8, left_ms: u64, inc_ms: u64) -> (u8, Duration) {
    let budget = left_ms / 40 + inc_ms;
    let level = (1..=level)
        .rev()
        .find(|&l| deckmate_engine::level::level(l).time.as_millis() as u64 <= budget)
        .unwrap_or(1);
    (level, Duration::from_millis(budget.max(20)))
}

/// The move to play and how it was chosen. The game (a variant's key and
/// the spec the server told, if any) is rebuilt from the spec, else from
/// its default options, and the moves of the stream; it is trusted only
/// when its legal moves are the server's `legal` ones, so a deal this
/// program cannot see (a secret seed) never misleads the engine: then
/// [`fallback`] chooses.
fn choose(
    (variant, spec): (&str, Option<&Value>),
    moves: &[String],
    legal: &[String],
    level: u8,
    clock: Option<Clock>,
    seed: u64,
    stop: &Arc<AtomicBool>,
) -> (String, &'static str) {
    let engine = || -> Option<String> {
        let entry = deckmate_games::list::find(variant)?;
        let spec = match spec {
            Some(s) => s.clone(),
            None => entry
                .new_game(&Options::defaults(entry.options), 0)
                .ok()?
                .spec(),
        };
        let game = entry.rebuild(&spec, moves).ok()?;
        let seat = game.to_move()?;
        let mut ours: Vec<String> = game
            .legal_moves_of(seat)
            .iter()
            .filter_map(|m| m["text"].as_str().map(str::to_string))
            .collect();
        let mut theirs = legal.to_vec();
        ours.sort();
        theirs.sort();
        if ours != theirs {
            return None;
        }
        let (level, deadline) = match clock {
            Some(c) => {
                let i = seat.index();
                let (l, budget) = clocked(level, c.left[i], c.inc[i]);
                (l, Some(Instant::now() + budget))
            }
            None => (level, None),
        };
        let job = game.engine_job(level, seed);
        let budget = Budget {
            deadline,
            stop: Some(stop.clone()),
            threads: None,
        };
        let mv = deadline::within(budget, job)?;
        legal.contains(&mv).then_some(mv)
    };
    // A search that panics on a bad position is caught, never the bot's
    // end.
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(engine)) {
        Ok(Some(mv)) => (mv, "engine"),
        _ => (
            fallback(legal, seed),
            "from legalMoves: the game is not rebuilt here",
        ),
    }
}

/// A move of `legal` without the game's rules: a mate (`#`) first, then a
/// capture (`x`, `:`), then a check (`+`), else any; drawn by `seed`
/// among the first kind there is.
fn fallback(legal: &[String], seed: u64) -> String {
    let mut rng = SeededRng::new(seed);
    let kinds: [&dyn Fn(&str) -> bool; 4] = [
        &|m: &str| m.ends_with('#'),
        &|m: &str| m.contains('x') || m.contains(':'),
        &|m: &str| m.ends_with('+'),
        &|_: &str| true,
    ];
    for kind in kinds {
        let some: Vec<&String> = legal.iter().filter(|m| kind(m)).collect();
        if !some.is_empty() {
            return some[rng.below(some.len() as u64) as usize].clone();
        }
    }
    String::new()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_are_read_and_matched() {
        assert_eq!(parse_tc("3+2"), Ok(Tc::Clock(180, 2)));
        assert_eq!(parse_tc("0.5+0"), Ok(Tc::Clock(30, 0)));
        assert_eq!(parse_tc("none"), Ok(Tc::None));
        assert_eq!(parse_tc("Correspondence"), Ok(Tc::Correspondence));
        assert!(parse_tc("3").is_err() && parse_tc("x+1").is_err() && parse_tc("-1+0").is_err());
        let p = Policy {
            games: vec!["cuarenta".into()],
            tcs: vec![Tc::Clock(180, 2), Tc::None],
            max_games: 1,
        };
        let c = |v: &str, tc: Value| json!({"variant": {"key": v}, "timeControl": tc});
        let blitz = json!({"type": "clock", "limit": 180, "increment": 2});
        assert_eq!(p.verdict(&c("cuarenta", blitz.clone()), 0), None);
        assert_eq!(
            p.verdict(&c("cuarenta", json!({"type": "unlimited"})), 0),
            None
        );
        assert_eq!(p.verdict(&c("cardmate", blitz.clone()), 0), Some("variant"));
        let slow = json!({"type": "correspondence", "daysPerTurn": 3});
        assert_eq!(p.verdict(&c("cuarenta", slow), 0), Some("timeControl"));
        assert_eq!(p.verdict(&c("cuarenta", blitz), 1), Some("later"));
        assert_eq!(p.verdict(&json!(null), 0), Some("variant"));
    }

    #[test]
    fn backoff_grows_with_jitter_to_its_cap() {
        let mut b = Backoff::new();
        let waits: Vec<Duration> = (0..10).map(|_| b.wait()).collect();
        assert!(waits[0] >= Duration::from_millis(500) && waits[0] <= BACKOFF_FIRST);
        assert!(waits.iter().all(|w| *w <= BACKOFF_CAP));
        assert!(waits[9] >= BACKOFF_CAP / 2);
        b.reset();
        assert!(b.wait() <= BACKOFF_FIRST);
    }

    #[test]
    fn the_clock_chooses_a_level_that_fits() {
        assert_eq!(clocked(8, 3_600_000, 0).0, 8);
        // A second a move: levels 4 and 5 both take one; 750 ms: level 3.
        assert_eq!(clocked(8, 40_000, 0).0, 5);
        assert_eq!(clocked(8, 30_000, 0).0, 3);
        assert_eq!(clocked(8, 400, 0).0, 1);
        assert!(
            Clock::of(&json!({"wtime": 2_147_483_647_u64, "btime": 2_147_483_647_u64})).is_none()
        );
    }

    #[test]
    fn the_engine_plays_a_rebuilt_game_and_a_secret_deal_falls_back() {
        let stop = Arc::new(AtomicBool::new(false));
        let e = deckmate_games::list::find("cuarenta").expect("cuarenta");
        let mut g = e
            .new_game(&Options::defaults(e.options), 5)
            .expect("a game");
        g.play("Fa4").expect("a move");
        let legal: Vec<String> = g
            .legal_moves_of(g.to_move().expect("to move"))
            .iter()
            .filter_map(|m| m["text"].as_str().map(str::to_string))
            .collect();
        let (mv, how) = choose(
            ("cuarenta", None),
            &["Fa4".into()],
            &legal,
            1,
            None,
            1,
            &stop,
        );
        assert_eq!(how, "engine");
        assert!(legal.contains(&mv));
        // Moves this program cannot rebuild, or legal moves that are not
        // the rebuilt game's: from the list.
        let fake = vec!["Kxe2".to_string(), "a3".to_string()];
        let (mv, how) = choose(("cuarenta", None), &[], &fake, 1, None, 1, &stop);
        assert_ne!(how, "engine");
        assert_eq!(mv, "Kxe2");
        let (_, how) = choose(
            ("no-such-game", None),
            &["??".into()],
            &fake,
            1,
            None,
            1,
            &stop,
        );
        assert_ne!(how, "engine");
        assert_eq!(fallback(&["a".into(), "b#".into()], 3), "b#");
        assert_eq!(fallback(&[], 3), "");
    }

    #[test]
    fn a_dealt_game_whose_spec_the_server_told_is_played_by_the_engine() {
        let stop = Arc::new(AtomicBool::new(false));
        let e = deckmate_games::list::find("cardmate").expect("cardmate");
        let opts = Options::from_json(e.options, &json!({"setup": "deal"})).expect("a deal");
        let g = e.new_game(&opts, 77).expect("a game");
        let legal: Vec<String> = g
            .legal_moves_of(g.to_move().expect("to move"))
            .iter()
            .filter_map(|m| m["text"].as_str().map(str::to_string))
            .collect();
        // Without the spec the default start is not this deal's: the list.
        let (_, how) = choose(("cardmate", None), &[], &legal, 1, None, 1, &stop);
        assert_ne!(how, "engine");
        let spec = g.spec();
        let (mv, how) = choose(("cardmate", Some(&spec)), &[], &legal, 1, None, 1, &stop);
        assert_eq!(how, "engine");
        assert!(legal.contains(&mv));
    }
}
