//! The integration tests of deckmate-betza, one binary (linking one test binary per file cost minutes).

mod betza_properties;
mod cardmate;
mod common;
mod cuarenta;
mod dealers_catalogue;
mod errors;
mod limits;
mod semantics;
