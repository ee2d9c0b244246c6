//! A toy with a secret simultaneous choice: both seats pick a number
//! (0-2) unseen; once both have, the higher wins. Checks that what the
//! shells get from [`BoardPlay`] (views, move lists, checks) hides the
//! other seat's pick until both have picked.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use deckmate_games::registry::{
    BoardHook, BoardPlay, BoxedGame, GameEntry, GameError, Options, PlayedGame, ReplayFailure,
    Settlement,
};
use deckmate_rules::{Game, MoveError, Outcome, Record, Seat, ToAct};
use serde_json::{Map, Value};

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
    fn secrets_pending(&self) -> bool {
        self.0.iter().any(Option::is_some) && self.to_act() != ToAct::Nobody
    }
    fn move_seen_by(&self, mover: Option<Seat>, text: &str, viewer: Option<Seat>) -> String {
        if self.to_act() == ToAct::Nobody || mover == viewer {
            text.to_string()
        } else {
            format!("{}?", &text[..1])
        }
    }

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
            points: None,
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

fn create(_: &'static GameEntry, _: &Options, _: u64) -> Result<BoxedGame, GameError> {
    Ok(Box::new(
        BoardPlay::<Toy>::new(()).map_err(GameError::Options)?,
    ))
}

fn from_spec(g: &'static GameEntry, _: &Value) -> Result<BoxedGame, GameError> {
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
    replay: |_, _| Err(ReplayFailure::at(0, "no records".into())),
    create,
    from_spec,
    tools: None,
    secret_seed: false,
    capabilities: deckmate_games::registry::Capabilities::NONE,
    view_keys: &[],
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
    fn over(_: &Picks) -> MoveError {
        MoveError::GameOver { end: None }
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
