//! Issue 31 item 9: every board game reads a move written as from-to
//! coordinates. In positions reached by random play, every legal move of
//! the board, written as its two squares (with the promotion or choice it
//! makes after them, and `ep` for Dealer's Chess's en passant), reads
//! back as that move or is refused as ambiguous with the move among the
//! candidates; with `-` between the squares it reads the same.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use deckmate_board::RankStyle;
use deckmate_games::cardmate::{self, Options, SetupKind};
use deckmate_games::chess52::{Chess52, Move as Move52};
use deckmate_games::dealers::notation::code_text;
use deckmate_games::dealers::record::GameSpec;
use deckmate_games::dealers::{BoardSize, DealersMove};
use deckmate_games::fairy::{chess, AnyPosition};
use deckmate_games::{cuarenta, variant_file};
use deckmate_rules::{Game, MoveError, Seat, SeededRng, ToAct};
use proptest::prelude::*;
use std::fmt::Debug;

/// Checks one move's from-to text `from` + `to` + `suffix`, and the same
/// with `-` between the squares.
fn reads_back<G: Game>(g: &G, mv: G::Move, from: &str, to: &str, suffix: &str)
where
    G::Move: Debug,
{
    let want = g.move_text(mv);
    let text = format!("{from}{to}{suffix}");
    let got = g.parse_move(&text);
    match &got {
        Ok(m) => assert_eq!(*m, mv, "{text} for {want} in {}", g.position_text()),
        Err(MoveError::Ambiguous { candidates, .. }) => assert!(
            candidates.contains(&want),
            "{text}: {candidates:?} lack {want} in {}",
            g.position_text()
        ),
        Err(e) => panic!("{text} for {want} refused: {e} in {}", g.position_text()),
    }
    let dashed = format!("{from}-{to}{suffix}");
    match (g.parse_move(&dashed), got) {
        (Ok(a), Ok(b)) => assert_eq!(a, b, "{dashed}"),
        (
            Err(MoveError::Ambiguous { candidates: a, .. }),
            Err(MoveError::Ambiguous { candidates: b, .. }),
        ) => {
            assert_eq!(a, b, "{dashed}");
        }
        (a, b) => panic!("{dashed} reads {a:?}, {text} {b:?}"),
    }
}

/// A fairy game (chess, a variant file) along `steer`'s picks, every
/// board move checked at every ply.
fn fairy_game(mut pos: AnyPosition, steer: &[u8]) {
    for &b in steer {
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let rules = pos.rules().clone();
        for &m in &moves {
            let (Some(from), to) = pos.move_squares(m) else {
                continue;
            };
            let suffix = m
                .promotion()
                .map(|k| rules.pieces[k].letter.to_ascii_lowercase().to_string())
                .unwrap_or_default();
            reads_back(
                &pos,
                m,
                &rules.square_name(from),
                &rules.square_name(to),
                &suffix,
            );
        }
        pos.play_unchecked(moves[b as usize % moves.len()]);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(6))]

    /// Chess and a variant file (fairy pieces, a 10x10 board).
    #[test]
    fn fairy_from_to_reads_back(steer in prop::collection::vec(any::<u8>(), 0..40)) {
        fairy_game(AnyPosition::new_game(&chess()), &steer);
        let court = variant_file::rule_set(include_str!("../../../variants/fairy-court.toml")).unwrap();
        fairy_game(AnyPosition::new_game(&court), &steer);
    }

    /// Cuarenta.
    #[test]
    fn cuarenta_from_to_reads_back(steer in prop::collection::vec(any::<u8>(), 0..60)) {
        let mut p = cuarenta::start_position();
        for &b in &steer {
            let mut moves = Vec::new();
            p.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let t = p.core().tables().clone();
            for &m in &moves {
                let c = m.core();
                let suffix = c
                    .promotion()
                    .map(|k| format!("={}", t.rules().pieces[k].letter))
                    .unwrap_or_default();
                reads_back(&p, m, &t.name(c.from_index()), &t.name(c.to_index()), &suffix);
            }
            p.play_unchecked(moves[b as usize % moves.len()]);
        }
    }

    /// 52Chess: teleports and plain moves between the same squares.
    #[test]
    fn chess52_from_to_reads_back(seed in any::<u64>()) {
        let mut p = Chess52::start();
        let mut rng = SeededRng::new(seed);
        for _ in 0..40 {
            if p.to_act() != ToAct::Chance {
                break;
            }
            let draw = p.sample_chance(&mut rng).unwrap();
            p.play(draw).unwrap();
            let mut moves = Vec::new();
            p.legal_moves(&mut moves);
            let t = p.core().tables().clone();
            for &m in &moves {
                let Move52::Play(c) = m else { continue };
                if c.is_pass() {
                    continue;
                }
                let suffix = c
                    .promotion()
                    .map(|k| t.rules().pieces[k].letter.to_ascii_lowercase().to_string())
                    .unwrap_or_default();
                reads_back(&p, m, &t.name(c.from_index()), &t.name(c.to_index()), &suffix);
            }
            p.play(moves[rng.below(moves.len() as u64) as usize]).unwrap();
        }
    }

    /// Cardmate, from every kind of setup.
    #[test]
    fn cardmate_from_to_reads_back(seed in any::<u64>(), kind in 0usize..4) {
        let kind = [SetupKind::Predefined, SetupKind::Suits, SetupKind::Ranks, SetupKind::Deal][kind];
        let mut p = cardmate::start_position(kind, seed, Options::default());
        let mut rng = SeededRng::new(seed);
        for _ in 0..60 {
            let mut moves = Vec::new();
            p.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            for &m in &moves {
                let name = |s: deckmate_board::Square| s.name(RankStyle::FromZero).to_string();
                reads_back(&p, m, &name(m.from), &name(m.to), if m.promote { "=A" } else { "" });
            }
            p.play_unchecked(moves[rng.below(moves.len() as u64) as usize]);
        }
    }

    /// Dealer's Chess on both boards, after random arrangements.
    #[test]
    fn dealers_from_to_reads_back(seed in 0u64..1_000_000, ten in any::<bool>()) {
        let size = if ten { BoardSize::Ten } else { BoardSize::Eight };
        let spec = GameSpec { seed, size, ..GameSpec::default() };
        let mut g = spec.start_game().unwrap();
        for seat in Seat::BOTH {
            let a = g.table().random(seat).unwrap();
            let m = g.arrange_move(seat, &a).unwrap();
            g.play(m).unwrap();
        }
        let mut rng = SeededRng::new(seed);
        for _ in 0..50 {
            let p = g.position().unwrap().clone();
            if p.end_state().is_some() {
                break;
            }
            let mut legal = Vec::new();
            p.legal_moves(&mut legal);
            if legal.is_empty() {
                break;
            }
            let r = p.rules().clone();
            for &m in &legal {
                if m.is_castling() || m.is_choice() || m.drawn().is_some() {
                    continue;
                }
                let mut suffix = String::new();
                if let Some(k) = m.promotion() {
                    suffix.push('=');
                    suffix.push_str(&code_text(&r.kinds[usize::from(k)].card.code));
                    if m.from_shared() {
                        suffix.push_str("(shared)");
                    }
                }
                if m.is_en_passant() {
                    suffix.push_str("ep");
                }
                reads_back(&p, m, &r.square_name(m.from()), &r.square_name(m.to()), &suffix);
            }
            let m = legal[rng.below(legal.len() as u64) as usize];
            g.play(DealersMove::Play(m)).unwrap();
        }
    }
}
