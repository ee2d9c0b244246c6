//! 52Chess's registry entry and its hook into the shells' generic
//! [`BoardPlay`]: the board 4 wide and 13 tall, the card drawn before each
//! move (chance, drawn by [`BoardPlay`] from the game's secret seed, F9),
//! the card's square marked, the teleports as moves from a piece to it.
//!
//! The computer opponent is 52Chess's engine
//! ([`super::engine::chess52_player`]: expectimax over the draws with its
//! own evaluation) at the level asked for; it sees the position with the
//! card drawn, never the seed.

use super::record::{self, GameSpec};
use super::{Card, Chess52, Move};
use crate::fairy::{seat_name, End};
use crate::registry::board_replayed;
use crate::registry::{engine_lines, AnalysisReport, AnalysisRequest, AnalysisStart};
use crate::registry::{
    read_record, BoardHook, BoardPlay, BoxedGame, GameEntry, Options, ReplayFailure, Replayed,
    Settlement,
};
use deckmate_engine::Evaluator;
use deckmate_rules::{Game, MoveError, Record, Seat};
use serde_json::{json, Map, Value};

/// 52Chess's registry entry: no options; the seed decides the cards.
pub static ENTRY: GameEntry = GameEntry {
    key: super::KEY,
    name: "52Chess",
    aliases: &[],
    summary: "52Chess (Kevin Pacey): chess on 4x13, a card drawn every turn may teleport a piece",
    seats: ["white", "black"],
    seat_names: ["White", "Black"],
    options: &[],
    rules: RULES,
    move_help: MOVE_HELP,
    replay: replay_record,
    create,
    from_spec,
    tools: Some(&super::tools::TOOLS),
    secret_seed: true,
    capabilities: crate::registry::Capabilities::NONE,
    view_keys: &[crate::registry::ViewKey {
        key: "drawn_card",
        kind: "object|null",
        meaning: "the card drawn for the move to come, and the square it names",
    }],
    variant_file: None,
};

/// The rules as deckmate plays them (`deckmate rules 52chess`).
pub const RULES: &str = include_str!("rules.txt");

/// 52Chess's rule on takebacks, as the rules text and a refused takeback
/// say it.
pub const TAKEBACK_RULE: &str = "a card once drawn stays drawn, and a takeback never goes back \
     past one: the seed would draw the same cards again, so a player would see the cards to \
     come before choosing (every move is followed by the next card, so no move can be taken back)";

/// How 52Chess moves are typed, for the terminal's 'help'.
const MOVE_HELP: &str = "Type a move in 52Chess's notation. The card for your move is drawn for you
(shown as 'Card drawn'). Then either teleport a piece (not the King) to the
card's square if it is empty: the piece letter, its square, '@' and the
card's square, Nd3@c7 (a pawn written Pa2@b7); or make a normal chess move
in SAN: e5, Nxc5, b13=Q. With neither possible, pass: --. There is no check
rule: the King is taken. 'moves' lists the teleports and the moves.";

/// Replays a `[Variant "52Chess"]` record (with its seed, every card is
/// checked against the seed's draw).
fn replay_record(_: &'static GameEntry, text: &str) -> Result<Replayed, ReplayFailure> {
    let r = record::replay(&read_record(text)?)?;
    let start = match (&r.spec.fen, r.spec.seed) {
        (Some(_), Some(s)) => format!("52Chess, from the FEN tag, cards of seed {s}"),
        (Some(_), None) => "52Chess, from the FEN tag, cards as written".to_string(),
        (None, Some(s)) => format!("52Chess, cards of seed {s}"),
        (None, None) => "52Chess, cards as written".to_string(),
    };
    // The replayed game draws nothing further: its cards are the record's.
    let spec = GameSpec {
        seed: None,
        ..r.spec.clone()
    };
    board_replayed::<Chess52Board, _>(spec, r, &start)
}

fn create(_: &'static GameEntry, _options: &Options, seed: u64) -> Result<BoxedGame, String> {
    Ok(Box::new(BoardPlay::<Chess52Board>::new(GameSpec {
        fen: None,
        seed: Some(seed),
    })?))
}

/// The spec is `{"seed": n}` (stored by the server, never shown), with
/// `"fen"` for a start other than F2's. Without a seed (an analysis
/// board's) nothing is drawn: the cards are moves, chosen as in a record.
fn from_spec(_: &'static GameEntry, v: &Value) -> Result<BoxedGame, String> {
    let fen = match &v["fen"] {
        Value::Null => None,
        Value::String(s) => Some(s.clone()),
        _ => return Err("stored spec: fen must be a string".to_string()),
    };
    let seed = match &v["seed"] {
        Value::Null => None,
        s => Some(s.as_u64().ok_or("stored spec: seed must be a number")?),
    };
    Ok(Box::new(BoardPlay::<Chess52Board>::new(GameSpec {
        fen,
        seed,
    })?))
}

/// A dense square's name, `a1` .. `d13`.
fn sq(i: u8) -> String {
    super::game::tables().name(i)
}

/// The from and to squares of a board move (`None` for a pass or a draw).
fn squares(mv: Move) -> Option<(u8, u8)> {
    match mv {
        Move::Play(m) if !m.is_pass() => Some((m.from_index(), m.to_index())),
        _ => None,
    }
}

/// The side to move's pieces that may teleport to the card's square, as
/// `Nb1` words.
fn teleporters(pos: &Chess52, card: Card) -> Vec<String> {
    let mut from = pos.teleporters(Chess52::card_square(card));
    let mut out = Vec::new();
    while from != 0 {
        let s = from.trailing_zeros() as u8;
        from &= from - 1;
        if let Some((_, k)) = pos.core().at_index(s) {
            out.push(format!("{}{}", pos.core().rules().pieces[k].letter, sq(s)));
        }
    }
    out
}

/// The sentence on the card drawn, for the terminal and the status line.
fn card_note(pos: &Chess52, card: Card) -> String {
    let to = sq(Chess52::card_square(card));
    let who = teleporters(pos, card);
    if who.is_empty() {
        format!("Card drawn: {card} ({to}): nothing may teleport there; a normal move.")
    } else if who.len() > 4 {
        format!(
            "Card drawn: {card} ({to}): {} pieces may teleport there ('moves' lists them), or a normal move.",
            who.len()
        )
    } else {
        format!(
            "Card drawn: {card} ({to}): {} may teleport there, or a normal move.",
            who.join(", ")
        )
    }
}

/// 52Chess's hook into [`BoardPlay`]; the spec is the start and the seed.
pub struct Chess52Board;

impl BoardHook for Chess52Board {
    type Position = Chess52;
    type Spec = GameSpec;

    fn takeback_rule() -> &'static str {
        TAKEBACK_RULE
    }

    fn entry(_: &GameSpec) -> &'static GameEntry {
        &ENTRY
    }

    fn start(spec: &GameSpec) -> Result<Chess52, String> {
        spec.start().map_err(|e| e.to_string())
    }

    fn spec_json(spec: &GameSpec) -> Value {
        let mut v = json!({ "seed": spec.seed });
        if let Some(f) = &spec.fen {
            v["fen"] = json!(f);
        }
        v
    }

    fn chance_seed(spec: &GameSpec) -> Option<u64> {
        spec.seed
    }

    /// The seed decides the cards still to come: secret until the end.
    fn secrets_pending(pos: &Chess52) -> bool {
        pos.end().is_none()
    }

    fn rematch_spec(spec: &GameSpec, fresh_seed: u64) -> Value {
        Chess52Board::spec_json(&GameSpec {
            fen: spec.fen.clone(),
            seed: Some(fresh_seed),
        })
    }

    fn over(pos: &Chess52) -> MoveError {
        MoveError::GameOver {
            end: pos.end().map(|end| end.describe()),
        }
    }

    /// `from`/`to` (a teleport goes from its piece to the card's square;
    /// a pass has neither), `teleport`, `pass`, `promotion`; `choice`
    /// labels a teleport and a normal move of one piece to one square, and
    /// a promotion's pieces.
    fn move_fields(pos: &Chess52, m: Move, legal: &[Move]) -> Map<String, Value> {
        let mut o = Map::new();
        let Move::Play(fm) = m else {
            return o;
        };
        let (from, to) = match squares(m) {
            Some((f, t)) => (Some(sq(f)), Some(sq(t))),
            None => (None, None),
        };
        let twins = legal
            .iter()
            .any(|&x| x != m && squares(x).is_some() && squares(x) == squares(m));
        o.insert("from".into(), json!(from));
        o.insert("to".into(), json!(to));
        o.insert("teleport".into(), json!(fm.is_teleport()));
        o.insert("pass".into(), json!(fm.is_pass()));
        let rules = pos.core().rules();
        let promotion = fm
            .promotion()
            .and_then(|k| rules.pieces.get(k))
            .map(|p| p.name.clone());
        o.insert(
            "promotion".into(),
            json!(fm
                .promotion()
                .and_then(|k| rules.pieces.get(k))
                .map(|p| p.letter.to_string())),
        );
        let choice = if fm.is_pass() {
            Some("Pass".to_string())
        } else if !twins {
            None
        } else if fm.is_teleport() {
            Some(format!("Teleport ({})", pos.move_text(m)))
        } else if let Some(p) = promotion {
            Some(p)
        } else {
            Some(format!("Move ({})", pos.move_text(m)))
        };
        o.insert("choice".into(), json!(choice));
        o
    }

    fn view(
        _spec: &GameSpec,
        pos: &Chess52,
        moves: &[Move],
        you: Option<Seat>,
        _live: bool,
    ) -> Map<String, Value> {
        let core = pos.core();
        let rules = core.rules();
        let mut pieces = Vec::new();
        for s in 0..super::rules::FILES * super::rules::RANKS {
            if let Some((seat, k)) = core.at_index(s) {
                let p = &rules.pieces[k];
                pieces.push(json!({
                    "square": sq(s),
                    "label": format!("{} {}", seat_name(seat), p.name),
                    "symbol": p.letter.to_string(),
                    "owner": seat.index(),
                }));
            }
        }
        let last = moves
            .iter()
            .rev()
            .find_map(|&m| squares(m))
            .map(|(f, t)| json!({ "from": sq(f), "to": sq(t) }));
        let drawn = pos.drawn();
        let mut facts = vec![
            json!({ "label": "Move", "value": core.fullmove().to_string() }),
            json!({
                "label": "Plies without a capture",
                "value": format!("{} of {}", core.quiet_plies(), super::rules::QUIET_LIMIT),
            }),
        ];
        if let Some(c) = drawn {
            facts.insert(
                0,
                json!({
                    "label": "Card drawn",
                    "value": format!("{c} ({})", sq(Chess52::card_square(c))),
                }),
            );
        }
        let zones: Vec<Value> = drawn
            .map(|c| {
                json!({
                    "name": "card",
                    "squares": [sq(Chess52::card_square(c))],
                })
            })
            .into_iter()
            .collect();
        let mut out = Map::new();
        out.insert(
            "board".into(),
            json!({
                "files": super::rules::FILES,
                "ranks": super::rules::RANKS,
                "rank_base": 1,
                "holes": [],
                "regions": zones,
                "marked": drawn.map(|c| vec![sq(Chess52::card_square(c))]).unwrap_or_default(),
                "piece_style": "disc",
                "choice_question": "Which move?",
            }),
        );
        out.insert("pieces".into(), json!(pieces));
        out.insert("last".into(), json!(last));
        out.insert("facts".into(), json!(facts));
        // The client's panels: the card drawn beside the board, and where
        // the card to come is chosen (an analysis board), in these words.
        out.insert(
            "panels".into(),
            json!([
                { "kind": "drawn-card", "label": "Card drawn" },
                {
                    "kind": "chance",
                    "question": "A card is to be drawn: choose it",
                    "label": "the card drawn",
                    "pick": "Draw this card",
                    "random": "A random card",
                },
            ]),
        );
        out.insert(
            "drawn_card".into(),
            json!(drawn.map(|c| {
                let name = c.to_string();
                let suit = name.chars().last().map(String::from).unwrap_or_default();
                let rank = name[..name.len().saturating_sub(1)].to_string();
                let (symbol, colour) = match suit.as_str() {
                    "C" => ("\u{2663}", "black"),
                    "D" => ("\u{2666}", "red"),
                    "H" => ("\u{2665}", "red"),
                    "S" => ("\u{2660}", "black"),
                    _ => ("", "black"),
                };
                json!({
                    "name": name,
                    "rank": rank,
                    "suit": suit,
                    "symbol": symbol,
                    "colour": colour,
                    "square": sq(Chess52::card_square(c)),
                    "teleporters": teleporters(pos, c),
                    "ply": moves.len(),
                })
            })),
        );
        let over = pos.end().is_some();
        let threatened = !over && core.in_check();
        out.insert("check".into(), json!(threatened));
        if threatened {
            let king = core.pieces_of(core.side_to_move())
                & core.pieces_of_kind(rules.kind_of('K').unwrap_or(0));
            if king != 0 {
                out.insert(
                    "check_square".into(),
                    json!(sq(king.trailing_zeros() as u8)),
                );
            }
        }
        out.insert("position".into(), json!(pos.position_text()));
        if let (Some(c), false) = (drawn, over) {
            out.insert("turn_note".into(), json!(card_note(pos, c)));
            let side = pos.side_to_move();
            let mine = if you == Some(side) { " (you)" } else { "" };
            out.insert(
                "prompt".into(),
                json!(format!(
                    "{}{mine} drew {c}: teleport to {} or move",
                    seat_name(side),
                    sq(Chess52::card_square(c))
                )),
            );
        }
        out
    }

    fn record(
        spec: &GameSpec,
        moves: &[Move],
        settled: Option<Settlement>,
    ) -> Result<Record, String> {
        record::write(spec, moves, settled.map(End::settled)).map_err(|e| e.to_string())
    }

    fn engine_move(pos: &Chess52, level: u8, seed: u64) -> Option<Move> {
        super::engine::chess52_player(level, seed).choose(pos)
    }

    fn evaluate(pos: &Chess52) -> i32 {
        super::eval::Chess52Eval::default().evaluate(pos)
    }

    fn side_to_move(pos: &Chess52) -> Seat {
        pos.side_to_move()
    }

    fn analyse(
        _: &GameSpec,
        pos: &Chess52,
        request: &AnalysisRequest,
        sink: &mut dyn FnMut(AnalysisReport),
    ) -> bool {
        engine_lines(&super::tools::Chess52Tools, pos, request, sink)
    }

    /// The seed decides the cards to come: an analysis board replays the
    /// game's moves and draws from a spec without it (its draws are then
    /// chosen, as in a record).
    fn analysis_start(spec: &GameSpec, _: &Chess52) -> AnalysisStart {
        let mut v = Self::spec_json(spec);
        if let Some(o) = v.as_object_mut() {
            o.remove("seed");
        }
        AnalysisStart::ReplayFrom(v)
    }
}
