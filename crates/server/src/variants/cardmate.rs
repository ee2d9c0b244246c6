//! Cardmate on the server: a 10x10 board of cards.

use crate::variant::{
    check_option_names, option_text, BoxedGame, EngineJob, GameOption, Outcome, RecordInfo,
    Variant, VariantGame,
};
use deckmate_board::{RankStyle, Square};
use deckmate_games::cardmate::cardmate_player;
use deckmate_games::cardmate::{
    notation, palace, parse_quiet_limit, parse_switch, record, record::GameSpec, seat_name, End,
    EndReason, Move, OptionError, Options, PalaceRule, Position, SetupKind, RULES,
};
use deckmate_rules::{Game, Seat, ToAct};
use serde_json::{json, Map, Value};

const OPTIONS: &[GameOption] = &[
    GameOption {
        name: "setup",
        values: &["predefined", "suits", "ranks", "deal"],
        default: "predefined",
    },
    GameOption {
        name: "palace",
        values: &["palace", "king", "off"],
        default: "palace",
    },
    GameOption {
        name: "repetition",
        values: &["on", "off"],
        default: "on",
    },
    GameOption {
        name: "quiet_limit",
        values: &["100", "off"],
        default: "100",
    },
];

/// Cardmate's registry entry.
pub static CARDMATE: Variant = Variant {
    key: deckmate_games::cardmate::KEY,
    name: "Cardmate",
    seats: ["forehand", "rearhand"],
    seat_names: ["Forehand", "Rearhand"],
    options: OPTIONS,
    rules: RULES,
    create,
    from_spec,
};

fn create(options: &Value, seed: u64) -> Result<BoxedGame, String> {
    check_option_names(options, OPTIONS)?;
    let oe = |e: OptionError| e.to_string();
    let mut spec = GameSpec {
        setup: SetupKind::Predefined,
        seed,
        options: Options::default(),
        fen: None,
    };
    if let Some(s) = option_text(options, "setup")? {
        spec.setup = s.parse().map_err(oe)?;
    }
    if let Some(s) = option_text(options, "palace")? {
        spec.options.palace = s.parse::<PalaceRule>().map_err(oe)?;
    }
    if let Some(s) = option_text(options, "repetition")? {
        spec.options.repetition = parse_switch("repetition", &s).map_err(oe)?;
    }
    if let Some(s) = option_text(options, "quiet_limit")? {
        spec.options.quiet_limit = parse_quiet_limit(&s).map_err(oe)?;
    }
    Ok(Box::new(CardmateGame::new(spec)?))
}

fn from_spec(v: &Value) -> Result<BoxedGame, String> {
    let oe = |e: OptionError| e.to_string();
    let mut spec = GameSpec::default();
    if let Some(s) = v["setup"].as_str() {
        spec.setup = s.parse().map_err(oe)?;
    }
    spec.seed = v["seed"].as_u64().unwrap_or(0);
    if let Some(p) = v["palace"].as_str() {
        spec.options.palace = p.parse().map_err(oe)?;
    }
    spec.options.repetition = v["repetition"].as_bool().unwrap_or(true);
    spec.options.quiet_limit = v["quiet_limit"].as_u64().map(|n| n as u32);
    Ok(Box::new(CardmateGame::new(spec)?))
}

/// A game of Cardmate.
struct CardmateGame {
    spec: GameSpec,
    pos: Position,
    moves: Vec<Move>,
    texts: Vec<String>,
}

fn sq(s: Square) -> String {
    s.name(RankStyle::FromZero).to_string()
}

impl CardmateGame {
    fn new(spec: GameSpec) -> Result<CardmateGame, String> {
        let pos = spec.start().map_err(|e| e.to_string())?;
        Ok(CardmateGame {
            spec,
            pos,
            moves: Vec::new(),
            texts: Vec::new(),
        })
    }

    fn parse(&self, text: &str) -> Result<Move, String> {
        if self.to_move().is_none() {
            return Err("the game is over".into());
        }
        notation::parse(&self.pos, text).map_err(|e| e.to_string())
    }
}

impl VariantGame for CardmateGame {
    fn variant(&self) -> &'static Variant {
        &CARDMATE
    }

    fn spec(&self) -> Value {
        let s = &self.spec;
        json!({
            "setup": s.setup.to_string(),
            "seed": s.seed,
            "palace": s.options.palace.to_string(),
            "repetition": s.options.repetition,
            "quiet_limit": s.options.quiet_limit,
        })
    }

    fn history(&self) -> &[String] {
        &self.texts
    }

    fn to_move(&self) -> Option<Seat> {
        if self.pos.end_state().is_some() {
            return None;
        }
        match Game::to_act(&self.pos) {
            ToAct::Seat(s) => Some(s),
            _ => None,
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
                // A One entering the far half may promote or stay: two
                // moves on one click, told apart by a button.
                let twin = legal
                    .iter()
                    .any(|o| o.from == m.from && o.to == m.to && o.promote != m.promote);
                let choice = twin.then_some(if m.promote { "Ace (=A)" } else { "Stay a One" });
                json!({
                    "text": notation::write(&self.pos, m),
                    "from": sq(m.from),
                    "to": sq(m.to),
                    "promote": m.promote,
                    "choice": choice,
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

    fn view(&self, _you: Option<Seat>, live: bool) -> Map<String, Value> {
        let pos = &self.pos;
        let mut pieces = Vec::new();
        for seat in Seat::BOTH {
            for c in pos.cards_of(seat) {
                if let Some(s) = pos.square_of(c) {
                    pieces.push(json!({
                        "square": sq(s),
                        "label": c.to_string(),
                        "rank": c.rank().symbol().to_string(),
                        "suit": c.suit().letter().to_string(),
                        "red": c.suit().is_red(),
                        "owner": seat.index(),
                    }));
                }
            }
        }
        let last = self
            .moves
            .last()
            .map(|m| json!({ "from": sq(m.from), "to": sq(m.to) }));
        let compulsory = live && self.to_move().is_some() && pos.capture_is_compulsory();
        let mut out = Map::new();
        out.insert(
            "board".into(),
            json!({
                "files": 10,
                "ranks": 10,
                "rank_base": 0,
                "holes": [],
                "zones": [
                    { "name": "Forehand's palace", "squares": palace(Seat::First).map(sq) },
                    { "name": "Rearhand's palace", "squares": palace(Seat::Second).map(sq) },
                ],
                "midline": 5,
            }),
        );
        out.insert("pieces".into(), json!(pieces));
        out.insert("last".into(), json!(last));
        out.insert("compulsory".into(), json!(compulsory));
        out.insert("setup".into(), json!(self.spec.setup.to_string()));
        out.insert("seed".into(), json!(self.spec.seed));
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
            let mut player = cardmate_player(level, seed);
            let mv = player.choose(&pos)?;
            Some(notation::write(&pos, mv))
        })
    }

    /// The engine accepts when its static evaluation of the position is
    /// not better than a small edge for itself.
    fn engine_accepts_draw(&self, seat: Seat) -> bool {
        use deckmate_engine::Evaluator;
        let score = deckmate_games::cardmate::CardmateEval::default().evaluate(&self.pos);
        crate::variant::engine_takes_draw(score, self.pos.side_to_move(), seat)
    }
}
