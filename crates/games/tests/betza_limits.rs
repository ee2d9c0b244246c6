//! Issue 29 item 1: a variant file's or a deck file's XBetza over the
//! compiler's limits is refused with the limit named, never compiled.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use deckmate_games::dealers::catalogue::Catalogue;
use deckmate_games::variant_file;

fn knight_file(betza: &str) -> String {
    format!(
        r#"name = "Slow"
setup = "k7/8/8/8/8/8/8/N6K w"

[board]
files = 8
ranks = 8

[[piece]]
name = "King"
letter = "K"
betza = "K"
kind = "royal"

[[piece]]
name = "Knight"
letter = "N"
betza = "{betza}"
kind = "piece"
"#
    )
}

#[test]
fn item_1_a_variant_file_piece_of_5000_knights_is_refused_with_the_limit() {
    let e = variant_file::read(&knight_file(&"N".repeat(5000))).unwrap_err();
    let text = e.to_string();
    assert!(
        text.contains("5000 bytes long, more than the limit of 2048"),
        "{text}"
    );
    assert!(text.contains("byte 2048"), "{text}");
    // The message quotes the start of the text, not 5000 letters.
    assert!(text.len() < 400, "{text}");
    // W x 4000 (the terminal report's file) likewise.
    let e = variant_file::read(&knight_file(&"W".repeat(4000))).unwrap_err();
    assert!(e.to_string().contains("limit of 2048"), "{e}");
    // Within the limits the same piece reads, repeated or not.
    assert!(variant_file::read(&knight_file(&"N ".repeat(16))).is_ok());
    let many = variant_file::read(&knight_file(&"N ".repeat(33))).unwrap_err();
    assert!(
        many.to_string().contains("more than 32 move clauses"),
        "{many}"
    );
}

#[test]
fn item_1_a_deck_card_of_5000_queens_is_refused_with_the_limit() {
    let deck = format!("piece | Slow | ZQ | {} | w", "Q".repeat(5000));
    let e = Catalogue::parse_deck(&deck).unwrap_err();
    let text = e.to_string();
    assert!(text.starts_with("line 1: XBetza 'QQQQ"), "{text}");
    assert!(
        text.contains(
            "at 2048: the move description is 5000 bytes long, more than the limit of 2048"
        ),
        "{text}"
    );
    assert!(text.len() < 300, "{text}");
    // The same as a TOML deck.
    let toml = format!(
        "[[piece]]\nname = \"Slow\"\ncode = \"ZQ\"\nbetza = \"{}\"\nkind = \"piece\"\n",
        "Q".repeat(5000)
    );
    let e = Catalogue::parse_deck(&toml).unwrap_err();
    assert!(e.to_string().contains("limit of 2048"), "{e}");
    // QQQQ is within the limits and reads.
    assert!(Catalogue::parse_deck("piece | Quad | ZQ | QQQQ | w").is_ok());
}
