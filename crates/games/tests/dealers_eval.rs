//! Dealer's Chess's evaluation and hash, as kept fast (issue 35 item 4),
//! against their from-scratch definitions along random games: the
//! evaluation's one pass over each side's men equals a walk over every
//! square (written here from the public API), its score is the dot
//! product of Texel's columns with the weights (what `dealers_texel`
//! fits), and the hash kept up to date move by move equals the hash of
//! the same position read afresh from its string.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use deckmate_engine::{CandidateNote, Evaluator};
use deckmate_games::dealers::bench::{dealt_start, EXAMPLE_DECK};
use deckmate_games::dealers::eval::{columns, terms, TERMS, WEIGHTS};
use deckmate_games::dealers::record::GameSpec;
use deckmate_games::dealers::{
    Alternate, BoardSize, DealersEval, PlayOptions, Position, PromotionRule, Rules,
};
use deckmate_rules::{Game, Seat, SeededRng};
use std::sync::Arc;

/// The evaluation's features ([`terms`]) by a walk over every square,
/// the board walked again for each royal's safety (as the evaluation was
/// before issue 35).
fn terms_by_scan(pos: &Position) -> [i64; TERMS] {
    let r: &Rules = pos.rules();
    let n = r.size;
    let value = |k: usize| r.kinds[k].value;
    let best_of = |seat: Seat| -> i32 {
        match r.options.promotion {
            PromotionRule::Hand => (0..r.kinds.len())
                .filter(|&k| pos.in_hand(Some(seat), k as u8) > 0 || pos.in_hand(None, k as u8) > 0)
                .map(value)
                .max()
                .unwrap_or(0),
            PromotionRule::Standard => pos
                .promotes_to(seat)
                .into_iter()
                .map(|k| value(usize::from(k)))
                .max()
                .unwrap_or(0),
            PromotionRule::DrawStack => {
                let pool = pos.draw_pool();
                if pool.is_empty() {
                    return 0;
                }
                let total: i32 = pool.iter().map(|&k| value(usize::from(k))).sum();
                total / pool.len() as i32 * 6 / 5
            }
        }
    };
    let best = [best_of(Seat::First), best_of(Seat::Second)];
    let mut side = [[0i64; TERMS]; 2];
    let mut royals: [Vec<u8>; 2] = [Vec::new(), Vec::new()];
    let centre2 = i32::from(n) - 1;
    for sq in 0..r.squares() {
        let Some((seat, k)) = pos.at(sq) else {
            continue;
        };
        let kind = &r.kinds[usize::from(k)];
        let s = &mut side[seat.index()];
        if kind.is_royal() {
            royals[seat.index()].push(sq);
            continue;
        }
        if kind.is_pawn() {
            s[1] += i64::from(kind.value);
            let rank = i32::from(r.rank_from(seat, sq));
            let start = i32::from(r.pawn_row());
            let last = i32::from(n) - 1;
            if rank > start && last > start {
                let p = (rank - start) * 100 / (last - start);
                s[3] += i64::from(best[seat.index()]) * i64::from(p * p);
                s[4] += i64::from(p);
            }
        } else {
            s[0] += i64::from(kind.value);
            s[9] += 1;
            s[10] += i64::from(kind.value) * i64::from(kind.value);
            let f = 2 * i32::from(sq % n) - centre2;
            let rk = 2 * i32::from(sq / n) - centre2;
            let far = (f.abs() + rk.abs()) / 2;
            s[5] += i64::from((i32::from(n) - 1 - far).max(0));
            let reach = &r.moves(k, seat, sq).reach;
            s[6] += reach
                .iter()
                .filter(|&z| pos.at(z).is_none_or(|(owner, _)| owner != seat))
                .count() as i64;
        }
    }
    for seat in Seat::BOTH {
        for k in 0..r.kinds.len() {
            let count = i64::from(pos.in_hand(Some(seat), k as u8));
            side[seat.index()][2] += count * i64::from(r.kinds[k].value);
        }
    }
    for seat in Seat::BOTH {
        let them = seat.other();
        let (mut hits, mut attackers) = (0i64, 0i64);
        for &royal in &royals[seat.index()] {
            let nn = i32::from(n);
            let (f, rk) = (i32::from(royal) % nn, i32::from(royal) / nn);
            let around: Vec<u8> = (-1..=1)
                .flat_map(|df| {
                    (-1..=1).filter_map(move |dr| {
                        let (a, b) = (f + df, rk + dr);
                        ((0..nn).contains(&a) && (0..nn).contains(&b)).then(|| (b * nn + a) as u8)
                    })
                })
                .collect();
            for sq in 0..r.squares() {
                let Some((s, k)) = pos.at(sq) else {
                    continue;
                };
                if s != them || r.kinds[usize::from(k)].is_pawn() {
                    continue;
                }
                let reach = &r.moves(k, them, sq).reach;
                let h = around.iter().filter(|&&z| reach.has(z)).count() as i64;
                attackers += i64::from(h > 0);
                hits += h;
            }
        }
        for &royal in &royals[seat.index()] {
            let nn = i32::from(n);
            let (f, rk) = (i32::from(royal) % nn, i32::from(royal) / nn);
            for sq in 0..r.squares() {
                let (a, b) = (i32::from(sq) % nn, i32::from(sq) / nn);
                if (a - f).abs() <= 1 && (b - rk).abs() <= 1 {
                    if let Some((s, k)) = pos.at(sq) {
                        if s == seat && !r.kinds[usize::from(k)].is_royal() {
                            side[seat.index()][11] += 1;
                        }
                    }
                }
            }
        }
        side[seat.index()][7] = -hits.min(24);
        side[seat.index()][8] = -attackers;
    }
    let mut t = [0i64; TERMS];
    for j in 0..TERMS - 1 {
        t[j] = side[0][j] - side[1][j];
    }
    t[TERMS - 1] = match pos.side_to_move() {
        Seat::First => 1,
        Seat::Second => -1,
    };
    t
}

/// The evaluation is the dot product of Texel's columns with the weights
/// (one rounding apart), for the side to move.
fn dot_is_the_evaluation(p: &Position) {
    let dot: f64 = columns(p)
        .iter()
        .zip(WEIGHTS.to_vec())
        .map(|(x, w)| x * w)
        .sum();
    let white = DealersEval.white_score(p);
    assert!(
        (dot - f64::from(white)).abs() < 1.0,
        "{dot} against {white}: {}",
        p.text()
    );
    let stm = match p.side_to_move() {
        Seat::First => white,
        Seat::Second => -white,
    };
    assert_eq!(DealersEval.evaluate(p), stm, "{}", p.text());
}

/// What [`candidates_agree`] saw: lists given with moves still to try,
/// and illegal moves among them.
#[derive(Default)]
struct CandidateStats {
    unfiltered: usize,
    illegal: usize,
    /// Legal tactical moves seen, and quiet moves quiescence's list left out.
    tactical: usize,
    quiet_left_out: usize,
    /// Positions where the search may pass, and where it may not.
    passes: usize,
    passes_refused: usize,
}

/// The search's candidates (issue 35 item 4: legality tried only when
/// the search comes to a move), at every `min_legal` it asks for: kept
/// where the evaluator calls them legal, they are the legal moves in
/// order; a list holding an illegal move holds at least `min_legal` legal
/// ones. The evaluation's check and "any move" agree with the position's.
fn candidates_agree(p: &Position, stats: &mut CandidateStats) {
    let eval = DealersEval;
    let mut legal = Vec::new();
    Game::legal_moves(p, &mut legal);
    // D1, the slow way: every move made on a copy of the board.
    let mut defined = Vec::new();
    p.legal_moves_by_definition(&mut defined);
    assert_eq!(legal, defined, "{}", p.text());
    for min_legal in [1, 4] {
        let mut moves = Vec::new();
        let note = eval.candidate_moves(p, min_legal, &mut moves);
        let kept: Vec<_> = moves
            .iter()
            .copied()
            .filter(|&m| eval.is_legal_candidate(p, &note, m))
            .collect();
        assert_eq!(kept, legal, "{}", p.text());
        if moves.len() > kept.len() {
            assert!(kept.len() >= min_legal, "{}", p.text());
            stats.illegal += 1;
        }
        if note != CandidateNote::default() {
            stats.unfiltered += 1;
        }
    }
    // Quiescence's list where it may stand pat: the legal tactical moves
    // are those of the whole list, in the same order, without generating
    // the quiet ones.
    if !p.awaits_draw() {
        let mut tactical = Vec::new();
        let note = eval.tactical_candidates(p, &mut tactical);
        let kept: Vec<_> = tactical
            .iter()
            .copied()
            .filter(|&m| eval.is_tactical(p, m) && eval.is_legal_candidate(p, &note, m))
            .collect();
        let want: Vec<_> = legal
            .iter()
            .copied()
            .filter(|&m| eval.is_tactical(p, m))
            .collect();
        assert_eq!(kept, want, "{}", p.text());
        stats.tactical += want.len();
        stats.quiet_left_out +=
            (legal.len() - want.len()).saturating_sub(tactical.len() - kept.len());
    }
    let ev = eval.evaluate_full(p);
    assert_eq!(ev.threatened, p.in_check(p.side_to_move()), "{}", p.text());
    if !p.awaits_draw() {
        assert_eq!(
            ev.terminal,
            Some(p.end().is_some() || legal.is_empty()),
            "{}",
            p.text()
        );
    }
}

/// Plays `plies` random legal moves from the start of `spec` (both armies
/// `random`), checking the evaluation, the hash and the search's
/// candidate moves at every position.
/// Returns how many positions were checked.
/// The search's pass (null-move pruning): offered only where the side to
/// move is not in check and has a piece (not a royal, not a pawn); the
/// same men, the other side to move, no en passant, and the hash of the
/// position it leaves (in the standard game, rebuilt from its string).
fn pass_agrees(p: &Position, standard: bool, stats: &mut CandidateStats) {
    let me = p.side_to_move();
    let r = p.rules();
    let has_piece = (0..r.squares()).any(|sq| {
        p.at(sq).is_some_and(|(seat, k)| {
            let kind = &r.kinds[usize::from(k)];
            seat == me && !kind.is_royal() && !kind.is_pawn()
        })
    });
    let promoting = p.awaits_draw() || p.drawn_cards().is_some();
    let offered = p.end().is_none() && !promoting && !p.in_check(me) && has_piece;
    match DealersEval.null_move(p) {
        None => {
            assert!(!offered, "{}", p.text());
            stats.passes_refused += 1;
        }
        Some(n) => {
            assert!(offered, "{}", p.text());
            assert_eq!(n.side_to_move(), me.other());
            for sq in 0..r.squares() {
                assert_eq!(n.at(sq), p.at(sq));
            }
            assert!(!n.text().is_empty());
            if standard {
                let again = Position::from_setup(&n.setup(), n.rules()).unwrap();
                assert_eq!(n.zobrist(), again.zobrist(), "{}", n.text());
            }
            stats.passes += 1;
        }
    }
}

fn check_along(spec: &GameSpec, plies: usize, stats: &mut CandidateStats) -> usize {
    let (g, _) = dealt_start(spec).unwrap();
    let mut p = g.position().unwrap().clone();
    let mut rng = SeededRng::new(spec.seed ^ 0x5EED);
    let mut checked = 0;
    for _ in 0..plies {
        assert_eq!(terms(&p), terms_by_scan(&p), "{}", p.text());
        dot_is_the_evaluation(&p);
        // The string holds neither a `big-deck` draw nor `simplified`'s
        // stand-ins: the hash is compared in the standard game.
        if spec.alternate == Alternate::Standard {
            let again = Position::from_setup(&p.setup(), p.rules()).unwrap();
            assert_eq!(again.text(), p.text());
            assert_eq!(p.zobrist(), again.zobrist(), "{}", p.text());
        }
        candidates_agree(&p, stats);
        pass_agrees(&p, spec.alternate == Alternate::Standard, stats);
        checked += 1;
        let mut chance = Vec::new();
        p.chance_outcomes(&mut chance);
        let m = if chance.is_empty() {
            let mut legal = Vec::new();
            Game::legal_moves(&p, &mut legal);
            if legal.is_empty() {
                break;
            }
            legal[rng.below(legal.len() as u64) as usize]
        } else {
            chance[rng.below(chance.len() as u64) as usize].0
        };
        p.play_unchecked(m);
    }
    checked
}

#[test]
fn the_one_pass_evaluation_the_kept_hash_and_the_candidates_equal_their_definitions() {
    let mut checked = 0;
    let stats = &mut CandidateStats::default();
    for seed in 1..=6u64 {
        for size in [BoardSize::Eight, BoardSize::Ten] {
            let spec = GameSpec {
                seed,
                size,
                ..GameSpec::default()
            };
            checked += check_along(&spec, 120, stats);
        }
    }
    let twelve = GameSpec {
        seed: 1,
        size: BoardSize::Twelve,
        deck_file: Some(Arc::from(EXAMPLE_DECK)),
        ..GameSpec::default()
    };
    checked += check_along(&twelve, 120, stats);
    for alternate in [Alternate::Simplified, Alternate::BigDeck] {
        for seed in 1..=3u64 {
            let spec = GameSpec {
                seed,
                alternate,
                options: PlayOptions::default(),
                ..GameSpec::default()
            };
            checked += check_along(&spec, 120, stats);
        }
    }
    assert!(checked > 1000, "{checked} positions");
    // The lazy lists were given, and some held moves that proved illegal.
    assert!(stats.unfiltered > checked, "{} lists", stats.unfiltered);
    assert!(
        stats.illegal > 10,
        "{} lists with illegal moves",
        stats.illegal
    );
    assert!(
        stats.tactical > 1000 && stats.quiet_left_out > 10 * checked,
        "{} tactical moves, {} quiet moves left out",
        stats.tactical,
        stats.quiet_left_out
    );
    assert!(
        stats.passes > 500 && stats.passes_refused > 10,
        "{} passes offered, {} refused",
        stats.passes,
        stats.passes_refused
    );
}

/// A set of squares gives its squares lowest first, each once, in every
/// word (the 10x10 and 12x12 boards use the second and third).
#[test]
fn a_set_of_squares_gives_each_square_once_lowest_first() {
    use deckmate_games::dealers::rules::Squares;
    let mut rng = SeededRng::new(35);
    for round in 0..2000 {
        let mut words = [rng.next_u64(), rng.next_u64(), rng.next_u64()];
        // Sparse and empty words too.
        for (i, w) in words.iter_mut().enumerate() {
            match (round + i) % 4 {
                0 => *w = 0,
                1 => *w &= rng.next_u64() & rng.next_u64(),
                _ => {}
            }
        }
        let set = Squares(words);
        let want: Vec<u8> = (0..=191u8).filter(|&sq| set.has(sq)).collect();
        let got: Vec<u8> = set.iter().collect();
        assert_eq!(got, want, "{words:x?}");
        assert_eq!(set.len() as usize, want.len());
    }
}
