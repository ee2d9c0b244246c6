//! Dealer's Chess against the independent reference in
//! `tools/dealers_ref/` (Python, written apart from the page and the
//! rulings): every position of its `test_positions.txt` reads as D14 says
//! and writes back the same text, once the six codes it names otherwise
//! are translated, and perft from each gives the reference's counts
//! (depths 1 to 3: 29 positions on 8x8, 10x10 and 12x12, every
//! special pawn).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use deckmate_games::dealers::{fen, Catalogue, PlayOptions, Position, PromotionRule, ZombieRoyal};
use deckmate_rules::perft;

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

/// The reference's positions: name, position string in our codes, and
/// its perft counts (depths 1, 2 and 3 where computed).
fn positions() -> Vec<(String, String, Vec<u64>)> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tools/dealers_ref/test_positions.txt"
    );
    let text = std::fs::read_to_string(path).expect("the reference's positions");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split('|').map(str::trim).collect();
            let counts = fields[2..]
                .iter()
                .filter(|f| !f.is_empty())
                .map(|f| f.parse().expect("a count"))
                .collect();
            (fields[0].to_string(), translate(fields[1]), counts)
        })
        .collect()
}

/// The reference's reading of a royal taking a Zombie (its R8).
const THEIR_OPTIONS: PlayOptions = PlayOptions {
    zombie_royal: ZombieRoyal::Stays,
    promotion: PromotionRule::Hand,
};

/// Where the catalogue reads the page otherwise than the reference's
/// default: the End Pawns capture on both forward diagonals ("or forward
/// diagonally, only to capture"; D13 makes the lone forward-right step a
/// capture only and says nothing against the other), the reference only
/// forward-right (its R12). These are the reference's counts with that
/// reading: `DEALERS_REF_END_PAWN_CAPTURES=both python3
/// tools/dealers_ref/dealers_ref.py perft --fen F --depth N`.
const END_PAWN_READING: [(&str, [u64; 3]); 2] = [
    ("dealt-midgame-ep", [46, 1789, 80400]),
    ("patient-end-pawns", [9, 301, 2046]),
];

fn check_perft(max_depth: usize) {
    let mut wrong = Vec::new();
    for (name, text, mut counts) in positions() {
        if let Some((_, c)) = END_PAWN_READING.iter().find(|(n, _)| *n == name) {
            counts = c.to_vec();
        }
        let pos = Position::from_text(&text, Catalogue::builtin(), THEIR_OPTIONS)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        for (d, &want) in counts.iter().enumerate().take(max_depth) {
            let got = perft(&pos, d as u32 + 1);
            if got != want {
                wrong.push(format!(
                    "{name} depth {}: {got}, the reference {want}",
                    d + 1
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn perft_agrees_with_the_reference_to_depth_3() {
    check_perft(3);
}

#[test]
fn d14_the_reference_positions_read_and_write_back() {
    let mut n = 0;
    for (name, ours, _) in positions() {
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
