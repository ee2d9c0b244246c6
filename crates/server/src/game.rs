//! A game being played on the server, and the views the browser draws.
//!
//! The browser gets views, not rules (DESIGN key idea 8): the common part
//! (seats, whose turn, the legal moves of the seat asking with their
//! notation, the move list, the result) is built here for every variant;
//! the game's own part (a board and what stands on it, zones of cards,
//! facts, a scoreboard) comes from [`PlayedGame::view`].

use crate::clock::Clock;
use crate::view::{
    ChatLine, ClockView, EngineView, GameLine, GamePart, GameView, LegalMove, MoveLineView,
    RatingChangeView, RematchView, ResultView, SeatView, PROTOCOL,
};
use deckmate_games::registry::{BoxedGame, GameEntry, PlayedGame, RecordInfo, Settlement};
use deckmate_rules::{Outcome, Seat};
use serde_json::{json, Value};
use tokio::sync::broadcast;

/// A game in memory, mirrored in the database.
pub struct LiveGame {
    /// Public id.
    pub id: String,
    /// The game and its moves.
    pub game: BoxedGame,
    /// Secret token of each seat.
    pub tokens: [String; 2],
    /// The engine's seat and level.
    pub engine: Option<(Seat, u8)>,
    /// Resignation or agreed draw.
    pub ended: Option<Settlement>,
    /// A pending draw offer by this seat.
    pub draw_offer: Option<Seat>,
    /// The seat that declined the last draw offer (lapses with the next
    /// move), so that the offerer is told.
    pub draw_declined: Option<Seat>,
    /// A rematch offered by this seat, once the game is over.
    pub rematch_offer: Option<Seat>,
    /// The rematch made: its id, and each seat's token in it (by this
    /// game's seats; the seats are swapped in the new game).
    pub rematch: Option<Rematch>,
    /// The seat that declined a rematch offer.
    pub rematch_declined: Option<Seat>,
    /// Whether each seat's token has been used here (a socket opened, a
    /// view asked, an action): a friend invited has joined.
    pub joined: [bool; 2],
    /// Wakes every watcher after each change.
    pub tx: broadcast::Sender<()>,
    /// Creation time.
    pub created: i64,
    /// Something the players should know that is not part of the game (the
    /// engine's move waits for the database), shown in the view.
    pub notice: Option<String>,
    /// The [`LiveGame::version`] of the position the engine's search now
    /// queued or running was asked for: one search per position.
    pub engine_busy: Option<u64>,
    /// Counts the changes of position: every move and every takeback. A
    /// search is tied to the version it was asked for, and its move is
    /// played only on that version (a takeback and the same number of
    /// moves again is another position).
    pub version: u64,
    /// The clocks, if the game has a time control.
    pub clock: Option<Clock>,
    /// Each move's mover's time left after it (`None`: untimed), for the
    /// record's `[%clk]`.
    pub clocks: Vec<Option<u64>>,
    /// Counts the clock's changes: a flag timer set before the last
    /// change is stale.
    pub clock_gen: u64,
    /// The flag timer now set: one a game (a new one aborts it).
    pub flag_timer: Option<tokio::task::AbortHandle>,
    /// The seats' moves as stored (chance's draws are not: the seed makes
    /// them again), with their movers and clocks: what a takeback keeps.
    pub stored: Vec<StoredMove>,
    /// A takeback asked by this seat, when so many moves were stored.
    pub takeback_offer: Option<(Seat, usize)>,
    /// The last chat messages between the seats (at most [`CHAT_KEPT`]),
    /// and how many were ever sent.
    pub chat: std::collections::VecDeque<(Seat, String)>,
    /// Chat messages sent in the game.
    pub chat_sent: u64,
    /// The players' nicknames by seat.
    pub names: [Option<String>; 2],
    /// When each seat's last chat messages were sent (the rate limit).
    pub chat_times: [std::collections::VecDeque<std::time::Instant>; 2],
    /// How many of each seat's pages are open now (its WebSockets): the
    /// other player sees whether someone is there.
    pub present: [u32; 2],
    /// The version of the game's row this game is at
    /// ([`crate::db::GameRow::version`]): the next change of its play is
    /// stored on it.
    pub row_version: u64,
    /// The accounts (keys) the seats belong to, if any.
    pub accounts: [Option<String>; 2],
    /// A rated game.
    pub rated: bool,
    /// Which seats' accounts are bots'.
    pub bots: [bool; 2],
    /// The rating change the game made (JSON), once recorded.
    pub rating_change: Option<String>,
    /// Whether this server recorded the game's end for its players'
    /// histories and ratings ([`crate::AppState::record_end`]).
    pub end_recorded: bool,
    /// When the turn of the seat to move began (the last move, the
    /// game's creation or its load here): the first move's wait and
    /// abandonment count from it.
    pub turn_began: std::time::Instant,
    /// The site's fair-play times this game is held to.
    pub fair: FairPlay,
    /// When each seat's last page here closed: an abandonment counts from
    /// it too (a player whose connection dropped a moment ago has not
    /// left).
    pub left_at: [Option<std::time::Instant>; 2],
}

/// The fair-play times ([`crate::Config`]): how long a first move may
/// wait in a game with a real-time clock before the game is aborted, and
/// how long a player of a game without a clock may be away, to move,
/// before the other may claim the game.
#[derive(Clone, Copy, Debug)]
pub struct FairPlay {
    /// A real-time clocked game whose seat to move has not made its first
    /// move this long after its turn began is aborted.
    pub first_move_wait: std::time::Duration,
    /// A game without a clock may be claimed after the player to move
    /// was away this long.
    pub untimed_abandon: std::time::Duration,
}

impl Default for FairPlay {
    fn default() -> FairPlay {
        FairPlay {
            first_move_wait: std::time::Duration::from_secs(30),
            untimed_abandon: std::time::Duration::from_secs(600),
        }
    }
}

/// How long a player with a real-time clock of `initial_ms` and
/// `increment_ms` may be away, to move, before the other may claim the
/// game: a tenth of the initial time and five increments, from 15 s to
/// 2 minutes.
pub fn abandon_time(initial_ms: u64, increment_ms: u64) -> std::time::Duration {
    let ms = (initial_ms / 10).saturating_add(increment_ms.saturating_mul(5));
    std::time::Duration::from_millis(ms.clamp(15_000, 120_000))
}

/// A rematch made of a finished game.
#[derive(Clone, Debug)]
pub struct Rematch {
    /// The new game's id.
    pub id: String,
    /// The new game's token of the player in each seat of this game
    /// (`None`: the engine's seat).
    pub tokens: [Option<String>; 2],
    /// When it was claimed (ms since the epoch), while its game is not
    /// made yet; `None` once made. A rematch is claimed in the store before
    /// its game is made (of two servers making it at once, one does), and
    /// shown in no view until the game is there: a page that went to it
    /// sooner would find no game.
    pub claimed_at: Option<i64>,
}

impl Rematch {
    /// Whether its game is made (and so shown).
    pub fn made(&self) -> bool {
        self.claimed_at.is_none()
    }
}

/// Chat messages kept in memory and shown.
pub const CHAT_KEPT: usize = 50;

/// A seat's move as the database holds it.
#[derive(Clone, Debug)]
pub struct StoredMove {
    /// Its text.
    pub text: String,
    /// Who made it (`None`: a move stored before movers were).
    pub mover: Option<Seat>,
    /// Its mover's time left after it.
    pub clock_ms: Option<u64>,
}

/// A game and the lock its changes take.
///
/// Changes (moves, resignations, draw offers) hold `writer` from their
/// check to their end, across the await of the database write, so they
/// happen one at a time and never on a stale position; `state` is held
/// only for moments, so views and the lobby never wait on the database.
pub struct GameSlot {
    /// Taken by every change, across its database write.
    pub writer: tokio::sync::Mutex<()>,
    /// The game in memory.
    pub state: std::sync::Mutex<LiveGame>,
}

impl GameSlot {
    /// A slot for a game.
    pub fn new(g: LiveGame) -> GameSlot {
        GameSlot {
            writer: tokio::sync::Mutex::new(()),
            state: std::sync::Mutex::new(g),
        }
    }

    /// The game, locked for a moment.
    pub fn lock(&self) -> std::sync::MutexGuard<'_, LiveGame> {
        crate::lock(&self.state)
    }
}

/// A game's move list as views give it: `{"heading", "label", "plies"}`
/// a line.
pub fn move_lines_json(game: &dyn PlayedGame) -> Vec<MoveLineView> {
    game.move_lines()
        .into_iter()
        .map(|l| MoveLineView {
            heading: l.heading,
            label: l.label,
            plies: l.plies,
        })
        .collect()
}

/// The seat a token belongs to.
pub fn seat_of(tokens: &[String; 2], token: Option<&str>) -> Option<Seat> {
    let t = token?;
    Seat::BOTH
        .into_iter()
        .find(|s| constant_eq(tokens[s.index()].as_bytes(), t.as_bytes()))
}

fn constant_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

impl LiveGame {
    /// A new game in memory.
    pub fn new(
        id: String,
        game: BoxedGame,
        tokens: [String; 2],
        engine: Option<(Seat, u8)>,
        created: i64,
    ) -> LiveGame {
        let (tx, _) = broadcast::channel(64);
        LiveGame {
            id,
            game,
            tokens,
            engine,
            ended: None,
            draw_offer: None,
            draw_declined: None,
            rematch_offer: None,
            rematch: None,
            rematch_declined: None,
            joined: [false, false],
            tx,
            created,
            notice: None,
            engine_busy: None,
            version: 0,
            clock: None,
            clocks: Vec::new(),
            clock_gen: 0,
            flag_timer: None,
            stored: Vec::new(),
            takeback_offer: None,
            chat: std::collections::VecDeque::new(),
            chat_sent: 0,
            chat_times: Default::default(),
            names: [None, None],
            present: [0, 0],
            row_version: 0,
            accounts: [None, None],
            rated: false,
            bots: [false, false],
            rating_change: None,
            end_recorded: false,
            turn_began: std::time::Instant::now(),
            fair: FairPlay::default(),
            left_at: [None, None],
        }
    }

    /// Whether seat `s` has made a move (stored).
    pub fn has_moved(&self, s: Seat) -> bool {
        self.stored.iter().any(|m| m.mover == Some(s))
    }

    /// Whether a seat may abort the game now: it goes on and not both
    /// seats have made their first move.
    pub fn abort_allowed(&self) -> bool {
        self.end().is_none() && !Seat::BOTH.into_iter().all(|s| self.has_moved(s))
    }

    /// In a game with a real-time clock, the time left at `now` before
    /// the game is aborted for want of the first move of the seat to move
    /// (a person's: the engine's comes by itself); `None` when no first
    /// move is awaited so.
    pub fn first_move_due_in(&self, now: std::time::Instant) -> Option<std::time::Duration> {
        let clock = self.clock.as_ref()?;
        if clock.tc.is_correspondence() {
            return None;
        }
        let s = self.clock_seat()?;
        if self.has_moved(s) || self.engine.is_some_and(|(e, _)| e == s) {
            return None;
        }
        let waited = now.saturating_duration_since(self.turn_began);
        Some(self.fair.first_move_wait.saturating_sub(waited))
    }

    /// How long the player to move may be away before the other may
    /// claim the game: by its time control ([`abandon_time`]); none in
    /// correspondence (the clock decides).
    pub fn abandon_after(&self) -> Option<std::time::Duration> {
        match self.clock.as_ref().map(|c| c.tc) {
            None => Some(self.fair.untimed_abandon),
            Some(tc) if tc.is_correspondence() => None,
            Some(tc) => Some(abandon_time(tc.initial_ms, tc.increment_ms)),
        }
    }

    /// In how long seat `me` may claim the game abandoned by the other at
    /// `now` (zero: now; the abandonment time counted from the later of
    /// the turn's start and the other's last page closing), or `None`
    /// while it may not: the game is over,
    /// the other is the engine, has a page open (here), is not alone to
    /// move, has not made its first move (the game may be aborted
    /// instead), or the time control has no claim.
    pub fn claim_in(&self, me: Seat, now: std::time::Instant) -> Option<std::time::Duration> {
        let other = me.other();
        if self.end().is_some()
            || self.engine.is_some()
            || self.present[other.index()] > 0
            || self.to_move() != Some(other)
            || !Seat::BOTH.into_iter().all(|s| self.has_moved(s))
        {
            return None;
        }
        let since = self.left_at[other.index()].map_or(self.turn_began, |t| t.max(self.turn_began));
        let away = now.saturating_duration_since(since);
        Some(self.abandon_after()?.saturating_sub(away))
    }

    /// The end a timer brings at `now`: a flag fallen (an abort when the
    /// seat whose correspondence clock fell had not made its first move)
    /// or a first move that did not come in time (an abort).
    pub fn timeout(&self, now: std::time::Instant) -> Option<Settlement> {
        if self.end().is_some() {
            return None;
        }
        if let Some(loser) = self.clock.as_ref().and_then(|c| c.flagged(now)) {
            return Some(if self.has_moved(loser) {
                Settlement::lost_on_time(loser)
            } else {
                Settlement::aborted()
            });
        }
        self.first_move_due_in(now)
            .filter(|d| d.is_zero())
            .map(|_| Settlement::aborted())
    }

    /// How long until the next timer's end may come ([`LiveGame::timeout`]),
    /// if one is awaited.
    pub fn timer_in(&self, now: std::time::Instant) -> Option<std::time::Duration> {
        if self.end().is_some() {
            return None;
        }
        let flag = self.clock.as_ref().and_then(|c| c.falls_in(now));
        match (flag, self.first_move_due_in(now)) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// The PGN result of the game's end: `*` when aborted.
    pub fn result_text(&self, end: &Outcome) -> &'static str {
        match self.ended {
            Some(s) => s.result_text(),
            None => end.result_text(),
        }
    }

    /// Gives the game its clocks (at creation or restart).
    pub fn set_clock(&mut self, clock: Option<Clock>) {
        self.clock = clock;
        self.clock_gen += 1;
    }

    /// The seat alone to move, if a clock may run for it.
    pub fn clock_seat(&self) -> Option<Seat> {
        if self.end().is_some() {
            return None;
        }
        self.to_move()
    }

    /// The game's registry entry.
    pub fn entry(&self) -> &'static GameEntry {
        self.game.entry()
    }

    /// The number of moves played.
    pub fn plies(&self) -> usize {
        self.game.history().len()
    }

    /// The end of the game, by the rules or outside them.
    pub fn end(&self) -> Option<Outcome> {
        match self.ended {
            Some(e) => Some(e.outcome(self.entry().seat_names)),
            None => self.game.outcome(),
        }
    }

    /// The seat to move, if the game goes on.
    pub fn to_move(&self) -> Option<Seat> {
        if self.ended.is_some() {
            return None;
        }
        self.game.to_move()
    }

    /// A move was played: a pending draw or takeback offer lapses, and the
    /// position has a new [`LiveGame::version`].
    pub fn moved(&mut self) {
        self.version += 1;
        self.draw_offer = None;
        self.draw_declined = None;
        self.takeback_offer = None;
    }

    /// Tells every watcher that the game changed.
    pub fn changed(&self) {
        // No watcher is not an error.
        let _ = self.tx.send(());
    }

    /// Whether the player of seat `s` has come to the game: the engine's
    /// seat has; a person's once its token was used (a socket, a view, an
    /// action), a move of its stored or a nickname given (both outlive a
    /// restart).
    pub fn has_joined(&self, s: Seat) -> bool {
        self.engine.is_some_and(|(e, _)| e == s)
            || self.joined[s.index()]
            || self.names[s.index()].is_some()
            || self.stored.iter().any(|m| m.mover == Some(s))
    }

    /// Marks seat `s` as come to the game; tells the watchers when that is
    /// new (the inviter's page then drops the invite).
    pub fn join(&mut self, s: Option<Seat>) {
        if let Some(s) = s {
            if !self.has_joined(s) {
                self.joined[s.index()] = true;
                self.changed();
            }
        }
    }

    /// Why the record is not given now (a secret is still to be revealed),
    /// or `None` when it is.
    pub fn record_withheld(&self) -> Option<&'static str> {
        (self.end().is_none() && self.game.secrets_pending()).then_some(
            "the record would show what a seat may not know yet: it is given once that is revealed",
        )
    }

    /// The name of the player in a seat.
    pub fn player_name(&self, s: Seat) -> String {
        match (self.engine, &self.names[s.index()]) {
            (Some((e, level)), _) if e == s => format!("deckmate level {level}"),
            (_, Some(name)) => name.clone(),
            _ => "Player".to_string(),
        }
    }

    /// The record.
    pub fn record_text(&self) -> String {
        self.game.record(&RecordInfo {
            id: self.id.clone(),
            players: [
                self.player_name(Seat::First),
                self.player_name(Seat::Second),
            ],
            ended: self.ended,
            time_control: self.clock.as_ref().map(|c| c.tc.tag()),
            clocks: self.clocks.clone(),
        })
    }

    /// The view for a seat (or a spectator), at the current position or
    /// after `ply` moves. An earlier position is rebuilt here, which may
    /// take long: async code builds it off the runtime and calls
    /// [`LiveGame::view_at`].
    pub fn view(&self, you: Option<Seat>, ply: Option<usize>) -> GameView {
        self.view_built(you, ply, None)
    }

    /// The spec and the moves of the position after `ply` moves, when it
    /// is an earlier one than now (what [`LiveGame::view_at`] needs built).
    pub fn past(&self, ply: usize) -> Option<(Value, Vec<String>)> {
        (ply < self.plies()).then(|| (self.game.spec(), self.game.history()[..ply].to_vec()))
    }

    /// The view after `ply` moves, `past` being that position built from
    /// [`LiveGame::past`] (if the game has since been taken back before
    /// `ply`, the view now).
    pub fn view_at(&self, you: Option<Seat>, ply: usize, past: &dyn PlayedGame) -> GameView {
        self.view_built(you, Some(ply), Some(past))
    }

    fn view_built(
        &self,
        you: Option<Seat>,
        ply: Option<usize>,
        built: Option<&dyn PlayedGame>,
    ) -> GameView {
        let plies = self.plies();
        let current = ply.is_none_or(|p| p >= plies);
        let ply = ply.unwrap_or(plies).min(plies);
        let variant = self.entry();
        let past = if current || built.is_some() {
            None
        } else {
            variant
                .rebuild(&self.game.spec(), &self.game.history()[..ply])
                .ok()
        };
        let game: &dyn PlayedGame = match (&past, built) {
            (Some(g), _) => g.as_ref(),
            (None, Some(b)) if !current => b,
            _ => self.game.as_ref(),
        };
        let to_move = if current { self.to_move() } else { None };
        let moves = match you {
            Some(me) if current && self.ended.is_none() => game.legal_moves_of(me),
            _ => Vec::new(),
        };
        let end = if current { self.end() } else { None };
        let seats = Seat::BOTH
            .iter()
            .map(|&s| SeatView {
                key: variant.seats[s.index()],
                name: variant.seat_names[s.index()],
                player: self.player_name(s),
                // The engine is always there.
                present: self.present[s.index()] > 0 || self.engine.is_some_and(|(e, _)| e == s),
                account: self.accounts[s.index()].clone(),
                bot: self.bots[s.index()],
            })
            .collect();
        let lines = move_lines_json(self.game.as_ref());
        let mut part = game.view(you, current);
        part.entry("last").or_insert(Value::Null);
        part.entry("board").or_insert(Value::Null);
        part.entry("zones").or_insert(json!([]));
        GameView {
            protocol: PROTOCOL,
            id: self.id.clone(),
            variant: variant.key.to_string(),
            title: variant.name.to_string(),
            rules: format!("/api/rules/{}", variant.key),
            seats,
            you: you.map(Seat::index),
            to_move: to_move.map(Seat::index),
            acting: Seat::BOTH
                .into_iter()
                .filter(|&s| current && self.ended.is_none() && game.to_act().includes(s))
                .map(Seat::index)
                .collect(),
            moves: moves.into_iter().map(LegalMove).collect(),
            history: self.game.history_seen_by(you),
            lines,
            ply,
            plies,
            draw_offer: self.draw_offer.map(Seat::index),
            draw_declined: self.draw_declined.map(Seat::index),
            rematch_offer: self.rematch_offer.map(Seat::index),
            rematch_declined: self.rematch_declined.map(Seat::index),
            // The new game, once made: its id for anyone, each seat its
            // own token.
            rematch: self
                .rematch
                .as_ref()
                .filter(|r| r.made())
                .map(|r| RematchView {
                    id: r.id.clone(),
                    you: you.map(|s| s.other().index()),
                    token: you.and_then(|s| r.tokens[s.index()].clone()),
                }),
            // To a seat: whether the other player has come (an invite is
            // shown until then).
            opponent_joined: you.map(|s| self.has_joined(s.other())),
            record_withheld: self.record_withheld(),
            result: end.map(|e| ResultView {
                result: self.result_text(&e),
                aborted: self.ended.is_some_and(|s| s.is_aborted()),
                reason: e.reason,
                winner: e.winner.map(Seat::index),
                points: e.points,
            }),
            rated: self.rated,
            rating_change: self
                .rating_change
                .as_deref()
                .and_then(RatingChangeView::from_stored),
            engine: self.engine.map(|(s, l)| EngineView {
                seat: s.index(),
                level: l,
            }),
            notice: self.notice.clone(),
            clock: self.clock.as_ref().map(|c| {
                let now = std::time::Instant::now();
                ClockView {
                    initial_ms: c.tc.initial_ms,
                    increment_ms: c.tc.increment_ms,
                    remaining_ms: c.remaining_at(now),
                    running: c.running().map(Seat::index),
                    correspondence_days: c.tc.days,
                }
            }),
            can_abort: current && you.is_some() && self.abort_allowed(),
            claimable_in_ms: you.filter(|_| current).and_then(|me| {
                self.claim_in(me, std::time::Instant::now())
                    .map(|d| d.as_millis() as u64)
            }),
            takeback_offer: self.takeback_offer.map(|(s, _)| s.index()),
            // The chat is the seats' own: a spectator sees none of it, and
            // a game against the engine has none (no one to talk to).
            chat: you.filter(|_| self.engine.is_none()).map(|_| {
                self.chat
                    .iter()
                    .map(|(s, t)| ChatLine {
                        seat: s.index(),
                        text: t.clone(),
                    })
                    .collect()
            }),
            game: GamePart(part),
        }
    }

    /// A line for the lobby's list.
    pub fn summary(&self) -> Value {
        let end = self.end();
        let line = GameLine {
            id: self.id.clone(),
            variant: self.entry().key.to_string(),
            title: self.entry().name.to_string(),
            plies: self.plies(),
            progress: self.game.progress(),
            to_move: self.to_move().map(Seat::index),
            to_move_name: self
                .to_move()
                .map(|s| self.entry().seat_names[s.index()].to_string()),
            result: end.as_ref().map(|e| self.result_text(e).to_string()),
            reason: end.map(|e| e.reason),
            opponent: match self.engine {
                Some((_, l)) => format!("engine level {l}"),
                None => "friend".to_string(),
            },
            players: Seat::BOTH
                .iter()
                .map(|&s| {
                    format!(
                        "{} ({})",
                        self.player_name(s),
                        self.entry().seat_names[s.index()]
                    )
                })
                .collect(),
            created: self.created,
        };
        serde_json::to_value(line).unwrap_or(Value::Null)
    }
}
