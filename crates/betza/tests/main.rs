//! The integration tests of deckmate-betza, one binary (linking one test binary per file cost minutes).

mod common;
mod betza_properties;
mod cardmate;
mod cuarenta;
mod dealers_catalogue;
mod errors;
mod limits;
mod semantics;
