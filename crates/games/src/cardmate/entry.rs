//! Cardmate's registry entry and its hook into the shells' generic
//! [`BoardPlay`](crate::registry::BoardPlay): a 10x10 board of cards.

use super::rules_text::MOVE_HELP;
use super::tools::CardmateTools;
use super::{parse_quiet_limit, parse_switch, record, record::GameSpec, Move};
use super::{Options as RuleOptions, PalaceRule, Position, SetupKind, KEY, RULES};
use crate::registry::Options;
use crate::registry::{board_game, board_replayed, spec_hooks, stored_game};
use crate::registry::{read_record, GameError, ReplayFailure, Replayed, SearchEngine};
use crate::registry::{BoardHook, BoxedGame, GameEntry, OptionError, OptionKind, OptionSpec};
use deckmate_rules::{MoveError, Seat};
use serde_json::{Map, Value};

const OPTIONS: &[OptionSpec] = &[
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

/// Cardmate's registry entry.
pub static ENTRY: GameEntry = GameEntry {
    key: KEY,
    name: "Cardmate",
    summary: "Cardmate (Ivan Derzhanski): 10x10, the cards of a suited pack",
    seats: ["forehand", "rearhand"],
    seat_names: ["Forehand", "Rearhand"],
    options: OPTIONS,
    rules: RULES,
    move_help: MOVE_HELP,
    replay: replay_record,
    create,
    from_spec: stored_game::<Cardmate>,
    tools: Some(&super::tools::TOOLS),
    view_keys: &[
        crate::registry::ViewKey {
            key: "compulsory",
            kind: "boolean",
            meaning: "whether the seat to move must capture (the whist-like rule)",
        },
        crate::registry::ViewKey {
            key: "setup",
            kind: "string",
            meaning: "the setup played: predefined, suits, ranks or deal",
        },
    ],
    ..GameEntry::DEFAULTS
};

/// Replays a record: a file of bare moves is a game from the predefined
/// setup.
fn replay_record(_: &'static GameEntry, text: &str) -> Result<Replayed, ReplayFailure> {
    let r = record::replay(&read_record(text)?)?;
    let start = format!("setup {}, seed {}", r.spec.setup, r.spec.seed);
    board_replayed::<Cardmate, _>(r.spec.clone(), r, &start)
}

/// The spec of a game from options (the rules' defaults for those not
/// given) and a seed.
pub fn spec_from(options: &Options, seed: u64) -> Result<GameSpec, String> {
    read_spec(options, seed).map_err(|e| e.to_string())
}

/// [`spec_from`] with the typed error, which names the option.
pub(super) fn read_spec(o: &Options, seed: u64) -> Result<GameSpec, OptionError> {
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

fn create(_: &'static GameEntry, options: &Options, seed: u64) -> Result<BoxedGame, GameError> {
    board_game::<Cardmate>(read_spec(options, seed)?)
}

/// Cardmate's hook into [`BoardPlay`](crate::registry::BoardPlay).
pub struct Cardmate;

impl BoardHook for Cardmate {
    type Position = Position;
    type Spec = GameSpec;

    spec_hooks!(ENTRY, record);

    fn over(_: &Position) -> MoveError {
        MoveError::GameOver { end: None }
    }

    fn move_fields(_pos: &Position, m: Move, legal: &[Move]) -> Map<String, Value> {
        super::view::move_fields(m, legal)
    }

    fn view(
        spec: &GameSpec,
        pos: &Position,
        moves: &[Move],
        _you: Option<Seat>,
        live: bool,
    ) -> Map<String, Value> {
        super::view::view(spec, pos, moves, live)
    }

    const ENGINE: Option<&'static dyn SearchEngine<Position>> = Some(&CardmateTools);
}
