//! `deckmate match --engine "CMD" [--engine "CMD2"]`: matches between
//! deckmate and any UCI engine, or two outside engines, at any game both
//! play (`UCI_Variant`): alternating seats over each opening, clocks with
//! an increment, adjudication, the records as one PGN file, the score
//! with its Elo estimate and margin, and an SPRT that stops the match
//! once it decides. deckmate itself plays as `deckmate uci` (this very
//! program), so every player is a UCI engine and the runner one loop.

pub mod duel;
pub mod elo;
pub mod openings;
pub mod uci_client;

use duel::{Adjudication, TimeControl};
use elo::{elo_with_margin, Pairs, Sample, Sprt, Tally, Verdict};
use openings::Opening;
use uci_client::UciClient;

use deckmate_games::registry::GameEntry;
use deckmate_rules::{Seat, SeededRng};
use std::io::Write;

/// What an engine match is asked for.
pub struct EngineMatch {
    /// The game.
    pub game: &'static GameEntry,
    /// The commands of the engines A and B.
    pub commands: [String; 2],
    /// Options for A and B (`NAME`, `VALUE`).
    pub options: [Vec<(String, String)>; 2],
    /// Games to play at most.
    pub games: u32,
    /// The clocks.
    pub tc: TimeControl,
    /// The openings (each played twice, seats swapped); empty: random
    /// plies from the start.
    pub openings: Vec<Opening>,
    /// Random plies of an opening made up.
    pub random_plies: u32,
    /// Only made-up starts that deckmate's engine scores within this many
    /// hundredths of even ([`openings::judge`]); `None`: any start.
    pub balance: Option<i32>,
    /// The seed of the deals and random openings.
    pub seed: u64,
    /// Adjudication.
    pub adjudication: Adjudication,
    /// Stop early by this test.
    pub sprt: Option<Sprt>,
    /// Where the records go.
    pub pgn: String,
}

/// deckmate's own engine, as a command: this program's `uci`.
pub fn own_engine(
    variants: Option<&str>,
    level: Option<u8>,
) -> Result<(String, Vec<(String, String)>), String> {
    let exe = std::env::current_exe().map_err(|e| format!("cannot find this program: {e}"))?;
    let exe = exe.to_str().ok_or("this program's path is not text")?;
    let mut cmd = format!("'{}' uci", exe.replace('\'', r"'\''"));
    if let Some(dir) = variants {
        cmd.push_str(&format!(" --variants '{}'", dir.replace('\'', r"'\''")));
    }
    let options = level
        .map(|l| vec![("Skill Level".to_string(), l.to_string())])
        .unwrap_or_default();
    Ok((cmd, options))
}

/// Starts an engine for game `key`: checks it plays it, sets its
/// `UCI_Variant`, seed and `options`, and waits until it is ready.
pub(crate) fn start_engine(
    command: &str,
    options: &[(String, String)],
    key: &str,
    seed: u64,
) -> Result<UciClient, String> {
    let mut e = UciClient::start(command)?;
    if !e.plays(key) {
        return Err(format!(
            "{} does not play {key} (its UCI_Variant: {})",
            e.name,
            if e.variants.is_empty() {
                "none, so chess only".to_string()
            } else {
                e.variants.join(", ")
            }
        ));
    }
    if e.options.iter().any(|o| o == "UCI_Variant") {
        e.set_option("UCI_Variant", key)?;
    }
    tell_seed(&mut e, seed)?;
    for (n, v) in options {
        if !e.options.iter().any(|o| o.eq_ignore_ascii_case(n)) {
            return Err(format!("{} has no option '{n}'", e.name));
        }
        e.set_option(n, v)?;
    }
    e.ready()?;
    Ok(e)
}

/// Where the stream of the pairs' seeds starts, apart from the openings'.
const PAIR_SEEDS: u64 = 0x5eed_0f9a_125e_ed00;

/// The seed of pair `k` (its two games) when the openings are made up:
/// the match's own for the first pair, then one drawn from `stream` (in
/// the range engines' `Seed` options take).
fn pair_seed(seed: u64, k: usize, stream: &mut SeededRng) -> u64 {
    if k == 0 {
        seed
    } else {
        stream.below(1 << 31)
    }
}

/// A pair's made-up start.
struct MadeUp {
    /// The pair's seed (its deal, its cards).
    seed: u64,
    /// Random plies from the start of that seed's game.
    opening: Opening,
    /// How many starts were drawn for it (1 without `--balance`).
    drawn: u32,
    /// Whether it is within the balance asked (always without one).
    even: bool,
}

/// Pair `k`'s start when the openings are made up: random plies from the
/// start of the pair's seed's game. Under `--balance`, the start is
/// carried on by random plies until it can be judged
/// ([`openings::judged`]: in Dealer's Chess, until both armies stand),
/// and a start that cannot be judged or that
/// deckmate's engine scores further from even than asked is drawn again,
/// each time with the next seed of `stream`, at most
/// [`openings::BALANCE_TRIES`] times (the last one drawn is played): the
/// same starts on every run of the same `--seed`.
fn made_up(
    m: &EngineMatch,
    k: usize,
    stream: &mut SeededRng,
    rng: &mut SeededRng,
) -> Result<MadeUp, String> {
    let mut seed = pair_seed(m.seed, k, stream);
    let mut drawn = 1;
    loop {
        let mut opening = openings::random(m.game, seed, m.random_plies, rng);
        let mut even = true;
        if let Some(bound) = m.balance {
            let (judged, score) = openings::judged(m.game, seed, opening, rng)?;
            opening = judged;
            even = score.is_some_and(|s| s.abs() <= bound);
        }
        if even || drawn >= openings::BALANCE_TRIES {
            return Ok(MadeUp {
                seed,
                opening,
                drawn,
                even,
            });
        }
        seed = stream.below(1 << 31);
        drawn += 1;
    }
}

/// Tells an engine the seed of the games to come. The seed decides the
/// start of some games (Dealer's Chess's deal, the decks of 52Chess and
/// Cardmate): an engine that takes one (as deckmate's `Seed`) plays the
/// match's game, not its own default's.
fn tell_seed(e: &mut UciClient, seed: u64) -> Result<(), String> {
    if e.options.iter().any(|o| o == "Seed") {
        e.set_option("Seed", &seed.to_string())?;
    }
    Ok(())
}

/// Runs the match, printing a line a game and the result.
pub fn run(m: &EngineMatch) -> Result<(), String> {
    let key = m.game.key;
    let mut a = start_engine(&m.commands[0], &m.options[0], key, m.seed)?;
    let mut b = start_engine(&m.commands[1], &m.options[1], key, m.seed)?;
    if a.name == b.name {
        a.name.push_str(" (A)");
        b.name.push_str(" (B)");
    }
    let mut pgn =
        std::fs::File::create(&m.pgn).map_err(|e| format!("cannot write {}: {e}", m.pgn))?;
    outln!(
        "{} vs {} at {} ({} games at most, {})",
        a.name,
        b.name,
        m.game.name,
        m.games,
        m.tc
    );
    let mut rng = SeededRng::new(m.seed);
    // Each pair's own seed, where the openings are made up: the seed
    // decides the start of some games (Dealer's Chess's deal), and one
    // start for the whole match would measure the engines on it alone.
    let mut pair_seeds = SeededRng::new(m.seed ^ PAIR_SEEDS);
    let mut game_seed = m.seed;
    let mut tally = Tally::default();
    let mut pairs = Pairs::default();
    // A's half-points in the first game of the pair under way.
    let mut first_of_pair = 0;
    let mut opening = Opening::start();
    // Under --balance: the starts drawn, and those played although none
    // of the pair's draws was near even.
    let (mut starts, mut drawn, mut uneven) = (0u32, 0u32, 0u32);
    for i in 0..m.games {
        if i % 2 == 0 {
            let k = (i / 2) as usize;
            opening = if m.openings.is_empty() {
                let start = made_up(m, k, &mut pair_seeds, &mut rng)?;
                starts += 1;
                drawn += start.drawn;
                uneven += u32::from(!start.even);
                game_seed = start.seed;
                for e in [&mut a, &mut b] {
                    tell_seed(e, game_seed)?;
                }
                start.opening
            } else {
                m.openings[k % m.openings.len()].clone()
            };
        }
        let a_first = i % 2 == 0;
        let engines = if a_first {
            [&mut a, &mut b]
        } else {
            [&mut b, &mut a]
        };
        let played = duel::play(
            m.game,
            game_seed,
            &opening,
            engines,
            m.tc,
            m.adjudication,
            &mut rng,
        )?;
        let a_seat = if a_first { Seat::First } else { Seat::Second };
        let a_points = match played.winner {
            Some(w) if w == a_seat => {
                tally.wins += 1;
                2
            }
            Some(_) => {
                tally.losses += 1;
                0
            }
            None => {
                tally.draws += 1;
                1
            }
        };
        let pair_done = i % 2 == 1;
        if pair_done {
            pairs.add(first_of_pair, a_points);
        } else {
            first_of_pair = a_points;
        }
        let _ = writeln!(pgn, "{}\n", played.record.trim_end());
        let result = match played.winner {
            Some(Seat::First) => "1-0",
            Some(Seat::Second) => "0-1",
            None => "1/2-1/2",
        };
        outln!(
            "game {:3}: A as {}: {result} {} ({} plies)  A +{} ={} -{}",
            i + 1,
            m.game.seat_names[a_seat.index()],
            played.reason,
            played.plies,
            tally.wins,
            tally.draws,
            tally.losses
        );
        // The test weighs whole pairs: each start's two games together.
        if let (Some(s), true) = (&m.sprt, pair_done) {
            let v = s.verdict(&pairs);
            if v != Verdict::Continue {
                let (lo, hi) = s.bounds();
                outln!(
                    "SPRT: {} accepted after {} games (LLR {:.2}, bounds {:.2} {:.2})",
                    if v == Verdict::H1 { "H1" } else { "H0" },
                    i + 1,
                    s.llr(&pairs),
                    lo,
                    hi
                );
                break;
            }
        }
    }
    outln!();
    if let (Some(bound), true) = (m.balance, m.openings.is_empty()) {
        outln!(
            "starts within {bound} of even by deckmate's engine: {drawn} drawn for {starts} {}{}",
            if starts == 1 { "pair" } else { "pairs" },
            if uneven > 0 {
                format!(
                    " ({uneven} played uneven after {} draws)",
                    openings::BALANCE_TRIES
                )
            } else {
                String::new()
            }
        );
    }
    outln!(
        "{}",
        summary(&a.name, &b.name, &tally, &pairs, m.sprt.as_ref())
    );
    outln!("records in {}", m.pgn);
    Ok(())
}

/// The Elo estimate with its margin, in words.
fn elo_words(t: &impl Sample) -> String {
    match elo_with_margin(t) {
        Some((e, m)) => format!("Elo {e:+.0} +- {m:.0} (95%)"),
        None => {
            let p = t.score();
            if t.games() > 0 && p > 0.0 && p < 1.0 && t.variance() <= 0.0 {
                format!(
                    "Elo {:+.0}, no margin yet (no spread: every one alike)",
                    elo::elo_of_score(p)
                )
            } else if t.games() > 0 && p > 0.0 && p < 1.0 {
                format!(
                    "Elo {:+.0}, no margin yet (the 95% interval of the score reaches 0 or 1)",
                    elo::elo_of_score(p)
                )
            } else {
                "no Elo estimate".to_string()
            }
        }
    }
}

/// The match's result: the score, the Elo estimate with its margin (by
/// games, and by pairs of games), and the SPRT's standing (by pairs).
pub fn summary(a: &str, b: &str, t: &Tally, pairs: &Pairs, sprt: Option<&Sprt>) -> String {
    let elo = match elo_with_margin(t) {
        Some(_) => elo_words(t),
        // Every game won, lost or drawn: the level matches' words (a
        // one-sided bound where the games give one).
        None if !(t.games() > 0 && t.score() > 0.0 && t.score() < 1.0) => {
            crate::cmd::matches::elo_text(&deckmate_games::registry::MatchScore {
                wins: t.wins,
                draws: t.draws,
                losses: t.losses,
                games: Vec::new(),
            })
        }
        None => elo_words(t),
    };
    let mut s = format!(
        "A ({a}) vs B ({b}): +{} ={} -{}  score {:.1}%  {elo}",
        t.wins,
        t.draws,
        t.losses,
        100.0 * t.score()
    );
    if pairs.pairs() > 0 {
        let c = pairs.counts;
        s.push_str(&format!(
            "\npairs (each start twice, seats swapped), A's points: 2: {}, 1.5: {}, 1: {} \
             ({} of them a win each with the same seat), 0.5: {}, 0: {}  {}",
            c[4],
            c[3],
            c[2],
            pairs.split,
            c[1],
            c[0],
            elo_words(pairs)
        ));
    }
    if let Some(p) = sprt {
        let (lo, hi) = p.bounds();
        s.push_str(&format!(
            "\nSPRT [{}, {}] alpha {} beta {}, by pairs: LLR {:.2} (bounds {:.2}, {:.2})",
            p.elo0,
            p.elo1,
            p.alpha,
            p.beta,
            p.llr(pairs),
            lo,
            hi
        ));
    }
    s
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use super::*;

    fn dealers_match(balance: Option<i32>) -> EngineMatch {
        EngineMatch {
            game: deckmate_games::list::find("dealers").expect("Dealer's Chess is listed"),
            commands: [String::new(), String::new()],
            options: [Vec::new(), Vec::new()],
            games: 2,
            tc: "1+0.01".parse().unwrap(),
            openings: Vec::new(),
            random_plies: 4,
            balance,
            seed: 31,
            adjudication: Adjudication {
                max_plies: 10,
                resign_cp: 1000,
                resign_moves: 4,
            },
            sprt: None,
            pgn: String::new(),
        }
    }

    /// The starts of `pairs` pairs, each with its judged score.
    fn starts(m: &EngineMatch, pairs: usize) -> Vec<(MadeUp, Option<i32>)> {
        let mut stream = SeededRng::new(m.seed ^ PAIR_SEEDS);
        let mut rng = SeededRng::new(m.seed);
        (0..pairs)
            .map(|k| {
                let s = made_up(m, k, &mut stream, &mut rng).unwrap();
                let score = openings::judged(m.game, s.seed, s.opening.clone(), &mut rng)
                    .unwrap()
                    .1;
                (s, score)
            })
            .collect()
    }

    /// `--balance`: every start played is within the bound by the judge,
    /// some starts are drawn again (random Dealer's deals are often far
    /// from even), and the same seed gives the same starts. Without it
    /// the first pair plays the match's seed, drawn once.
    #[test]
    fn balanced_starts_are_near_even_and_the_same_on_every_run() {
        let bound = 300;
        let m = dealers_match(Some(bound));
        let first = starts(&m, 3);
        let mut drawn = 0;
        for (s, score) in &first {
            assert!(s.even);
            let score = score.unwrap_or_else(|| panic!("not judged: {:?}", s.opening));
            assert!(score.abs() <= bound, "{score}");
            drawn += s.drawn;
        }
        assert!(drawn > 3, "no start was drawn again: {drawn}");
        let again = starts(&m, 3);
        for ((a, _), (b, _)) in first.iter().zip(&again) {
            assert_eq!((a.seed, &a.opening, a.drawn), (b.seed, &b.opening, b.drawn));
        }
        let plain = starts(&dealers_match(None), 3);
        assert_eq!(plain[0].0.seed, 31);
        assert!(plain.iter().all(|(s, _)| s.drawn == 1 && s.even));
        // Some start made without the bound is beyond it.
        assert!(plain
            .iter()
            .any(|(_, score)| score.is_some_and(|v| v.abs() > bound)));
    }
}
