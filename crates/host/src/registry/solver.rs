//! The exact solver capability ([`ExactSolver`]): a game whose positions
//! can be solved exactly (Chess Cards: every deal in about a second)
//! offers it through its entry, and `deckmate solve` is its shell. The
//! game writes its reports (it knows its own words: "the dealer", "both
//! games of each match"); the shell reads the command line and prints.

use super::Options;
use serde_json::Value;
use std::path::Path;

/// A position to solve: the hands as dealt and the plays since.
#[derive(Clone, Copy, Debug)]
pub struct PositionRequest<'a> {
    /// Each seat's hand as dealt, first seat first (`"bQ rQ yQ ..."`).
    pub hands: [&'a str; 2],
    /// The plays made since, in the record notation (move numbers
    /// allowed).
    pub moves: &'a str,
    /// The game's options (how sacrifices count).
    pub options: &'a Options,
}

/// A position solved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The value for the first seat (its score minus the other's) under
    /// perfect play by both.
    pub value: i32,
    /// The best line, each play in the game's notation.
    pub line: Vec<String>,
    /// The report for a person: the value, the line and how it ends.
    pub report: String,
    /// Positions searched.
    pub nodes: u64,
}

/// Which deals to solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DealSet {
    /// `n` deals from seeds `seed`, `seed + 1`, ...
    Seeded {
        /// The first seed.
        seed: u64,
        /// How many.
        n: u64,
    },
    /// Every possible deal, or the first `limit` of them in a fixed order
    /// that makes them a fair sample.
    All {
        /// Stop after this many (`None`: all).
        limit: Option<u64>,
    },
}

/// Many deals to solve.
#[derive(Clone, Copy, Debug)]
pub struct DealsRequest<'a> {
    /// Which deals.
    pub deals: DealSet,
    /// The game's options.
    pub options: &'a Options,
    /// Threads to solve on.
    pub threads: usize,
    /// A file keeping every deal's values: deals it holds are not solved
    /// again, new ones are appended at once.
    pub values: Option<&'a Path>,
    /// Report on the deals in `values` without solving any more.
    pub summary: bool,
}

/// What solving many deals found.
#[derive(Clone, Debug, PartialEq)]
pub struct DealsReport {
    /// The figures as JSON.
    pub json: Value,
    /// The report for a person.
    pub report: String,
    /// Whether some values could not be written to the values file (the
    /// figures still stand; the command fails).
    pub write_failed: bool,
}

/// A game's exact solver (the capability).
pub trait ExactSolver: Sync {
    /// Solves a position, or says which part of the request is wrong
    /// (`--dealer: ...`, `--moves: ...`).
    fn solve(&self, request: &PositionRequest) -> Result<Solution, String>;

    /// Solves many deals, calling `progress` with the number done, or
    /// says why not (a values file of other deals).
    fn solve_deals(
        &self,
        request: &DealsRequest,
        progress: &(dyn Fn(u64) + Sync),
    ) -> Result<DealsReport, String>;

    /// How many deals `deals` is.
    fn deal_count(&self, deals: DealSet) -> u64;
}
