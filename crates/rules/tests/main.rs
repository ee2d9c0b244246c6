//! The integration tests of deckmate-rules, one binary (linking one test binary per file cost minutes).

mod secret_setup;
