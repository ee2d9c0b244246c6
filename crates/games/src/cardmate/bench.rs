//! `bench`: fixed Cardmate positions searched to fixed depths on one
//! thread, with a fresh table each; the total node count is a signature of
//! the search (same binary, same number) and the speed is measured.

use super::eval::CardmateEval;
use super::{notation, start_position, Options, Position, SetupKind};
pub use deckmate_engine::bench::BenchLine;
use deckmate_engine::bench::{self, BenchCase};
use deckmate_engine::search::Searcher;
use std::time::Duration;

/// One bench position: a name, how to reach it, the depth.
pub struct BenchPosition {
    /// A short name.
    pub name: &'static str,
    /// The setup and seed to start from.
    pub setup: (SetupKind, u64),
    /// Moves played from there, in the page's notation.
    pub moves: &'static str,
    /// Search depth.
    pub depth: u32,
}

/// The bench positions.
pub const POSITIONS: &[BenchPosition] = &[
    BenchPosition {
        name: "start",
        setup: (SetupKind::Predefined, 0),
        moves: "",
        depth: 7,
    },
    BenchPosition {
        name: "game 1, move 8",
        setup: (SetupKind::Predefined, 0),
        moves: "4Ci3 4Db6 8Dj2 8Ca7 8Dh3 8Cc6 7Cb1 7Di8 3Cd3 3Di6 8Hc2 4Dc5 JSf3 9Sa7",
        depth: 6,
    },
    BenchPosition {
        name: "game 1, move 18",
        setup: (SetupKind::Predefined, 0),
        moves: "4Ci3 4Db6 8Dj2 8Ca7 8Dh3 8Cc6 7Cb1 7Di8 3Cd3 3Di6 8Hc2 4Dc5 JSf3 9Sa7 \
                9H:c5 9S:c5 2Sa3 9S:a3 1D:a3 8Sh7 3Cd4 8C:d4 8H:d4 8Sg5 JS:g5 3Hc6 \
                JS:g7 6H:g7 8H:c6 JH:c6 1Da4 QSh8 8Di5 QS:h2",
        depth: 6,
    },
    BenchPosition {
        name: "game 2, move 24",
        setup: (SetupKind::Predefined, 0),
        moves: "4Ci3 4Db6 3Sg3 8Ca7 8Dh2 8Cc6 7Cb1 7Di8 3Cc3 4Sf6 8Hc2 4Dc5 4He3 9Sa7 \
                8Df3 4Se5 3Sf4 4S:f4 4H:f4 7Hb8 3Cd4 8C:d4 8D:d4 4Dc6 8D:c6 2C:c6 6Sd2 3Hb6 \
                JSe3 5Cf7 JDf3 1Sd6 9Ce2 1Sd5 JS:d5 2C:d5 9H:b6 JH:b6 QDg1 KSe8 7Si1 2Ce4 \
                XC:j7 2C:f3 9C:f3 8S:j7",
        depth: 6,
    },
    BenchPosition {
        name: "suits 7",
        setup: (SetupKind::Suits, 7),
        moves: "",
        depth: 5,
    },
    BenchPosition {
        name: "ranks 11",
        setup: (SetupKind::Ranks, 11),
        moves: "",
        depth: 5,
    },
    BenchPosition {
        name: "deal 3",
        setup: (SetupKind::Deal, 3),
        moves: "",
        depth: 5,
    },
];

/// The position of a bench entry.
pub fn position(b: &BenchPosition) -> Result<Position, String> {
    let mut pos = start_position(b.setup.0, b.setup.1, Options::default());
    for m in b.moves.split_whitespace() {
        let mv = notation::parse(&pos, m).map_err(|e| format!("{}: {m}: {e}", b.name))?;
        pos.play_move(mv);
    }
    Ok(pos)
}

/// Runs the bench: every line, then the total nodes and time.
pub fn run(on_line: impl FnMut(&BenchLine)) -> Result<(u64, Duration), String> {
    run_capped(u32::MAX, on_line)
}

/// The bench with every depth capped at `max_depth` (a quick signature for
/// tests in unoptimised builds).
pub fn run_capped(
    max_depth: u32,
    on_line: impl FnMut(&BenchLine),
) -> Result<(u64, Duration), String> {
    let mut searcher = Searcher::new(CardmateEval::default(), 16);
    searcher.params = super::engine::cardmate_params();
    bench::run(&mut searcher, cases(max_depth), notation::write, on_line)
}

/// The bench positions as the generic runner takes them, every depth
/// capped at `max_depth`.
pub fn cases(max_depth: u32) -> impl Iterator<Item = Result<BenchCase<Position>, String>> {
    POSITIONS.iter().map(move |b| {
        Ok(BenchCase {
            name: b.name,
            pos: position(b)?,
            depth: b.depth.min(max_depth),
        })
    })
}
