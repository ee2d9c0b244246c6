//! `deckmate replay` for Chess Cards records: one game, or a match of two
//! (the file [`write_match`](deckmate_games::chess_cards::notation::write_match)
//! writes). Pure: text in, the report out.

use super::replay::Report;
use deckmate_games::chess_cards::{notation, Finish, Match, MatchResult};
use deckmate_rules::Record;
use serde_json::json;

fn finish_text(game_no: usize, f: Option<Finish>) -> String {
    f.map_or("goes on".into(), |f| {
        f.describe(|seat| format!("player {}", Match::player(game_no, seat) + 1))
    })
}

/// Replays a Chess Cards record or match and reports it.
pub fn report(text: &str, json_out: bool) -> Report {
    let fail = |message: String, game: usize, ply: usize| {
        super::replay::fail_json(
            json_out,
            json!({ "error": message, "game": game, "ply": ply }),
            message,
        )
    };
    let records = match Record::parse_all(text) {
        Ok(r) => r,
        Err(e) => return fail(format!("cannot read the record: {e}"), 0, 0),
    };
    let m = match notation::replay_match(&records) {
        Ok(m) => m,
        Err((game, e)) => return fail(format!("game {game}: {e}"), game, e.play),
    };
    let plies: usize = m.games.iter().map(|g| g.plays.len()).sum();
    let [a, b] = m.totals();
    // A file of one game reports that game; a file of two, the match.
    let single = records.len() == 1;
    let result = if single {
        match m.games[0].finish {
            Some(Finish::Mate {
                by: deckmate_rules::Seat::First,
                ..
            }) => "1-0",
            Some(Finish::Mate { .. }) => "0-1",
            Some(Finish::Draw) => "1/2-1/2",
            None => "*",
        }
    } else {
        match m.result() {
            Some(MatchResult::Won(0)) => "1-0",
            Some(MatchResult::Won(_)) => "0-1",
            Some(MatchResult::Drawn) => "1/2-1/2",
            None => "*",
        }
    };
    let finishes: Vec<String> = m
        .games
        .iter()
        .enumerate()
        .map(|(i, g)| finish_text(i + 1, g.finish))
        .collect();
    let stdout = if json_out {
        format!(
            "{}\n",
            json!({
                "result": result,
                "reason": if single {
                    m.games[0].finish.map(|f| finish_text(1, Some(f)))
                } else {
                    m.is_over().then(|| format!("match totals {a} to {b}"))
                },
                "plies": plies,
                "games": finishes,
                "totals": [a, b],
            })
        )
    } else {
        let mut s = format!(
            "Chess Cards: player 1 dealt {}, player 2 {}\n",
            m.dealer, m.other
        );
        for (i, f) in finishes.iter().enumerate() {
            s.push_str(&format!(
                "Game {}: {} plays, all legal; {f}\n",
                i + 1,
                m.games[i].plays.len()
            ));
        }
        s.push_str(&format!("Totals: player 1 {a}, player 2 {b}\n"));
        s.push_str(&match m.result() {
            Some(MatchResult::Won(p)) => {
                format!("Result: {result} (player {} wins the match)\n", p + 1)
            }
            Some(MatchResult::Drawn) => format!("Result: {result} (equal totals)\n"),
            None => "Result: * (the match goes on)\n".into(),
        });
        s
    };
    Report {
        stdout,
        stderr: String::new(),
        code: 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "[Variant \"Chess Cards\"]\n[Dealer \"bQ rQ yQ wQ rR yR wR yB wN bP\"]\n\
[Other \"bR bB rB wB bN rN yN rP yP wP\"]\n\n\
1. yR (yP)yN 2. wQ wB 3. rQ rP 4. (wR)yB rB 5. rN (yQ)rR 6. (wN)bP bB\n\
7. bR bQ 8. bQ bN 9. bQ#! 1-0\n";

    #[test]
    fn the_sample_game_replays_to_242() {
        let r = report(SAMPLE, true);
        assert_eq!(r.code, 0, "{}", r.stdout);
        let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap_or_default();
        assert_eq!(v["totals"][0], 242);
        assert_eq!(v["result"], "1-0");
        assert_eq!(v["plies"], 17);
        let r = report(SAMPLE, false);
        assert!(
            r.stdout
                .contains("player 1 mates with bQ on move 9, multiplier 11: 242"),
            "{}",
            r.stdout
        );
    }

    #[test]
    fn a_bad_play_names_the_game_and_play() {
        let bad = SAMPLE.replace("3. rQ rP", "3. rQ wP");
        let r = report(&bad, true);
        assert_eq!(r.code, 1);
        let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap_or_default();
        assert_eq!((v["game"].as_u64(), v["ply"].as_u64()), (Some(1), Some(6)));
        let r = report(&bad, false);
        assert!(r.stderr.contains("game 1: move 3"), "{}", r.stderr);
    }

    #[test]
    fn mangled_records_never_panic() {
        let mut rng = deckmate_rules::SeededRng::new(5);
        let base = SAMPLE.as_bytes();
        for _ in 0..2000 {
            let mut b = base.to_vec();
            for _ in 0..1 + rng.below(3) {
                let at = rng.below(b.len() as u64) as usize;
                let noise = b"()*#![]\" \nbryw QRBNP0123456789.";
                b[at] = noise[rng.below(noise.len() as u64) as usize];
            }
            if let Ok(t) = std::str::from_utf8(&b) {
                let _ = report(t, true);
                let _ = report(t, false);
            }
        }
    }
}
