//! [`BoardPlay`]: the one [`PlayedGame`] of every board game, over a small
//! per-game hook ([`BoardHook`]: the spec, what a legal move carries for
//! the client's clicks, what the board shows, the record, the engine).
//! Moves are read and written through the rules' [`Game`] trait.
//!
//! Chance: a game whose [`Game::to_act`] is [`ToAct::Chance`] (a card
//! drawn before each move) gets its outcome drawn here, from a
//! [`SeededRng`] of the game's seed ([`BoardHook::chance_seed`]), as soon
//! as chance is to act: at the start and after every move. The draw is a
//! ply of the history that every seat sees; the seed stays in the
//! [`BoardPlay`] (the stored spec, never a view). The same seed gives the
//! same draws, so a game rebuilt from its spec and moves draws them again.

use super::{
    search_lines, AnalysisReport, AnalysisRequest, AnalysisSink, AnalysisStart, BoxedGame,
    CheckedMove, EngineHook, EngineJob, GameEntry, MoveLine, PlayedGame, RecordInfo, Settlement,
};
use deckmate_engine::{level, Evaluator, Player};
use deckmate_rules::{Game, MoveError, Outcome, Record, Seat, SeededRng, ToAct};
use serde_json::{Map, Value};

/// What a board game adds to [`BoardPlay`].
pub trait BoardHook: Send + 'static {
    /// The position.
    type Position: Game;
    /// What the game starts from: options and seed (and a position
    /// string, if any), as records' tags and the stored spec say.
    type Spec: Clone + Send + 'static;

    /// The registry entry of the game of `spec` (a game made at runtime
    /// keeps its entry in its spec).
    fn entry(spec: &Self::Spec) -> &'static GameEntry;
    /// The start position of `spec`.
    fn start(spec: &Self::Spec) -> Result<Self::Position, String>;
    /// The spec as stored (JSON), read back by the entry's `from_spec`.
    fn spec_json(spec: &Self::Spec) -> Value;
    /// Why no move is taken once the game is over: a
    /// [`MoveError::GameOver`](deckmate_rules::MoveError::GameOver) with
    /// the end in words where the position knows it; by default the words
    /// of its [`Game::outcome`].
    fn over(pos: &Self::Position) -> deckmate_rules::MoveError {
        MoveError::GameOver {
            end: pos.outcome().map(|o| o.reason),
        }
    }
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
    /// A game whose record is more than one [`Record`] writes it with
    /// [`BoardHook::record_text`] instead, and leaves this default.
    fn record(
        spec: &Self::Spec,
        moves: &[<Self::Position as Game>::Move],
        settled: Option<Settlement>,
    ) -> Result<Record, String> {
        let _ = (spec, moves, settled);
        Err(format!(
            "{} writes its record in more than one part",
            Self::entry(spec).name
        ))
    }

    /// The whole record as text, with the server's information (id,
    /// players, clocks, an end outside the rules), for a game whose record
    /// is more than one [`Record`] (Chess Cards' match of two games).
    /// `None` (the default): [`BoardHook::record`] with the tags
    /// [`BoardPlay`] adds.
    fn record_text(spec: &Self::Spec, pos: &Self::Position, info: &RecordInfo) -> Option<String> {
        let _ = (spec, pos, info);
        None
    }

    /// The move list's lines where the game numbers its moves its own way
    /// (Chess Cards: a heading for each game of the match). `None` (the
    /// default): two plies a line, with chance's and the setup's plies
    /// placed as [`BoardPlay`] places them.
    fn move_lines(
        pos: &Self::Position,
        moves: &[<Self::Position as Game>::Move],
    ) -> Option<Vec<MoveLine>> {
        let _ = (pos, moves);
        None
    }

    /// Where the game stands, in words, where it says more than the move
    /// number (`game 2, move 4`); `None` (the default): `move N`.
    fn progress(pos: &Self::Position) -> Option<String> {
        let _ = pos;
        None
    }
    /// The engine the game plays, weighs draw offers and analyses with,
    /// where it is the generic search over the position ([`SearchEngine`],
    /// which every [`EngineHook`] is): [`BoardHook::engine_move`],
    /// [`BoardHook::evaluate`], [`BoardHook::side_to_move`] and
    /// [`BoardHook::analyse`] then come from it. `None` (the default): the
    /// game answers those itself.
    const ENGINE: Option<&'static dyn SearchEngine<Self::Position>> = None;

    /// The engine's move at `level` (1-8), `seed` for its choices: by
    /// default [`BoardHook::ENGINE`]'s, none without one.
    fn engine_move(
        pos: &Self::Position,
        level: u8,
        seed: u64,
    ) -> Option<<Self::Position as Game>::Move> {
        Self::ENGINE?.choose(pos, level, seed)
    }
    /// The static evaluation for the side to act (draw offers): by default
    /// [`BoardHook::ENGINE`]'s, 0 without one.
    fn evaluate(pos: &Self::Position) -> i32 {
        Self::ENGINE.map_or(0, |e| e.evaluate(pos))
    }
    /// The side to act, also when the game is over: by default
    /// [`BoardHook::ENGINE`]'s; without one the seat to act (the first
    /// when none is).
    fn side_to_move(pos: &Self::Position) -> Seat {
        match (Self::ENGINE, pos.to_act()) {
            (Some(e), _) => e.side_to_move(pos),
            (None, ToAct::Seat(s)) => s,
            (None, _) => Seat::First,
        }
    }
    /// The seed of chance's stream, for a game where chance acts
    /// ([`ToAct::Chance`]): [`BoardPlay`] draws chance's outcomes from it
    /// by [`Game::sample_chance`]. `None` (the default): chance's moves,
    /// if any, are typed like the seats' (a replayed record without its
    /// seed).
    fn chance_seed(spec: &Self::Spec) -> Option<u64> {
        let _ = spec;
        None
    }

    /// The spec of a rematch, `fresh_seed` for new draws: by default the
    /// same spec, with `fresh_seed` as its `"seed"` in a game whose seed is
    /// secret ([`GameEntry::secret_seed`]: the seed decides what is still
    /// to come, so a rematch must not replay it).
    fn rematch_spec(spec: &Self::Spec, fresh_seed: u64) -> Value {
        match Self::entry(spec).secret_seed {
            true => super::reseeded(Self::spec_json(spec), fresh_seed),
            false => Self::spec_json(spec),
        }
    }

    /// The heading of a setup phase's moves in the move list
    /// ([`Game::is_setup_move`]: Dealer's Chess's "Arrangements").
    const SETUP_HEADING: &'static str = "Setup";

    /// Where an analysis board of `pos` starts: by default the game's own
    /// spec and moves (refused while the seed is secret or a secret is
    /// pending, see [`PlayedGame::analysis_start`]). A game that says
    /// otherwise answers for what its spec and moves show.
    fn analysis_start(spec: &Self::Spec, pos: &Self::Position) -> AnalysisStart {
        let _ = (spec, pos);
        AnalysisStart::Replay
    }

    /// A spec of a game that starts at `pos` (its position string, the
    /// seed left out), where the game has one: a game whose analysis board
    /// starts [`AnalysisStart::Here`] then starts it after its setup plies
    /// ([`BoardHook::setup_plies`]) with the moves played since. By
    /// default none.
    fn position_spec(spec: &Self::Spec, pos: &Self::Position) -> Option<Value> {
        let _ = (spec, pos);
        None
    }

    /// The game's rule on takebacks, in words ([`PlayedGame::takeback_rule`]).
    const TAKEBACK_RULE: &'static str =
        "a takeback may not go back past a card drawn or a secret revealed";

    /// The engine's lines of `pos` for the analysis board, reported to
    /// `sink` (see [`search_lines`]); false where there is nothing to
    /// analyse (the game is over, or no play yet). By default
    /// [`BoardHook::ENGINE`]'s lines, none without one.
    fn analyse(
        spec: &Self::Spec,
        pos: &Self::Position,
        request: &AnalysisRequest,
        sink: &mut dyn FnMut(AnalysisReport),
    ) -> bool {
        let _ = spec;
        Self::ENGINE.is_some_and(|e| e.lines(pos, request, sink))
    }

    /// The engine of a game whose engine is made from its spec (a variant
    /// file's, holding the file's rules): where there is one, it answers
    /// for the engine's move, its evaluation, the side to move and the
    /// analysis board's lines instead of the methods above. By default
    /// none.
    fn spec_engine(spec: &Self::Spec) -> Option<Box<dyn SearchEngine<Self::Position> + Send>> {
        let _ = spec;
        None
    }
}

/// The [`BoardHook`] methods of a game with one static entry whose spec
/// is its record's start ([`RecordSpec`](crate::game_record::RecordSpec))
/// and is stored by serde: `entry` (`$entry`), `start` (the spec's),
/// `spec_json` ([`stored_spec`](crate::registry::stored_spec)) and, with
/// `record`, `record` ([`board_record`](crate::registry::board_record)).
/// Written inside the game's `impl BoardHook`.
#[macro_export]
macro_rules! spec_hooks {
    ($entry:expr) => {
        fn entry(_: &Self::Spec) -> &'static $crate::registry::GameEntry {
            &$entry
        }

        fn start(spec: &Self::Spec) -> Result<Self::Position, String> {
            $crate::game_record::RecordSpec::start(spec).map_err(|e| e.to_string())
        }

        fn spec_json(spec: &Self::Spec) -> ::serde_json::Value {
            $crate::registry::stored_spec(spec)
        }
    };
    ($entry:expr, record) => {
        $crate::spec_hooks!($entry);

        fn record(
            spec: &Self::Spec,
            moves: &[<Self::Position as ::deckmate_rules::Game>::Move],
            settled: Option<$crate::registry::Settlement>,
        ) -> Result<::deckmate_rules::Record, String> {
            $crate::registry::board_record(spec, moves, settled)
        }
    };
}
pub use crate::spec_hooks;

/// A board game's engine by the generic search (its [`EngineHook`]'s
/// searcher and players), as [`BoardHook::ENGINE`] holds it.
pub trait SearchEngine<P: Game>: Sync {
    /// The move of a player at `level` (1-8), `seed` for its choices.
    fn choose(&self, pos: &P, level: u8, seed: u64) -> Option<P::Move>;
    /// The static evaluation for the side to act.
    fn evaluate(&self, pos: &P) -> i32;
    /// The side to act, also when the game is over.
    fn side_to_move(&self, pos: &P) -> Seat;
    /// The analysis board's lines of `pos` (a 16 MB table, or the
    /// thread's kept searcher: [`super::keeping`]), reported to `sink`;
    /// false where there is nothing to analyse.
    fn lines(
        &self,
        pos: &P,
        request: &AnalysisRequest,
        sink: &mut dyn FnMut(AnalysisReport),
    ) -> bool;
}

impl<E: EngineHook> SearchEngine<E::Position> for E {
    fn choose(&self, pos: &E::Position, lv: u8, seed: u64) -> Option<<E::Position as Game>::Move> {
        self.player(level::level(lv), seed, None).choose(pos)
    }

    /// The evaluation of the hook's searcher (made for it, the smallest
    /// table: a draw offer is rare).
    fn evaluate(&self, pos: &E::Position) -> i32 {
        self.searcher(0).evaluator().evaluate(pos)
    }

    fn side_to_move(&self, pos: &E::Position) -> Seat {
        crate::game_record::Recorded::side_to_move(pos)
    }

    fn lines(
        &self,
        pos: &E::Position,
        request: &AnalysisRequest,
        sink: &mut dyn FnMut(AnalysisReport),
    ) -> bool {
        // The thread's kept searcher when there is one (see `kept`).
        super::kept::with_kept(
            |mb| self.searcher(mb),
            |s| search_lines(s, pos, request, sink),
        )
    }
}

/// A board game being played: its spec, position, moves and their texts.
pub struct BoardPlay<H: BoardHook> {
    spec: H::Spec,
    pos: H::Position,
    moves: Vec<<H::Position as Game>::Move>,
    texts: Vec<String>,
    /// Who played each move.
    movers: Vec<Option<Seat>>,
    /// Which plies chance played.
    chance: Vec<bool>,
    /// Chance's stream, from [`BoardHook::chance_seed`] (secret).
    rng: Option<SeededRng>,
    /// The plies a takeback keeps: up to the last one chance played or
    /// that revealed a secret ([`Game::reveals`]).
    floor: usize,
}

impl<H: BoardHook> BoardPlay<H> {
    /// A game at the start of `spec` (chance's first draws made).
    pub fn new(spec: H::Spec) -> Result<BoardPlay<H>, String> {
        let mut g = BoardPlay::<H>::blank(spec)?;
        g.draw_chance();
        Ok(g)
    }

    /// The position now (a table of the game's own shows it its way).
    pub fn position(&self) -> &H::Position {
        &self.pos
    }

    /// A game at the start of `spec`, nothing drawn.
    fn blank(spec: H::Spec) -> Result<BoardPlay<H>, String> {
        let pos = H::start(&spec)?;
        let rng = H::chance_seed(&spec).map(SeededRng::new);
        Ok(BoardPlay {
            spec,
            pos,
            moves: Vec::new(),
            texts: Vec::new(),
            movers: Vec::new(),
            chance: Vec::new(),
            rng,
            floor: 0,
        })
    }

    /// A game of `spec` after `moves`, known legal (a replayed record's,
    /// its chance moves included; with a seed, chance's stream is
    /// advanced past them, and it draws on after the last).
    pub fn with_moves(
        spec: H::Spec,
        moves: &[<H::Position as Game>::Move],
    ) -> Result<BoardPlay<H>, String> {
        let mut g = BoardPlay::<H>::blank(spec)?;
        for &mv in moves {
            let by_chance = g.pos.to_act() == ToAct::Chance;
            if by_chance {
                if let Some(rng) = g.rng.as_mut() {
                    let _ = g.pos.sample_chance(rng);
                }
            }
            g.push(mv, by_chance);
        }
        g.draw_chance();
        Ok(g)
    }

    /// Plays `mv` and keeps its text, mover and whether chance played it.
    /// Plays a legal move read from its text, then chance's draws.
    fn play_read(&mut self, mv: <H::Position as Game>::Move) {
        let by_chance = self.pos.to_act() == ToAct::Chance;
        self.push(mv, by_chance);
        self.draw_chance();
    }

    fn push(&mut self, mv: <H::Position as Game>::Move, by_chance: bool) {
        if by_chance || self.pos.reveals(mv) {
            self.floor = self.moves.len() + 1;
        }
        self.texts.push(self.pos.move_text(mv));
        self.movers.push(if by_chance {
            None
        } else {
            self.pos.seat_of(mv)
        });
        self.chance.push(by_chance);
        self.pos.play_unchecked(mv);
        self.moves.push(mv);
    }

    /// While chance is to act and the game has its stream, draws its
    /// outcome and plays it (a bounded loop: a game draws a few times in a
    /// row at most).
    fn draw_chance(&mut self) {
        for _ in 0..64 {
            if self.pos.to_act() != ToAct::Chance {
                return;
            }
            let Some(rng) = self.rng.as_mut() else {
                return;
            };
            let Some(mv) = self.pos.sample_chance(rng) else {
                return;
            };
            self.push(mv, true);
        }
    }

    /// The position after the setup plies, as a spec of its own
    /// ([`BoardHook::position_spec`]), and the texts of the moves played
    /// since: the analysis board of a game set up in secret (Dealer's
    /// Chess) goes along its play. `None` without a setup or such a spec.
    fn after_setup(&self) -> Option<(Value, Vec<String>)> {
        let setup = setup_plies::<H::Position>(&self.moves);
        if setup == 0 || setup > self.moves.len() {
            return None;
        }
        let start = BoardPlay::<H>::with_moves(self.spec.clone(), &self.moves[..setup]).ok()?;
        let spec = H::position_spec(&self.spec, &start.pos)?;
        Some((spec, self.texts[setup..].to_vec()))
    }

    /// The seat plies (chance's not counted) before ply `ply`.
    fn seat_plies_before(&self, ply: usize) -> usize {
        self.chance.iter().take(ply).filter(|&&c| !c).count()
    }

    fn parse(
        &self,
        seat: Option<Seat>,
        text: &str,
    ) -> Result<<H::Position as Game>::Move, MoveError> {
        if self.pos.to_act() == ToAct::Nobody {
            return Err(H::over(&self.pos));
        }
        self.pos.parse_move_as(seat, text.trim())
    }
}

impl<H: BoardHook> PlayedGame for BoardPlay<H> {
    fn entry(&self) -> &'static GameEntry {
        H::entry(&self.spec)
    }

    fn spec(&self) -> Value {
        H::spec_json(&self.spec)
    }

    fn history(&self) -> &[String] {
        &self.texts
    }

    fn clone_game(&self) -> Option<BoxedGame> {
        Some(Box::new(BoardPlay::<H> {
            spec: self.spec.clone(),
            pos: self.pos.clone(),
            moves: self.moves.clone(),
            texts: self.texts.clone(),
            movers: self.movers.clone(),
            chance: self.chance.clone(),
            rng: self.rng.clone(),
            floor: self.floor,
        }))
    }

    fn history_seen_by(&self, seat: Option<Seat>) -> Vec<String> {
        self.texts
            .iter()
            .zip(&self.movers)
            .map(|(t, &m)| self.pos.move_seen_by(m, t, seat))
            .collect()
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

    fn check(&self, text: &str) -> Result<String, MoveError> {
        let mv = self.parse(None, text)?;
        Ok(self.pos.move_text(mv))
    }

    /// The move read for `seat` must be its own: whose it is comes from
    /// [`Game::seat_of`] (a read move is legal).
    fn check_as(&self, seat: Seat, text: &str) -> Result<String, MoveError> {
        if !self.pos.to_act().includes(seat) {
            return Err(MoveError::NotYourTurn { side: None });
        }
        let mv = self.parse(Some(seat), text)?;
        if self.pos.seat_of(mv) != Some(seat) {
            return Err(MoveError::NotYourTurn { side: None });
        }
        Ok(self.pos.move_text(mv))
    }

    fn play(&mut self, text: &str) -> Result<(), MoveError> {
        let mv = self.parse(None, text)?;
        self.play_read(mv);
        Ok(())
    }

    fn check_move(&self, seat: Seat, text: &str) -> Result<CheckedMove, MoveError> {
        if !self.pos.to_act().includes(seat) {
            return Err(MoveError::NotYourTurn { side: None });
        }
        let mv = self.parse(Some(seat), text)?;
        if self.pos.seat_of(mv) != Some(seat) {
            return Err(MoveError::NotYourTurn { side: None });
        }
        Ok(CheckedMove::new(
            self.pos.move_text(mv),
            self.pos.hash(),
            self.texts.len(),
            Some(Box::new(mv)),
        ))
    }

    fn play_checked(&mut self, checked: CheckedMove) -> Result<(), MoveError> {
        let read = checked
            .read_on::<<H::Position as Game>::Move>(self.pos.hash(), self.texts.len())
            .copied();
        match read {
            Some(mv) => {
                self.play_read(mv);
                Ok(())
            }
            None => self.play(&checked.text),
        }
    }

    fn takeback_floor(&self) -> usize {
        self.floor
    }

    fn takeback_rule(&self) -> &'static str {
        H::TAKEBACK_RULE
    }

    fn is_chance_ply(&self, ply: usize) -> bool {
        self.chance.get(ply).copied().unwrap_or(false)
    }

    /// With chance's plies, a line is a numbered turn of both seats, each
    /// seat's chance ply before its move; without, two plies a line.
    fn move_lines(&self) -> Vec<MoveLine> {
        if let Some(lines) = H::move_lines(&self.pos, &self.moves) {
            return lines;
        }
        if !self.chance.contains(&true) {
            let (setup, heading) = (setup_plies::<H::Position>(&self.moves), H::SETUP_HEADING);
            let setup = setup.min(self.texts.len());
            if setup == 0 {
                return super::pair_lines(self.texts.len(), 0, 1);
            }
            let mut lines = vec![MoveLine {
                heading: Some(heading.to_string()),
                label: String::new(),
                plies: (0..setup).collect(),
            }];
            lines.extend(super::pair_lines(self.texts.len() - setup, setup, 1));
            return lines;
        }
        let mut lines: Vec<MoveLine> = Vec::new();
        let mut seat_plies = 0;
        for (i, &c) in self.chance.iter().enumerate() {
            let n = seat_plies / 2;
            if lines.len() <= n {
                lines.push(MoveLine {
                    heading: None,
                    label: format!("{}.", n + 1),
                    plies: Vec::new(),
                });
            }
            if let Some(l) = lines.last_mut() {
                l.plies.push(i);
            }
            if !c {
                seat_plies += 1;
            }
        }
        lines
    }

    fn progress(&self) -> String {
        if let Some(p) = H::progress(&self.pos) {
            return p;
        }
        format!("move {}", self.seat_plies_before(self.texts.len()) / 2 + 1)
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

    fn secrets_pending(&self) -> bool {
        self.pos.secrets_pending()
    }

    /// Chance draws from the seed during play ([`BoardHook::chance_seed`]).
    fn seed_is_secret(&self) -> bool {
        self.rng.is_some()
    }

    fn record(&self, info: &RecordInfo) -> String {
        if let Some(text) = H::record_text(&self.spec, &self.pos, info) {
            return text;
        }
        match H::record(&self.spec, &self.moves, info.ended) {
            Ok(mut r) => {
                r.set_tag("Site", "deckmate");
                if !info.id.is_empty() {
                    r.set_tag("GameId", info.id.clone());
                }
                for s in Seat::BOTH {
                    r.set_tag(
                        H::entry(&self.spec).seat_names[s.index()],
                        info.players[s.index()].clone(),
                    );
                }
                info.write_clocks(&mut r);
                r.to_string()
            }
            Err(e) => format!("; cannot write the record: {e}\n"),
        }
    }

    fn engine_job(&self, level: u8, seed: u64) -> EngineJob {
        let pos = self.pos.clone();
        let engine = H::spec_engine(&self.spec);
        Box::new(move || {
            let mv = match &engine {
                Some(e) => e.choose(&pos, level, seed),
                None => H::engine_move(&pos, level, seed),
            }?;
            Some(pos.move_text(mv))
        })
    }

    fn rematch_spec(&self, fresh_seed: u64) -> Value {
        H::rematch_spec(&self.spec, fresh_seed)
    }

    fn chance_moves(&self) -> Vec<String> {
        if self.rng.is_some() || self.pos.to_act() != ToAct::Chance {
            return Vec::new();
        }
        let mut out = Vec::new();
        self.pos.chance_outcomes(&mut out);
        out.iter().map(|&(m, _)| self.pos.move_text(m)).collect()
    }

    fn analysis_start(&self) -> Option<(Value, Vec<String>)> {
        match H::analysis_start(&self.spec, &self.pos) {
            AnalysisStart::Replay if self.rng.is_none() && !self.secrets_pending() => {
                Some((H::spec_json(&self.spec), self.texts.clone()))
            }
            AnalysisStart::Replay | AnalysisStart::Closed => None,
            AnalysisStart::ReplayFrom(spec) => Some((spec, self.texts.clone())),
            AnalysisStart::Here(spec) => Some(self.after_setup().unwrap_or((spec, Vec::new()))),
        }
    }

    fn analysis_job(&self, request: AnalysisRequest, mut sink: AnalysisSink) -> Option<EngineJob> {
        let pos = self.pos.clone();
        let spec = self.spec.clone();
        Some(Box::new(move || {
            let lines = match H::spec_engine(&spec) {
                Some(e) => e.lines(&pos, &request, &mut |r| sink(r)),
                None => H::analyse(&spec, &pos, &request, &mut |r| sink(r)),
            };
            lines.then(String::new)
        }))
    }

    /// The engine accepts when its static evaluation of the position is
    /// not better than a small edge for itself.
    fn engine_accepts_draw(&self, seat: Seat) -> bool {
        let (score, side) = match H::spec_engine(&self.spec) {
            Some(e) => (e.evaluate(&self.pos), e.side_to_move(&self.pos)),
            None => (H::evaluate(&self.pos), H::side_to_move(&self.pos)),
        };
        super::engine_takes_draw(score, side, seat)
    }
}

/// How many of the first plies of `moves` are a setup phase before play
/// ([`Game::is_setup_move`]).
fn setup_plies<G: Game>(moves: &[G::Move]) -> usize {
    moves.iter().take_while(|&&m| G::is_setup_move(m)).count()
}
