//! The deckmate engine: computer players for the games.
//!
//! (A first, simple player: a shallow material search. The full engine,
//! with iterative deepening, a transposition table and levels, replaces its
//! inside behind the same [`Player`] API.)
#![deny(missing_docs)]

use deckmate_games::cardmate::{Position, Rank};
use deckmate_rules::{Game, Outcome, Seat, SeededRng, ToAct};

/// A computer player.
pub trait Player<G: Game>: Send {
    /// Chooses a legal move for the side to act, or `None` if there is none.
    fn choose(&mut self, game: &G) -> Option<G::Move>;
}

/// A Cardmate player of strength `level` (1 weakest .. 8 strongest); `seed`
/// makes its choices among equal moves reproducible.
pub fn cardmate_player(level: u8, seed: u64) -> Box<dyn Player<Position>> {
    Box::new(Simple {
        depth: if level <= 2 { 2 } else { 3 },
        rng: SeededRng::new(seed),
    })
}

struct Simple {
    depth: u32,
    rng: SeededRng,
}

const VALUES: [i32; 14] = [
    100, 120, 150, 170, 200, 230, 260, 300, 450, 600, 650, 900, 2000, 1100,
];

fn material(pos: &Position, seat: Seat) -> i32 {
    let mut v = 0;
    for c in pos.cards_of(seat) {
        v += VALUES[c.rank().index() as usize];
    }
    if pos.kings(seat) == 1 {
        v += 3000;
    }
    v
}

fn eval(pos: &Position) -> i32 {
    let me = pos.side_to_move();
    material(pos, me) - material(pos, me.other())
}

fn terminal_score(o: &Outcome, me: Seat, ply: u32) -> i32 {
    match o.winner {
        Some(w) if w == me => 100_000 - ply as i32,
        Some(_) => -100_000 + ply as i32,
        None => 0,
    }
}

fn negamax(pos: &Position, depth: u32, ply: u32, mut alpha: i32, beta: i32) -> i32 {
    if let ToAct::Nobody = pos.to_act() {
        return pos
            .outcome()
            .map_or(0, |o| terminal_score(&o, pos.side_to_move(), ply));
    }
    if depth == 0 {
        return eval(pos);
    }
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut best = i32::MIN + 1;
    for m in moves {
        let mut next = pos.clone();
        next.play_unchecked(m);
        let s = -negamax(&next, depth - 1, ply + 1, -beta, -alpha);
        best = best.max(s);
        alpha = alpha.max(s);
        if alpha >= beta {
            break;
        }
    }
    best
}

impl Player<Position> for Simple {
    fn choose(&mut self, pos: &Position) -> Option<deckmate_games::cardmate::Move> {
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let mut best: Vec<_> = Vec::new();
        let mut best_score = i32::MIN;
        for m in moves {
            let mut next = pos.clone();
            next.play_unchecked(m);
            let mut s = -negamax(&next, self.depth - 1, 1, -1_000_000, 1_000_000);
            if m.card.rank() == Rank::ONE && m.promote {
                s += 1;
            }
            if s > best_score {
                best_score = s;
                best.clear();
            }
            if s == best_score {
                best.push(m);
            }
        }
        let n = best.len() as u64;
        if n == 0 {
            return None;
        }
        Some(best[self.rng.below(n) as usize])
    }
}
