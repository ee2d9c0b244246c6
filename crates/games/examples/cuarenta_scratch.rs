#![allow(missing_docs)]
use deckmate_games::cuarenta;
use deckmate_rules::{perft, perft_divide, Game};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let depth: u32 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(3);
    let mut p = match args.get(2) {
        Some(f) if !f.is_empty() => cuarenta::fen::parse(f).unwrap(),
        _ => cuarenta::start_position(),
    };
    if let Some(ms) = args.get(3) {
        for m in ms.split_whitespace() {
            let mv = p.parse_move(m).unwrap();
            p.play(mv).unwrap();
        }
    }
    if args.get(4).is_some() {
        let mut v: Vec<(String, u64)> = perft_divide(&p, depth)
            .into_iter()
            .map(|(m, n)| {
                let mut s = format!(
                    "{}{}",
                    m.from().name(deckmate_board::RankStyle::FromOne),
                    m.to().name(deckmate_board::RankStyle::FromOne)
                );
                if m.is_castling() {
                    s = "O-O".into();
                }
                if let Some(q) = m.promotion() {
                    s.push('=');
                    s.push(q.letter());
                }
                (s, n)
            })
            .collect();
        v.sort();
        for (m, n) in v {
            println!("{m}: {n}");
        }
    }
    for d in 1..=depth {
        println!("{d} {}", perft(&p, d));
    }
}
