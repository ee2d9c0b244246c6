//! Dealer's Chess rules, one test (or more) per ruling, named by its tag
//! (RULINGS D1-D14), and the special pawns of D9 and D13.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use deckmate_games::dealers::notation::write_plain;
use deckmate_games::dealers::rules::Special;
use deckmate_games::dealers::{
    fen, Catalogue, DealersGame, EndReason, Move, PlayOptions, Position, PromotionRule, Rules,
    ZombieRoyal,
};
use deckmate_rules::{Game, Seat};
use std::sync::Arc;

fn pos(fen: &str) -> Position {
    Position::from_text(fen, Catalogue::builtin(), PlayOptions::default())
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn legal(p: &Position) -> Vec<Move> {
    let mut v = Vec::new();
    p.legal_moves(&mut v);
    v
}

/// The legal moves written without check signs, sorted.
fn texts(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = legal(p).into_iter().map(|m| write_plain(p, m)).collect();
    v.sort();
    v
}

/// The moves of the man on `from`.
fn moves_from(p: &Position, from: &str) -> Vec<String> {
    let sq = p.rules().square_of(from).unwrap();
    let mut v: Vec<String> = legal(p)
        .into_iter()
        .filter(|m| m.from() == sq)
        .map(|m| write_plain(p, m))
        .collect();
    v.sort();
    v
}

fn play(p: &mut Position, text: &str) {
    let m = p.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    p.play_unchecked(m);
}

#[test]
fn d1_checkmate_wins() {
    let mut p = pos("k7/8/1K6/8/8/8/8/7R w - - -/-/- 0 1");
    let m = p.parse_move("Rh1-h8").unwrap();
    assert_eq!(p.move_text(m), "Rh1-h8#");
    p.play_unchecked(m);
    let end = p.end_state().unwrap();
    assert_eq!(end.reason, EndReason::Checkmate);
    assert_eq!(end.winner, Some(Seat::First));
}

#[test]
fn d1_stalemate_draws() {
    let mut p = pos("7k/5K2/8/6Q1/8/8/8/8 w - - -/-/- 0 1");
    play(&mut p, "Qg5-g6");
    let end = p.end_state().unwrap();
    assert_eq!(end.reason, EndReason::Stalemate);
    assert_eq!(end.winner, None);
}

#[test]
fn d1_the_royal_may_not_be_left_attacked() {
    // The Knight on e2 is pinned by the Rook on e8.
    let p = pos("4r2k/8/8/8/8/8/4N3/4K3 w - - -/-/- 0 1");
    assert!(moves_from(&p, "e2").is_empty());
    let err = p.parse_move("Ne2-c3").unwrap_err().to_string();
    assert!(err.contains("King in check"), "{err}");
}

#[test]
fn d1_fifty_moves_and_threefold_repetition_draw() {
    let mut p = pos("k7/8/8/8/8/8/8/K6R w - - -/-/- 99 80");
    play(&mut p, "Ka1-b1");
    assert_eq!(p.end_state().unwrap().reason, EndReason::FiftyMoves);

    let mut p = pos("k7/8/8/8/8/8/8/K6R w - - -/-/- 0 1");
    for m in [
        "Ka1-b1", "Ka8-b8", "Kb1-a1", "Kb8-a8", "Ka1-b1", "Ka8-b8", "Kb1-a1",
    ] {
        assert!(p.end_state().is_none());
        play(&mut p, m);
    }
    assert!(p.end_state().is_none(), "the start occurs twice so far");
    play(&mut p, "Kb8-a8");
    assert_eq!(p.end_state().unwrap().reason, EndReason::Repetition);
}

#[test]
fn d3_the_royal_stands_on_e1_and_e8_or_g1_and_g12() {
    use deckmate_games::dealers::{BoardSize, Decks};
    use deckmate_games::dealers::{Deal, Table};
    use std::sync::Arc;
    let cat = Arc::new(Catalogue::builtin().clone());
    for (size, home) in [
        (BoardSize::Eight, ("e1", "e8")),
        (BoardSize::Ten, ("e1", "e10")),
    ] {
        let table = Table::new(
            cat.clone(),
            &Decks::all(&cat),
            size,
            11,
            PlayOptions::default(),
        )
        .unwrap();
        let deal: Deal = table.deal.clone().unwrap();
        let mut g = DealersGame::new(table);
        for s in Seat::BOTH {
            let a = g.table().random(s).unwrap();
            let m = g.arrange_move(s, &a).unwrap();
            g.play(m).unwrap();
        }
        let p = g.position().unwrap();
        let r = p.rules();
        for (seat, sq) in [(Seat::First, home.0), (Seat::Second, home.1)] {
            let (owner, k) = p.at(r.square_of(sq).unwrap()).unwrap();
            assert_eq!(owner, seat);
            assert_eq!(r.kinds[usize::from(k)].card.code, deal.royals[seat.index()]);
        }
    }
}

#[test]
fn d4_a_captured_pieces_double_joins_the_captors_hand() {
    let mut p = pos("k7/8/8/3[gr]4/8/2N5/8/K7 w - - -/-/- 0 1");
    play(&mut p, "Nc3xd5");
    assert_eq!(p.text(), "k7/8/8/3N4/8/8/8/K7 b - - [GR]/-/- 0 1");
    // A pawn goes to no hand.
    let mut p = pos("k7/8/8/3p4/8/2N5/8/K7 w - - -/-/- 0 1");
    play(&mut p, "Nc3xd5");
    assert!(p.text().contains(" -/-/- "), "{}", p.text());
}

#[test]
fn d4_promotion_from_the_hand_and_the_shared_extras() {
    let p = pos("7k/1P6/8/8/8/8/8/K7 w - - [LI]Q/n/[WA] 0 1");
    assert_eq!(
        moves_from(&p, "b7"),
        ["Pb7-b8=Q", "Pb7-b8=[LI]", "Pb7-b8=[WA](shared)"]
    );
    // A shared extra leaves both hands; the own hand's piece leaves it.
    let mut q = p.clone();
    play(&mut q, "b7b8=[WA](shared)");
    assert!(q.text().contains(" [LI]Q/n/- "), "{}", q.text());
    let mut q = p.clone();
    play(&mut q, "b7b8=Q");
    assert!(q.text().contains(" [LI]/n/[WA] "), "{}", q.text());
    // A promotion must be said.
    assert!(p.parse_move("b7b8").is_err());
    // Not to a piece of the opponent's hand.
    assert!(p.parse_move("b7b8=N").is_err());
}

#[test]
fn d4_with_an_empty_hand_the_pawn_stays_a_pawn() {
    let p = pos("7k/1P6/8/8/8/8/8/K7 w - - -/n/- 0 1");
    assert_eq!(moves_from(&p, "b7"), ["Pb7-b8"]);
}

#[test]
fn d4_a_mecklenbeck_pawn_promotes_on_the_opponents_pawn_row() {
    let p = pos("k7/8/2[MP]5/8/8/8/8/K7 w - - N/-/- 0 1");
    assert_eq!(moves_from(&p, "c6"), ["[MP]c6-c7=N"]);
    let p = pos("k7/8/8/2P5/8/8/8/K7 w - - N/-/- 0 1");
    assert_eq!(moves_from(&p, "c5"), ["Pc5-c6"]);
}

#[test]
fn d5_castling_with_whatever_stands_in_the_corner() {
    let p = pos("4k3/8/8/8/8/8/8/[CA]3K2[GR] w AH - -/-/- 0 1");
    let t = texts(&p);
    assert!(t.contains(&"O-O".to_string()), "{t:?}");
    assert!(t.contains(&"O-O-O".to_string()), "{t:?}");
    let mut q = p.clone();
    play(&mut q, "O-O");
    assert_eq!(q.text(), "4k3/8/8/8/8/8/8/[CA]4[GR]K1 b - - -/-/- 1 1");
    let mut q = p.clone();
    play(&mut q, "O-O-O");
    assert_eq!(q.text(), "4k3/8/8/8/8/8/8/2K[CA]3[GR] b - - -/-/- 1 1");
    // Not across an attacked square, not in check.
    let p = pos("4kr2/8/8/8/8/8/8/[CA]3K2[GR] w AH - -/-/- 0 1");
    let t = texts(&p);
    assert!(!t.contains(&"O-O".to_string()), "{t:?}");
    assert!(t.contains(&"O-O-O".to_string()), "{t:?}");
    // Moving the partner loses that corner's right.
    let mut q = pos("4k3/8/8/8/8/8/8/[CA]3K2[GR] w AH - -/-/- 0 1");
    play(&mut q, "[GR]h1-g2");
    assert!(q.text().contains(" b A - "), "{}", q.text());
}

#[test]
fn d9_the_chicken_retreats_only_when_attacked() {
    let p = pos("7k/3r4/8/8/3[CP]4/8/8/K7 w - - -/-/- 0 1");
    assert_eq!(
        moves_from(&p, "d4"),
        [
            "[CP]d4-b2",
            "[CP]d4-c3",
            "[CP]d4-d1",
            "[CP]d4-d2",
            "[CP]d4-d3",
            "[CP]d4-d5",
            "[CP]d4-e3",
            "[CP]d4-f2",
            "[CP]d4-g1"
        ]
    );
    let p = pos("7k/2r5/8/8/3[CP]4/8/8/K7 w - - -/-/- 0 1");
    assert_eq!(moves_from(&p, "d4"), ["[CP]d4-d5"]);
    // The retreat sets no en passant.
    let mut q = pos("7k/3r4/8/4p3/3[CP]4/8/8/K7 w - - -/-/- 0 1");
    play(&mut q, "[CP]d4-d2");
    assert!(q.text().contains(" b - - "), "{}", q.text());
}

#[test]
fn d9_the_linebacker_pushes_and_never_captures() {
    let p = pos("7k/8/8/3p*4/3[LB]4/8/8/K7 w - - -/-/- 0 1");
    // Onto d5 pushes the pawn to d6 (it keeps its opening move).
    let mut q = p.clone();
    play(&mut q, "[LB]d4-d5");
    assert_eq!(q.text(), "7k/8/3p*4/3[LB]4/8/8/8/K7 b - - -/-/- 0 1");
    // A push needs the square beyond empty.
    let p = pos("7k/8/3n4/3p4/3[LB]4/8/8/K7 w - - -/-/- 0 1");
    assert!(!moves_from(&p, "d4").iter().any(|m| m.ends_with("d5")));
    // Diagonally too, and nothing is captured: the hand stays empty.
    let mut p = pos("7k/8/8/4n3/3[LB]4/8/8/K7 w - - -/-/- 0 1");
    play(&mut p, "[LB]d4-e5");
    assert_eq!(p.text(), "7k/8/5n2/4[LB]3/8/8/8/K7 b - - -/-/- 0 1");
}

#[test]
fn d9_a_zombies_captor_becomes_a_zombie_pawn() {
    let mut p = pos("k7/8/8/3[zo]4/8/2N5/8/K7 w - - -/-/- 0 1");
    play(&mut p, "Nc3xd5");
    assert_eq!(p.text(), "k7/8/8/3[ZO]4/8/8/8/K7 b - - -/-/- 0 1");
}

#[test]
fn item_24_d9_a_royal_that_captures_a_zombie_stays_the_royal_by_default() {
    let fen = "k7/8/8/8/3[zo]4/3K4/8/8 w - - -/-/- 0 1";
    assert_eq!(PlayOptions::default().zombie_royal, ZombieRoyal::Stays);
    let mut p = pos(fen);
    play(&mut p, "Kd3xd4");
    assert_eq!(p.text(), "k7/8/8/8/3K4/8/8/8 b - - -/-/- 0 1");
    // The page's letter is the option: the royal becomes a Zombie Pawn.
    let converts = PlayOptions {
        zombie_royal: ZombieRoyal::Converts,
        ..PlayOptions::default()
    };
    let mut p = Position::from_text(fen, Catalogue::builtin(), converts).unwrap();
    play(&mut p, "Kd3xd4");
    assert_eq!(p.text(), "k7/8/8/8/3[ZO]4/8/8/8 b - - -/-/- 0 1");
    // The option's default, as every shell offers it.
    let option = deckmate_games::dealers::OPTIONS
        .iter()
        .find(|o| o.name == "zombie_royal")
        .unwrap();
    assert_eq!(option.default, "stays");
    assert!(option.values.contains(&"converts"));
    assert!(option.ruling.contains("D9"));
}

#[test]
fn item_24_d9_records_say_which_zombie_rule_they_were_played_by() {
    use deckmate_games::dealers::record::{self, GameSpec};
    let spec = GameSpec {
        fen: Some("k7/8/8/8/3[zo]4/3K4/8/8 w - - -/-/- 0 1".to_string()),
        ..GameSpec::default()
    };
    assert_eq!(spec.options.zombie_royal, ZombieRoyal::Stays);
    let mut rec = record::write(&spec, &[], None).unwrap();
    assert_eq!(rec.tag("ZombieRoyal"), Some("stays"));
    let again = record::replay(&rec).unwrap();
    assert_eq!(again.spec.options.zombie_royal, ZombieRoyal::Stays);
    // A record from before the amendment has no tag: it was played with
    // the royal converting, and reads so.
    rec.tags.retain(|t| t.name != "ZombieRoyal");
    let old = record::replay(&rec).unwrap();
    assert_eq!(old.spec.options.zombie_royal, ZombieRoyal::Converts);
}

/// A position of `fen` under `options`, with the men of `extra` known to
/// its rules.
fn pos_opts(fen: &str, options: PlayOptions, extra: &[&str]) -> Position {
    let cat = Catalogue::builtin();
    let setup = fen::parse(fen, cat).unwrap();
    let mut codes: Vec<String> = setup
        .board
        .iter()
        .flatten()
        .map(|m| m.code.clone())
        .collect();
    codes.extend(extra.iter().map(|c| c.to_string()));
    let rules = Rules::new(cat, 8, &codes, options).unwrap();
    Position::from_setup(&setup, &rules).unwrap()
}

#[test]
fn item_24_d9_a_captor_that_becomes_a_zombie_pawn_on_its_promotion_rank_promotes_at_once() {
    // From the hand (D4): the Knight that takes the Zombie on d8 is a
    // Zombie Pawn on White's last rank and becomes the hand's Queen.
    let p = pos("k2[zo]4/8/2N5/8/8/8/8/7K w - - Q/-/- 0 1");
    assert_eq!(moves_from(&p, "c6"), {
        let mut v = [
            "Nc6-a5", "Nc6-a7", "Nc6-b4", "Nc6-b8", "Nc6-d4", "Nc6-e5", "Nc6-e7", "Nc6xd8=Q",
        ];
        v.sort();
        v
    });
    let mut q = p.clone();
    play(&mut q, "Nc6xd8=Q");
    assert_eq!(q.text(), "k2Q4/8/8/8/8/8/8/7K b - - -/-/- 0 1");
    // With nothing to become it stays a Zombie Pawn.
    let mut p = pos("k2[zo]4/8/2N5/8/8/8/8/7K w - - -/-/- 0 1");
    play(&mut p, "Nc6xd8");
    assert_eq!(p.text(), "k2[ZO]4/8/8/8/8/8/8/7K b - - -/-/- 0 1");
    // simplified: to one of its side's four stand-ins.
    let options = |promotion, zombie_royal| PlayOptions {
        promotion,
        zombie_royal,
    };
    let mut p = pos_opts(
        "k2[zo]4/8/2N5/8/8/8/8/7K w - - -/-/- 0 1",
        options(PromotionRule::Standard, ZombieRoyal::Stays),
        &["Q", "R", "B"],
    );
    let four: Vec<u8> = ["Q", "R", "B", "N"]
        .iter()
        .map(|c| p.rules().kind_of(c).unwrap())
        .collect();
    p.set_promote_to(Seat::First, &four);
    let takes: Vec<String> = moves_from(&p, "c6")
        .into_iter()
        .filter(|m| m.contains('x'))
        .collect();
    assert_eq!(takes, ["Nc6xd8=B", "Nc6xd8=N", "Nc6xd8=Q", "Nc6xd8=R"]);
    // big-deck: chance draws three cards for it before the turn ends.
    let mut p = pos_opts(
        "k2[zo]4/8/2N5/8/8/8/8/7K w - - -/-/- 0 1",
        options(PromotionRule::DrawStack, ZombieRoyal::Stays),
        &["Q", "R", "B"],
    );
    let stack: Vec<u8> = ["Q", "R", "B"]
        .iter()
        .map(|c| p.rules().kind_of(c).unwrap())
        .collect();
    p.set_draw_stack(&stack);
    play(&mut p, "Nc6xd8");
    assert_eq!(p.to_act(), deckmate_rules::ToAct::Chance);
    // Under zombie_royal=converts a royal is such a captor too; by default
    // it stays the royal and does not promote.
    let fen = "k2[zo]4/2K5/8/8/8/8/8/8 w - - Q/-/- 0 1";
    let mut p = pos_opts(
        fen,
        options(PromotionRule::Hand, ZombieRoyal::Converts),
        &["Q"],
    );
    assert!(moves_from(&p, "c7").contains(&"Kc7xd8=Q".to_string()));
    play(&mut p, "Kc7xd8=Q");
    assert_eq!(p.text(), "k2Q4/8/8/8/8/8/8/8 b - - -/-/- 0 1");
    let mut p = pos(fen);
    assert!(moves_from(&p, "c7").contains(&"Kc7xd8".to_string()));
    play(&mut p, "Kc7xd8");
    assert_eq!(p.text(), "k2K4/8/8/8/8/8/8/8 b - - Q/-/- 0 1");
}

#[test]
fn item_24_d13_the_end_pawns_capture_on_both_forward_diagonals() {
    for code in ["LE", "RE"] {
        let lower = code.to_lowercase();
        // White's, from d2 (its opening move spent): xc3 and xe3.
        let p = pos(&format!("7k/8/8/8/8/2p1p3/3[{code}]4/K7 w - - -/-/- 0 1"));
        let takes: Vec<String> = moves_from(&p, "d2")
            .into_iter()
            .filter(|m| m.contains('x'))
            .collect();
        assert_eq!(
            takes,
            [format!("[{code}]d2xc3"), format!("[{code}]d2xe3")],
            "{code}"
        );
        // Black's, from d7: xc6 and xe6.
        let p = pos(&format!("k7/3[{lower}]4/2P1P3/8/8/8/8/7K b - - -/-/- 0 1"));
        let takes: Vec<String> = moves_from(&p, "d7")
            .into_iter()
            .filter(|m| m.contains('x'))
            .collect();
        assert_eq!(
            takes,
            [format!("[{code}]d7xc6"), format!("[{code}]d7xe6")],
            "{code}"
        );
    }
    // The rules text says so under D13, where the play comes from.
    let rules = deckmate_games::dealers::RULES;
    let d13 = rules
        .find("Left and Right End Pawns [D13]: capture one step on either forward")
        .expect("the rules text names D13 for the End Pawns");
    assert!(rules[d13..].contains("diagonal (\"or forward diagonally, only to capture\")"));
}

/// The position of `fen` on `p`'s rules (its kinds numbered as `p`'s, so
/// hashes compare).
fn on_rules_of(p: &Position, fen: &str) -> Position {
    let setup = fen::parse(fen, Catalogue::builtin()).unwrap();
    Position::from_setup(&setup, p.rules()).unwrap()
}

#[test]
fn item_22_d1_dealers_en_passant_counts_only_when_a_capture_is_legal() {
    // No Black pawn can take on d3: after Pd2-d4 and the knights' round
    // trips the position stands a third time.
    let mut p = pos("4k1n1/8/8/8/8/8/3P*4/4K1N1 w - - -/-/- 0 1");
    play(&mut p, "Pd2-d4");
    assert!(p.text().contains(" d3:d4 "), "{}", p.text());
    for mv in ["g8f6", "g1f3", "f6g8", "f3g1", "g8f6", "g1f3", "f6g8"] {
        play(&mut p, mv);
        assert!(p.end_state().is_none(), "{mv}");
    }
    play(&mut p, "f3g1");
    assert_eq!(p.end_state().unwrap().reason, EndReason::Repetition);
    // The Mongolian Pawn's three-square move crosses d3 and d4, and the
    // pawn on c5 may take on d4 (D9): the right keeps the position apart.
    let mut p = pos("4k1n1/8/8/2p5/8/8/3[MG]*4/4K1N1 w - - -/-/- 0 1");
    play(&mut p, "[MG]d2-d5");
    assert!(p.text().contains(" d3,d4:d5 "), "{}", p.text());
    let with_right = p.repetition_key();
    let without = on_rules_of(&p, &p.text().replace(" d3,d4:d5 ", " - "));
    assert_ne!(with_right, without.repetition_key());
    assert_eq!(with_right, p.zobrist());
    for mv in [
        "g8f6", "g1f3", "f6g8", "f3g1", "g8f6", "g1f3", "f6g8", "f3g1",
    ] {
        play(&mut p, mv);
    }
    assert!(
        p.end_state().is_none(),
        "the placement's third time, the position's second"
    );
    // A capture the royal's safety forbids does not count: taking on d3
    // would take both pawns off the fourth rank and leave the royal on h4
    // to the rook on a4.
    let mut p = pos("6n1/8/8/8/R3p2k/8/3P*4/4K1N1 w - - -/-/- 0 1");
    play(&mut p, "Pd2-d4");
    assert!(p.text().contains(" d3:d4 "), "{}", p.text());
    assert!(!legal(&p).iter().any(|m| m.is_en_passant()));
    let without = on_rules_of(&p, &p.text().replace(" d3:d4 ", " - "));
    assert_eq!(p.repetition_key(), without.repetition_key());
    assert_ne!(p.zobrist(), without.zobrist());
}

#[test]
fn d9_the_zabels_two_square_step_only_onto_the_promotion_rank() {
    let p = pos("k7/8/2[ZP]5/8/8/8/8/K7 w - - -/-/- 0 1");
    assert_eq!(moves_from(&p, "c6"), ["[ZP]c6-c7", "[ZP]c6-c8"]);
    let p = pos("k7/8/8/2[ZP]5/8/8/8/K7 w - - -/-/- 0 1");
    assert_eq!(moves_from(&p, "c5"), ["[ZP]c5-c6"]);
}

#[test]
fn d9_en_passant_on_every_square_crossed() {
    // The Mongolian Pawn's three-square opening move crosses d3 and d4.
    let mut p = pos("4k3/8/8/2p5/4p3/8/3[MG]*4/4K3 w - - -/-/- 0 1");
    play(&mut p, "[MG]d2-d5");
    assert!(p.text().contains(" d3,d4:d5 "), "{}", p.text());
    let mut eps: Vec<String> = legal(&p)
        .into_iter()
        .filter(|m| m.is_en_passant())
        .map(|m| write_plain(&p, m))
        .collect();
    eps.sort();
    assert_eq!(eps, ["Pc5xd4ep", "Pe4xd3ep"]);
    let mut q = p.clone();
    play(&mut q, "e4xd3ep");
    assert_eq!(q.text(), "4k3/8/8/2p5/8/3p4/8/4K3 w - - -/-/- 0 2");
    // Only on the next move.
    let mut q = p.clone();
    play(&mut q, "Ke8-f8");
    play(&mut q, "Ke1-f1");
    assert!(!legal(&q).iter().any(|m| m.is_en_passant()));
}

#[test]
fn d9_en_passant_after_the_berolinas_and_the_piglets_diagonal_moves() {
    // The Berolina's diagonal double step c2-e4 crosses d3.
    let mut p = pos("4k3/8/8/8/8/8/2[BP]*5/4K3 w - - -/-/- 0 1");
    play(&mut p, "[BP]c2-e4");
    assert!(p.text().contains(" d3:e4 "), "{}", p.text());
    // The Piglet's opening leap c2-e4 crosses d3 (when it is empty).
    let mut p = pos("4k3/8/8/8/8/8/2[PG]*5/4K3 w - - -/-/- 0 1");
    play(&mut p, "[PG]c2-e4");
    assert!(p.text().contains(" d3:e4 "), "{}", p.text());
}

#[test]
fn d9_horse_and_lance_pawns_have_no_en_passant() {
    // Black's d7-d5 crosses d6, which the Horse Pawn on c4 leaps to: as a
    // move, never as an en passant capture.
    let mut p = pos("4k3/3p*4/8/8/2[HP]5/8/8/4K3 b - - -/-/- 0 1");
    play(&mut p, "d7d5");
    let ms = moves_from(&p, "c4");
    assert!(ms.contains(&"[HP]c4-d6".to_string()), "{ms:?}");
    assert!(!legal(&p).iter().any(|m| m.is_en_passant()));
    // A Horse Pawn's own move sets none.
    let mut p = pos("4k3/8/8/8/8/8/2[HP]5/4K3 w - - -/-/- 0 1");
    play(&mut p, "[HP]c2-d4");
    assert!(p.text().contains(" b - - "), "{}", p.text());
}

#[test]
fn d13_the_enhanced_pawn_captures_on_all_four_diagonals_and_sideways() {
    let p = pos("7k/8/8/2ppp3/2p[EP]p3/2ppp3/8/K7 w - - -/-/- 0 1");
    assert_eq!(
        moves_from(&p, "d4"),
        [
            "[EP]d4xc3",
            "[EP]d4xc4",
            "[EP]d4xc5",
            "[EP]d4xe3",
            "[EP]d4xe4",
            "[EP]d4xe5"
        ]
    );
}

#[test]
fn d13_the_left_end_pawns_bent_move_and_lone_capture() {
    // From d2 (fresh): d3, d4; the bent move over e3 to e4 or f3; captures
    // on both forward diagonals.
    let p = pos("7k/8/8/8/8/2p1p3/3[LE]*4/K7 w - - -/-/- 0 1");
    assert_eq!(
        moves_from(&p, "d2"),
        ["[LE]d2-d3", "[LE]d2-d4", "[LE]d2xc3", "[LE]d2xe3"]
    );
    let p = pos("7k/8/8/8/8/8/3[LE]*4/K7 w - - -/-/- 0 1");
    assert_eq!(
        moves_from(&p, "d2"),
        ["[LE]d2-d3", "[LE]d2-d4", "[LE]d2-e4", "[LE]d2-f3"]
    );
    // Black's is White's turned round: its bent move goes to the a-file
    // side (its owner's right).
    let p = pos("k7/3[le]*4/8/8/8/8/8/7K b - - -/-/- 0 1");
    assert_eq!(
        moves_from(&p, "d7"),
        ["[LE]d7-b6", "[LE]d7-c5", "[LE]d7-d5", "[LE]d7-d6"]
    );
}

#[test]
fn d13_the_linebackers_opening_move_goes_two_squares_diagonally() {
    let p = pos("7k/8/8/8/8/8/3[LB]*4/K7 w - - -/-/- 0 1");
    assert_eq!(
        moves_from(&p, "d2"),
        [
            "[LB]d2-b4",
            "[LB]d2-c3",
            "[LB]d2-d3",
            "[LB]d2-d4",
            "[LB]d2-e3",
            "[LB]d2-f4"
        ]
    );
}

#[test]
fn d14_positions_write_back_as_read() {
    for fen in [
        "4k3/8/8/8/8/8/8/[CA]3K2[GR] w AH - -/-/- 0 1",
        "4k3/8/8/2p[MG]4/8/8/8/4K3 b - d3,d4:d5 [LI]Q/n/[WA] 0 1",
    ] {
        assert_eq!(pos(fen).text(), fen);
    }
}

#[test]
fn bad_moves_are_refused_with_their_reason() {
    let p = pos("4k3/8/8/8/8/8/8/[CA]3K2[GR] w AH - -/-/- 0 1");
    let why = |t: &str| p.parse_move(t).unwrap_err().to_string();
    assert!(why("e4e5").contains("no man on e4"), "{}", why("e4e5"));
    assert!(why("e8e7").contains("Black"), "{}", why("e8e7"));
    assert!(why("[GR]a1-a2").contains("Camel"), "{}", why("[GR]a1-a2"));
    assert!(why("a1a2").contains("cannot go"), "{}", why("a1a2"));
    assert!(why("zz").contains("square"), "{}", why("zz"));
    for junk in ["", "[", "e2=", "O-O-O-O", "a1a9", "é", "[GR]]]"] {
        assert!(p.parse_move(junk).is_err(), "{junk}");
    }
}

/// A position of `fen` under `promotion`, with the men of `extra` known
/// to its rules (the cards a Draw Stack or stand-ins may bring).
fn pos_with(fen: &str, promotion: PromotionRule, extra: &[&str]) -> Position {
    let cat = Catalogue::builtin();
    let setup = fen::parse(fen, cat).unwrap();
    let mut codes: Vec<String> = setup
        .board
        .iter()
        .flatten()
        .map(|m| m.code.clone())
        .collect();
    codes.extend(extra.iter().map(|c| c.to_string()));
    let options = PlayOptions {
        promotion,
        ..PlayOptions::default()
    };
    let rules = Rules::new(cat, 8, &codes, options).unwrap();
    Position::from_setup(&setup, &rules).unwrap()
}

#[test]
fn d6_simplified_deals_seven_and_three_and_sets_up_as_chess() {
    use deckmate_games::dealers::{Alternate, BoardSize, Decks, Table};
    use std::sync::Arc;
    let cat = Arc::new(Catalogue::builtin().clone());
    let t = Table::with_alternate(
        cat.clone(),
        &Decks::all(&cat),
        BoardSize::Eight,
        9,
        PlayOptions::default(),
        Alternate::Simplified,
    )
    .unwrap();
    let deal = t.deal.clone().unwrap();
    assert_eq!(
        (deal.pieces[0].len(), deal.pawns[0].len(), deal.shared.len()),
        (7, 3, 0)
    );
    let mut g = DealersGame::new(t);
    // Queen, Rook, Bishop, Knight, then one Pawn card.
    let [q, r, b, n] = [0, 1, 2, 3].map(|i| deal.pieces[0][i].clone());
    let text = format!("[{q}][{r}][{b}][{n}]/[{}]", deal.pawns[0][2]);
    let m = g.parse_move(&text).unwrap();
    assert!(g.parse_move("[xx]/[yy]").is_err());
    g.play(m).unwrap();
    let black = g.parse_move("random black").unwrap();
    g.play(black).unwrap();
    let p = g.position().unwrap();
    let rules = p.rules();
    let at = |sq: &str| {
        let (_, k) = p.at(rules.square_of(sq).unwrap()).unwrap();
        rules.kinds[usize::from(k)].card.code.clone()
    };
    assert_eq!(
        ["a1", "b1", "c1", "d1", "f1", "g1", "h1"].map(at),
        [&r, &n, &b, &q, &b, &n, &r].map(String::clone)
    );
    assert!((0..8).all(|f| at(&format!("{}2", (b'a' + f) as char)) == deal.pawns[0][2]));
    assert!(p.text().contains(" -/-/- "), "no hands: {}", p.text());
    assert_eq!(p.promotes_to(Seat::First).len(), 4);
}

#[test]
fn d6_simplified_promotes_as_chess_and_keeps_no_hand() {
    let mut p = pos_with(
        "7k/1P6/8/8/8/8/8/K7 w - - -/-/- 0 1",
        PromotionRule::Standard,
        &["Q", "R", "GR", "CA"],
    );
    let kinds: Vec<u8> = ["Q", "R", "GR", "CA"]
        .iter()
        .map(|c| p.rules().kind_of(c).unwrap())
        .collect();
    p.set_promote_to(Seat::First, &kinds);
    assert_eq!(
        moves_from(&p, "b7"),
        ["Pb7-b8=Q", "Pb7-b8=R", "Pb7-b8=[CA]", "Pb7-b8=[GR]"]
    );
    play(&mut p, "b7b8=[GR]");
    // The same choice again later: no hand is spent.
    assert_eq!(p.promotes_to(Seat::First).len(), 4);
    let mut p = pos_with(
        "7k/8/8/3[gr]4/8/2N5/8/K7 w - - -/-/- 0 1",
        PromotionRule::Standard,
        &[],
    );
    play(&mut p, "Nc3xd5");
    assert!(p.text().contains(" -/-/- "), "{}", p.text());
}

/// big-deck: a White pawn on b7, the Draw Stack Q, R, B, N and LI.
fn big_deck_promotion() -> Position {
    let mut p = pos_with(
        "7k/1P6/8/8/8/8/8/K7 w - - -/-/- 0 1",
        PromotionRule::DrawStack,
        &["Q", "R", "B", "N", "LI"],
    );
    let stack: Vec<u8> = ["Q", "R", "B", "N", "LI"]
        .iter()
        .map(|c| p.rules().kind_of(c).unwrap())
        .collect();
    p.set_draw_stack(&stack);
    p
}

#[test]
fn d6_big_deck_promotion_draws_three_and_discards_two() {
    let mut p = big_deck_promotion();
    play(&mut p, "b7b8");
    assert_eq!(p.to_act(), deckmate_rules::ToAct::Chance);
    let mut outs = Vec::new();
    p.chance_outcomes(&mut outs);
    assert_eq!(outs.len(), 10, "three of five cards");
    let draw = p.parse_move("draw:QR[LI]").unwrap();
    assert_eq!(p.move_text(draw), "draw:QR[LI]");
    p.play_unchecked(draw);
    assert_eq!(p.to_act(), deckmate_rules::ToAct::Seat(Seat::First));
    let mut choices: Vec<String> = legal(&p).into_iter().map(|m| p.move_text(m)).collect();
    choices.sort();
    assert_eq!(
        choices,
        ["=Q+", "=R+", "=[LI]"],
        "the Queen and the Rook check on b8"
    );
    assert!(p.parse_move("=N").is_err(), "N was not drawn");
    // What is written reads back, check sign and all.
    for m in legal(&p) {
        assert_eq!(p.parse_move(&p.move_text(m)).ok(), Some(m));
    }
    play(&mut p, "=[LI]");
    assert_eq!(p.side_to_move(), Seat::Second);
    let code = |k: &u8| p.rules().kinds[usize::from(*k)].card.code.clone();
    assert_eq!(
        p.discard_pile().iter().map(code).collect::<Vec<_>>(),
        ["Q", "R"]
    );
    assert_eq!(
        p.draw_stack().iter().map(code).collect::<Vec<_>>(),
        ["B", "N"]
    );
    // Fewer than three left: the Discard Pile is shuffled back in.
    assert_eq!(p.draw_pool().len(), 4);
    // A captured piece's card goes to the Discard Pile, not to a hand.
    let mut q = pos_with(
        "k7/8/8/3[gr]4/8/2N5/8/K7 w - - -/-/- 0 1",
        PromotionRule::DrawStack,
        &[],
    );
    play(&mut q, "Nc3xd5");
    assert!(q.text().contains(" -/-/- "), "{}", q.text());
    assert_eq!(q.discard_pile().len(), 1);
}

#[test]
fn d6_big_deck_the_engine_searches_the_draw_and_chooses_a_card() {
    use deckmate_engine::Player;
    use deckmate_games::dealers::tools::DealersTools;
    use deckmate_games::registry::EngineHook;
    let mut p = big_deck_promotion();
    // Before the move: the promotion is worth going for.
    let m = DealersTools.fixed_player(3, None).choose(&p).unwrap();
    assert_eq!(p.move_text(m), "Pb7-b8");
    p.play_unchecked(m);
    p.play_unchecked(p.parse_move("draw:QB[LI]").unwrap());
    // It chooses one of the strong cards drawn, not the Bishop.
    let c = DealersTools.fixed_player(3, None).choose(&p).unwrap();
    assert!(c.is_choice());
    assert!(
        ["=Q+", "=[LI]"].contains(&p.move_text(c).as_str()),
        "{}",
        p.move_text(c)
    );
}

#[test]
fn d8_a_bent_pieces_first_step_may_capture_and_it_rides_on_only_from_an_empty_square() {
    // The Gryffon (FyafsF) on d4: its diagonal step to e5 takes the knight
    // there and goes no further that way; from the empty c5 it rides on
    // outward (c6, c7 ... and b5, a5).
    let p = pos("7k/8/8/4n3/3[GR]4/8/8/K7 w - - -/-/- 0 1");
    let m = moves_from(&p, "d4");
    assert!(m.contains(&"[GR]d4xe5".to_string()), "{m:?}");
    assert!(
        !m.iter().any(|x| x.ends_with("e6") || x.ends_with("f5")),
        "{m:?}"
    );
    for sq in ["c5", "c6", "c8", "b5", "a5"] {
        assert!(m.iter().any(|x| x.ends_with(sq)), "{sq}: {m:?}");
    }
    // "Slides" is a rider, blocked by a piece: the Rook stops at b4.
    let p = pos("7k/8/8/8/1p1R4/8/8/K7 w - - -/-/- 0 1");
    let m = moves_from(&p, "d4");
    assert!(
        m.contains(&"Rd4xb4".to_string()) && !m.iter().any(|x| x.ends_with("a4")),
        "{m:?}"
    );
}

#[test]
fn d14_a_hand_of_absurd_size_is_refused_not_overflowed() {
    let hand = "Q".repeat(300);
    let text = format!("7k/8/8/8/8/8/8/K7 w - - {hand}/-/- 0 1");
    let e = Position::from_text(&text, Catalogue::builtin(), PlayOptions::default())
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(e.contains("more than 64"), "{e}");
}

fn rules_of(codes: &[&str]) -> Arc<Rules> {
    let codes: Vec<String> = codes.iter().map(|c| c.to_string()).collect();
    Rules::new(Catalogue::builtin(), 8, &codes, PlayOptions::default()).unwrap()
}

#[test]
fn black_moves_are_white_turned_round_d13() {
    // The Left End Pawn's bent move starts forward-right: for White
    // towards the h-file, for Black (facing down) towards the a-file,
    // its owner's right.
    let r = rules_of(&["K", "LE"]);
    let le = r.kind_of("LE").unwrap();
    let bent = |seat, from: &str| -> Vec<String> {
        let m = r.moves(le, seat, r.square_of(from).unwrap());
        let mut v: Vec<String> = m
            .leaps
            .iter()
            .filter(|l| !l.via.is_empty() && !l.initial)
            .map(|l| r.square_name(l.to))
            .collect();
        v.sort();
        v
    };
    assert_eq!(bent(Seat::First, "d4"), ["e6", "f5"]);
    assert_eq!(bent(Seat::Second, "d5"), ["b4", "c3"]);
}

#[test]
fn the_zombie_is_always_a_kind_and_specials_are_read_from_names() {
    let r = rules_of(&["K", "CP", "LB", "ZP", "HP", "LP", "MP"]);
    assert!(r.zombie.is_some());
    let sp = |c| r.kinds[usize::from(r.kind_of(c).unwrap())].special;
    assert_eq!(sp("CP"), Special::Chicken);
    assert_eq!(sp("LB"), Special::Linebacker);
    assert_eq!(sp("ZO"), Special::Zombie);
    assert_eq!(sp("ZP"), Special::Zabel);
    assert_eq!(sp("HP"), Special::NoEnPassant);
    assert_eq!(sp("LP"), Special::NoEnPassant);
    assert!(r.kinds[usize::from(r.kind_of("MP").unwrap())].mecklenbeck);
    assert!(Rules::new(Catalogue::builtin(), 9, &[], PlayOptions::default()).is_err());
    assert!(Rules::new(
        Catalogue::builtin(),
        8,
        &["XX".to_string()],
        PlayOptions::default()
    )
    .is_err());
}

/// Issue 31 item 9: from-to coordinates, codes in any case, and a
/// from-to that several moves share refused as ambiguous, naming them.
#[test]
fn issue31_item9_from_to_codes_in_any_case_and_ambiguity() {
    use deckmate_rules::MoveError;
    let p = pos("7k/1P6/8/8/8/8/8/K7 w - - [LI]Q/n/[WA] 0 1");
    let read = |p: &Position, t: &str| p.parse_move(t).map(|m| write_plain(p, m));
    assert_eq!(read(&p, "pb7-b8=q").as_deref(), Ok("Pb7-b8=Q"));
    assert_eq!(read(&p, "b7b8=li").as_deref(), Ok("Pb7-b8=[LI]"));
    assert_eq!(
        read(&p, "pb7b8=[wa](shared)").as_deref(),
        Ok("Pb7-b8=[WA](shared)")
    );
    let (parts, candidates) = crate::ambiguity(p.parse_move("b7b8"));
    assert_eq!(parts, ["b7b8", "White", "Standard Pawn", "b8"]);
    let mut plain: Vec<String> = candidates
        .iter()
        .map(|c| c.trim_end_matches(['+', '#']).to_string())
        .collect();
    plain.sort();
    assert_eq!(plain, moves_from(&p, "b7"));
    assert!(matches!(
        p.parse_move("Pb7-b8"),
        Err(MoveError::Ambiguous { .. })
    ));
    // Every move of a long-coded man reads with its code in lower case,
    // bare or bracketed, and as its squares alone; the writing keeps D14's
    // form.
    let p = pos("4k3/8/8/8/8/8/8/[CA]3K2[GR] w AH - -/-/- 0 1");
    for from in ["a1", "h1"] {
        for text in moves_from(&p, from) {
            let m = p.parse_move(&text).unwrap();
            let lower = text.to_ascii_lowercase();
            let bare = lower.replace(['[', ']'], "");
            let squares = &bare[2..];
            for t in [lower.as_str(), bare.as_str(), squares] {
                assert_eq!(p.parse_move(t), Ok(m), "{t} for {text}");
            }
            assert_eq!(write_plain(&p, m), text);
        }
    }
    let mut q = pos("k7/8/8/3p4/8/2N5/8/K7 w - - -/-/- 0 1");
    assert_eq!(read(&q, "nc3xd5").as_deref(), Ok("Nc3xd5"));
    assert_eq!(read(&q, "c3d5").as_deref(), Ok("Nc3xd5"));
    play(&mut q, "c3-d5");
    assert!(q.text().starts_with("k7/8/8/3N4"), "{}", q.text());
}
