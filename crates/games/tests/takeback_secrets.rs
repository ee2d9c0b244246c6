//! Issue 29 item 7: no sequence of takebacks lets a seat learn a secret
//! before its time. Random games of 52Chess and Dealer's Chess (its
//! standard and big-deck alternates) through the shells' interface
//! ([`PlayedGame`]), with takebacks tried at random points, as the server
//! and the terminal make them (the game rebuilt from its spec and the
//! seats' moves kept). Whatever a takeback lets through, the game after
//! it holds only what every seat had seen already (its history is a prefix
//! of the history before), and every card drawn and every secret revealed
//! is still there; so what comes after it was never seen (the seed's
//! stream goes on past every draw seen). A refused takeback would have
//! undone one of them.
#![allow(clippy::unwrap_used)]

use deckmate_games::list::find;
use deckmate_games::registry::{BoxedGame, GameEntry, Options, PlayedGame};
use deckmate_rules::{Seat, ToAct};
use proptest::prelude::*;

/// The seats' moves (what the server stores: chance's draws left out).
fn seat_moves(g: &dyn PlayedGame) -> Vec<String> {
    g.history()
        .iter()
        .enumerate()
        .filter(|&(i, _)| !g.is_chance_ply(i))
        .map(|(_, t)| t.clone())
        .collect()
}

/// Whether ply `i` is hidden from some seat now.
fn hidden_now(g: &dyn PlayedGame, i: usize) -> bool {
    Seat::BOTH
        .into_iter()
        .any(|s| g.history_seen_by(Some(s)).get(i) != g.history().get(i))
}

/// Dealer's Chess's agreed re-deals (an offer, `redeal-<seat>`, answered
/// by the other's): a new deal from the seed, which every seat saw.
fn agreed_redeals(g: &dyn PlayedGame) -> Vec<usize> {
    let mut pending = false;
    let mut agreed = Vec::new();
    for (i, t) in g.history().iter().enumerate() {
        if t.starts_with("redeal-") {
            if pending {
                agreed.push(i);
            }
            pending = !pending;
        } else if t.starts_with("keep-") {
            pending = false;
        }
    }
    agreed
}

/// The plies after which a seat knew something it could not have known
/// before: chance's draws, agreed re-deals, and the moves that showed a
/// move hidden until then (`revealing`).
fn secrets_seen(g: &dyn PlayedGame, revealing: &[bool]) -> Vec<usize> {
    let redeals = agreed_redeals(g);
    (0..g.history().len())
        .filter(|&i| g.is_chance_ply(i) || redeals.contains(&i) || revealing[i])
        .collect()
}

/// Plays one random legal move of a seat that acts (`pick` chooses).
fn play_random(g: &mut BoxedGame, pick: u32) -> bool {
    let seats: Vec<Seat> = match g.to_act() {
        ToAct::Seat(s) => vec![s],
        ToAct::Both => Seat::BOTH.to_vec(),
        _ => return false,
    };
    let seat = seats[pick as usize % seats.len()];
    let legal = g.legal_moves_of(seat);
    if legal.is_empty() {
        return false;
    }
    let text = legal[(pick / 2) as usize % legal.len()]["text"]
        .as_str()
        .unwrap()
        .to_string();
    let canonical = g.check_as(seat, &text).unwrap();
    g.play(&canonical).unwrap();
    true
}

fn run(entry: &'static GameEntry, options: &Options, seed: u64, steps: &[(bool, u32)]) {
    let mut g = entry.new_game(options, seed).unwrap();
    // Each ply: whether it is hidden from a seat now, and whether playing
    // it showed a ply hidden until then.
    let mut hidden: Vec<bool> = (0..g.history().len()).map(|i| hidden_now(&*g, i)).collect();
    let mut revealing = vec![false; hidden.len()];
    let mut taken_back = 0;
    for &(takeback, pick) in steps {
        if !takeback {
            if !play_random(&mut g, pick) {
                break;
            }
            let before = hidden.len();
            let shows = (0..before).any(|i| hidden[i] && !hidden_now(&*g, i));
            hidden = (0..g.history().len()).map(|i| hidden_now(&*g, i)).collect();
            revealing.resize(hidden.len(), false);
            if shows {
                revealing[before] = true;
            }
            continue;
        }
        let moves = seat_moves(&*g);
        let keep = pick as usize % (moves.len() + 1);
        let secrets = secrets_seen(&*g, &revealing);
        // The first ply a takeback keeping `keep` seat moves removes.
        let first_removed = (0..g.history().len())
            .filter(|&i| !g.is_chance_ply(i))
            .nth(keep);
        match g.takeback_keeping(keep) {
            Err(why) => {
                assert!(why.starts_with("no takeback here: "), "{why}");
                let cut = first_removed.unwrap();
                assert!(
                    secrets.iter().any(|&i| i >= cut),
                    "refused although nothing secret would go: {why}"
                );
            }
            Ok(()) => {
                let after = entry.rebuild(&g.spec(), &moves[..keep]).unwrap();
                let before = g.history();
                let now = after.history();
                assert!(
                    now.len() <= before.len() && before[..now.len()] == *now,
                    "{}: after a takeback the game shows what was not seen: {now:?} after {before:?}",
                    entry.key
                );
                for &i in &secrets {
                    assert!(
                        i < now.len(),
                        "{}: a takeback went back past ply {i} ({}), a draw or a secret seen: \
                         it would come again the same",
                        entry.key,
                        before[i]
                    );
                }
                revealing.truncate(now.len());
                g = after;
                hidden = (0..g.history().len()).map(|i| hidden_now(&*g, i)).collect();
                taken_back += 1;
            }
        }
    }
    let _ = taken_back;
}

fn steps() -> impl Strategy<Value = Vec<(bool, u32)>> {
    prop::collection::vec((prop::bool::weighted(0.25), any::<u32>()), 1..40)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn item_7_takebacks_in_52chess_show_no_card_before_its_time(seed in any::<u64>(), steps in steps()) {
        let e = find("52chess").unwrap();
        run(e, &Options::defaults(e.options), seed, &steps);
    }

    #[test]
    fn item_7_takebacks_in_dealers_chess_show_no_arrangement_nor_draw_before_its_time(
        seed in any::<u64>(),
        big_deck in any::<bool>(),
        steps in steps(),
    ) {
        let e = find("dealers").unwrap();
        let options = if big_deck {
            Options::parse(e.options, [("alternate", "big-deck")]).unwrap()
        } else {
            Options::defaults(e.options)
        };
        run(e, &options, seed, &steps);
    }
}

/// The refusal says the game's rule, in 52Chess at once after a move.
#[test]
fn item_7_a_52chess_move_cannot_be_taken_back_and_the_refusal_says_why() {
    let e = find("52chess").unwrap();
    let mut g = e.new_game(&Options::defaults(e.options), 3).unwrap();
    assert!(play_random(&mut g, 0));
    let why = g.takeback_keeping(0).unwrap_err();
    assert!(why.contains("a card once drawn stays drawn"), "{why}");
}

/// In Dealer's Chess a seat may take back its own arrangement before the
/// reveal, not after.
#[test]
fn item_7_dealers_arrangements_can_be_taken_back_until_revealed() {
    let e = find("dealers").unwrap();
    let mut g = e.new_game(&Options::defaults(e.options), 5).unwrap();
    let random = |g: &BoxedGame, s: Seat| {
        g.legal_moves_of(s)
            .into_iter()
            .map(|m| m["text"].as_str().unwrap().to_string())
            .find(|t| t.contains('/') || t == "random")
            .unwrap()
    };
    let first = g.check_as(Seat::First, &random(&g, Seat::First)).unwrap();
    g.play(&first).unwrap();
    assert_eq!(g.takeback_keeping(0), Ok(()), "its own arrangement, unseen");
    let second = g.check_as(Seat::Second, &random(&g, Seat::Second)).unwrap();
    g.play(&second).unwrap();
    let why = g.takeback_keeping(1).unwrap_err();
    assert!(why.contains("reveal of the arrangements"), "{why}");
}
