//! Chess Cards as a game of the registry: a match of two games (M11), the
//! page's sample game replayed from its record to 242, refusals that name
//! the game and the play, mangled records, and a mate's score as a sum.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use deckmate_games::chess_cards::notation::parse_turn;
use deckmate_games::chess_cards::{score_sum, Card, Match, SacrificeCount, ENTRY};
use deckmate_games::registry::{Options, PlayedGame};
use deckmate_rules::Seat;
use serde_json::json;

/// Plays the first legal turn of the registry's game `g`, and the same
/// turn in the match `m` it is held against.
fn play_first(g: &mut dyn PlayedGame, m: &mut Match) {
    let t = g.legal_moves_of(g.to_move().expect("a seat to move"))[0]["text"]
        .as_str()
        .unwrap()
        .to_string();
    g.play(&t).unwrap();
    m.play(parse_turn(&t).unwrap());
}

#[test]
fn chess_cards_match_m11_second_game_swaps_people() {
    let mut g = ENTRY.new_game(&Options::default(), 7).unwrap();
    // The match the game plays: the deal of its seed, given the same turns.
    let mut m = Match::deal(7, SacrificeCount::Net);
    assert_eq!(
        g.view(None, true)["dealt"],
        json!([m.dealer.to_string(), m.other.to_string()])
    );
    assert_eq!(g.to_move(), Some(Seat::First));
    // Play game 1 out by the first legal turn each time.
    while m.games.len() == 1 {
        play_first(g.as_mut(), &mut m);
        assert_eq!(g.view(None, true)["game"], json!(m.games.len()));
    }
    assert!(m.games[0].finish.is_some());
    // Game 2: the other leads, holding the dealer's hand as dealt.
    assert_eq!(g.to_move(), Some(Seat::Second));
    assert_eq!(m.games[1].hands[0], m.dealer);
    assert!(g.outcome().is_none());
    let lines = g.move_lines();
    assert!(lines
        .iter()
        .any(|l| l.heading.as_deref() == Some("Game 2: Other leads")));
}

/// A finished match's outcome carries the players' totals as data (M11:
/// the higher total wins), the same numbers its reason gives in words.
#[test]
fn a_matchs_outcome_carries_its_points() {
    for seed in [7, 11, 23] {
        let mut g = ENTRY.new_game(&Options::default(), seed).unwrap();
        let mut m = Match::deal(seed, SacrificeCount::Net);
        while g.outcome().is_none() {
            play_first(g.as_mut(), &mut m);
        }
        let end = g.outcome().unwrap();
        let [a, b] = m.totals();
        assert_eq!(end.points, Some([a, b]), "seed {seed}: {}", end.reason);
        let (hi, lo) = (a.max(b), a.min(b));
        assert!(
            end.reason.contains(&format!("{hi} to {lo}"))
                || end.reason.contains(&format!("{a} each")),
            "seed {seed}: {}",
            end.reason
        );
        let winner = match a.cmp(&b) {
            std::cmp::Ordering::Greater => Some(Seat::First),
            std::cmp::Ordering::Less => Some(Seat::Second),
            std::cmp::Ordering::Equal => None,
        };
        assert_eq!(end.winner, winner, "seed {seed}: {}", end.reason);
    }
}

const SAMPLE: &str = "[Variant \"Chess Cards\"]\n[Dealer \"bQ rQ yQ wQ rR yR wR yB wN bP\"]\n\
[Other \"bR bB rB wB bN rN yN rP yP wP\"]\n\n\
1. yR (yP)yN 2. wQ wB 3. rQ rP 4. (wR)yB rB 5. rN (yQ)rR 6. (wN)bP bB\n\
7. bR bQ 8. bQ bN 9. bQ#! 1-0\n";

#[test]
fn the_sample_game_replays_to_242() {
    let r = ENTRY.replay_text(SAMPLE).unwrap();
    assert_eq!(r.json["totals"][0], 242);
    assert_eq!(r.json["result"], "1-0");
    assert_eq!(r.json["plies"], 17);
    assert!(r.view.is_none());
    assert!(
        r.text
            .contains("player 1 mates with bQ on move 9, multiplier 11: 242"),
        "{}",
        r.text
    );
}

#[test]
fn a_bad_play_names_the_game_and_play() {
    let bad = SAMPLE.replace("3. rQ rP", "3. rQ wP");
    let f = ENTRY.replay_text(&bad).unwrap_err();
    assert_eq!(
        (f.json["game"].as_u64(), f.json["ply"].as_u64()),
        (Some(1), Some(6))
    );
    assert!(f.message.contains("game 1: move 3"), "{}", f.message);
}

#[test]
fn mangled_records_never_panic() {
    let mut rng = deckmate_rules::SeededRng::new(5);
    let base = SAMPLE.as_bytes();
    for _ in 0..2000 {
        let mut b = base.to_vec();
        for _ in 0..1 + rng.below(3) {
            let at = rng.below(b.len() as u64) as usize;
            let noise = b"()*#![]\" \nbryw QRBNP0123456789.";
            b[at] = noise[rng.below(noise.len() as u64) as usize];
        }
        if let Ok(t) = std::str::from_utf8(&b) {
            let _ = ENTRY.replay_text(t);
        }
    }
}

#[test]
fn chess_cards_scores_sum_overmate() {
    let c = Card::parse("bQ").unwrap();
    assert_eq!(score_sum(c, 11, 242), "11 x 11 x 2 = 242");
    assert_eq!(score_sum(c, 10, 110), "11 x 10 = 110");
}
