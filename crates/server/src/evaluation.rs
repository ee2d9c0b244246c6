//! Whole-game analysis: every position of a finished game's line evaluated
//! in the background, one search after the other on the engine pool
//! (behind the games' own moves and the analysis boards), the evaluation
//! graph's points and the moves that lost the most marked, as lichess
//! does.
//!
//! A point is the first seat's expected share of the result, 0 to 1 (the
//! analysis board's evaluation bar). A move's loss is the drop in the
//! mover's share from the position before it to the position after it; a
//! drop of at least [`INACCURACY`] is an inaccuracy, [`MISTAKE`] a mistake,
//! [`BLUNDER`] a blunder (lichess's thresholds: 0.1, 0.2 and 0.3 of its
//! winning chances, which run from -1 to 1). Chance's plies (52Chess's
//! draws) are evaluated but never marked.
//!
//! Bounded: at most [`MAX_KEPT`] games' analyses are kept (the oldest
//! finished one makes room), at most [`MAX_RUNNING`] run at once, each
//! position is searched to [`NODES`] nodes (at most [`TIME`]), and the
//! line is the one anyone may see of the game ([`PlayedGame::analysis_start`]),
//! at most [`MAX_PLIES`] long.
//!
//! [`PlayedGame::analysis_start`]: deckmate_games::registry::PlayedGame::analysis_start

use crate::AppState;
use deckmate_games::registry::{AnalysisReport, AnalysisRequest, BoxedGame, GameEntry, Limits};
use deckmate_rules::Seat;
use serde::Serialize;
use serde_json::Value;
use std::collections::HashMap;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A drop of the mover's share that makes an inaccuracy.
pub const INACCURACY: f64 = 0.05;
/// A drop that makes a mistake.
pub const MISTAKE: f64 = 0.10;
/// A drop that makes a blunder.
pub const BLUNDER: f64 = 0.15;
/// The most games whose analyses are kept.
pub const MAX_KEPT: usize = 32;
/// The most analyses running at once.
pub const MAX_RUNNING: usize = 2;
/// The most plies of a line analysed.
pub const MAX_PLIES: usize = 600;
/// The nodes searched a position.
pub const NODES: u64 = 60_000;
/// The longest search of a position.
pub const TIME: Duration = Duration::from_millis(1500);

/// How a move is judged by its loss.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Judgement {
    /// A drop of at least [`INACCURACY`].
    Inaccuracy,
    /// A drop of at least [`MISTAKE`].
    Mistake,
    /// A drop of at least [`BLUNDER`].
    Blunder,
}

impl Judgement {
    /// The judgement of a drop of the mover's share, if it is one.
    pub fn of(drop: f64) -> Option<Judgement> {
        if drop >= BLUNDER {
            Some(Judgement::Blunder)
        } else if drop >= MISTAKE {
            Some(Judgement::Mistake)
        } else if drop >= INACCURACY {
            Some(Judgement::Inaccuracy)
        } else {
            None
        }
    }
}

/// A move marked.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Mark {
    /// The game's ply of the move (1 is the first move).
    pub ply: usize,
    /// Who played it.
    pub seat: &'static str,
    /// How bad it was.
    pub judgement: Judgement,
    /// The drop of the mover's share, 0 to 1.
    pub drop: f64,
}

/// One game's analysis as the API answers it.
#[derive(Clone, Debug, Serialize)]
pub struct Evaluation {
    /// The game's ply of the line's first position (Dealer's Chess's
    /// arrangements come before it).
    pub first_ply: usize,
    /// The line's positions: the first seat's share at each (`None`: not
    /// yet evaluated, or nothing to evaluate).
    pub points: Vec<Option<f64>>,
    /// Who was to move in each position (`None`: chance, or nobody).
    #[serde(skip)]
    movers: Vec<Option<Seat>>,
    /// The marked moves, by ply.
    pub marks: Vec<Mark>,
    /// Whether every position is evaluated.
    pub complete: bool,
    /// What the engine could not do, if anything.
    pub error: Option<String>,
    /// How the points were made, in words.
    pub method: String,
}

impl Evaluation {
    fn new(first_ply: usize, positions: usize) -> Evaluation {
        Evaluation {
            first_ply,
            points: vec![None; positions],
            movers: vec![None; positions],
            marks: Vec::new(),
            complete: false,
            error: None,
            method: format!(
                "each position searched to {NODES} nodes (at most {:.1} s); a move's loss is the \
                 drop in the mover's expected share: inaccuracy from {INACCURACY}, mistake from \
                 {MISTAKE}, blunder from {BLUNDER} (lichess's thresholds)",
                TIME.as_secs_f64()
            ),
        }
    }

    /// The marks, made anew from the points known.
    fn judge(&mut self, seat_names: [&'static str; 2]) {
        self.marks = marks(&self.points, &self.movers, self.first_ply, seat_names);
    }
}

/// The moves marked in a line whose positions have `points` (the first
/// seat's share) and `movers` (who moves from each), the line's first
/// position being the game's ply `first_ply`.
pub fn marks(
    points: &[Option<f64>],
    movers: &[Option<Seat>],
    first_ply: usize,
    seat_names: [&'static str; 2],
) -> Vec<Mark> {
    let mut out = Vec::new();
    for i in 1..points.len() {
        let (Some(before), Some(after), Some(Some(seat))) =
            (points[i - 1], points[i], movers.get(i - 1))
        else {
            continue;
        };
        let share = |p: f64| if *seat == Seat::First { p } else { 1.0 - p };
        let drop = share(before) - share(after);
        if let Some(judgement) = Judgement::of(drop) {
            out.push(Mark {
                ply: first_ply + i,
                seat: seat_names[seat.index()],
                judgement,
                drop: (drop * 1000.0).round() / 1000.0,
            });
        }
    }
    out
}

/// One game's analysis kept.
struct Kept {
    evaluation: Evaluation,
    running: bool,
    touched: Instant,
}

/// The analyses kept, by game id.
#[derive(Default)]
pub struct Evaluations {
    kept: Mutex<HashMap<String, Kept>>,
}

/// Why an analysis does not start.
#[derive(Debug, PartialEq, Eq)]
pub enum Refused {
    /// Too many run now: try again later.
    Busy,
}

impl Evaluations {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, Kept>> {
        self.kept.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The analysis of game `id`, if one was started.
    pub fn get(&self, id: &str) -> Option<Evaluation> {
        let mut kept = self.lock();
        let k = kept.get_mut(id)?;
        k.touched = Instant::now();
        Some(k.evaluation.clone())
    }

    /// Makes room for game `id` and marks it started, unless it is kept
    /// already (then `Ok(false)`).
    fn begin(&self, id: &str, first_ply: usize, positions: usize) -> Result<bool, Refused> {
        let mut kept = self.lock();
        // Kept, unless it stopped on an error: then it is asked for anew.
        if kept
            .get(id)
            .is_some_and(|k| k.running || k.evaluation.error.is_none())
        {
            return Ok(false);
        }
        kept.remove(id);
        if kept.values().filter(|k| k.running).count() >= MAX_RUNNING {
            return Err(Refused::Busy);
        }
        while kept.len() >= MAX_KEPT {
            let oldest = kept
                .iter()
                .filter(|(_, k)| !k.running)
                .min_by_key(|(_, k)| k.touched)
                .map(|(id, _)| id.clone());
            match oldest {
                Some(o) => drop(kept.remove(&o)),
                None => return Err(Refused::Busy),
            }
        }
        kept.insert(
            id.to_string(),
            Kept {
                evaluation: Evaluation::new(first_ply, positions),
                running: true,
                touched: Instant::now(),
            },
        );
        Ok(true)
    }

    fn update(&self, id: &str, f: impl FnOnce(&mut Kept)) {
        if let Some(k) = self.lock().get_mut(id) {
            f(k);
        }
    }
}

/// Starts the analysis of game `id`'s line (`spec` and `moves`, the line's
/// first position the game's ply `first_ply`) unless it is kept already.
pub fn start(
    state: &AppState,
    id: &str,
    entry: &'static GameEntry,
    spec: Value,
    moves: Vec<String>,
    first_ply: usize,
) -> Result<(), Refused> {
    let moves: Vec<String> = moves.into_iter().take(MAX_PLIES).collect();
    if !state.evaluations().begin(id, first_ply, moves.len() + 1)? {
        return Ok(());
    }
    let st = state.clone();
    let id = id.to_string();
    tokio::spawn(async move {
        run(&st, &id, entry, spec, moves).await;
        st.evaluations().update(&id, |k| {
            k.running = false;
            k.evaluation.complete = k.evaluation.error.is_none();
        });
    });
    Ok(())
}

/// Evaluates each position of the line in turn.
async fn run(
    state: &AppState,
    id: &str,
    entry: &'static GameEntry,
    spec: Value,
    moves: Vec<String>,
) {
    let names = entry.seat_names;
    let fail = |why: String| {
        state
            .evaluations()
            .update(id, |k| k.evaluation.error = Some(why))
    };
    for i in 0..=moves.len() {
        if state.pool().is_none() {
            return fail("the engine is off on this server".into());
        }
        let (spec_i, line) = (spec.clone(), moves[..i].to_vec());
        let built = state
            .build("whole-game analysis", move || entry.rebuild(&spec_i, &line))
            .await;
        let game = match built {
            Ok(Ok(g)) => g,
            Ok(Err(e)) => return fail(e.to_string()),
            Err(e) => return fail(e),
        };
        let mover = game.to_move();
        let point = match game.outcome() {
            Some(o) => Some(match o.winner {
                Some(Seat::First) => 1.0,
                Some(Seat::Second) => 0.0,
                None => 0.5,
            }),
            None => search(state, game).await,
        };
        state.evaluations().update(id, |k| {
            k.evaluation.points[i] = point;
            k.evaluation.movers[i] = mover;
            k.evaluation.judge(names);
        });
    }
}

/// The first seat's share at `game`'s position, searched on the engine
/// pool (waiting while the pool has no room for another analysis); `None`
/// where there is nothing to search.
async fn search(state: &AppState, game: BoxedGame) -> Option<f64> {
    loop {
        let pool = state.pool()?;
        let last: Arc<Mutex<Option<f64>>> = Arc::new(Mutex::new(None));
        let seen = last.clone();
        let stop = Arc::new(AtomicBool::new(false));
        let request = AnalysisRequest {
            lines: 1,
            limits: Limits {
                nodes: Some(NODES),
                time: Some(TIME),
                ..Limits::default()
            },
            stop: stop.clone(),
        };
        let sink = Box::new(move |r: AnalysisReport| {
            *seen.lock().unwrap_or_else(|e| e.into_inner()) = Some(r.bar);
        });
        let job = game.analysis_job(request, sink)?;
        match pool.submit_analysis("whole-game analysis".into(), stop, job) {
            Ok(reply) => {
                let _ = reply.await;
                let bar = *last.lock().unwrap_or_else(|e| e.into_inner());
                return bar;
            }
            Err(_) => tokio::time::sleep(Duration::from_millis(300)).await,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NAMES: [&str; 2] = ["White", "Black"];

    #[test]
    fn a_drop_is_judged_by_lichess_thresholds() {
        assert_eq!(Judgement::of(0.04), None);
        assert_eq!(Judgement::of(0.05), Some(Judgement::Inaccuracy));
        assert_eq!(Judgement::of(0.12), Some(Judgement::Mistake));
        assert_eq!(Judgement::of(0.5), Some(Judgement::Blunder));
    }

    #[test]
    fn a_move_is_judged_from_its_movers_side_and_chance_never() {
        let points = [Some(0.5), Some(0.52), Some(0.9), None, Some(0.2), Some(0.1)];
        let movers = [
            Some(Seat::First),
            Some(Seat::Second),
            Some(Seat::First),
            Some(Seat::Second),
            None,
            Some(Seat::First),
        ];
        let m = marks(&points, &movers, 2, NAMES);
        // Ply 3: Black let White's share go from 0.52 to 0.9 (a blunder);
        // White's moves gained; the unknown point and chance's draw are
        // not judged.
        assert_eq!(m.len(), 1, "{m:?}");
        assert_eq!(m[0].ply, 4);
        assert_eq!(m[0].seat, "Black");
        assert_eq!(m[0].judgement, Judgement::Blunder);
        assert_eq!(m[0].drop, 0.38);
    }

    #[test]
    fn the_kept_analyses_are_bounded() {
        let e = Evaluations::default();
        for i in 0..MAX_RUNNING {
            assert_eq!(e.begin(&format!("r{i}"), 0, 3), Ok(true));
        }
        assert_eq!(e.begin("one more", 0, 3), Err(Refused::Busy));
        assert_eq!(e.begin("r0", 0, 3), Ok(false));
        // One that stopped on an error starts again when asked.
        e.update("r0", |k| {
            k.running = false;
            k.evaluation.error = Some("the engine is off".into());
        });
        assert_eq!(e.begin("r0", 0, 3), Ok(true));
        assert_eq!(e.get("r0").map(|v| v.error), Some(None));
        for i in 0..MAX_RUNNING {
            e.update(&format!("r{i}"), |k| k.running = false);
        }
        for i in 0..MAX_KEPT * 2 {
            let id = format!("g{i}");
            assert_eq!(e.begin(&id, 0, 3), Ok(true));
            e.update(&id, |k| k.running = false);
        }
        assert_eq!(e.lock().len(), MAX_KEPT);
    }
}
