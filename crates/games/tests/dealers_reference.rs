//! Dealer's Chess against the independent reference in
//! `tools/dealers_ref/` (Python, written apart from the page and the
//! rulings): every position of its `test_positions.txt` reads as D14 says
//! and writes back the same text, once the six codes it names otherwise
//! are translated. (Its perft figures wait for play on the core.)

#![allow(clippy::unwrap_used, clippy::expect_used)]

use deckmate_games::dealers::{fen, Catalogue};

/// The reference's codes that differ from the catalogue's, by the card's
/// name: Chef, Shogun, Chancellor, Ship, Mongolian and Scorpion Pawns.
const THEIRS_TO_OURS: [(&str, &str); 6] = [
    ("CF", "CH"),
    ("SG", "SH"),
    ("CH", "CC"),
    ("SH", "SS"),
    ("MO", "MG"),
    ("SP", "SC"),
];

/// A position string with the reference's bracketed codes put in ours
/// (each code once, so CH -> CC and CF -> CH do not chain), keeping the
/// case.
fn translate(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(open) = rest.find('[') {
        out.push_str(&rest[..open]);
        let close = rest[open..].find(']').expect("a closing bracket") + open;
        let code = &rest[open + 1..close];
        let upper = code.to_ascii_uppercase();
        let mapped = THEIRS_TO_OURS
            .iter()
            .find(|(t, _)| *t == upper)
            .map_or(upper.clone(), |(_, o)| o.to_string());
        let mapped = if code.starts_with(|c: char| c.is_ascii_lowercase()) {
            mapped.to_ascii_lowercase()
        } else {
            mapped
        };
        out.push('[');
        out.push_str(&mapped);
        out.push(']');
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    out
}

#[test]
fn d14_the_reference_positions_read_and_write_back() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tools/dealers_ref/test_positions.txt"
    );
    let text = std::fs::read_to_string(path).expect("the reference's positions");
    let mut n = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let fields: Vec<&str> = line.split('|').map(str::trim).collect();
        let (name, theirs) = (fields[0], fields[1]);
        let ours = translate(theirs);
        let setup = fen::parse(&ours, Catalogue::builtin())
            .unwrap_or_else(|e| panic!("{name}: {ours}: {e}"));
        assert_eq!(fen::write(&setup), ours, "{name}");
        n += 1;
    }
    assert!(n >= 12, "{n} positions");
}

#[test]
fn the_translation_keeps_case_and_never_chains() {
    assert_eq!(translate("[CF][ch]K[sg]"), "[CH][cc]K[sh]");
}
