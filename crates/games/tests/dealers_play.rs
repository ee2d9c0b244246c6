//! Dealer's Chess as a whole game: the arrangement phase's secrecy (D11)
//! through the registry, arrangements as moves, and properties over
//! random games: every move written reads back as itself, every position
//! string reads back as the same position, and a record replays to the
//! same end.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use deckmate_games::dealers::game::{decode, encode};
use deckmate_games::dealers::record::{self, GameSpec};
use deckmate_games::dealers::{
    BoardSize, Catalogue, DealersGame, DealersMove, Decks, PlayOptions, Position, Table,
};
use deckmate_games::list::find;
use deckmate_games::registry::{Options, RecordInfo};
use deckmate_rules::{Game, Seat, SeededRng};
use proptest::prelude::*;
use serde_json::Value;
use std::sync::Arc;

const SEED: u64 = 987_654_321_987;

fn table(size: BoardSize, seed: u64) -> Table {
    let cat = Arc::new(Catalogue::builtin().clone());
    Table::new(
        cat.clone(),
        &Decks::all(&cat),
        size,
        seed,
        PlayOptions::default(),
    )
    .unwrap()
}

/// Everything a shell may show `viewer` of the game now.
fn answers(g: &deckmate_games::registry::BoxedGame, viewer: Option<Seat>) -> String {
    let mut s = Value::Object(g.view(viewer, true)).to_string();
    s.push_str(&format!("{:?}", g.history_seen_by(viewer)));
    if let Some(seat) = viewer {
        s.push_str(&format!("{:?}", g.legal_moves_of(seat)));
    }
    s
}

#[test]
fn d11_an_arrangement_stays_hidden_until_both_are_made() {
    let entry = find("dealers").unwrap();
    let mut g = entry
        .new_game(&Options::defaults(entry.options), SEED)
        .unwrap();
    assert!(g.seed_is_secret());
    // White arranges at random: its text is White's alone.
    let white = g.check_as(Seat::First, "random").unwrap();
    assert!(
        g.check_as(Seat::Second, &white).is_err(),
        "not Black's cards"
    );
    g.play(&white).unwrap();
    assert!(g.secrets_pending());
    let back = white.split('/').next().unwrap();
    for viewer in [Some(Seat::Second), None] {
        let seen = answers(&g, viewer);
        assert!(
            !seen.contains(back),
            "{viewer:?} sees White's back row: {seen}"
        );
        assert!(
            !seen.contains(&SEED.to_string()),
            "{viewer:?} sees the seed"
        );
        assert_eq!(g.history_seen_by(viewer), ["(arranged)"]);
    }
    assert!(answers(&g, Some(Seat::First)).contains(back));
    // White may not arrange twice; Black's random is Black's.
    assert!(g.check_as(Seat::First, "random").is_err());
    let black = g.check_as(Seat::Second, "random").unwrap();
    g.play(&black).unwrap();
    assert!(!g.secrets_pending());
    for viewer in [Some(Seat::First), Some(Seat::Second), None] {
        assert_eq!(g.history_seen_by(viewer), [white.clone(), black.clone()]);
    }
    // The record replays to the same start.
    let info = RecordInfo {
        id: String::new(),
        players: ["A".into(), "B".into()],
        ended: None,
        ..Default::default()
    };
    let rec = g.record(&info);
    assert!(rec.contains(&format!("[Seed \"{SEED}\"]")), "{rec}");
    let replayed = entry.replay_text(&rec).unwrap();
    assert_eq!(replayed.plies, 2);
    assert_eq!(
        replayed.json["position"].as_str(),
        g.view(None, true)["position"].as_str()
    );
}

#[test]
fn d11_random_arrangements_follow_the_seed_and_differ_by_seat() {
    let t = table(BoardSize::Eight, 5);
    assert_eq!(
        t.random(Seat::First),
        table(BoardSize::Eight, 5).random(Seat::First)
    );
    assert_ne!(
        t.random(Seat::First),
        table(BoardSize::Eight, 6).random(Seat::First)
    );
    let g = DealersGame::new(t);
    // A typed arrangement reads whatever its case, and is its cards'
    // seat's.
    let deal = g.table().deal.clone().unwrap();
    let text = format!(
        "{}/{}",
        deal.pieces[1][..7]
            .iter()
            .map(|c| format!("[{c}]"))
            .collect::<String>(),
        deal.pawns[1]
            .iter()
            .map(|c| format!("[{c}]"))
            .collect::<String>()
    );
    let m = g.parse_move(&text.to_ascii_lowercase()).unwrap();
    assert!(matches!(m, DealersMove::Arrange(Seat::Second, _)));
    // Wrong arrangements say why.
    for (bad, why) in [
        ("random", "say whose"),
        ("[zz]/p", "one player's Piece cards"),
        ("no slash", "'/'"),
        (&text.replace('/', "/[P]"), "pawns"),
    ] {
        let err = g.parse_move(bad).unwrap_err().to_string();
        assert!(err.contains(why), "{bad}: {err}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    /// Every arrangement of the dealt cards is one number and back.
    #[test]
    fn arrangements_encode_and_decode(seed in any::<u64>(), ten in any::<bool>(), pick in any::<u64>()) {
        let size = if ten { BoardSize::Ten } else { BoardSize::Eight };
        let t = table(size, seed);
        let deal = t.deal.clone().unwrap();
        for seat in Seat::BOTH {
            let a = deckmate_games::dealers::Arrangement::random(&deal, seat, &mut SeededRng::new(pick));
            let v = encode(&deal, seat, &a).unwrap();
            let mut b = decode(&deal, seat, v).unwrap();
            let mut hand = a.hand.clone();
            hand.sort();
            b.hand.sort();
            prop_assert_eq!(&b.back, &a.back);
            prop_assert_eq!(&b.pawns, &a.pawns);
            prop_assert_eq!(b.hand, hand);
        }
    }

    /// Random games: moves and positions read back as written, and the
    /// record replays to the same position.
    #[test]
    fn random_games_read_back_and_replay(seed in 0u64..1_000_000, ten in any::<bool>()) {
        let size = if ten { BoardSize::Ten } else { BoardSize::Eight };
        let spec = GameSpec { seed, size, ..GameSpec::default() };
        let mut g = spec.start_game().unwrap();
        let mut moves = Vec::new();
        for seat in Seat::BOTH {
            let a = g.table().random(seat).unwrap();
            let m = g.arrange_move(seat, &a).unwrap();
            prop_assert_eq!(g.parse_move(&g.move_text(m)).unwrap(), m);
            g.play(m).unwrap();
            moves.push(m);
        }
        let mut rng = SeededRng::new(seed);
        for _ in 0..60 {
            let p: &Position = g.position().unwrap();
            if p.end_state().is_some() {
                break;
            }
            let again = Position::from_text(&p.text(), Catalogue::builtin(), PlayOptions::default()).unwrap();
            prop_assert_eq!(again.text(), p.text());
            let mut legal = Vec::new();
            p.legal_moves(&mut legal);
            let mut legal2 = Vec::new();
            again.legal_moves(&mut legal2);
            prop_assert_eq!(legal.len(), legal2.len());
            for &m in &legal {
                let text = p.move_text(m);
                prop_assert_eq!(p.parse_move(&text).ok(), Some(m), "{}", text);
            }
            let m = DealersMove::Play(legal[rng.below(legal.len() as u64) as usize]);
            g.play(m).unwrap();
            moves.push(m);
        }
        let rec = record::write(&spec, &moves, None).unwrap();
        let r = record::replay(&rec).unwrap();
        prop_assert_eq!(r.position.position_text(), g.position_text());
    }
}

/// Plays random legal moves through the registry (arrangements `random`)
/// for at most `plies`, stopping once `done` holds for the history.
fn random_registry_game(
    options: &[(&str, &str)],
    seed: u64,
    plies: usize,
    done: impl Fn(&[String]) -> bool,
) -> deckmate_games::registry::BoxedGame {
    let entry = find("dealers").unwrap();
    let opts = Options::parse(entry.options, options.iter().copied()).unwrap();
    let mut g = entry.new_game(&opts, seed).unwrap();
    let mut rng = SeededRng::new(seed);
    for _ in 0..plies {
        if g.outcome().is_some() || done(g.history()) {
            break;
        }
        let Some(seat) = Seat::BOTH.into_iter().find(|&s| g.to_act().includes(s)) else {
            break;
        };
        let moves = g.legal_moves_of(seat);
        if moves.is_empty() {
            break;
        }
        // Mostly the move that goes furthest forward (pawns reach their
        // last rank), else any.
        let forward = |m: &Value| {
            let rank: i64 = m["to"].as_str().map_or(0, |t| t[1..].parse().unwrap_or(0));
            if seat == Seat::First {
                rank
            } else {
                -rank
            }
        };
        let pick = if rng.below(10) < 7 {
            moves.iter().max_by_key(|m| forward(m)).unwrap()
        } else {
            &moves[rng.below(moves.len() as u64) as usize]
        };
        let text = pick["text"].as_str().unwrap().to_string();
        let canonical = g.check_as(seat, &text).unwrap();
        g.play(&canonical).unwrap();
    }
    g
}

#[test]
fn d6_big_deck_games_draw_from_the_seed_and_replay() {
    let info = RecordInfo {
        id: String::new(),
        players: ["A".into(), "B".into()],
        ended: None,
        ..Default::default()
    };
    let mut drew = 0;
    for seed in 0..40 {
        let g = random_registry_game(&[("alternate", "big-deck")], seed, 400, |h| {
            h.iter().any(|t| t.starts_with('='))
        });
        if !g.history().iter().any(|t| t.starts_with("draw:")) {
            continue;
        }
        drew += 1;
        // The seed decides the draws to come: secret while the game goes on.
        assert_eq!(g.secrets_pending(), g.outcome().is_none(), "seed {seed}");
        assert!(g.seed_is_secret());
        let rec = g.record(&info);
        assert!(rec.contains("[Alternate \"big-deck\"]"), "{rec}");
        let r = find("dealers").unwrap().replay_text(&rec).unwrap();
        assert_eq!(
            r.json["position"].as_str(),
            g.view(None, true)["position"].as_str(),
            "seed {seed}"
        );
        if drew >= 3 {
            break;
        }
    }
    assert!(drew >= 1, "no random game reached a promotion");
}

#[test]
fn d6_simplified_games_play_and_replay() {
    let info = RecordInfo {
        id: String::new(),
        players: ["A".into(), "B".into()],
        ended: None,
        ..Default::default()
    };
    for seed in 0..3 {
        let g = random_registry_game(&[("alternate", "simplified")], seed, 60, |_| false);
        let rec = g.record(&info);
        let r = find("dealers").unwrap().replay_text(&rec).unwrap();
        assert_eq!(
            r.json["position"].as_str(),
            g.view(None, true)["position"].as_str()
        );
    }
    // simplified is played on 8x8 only.
    let entry = find("dealers").unwrap();
    let opts = Options::parse(
        entry.options,
        [("alternate", "simplified"), ("board", "10x10")],
    )
    .unwrap();
    assert!(entry.new_game(&opts, 1).is_err());
}

/// Any text is read as a move or an arrangement, or refused with a
/// reason: never a panic; what reads is legal and writes back to itself.
#[test]
fn any_text_is_read_or_refused() {
    let mid = "1[AR][ZE][gn]3[li]/[cc]3[kp]*[lp]*[rx][re]*/1[fp]2[le]2[ki]/[ep][gp]1[jp]4/3[LB]4/[BP]3[GR][un][NR]1/[AP]*1[CP]*1[MG]*1[ZO]*[HP]*/1[CA]1[CH][PG]3 w - d6:d5 [AL][DA][FE][GI][VA][BI]/[px][sq][st][th][cn][ma]/[WA][TU] 0 21";
    let pos = Position::from_text(mid, Catalogue::builtin(), PlayOptions::default()).unwrap();
    let g = GameSpec {
        seed: 3,
        ..GameSpec::default()
    }
    .start_game()
    .unwrap();
    // Any text of the notation's characters, or one near a text the game
    // writes: a legal move's in the middle game, an arrangement's.
    let mut legal = Vec::new();
    Game::legal_moves(&pos, &mut legal);
    let mut texts: Vec<String> = legal.iter().map(|&m| pos.move_text(m)).collect();
    let mut arrangements = Vec::new();
    Game::legal_moves(&g, &mut arrangements);
    texts.extend(arrangements.iter().take(8).map(|&m| g.move_text(m)));
    let strategy = prop_oneof![
        "[a-lA-Z0-9\\[\\]/=()x:+#.\\- ]{0,40}|random( white| black)?|draw:.{0,12}",
        crate::counted::near_one_of(texts),
    ];
    // 107 of the 400 read (69 before the written texts, none of them in
    // the middle game).
    crate::counted::run(
        "dealers_play::any_text_is_read_or_refused",
        400,
        50,
        strategy,
        |text: String| {
            let mut checked = false;
            if let Ok(m) = pos.parse_move(&text) {
                let mut legal = Vec::new();
                Game::legal_moves(&pos, &mut legal);
                prop_assert!(legal.contains(&m));
                prop_assert_eq!(pos.parse_move(&pos.move_text(m)).ok(), Some(m));
                checked = true;
            } else {
                prop_assert!(!pos.parse_move(&text).unwrap_err().to_string().is_empty());
            }
            if let Ok(m) = g.parse_move(&text) {
                prop_assert_eq!(g.parse_move(&g.move_text(m)).ok(), Some(m));
                checked = true;
            }
            Ok(checked)
        },
    );
}

#[test]
fn d11_a_re_deal_is_offered_agreed_or_declined_and_replays() {
    let entry = find("dealers").unwrap();
    let mut g = entry
        .new_game(&Options::defaults(entry.options), SEED)
        .unwrap();
    let deal = |g: &deckmate_games::registry::BoxedGame| {
        g.view(Some(Seat::First), true)["deal"]["seats"].clone()
    };
    let first = deal(&g);
    // White offers; Black declines: the same deal.
    g.play(&g.check_as(Seat::First, "redeal").unwrap()).unwrap();
    assert_eq!(g.to_act(), deckmate_rules::ToAct::Seat(Seat::Second));
    assert!(
        g.check_as(Seat::Second, "random").is_err(),
        "an offer is answered first"
    );
    g.play(&g.check_as(Seat::Second, "keep").unwrap()).unwrap();
    assert_eq!(deal(&g), first);
    // White arranges; Black offers, White agrees: a new deal, nothing
    // arranged.
    g.play(&g.check_as(Seat::First, "random").unwrap()).unwrap();
    g.play(&g.check_as(Seat::Second, "redeal").unwrap())
        .unwrap();
    assert!(g.check_as(Seat::Second, "redeal").is_err(), "not twice");
    g.play(&g.check_as(Seat::First, "redeal").unwrap()).unwrap();
    let second = deal(&g);
    assert_ne!(second, first);
    assert_eq!(g.to_act(), deckmate_rules::ToAct::Both);
    // Everyone sees the offers and answers; the old arrangement stays
    // hidden from Black.
    let seen = g.history_seen_by(Some(Seat::Second));
    assert_eq!(
        seen,
        [
            "redeal-white",
            "keep-black",
            "(arranged)",
            "redeal-black",
            "redeal-white"
        ]
    );
    for s in Seat::BOTH {
        g.play(&g.check_as(s, "random").unwrap()).unwrap();
    }
    let info = RecordInfo {
        id: String::new(),
        players: ["A".into(), "B".into()],
        ended: None,
        ..Default::default()
    };
    let rec = g.record(&info);
    let r = entry.replay_text(&rec).unwrap();
    assert_eq!(
        r.json["position"].as_str(),
        g.view(None, true)["position"].as_str()
    );
}
