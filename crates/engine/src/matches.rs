//! Self-play matches with sides alternated and setups from seeds.

use crate::{cardmate_player_timed, random_player, Player};
use deckmate_games::cardmate::{record, End, EndReason, Move, Options, Position, SetupKind};
use deckmate_rules::{Record, Seat, SeededRng};
use std::time::Duration;

/// Who plays.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PlayerSpec {
    /// The engine at a level.
    Level(u8),
    /// Uniform over legal moves.
    Random,
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
        }
    }
}

/// A match's settings.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// Player A.
    pub a: PlayerSpec,
    /// Player B.
    pub b: PlayerSpec,
    /// Number of games.
    pub games: u32,
    /// Time per move for engine players.
    pub time: Duration,
    /// Seed of the setups and players.
    pub seed: u64,
    /// Longest game in plies before it is called a draw.
    pub max_plies: usize,
}

/// One game's outcome, from A's point of view.
#[derive(Clone, Debug)]
pub struct GameResult {
    /// 1 win, 0.5 draw, 0 loss for A.
    pub score_a: f64,
    /// Whether A had Forehand.
    pub a_forehand: bool,
    /// The record.
    pub record: Record,
}

/// The match result.
#[derive(Clone, Debug, Default)]
pub struct MatchResult {
    /// A's wins.
    pub wins: u32,
    /// Draws.
    pub draws: u32,
    /// A's losses.
    pub losses: u32,
    /// Every game.
    pub games: Vec<GameResult>,
}

impl MatchResult {
    /// A's score fraction.
    pub fn score(&self) -> f64 {
        let n = (self.wins + self.draws + self.losses).max(1) as f64;
        (self.wins as f64 + self.draws as f64 / 2.0) / n
    }

    /// The Elo difference A - B and its 95% error margin.
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
}

fn make(
    spec: PlayerSpec,
    seed: u64,
    time: Duration,
) -> Box<dyn Player<deckmate_games::cardmate::Position>> {
    match spec {
        PlayerSpec::Level(n) => cardmate_player_timed(n, seed, time),
        PlayerSpec::Random => random_player(seed),
    }
}

/// The setup of game `i` (pairs of games share a setup, sides swapped).
pub fn setup_of(i: u32, seed: u64) -> (SetupKind, u64) {
    let kinds = [
        SetupKind::Predefined,
        SetupKind::Suits,
        SetupKind::Ranks,
        SetupKind::Deal,
    ];
    let pair = i / 2;
    let mut rng = SeededRng::new(seed ^ u64::from(pair).wrapping_mul(0x9E37_79B9));
    (kinds[pair as usize % 4], rng.next_u64() % 1_000_000)
}

/// Plays a game out from `pos` between `a` and `b` (`a` has Forehand if
/// `a_forehand`); after `max_plies` the game is drawn. Returns the moves and
/// how it ended (`None` if a player had no move to give).
pub fn play_out(
    pos: &mut Position,
    a: &mut dyn Player<Position>,
    b: &mut dyn Player<Position>,
    a_forehand: bool,
    max_plies: usize,
) -> (Vec<Move>, Option<End>) {
    let mut moves = Vec::new();
    while pos.end_state().is_none() {
        if moves.len() >= max_plies {
            let end = End {
                winner: None,
                reason: EndReason::Agreement,
            };
            return (moves, Some(end));
        }
        let a_to_move = (pos.side_to_move() == Seat::First) == a_forehand;
        let mv = if a_to_move {
            a.choose(pos)
        } else {
            b.choose(pos)
        };
        let Some(mv) = mv else { break };
        pos.play_move(mv);
        moves.push(mv);
    }
    (moves, pos.end_state())
}

/// Plays one game.
pub fn play_game(cfg: &MatchConfig, i: u32) -> Result<GameResult, String> {
    let (setup, setup_seed) = setup_of(i, cfg.seed);
    let spec = record::GameSpec {
        setup,
        seed: setup_seed,
        options: Options::default(),
        fen: None,
    };
    let mut pos = spec.start().map_err(|e| e.to_string())?;
    let a_forehand = i.is_multiple_of(2);
    let mut a = make(cfg.a, cfg.seed.wrapping_add(u64::from(i) * 2), cfg.time);
    let mut b = make(cfg.b, cfg.seed.wrapping_add(u64::from(i) * 2 + 1), cfg.time);
    let (moves, end) = play_out(&mut pos, a.as_mut(), b.as_mut(), a_forehand, cfg.max_plies);
    let mut rec = record::write(&spec, &moves, end).map_err(|e| e.to_string())?;
    let (fa, fb) = (cfg.a.to_string(), cfg.b.to_string());
    rec.set_tag("Forehand", if a_forehand { fa.clone() } else { fb.clone() });
    rec.set_tag("Rearhand", if a_forehand { fb } else { fa });
    if matches!(
        end,
        Some(End {
            reason: EndReason::Agreement,
            ..
        })
    ) {
        rec.set_tag(
            "Termination",
            format!("drawn by the match's {}-ply limit", cfg.max_plies),
        );
    }
    let a_seat = if a_forehand {
        Seat::First
    } else {
        Seat::Second
    };
    let score_a = match end.and_then(|e| e.winner) {
        Some(w) if w == a_seat => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    };
    Ok(GameResult {
        score_a,
        a_forehand,
        record: rec,
    })
}

/// Plays the match, calling `on_game` after each game.
pub fn run(
    cfg: &MatchConfig,
    mut on_game: impl FnMut(u32, &GameResult),
) -> Result<MatchResult, String> {
    let mut r = MatchResult::default();
    for i in 0..cfg.games {
        let g = play_game(cfg, i)?;
        match g.score_a {
            s if s > 0.75 => r.wins += 1,
            s if s < 0.25 => r.losses += 1,
            _ => r.draws += 1,
        }
        on_game(i, &g);
        r.games.push(g);
    }
    Ok(r)
}
