//! Perft divide of a Dealer's Chess position (a debugging aid):
//! `cargo run --release -p deckmate-measure --bin dealers_divide -- FEN DEPTH [stays|converts] [MOVE...]`.

use deckmate_games::dealers::{Catalogue, PlayOptions, Position, ZombieRoyal};
use deckmate_rules::{perft_divide, Game};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (Some(fen), Some(depth)) = (args.get(1), args.get(2).and_then(|d| d.parse().ok())) else {
        eprintln!("usage: dealers_divide FEN DEPTH [stays]");
        std::process::exit(2);
    };
    let options = PlayOptions {
        zombie_royal: if args.get(3).is_some_and(|a| a == "stays") {
            ZombieRoyal::Stays
        } else {
            ZombieRoyal::Converts
        },
        ..PlayOptions::default()
    };
    let pos = match Position::from_text(fen, Catalogue::builtin(), options) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let mut pos = pos;
    for text in args.iter().skip(4) {
        match pos.parse_move(text) {
            Ok(m) => pos.play_unchecked(m),
            Err(e) => {
                eprintln!("{text}: {e}");
                std::process::exit(2);
            }
        }
    }
    eprintln!("{}", pos.position_text());
    let mut lines: Vec<(String, u64)> = perft_divide(&pos, depth)
        .into_iter()
        .map(|(m, n)| (pos.move_text(m), n))
        .collect();
    lines.sort();
    let total: u64 = lines.iter().map(|l| l.1).sum();
    for (m, n) in lines {
        println!("{m} {n}");
    }
    println!("total {total}");
}
