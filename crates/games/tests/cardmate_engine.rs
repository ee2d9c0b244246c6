//! The engine sees the tactics of Cardmate, is reproducible, and its handle
//! reports and stops.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use deckmate_engine::handle::SearchHandle;
use deckmate_engine::matches::PlayerSpec;
use deckmate_engine::{Limits, Searcher, WIN};
use deckmate_games::cardmate::matches::run_match;
use deckmate_games::cardmate::tools::CardmateTools;
use deckmate_games::cardmate::{bench, record, CardmateEval};
use deckmate_games::cardmate::{fen, notation, start_position, Options, Position, SetupKind};
use deckmate_games::registry::EngineHook;
use deckmate_rules::{Game, SeededRng};
use std::time::Duration;

const GAME1: &str = "4Ci3 4Db6 8Dj2 8Ca7 8Dh3 8Cc6 7Cb1 7Di8 3Cd3 3Di6 8Hc2 4Dc5 JSf3 9Sa7 \
    9H:c5 9S:c5 2Sa3 9S:a3 1D:a3 8Sh7 3Cd4 8C:d4 8H:d4 8Sg5 JS:g5 3Hc6 JS:g7 6H:g7 \
    8H:c6 JH:c6 1Da4 QSh8 8Di5 QS:h2";

fn after(moves: &str) -> Position {
    let mut pos = start_position(SetupKind::Predefined, 0, Options::default());
    for m in moves.split_whitespace() {
        let mv = notation::parse(&pos, m).unwrap();
        pos.play_move(mv);
    }
    pos
}

fn best(pos: &Position, depth: u32) -> (String, i32) {
    let mut s = Searcher::new(CardmateEval::default(), 16);
    let r = s.search(
        pos,
        &Limits {
            depth: Some(depth),
            ..Limits::default()
        },
        &mut |_| {},
    );
    (notation::write(pos, r.best.unwrap()), r.score)
}

#[test]
fn finds_the_capture_of_the_last_king() {
    // Forehand's Queen takes Rearhand's last King.
    let pos = fen::parse(
        "10/10/10/4Kd5/10/4QC5/10/10/10/KCKH8 F 0 1",
        Options::default(),
    )
    .unwrap();
    let (m, score) = best(&pos, 3);
    assert_eq!(m, "QC:e6×");
    assert!(score > WIN - 10);
}

#[test]
fn avoids_a_move_that_lets_the_last_king_be_taken() {
    // Forehand's only King could take the Two of Hearts on e5, but
    // Rearhand's Queen on e9 would take him back: the game would be lost.
    let pos = fen::parse(
        "4Qs3KsKd/10/10/10/42h5/4KC5/10/10/10/XH9 F 0 1",
        Options::default(),
    )
    .unwrap();
    let king_takes = notation::parse(&pos, "KC:e5").unwrap();
    for depth in 2..=5 {
        let (m, score) = best(&pos, depth);
        assert_ne!(m, "KC:e5", "depth {depth}");
        assert!(score > -WIN + 100, "depth {depth}: {score}");
    }
    for seed in 0..20 {
        let mut p = CardmateTools.level_player(1, seed, None);
        assert_ne!(p.choose(&pos), Some(king_takes), "level 1, seed {seed}");
    }
}

#[test]
fn completes_the_enemy_palace() {
    // Forehand holds e9; the Ten on f1 reaches f9 up the open file.
    let pos = fen::parse(
        "Kd3JS3Ks1/10/10/10/10/10/10/10/5XS4/4KH5 F 0 1",
        Options::default(),
    )
    .unwrap();
    let (m, score) = best(&pos, 2);
    assert_eq!(m, "XSf9#");
    assert!(score > WIN - 10);
    let mut p = CardmateTools.level_player(1, 3, None);
    assert_eq!(notation::write(&pos, p.choose(&pos).unwrap()), "XSf9#");
}

#[test]
fn analyse_gives_the_line_in_notation() {
    let pos = after(&format!("{GAME1} 8D:j7"));
    let study = deckmate_games::cardmate::ENTRY
        .tools
        .unwrap()
        .study(&Default::default(), 0, Some(&fen::write(&pos)), None)
        .unwrap();
    let mut reports = 0;
    let a = study.analyse(
        &Limits {
            depth: Some(6),
            ..Limits::default()
        },
        &mut |rep| {
            reports += 1;
            assert!(rep.line.starts_with("18... "), "{}", rep.line);
        },
    );
    assert!(reports >= 1);
    assert_eq!(a.best.as_deref(), Some("7Dh8"));
    assert!(a.line.starts_with("18... 7Dh8 19."), "{}", a.line);
    assert!(a.score > WIN - 20);
}

#[test]
fn a_short_match_returns_every_record() {
    let r = run_match(
        PlayerSpec::Level(2),
        PlayerSpec::Random,
        4,
        Some(Duration::from_millis(5)),
        11,
        &[],
    )
    .unwrap();
    assert_eq!(r.games.len(), 4);
    assert_eq!(r.wins + r.draws + r.losses, 4);
    for g in &r.games {
        let text = g.record.to_string();
        let parsed = deckmate_rules::Record::parse(&text).unwrap();
        let replay = record::replay(&parsed).unwrap();
        assert_eq!(replay.moves.len(), g.record.moves.len());
        assert!(g.record.result.is_some());
    }
    let (elo, margin) = r.elo();
    assert!(elo.is_finite() && margin >= 0.0);
}

#[test]
fn sample_game_1_finds_the_lure_7dh8() {
    let pos = after(&format!("{GAME1} 8D:j7"));
    let (m, score) = best(&pos, 6);
    assert_eq!(m, "7Dh8", "score {score}");
    assert!(score > WIN - 20, "a forced win: {score}");
}

#[test]
fn sample_game_1_avoids_8d_takes_j7() {
    let pos = after(GAME1);
    let (m, score) = best(&pos, 6);
    assert_ne!(m, "8D:j7");
    assert!(score > -WIN + 100, "{score}");
}

#[test]
fn bench_signature_is_reproducible() {
    let (a, _) = bench::run_capped(4, |_| {}).unwrap();
    let (b, _) = bench::run_capped(4, |_| {}).unwrap();
    assert_eq!(a, b);
    assert!(a > 10_000);
}

#[test]
fn level_1_never_allows_an_immediate_loss() {
    let mut rng = SeededRng::new(9);
    let mut checked = 0;
    let kinds = [SetupKind::Deal, SetupKind::Suits, SetupKind::Ranks];
    for game in 0..12 {
        let kind = kinds[game as usize % 3];
        let mut pos = start_position(kind, game, Options::default());
        // A clock that never runs out: the same moves however loaded the
        // machine is (level 1's depth decides).
        let mut player =
            CardmateTools.level_player(1, game, Some(std::time::Duration::from_secs(60)));
        for _ in 0..120 {
            if pos.end_state().is_some() {
                break;
            }
            let mv = player.choose(&pos).unwrap();
            let mut after = pos.clone();
            after.play_move(mv);
            // Was there a move that did not hand the opponent an immediate win?
            let loses_at_once = |p: &Position| {
                let mut replies = Vec::new();
                p.legal_moves(&mut replies);
                replies.iter().any(|&r| {
                    let mut q = p.clone();
                    q.play_move(r);
                    q.end_state()
                        .is_some_and(|e| e.winner == Some(p.side_to_move()))
                })
            };
            if loses_at_once(&after) {
                let mut all = Vec::new();
                pos.legal_moves(&mut all);
                let safe_exists = all.iter().any(|&m| {
                    let mut q = pos.clone();
                    q.play_move(m);
                    q.end_state().is_some() || !loses_at_once(&q)
                });
                assert!(!safe_exists, "level 1 blundered in {}", fen::write(&pos));
            }
            checked += 1;
            // Random replies for the other side make varied positions.
            pos.play_move(mv);
            if pos.end_state().is_some() {
                break;
            }
            let mut replies = Vec::new();
            pos.legal_moves(&mut replies);
            let r = replies[rng.below(replies.len() as u64) as usize];
            pos.play_move(r);
        }
    }
    assert!(checked > 150, "{checked}");
}

#[test]
fn handle_reports_and_stops() {
    let pos = start_position(SetupKind::Predefined, 0, Options::default());
    let searcher = Searcher::new(CardmateEval::default(), 16);
    let h = SearchHandle::start(
        searcher,
        pos.clone(),
        Limits {
            depth: Some(40),
            ..Limits::default()
        },
    );
    let first = h.next_report().expect("a report");
    assert_eq!(first.depth, 1);
    std::thread::sleep(Duration::from_millis(200));
    h.stop();
    let (r, _) = h.wait().unwrap();
    assert!(r.depth < 40);
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    assert!(legal.contains(&r.best.unwrap()));
}

#[test]
fn the_columns_reproduce_the_evaluation() {
    // Texel's method fits the weights to `columns`: their dot product with
    // the weights is the static evaluation, but for the rounding of the
    // lure and forced-loss costs (under a centipawn per lure, plus one).
    use deckmate_engine::Evaluator;
    use deckmate_games::cardmate::Weights;
    let mut rng = SeededRng::new(35);
    let mut checked = 0;
    let kinds = [
        SetupKind::Predefined,
        SetupKind::Suits,
        SetupKind::Ranks,
        SetupKind::Deal,
    ];
    let mut tuned = Weights::default();
    tuned.values[4] += 37;
    tuned.lure = 77;
    tuned.mobility = 5;
    for weights in [Weights::default(), tuned] {
        let eval = CardmateEval {
            weights: weights.clone(),
        };
        let w = weights.to_columns();
        for game in 0..16 {
            let mut pos = start_position(kinds[game % 4], game as u64, Options::default());
            let mut moves = Vec::new();
            for _ in 0..150 {
                let x = eval.columns(&pos);
                let dot: f64 = x.iter().zip(&w).map(|(a, b)| a * b).sum();
                let e = f64::from(eval.evaluate(&pos));
                let slack = eval.lure_count(&pos) as f64 + 1.0;
                assert!(
                    (dot - e).abs() <= slack,
                    "{}: columns give {dot}, the evaluation {e}",
                    fen::write(&pos)
                );
                checked += 1;
                moves.clear();
                pos.legal_moves(&mut moves);
                if moves.is_empty() || pos.end_state().is_some() {
                    break;
                }
                let m = moves[rng.below(moves.len() as u64) as usize];
                pos.play_move(m);
            }
        }
    }
    assert!(checked > 1000, "{checked}");
    assert_eq!(
        Weights::from_columns(&Weights::default().to_columns()),
        Weights::default()
    );
}
