//! Dealer's Chess deals (D2, D6, D11, D12): the cards a seed deals, the
//! decks they come from, the arrangements of the players' cards, and the
//! start they make as a position string (D3, D14).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use deckmate_games::dealers::deal::man_text;
use deckmate_games::dealers::{
    start_position, Arrangement, BoardSize, CardKind, Catalogue, Deal, Decks,
};
use deckmate_rules::{Seat, SeededRng};

/// The men of a rank of a position string without empty squares.
fn men(rank: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut chars = rank.chars();
    while let Some(c) = chars.next() {
        match c {
            '[' => out.push(
                std::iter::once('[')
                    .chain(chars.by_ref().take_while(|&c| c != ']'))
                    .chain(std::iter::once(']'))
                    .collect(),
            ),
            '*' => {
                if let Some(last) = out.last_mut() {
                    last.push('*');
                }
            }
            c => out.push(c.to_string()),
        }
    }
    out
}

fn decks() -> Decks {
    Decks::all(Catalogue::builtin())
}

#[test]
fn d2_d11_a_seed_deals_the_same_cards_and_another_seed_others() {
    let a = Deal::new(&decks(), BoardSize::Eight, 7).expect("a deal");
    assert_eq!(a, Deal::new(&decks(), BoardSize::Eight, 7).expect("a deal"));
    assert_ne!(a, Deal::new(&decks(), BoardSize::Eight, 8).expect("a deal"));
    assert_eq!(a.pieces[0].len(), 11);
    assert_eq!(a.pieces[1].len(), 11);
    assert_eq!(a.pawns[0].len(), 8);
    assert_eq!(a.pawns[1].len(), 8);
    // 24 different Piece cards: both hands of 11 and the 2 extras.
    let mut all: Vec<&String> = a.pieces[0]
        .iter()
        .chain(&a.pieces[1])
        .chain(&a.shared)
        .collect();
    all.sort();
    all.dedup();
    assert_eq!(all.len(), 24);
    // 16 different Pawn cards from the 24.
    let mut pawns: Vec<&String> = a.pawns[0].iter().chain(&a.pawns[1]).collect();
    pawns.sort();
    pawns.dedup();
    assert_eq!(pawns.len(), 16);
}

#[test]
fn d11_the_royals_are_drawn_without_replacement() {
    for seed in 0..200 {
        let d = Deal::new(&decks(), BoardSize::Eight, seed).expect("a deal");
        assert_ne!(d.royals[0], d.royals[1], "seed {seed}");
    }
    // Over many seeds every royal comes to each side.
    let seen: std::collections::BTreeSet<String> = (0..200)
        .map(|s| {
            Deal::new(&decks(), BoardSize::Eight, s)
                .expect("a deal")
                .royals[1]
                .clone()
        })
        .collect();
    assert_eq!(seen.len(), 7);
    // A deck of one royal: both players have it.
    let one = Decks {
        royals: vec!["K".into()],
        ..decks()
    };
    let d = Deal::new(&one, BoardSize::Eight, 1).expect("a deal");
    assert_eq!(d.royals, ["K".to_string(), "K".to_string()]);
}

#[test]
fn d12_a_piece_deck_of_16_or_more_named_cards() {
    let cat = Catalogue::builtin();
    let codes = [
        "Q", "R", "B", "N", "AR", "CC", "GR", "RH", "CA", "ZE", "WA", "FE", "AL", "DA", "KI", "PX",
    ];
    let d = Decks::with_pieces(cat, &codes).expect("16 cards");
    assert_eq!(d.pieces.len(), 16);
    // 16 cards are too few for two hands of 11 and the extras.
    let e = Deal::new(&d, BoardSize::Eight, 1).expect_err("too few");
    assert!(e.0.contains("24 Piece cards"), "{e}");
    let e = Decks::with_pieces(cat, &codes[..15]).expect_err("15");
    assert!(e.0.contains("at least 16"), "{e}");
    let mut twice = codes.to_vec();
    twice[1] = "q";
    assert!(Decks::with_pieces(cat, &twice)
        .expect_err("twice")
        .0
        .contains("twice"));
    let mut royal = codes.to_vec();
    royal[0] = "K";
    let e = Decks::with_pieces(cat, &royal).expect_err("a royal");
    assert!(e.0.contains("royal card"), "{e}");
    let mut unknown = codes.to_vec();
    unknown[0] = "ZZ";
    assert!(Decks::with_pieces(cat, &unknown)
        .expect_err("?")
        .0
        .contains("'ZZ'"));
}

#[test]
fn d6_the_larger_boards_deal_more_and_12x12_needs_more_than_the_page_s_deck() {
    let d = Deal::new(&decks(), BoardSize::Ten, 3).expect("a 10x10 deal");
    assert_eq!((d.pieces[0].len(), d.pawns[0].len()), (14, 10));
    let e = Deal::new(&decks(), BoardSize::Twelve, 3).expect_err("40 < 58");
    assert!(e.0.contains("58 Piece cards") && e.0.contains("40"), "{e}");
}

#[test]
fn d11_a_random_arrangement_keeps_7_and_holds_4_from_its_seed() {
    let d = Deal::new(&decks(), BoardSize::Eight, 5).expect("a deal");
    let a = Arrangement::random(&d, Seat::First, &mut SeededRng::new(9));
    assert_eq!((a.back.len(), a.hand.len(), a.pawns.len()), (7, 4, 8));
    a.check(&d, Seat::First).expect("White's cards");
    assert!(a.check(&d, Seat::Second).is_err(), "not Black's cards");
    assert_eq!(
        a,
        Arrangement::random(&d, Seat::First, &mut SeededRng::new(9))
    );
    // A back row of the wrong size, or a card not dealt: refused.
    let mut short = a.clone();
    short.hand.push(short.back.pop().expect("a piece"));
    assert!(short
        .check(&d, Seat::First)
        .expect_err("6")
        .0
        .contains("takes 7"));
    let mut foreign = a.clone();
    foreign.back[0] = d.pieces[1][0].clone();
    assert!(foreign.check(&d, Seat::First).is_err());
    let mut pawns = a.clone();
    pawns.pawns[0] = "ZZ".into();
    assert!(pawns
        .check(&d, Seat::First)
        .expect_err("pawn")
        .0
        .contains("Pawn cards"));
}

#[test]
fn d3_d14_the_start_as_a_position_string() {
    // A hand-made deal: White the King, Black the Chef.
    let deal = Deal {
        size: BoardSize::Eight,
        royals: ["K".into(), "CH".into()],
        pieces: [
            ["R", "N", "B", "Q", "B", "N", "R", "GR", "AL", "CA", "ZE"]
                .map(String::from)
                .to_vec(),
            ["R", "N", "B", "Q", "B", "N", "R", "GR", "AL", "CA", "ZE"]
                .map(String::from)
                .to_vec(),
        ],
        shared: vec!["LI".into(), "Q".into()],
        simplified: false,
        pawns: [
            vec!["P".to_string(); 8],
            ["P", "P", "P", "P", "ZP", "CP", "P", "BP"]
                .map(String::from)
                .to_vec(),
        ],
    };
    let arrange = |seat: Seat| Arrangement {
        back: deal.pieces[seat.index()][..7].to_vec(),
        hand: deal.pieces[seat.index()][7..].to_vec(),
        pawns: deal.pawns[seat.index()].clone(),
    };
    let (w, b) = (arrange(Seat::First), arrange(Seat::Second));
    let s = start_position(&deal, [&w, &b]).expect("a start");
    assert_eq!(
        s,
        "rnbq[ch]bnr/p*p*p*p*[zp]*[cp]*p*[bp]*/8/8/8/8/P*P*P*P*P*P*P*P*/RNBQKBNR w AHah - \
         [GR][AL][CA][ZE]/[gr][al][ca][ze]/[LI]Q 0 1"
    );
    // An arrangement that is not the player's is refused, naming him.
    let e = start_position(&deal, [&w, &w]).expect_err("White's twice");
    assert!(e.0.starts_with("Black: "), "{e}");
}

#[test]
fn d3_the_12x12_start_has_two_back_rows_and_the_royal_on_g() {
    let cat = Catalogue::builtin();
    // 58 Piece cards: the page's 40 and 18 more of a deck file's.
    let mut text = String::new();
    for i in 0..18 {
        let code = format!("X{}", (b'A' + i) as char);
        text.push_str(&format!("piece | Extra {i} | {code} | W | One step.\n"));
    }
    let extra = Catalogue::parse(&text).expect("a deck");
    let mut decks = Decks::all(cat);
    decks.pieces.extend(extra.codes(CardKind::Piece));
    let d = Deal::new(&decks, BoardSize::Twelve, 4).expect("a 12x12 deal");
    let mut rng = SeededRng::new(1);
    let (w, b) = (
        Arrangement::random(&d, Seat::First, &mut rng),
        Arrangement::random(&d, Seat::Second, &mut rng),
    );
    assert_eq!((w.back.len(), w.hand.len(), w.pawns.len()), (23, 5, 12));
    let s = start_position(&d, [&w, &b]).expect("a start");
    let rows: Vec<&str> = s.split(' ').next().expect("a board").split('/').collect();
    assert_eq!(rows.len(), 12);
    assert_eq!(&rows[3..9], ["12"; 6]);
    // The royal on g1: the seventh man of the first rank.
    let first = men(rows[11]);
    assert_eq!(first.len(), 12);
    assert_eq!(first[6], man_text(&d.royals[0], Seat::First), "{first:?}");
    assert_eq!(men(rows[10]).len(), 12);
    assert!(men(rows[9]).iter().all(|m| m.ends_with('*')));
    assert_eq!(men(rows[0])[6], man_text(&d.royals[1], Seat::Second));
    assert!(s.contains(" w ALal - "), "{s}");
}
