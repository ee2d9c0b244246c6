//! The cards of Dealer's Chess: the page's catalogue and deck files in both
//! forms (D7), each card's movement diagram, and the cards as SVG (D10;
//! the PDF sheets are the CLI's, `cards_pdf.rs`).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use deckmate_games::dealers::catalogue::{CardKind, Catalogue, PieceCard};
use deckmate_games::piece_card::diagram::{Diagram, Mark, MAX_RADIUS};
use deckmate_games::piece_card::svg::{self, xml_escape};
use deckmate_games::registry::CardInfo;

/// A catalogue's card drawn by the shared piece cards.
fn card_svg(c: &PieceCard) -> Result<String, String> {
    svg::card_svg(&CardInfo {
        code: c.code.clone(),
        name: c.name.clone(),
        group: c.kind.word(),
        betza: c.betza.clone(),
        words: c.words.clone(),
    })
}

/// The page's deck file, as the crate reads it.
const BUILTIN: &str = include_str!("../data/dealers-pieces.txt");

#[test]
fn d7_the_page_ships_7_royals_40_pieces_and_24_pawns() {
    let c = Catalogue::builtin();
    assert_eq!(c.codes(CardKind::Royal).len(), 7);
    assert_eq!(c.codes(CardKind::Piece).len(), 40);
    assert_eq!(c.codes(CardKind::Pawn).len(), 24);
    let gr = c.get("gr").expect("the Gryffon");
    assert_eq!((gr.name.as_str(), gr.kind), ("Gryffon", CardKind::Piece));
    assert_eq!(c.get("K").map(|k| k.kind), Some(CardKind::Royal));
}

#[test]
fn a_bad_deck_file_names_the_line_and_the_fault() {
    let cases = [
        ("piece | Spear | SP", "5 fields"),
        ("knight | Spear | SP | W | x", "kind 'knight'"),
        ("piece | Spear | SPEAR | W | x", "code 'SPEAR'"),
        ("piece | Spear | S1 | W | x", "code 'S1'"),
        ("piece | Spear | SP | Wq | x", "XBetza 'Wq'"),
        (
            "piece | Spear | SP | W | x\npiece | Lance | sp | W | x",
            "code of Spear",
        ),
        ("piece |  | SP | W | x", "no name"),
    ];
    for (text, want) in cases {
        let e = Catalogue::parse(&format!("# a deck\n{text}")).expect_err(text);
        assert!(e.to_string().contains(want), "{text}: {e}");
        assert!(e.line >= 2, "{text}: {e}");
    }
    let ok = Catalogue::parse("piece | Spear | SP | fR | Slides forward.").expect("a card");
    assert_eq!(ok.cards()[0].code, "SP");
}

#[test]
fn d7_a_deck_file_in_the_variant_files_piece_syntax() {
    let text = "# Spears\n[[piece]]\nname = \"Spear\"\ncode = \"SP\"\nbetza = \"fRbW\"\nkind = \"piece\"\nwords = \"Slides forward, or one step back.\"\n\n[[piece]]\nname = \"Pike\"\ncode = \"PK\"\nbetza = \"fR2\"\nkind = \"piece\"\n";
    let deck = Catalogue::parse_deck(text).expect("a deck");
    assert_eq!(deck.codes(CardKind::Piece), ["SP", "PK"]);
    assert_eq!(deck.cards()[0].words, "Slides forward, or one step back.");
    // The line form reads too.
    let lines = Catalogue::parse_deck("piece | Spear | SP | fR | Slides forward.").expect("a deck");
    assert_eq!(lines.cards().len(), 1);
    // Errors: a field TOML does not know, a bad move, a missing field.
    let e = Catalogue::parse_deck(
        "[[piece]]\nname = \"X\"\ncode = \"X\"\nbetza = \"W\"\nkind = \"piece\"\nspeed = 3\n",
    )
    .expect_err("unknown field");
    assert!(e.to_string().contains("speed"), "{e}");
    let e = Catalogue::parse_deck(
        "[[piece]]\nname = \"X\"\ncode = \"X\"\nbetza = \"Wq\"\nkind = \"piece\"\n",
    )
    .expect_err("bad XBetza");
    assert!(
        e.to_string().contains("[[piece]] number 1") && e.to_string().contains("Wq"),
        "{e}"
    );
    let e = Catalogue::parse_deck("[[piece]]\nname = \"X\"\n").expect_err("missing");
    assert!(e.to_string().contains("code"), "{e}");
    // Text beyond ASCII where TOML fails: an error, never a panic.
    assert!(Catalogue::parse_deck("[[piece]]\nname = \u{e9}\u{e9}\n").is_err());
}

#[test]
fn any_text_is_read_or_refused_without_a_panic() {
    let mut rng = deckmate_rules::SeededRng::new(3);
    let base = BUILTIN.as_bytes().to_vec();
    for _ in 0..300 {
        let mut b = base.clone();
        for _ in 0..1 + rng.below(8) {
            let i = rng.below(b.len() as u64) as usize;
            b[i] = b"|# \nAz19()"[rng.below(10) as usize];
        }
        let _ = Catalogue::parse(&String::from_utf8_lossy(&b));
    }
}

#[test]
fn d10_a_knight_leaps_to_eight_squares_that_allow_both() {
    let d = Diagram::of("N").expect("compiles");
    assert_eq!(d.targets.len(), 8);
    assert!(d
        .targets
        .iter()
        .all(|t| t.mark == Mark::Both && t.leap && !t.first_move));
    assert!(d.lines.is_empty() && d.paths.is_empty());
    assert_eq!(d.radius, 2);
}

#[test]
fn d10_a_rook_slides_endlessly_in_four_lines() {
    let d = Diagram::of("R").expect("compiles");
    assert_eq!(d.lines.len(), 4);
    assert!(d
        .lines
        .iter()
        .all(|l| l.endless && !l.hop && l.from == (0, 0)));
    assert_eq!(d.radius, MAX_RADIUS);
    assert!(d.at(0, 4).is_some_and(|t| !t.leap));
    assert!(d.at(1, 1).is_none());
}

#[test]
fn d10_a_pawn_moves_up_captures_diagonally_and_double_steps_first() {
    let d = Diagram::of("mfWimfnDcfF").expect("compiles");
    assert_eq!(d.at(0, 1).map(|t| t.mark), Some(Mark::Move));
    assert_eq!(d.at(1, 1).map(|t| t.mark), Some(Mark::Capture));
    assert_eq!(d.at(-1, 1).map(|t| t.mark), Some(Mark::Capture));
    let double = d.at(0, 2).expect("the double step");
    assert!(double.first_move && double.mark == Mark::Move);
    // Its way is drawn: over the square in front.
    assert!(d.paths.contains(&vec![(0, 0), (0, 1), (0, 2)]));
    assert!(d.at(0, -1).is_none());
}

#[test]
fn d10_a_cannon_hops_to_capture_and_a_gryffon_bends() {
    let d = Diagram::of("mRcpR").expect("compiles");
    assert!(d.lines.iter().any(|l| l.hop));
    assert!(d.lines.iter().any(|l| !l.hop));
    // Gryffon: one diagonal step, then outward orthogonal slides from
    // it, drawn from the step's square.
    let g = Diagram::of("FyafsF").expect("compiles");
    assert_eq!(g.at(1, 1).map(|t| t.mark), Some(Mark::Both));
    assert!(g
        .lines
        .iter()
        .any(|l| l.from == (1, 1) && l.to.0 == 1 && l.to.1 > 1));
    assert!(g.paths.contains(&vec![(0, 0), (1, 1)]));
    assert!(g.at(0, 1).is_none(), "no orthogonal first step");
}

#[test]
fn d10_every_card_of_the_catalogue_has_a_diagram() {
    for card in Catalogue::builtin().cards() {
        let d = Diagram::of(&card.betza).unwrap_or_else(|e| panic!("{}: {e}", card.name));
        assert!(!d.targets.is_empty(), "{}", card.name);
        assert!((2..=MAX_RADIUS).contains(&d.radius), "{}", card.name);
    }
    // The Antelope's (3,4) leap needs the widest grid.
    assert_eq!(Diagram::of("(4,3)").expect("compiles").radius, 4);
}

#[test]
fn d10_every_card_is_an_svg_with_its_name_words_and_xbetza() {
    for card in Catalogue::builtin().cards() {
        let svg = card_svg(card).expect("a card");
        assert!(
            svg.starts_with("<svg") && svg.ends_with("</svg>"),
            "{}",
            card.name
        );
        assert!(svg.contains(&xml_escape(&card.name)), "{}", card.name);
        assert!(svg.contains(&xml_escape(&card.betza)), "{}", card.name);
        // Balanced: every element closed.
        assert_eq!(svg.matches("<text").count(), svg.matches("</text>").count());
    }
    let knight = Catalogue::builtin().get("N").expect("the Knight");
    let svg = card_svg(knight).expect("a card");
    // The eight leaps: discs, and no line to them.
    assert_eq!(svg.matches("<circle").count(), 8 + 2, "{svg}");
    assert!(!svg.contains("stroke-dasharray"));
}

#[test]
fn text_is_escaped() {
    assert_eq!(xml_escape("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
}
