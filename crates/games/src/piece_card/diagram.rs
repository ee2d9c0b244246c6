//! A piece's move diagram for its reference card (RULINGS D10): what its
//! XBetza compiles to, from the centre of a board, as marks on a small
//! grid: move only, capture only, or both; leaps apart from slides; the
//! squares a lame leap or a bent move must pass drawn as its path; the
//! first move's extra moves apart. Read from the compiled [`MoveTable`], so
//! the card shows exactly what the engine plays.

use deckmate_betza::{compile_str, Facing, Mode, RayKind};
use deckmate_board::{Geometry, RankStyle, Square};

/// How far from the piece the diagram reaches at most (a 9x9 grid).
pub const MAX_RADIUS: i8 = 4;
/// The board the move is compiled on, and its centre.
const BOARD: u8 = 15;
const CENTRE: i8 = 7;

/// What a square of the diagram allows.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum Mark {
    /// Move there when empty, never capture.
    Move,
    /// Capture there, never move there empty.
    Capture,
    /// Either.
    Both,
}

impl Mark {
    fn of(mode: Mode) -> Option<Mark> {
        match (mode.can_move(), mode.can_capture()) {
            (true, true) => Some(Mark::Both),
            (true, false) => Some(Mark::Move),
            (false, true) => Some(Mark::Capture),
            (false, false) => None,
        }
    }

    fn merge(self, other: Mark) -> Mark {
        if self == other {
            self
        } else {
            Mark::Both
        }
    }
}

/// A square the piece reaches, as an offset from it (files right, ranks
/// up, forward being up).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Target {
    /// Files to the right.
    pub df: i8,
    /// Ranks up.
    pub dr: i8,
    /// What it allows.
    pub mark: Mark,
    /// Reached only on the piece's first move.
    pub first_move: bool,
    /// Reached by a leap (a jump), not along a slide.
    pub leap: bool,
}

/// A slide (or a hop) drawn as a line.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Line {
    /// Where it starts: the piece, or the first step of a bent move.
    pub from: (i8, i8),
    /// Its last square on the diagram.
    pub to: (i8, i8),
    /// It goes on beyond the diagram (to the edge of the board).
    pub endless: bool,
    /// A hop: it must leap over a piece to reach its squares.
    pub hop: bool,
    /// Only on the first move.
    pub first_move: bool,
}

/// The diagram of one piece.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Diagram {
    /// The grid's radius: it shows offsets `-radius..=radius`.
    pub radius: i8,
    /// The squares reached, each once.
    pub targets: Vec<Target>,
    /// The slides and hops.
    pub lines: Vec<Line>,
    /// The paths of lame leaps and bent moves: the piece, the squares that
    /// must be empty, the square reached.
    pub paths: Vec<Vec<(i8, i8)>>,
}

fn offset(sq: Square) -> (i8, i8) {
    (sq.file() as i8 - CENTRE, sq.rank() as i8 - CENTRE)
}

impl Diagram {
    /// The diagram of a piece whose move is `betza` (as the first player,
    /// facing up).
    pub fn of(betza: &str) -> Result<Diagram, String> {
        let g = Geometry::new(BOARD, BOARD, RankStyle::FromOne).map_err(|e| e.to_string())?;
        let table = compile_str(betza, &g, Facing::Up).map_err(|e| e.to_string())?;
        let centre = Square::new(CENTRE as u8, CENTRE as u8)
            .ok_or_else(|| "the diagram's centre is off the board".to_string())?;
        let moves = table.from(centre);
        let mut d = Diagram::default();
        let add = |d: &mut Diagram, at: (i8, i8), mark: Mark, first: bool, leap: bool| {
            if at.0.abs() > MAX_RADIUS || at.1.abs() > MAX_RADIUS {
                return;
            }
            match d.targets.iter_mut().find(|t| (t.df, t.dr) == at) {
                Some(t) => {
                    t.mark = t.mark.merge(mark);
                    t.first_move &= first;
                    t.leap &= leap;
                }
                None => d.targets.push(Target {
                    df: at.0,
                    dr: at.1,
                    mark,
                    first_move: first,
                    leap,
                }),
            }
        };
        for l in &moves.leaps {
            let Some(mark) = Mark::of(l.mode) else {
                continue;
            };
            let to = offset(l.to);
            // A leap whose way must be empty along its own line is a short
            // slide (a pawn's double step): drawn as a path all the same.
            add(&mut d, to, mark, l.initial, l.via.is_empty());
            if !l.via.is_empty() && to.0.abs() <= MAX_RADIUS && to.1.abs() <= MAX_RADIUS {
                let mut path = vec![(0, 0)];
                path.extend(l.via.iter().map(|&s| offset(s)));
                path.push(to);
                if !d.paths.contains(&path) {
                    d.paths.push(path);
                }
            }
        }
        for r in &moves.rays {
            let Some(mark) = Mark::of(r.mode) else {
                continue;
            };
            let hop = r.kind == RayKind::Hop;
            let from = r.via.last().map_or((0, 0), |&s| offset(s));
            let shown: Vec<(i8, i8)> = r
                .squares
                .iter()
                .map(|&s| offset(s))
                .take_while(|o| o.0.abs() <= MAX_RADIUS && o.1.abs() <= MAX_RADIUS)
                .collect();
            let Some(&last) = shown.last() else { continue };
            for &o in &shown {
                add(&mut d, o, mark, r.initial, false);
            }
            if !r.via.is_empty() {
                let mut path = vec![(0, 0)];
                path.extend(r.via.iter().map(|&s| offset(s)));
                if !d.paths.contains(&path) {
                    d.paths.push(path);
                }
            }
            d.lines.push(Line {
                from,
                to: last,
                endless: shown.len() < r.squares.len(),
                hop,
                first_move: r.initial,
            });
        }
        let reach = d
            .targets
            .iter()
            .map(|t| t.df.abs().max(t.dr.abs()))
            .max()
            .unwrap_or(1);
        d.radius = reach.clamp(2, MAX_RADIUS);
        // Endless lines run to the grid's edge.
        let radius = d.radius;
        d.lines
            .retain(|l| l.to.0.abs() <= radius && l.to.1.abs() <= radius || l.endless);
        d.targets.sort_by_key(|t| (-t.dr, t.df));
        Ok(d)
    }

    /// The target at an offset.
    pub fn at(&self, df: i8, dr: i8) -> Option<&Target> {
        self.targets.iter().find(|t| (t.df, t.dr) == (df, dr))
    }
}
