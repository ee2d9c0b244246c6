//! Cardmate's evaluation weights fitted to game results (Texel's method):
//! self-play games at a fixed node budget per move give positions and
//! results; the weights that best predict each result from its position's
//! evaluation (a logistic curve, least squares) are printed.
//!
//! ```sh
//! cargo run --release -p deckmate-measure --bin cardmate_texel -- gen GAMES NODES SEED > samples.txt
//! cargo run --release -p deckmate-measure --bin cardmate_texel -- fit samples.txt [ITERATIONS [MASK [WEIGHTS]]]
//! ```
//!
//! The games start from the match setups (predefined, suits, ranks, deal
//! in turn, drawn from the seed as `deckmate match` draws them) and a few
//! random plies. A sample is a position after the opening whose side to
//! move is neither threatened (it would lose at once doing nothing) nor
//! held to a compulsory capture, and whose engine move is quiet (no
//! capture, promotion or palace win): a position the static evaluation
//! should judge alone. It is stored as the position string
//! ([`fen::write`]), read back with the default rules options, which are
//! the matches' own.
//!
//! The columns are [`CardmateEval::columns`] at the starting weights
//! (the defaults, or WEIGHTS: 23 numbers separated by commas), from
//! Forehand's side: the lure and forced-loss columns hold the card values
//! fixed at the starting ones (see there), so a fit that moves the card
//! values is a first-order one; fitting again from its result makes the
//! columns agree with the values.

use deckmate_engine::{Evaluator, Player};
use deckmate_games::cardmate::engine::{cardmate_params, fixed_nodes};
use deckmate_games::cardmate::matches::{setup_from, ALL_SETUPS};
use deckmate_games::cardmate::{
    fen, start_position, CardmateEval, Options, Position, Weights, COLUMNS,
};
use deckmate_measure::texel;
use deckmate_rules::{Game, Seat, SeededRng};

/// Random plies before the engines play.
const OPENING_PLIES: u32 = 4;

/// Plies after which a game is called a draw (as in `deckmate match`).
const MAX_PLIES: u32 = 600;

/// A game's samples (position strings) and its result for Forehand.
fn game(seed: u64, pair: u64, nodes: u64) -> (Vec<String>, f64) {
    let eval = CardmateEval::default();
    let mut players = [
        fixed_nodes(nodes, Weights::default(), cardmate_params()),
        fixed_nodes(nodes, Weights::default(), cardmate_params()),
    ];
    let index = u32::try_from(pair.wrapping_mul(2) & 0xFFFF_FFFF).unwrap_or(0);
    let (kind, setup_seed) = setup_from(index, seed, &ALL_SETUPS);
    let mut pos = start_position(kind, setup_seed, Options::default());
    let mut rng = SeededRng::new(seed ^ pair.wrapping_mul(0x2545_F491_4F6C_DD1D));
    let mut moves = Vec::new();
    for _ in 0..OPENING_PLIES {
        if pos.end_state().is_some() {
            break;
        }
        moves.clear();
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let i = usize::try_from(rng.below(moves.len() as u64)).unwrap_or(0);
        pos.play_move(moves[i]);
    }
    let mut samples = Vec::new();
    let mut plies = 0;
    while pos.end_state().is_none() && plies < MAX_PLIES {
        let player = &mut players[pos.side_to_move().index()];
        let Some(m) = player.choose(&pos) else { break };
        let e = eval.evaluate_full(&pos);
        let quiet = !eval.is_tactical(&pos, m);
        if quiet && !e.threatened && e.forced != Some(true) && plies >= 4 {
            samples.push(fen::write(&pos));
        }
        pos.play_move(m);
        plies += 1;
    }
    let result = texel::result_for_first(pos.end_state().and_then(|e| e.winner));
    (samples, result)
}

/// The card ranks' columns, One to Ace; [`Weights::NAMES`] follow them.
const RANKS: [&str; COLUMNS - Weights::NAMES.len()] = [
    "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack", "Queen",
    "King", "Ace",
];

/// The names of the fitted weights, in column order.
fn names() -> Vec<&'static str> {
    RANKS.iter().chain(Weights::NAMES.iter()).copied().collect()
}

/// A position's columns from Forehand's side (the evaluation, for the side
/// to move, is their dot product with the weights).
fn columns(eval: &CardmateEval, pos: &Position) -> Vec<f64> {
    let sign = match pos.side_to_move() {
        Seat::First => 1.0,
        Seat::Second => -1.0,
    };
    eval.columns(pos).iter().map(|x| sign * x).collect()
}

/// Fits the weights whose `free` entry is true (the others keep their
/// values in `start`, whose card values also weigh the lure and
/// forced-loss columns).
fn fit(path: &str, iterations: usize, free: &[bool], start: &Weights) -> Result<(), String> {
    let eval = CardmateEval {
        weights: start.clone(),
    };
    let data = texel::read_samples(path, |p| {
        fen::parse(p, Options::default())
            .map(|pos| columns(&eval, &pos))
            .map_err(|e| e.to_string())
    })?;
    let w0 = start.to_columns();
    texel::fit_and_report(&names(), &w0, &data, &texel::Fit::new(free, iterations));
    Ok(())
}

/// The usage line.
const USAGE: &str =
    "usage: cardmate_texel gen [GAMES [NODES [SEED]]] | fit FILE [ITERATIONS [MASK [WEIGHTS]]]";

/// A WEIGHTS argument: the 23 weights in column order, separated by
/// commas (a fit's output, to fit again from it); the defaults when absent.
fn start_weights(arg: Option<&String>) -> Result<Weights, String> {
    let Some(text) = arg else {
        return Ok(Weights::default());
    };
    let parsed: Result<Vec<f64>, String> = text
        .split(',')
        .map(|x| {
            x.trim()
                .parse::<f64>()
                .map_err(|_| format!("weight '{x}' is not a number\n{USAGE}"))
        })
        .collect();
    let w: [f64; COLUMNS] = parsed?
        .try_into()
        .map_err(|_| format!("WEIGHTS needs {COLUMNS} numbers separated by commas\n{USAGE}"))?;
    Ok(Weights::from_columns(&w))
}

fn run(args: &[String]) -> Result<(), String> {
    // The mask (23 characters, `1` for a weight to fit, in the order of `names`),
    // then the starting weights.
    match texel::command(args, USAGE, COLUMNS, 2000)? {
        texel::Command::Gen { games, nodes, seed } => {
            texel::generate(games, |pair| Ok(game(seed, pair, nodes)))
        }
        texel::Command::Fit {
            path,
            iterations,
            free,
            more,
        } => {
            let start = start_weights(more.first())?;
            fit(path, iterations, &free, &start)
        }
    }
}

fn main() {
    texel::main(run);
}
