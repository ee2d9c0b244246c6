//! The integration tests of deckmate-engine, one binary (linking one test binary per file cost minutes).

mod candidates;
mod chance;
mod chance_base;
mod expectimax;
mod horizon_chance;
