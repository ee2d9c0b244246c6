//! The fairy core against a slow reference written from the compiled
//! move tables alone, on random playouts of four rule sets:
//! - chess (`u64`);
//! - a 10x10 game with four holes in the middle (`u128`): cannons (hop),
//!   the Xiangqi horse (lame leap), the Gryffon (bent rider), the
//!   nightrider and the Dabbaba rider (non-unit riders), the Vao (diagonal
//!   hop), pawns with a first-move triple step (en passant on both crossed
//!   squares), castlings of both kinds of safety, optional promotion in two
//!   zones, and hooks: a Horse may not take the King (so it never gives
//!   check) and a Cannon may not take a Cannon;
//! - a 12x12 game won by capturing the King (`Set256`), stalemate a win;
//! - crazyhouse, and the 10x10 game with hands: captured pieces change
//!   sides (promoted ones as pawns) and are dropped, pawns not on the
//!   first or last rank;
//! - Cuarenta's board (the 40 light squares of 9x9) and pieces without the
//!   Frog's line jump, with the hooks of Q7 and Q8; in positions without
//!   Frogs it is checked against the hand-written Cuarenta generator.
//!
//! The reference walks each piece's `MoveTable` square by square for the
//! moves, and finds an attack on the royal by the opponent's reference
//! moves after each move: nothing of the core's sets, lines, pins or
//! attack tables is used. At every position: the legal moves are exactly
//! the reference's, the bulk count and `has_legal_move` agree, the
//! incremental hash equals the one computed from scratch, and the position
//! string reads back to itself; on some, every move's notation reads back
//! as the move.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use deckmate_betza::RayKind;
use deckmate_board::{Geometry, Parity, RankStyle, Square};
use deckmate_games::cuarenta;
use deckmate_games::fairy::{
    chess, chess_variant, CastlingSafety, CastlingSpec, DeadMaterial, DrawRules, EnPassantIdentity,
    Hands, Hooks, Move, Piece, PieceKind, PieceSpec, Position, Promotion, PromotionZone, RuleSet,
    Set256, SquareSet, StalemateRule, Tables, Variant, WinCondition,
};
use deckmate_rules::{Game, Seat, SeededRng};
use std::collections::BTreeSet;
use std::sync::Arc;

/// A move in board squares: from (1000 + the kind for a drop), to,
/// promotion, en passant.
type Tuple = (u16, u8, Option<usize>, bool);

fn sq(name: &str) -> Square {
    Square::parse(name, RankStyle::FromOne).unwrap()
}

/// Cuarenta's Q7 and (for the Cuarenta board) Q8, as hooks.
#[derive(Debug)]
struct PawnsNeverTakePawns {
    white_waits: bool,
}

impl Hooks for PawnsNeverTakePawns {
    fn may_capture(&self, mover: &Piece, victim: &Piece) -> bool {
        !(mover.kind == PieceKind::Pawn && victim.kind == PieceKind::Pawn)
    }

    fn may_castle(&self, seat: Seat, _castling: usize, rights: u8) -> bool {
        // White (castling 0) waits until Black (castling 1) has castled or
        // lost the right.
        !(self.white_waits && seat == Seat::First && rights & 2 != 0)
    }
}

/// The 10x10 game's hooks.
#[derive(Debug)]
struct HorsesSpareKings;

impl Hooks for HorsesSpareKings {
    fn may_capture(&self, mover: &Piece, victim: &Piece) -> bool {
        !matches!((mover.letter, victim.letter), ('H', 'K') | ('C', 'C'))
    }
}

/// One castling (also the variant files' tests' chess castlings).
pub(crate) fn castle(
    seat: Seat,
    letter: char,
    notation: &str,
    king: [&str; 2],
    partner: [&str; 2],
    partners: &[char],
    safety: CastlingSafety,
) -> CastlingSpec {
    CastlingSpec {
        seat,
        letter,
        notation: notation.to_string(),
        king_from: sq(king[0]),
        king_to: sq(king[1]),
        partner_from: sq(partner[0]),
        partner_to: sq(partner[1]),
        partners: partners.to_vec(),
        safety,
    }
}

fn with_hands(mut v: Variant) -> Variant {
    v.hands = Some(Hands {
        captures_to_hand: true,
        demote: true,
        pawn_first_ranks: 1,
        pawn_last_ranks: 1,
    });
    let (board, rest) = v.start.split_once(' ').unwrap();
    v.start = format!("{board}[] {rest}");
    v
}

fn grand_fairy() -> Arc<RuleSet> {
    RuleSet::with_hooks(grand_fairy_variant(), Arc::new(HorsesSpareKings)).unwrap()
}

fn grand_fairy_variant() -> Variant {
    let holes = ["e5", "f5", "e6", "f6"].map(sq);
    let p = |name: &str, l: char, b: &str, k: PieceKind| PieceSpec::new(name, l, b, k);
    Variant {
        name: "Grand fairy".to_string(),
        description: None,
        geometry: Geometry::with_holes(10, 10, RankStyle::FromOne, &holes).unwrap(),
        pieces: vec![
            p("Pawn", 'P', "fmWfcFifmR3", PieceKind::Pawn),
            p("King", 'K', "K", PieceKind::Royal),
            p("Rook", 'R', "R", PieceKind::Piece),
            p("Cannon", 'C', "mRcpR", PieceKind::Piece),
            p("Horse", 'H', "nN", PieceKind::Piece),
            p("Gryffon", 'G', "FyafsF", PieceKind::Piece),
            p("Nightrider", 'N', "NN", PieceKind::Piece),
            p("Vao", 'V', "mBcpB", PieceKind::Piece),
            p("Archbishop", 'A', "BN", PieceKind::Piece),
            p("Dabbaba rider", 'D', "DD", PieceKind::Piece),
        ],
        start: "rcdvaknghr/pppppppppp/10/10/4**4/4**4/10/10/PPPPPPPPPP/RHGNKAVDCR w KQkq - 0 1"
            .to_string(),
        win: WinCondition::Checkmate,
        promotion: Promotion {
            zones: vec![
                PromotionZone {
                    ranks: 2,
                    choices: vec!['H', 'C'],
                },
                PromotionZone {
                    ranks: 1,
                    choices: vec!['A', 'R', 'N'],
                },
            ],
            compulsory: false,
        },
        castling: vec![
            castle(
                Seat::First,
                'K',
                "O-O",
                ["e1", "f1"],
                ["f1", "e1"],
                &['A'],
                CastlingSafety::Destination,
            ),
            castle(
                Seat::First,
                'Q',
                "O-O-O",
                ["e1", "c1"],
                ["a1", "d1"],
                &['R'],
                CastlingSafety::Path,
            ),
            castle(
                Seat::Second,
                'k',
                "O-O",
                ["f10", "e10"],
                ["e10", "f10"],
                &['A'],
                CastlingSafety::Destination,
            ),
            castle(
                Seat::Second,
                'q',
                "O-O-O",
                ["f10", "h10"],
                ["j10", "g10"],
                &['R'],
                CastlingSafety::Path,
            ),
        ],
        en_passant: true,
        draws: DrawRules {
            quiet_limit: Some(100),
            pawn_moves_reset: true,
            promotions_reset: true,
            repetition: Some(3),
            en_passant_identity: EnPassantIdentity::WhenCapturable,
            stalemate: StalemateRule::Loss,
            bare_royals: true,
            dead_material: DeadMaterial::default(),
        },
        san_pawn_letter: false,
        en_passant_field: true,
        move_examples: None,
        hands: None,
    }
}

fn big_capture() -> Arc<RuleSet> {
    let p = |name: &str, l: char, b: &str, k: PieceKind| PieceSpec::new(name, l, b, k);
    let v = Variant {
        name: "Big capture".to_string(),
        description: None,
        geometry: Geometry::new(12, 12, RankStyle::FromOne).unwrap(),
        pieces: vec![
            p("Pawn", 'P', "fmWfcFifmnD", PieceKind::Pawn),
            p("King", 'K', "K", PieceKind::Royal),
            p("Queen", 'Q', "Q", PieceKind::Piece),
            p("Nightrider", 'N', "NN", PieceKind::Piece),
            p("Cannon", 'C', "mRcpR", PieceKind::Piece),
            p("Gryffon", 'G', "FyafsF", PieceKind::Piece),
            p("Horse", 'H', "nN", PieceKind::Piece),
            p("Bishop", 'B', "B", PieceKind::Piece),
            p("Rook", 'R', "R", PieceKind::Piece),
            p("Jumper", 'J', "WimfR2", PieceKind::Piece),
        ],
        start:
            "rnbqhkgcjbnr/pppppppppppp/12/12/12/12/12/12/12/12/PPPPPPPPPPPP/RNBJCGKHQBNR w - - 0 1"
                .to_string(),
        win: WinCondition::CaptureRoyal,
        promotion: Promotion {
            zones: vec![PromotionZone {
                ranks: 1,
                choices: vec!['Q', 'C', 'G'],
            }],
            compulsory: true,
        },
        castling: Vec::new(),
        en_passant: true,
        draws: DrawRules {
            quiet_limit: None,
            pawn_moves_reset: true,
            promotions_reset: true,
            repetition: None,
            en_passant_identity: EnPassantIdentity::WhenCapturable,
            stalemate: StalemateRule::Win,
            bare_royals: false,
            dead_material: DeadMaterial::default(),
        },
        san_pawn_letter: false,
        en_passant_field: true,
        move_examples: None,
        hands: None,
    };
    RuleSet::new(v).unwrap()
}

/// Cuarenta's rules on the core, the Frog reduced to its plain `D` move.
fn cuarenta_board() -> Arc<RuleSet> {
    let p = |name: &str, l: char, b: &str, k: PieceKind| PieceSpec::new(name, l, b, k);
    let v = Variant {
        name: "Cuarenta".to_string(),
        description: None,
        geometry: Geometry::checkered(9, 9, RankStyle::FromOne, Parity::Odd).unwrap(),
        pieces: vec![
            p("King", 'K', "FmvD", PieceKind::Royal),
            p("Bishop", 'B', "B", PieceKind::Piece),
            p("Camel", 'C', "C", PieceKind::Piece),
            p("Guard", 'G', "FA", PieceKind::Piece),
            p("Vao", 'V', "mBcpB", PieceKind::Piece),
            p("Frog", 'F', "D", PieceKind::Piece),
            p("Pawn", 'P', "fFsD", PieceKind::Pawn),
        ],
        start: format!("{} - 0 1", &cuarenta::START[..cuarenta::START.len() - 4]),
        win: WinCondition::Checkmate,
        promotion: Promotion {
            zones: vec![
                PromotionZone {
                    ranks: 3,
                    choices: vec!['C'],
                },
                PromotionZone {
                    ranks: 1,
                    choices: vec!['C', 'F', 'G', 'V', 'B'],
                },
            ],
            compulsory: false,
        },
        castling: vec![
            castle(
                Seat::First,
                'C',
                "O-O",
                ["e2", "h1"],
                ["h1", "e2"],
                &['C'],
                CastlingSafety::Destination,
            ),
            castle(
                Seat::Second,
                'c',
                "O-O",
                ["e8", "b9"],
                ["b9", "e8"],
                &['C'],
                CastlingSafety::Destination,
            ),
        ],
        en_passant: false,
        draws: DrawRules {
            quiet_limit: Some(80),
            pawn_moves_reset: false,
            promotions_reset: true,
            repetition: Some(3),
            en_passant_identity: EnPassantIdentity::WhenCapturable,
            stalemate: StalemateRule::Draw,
            bare_royals: true,
            dead_material: DeadMaterial::default(),
        },
        san_pawn_letter: true,
        en_passant_field: true,
        move_examples: None,
        hands: None,
    };
    RuleSet::with_hooks(v, Arc::new(PawnsNeverTakePawns { white_waits: true })).unwrap()
}

/// The reference's pseudo-legal moves of the side to move (no castling),
/// from the move tables, square by square.
fn reference<S: SquareSet>(p: &Position<S>) -> BTreeSet<Tuple> {
    let rules = p.rules().clone();
    let t = p.tables().clone();
    let me = p.side_to_move();
    let style = rules.style();
    let _ = style;
    let mut out = BTreeSet::new();
    let ep: Vec<Square> = p.en_passant().iter().map(|i| t.square(i)).collect();
    let victim = p.en_passant_victim().and_then(|v| p.at_index(v));
    for from in rules.geometry.squares().iter() {
        let Some((seat, kind)) = p.at(from) else {
            continue;
        };
        if seat != me {
            continue;
        }
        let piece = &rules.pieces[kind];
        let pawn = piece.kind == PieceKind::Pawn;
        let unmoved = p.unmoved().contains(t.dense(from).unwrap());
        let empty = |s: Square| p.at(s).is_none();
        let enemy = |s: Square| {
            p.at(s)
                .is_some_and(|(o, v)| o != me && rules.hooks.may_capture(piece, &rules.pieces[v]))
        };
        let ep_ok = pawn
            && rules.en_passant
            && victim
                .is_some_and(|(o, v)| o != me && rules.hooks.may_capture(piece, &rules.pieces[v]));
        let mut targets: Vec<(Square, bool)> = Vec::new();
        let moves = piece.tables[me.index()].from(from);
        for l in &moves.leaps {
            if (l.initial && !unmoved) || !l.via.iter().all(|&v| empty(v)) {
                continue;
            }
            if empty(l.to) {
                if l.mode.can_move() {
                    targets.push((l.to, false));
                }
                if l.mode.can_capture() && ep_ok && ep.contains(&l.to) {
                    targets.push((l.to, true));
                }
            } else if l.mode.can_capture() && enemy(l.to) {
                targets.push((l.to, false));
            }
        }
        for r in &moves.rays {
            if (r.initial && !unmoved) || !r.via.iter().all(|&v| empty(v)) {
                continue;
            }
            match r.kind {
                RayKind::Slide => {
                    for &s in &r.squares {
                        if empty(s) {
                            if r.mode.can_move() {
                                targets.push((s, false));
                            }
                            if r.mode.can_capture() && ep_ok && ep.contains(&s) {
                                targets.push((s, true));
                                break;
                            }
                        } else {
                            if r.mode.can_capture() && enemy(s) {
                                targets.push((s, false));
                            }
                            break;
                        }
                    }
                }
                RayKind::Hop => {
                    let mut screen = false;
                    for &s in &r.squares {
                        if !screen {
                            screen = !empty(s);
                            continue;
                        }
                        if empty(s) {
                            if r.mode.can_move() {
                                targets.push((s, false));
                            }
                        } else {
                            if r.mode.can_capture() && enemy(s) {
                                targets.push((s, false));
                            }
                            break;
                        }
                    }
                }
            }
        }
        for (to, is_ep) in targets {
            let mut choices: Vec<usize> = Vec::new();
            if pawn {
                let depth = match me {
                    Seat::First => rules.geometry.ranks() - to.rank(),
                    Seat::Second => to.rank() + 1,
                };
                for z in &rules.zones {
                    if depth <= z.ranks {
                        for &c in &z.choices {
                            if !choices.contains(&c) {
                                choices.push(c);
                            }
                        }
                    }
                }
            }
            if choices.is_empty() || !rules.promotion_compulsory {
                out.insert((u16::from(from.0), to.0, None, is_ep));
            }
            for c in choices {
                out.insert((u16::from(from.0), to.0, Some(c), is_ep));
            }
        }
    }
    // Drops: any empty square, pawns not on the banned ranks.
    if let Some(h) = &rules.hands {
        let ranks = rules.geometry.ranks();
        for (k, piece) in rules.pieces.iter().enumerate() {
            if p.in_hand(me, k) == 0 {
                continue;
            }
            for to in rules.geometry.squares().iter() {
                let from_own = match me {
                    Seat::First => to.rank(),
                    Seat::Second => ranks - 1 - to.rank(),
                };
                let banned = piece.kind == PieceKind::Pawn
                    && (from_own < h.pawn_first_ranks || ranks - from_own <= h.pawn_last_ranks);
                if p.at(to).is_none() && !banned && rules.hooks.may_drop(me, piece, to) {
                    out.insert((1000 + k as u16, to.0, None, false));
                }
            }
        }
    }
    out
}

fn tuple<S: SquareSet>(p: &Position<S>, m: Move) -> Tuple {
    let t = p.tables();
    if let Some(k) = m.dropped() {
        return (1000 + k as u16, t.square(m.to_index()).0, None, false);
    }
    (
        u16::from(t.square(m.from_index()).0),
        t.square(m.to_index()).0,
        m.promotion(),
        m.is_en_passant(),
    )
}

/// Whether `seat`'s royal can be taken by the other side's reference moves
/// (the other side to move).
fn royal_exposed<S: SquareSet>(p: &Position<S>, seat: Seat) -> bool {
    let rules = p.rules();
    let royal = rules
        .geometry
        .squares()
        .iter()
        .find(|&s| matches!(p.at(s), Some((o, k)) if o == seat && rules.pieces[k].kind == PieceKind::Royal));
    let Some(royal) = royal else {
        return false;
    };
    reference(p).iter().any(|m| m.1 == royal.0)
}

/// Every check at one position; returns its legal moves.
fn check_position<S: SquareSet>(p: &Position<S>, notation: bool) -> Vec<Move> {
    let mut legal = Vec::new();
    p.generate(&mut legal);
    let text = p.position_text();
    assert_eq!(p.count(), legal.len() as u64, "{text}");
    assert_eq!(p.has_legal_move(), !legal.is_empty(), "{text}");
    assert_eq!(
        p.check_and_move(),
        (p.in_check(), !legal.is_empty()),
        "{text}"
    );
    assert_eq!(p.zobrist(), p.compute_hash(), "{text}");
    // The search's pass (null move) keeps the hash exact too.
    if p.end().is_none() {
        let passed = p.passed();
        assert_eq!(passed.zobrist(), passed.compute_hash(), "{text} passed");
        assert_eq!(passed.side_to_move(), p.side_to_move().other());
    }
    let again = Position::from_text(p.tables(), &text).unwrap();
    assert_eq!(again.position_text(), text);
    // The position string does not say which pieces have moved: a piece
    // with first-move-only moves back on its start square reads as unmoved
    // (never a pawn, which cannot go back).
    let extra = again.unmoved() & !p.unmoved();
    assert!(p.unmoved() & !again.unmoved() == S::EMPTY, "{text}");
    for i in extra.iter() {
        let (_, k) = p.at_index(i).unwrap();
        assert_ne!(p.rules().pieces[k].kind, PieceKind::Pawn, "{text}");
    }
    if extra == S::EMPTY {
        assert_eq!(again.zobrist(), p.zobrist(), "{text}");
    }
    // Quiescence's moves: the legal captures and promotions, in the
    // order of the legal moves, nothing else but a pawn's plain move
    // into its promotion zone (where it may stay a pawn).
    let mut tactical = Vec::new();
    p.generate_tactical(&mut tactical);
    let me = p.side_to_move();
    let captures = |m: &Move| {
        m.castling().is_none()
            && m.dropped().is_none()
            && (m.is_en_passant() || p.at_index(m.to_index()).is_some_and(|(s, _)| s != me))
    };
    let mut rest = tactical.iter().peekable();
    for m in &legal {
        if rest.peek() == Some(&m) {
            rest.next();
        } else {
            assert!(
                !captures(m) && m.promotion().is_none(),
                "{text}: {m:?} missing from the tactical moves {tactical:?}"
            );
        }
    }
    assert!(
        rest.next().is_none(),
        "{text}: not a subsequence: {tactical:?}"
    );
    for m in &tactical {
        let pawn = p
            .at_index(m.from_index())
            .is_some_and(|(_, k)| p.rules().pieces[k].kind == PieceKind::Pawn);
        assert!(
            captures(m) || m.promotion().is_some() || pawn,
            "{text}: {m:?} is not tactical"
        );
    }
    if p.end().is_some() {
        assert!(legal.is_empty());
        return legal;
    }
    let pseudo = p.pseudo_legal();
    let pseudo_set: BTreeSet<Tuple> = pseudo
        .iter()
        .filter(|m| m.castling().is_none())
        .map(|&m| tuple(p, m))
        .collect();
    let want = reference(p);
    assert_eq!(pseudo_set, want, "pseudo-legal moves of {text}");
    let safety = p.rules().win == WinCondition::Checkmate;
    let mut expected = BTreeSet::new();
    for &m in &pseudo {
        if m.castling().is_some() {
            continue;
        }
        let mut after = p.clone();
        after.play_move(m);
        if !safety || !royal_exposed(&after, me) {
            expected.insert(tuple(p, m));
        }
    }
    let mut got = BTreeSet::new();
    for &m in &legal {
        if m.castling().is_some() {
            let mut after = p.clone();
            after.play_move(m);
            assert!(
                !safety || !royal_exposed(&after, me),
                "castling into check: {text}"
            );
            continue;
        }
        got.insert(tuple(p, m));
    }
    assert_eq!(got, expected, "legal moves of {text}");
    if notation {
        for &m in &legal {
            let written = p.move_text(m);
            assert_eq!(p.parse_move(&written), Ok(m), "{written} in {text}");
        }
    }
    legal
}

/// Random playouts from `start`: `games` games of up to `plies` plies.
/// Returns how many positions were checked and how many moves of each
/// sort were seen (captures, en passant, castling, promotions).
fn playouts<S: SquareSet>(start: &Position<S>, seed: u64, games: u32, plies: u32) -> [u32; 5] {
    let mut rng = SeededRng::new(seed);
    let mut seen = [0u32; 5];
    for g in 0..games {
        let mut p = start.clone();
        for ply in 0..plies {
            let legal = check_position(&p, (g + ply) % 7 == 0);
            seen[0] += 1;
            if legal.is_empty() {
                assert!(p.outcome().is_some());
                break;
            }
            let m = legal[rng.below(legal.len() as u64) as usize];
            if p.at_index(m.to_index()).is_some() && m.castling().is_none() {
                seen[1] += 1;
            }
            seen[2] += u32::from(m.is_en_passant());
            seen[3] += u32::from(m.castling().is_some());
            seen[4] += u32::from(m.promotion().is_some());
            p.play(m).unwrap();
        }
    }
    seen
}

#[test]
fn chess_agrees_with_the_reference() {
    let start: Position<u64> = Position::start(&Arc::new(Tables::new(chess()).unwrap()));
    let seen = playouts(&start, 1, 40, 160);
    assert!(seen[0] > 2_000 && seen[1] > 100, "{seen:?}");
}

#[test]
fn kiwipete_agrees_with_the_reference() {
    let t = Arc::new(Tables::<u64>::new(chess()).unwrap());
    let start = Position::from_text(
        &t,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    )
    .unwrap();
    let seen = playouts(&start, 2, 40, 40);
    assert!(seen[3] > 0 && seen[4] > 0, "{seen:?}");
}

#[test]
fn a_fairy_game_with_holes_agrees_with_the_reference() {
    let rules = grand_fairy();
    let t = Arc::new(Tables::<u128>::new(rules).unwrap());
    let start = Position::start(&t);
    let seen = playouts(&start, 3, 30, 200);
    assert!(seen[0] > 2_000 && seen[1] > 200, "{seen:?}");
    // The triple step: en passant on either crossed square.
    let p = Position::from_text(
        &t,
        "rcdvaknghr/ppp1pppppp/10/10/4**4/3p**4/10/10/PPPPPPPPPP/RHGNKAVDCR w KQkq - 0 1",
    )
    .unwrap();
    let mut p2 = p.clone();
    p2.play(p.parse_move("c5").unwrap()).unwrap();
    assert_eq!(p2.en_passant().count(), 2);
    let text = p2.position_text();
    assert!(text.contains(" c3c4 "), "{text}");
    let dxc4 = p2.parse_move("dxc4").unwrap();
    assert!(dxc4.is_en_passant());
    check_position(&p2, true);
    // Promotion is optional in the zones: on the last rank a pawn may
    // become what both zones offer, on the one before only H or C.
    let q = Position::from_text(&t, "2c1k5/1P8/6P3/10/4**4/4**4/10/10/3H6/4K5 w - - 0 1").unwrap();
    let texts: Vec<String> = {
        let mut v = Vec::new();
        q.generate(&mut v);
        v.iter().map(|&m| q.move_text(m)).collect()
    };
    for want in ["b10", "b10=A", "b10=H", "bxc10=N", "bxc10", "g9", "g9=C"] {
        assert!(texts.iter().any(|s| s == want), "{want} in {texts:?}");
    }
    assert_eq!(texts.iter().filter(|s| s.starts_with("b10")).count(), 6);
    assert!(matches!(
        q.parse_move("g9=A"),
        Err(deckmate_rules::MoveError::CannotPromote { .. })
    ));
    check_position(&q, true);
    // A Horse does not check.
    let h = Position::from_text(&t, "10/10/10/10/4**4/4**4/10/4k5/10/3H1K4 b - - 0 1").unwrap();
    assert!(!h.in_check());
    assert!(h.parse_move("Kd2").is_ok() && h.parse_move("Ke1").is_err());
    check_position(&h, true);
}

#[test]
fn crazyhouse_agrees_with_the_reference() {
    let rules = RuleSet::new(with_hands(chess_variant().unwrap())).unwrap();
    let start: Position<u64> = Position::start(&Arc::new(Tables::new(rules).unwrap()));
    let seen = playouts(&start, 7, 24, 120);
    assert!(seen[0] > 1_500 && seen[1] > 200, "{seen:?}");
    // A drop blocks a check, but a pawn is not dropped on its first rank.
    let p = Position::from_text(start.tables(), "4k3/8/8/8/8/8/8/r3K3[Pn] w - - 0 1").unwrap();
    let mut moves = Vec::new();
    p.generate(&mut moves);
    let texts: Vec<String> = moves.iter().map(|&m| p.move_text(m)).collect();
    assert!(!texts.contains(&"P@b1".to_string()), "{texts:?}");
    assert!(texts.contains(&"Ke2".to_string()), "{texts:?}");
    check_position(&p, true);
    let q = Position::from_text(start.tables(), "4k3/8/8/8/8/8/8/r3K3[Nn] w - - 0 1").unwrap();
    let mut moves = Vec::new();
    q.generate(&mut moves);
    let texts: Vec<String> = moves.iter().map(|&m| q.move_text(m)).collect();
    for want in ["N@b1", "N@c1", "N@d1"] {
        assert!(texts.contains(&want.to_string()), "{want} in {texts:?}");
    }
    assert!(!texts.contains(&"N@e4".to_string()), "{texts:?}");
    assert!(matches!(
        q.parse_move("N@e4"),
        Err(deckmate_rules::MoveError::KingInCheck { in_check: true, .. })
    ));
    assert!(q.parse_move("Q@b1").is_err());
    check_position(&q, true);
}

#[test]
fn a_fairy_game_with_hands_agrees_with_the_reference() {
    let rules = RuleSet::with_hooks(
        with_hands(grand_fairy_variant()),
        Arc::new(HorsesSpareKings),
    )
    .unwrap();
    let t = Arc::new(Tables::<u128>::new(rules).unwrap());
    let seen = playouts(&Position::start(&t), 8, 16, 160);
    assert!(seen[0] > 1_500 && seen[1] > 200, "{seen:?}");
}

#[test]
fn a_big_capture_the_king_game_agrees_with_the_reference() {
    let t = Arc::new(Tables::<Set256>::new(big_capture()).unwrap());
    let start = Position::start(&t);
    let mut rng = SeededRng::new(4);
    let mut ended = 0;
    for _ in 0..12 {
        let mut p = start.clone();
        for _ in 0..300 {
            let legal = check_position(&p, false);
            if legal.is_empty() {
                ended += 1;
                let o = p.outcome().unwrap();
                assert!(o.winner.is_some(), "{}", o.reason);
                break;
            }
            p.play(legal[rng.below(legal.len() as u64) as usize])
                .unwrap();
        }
    }
    assert!(ended > 0);
}

#[test]
fn cuarenta_without_frog_jumps_agrees_with_the_reference() {
    let t = Arc::new(Tables::<u64>::new(cuarenta_board()).unwrap());
    let start = Position::start(&t);
    // Cuarenta's 22 less the Frogs' line jumps over their neighbours.
    assert_eq!(start.count(), 16);
    let seen = playouts(&start, 5, 30, 160);
    assert!(seen[0] > 2_000, "{seen:?}");
}

#[test]
fn rule_sets_refuse_what_they_cannot_play() {
    let mut v = deckmate_games::fairy::chess_variant().unwrap();
    v.pieces[1].betza = "NY".to_string();
    let err = RuleSet::new(v).unwrap_err();
    assert!(err.to_string().contains("Knight's movement 'NY'"), "{err}");
    let mut v = deckmate_games::fairy::chess_variant().unwrap();
    v.pieces[2].letter = 'N';
    assert!(RuleSet::new(v)
        .unwrap_err()
        .to_string()
        .contains("share the letter N"));
    let mut v = deckmate_games::fairy::chess_variant().unwrap();
    v.start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1".to_string();
    assert!(RuleSet::new(v)
        .unwrap_err()
        .to_string()
        .starts_with("the start position: rank 1"));
    let mut v = deckmate_games::fairy::chess_variant().unwrap();
    v.promotion.zones[0].choices.push('K');
    assert!(RuleSet::new(v).is_err());
    let big = big_capture();
    assert!(Tables::<u64>::new(big.clone()).is_err());
    assert!(Tables::<u128>::new(big).is_err());
}
