//! The engine on Cuarenta: the features an evaluation weighs, evaluation
//! symmetry, mates found and avoided, the levels and the random player,
//! the openings, matches and bench of its tools.

use deckmate_engine::matches::PlayerSpec;
use deckmate_engine::{random_player, Evaluator, Limits, Searcher};
use deckmate_games::cuarenta::engine::fixed_player;
use deckmate_games::cuarenta::tools::CuarentaTools;
use deckmate_games::cuarenta::tools::{bench, opening, run_match, CuarentaMatch};
use deckmate_games::cuarenta::{
    self, cuarenta_params, fen, record, start_position, CuarentaEval, EndReason, Move, Piece,
    Position,
};
use deckmate_games::registry::EngineHook;
use deckmate_rules::{Game, Seat, SeededRng};
use std::time::Duration;

/// Black King b9 boxed in by its pawns; White mates with Fd9.
const MATE_IN_ONE: &str =
    "*k*1*1*1*/p*p*1*1*1/*1*F*1*1*/1*1*1*1*1/*1*G*1*1*/1*1*1*1*1/*1*1*1*1*/1*1*K*1*1/*1*1*1*1* w - 0 1";
/// The Frog needs two moves to reach d9.
const MATE_IN_TWO: &str =
    "*k*1*1*F*/p*p*1*1*1/*P*P*1*1*/1*1*1*1*1/*1*1*1*1*/1*1*1*1*1/*1*1*1*1*/1*1*K*1*1/*1*1*1*1* w - 0 1";

fn pos(text: &str) -> Position {
    fen::parse(text).expect("a valid test position")
}

fn moves(p: &Position) -> Vec<Move> {
    let mut v = Vec::new();
    p.legal_moves(&mut v);
    v
}

fn after(p: &Position, m: Move) -> Position {
    let mut q = p.clone();
    q.play_unchecked(m);
    q
}

fn is_mate(p: &Position) -> bool {
    matches!(p.end_state(), Some(e) if e.reason == EndReason::Checkmate)
}

/// The side to move has a move that mates at once.
fn has_mate_in_one(p: &Position) -> bool {
    moves(p).into_iter().any(|m| is_mate(&after(p, m)))
}

/// `m` forces mate in two: every reply allows a mate in one.
fn forces_mate_in_two(p: &Position, m: Move) -> bool {
    let q = after(p, m);
    let replies = moves(&q);
    !replies.is_empty() && replies.into_iter().all(|r| has_mate_in_one(&after(&q, r)))
}

fn search(p: &Position, depth: u32) -> deckmate_engine::SearchResult<Move> {
    let mut s = Searcher::new(CuarentaEval::default(), 4);
    s.params = cuarenta_params();
    s.search(
        p,
        &Limits {
            depth: Some(depth),
            ..Limits::default()
        },
        &mut |_| {},
    )
}

/// Positions from random games, for the symmetry test.
fn sample_positions(n: usize, seed: u64) -> Vec<Position> {
    let mut rng = SeededRng::new(seed);
    let mut out = Vec::new();
    let mut p = cuarenta::start_position();
    while out.len() < n {
        let ms = moves(&p);
        if ms.is_empty() || p.fullmove() > 60 {
            p = cuarenta::start_position();
            continue;
        }
        p.play_unchecked(ms[rng.below(ms.len() as u64) as usize]);
        out.push(p.clone());
    }
    out
}

#[test]
fn evaluation_is_symmetric() {
    let e = CuarentaEval::default();
    for p in sample_positions(300, 5) {
        let q = p.colour_flipped();
        assert_eq!(e.white_score(&p), -e.white_score(&q), "{}", fen::write(&p));
        assert_eq!(e.evaluate(&p), e.evaluate(&q), "{}", fen::write(&p));
    }
}

#[test]
fn material_counts() {
    let e = CuarentaEval::default();
    let start = cuarenta::start_position();
    // Without its Bishop, Black is behind.
    let text = fen::write(&start).replacen('b', "1", 1);
    let p = pos(&text);
    assert!(e.white_score(&p) > 200, "{}", e.white_score(&p));
}

#[test]
fn the_test_positions_are_what_they_claim() {
    let p = pos(MATE_IN_ONE);
    assert!(has_mate_in_one(&p));
    let q = pos(MATE_IN_TWO);
    assert!(!has_mate_in_one(&q));
    assert!(moves(&q).into_iter().any(|m| forces_mate_in_two(&q, m)));
}

#[test]
fn finds_a_mate_in_one() {
    let p = pos(MATE_IN_ONE);
    let r = search(&p, 3);
    let best = r.best.expect("a move");
    assert!(is_mate(&after(&p, best)), "{}", p.move_text(best));
    assert_eq!(r.score, deckmate_engine::WIN - 1);
}

#[test]
fn finds_a_mate_in_two() {
    let p = pos(MATE_IN_TWO);
    let r = search(&p, 5);
    let best = r.best.expect("a move");
    assert!(forces_mate_in_two(&p, best), "{}", p.move_text(best));
    assert_eq!(r.score, deckmate_engine::WIN - 3);
}

#[test]
fn avoids_a_move_that_allows_mate_in_one() {
    // The mate-in-one position with Black to move: some Black moves allow
    // Fd9 mate, others (taking the Frog, freeing a flight square) do not.
    // A Black pawn on i6 gives Black moves that change nothing.
    let p = pos(&MATE_IN_ONE
        .replace(" w ", " b ")
        .replace("/1*1*1*1*1/*1*G", "/1*1*1*1*p/*1*G"));
    let allowing = moves(&p)
        .into_iter()
        .filter(|&m| has_mate_in_one(&after(&p, m)))
        .count();
    assert!(allowing > 0);
    for level in [1, 4] {
        for seed in 0..4 {
            let mut player = CuarentaTools.level_player(level, seed, None);
            let m = player.choose(&p).expect("a move");
            assert!(
                !has_mate_in_one(&after(&p, m)),
                "level {level}: {}",
                p.move_text(m)
            );
        }
    }
}

#[test]
fn level_one_takes_a_mate_in_one() {
    let p = pos(MATE_IN_ONE);
    for seed in 0..6 {
        let mut player = CuarentaTools.level_player(1, seed, None);
        let m = player.choose(&p).expect("a move");
        assert!(is_mate(&after(&p, m)), "seed {seed}: {}", p.move_text(m));
    }
}

#[test]
fn random_player_plays_cuarenta_to_the_end() {
    let mut white = random_player::<Position>(1);
    let mut black = random_player::<Position>(2);
    let mut p = cuarenta::start_position();
    let mut plies = 0;
    while p.end_state().is_none() {
        let seat = p.side_to_move();
        let player = if seat == deckmate_rules::Seat::First {
            &mut white
        } else {
            &mut black
        };
        let m = player.choose(&p).expect("a move while the game goes on");
        assert!(moves(&p).contains(&m));
        p.play_unchecked(m);
        plies += 1;
        assert!(plies < 5000);
    }
    assert!(random_player::<Position>(3).choose(&p).is_none());
}

#[test]
fn a_fixed_player_is_deterministic() {
    let p = cuarenta::start_position();
    let mut a = fixed_player(3, None, Default::default());
    let mut b = fixed_player(3, None, Default::default());
    use deckmate_engine::Player;
    assert_eq!(a.choose(&p), b.choose(&p));
}

#[test]
fn the_start_is_symmetric() {
    let p = start_position();
    let f = p.features();
    assert_eq!(f.count[0], f.count[1]);
    assert_eq!(f.count[0], [1, 1, 1, 2, 2, 2, 4]);
    assert_eq!(f.mobility[0], f.mobility[1]);
    assert_eq!(f.mobility_by_kind[0], f.mobility_by_kind[1]);
    assert_eq!(f.mobility_by_kind[0].iter().sum::<u32>(), f.mobility[0]);
    assert_eq!(f.mobility_by_kind[0][Piece::King.index()], 0);
    assert_eq!(f.mobility_by_kind[0][Piece::Pawn.index()], 0);
    assert_eq!(f.pawn_ranks[0][2], 4);
    assert_eq!(f.king_flight[0], f.king_flight[1]);
    let flipped = p.colour_flipped();
    assert_eq!(
        fen::write(&flipped).split(' ').next(),
        fen::write(&p).split(' ').next()
    );
}

#[test]
fn flipping_swaps_the_seats() {
    let mut p = start_position();
    for m in ["Fa4", "Pbc6", "Pdc4"] {
        let mv = p.parse_move(m).unwrap();
        p.play(mv).unwrap();
    }
    let f = p.features();
    let q = p.colour_flipped();
    let g = q.features();
    assert_eq!(f.count[0], g.count[1]);
    assert_eq!(f.mobility, [g.mobility[1], g.mobility[0]]);
    assert_eq!(f.king_flight, [g.king_flight[1], g.king_flight[0]]);
    assert_eq!(f.pawn_ranks[0], g.pawn_ranks[1]);
    assert_eq!(q.colour_flipped().zobrist(), p.zobrist());
    assert_eq!(q.count_moves(), {
        // The same board with the other side to move.
        let text = fen::write(&p);
        assert!(text.contains(" b "), "{text}");
        let r = fen::parse(&text.replacen(" b ", " w ", 1)).unwrap();
        assert_eq!(r.side_to_move(), Seat::First);
        assert_eq!(r.zobrist(), r.compute_hash());
        r.count_moves()
    });
}

#[test]
fn the_start_is_level_but_for_the_tempo() {
    let e = CuarentaEval::default();
    let p = start_position();
    assert_eq!(e.white_score(&p), 0);
    assert_eq!(e.evaluate(&p), e.weights.tempo);
}

/// White's pawn on c8 may step to b9 (the last rank) and become a Bishop
/// there, or stay a pawn.
const PAWN_ON_EIGHT: &str =
    "*1*1*1*1*/p*P*1*1*1/*1*1*1*1*/1*1*1*1*1/*1*1*1*k*/1*1*1*1*1/*1*1*1*1*/1*1*K*1*1/*1*1*1*1* w - 0 1";

#[test]
fn promoting_on_the_last_rank_beats_staying_a_pawn() {
    // A pawn is worth about two-thirds of a Bishop, and more in the
    // promotion zone, but a pawn on the last rank can only step sideways:
    // the Bishop it may become must still be worth more.
    let e = CuarentaEval::default();
    let p = pos(PAWN_ON_EIGHT);
    let promoted = after(&p, p.parse_move("Pb9=B").unwrap());
    let plain = after(&p, p.parse_move("Pb9").unwrap());
    assert_eq!(promoted.features().count[0][Piece::Bishop.index()], 1);
    assert_eq!(plain.features().pawn_ranks[0][8], 1);
    assert!(
        e.white_score(&promoted) > e.white_score(&plain) + 30,
        "{} against {}",
        e.white_score(&promoted),
        e.white_score(&plain)
    );
}

#[test]
fn captures_are_tactical() {
    let e = CuarentaEval::default();
    let p = start_position();
    let mut moves = Vec::new();
    p.legal_moves(&mut moves);
    let mut captures = 0;
    for m in moves {
        let takes = matches!(p.at(m.to()), Some((s, _)) if s == Seat::Second);
        assert_eq!(e.is_tactical(&p, m), takes, "{}", p.move_text(m));
        if takes {
            captures += 1;
            assert!(e.capture_gain(&p, m) >= e.weights.values[Piece::Pawn.index()]);
        } else {
            assert_eq!(e.capture_gain(&p, m), 0);
        }
    }
    // The Vaos take over their own pawns from the start.
    assert!(captures > 0);
}

#[test]
fn openings_differ_by_pair_and_repeat_by_seed() {
    assert_eq!(opening(1, 0, 4), opening(1, 0, 4));
    assert_ne!(opening(1, 0, 4), opening(1, 1, 4));
    assert_eq!(opening(1, 0, 4).len(), 4);
}

#[test]
fn a_short_match_saves_replayable_records() {
    let cfg = CuarentaMatch {
        a: PlayerSpec::Level(1),
        b: PlayerSpec::Random,
        games: 2,
        time: Duration::from_millis(20),
        seed: 3,
        random_plies: 2,
        max_plies: 120,
    };
    let r = run_match(&cfg, |_, _| {}).unwrap();
    assert_eq!(r.wins + r.draws + r.losses, 2);
    for g in &r.games {
        let rp = record::replay(&g.record).unwrap();
        assert_eq!(rp.moves.len(), g.record.moves.len());
    }
}

#[test]
fn the_bench_positions_read_and_search() {
    let (nodes, _) = bench(2, |_| {}).unwrap();
    assert!(nodes > 0);
}
