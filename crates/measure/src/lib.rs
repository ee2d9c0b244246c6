//! deckmate's measuring programs: each file of `src/bin` is one, run with
//! `cargo run --release -p deckmate-measure --bin NAME -- ARGS` and
//! documented at its top; `benches/` holds the criterion benchmarks
//! (`cargo bench -p deckmate-measure`).
//!
//! They live in a crate of their own so that the test command never builds
//! them (every target here says `test = false`); clippy checks them all.
//! This library holds what the programs share: the server drivers
//! (`server`) and the Texel fit (`texel`).

pub mod server;
pub mod texel;
