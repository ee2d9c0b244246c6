//! Chess Cards rulings M1-M10, the page's figures and the rebuilt sample
//! game ("Overmate", 242), and the refusals that say which ruling a turn
//! breaks.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use deckmate_games::chess_cards::notation::parse_turn;
use deckmate_games::chess_cards::{
    score, Card, ChessCards, End, EndReason, Hand, SacrificeCount, Turn, NO_MATE,
};
use deckmate_rules::Seat;

fn c(s: &str) -> Card {
    Card::parse(s).unwrap()
}

fn h(s: &str) -> Hand {
    Hand::parse(s).unwrap()
}

/// Plays "card", "(sac)card" or "card*" (privilege) as the seat to act.
fn play(g: &mut ChessCards, text: &str) {
    let privilege = text.ends_with('*');
    let text = text.trim_end_matches('*');
    let (sac, card) = match text.strip_prefix('(') {
        Some(rest) => {
            let (s, c) = rest.split_once(')').unwrap();
            (Some(Card::parse(s).unwrap()), Card::parse(c).unwrap())
        }
        None => (None, Card::parse(text).unwrap()),
    };
    let t = Turn {
        sacrifice: sac,
        card,
        privilege,
    };
    assert!(
        g.turns().contains(&t),
        "{text} is not legal; legal: {:?}",
        g.turns()
    );
    g.play(t);
}

/// The sample game's plays, lead then reply, to the mate.
const SAMPLE: [&str; 17] = [
    "yR", "(yP)yN", "wQ", "wB", "rQ", "rP", "(wR)yB", "rB", "rN", "(yQ)rR", "(wN)bP", "bB", "bR",
    "bQ", "bQ", "bN", "bQ",
];

fn sample() -> ChessCards {
    ChessCards::new(
        h("bQ rQ yQ wQ rR yR wR yB wN bP"),
        h("bR bB rB wB bN rN yN rP yP wP"),
        SacrificeCount::Net,
    )
    .unwrap()
}

#[test]
fn chess_cards_page_figures() {
    assert_eq!(score(c("bN"), 1), 3);
    assert_eq!(score(c("bQ"), 10), 110);
    assert_eq!(score(c("bB"), 7 + 1), 32);
    assert_eq!(score(c("bB"), 7 + 2), 36);
    assert_eq!(score(c("bQ"), 15), 990);
    assert_eq!(score(c("bQ"), 11), 242);
}

#[test]
fn chess_cards_m9_m10_sample_game_overmate_242() {
    let mut g = sample();
    let moves = [
        ("yR", "(yP)yN"),
        ("wQ", "wB"),
        ("rQ", "rP"),
        ("(wR)yB", "rB"),
        ("rN", "(yQ)rR"),
        ("(wN)bP", "bB"),
        ("bR", "bQ"),
        ("bQ", "bN"),
    ];
    let winners = [0, 0, 0, 1, 0, 1, 0, 0];
    for (i, (lead, reply)) in moves.iter().enumerate() {
        play(&mut g, lead);
        play(&mut g, reply);
        assert_eq!(g.leader.index(), winners[i], "move {}", i + 1);
    }
    assert!(g.hands[0].is_empty(), "A's hand is empty after move 7");
    play(&mut g, "bQ");
    match g.finish {
        Some(End {
            winner: Some(by),
            reason:
                EndReason::Mate {
                    card,
                    move_no,
                    multiplier,
                    score,
                },
        }) => {
            assert_eq!(
                (by, card, move_no, multiplier, score),
                (Seat::First, c("bQ"), 9, 11, 242)
            );
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(g.value(), 242);
}

#[test]
fn chess_cards_m9_gross_option_counts_own_sacrifices_only() {
    let mut g = sample();
    g.count = SacrificeCount::Gross;
    for m in SAMPLE {
        play(&mut g, m);
    }
    // 9 + 3 = 12: overmate 2, x3.
    assert_eq!(g.value(), 11 * 12 * 3);
}

#[test]
fn chess_cards_m2_dealer_leads_and_winner_leads_next() {
    let mut g = sample();
    assert_eq!(g.to_act(), Some(Seat::First));
    play(&mut g, "(wR)yB");
    // B has yellow: must reply yellow.
    let replies: Vec<String> = g
        .turns()
        .iter()
        .filter(|t| t.sacrifice.is_none())
        .map(|t| t.card.to_string())
        .collect();
    assert_eq!(replies, vec!["yP", "yN"]);
    play(&mut g, "yN");
    assert_eq!(g.leader, Seat::First); // B over N
}

#[test]
fn chess_cards_m3_m4_reply_by_suit_then_by_type() {
    let mut g = ChessCards::new(
        h("bQ rQ yQ wQ rR yR wR yB wN bP"),
        h("bR bB rB wB bN rN yN rP yP wP"),
        SacrificeCount::Net,
    )
    .unwrap();
    play(&mut g, "yB");
    play(&mut g, "yN"); // same suit: B beats N
    assert_eq!(g.leader, Seat::First);
    play(&mut g, "wN");
    // B has white (wB, wP): must follow suit, may choose.
    let r: Vec<String> = g
        .turns()
        .iter()
        .filter(|t| t.sacrifice.is_none())
        .map(|t| t.card.to_string())
        .collect();
    assert_eq!(r, vec!["wP", "wB"]);
    play(&mut g, "wB"); // B beats N: B leads
    assert_eq!(g.leader, Seat::Second);
    play(&mut g, "rN");
    play(&mut g, "rR");
    assert_eq!(g.leader, Seat::First);
}

#[test]
fn chess_cards_m3_mate_when_no_suit_and_no_type() {
    // B holds no yellow card and no Rook.
    let mut g = ChessCards::new(
        h("yR yQ yB yN yP wQ wR wB wN wP"),
        h("bQ bB bN bP rQ rB rN rP bR rR"),
        SacrificeCount::Net,
    )
    .unwrap();
    play(&mut g, "yQ");
    assert_eq!(g.to_act(), Some(Seat::Second)); // replies with a Queen by type
    play(&mut g, "bQ"); // black beats yellow
    assert_eq!(g.leader, Seat::Second);
    let mut g = ChessCards::new(
        h("yR yQ yB yN yP wQ wR wB wN wP"),
        h("bQ bB bN bP rQ rB rN rP bR rR"),
        SacrificeCount::Net,
    )
    .unwrap();
    play(&mut g, "yN");
    // bN, rN reply by type: legal.
    assert!(!g.turns().is_empty());
    let mut g = ChessCards::new(
        h("yR yQ yB yN yP wQ wR wB wN wP"),
        h("bQ bB bN bP rQ rB rN rP bR bR"
            .replace("bR bR", "bR rR")
            .as_str()),
        SacrificeCount::Net,
    )
    .unwrap();
    play(&mut g, "wR");
    // Rooks by type: bR, rR exist, so no mate yet.
    assert!(g.finish.is_none());
}

#[test]
fn chess_cards_m5_queens_privilege() {
    let mut g = sample();
    play(&mut g, "rQ*");
    // B has no Queen: must follow suit (red): rB, rN, rP.
    let r: Vec<String> = g
        .turns()
        .iter()
        .filter(|t| t.sacrifice.is_none())
        .map(|t| t.card.to_string())
        .collect();
    assert_eq!(r, vec!["rP", "rN", "rB"]);
    // With the privilege and a Queen in hand, the reply must be a Queen.
    let mut g = ChessCards::new(
        h("bR bB rB wB bN rN yN rP yP bQ"),
        h("wQ rQ yQ wP rR yR wR yB wN bP"),
        SacrificeCount::Net,
    )
    .unwrap();
    play(&mut g, "bQ*");
    let r: Vec<String> = g
        .turns()
        .iter()
        .filter(|t| t.sacrifice.is_none())
        .map(|t| t.card.to_string())
        .collect();
    assert_eq!(r, vec!["wQ", "yQ", "rQ"]);
}

#[test]
fn chess_cards_m6_sacrifice_rules() {
    let mut g = sample();
    // A leader may sacrifice any card and lead any other.
    assert!(g
        .turns()
        .iter()
        .any(|t| t.sacrifice == Some(c("bQ")) && t.card == c("rQ")));
    play(&mut g, "yR");
    // B may sacrifice its only yellow Pawn and still follow with yN, but may
    // not sacrifice both yellows (one sacrifice a turn).
    assert!(g
        .turns()
        .iter()
        .any(|t| t.sacrifice == Some(c("yP")) && t.card == c("yN")));
    // Sacrificing yN leaves yP: still a legal reply.
    assert!(g
        .turns()
        .iter()
        .any(|t| t.sacrifice == Some(c("yN")) && t.card == c("yP")));
    // A replier with no legal reply is mated at once (no sacrifice first).
    // B holds no white card and no Rook.
    let mut g = ChessCards::new(
        h("bR rR yR wR yQ wQ yP wP wB wN"),
        h("bQ bB bN bP rQ rB rN rP yB yN"),
        SacrificeCount::Net,
    )
    .unwrap();
    play(&mut g, "(wP)wR");
    assert!(g.turns().is_empty());
    match g.finish {
        Some(End {
            winner: Some(by),
            reason: EndReason::Mate {
                multiplier, score, ..
            },
        }) => {
            // The sacrifice at the start of the mating move counts (M6, M9).
            assert_eq!((by, multiplier, score), (Seat::First, 2, 20));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn chess_cards_m7_empty_hand_replays_last_card() {
    let mut g = sample();
    for m in &SAMPLE[..14] {
        play(&mut g, m);
    }
    assert!(g.hands[0].is_empty());
    let t = g.turns();
    assert!(
        t.iter().all(|t| t.card == c("bQ") && t.sacrifice.is_none()),
        "{t:?}"
    );
    // The re-played Queen may carry the privilege too.
    assert!(t.iter().any(|t| t.privilege));
}

#[test]
fn chess_cards_m8_draw_after_ten_moves() {
    // Both hands hold only their own two suits in mirrored types: every lead
    // can be answered by type, so play runs to the end.
    let mut g = ChessCards::new(
        h("bQ bR bB bN bP rQ rR rB rN rP"),
        h("yQ yR yB yN yP wQ wR wB wN wP"),
        SacrificeCount::Net,
    )
    .unwrap();
    for _ in 0..20 {
        if g.finish.is_some() {
            break;
        }
        let t = g.turns()[0];
        g.play(t);
    }
    assert_eq!(g.finish, Some(NO_MATE));
    assert_eq!(g.value(), 0);
    assert_eq!(g.move_no, 10);
}

#[test]
fn chess_cards_m1_deals_are_reproducible_and_complete() {
    let (a, b) = ChessCards::deal(42);
    assert_eq!(ChessCards::deal(42), (a, b));
    assert_ne!(ChessCards::deal(43), (a, b));
    assert_eq!((a.len(), b.len()), (10, 10));
    assert_eq!(a.0 | b.0, (1 << 20) - 1);
    assert!(ChessCards::new(a, b, SacrificeCount::Net).is_ok());
    assert!(ChessCards::new(a, a, SacrificeCount::Net).is_err());
    assert!(Hand::parse("bQ bQ").is_err());
    assert!(Hand::parse("xQ").is_err());
}

#[test]
fn chess_cards_record_of_the_sample_game_round_trips() {
    use deckmate_games::chess_cards::notation;
    use deckmate_rules::Record;
    let mut g = sample();
    for m in SAMPLE {
        play(&mut g, m);
    }
    let rec = notation::write(
        &g,
        h("bQ rQ yQ wQ rR yR wR yB wN bP"),
        h("bR bB rB wB bN rN yN rP yP wP"),
    );
    let text = rec.to_string();
    assert!(text.contains("4. (wR)yB rB"), "{text}");
    assert!(text.contains("9. bQ#!"), "{text}");
    let back = notation::replay(&Record::parse(&text).unwrap()).unwrap();
    assert_eq!(back.value(), 242);
    // A bad play is reported with its move number.
    let mut bad = Record::parse(&text).unwrap();
    bad.moves[3] = "rB".into();
    let e = notation::replay(&bad).unwrap_err();
    assert_eq!((e.play, e.move_no), (4, 2));
    assert!(notation::parse_turn("yB*").is_err());
    assert!(notation::parse_turn("(wR yB").is_err());
}

fn sample_match() -> deckmate_games::chess_cards::Match {
    deckmate_games::chess_cards::Match::new(
        h("bQ rQ yQ wQ rR yR wR yB wN bP"),
        h("bR bB rB wB bN rN yN rP yP wP"),
        SacrificeCount::Net,
    )
    .unwrap()
}

/// Plays a text turn in the match's current game.
fn play_match(m: &mut deckmate_games::chess_cards::Match, text: &str) {
    let mut g = m.current().clone();
    play(&mut g, text);
    let t = *g.plays.last().map(|(_, t)| t).unwrap();
    m.play(t);
}

#[test]
fn chess_cards_m11_second_game_exchanges_hands_and_non_dealer_leads() {
    use deckmate_games::chess_cards::Match;
    let mut m = sample_match();
    assert_eq!((m.game_no(), m.to_act()), (1, Some(0)));
    for p in SAMPLE {
        play_match(&mut m, p);
    }
    // Game 1 is over (242 to the dealer, player 0); game 2 has begun.
    assert_eq!(m.game_scores(1), Some([242, 0]));
    assert_eq!(m.game_no(), 2);
    // Player 1, the first game's non-dealer, leads, holding the hand
    // player 0 was dealt; player 0 holds player 1's.
    assert_eq!(m.to_act(), Some(1));
    let g2 = m.current();
    assert_eq!(Match::player(2, Seat::First), 1);
    assert_eq!(g2.hands[Seat::First.index()], m.dealer);
    assert_eq!(g2.hands[Seat::Second.index()], m.other);
    assert_eq!((g2.move_no, g2.leader), (1, Seat::First));
    assert!(m.result().is_none());
    // What the match says game 2 starts from, before it is played to.
    assert_eq!(&sample_match().second_game(), g2);
}

#[test]
fn chess_cards_m11_higher_total_wins_equal_totals_draw() {
    use deckmate_games::chess_cards::MatchResult;
    // Player 1 replays the dealer's winning game with the dealer's cards:
    // the totals are equal and the match is drawn.
    let mut m = sample_match();
    for p in SAMPLE.iter().chain(SAMPLE.iter()) {
        play_match(&mut m, p);
    }
    assert!(m.is_over());
    assert_eq!(m.game_scores(2), Some([0, 242]));
    assert_eq!(m.totals(), [242, 242]);
    assert_eq!(m.result(), Some(MatchResult::Drawn));
    // A drawn second game leaves player 0 ahead: he wins the match.
    let mut m = sample_match();
    for p in SAMPLE {
        play_match(&mut m, p);
    }
    while !m.is_over() {
        // Both play their lowest legal plain card until the game ends.
        let t = *m
            .current()
            .turns()
            .iter()
            .find(|t| t.sacrifice.is_none())
            .unwrap();
        m.play(t);
    }
    let [a, b] = m.totals();
    let want = match a.cmp(&b) {
        std::cmp::Ordering::Greater => MatchResult::Won(0),
        std::cmp::Ordering::Less => MatchResult::Won(1),
        std::cmp::Ordering::Equal => MatchResult::Drawn,
    };
    assert_eq!(a, 242 + m.game_scores(2).unwrap()[0]);
    assert_eq!(m.result(), Some(want));
}

#[test]
fn chess_cards_m11_match_records_round_trip() {
    use deckmate_games::chess_cards::notation::{replay_match, write_match};
    use deckmate_rules::Record;
    let mut m = sample_match();
    for (i, p) in SAMPLE.iter().chain(SAMPLE[..5].iter()).enumerate() {
        play_match(&mut m, p);
        let text = write_match(&m);
        let back = replay_match(&Record::parse_all(&text).unwrap()).unwrap();
        assert_eq!(back, m, "after play {}:\n{text}", i + 1);
    }
    let text = write_match(&m);
    assert!(text.contains("[Game \"2\"]"), "{text}");
    assert!(text.contains("9. bQ#!"), "{text}");
    // A second game whose tags give other hands is refused, naming game 2.
    let mut records = Record::parse_all(&text).unwrap();
    records[1].moves.clear();
    records[1].result = None;
    records[1].set_tag("Dealer", "bR bB rB wB bN rN yN rP yP wP");
    records[1].set_tag("Other", "bQ rQ yQ wQ rR yR wR yB wN bP");
    let (game, e) = replay_match(&records).unwrap_err();
    assert_eq!(game, 2);
    assert!(e.reason.contains("same hands"), "{}", e.reason);
}

fn why(g: &ChessCards, text: &str) -> Option<String> {
    g.refusal(parse_turn(text).unwrap())
}

#[test]
fn chess_cards_refusals_say_why() {
    let mut g = sample();
    assert_eq!(why(&g, "yR"), None);
    assert!(why(&g, "bR").unwrap().contains("not in your hand"));
    assert!(why(&g, "(yR)yR").unwrap().contains("both"));
    assert!(why(&g, "(bR)yR").unwrap().contains("cannot sacrifice"));
    g.play(parse_turn("yR").unwrap());
    // The Other holds yN and yP: a yellow card is due.
    let e = why(&g, "rP").unwrap();
    assert!(e.contains("yellow"), "{e}");
    let t = Turn {
        sacrifice: None,
        card: Card::parse("yN").unwrap(),
        privilege: true,
    };
    assert!(g.refusal(t).unwrap().contains("privilege"));
    assert_eq!(why(&g, "(yP)yN"), None);
}

#[test]
fn chess_cards_privilege_refusal() {
    let mut g = sample();
    g.play(parse_turn("bQ*").unwrap());
    // The Other has no Queen: a black card.
    assert_eq!(why(&g, "bR"), None);
    assert!(why(&g, "rB").unwrap().contains("black"));
}

/// Issue 31 item 9: a play's cards may be typed in either case; what is
/// written does not change.
#[test]
fn chess_cards_plays_read_in_either_case() {
    for (typed, canonical) in [
        ("bq", "bQ"),
        ("BQ", "bQ"),
        ("(wr)yb", "(wR)yB"),
        ("Bq*", "bQ*"),
    ] {
        assert_eq!(parse_turn(typed), parse_turn(canonical), "{typed}");
        assert!(parse_turn(typed).is_ok(), "{typed}");
    }
    assert_eq!(c("rR").to_string(), "rR");
    assert!(parse_turn("zq").is_err());
    assert!(
        parse_turn("yb*").is_err(),
        "only a Queen takes the privilege"
    );
}
