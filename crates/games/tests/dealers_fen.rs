//! Dealer's Chess position strings (D14): every dealt start reads and
//! writes back, the ruling's examples read, a bad string says what is
//! wrong, and no text makes the reader panic.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use deckmate_games::dealers::fen::{parse, square_name, write};
use deckmate_games::dealers::{
    start_position, Arrangement, BoardSize, CardKind, Catalogue, Deal, Decks,
};
use deckmate_rules::{Seat, SeededRng};

fn cat() -> &'static Catalogue {
    Catalogue::builtin()
}

#[test]
fn d14_every_dealt_start_reads_and_writes_back_the_same() {
    for (size, seeds) in [(BoardSize::Eight, 0..40), (BoardSize::Ten, 0..20)] {
        for seed in seeds {
            let d = Deal::new(&Decks::all(cat()), size, seed).expect("a deal");
            let mut rng = SeededRng::new(seed);
            let w = Arrangement::random(&d, Seat::First, &mut rng);
            let b = Arrangement::random(&d, Seat::Second, &mut rng);
            let text = start_position(&d, [&w, &b]).expect("a start");
            let setup = parse(&text, cat()).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(write(&setup), text);
            assert_eq!(setup.hands[0].len(), size.dealt() - size.back());
            assert_eq!(setup.hands[2], d.shared.to_vec());
            assert!(setup
                .board
                .iter()
                .flatten()
                .filter(|m| cat().get(&m.code).is_some_and(|c| c.kind == CardKind::Pawn))
                .all(|m| m.fresh));
        }
    }
}

#[test]
fn d14_the_examples_of_the_ruling_read() {
    let s = parse(
        "r1bqkbnr/pp1ppppp/8/2pP4/8/8/PPP1PPPP/RNBQKBNR w AHah c6:c5 BN/[al]n/[LI]Q 0 3",
        cat(),
    )
    .expect("a position");
    let ep = s.en_passant.clone().expect("en passant");
    assert_eq!(ep.crossed, [5 * 8 + 2]);
    assert_eq!(square_name(8, ep.pawn), "c5");
    // Three squares: both crossed squares listed.
    let three = parse(
        "rnbqkbnr/ppp1pppp/8/8/3p4/8/PPPPPPPP/RNBQKBNR w AHah d5,d6:d4 -/-/- 0 2",
        cat(),
    )
    .expect("a position");
    let ep = three.en_passant.clone().expect("en passant");
    assert_eq!(
        ep.crossed
            .iter()
            .map(|&q| square_name(8, q))
            .collect::<Vec<_>>(),
        ["d5", "d6"]
    );
    assert_eq!(square_name(8, ep.pawn), "d4");
    assert!(write(&three).contains(" d5,d6:d4 "));
    assert_eq!(s.hands[1], ["AL", "N"]);
    assert_eq!(s.hands[2], ["LI", "Q"]);
    assert_eq!(
        s.castling,
        [
            (Seat::First, 0),
            (Seat::First, 7),
            (Seat::Second, 0),
            (Seat::Second, 7)
        ]
    );
    // The case of a code's later letters does not matter; written
    // canonically.
    let t = parse("4k3/8/8/8/8/8/8/[Gr]3K3 b - - -/-/- 12 40", cat()).expect("a position");
    assert_eq!(write(&t), "4k3/8/8/8/8/8/8/[GR]3K3 b - - -/-/- 12 40");
    assert_eq!(t.side, Seat::Second);
}

#[test]
fn d14_a_12x12_position_with_runs_of_10_and_12() {
    let text = "6[ch]5/12/12/12/12/12/12/12/12/12/12/[GR]10K w - - -/-/- 0 1";
    let s = parse(text, cat()).expect("12x12");
    assert_eq!(s.size, 12);
    assert_eq!(write(&s), text);
    assert_eq!(s.board[0].as_ref().map(|m| m.code.as_str()), Some("GR"));
    assert_eq!(s.board[11].as_ref().map(|m| m.code.as_str()), Some("K"));
    assert_eq!(
        s.board[143 - 5].as_ref().map(|m| m.code.as_str()),
        Some("CH")
    );
}

#[test]
fn a_bad_position_string_says_what_is_wrong() {
    let cases = [
        ("8/8/8/8/8/8/8/4K3 w - - -/-/- 0", "7 fields"),
        ("4k3/8/8/8/8/8/8 w - - -/-/- 0 1", "ranks"),
        ("4k3/8/8/8/8/8/8/4K2 w - - -/-/- 0 1", "rank 1"),
        ("4k3/8/8/8/8/8/8/4K[ZZ]2 w - - -/-/- 0 1", "ZZ"),
        ("4k3/8/8/8/8/8/8/4KQ*2 w - - -/-/- 0 1", "only after a pawn"),
        ("4kk2/8/8/8/8/8/8/4K3 w - - -/-/- 0 1", "Black"),
        ("4k3/8/8/8/8/8/8/4K3 x - - -/-/- 0 1", "x"),
        ("4k3/8/8/8/8/8/8/4K3 w AZ - -/-/- 0 1", "castling"),
        ("4k3/8/8/8/8/8/8/4K3 w - e9:e8 -/-/- 0 1", "en passant"),
        ("4k3/8/8/8/8/8/8/4K3 w - e3:e4 -/-/- 0 1", "pawn that moved"),
        ("4k3/8/8/8/8/8/8/4K3 w - - Q/- 0 1", "white/black/shared"),
        ("4k3/8/8/8/8/8/8/4K3 w - - q/-/- 0 1", "White's case"),
        ("4k3/8/8/8/8/8/8/4K3 w - - P/-/- 0 1", "pieces only"),
        ("4k3/8/8/8/8/8/8/4K3 w - - -/-/- x 1", "x"),
        ("4k3/8/8/8/8/8/8/4K3 w - - -/-/- 0 0", "0"),
        ("4k3/8/8/8/8/8/8/4K[GR2 w - - -/-/- 0 1", "']'"),
        ("4k3/8/8/8/8/8/8/4K0 w - - -/-/- 0 1", "runs"),
        ("4k3/8/8/8/8/8/8/4K\u{e9}2 w - - -/-/- 0 1", "rank 1"),
        ("4k3/8/8/8/8/8/8/4K3 w - e\u{e9}:e4 -/-/- 0 1", "en passant"),
        ("4k3/8/8/8/8/8/8/4K3 w - - [\u{e9}]/-/- 0 1", "hands"),
    ];
    for (text, want) in cases {
        let e = parse(text, cat()).expect_err(text);
        assert!(e.to_string().contains(want), "{text}: {e}");
    }
}

#[test]
fn any_text_is_read_or_refused_without_a_panic() {
    let base = "rnbq[ch]bnr/p*p*p*p*[zp]*[cp]*p*[bp]*/8/8/8/8/P*P*P*P*P*P*P*P*/RNBQKBNR w AHah d3,d4:d5 [GR][AL]/[gr]/[LI]Q 0 1";
    let mut rng = SeededRng::new(11);
    for _ in 0..3000 {
        let mut b = base.as_bytes().to_vec();
        for _ in 0..1 + rng.below(4) {
            let i = rng.below(b.len() as u64) as usize;
            b[i] = b"[]*/:,-0123456789aAkKpPqQ xw"[rng.below(28) as usize];
        }
        let text = String::from_utf8_lossy(&b);
        if let Ok(s) = parse(&text, cat()) {
            // Whatever reads writes back to a text that reads the same.
            assert_eq!(parse(&write(&s), cat()).as_ref(), Ok(&s), "{text}");
        }
    }
}
