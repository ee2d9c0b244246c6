//! What every board game's glue to the host shares, written once: a new
//! game from its spec ([`board_game`]) or from its stored spec
//! ([`stored_game`]), a replayed record shown as a [`BoardPlay`]'s board
//! ([`board_replayed`]), the record of a game played ([`board_record`]),
//! one game of a match between two players ([`match_game`]) and who plays
//! it ([`match_player`]), a deterministic engine player
//! ([`fixed_player`]), a spec stored by its serde form ([`stored_spec`],
//! [`spec_from_stored`], [`as_text`]) and its seed replaced or left out
//! ([`reseeded`], [`unseeded`]).

use super::{BoardHook, BoardPlay, GameResult, MatchSettings, PlayedGame, PlayerSpec};
use super::{BoxedGame, GameEntry, GameError, ReplayFailure, Replayed, Settlement};
use crate::end::{End, Reason};
use crate::game_record::{self, MoveOf, RecordSpec, Recorded, Replay};
use deckmate_engine::level::{self, Level};
use deckmate_engine::search::{SearchParams, Searcher};
use deckmate_engine::{random_player, EnginePlayer, Evaluator, Player};
use deckmate_rules::{Game, Record, Seat, SeededRng};
use serde_json::Value;
use std::time::Duration;

/// What `deckmate replay` shows of a record replayed as `r`: the final
/// board of a [`BoardPlay`] of `H` rebuilt from `spec` (the spec the game
/// is played with, which may differ from the record's: 52Chess's without
/// its seed) and the replay's moves; `start` says where it started.
pub fn board_replayed<H, S>(
    spec: H::Spec,
    r: Replay<S>,
    start: &str,
) -> Result<Replayed, ReplayFailure>
where
    H: BoardHook,
    S: RecordSpec<Position = H::Position>,
{
    let game = BoardPlay::<H>::with_moves(spec, &r.moves).map_err(|e| ReplayFailure::at(0, e))?;
    Ok(Replayed::board_game(
        game.view(None, true),
        r.position.position_text(),
        r.moves.len(),
        r.result,
        r.reason,
        start,
    ))
}

/// The record of `moves` played from `spec`, with an end the players
/// reached ([`BoardHook::record`] of a game whose record is the shared
/// one, [`game_record::write`]). An aborted game's result is `*`; an
/// end the game's reasons cannot word (an abort, an abandonment, a
/// closure) has the settlement's own words as its `Termination`.
pub fn board_record<S: RecordSpec>(
    spec: &S,
    moves: &[MoveOf<S>],
    settled: Option<Settlement>,
) -> Result<Record, String> {
    let end = settled.filter(Settlement::has_result).map(End::settled);
    let mut record = game_record::write(spec, moves, end).map_err(|e| e.to_string())?;
    if let Some(s) = settled.filter(Settlement::needs_own_words) {
        type R<S> = <<S as RecordSpec>::Position as Recorded>::Reason;
        let names = [
            <R<S> as Reason>::seat_name(Seat::First),
            <R<S> as Reason>::seat_name(Seat::Second),
        ];
        if s.is_aborted() {
            record.set_tag("Result", "*");
            record.result = Some("*".to_string());
        }
        record.set_tag("Termination", s.outcome(names).reason);
    }
    Ok(record)
}

/// A match's player: random, or the engine at a level (`with_level`
/// makes the game's engine player from the level's settings, `time` per
/// move).
pub fn match_player<P: Game, Q: Player<P> + 'static>(
    spec: &PlayerSpec,
    seed: u64,
    time: Duration,
    with_level: impl Fn(Level, u64, Option<Duration>) -> Q,
) -> Box<dyn Player<P>> {
    match spec {
        PlayerSpec::Random => random_player(seed),
        PlayerSpec::Level(l) => Box::new(with_level(level::level(*l), seed, Some(time))),
        PlayerSpec::Custom(lv) => Box::new(with_level(*lv, seed, Some(time))),
    }
}

/// The seed of game `i` of a match of seed `match_seed`: its players'
/// choices (A's; B's is it `^ 0x5555`) and, by default, chance's draws.
pub fn match_game_seed(match_seed: u64, i: u32) -> u64 {
    match_seed.wrapping_mul(1000).wrapping_add(u64::from(i))
}

/// Game `i` of the match `m`, played on from `start` after the `opening`
/// moves (played here): A has the first seat in even games; chance
/// draws from `chance` (by default the game's seed,
/// [`match_game_seed`]); `player` makes a player from its spec, seed and
/// time. `record` writes the moves (and the end the rules reached) as
/// the game's record; the players are tagged under `seat_names`, and a
/// game still going after `m.max_plies` plies is adjudicated a draw.
#[allow(clippy::too_many_arguments)]
pub fn match_game<P: Recorded>(
    m: &MatchSettings,
    i: u32,
    start: P,
    opening: Vec<P::Move>,
    chance: Option<SeededRng>,
    player: impl Fn(&PlayerSpec, u64, Duration) -> Box<dyn Player<P>>,
    seat_names: [&str; 2],
    record: impl FnOnce(&[P::Move], Option<End<P::Reason>>) -> Result<Record, String>,
) -> Result<GameResult, String> {
    let mut pos = start;
    for &mv in &opening {
        pos.play_unchecked(mv);
    }
    let mut moves = opening;
    let a_first = i.is_multiple_of(2);
    let seed = match_game_seed(m.seed, i);
    let mut pa = player(&m.a, seed, m.time);
    let mut pb = player(&m.b, seed ^ 0x5555, m.time);
    let mut chance = chance.unwrap_or_else(|| SeededRng::new(seed));
    deckmate_engine::matches::play_out(
        &mut pos,
        &mut moves,
        [pa.as_mut(), pb.as_mut()],
        a_first,
        &mut chance,
        m.max_plies,
    );
    let end = pos.end_state();
    let mut rec = record(&moves, end)?;
    let (first, second) = if a_first { (&m.a, &m.b) } else { (&m.b, &m.a) };
    rec.set_tag(seat_names[0], format!("A: {first}"));
    rec.set_tag(seat_names[1], format!("B: {second}"));
    if end.is_none() {
        rec.set_tag(
            "Termination",
            format!("adjudicated a draw after {} plies", moves.len()),
        );
        rec.set_tag("Result", "1/2-1/2");
        rec.result = Some("1/2-1/2".to_string());
    }
    Ok(game_result(end.and_then(|e| e.winner), a_first, rec))
}

/// A match game's result from A's side: `winner` (`None`: a draw), whether
/// A had the first seat, the game's record.
pub fn game_result(winner: Option<Seat>, a_first: bool, record: Record) -> GameResult {
    let a_seat = if a_first { Seat::First } else { Seat::Second };
    let score_a = match winner {
        Some(w) if w == a_seat => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    };
    GameResult {
        score_a,
        a_first,
        record,
    }
}

/// A deterministic engine player (for tests, tuning and measures): level
/// 8's settings with `depth` (0: the level's) and `nodes` per move, no
/// clock, no noise, searching with `eval` and `params`.
pub fn fixed_player<G: Game, E: Evaluator<G>>(
    eval: E,
    params: SearchParams,
    depth: u32,
    nodes: Option<u64>,
) -> EnginePlayer<G, E> {
    let mut searcher = Searcher::new(eval, 16);
    searcher.min_depth = 2;
    searcher.params = params;
    untimed_player(searcher, depth, nodes)
}

/// [`fixed_player`] searching with `searcher` as it is (its evaluation,
/// table and parameters the caller's).
pub fn untimed_player<G: Game, E: Evaluator<G>>(
    searcher: Searcher<G, E>,
    depth: u32,
    nodes: Option<u64>,
) -> EnginePlayer<G, E> {
    let mut lv = level::level(8);
    if depth > 0 {
        lv.depth = depth;
    }
    lv.nodes = nodes;
    lv.noise = 0;
    let mut p = EnginePlayer::with_searcher(searcher, lv, 0, None);
    p.set_limits(lv.depth, lv.nodes, None);
    p
}

/// A new game of `H` at the start of `spec` (read from options: a start
/// the spec does not make is the options' fault, [`GameError::Options`]).
pub fn board_game<H: BoardHook>(spec: H::Spec) -> Result<BoxedGame, GameError> {
    Ok(Box::new(
        BoardPlay::<H>::new(spec).map_err(GameError::Options)?,
    ))
}

/// The entry's `from_spec` of a board game of `H` whose spec is stored by
/// its serde form: the game at the start of the spec read back; what
/// does not read or start is a [`GameError::Spec`].
pub fn stored_game<H>(_: &'static GameEntry, v: &Value) -> Result<BoxedGame, GameError>
where
    H: BoardHook,
    H::Spec: serde::de::DeserializeOwned,
{
    let spec = spec_from_stored(v)?;
    Ok(Box::new(
        BoardPlay::<H>::new(spec).map_err(GameError::Spec)?,
    ))
}

/// A spec as stored ([`BoardHook::spec_json`]) by its serde form.
pub fn stored_spec<S: serde::Serialize>(spec: &S) -> Value {
    serde_json::to_value(spec).unwrap_or(Value::Null)
}

/// A stored spec (an object) with its `"seed"` set to `seed`: a rematch's
/// spec in a game whose seed draws ([`BoardHook::rematch_spec`]).
pub fn reseeded(mut spec: Value, seed: u64) -> Value {
    spec["seed"] = Value::from(seed);
    spec
}

/// A stored spec (an object) without its `"seed"`: an analysis board's,
/// where the seed would tell what is still secret.
pub fn unseeded(mut spec: Value) -> Value {
    if let Some(o) = spec.as_object_mut() {
        o.remove("seed");
    }
    spec
}

/// A spec read back from its stored JSON by its serde form; the error
/// ([`GameError::Spec`]) says it is the stored spec that does not read.
pub fn spec_from_stored<S: serde::de::DeserializeOwned>(v: &Value) -> Result<S, GameError> {
    S::deserialize(v).map_err(|e| GameError::Spec(format!("stored spec: {e}")))
}

/// A spec field stored as its text: written by `Display`, read by
/// `FromStr` (`#[serde(with = "deckmate_host::registry::as_text")]`).
pub mod as_text {
    use serde::{de::Error, Deserialize, Deserializer, Serializer};
    use std::fmt::Display;
    use std::str::FromStr;

    /// Writes `value` as its text.
    pub fn serialize<T: Display, S: Serializer>(value: &T, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(value)
    }

    /// Reads a value from its text.
    pub fn deserialize<'de, T, D>(d: D) -> Result<T, D::Error>
    where
        T: FromStr,
        T::Err: Display,
        D: Deserializer<'de>,
    {
        let text = String::deserialize(d)?;
        text.parse().map_err(D::Error::custom)
    }
}
