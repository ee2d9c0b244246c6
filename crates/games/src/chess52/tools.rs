//! 52Chess's engine tools: bench positions (the start and a few seeded
//! random turns from it, each with a card drawn), matches between levels
//! with the draws from the seed (both games of a pair see the same cards
//! turn by turn, the sides swapped), and the parts of the registry's
//! engine hook ([`Chess52Tools`]).

use super::engine::{player_with_level, searcher};
use super::{Card, Chess52, Chess52Eval, Move};
use crate::registry::{match_game, match_player, EngineHook, EngineTools, GivenError};
use crate::registry::{MatchSettings, Options, PerftCount, StudyError, Tools};
use deckmate_engine::bench::BenchCase;
pub use deckmate_engine::bench::BenchLine;
use deckmate_engine::matches::{run_games, GameResult, MatchScore, PlayerSpec};
use deckmate_engine::Searcher;
use deckmate_rules::{Game, SeededRng};
use std::time::Duration;

/// 52Chess bench positions: name, the seed and number of random turns
/// from the start that reach it ([`opening`]; the last card drawn, so a
/// side is to move), depth in moves (draws between them are free).
pub const BENCH: &[(&str, u64, u32, u32)] = &[
    ("52chess start", 0, 0, 3),
    ("52chess 4 turns", 1, 4, 3),
    ("52chess 10 turns", 2, 10, 3),
    ("52chess 20 turns", 3, 20, 3),
];

/// The bench positions as the generic runner takes them, every depth
/// capped at `max_depth`.
pub fn cases(max_depth: u32) -> impl Iterator<Item = Result<BenchCase<Chess52>, String>> {
    BENCH.iter().map(move |&(name, seed, turns, depth)| {
        let mut pos = Chess52::start();
        for m in opening(seed, 0, turns) {
            pos.play_move(m);
        }
        let mut rng = SeededRng::new(seed ^ 0xB3AC);
        if let Some(d) = pos.sample_chance(&mut rng) {
            pos.play_move(d);
        }
        Ok(BenchCase {
            name,
            pos,
            depth: depth.min(max_depth),
        })
    })
}

/// Runs the 52Chess bench with every depth capped at `max_depth`: each
/// line, then the total nodes (its own signature) and time.
pub fn bench(
    max_depth: u32,
    mut on_line: impl FnMut(&BenchLine),
) -> Result<(u64, Duration), String> {
    TOOLS.bench(max_depth, &mut on_line)
}

/// The opening of game pair `pair`: `turns` random turns from the start
/// (a card from the seed, then a random move for it), fewer if the game
/// ends first.
pub fn opening(seed: u64, pair: u64, turns: u32) -> Vec<Move> {
    let mut rng = SeededRng::new(seed.wrapping_mul(0x9E37_79B9).wrapping_add(pair));
    let mut p = Chess52::start();
    let mut out = Vec::new();
    let mut moves = Vec::new();
    for _ in 0..turns {
        let Some(d) = p.sample_chance(&mut rng) else {
            break;
        };
        moves.clear();
        let mut q = p.clone();
        q.play_move(d);
        q.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.below(moves.len() as u64) as usize];
        q.play_move(m);
        if q.end().is_some() {
            break;
        }
        out.push(d);
        out.push(m);
        p = q;
    }
    out
}

/// A 52Chess match: A and B alternate sides; both games of a pair start
/// from the same opening and draw the same cards turn by turn.
#[derive(Clone, Debug)]
pub struct Chess52Match {
    /// Player A.
    pub a: PlayerSpec,
    /// Player B.
    pub b: PlayerSpec,
    /// Games.
    pub games: u32,
    /// Time per move of engine players.
    pub time: Duration,
    /// Seed of the openings, the draws and the players.
    pub seed: u64,
    /// Random turns (a draw and a move) from the start before the players
    /// take over.
    pub random_turns: u32,
    /// A game still going after this many plies (draws and moves) is a
    /// draw.
    pub max_plies: usize,
    /// Games played at once (1: one after the other).
    pub threads: usize,
}

/// Plays game `i` of a match.
pub fn play_game(cfg: &Chess52Match, i: u32) -> Result<GameResult, String> {
    let m = MatchSettings {
        a: cfg.a,
        b: cfg.b,
        games: cfg.games,
        time: cfg.time,
        seed: cfg.seed,
        max_plies: cfg.max_plies,
    };
    game_of(&m, cfg.random_turns, i)
}

/// Game `i` of the match `m`, from the start and `turns` random turns;
/// both games of a pair draw the same cards. The game's own record (its
/// Variant, Result and Termination), as `deckmate replay` reads it, has
/// no Seed: the cards were drawn from the match's streams (the
/// opening's, then the pair's), not from one game seed, so the record's
/// cards are as written (F9).
fn game_of(m: &MatchSettings, turns: u32, i: u32) -> Result<GameResult, String> {
    let pair = u64::from(i / 2);
    let cards = SeededRng::new(m.seed ^ pair.wrapping_mul(0xD1B5_4A32_D192_ED03) ^ 0xC4D5);
    match_game(
        m,
        i,
        Chess52::start(),
        opening(m.seed, pair, turns),
        Some(cards),
        |p, seed, time| match_player(p, seed, time, player_with_level),
        ["White", "Black"],
        |moves, end| {
            super::record::write(&Default::default(), moves, end).map_err(|e| e.to_string())
        },
    )
}

/// Runs a match on `cfg.threads` threads, calling `on_game` after each
/// game in order.
pub fn run_match(
    cfg: &Chess52Match,
    on_game: impl FnMut(u32, &GameResult),
) -> Result<MatchScore, String> {
    run_games(cfg.games, cfg.threads, |i| play_game(cfg, i), on_game)
}

/// F10's divide: with a card to draw, at depth 1 each card and its moves'
/// count (`7H: 20`), deeper each card and move (`[7H] Nd3@c7: 412`), in
/// the cards' order (F9); with the card drawn (or `cards` given), each
/// move of that card.
fn divide(pos: &Chess52, depth: u32, cards: Option<&[Card]>) -> Vec<(String, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let drawn: Vec<Card> = match (pos.drawn(), cards) {
        (Some(c), _) => vec![c],
        (None, Some(cs)) => cs.first().copied().into_iter().collect(),
        (None, None) => Card::all().collect(),
    };
    let rest = cards.map_or(&[][..], |cs| cs.get(1..).unwrap_or(&[]));
    let mut out = Vec::new();
    for card in drawn {
        let mut at = pos.clone();
        let with_card = at.drawn().is_none();
        if with_card {
            at.play_move(Move::Draw(card));
        }
        if depth == 1 && with_card && cards.is_none() {
            out.push((card.to_string(), at.count_with(card)));
            continue;
        }
        let mut moves = Vec::new();
        at.legal_moves(&mut moves);
        for m in moves {
            let mut next = at.clone();
            next.play_move(m);
            let n = if cards.is_some() {
                next.perft_cards(rest)
            } else {
                next.perft(depth - 1)
            };
            let label = if with_card {
                format!("[{card}] {}", at.move_text(m))
            } else {
                at.move_text(m)
            };
            out.push((label, n));
        }
    }
    out
}

/// 52Chess's engine tools, the registry entry's `tools`.
pub static TOOLS: Tools<Chess52Tools> = Tools::new(Chess52Tools);

/// 52Chess's hook into the registry's engine tools: the start (F2, or a
/// position string), its searcher, the bench and one game of a match (4
/// random turns first).
#[derive(Clone, Copy, Debug)]
pub struct Chess52Tools;

impl EngineHook for Chess52Tools {
    type Position = Chess52;
    type Eval = Chess52Eval;
    const SEEDED_START: bool = false;
    const BENCH_PREFIX: &'static str = "52chess ";
    const MATCH_HELP: &'static str = "each pair of games starts from the start position plus 4 \
random turns drawn from the seed, and both games of a pair draw the same cards";

    const CHANCE_OUTCOMES: Option<&'static str> = Some("card");

    /// F10: a turn (a card drawn, then a move) is one ply.
    fn perft(&self, pos: &Chess52, depth: u32) -> u64 {
        pos.perft(depth)
    }

    fn perft_divide(&self, pos: &Chess52, depth: u32) -> Vec<(String, u64)> {
        divide(pos, depth, None)
    }

    fn perft_given(
        &self,
        pos: &Chess52,
        cards: &[&str],
        by_move: bool,
    ) -> Result<PerftCount, GivenError> {
        let mut given = Vec::with_capacity(cards.len());
        for w in cards {
            let name = w.trim_start_matches('[').trim_end_matches(']');
            match Card::parse(name) {
                Some(c) => given.push(c),
                None => {
                    return Err(GivenError::Usage(format!(
                        "--cards: '{}' is not a card (rank A, 2-10, J, Q, K and suit C, D, H, S: 7H, 10S)",
                        w.escape_debug()
                    )))
                }
            }
        }
        if let Some(d) = pos.drawn() {
            return Err(GivenError::Input(format!(
                "--moves ends with the card {d} drawn: --cards gives the cards of the plies to come"
            )));
        }
        Ok(if by_move {
            PerftCount::Divided(divide(pos, given.len() as u32, Some(&given)))
        } else {
            PerftCount::Total(pos.perft_cards(&given))
        })
    }

    /// The start of F2 (the seed decides nothing before the first draw),
    /// or the position string `fen` (F11).
    fn start(&self, _: &Options, _: u64, fen: Option<&str>) -> Result<Chess52, StudyError> {
        let spec = super::record::GameSpec {
            fen: fen.map(str::to_string),
            seed: None,
        };
        spec.start().map_err(StudyError::Position)
    }

    fn searcher(&self, tt_mb: usize) -> Searcher<Chess52, Chess52Eval> {
        searcher(tt_mb)
    }

    fn bench_cases(&self) -> Vec<Result<BenchCase<Chess52>, String>> {
        cases(u32::MAX).collect()
    }

    fn match_game(&self, m: &MatchSettings, i: u32) -> Result<GameResult, String> {
        game_of(m, 4, i)
    }

    /// Each of the 52 cards (F9), one each, even those that let nothing
    /// teleport (the search groups them; an analysis names each).
    fn every_outcome(&self, pos: &Chess52, out: &mut Vec<(Move, u32)>) {
        if pos.to_act() == deckmate_rules::ToAct::Chance {
            out.extend(Card::all().map(|c| (Move::Draw(c), 1)));
        }
    }
}
