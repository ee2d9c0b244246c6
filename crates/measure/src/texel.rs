//! Texel's method, the part every game shares: a position's evaluation is
//! a dot product of its feature columns with the weights, and the weights
//! are fitted so that a logistic curve of the evaluation predicts each
//! sample's game result (least squares). A game's program gives the
//! columns and the starting weights; this module fits the scale `K` and
//! then the weights (Adam).

use std::ops::Range;

/// One sample: a position's columns (first seat minus second) and its
/// game's result for the first seat (1, 0.5 or 0).
pub type Sample = (Vec<f64>, f64);

/// The predicted result of an evaluation `e` (centipawns) at scale `k`.
pub fn sigmoid(k: f64, e: f64) -> f64 {
    1.0 / (1.0 + (-k * e / 400.0).exp())
}

/// The evaluation of columns `x` under weights `w`.
pub fn dot(x: &[f64], w: &[f64]) -> f64 {
    x.iter().zip(w).map(|(a, b)| a * b).sum()
}

/// Mean squared error of the predictions.
pub fn error(k: f64, w: &[f64], data: &[Sample]) -> f64 {
    let sum: f64 = data
        .iter()
        .map(|(x, r)| (sigmoid(k, dot(x, w)) - r).powi(2))
        .sum();
    sum / data.len().max(1) as f64
}

/// The scale K in 0.05..3.0 that fits the weights `w` best, with its
/// error.
pub fn fit_scale(w: &[f64], data: &[Sample]) -> (f64, f64) {
    let mut k = 1.0;
    let mut best = error(k, w, data);
    for i in 1..60 {
        let kk = f64::from(i) * 0.05;
        let e = error(kk, w, data);
        if e < best {
            best = e;
            k = kk;
        }
    }
    (k, best)
}

/// What to fit: which weights are free, and groups of columns that share
/// one step (a weight tied across kinds).
pub struct Fit<'a> {
    /// `free[j]`: weight `j` is fitted; the others keep their values.
    pub free: &'a [bool],
    /// Ranges of weights moved together by their summed gradient.
    pub tied: &'a [Range<usize>],
    /// Passes over the data.
    pub iterations: usize,
    /// Adam's step (centipawns).
    pub rate: f64,
}

impl<'a> Fit<'a> {
    /// The `free` weights fitted over `iterations` passes, none tied, at
    /// Adam's usual step of one centipawn.
    pub fn new(free: &'a [bool], iterations: usize) -> Fit<'a> {
        Fit {
            free,
            tied: &[],
            iterations,
            rate: 1.0,
        }
    }
}

/// A game's result for the first seat, as a sample holds it: 1 a win,
/// 0 a loss, 0.5 a draw (`None`: no winner).
pub fn result_for_first(winner: Option<deckmate_rules::Seat>) -> f64 {
    match winner {
        Some(deckmate_rules::Seat::First) => 1.0,
        Some(deckmate_rules::Seat::Second) => 0.0,
        None => 0.5,
    }
}

/// The weights from `w0` that fit `data` at scale `k` (Adam); the error
/// is printed on standard error every 200 passes.
pub fn fit_weights(k: f64, w0: &[f64], data: &[Sample], fit: &Fit) -> Vec<f64> {
    let n = w0.len();
    let mut w = w0.to_vec();
    let (mut m, mut v) = (vec![0.0; n], vec![0.0; n]);
    let (b1, b2) = (0.9f64, 0.999f64);
    let count = data.len().max(1) as f64;
    for it in 1..=fit.iterations {
        let mut g = vec![0.0; n];
        for (x, r) in data {
            let s = sigmoid(k, dot(x, &w));
            let d = 2.0 * (s - r) * s * (1.0 - s) * k / 400.0;
            for (gj, xj) in g.iter_mut().zip(x) {
                *gj += d * xj;
            }
        }
        for range in fit.tied {
            let sum: f64 = g[range.clone()].iter().sum();
            g[range.clone()].fill(sum);
        }
        let t = i32::try_from(it).unwrap_or(i32::MAX);
        for j in 0..n {
            if !fit.free.get(j).copied().unwrap_or(false) {
                continue;
            }
            let gj = g[j] / count;
            m[j] = b1 * m[j] + (1.0 - b1) * gj;
            v[j] = b2 * v[j] + (1.0 - b2) * gj * gj;
            let mh = m[j] / (1.0 - b1.powi(t));
            let vh = v[j] / (1.0 - b2.powi(t));
            w[j] -= fit.rate * mh / (vh.sqrt() + 1e-12);
        }
        if it % 200 == 0 {
            eprintln!("iteration {it}: error {:.6}", error(k, &w, data));
        }
    }
    w
}

/// Reads a samples file of lines `POSITION;RESULT`, each position turned
/// into columns by `columns`; a clear error for a missing or empty file,
/// a bad position or a bad result.
pub fn read_samples(
    path: &str,
    columns: impl Fn(&str) -> Result<Vec<f64>, String>,
) -> Result<Vec<Sample>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let mut data = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let Some((p, r)) = line.rsplit_once(';') else {
            continue;
        };
        let x = columns(p).map_err(|e| format!("{path}:{}: {e}", n + 1))?;
        let r: f64 = r
            .trim()
            .parse()
            .map_err(|e| format!("{path}:{}: result '{r}': {e}", n + 1))?;
        data.push((x, r));
    }
    if data.is_empty() {
        return Err(format!("{path}: no samples (lines POSITION;RESULT)"));
    }
    Ok(data)
}

/// Fits the scale, then the weights, and prints each weight's old and new
/// value by name.
pub fn fit_and_report(names: &[&str], w0: &[f64], data: &[Sample], fit: &Fit) {
    eprintln!("{} samples", data.len());
    let (k, before) = fit_scale(w0, data);
    eprintln!("K {k:.2}, error {before:.6}");
    let w = fit_weights(k, w0, data, fit);
    println!("error {:.6} -> {:.6}", before, error(k, &w, data));
    for (j, name) in names.iter().enumerate() {
        println!("{name:<14} {:7.1} -> {:7.1}", w0[j], w[j]);
    }
}

/// A mask argument: one character a weight, `1` to fit it; every weight
/// when absent.
pub fn mask(arg: Option<&String>, n: usize) -> Result<Vec<bool>, String> {
    let free: Vec<bool> = match arg {
        Some(m) => m.chars().map(|c| c == '1').collect(),
        None => vec![true; n],
    };
    if free.len() == n {
        Ok(free)
    } else {
        Err(format!("the mask needs {n} characters"))
    }
}

/// Argument `i` as a whole number, `default` when absent; a clear error
/// (with `usage`) when it is not one.
pub fn number(args: &[String], i: usize, default: u64, usage: &str) -> Result<u64, String> {
    match args.get(i) {
        None => Ok(default),
        Some(s) => s
            .parse()
            .map_err(|_| format!("'{s}' is not a whole number\n{usage}")),
    }
}

/// What a fitting program was asked: `gen [GAMES [NODES [SEED]]]` (self-play
/// samples to standard output) or `fit FILE [ITERATIONS [MASK [MORE...]]]`.
pub enum Command<'a> {
    /// Play `games` games at `nodes` a move from `seed`.
    Gen {
        /// Games to play (default 100).
        games: u64,
        /// Nodes a move.
        nodes: u64,
        /// The first seed (default 1).
        seed: u64,
    },
    /// Fit the weights `free` marks to the samples of `path`.
    Fit {
        /// The samples file (default `samples.txt`).
        path: &'a str,
        /// Passes over the data (default 2000).
        iterations: usize,
        /// [`mask`]'s answer for the fourth argument.
        free: Vec<bool>,
        /// The arguments after the mask, the program's own.
        more: &'a [String],
    },
}

/// Reads a fitting program's arguments (`args[0]` its name): `weights`
/// weights, `nodes` a move by default; a clear error with `usage`
/// otherwise.
pub fn command<'a>(
    args: &'a [String],
    usage: &str,
    weights: usize,
    nodes: u64,
) -> Result<Command<'a>, String> {
    match args.get(1).map(String::as_str) {
        Some("gen") => Ok(Command::Gen {
            games: number(args, 2, 100, usage)?,
            nodes: number(args, 3, nodes, usage)?,
            seed: number(args, 4, 1, usage)?,
        }),
        Some("fit") => Ok(Command::Fit {
            path: args.get(2).map_or("samples.txt", String::as_str),
            iterations: usize::try_from(number(args, 3, 2000, usage)?)
                .map_err(|e| e.to_string())?,
            free: mask(args.get(4), weights)?,
            more: args.get(5..).unwrap_or_default(),
        }),
        _ => Err(usage.to_string()),
    }
}

/// A fitting program's `gen`: plays `games` self-play games (`game(i)`
/// gives game i's samples, each a line's text, and its result for the
/// first seat) and writes a line `SAMPLE;RESULT` a sample to standard
/// output, flushed after each game, with a progress line on standard
/// error every 50 games.
pub fn generate(
    games: u64,
    mut game: impl FnMut(u64) -> Result<(Vec<String>, f64), String>,
) -> Result<(), String> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    for i in 0..games {
        let (samples, result) = game(i)?;
        for s in samples {
            writeln!(out, "{s};{result}").map_err(|e| e.to_string())?;
        }
        out.flush().map_err(|e| e.to_string())?;
        if i % 50 == 0 {
            eprintln!("game {i}");
        }
    }
    Ok(())
}

/// Runs a fitting program's `run` on the command line's arguments, and
/// exits with status 2 and its error when it fails.
pub fn main(run: impl FnOnce(&[String]) -> Result<(), String>) {
    let args: Vec<String> = std::env::args().collect();
    if let Err(e) = run(&args) {
        eprintln!("{e}");
        std::process::exit(2);
    }
}
