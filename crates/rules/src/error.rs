//! Typed errors that cross the [`Game`](crate::Game) trait: why a move is
//! refused ([`MoveError`]) and why a position string is refused
//! ([`PositionError`]).
//!
//! A variant names a cause, never a game, and carries what its message
//! needs: the text as written, squares, pieces, the moves that would do. A
//! game's own words (its name, a rule with its tag, the name of a piece)
//! travel in fields; `Display` puts the sentence together.

use std::fmt;

/// The piece a refused move is about, as its message names it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Mover {
    /// One particular piece, in words ("the Four of Clubs"): in a game
    /// whose pieces are all different the text names the piece itself.
    Named(String),
    /// Any piece of a side's kind that the text may mean (`side` "White",
    /// `kind` "Bishop").
    Kind {
        /// The side, by name.
        side: String,
        /// The kind of piece, by name.
        kind: String,
    },
}

/// Why a move could not be read or played.
#[non_exhaustive]
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum MoveError {
    /// The text does not read as a move of the game's notation.
    NotAMove {
        /// The text as given.
        text: String,
        /// The game whose notation it is (its name).
        game: String,
        /// What is wrong, or what was expected where ("too short", "the
        /// target must be a square a0-j9").
        why: String,
        /// Moves as they are written, for the reader ("4Ci3, 9H:c5").
        examples: String,
    },
    /// The game is over: nobody moves.
    GameOver {
        /// How it ended, in words, when the message says so.
        end: Option<String>,
    },
    /// It is not this seat's turn.
    NotYourTurn {
        /// The seat, by name; `None` for the one asking ("your").
        side: Option<String>,
    },
    /// The piece named is not on the board, or the side to move has none
    /// of the kind.
    NoSuchPiece {
        /// The piece or kind ("4C", "Camel").
        piece: String,
        /// The side that has none, or `None` when nobody has it.
        side: Option<String>,
    },
    /// The side to move has pieces of the kind, but none where the text
    /// says the move comes from.
    NoPieceThere {
        /// The side, by name.
        side: String,
        /// The kind, by name (singular).
        piece: String,
        /// The squares its pieces of the kind stand on.
        squares: Vec<String>,
    },
    /// The piece belongs to the other side.
    NotYours {
        /// The piece as written ("4C").
        piece: String,
        /// What the game calls a piece ("card").
        noun: String,
        /// Its owner, by name.
        owner: String,
    },
    /// The target holds a piece of the side moving.
    OwnPieceThere {
        /// The target square.
        square: String,
        /// The side moving, by name; `None` to say "your".
        side: Option<String>,
        /// The piece on it, or `None` to say "piece".
        piece: Option<String>,
    },
    /// The piece cannot go to the square at all.
    CannotReach {
        /// The piece the text means.
        mover: Mover,
        /// The square it stands on, when one is meant.
        from: Option<String>,
        /// The target square.
        to: String,
        /// Whether the target holds an enemy piece ("capture on", not
        /// "move to").
        capture: bool,
    },
    /// The piece attacks the target but a rule forbids it this capture.
    CannotCapture {
        /// The piece moving, as written.
        piece: String,
        /// The piece on the target, as written.
        victim: String,
        /// The rule, in words with its tag.
        rule: String,
    },
    /// The move leaves the side's King in check.
    KingInCheck {
        /// The side moving, by name.
        side: String,
        /// Whether the King is in check already (the move does not get it
        /// out) rather than put in check by the move.
        in_check: bool,
    },
    /// A rule of the game forbids the move here (castling not allowed, a
    /// capture the pieces may not make); the rule as it applies, in words
    /// with its tag.
    Forbidden {
        /// The rule as it applies.
        rule: String,
    },
    /// More than one move fits the text.
    Ambiguous {
        /// The text as given.
        text: String,
        /// The side moving, by name.
        side: String,
        /// The kind of piece, by name (singular).
        piece: String,
        /// The target square.
        to: String,
        /// The moves the text may mean, each written in full.
        candidates: Vec<String>,
    },
    /// A capture is compulsory and the move tried is not one.
    CaptureCompulsory {
        /// The move tried, as the game writes it.
        tried: String,
        /// The captures that may be played.
        captures: Vec<String>,
        /// The rule, in words with its tag.
        rule: String,
    },
    /// The capture mark is written for a move that captures nothing, or
    /// missing from one that captures.
    CaptureMark {
        /// The text as given, when the message quotes it.
        text: Option<String>,
        /// The piece moving, or `None` to say "it".
        piece: Option<String>,
        /// The target square.
        square: String,
        /// Whether the move captures (the mark is missing) or not (the mark
        /// is wrong).
        captures: bool,
        /// The move written correctly.
        correct: String,
    },
    /// A check, mate or capture sign that is not what the move does.
    WrongSign {
        /// The text as given.
        text: String,
        /// What the move does, in words ("it gives no check").
        does: String,
        /// The move written correctly.
        correct: String,
        /// The square the piece comes from, for a notation that does not
        /// write it: then the text is shown as given and the correct move
        /// with its square in brackets; without it the text is quoted and
        /// the correct move follows "write".
        from: Option<String>,
    },
    /// A sign for something the move does not bring about.
    UnearnedSign {
        /// The text as given.
        text: String,
        /// The sign.
        sign: char,
        /// What the sign marks ("a palace conquest").
        marks: String,
        /// What the move does not do ("conquers no palace").
        lacks: String,
    },
    /// A promotion written where the piece may not promote.
    CannotPromote {
        /// The piece, as written or in words ("1S", "a pawn").
        piece: String,
        /// What it would become, if the message names it.
        into: Option<String>,
        /// The target square, if the message names it.
        on: Option<String>,
        /// The rule, in words.
        rule: String,
    },
    /// A promotion written for a piece of a kind that never promotes.
    NeverPromotes {
        /// The kind, by name.
        piece: String,
        /// What it would become.
        into: String,
        /// The pieces that promote, in words ("a pawn").
        promoter: String,
    },
    /// A move that must promote written without its promotion.
    PromotionMissing {
        /// The piece, as written.
        piece: String,
        /// The target square.
        to: String,
        /// The promotion mark wanted ("=A"), if there is only one.
        mark: Option<String>,
    },
    /// The move is not legal in this position (the fallback of
    /// [`Game::play`](crate::Game::play), which knows no reason).
    NotLegal {
        /// The move, as it can be shown.
        text: String,
    },
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::NotAMove {
                text,
                game,
                why,
                examples,
            } => write!(
                f,
                "'{text}' is not a {game} move: {why} (moves look like {examples})"
            ),
            MoveError::GameOver { end: None } => f.write_str("the game is over"),
            MoveError::GameOver { end: Some(end) } => write!(f, "the game is over: {end}"),
            MoveError::NotYourTurn { side: None } => f.write_str("it is not your turn"),
            MoveError::NotYourTurn { side: Some(side) } => write!(f, "it is not {side}'s turn"),
            MoveError::NoSuchPiece { piece, side: None } => {
                write!(f, "there is no {piece} on the board")
            }
            MoveError::NoSuchPiece {
                piece,
                side: Some(side),
            } => write!(f, "{side} has no {piece}"),
            MoveError::NoPieceThere {
                side,
                piece,
                squares,
            } => write!(
                f,
                "no {side} {piece} stands there: {side}'s {piece}s are on {}",
                squares.join(", ")
            ),
            MoveError::NotYours { piece, noun, owner } => write!(
                f,
                "{piece} is {owner}'s {noun}, and it is not {owner}'s turn"
            ),
            MoveError::OwnPieceThere {
                square,
                side,
                piece,
            } => {
                let piece = piece.as_deref().unwrap_or("piece");
                match side {
                    Some(side) => write!(f, "{square} holds {side}'s own {piece}"),
                    None => write!(f, "{square} holds your own {piece}"),
                }
            }
            MoveError::CannotReach {
                mover,
                from,
                to,
                capture,
            } => {
                let verb = if *capture { "capture on" } else { "move to" };
                match (mover, from) {
                    (Mover::Named(name), Some(from)) => {
                        write!(f, "{name} on {from} cannot {verb} {to}")
                    }
                    (Mover::Named(name), None) => write!(f, "{name} cannot {verb} {to}"),
                    (Mover::Kind { side, kind }, Some(from)) => {
                        write!(f, "no {side} {kind} on {from} can {verb} {to}")
                    }
                    (Mover::Kind { side, kind }, None) => {
                        write!(f, "no {side} {kind} there can {verb} {to}")
                    }
                }
            }
            MoveError::CannotCapture {
                piece,
                victim,
                rule,
            } => write!(f, "{piece} cannot capture {victim}: {rule}"),
            MoveError::KingInCheck {
                side,
                in_check: true,
            } => write!(
                f,
                "{side} is in check, and this move does not get the King out of it"
            ),
            MoveError::KingInCheck {
                side,
                in_check: false,
            } => write!(f, "this move would leave {side}'s King in check"),
            MoveError::Forbidden { rule } => f.write_str(rule),
            MoveError::Ambiguous {
                text,
                side,
                piece,
                to,
                candidates,
            } => write!(
                f,
                "'{text}' is ambiguous: {side} {piece}s can go to {to}; write {}",
                candidates.join(" or ")
            ),
            MoveError::CaptureCompulsory {
                tried,
                captures,
                rule,
            } => write!(
                f,
                "{tried} is not allowed: {rule}; play one of {}",
                captures.join(", ")
            ),
            MoveError::CaptureMark {
                text,
                piece,
                square,
                captures,
                correct,
            } => {
                let what = if *captures {
                    format!("{} captures on {square}", piece.as_deref().unwrap_or("it"))
                } else {
                    format!("there is nothing to capture on {square}")
                };
                match text {
                    Some(text) => write!(f, "'{text}': {what}; write {correct}"),
                    None => write!(f, "{what}: write {correct}"),
                }
            }
            MoveError::WrongSign {
                text,
                does,
                correct,
                from: Some(from),
            } => write!(f, "{text}: wrong sign, {does} ({correct} from {from})"),
            MoveError::WrongSign {
                text,
                does,
                correct,
                from: None,
            } => write!(f, "'{text}': wrong sign, {does}; write {correct}"),
            MoveError::UnearnedSign {
                text,
                sign,
                marks,
                lacks,
            } => write!(f, "{text}: '{sign}' marks {marks}, and this move {lacks}"),
            MoveError::CannotPromote {
                piece,
                into: Some(into),
                on,
                rule,
            } => {
                write!(f, "{piece} cannot become a {into}")?;
                if let Some(on) = on {
                    write!(f, " on {on}")?;
                }
                write!(f, ": {rule}")
            }
            MoveError::CannotPromote {
                piece,
                into: None,
                on,
                rule,
            } => {
                write!(f, "{piece} cannot promote")?;
                match on {
                    Some(on) => write!(f, " on {on}")?,
                    None => f.write_str(" on this move")?,
                }
                write!(f, ": {rule}")
            }
            MoveError::NeverPromotes {
                piece,
                into,
                promoter,
            } => write!(f, "only {promoter} promotes, not a {piece} (to {into})"),
            MoveError::PromotionMissing {
                piece,
                to,
                mark: Some(mark),
            } => write!(f, "{piece}{to} needs '{mark}' here"),
            MoveError::PromotionMissing { to, mark: None, .. } => {
                write!(f, "the move to {to} must name its promotion")
            }
            MoveError::NotLegal { text } => {
                write!(f, "illegal move {text}: not a legal move in this position")
            }
        }
    }
}

impl std::error::Error for MoveError {}

impl MoveError {
    /// Every code [`MoveError::code`] gives, in the order of the variants.
    pub const CODES: [&'static str; 20] = [
        "not_a_move",
        "game_over",
        "not_your_turn",
        "no_such_piece",
        "no_piece_there",
        "not_yours",
        "own_piece_there",
        "cannot_reach",
        "cannot_capture",
        "king_in_check",
        "forbidden",
        "ambiguous",
        "capture_compulsory",
        "capture_mark",
        "wrong_sign",
        "unearned_sign",
        "cannot_promote",
        "never_promotes",
        "promotion_missing",
        "not_legal",
    ];

    /// The cause as a stable, machine-readable word (`"not_your_turn"`,
    /// `"ambiguous"`): what an API client tells refusals apart by, where
    /// the message is for people and may change. One of
    /// [`MoveError::CODES`].
    pub fn code(&self) -> &'static str {
        let i = match self {
            MoveError::NotAMove { .. } => 0,
            MoveError::GameOver { .. } => 1,
            MoveError::NotYourTurn { .. } => 2,
            MoveError::NoSuchPiece { .. } => 3,
            MoveError::NoPieceThere { .. } => 4,
            MoveError::NotYours { .. } => 5,
            MoveError::OwnPieceThere { .. } => 6,
            MoveError::CannotReach { .. } => 7,
            MoveError::CannotCapture { .. } => 8,
            MoveError::KingInCheck { .. } => 9,
            MoveError::Forbidden { .. } => 10,
            MoveError::Ambiguous { .. } => 11,
            MoveError::CaptureCompulsory { .. } => 12,
            MoveError::CaptureMark { .. } => 13,
            MoveError::WrongSign { .. } => 14,
            MoveError::UnearnedSign { .. } => 15,
            MoveError::CannotPromote { .. } => 16,
            MoveError::NeverPromotes { .. } => 17,
            MoveError::PromotionMissing { .. } => 18,
            MoveError::NotLegal { .. } => 19,
        };
        Self::CODES[i]
    }
}

/// Why a position string was refused. Ranks are numbered as on the board.
#[non_exhaustive]
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum PositionError {
    /// Not as many space-separated fields as the game's position string
    /// has.
    FieldCount {
        /// The game (its name).
        game: String,
        /// The fields' names, in order.
        fields: Vec<String>,
        /// How many fields were found.
        found: usize,
    },
    /// The placement does not have as many `/`-separated ranks as the
    /// board.
    RankCount {
        /// What the placement field is called ("board", "placement").
        field: String,
        /// The board's ranks.
        expected: usize,
        /// The ranks found.
        found: usize,
    },
    /// A rank describes more or fewer squares than the board has files.
    RankLength {
        /// The rank.
        rank: u8,
        /// What is counted ("squares", "cells").
        unit: String,
        /// The board's files.
        expected: usize,
        /// What the rank described.
        found: usize,
        /// A reminder of how the placement is written, if any.
        hint: Option<String>,
    },
    /// A character that is none of the things a placement holds.
    BadChar {
        /// The rank it is on.
        rank: u8,
        /// The character.
        found: char,
        /// What may stand there, in words.
        expected: Vec<String>,
    },
    /// A hole's mark (`*`) on a square of the board, on a board whose
    /// holes are its dark squares.
    HoleOnSquare {
        /// The square.
        square: String,
    },
    /// A piece or empty squares where the board has a hole (a dark square).
    SquareOnHole {
        /// The hole.
        square: String,
    },
    /// The same piece twice, in a game whose pieces are all different.
    Duplicate {
        /// What the game calls a piece ("card").
        noun: String,
        /// The piece, as written.
        piece: String,
    },
    /// The side to move is none of the sides.
    UnknownSide {
        /// The field as written.
        text: String,
        /// How the sides are written.
        expected: Vec<String>,
    },
    /// A field that does not read.
    BadField {
        /// The field's name ("castling").
        field: String,
        /// The field as written.
        text: String,
        /// What it may be, in words.
        expected: String,
    },
    /// A counter (quiet plies, move number) that is not a number in range.
    Counter {
        /// The field as written.
        text: String,
    },
    /// A side without exactly one King, in a game where each has one.
    KingCount {
        /// The side, by name.
        side: String,
        /// Its Kings.
        count: u32,
    },
    /// The side that has just moved has no King: only the loser of a
    /// finished game may have none, and a finished game is its turn.
    MoverHasNoKing {
        /// The side, by name.
        side: String,
    },
    /// The side that has just moved stands in check.
    OpponentInCheck {
        /// The side, by name.
        side: String,
    },
    /// A castling right whose pieces are not on their squares.
    CastlingPieces {
        /// The side, by name.
        side: String,
        /// Each piece the right needs and the square it must stand on.
        needs: Vec<(String, String)>,
    },
    /// A position that cannot arise in the game, and why.
    Impossible {
        /// Why, in words.
        why: String,
    },
}

/// `a nor b`, `not a, b or c`: what may stand where a bad character was.
fn none_of(items: &[String]) -> String {
    match items {
        [] => "not allowed".to_string(),
        [one] => format!("not {one}"),
        [a, b] => format!("neither {a} nor {b}"),
        [init @ .., last] => format!("not {} or {last}", init.join(", ")),
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::FieldCount {
                game,
                fields,
                found,
            } => write!(
                f,
                "a {game} position has {} fields ({}), not {found}",
                fields.len(),
                fields.join(", ")
            ),
            PositionError::RankCount {
                field,
                expected,
                found,
            } => write!(
                f,
                "the {field} needs {expected} ranks separated by '/', not {found}"
            ),
            PositionError::RankLength {
                rank,
                unit,
                expected,
                found,
                hint,
            } => {
                write!(f, "rank {rank} describes {found} {unit} instead of {expected}")?;
                match hint {
                    Some(hint) => write!(f, " ({hint})"),
                    None => Ok(()),
                }
            }
            PositionError::BadChar {
                rank,
                found,
                expected,
            } => write!(f, "rank {rank}: '{found}' is {}", none_of(expected)),
            PositionError::HoleOnSquare { square } => write!(
                f,
                "{square} is a light square: it holds a piece or a digit, not '*'"
            ),
            PositionError::SquareOnHole { square } => write!(
                f,
                "{square} is a dark square, a hole: write '*' there (only the light squares exist)"
            ),
            PositionError::Duplicate { noun, piece } => {
                write!(f, "the {noun} {piece} appears twice")
            }
            PositionError::UnknownSide { text, expected } => write!(
                f,
                "the side to move must be {}, not '{text}'",
                expected.join(" or ")
            ),
            PositionError::BadField {
                field,
                text,
                expected,
            } => write!(f, "the {field} field must be {expected}, not '{text}'"),
            PositionError::Counter { text } => write!(f, "'{text}' is not a valid counter"),
            PositionError::KingCount { side, count } => {
                write!(f, "{side} has {count} Kings; each side has exactly one")
            }
            PositionError::MoverHasNoKing { side } => write!(
                f,
                "{side} has no King, yet {side} has just moved (a finished game is the loser's turn)"
            ),
            PositionError::OpponentInCheck { side } => write!(
                f,
                "{side} is in check with the other side to move: {side}'s last move would have been illegal"
            ),
            PositionError::CastlingPieces { side, needs } => {
                let needs: Vec<String> = needs
                    .iter()
                    .map(|(piece, square)| format!("its {piece} on {square}"))
                    .collect();
                write!(f, "{side} may castle only with {}", needs.join(" and "))
            }
            PositionError::Impossible { why } => f.write_str(why),
        }
    }
}

impl std::error::Error for PositionError {}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(text: &str) -> String {
        text.to_string()
    }

    fn strings(items: &[&str]) -> Vec<String> {
        items.iter().map(|t| t.to_string()).collect()
    }

    #[test]
    fn move_errors_read_as_sentences() {
        let cases: Vec<(MoveError, &str)> = vec![
            (
                MoveError::NotAMove {
                    text: s("4C"),
                    game: s("Cardmate"),
                    why: s("too short"),
                    examples: s("4Ci3, 9H:c5, 1Sd5=A"),
                },
                "'4C' is not a Cardmate move: too short (moves look like 4Ci3, 9H:c5, 1Sd5=A)",
            ),
            (MoveError::GameOver { end: None }, "the game is over"),
            (
                MoveError::GameOver {
                    end: Some(s("White checkmated Black")),
                },
                "the game is over: White checkmated Black",
            ),
            (MoveError::NotYourTurn { side: None }, "it is not your turn"),
            (
                MoveError::NotYourTurn {
                    side: Some(s("Black")),
                },
                "it is not Black's turn",
            ),
            (
                MoveError::NoSuchPiece {
                    piece: s("AC"),
                    side: None,
                },
                "there is no AC on the board",
            ),
            (
                MoveError::NoSuchPiece {
                    piece: s("Camel"),
                    side: Some(s("White")),
                },
                "White has no Camel",
            ),
            (
                MoveError::NoPieceThere {
                    side: s("White"),
                    piece: s("Frog"),
                    squares: strings(&["d1", "f1"]),
                },
                "no White Frog stands there: White's Frogs are on d1, f1",
            ),
            (
                MoveError::NotYours {
                    piece: s("4D"),
                    noun: s("card"),
                    owner: s("Rearhand"),
                },
                "4D is Rearhand's card, and it is not Rearhand's turn",
            ),
            (
                MoveError::OwnPieceThere {
                    square: s("d1"),
                    side: Some(s("White")),
                    piece: None,
                },
                "d1 holds White's own piece",
            ),
            (
                MoveError::OwnPieceThere {
                    square: s("i3"),
                    side: None,
                    piece: Some(s("4C")),
                },
                "i3 holds your own 4C",
            ),
            (
                MoveError::CannotReach {
                    mover: Mover::Named(s("the Four of Clubs")),
                    from: Some(s("i2")),
                    to: s("i4"),
                    capture: false,
                },
                "the Four of Clubs on i2 cannot move to i4",
            ),
            (
                MoveError::CannotReach {
                    mover: Mover::Named(s("the Four of Clubs")),
                    from: None,
                    to: s("i4"),
                    capture: true,
                },
                "the Four of Clubs cannot capture on i4",
            ),
            (
                MoveError::CannotReach {
                    mover: Mover::Kind {
                        side: s("White"),
                        kind: s("King"),
                    },
                    from: Some(s("e2")),
                    to: s("d5"),
                    capture: false,
                },
                "no White King on e2 can move to d5",
            ),
            (
                MoveError::CannotReach {
                    mover: Mover::Kind {
                        side: s("Black"),
                        kind: s("Guard"),
                    },
                    from: None,
                    to: s("d5"),
                    capture: true,
                },
                "no Black Guard there can capture on d5",
            ),
            (
                MoveError::CannotCapture {
                    piece: s("3S"),
                    victim: s("7S"),
                    rule: s("a card captures its own suit only if it ranks higher (C2)"),
                },
                "3S cannot capture 7S: a card captures its own suit only if it ranks higher (C2)",
            ),
            (
                MoveError::KingInCheck {
                    side: s("White"),
                    in_check: true,
                },
                "White is in check, and this move does not get the King out of it",
            ),
            (
                MoveError::KingInCheck {
                    side: s("White"),
                    in_check: false,
                },
                "this move would leave White's King in check",
            ),
            (
                MoveError::Forbidden {
                    rule: s("a pawn never captures a pawn (Q7)"),
                },
                "a pawn never captures a pawn (Q7)",
            ),
            (
                MoveError::Ambiguous {
                    text: s("Pc4"),
                    side: s("White"),
                    piece: s("Pawn"),
                    to: s("c4"),
                    candidates: strings(&["Pbc4", "Pdc4"]),
                },
                "'Pc4' is ambiguous: White Pawns can go to c4; write Pbc4 or Pdc4",
            ),
            (
                MoveError::CaptureCompulsory {
                    tried: s("5H:c5"),
                    captures: strings(&["7S:e5", "7S:e3"]),
                    rule: s("a same-suit capture is compulsory (C3)"),
                },
                "5H:c5 is not allowed: a same-suit capture is compulsory (C3); play one of 7S:e5, 7S:e3",
            ),
            (
                MoveError::CaptureMark {
                    text: None,
                    piece: Some(s("QC")),
                    square: s("e6"),
                    captures: true,
                    correct: s("QC:e6+"),
                },
                "QC captures on e6: write QC:e6+",
            ),
            (
                MoveError::CaptureMark {
                    text: None,
                    piece: Some(s("QC")),
                    square: s("e5"),
                    captures: false,
                    correct: s("QCe5"),
                },
                "there is nothing to capture on e5: write QCe5",
            ),
            (
                MoveError::CaptureMark {
                    text: Some(s("Vf7")),
                    piece: None,
                    square: s("f7"),
                    captures: true,
                    correct: s("Vxf7"),
                },
                "'Vf7': it captures on f7; write Vxf7",
            ),
            (
                MoveError::CaptureMark {
                    text: Some(s("Fxa4")),
                    piece: None,
                    square: s("a4"),
                    captures: false,
                    correct: s("Fa4"),
                },
                "'Fxa4': there is nothing to capture on a4; write Fa4",
            ),
            (
                MoveError::WrongSign {
                    text: s("QC:e6×"),
                    does: s("it captures the first King, sign '+'"),
                    correct: s("QC:e6+"),
                    from: Some(s("e4")),
                },
                "QC:e6×: wrong sign, it captures the first King, sign '+' (QC:e6+ from e4)",
            ),
            (
                MoveError::WrongSign {
                    text: s("Fa4+"),
                    does: s("it gives no check"),
                    correct: s("Fa4"),
                    from: None,
                },
                "'Fa4+': wrong sign, it gives no check; write Fa4",
            ),
            (
                MoveError::UnearnedSign {
                    text: s("QCe5#"),
                    sign: '#',
                    marks: s("a palace conquest"),
                    lacks: s("conquers no palace"),
                },
                "QCe5#: '#' marks a palace conquest, and this move conquers no palace",
            ),
            (
                MoveError::CannotPromote {
                    piece: s("1S"),
                    into: None,
                    on: None,
                    rule: s("a One promotes only when it enters the opponent's half"),
                },
                "1S cannot promote on this move: a One promotes only when it enters the opponent's half",
            ),
            (
                MoveError::CannotPromote {
                    piece: s("1S"),
                    into: None,
                    on: Some(s("d3")),
                    rule: s("d3 is in its own half"),
                },
                "1S cannot promote on d3: d3 is in its own half",
            ),
            (
                MoveError::CannotPromote {
                    piece: s("a pawn"),
                    into: Some(s("Camel")),
                    on: Some(s("a4")),
                    rule: s("not in its last three ranks (Q7)"),
                },
                "a pawn cannot become a Camel on a4: not in its last three ranks (Q7)",
            ),
            (
                MoveError::CannotPromote {
                    piece: s("a pawn"),
                    into: Some(s("King")),
                    on: None,
                    rule: s("nothing becomes a King"),
                },
                "a pawn cannot become a King: nothing becomes a King",
            ),
            (
                MoveError::NeverPromotes {
                    piece: s("Frog"),
                    into: s("Camel"),
                    promoter: s("a pawn"),
                },
                "only a pawn promotes, not a Frog (to Camel)",
            ),
            (
                MoveError::PromotionMissing {
                    piece: s("1S"),
                    to: s("d5"),
                    mark: Some(s("=A")),
                },
                "1Sd5 needs '=A' here",
            ),
            (
                MoveError::PromotionMissing {
                    piece: s("Pawn"),
                    to: s("d9"),
                    mark: None,
                },
                "the move to d9 must name its promotion",
            ),
            (
                MoveError::NotLegal { text: s("Move(3)") },
                "illegal move Move(3): not a legal move in this position",
            ),
        ];
        let mut codes = std::collections::BTreeSet::new();
        for (error, want) in cases {
            assert_eq!(error.to_string(), want, "{error:?}");
            codes.insert(error.code());
        }
        // Every variant is among the cases, and each has its own code.
        let all: std::collections::BTreeSet<_> = MoveError::CODES.into_iter().collect();
        assert_eq!(all.len(), MoveError::CODES.len(), "a code given twice");
        assert_eq!(codes, all);
        assert!(all
            .iter()
            .all(|c| !c.is_empty() && c.bytes().all(|b| b.is_ascii_lowercase() || b == b'_')));
    }

    #[test]
    fn position_errors_read_as_sentences() {
        let cases: Vec<(PositionError, &str)> = vec![
            (
                PositionError::FieldCount {
                    game: s("Cardmate"),
                    fields: strings(&["board", "side", "quiet plies", "move number"]),
                    found: 3,
                },
                "a Cardmate position has 4 fields (board, side, quiet plies, move number), not 3",
            ),
            (
                PositionError::RankCount {
                    field: s("placement"),
                    expected: 9,
                    found: 1,
                },
                "the placement needs 9 ranks separated by '/', not 1",
            ),
            (
                PositionError::RankLength {
                    rank: 0,
                    unit: s("squares"),
                    expected: 10,
                    found: 11,
                    hint: None,
                },
                "rank 0 describes 11 squares instead of 10",
            ),
            (
                PositionError::RankLength {
                    rank: 9,
                    unit: s("cells"),
                    expected: 9,
                    found: 8,
                    hint: Some(s("holes are written '*'")),
                },
                "rank 9 describes 8 cells instead of 9 (holes are written '*')",
            ),
            (
                PositionError::BadChar {
                    rank: 3,
                    found: 'x',
                    expected: strings(&["a card", "a count of empty squares"]),
                },
                "rank 3: 'x' is neither a card nor a count of empty squares",
            ),
            (
                PositionError::BadChar {
                    rank: 9,
                    found: 'x',
                    expected: strings(&["'*'", "a count of empty squares", "a piece letter"]),
                },
                "rank 9: 'x' is not '*', a count of empty squares or a piece letter",
            ),
            (
                PositionError::BadChar {
                    rank: 1,
                    found: 'x',
                    expected: strings(&["a piece letter"]),
                },
                "rank 1: 'x' is not a piece letter",
            ),
            (
                PositionError::BadChar {
                    rank: 1,
                    found: 'x',
                    expected: Vec::new(),
                },
                "rank 1: 'x' is not allowed",
            ),
            (
                PositionError::HoleOnSquare { square: s("b9") },
                "b9 is a light square: it holds a piece or a digit, not '*'",
            ),
            (
                PositionError::SquareOnHole { square: s("a9") },
                "a9 is a dark square, a hole: write '*' there (only the light squares exist)",
            ),
            (
                PositionError::Duplicate {
                    noun: s("card"),
                    piece: s("4C"),
                },
                "the card 4C appears twice",
            ),
            (
                PositionError::UnknownSide {
                    text: s("x"),
                    expected: strings(&["w", "b"]),
                },
                "the side to move must be w or b, not 'x'",
            ),
            (
                PositionError::BadField {
                    field: s("castling"),
                    text: s("CC"),
                    expected: s("'-' or some of 'C' (White) and 'c' (Black)"),
                },
                "the castling field must be '-' or some of 'C' (White) and 'c' (Black), not 'CC'",
            ),
            (
                PositionError::Counter { text: s("-1") },
                "'-1' is not a valid counter",
            ),
            (
                PositionError::KingCount {
                    side: s("Black"),
                    count: 0,
                },
                "Black has 0 Kings; each side has exactly one",
            ),
            (
                PositionError::MoverHasNoKing { side: s("Forehand") },
                "Forehand has no King, yet Forehand has just moved (a finished game is the loser's turn)",
            ),
            (
                PositionError::OpponentInCheck { side: s("White") },
                "White is in check with the other side to move: White's last move would have been illegal",
            ),
            (
                PositionError::CastlingPieces {
                    side: s("White"),
                    needs: vec![(s("King"), s("e1")), (s("Camel"), s("h1"))],
                },
                "White may castle only with its King on e1 and its Camel on h1",
            ),
            (
                PositionError::Impossible {
                    why: s("the One and the Ace of C are both on the board"),
                },
                "the One and the Ace of C are both on the board",
            ),
        ];
        for (error, want) in cases {
            assert_eq!(error.to_string(), want, "{error:?}");
        }
    }

    #[test]
    fn errors_are_std_errors() {
        fn is_error<E: std::error::Error + Clone + Eq + Send + Sync + 'static>(_: &E) {}
        is_error(&MoveError::GameOver { end: None });
        is_error(&PositionError::Counter { text: s("x") });
    }
}
