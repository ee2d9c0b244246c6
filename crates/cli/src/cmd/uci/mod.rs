//! `deckmate uci [--variants DIR]`: the UCI protocol for every board game
//! and every variant file, for GUIs, match runners and python-chess. Moves
//! are the host's coordinate notation (`e2e4`, `e7e8q`, `P@e4`, `0000`,
//! `card:7H`; the game's own notation is read too); the game is the
//! option `UCI_Variant`. See README's "UCI".

mod command;
mod engine;

pub use command::Start;
pub use engine::UciEngine;

/// Reads `position`'s words after the word itself (`startpos moves
/// e2e4`): where it starts and the moves.
pub fn read_position(words: &str) -> Result<(Start, Vec<String>), String> {
    match command::UciCommand::read(&format!("position {words}"))? {
        command::UciCommand::Position { start, moves } => Ok((start, moves)),
        _ => Err("not a position".to_string()),
    }
}

use crate::cmd::terminal::{read_line, Line, LINE_MAX};
use crate::protocol::Out;
use clap::Args;
use std::io::BufRead;
use std::process::ExitCode;

/// Arguments of `deckmate uci`.
#[derive(Args)]
#[command(after_help = "Examples:\n  deckmate uci\n  \
deckmate uci --variants variants     (adds `chess`, `fairy-court`: UCI_Variant)\n\n\
Then, on standard input:\n  uci\n  setoption name UCI_Variant value cuarenta\n  \
position startpos moves e2e3\n  go movetime 500\n\n\
Chess Cards has no board and is not offered.")]
pub struct UciArgs {
    /// Offer the variant files (*.toml) of this folder too, by key.
    #[arg(long, value_name = "DIR")]
    variants: Option<String>,
}

/// Runs the protocol on standard input and output until `quit` or the
/// end of the input.
pub fn run(args: UciArgs) -> Result<ExitCode, String> {
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    serve(
        &mut input,
        crate::protocol::stdout(),
        args.variants.as_deref(),
    );
    Ok(ExitCode::SUCCESS)
}

/// The protocol over `input` and `out`.
pub fn serve(input: &mut dyn BufRead, out: Out, variants: Option<&str>) {
    let mut engine = UciEngine::new(out.clone(), variants);
    loop {
        let line = match read_line(input, LINE_MAX) {
            Ok(Line::Text(t)) => t,
            Ok(Line::NotText) => {
                out("info string error: a line that is not UTF-8 text, ignored");
                continue;
            }
            Ok(Line::TooLong) => {
                out(&format!(
                    "info string error: a line longer than {LINE_MAX} bytes, ignored"
                ));
                continue;
            }
            Ok(Line::End) | Err(_) => break,
        };
        if !engine.handle(&line) {
            break;
        }
    }
    engine.quit();
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::sync::{Arc, Mutex};

    /// An engine whose lines go to a vector.
    fn engine() -> (UciEngine, Arc<Mutex<Vec<String>>>) {
        let lines: Arc<Mutex<Vec<String>>> = Arc::default();
        let sink = lines.clone();
        let out: Out = Arc::new(move |l: &str| sink.lock().unwrap().push(l.to_string()));
        (UciEngine::new(out, None), lines)
    }

    const WORDS: &[&str] = &[
        "uci",
        "isready",
        "ucinewgame",
        "position",
        "startpos",
        "fen",
        "moves",
        "go",
        "depth",
        "nodes",
        "movetime",
        "wtime",
        "btime",
        "winc",
        "binc",
        "movestogo",
        "infinite",
        "stop",
        "setoption",
        "name",
        "value",
        "UCI_Variant",
        "MultiPV",
        "Skill",
        "Level",
        "cuarenta",
        "cardmate",
        "52chess",
        "dealers",
        "chess-cards",
        "e2e3",
        "a0b1",
        "card:7H",
        "0000",
        "random",
        "-1",
        "0",
        "1",
        "2",
        "99999999999999999999999",
        "ponderhit",
        "debug",
    ];

    fn line() -> impl Strategy<Value = String> {
        prop_oneof![
            prop::collection::vec(prop::sample::select(WORDS), 0..8).prop_map(|w| w.join(" ")),
            "\\PC{0,40}",
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]
        /// Random lines never panic or hang the engine: `isready` is
        /// always answered after them, and a search started is stopped.
        #[test]
        fn random_protocol_lines_are_safe(lines in prop::collection::vec(line(), 1..12)) {
            let (mut e, out) = engine();
            for l in &lines {
                // No search runs for long: a bounded one at most.
                let l = l.replace("infinite", "depth 1").replace("go", "go nodes 500");
                if !e.handle(&l) {
                    break;
                }
            }
            e.handle("stop");
            e.handle("isready");
            e.quit();
            let said = out.lock().unwrap();
            prop_assert!(said.iter().any(|l| l == "readyok"));
        }
    }

    /// Waits until `n` lines `bestmove` have been said.
    fn best_moves(out: &Arc<Mutex<Vec<String>>>, n: usize) -> Vec<String> {
        let t0 = std::time::Instant::now();
        loop {
            let said = out.lock().unwrap().clone();
            let best: Vec<String> = said
                .into_iter()
                .filter(|l| l.starts_with("bestmove"))
                .collect();
            if best.len() >= n || t0.elapsed() > std::time::Duration::from_secs(60) {
                return best;
            }
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
    }

    /// The table is made at `isready` (of the size `Hash` says), not at
    /// each `go`: a `go` finds it made, so its time is the search's. A
    /// 256 MB table takes a while to make (it is written through); the
    /// `go movetime 20` after it answers well within its time plus the
    /// protocol's margin.
    #[test]
    // The measure is printed (`--nocapture` shows it).
    #[allow(clippy::print_stdout)]
    fn the_table_is_made_before_the_go_and_kept() {
        let (mut e, out) = engine();
        e.handle("setoption name Hash value 256");
        let t0 = std::time::Instant::now();
        e.handle("isready");
        let made_in = t0.elapsed();
        assert_eq!(e.tables_made(), 1);
        let mut worst = std::time::Duration::ZERO;
        for n in 1..=5 {
            e.handle("position startpos");
            let t = std::time::Instant::now();
            e.handle("go movetime 20");
            assert_eq!(best_moves(&out, n).len(), n);
            worst = worst.max(t.elapsed());
        }
        println!(
            "256 MB table made at isready in {} ms; the slowest go movetime 20 answered in {} ms",
            made_in.as_millis(),
            worst.as_millis()
        );
        // Kept: no table made by the searches.
        assert_eq!(e.tables_made(), 1);
        assert!(worst < std::time::Duration::from_millis(500), "{worst:?}");
        // A new game keeps the table; a new size makes one.
        e.handle("ucinewgame");
        assert_eq!(e.tables_made(), 1);
        e.handle("setoption name Hash value 8");
        assert_eq!(e.tables_made(), 1, "a new place, its one table");
        e.quit();
    }

    /// `go movetime` gives the move a time of its own: the search goes on
    /// until it runs out (nothing carries over to the next move), where a
    /// clock's share stops starting iterations after half of it. Chess
    /// from five positions at 300 ms: each answer comes at the end of
    /// the time (less the protocol's margin), never after a completed
    /// iteration that left much of it unused.
    #[test]
    fn a_fixed_time_a_move_is_used_to_its_end() {
        let (mut e, out) = engine();
        e.handle("isready");
        let lines = [
            "",
            " moves e2e4 e7e5 g1f3",
            " moves d2d4 d7d5 c2c4 e7e6 b1c3",
            " moves e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6",
            " moves c2c4 e7e5 b1c3 g8f6 g2g3 d7d5 c4d5 f6d5",
        ];
        for (n, moves) in lines.iter().enumerate() {
            e.handle(&format!("position startpos{moves}"));
            let t = std::time::Instant::now();
            e.handle("go movetime 300");
            assert_eq!(best_moves(&out, n + 1).len(), n + 1);
            let took = t.elapsed();
            assert!(
                took >= std::time::Duration::from_millis(280),
                "answered after {took:?} of 300 ms"
            );
        }
        e.quit();
    }

    #[test]
    fn errors_are_info_strings() {
        let (mut e, out) = engine();
        e.handle("position startpos moves zz");
        e.handle("go wtime x");
        let said = out.lock().unwrap();
        assert_eq!(said.len(), 2, "{said:?}");
        assert!(said.iter().all(|l| l.starts_with("info string error: ")));
    }
}
