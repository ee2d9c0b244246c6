//! The keys of a game's part of a view ([`super::PlayedGame::view`]), each
//! with the one JSON type and the one meaning it has in every game: the
//! shared vocabulary of the board games ([`COMMON_VIEW_KEYS`]) and each
//! game's own ([`super::GameEntry::view_keys`]). The server publishes
//! them in its schema of the views; a test holds every view to them.

/// One key of a game's part of a view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ViewKey {
    /// The key.
    pub key: &'static str,
    /// Its JSON types, `|`-separated (`object|null`).
    pub kind: &'static str,
    /// What it means.
    pub meaning: &'static str,
}

/// The keys every game may use, with one meaning each.
pub const COMMON_VIEW_KEYS: &[ViewKey] = &[
    ViewKey {
        key: "board",
        kind: "object|null",
        meaning: "the board's shape: files, ranks, rank_base, holes (squares that do not exist), regions (named areas drawn on the board: palaces, the drawn card's squares), piece_style, choice_question (the question when one click fits several moves), card_words (how cards' ranks and suits read: names, faces), must_label (what a piece that must capture is called to a screen reader)",
    },
    ViewKey {
        key: "pieces",
        kind: "array",
        meaning: "the pieces on the board: square, label, owner (a seat), and the game's drawing details",
    },
    ViewKey {
        key: "last",
        kind: "object|null",
        meaning: "the last move's squares (from, to), marked on the board",
    },
    ViewKey {
        key: "zones",
        kind: "array",
        meaning: "areas of cards off the board (hands, sacrifice piles, the table, a trick): each with its kind, title and cards",
    },
    ViewKey {
        key: "panels",
        kind: "array",
        meaning: "the panels a client shows with the board, each by its kind (cards, drawn-card, chance, arrangement, hands: one module of the web client each) with the game's words for it",
    },
    ViewKey {
        key: "facts",
        kind: "array",
        meaning: "label and value pairs shown beside the board",
    },
    ViewKey {
        key: "prompt",
        kind: "string",
        meaning: "who is to act, in words",
    },
    ViewKey {
        key: "turn_note",
        kind: "string",
        meaning: "what the seat to act must know about this turn, in words (a compulsory capture, what the drawn card allows)",
    },
    ViewKey {
        key: "check",
        kind: "boolean",
        meaning: "whether the side to move is in check",
    },
    ViewKey {
        key: "check_square",
        kind: "string",
        meaning: "the square of a royal in check or mated",
    },
    ViewKey {
        key: "end_mark",
        kind: "string|null",
        meaning: "once a game ends by checkmate or by a royal's capture, the square marked on the final position: the mated royal's, or where the royal was taken (the capturer stands there); null otherwise, and where the game cannot tell",
    },
    ViewKey {
        key: "position",
        kind: "string",
        meaning: "the position string",
    },
    ViewKey {
        key: "seed",
        kind: "integer",
        meaning: "the seed of the deal or setup, where it is no secret",
    },
];
