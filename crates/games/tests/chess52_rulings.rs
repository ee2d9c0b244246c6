//! 52Chess: a test per ruling of RULINGS.md (F1-F11), named by its tag.
//! F10 (perft) is `chess52_perft.rs`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use deckmate_games::chess52::{fen, rules, Card, Chess52, Move};
use deckmate_rules::{Game, SeededRng, ToAct};

/// A position from F11's string.
fn at(text: &str) -> Chess52 {
    fen::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Draws `card` (as written) then plays `mv` (as written).
fn turn(p: &mut Chess52, card: &str, mv: &str) {
    let d = p.parse_move(&format!("[{card}]")).unwrap();
    p.play(d).unwrap();
    let m = p
        .parse_move(mv)
        .unwrap_or_else(|e| panic!("{mv} with {card} in {}: {e}", p.position_text()));
    p.play(m).unwrap();
}

/// The move texts with `card` drawn.
fn texts(p: &Chess52, card: &str) -> Vec<String> {
    let mut q = p.clone();
    q.play(Move::Draw(Card::parse(card).unwrap())).unwrap();
    let mut moves = Vec::new();
    q.legal_moves(&mut moves);
    let mut out: Vec<String> = moves.iter().map(|&m| q.move_text(m)).collect();
    out.sort();
    out
}

#[test]
fn f1_the_board_is_4_files_by_13_ranks_and_white_starts() {
    let g = rules::geometry();
    assert_eq!((g.files(), g.ranks()), (4, 13));
    let p = Chess52::start();
    assert_eq!(p.to_act(), ToAct::Chance);
    assert_eq!(p.side_to_move(), deckmate_rules::Seat::First);
    assert_eq!(p.core().tables().len(), 52);
}

#[test]
fn f2_the_setup() {
    let p = Chess52::start();
    let piece = |sq: &str| {
        let s = rules::geometry().parse_square(sq).unwrap();
        p.core()
            .at(s)
            .map(|(seat, k)| (seat, p.core().rules().pieces[k].letter))
    };
    use deckmate_rules::Seat::{First as W, Second as B};
    for (sq, want) in [
        ("a1", (W, 'R')),
        ("b1", (W, 'Q')),
        ("c1", (W, 'K')),
        ("d1", (W, 'R')),
        ("a2", (W, 'P')),
        ("b3", (W, 'B')),
        ("d3", (W, 'N')),
        ("c4", (W, 'P')),
        ("b13", (B, 'Q')),
        ("c13", (B, 'K')),
        ("a11", (B, 'N')),
        ("d10", (B, 'P')),
    ] {
        assert_eq!(piece(sq), Some(want), "{sq}");
    }
    for rank in 5..=9 {
        for file in ['a', 'b', 'c', 'd'] {
            assert_eq!(piece(&format!("{file}{rank}")), None);
        }
    }
}

#[test]
fn f3_a_cards_rank_is_the_rank_and_its_suit_the_file() {
    let name = |c: &str| {
        let sq = Chess52::card_square(Card::parse(c).unwrap());
        Chess52::start().core().tables().name(sq)
    };
    assert_eq!(name("7H"), "c7");
    assert_eq!(name("QS"), "d12");
    assert_eq!(name("AC"), "a1");
    assert_eq!(name("KD"), "b13");
    assert_eq!(name("10S"), "d10");
    for c in Card::all() {
        assert_eq!(Chess52::square_card(Chess52::card_square(c)), Some(c));
    }
}

#[test]
fn f4_a_card_then_a_teleport_to_its_empty_square_or_a_normal_move() {
    let p = Chess52::start();
    // Whole deck before every draw: 52 cards, 1 each, grouped or not.
    let mut outcomes = Vec::new();
    p.chance_outcomes(&mut outcomes);
    assert_eq!(outcomes.iter().map(|o| o.1).sum::<u32>(), 52);
    let seven = texts(&p, "7H");
    // 10 normal moves (8 pawn moves from rank 4, 2 knight moves) and 15
    // teleports (every piece but the King) to c7.
    assert_eq!(seven.len(), 25);
    assert!(seven.contains(&"Nd3@c7".to_string()));
    assert!(seven.contains(&"Pa2@c7".to_string()));
    assert!(
        !seven.iter().any(|m| m.starts_with("Kc1@")),
        "the King never teleports"
    );
    // An occupied square: no teleport at all (never a capture).
    let ace = texts(&p, "AC");
    assert_eq!(ace.len(), 10);
    assert!(!ace.iter().any(|m| m.contains('@')));
    // The grouped outcome holds exactly the cards that teleport nothing.
    let idle: u32 = outcomes
        .iter()
        .filter(|(m, _)| matches!(m, Move::Draw(c) if texts(&p, &c.to_string()).len() == 10))
        .map(|o| o.1)
        .sum();
    assert_eq!(idle, 32);
    // The refusals say why.
    let mut q = p.clone();
    q.play(Move::Draw(Card::parse("7H").unwrap())).unwrap();
    let why = |t: &str| q.parse_move(t).unwrap_err().to_string();
    assert!(
        why("Kc1@c7").contains("never teleports"),
        "{}",
        why("Kc1@c7")
    );
    assert!(why("Nd3@c8").contains("only to c7"), "{}", why("Nd3@c8"));
    assert!(why("Nc3@c7").contains("Knight"), "{}", why("Nc3@c7"));
    let mut r = p.clone();
    r.play(Move::Draw(Card::parse("AC").unwrap())).unwrap();
    assert!(r
        .parse_move("Nd3@a1")
        .unwrap_err()
        .to_string()
        .contains("occupied"));
    assert!(p.parse_move("e4").is_err(), "a card is drawn first");
}

#[test]
fn f5_a_pawn_teleports_neither_to_the_end_ranks_nor_beyond_the_enemy_king() {
    // White King a4, Black King b6; a White pawn d5, a Black pawn c10.
    let p = at("2r1/4/4/2p1/4/4/4/1k2/3P/K3/4/4/3N w - 0 1");
    // White: up to rank 6 (the Black King's), not beyond.
    assert!(texts(&p, "6C").contains(&"Pd5@a6".to_string()));
    assert!(!texts(&p, "7C")
        .iter()
        .any(|m| m.starts_with('P') && m.contains('@')));
    assert!(texts(&p, "7C").contains(&"Nd1@a7".to_string()));
    // Never to the first or last rank.
    assert!(!texts(&p, "AC").iter().any(|m| m.starts_with("Pd5@")));
    let q = at("2r1/4/4/2p1/4/4/4/1k2/3P/K3/4/4/3N b - 0 1");
    // Black: down to rank 4 (the White King's), not below.
    assert!(texts(&q, "4D").contains(&"Pc10@b4".to_string()));
    assert!(!texts(&q, "3D").iter().any(|m| m.starts_with("Pc10@")));
    assert!(!texts(&q, "KD").iter().any(|m| m.starts_with("Pc10@")));
    let mut r = p.clone();
    r.play(Move::Draw(Card::parse("7C").unwrap())).unwrap();
    assert!(r
        .parse_move("Pd5@a7")
        .unwrap_err()
        .to_string()
        .contains("(F5)"));
}

#[test]
fn f6_pawns_double_step_from_their_2nd_and_4th_ranks_however_they_got_there() {
    let mut p = Chess52::start();
    // From the 4th rank at the start, and from the 2nd behind it.
    assert!(texts(&p, "AC").contains(&"a6".to_string()));
    // A pawn teleported to its 4th rank double-steps from there.
    let mut q = at("3k/4/4/4/4/4/4/4/2P1/4/4/4/K3 w - 0 1");
    turn(&mut q, "4C", "Pc5@a4");
    turn(&mut q, "AC", "Kc13");
    assert!(
        texts(&q, "AC").contains(&"a6".to_string()),
        "{:?}",
        texts(&q, "AC")
    );
    let r = at("3k/4/4/4/4/4/4/4/4/P3/4/4/K3 w - 0 1");
    assert!(
        texts(&r, "AC").contains(&"a6".to_string()),
        "{:?}",
        texts(&r, "AC")
    );
    // Not from the 3rd.
    let s = at("3k/4/4/4/4/4/4/4/4/4/P3/4/K3 w - 0 1");
    assert!(!texts(&s, "AC").contains(&"a5".to_string()));
    // En passant after either kind of double step.
    turn(&mut p, "AC", "b6");
    assert_eq!(p.position_text().split(' ').nth(2), Some("b5"));
    let t = at("3k/4/4/4/4/4/4/2p1/4/1P2/4/4/K3 w - 0 1");
    let mut t2 = t.clone();
    turn(&mut t2, "AC", "b6");
    assert!(
        texts(&t2, "AC").contains(&"cxb5".to_string()),
        "{:?}",
        texts(&t2, "AC")
    );
    // Compulsory promotion to Q, R, B or N on the last rank.
    let u = at("3k/P3/4/4/4/4/4/4/4/4/4/4/K3 w - 0 1");
    let promos: Vec<String> = texts(&u, "AC")
        .into_iter()
        .filter(|m| m.starts_with("a13"))
        .map(|m| m.trim_end_matches('+').to_string())
        .collect();
    assert_eq!(promos, ["a13=B", "a13=N", "a13=Q", "a13=R"]);
    // No castling.
    assert!(rules::rules().castling.is_empty());
}

#[test]
fn f7_the_king_is_taken_there_is_no_check_rule_and_no_move_is_a_pass() {
    // Moving into check is legal: the White King may step next to the
    // Black King.
    let p = at("4/4/4/4/4/4/4/4/4/4/1k2/4/1K2 w - 0 1");
    assert!(
        texts(&p, "KS").contains(&"Kb2+".to_string()),
        "{:?}",
        texts(&p, "KS")
    );
    // Taking the King wins at once.
    let mut q = at("k3/4/4/4/4/4/4/4/4/4/4/R3/K3 w - 0 1");
    turn(&mut q, "AC", "Rxa13");
    let o = q.outcome().unwrap();
    assert_eq!(o.winner, Some(deckmate_rules::Seat::First));
    assert_eq!(q.to_act(), ToAct::Nobody);
    // No stalemate: a side without a move passes, and only then.
    let mut b = at("KRRR/PPPP/4/4/4/4/4/4/4/4/4/pppp/krrr w - 0 1");
    assert_eq!(texts(&b, "AC"), ["--"]);
    assert!(texts(&b, "7H").iter().any(|m| m.contains('@')));
    turn(&mut b, "AC", "--");
    assert_eq!(b.side_to_move(), deckmate_rules::Seat::Second);
    let mut c = Chess52::start();
    c.play(Move::Draw(Card::parse("AC").unwrap())).unwrap();
    assert!(c.parse_move("--").unwrap_err().to_string().contains("(F7)"));
}

#[test]
fn f8_draws_by_100_plies_without_capture_and_by_threefold_repetition() {
    // Passes make no capture: the 100th ply without one draws, pawn
    // moves and promotions notwithstanding.
    let mut b = at("KRRR/PPPP/4/4/4/4/4/4/4/4/4/pppp/krrr w - 98 1");
    turn(&mut b, "AC", "--");
    assert!(b.outcome().is_none());
    turn(&mut b, "AC", "--");
    let o = b.outcome().unwrap();
    assert_eq!(o.winner, None);
    assert!(o.reason.contains("100 plies"), "{}", o.reason);
    assert!(o.reason.ends_with("without a capture"), "{}", o.reason);
    let mut pawn = at("3k/4/4/4/4/4/4/4/4/4/P3/4/K3 w - 99 1");
    turn(&mut pawn, "AC", "a4");
    assert!(
        pawn.outcome().is_some(),
        "a pawn move does not reset the count"
    );
    // The same position a third time, whatever cards were drawn.
    let mut p = Chess52::start();
    for (card, mv) in [
        ("AC", "Nc5"),
        ("2D", "Nc9"),
        ("3H", "Nd3"),
        ("4S", "Nd11"),
        ("5C", "Nc5"),
        ("6D", "Nc9"),
        ("7H", "Nd3"),
    ] {
        turn(&mut p, card, mv);
        assert!(p.outcome().is_none(), "{mv}");
    }
    turn(&mut p, "8S", "Nd11");
    let o = p.outcome().unwrap();
    assert!(o.reason.contains("third time"), "{}", o.reason);
    // Agreement is recorded, not played.
    let mut a = Chess52::start();
    a.set_end(deckmate_games::fairy::End {
        winner: None,
        reason: deckmate_games::fairy::EndReason::Agreement,
    });
    assert_eq!(a.to_act(), ToAct::Nobody);
}

#[test]
fn f9_the_draws_come_from_the_seed_one_below_52_a_turn() {
    let mut a = Chess52::start();
    let mut rng = SeededRng::new(7);
    let mut twin = SeededRng::new(7);
    for _ in 0..20 {
        let Some(Move::Draw(card)) = a.sample_chance(&mut rng) else {
            panic!("chance acts before every move");
        };
        assert_eq!(card.index() as u64, twin.below(52), "suit-major numbering");
        a.play(Move::Draw(card)).unwrap();
        assert_eq!(a.sample_chance(&mut rng), None, "one draw a turn");
        let mut moves = Vec::new();
        a.legal_moves(&mut moves);
        a.play(moves[0]).unwrap();
        if a.outcome().is_some() {
            break;
        }
    }
    // The search treats the draw as chance: 52 cards, 1/52 each.
    let mut outcomes = Vec::new();
    Chess52::start().chance_outcomes(&mut outcomes);
    assert_eq!(outcomes.iter().map(|o| o.1).sum::<u32>(), 52);
}

#[test]
fn f11_the_position_string() {
    assert_eq!(Chess52::start().position_text(), rules::START);
    let mut p = Chess52::start();
    turn(&mut p, "7H", "Nd3@c7");
    assert_eq!(
        p.position_text(),
        "rqkr/pppp/nbbn/pppp/4/4/2N1/4/4/PPPP/NBB1/PPPP/RQKR b - 1 1"
    );
    turn(&mut p, "AC", "a8");
    // The e.p. square after a double step, the move number after Black.
    assert_eq!(
        p.position_text(),
        "rqkr/pppp/nbbn/1ppp/4/p3/2N1/4/4/PPPP/NBB1/PPPP/RQKR w a9 2 2"
    );
    for bad in [
        "rqkr/pppp w - 0 1",
        "rqkr/pppp/nbbn/pppp/4/4/4/4/4/PPPP/NBBN/PPPP/RQKR w KQ - 0 1",
        "rqkr/pppp/nbbn/pppp/5/4/4/4/4/PPPP/NBBN/PPPP/RQKR w - 0 1",
        "rqkr/pppp/nbbn/pppp/4/4/4/4/4/PPPP/NBBN/PPPP/RQKR x - 0 1",
    ] {
        assert!(fen::parse(bad).is_err(), "{bad}");
    }
}

#[test]
fn f3_cards_name_squares() {
    let c = Card::parse("7H").unwrap();
    assert_eq!((c.file(), c.rank()), (2, 6));
    let q = Card::parse("QS").unwrap();
    assert_eq!((q.file(), q.rank()), (3, 11));
    assert_eq!(Card::parse("AC").unwrap().index(), 0);
    assert_eq!(Card::parse("KS").unwrap().index(), 51);
    assert_eq!(Card::parse("10d"), Card::parse("TD"));
    for c in Card::all() {
        assert_eq!(Card::parse(&c.to_string()), Some(c));
    }
    for bad in ["", "H", "11H", "7X", "0C", "7 H"] {
        assert_eq!(Card::parse(bad), None, "{bad}");
    }
}

#[test]
fn f11_the_start_reads_and_writes_back() {
    let p = fen::parse(rules::START).unwrap();
    assert_eq!(fen::write(&p), rules::START);
    assert_eq!(fen::write(&Chess52::start()), rules::START);
    let text = "r1kr/pppp/nbbn/3p/4/2q1/4/P3/4/1PPP/NBBN/PPPP/RQKR b a5 3 7";
    assert_eq!(fen::write(&fen::parse(text).unwrap()), text);
    assert!(fen::parse("rqkr/pppp w - 0 1").is_err());
    assert!(fen::parse(&rules::START.replace(" w - 0 1", " w KQ - 0 1")).is_err());
}

/// Issue 31 item 9: from-to coordinates and piece letters in either case.
#[test]
fn issue31_item9_from_to_coordinates_and_lower_case_letters() {
    let mut q = Chess52::start();
    q.play(Move::Draw(Card::parse("5H").unwrap())).unwrap();
    let reads = |a: &str, b: &str| {
        assert_eq!(q.parse_move(a), q.parse_move(b), "{a} / {b}");
        assert!(q.parse_move(b).is_ok(), "{b}");
    };
    // A plain move, a double step, a lone teleport, with or without '-'.
    reads("a3b5", "Nb5");
    reads("b4-b6", "b6");
    reads("a3c5", "Na3@c5");
    reads("a2-c5", "Pa2@c5");
    // Lower-case piece letters.
    reads("nb5", "Nb5");
    reads("nd3@c5", "Nd3@c5");
    reads("qb1@c5", "Qb1@c5");
    // A teleport and a plain move between the same squares: ambiguous.
    for (text, want) in [("d3c5", ["Nc5", "Nd3@c5"]), ("c4-c5", ["Pc4@c5", "c5"])] {
        match q.parse_move(text) {
            Err(deckmate_rules::MoveError::Ambiguous {
                text: t,
                mut candidates,
                to,
                ..
            }) => {
                candidates.sort();
                assert_eq!((t.as_str(), to.as_str()), (text, "c5"));
                assert_eq!(candidates, want);
            }
            other => panic!("{text}: {other:?}"),
        }
    }
    // The canonical writing is unchanged.
    assert_eq!(q.move_text(q.parse_move("nd3@c5").unwrap()), "Nd3@c5");
    assert_eq!(q.move_text(q.parse_move("a3b5").unwrap()), "Nb5");
    // Ranks to 13: b12b13 is a promotion, ambiguous until it names one.
    let mut p = at("k3/1P2/4/4/4/4/4/4/4/4/4/4/3K w - 0 1");
    p.play(Move::Draw(Card::parse("2H").unwrap())).unwrap();
    let queen = p.parse_move("b13=Q").unwrap();
    for text in ["b12b13q", "b12b13Q", "b12-b13=Q", "b12b13=q"] {
        assert_eq!(p.parse_move(text), Ok(queen), "{text}");
    }
    assert_eq!(p.move_text(queen), "b13=Q+");
    match p.parse_move("b12b13") {
        Err(deckmate_rules::MoveError::Ambiguous { candidates, .. }) => {
            assert_eq!(candidates, ["b13=Q+", "b13=R+", "b13=B", "b13=N"]);
        }
        other => panic!("b12b13: {other:?}"),
    }
}
