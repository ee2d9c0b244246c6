//! Texel's fit: `K` on the starting weights, then the weights by
//! coordinate steps (see [`crate::tune`]).

use super::sample::Sample;
use crate::eval::{EvalWeights, FairyEval, MAX_WEIGHT};
use crate::rules::RuleSet;
use deckmate_engine::Evaluator;
use deckmate_rules::Seat;
use std::sync::Arc;

/// How the weights are searched.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FitSettings {
    /// The weights to tune, by name ([`EvalWeights::NAMES`]); the others
    /// stay as they start.
    pub params: Vec<&'static str>,
    /// The first step of every weight; halved when a pass moves no
    /// weight, the search ending below 1.
    pub step: i32,
    /// At most this many passes over the weights.
    pub max_passes: u32,
}

impl Default for FitSettings {
    fn default() -> FitSettings {
        FitSettings {
            params: EvalWeights::NAMES.to_vec(),
            step: 16,
            max_passes: 100,
        }
    }
}

/// What the fit found.
#[derive(Clone, Debug, PartialEq)]
pub struct FitReport {
    /// The scale fitted on the starting weights, held through the fit.
    pub k: f64,
    /// The error at the starting weights.
    pub error_before: f64,
    /// The error at the weights found (never above `error_before`).
    pub error_after: f64,
    /// The weights found.
    pub weights: EvalWeights,
    /// The passes made.
    pub passes: u32,
    /// The errors computed (each one evaluation of every position).
    pub evaluations: u32,
}

/// Where the fit is, after each pass.
#[derive(Clone, Debug)]
pub struct Progress<'a> {
    /// The pass just made (from 1).
    pub pass: u32,
    /// The error now.
    pub error: f64,
    /// The step the next pass tries (0: done).
    pub step: i32,
    /// The weights now.
    pub weights: &'a EvalWeights,
}

/// `1 / (1 + 10^(-k * score / 400))`: the expected result of a score
/// (the fit's curve; `deckmate tune --label-engine` reads an engine's
/// score with it at `k` 1).
pub fn sigmoid(k: f64, score: i32) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * f64::from(score) / 400.0))
}

/// The static evaluation of each sample at `weights`, from the first
/// seat's point of view.
fn scores(rules: &Arc<RuleSet>, weights: &EvalWeights, samples: &[Sample]) -> Vec<i32> {
    let eval = FairyEval::with_weights(rules, weights.clone());
    samples
        .iter()
        .map(|s| {
            let own = eval.evaluate(&s.position);
            match s.position.side_to_move() {
                Seat::First => own,
                Seat::Second => -own,
            }
        })
        .collect()
}

/// The mean of `(result - sigmoid(k * score / 400))^2` (0 for no
/// samples).
fn error_of(k: f64, scores: &[i32], samples: &[Sample]) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let sum: f64 = scores
        .iter()
        .zip(samples)
        .map(|(&s, x)| {
            let d = x.result - sigmoid(k, s);
            d * d
        })
        .sum();
    sum / samples.len() as f64
}

/// Texel's error of `weights` at scale `k` over `samples` (all of one
/// rule set, `rules`).
pub fn texel_error(rules: &Arc<RuleSet>, weights: &EvalWeights, k: f64, samples: &[Sample]) -> f64 {
    error_of(k, &scores(rules, weights, samples), samples)
}

/// The scale `K` that minimises the error of `weights`: a scan of 0.05 to
/// 5 by 0.05, then a golden-section search around the best point.
pub fn fit_k(rules: &Arc<RuleSet>, weights: &EvalWeights, samples: &[Sample]) -> f64 {
    let sc = scores(rules, weights, samples);
    let e = |k: f64| error_of(k, &sc, samples);
    let mut best = (0.05, e(0.05));
    for i in 2..=100 {
        let k = f64::from(i) * 0.05;
        let err = e(k);
        if err < best.1 {
            best = (k, err);
        }
    }
    let (mut lo, mut hi) = ((best.0 - 0.05).max(0.001), best.0 + 0.05);
    let g = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let a = hi - g * (hi - lo);
        let b = lo + g * (hi - lo);
        if e(a) <= e(b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    let k = (lo + hi) / 2.0;
    if e(k) <= best.1 {
        k
    } else {
        best.0
    }
}

/// Texel's fit over `samples` (all of one rule set, `rules`) from
/// `start`: `K` fitted on `start` and held, then each weight of
/// `settings.params` in turn moved by the step up (or else down), again
/// while the error falls; a pass that moves none halves the step. Ends
/// when the step falls below 1 or after `settings.max_passes` passes.
/// `on_pass` hears each pass's end. Deterministic.
pub fn tune(
    rules: &Arc<RuleSet>,
    samples: &[Sample],
    start: &EvalWeights,
    settings: &FitSettings,
    on_pass: &mut dyn FnMut(&Progress<'_>),
) -> FitReport {
    let k = fit_k(rules, start, samples);
    let mut evaluations = 1;
    let mut weights = start.clone();
    let error_before = texel_error(rules, &weights, k, samples);
    let mut best = error_before;
    let mut step = settings.step.max(1);
    let mut passes = 0;
    while step >= 1 && passes < settings.max_passes {
        passes += 1;
        let mut moved = false;
        for &name in &settings.params {
            let Some(at) = weights.get(name) else {
                continue;
            };
            for dir in [1, -1] {
                let mut went = false;
                let mut value = at;
                // Onwards while it helps (bounded: the weight's range).
                loop {
                    let next = (value + dir * step).clamp(-MAX_WEIGHT, MAX_WEIGHT);
                    if next == value {
                        break;
                    }
                    let mut trial = weights.clone();
                    trial.set(name, next);
                    let err = texel_error(rules, &trial, k, samples);
                    evaluations += 1;
                    if err < best {
                        best = err;
                        weights = trial;
                        value = next;
                        went = true;
                    } else {
                        break;
                    }
                }
                if went {
                    moved = true;
                    break;
                }
            }
        }
        if !moved {
            step /= 2;
        }
        on_pass(&Progress {
            pass: passes,
            error: best,
            step,
            weights: &weights,
        });
    }
    FitReport {
        k,
        error_before,
        error_after: best,
        weights,
        passes,
        evaluations,
    }
}
