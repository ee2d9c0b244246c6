//! Cardmate's move tables, compiled once from the ranks' XBetza.

use super::card::Rank;
use deckmate_betza::{compile_str, Facing, MoveTable, RayKind};
use deckmate_board::{Geometry, RankStyle, Square};
use deckmate_rules::Seat;
use std::sync::OnceLock;

/// Each rank's move in XBetza, One to Ace (forward = towards the opponent).
/// These are the RULINGS' move list: "m" is move only, "b" backward.
pub const RANK_BETZA: [&str; 14] = [
    "fWmbW",    // 1: step forward; step back without capturing
    "fFmbW",    // 2: diagonal forward; step back without capturing
    "fFfWmbW",  // 3: diagonal or straight forward
    "fFsWmbW",  // 4: diagonal forward or sideways
    "fFfsWmbW", // 5: diagonal forward, sideways, straight forward
    "FsWmbW",   // 6: diagonals both ways, sideways
    "FfsWmbW",  // 7: diagonals both ways, sideways, straight forward
    "NmbW",     // 8: knight; step back without capturing
    "BmbW",     // 9: bishop; step back without capturing
    "R",        // Ten: rook
    "NQ2",      // Jack: knight, or queen one or two squares (not leaping)
    "Q",        // Queen
    "K",        // King
    "QN",       // Ace: amazon
];

/// Squares of the 10x10 board are `rank * 16 + file`, all below this.
pub const BOARD_LEN: usize = 160;

/// One destination: square index and [`deckmate_betza::Mode`] bits.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Target {
    pub to: u8,
    pub mode: u8,
}

#[derive(Copy, Clone, Debug, Default)]
struct Entry {
    leaps: (u32, u32),
    rays: (u32, u32),
}

/// A ray: a run of `targets` travelled in order, stopping at the first card.
#[derive(Copy, Clone, Debug)]
pub(crate) struct RayRef {
    pub start: u32,
    pub len: u32,
}

/// All ranks, both sides, every square, in flat arrays.
pub(crate) struct Tables {
    entries: Vec<Entry>,
    leaps: Vec<Target>,
    rays: Vec<RayRef>,
    ray_targets: Vec<Target>,
}

/// The Cardmate board: 10x10, ranks numbered from 0.
pub fn geometry() -> Geometry {
    // 10x10 is within 1..=16: cannot fail.
    Geometry::new(10, 10, RankStyle::FromZero).expect("10x10 is a valid board")
}

impl Tables {
    fn build() -> Result<Tables, String> {
        let g = geometry();
        let mut t = Tables {
            entries: vec![Entry::default(); 2 * 14 * BOARD_LEN],
            leaps: Vec::new(),
            rays: Vec::new(),
            ray_targets: Vec::new(),
        };
        for seat in Seat::BOTH {
            let facing = match seat {
                Seat::First => Facing::Up,
                Seat::Second => Facing::Down,
            };
            for rank in Rank::all() {
                let text = RANK_BETZA[rank.index() as usize];
                let table: MoveTable =
                    compile_str(text, &g, facing).map_err(|e| format!("{text}: {e}"))?;
                for sq in g.squares().iter() {
                    let moves = table.from(sq);
                    let leap_start = t.leaps.len() as u32;
                    for l in &moves.leaps {
                        if !l.via.is_empty() || l.initial {
                            return Err(format!("{text}: Cardmate has no lame or initial leaps"));
                        }
                        t.leaps.push(Target {
                            to: l.to.0,
                            mode: l.mode.0,
                        });
                    }
                    let ray_start = t.rays.len() as u32;
                    for r in &moves.rays {
                        if !r.via.is_empty() || r.initial || r.kind != RayKind::Slide {
                            return Err(format!("{text}: Cardmate has only plain sliders"));
                        }
                        let start = t.ray_targets.len() as u32;
                        t.ray_targets.extend(r.squares.iter().map(|s| Target {
                            to: s.0,
                            mode: r.mode.0,
                        }));
                        t.rays.push(RayRef {
                            start,
                            len: r.squares.len() as u32,
                        });
                    }
                    t.entries[index(seat, rank, sq)] = Entry {
                        leaps: (leap_start, t.leaps.len() as u32),
                        rays: (ray_start, t.rays.len() as u32),
                    };
                }
            }
        }
        Ok(t)
    }

    /// The compiled tables (built on first use).
    pub(crate) fn get() -> &'static Tables {
        static TABLES: OnceLock<Tables> = OnceLock::new();
        TABLES.get_or_init(|| match Tables::build() {
            Ok(t) => t,
            // The texts are constants, checked by tests/cardmate_cards.rs.
            Err(e) => panic!("Cardmate move tables do not compile: {e}"),
        })
    }

    /// The single-step destinations of a card of `rank` of `seat` on `sq`.
    #[inline]
    pub(crate) fn leaps(&self, seat: Seat, rank: Rank, sq: u8) -> &[Target] {
        let e = &self.entries[index_raw(seat, rank, sq)];
        &self.leaps[e.leaps.0 as usize..e.leaps.1 as usize]
    }

    /// The rays of a card of `rank` of `seat` on `sq`.
    #[inline]
    pub(crate) fn rays(&self, seat: Seat, rank: Rank, sq: u8) -> &[RayRef] {
        let e = &self.entries[index_raw(seat, rank, sq)];
        &self.rays[e.rays.0 as usize..e.rays.1 as usize]
    }

    /// The squares of a ray, nearest first.
    #[inline]
    pub(crate) fn ray(&self, r: RayRef) -> &[Target] {
        &self.ray_targets[r.start as usize..(r.start + r.len) as usize]
    }
}

#[inline]
fn index(seat: Seat, rank: Rank, sq: Square) -> usize {
    index_raw(seat, rank, sq.0)
}

#[inline]
fn index_raw(seat: Seat, rank: Rank, sq: u8) -> usize {
    (seat.index() * 14 + rank.index() as usize) * BOARD_LEN + sq as usize
}
