//! The weights by name: what a variant file's `[weights]` table and the
//! tuner ([`crate::tune`]) read and write.

use super::EvalWeights;
use std::fmt::Write as _;

/// The largest magnitude a weight may have (a variant file's check: the
/// evaluation multiplies weights by values and squares, in `i32`).
pub const MAX_WEIGHT: i32 = 10_000;

impl EvalWeights {
    /// The weights' names, as the fields and a variant file's `[weights]`
    /// table spell them, in the fields' order.
    pub const NAMES: [&'static str; 16] = [
        "mobility",
        "pawn_advance",
        "king_attacker",
        "king_zone_square",
        "tempo",
        "passed",
        "passed_advance",
        "doubled",
        "isolated",
        "centre",
        "shelter",
        "royal_rank",
        "royal_centre",
        "pair",
        "open_file",
        "half_open_file",
    ];

    /// The weight named `name` (one of [`EvalWeights::NAMES`]).
    pub fn get(&self, name: &str) -> Option<i32> {
        let mut w = self.clone();
        w.field(name).map(|f| *f)
    }

    /// Sets the weight named `name`; false (and nothing changed) for a
    /// name that is not one of [`EvalWeights::NAMES`].
    pub fn set(&mut self, name: &str, value: i32) -> bool {
        match self.field(name) {
            Some(f) => {
                *f = value;
                true
            }
            None => false,
        }
    }

    /// The weight named `name`, to change it.
    fn field(&mut self, name: &str) -> Option<&mut i32> {
        Some(match name {
            "mobility" => &mut self.mobility,
            "pawn_advance" => &mut self.pawn_advance,
            "king_attacker" => &mut self.king_attacker,
            "king_zone_square" => &mut self.king_zone_square,
            "tempo" => &mut self.tempo,
            "passed" => &mut self.passed,
            "passed_advance" => &mut self.passed_advance,
            "doubled" => &mut self.doubled,
            "isolated" => &mut self.isolated,
            "centre" => &mut self.centre,
            "shelter" => &mut self.shelter,
            "royal_rank" => &mut self.royal_rank,
            "royal_centre" => &mut self.royal_centre,
            "pair" => &mut self.pair,
            "open_file" => &mut self.open_file,
            "half_open_file" => &mut self.half_open_file,
            _ => return None,
        })
    }

    /// The weights as a variant file's `[weights]` table: the header, then
    /// one `name = value` line per weight, in [`EvalWeights::NAMES`]'
    /// order.
    ///
    /// ```
    /// use deckmate_fairy::eval::EvalWeights;
    /// let table = EvalWeights::default().to_toml();
    /// assert!(table.starts_with("[weights]\nmobility = 100\n"));
    /// ```
    pub fn to_toml(&self) -> String {
        let mut out = String::from("[weights]\n");
        for name in EvalWeights::NAMES {
            let v = self.get(name).unwrap_or(0);
            let _ = writeln!(out, "{name} = {v}");
        }
        out
    }
}
