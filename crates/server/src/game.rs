//! A game being played on the server, and the views the browser draws.
//!
//! The browser gets views, not rules (DESIGN key idea 8): the board's
//! shape, what stands on each square, zones, the legal moves of the seat
//! asking (with their notation and squares), the move list, the result.

use deckmate_board::RankStyle;
use deckmate_games::cardmate::{
    notation, palace, record, seat_name, End, EndReason, Move, Position,
};
use deckmate_rules::{Seat, ToAct};
use serde_json::{json, Value};
use tokio::sync::broadcast;

/// A game in memory, mirrored in the database.
pub struct LiveGame {
    /// Public id.
    pub id: String,
    /// How it started.
    pub spec: record::GameSpec,
    /// The position now.
    pub pos: Position,
    /// The moves played.
    pub moves: Vec<Move>,
    /// The moves in notation.
    pub texts: Vec<String>,
    /// Secret token of each seat.
    pub tokens: [String; 2],
    /// The engine's seat and level.
    pub engine: Option<(Seat, u8)>,
    /// Resignation or agreed draw.
    pub ended: Option<End>,
    /// A pending draw offer by this seat.
    pub draw_offer: Option<Seat>,
    /// Wakes every watcher after each change.
    pub tx: broadcast::Sender<()>,
    /// Creation time.
    pub created: i64,
}

fn sq(s: deckmate_board::Square) -> String {
    s.name(RankStyle::FromZero).to_string()
}

/// The seat a token belongs to.
pub fn seat_of(tokens: &[String; 2], token: Option<&str>) -> Option<Seat> {
    let t = token?;
    Seat::BOTH
        .into_iter()
        .find(|s| constant_eq(tokens[s.index()].as_bytes(), t.as_bytes()))
}

fn constant_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// An end's description as stored: `{"winner": 0|1|null, "reason": "resign"|"draw"}`.
pub fn end_json(end: &End) -> String {
    let reason = match end.reason {
        EndReason::Agreement => "draw",
        _ => "resign",
    };
    json!({ "winner": end.winner.map(|s| s.index()), "reason": reason }).to_string()
}

/// Reads a stored end.
pub fn end_from_json(text: &str) -> Option<End> {
    let v: Value = serde_json::from_str(text).ok()?;
    let winner = match v.get("winner").and_then(Value::as_u64) {
        Some(0) => Some(Seat::First),
        Some(1) => Some(Seat::Second),
        _ => None,
    };
    let reason = match v.get("reason").and_then(Value::as_str) {
        Some("draw") => EndReason::Agreement,
        _ => EndReason::Resignation,
    };
    Some(End { winner, reason })
}

impl LiveGame {
    /// The end of the game, on the board or outside it.
    pub fn end(&self) -> Option<End> {
        self.ended.or_else(|| self.pos.end_state())
    }

    /// The seat to move, if the game goes on.
    pub fn to_move(&self) -> Option<Seat> {
        if self.end().is_some() {
            return None;
        }
        match deckmate_rules::Game::to_act(&self.pos) {
            ToAct::Seat(s) => Some(s),
            _ => None,
        }
    }

    /// Plays a move (already checked) and remembers its notation.
    pub fn apply(&mut self, mv: Move) -> String {
        let text = notation::write(&self.pos, mv);
        self.pos.play_move(mv);
        self.moves.push(mv);
        self.texts.push(text.clone());
        self.draw_offer = None;
        text
    }

    /// The record.
    pub fn record_text(&self) -> String {
        match record::write(&self.spec, &self.moves, self.ended) {
            Ok(mut r) => {
                r.set_tag("Site", "deckmate");
                r.set_tag("GameId", self.id.clone());
                for s in Seat::BOTH {
                    r.set_tag(seat_name(s), self.player_name(s));
                }
                r.to_string()
            }
            Err(e) => format!("; cannot write the record: {e}\n"),
        }
    }

    fn player_name(&self, s: Seat) -> String {
        match self.engine {
            Some((e, level)) if e == s => format!("deckmate level {level}"),
            _ => "Player".to_string(),
        }
    }

    /// The position after `ply` moves (for stepping through the game).
    pub fn position_at(&self, ply: usize) -> Option<Position> {
        let mut p = self.spec.start().ok()?;
        for &m in self.moves.get(..ply)? {
            p.play_move(m);
        }
        Some(p)
    }

    /// The view for a seat (or a spectator), at the current position or
    /// after `ply` moves.
    pub fn view(&self, you: Option<Seat>, ply: Option<usize>) -> Value {
        let current = ply.is_none_or(|p| p >= self.moves.len());
        let ply = ply.unwrap_or(self.moves.len()).min(self.moves.len());
        let pos = if current {
            self.pos.clone()
        } else {
            self.position_at(ply).unwrap_or_else(|| self.pos.clone())
        };
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
        let to_move = if current { self.to_move() } else { None };
        let mut moves = Vec::new();
        if let (Some(me), Some(tm)) = (you, to_move) {
            if me == tm {
                let mut legal = Vec::new();
                pos.generate(&mut legal);
                for m in legal {
                    moves.push(json!({
                        "text": notation::write(&pos, m),
                        "from": sq(m.from),
                        "to": sq(m.to),
                        "promote": m.promote,
                    }));
                }
            }
        }
        let last = ply
            .checked_sub(1)
            .and_then(|i| self.moves.get(i))
            .map(|m| json!({ "from": sq(m.from), "to": sq(m.to) }));
        let end = if current { self.end() } else { None };
        let seats: Vec<Value> = Seat::BOTH
            .iter()
            .map(|&s| json!({ "name": seat_name(s), "player": self.player_name(s) }))
            .collect();
        json!({
            "id": self.id,
            "variant": "cardmate",
            "title": "Cardmate",
            "board": {
                "files": 10,
                "ranks": 10,
                "rank_base": 0,
                "holes": [],
                "zones": [
                    { "name": "Forehand's palace", "squares": palace(Seat::First).map(sq) },
                    { "name": "Rearhand's palace", "squares": palace(Seat::Second).map(sq) },
                ],
                "midline": 5,
            },
            "pieces": pieces,
            "seats": seats,
            "you": you.map(|s| s.index()),
            "to_move": to_move.map(|s| s.index()),
            "moves": moves,
            "compulsory": current && to_move.is_some() && pos.capture_is_compulsory(),
            "history": self.texts,
            "ply": ply,
            "plies": self.moves.len(),
            "last": last,
            "draw_offer": self.draw_offer.map(|s| s.index()),
            "result": end.map(|e| json!({
                "result": record::result_of(&e),
                "reason": e.describe(),
                "winner": e.winner.map(|s| s.index()),
            })),
            "engine": self.engine.map(|(s, l)| json!({ "seat": s.index(), "level": l })),
            "setup": self.spec.setup.to_string(),
            "seed": self.spec.seed,
        })
    }

    /// A line for the lobby's list.
    pub fn summary(&self) -> Value {
        json!({
            "id": self.id,
            "variant": "cardmate",
            "plies": self.moves.len(),
            "to_move": self.to_move().map(|s| s.index()),
            "result": self.end().map(|e| record::result_of(&e)),
            "reason": self.end().map(|e| e.describe()),
            "opponent": match self.engine {
                Some((_, l)) => format!("engine level {l}"),
                None => "friend".to_string(),
            },
            "created": self.created,
        })
    }
}
