//! The generic fairy evaluation: values estimated from the movement are
//! ordered and near the usual ones on chess, symmetric starts are level,
//! and the engine with it finds a mate in two and takes a hanging queen,
//! on chess and on the 12x12 Fairy Court; the movement read from the
//! tables, and the evaluator's plumbing for the search.
#![allow(clippy::unwrap_used)]

use deckmate_engine::search::{Limits, SearchParams, Searcher};
use deckmate_engine::{Evaluator, WIN};
use deckmate_games::fairy::eval::{values, EvalWeights, Parts, PositionRef};
use deckmate_games::fairy::{
    chess, chess_variant, new_game, AnyPosition, End, EndReason, FairyEval, Hands, PieceKind,
    PieceSpec, Position, RuleSet, Tables, Variant,
};
use deckmate_rules::{Game, Seat, ToAct};
use std::path::PathBuf;
use std::sync::Arc;

fn fairy_court() -> Arc<RuleSet> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../variants/fairy-court.toml");
    let text = std::fs::read_to_string(path).unwrap();
    deckmate_games::variant_file::rule_set(&text).unwrap()
}

/// A variant with every value hint removed.
fn bare(mut v: Variant) -> Arc<RuleSet> {
    for p in &mut v.pieces {
        p.value = None;
    }
    RuleSet::new(v).unwrap()
}

fn bare_chess() -> Arc<RuleSet> {
    bare(chess_variant().unwrap())
}

fn chess_at(text: &str) -> Position<u64> {
    let t = Arc::new(Tables::<u64>::new(chess()).unwrap());
    Position::from_text(&t, text).unwrap()
}

fn value_of(rules: &RuleSet, values: &[i32], letter: char) -> i32 {
    values[rules.kind_of(letter).unwrap()]
}

#[test]
fn estimated_chess_values_are_ordered_and_near_the_usual() {
    let r = bare_chess();
    let e = FairyEval::new(&r);
    let v = |l| value_of(&r, e.values(), l);
    let (p, n, b, rook, q) = (v('P'), v('N'), v('B'), v('R'), v('Q'));
    assert!((90..=110).contains(&p), "pawn {p}");
    assert!((300..=330).contains(&n), "knight {n}");
    assert!((320..=350).contains(&b), "bishop {b}");
    assert!((480..=520).contains(&rook), "rook {rook}");
    assert!((880..=950).contains(&q), "queen {q}");
    assert!(p < n && n < b && b < rook && rook < q);
    // Without hints the values are the estimates.
    assert_eq!(e.values()[..5], e.estimates()[..5]);
}

#[test]
fn hints_win_over_the_estimate() {
    let e = FairyEval::new(&chess());
    assert_eq!(e.values(), &[100, 320, 330, 500, 900, 0]);
    // The estimates are still there.
    assert_eq!(
        e.estimates()[..5],
        FairyEval::new(&bare_chess()).values()[..5]
    );
}

#[test]
fn unhinted_kinds_are_brought_to_the_hints_scale() {
    // Only the queen has a hint, twice its estimate: the other kinds'
    // estimates double too (the most they are scaled by).
    let mut v = chess_variant().unwrap();
    for p in &mut v.pieces {
        p.value = (p.letter == 'Q').then_some(1800);
    }
    let r = RuleSet::new(v).unwrap();
    let e = FairyEval::new(&r);
    let est = FairyEval::new(&bare_chess());
    let q = r.kind_of('Q').unwrap();
    let rook = r.kind_of('R').unwrap();
    assert_eq!(e.values()[q], 1800);
    assert!((e.values()[rook] - 2 * est.values()[rook]).abs() <= 1);
    // On the Fairy Court the unhinted riders stay near the hinted Queen.
    let court = fairy_court();
    let e = FairyEval::new(&court);
    let at = |l| value_of(&court, e.values(), l);
    assert_eq!(at('Q'), 900);
    assert!(
        at('U') < at('Q') + 200 && at('O') < at('R'),
        "{:?}",
        e.values()
    );
}

#[test]
fn pieces_in_hand_count() {
    let mut v = chess_variant().unwrap();
    v.hands = Some(Hands {
        captures_to_hand: true,
        demote: true,
        pawn_first_ranks: 1,
        pawn_last_ranks: 1,
    });
    v.start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1".to_string();
    let r = RuleSet::new(v).unwrap();
    let e = FairyEval::new(&r);
    let start = AnyPosition::new_game(&r);
    assert_eq!(e.evaluate(&start), e.weights().tempo);
    // White took a knight: one fewer on the board for Black, one more in
    // White's hand.
    let p = start
        .with_text("r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[N] w KQkq - 0 1")
        .unwrap();
    let AnyPosition::Small(small) = &p else {
        panic!("chess fits 64 squares")
    };
    assert_eq!(e.parts(small).material, 2 * 320);
    // A capture counts twice: what the loser loses, what the taker holds.
    let p = start
        .with_text("rnbqkbnr/pppp1ppp/8/4p3/3P4/8/PPP1PPPP/RNBQKBNR[] w KQkq - 0 1")
        .unwrap();
    let mv = p.parse_move("dxe5").unwrap();
    assert_eq!(e.capture_gain(&p, mv), 200);
}

#[test]
fn a_royal_counts_no_material() {
    let e = FairyEval::new(&bare_chess());
    let king = chess().kind_of('K').unwrap();
    assert_eq!(e.values()[king], 0);
    assert!(e.estimates()[king] > 0);
    // Two bare kings: level, whatever the king's estimate.
    let p = chess_at("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(e.parts(&p).material, 0);
}

/// A small board of a few test pieces (hints removed).
fn with_pieces(pieces: &[(&str, char, &str, PieceKind)]) -> Arc<RuleSet> {
    let mut v = chess_variant().unwrap();
    v.pieces = pieces
        .iter()
        .map(|&(name, letter, betza, kind)| PieceSpec::new(name, letter, betza, kind))
        .collect();
    v.start = "k7/8/8/8/8/8/8/K7 w - - 0 1".to_string();
    v.castling.clear();
    v.promotion.zones.clear();
    v.en_passant = false;
    RuleSet::new(v).unwrap()
}

#[test]
fn forward_only_and_capture_only_movements_are_worth_less() {
    let r = with_pieces(&[
        ("King", 'K', "K", PieceKind::Royal),
        ("Wazir", 'W', "W", PieceKind::Piece),
        ("Soldier", 'S', "fmW", PieceKind::Piece),
        ("Forward", 'F', "fW", PieceKind::Piece),
        ("Mover", 'M', "mW", PieceKind::Piece),
        ("Ferz", 'X', "F", PieceKind::Piece),
        ("Cannon", 'O', "mRcpR", PieceKind::Piece),
        ("Rook", 'R', "R", PieceKind::Piece),
        ("Knight", 'N', "N", PieceKind::Piece),
        ("Nightrider", 'Y', "NN", PieceKind::Piece),
    ]);
    let v = values::estimate(&r);
    let at = |l| value_of(&r, &v, l);
    assert!(at('S') < at('F'), "fmW {} < fW {}", at('S'), at('F'));
    assert!(at('F') < at('W'), "fW {} < W {}", at('F'), at('W'));
    assert!(at('M') < at('W'), "mW {} < W {}", at('M'), at('W'));
    // The ferz has the wazir's count of moves but reaches half the board.
    assert!(at('X') < at('W'));
    // A cannon is worth less than a rook, more than nothing.
    assert!(at('O') < at('R') && at('O') > at('W'), "cannon {}", at('O'));
    // A rider is worth more than its leaper.
    assert!(at('Y') > at('N'));
}

#[test]
fn symmetric_starts_are_level_but_for_the_tempo() {
    for rules in [chess(), bare_chess(), fairy_court(), bare(fairy_variant())] {
        let e = FairyEval::new(&rules);
        let p = AnyPosition::new_game(&rules);
        assert_eq!(e.evaluate(&p), e.weights().tempo, "{}", rules.name);
        // Each side to move alike.
        let black = p
            .with_text(&p.position_text().replace(" w ", " b "))
            .unwrap();
        assert_eq!(e.evaluate(&black), e.weights().tempo, "{}", rules.name);
    }
}

fn fairy_variant() -> Variant {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../variants/fairy-court.toml");
    let text = std::fs::read_to_string(path).unwrap();
    deckmate_games::variant_file::read(&text).unwrap()
}

#[test]
fn fairy_court_estimates_are_sane() {
    let r = bare(fairy_variant());
    let e = FairyEval::new(&r);
    let v = |l| value_of(&r, e.values(), l);
    for p in &r.pieces {
        println!("{:12} {:5}", p.name, v(p.letter));
    }
    assert!(v('P') < v('N') && v('N') < v('R') && v('R') < v('Q'));
    assert!(v('Q') < v('C') + 300 && v('A') < v('Q') + 300);
    assert!(
        v('B') < v('U'),
        "the unicorn adds the nightrider to the bishop"
    );
    assert!(v('O') < v('R') && v('V') < v('B') + 100);
    assert!(v('T') > v('N') && v('L') > v('N'));
}

#[test]
fn material_and_mobility_see_the_difference() {
    let e = FairyEval::new(&chess());
    // White is a queen up.
    let p = chess_at("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert!(e.evaluate(&p) > 800);
    let p = chess_at("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1");
    assert!(e.evaluate(&p) < -800);
    // A centralised knight has more squares than one in the corner.
    let centre = chess_at("4k3/8/8/8/3N4/8/8/4K3 w - - 0 1");
    let corner = chess_at("4k3/8/8/8/8/8/8/N3K3 w - - 0 1");
    assert!(e.parts(&centre).mobility > e.parts(&corner).mobility);
    // An advanced pawn is worth more.
    let far = chess_at("4k3/8/1P6/8/8/8/8/4K3 w - - 0 1");
    let near = chess_at("4k3/8/8/8/8/8/1P6/4K3 w - - 0 1");
    assert!(e.parts(&far).pawns > e.parts(&near).pawns);
    assert_eq!(e.parts(&near).pawns, 0);
}

#[test]
fn pieces_bearing_on_the_king_are_a_danger() {
    let e = FairyEval::new(&chess());
    // The same material; White's queen and rook bear on Black's king zone
    // in one, stand far in the other.
    let near = chess_at("6k1/5ppp/8/8/8/8/5PPP/3RQ1K1 w - - 0 1");
    let attack = chess_at("6k1/4Qppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
    assert!(e.parts(&attack).king > e.parts(&near).king);
    assert!(e.parts(&attack).king > 0);
    // The danger weighs the attacker's kind: a queen on f5 more than a
    // knight on f5 (both reach into the zone, on g7).
    let queen = chess_at("6k1/5ppp/8/5Q2/8/8/5PPP/3R2K1 w - - 0 1");
    let knight = chess_at("6k1/5ppp/8/5N2/8/8/5PPP/3R2K1 w - - 0 1");
    assert!(e.parts(&knight).king > 0);
    assert!(e.parts(&queen).king > e.parts(&knight).king);
    // The mirror image, Black attacking, is the same danger negated.
    let black = chess_at("3r2k1/5ppp/8/8/5q2/8/5PPP/6K1 b - - 0 1");
    assert_eq!(e.parts(&black).king, -e.parts(&queen).king);
    assert_eq!(e.evaluate(&black), e.evaluate(&queen));
    // By the kinds alone (zone squares weightless): still the queen more.
    let by_kind = FairyEval::with_weights(
        &chess(),
        EvalWeights {
            king_zone_square: 0,
            ..EvalWeights::default()
        },
    );
    let (q, n) = (by_kind.parts(&queen).king, by_kind.parts(&knight).king);
    assert!(q > n && n > 0, "queen {q} knight {n}");
}

#[test]
fn a_game_may_add_its_own_term() {
    let plain = FairyEval::new(&chess());
    let bonus = FairyEval::new(&chess()).with_term(Arc::new(|p: PositionRef<'_>| {
        // 7 for the first seat, whoever moves.
        if p.side_to_move() == Seat::First {
            7
        } else {
            -7
        }
    }));
    let p = chess_at(deckmate_games::fairy::CHESS_START);
    assert_eq!(bonus.evaluate(&p), plain.evaluate(&p) + 7);
    let any = AnyPosition::new_game(&chess());
    assert_eq!(bonus.evaluate(&any), plain.evaluate(&any) + 7);
    // The term sees the position.
    let counting = FairyEval::new(&fairy_court()).with_term(Arc::new(|p: PositionRef<'_>| {
        let queen = p.rules().kind_of('Q').unwrap();
        p.squares_of(p.side_to_move(), queen).len() as i32 * 1000
    }));
    let court = AnyPosition::new_game(&fairy_court());
    let base = FairyEval::new(&fairy_court()).evaluate(&court);
    assert_eq!(counting.evaluate(&court), base + 1000);
}

#[test]
fn weights_can_be_changed() {
    let w = EvalWeights {
        tempo: 0,
        ..EvalWeights::default()
    };
    let e = FairyEval::with_weights(&chess(), w);
    assert_eq!(e.evaluate(&chess_at(deckmate_games::fairy::CHESS_START)), 0);
}

fn best_move(rules: &Arc<RuleSet>, text: &str, depth: u32) -> (String, i32) {
    let p = AnyPosition::from_rules_text(rules, text).unwrap();
    let mut s = Searcher::new(FairyEval::new(rules), 16);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let r = s.search(&p, &limits, &mut |_| {});
    let mv = r.best.unwrap();
    (p.move_text(mv), r.score)
}

#[test]
fn the_engine_finds_a_mate_in_two() {
    // A back-rank mate in two, none in one: 1. Rd8+ Rxd8 2. Rxd8#.
    let text = "2r3k1/5ppp/8/8/8/8/3R1PPP/3R2K1 w - - 0 1";
    let (mv, score) = best_move(&chess(), text, 5);
    assert_eq!(mv, "Rd8+");
    assert_eq!(score, WIN - 3, "mate on the third ply");
}

#[test]
fn the_engine_takes_a_hanging_queen() {
    let text = "rnb1kbnr/pppp1ppp/8/4p3/7q/5N2/PPPPPPPP/RNBQKB1R w KQkq - 0 1";
    let (mv, score) = best_move(&chess(), text, 4);
    assert_eq!(mv, "Nxh4");
    assert!(score > 600, "{score}");
}

#[test]
fn the_engine_takes_a_hanging_queen_on_the_fairy_court() {
    // Black's queen stands on g4, where White's pawns on f3 and h3 (and
    // other pieces) take it.
    let text = "ronba1kcbnor/vhgutlltughv/pppppppppppp/12/12/12/12/12/6q5/\
                PPPPPPPPPPPP/VHGUTLLTUGHV/RONBAQKCBNOR w KQkq - 0 1";
    let (mv, score) = best_move(&fairy_court(), text, 3);
    assert!(mv.contains("xg4"), "{mv}");
    assert!(score > 500, "{mv} {score}");
}

#[test]
fn the_movement_is_read_from_the_tables() {
    let r = bare_chess();
    let m = |l| values::movement(&r, &r.pieces[r.kind_of(l).unwrap()].tables[0]);
    assert_eq!(m('N').targets, 5.25);
    assert_eq!(m('N').mobility, 5.25);
    assert_eq!(m('R').targets, 14.0);
    assert!(m('R').mobility < 14.0, "far squares weigh less");
    assert_eq!(m('B').reach, 0.5);
    assert_eq!(m('K').reach, 1.0);
    let p = m('P');
    assert!(!p.retreats && p.advances && p.captures);
    assert!(m('R').retreats);
}

#[test]
fn the_start_of_chess_is_level_but_for_the_tempo() {
    let p: Position<u64> = new_game(&chess()).unwrap();
    let e = FairyEval::new(&chess());
    assert_eq!(e.parts(&p), Parts::default());
    assert_eq!(e.evaluate(&p), e.weights().tempo);
    assert_eq!(e.to_act(&p), ToAct::Seat(Seat::First));
}

#[test]
fn the_search_plumbing() {
    let e = FairyEval::new(&chess());
    let t = Arc::new(Tables::<u64>::new(chess()).unwrap());
    // White's knight or pawn may take Black's queen on d5; the pawn
    // first (the cheaper attacker).
    let p = Position::from_text(&t, "4k3/8/8/3q4/4P3/2N5/8/4K3 w - - 0 1").unwrap();
    let by_pawn = p.parse_move("exd5").unwrap();
    let by_knight = p.parse_move("Nxd5").unwrap();
    let quiet = p.parse_move("Kf1").unwrap();
    assert!(e.is_tactical(&p, by_pawn) && !e.is_tactical(&p, quiet));
    assert_eq!(e.capture_gain(&p, by_pawn), 900);
    assert!(e.order_score(&p, by_pawn) > e.order_score(&p, by_knight));
    assert!(e.history_index(&p, by_pawn) < Evaluator::<Position<u64>>::history_size(&e));
    assert_ne!(e.history_index(&p, by_pawn), e.history_index(&p, by_knight));
    // A promotion gains the new piece less the pawn.
    let p = Position::from_text(&t, "4k3/P7/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    let queen = p.parse_move("a8=Q").unwrap();
    assert_eq!(e.capture_gain(&p, queen), 800);
    // Mate: the side to move is still answered; the search finds no
    // move. A royal attacked is a threat.
    let mated = Position::from_text(&t, "R3k3/8/4K3/8/8/8/8/8 b - - 0 1").unwrap();
    assert_eq!(e.to_act(&mated), ToAct::Seat(Seat::Second));
    assert!(e.evaluate_full(&mated).threatened);
    assert_eq!(mated.to_act(), ToAct::Nobody);
    // A game ended by a rule (or from outside) acts nobody.
    let mut drawn = p.clone();
    drawn.set_end(End {
        winner: None,
        reason: EndReason::Agreement,
    });
    assert_eq!(e.to_act(&drawn), ToAct::Nobody);
    assert_eq!(e.evaluate_full(&drawn).terminal, Some(true));
    // The evaluation looks for a legal move: a live position is known to
    // go on (the search may stand pat before generating moves), mate and
    // stalemate known to be over.
    assert_eq!(e.evaluate_full(&p).terminal, Some(false));
    assert_eq!(e.evaluate_full(&mated).terminal, Some(true));
    let stalemate = Position::from_text(&t, "k7/2Q5/1K6/8/8/8/8/8 b - - 0 1").unwrap();
    let full = e.evaluate_full(&stalemate);
    assert_eq!((full.terminal, full.threatened), (Some(true), false));
    // Quiescence's candidates are the captures and promotions alone.
    let mut tactical = Vec::new();
    e.tactical_candidates(&p, &mut tactical);
    let texts: Vec<String> = tactical.iter().map(|&m| p.move_text(m)).collect();
    assert_eq!(texts, ["a8=Q+", "a8=R+", "a8=B", "a8=N"]);
}

#[test]
fn a_pass_is_offered_only_to_a_side_with_pieces_beside_royals_and_pawns() {
    let e = FairyEval::new(&chess());
    let t = Arc::new(Tables::<u64>::new(chess()).unwrap());
    // After 1. e4 (en passant square e3): the pass hands the move over,
    // forgets the en passant square, and its hash is the one computed
    // from scratch.
    let p = Position::from_text(
        &t,
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    )
    .unwrap();
    let passed = e.null_move(&p).unwrap();
    assert_eq!(passed.side_to_move(), Seat::First);
    assert_eq!(passed.en_passant(), 0);
    assert_eq!(passed.zobrist(), passed.compute_hash());
    assert_ne!(passed.zobrist(), p.zobrist());
    let board = |q: &Position<u64>| q.position_text().split(' ').next().unwrap().to_string();
    assert_eq!(board(&passed), board(&p));
    // Kings and pawns only: zugzwang is common, no pass.
    let pawns = Position::from_text(&t, "8/8/4k3/8/4P3/4K3/8/8 w - - 0 1").unwrap();
    assert!(e.null_move(&pawns).is_none());
    // The other side's pieces do not count; its own knight does.
    let theirs = Position::from_text(&t, "8/8/4k3/3n4/4P3/4K3/8/8 w - - 0 1").unwrap();
    assert!(e.null_move(&theirs).is_none());
    assert!(e.null_move(&theirs.passed()).is_some());
}

/// A search of chess's `text` to `depth` with the search's switches set
/// by `set`: the best move, its score and the nodes.
fn search_with(text: &str, depth: u32, set: impl Fn(&mut SearchParams)) -> (String, i32, u64) {
    let p = AnyPosition::from_rules_text(&chess(), text).unwrap();
    let mut s = Searcher::new(FairyEval::new(&chess()), 16);
    set(&mut s.params);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let r = s.search(&p, &limits, &mut |_| {});
    (p.move_text(r.best.unwrap()), r.score, r.nodes)
}

/// With a pruning switched on (`switch(params, true)`) the mate in two
/// and the hanging queen are still found, and a middlegame searched to
/// `depth` takes fewer nodes than with it off.
fn saves_nodes_and_keeps_the_tactics(depth: u32, switch: impl Fn(&mut SearchParams, bool)) {
    let on = |p: &mut SearchParams| switch(p, true);
    let off = |p: &mut SearchParams| switch(p, false);
    let mate = "2r3k1/5ppp/8/8/8/8/3R1PPP/3R2K1 w - - 0 1";
    let (mv, score, _) = search_with(mate, 6, on);
    assert_eq!((mv.as_str(), score), ("Rd8+", WIN - 3));
    let queen = "rnb1kbnr/pppp1ppp/8/4p3/7q/5N2/PPPPPPPP/RNBQKB1R w KQkq - 0 1";
    assert_eq!(search_with(queen, 6, on).0, "Nxh4");
    let middle = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 8";
    let (_, _, with) = search_with(middle, depth, on);
    let (_, _, without) = search_with(middle, depth, off);
    assert!(with < without, "{with} nodes with it, {without} without");
}

#[test]
fn null_move_pruning_saves_nodes_and_keeps_the_tactics() {
    saves_nodes_and_keeps_the_tactics(8, |p, on| {
        if !on {
            p.null_move_depth = 0;
        }
    });
    // A pawn ending won only by zugzwang (White to move: Kd6 and the
    // opposition); no pass is offered there, so it is still found.
    let zug = "8/8/3k4/8/3PK3/8/8/8 w - - 0 1";
    let (_, score, _) = search_with(zug, 8, |_| {});
    let (_, plain, _) = search_with(zug, 8, |p| p.null_move_depth = 0);
    assert_eq!(
        score, plain,
        "the pawn ending is searched as without passes"
    );
}

#[test]
fn the_pawn_structure_counts_passed_doubled_and_isolated_pawns() {
    // Off by default (measured no gain at these weights): set here.
    assert_eq!(
        FairyEval::new(&chess())
            .parts(&chess_at("4k3/8/8/8/4P3/8/8/4K3 w - - 0 1"))
            .structure,
        0
    );
    let w = EvalWeights {
        passed: 10,
        passed_advance: 150,
        doubled: 12,
        isolated: 10,
        ..EvalWeights::default()
    };
    let e = FairyEval::with_weights(&chess(), w.clone());
    let structure = |text: &str| e.parts(&chess_at(text)).structure;
    // Kings alone, or pawns facing each other on every file: nothing.
    assert_eq!(structure("4k3/8/8/8/8/8/8/4K3 w - - 0 1"), 0);
    assert_eq!(structure("4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1"), 0);
    // A lone white pawn on e4: passed (and isolated).
    let e4 = structure("4k3/8/8/8/4P3/8/8/4K3 w - - 0 1");
    assert!(e4 > w.passed - w.isolated, "{e4}");
    // Further up it is worth more; mirrored for Black, the same negated.
    let e6 = structure("4k3/8/4P3/8/8/8/8/4K3 w - - 0 1");
    assert!(e6 > e4, "{e6} {e4}");
    assert_eq!(structure("4k3/8/8/4p3/8/8/8/4K3 w - - 0 1"), -e4);
    // A black pawn ahead on the next file stops it being passed; one
    // behind it does not (both are passed then: Black's d3 as far on as
    // a white pawn on d6).
    let stopped = structure("4k3/8/3p4/8/4P3/8/8/4K3 w - - 0 1");
    let behind = structure("4k3/8/8/8/4P3/3p4/8/4K3 w - - 0 1");
    assert_eq!(
        stopped,
        -w.isolated + w.isolated,
        "both isolated, neither passed"
    );
    assert_eq!(behind, e4 - e6, "e4 and d3 both passed");
    // Doubled and isolated: two pawns on e, one passed, the other not.
    let doubled = structure("4k3/4p3/8/8/4P3/4P3/8/4K3 w - - 0 1");
    let single = structure("4k3/4p3/8/8/4P3/8/8/4K3 w - - 0 1");
    assert_eq!(doubled - single, -w.doubled - w.isolated);
}

#[test]
fn placement_pays_the_centre_and_the_royal_by_the_phase() {
    // Off by default: a file or the tuner sets them.
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let e = FairyEval::new(&chess());
    assert_eq!(e.parts(&chess_at(start)).placement, 0);
    let w = EvalWeights {
        centre: 4,
        shelter: 13,
        royal_rank: 25,
        royal_centre: 28,
        ..EvalWeights::default()
    };
    let e = FairyEval::with_weights(&chess(), w.clone());
    let parts = |text: &str| e.parts(&chess_at(text));
    // The start is level; mirrored positions score the same negated.
    assert_eq!(parts(start).total(), 0);
    // A knight on e4 is three rings in, on h4 on the edge: 3 x centre
    // more (the placement part alone; mobility has its own part).
    let knight = |sq: &str| parts(&format!("4k3/8/8/8/{sq}/8/8/4K3 w - - 0 1")).placement;
    assert_eq!(knight("4N3") - knight("7N"), 3 * w.centre);
    // A pawn's ring counts in the pawns' part: e4 against a4.
    let pawn = |sq: &str| parts(&format!("4k3/8/8/8/{sq}/8/8/4K3 w - - 0 1")).pawns;
    assert_eq!(pawn("4P3") - pawn("P7"), 3 * w.centre);
    // The middle game (Black keeps all its pieces): White's king behind
    // three pawns on g1 (shelter 3) against the same king on g3 (two
    // ranks up, its pawns no longer around it).
    let mg = |white: &str| parts(&format!("rnbqkbnr/pppppppp/8/8/8/{white} w kq - 0 1")).placement;
    let castled = mg("8/5PPP/6K1");
    let walked = mg("6K1/5PPP/8");
    // On g1 the pawns on f2, g2, h2 are in its zone; on g3 they are too
    // (the zone is the squares around), so only the rank differs.
    assert_eq!(castled - walked, 2 * w.royal_rank);
    let bare = mg("8/8/6K1");
    assert_eq!(castled - bare, 3 * w.shelter);
    // The endgame (no enemy pieces): the king gains by the centre alone
    // [ROYAL_CENTRE], and its rank no longer counts.
    let eg = |sq: &str| parts(&format!("4k3/8/8/8/{sq}/8/8/8 w - - 0 1")).placement;
    assert_eq!(eg("3K4") - eg("7K"), 3 * w.royal_centre);
    // Part way (Black keeps its queen and a rook of its pieces), the
    // royal's rank counts at that share: the king on h1 against h3 (both
    // on the edge, so its centralisation counts nothing).
    let v = |c| e.values()[chess().kind_of(c).unwrap()];
    let full = v('Q') + 2 * (v('R') + v('B') + v('N'));
    let left = v('Q') + v('R');
    let part = |white: &str| parts(&format!("q3k2r/8/8/8/8/{white} w - - 0 1")).placement;
    assert_eq!(
        part("8/8/7K") - part("7K/8/8"),
        2 * w.royal_rank * left / full
    );
}

/// What `w` adds to one part (`part`) of a chess position's evaluation
/// over the default weights.
fn gain_of(w: &EvalWeights, part: fn(&Parts) -> i32) -> impl Fn(&str) -> i32 {
    let with = FairyEval::with_weights(&chess(), w.clone());
    let plain = FairyEval::new(&chess());
    move |text| {
        let p = chess_at(text);
        part(&with.parts(&p)) - part(&plain.parts(&p))
    }
}

#[test]
fn two_colour_bound_pieces_on_both_colours_make_a_pair() {
    let two = "4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1";
    let w = EvalWeights {
        pair: 40,
        ..EvalWeights::default()
    };
    let gain = gain_of(&w, |p| p.material);
    // Bishops on c1 (dark) and f1 (light): the pair.
    assert_eq!(gain(two), w.pair);
    // Black's pair counts against White.
    assert_eq!(gain("2b1kb2/8/8/8/8/8/8/4K3 w - - 0 1"), -w.pair);
    // Both on dark squares (c1 and e3: a promoted bishop): no pair.
    assert_eq!(gain("4k3/8/8/8/8/4B3/8/2B1K3 w - - 0 1"), 0);
    // One bishop, or two knights (not colour-bound): no pair.
    assert_eq!(gain("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1"), 0);
    assert_eq!(gain("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1"), 0);
}

#[test]
fn a_rook_gains_on_an_open_or_half_open_file_a_queen_does_not() {
    let w = EvalWeights {
        open_file: 30,
        half_open_file: 15,
        ..EvalWeights::default()
    };
    let gain = gain_of(&w, |p| p.placement);
    // The rook on d1: no pawn on the d-file, a black one, a white one.
    assert_eq!(
        gain("4k3/pp3ppp/8/8/8/8/PP3PPP/3RK3 w - - 0 1"),
        w.open_file
    );
    assert_eq!(
        gain("4k3/pp1p1ppp/8/8/8/8/PP3PPP/3RK3 w - - 0 1"),
        w.half_open_file
    );
    assert_eq!(gain("4k3/pp3ppp/8/8/8/8/PP1P1PPP/3RK3 w - - 0 1"), 0);
    // Black's rook on an open file counts against White.
    assert_eq!(
        gain("3rk3/pp3ppp/8/8/8/8/PP3PPP/4K3 w - - 0 1"),
        -w.open_file
    );
    // A queen slides along diagonals too: not a file rider.
    assert_eq!(gain("4k3/pp3ppp/8/8/8/8/PP3PPP/3QK3 w - - 0 1"), 0);
}

#[test]
fn a_capture_of_a_defended_pawn_by_the_queen_loses_the_exchange() {
    let e = FairyEval::new(&chess());
    // White's queen on d1 may take d5, defended by the pawn on e6, and
    // the pawn on c4 may take it too; the knight on f3 takes the
    // undefended pawn on e5.
    let text = "4k3/8/4p3/3pp3/2P5/5N2/8/3QK3 w - - 0 1";
    let p = AnyPosition::from_rules_text(&chess(), text).unwrap();
    let mut moves = Vec::new();
    p.legal_moves(&mut moves);
    let losing = |san: &str| {
        let m = moves
            .iter()
            .copied()
            .find(|&m| p.move_text(m) == san)
            .unwrap_or_else(|| panic!("no {san}"));
        e.losing_capture(&p, m)
    };
    assert!(losing("Qxd5"), "the queen for a pawn");
    assert!(!losing("cxd5"), "a pawn for a pawn");
    assert!(!losing("Nxe5"), "an undefended pawn");
}

#[test]
fn the_search_without_losing_captures_keeps_its_tactics() {
    saves_nodes_and_keeps_the_tactics(7, |p, on| p.see = on);
}

#[test]
fn two_threads_share_the_table_and_find_the_same_tactics() {
    let search = |text: &str, depth: u32, threads: usize| {
        let p = AnyPosition::from_rules_text(&chess(), text).unwrap();
        let mut s = Searcher::new(FairyEval::new(&chess()), 16);
        s.threads = threads;
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        let mut reports = 0;
        let r = s.search(&p, &limits, &mut |_| reports += 1);
        // A second search on the kept helpers.
        let again = s.search(&p, &limits, &mut |_| {});
        assert_eq!(again.best, r.best);
        (p.move_text(r.best.unwrap()), r.score, r.nodes, reports)
    };
    let mate = "2r3k1/5ppp/8/8/8/8/3R1PPP/3R2K1 w - - 0 1";
    let (mv, score, _, reports) = search(mate, 6, 2);
    assert_eq!((mv.as_str(), score), ("Rd8+", WIN - 3));
    assert!(reports >= 1);
    let queen = "rnb1kbnr/pppp1ppp/8/4p3/7q/5N2/PPPPPPPP/RNBQKB1R w KQkq - 0 1";
    assert_eq!(search(queen, 6, 2).0, "Nxh4");
    // The helper searched too, and its nodes are counted in the result.
    let p = AnyPosition::from_rules_text(
        &chess(),
        "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 8",
    )
    .unwrap();
    let mut s = Searcher::new(FairyEval::new(&chess()), 16);
    s.threads = 2;
    let limits = Limits {
        depth: Some(7),
        ..Limits::default()
    };
    let r = s.search(&p, &limits, &mut |_| {});
    assert_eq!(s.helpers(), 1);
    let helped = s.helper_nodes();
    assert!(helped > 0 && r.nodes > helped, "{} of {}", helped, r.nodes);
}

#[test]
fn the_budget_names_the_threads() {
    use deckmate_engine::deadline::{within, Budget};
    let p = AnyPosition::from_rules_text(&chess(), deckmate_games::fairy::CHESS_START).unwrap();
    let mut s = Searcher::new(FairyEval::new(&chess()), 16);
    let limits = Limits {
        depth: Some(5),
        ..Limits::default()
    };
    let budget = Budget {
        threads: Some(3),
        ..Budget::default()
    };
    let r = within(budget, || s.search(&p, &limits, &mut |_| {}));
    assert!(r.best.is_some());
    assert_eq!(s.helpers(), 2, "two helpers beside this thread");
    s.threads = 1;
    let r = s.search(&p, &limits, &mut |_| {});
    assert!(r.best.is_some());
}

#[test]
fn late_move_pruning_and_the_history_malus_save_nodes_and_keep_the_tactics() {
    saves_nodes_and_keeps_the_tactics(8, |p, on| {
        p.lmp = on;
        p.history_malus = on;
    });
}

#[test]
fn internal_iterative_reduction_and_counter_moves_save_nodes_and_keep_the_tactics() {
    saves_nodes_and_keeps_the_tactics(9, |p, on| {
        p.iir = on;
        p.countermove = on;
    });
}
