//! The views the server sends, as types: what `GET /api/games/{id}`, the
//! game's WebSocket and the lobby's list answer. The common part is built
//! here as [`GameView`]; the game's own part ([`GamePart`]: the board, the
//! pieces, the cards, facts...) is the game's, flattened into it. Both are
//! described by one JSON Schema, `GET /api/schema` ([`schema`]), derived
//! from these types, with the protocol's version ([`PROTOCOL`]), which
//! every view carries: a client checks it once and knows every key.

use deckmate_games::list::Catalog;
use deckmate_games::registry::{ViewKey, COMMON_VIEW_KEYS};
use schemars::{json_schema, JsonSchema, Schema, SchemaGenerator};
use serde::Serialize;
use serde_json::{json, Map, Value};
use std::borrow::Cow;

/// The version of the views' protocol: raised when a key changes its
/// meaning or goes away (a key added keeps it).
pub const PROTOCOL: u32 = 1;

/// A game as one seat (or a spectator) may see it.
#[derive(Debug, Serialize, JsonSchema)]
pub struct GameView {
    /// The protocol's version ([`PROTOCOL`]).
    pub protocol: u32,
    /// The game's id (12 hex digits).
    pub id: String,
    /// The game's key (`cardmate`).
    pub variant: String,
    /// The game's name (`Cardmate`).
    pub title: String,
    /// Where its rules are: `/api/rules/{key}`.
    pub rules: String,
    /// The two seats, first seat first.
    pub seats: Vec<SeatView>,
    /// The asking seat (0 or 1), `null` for a spectator.
    pub you: Option<usize>,
    /// The one seat to move, `null` when none is (the game is over, both
    /// act at once, or chance acts).
    pub to_move: Option<usize>,
    /// Every seat that acts now (both in a simultaneous phase).
    pub acting: Vec<usize>,
    /// The asking seat's legal moves (none for a spectator or another's
    /// turn).
    pub moves: Vec<LegalMove>,
    /// The moves played, as the asking seat may see them, in the game's
    /// notation.
    pub history: Vec<String>,
    /// The move list's lines.
    pub lines: Vec<MoveLineView>,
    /// The ply shown (`plies` unless an earlier one was asked for).
    pub ply: usize,
    /// The plies played.
    pub plies: usize,
    /// The seat offering a draw.
    pub draw_offer: Option<usize>,
    /// The seat that declined the last draw offer.
    pub draw_declined: Option<usize>,
    /// The seat offering a rematch.
    pub rematch_offer: Option<usize>,
    /// The seat that declined the rematch.
    pub rematch_declined: Option<usize>,
    /// The rematch made, once accepted.
    pub rematch: Option<RematchView>,
    /// To a seat: whether the other player has come.
    pub opponent_joined: Option<bool>,
    /// Why the record is withheld now (a secret still to come), if it is.
    pub record_withheld: Option<&'static str>,
    /// The end, once the game is over.
    pub result: Option<ResultView>,
    /// A rated game.
    pub rated: bool,
    /// What the game did to the players' ratings, once over (rated games).
    pub rating_change: Option<RatingChangeView>,
    /// The engine's seat and level, in a game against it.
    pub engine: Option<EngineView>,
    /// A notice from the server (a move it is retrying to store).
    pub notice: Option<String>,
    /// The clocks, in a game with a time control.
    pub clock: Option<ClockView>,
    /// The seat asking for a takeback.
    pub takeback_offer: Option<usize>,
    /// The chat, to the seats only (a spectator sees none: `null`).
    pub chat: Option<Vec<ChatLine>>,
    /// To a seat: whether it may abort the game now (until both seats
    /// have made their first move; an aborted game has no result).
    pub can_abort: bool,
    /// To a seat: in how many milliseconds it may claim the game
    /// abandoned by the other (`POST /api/games/{id}/claim`): 0 now,
    /// `null` while the other is here, not to move, or the game has no
    /// such claim (correspondence, against the engine, before both first
    /// moves).
    pub claimable_in_ms: Option<u64>,
    /// The game's own part.
    #[serde(flatten)]
    pub game: GamePart,
}

/// A position on the analysis board (`POST /api/analysis/view`): the
/// view of the side to act, both seats' moves where both act, chance's
/// moves where the player picks the card.
#[derive(Debug, Serialize, JsonSchema)]
pub struct BoardView {
    /// The protocol's version ([`PROTOCOL`]).
    pub protocol: u32,
    /// The game's key.
    pub variant: String,
    /// The game's name.
    pub title: String,
    /// The two seats (each played by its own name).
    pub seats: Vec<SeatView>,
    /// The seat the view is built for: the first acting.
    pub you: Option<usize>,
    /// The one seat to move.
    pub to_move: Option<usize>,
    /// Every seat that acts now.
    pub acting: Vec<usize>,
    /// The legal moves of every seat acting.
    pub moves: Vec<LegalMove>,
    /// Chance's outcomes to choose from (a card to draw), where chance
    /// acts on a board without a seed.
    pub chance_moves: Vec<String>,
    /// The moves played on the board.
    pub history: Vec<String>,
    /// The move list's lines.
    pub lines: Vec<MoveLineView>,
    /// The plies played.
    pub plies: usize,
    /// The ply shown (always the last).
    pub ply: usize,
    /// The end, where the board's position is over.
    pub result: Option<ResultView>,
    /// The game's own part.
    #[serde(flatten)]
    pub game: GamePart,
}

/// One seat.
#[derive(Debug, Serialize, JsonSchema)]
pub struct SeatView {
    /// Its key in requests (`forehand`).
    pub key: &'static str,
    /// Its name shown (`Forehand`).
    pub name: &'static str,
    /// Who plays it (a nickname, `Player`, `deckmate level 4`).
    pub player: String,
    /// Whether its player's page is open now (a live view of the game);
    /// always for the engine's seat.
    pub present: bool,
    /// The account (its username's key) the seat belongs to, if any: its
    /// profile is `/@/{account}`.
    pub account: Option<String>,
    /// A bot's account.
    pub bot: bool,
}

/// What a rated game did to its players' ratings.
#[derive(Debug, Serialize, JsonSchema)]
pub struct RatingChangeView {
    /// Each seat's rating change, as shown (rounded).
    pub diff: Vec<i64>,
    /// Each seat's rating after the game, rounded.
    pub after: Vec<i64>,
}

impl RatingChangeView {
    /// The change as stored ([`crate::db::accounts::rate`]).
    pub fn from_stored(text: &str) -> Option<RatingChangeView> {
        let v: Value = serde_json::from_str(text).ok()?;
        let ints = |k: &str, f: &dyn Fn(&Value) -> Option<i64>| -> Option<Vec<i64>> {
            v.get(k)?.as_array()?.iter().map(f).collect()
        };
        Some(RatingChangeView {
            diff: ints("diff", &Value::as_i64)?,
            after: ints("after", &|p| p.get(0)?.as_f64().map(|r| r.round() as i64))?,
        })
    }
}

/// A legal move: its text and what the client matches clicks against.
#[derive(Debug, Serialize)]
#[serde(transparent)]
pub struct LegalMove(pub Value);

impl JsonSchema for LegalMove {
    fn schema_name() -> Cow<'static, str> {
        "LegalMove".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "type": "object",
            "description": "A legal move: `text` in the game's notation, and what a click matches: `from`/`to` squares, `card`/`sacrifice` ids of cards in regions, `drop` for a piece from the hand, `choice` (the label of a button when one click fits several moves), and each game's details",
            "required": ["text"],
            "properties": {
                "text": { "type": "string", "description": "the move in the game's notation" },
                "from": { "type": ["string", "null"], "description": "the square left" },
                "to": { "type": ["string", "null"], "description": "the square reached" },
                "choice": { "type": ["string", "null"], "description": "the button's label when one click fits several moves" }
            }
        })
    }
}

/// One line of the move list.
#[derive(Debug, Serialize, JsonSchema)]
pub struct MoveLineView {
    /// A heading shown before it (`Game 2`, `Arrangements`).
    pub heading: Option<String>,
    /// Its label (`1.`).
    pub label: String,
    /// The plies on it (indices into `history`).
    pub plies: Vec<usize>,
}

/// The rematch made.
#[derive(Debug, Serialize, JsonSchema)]
pub struct RematchView {
    /// The new game's id.
    pub id: String,
    /// The asking seat's seat in the new game (the seats swap).
    pub you: Option<usize>,
    /// The asking seat's token in the new game.
    pub token: Option<String>,
}

/// How a game ended.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ResultView {
    /// `1-0`, `0-1` or `1/2-1/2`; `*` for an aborted game.
    pub result: &'static str,
    /// Whether the game was aborted: no result, no winner, no draw.
    pub aborted: bool,
    /// Why, in words.
    pub reason: String,
    /// The winner's seat, `null` for a draw.
    pub winner: Option<usize>,
    /// The seats' points in a game scored in points (Chess Cards' match
    /// totals), first seat first.
    pub points: Option<[u32; 2]>,
}

/// The engine of a game against it.
#[derive(Debug, Serialize, JsonSchema)]
pub struct EngineView {
    /// Its seat.
    pub seat: usize,
    /// Its level, 1-8.
    pub level: u8,
}

/// The clocks.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ClockView {
    /// Each seat's time at the start, in milliseconds.
    pub initial_ms: u64,
    /// The time added after each move, in milliseconds.
    pub increment_ms: u64,
    /// Each seat's time left now, in milliseconds.
    pub remaining_ms: [u64; 2],
    /// The seat whose clock runs.
    pub running: Option<usize>,
    /// A correspondence game's days a move (its time resets to them after
    /// every move), `null` otherwise.
    pub correspondence_days: Option<u8>,
}

/// One chat message.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ChatLine {
    /// Its writer's seat.
    pub seat: usize,
    /// Its text.
    pub text: String,
}

/// The game's own part of a view, as the game builds it
/// ([`PlayedGame::view`](deckmate_games::registry::PlayedGame::view)),
/// with `last`, `board` and `zones` always present. Its keys are the
/// games' ([`COMMON_VIEW_KEYS`] and each entry's `view_keys`): [`schema`]
/// adds them, from the catalog the server offers.
#[derive(Debug, Serialize)]
#[serde(transparent)]
pub struct GamePart(pub Map<String, Value>);

impl JsonSchema for GamePart {
    fn schema_name() -> Cow<'static, str> {
        "GamePart".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "type": "object",
            "description": "The game's own part of the view, flattened into it: its keys are listed with the view's",
        })
    }
}

/// A line of the lobby's list of games.
#[derive(Debug, Serialize, JsonSchema)]
pub struct GameLine {
    /// The game's id.
    pub id: String,
    /// Its key.
    pub variant: String,
    /// Its name.
    pub title: String,
    /// Plies played.
    pub plies: usize,
    /// Where it stands, in a few words.
    pub progress: String,
    /// The seat to move.
    pub to_move: Option<usize>,
    /// That seat's name.
    pub to_move_name: Option<String>,
    /// `1-0`, `0-1` or `1/2-1/2` once over, `*` when aborted.
    pub result: Option<String>,
    /// Why it ended.
    pub reason: Option<String>,
    /// `friend` or `engine level N`.
    pub opponent: String,
    /// Who plays each seat, with the seat's name: `Ann (White)`,
    /// `deckmate level 4 (Black)`, `Player (White)` for one without a
    /// nickname.
    pub players: Vec<String>,
    /// When it was made, in seconds since 1970.
    pub created: i64,
}

/// The schema of the views (`GET /api/schema`) of the games in
/// `catalog`: the game's view and the analysis board's (the common keys, then every key a game's
/// part may hold, each with its one type and meaning, and the games that
/// use it) and the lobby's line, with the protocol's version. A key two
/// games declare with different types or meanings is listed under
/// `conflicts` (a test holds that list empty).
pub fn schema(catalog: &Catalog) -> Value {
    let mut view = serde_json::to_value(schemars::schema_for!(GameView)).unwrap_or(Value::Null);
    let line = schemars::schema_for!(GameLine);
    let mut board = serde_json::to_value(schemars::schema_for!(BoardView)).unwrap_or(Value::Null);
    let mut part: Map<String, Value> = Map::new();
    let mut conflicts = Vec::new();
    let mut declare = |k: &ViewKey, by: Option<&str>| {
        let types: Vec<Value> = k.kind.split('|').map(Value::from).collect();
        match part.get_mut(k.key) {
            Some(p) if p["type"] == Value::from(types.clone()) && p["description"] == k.meaning => {
                if let (Some(Value::Array(games)), Some(by)) = (p.get_mut("x-games"), by) {
                    games.push(Value::from(by));
                }
            }
            Some(_) => conflicts.push(Value::from(k.key)),
            None => {
                let games: Vec<Value> = by.into_iter().map(Value::from).collect();
                part.insert(
                    k.key.into(),
                    json!({ "type": types, "description": k.meaning, "x-games": games }),
                );
            }
        }
    };
    for k in COMMON_VIEW_KEYS {
        declare(k, None);
    }
    for g in catalog.games() {
        for k in g.view_keys {
            declare(k, Some(g.key));
        }
    }
    for schema in [&mut view, &mut board] {
        if let Some(props) = schema["properties"].as_object_mut() {
            for (k, p) in &part {
                props.entry(k.clone()).or_insert(p.clone());
            }
        }
    }
    json!({
        "protocol": PROTOCOL,
        "game_view": view,
        "board_view": board,
        "game_line": line,
        "conflicts": conflicts,
    })
}
