//! `deckmate tune --label-engine CMD`: each position labelled with an
//! outside UCI engine's score instead of its game's result.
//!
//! A game's result says little about one position of it (a position
//! from a won game may be lost, and self-play at a low depth wins and
//! loses games by its own blind spots); a strong engine's search score
//! says how good the position is. The score, for the side to move, is
//! turned into White's expected result `1 / (1 + 10^(-cp / 400))` (a
//! mate: 1 or 0), the same logistic curve the fit reads results with.

use super::engine_match::start_engine;
use super::engine_match::uci_client::EngineScore;
use deckmate_games::fairy::tune::{sigmoid, Sample};
use deckmate_rules::{Game, Seat, ToAct};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

/// How long one search may take before the engine counts as stuck.
const SEARCH_TIME: Duration = Duration::from_secs(120);

/// White's expected result from `score`, the engine's score for the side
/// to move (`white_to_move`).
pub fn expected(score: EngineScore, white_to_move: bool) -> f64 {
    let for_mover = match score {
        EngineScore::Cp(cp) => sigmoid(1.0, cp),
        EngineScore::Mate(m) if m > 0 => 1.0,
        EngineScore::Mate(_) => 0.0,
    };
    if white_to_move {
        for_mover
    } else {
        1.0 - for_mover
    }
}

/// Labels every sample with `command`'s score at `depth` (`go depth N`),
/// `threads` engines at once, each a share of the samples. `key` is the
/// game as the engine's `UCI_Variant` names it. `progress` hears the
/// count labelled now and then.
pub fn label(
    samples: &mut [Sample],
    command: &str,
    key: &str,
    depth: u32,
    threads: usize,
    progress: &(dyn Fn(usize) + Sync),
) -> Result<(), String> {
    if samples.is_empty() {
        return Ok(());
    }
    let share = samples.len().div_ceil(threads.max(1));
    let done = AtomicUsize::new(0);
    let every = (samples.len() / 20).max(1);
    // One engine's failure stops the others at their next position.
    let failed = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let workers: Vec<_> = samples
            .chunks_mut(share)
            .map(|chunk| {
                let (done, failed) = (&done, &failed);
                scope.spawn(move || {
                    let r = label_share(chunk, command, key, depth, failed, &|| {
                        let n = done.fetch_add(1, Ordering::Relaxed) + 1;
                        if n.is_multiple_of(every) {
                            progress(n);
                        }
                    });
                    if r.is_err() {
                        failed.store(true, Ordering::Relaxed);
                    }
                    r
                })
            })
            .collect();
        // Every thread joined; the first error found is the answer.
        let mut result = Ok(());
        for w in workers {
            let r = w
                .join()
                .unwrap_or_else(|_| Err("a labelling thread failed".into()));
            if result.is_ok() {
                result = r;
            }
        }
        result
    })
}

/// One engine's share: each sample labelled in turn, until done or until
/// another engine has `failed`. `each` hears of every label.
fn label_share(
    chunk: &mut [Sample],
    command: &str,
    key: &str,
    depth: u32,
    failed: &AtomicBool,
    each: &dyn Fn(),
) -> Result<(), String> {
    let mut engine = start_engine(command, &[], key, 0)?;
    for s in chunk.iter_mut() {
        if failed.load(Ordering::Relaxed) {
            return Ok(());
        }
        let text = s.position.position_text();
        let white = match s.position.to_act() {
            ToAct::Seat(seat) => seat == Seat::First,
            _ => return Err(format!("{text}: no single side to move")),
        };
        // A new game each: the label does not depend on the positions
        // searched before it (nor on how the samples were shared among
        // the engines).
        engine.send("ucinewgame")?;
        engine.ready()?;
        let (_, score) = engine
            .search(
                &format!("position fen {text}"),
                &format!("go depth {depth}"),
                SEARCH_TIME,
            )
            .map_err(|e| format!("{}: no answer for {text}: {e:?}", engine.name))?;
        let score = score.ok_or_else(|| format!("{}: no score for {text}", engine.name))?;
        s.result = expected(score, white);
        each();
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_become_whites_expected_result() {
        assert_eq!(expected(EngineScore::Cp(0), true), 0.5);
        let up = expected(EngineScore::Cp(100), true);
        assert!((up - 0.640).abs() < 0.001, "{up}");
        // The same score for Black to move is White's 1 - that.
        assert!((expected(EngineScore::Cp(100), false) - (1.0 - up)).abs() < 1e-12);
        assert_eq!(expected(EngineScore::Mate(3), true), 1.0);
        assert_eq!(expected(EngineScore::Mate(-2), true), 0.0);
        assert_eq!(expected(EngineScore::Mate(3), false), 0.0);
        assert_eq!(expected(EngineScore::Mate(0), false), 1.0);
    }
}
