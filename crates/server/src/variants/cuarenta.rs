//! Cuarenta on the server: the 40 light squares of a 9x9 board, the dark
//! squares holes, SAN moves with check and checkmate.
//!
//! The rules stay in `deckmate_games::cuarenta`; this module translates
//! its position to the view (a `board` with `holes`, `pieces` drawn as
//! discs with their letters), its moves to clickable objects (promotions
//! and castling carry a `choice` label) and its records.

use crate::variant::{
    check_option_names, BoxedGame, EngineJob, Outcome, RecordInfo, Variant, VariantGame,
};
use deckmate_board::{RankStyle, Square};
use deckmate_engine::Player;
use deckmate_games::cuarenta::{
    geometry, notation, record, record::GameSpec, seat_name, End, EndReason, Move, Position,
    QUIET_LIMIT, RULES,
};
use deckmate_rules::Seat;
use serde_json::{json, Map, Value};

/// Cuarenta's registry entry: no options (the seed is stored, unused by
/// the rules: the setup is fixed).
pub static CUARENTA: Variant = Variant {
    key: deckmate_games::cuarenta::KEY,
    name: "Cuarenta",
    seats: ["white", "black"],
    seat_names: ["White", "Black"],
    options: &[],
    rules: RULES,
    create,
    from_spec,
};

fn create(options: &Value, seed: u64) -> Result<BoxedGame, String> {
    check_option_names(options, CUARENTA.options)?;
    Ok(Box::new(CuarentaGame::new(GameSpec::default(), seed)?))
}

/// The spec is `{"seed": n}`, with `"fen"` for a start other than Q2's
/// (not offered at creation; read so that such a stored game rebuilds).
fn from_spec(v: &Value) -> Result<BoxedGame, String> {
    let spec = GameSpec {
        fen: v["fen"].as_str().map(str::to_string),
    };
    let seed = v["seed"].as_u64().unwrap_or(0);
    Ok(Box::new(CuarentaGame::new(spec, seed)?))
}

/// The engine player for Cuarenta at a level.
fn engine_player(level: u8, seed: u64) -> Box<dyn Player<Position>> {
    deckmate_games::cuarenta::cuarenta_player(level, seed)
}

/// A game of Cuarenta.
struct CuarentaGame {
    spec: GameSpec,
    seed: u64,
    pos: Position,
    moves: Vec<Move>,
    texts: Vec<String>,
}

/// A square's name: `b1` .. `h9`.
fn sq(s: Square) -> String {
    s.name(RankStyle::FromOne).to_string()
}

/// The label of a move's button when one click (a from/to) fits several
/// moves, and always for castling.
fn choice(mv: Move, twin: bool) -> Option<&'static str> {
    if mv.is_castling() {
        Some("O-O")
    } else if !twin {
        None
    } else {
        Some(mv.promotion().map_or("no promotion", |p| p.name()))
    }
}

impl CuarentaGame {
    fn new(spec: GameSpec, seed: u64) -> Result<CuarentaGame, String> {
        let pos = spec.start().map_err(|e| e.to_string())?;
        Ok(CuarentaGame {
            spec,
            seed,
            pos,
            moves: Vec::new(),
            texts: Vec::new(),
        })
    }

    fn parse(&self, text: &str) -> Result<Move, String> {
        if let Some(end) = self.pos.end_state() {
            return Err(format!("the game is over: {}", end.describe()));
        }
        notation::parse(&self.pos, text.trim()).map_err(|e| e.to_string())
    }

    /// The status line: who moves, whether it is you, check.
    fn prompt(&self, you: Option<Seat>) -> String {
        if self.pos.end_state().is_some() {
            return String::new();
        }
        let side = self.pos.side_to_move();
        let mine = if you == Some(side) { " (you)" } else { "" };
        let check = if self.pos.in_check() {
            ", in check"
        } else {
            ""
        };
        format!("{} to move{mine}{check}", seat_name(side))
    }

    /// The dark squares: holes, not drawn as squares.
    fn holes() -> Vec<String> {
        let g = geometry();
        let mut holes = Vec::new();
        for rank in 0..9u8 {
            for file in 0..9u8 {
                if let Some(s) = Square::new(file, rank) {
                    if !g.contains(s) {
                        holes.push(sq(s));
                    }
                }
            }
        }
        holes
    }
}

impl VariantGame for CuarentaGame {
    fn variant(&self) -> &'static Variant {
        &CUARENTA
    }

    fn spec(&self) -> Value {
        match &self.spec.fen {
            Some(f) => json!({ "seed": self.seed, "fen": f }),
            None => json!({ "seed": self.seed }),
        }
    }

    fn history(&self) -> &[String] {
        &self.texts
    }

    fn to_move(&self) -> Option<Seat> {
        match self.pos.end_state() {
            Some(_) => None,
            None => Some(self.pos.side_to_move()),
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.pos.end_state().map(|e| Outcome {
            winner: e.winner,
            result: record::result_of(&e).to_string(),
            reason: e.describe(),
        })
    }

    fn legal_moves(&self) -> Vec<Value> {
        if self.to_move().is_none() {
            return Vec::new();
        }
        let mut legal = Vec::new();
        self.pos.generate(&mut legal);
        legal
            .iter()
            .map(|&m| {
                // A pawn reaching the promotion zone: the plain move and
                // each promotion share one from/to, told apart by buttons.
                let twin = legal
                    .iter()
                    .any(|o| *o != m && o.from() == m.from() && o.to() == m.to());
                json!({
                    "text": notation::write(&self.pos, m),
                    "from": sq(m.from()),
                    "to": sq(m.to()),
                    "promotion": m.promotion().map(|p| p.letter().to_string()),
                    "castling": m.is_castling(),
                    "choice": choice(m, twin),
                })
            })
            .collect()
    }

    fn check(&self, text: &str) -> Result<String, String> {
        let mv = self.parse(text)?;
        Ok(notation::write(&self.pos, mv))
    }

    fn play(&mut self, text: &str) -> Result<(), String> {
        let mv = self.parse(text)?;
        self.texts.push(notation::write(&self.pos, mv));
        self.pos.play_move(mv);
        self.moves.push(mv);
        Ok(())
    }

    fn view(&self, you: Option<Seat>, _live: bool) -> Map<String, Value> {
        let pos = &self.pos;
        let mut pieces = Vec::new();
        for seat in Seat::BOTH {
            for (s, p) in pos.pieces(seat) {
                pieces.push(json!({
                    "square": sq(s),
                    "label": format!("{} {}", seat_name(seat), p.name()),
                    "symbol": p.letter().to_string(),
                    "owner": seat.index(),
                }));
            }
        }
        let last = self
            .moves
            .last()
            .map(|m| json!({ "from": sq(m.from()), "to": sq(m.to()) }));
        let rights: Vec<&str> = Seat::BOTH
            .into_iter()
            .filter(|&s| pos.castling_right(s))
            .map(seat_name)
            .collect();
        let facts = vec![
            json!({ "label": "Move", "value": pos.fullmove().to_string() }),
            json!({
                "label": "Quiet plies",
                "value": format!("{} of {QUIET_LIMIT}", pos.quiet_plies()),
            }),
            json!({
                "label": "May castle",
                "value": if rights.is_empty() { "nobody".to_string() } else { rights.join(", ") },
            }),
        ];
        let mut out = Map::new();
        out.insert(
            "board".into(),
            json!({
                "files": 9,
                "ranks": 9,
                "rank_base": 1,
                "holes": Self::holes(),
                "zones": [],
                "piece_style": "disc",
                "choice_question": "Promote the pawn?",
            }),
        );
        out.insert("pieces".into(), json!(pieces));
        out.insert("last".into(), json!(last));
        out.insert("facts".into(), json!(facts));
        let check = pos.end_state().is_none() && pos.in_check();
        out.insert("check".into(), json!(check));
        // The King in check (or mated), marked on the board.
        if check
            || pos
                .end_state()
                .is_some_and(|e| e.reason == EndReason::Checkmate)
        {
            let king = pos.king_square(pos.side_to_move());
            out.insert("check_square".into(), json!(sq(king)));
        }
        out.insert(
            "position".into(),
            json!(deckmate_games::cuarenta::fen::write(pos)),
        );
        let prompt = self.prompt(you);
        if !prompt.is_empty() {
            out.insert("prompt".into(), json!(prompt));
        }
        out
    }

    fn record(&self, info: &RecordInfo) -> String {
        let end = info.ended.map(|e| End {
            winner: e.winner,
            reason: if e.winner.is_some() {
                EndReason::Resignation
            } else {
                EndReason::Agreement
            },
        });
        match record::write(&self.spec, &self.moves, end) {
            Ok(mut r) => {
                r.set_tag("Site", "deckmate");
                r.set_tag("GameId", info.id.clone());
                for s in Seat::BOTH {
                    r.set_tag(seat_name(s), info.players[s.index()].clone());
                }
                r.to_string()
            }
            Err(e) => format!("; cannot write the record: {e}\n"),
        }
    }

    fn engine_job(&self, level: u8, seed: u64) -> EngineJob {
        let pos = self.pos.clone();
        Box::new(move || {
            let mut player = engine_player(level, seed);
            let mv = player.choose(&pos)?;
            Some(notation::write(&pos, mv))
        })
    }

    /// The engine accepts when its static evaluation of the position is
    /// not better than a small edge for itself (as in Cardmate).
    fn engine_accepts_draw(&self, seat: Seat) -> bool {
        use deckmate_engine::Evaluator;
        let score = deckmate_games::cuarenta::CuarentaEval::default().evaluate(&self.pos);
        crate::variant::engine_takes_draw(score, self.pos.side_to_move(), seat)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holes_are_the_41_dark_squares() {
        let h = CuarentaGame::holes();
        assert_eq!(h.len(), 41);
        assert!(h.contains(&"a1".to_string()));
        assert!(!h.contains(&"b1".to_string()));
        assert!(h.contains(&"i9".to_string()));
    }

    #[test]
    fn the_start_has_22_moves_and_a_prompt() {
        let g = (CUARENTA.create)(&Value::Null, 1).expect("created");
        assert_eq!(g.legal_moves().len(), 22);
        let v = g.view(Some(Seat::First), true);
        assert_eq!(v["prompt"], "White to move (you)");
        assert_eq!(v["pieces"].as_array().map(Vec::len), Some(26));
    }
}
