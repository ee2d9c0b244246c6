//! What a Cardmate game is set up from ([`GameSpec`]): its options
//! ([`OPTIONS`], read by [`read_spec`]), the setup and seed or a position
//! string, and the rules options.

use super::options::{Options as RuleOptions, PalaceRule, SetupKind};
use super::{fen, parse_quiet_limit, parse_switch, setup::start_position, Position};
use crate::registry::{OptionError, OptionKind, OptionSpec, Options};
use deckmate_rules::PositionError;

/// The game's options.
pub const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        name: "setup",
        values: &["predefined", "suits", "ranks", "deal"],
        default: "predefined",
        help: "the starting position: the page's, by suits, by ranks, or dealt from the seed",
        ruling: "",
        kind: OptionKind::Choice,
    },
    OptionSpec {
        name: "palace",
        values: &["palace", "king", "off"],
        default: "palace",
        help: "the palace rule: both palace squares, the King's square only, or none",
        ruling: "V2",
        kind: OptionKind::Choice,
    },
    OptionSpec {
        name: "repetition",
        values: &["on", "off"],
        default: "on",
        help: "draw by threefold repetition",
        ruling: "V4",
        kind: OptionKind::Choice,
    },
    OptionSpec {
        name: "quiet_limit",
        values: &["100", "off"],
        default: "100",
        help: "draw after this many plies without capture or promotion",
        ruling: "V4",
        kind: OptionKind::Number,
    },
];

/// How a game starts: a setup and seed (or a position string), and the
/// rules options. Stored as `{"setup", "seed", "palace", "repetition",
/// "quiet_limit"}` and `"fen"` when there is one.
#[derive(Clone, PartialEq, Eq, Debug, Default, serde::Serialize, serde::Deserialize)]
pub struct GameSpec {
    /// The setup kind.
    #[serde(default, with = "crate::registry::as_text")]
    pub setup: SetupKind,
    /// The seed of a random setup (stored for every setup).
    #[serde(default)]
    pub seed: u64,
    /// The rules options.
    #[serde(flatten)]
    pub options: RuleOptions,
    /// A start position instead of the setup, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fen: Option<String>,
}

impl GameSpec {
    /// The starting position.
    pub fn start(&self) -> Result<Position, PositionError> {
        match &self.fen {
            Some(f) => fen::parse(f, self.options),
            None => Ok(start_position(self.setup, self.seed, self.options)),
        }
    }
}

/// The spec of a game from options (the rules' defaults for those not
/// given) and a seed; the error names the option.
pub fn read_spec(o: &Options, seed: u64) -> Result<GameSpec, OptionError> {
    let d = RuleOptions::default();
    Ok(GameSpec {
        setup: o.read_or("setup", str::parse::<SetupKind>, SetupKind::Predefined)?,
        seed,
        options: RuleOptions {
            palace: o.read_or("palace", str::parse::<PalaceRule>, d.palace)?,
            repetition: o.read_or(
                "repetition",
                |s| parse_switch("repetition", s),
                d.repetition,
            )?,
            quiet_limit: o.read_or("quiet_limit", parse_quiet_limit, d.quiet_limit)?,
        },
        fen: None,
    })
}
