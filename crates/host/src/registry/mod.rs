//! The host API of the games: what a game is to the shells (its entry, a
//! game being played, its engine tools). Each game is described once, by
//! its entry in its own module; every shell (the `deckmate` command, the
//! server, the engine tools) finds games in `deckmate_games::list::GAMES` and
//! nowhere else.
//!
//! An entry ([`GameEntry`]) holds the game's key and names, seats, typed
//! options ([`OptionSpec`]), rules text, how to start a game from options
//! and a seed and how to rebuild one from its stored spec, and, for board
//! games, the engine tools. A game being played is a [`PlayedGame`]: moves as text, views
//! as JSON, records as text.
//!
//! Adding a game: write its module with a `static ENTRY: GameEntry` and
//! list it in `deckmate_games::list::GAMES`.
//!
//! Games made at runtime (a variant file, `deckmate_games::variant_game`) are
//! entries too: each is built once, leaked to `&'static` (a process makes
//! a bounded number of them: one per file read), and carries its rules in
//! [`GameEntry::variant_file`]. The shells look them up in a
//! `deckmate_games::list::Catalog`
//! (the built-in games plus the ones they loaded), never in a global
//! that changes.

mod analysis;
mod board;
mod capabilities;
mod coordinates;
mod error;
mod glue;
mod kept;
mod options;
mod replay;
mod session;
mod solver;
pub mod terminal;
mod tools;
mod view_keys;

pub use analysis::{
    search_lines, share_of_first, AnalysisLine, AnalysisReport, AnalysisRequest, AnalysisSink,
    AnalysisStart, MAX_LINES,
};
pub use board::{spec_hooks, BoardHook, BoardPlay, SearchEngine};
pub use capabilities::{
    Canvas, Capabilities, CardDeck, CardInfo, Colour, PieceGuide, ReferenceCards,
};
pub use coordinates::{
    coordinate_line, coordinate_moves, coordinate_of_text, coordinates_of, copy_game, game_text,
    play_token, CoordinateMove, CARD_PREFIX, PASS,
};
pub use error::GameError;
pub use glue::{
    as_text, board_game, board_record, board_replayed, fixed_player, game_result, match_game,
    match_game_seed, match_player, reseeded, spec_from_stored, stored_game, stored_spec, unseeded,
    untimed_player,
};
pub use kept::{keeping, with_kept, KeptSearcher, DEFAULT_TABLE_MB, SPARE_TABLE_MB};
pub use options::{OptionError, OptionKind, OptionSpec, Options};
pub use replay::{read_record, ReplayFailure, Replayed};
pub use session::{
    engine_takes_draw, pair_lines, BoxedGame, CheckedMove, EngineJob, MoveLine, PlayedGame,
    RecordInfo, Settlement, SettlementReason, STALE_DAYS,
};
pub use solver::{DealSet, DealsReport, DealsRequest, ExactSolver, PositionRequest, Solution};
pub use tools::{
    mean_outcome_score, BenchCase, BenchLine, EngineHook, EngineTools, GameResult, GivenError,
    Limits, MatchScore, MatchSettings, OutcomeAnalysis, PerftCount, PlayerSpec, Study,
    StudyAnalysis, StudyError, StudyReport, Tools,
};
pub use view_keys::{ViewKey, COMMON_VIEW_KEYS};

use serde_json::{json, Value};
use std::any::Any;
use std::sync::Arc;

/// The rules of a game made at run time from a file (a variant file), as
/// its entry holds them: the host reads the file's name; the game's own
/// functions take their rules back by [`RuntimeRules::into_any`].
pub trait RuntimeRules: Send + Sync {
    /// The file's name (no directories), as records' `[VariantFile]` tag
    /// gives it.
    fn file(&self) -> &str;
    /// The rules themselves, for the game's functions to downcast.
    fn into_any(self: Arc<Self>) -> Arc<dyn Any + Send + Sync>;
}

/// A game deckmate plays: its registry entry.
pub struct GameEntry {
    /// Stable key on the command line, in the API and in the database
    /// (`"cardmate"`).
    pub key: &'static str,
    /// The name shown and written in records' `[Variant]` tag.
    pub name: &'static str,
    /// Other names a record's `[Variant]` tag may give (`"MATE"`).
    pub aliases: &'static [&'static str],
    /// One line: the inventor and what the game is.
    pub summary: &'static str,
    /// The seats' keys in requests and responses, first seat first
    /// (`["forehand", "rearhand"]`).
    pub seats: [&'static str; 2],
    /// The seats' names shown (`["Forehand", "Rearhand"]`).
    pub seat_names: [&'static str; 2],
    /// The options taken at the start.
    pub options: &'static [OptionSpec],
    /// The rules as deckmate plays them.
    pub rules: &'static str,
    /// How a move is typed, with examples: the start of the terminal's
    /// `help`.
    pub move_help: &'static str,
    /// Replays a record's text, checking every move: the final position,
    /// the result and what `deckmate replay` prints, or the first bad move
    /// (its number, side and why). The entry itself is passed (see
    /// [`GameEntry::variant_file`]); call it as [`GameEntry::replay_text`].
    pub replay: fn(game: &'static GameEntry, text: &str) -> Result<Replayed, ReplayFailure>,
    /// A new game from options and a seed; the error
    /// ([`GameError::Options`]) says which option is wrong. Call it as
    /// [`GameEntry::new_game`].
    pub create:
        fn(game: &'static GameEntry, options: &Options, seed: u64) -> Result<BoxedGame, GameError>,
    /// A game at its start from a stored spec ([`PlayedGame::spec`]); the
    /// error is a [`GameError::Spec`]. Call it as
    /// [`GameEntry::game_from_spec`].
    pub from_spec: fn(game: &'static GameEntry, spec: &Value) -> Result<BoxedGame, GameError>,
    /// The engine tools (perft, analysis, bench, matches) of a board
    /// game; `None` for a game without them (Chess Cards).
    pub tools: Option<&'static dyn EngineTools>,
    /// What else the game offers (reference cards, an exact solver):
    /// the shells reach it only here.
    pub capabilities: Capabilities,
    /// The keys of its views beyond [`COMMON_VIEW_KEYS`], each with its
    /// type and meaning (published in the server's schema).
    pub view_keys: &'static [ViewKey],
    /// Whether a game's seed decides draws during play (52Chess's cards),
    /// so that the host chooses it and keeps it secret (a game's
    /// [`PlayedGame::seed_is_secret`]; a test holds the two together).
    pub secret_seed: bool,
    /// The variant file of a game made at runtime (its rules, file name
    /// and digest); `None` for the built-in games. The entry's functions
    /// get the entry, so they read the rules here.
    pub variant_file: Option<Arc<dyn RuntimeRules>>,
}

impl GameEntry {
    /// What most entries share, for the rest of a `static` entry
    /// (`..GameEntry::DEFAULTS`): seats White and Black, no aliases,
    /// options, engine tools, capabilities, view keys of its own, secret
    /// seed or variant file; its functions refuse (an entry gives its own).
    pub const DEFAULTS: GameEntry = GameEntry {
        key: "",
        name: "",
        aliases: &[],
        summary: "",
        seats: ["white", "black"],
        seat_names: ["White", "Black"],
        options: &[],
        rules: "",
        move_help: "",
        replay: |_, _| Err(ReplayFailure::at(0, "no replay".to_string())),
        create: |_, _, _| Err(GameError::Options("no game".to_string())),
        from_spec: |_, _| Err(GameError::Spec("no game".to_string())),
        tools: None,
        capabilities: Capabilities::NONE,
        view_keys: &[],
        secret_seed: false,
        variant_file: None,
    };

    /// The entry as `GET /api/variants` lists it (a variant file's game
    /// adds `variant_file`, the file's name).
    pub fn describe(&self) -> Value {
        let mut v = self.describe_common();
        if let Some(f) = &self.variant_file {
            v["variant_file"] = json!(f.file());
        }
        v
    }

    fn describe_common(&self) -> Value {
        json!({
            "key": self.key,
            "name": self.name,
            "summary": self.summary,
            "seats": self.seats,
            "seat_names": self.seat_names,
            "options": self.options.iter().map(|o| json!({
                "name": o.name,
                "values": o.values,
                "default": o.default,
                "help": o.help,
                "ruling": o.ruling,
                "kind": o.kind.key(),
            })).collect::<Vec<_>>(),
            "rules": format!("/api/rules/{}", self.key),
            "secret_seed": self.secret_seed,
        })
    }

    /// A seat from its key.
    pub fn seat(&self, key: &str) -> Option<deckmate_rules::Seat> {
        deckmate_rules::Seat::BOTH
            .into_iter()
            .find(|s| self.seats[s.index()] == key)
    }

    /// A new game from options and a seed (the entry's `create`); the
    /// game's refusal is a [`GameError::Options`].
    pub fn new_game(&'static self, options: &Options, seed: u64) -> Result<BoxedGame, GameError> {
        (self.create)(self, options, seed)
    }

    /// A game at its start from a stored spec (the entry's `from_spec`);
    /// the game's refusal is a [`GameError::Spec`].
    pub fn game_from_spec(&'static self, spec: &Value) -> Result<BoxedGame, GameError> {
        (self.from_spec)(self, spec)
    }

    /// Replays a record's text (the entry's `replay`).
    pub fn replay_text(&'static self, text: &str) -> Result<Replayed, ReplayFailure> {
        (self.replay)(self, text)
    }

    /// Rebuilds a game from its stored spec and move texts. In a game
    /// where chance acts, the game draws by itself from its seed: the
    /// texts may hold those draws (a history) or leave them out (the
    /// seats' moves alone); a draw written that is not the seed's is
    /// refused.
    pub fn rebuild(&'static self, spec: &Value, moves: &[String]) -> Result<BoxedGame, GameError> {
        let mut g = self.game_from_spec(spec)?;
        // The first ply of the history no text has stood for yet.
        let mut next = 0;
        for (i, text) in moves.iter().enumerate() {
            if next < g.history().len() && g.is_chance_ply(next) {
                if g.history()[next] == text.trim() {
                    next += 1;
                    continue;
                }
                // A seat's move: past chance's draws before it.
                while next < g.history().len() && g.is_chance_ply(next) {
                    next += 1;
                }
            }
            g.play(text).map_err(|error| GameError::Move {
                number: i + 1,
                text: text.clone(),
                error: Box::new(error),
            })?;
            next += 1;
        }
        Ok(g)
    }
}

/// A name as tags are compared: lower case, without spaces, hyphens and
/// underscores.
/// Whether two names name the same game: case, spaces, `-` and `_`
/// aside (`Dealer's Chess`, `dealer's-chess`).
pub fn same_name(a: &str, b: &str) -> bool {
    norm(a) == norm(b)
}

fn norm(s: &str) -> String {
    s.chars()
        .filter(|c| !c.is_whitespace() && *c != '-' && *c != '_')
        .flat_map(char::to_lowercase)
        .collect()
}

impl GameEntry {
    /// Whether a record's `[Variant]` tag `value` names this game (its key,
    /// name or an alias, in any case, with or without spaces, hyphens and
    /// underscores): what `deckmate_games::list::from_tag` looks for.
    pub fn answers_to(&self, value: &str) -> bool {
        let v = norm(value);
        !v.is_empty()
            && (norm(self.key) == v
                || norm(self.name) == v
                || self.aliases.iter().any(|a| norm(a) == v))
    }
}
