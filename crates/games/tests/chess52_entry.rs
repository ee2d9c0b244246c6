//! 52Chess as a game of the registry: the seed's draws, kept secret until
//! the end, records that replay (and refuse a card not the seed's), the
//! game rebuilt from its spec, the move list by turns, and the computer's
//! moves.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use deckmate_games::chess52::{Card, Chess52Board, Move, ENTRY};
use deckmate_games::registry::{BoardHook, BoxedGame, Options, RecordInfo};
use deckmate_rules::{Game, Seat, SeededRng};
use serde_json::Value;

const SEED: u64 = 987_654_321_987;

fn info() -> RecordInfo {
    RecordInfo {
        id: String::new(),
        players: ["A".into(), "B".into()],
        ended: None,
        ..Default::default()
    }
}

/// Everything a shell may send anyone about the game now.
fn answers(g: &BoxedGame) -> String {
    let mut s = String::new();
    for viewer in [Some(Seat::First), Some(Seat::Second), None] {
        s.push_str(&Value::Object(g.view(viewer, true)).to_string());
        s.push_str(&format!("{:?}", g.history_seen_by(viewer)));
        s.push_str(&format!("{:?}", g.move_lines()));
        s.push_str(&g.progress());
        if let Some(seat) = viewer {
            s.push_str(&Value::Array(g.legal_moves_of(seat)).to_string());
        }
    }
    s
}

#[test]
fn the_first_card_is_the_seeds_first_draw_and_every_turn_draws() {
    let g = ENTRY.new_game(&Options::default(), SEED).expect("a game");
    let card = Card::from_index(SeededRng::new(SEED).below(52) as usize).expect("a card");
    assert_eq!(g.history(), [format!("[{card}]")]);
    assert!(g.is_chance_ply(0));
    assert_eq!(g.to_move(), Some(Seat::First));
    let v = g.view(Some(Seat::First), true);
    assert_eq!(v["drawn_card"]["name"], card.to_string());
    assert_eq!(v["board"]["files"], 4);
    assert_eq!(v["board"]["ranks"], 13);
    assert_eq!(v["pieces"].as_array().map(Vec::len), Some(32));
    let square = v["drawn_card"]["square"].clone();
    assert_eq!(v["board"]["marked"][0], square);
    assert!(v["turn_note"]
        .as_str()
        .is_some_and(|n| n.starts_with(&format!("Card drawn: {card}"))));
    // A teleport goes from its piece to the card's square.
    for m in g.legal_moves_of(Seat::First) {
        if m["teleport"] == true {
            assert_eq!(m["to"], square, "{m}");
        }
    }
}

#[test]
fn the_seed_is_secret_until_the_end_and_the_finished_record_replays() {
    let secret = SEED.to_string();
    let mut rng = SeededRng::new(3);
    let mut g = ENTRY.new_game(&Options::default(), SEED).expect("a game");
    let mut plies = 0;
    while g.outcome().is_none() && plies < 3000 {
        assert!(g.secrets_pending());
        let a = answers(&g);
        assert!(!a.contains(&secret), "the seed in an answer: {a}");
        let rec = g.record(&info());
        assert!(!rec.contains(&secret) && !rec.contains("Seed"), "{rec}");
        let seat = g.to_move().expect("a seat to move");
        let moves = g.legal_moves_of(seat);
        let text = moves[rng.below(moves.len() as u64) as usize]["text"]
            .as_str()
            .unwrap_or_default()
            .to_string();
        g.play(&text).expect("a legal move");
        plies += 1;
    }
    assert!(g.outcome().is_some(), "the game ends");
    assert!(!g.secrets_pending());
    let rec = g.record(&info());
    assert!(rec.contains(&format!("[Seed \"{SEED}\"]")), "{rec}");
    let n = g.history().len();
    let r = ENTRY.replay_text(&rec).expect("the record replays");
    assert_eq!(r.plies, n);
    assert_ne!(r.result, "*");
    // Without its seed it replays too, its cards as written.
    let unseeded = rec.replace(&format!("[Seed \"{SEED}\"]\n"), "");
    assert_eq!(ENTRY.replay_text(&unseeded).map(|r| r.plies), Ok(n));
    // A card that is not the seed's draw is refused at that move, also
    // when the move after it is legal with either card.
    let third_card = g.history()[4].clone();
    let other = if third_card == "[AC]" { "[2C]" } else { "[AC]" };
    let moves: Vec<String> = g.history().to_vec();
    let mut changed = moves.clone();
    changed[4] = other.to_string();
    let text = format!(
        "[Variant \"52Chess\"]\n[Seed \"{SEED}\"]\n\n1. {}\n",
        changed[..5].join(" ")
    );
    let f = ENTRY.replay_text(&text).expect_err("refused");
    assert_eq!(f.json["ply"], 5, "{}", f.message);
    assert!(f.message.contains("the seed"), "{}", f.message);
    // The game rebuilds from its spec, with its draws or without them.
    let spec = g.spec();
    let all = ENTRY.rebuild(&spec, &moves).expect("rebuilt");
    assert_eq!(all.history(), g.history());
    let seats: Vec<String> = (0..n)
        .filter(|&i| !g.is_chance_ply(i))
        .map(|i| moves[i].clone())
        .collect();
    let again = ENTRY
        .rebuild(&spec, &seats)
        .expect("rebuilt from the moves");
    assert_eq!(again.history(), g.history());
    assert!(ENTRY.rebuild(&spec, &changed).is_err());
}

#[test]
fn move_lines_number_turns_with_their_cards() {
    let mut g = ENTRY.new_game(&Options::default(), 1).expect("a game");
    for _ in 0..3 {
        let seat = g.to_move().expect("a seat to move");
        let text = g.legal_moves_of(seat)[0]["text"]
            .as_str()
            .unwrap_or_default()
            .to_string();
        g.play(&text).expect("legal");
    }
    // [c] m [c] m | [c] m [c]
    let lines = g.move_lines();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0].label, "1.");
    assert_eq!(lines[0].plies, vec![0, 1, 2, 3]);
    assert_eq!(lines[1].plies, vec![4, 5, 6]);
    assert_eq!(g.progress(), "move 2");
}

#[test]
fn the_computer_moves_with_the_card_drawn() {
    let g = ENTRY.new_game(&Options::default(), 5).expect("a game");
    let job = g.engine_job(1, 0);
    let text = job().expect("a move");
    assert!(g.check(&text).is_ok(), "{text}");
}

#[test]
fn the_computer_takes_the_king_when_the_card_lets_it() {
    // White's Rook on d5 takes the King on d13 along the open file.
    let pos = deckmate_games::chess52::fen::parse("3k/4/4/4/4/4/4/4/3R/4/4/4/K3 w - 0 1")
        .expect("a position");
    for card in ["AC", "7H", "KS"] {
        let mut p = pos.clone();
        p.play_move(Move::Draw(Card::parse(card).expect("a card")));
        for level in [1, 4] {
            let m = Chess52Board::engine_move(&p, level, 3).expect("a move");
            assert_eq!(p.move_text(m), "Rxd13", "level {level}, card {card}");
        }
    }
}
