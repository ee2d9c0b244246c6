//! The record reader's property, for every game whose records the rules
//! crate's `Record` reads: any text, or one near a record the game wrote,
//! reads or is refused, and a record that reads replays or is refused;
//! never a panic. Counted: enough cases must read.

use deckmate_rules::Record;
use proptest::prelude::*;

/// Runs the property for a game: `cases` texts, at least `at_least` of
/// which must read, `written` the game's own records to edit, `replay`
/// its replay (whatever it answers).
pub fn never_panics(
    name: &str,
    cases: u32,
    at_least: u32,
    written: Vec<String>,
    replay: impl Fn(&Record),
) {
    let strategy = prop_oneof!["\\PC{0,200}", crate::counted::near_one_of(written)];
    crate::counted::run(name, cases, at_least, strategy, |s: String| {
        let Ok(r) = Record::parse(&s) else {
            return Ok(false);
        };
        replay(&r);
        Ok(true)
    });
}
