//! Texel tuning (`fairy::tune`): seeded self-play gives the same quiet
//! positions every time (whatever the threads); the positions' text reads
//! back; the fit lowers the error, finds the scale of results made from a
//! known scale and a weight that made them.
#![allow(clippy::unwrap_used)]

use deckmate_engine::Evaluator;
use deckmate_games::fairy::eval::EvalWeights;
use deckmate_games::fairy::tune::{
    fit_k, generate, read_samples, texel_error, tune, write_samples, FitSettings, Sample,
    SelfPlaySettings,
};
use deckmate_games::fairy::{chess, AnyPosition, FairyEval};
use deckmate_rules::{Game, Seat};

fn settings(games: u32, seed: u64) -> SelfPlaySettings {
    SelfPlaySettings {
        games,
        seed,
        depth: 1,
        random_plies: 6,
        max_plies: 120,
        threads: 1,
    }
}

fn play(s: &SelfPlaySettings) -> Vec<Sample> {
    let start = AnyPosition::new_game(&chess());
    generate(&start, &EvalWeights::default(), s, &mut |_, _| {})
}

fn texts(samples: &[Sample]) -> Vec<(String, f64)> {
    samples
        .iter()
        .map(|s| (s.position.position_text(), s.result))
        .collect()
}

#[test]
fn a_seed_gives_the_same_positions() {
    let a = texts(&play(&settings(6, 7)));
    assert!(a.len() > 100, "{} positions", a.len());
    assert_eq!(a, texts(&play(&settings(6, 7))));
    // On two threads too.
    let two = SelfPlaySettings {
        threads: 2,
        ..settings(6, 7)
    };
    assert_eq!(a, texts(&play(&two)));
    // Another seed, other games.
    assert_ne!(a, texts(&play(&settings(6, 8))));
    // The first games of a longer run are the same games.
    let longer = texts(&play(&settings(8, 7)));
    assert_eq!(a[..], longer[..a.len()]);
}

#[test]
fn only_quiet_positions_after_the_random_plies_are_kept() {
    let samples = play(&settings(6, 3));
    assert!(!samples.is_empty());
    for s in &samples {
        assert!(!s.position.in_check(), "{}", s.position.position_text());
        assert!([0.0, 0.5, 1.0].contains(&s.result));
        // None of the setup's or the random plies' positions: the move
        // number is past the random plies (6 plies: move 4).
        let fen = s.position.position_text();
        let number: u32 = fen.rsplit(' ').next().unwrap().parse().unwrap();
        assert!(number >= 4, "{fen}");
    }
}

#[test]
fn positions_text_reads_back() {
    let samples = play(&settings(2, 1));
    let text = write_samples(&samples);
    let start = AnyPosition::new_game(&chess());
    let back = read_samples(&start, &format!("# a comment\n\n{text}")).unwrap();
    assert_eq!(texts(&samples), texts(&back));
    // A result that is not a game's (an engine's expectation) keeps four
    // places; a game's is written in tenths.
    let mut labelled = samples[..2].to_vec();
    labelled[0].result = 0.62134;
    labelled[1].result = 1.0;
    let text = write_samples(&labelled);
    assert!(
        text.lines().next().unwrap().ends_with(" [0.6213]"),
        "{text}"
    );
    assert!(text.lines().nth(1).unwrap().ends_with(" [1.0]"), "{text}");
    let back = read_samples(&start, &text).unwrap();
    assert_eq!(back[0].result, 0.6213);
    let bad = read_samples(&start, "8/8/8/8/8/8/8/8 w - - 0 1 [0.5]")
        .unwrap_err()
        .to_string();
    assert!(bad.starts_with("line 1: position"), "{bad}");
    let bad = read_samples(
        &start,
        &format!("{}\nrnbqkbnr w [2]", text.lines().next().unwrap()),
    )
    .unwrap_err()
    .to_string();
    assert!(bad.starts_with("line 2: the result '2'"), "{bad}");
    assert!(read_samples(&start, "no result").is_err());
}

/// The static evaluation at `w` for White.
fn white_score(w: &EvalWeights, p: &AnyPosition) -> i32 {
    let s = FairyEval::with_weights(&chess(), w.clone()).evaluate(p);
    match p.side_to_move() {
        Seat::First => s,
        Seat::Second => -s,
    }
}

fn sigmoid(k: f64, s: i32) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * f64::from(s) / 400.0))
}

/// The positions with results made from the evaluation at `w` and scale
/// `k` (the expected result, not a game's).
fn synthetic(w: &EvalWeights, k: f64) -> Vec<Sample> {
    play(&settings(12, 5))
        .into_iter()
        .map(|s| Sample {
            result: sigmoid(k, white_score(w, &s.position)),
            position: s.position,
        })
        .collect()
}

#[test]
fn k_is_found_from_results_made_with_it() {
    let w = EvalWeights::default();
    let samples = synthetic(&w, 1.5);
    let k = fit_k(&chess(), &w, &samples);
    assert!((k - 1.5).abs() < 0.01, "K = {k}");
    assert!(texel_error(&chess(), &w, k, &samples) < 1e-6);
}

#[test]
fn the_fit_recovers_a_weight_that_made_the_results() {
    let truth = EvalWeights {
        tempo: 40,
        ..EvalWeights::default()
    };
    let samples = synthetic(&truth, 1.0);
    let start = EvalWeights {
        tempo: 0,
        ..EvalWeights::default()
    };
    let settings = FitSettings {
        params: vec!["tempo"],
        step: 16,
        max_passes: 50,
    };
    let mut passes = Vec::new();
    let report = tune(&chess(), &samples, &start, &settings, &mut |p| {
        passes.push(p.error)
    });
    assert!(
        (report.weights.tempo - 40).abs() <= 3,
        "tempo {} (K {})",
        report.weights.tempo,
        report.k
    );
    assert!(report.error_after < report.error_before);
    // The error never rises from pass to pass.
    assert!(passes.windows(2).all(|w| w[1] <= w[0]), "{passes:?}");
    // Only the weight asked for moved.
    assert_eq!(
        EvalWeights {
            tempo: 0,
            ..report.weights.clone()
        },
        start
    );
}

#[test]
fn the_fit_lowers_the_error_on_games() {
    let samples = play(&settings(10, 11));
    let start = EvalWeights {
        mobility: 0,
        ..EvalWeights::default()
    };
    let settings = FitSettings {
        params: vec!["mobility", "tempo"],
        step: 16,
        max_passes: 8,
    };
    let report = tune(&chess(), &samples, &start, &settings, &mut |_| {});
    assert!(
        report.error_after < report.error_before,
        "{} -> {}",
        report.error_before,
        report.error_after
    );
    let again = texel_error(&chess(), &report.weights, report.k, &samples);
    assert!((again - report.error_after).abs() < 1e-12);
    assert!(report.passes <= 8);
    // Deterministic.
    let twice = tune(&chess(), &samples, &start, &settings, &mut |_| {});
    assert_eq!(report, twice);
}
