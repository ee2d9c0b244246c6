//! Perft speed of Cardmate from the predefined start position.
//!
//! `cargo bench -p deckmate-games --bench perft` reports the time per perft;
//! leaves per second = the node count (asserted here) / that time.

#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use deckmate_games::cardmate::{start_position, Options, SetupKind};
use deckmate_rules::perft;

fn cardmate_perft(c: &mut Criterion) {
    let start = start_position(SetupKind::Predefined, 0, Options::default());
    let mut group = c.benchmark_group("cardmate");
    group.sample_size(10);
    for (depth, nodes) in [(3u32, perft(&start, 3)), (4, perft(&start, 4))] {
        assert!(nodes > 0);
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("perft{depth}"), |b| {
            b.iter(|| assert_eq!(perft(&start, depth), nodes))
        });
    }
    group.finish();
}

criterion_group!(benches, cardmate_perft);
criterion_main!(benches);
