//! How long parsing and compiling an XBetza text takes as the text grows
//! (issue 29 item 1): a piece whose move repeats one atom n times, and the
//! largest texts the limits allow.
//!
//! ```text
//! cargo run --release -p deckmate-measure --bin compile_time
//! ```

use deckmate_betza::{compile_str, Facing};
use deckmate_board::{Geometry, RankStyle};
use std::time::Instant;

fn time(label: &str, text: &str, board: &Geometry) {
    let start = Instant::now();
    let result = compile_str(text, board, Facing::Up);
    let ms = start.elapsed().as_secs_f64() * 1000.0;
    let what = match result {
        Ok(t) => format!(
            "compiled, {} entries",
            t.squares
                .iter()
                .map(|s| s.leaps.len() + s.rays.len())
                .sum::<usize>()
        ),
        Err(e) => format!("refused: {e}"),
    };
    println!("{label:<34} {:>6} bytes {ms:>10.2} ms  {what}", text.len());
}

fn main() {
    let chess = Geometry::new(8, 8, RankStyle::FromOne).expect("8x8");
    let big = Geometry::new(16, 16, RankStyle::FromOne).expect("16x16");
    for atom in ["Q", "W", "N"] {
        for n in [1, 4, 16, 250, 500, 1000, 2000, 5000] {
            time(&format!("{atom} x {n} (8x8)"), &atom.repeat(n), &chess);
        }
    }
    // Distinct clauses up to the limits, on the largest board: riders of
    // every range, hoppers and their modes.
    let riders: String = (2..=15).map(|n| format!("R{n}")).collect();
    time("R2..R15 (16x16)", &riders, &big);
    let modes: String = (2..=15).map(|n| format!("mB{n}")).collect();
    time("mB2..mB15 (16x16)", &modes, &big);
    let hoppers: String = (2..=15).map(|n| format!("pR{n}")).collect();
    time("pR2..pR15 (16x16)", &hoppers, &big);
    let mixed = "QNCZ(4,1)(4,3)mpRcpBimfnDFyafsFWyafsWfrblyaflFmfWcfF";
    time("a mixed piece (16x16)", mixed, &big);
    // 16 then 32 distinct clauses (the limit) that share destinations: the
    // time should about double, not quadruple.
    let sixteen = format!("{riders}mRcR");
    let thirty_two = format!("{sixteen}{}mBcB", riders.replace('R', "B"));
    time("16 distinct riders (16x16)", &sixteen, &big);
    time("32 distinct riders (16x16)", &thirty_two, &big);
    let hop16 = format!("{hoppers}mpRcpR");
    let hop32 = format!("{hop16}{}", hoppers.replace('R', "B"));
    time("16 distinct hoppers (16x16)", &hop16, &big);
    time("30 distinct hoppers (16x16)", &hop32, &big);
}
