//! Cuarenta's board through the public API: the 40 squares numbered
//! densely rank by rank, moves that carry Cuarenta's pieces, ends that keep
//! their words through the core, and the game's start as the shells see
//! it (the 41 holes, the 22 first moves, the prompt).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use deckmate_games::cuarenta::fen::{CAMEL_HOME, KING_HOME};
use deckmate_games::cuarenta::{self, fen, geometry, EndReason, Piece, ENTRY, SQUARES};
use deckmate_games::registry::Options;
use deckmate_rules::{Game, Seat};

/// The dense numbering of the squares, as the core's tables of Cuarenta
/// (shared by every position) give it.
fn tables() -> std::sync::Arc<deckmate_games::fairy::Tables<u64>> {
    cuarenta::start_position().core().tables().clone()
}

/// A dense square's name (`e2`).
fn square_name(i: u8) -> String {
    tables().name(i)
}

/// The dense index of a square's name, if it is one of the 40.
fn parse_square(name: &str) -> Option<u8> {
    geometry()
        .parse_square(name)
        .and_then(|s| tables().dense(s))
}

#[test]
fn the_numbering_runs_rank_by_rank() {
    let (file, rank) = (|i| tables().square(i).file(), |i| tables().square(i).rank());
    assert_eq!(square_name(0), "b1");
    assert_eq!(square_name(39), "h9");
    assert_eq!(parse_square("e2"), Some(6));
    assert_eq!(parse_square("e3"), None);
    assert_eq!((file(6), rank(6)), (4, 1));
    assert_eq!(tables().len(), SQUARES);
    let homes = ["e2", "e8", "h1", "b9"].map(|n| parse_square(n).unwrap());
    assert_eq!(
        homes,
        [KING_HOME[0], KING_HOME[1], CAMEL_HOME[0], CAMEL_HOME[1]]
    );
}

#[test]
fn moves_carry_cuarenta_pieces() {
    // White's pawn on g8 promotes to a Frog on h9.
    let p = fen::parse(
        "*k*1*1*1*/1*1*1*P*1/*1*1*1*1*/1*1*1*1*1/*1*1*1*1*/1*1*1*1*1/*1*1*1*1*/1*1*K*1*1/*1*1*1*1* w - 0 1",
    )
    .unwrap();
    let m = p.parse_move("Ph9=F").unwrap();
    assert_eq!(m.promotion(), Some(Piece::Frog));
    assert_eq!(square_name(tables().dense(m.to()).unwrap()), "h9");
    assert!(!m.is_castling());
}

#[test]
fn ends_keep_their_words_both_ways() {
    for r in [
        EndReason::Checkmate,
        EndReason::Stalemate,
        EndReason::QuietLimit,
        EndReason::BareKings,
        EndReason::Repetition,
        EndReason::Agreement,
        EndReason::Resignation,
    ] {
        // Set on the core in the core's words, read back in Cuarenta's.
        let mut p = cuarenta::start_position();
        p.set_end(cuarenta::End {
            winner: None,
            reason: r,
        });
        assert_eq!(p.end().map(|e| e.reason), Some(r));
    }
}

#[test]
fn holes_are_the_41_dark_squares() {
    let g = ENTRY
        .new_game(&Options::defaults(ENTRY.options), 1)
        .expect("created");
    let v = g.view(None, true);
    let h: Vec<String> = v["board"]["holes"]
        .as_array()
        .expect("the holes")
        .iter()
        .map(|s| s.as_str().expect("a square").to_string())
        .collect();
    assert_eq!(h.len(), 41);
    assert!(h.contains(&"a1".to_string()));
    assert!(!h.contains(&"b1".to_string()));
    assert!(h.contains(&"i9".to_string()));
}

#[test]
fn the_start_has_22_moves_and_a_prompt() {
    let g = ENTRY
        .new_game(&Options::defaults(ENTRY.options), 1)
        .expect("created");
    assert_eq!(g.legal_moves_of(Seat::First).len(), 22);
    assert!(g.legal_moves_of(Seat::Second).is_empty());
    let v = g.view(Some(Seat::First), true);
    assert_eq!(v["prompt"], "White to move (you)");
    assert_eq!(v["pieces"].as_array().map(Vec::len), Some(26));
}
