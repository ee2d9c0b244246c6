//! [`BoardPlay`]: the one [`PlayedGame`] of every board game, over a small
//! per-game hook ([`BoardHook`]: the spec, what a legal move carries for
//! the client's clicks, what the board shows, the record, the engine).
//! Moves are read and written through the rules' [`Game`] trait.

use super::{EngineJob, GameEntry, PlayedGame, RecordInfo, Settlement};
use deckmate_rules::{Game, Outcome, Record, Seat, ToAct};
use serde_json::{Map, Value};

/// What a board game adds to [`BoardPlay`].
pub trait BoardHook: Send + 'static {
    /// The position.
    type Position: Game;
    /// What the game starts from: options and seed (and a position
    /// string, if any), as records' tags and the stored spec say.
    type Spec: Clone + Send + 'static;

    /// The registry entry.
    fn entry() -> &'static GameEntry;
    /// The start position of `spec`.
    fn start(spec: &Self::Spec) -> Result<Self::Position, String>;
    /// The spec as stored (JSON), read back by the entry's `from_spec`.
    fn spec_json(spec: &Self::Spec) -> Value;
    /// Why no move is taken once the game is over.
    fn over(pos: &Self::Position) -> String;
    /// What a legal move carries besides its text, for the client's
    /// clicks (`from`, `to`, `choice`...); `legal` are all the legal moves.
    fn move_fields(
        pos: &Self::Position,
        mv: <Self::Position as Game>::Move,
        legal: &[<Self::Position as Game>::Move],
    ) -> Map<String, Value>;
    /// The game's part of the view for `you`, built from what `you` may
    /// observe; `moves` are the moves played, `live` false for an earlier
    /// position being looked at.
    fn view(
        spec: &Self::Spec,
        seen: &<Self::Position as Game>::Observation,
        moves: &[<Self::Position as Game>::Move],
        you: Option<Seat>,
        live: bool,
    ) -> Map<String, Value>;
    /// The record of `moves` from `spec`, with an end the players reached.
    fn record(
        spec: &Self::Spec,
        moves: &[<Self::Position as Game>::Move],
        settled: Option<Settlement>,
    ) -> Result<Record, String>;
    /// The engine's move at `level` (1-8), `seed` for its choices.
    fn engine_move(
        pos: &Self::Position,
        level: u8,
        seed: u64,
    ) -> Option<<Self::Position as Game>::Move>;
    /// The static evaluation for the side to act (draw offers).
    fn evaluate(pos: &Self::Position) -> i32;
    /// The side to act, also when the game is over.
    fn side_to_move(pos: &Self::Position) -> Seat;
}

/// A board game being played: its spec, position, moves and their texts.
pub struct BoardPlay<H: BoardHook> {
    spec: H::Spec,
    pos: H::Position,
    moves: Vec<<H::Position as Game>::Move>,
    texts: Vec<String>,
}

impl<H: BoardHook> BoardPlay<H> {
    /// A game at the start of `spec`.
    pub fn new(spec: H::Spec) -> Result<BoardPlay<H>, String> {
        let pos = H::start(&spec)?;
        Ok(BoardPlay {
            spec,
            pos,
            moves: Vec::new(),
            texts: Vec::new(),
        })
    }

    /// The position now.
    pub fn position(&self) -> &H::Position {
        &self.pos
    }

    fn parse(&self, text: &str) -> Result<<H::Position as Game>::Move, String> {
        if self.pos.to_act() == ToAct::Nobody {
            return Err(H::over(&self.pos));
        }
        self.pos.parse_move(text.trim()).map_err(|e| e.to_string())
    }
}

impl<H: BoardHook> PlayedGame for BoardPlay<H> {
    fn entry(&self) -> &'static GameEntry {
        H::entry()
    }

    fn spec(&self) -> Value {
        H::spec_json(&self.spec)
    }

    fn history(&self) -> &[String] {
        &self.texts
    }

    fn to_act(&self) -> ToAct {
        self.pos.to_act()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.pos.outcome()
    }

    fn legal_moves_of(&self, seat: Seat) -> Vec<Value> {
        let mut legal = Vec::new();
        self.pos.legal_moves_of(seat, &mut legal);
        legal
            .iter()
            .map(|&m| {
                let mut o = Map::new();
                o.insert("text".into(), Value::String(self.pos.move_text(m)));
                o.extend(H::move_fields(&self.pos, m, &legal));
                Value::Object(o)
            })
            .collect()
    }

    fn check(&self, text: &str) -> Result<String, String> {
        let mv = self.parse(text)?;
        Ok(self.pos.move_text(mv))
    }

    fn play(&mut self, text: &str) -> Result<(), String> {
        let mv = self.parse(text)?;
        self.texts.push(self.pos.move_text(mv));
        self.pos.play_unchecked(mv);
        self.moves.push(mv);
        Ok(())
    }

    fn view(&self, you: Option<Seat>, live: bool) -> Map<String, Value> {
        H::view(
            &self.spec,
            &self.pos.observation(you),
            &self.moves,
            you,
            live,
        )
    }

    fn record(&self, info: &RecordInfo) -> String {
        match H::record(&self.spec, &self.moves, info.ended) {
            Ok(mut r) => {
                r.set_tag("Site", "deckmate");
                r.set_tag("GameId", info.id.clone());
                for s in Seat::BOTH {
                    r.set_tag(
                        H::entry().seat_names[s.index()],
                        info.players[s.index()].clone(),
                    );
                }
                r.to_string()
            }
            Err(e) => format!("; cannot write the record: {e}\n"),
        }
    }

    fn engine_job(&self, level: u8, seed: u64) -> EngineJob {
        let pos = self.pos.clone();
        Box::new(move || {
            let mv = H::engine_move(&pos, level, seed)?;
            Some(pos.move_text(mv))
        })
    }

    /// The engine accepts when its static evaluation of the position is
    /// not better than a small edge for itself.
    fn engine_accepts_draw(&self, seat: Seat) -> bool {
        super::engine_takes_draw(H::evaluate(&self.pos), H::side_to_move(&self.pos), seat)
    }
}
