//! Property tests that count the cases that reached their assertions.
//!
//! A property that asserts only inside `if let Ok(..) = parse(..)` passes
//! without checking anything when its generator seldom makes text that
//! parses. `run` runs such a property case by case, counts the cases the
//! property says it checked, and fails when fewer than the property's
//! minimum did (issue 30 part 8). `near` makes texts that parse often
//! enough: real texts, as they are or with one character edited.

use proptest::prelude::{any, prop, Strategy};
use proptest::test_runner::{Config, RngSeed, TestCaseError, TestError, TestRng, TestRunner};
use std::fmt::Debug;
use std::sync::atomic::{AtomicU32, Ordering};

/// Runs `test` on `cases` values of `strategy`: the test returns `Ok(true)`
/// when its input parsed and was checked, `Ok(false)` when it was only
/// refused. Panics with the (shrunk) input when a case fails or panics, and
/// when fewer than `at_least` cases were checked.
///
/// The runner's RNG is proptest's deterministic one, so the count is the
/// same on every run and the minimum cannot be flaky; `PROPTEST_RNG_SEED`
/// picks other inputs (the minimums leave a margin for that).
pub fn run<S>(
    name: &str,
    cases: u32,
    at_least: u32,
    strategy: S,
    test: impl Fn(S::Value) -> Result<bool, TestCaseError>,
) where
    S: Strategy,
    S::Value: Debug,
{
    let config = Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    };
    let mut runner = match config.rng_seed {
        RngSeed::Fixed(_) => TestRunner::new(config),
        RngSeed::Random => {
            let rng = TestRng::deterministic_rng(config.rng_algorithm);
            TestRunner::new_with_rng(config, rng)
        }
    };
    let checked = AtomicU32::new(0);
    let result = runner.run(&strategy, |value| {
        if test(value)? {
            checked.fetch_add(1, Ordering::Relaxed);
        }
        Ok(())
    });
    match result {
        Ok(()) => {}
        Err(TestError::Fail(reason, value)) => {
            panic!("{name}: {reason}\nminimal failing input: {value:#?}")
        }
        Err(TestError::Abort(reason)) => panic!("{name}: aborted: {reason}"),
    }
    let checked = checked.into_inner();
    eprintln!("{name}: {checked} of {cases} cases checked");
    assert!(
        checked >= at_least,
        "{name}: only {checked} of {cases} cases reached the assertions \
         (at least {at_least} should): the generator makes too little that parses"
    );
}

/// The texts of `base`, as they are or with one character inserted,
/// deleted or changed (an edit in three of four), the character put in
/// being mostly one of the text's own, else any character: texts near a
/// real one (a legal move's text, a position string or a record the game
/// wrote), that a parser reads or refuses on their last detail.
pub fn near(base: impl Strategy<Value = String>) -> impl Strategy<Value = String> {
    (
        base,
        0u8..4,
        any::<prop::sample::Index>(),
        any::<prop::sample::Index>(),
        prop::option::weighted(0.25, any::<char>()),
    )
        .prop_map(|(text, edit, at, from, other)| {
            let mut chars: Vec<char> = text.chars().collect();
            let put = other
                .or_else(|| (!chars.is_empty()).then(|| chars[from.index(chars.len())]))
                .unwrap_or(' ');
            match edit {
                0 => {}
                1 => chars.insert(at.index(chars.len() + 1), put),
                _ if chars.is_empty() => {}
                2 => {
                    chars.remove(at.index(chars.len()));
                }
                _ => {
                    let at = at.index(chars.len());
                    chars[at] = put;
                }
            }
            chars.into_iter().collect()
        })
}

/// `near` one of `texts` (which must not be empty).
pub fn near_one_of(texts: Vec<String>) -> impl Strategy<Value = String> {
    near(prop::sample::select(texts))
}
