//! The engine tools of a board game, as the shells see them
//! ([`EngineTools`], reached through [`GameEntry::tools`]): a position to
//! study ([`Study`]: perft, perft by first move, the end, an analysis),
//! the bench and matches between players. They are written once, in
//! [`Tools`], over a small per-game hook ([`EngineHook`]: the position,
//! its start, the searcher, the bench positions and one game of a match).
//!
//! Everything is generic below the trait objects: a [`Study`] is boxed, but
//! perft and the search run on the game's own position type, so a count
//! through the registry costs what a count on the position costs.
//!
//! [`GameEntry::tools`]: super::GameEntry::tools

use super::OptionError;
use super::Options;
use crate::game_record::{play_moves, Recorded};
use deckmate_engine::analyse::{analyse_with, numbered_from, written_line};
pub use deckmate_engine::bench::{BenchCase, BenchLine};
use deckmate_engine::level::Level;
pub use deckmate_engine::matches::{GameResult, MatchScore, PlayerSpec};
pub use deckmate_engine::search::Limits;
use deckmate_engine::search::Searcher;
use deckmate_engine::{EnginePlayer, Evaluator, Player};
use deckmate_rules::{
    perft, perft_divide, Game, Outcome, PositionError, Record, RecordError, Seat, ToAct,
};
use std::fmt;
use std::time::Duration;

/// Why a position to study was refused. The messages are the command
/// line's: they name the flag that gave the wrong text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StudyError {
    /// An option's value the game does not take (`--palace: ...`).
    Option(OptionError),
    /// The position string does not read (`--fen: ...`).
    Position(PositionError),
    /// The movetext does not read as a record's (`--moves: record line
    /// 1: ...`).
    Movetext(RecordError),
    /// A move is refused: the game's replay error, which names the move by
    /// number and side, and why (`--moves: move 1... Pc6 (Black, ply 2):
    /// ...`).
    Move(String),
}

impl fmt::Display for StudyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StudyError::Option(OptionError::BadValue { name, reason }) => {
                write!(f, "--{}: {reason}", name.replace('_', "-"))
            }
            StudyError::Option(e) => write!(f, "{e}"),
            StudyError::Position(e) => write!(f, "--fen: {e}"),
            StudyError::Movetext(e) => write!(f, "--moves: {e}"),
            StudyError::Move(e) => write!(f, "--moves: {e}"),
        }
    }
}

impl std::error::Error for StudyError {}

/// One completed depth of an analysis.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StudyReport {
    /// The depth completed.
    pub depth: u32,
    /// The score for the side to move (see
    /// [`deckmate_engine::score_text`]).
    pub score: i32,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Time since the search started.
    pub elapsed: Duration,
    /// The principal variation, numbered, in the game's notation
    /// (`18... 7Dh8 19. 8D:h8`).
    pub line: String,
}

/// The result of an analysis.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StudyAnalysis {
    /// The best move in the game's notation, `None` when there is none.
    pub best: Option<String>,
    /// The best line, numbered, in the game's notation.
    pub line: String,
    /// Its score for the side to move.
    pub score: i32,
    /// The last completed depth.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Time taken.
    pub time: Duration,
}

/// A position of a board game to study: counts, its end, an analysis.
/// Moves are given and returned in the game's notation.
pub trait Study {
    /// The position string.
    fn position_text(&self) -> String;

    /// The number of leaves `depth` plies below (0 below a finished game).
    fn perft(&self, depth: u32) -> u64;

    /// Perft below each first move (its text), in the order the game
    /// lists them (by default sorted by text; 52Chess: in the cards'
    /// order, F9); nothing at depth 0 or when the game is over.
    fn perft_divide(&self, depth: u32) -> Vec<(String, u64)>;

    /// Perft with chance's outcome of each ply given by name (52Chess's
    /// cards, F10), one per ply: the total, or with `divide` the count
    /// below each first move. Refused with [`GivenError::NoChance`] in a
    /// game whose perft has no chance.
    fn perft_given(&self, outcomes: &[&str], divide: bool) -> Result<PerftCount, GivenError>;

    /// How the game ended, if it has.
    fn outcome(&self) -> Option<Outcome>;

    /// Searches within `limits` (5 seconds when none is given) on one
    /// thread with a 64 MB table, calling `on_report` after each completed
    /// depth; the best move and line.
    /// (Where chance acts next, as before a 52Chess draw, the analysis
    /// has no move: its score is the expected score of the side about to
    /// draw and move.)
    fn analyse(&self, limits: &Limits, on_report: &mut dyn FnMut(&StudyReport)) -> StudyAnalysis;

    /// Whether chance acts next (a card to draw): [`Study::analyse`] then
    /// gives no move, only the expected score.
    fn chance_acts(&self) -> bool;

    /// Several lines, as the analysis board gets them
    /// ([`search_lines`](super::search_lines)) with a 64 MB table: reports
    /// to `sink` after each depth; false when there is nothing to analyse.
    fn analyse_lines(
        &self,
        request: &super::AnalysisRequest,
        sink: &mut dyn FnMut(super::AnalysisReport),
    ) -> bool;

    /// Where chance acts: every outcome it may give (52Chess: each of the
    /// 52 cards), in the game's order, with the position after it
    /// analysed within `per_outcome` on one searcher; `on_outcome` is
    /// called after each. Outcomes after which every move leads to the
    /// same positions (a card that lets nothing teleport) share the first
    /// one's analysis. Empty where a seat acts or the game is over.
    fn analyse_outcomes(
        &self,
        per_outcome: &Limits,
        on_outcome: &mut dyn FnMut(&OutcomeAnalysis),
    ) -> Vec<OutcomeAnalysis>;
}

/// A perft's answer: the total, or the count below each first move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PerftCount {
    /// The number of leaves.
    Total(u64),
    /// Each first move (its text) and the leaves below it.
    Divided(Vec<(String, u64)>),
}

/// Why a perft with chance's outcomes given ([`Study::perft_given`]) was
/// refused. The messages are the game's own words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GivenError {
    /// The game's perft has no chance to fix.
    NoChance,
    /// The outcomes given do not fit the command (a word that is not an
    /// outcome, one too many): a usage error.
    Usage(String),
    /// The outcomes do not fit the position (chance has acted already).
    Input(String),
}

/// The analysis of the position after one chance outcome
/// ([`Study::analyse_outcomes`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutcomeAnalysis {
    /// The outcome in the game's notation (`[7H]`).
    pub outcome: String,
    /// Its weight among the outcomes (each of 52 cards: 1).
    pub weight: u32,
    /// The best move after it and its score for the side to move.
    pub analysis: StudyAnalysis,
    /// The index of the earlier outcome whose analysis this one shares
    /// (every move leads to the same positions), if any.
    pub same_as: Option<usize>,
}

/// The mean of the outcomes' scores weighted by their weights, rounded
/// down as the search rounds a chance node: the expected score of the side
/// about to act, when each outcome's score is exact. 0 for no outcome.
pub fn mean_outcome_score(outcomes: &[OutcomeAnalysis]) -> i32 {
    let total: i64 = outcomes.iter().map(|o| i64::from(o.weight)).sum();
    if total == 0 {
        return 0;
    }
    let sum: i64 = outcomes
        .iter()
        .map(|o| i64::from(o.weight) * i64::from(o.analysis.score))
        .sum();
    sum.div_euclid(total) as i32
}

/// A match's settings.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchSettings {
    /// Player A.
    pub a: PlayerSpec,
    /// Player B.
    pub b: PlayerSpec,
    /// The number of games; A and B alternate seats.
    pub games: u32,
    /// Time per move of engine players.
    pub time: Duration,
    /// Seed of the starts and of the players' choices.
    pub seed: u64,
    /// A game still going after this many plies is a draw.
    pub max_plies: usize,
}

/// The engine tools of a board game, as the shells call them (object
/// safe: a [`super::GameEntry`] holds one as `&'static dyn EngineTools`).
pub trait EngineTools: Sync {
    /// Whether the seed decides the start of a study (Cardmate's random
    /// setups); a game whose start it does not decide has no use for one.
    fn seeded_start(&self) -> bool;

    /// The position to study: the start from the game's `options` and
    /// `seed`, or the position string `fen`, then the moves of the
    /// movetext `moves` (move numbers, comments and a result allowed).
    fn study(
        &self,
        options: &Options,
        seed: u64,
        fen: Option<&str>,
        moves: Option<&str>,
    ) -> Result<Box<dyn Study>, StudyError>;

    /// Runs the bench with every depth capped at `max_depth`: each line to
    /// `on_line`, then the total nodes (the game's signature) and time.
    fn bench(
        &self,
        max_depth: u32,
        on_line: &mut dyn FnMut(&BenchLine),
    ) -> Result<(u64, Duration), String>;

    /// What chance's outcomes are in the game's perft, for help and
    /// refusals (52Chess: `"cards"`); `None` where its perft has no
    /// chance ([`Study::perft_given`] refuses).
    fn chance_outcomes(&self) -> Option<&'static str>;

    /// What the bench's total lines start with (`""` for Cardmate's
    /// `nodes:`, `"cuarenta "` for Cuarenta's `cuarenta nodes:`).
    fn bench_prefix(&self) -> &'static str;

    /// Plays a match, calling `on_game` after each game in order (its
    /// record is in the [`GameResult`]).
    fn play_match(
        &self,
        settings: &MatchSettings,
        on_game: &mut dyn FnMut(u32, &GameResult),
    ) -> Result<MatchScore, String>;

    /// How the game's matches start, in a sentence for `--help`.
    fn match_help(&self) -> &'static str;
}

/// What a board game adds to the generic [`Tools`]. The hook is a value
/// (a built-in game's is a unit struct; a variant file's holds its rules),
/// cloned into each study.
pub trait EngineHook: Clone + Send + Sync + 'static {
    /// The position.
    type Position: Recorded;
    /// The evaluation the search uses.
    type Eval: Evaluator<Self::Position>;

    /// See [`EngineTools::seeded_start`].
    const SEEDED_START: bool;
    /// See [`EngineTools::bench_prefix`].
    const BENCH_PREFIX: &'static str;
    /// See [`EngineTools::match_help`].
    const MATCH_HELP: &'static str;

    /// The start from `options` and `seed`, or from the position string
    /// `fen`.
    fn start(
        &self,
        options: &Options,
        seed: u64,
        fen: Option<&str>,
    ) -> Result<Self::Position, StudyError>;

    /// A searcher with the game's evaluation and parameters and a table of
    /// `tt_mb` megabytes.
    fn searcher(&self, tt_mb: usize) -> Searcher<Self::Position, Self::Eval>;

    /// A player at the level's settings `lv` (`seed` for its choices among
    /// equal moves, `time` per move instead of the level's), searching as
    /// [`EngineHook::searcher`] does with a 16 MB table (the root searched
    /// exactly where the level adds noise).
    fn player(
        &self,
        lv: Level,
        seed: u64,
        time: Option<Duration>,
    ) -> EnginePlayer<Self::Position, Self::Eval> {
        let mut s = self.searcher(16);
        s.exact_root = lv.noise > 0;
        EnginePlayer::with_searcher(s, lv, seed, time)
    }

    /// A player of strength `level` (1 weakest .. 8 strongest, the
    /// engine's level table) at the level's own time per move or `time`;
    /// `seed` makes its choices among equal moves reproducible.
    fn level_player(
        &self,
        level: u8,
        seed: u64,
        time: Option<Duration>,
    ) -> Box<dyn Player<Self::Position>> {
        Box::new(self.player(deckmate_engine::level::level(level), seed, time))
    }

    /// A deterministic player (for tests, tuning and measures): level 8's
    /// settings with `depth` (0: the level's) and `nodes` per move, no
    /// clock, no noise, searching as [`EngineHook::searcher`] does with a
    /// 16 MB table.
    fn fixed_player(
        &self,
        depth: u32,
        nodes: Option<u64>,
    ) -> EnginePlayer<Self::Position, Self::Eval> {
        super::untimed_player(self.searcher(16), depth, nodes)
    }

    /// The bench positions at their full depths.
    fn bench_cases(&self) -> Vec<Result<BenchCase<Self::Position>, String>>;

    /// Plays game `i` of a match (it depends on `i` and the settings only).
    fn match_game(&self, settings: &MatchSettings, i: u32) -> Result<GameResult, String>;

    /// See [`EngineTools::chance_outcomes`]: what chance's outcomes are
    /// in the game's perft, `None` (the default) where it has none.
    const CHANCE_OUTCOMES: Option<&'static str> = None;

    /// Perft of `pos`: by default the kernel's, a ply a leaf; a game may
    /// count otherwise (52Chess: a card and a move are one turn, F10).
    fn perft(&self, pos: &Self::Position, depth: u32) -> u64 {
        perft(pos, depth)
    }

    /// Perft below each first move of `pos` (see [`EngineHook::perft`]),
    /// sorted by the moves' texts.
    fn perft_divide(&self, pos: &Self::Position, depth: u32) -> Vec<(String, u64)> {
        let mut lines: Vec<(String, u64)> = perft_divide(pos, depth)
            .into_iter()
            .map(|(m, n)| (pos.move_text(m), n))
            .collect();
        lines.sort();
        lines
    }

    /// See [`Study::perft_given`]; by default the game has no chance to
    /// fix.
    fn perft_given(
        &self,
        pos: &Self::Position,
        outcomes: &[&str],
        divide: bool,
    ) -> Result<PerftCount, GivenError> {
        let _ = (pos, outcomes, divide);
        Err(GivenError::NoChance)
    }

    /// Every outcome chance may give in `pos` (where chance acts), each
    /// with its weight, for [`Study::analyse_outcomes`]: by default the
    /// game's own list ([`Game::chance_outcomes`], where outcomes that give
    /// the same moves may be grouped); a game lists each one it may draw.
    fn every_outcome(
        &self,
        pos: &Self::Position,
        out: &mut Vec<(<Self::Position as Game>::Move, u32)>,
    ) {
        pos.chance_outcomes(out);
    }
}

/// The engine tools of the game of hook `H`; a game's module holds one in
/// a `static` (or, for a game made at runtime, leaks one) and its entry
/// points to it.
pub struct Tools<H>(H);

impl<H> Tools<H> {
    /// The tools over `hook` (for a `static`).
    pub const fn new(hook: H) -> Tools<H> {
        Tools(hook)
    }
}

/// A position of the game of `H`, studied.
struct HookStudy<H: EngineHook> {
    hook: H,
    pos: H::Position,
}

impl<H: EngineHook> HookStudy<H> {
    /// `moves`, played from the position, in the game's notation.
    fn line(pos: &H::Position, moves: &[<H::Position as Game>::Move]) -> Vec<String> {
        written_line(
            pos,
            moves,
            |p, m| p.move_text(m),
            |p, m| p.play_unchecked(m),
        )
    }
}

impl<H: EngineHook> Study for HookStudy<H> {
    fn position_text(&self) -> String {
        self.pos.position_text()
    }

    fn perft(&self, depth: u32) -> u64 {
        self.hook.perft(&self.pos, depth)
    }

    fn perft_divide(&self, depth: u32) -> Vec<(String, u64)> {
        self.hook.perft_divide(&self.pos, depth)
    }

    fn perft_given(&self, outcomes: &[&str], divide: bool) -> Result<PerftCount, GivenError> {
        self.hook.perft_given(&self.pos, outcomes, divide)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.pos.outcome()
    }

    fn analyse(&self, limits: &Limits, on_report: &mut dyn FnMut(&StudyReport)) -> StudyAnalysis {
        self.analyse_on(&mut self.hook.searcher(64), &self.pos, limits, on_report)
    }

    fn chance_acts(&self) -> bool {
        self.pos.to_act() == ToAct::Chance
    }

    fn analyse_lines(
        &self,
        request: &super::AnalysisRequest,
        sink: &mut dyn FnMut(super::AnalysisReport),
    ) -> bool {
        super::search_lines(&mut self.hook.searcher(64), &self.pos, request, sink)
    }

    fn analyse_outcomes(
        &self,
        per_outcome: &Limits,
        on_outcome: &mut dyn FnMut(&OutcomeAnalysis),
    ) -> Vec<OutcomeAnalysis> {
        if !self.chance_acts() {
            return Vec::new();
        }
        let mut outcomes = Vec::new();
        self.hook.every_outcome(&self.pos, &mut outcomes);
        let mut searcher = self.hook.searcher(64);
        let mut out: Vec<OutcomeAnalysis> = Vec::with_capacity(outcomes.len());
        // What each analysed outcome leads to: its children's hashes.
        let mut seen: Vec<(Vec<u64>, usize)> = Vec::new();
        for (m, weight) in outcomes {
            let mut p = self.pos.clone();
            p.play_unchecked(m);
            let leads = children(&p);
            let earlier = seen.iter().find(|(l, _)| *l == leads).map(|&(_, i)| i);
            let (analysis, same_as) = match earlier {
                Some(i) => (out[i].analysis.clone(), Some(i)),
                None => {
                    seen.push((leads, out.len()));
                    let a = self.analyse_on(&mut searcher, &p, per_outcome, &mut |_| {});
                    (a, None)
                }
            };
            let o = OutcomeAnalysis {
                outcome: self.pos.move_text(m),
                weight,
                analysis,
                same_as,
            };
            on_outcome(&o);
            out.push(o);
        }
        out
    }
}

/// The hashes of the positions every legal move of `p` leads to, in the
/// order they are generated (nothing when no seat acts).
fn children<G: Game>(p: &G) -> Vec<u64> {
    let mut moves = Vec::new();
    p.legal_moves(&mut moves);
    moves
        .into_iter()
        .map(|m| {
            let mut c = p.clone();
            c.play_unchecked(m);
            c.hash()
        })
        .collect()
}

impl<H: EngineHook> HookStudy<H> {
    /// Analyses `pos` with `searcher`. Scores are for the side to move:
    /// where chance acts the search values the position for the first
    /// seat, turned here to the side about to draw.
    fn analyse_on(
        &self,
        searcher: &mut Searcher<H::Position, H::Eval>,
        pos: &H::Position,
        limits: &Limits,
        on_report: &mut dyn FnMut(&StudyReport),
    ) -> StudyAnalysis {
        let flip = pos.to_act() == ToAct::Chance && pos.side_to_move() != Seat::First;
        let mine = |score: i32| if flip { -score } else { score };
        let numbered = |line: &[String]| numbered_from(pos.side_to_move(), pos.fullmove(), line);
        let a = analyse_with(searcher, pos, limits, Self::line, |r, line| {
            on_report(&StudyReport {
                depth: r.depth,
                score: mine(r.score),
                nodes: r.nodes,
                nps: r.nps,
                elapsed: r.elapsed,
                line: numbered(line),
            });
        });
        StudyAnalysis {
            best: a.best.map(|m| pos.move_text(m)),
            line: numbered(&a.line),
            score: mine(a.score),
            depth: a.depth,
            nodes: a.nodes,
            time: a.time,
        }
    }
}

impl<H: EngineHook> EngineTools for Tools<H> {
    fn seeded_start(&self) -> bool {
        H::SEEDED_START
    }

    fn study(
        &self,
        options: &Options,
        seed: u64,
        fen: Option<&str>,
        moves: Option<&str>,
    ) -> Result<Box<dyn Study>, StudyError> {
        let mut pos = self.0.start(options, seed, fen)?;
        if let Some(m) = moves {
            let rec = Record::parse(m).map_err(StudyError::Movetext)?;
            play_moves(&mut pos, &rec.moves).map_err(|e| StudyError::Move(e.to_string()))?;
        }
        Ok(Box::new(HookStudy::<H> {
            hook: self.0.clone(),
            pos,
        }))
    }

    fn bench(
        &self,
        max_depth: u32,
        on_line: &mut dyn FnMut(&BenchLine),
    ) -> Result<(u64, Duration), String> {
        let mut searcher = self.0.searcher(16);
        let cases = self.0.bench_cases().into_iter().map(|c| {
            c.map(|c| BenchCase {
                depth: c.depth.min(max_depth),
                ..c
            })
        });
        deckmate_engine::bench::run(&mut searcher, cases, |p, m| p.move_text(m), on_line)
    }

    fn bench_prefix(&self) -> &'static str {
        H::BENCH_PREFIX
    }

    fn chance_outcomes(&self) -> Option<&'static str> {
        H::CHANCE_OUTCOMES
    }

    fn play_match(
        &self,
        settings: &MatchSettings,
        on_game: &mut dyn FnMut(u32, &GameResult),
    ) -> Result<MatchScore, String> {
        deckmate_engine::matches::run_games(
            settings.games,
            1,
            |i| self.0.match_game(settings, i),
            on_game,
        )
    }

    fn match_help(&self) -> &'static str {
        H::MATCH_HELP
    }
}
