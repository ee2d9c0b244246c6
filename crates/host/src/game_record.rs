//! Records of a two-seat board game (Cardmate, Cuarenta): replaying one
//! move by move with the first bad move named, reading the written result
//! against how the game ended, and writing a game as a record. Each game
//! gives its tags ([`RecordSpec`]), its moves and ends ([`Recorded`]) and
//! its `ReplayError` (defined by the crate's `replay_error!` macro).

use crate::end::{End, Reason};
use crate::registry::{GameEntry, OptionError, Options};
use deckmate_rules::{Game, PositionError, Record, Seat, SeededRng, ToAct};

/// A game's error for a record that does not replay, as the shared code
/// builds it; its message names the move and says why.
pub trait BadRecord: Sized + std::fmt::Display {
    /// The error at `ply` (1-based; 0 for the tags): the move number, who
    /// moved, the move as written and why it is refused.
    fn new(ply: usize, number: u32, seat: Seat, text: String, reason: String) -> Self;

    /// A problem with the tags.
    fn tags(reason: String) -> Self {
        Self::new(0, 0, Seat::First, String::new(), reason)
    }
}

/// A position whose moves a record holds: what replaying and writing need
/// besides [`Game`] (whose `move_text` and `play_unchecked` write and play).
pub trait Recorded: Game {
    /// The game's reasons for an end.
    type Reason: Reason;
    /// The game's error for a record that does not replay.
    type ReplayError: BadRecord;
    /// The side to move.
    fn side_to_move(&self) -> Seat;
    /// The move number.
    fn fullmove(&self) -> u32;
    /// The game's end, if it is over.
    fn end_state(&self) -> Option<End<Self::Reason>>;
    /// Ends the game by resignation or agreement.
    fn set_end(&mut self, end: End<Self::Reason>);
    /// Reads a record's move in this position; the error says why it is
    /// refused. By default [`Game::parse_move`]'s reading and words.
    fn read_move(&self, text: &str) -> Result<Self::Move, String> {
        self.parse_move(text).map_err(|e| e.to_string())
    }
}

/// Refuses a record whose `Variant` tag names another game than `entry`
/// (by its key, name or aliases); a record without the tag is taken.
pub fn check_variant<E: BadRecord>(record: &Record, entry: &GameEntry) -> Result<(), E> {
    match record.tag("Variant") {
        Some(v) if !entry.answers_to(v) => Err(E::tags(format!(
            "this record is for '{v}', not {}",
            entry.name
        ))),
        _ => Ok(()),
    }
}

/// Reads the tag `name` of `record` with `parse`, if it is there; a value
/// `parse` refuses is the record's error `tag Name: why`.
pub fn read_tag<T, W: std::fmt::Display, E: BadRecord>(
    record: &Record,
    name: &str,
    parse: impl FnOnce(&str) -> Result<T, W>,
) -> Result<Option<T>, E> {
    record
        .tag(name)
        .map(|t| parse(t).map_err(|why| E::tags(format!("tag {name}: {why}"))))
        .transpose()
}

/// A game's settings as a record's tags: each pair is a field of the
/// stored spec (its serde name, the same as the option's name where the
/// setting is an option) and the tag that holds it. One table serves both
/// directions: [`write_setting_tags`] writes the spec's fields as tags,
/// [`read_setting_tags`] reads the tags back through the game's own option
/// readers.
pub type SettingTags = &'static [(&'static str, &'static str)];

/// The text of a stored spec's field as an option or a tag gives it (the
/// inverse of [`Options::from_json`]): a string as it is, a boolean `on`
/// or `off`, a number in digits, null `off`.
fn setting_text(v: &serde_json::Value) -> Option<String> {
    use serde_json::Value;
    match v {
        Value::String(s) => Some(s.clone()),
        Value::Bool(b) => Some(if *b { "on" } else { "off" }.to_string()),
        Value::Number(n) => Some(n.to_string()),
        Value::Null => Some("off".to_string()),
        _ => None,
    }
}

/// Writes `Variant` (the entry's name) and each field of `spec` named in
/// `tags` that its stored form holds, as that tag, in the table's order.
pub fn write_setting_tags(
    entry: &GameEntry,
    spec: &impl serde::Serialize,
    tags: SettingTags,
    record: &mut Record,
) {
    record.set_tag("Variant", entry.name);
    let stored = crate::registry::stored_spec(spec);
    for (field, tag) in tags {
        if let Some(text) = stored.get(field).and_then(setting_text) {
            record.set_tag(tag, text);
        }
    }
}

/// Reads a spec from `record`'s tags: refuses another game's record
/// ([`check_variant`]), gives the tags of `tags` that are the entry's
/// options to `read` as those options (the others, the seed or a position
/// string, the game reads itself), and words an option's refusal as the
/// tag's (`tag Palace: why`).
pub fn read_setting_tags<T, E: BadRecord>(
    record: &Record,
    entry: &GameEntry,
    tags: SettingTags,
    read: impl FnOnce(&Options) -> Result<T, OptionError>,
) -> Result<T, E> {
    check_variant(record, entry)?;
    let given = tags.iter().filter_map(|(field, tag)| {
        let option = entry.options.iter().find(|o| o.name == *field)?;
        Some((option.name, record.tag(tag)?))
    });
    let options = Options::parse(entry.options, given).map_err(|e| E::tags(e.to_string()))?;
    read(&options).map_err(|e| match e {
        OptionError::BadValue { name, reason } => {
            let tag = tags.iter().find(|(f, _)| *f == name).map_or(name, |t| t.1);
            E::tags(format!("tag {tag}: {reason}"))
        }
        other => E::tags(other.to_string()),
    })
}

/// The values of the numbered tags `Name1`, `Name2`... of `record`, in
/// order, up to the first number missing (one tag a line of a text too
/// long for one tag: a deck file's cards).
pub fn numbered_tags<'a>(record: &'a Record, name: &str) -> Vec<&'a str> {
    (1..)
        .map_while(|i| record.tag(&format!("{name}{i}")))
        .collect()
}

/// Writes `values` as the numbered tags `Name1`, `Name2`... (see
/// [`numbered_tags`]).
pub fn write_numbered_tags<S: Into<String>>(
    record: &mut Record,
    name: &str,
    values: impl IntoIterator<Item = S>,
) {
    for (i, v) in values.into_iter().enumerate() {
        record.set_tag(&format!("{name}{}", i + 1), v);
    }
}

/// Reads a `Seed` tag's number; the error says what a seed is.
pub fn parse_seed(text: &str) -> Result<u64, String> {
    text.trim()
        .parse()
        .map_err(|_| format!("'{text}' is not a number 0-18446744073709551615"))
}

/// How a game starts, as a record's tags say.
pub trait RecordSpec: Sized {
    /// The game's position.
    type Position: Recorded;
    /// Reads the spec from a record's tags.
    fn from_record(record: &Record) -> Result<Self, ReplayErrorOf<Self>>;
    /// Writes the spec as tags into `record`.
    fn write_tags(&self, record: &mut Record);
    /// The starting position.
    fn start(&self) -> Result<Self::Position, PositionError>;
    /// Writes the tags that may be shown only once the game is over (a
    /// seed that decides the draws still to come: 52Chess's, F9), after
    /// the result's; by default none.
    fn write_final_tags(&self, record: &mut Record) {
        let _ = record;
    }
}

/// The replay error of the game of spec `S`.
pub type ReplayErrorOf<S> = <<S as RecordSpec>::Position as Recorded>::ReplayError;
/// The move of the game of spec `S`.
pub type MoveOf<S> = <<S as RecordSpec>::Position as Game>::Move;
/// The end of the game of spec `S`.
pub type EndOf<S> = End<<<S as RecordSpec>::Position as Recorded>::Reason>;

/// A replayed game.
#[derive(Clone, Debug)]
pub struct Replay<S: RecordSpec> {
    /// How it started.
    pub spec: S,
    /// The moves, checked.
    pub moves: Vec<MoveOf<S>>,
    /// The final position.
    pub position: S::Position,
    /// The result: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
    /// Why, or `None` while the game goes on.
    pub reason: Option<String>,
}

/// Plays `moves` (notation tokens) from `pos`, checking each; the error
/// names the first bad move.
pub fn play_moves<P: Recorded>(
    pos: &mut P,
    moves: &[String],
) -> Result<Vec<P::Move>, P::ReplayError> {
    let mut played = Vec::with_capacity(moves.len());
    for (i, text) in moves.iter().enumerate() {
        let mv = pos.read_move(text).map_err(|reason| {
            P::ReplayError::new(
                i + 1,
                pos.fullmove(),
                pos.side_to_move(),
                text.clone(),
                reason,
            )
        })?;
        pos.play_unchecked(mv);
        played.push(mv);
    }
    Ok(played)
}

/// Refuses the first chance outcome written in `record` that is not the
/// draw of `seed` (the refusal names the game's `rule`), at its move: a
/// record that carries its seed holds the seed's draws only. The moves
/// themselves are checked by the replay.
pub fn check_draws<S: RecordSpec>(
    spec: &S,
    seed: u64,
    record: &Record,
    rule: &str,
) -> Result<(), ReplayErrorOf<S>> {
    let mut pos = spec
        .start()
        .map_err(|e| BadRecord::tags(format!("tag FEN: {e}")))?;
    let mut rng = SeededRng::new(seed);
    for (i, text) in record.moves.iter().enumerate() {
        let bad = |why: String, pos: &S::Position| {
            let (number, seat) = (pos.fullmove(), pos.side_to_move());
            BadRecord::new(i + 1, number, seat, text.clone(), why)
        };
        let mv = pos.read_move(text).map_err(|why| bad(why, &pos))?;
        if pos.to_act() == ToAct::Chance {
            let drawn = pos.sample_chance(&mut rng);
            if drawn != Some(mv) {
                let seeds = drawn.map_or(String::new(), |m| pos.move_text(m));
                let written = pos.move_text(mv);
                let why = format!("the seed {seed} draws {seeds} here, not {written} ({rule})");
                return Err(bad(why, &pos));
            }
        }
        pos.play_unchecked(mv);
    }
    Ok(())
}

/// Replays a record, checking every move, and works out the result. A
/// decisive or drawn result written in a record whose position is not over
/// is taken as the resignation, loss on time, agreed or adjudicated draw
/// its `Termination` tag says, and is an error without one (a record cut
/// short); a written result that contradicts how the game ended is an
/// error.
pub fn replay<S: RecordSpec>(record: &Record) -> Result<Replay<S>, ReplayErrorOf<S>> {
    replay_with(S::from_record(record)?, record)
}

/// [`replay`] from a spec the caller read from the record's tags (a game
/// whose spec needs more than the tags: a variant file's rules).
pub fn replay_with<S: RecordSpec>(spec: S, record: &Record) -> Result<Replay<S>, ReplayErrorOf<S>> {
    let mut pos = spec
        .start()
        .map_err(|e| BadRecord::tags(format!("tag FEN: {e}")))?;
    let moves = play_moves(&mut pos, &record.moves)?;
    let written = record
        .result
        .clone()
        .or_else(|| record.tag("Result").map(str::to_string));
    let (result, reason) = match pos.end_state() {
        Some(end) => {
            let r = end.result().to_string();
            if let Some(w) = &written {
                if w != "*" && *w != r {
                    return Err(BadRecord::new(
                        moves.len(),
                        pos.fullmove(),
                        pos.side_to_move(),
                        w.clone(),
                        format!(
                            "the record says {w}, but the game ended {r}: {}",
                            end.describe()
                        ),
                    ));
                }
            }
            (r, Some(end.describe()))
        }
        None => match written_end(written.as_deref(), record.tag("Termination"), moves.len()) {
            Ok(Some((e, reason))) => {
                pos.set_end(e);
                (e.result().to_string(), Some(reason))
            }
            Ok(None) => ("*".to_string(), None),
            Err(why) => return Err(BadRecord::tags(why)),
        },
    };
    Ok(Replay {
        spec,
        moves,
        position: pos,
        result,
        reason,
    })
}

/// The end a record gives a game its moves do not end, and its words: a
/// decisive result with a `Termination` that says the loser resigned or
/// lost on time, or a drawn one that says the players agreed or a match
/// adjudicated it (the words deckmate writes: [`End::describe`] of the
/// settlement, `adjudicated a draw after N plies`). Any other written end
/// (a result or a `Termination` the moves do not reach: a record cut
/// short) is refused with the reason.
fn written_end<R: Reason>(
    written: Option<&str>,
    termination: Option<&str>,
    plies: usize,
) -> Result<Option<(End<R>, String)>, String> {
    let winner = match written {
        Some("1-0") => Some(Seat::First),
        Some("0-1") => Some(Seat::Second),
        Some("1/2-1/2") => None,
        _ => {
            return match termination {
                Some(t) => Err(format!(
                    "the record says the game ended ({t}), but its {plies} moves do not end it"
                )),
                None => Ok(None),
            }
        }
    };
    let result = written.unwrap_or_default();
    let Some(said) = termination else {
        return Err(format!(
            "the record says {result}, but its {plies} moves do not end the game, and no \
             Termination tag says it was resigned, agreed or lost on time"
        ));
    };
    let reasons = match winner {
        Some(_) => [R::RESIGNATION, R::TIME_FORFEIT],
        None => [R::AGREEMENT, R::AGREEMENT],
    };
    for reason in reasons {
        let end = End { winner, reason };
        if end.describe() == said {
            return Ok(Some((end, said.to_string())));
        }
    }
    if winner.is_none() && said.starts_with("adjudicated a draw") {
        return Ok(Some((
            End {
                winner,
                reason: R::AGREEMENT,
            },
            said.to_string(),
        )));
    }
    Err(format!(
        "the record says {result} ({said}), but its {plies} moves do not end the game"
    ))
}

/// Writes a game as a record: the spec's tags, the moves in the game's
/// notation, the result and its reason, and once the game is over (by the
/// rules or `end`) the spec's final tags ([`RecordSpec::write_final_tags`]).
pub fn write<S: RecordSpec>(
    spec: &S,
    moves: &[MoveOf<S>],
    end: Option<EndOf<S>>,
) -> Result<Record, PositionError> {
    let mut record = Record::default();
    spec.write_tags(&mut record);
    let mut pos = spec.start()?;
    let mut numbers = Vec::with_capacity(moves.len());
    for &mv in moves {
        numbers.push(pos.move_number());
        record.moves.push(pos.move_text(mv));
        pos.play_unchecked(mv);
    }
    if numbers.iter().any(Option::is_some) {
        record.numbers = numbers;
    }
    let end = end.or_else(|| pos.end_state());
    let result = end.as_ref().map_or("*", End::result);
    record.set_tag("Result", result);
    if let Some(e) = &end {
        record.set_tag("Termination", e.describe());
        spec.write_final_tags(&mut record);
    }
    record.result = Some(result.to_string());
    Ok(record)
}

/// Defines a game's `ReplayError` (which move of a record, by number and
/// side, and why; its message names the seats by `$seat_name`) and its
/// [`BadRecord`] implementation.
#[macro_export]
macro_rules! replay_error {
    ($seat_name:path) => {
        /// A record that does not replay: which move (number and side) and why.
        #[derive(Clone, PartialEq, Eq, Debug)]
        pub struct ReplayError {
            /// 1-based ply of the bad move; 0 for a problem with the tags.
            pub ply: usize,
            /// The move number.
            pub number: u32,
            /// Who made the move.
            pub seat: ::deckmate_rules::Seat,
            /// The move as written.
            pub text: String,
            /// Why it is not legal.
            pub reason: String,
        }

        impl ::std::fmt::Display for ReplayError {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                if self.ply == 0 {
                    return write!(f, "{}", self.reason);
                }
                let dots = if self.seat == ::deckmate_rules::Seat::First {
                    "."
                } else {
                    "..."
                };
                write!(
                    f,
                    "move {}{dots} {} ({}, ply {}): {}",
                    self.number,
                    self.text,
                    $seat_name(self.seat),
                    self.ply,
                    self.reason
                )
            }
        }

        impl ::std::error::Error for ReplayError {}

        impl ::std::convert::From<ReplayError> for $crate::registry::ReplayFailure {
            fn from(e: ReplayError) -> Self {
                $crate::registry::ReplayFailure::at(e.ply, e.to_string())
            }
        }

        impl $crate::game_record::BadRecord for ReplayError {
            fn new(
                ply: usize,
                number: u32,
                seat: ::deckmate_rules::Seat,
                text: String,
                reason: String,
            ) -> Self {
                ReplayError {
                    ply,
                    number,
                    seat,
                    text,
                    reason,
                }
            }
        }
    };
}
pub use crate::replay_error;

/// Implements [`Recorded`] for a position whose own methods answer it:
/// `side_to_move`, `set_end`, the end by `$end` (by default `end_state`)
/// and the move number by `$fullmove` (by default `fullmove`; or an
/// expression of the position, `|p| p.core().fullmove()`), the end's
/// reasons `$reason` and the replay error `ReplayError` of the calling
/// module ([`replay_error!`]). Further items of the impl (a game's own
/// `read_move`) follow in braces.
#[macro_export]
macro_rules! recorded_position {
    ($pos:ty, $reason:ty) => {
        $crate::recorded_position!($pos, $reason, fullmove, {});
    };
    ($pos:ty, $reason:ty, $fullmove:ident) => {
        $crate::recorded_position!($pos, $reason, $fullmove, {});
    };
    ($pos:ty, $reason:ty, $fullmove:ident, { $($rest:tt)* }) => {
        $crate::recorded_position!($pos, $reason, |p| <$pos>::$fullmove(p), end_state, {
            $($rest)*
        });
    };
    ($pos:ty, $reason:ty, |$p:ident| $fullmove:expr, $end:ident, { $($rest:tt)* }) => {
        impl $crate::game_record::Recorded for $pos {
            type Reason = $reason;
            type ReplayError = ReplayError;

            fn side_to_move(&self) -> ::deckmate_rules::Seat {
                <$pos>::side_to_move(self)
            }

            fn fullmove(&self) -> u32 {
                let $p = self;
                $fullmove
            }

            fn end_state(&self) -> Option<$crate::end::End<$reason>> {
                <$pos>::$end(self)
            }

            fn set_end(&mut self, end: $crate::end::End<$reason>) {
                <$pos>::set_end(self, end);
            }

            $($rest)*
        }
    };
}
pub use crate::recorded_position;

/// Defines a game's `Replay` (a replayed game of spec `$spec`), `replay`
/// and `write` over the shared [`replay`](fn@replay) and [`write`](fn@write) (with the game's
/// `ReplayError`, from [`replay_error!`]).
#[macro_export]
macro_rules! record_functions {
    ($spec:ty) => {
        /// A replayed game.
        pub type Replay = $crate::game_record::Replay<$spec>;

        /// Replays a record, checking every move, and works out the result.
        /// A decisive or drawn result written in a record whose position is
        /// not over is taken as a resignation or an agreed draw; a written
        /// result that contradicts how the game ended is an error.
        pub fn replay(record: &::deckmate_rules::Record) -> Result<Replay, ReplayError> {
            $crate::game_record::replay(record)
        }

        /// Writes a game as a record: the spec's tags, the moves in the
        /// game's notation, the result and its reason.
        pub fn write(
            spec: &$spec,
            moves: &[$crate::game_record::MoveOf<$spec>],
            end: Option<$crate::game_record::EndOf<$spec>>,
        ) -> Result<::deckmate_rules::Record, ::deckmate_rules::PositionError> {
            $crate::game_record::write(spec, moves, end)
        }
    };
}
pub use crate::record_functions;
