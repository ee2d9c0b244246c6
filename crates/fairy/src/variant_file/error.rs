//! Why a variant file is refused, and where.

use crate::rules::RuleError;
use deckmate_betza::BetzaError;
use std::fmt;

/// A place in the file: line and column, both from 1; the column counts
/// characters, not bytes.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub struct Location {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1, in characters.
    pub column: usize,
}

impl Location {
    /// The line and column of the byte `offset` of `text` (clamped to the
    /// text; an offset inside a character counts as that character).
    pub fn of(text: &str, offset: usize) -> Location {
        let mut offset = offset.min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let before = text.get(..offset).unwrap_or("");
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        Location {
            line: before.matches('\n').count() + 1,
            column: before.get(line_start..).map_or(0, |s| s.chars().count()) + 1,
        }
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// A refused variant file: where (when the file's text tells) and what.
/// `Display` gives both: `line 12, column 9: piece 'Gryffon': ...`.
#[derive(Clone, PartialEq, Debug)]
pub struct VariantError {
    /// Where in the file; `None` when the problem is no one place's (a key
    /// that is missing altogether).
    pub at: Option<Location>,
    /// What is wrong.
    pub problem: Problem,
}

impl fmt::Display for VariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.at {
            Some(at) => write!(f, "{at}: {}", self.problem),
            None => write!(f, "{}", self.problem),
        }
    }
}

impl std::error::Error for VariantError {}

/// What is wrong with a variant file: one variant per cause, carrying what
/// the message needs. Side names are "White" and "Black".
#[non_exhaustive]
#[derive(Clone, PartialEq, Debug)]
pub enum Problem {
    /// Not TOML, or TOML that does not fit the format: a misspelt or unknown
    /// key, a value of the wrong type, a missing key. The message is the
    /// TOML reader's.
    Toml(String),
    /// The name is empty or has control characters.
    BadName {
        /// What the name is of ("the variant", "piece 3").
        what: String,
    },
    /// A `[weights]` value beyond [`crate::eval::MAX_WEIGHT`] either way.
    Weight {
        /// The weight's name.
        key: &'static str,
        /// What was written.
        value: i64,
    },
    /// Files or ranks outside 1..=16.
    BoardSize {
        /// Files given.
        files: i64,
        /// Ranks given.
        ranks: i64,
    },
    /// `holes` is a word other than "dark" and "light".
    HolePattern(String),
    /// A text that should name a square does not.
    BadSquare {
        /// What the square is ("hole", "castling square 'to'").
        what: String,
        /// The text.
        text: String,
    },
    /// A square that is not on the board (outside it, or a hole where a
    /// square is needed).
    OffBoard {
        /// What the square is.
        what: String,
        /// Its name.
        square: String,
        /// Why it is not there ("is not on the 8x8 board", "is a hole").
        why: String,
    },
    /// A hole listed twice.
    DuplicateHole(String),
    /// The file has no `[[piece]]`.
    NoPieces,
    /// Two pieces with one name (letter case aside).
    DuplicateName(String),
    /// A piece's letter is not one letter of the kind asked for.
    BadLetter {
        /// The piece.
        piece: String,
        /// The key (`letter` or `black_letter`).
        key: &'static str,
        /// What was written.
        text: String,
    },
    /// One letter for two pieces (or both sides of one piece).
    DuplicateLetter {
        /// The letter.
        letter: char,
        /// The piece that has it first.
        first: String,
        /// The piece that has it again.
        second: String,
    },
    /// A piece's XBetza that `deckmate-betza` refuses: the byte position in
    /// the XBetza text and the reason are in `error`.
    Betza {
        /// The piece.
        piece: String,
        /// Its XBetza text.
        text: String,
        /// The reader's error: byte position and reason.
        error: BetzaError,
    },
    /// A piece that cannot move from any square of the board.
    NoMoves {
        /// The piece.
        piece: String,
        /// Its XBetza text.
        text: String,
        /// The side whose piece it is.
        side: &'static str,
    },
    /// A value hint that is not a number from 0 to 1000.
    BadValue {
        /// The piece.
        piece: String,
        /// The value given.
        value: f64,
    },
    /// No piece has `kind = "royal"`.
    NoRoyal,
    /// A name that is no piece of the file.
    UnknownPiece {
        /// The name given.
        name: String,
        /// Where it was used ("promotion choice", "castling partner").
        used_as: &'static str,
        /// The pieces there are.
        pieces: Vec<String>,
    },
    /// A name listed twice where once is meant.
    Repeated {
        /// What the list is ("promotion choice").
        what: &'static str,
        /// The name or word.
        name: String,
    },
    /// A piece that cannot serve where it is named.
    WrongKind {
        /// The piece.
        piece: String,
        /// Where it was named and why it cannot be ("a promotion choice
        /// cannot be a pawn").
        why: String,
    },
    /// `[promotion]` with no pawn in the variant.
    NoPawns,
    /// `[promotion]` with an empty list of choices.
    NoChoices,
    /// A promotion zone outside 1..=ranks.
    PromotionZone {
        /// The zone given.
        zone: i64,
        /// The board's ranks.
        ranks: u8,
    },
    /// A castling rule that cannot be played.
    Castling(String),
    /// An n-move rule outside 0..=1000.
    MoveRule(i64),
    /// An n-move rule that nothing resets.
    NoResets,
    /// A repetition count outside 0 and 2..=10.
    Repetition(i64),
    /// The setup has too few or too many fields.
    SetupFields(usize),
    /// The setup's placement has a wrong number of ranks.
    SetupRanks {
        /// The board's ranks.
        expected: u8,
        /// Ranks written.
        found: usize,
    },
    /// A rank of the setup describes too few or too many squares.
    SetupRankLength {
        /// The rank, from 1.
        rank: u8,
        /// The board's files.
        expected: u8,
        /// Cells written.
        found: usize,
    },
    /// A character of the placement that is neither a piece letter, a
    /// digit, `*` nor `/`.
    SetupCharacter {
        /// The character.
        ch: char,
        /// The rank it is on, from 1.
        rank: u8,
    },
    /// A letter of the placement that is no piece's.
    SetupLetter {
        /// The letter.
        letter: char,
        /// The square it stands for.
        square: String,
    },
    /// A run of empty squares written `0`, or that crosses a hole.
    SetupRun {
        /// The run as written.
        run: String,
        /// The rank, from 1.
        rank: u8,
        /// Why it is wrong.
        why: String,
    },
    /// A `*` where the board has a square.
    SetupNotAHole(String),
    /// A piece or an empty run on a hole of the board (write `*`).
    SetupOnHole(String),
    /// The side to move is not `w` or `b`.
    SetupSide(String),
    /// The castling field is wrong.
    SetupCastling {
        /// The field.
        text: String,
        /// Why.
        why: String,
    },
    /// The en passant field is wrong.
    SetupEnPassant {
        /// The field.
        text: String,
        /// Why.
        why: String,
    },
    /// A counter that is not a number in range.
    SetupCounter {
        /// Which ("quiet plies", "move number").
        field: &'static str,
        /// The text.
        text: String,
    },
    /// A side without a royal piece in the setup.
    RoyalMissing {
        /// The side.
        side: &'static str,
        /// The royal pieces of the variant.
        royals: Vec<String>,
    },
    /// A side with more than one royal piece when the goal is checkmate.
    RoyalCount {
        /// The side.
        side: &'static str,
        /// How many it has.
        count: usize,
    },
    /// An entry of `insufficient` that is not a pair of two sides'
    /// material: how many items it has.
    InsufficientPair(usize),
    /// A side's material in `insufficient` that cannot be one.
    InsufficientMaterial {
        /// The material as written.
        text: String,
        /// Why ("'X' is not a piece's letter ...").
        why: String,
    },
    /// A piece in `insufficient_one_colour` that cannot be there.
    OneColour {
        /// The letter as written.
        letter: String,
        /// Why.
        why: String,
    },
    /// The file says something the fairy core cannot play (the module's
    /// notes list what): it is refused, never dropped.
    Unsupported {
        /// The key that says it (`"black_letter"`, `"win"`,
        /// `"promotion.compulsory"`, ...).
        key: &'static str,
        /// What the file says and why it cannot be played.
        why: String,
    },
    /// The core refused the variant read (a check the reader does not
    /// make itself).
    Rules(RuleError),
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::Toml(m) => write!(f, "{m}"),
            Problem::BadName { what } => {
                write!(f, "{what} needs a name: not empty, no control characters, at most 64 characters")
            }
            Problem::BoardSize { files, ranks } => write!(
                f,
                "a board of {files}x{ranks} is not supported: files and ranks go from 1 to 16"
            ),
            Problem::HolePattern(w) => write!(
                f,
                "holes = \"{w}\": write \"dark\", \"light\" or a list of squares such as [\"d4\", \"e5\"]"
            ),
            Problem::BadSquare { what, text } => write!(
                f,
                "{what} '{text}' is not a square name (a file letter a-p, then the rank from 1)"
            ),
            Problem::OffBoard { what, square, why } => write!(f, "{what} {square} {why}"),
            Problem::DuplicateHole(s) => write!(f, "hole {s} is listed twice"),
            Problem::NoPieces => write!(
                f,
                "the file has no pieces: give each in a [[piece]] table (name, letter, betza, kind)"
            ),
            Problem::DuplicateName(n) => write!(f, "two pieces are named '{n}'"),
            Problem::BadLetter { piece, key, text } => {
                let want = if *key == "letter" {
                    "one upper-case letter A-Z (White's; Black's is its lower case)"
                } else {
                    "one letter a-z or A-Z"
                };
                write!(f, "piece '{piece}': {key} \"{text}\" must be {want}")
            }
            Problem::DuplicateLetter {
                letter,
                first,
                second,
            } => {
                if first == second {
                    write!(f, "piece '{first}' has the letter '{letter}' for both sides")
                } else {
                    write!(
                        f,
                        "letter '{letter}' is used by both '{first}' and '{second}'"
                    )
                }
            }
            Problem::Betza { piece, text, error } => {
                let full = error.to_string();
                let reason = full.split_once(": ").map_or(full.as_str(), |(_, r)| r);
                let ch = text
                    .get(error.at..)
                    .and_then(|s| s.chars().next())
                    .map(|c| format!(" ('{c}')"))
                    .unwrap_or_default();
                // A text over the length limit is quoted by its start.
                let text = quoted(text);
                write!(
                    f,
                    "piece '{piece}': XBetza \"{text}\", byte {}{ch}: {reason}",
                    error.at
                )
            }
            Problem::NoMoves { piece, text, side } => write!(
                f,
                "piece '{piece}' (\"{text}\") has no move from any square of this board ({side}'s)"
            ),
            Problem::BadValue { piece, value } => write!(
                f,
                "piece '{piece}': value {value} must be a number of pawns from 0 to 1000"
            ),
            Problem::NoRoyal => write!(
                f,
                "no piece is royal: give the piece that wins the game (the King) kind = \"royal\""
            ),
            Problem::UnknownPiece {
                name,
                used_as,
                pieces,
            } => write!(
                f,
                "{used_as} '{name}' is not a piece of this variant (its pieces: {})",
                pieces.join(", ")
            ),
            Problem::Repeated { what, name } => write!(f, "{what} '{name}' is listed twice"),
            Problem::WrongKind { piece, why } => write!(f, "'{piece}': {why}"),
            Problem::NoPawns => write!(
                f,
                "[promotion] is given but no piece has kind = \"pawn\" (only pawns promote)"
            ),
            Problem::NoChoices => write!(f, "promotion choices are empty: name the pieces a pawn may become"),
            Problem::PromotionZone { zone, ranks } => write!(
                f,
                "promotion zone {zone} must be from 1 to the board's {ranks} ranks"
            ),
            Problem::Castling(why) => write!(f, "castling: {why}"),
            Problem::MoveRule(n) => write!(
                f,
                "move_rule = {n}: write the n of the n-move rule, 1 to 1000, or 0 for none"
            ),
            Problem::NoResets => write!(
                f,
                "the n-move rule has nothing that resets it: list some of \"capture\", \"pawn\", \"promotion\" in resets, or set move_rule = 0"
            ),
            Problem::Repetition(n) => write!(
                f,
                "repetition = {n}: write how many times a position must stand for a draw, 2 to 10, or 0 for never"
            ),
            Problem::SetupFields(n) => write!(
                f,
                "the setup has {n} field{}; it takes 2 to 6: placement, side to move, castling, en passant, quiet plies, move number",
                if *n == 1 { "" } else { "s" }
            ),
            Problem::SetupRanks { expected, found } => write!(
                f,
                "the setup's placement has {found} ranks separated by '/'; the board has {expected}"
            ),
            Problem::SetupRankLength {
                rank,
                expected,
                found,
            } => write!(
                f,
                "rank {rank} of the setup has {found} squares; the board has {expected} files (holes are written '*')"
            ),
            Problem::SetupCharacter { ch, rank } => write!(
                f,
                "rank {rank} of the setup: '{ch}' is not a piece letter, a number of empty squares or '*'"
            ),
            Problem::SetupLetter { letter, square } => {
                write!(f, "the setup puts '{letter}' on {square}, but no piece has that letter")
            }
            Problem::SetupRun { run, rank, why } => {
                write!(f, "rank {rank} of the setup: '{run}' {why}")
            }
            Problem::SetupNotAHole(sq) => write!(
                f,
                "the setup has '*' on {sq}, but {sq} is not a hole of the board"
            ),
            Problem::SetupOnHole(sq) => {
                write!(f, "{sq} is a hole of the board: the setup must write '*' there")
            }
            Problem::SetupSide(s) => write!(f, "side to move '{s}': write 'w' or 'b'"),
            Problem::SetupCastling { text, why } => {
                write!(f, "the setup's castling field '{text}': {why}")
            }
            Problem::SetupEnPassant { text, why } => {
                write!(f, "the setup's en passant field '{text}': {why}")
            }
            Problem::SetupCounter { field, text } => write!(
                f,
                "the setup's {field} '{text}' is not a number in range"
            ),
            Problem::RoyalMissing { side, royals } => write!(
                f,
                "{side} has no royal piece in the setup (royal: {})",
                royals.join(", ")
            ),
            Problem::RoyalCount { side, count } => write!(
                f,
                "{side} has {count} royal pieces; checkmate needs exactly one per side (for several, write win = \"extinction\" or \"capture\")"
            ),
            Problem::InsufficientPair(n) => write!(
                f,
                "insufficient: each entry is a pair of the two sides' material, such as [\"KN\", \"K\"]; this one has {n} item{}",
                if *n == 1 { "" } else { "s" }
            ),
            Problem::InsufficientMaterial { text, why } => {
                write!(f, "insufficient material \"{text}\": {why}")
            }
            Problem::OneColour { letter, why } => {
                write!(f, "insufficient_one_colour \"{letter}\": {why}")
            }
            Problem::Weight { key, value } => write!(
                f,
                "weight `{key}` = {value}: a weight goes from -{max} to {max}",
                max = crate::eval::MAX_WEIGHT
            ),
            Problem::Unsupported { key, why } => {
                write!(f, "`{key}`: not supported by the fairy core: {why}")
            }
            Problem::Rules(e) => write!(f, "the rules do not build: {e}"),
        }
    }
}

/// An XBetza text as a message quotes it: at most 40 characters, then "...".
fn quoted(text: &str) -> String {
    const MAX: usize = 40;
    if text.chars().count() <= MAX {
        text.to_string()
    } else {
        format!("{}...", text.chars().take(MAX).collect::<String>())
    }
}
