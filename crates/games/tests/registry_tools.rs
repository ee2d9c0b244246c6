//! The engine tools through the registry, for every board game: studies
//! (perft, analysis, the outcomes of a draw, typed refusals), the bench and
//! matches.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use deckmate_games::list::{find, GAMES};
use deckmate_games::registry::{
    mean_outcome_score, EngineTools, Limits, MatchSettings, Options, PlayerSpec, Study, StudyError,
};
use deckmate_games::{cardmate, chess52, cuarenta};
use deckmate_rules::{perft, Game};
use std::time::Duration;

fn tools(key: &str) -> &'static dyn EngineTools {
    find(key).and_then(|g| g.tools).expect("a board game")
}

fn study(key: &str, fen: Option<&str>, moves: Option<&str>) -> Box<dyn Study> {
    let g = find(key).expect("registered");
    tools(key)
        .study(&Options::defaults(g.options), 0, fen, moves)
        .expect("a position")
}

#[test]
fn the_board_games_have_tools_and_chess_cards_none() {
    let with: Vec<&str> = GAMES
        .iter()
        .filter(|g| g.tools.is_some())
        .map(|g| g.key)
        .collect();
    assert_eq!(with, ["cardmate", "cuarenta", "52chess", "dealers"]);
    assert!(tools("cardmate").seeded_start());
    assert!(tools("dealers").seeded_start());
    assert_eq!(tools("dealers").bench_prefix(), "dealers ");
    assert!(!tools("cuarenta").seeded_start());
    assert!(!tools("52chess").seeded_start());
    assert_eq!(tools("cardmate").bench_prefix(), "");
    assert_eq!(tools("cuarenta").bench_prefix(), "cuarenta ");
    assert_eq!(tools("52chess").bench_prefix(), "52chess ");
}

#[test]
fn perft_through_the_registry_is_perft_on_the_position() {
    let moves = "1. 4Ci3 4Db6";
    let mut pos = cardmate::start_position(cardmate::SetupKind::Predefined, 0, Default::default());
    for m in ["4Ci3", "4Db6"] {
        let mv = pos.parse_move(m).expect("legal");
        pos.play_unchecked(mv);
    }
    let s = study("cardmate", None, Some(moves));
    assert_eq!(s.position_text(), pos.position_text());
    for d in 0..=3 {
        assert_eq!(s.perft(d), perft(&pos, d), "cardmate depth {d}");
    }
    let c = cuarenta::start_position();
    let s = study("cuarenta", None, None);
    for d in 0..=3 {
        assert_eq!(s.perft(d), perft(&c, d), "cuarenta depth {d}");
    }
    assert_eq!(s.perft(3), 12377);
    // Divided, the counts add up, each first move by its text.
    let div = s.perft_divide(2);
    assert_eq!(div.len(), 22);
    assert_eq!(div.iter().map(|(_, n)| n).sum::<u64>(), s.perft(2));
    assert!(div.iter().any(|(m, _)| m == "Pbc4"));
    assert!(s.perft_divide(0).is_empty());
}

#[test]
fn every_card_is_analysed_before_a_52chess_draw_and_idle_cards_share() {
    let s = study("52chess", None, Some("1. [7H] b6"));
    assert!(s.chance_acts());
    let limits = Limits {
        depth: Some(1),
        ..Limits::default()
    };
    let mut seen = 0;
    let all = s.analyse_outcomes(&limits, &mut |_| seen += 1);
    assert_eq!((all.len(), seen), (52, 52));
    assert!(all
        .iter()
        .all(|o| o.weight == 1 && o.analysis.best.is_some()));
    // Every shared analysis points to an earlier, searched one with the
    // same result.
    for o in &all {
        if let Some(i) = o.same_as {
            assert!(all[i].same_as.is_none());
            assert_eq!(all[i].analysis, o.analysis);
        }
    }
    // The cards that let nothing teleport (a1 is White's Rook's square)
    // share; the empty squares Black's pieces reach do not.
    assert_eq!(all[1].outcome, "[2C]");
    assert_eq!(all[1].same_as, Some(0));
    let searched = all.iter().filter(|o| o.same_as.is_none()).count();
    assert!((10..52).contains(&searched), "{searched}");
    // The mean is the weighted mean, rounded down.
    let sum: i64 = all.iter().map(|o| i64::from(o.analysis.score)).sum();
    assert_eq!(i64::from(mean_outcome_score(&all)), sum.div_euclid(52));
    // Where a seat acts, there is nothing to draw.
    let drawn = study("52chess", None, Some("1. [7H] b6 [8H]"));
    assert!(!drawn.chance_acts());
    assert!(drawn.analyse_outcomes(&limits, &mut |_| {}).is_empty());
    assert!(study("cuarenta", None, None)
        .analyse_outcomes(&limits, &mut |_| {})
        .is_empty());
}

#[test]
fn before_a_draw_the_score_is_the_drawing_sides() {
    // Black to draw: the search values the chance root for White; the
    // analysis turns it to Black's, as every other score.
    let limits = Limits {
        depth: Some(1),
        ..Limits::default()
    };
    let s = study("52chess", None, Some("1. [7H] b6"));
    let a = s.analyse(&limits, &mut |_| {});
    assert_eq!(a.best, None);
    let mut pos = chess52::Chess52::start();
    for m in ["[7H]", "b6"] {
        let mv = pos.parse_move(m).expect("legal");
        pos.play_unchecked(mv);
    }
    let r = chess52::engine::searcher(64).search(&pos, &limits, &mut |_| {});
    assert_eq!(a.score, -r.score);
}

#[test]
fn the_seed_and_options_decide_a_cardmate_start() {
    let g = find("cardmate").expect("registered");
    let deal = Options::parse(g.options, [("setup", "deal")]).expect("names");
    let t = tools("cardmate");
    let a = t.study(&deal, 7, None, None).expect("dealt");
    let b = t.study(&deal, 8, None, None).expect("dealt");
    assert_ne!(a.position_text(), b.position_text());
    let again = t.study(&deal, 7, None, None).expect("dealt");
    assert_eq!(a.position_text(), again.position_text());
    let bad = Options::parse(g.options, [("palace", "castle")]).expect("names");
    let e = t.study(&bad, 0, None, None).err();
    assert!(matches!(e, Some(StudyError::Option(_))), "{e:?}");
    let text = e.map(|e| e.to_string()).unwrap_or_default();
    assert!(
        text.starts_with("--palace: unknown palace rule 'castle'"),
        "{text}"
    );
}

#[test]
fn a_study_refuses_a_bad_position_string_or_move_with_the_typed_error() {
    for (key, fields) in [("cardmate", "4 fields"), ("cuarenta", "5 fields")] {
        let g = find(key).expect("registered");
        let e = tools(key)
            .study(&Options::defaults(g.options), 0, Some("nonsense"), None)
            .err();
        assert!(matches!(e, Some(StudyError::Position(_))), "{key}: {e:?}");
        let text = e.map(|e| e.to_string()).unwrap_or_default();
        assert!(
            text.starts_with("--fen: ") && text.contains(fields),
            "{text}"
        );
    }
    let e = tools("cuarenta")
        .study(&Options::default(), 0, None, Some("1. Fa4 Pc6"))
        .err();
    assert!(matches!(e, Some(StudyError::Move(_))), "{e:?}");
    let text = e.map(|e| e.to_string()).unwrap_or_default();
    assert!(
        text.starts_with("--moves: move 1... Pc6 (Black, ply 2): ") && text.contains("ambiguous"),
        "{text}"
    );
    let e = tools("cardmate")
        .study(&Options::default(), 0, None, Some("1. 4Ci3 {never closed"))
        .err();
    assert!(matches!(e, Some(StudyError::Movetext(_))), "{e:?}");
}

#[test]
fn an_analysis_reports_numbered_lines_and_a_legal_best_move() {
    let s = study("cuarenta", None, Some("1. Fa4"));
    let mut reports = Vec::new();
    let a = s.analyse(
        &Limits {
            depth: Some(3),
            ..Limits::default()
        },
        &mut |r| reports.push(r.clone()),
    );
    assert_eq!(
        reports.iter().map(|r| r.depth).collect::<Vec<_>>(),
        [1, 2, 3]
    );
    assert!(
        reports.iter().all(|r| r.line.starts_with("1... ")),
        "{reports:?}"
    );
    let best = a.best.expect("a move");
    assert!(a.line.starts_with(&format!("1... {best}")), "{}", a.line);
    assert_eq!(a.depth, 3);
    let mut pos = cuarenta::start_position();
    let fa4 = pos.parse_move("Fa4").expect("legal");
    pos.play_unchecked(fa4);
    assert!(pos.parse_move(&best).is_ok(), "{best}");
    assert!(s.outcome().is_none());
}

#[test]
fn a_finished_game_has_an_outcome_and_no_moves() {
    // King, Bishop and Guard against a lone King.
    let fen = "*1*1*1*1*/k*1*1*1*1/*1*1*1*1*/1*1*B*1*1/*1*1*1*1*/1*1*G*1*1/\
               *C*1*1*1*/1*1*K*1*1/*1*1*1*1* w - 0 1";
    let s = study(
        "cuarenta",
        Some(fen),
        Some("1. Kd3 Kb7 2. Kc4 Ka8 3. Gc6# 1-0"),
    );
    let end = s.outcome().expect("over");
    assert_eq!(end.reason, "White checkmated Black");
    assert_eq!(s.perft(1), 0);
    assert!(s.perft_divide(2).is_empty());
    let a = s.analyse(
        &Limits {
            depth: Some(2),
            ..Limits::default()
        },
        &mut |_| {},
    );
    assert!(a.best.is_none());
}

#[test]
fn the_bench_through_the_registry_is_each_games_signature() {
    let mut lines = 0;
    let (n, _) = tools("cardmate")
        .bench(3, &mut |_| lines += 1)
        .expect("bench");
    assert_eq!(lines, cardmate::bench::POSITIONS.len());
    let (m, _) = cardmate::bench::run_capped(3, |_| {}).expect("bench");
    assert_eq!(n, m);
    let (n, _) = tools("cuarenta").bench(3, &mut |_| {}).expect("bench");
    let (m, _) = cuarenta::tools::bench(3, |_| {}).expect("bench");
    assert_eq!(n, m);
}

#[test]
fn a_match_through_the_registry_reports_every_game_with_its_record() {
    let settings = MatchSettings {
        a: PlayerSpec::Random,
        b: PlayerSpec::Level(1),
        games: 2,
        time: Duration::from_millis(10),
        seed: 3,
        max_plies: 60,
    };
    // Every board game of the list; each record replays through its entry.
    for entry in GAMES.iter().filter(|g| g.tools.is_some()) {
        let key = entry.key;
        let mut seen = Vec::new();
        let r = tools(key)
            .play_match(&settings, &mut |i, game| {
                seen.push((i, game.a_first));
                let replayed = entry.replay_text(&game.record.to_string());
                assert!(
                    replayed.is_ok(),
                    "{key} game {i}: {:?} {}",
                    replayed.as_ref().err(),
                    game.record
                );
            })
            .expect("played");
        assert_eq!(seen, [(0, true), (1, false)], "{key}");
        assert_eq!(r.wins + r.draws + r.losses, 2);
        assert!(!tools(key).match_help().is_empty());
    }
}
