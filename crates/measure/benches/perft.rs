//! Perft speed of Cardmate and Cuarenta from their start positions.
//!
//! `cargo bench -p deckmate-measure --bench perft` reports the time per perft
//! and, as throughput, the leaves per second (the node count, asserted
//! here, over that time). `-- cuarenta` runs Cuarenta's only.

#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use deckmate_games::cardmate::{start_position, Options, SetupKind};
use deckmate_games::cuarenta;
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

fn cuarenta_perft(c: &mut Criterion) {
    let start = cuarenta::start_position();
    let mut group = c.benchmark_group("cuarenta");
    group.sample_size(10);
    // Depths 4 and 5 from the start (304 665 and 7 629 823 leaves, both in
    // the perft table from the Python reference).
    for (depth, nodes) in [(4u32, perft(&start, 4)), (5, perft(&start, 5))] {
        assert!(nodes > 0);
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("perft{depth}"), |b| {
            b.iter(|| assert_eq!(perft(&start, depth), nodes))
        });
    }
    group.finish();
}

criterion_group!(benches, cardmate_perft, cuarenta_perft);
criterion_main!(benches);
