//! Cardmate matches between players: sides alternated, setups from seeds,
//! every game bounded and recorded, the result with an Elo difference and
//! its 95% margin (the generic parts are `deckmate_engine::matches`).
//!
//! Games `2k` and `2k + 1` share a setup (drawn from the match seed; the
//! kinds cycle through the list given) with the sides swapped. A game ends
//! by the rules (the default options: palace conquest, the 100-ply
//! quiet-move limit and threefold repetition draw) or, at the match's ply
//! cap (600 by default), as a draw recorded with the termination
//! "adjudicated a draw after 600 plies" (the words every match writes, which
//! a record's replay accepts), so every game terminates.

use super::tools::CardmateTools;
use super::{record, End, EndReason, Move, Options, Position, SetupKind};
use crate::registry::EngineHook;
pub use deckmate_engine::matches::{GameResult, MatchScore, PlayerSpec};
use deckmate_engine::{level, matches::run_games, random_player, Player};
use deckmate_rules::{Seat, SeededRng};
use std::time::Duration;

/// A match's settings (the `deckmate match` command's): the registry's.
pub type MatchConfig = crate::registry::MatchSettings;

/// A match's settings in full.
#[derive(Clone, Debug)]
pub struct MatchOptions {
    /// Number of games.
    pub games: u32,
    /// Time per move for every engine player; `None`: each level's own
    /// time times `time_scale`.
    pub time: Option<Duration>,
    /// Scale of the levels' own times when `time` is `None`.
    pub time_scale: f64,
    /// Seed of the setups and players.
    pub seed: u64,
    /// The setup kinds, used in turn by the pairs of games.
    pub setups: Vec<SetupKind>,
    /// Longest game in plies before it is called a draw.
    pub max_plies: usize,
    /// Games played at once (each on its own thread; 1 = one at a time).
    pub threads: usize,
}

impl Default for MatchOptions {
    fn default() -> MatchOptions {
        MatchOptions {
            games: 10,
            time: None,
            time_scale: 1.0,
            seed: 1,
            setups: ALL_SETUPS.to_vec(),
            max_plies: 600,
            threads: 1,
        }
    }
}

/// Every setup kind: the predefined one and the three random ones.
pub const ALL_SETUPS: [SetupKind; 4] = [
    SetupKind::Predefined,
    SetupKind::Suits,
    SetupKind::Ranks,
    SetupKind::Deal,
];

/// A player for a spec: `time` per move if given, else the level's own
/// time scaled.
pub fn make_player(
    spec: &PlayerSpec,
    seed: u64,
    time: Option<Duration>,
    time_scale: f64,
) -> Box<dyn Player<Position>> {
    let lv = match spec {
        PlayerSpec::Random => return random_player(seed),
        PlayerSpec::Level(n) => level::level(*n),
        PlayerSpec::Custom(l) => *l,
    };
    let t = time.unwrap_or_else(|| lv.time.mul_f64(time_scale.clamp(1e-3, 1e3)));
    Box::new(CardmateTools.player(lv, seed, Some(t)))
}

/// The setup of game `i` (pairs of games share a setup, sides swapped),
/// the kinds taken in turn from `kinds`.
pub fn setup_from(i: u32, seed: u64, kinds: &[SetupKind]) -> (SetupKind, u64) {
    let pair = i / 2;
    let mut rng = SeededRng::new(seed ^ u64::from(pair).wrapping_mul(0x9E37_79B9));
    let kind = if kinds.is_empty() {
        SetupKind::Predefined
    } else {
        kinds[pair as usize % kinds.len()]
    };
    (kind, rng.next_u64() % 1_000_000)
}

/// The setup of game `i` with all four kinds in turn.
pub fn setup_of(i: u32, seed: u64) -> (SetupKind, u64) {
    setup_from(i, seed, &ALL_SETUPS)
}

/// Plays a game out from `pos` between `a` and `b` (`a` has Forehand if
/// `a_forehand`); after `max_plies` the game is drawn (reason
/// `Agreement`). Returns the moves and how it ended (`None` if a player had
/// no move to give).
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

/// Plays game `i` of a match.
pub fn play_match_game(
    a: &PlayerSpec,
    b: &PlayerSpec,
    opts: &MatchOptions,
    i: u32,
) -> Result<GameResult, String> {
    let (setup, setup_seed) = setup_from(i, opts.seed, &opts.setups);
    let spec = record::GameSpec {
        setup,
        seed: setup_seed,
        options: Options::default(),
        fen: None,
    };
    let mut pos = spec.start().map_err(|e| e.to_string())?;
    let a_forehand = i.is_multiple_of(2);
    let seed_a = opts.seed.wrapping_add(u64::from(i) * 2);
    let seed_b = seed_a.wrapping_add(1);
    let mut pa = make_player(a, seed_a, opts.time, opts.time_scale);
    let mut pb = make_player(b, seed_b, opts.time, opts.time_scale);
    let (moves, end) = play_out(
        &mut pos,
        pa.as_mut(),
        pb.as_mut(),
        a_forehand,
        opts.max_plies,
    );
    let mut rec = record::write(&spec, &moves, end).map_err(|e| e.to_string())?;
    let (fa, fb) = (a.to_string(), b.to_string());
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
            format!("adjudicated a draw after {} plies", moves.len()),
        );
    }
    Ok(crate::registry::game_result(
        end.and_then(|e| e.winner),
        a_forehand,
        rec,
    ))
}

/// Plays a match of `opts.games` games between `a` and `b`, calling
/// `on_game` after each game in order of the game numbers (games may be
/// played on several threads; the calls come from this thread).
pub fn run_match_with(
    a: &PlayerSpec,
    b: &PlayerSpec,
    opts: &MatchOptions,
    on_game: impl FnMut(u32, &GameResult),
) -> Result<MatchScore, String> {
    run_games(
        opts.games,
        opts.threads,
        |i| play_match_game(a, b, opts, i),
        on_game,
    )
}

/// Plays a match: `games` games between `a` and `b` with sides
/// alternated, `time` per move for engine players (`None`: each level's
/// own), setups drawn from `seed` among `setups` in turn (all four kinds
/// if empty). Every game's record is in the result.
pub fn run_match(
    a: PlayerSpec,
    b: PlayerSpec,
    games: u32,
    time: Option<Duration>,
    seed: u64,
    setups: &[SetupKind],
) -> Result<MatchScore, String> {
    let opts = MatchOptions {
        games,
        time,
        seed,
        setups: if setups.is_empty() {
            ALL_SETUPS.to_vec()
        } else {
            setups.to_vec()
        },
        ..MatchOptions::default()
    };
    run_match_with(&a, &b, &opts, |_, _| {})
}

/// Plays one game of a [`MatchConfig`] match.
pub fn play_game(cfg: &MatchConfig, i: u32) -> Result<GameResult, String> {
    play_match_game(&cfg.a, &cfg.b, &config_options(cfg), i)
}

fn config_options(cfg: &MatchConfig) -> MatchOptions {
    MatchOptions {
        games: cfg.games,
        time: Some(cfg.time),
        seed: cfg.seed,
        max_plies: cfg.max_plies,
        ..MatchOptions::default()
    }
}

/// Plays a [`MatchConfig`] match, calling `on_game` after each game.
pub fn run(cfg: &MatchConfig, on_game: impl FnMut(u32, &GameResult)) -> Result<MatchScore, String> {
    run_match_with(&cfg.a, &cfg.b, &config_options(cfg), on_game)
}
