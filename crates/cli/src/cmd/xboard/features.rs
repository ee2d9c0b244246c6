//! What the engine tells XBoard at `protover 2`: its features, and for a
//! game XBoard does not know, its board (`setup`) and its pieces' moves
//! in XBetza (`piece`), as Fairy-Stockfish does.

use crate::protocol::games::Offered;
use deckmate_games::registry::{BoxedGame, GameEntry};

/// The `feature` lines.
pub fn features(offered: &Offered) -> Vec<String> {
    let mut names: Vec<String> = offered.keys().iter().map(|k| xboard_name(k)).collect();
    names.dedup();
    vec![
        format!(
            "feature myname=\"deckmate {}\" variants=\"{}\" setboard=1 usermove=1 san=0 sigint=0 sigterm=0 ping=1 colors=0 time=1 draw=0 reuse=1 analyze=0 smp=1 done=0",
            env!("CARGO_PKG_VERSION"),
            names.join(",")
        ),
        "feature done=1".to_string(),
    ]
}

/// XBoard's name of a game: `normal` for chess, else its key.
pub fn xboard_name(key: &str) -> String {
    if key == "chess" {
        "normal".to_string()
    } else {
        key.to_string()
    }
}

/// Our key of an XBoard variant name.
pub fn our_key(name: &str) -> &str {
    if name == "normal" {
        "chess"
    } else {
        name
    }
}

/// XBoard's piece letters for White, in the order of its piece types
/// (`-pieceToCharTable`'s default for its fairy pieces, the King last).
const XBOARD_PIECES: &str = "PNBRQFEACWMOHIJGDVLSUK";

/// The `(PIECETOCHAR)` of `setup` for a game whose pieces have these
/// one-letter codes: XBoard's own table (`PNBRQFEACWMOHIJGDVLSUK`, then
/// the same for Black), each of its letters the game does not use made
/// `.`, and a letter of the game that XBoard's table lacks put in the
/// first place left free (the King's place stays last, as XBoard reads
/// it). A letter beyond the free places is left out.
pub fn piece_to_char(letters: &str) -> String {
    let ours: Vec<char> = letters.chars().map(|c| c.to_ascii_uppercase()).collect();
    let mut white: Vec<char> = XBOARD_PIECES
        .chars()
        .map(|c| if ours.contains(&c) { c } else { '.' })
        .collect();
    let king = white.len() - 1;
    for c in ours.iter().filter(|c| !XBOARD_PIECES.contains(**c)) {
        if let Some(free) = white[..king].iter().position(|&w| w == '.') {
            white[free] = *c;
        }
    }
    let white: String = white.into_iter().collect();
    format!("{white}{}", white.to_ascii_lowercase())
}

/// For a game XBoard does not know: `setup` with its pieces' letters
/// ([`piece_to_char`]), its board's size and start, and a `piece` line
/// for each piece with a one-letter code (`piece N& N`: its XBetza).
pub fn setup_lines(game: &'static GameEntry, start: &BoxedGame) -> Vec<String> {
    if game.key == "chess" {
        return Vec::new();
    }
    let view = start.view(None, false);
    let board = &view["board"];
    let (files, ranks) = (
        board["files"].as_u64().unwrap_or(8),
        board["ranks"].as_u64().unwrap_or(8),
    );
    let mut out = Vec::new();
    let fen = view["position"].as_str().unwrap_or("").to_string();
    let mut letters = String::new();
    if let Some(guide) = game.capabilities.pieces {
        for p in guide.pieces() {
            if p.code.chars().count() == 1 {
                letters.push_str(&p.code.to_uppercase());
                out.push(format!("piece {}& {}", p.code.to_uppercase(), p.betza));
            }
        }
    }
    out.insert(
        0,
        format!(
            "setup ({}) {files}x{ranks}+0_fairy {fen}",
            piece_to_char(&letters)
        )
        .trim_end()
        .to_string(),
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piece_letters_as_xboard_reads_them() {
        // Cuarenta's: all in XBoard's table, in their places.
        let t = piece_to_char("KBCGVFP");
        assert_eq!(t, "P.B..F..C......G.V...Kp.b..f..c......g.v...k");
        // Even, at least 12, the King last of each half: XBoard's rule.
        assert!(t.len().is_multiple_of(2));
        // A letter XBoard lacks takes the first free place.
        assert!(piece_to_char("KPXZ").starts_with("PXZ"));
        assert!(piece_to_char("KPXZ").ends_with("k"));
    }
}
