//! Matches between players, for any game: who plays ([`PlayerSpec`]), one
//! game's outcome with its record ([`GameResult`]), the tally with an Elo
//! difference and its 95% margin ([`MatchScore`]), and [`run_games`],
//! which plays a match's games (on several threads if asked) and reports
//! them in order. How a game is set up and played out is each game's.

use crate::level::Level;
use deckmate_rules::{Game, Record, Seat, SeededRng, ToAct};

/// Who plays.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PlayerSpec {
    /// The engine at a level.
    Level(u8),
    /// Uniform over legal moves.
    Random,
    /// The engine with a level's settings given in full (experiments).
    Custom(Level),
}

impl std::str::FromStr for PlayerSpec {
    type Err = String;
    fn from_str(s: &str) -> Result<PlayerSpec, String> {
        if s.eq_ignore_ascii_case("random") {
            return Ok(PlayerSpec::Random);
        }
        match s.parse::<u8>() {
            Ok(n) if (1..=8).contains(&n) => Ok(PlayerSpec::Level(n)),
            _ => Err(format!("'{s}' is not a level 1-8 or 'random'")),
        }
    }
}

impl std::fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlayerSpec::Level(n) => write!(f, "level {n}"),
            PlayerSpec::Random => write!(f, "random"),
            PlayerSpec::Custom(l) => write!(f, "custom (level {}, depth {})", l.level, l.depth),
        }
    }
}

/// One game's outcome, from A's point of view.
#[derive(Clone, Debug)]
pub struct GameResult {
    /// 1 win, 0.5 draw, 0 loss for A.
    pub score_a: f64,
    /// Whether A had the first seat (the one that moves first).
    pub a_first: bool,
    /// The record (tags, moves in notation, result, termination).
    pub record: Record,
}

/// The match result.
#[derive(Clone, Debug, Default)]
pub struct MatchScore {
    /// A's wins.
    pub wins: u32,
    /// Draws.
    pub draws: u32,
    /// A's losses.
    pub losses: u32,
    /// Every game, in order.
    pub games: Vec<GameResult>,
}

impl MatchScore {
    /// A's score fraction.
    pub fn score(&self) -> f64 {
        let n = (self.wins + self.draws + self.losses).max(1) as f64;
        (self.wins as f64 + self.draws as f64 / 2.0) / n
    }

    /// The Elo difference A - B and its 95% error margin (from the
    /// standard error of the score over the games played). A perfect or
    /// null score is clamped to 99.9% / 0.1% (about +-1200).
    pub fn elo(&self) -> (f64, f64) {
        let n = (self.wins + self.draws + self.losses) as f64;
        if n == 0.0 {
            return (0.0, 0.0);
        }
        let p = self.score();
        let var = (self.wins as f64 * (1.0 - p).powi(2)
            + self.draws as f64 * (0.5 - p).powi(2)
            + self.losses as f64 * p.powi(2))
            / n;
        let se = (var / n).sqrt();
        let elo = |x: f64| {
            let x = x.clamp(1e-3, 1.0 - 1e-3);
            -400.0 * (1.0 / x - 1.0).log10()
        };
        (elo(p), (elo(p + 1.96 * se) - elo(p - 1.96 * se)) / 2.0)
    }

    /// Counts a game (a win for A above 0.75, a loss below 0.25, else a
    /// draw) and keeps it.
    pub fn add(&mut self, g: GameResult) {
        match g.score_a {
            s if s > 0.75 => self.wins += 1,
            s if s < 0.25 => self.losses += 1,
            _ => self.draws += 1,
        }
        self.games.push(g);
    }
}

/// The opening of game pair `pair` of a match seeded `seed`: up to `plies`
/// random legal moves from `start` (the same for both games of a pair, so
/// each side plays it once), stopping before a move that ends the game.
pub fn random_opening<G: Game>(start: &G, seed: u64, pair: u64, plies: u32) -> Vec<G::Move> {
    let mut rng = SeededRng::new(seed.wrapping_mul(0x9E37_79B9).wrapping_add(pair));
    let mut p = start.clone();
    let mut out = Vec::new();
    let mut moves = Vec::new();
    for _ in 0..plies {
        moves.clear();
        p.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.below(moves.len() as u64) as usize];
        p.play_unchecked(m);
        if p.outcome().is_some() {
            break;
        }
        out.push(m);
    }
    out
}

/// Plays a game on from `pos`, whose `moves` are already played, with
/// player `a` on the first seat when `a_first` and `b` on the other,
/// chance's outcomes drawn from `chance`, until the game ends, a player
/// finds no move or `moves` holds `max_plies` moves (the caller
/// adjudicates).
pub fn play_out<G: Game>(
    pos: &mut G,
    moves: &mut Vec<G::Move>,
    players: [&mut dyn crate::Player<G>; 2],
    a_first: bool,
    chance: &mut SeededRng,
    max_plies: usize,
) {
    let [a, b] = players;
    while pos.outcome().is_none() && moves.len() < max_plies {
        let mv = match pos.to_act() {
            ToAct::Chance => pos.sample_chance(chance),
            ToAct::Seat(seat) if (seat == Seat::First) == a_first => a.choose(pos),
            ToAct::Seat(_) => b.choose(pos),
            ToAct::Both | ToAct::Nobody => None,
        };
        let Some(mv) = mv else { break };
        pos.play_unchecked(mv);
        moves.push(mv);
    }
}

/// Plays games `0..games` with `play_game` (game `i` must depend on `i`
/// alone), on `threads` threads (clamped to 1..=64; 1 plays them one after
/// the other on this thread), calling `on_game` after each game in order
/// of the game numbers (the calls come from this thread). The first error
/// ends the match (with several threads, once the games under way end).
pub fn run_games(
    games: u32,
    threads: usize,
    play_game: impl Fn(u32) -> Result<GameResult, String> + Sync,
    mut on_game: impl FnMut(u32, &GameResult),
) -> Result<MatchScore, String> {
    let mut r = MatchScore::default();
    let threads = threads.clamp(1, 64);
    if threads == 1 {
        for i in 0..games {
            let g = play_game(i)?;
            on_game(i, &g);
            r.add(g);
        }
        return Ok(r);
    }
    let next = std::sync::atomic::AtomicU32::new(0);
    let (tx, rx) = std::sync::mpsc::channel();
    let mut done: Vec<Option<GameResult>> = (0..games).map(|_| None).collect();
    let mut err = None;
    let play_game = &play_game;
    std::thread::scope(|s| {
        for _ in 0..threads {
            let tx = tx.clone();
            let next = &next;
            s.spawn(move || loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                if i >= games {
                    break;
                }
                let g = play_game(i);
                if tx.send((i, g)).is_err() {
                    break;
                }
            });
        }
        drop(tx);
        let mut reported = 0u32;
        for (i, g) in rx {
            match g {
                Ok(g) => done[i as usize] = Some(g),
                Err(e) => {
                    err.get_or_insert(e);
                }
            }
            while let Some(Some(g)) = done.get_mut(reported as usize).map(Option::take) {
                on_game(reported, &g);
                r.add(g);
                reported += 1;
            }
        }
    });
    match err {
        Some(e) => Err(e),
        None => Ok(r),
    }
}
