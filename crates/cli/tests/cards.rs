//! `deckmate cards`: Dealer's Chess's reference cards (RULINGS D10) listed,
//! as a PDF of letter sheets and as SVG files; a deck file's cards; bad
//! input refused with the reason.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::process::{Command, Output};

fn deckmate(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_deckmate"))
        .args(args)
        .output()
        .unwrap()
}

/// A fresh folder of the test's own, removed when the guard is dropped.
fn temp_dir() -> tempfile::TempDir {
    crate::common::temp_dir("cards")
}

#[test]
fn d10_the_cards_listed_printed_and_drawn() {
    let out = deckmate(&["cards"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(text.lines().count(), 71);
    assert!(
        text.contains("Gryffon") && text.contains("FyafsF"),
        "{text}"
    );
    // Printable sheets: 8 cards a letter page.
    let tmp = temp_dir();
    let pdf = tmp.path().join("all.pdf");
    let out = deckmate(&["cards", "--pdf", pdf.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("71 cards on 9 pages"));
    let bytes = std::fs::read(&pdf).unwrap();
    assert!(bytes.starts_with(b"%PDF-"));
    // Some cards as SVG files, by code.
    let dir = tmp.path().join("svg");
    let out = deckmate(&["cards", "--svg", dir.to_str().unwrap(), "K", "gr", "ZO"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for code in ["K", "GR", "ZO"] {
        let svg = std::fs::read_to_string(dir.join(format!("{code}.svg"))).unwrap();
        assert!(svg.starts_with("<svg"), "{code}");
    }
}

#[test]
fn d7_a_deck_file_s_cards_and_bad_input() {
    let tmp = temp_dir();
    let deck = tmp.path().join("spears.toml");
    std::fs::write(
        &deck,
        "[[piece]]\nname = \"Spear\"\ncode = \"SP\"\nbetza = \"fRbW\"\nkind = \"piece\"\nwords = \"Slides forward, or steps back.\"\n",
    )
    .unwrap();
    let out = deckmate(&["cards", "--deck", deck.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("Spear"));
    std::fs::write(
        &deck,
        "[[piece]]\nname = \"Spear\"\ncode = \"SP\"\nbetza = \"fRq\"\nkind = \"piece\"\n",
    )
    .unwrap();
    let out = deckmate(&["cards", "--deck", deck.to_str().unwrap()]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("spears.toml") && err.contains("fRq"), "{err}");
    let out = deckmate(&["cards", "QQ"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("no card 'QQ'"));
    let out = deckmate(&["cards", "--pdf", "/nonexistent/dir/x.pdf", "K"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("/nonexistent/dir/x.pdf"));
}
