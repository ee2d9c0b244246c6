//! A sixth game that exists only in the tests: Take Away. A pile of
//! stones; each seat in turn takes one, two or three (`t1`, `t2`, `t3`);
//! who takes the last stone wins. It is defined here, registered at run
//! time in a [`Catalog`](deckmate_games::list::Catalog) (it is not in the
//! list of games), and played end to end through the server's API and the
//! terminal's session, whose code never names it: the proof that a game
//! plugs in through the registry alone (issue 30 part 1).
//!
//! The server's and the terminal's tests include this file by path.

#![allow(dead_code, clippy::unwrap_used)]

use deckmate_games::registry::{
    read_record, BoardHook, BoardPlay, BoxedGame, Capabilities, GameEntry, GameError, OptionKind,
    OptionSpec, Options, PlayedGame, ReplayFailure, Replayed, Settlement, ViewKey,
};
use deckmate_rules::{Game, MoveError, Outcome, Record, Seat, ToAct};
use serde_json::{json, Map, Value};

thread_local! {
    /// How many times this thread read a move's text (tests count that a
    /// move is read once on its way from a request to the store and the
    /// game).
    pub static READS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// The key of the test-only game.
pub const KEY: &str = "take-away";

/// Its options: the pile's size.
const OPTIONS: &[OptionSpec] = &[OptionSpec {
    name: "stones",
    values: &["21", "10"],
    default: "21",
    help: "stones in the pile at the start",
    ruling: "",
    kind: OptionKind::Number,
}];

/// Take Away's entry, registered at run time by the tests.
pub static ENTRY: GameEntry = GameEntry {
    key: KEY,
    name: "Take Away",
    aliases: &[],
    summary: "Take Away (a test game): take 1-3 stones, the last stone wins",
    seats: ["first", "second"],
    seat_names: ["First", "Second"],
    options: OPTIONS,
    rules: "A pile of stones. Each player in turn takes one, two or three. Who takes the last \
stone wins.",
    move_help: "Type t1, t2 or t3: take one, two or three stones.",
    replay,
    create,
    from_spec,
    tools: None,
    secret_seed: false,
    capabilities: Capabilities::NONE,
    view_keys: &[ViewKey {
        key: "stones",
        kind: "integer",
        meaning: "stones left in the pile",
    }],
    variant_file: None,
};

/// A pile and whose turn it is.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Pile {
    /// Stones left.
    pub left: u32,
    /// The seat to move (after the last stone: the loser).
    pub to_move: Seat,
}

impl Game for Pile {
    type Move = u32;
    type Observation = Pile;

    fn to_act(&self) -> ToAct {
        if self.left == 0 {
            ToAct::Nobody
        } else {
            ToAct::Seat(self.to_move)
        }
    }

    fn legal_moves(&self, moves: &mut Vec<u32>) {
        moves.extend((1..=3).filter(|&n| n <= self.left));
    }

    fn observation(&self, _: Option<Seat>) -> Pile {
        self.clone()
    }

    fn play_unchecked(&mut self, mv: u32) {
        self.left -= mv;
        self.to_move = self.to_move.other();
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.left == 0).then(|| {
            let winner = self.to_move.other();
            Outcome {
                winner: Some(winner),
                reason: format!("{} took the last stone", ENTRY.seat_names[winner.index()]),
                points: None,
            }
        })
    }

    fn hash(&self) -> u64 {
        u64::from(self.left) * 2 + self.to_move.index() as u64
    }

    fn move_text(&self, mv: u32) -> String {
        format!("t{mv}")
    }

    fn parse_move(&self, text: &str) -> Result<u32, MoveError> {
        READS.with(|r| r.set(r.get() + 1));
        let n = match text.trim() {
            "t1" => 1,
            "t2" => 2,
            "t3" => 3,
            _ => {
                return Err(MoveError::NotAMove {
                    text: text.to_string(),
                    game: ENTRY.name.to_string(),
                    why: "take one, two or three stones".to_string(),
                    examples: "t1, t2, t3".to_string(),
                })
            }
        };
        if n > self.left {
            return Err(MoveError::NotLegal {
                text: text.to_string(),
            });
        }
        Ok(n)
    }

    fn position_text(&self) -> String {
        format!("{} {}", self.left, self.to_move.index())
    }
}

/// Take Away's hook into the registry's generic board play; the spec is
/// the pile's size and the seed.
pub struct TakeAway;

impl BoardHook for TakeAway {
    type Position = Pile;
    type Spec = (u32, u64);

    fn entry(_: &(u32, u64)) -> &'static GameEntry {
        &ENTRY
    }

    fn start(&(stones, _): &(u32, u64)) -> Result<Pile, String> {
        Ok(Pile {
            left: stones,
            to_move: Seat::First,
        })
    }

    fn spec_json(&(stones, seed): &(u32, u64)) -> Value {
        json!({ "stones": stones, "seed": seed })
    }

    fn over(pos: &Pile) -> MoveError {
        MoveError::GameOver {
            end: pos.outcome().map(|o| o.reason),
        }
    }

    fn move_fields(_: &Pile, mv: u32, _: &[u32]) -> Map<String, Value> {
        let mut m = Map::new();
        m.insert("take".into(), json!(mv));
        m
    }

    fn view(
        _: &(u32, u64),
        pile: &Pile,
        _: &[u32],
        _: Option<Seat>,
        _: bool,
    ) -> Map<String, Value> {
        let mut m = Map::new();
        m.insert("stones".into(), json!(pile.left));
        m.insert(
            "facts".into(),
            json!([{ "label": "Stones left", "value": pile.left.to_string() }]),
        );
        m
    }

    fn record(
        &(stones, _): &(u32, u64),
        moves: &[u32],
        settled: Option<Settlement>,
    ) -> Result<Record, String> {
        let mut pile = TakeAway::start(&(stones, 0))?;
        let mut rec = Record::default();
        rec.set_tag("Variant", ENTRY.name);
        rec.set_tag("Stones", stones.to_string());
        for &m in moves {
            rec.moves.push(pile.move_text(m));
            pile.play_unchecked(m);
        }
        let result = match (settled, pile.outcome()) {
            (Some(s), _) => s.outcome(ENTRY.seat_names).result_text(),
            (None, Some(o)) => o.result_text(),
            (None, None) => "*",
        };
        rec.set_tag("Result", result);
        rec.result = Some(result.to_string());
        Ok(rec)
    }

    /// Perfect play: leave a multiple of four.
    fn engine_move(pile: &Pile, _: u8, _: u64) -> Option<u32> {
        (pile.left > 0).then_some(match pile.left % 4 {
            0 => 1,
            n => n,
        })
    }

    fn evaluate(pile: &Pile) -> i32 {
        if pile.left.is_multiple_of(4) {
            -100
        } else {
            100
        }
    }

    fn side_to_move(pile: &Pile) -> Seat {
        pile.to_move
    }
}

fn stones(options: &Options) -> Result<u32, String> {
    let text = options.given("stones").unwrap_or("21");
    match text.parse::<u32>() {
        Ok(n) if (1..=100).contains(&n) => Ok(n),
        _ => Err(format!("--stones: '{text}' is not 1 to 100")),
    }
}

fn create(_: &'static GameEntry, options: &Options, seed: u64) -> Result<BoxedGame, GameError> {
    let stones = stones(options).map_err(GameError::Options)?;
    let game = BoardPlay::<TakeAway>::new((stones, seed)).map_err(GameError::Options)?;
    Ok(Box::new(game))
}

fn from_spec(_: &'static GameEntry, v: &Value) -> Result<BoxedGame, GameError> {
    let stones = v["stones"].as_u64().unwrap_or(21) as u32;
    let seed = v["seed"].as_u64().unwrap_or(0);
    let game = BoardPlay::<TakeAway>::new((stones, seed)).map_err(GameError::Spec)?;
    Ok(Box::new(game))
}

fn replay(_: &'static GameEntry, text: &str) -> Result<Replayed, ReplayFailure> {
    let rec = read_record(text)?;
    let stones: u32 = rec.tag("Stones").and_then(|s| s.parse().ok()).unwrap_or(21);
    let mut pile = TakeAway::start(&(stones, 0)).map_err(|e| ReplayFailure::at(0, e))?;
    let mut moves = Vec::new();
    for (i, t) in rec.moves.iter().enumerate() {
        let m = pile
            .parse_move(t)
            .map_err(|e| ReplayFailure::at(i + 1, e.to_string()))?;
        pile.play_unchecked(m);
        moves.push(m);
    }
    let game = BoardPlay::<TakeAway>::with_moves((stones, 0), &moves)
        .map_err(|e| ReplayFailure::at(0, e))?;
    let (result, reason) = match pile.outcome() {
        Some(o) => (o.result_text().to_string(), Some(o.reason)),
        None => ("*".to_string(), None),
    };
    Ok(Replayed::board_game(
        game.view(None, true),
        pile.position_text(),
        moves.len(),
        result,
        reason,
        "Take Away",
    ))
}
