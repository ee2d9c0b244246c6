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
    AnalysisReport, AnalysisRequest, AnalysisSink, AnalysisStart, EngineJob, GameEntry, MoveLine,
    PlayedGame, RecordInfo, Settlement,
};
use deckmate_rules::{Game, Outcome, Record, Seat, SeededRng, ToAct};
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
    /// Whether the full record of `pos`'s game would now show a viewer
    /// something it may not know yet (see [`PlayedGame::secrets_pending`]).
    fn secrets_pending(pos: &Self::Position) -> bool {
        let _ = pos;
        false
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

    /// The spec of a rematch, `fresh_seed` for new draws; by default the
    /// same spec.
    fn rematch_spec(spec: &Self::Spec, fresh_seed: u64) -> Value {
        let _ = fresh_seed;
        Self::spec_json(spec)
    }

    /// Reads a move sent by `seat` (`None`: typed with no seat known, as
    /// at one keyboard): by default [`Game::parse_move`], whoever sends
    /// it. A game whose seats act at once may read a text by its sender
    /// (Dealer's Chess: `random` is the sender's arrangement).
    fn parse_as(
        pos: &Self::Position,
        seat: Option<Seat>,
        text: &str,
    ) -> Result<<Self::Position as Game>::Move, deckmate_rules::MoveError> {
        let _ = seat;
        pos.parse_move(text)
    }

    /// How many of the first plies of `moves` are a setup phase before
    /// play (Dealer's Chess's two arrangements): the move list shows them
    /// apart, under the heading this gives, and numbers play from 1.
    fn setup_plies(moves: &[<Self::Position as Game>::Move]) -> (usize, &'static str) {
        let _ = moves;
        (0, "")
    }

    /// How a move played by `mover` (written `text`) reads to `viewer`
    /// (`None`: a spectator) in the position now: games with secrets hide
    /// here a move the viewer may not know yet (another seat's secret
    /// arrangement). By default every move is seen as written.
    fn move_seen_by(
        pos: &Self::Position,
        mover: Option<Seat>,
        text: &str,
        viewer: Option<Seat>,
    ) -> String {
        let _ = (pos, mover, viewer);
        text.to_string()
    }

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

    /// Whether playing `mv` (a seat's move) at `pos` reveals what a seat
    /// did not know, or draws by chance, so that a takeback may not go
    /// back past it ([`PlayedGame::takeback_floor`]); chance's own plies
    /// always count. By default no move does.
    fn reveals(pos: &Self::Position, mv: <Self::Position as Game>::Move) -> bool {
        let _ = (pos, mv);
        false
    }

    /// The game's rule on takebacks, in words ([`PlayedGame::takeback_rule`]).
    fn takeback_rule() -> &'static str {
        "a takeback may not go back past a card drawn or a secret revealed"
    }

    /// The engine's lines of `pos` for the analysis board, reported to
    /// `sink` (see [`search_lines`](super::search_lines)); false where
    /// there is nothing to analyse (the game is over, or no play yet). By
    /// default none.
    fn analyse(
        spec: &Self::Spec,
        pos: &Self::Position,
        request: &AnalysisRequest,
        sink: &mut dyn FnMut(AnalysisReport),
    ) -> bool {
        let _ = (spec, pos, request, sink);
        false
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
    /// that revealed a secret ([`BoardHook::reveals`]).
    floor: usize,
}

impl<H: BoardHook> BoardPlay<H> {
    /// A game at the start of `spec` (chance's first draws made).
    pub fn new(spec: H::Spec) -> Result<BoardPlay<H>, String> {
        let mut g = BoardPlay::<H>::blank(spec)?;
        g.draw_chance();
        Ok(g)
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
    fn push(&mut self, mv: <H::Position as Game>::Move, by_chance: bool) {
        if by_chance || H::reveals(&self.pos, mv) {
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
        let (setup, _) = H::setup_plies(&self.moves);
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

    fn parse(&self, seat: Option<Seat>, text: &str) -> Result<<H::Position as Game>::Move, String> {
        if self.pos.to_act() == ToAct::Nobody {
            return Err(H::over(&self.pos));
        }
        H::parse_as(&self.pos, seat, text.trim()).map_err(|e| e.to_string())
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

    fn history_seen_by(&self, seat: Option<Seat>) -> Vec<String> {
        self.texts
            .iter()
            .zip(&self.movers)
            .map(|(t, &m)| H::move_seen_by(&self.pos, m, t, seat))
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

    fn check(&self, text: &str) -> Result<String, String> {
        let mv = self.parse(None, text)?;
        Ok(self.pos.move_text(mv))
    }

    /// The move read for `seat` must be its own: whose it is comes from
    /// [`Game::seat_of`] (a read move is legal).
    fn check_as(&self, seat: Seat, text: &str) -> Result<String, String> {
        if !self.pos.to_act().includes(seat) {
            return Err("it is not your turn".into());
        }
        let mv = self.parse(Some(seat), text)?;
        if self.pos.seat_of(mv) != Some(seat) {
            return Err("it is not your turn".into());
        }
        Ok(self.pos.move_text(mv))
    }

    fn play(&mut self, text: &str) -> Result<(), String> {
        let mv = self.parse(None, text)?;
        let by_chance = self.pos.to_act() == ToAct::Chance;
        self.push(mv, by_chance);
        self.draw_chance();
        Ok(())
    }

    fn takeback_floor(&self) -> usize {
        self.floor
    }

    fn takeback_rule(&self) -> &'static str {
        H::takeback_rule()
    }

    fn is_chance_ply(&self, ply: usize) -> bool {
        self.chance.get(ply).copied().unwrap_or(false)
    }

    /// With chance's plies, a line is a numbered turn of both seats, each
    /// seat's chance ply before its move; without, two plies a line.
    fn move_lines(&self) -> Vec<MoveLine> {
        if !self.chance.contains(&true) {
            let (setup, heading) = H::setup_plies(&self.moves);
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
        H::secrets_pending(&self.pos)
    }

    /// Chance draws from the seed during play ([`BoardHook::chance_seed`]).
    fn seed_is_secret(&self) -> bool {
        self.rng.is_some()
    }

    fn record(&self, info: &RecordInfo) -> String {
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
        Box::new(move || {
            let mv = H::engine_move(&pos, level, seed)?;
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
            H::analyse(&spec, &pos, &request, &mut |r| sink(r)).then(String::new)
        }))
    }

    /// The engine accepts when its static evaluation of the position is
    /// not better than a small edge for itself.
    fn engine_accepts_draw(&self, seat: Seat) -> bool {
        super::engine_takes_draw(H::evaluate(&self.pos), H::side_to_move(&self.pos), seat)
    }
}

#[cfg(test)]
mod tests {
    //! A toy with a secret simultaneous choice: both seats pick a number
    //! (0-2) unseen; once both have, the higher wins. Checks that what the
    //! shells get from [`BoardPlay`] (views, move lists, checks) hides the
    //! other seat's pick until both have picked.
    use super::*;
    use crate::registry::{BoxedGame, Options};
    use deckmate_rules::MoveError;

    #[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
    struct Picks([Option<u8>; 2]);

    #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
    struct Pick(Seat, u8);

    #[derive(Clone, PartialEq, Eq, Debug)]
    struct Seen {
        mine: Option<u8>,
        picked: [bool; 2],
        revealed: Option<[u8; 2]>,
    }

    fn letter(s: Seat) -> char {
        if s == Seat::First {
            'F'
        } else {
            'S'
        }
    }

    impl Game for Picks {
        type Move = Pick;
        type Observation = Seen;
        fn to_act(&self) -> ToAct {
            match self.0 {
                [None, None] => ToAct::Both,
                [None, Some(_)] => ToAct::Seat(Seat::First),
                [Some(_), None] => ToAct::Seat(Seat::Second),
                _ => ToAct::Nobody,
            }
        }
        fn seat_of(&self, mv: Pick) -> Option<Seat> {
            Some(mv.0)
        }
        fn legal_moves(&self, moves: &mut Vec<Pick>) {
            for s in Seat::BOTH {
                if self.0[s.index()].is_none() && self.to_act() != ToAct::Nobody {
                    moves.extend((0..3).map(|n| Pick(s, n)));
                }
            }
        }
        fn observation(&self, seat: Option<Seat>) -> Seen {
            let both = self.0.map(|p| p.unwrap_or(0));
            Seen {
                mine: seat.and_then(|s| self.0[s.index()]),
                picked: self.0.map(|p| p.is_some()),
                revealed: (self.to_act() == ToAct::Nobody).then_some(both),
            }
        }
        fn play_unchecked(&mut self, mv: Pick) {
            self.0[mv.0.index()] = Some(mv.1);
        }
        fn outcome(&self) -> Option<Outcome> {
            let [Some(a), Some(b)] = self.0 else {
                return None;
            };
            let winner = match a.cmp(&b) {
                std::cmp::Ordering::Greater => Some(Seat::First),
                std::cmp::Ordering::Less => Some(Seat::Second),
                std::cmp::Ordering::Equal => None,
            };
            Some(Outcome {
                winner,
                reason: format!("{a} against {b}"),
            })
        }
        fn hash(&self) -> u64 {
            self.0.iter().fold(7, |h, p| h * 5 + p.map_or(4, u64::from))
        }
        fn move_text(&self, mv: Pick) -> String {
            format!("{}{}", letter(mv.0), mv.1)
        }
        fn parse_move(&self, text: &str) -> Result<Pick, MoveError> {
            let mut moves = Vec::new();
            self.legal_moves(&mut moves);
            moves
                .into_iter()
                .find(|&m| self.move_text(m) == text)
                .ok_or_else(|| MoveError::NotLegal {
                    text: text.to_string(),
                })
        }
        fn position_text(&self) -> String {
            format!("{:?}", self.0)
        }
    }

    fn create(_: &'static GameEntry, _: &Options, _: u64) -> Result<BoxedGame, String> {
        Ok(Box::new(BoardPlay::<Toy>::new(())?))
    }

    fn from_spec(g: &'static GameEntry, _: &Value) -> Result<BoxedGame, String> {
        create(g, &Options::default(), 0)
    }

    static TOY: GameEntry = GameEntry {
        key: "picks",
        name: "Picks",
        aliases: &[],
        summary: "a toy",
        seats: ["first", "second"],
        seat_names: ["First", "Second"],
        options: &[],
        rules: "",
        move_help: "",
        replay: |_, _| Err(super::super::ReplayFailure::at(0, "no records".into())),
        create,
        from_spec,
        tools: None,
        secret_seed: false,
        variant_file: None,
    };

    struct Toy;

    impl BoardHook for Toy {
        type Position = Picks;
        type Spec = ();
        fn entry(_: &()) -> &'static GameEntry {
            &TOY
        }
        fn start(_: &()) -> Result<Picks, String> {
            Ok(Picks::default())
        }
        fn spec_json(_: &()) -> Value {
            Value::Null
        }
        fn over(_: &Picks) -> String {
            "the game is over".into()
        }
        fn move_fields(_: &Picks, _: Pick, _: &[Pick]) -> Map<String, Value> {
            Map::new()
        }
        fn view(_: &(), seen: &Seen, _: &[Pick], _: Option<Seat>, _: bool) -> Map<String, Value> {
            let mut m = Map::new();
            m.insert("seen".into(), Value::String(format!("{seen:?}")));
            m
        }
        fn record(_: &(), _: &[Pick], _: Option<Settlement>) -> Result<Record, String> {
            Ok(Record::default())
        }
        fn engine_move(pos: &Picks, _: u8, _: u64) -> Option<Pick> {
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            moves.first().copied()
        }
        fn evaluate(_: &Picks) -> i32 {
            0
        }
        fn side_to_move(_: &Picks) -> Seat {
            Seat::First
        }
        fn secrets_pending(pos: &Picks) -> bool {
            pos.0.iter().any(Option::is_some) && pos.to_act() != ToAct::Nobody
        }
        fn move_seen_by(
            pos: &Picks,
            mover: Option<Seat>,
            text: &str,
            viewer: Option<Seat>,
        ) -> String {
            if pos.to_act() == ToAct::Nobody || mover == viewer {
                text.to_string()
            } else {
                format!("{}?", &text[..1])
            }
        }
    }

    /// Everything a shell may send `viewer`: its view, the moves played as
    /// it sees them, its legal moves.
    fn answer(g: &BoardPlay<Toy>, viewer: Option<Seat>) -> String {
        let moves = viewer.map_or(Vec::new(), |s| g.legal_moves_of(s));
        format!(
            "{:?} {:?} {:?}",
            g.view(viewer, true),
            g.history_seen_by(viewer),
            moves
        )
    }

    #[test]
    fn a_secret_pick_reaches_nobody_before_both_have_picked() {
        let mut secret = None;
        for first in 0..3u8 {
            let mut g = BoardPlay::<Toy>::new(()).expect("start");
            assert_eq!(g.to_act(), ToAct::Both);
            // Each seat is offered only its own picks, and cannot send the
            // other's.
            assert_eq!(g.legal_moves_of(Seat::First).len(), 3);
            assert_eq!(g.legal_moves_of(Seat::Second).len(), 3);
            assert!(g.check_as(Seat::Second, "F1").is_err());
            assert_eq!(g.check_as(Seat::First, "F1").as_deref(), Ok("F1"));
            g.play(&format!("F{first}")).expect("First picks");
            assert_eq!(g.to_act(), ToAct::Seat(Seat::Second));
            assert!(g.check_as(Seat::First, "F2").is_err());
            // What Second and a spectator get is the same whatever First
            // picked; First sees its own pick.
            let theirs = (answer(&g, Some(Seat::Second)), answer(&g, None));
            match &secret {
                None => secret = Some(theirs),
                Some(s) => assert_eq!(s, &theirs, "First's pick {first} leaks"),
            }
            assert_eq!(g.history_seen_by(Some(Seat::First)), [format!("F{first}")]);
            assert_eq!(g.history_seen_by(Some(Seat::Second)), ["F?"]);
            // A record now would show it: the shells give none.
            assert!(g.secrets_pending());
            // Once both have picked, everybody sees both.
            g.play("S1").expect("Second picks");
            assert!(!g.secrets_pending());
            for viewer in [Some(Seat::First), Some(Seat::Second), None] {
                assert_eq!(
                    g.history_seen_by(viewer),
                    [format!("F{first}"), "S1".into()]
                );
                assert!(answer(&g, viewer).contains(&format!("revealed: Some([{first}, 1])")));
            }
        }
        // The check can fail: First's own answer differs with its pick.
        let mk = |n: u8| {
            let mut g = BoardPlay::<Toy>::new(()).expect("start");
            let _ = g.play(&format!("F{n}"));
            answer(&g, Some(Seat::First))
        };
        assert_ne!(mk(0), mk(2));
    }
}
