//! Cuarenta's evaluation weights fitted to game results (Texel's method):
//! self-play games at a fixed node budget per move give positions and
//! results; the weights that best predict each result from its position's
//! evaluation (a logistic curve, least squares) are printed.
//!
//! ```sh
//! cargo run --release -p deckmate-measure --bin cuarenta_texel -- gen GAMES NODES SEED > samples.txt
//! cargo run --release -p deckmate-measure --bin cuarenta_texel -- fit samples.txt [ITERATIONS [MASK [tie]]]
//! ```
//!
//! A sample is a position after the opening whose side to move is not in
//! check and whose engine move is quiet (no capture, no promotion): a
//! position the static evaluation should judge alone.

use deckmate_engine::Player;
use deckmate_games::cuarenta::engine::fixed_player;
use deckmate_games::cuarenta::tools::opening;
use deckmate_games::cuarenta::{self, fen, CuarentaEval, CuarentaWeights, Position};
use deckmate_measure::texel;
use deckmate_rules::Seat;

/// Random plies before the engines play.
const OPENING_PLIES: u32 = 8;

/// A game's samples (position strings) and its result for White.
fn game(seed: u64, pair: u64, nodes: u64) -> (Vec<String>, f64) {
    let eval = CuarentaEval::default();
    let mut white = fixed_player(0, Some(nodes), CuarentaWeights::default());
    let mut black = fixed_player(0, Some(nodes), CuarentaWeights::default());
    let mut pos = cuarenta::start_position();
    for m in opening(seed, pair, OPENING_PLIES) {
        pos.play_move(m);
    }
    let mut samples = Vec::new();
    let mut plies = 0;
    while pos.end_state().is_none() && plies < 300 {
        let m = match pos.side_to_move() {
            Seat::First => white.choose(&pos),
            Seat::Second => black.choose(&pos),
        };
        let Some(m) = m else { break };
        let quiet = !deckmate_engine::Evaluator::is_tactical(&eval, &pos, m);
        if quiet && !pos.in_check() && plies >= 4 {
            samples.push(fen::write(&pos));
        }
        pos.play_move(m);
        plies += 1;
    }
    let result = texel::result_for_first(pos.end_state().and_then(|e| e.winner));
    (samples, result)
}

/// The names of the fitted weights, in column order.
const NAMES: [&str; 24] = [
    "Bishop",
    "Camel",
    "Guard",
    "Vao",
    "Frog",
    "Pawn",
    "pawn r4",
    "pawn r5",
    "pawn r6",
    "pawn r7",
    "pawn r8",
    "pawn r9",
    "mob B",
    "mob C",
    "mob G",
    "mob V",
    "mob F",
    "centre",
    "king attacker",
    "king zone",
    "flight",
    "no flight",
    "hanging",
    "tempo",
];

/// The weights as a vector in [`NAMES`]' order (one mobility weight for
/// every kind).
fn to_vec(w: &CuarentaWeights) -> Vec<f64> {
    let mut v: Vec<f64> = w.values[1..7].iter().map(|&x| f64::from(x)).collect();
    v.extend(w.pawn_rank[3..9].iter().map(|&x| f64::from(x)));
    v.extend([f64::from(w.mobility); 5]);
    v.extend(
        [
            w.centre,
            w.king_attacker,
            w.king_zone,
            w.flight,
            w.no_flight,
            w.hanging,
            w.tempo,
        ]
        .map(f64::from),
    );
    v
}

/// A position's columns, White's side minus Black's (the evaluation is
/// their dot product with the weights).
fn columns(pos: &Position) -> Vec<f64> {
    let f = pos.features();
    let mut x = vec![0.0; NAMES.len()];
    for s in 0..2 {
        let sign = if s == 0 { 1.0 } else { -1.0 };
        let o = 1 - s;
        for p in 1..7 {
            x[p - 1] += sign * f64::from(f.count[s][p]);
        }
        for r in 3..9 {
            x[6 + r - 3] += sign * f64::from(f.pawn_ranks[s][r]);
        }
        for k in 1..6 {
            x[12 + k - 1] += sign * f64::from(f.mobility_by_kind[s][k]);
        }
        x[17] -= sign * f64::from(f.decentral[s]);
        let enemy: u32 = (1..6).map(|p| u32::from(f.count[o][p])).sum();
        let scale = f64::from(enemy.min(6)) / 6.0;
        x[18] -= sign * scale * f64::from(f.king_attackers[s]);
        x[19] -= sign * scale * f64::from(f.king_zone_attacked[s]);
        x[20] += sign * scale * f64::from(f.king_flight[s]);
        x[21] -= sign * scale * if f.king_flight[s] == 0 { 1.0 } else { 0.0 };
        x[22] -= sign * f64::from(f.hanging[s]);
    }
    x[23] = match pos.side_to_move() {
        Seat::First => 1.0,
        Seat::Second => -1.0,
    };
    x
}

/// Fits the weights whose `free` entry is true (the others keep their
/// defaults); `tie_mobility` fits one mobility weight for every kind.
fn fit(path: &str, iterations: usize, free: &[bool], tie_mobility: bool) -> Result<(), String> {
    let data = texel::read_samples(path, |p| {
        fen::parse(p)
            .map(|pos| columns(&pos))
            .map_err(|e| e.to_string())
    })?;
    // The mobility columns, one a kind.
    let mobility = std::iter::once(12..17).collect::<Vec<_>>();
    let tied: &[std::ops::Range<usize>] = if tie_mobility { &mobility } else { &[] };
    let w0 = to_vec(&CuarentaWeights::default());
    texel::fit_and_report(
        &NAMES,
        &w0,
        &data,
        &texel::Fit {
            tied,
            ..texel::Fit::new(free, iterations)
        },
    );
    Ok(())
}

/// The usage line.
const USAGE: &str =
    "usage: cuarenta_texel gen [GAMES [NODES [SEED]]] | fit FILE [ITERATIONS [MASK [tie]]]";

fn run(args: &[String]) -> Result<(), String> {
    // The mask (24 characters, `1` for a weight to fit), then `tie` to
    // fit one mobility weight for all kinds.
    match texel::command(args, USAGE, NAMES.len(), 2000)? {
        texel::Command::Gen { games, nodes, seed } => {
            texel::generate(games, |pair| Ok(game(seed, pair, nodes)))
        }
        texel::Command::Fit {
            path,
            iterations,
            free,
            more,
        } => fit(
            path,
            iterations,
            &free,
            more.first().is_some_and(|a| a == "tie"),
        ),
    }
}

fn main() {
    texel::main(run);
}
