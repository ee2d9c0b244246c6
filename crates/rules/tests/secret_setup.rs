//! Hidden information in the rules kernel, on a toy game with a secret
//! simultaneous setup: `ToAct::Both`, `legal_moves_of`, per-seat
//! observations, weighted chance, seeded sampling and perft over a setup.
//!
//! Secret guards. Each seat has four posts, `a` to `d`.
//!
//! 1. Setup: both seats at once ([`ToAct::Both`]) and unseen by each other
//!    post two guards on two of their own posts (6 arrangements each).
//! 2. Then the seats take turns, First first. A turn starts with a die
//!    (chance): faces 1 to 4 give one probe, 5 and 6 two (weights 4 and 2).
//! 3. A probe names a post of the other side not yet probed by this seat.
//!    It hits if a guard stands there, and a hit reveals that guard to
//!    everyone (the other guard stays secret). Finding the second guard
//!    wins at once; the game is then over and both arrangements are shown.
//!    When its probes are used up the turn passes to the other seat.
//!
//! A seat observes its own arrangement, whether the other has posted (not
//! where), every probe and its result, and whose turn it is; a spectator
//! sees no arrangement until the game is over. The tests check, over every
//! reachable position and on random playouts, that the observations hide
//! exactly what they must, with negative controls that leak on purpose.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use deckmate_rules::{
    perft, perft_divide, pick_weighted, Game, MoveError, Outcome, Seat, SeededRng, ToAct,
};
use proptest::prelude::*;
use std::collections::hash_map::Entry;
use std::collections::{HashMap, HashSet};
use std::fmt::Debug;
use std::hash::Hash;

/// Posts on each side.
const POSTS: u8 = 4;
/// All posts of a side, as a mask.
const ALL_POSTS: u8 = (1 << POSTS) - 1;
/// The die: (probes, weight). Faces 1-4 give one probe, 5-6 two.
const DIE: [(u8, u32); 2] = [(1, 4), (2, 2)];
/// The spectator and both seats.
const VIEWERS: [Option<Seat>; 3] = [None, Some(Seat::First), Some(Seat::Second)];

/// The six ways to post two guards on four posts, as masks.
fn arrangements() -> Vec<u8> {
    (0..=ALL_POSTS).filter(|m| m.count_ones() == 2).collect()
}

#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
enum Phase {
    /// The seats post their guards.
    Setup,
    /// Chance rolls the die for this seat's turn.
    Roll(Seat),
    /// This seat probes, with this many probes left in its turn.
    Probe(Seat, u8),
    /// This seat found both guards of the other and won.
    Over(Seat),
}

/// A position of Secret guards.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
struct Guards {
    /// Each seat's guards, a mask of its own posts (0: not posted yet).
    guards: [u8; 2],
    /// The posts of the other side each seat has probed.
    probed: [u8; 2],
    phase: Phase,
}

#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
enum Move {
    /// A seat posts its guards (a mask of two posts).
    Place(Seat, u8),
    /// Chance: the die gives this many probes.
    Roll(u8),
    /// A seat probes a post (0 to 3) of the other side.
    Probe(Seat, u8),
}

impl Move {
    /// Whose move it is (`None`: chance's).
    fn seat(self) -> Option<Seat> {
        match self {
            Move::Place(s, _) | Move::Probe(s, _) => Some(s),
            Move::Roll(_) => None,
        }
    }
}

/// What a viewer may see of a position.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct View {
    /// Each seat's guards as the viewer knows them: its own once posted,
    /// both arrangements once the game is over, otherwise `None`.
    guards: [Option<u8>; 2],
    /// Whether each seat has posted its guards.
    posted: [bool; 2],
    /// The posts each seat has probed.
    probed: [u8; 2],
    /// The probes that found a guard: the guards each seat has revealed.
    found: [u8; 2],
    /// Whose turn, and how many probes are left in it.
    phase: Phase,
}

fn letter(s: Seat) -> char {
    match s {
        Seat::First => 'F',
        Seat::Second => 'S',
    }
}

fn posts_text(mask: u8) -> String {
    if mask == 0 {
        return "-".to_string();
    }
    (0..POSTS)
        .filter(|p| mask & (1 << p) != 0)
        .map(|p| char::from(b'a' + p))
        .collect()
}

impl Guards {
    fn new() -> Guards {
        Guards {
            guards: [0; 2],
            probed: [0; 2],
            phase: Phase::Setup,
        }
    }

    /// The guards of the other side that `s` has found.
    fn found(&self, s: Seat) -> u8 {
        self.probed[s.index()] & self.guards[s.other().index()]
    }

    /// The position after both seats posted (`First` first).
    fn posted(first: u8, second: u8) -> Guards {
        let mut g = Guards::new();
        g.play(Move::Place(Seat::First, first)).unwrap();
        g.play(Move::Place(Seat::Second, second)).unwrap();
        g
    }
}

impl Game for Guards {
    type Move = Move;
    type Observation = View;

    fn to_act(&self) -> ToAct {
        match self.phase {
            Phase::Setup => match (self.guards[0] != 0, self.guards[1] != 0) {
                (false, false) => ToAct::Both,
                (true, false) => ToAct::Seat(Seat::Second),
                (false, true) => ToAct::Seat(Seat::First),
                // Not reachable: the second arrangement starts the play.
                (true, true) => ToAct::Nobody,
            },
            Phase::Roll(_) => ToAct::Chance,
            Phase::Probe(s, _) => ToAct::Seat(s),
            Phase::Over(_) => ToAct::Nobody,
        }
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        match self.phase {
            Phase::Setup => {
                for s in Seat::BOTH {
                    if self.guards[s.index()] == 0 {
                        moves.extend(arrangements().into_iter().map(|m| Move::Place(s, m)));
                    }
                }
            }
            Phase::Probe(s, _) => moves.extend(
                (0..POSTS)
                    .filter(|p| self.probed[s.index()] & (1 << p) == 0)
                    .map(|p| Move::Probe(s, p)),
            ),
            Phase::Roll(_) | Phase::Over(_) => {}
        }
    }

    fn legal_moves_of(&self, seat: Seat, moves: &mut Vec<Move>) {
        let mut all = Vec::new();
        self.legal_moves(&mut all);
        moves.extend(all.into_iter().filter(|m| m.seat() == Some(seat)));
    }

    fn chance_outcomes(&self, outcomes: &mut Vec<(Move, u32)>) {
        if let Phase::Roll(_) = self.phase {
            outcomes.extend(DIE.iter().map(|&(n, w)| (Move::Roll(n), w)));
        }
    }

    fn observation(&self, viewer: Option<Seat>) -> View {
        let over = matches!(self.phase, Phase::Over(_));
        View {
            guards: Seat::BOTH.map(|s| {
                let g = self.guards[s.index()];
                (g != 0 && (over || viewer == Some(s))).then_some(g)
            }),
            posted: self.guards.map(|g| g != 0),
            probed: self.probed,
            found: Seat::BOTH.map(|s| self.found(s)),
            phase: self.phase,
        }
    }

    fn play_unchecked(&mut self, mv: Move) {
        match mv {
            Move::Place(s, mask) => {
                self.guards[s.index()] = mask & ALL_POSTS;
                if self.guards.iter().all(|&g| g != 0) {
                    self.phase = Phase::Roll(Seat::First);
                }
            }
            Move::Roll(n) => {
                if let Phase::Roll(s) = self.phase {
                    self.phase = Phase::Probe(s, n);
                }
            }
            Move::Probe(s, post) => {
                self.probed[s.index()] |= 1 << (post % POSTS);
                self.phase = if self.found(s) == self.guards[s.other().index()] {
                    Phase::Over(s)
                } else {
                    match self.phase {
                        Phase::Probe(_, left) if left > 1 => Phase::Probe(s, left - 1),
                        _ => Phase::Roll(s.other()),
                    }
                };
            }
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        match self.phase {
            Phase::Over(s) => Some(Outcome {
                winner: Some(s),
                reason: format!("{} found both guards of {}", letter(s), letter(s.other())),
                points: None,
            }),
            _ => None,
        }
    }

    fn hash(&self) -> u64 {
        // The whole position packed in 20 bits (so distinct positions get
        // distinct keys), then mixed (splitmix64's finaliser, a bijection).
        let phase = match self.phase {
            Phase::Setup => 0,
            Phase::Roll(s) => 1 + s.index() as u64,
            Phase::Probe(s, n) => 3 + 3 * s.index() as u64 + u64::from(n),
            Phase::Over(s) => 10 + s.index() as u64,
        };
        let mut x = u64::from(self.guards[0])
            | u64::from(self.guards[1]) << 4
            | u64::from(self.probed[0]) << 8
            | u64::from(self.probed[1]) << 12
            | phase << 16;
        x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        x ^ (x >> 31)
    }

    fn move_text(&self, mv: Move) -> String {
        match mv {
            Move::Place(s, mask) => format!("{}={}", letter(s), posts_text(mask)),
            Move::Roll(n) => format!("d{n}"),
            Move::Probe(s, p) => format!("{}?{}", letter(s), posts_text(1 << (p % POSTS))),
        }
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        if let Some(end) = self.outcome() {
            return Err(MoveError::GameOver {
                end: Some(end.reason),
            });
        }
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        let mut outs = Vec::new();
        self.chance_outcomes(&mut outs);
        moves.extend(outs.into_iter().map(|(m, _)| m));
        if let Some(&mv) = moves.iter().find(|&&m| self.move_text(m) == text) {
            return Ok(mv);
        }
        // A seat's move out of turn, or nothing this game writes.
        let seat = Seat::BOTH
            .into_iter()
            .find(|&s| text.starts_with(letter(s)));
        match seat {
            Some(s) if !self.to_act().includes(s) => Err(MoveError::NotYourTurn {
                side: Some(letter(s).to_string()),
            }),
            Some(_) | None if !every_move().iter().any(|&m| self.move_text(m) == text) => {
                Err(MoveError::NotAMove {
                    text: text.to_string(),
                    game: "Secret guards".to_string(),
                    why: "not a posting, a roll or a probe".to_string(),
                    examples: "F=ab, d2, S?c".to_string(),
                })
            }
            _ => Err(MoveError::NotLegal {
                text: text.to_string(),
            }),
        }
    }

    fn position_text(&self) -> String {
        format!(
            "F={} S={} F?{} S?{} {:?}",
            posts_text(self.guards[0]),
            posts_text(self.guards[1]),
            posts_text(self.probed[0]),
            posts_text(self.probed[1]),
            self.phase
        )
    }
}

// ---------------------------------------------------------------------------
// Helpers.

/// The moves that may follow: chance's outcomes or the seats' moves.
fn next_moves<G: Game>(g: &G) -> Vec<G::Move> {
    let mut moves = Vec::new();
    if g.to_act() == ToAct::Chance {
        let mut outs = Vec::new();
        g.chance_outcomes(&mut outs);
        moves.extend(outs.into_iter().map(|(m, _)| m));
    } else {
        g.legal_moves(&mut moves);
    }
    moves
}

fn moves_of<G: Game>(g: &G, seat: Seat) -> Vec<G::Move> {
    let mut moves = Vec::new();
    g.legal_moves_of(seat, &mut moves);
    moves
}

/// Every position reachable from the start, each once (in hash order, so
/// that failures read the same on every run). Each move is played with the
/// checked [`Game::play`].
fn reachable() -> Vec<Guards> {
    let mut seen = HashSet::new();
    let mut stack = vec![Guards::new()];
    while let Some(g) = stack.pop() {
        if !seen.insert(g) {
            continue;
        }
        for mv in next_moves(&g) {
            let mut next = g;
            next.play(mv).unwrap();
            stack.push(next);
        }
    }
    let mut all: Vec<Guards> = seen.into_iter().collect();
    all.sort_by_key(Game::hash);
    all
}

/// Every move that can be written, legal or not: all 16 masks, dice from 0
/// to 3, posts 0 to 4.
fn every_move() -> Vec<Move> {
    let mut all = Vec::new();
    for s in Seat::BOTH {
        all.extend((0..=ALL_POSTS).map(|m| Move::Place(s, m)));
        all.extend((0..=POSTS).map(|p| Move::Probe(s, p)));
    }
    all.extend((0..4).map(Move::Roll));
    all
}

/// Plays `mv` as sent by `seat`: [`Game::play`] has no seat, and while both
/// seats act it accepts either seat's move, so a shell must check the
/// sender against [`Game::legal_moves_of`] itself.
fn play_as<G: Game>(g: &mut G, seat: Seat, mv: G::Move) -> Result<(), String> {
    if !moves_of(g, seat).contains(&mv) {
        return Err(format!("{mv:?} is not a move of {seat:?} now"));
    }
    g.play(mv).map_err(|e| e.to_string())
}

// ---------------------------------------------------------------------------
// What a viewer may know, written from the rules, separately from
// `Game::observation`.

#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
struct MayKnow {
    /// Public: whose turn, who has posted, every probe and its result.
    phase: Phase,
    posted: [bool; 2],
    probed: [u8; 2],
    found: [u8; 2],
    /// The viewer's own arrangement (a seat, once posted).
    own: Option<u8>,
    /// Both arrangements, once the game is over.
    all: Option<[u8; 2]>,
}

fn may_know(g: &Guards, viewer: Option<Seat>) -> MayKnow {
    MayKnow {
        phase: g.phase,
        posted: g.guards.map(|m| m != 0),
        probed: g.probed,
        found: Seat::BOTH.map(|s| g.probed[s.index()] & g.guards[s.other().index()]),
        own: viewer.map(|s| g.guards[s.index()]),
        all: matches!(g.phase, Phase::Over(_)).then_some(g.guards),
    }
}

/// Checks that `observe` tells positions apart exactly as far as each viewer
/// may know them: two positions that differ only in what the viewer may not
/// know (the other's arrangement, or any arrangement for a spectator, before
/// the end) must look the same ("leaks"), and two positions that differ in
/// what it may know must look different ("hides"). Returns the faults.
fn observation_faults<O: Clone + Eq + Hash + Debug>(
    states: &[Guards],
    observe: impl Fn(&Guards, Option<Seat>) -> O,
) -> Vec<String> {
    let mut faults = Vec::new();
    for viewer in VIEWERS {
        let mut by_knowledge: HashMap<MayKnow, (O, Guards)> = HashMap::new();
        let mut by_view: HashMap<O, (MayKnow, Guards)> = HashMap::new();
        for g in states {
            let k = may_know(g, viewer);
            let o = observe(g, viewer);
            match by_knowledge.entry(k) {
                Entry::Occupied(e) if e.get().0 != o => faults.push(format!(
                    "leaks: {viewer:?} tells apart {} and {}",
                    e.get().1.position_text(),
                    g.position_text()
                )),
                Entry::Occupied(_) => {}
                Entry::Vacant(e) => {
                    e.insert((o.clone(), *g));
                }
            }
            match by_view.entry(o) {
                Entry::Occupied(e) if e.get().0 != k => faults.push(format!(
                    "hides: {viewer:?} cannot tell apart {} and {}",
                    e.get().1.position_text(),
                    g.position_text()
                )),
                Entry::Occupied(_) => {}
                Entry::Vacant(e) => {
                    e.insert((k, *g));
                }
            }
        }
    }
    faults
}

/// An observation function, for the careless ones below.
type Observe = fn(&Guards, Option<Seat>) -> View;

/// The whole position: what a careless observation would return.
fn whole_position(g: &Guards, _viewer: Option<Seat>) -> Guards {
    *g
}

/// Reveals the other's whole arrangement as soon as one guard is found.
fn reveals_early(g: &Guards, viewer: Option<Seat>) -> View {
    let mut v = g.observation(viewer);
    if let Some(s) = viewer {
        if v.found[s.index()] != 0 {
            v.guards[s.other().index()] = Some(g.guards[s.other().index()]);
        }
    }
    v
}

/// Shows the spectator First's arrangement (`None` taken for `First`).
fn spectator_as_first(g: &Guards, viewer: Option<Seat>) -> View {
    g.observation(Some(viewer.unwrap_or(Seat::First)))
}

/// Forgets the viewer's own arrangement.
fn forgets_own(g: &Guards, viewer: Option<Seat>) -> View {
    let mut v = g.observation(viewer);
    if !matches!(g.phase, Phase::Over(_)) {
        v.guards = [None, None];
    }
    v
}

/// Shows the probes but not their results.
fn forgets_results(g: &Guards, viewer: Option<Seat>) -> View {
    let mut v = g.observation(viewer);
    v.found = [0, 0];
    v
}

// ---------------------------------------------------------------------------
// The setup phase.

#[test]
fn the_setup_is_simultaneous_and_each_seat_has_only_its_own_moves() {
    let start = Guards::new();
    assert_eq!(start.to_act(), ToAct::Both);
    for s in Seat::BOTH {
        let expect: Vec<Move> = arrangements().iter().map(|&m| Move::Place(s, m)).collect();
        assert_eq!(moves_of(&start, s), expect, "{s:?}");
    }
    // `legal_moves` while both act: both seats' moves.
    let mut all = Vec::new();
    start.legal_moves(&mut all);
    assert_eq!(all.len(), 12);
    assert_eq!(start.count_moves(), 12);
    for s in Seat::BOTH {
        assert_eq!(all.iter().filter(|m| m.seat() == Some(s)).count(), 6);
    }

    // Each seat posts the same arrangement whichever posts first.
    let arrangement = |s: Seat| [0b0011, 0b0101][s.index()];
    let mut after = Vec::new();
    for s in Seat::BOTH {
        let o = s.other();
        let mut g = start;
        g.play(Move::Place(s, arrangement(s))).unwrap();
        assert_eq!(g.to_act(), ToAct::Seat(o), "{s:?} posted");
        assert!(moves_of(&g, s).is_empty(), "{s:?} posted and has no moves");
        assert_eq!(moves_of(&g, o).len(), 6);
        // The seat that posted cannot post again, nor probe.
        for mv in [
            Move::Place(s, 0b1100),
            Move::Place(s, arrangement(s)),
            Move::Probe(s, 0),
        ] {
            let before = g;
            assert!(g.play(mv).is_err(), "{mv:?} after {s:?} posted");
            assert_eq!(g, before, "a refused move changes nothing");
        }
        // The other seat knows that s has posted, not where; so does the
        // spectator. s sees its own arrangement.
        let v = g.observation(Some(o));
        assert_eq!(v.guards, [None, None]);
        assert!(v.posted[s.index()] && !v.posted[o.index()]);
        assert_eq!(g.observation(None).guards, [None, None]);
        assert_eq!(
            g.observation(Some(s)).guards[s.index()],
            Some(arrangement(s))
        );
        g.play(Move::Place(o, arrangement(o))).unwrap();
        assert_eq!(g.to_act(), ToAct::Chance, "both posted: the die for First");
        assert!(moves_of(&g, Seat::First).is_empty() && moves_of(&g, Seat::Second).is_empty());
        after.push(g);
    }
    // Who posted first leaves no trace.
    assert_eq!(after[0], after[1]);
    for viewer in VIEWERS {
        assert_eq!(after[0].observation(viewer), after[1].observation(viewer));
    }
}

#[test]
fn play_checks_the_move_but_not_who_sent_it() {
    let mut g = Guards::new();
    // While both act, `play` takes either seat's move: the move says whose
    // it is, and `play` has no seat to check it against.
    let mut h = g;
    assert!(h.play(Move::Place(Seat::First, 0b0011)).is_ok());
    // A shell that knows the sender checks it with `legal_moves_of`.
    assert!(play_as(&mut g, Seat::Second, Move::Place(Seat::First, 0b0011)).is_err());
    assert_eq!(g, Guards::new());
    play_as(&mut g, Seat::Second, Move::Place(Seat::Second, 0b0011)).unwrap();
    assert!(play_as(&mut g, Seat::Second, Move::Place(Seat::Second, 0b0101)).is_err());
    play_as(&mut g, Seat::First, Move::Place(Seat::First, 0b1001)).unwrap();
    // Chance's outcomes are nobody's.
    for s in Seat::BOTH {
        assert!(play_as(&mut g, s, Move::Roll(1)).is_err());
    }
    g.play(Move::Roll(2)).unwrap();
    assert!(play_as(&mut g, Seat::Second, Move::Probe(Seat::First, 0)).is_err());
    play_as(&mut g, Seat::First, Move::Probe(Seat::First, 0)).unwrap();
}

#[test]
fn parse_move_says_why_a_move_is_refused() {
    let start = Guards::new();
    assert_eq!(
        start.parse_move("F=ab"),
        Ok(Move::Place(Seat::First, 0b0011))
    );
    assert_eq!(
        start.parse_move("S=bd"),
        Ok(Move::Place(Seat::Second, 0b1010))
    );
    assert!(matches!(
        start.parse_move("F=abc"),
        Err(MoveError::NotLegal { .. })
    ));
    assert!(matches!(
        start.parse_move("x"),
        Err(MoveError::NotAMove { .. })
    ));
    let mut g = start;
    g.play(Move::Place(Seat::First, 0b0011)).unwrap();
    assert_eq!(
        g.parse_move("F=cd"),
        Err(MoveError::NotYourTurn {
            side: Some("F".to_string())
        })
    );
    g.play(Move::Place(Seat::Second, 0b0011)).unwrap();
    assert_eq!(g.parse_move("d2"), Ok(Move::Roll(2)));
    assert!(matches!(
        g.parse_move("d3"),
        Err(MoveError::NotLegal { .. })
    ));
    g.play(Move::Roll(2)).unwrap();
    assert!(matches!(
        g.parse_move("S?a"),
        Err(MoveError::NotYourTurn { .. })
    ));
    g.play(Move::Probe(Seat::First, 0)).unwrap();
    assert!(matches!(
        g.parse_move("F?a"),
        Err(MoveError::NotLegal { .. })
    ));
    g.play(Move::Probe(Seat::First, 1)).unwrap();
    assert_eq!(g.outcome().map(|o| o.winner), Some(Some(Seat::First)));
    assert!(matches!(
        g.parse_move("S?a"),
        Err(MoveError::GameOver { end: Some(_) })
    ));
    // `play` knows no reason.
    assert_eq!(
        g.play(Move::Probe(Seat::Second, 0)),
        Err(MoveError::NotLegal {
            text: "Probe(Second, 0)".to_string()
        })
    );
}

/// Faults in how `legal_moves_of` splits the moves: a seat's moves are its
/// own, a seat has moves exactly when it may act, and the seats' moves
/// together are `legal_moves`.
fn seat_move_faults<G: Game>(
    states: &[G],
    seat_of: impl Fn(G::Move) -> Option<Seat>,
) -> Vec<String> {
    let mut faults = Vec::new();
    for g in states {
        let mut all = Vec::new();
        g.legal_moves(&mut all);
        let mut union = Vec::new();
        for s in Seat::BOTH {
            let mine = moves_of(g, s);
            if let Some(m) = mine.iter().find(|&&m| seat_of(m) != Some(s)) {
                faults.push(format!("{}: {m:?} among {s:?}'s moves", g.position_text()));
            }
            if mine.is_empty() == g.to_act().includes(s) {
                faults.push(format!(
                    "{}: {s:?} has {} moves, to act: {:?}",
                    g.position_text(),
                    mine.len(),
                    g.to_act()
                ));
            }
            union.extend(mine);
        }
        let set = |v: &[G::Move]| v.iter().copied().collect::<HashSet<_>>();
        if union.len() != all.len() || set(&union) != set(&all) {
            faults.push(format!(
                "{}: the seats' moves are not legal_moves",
                g.position_text()
            ));
        }
    }
    faults
}

#[test]
fn every_reachable_position_gives_each_seat_only_its_own_moves() {
    let states = reachable();
    let faults = seat_move_faults(&states, Move::seat);
    assert!(
        faults.is_empty(),
        "{} faults, first: {:?}",
        faults.len(),
        &faults[..3.min(faults.len())]
    );
    for g in &states {
        if let ToAct::Seat(s) = g.to_act() {
            assert!(moves_of(g, s.other()).is_empty(), "{}", g.position_text());
        }
    }
}

/// Secret guards with the trait's default `legal_moves_of`: the negative
/// control of `seat_move_faults`, and what a game with a simultaneous phase
/// gets if it forgets to override it.
#[derive(Clone)]
struct DefaultMovesOf(Guards);

impl Game for DefaultMovesOf {
    type Move = Move;
    type Observation = View;
    fn to_act(&self) -> ToAct {
        self.0.to_act()
    }
    fn legal_moves(&self, moves: &mut Vec<Move>) {
        self.0.legal_moves(moves);
    }
    fn chance_outcomes(&self, outcomes: &mut Vec<(Move, u32)>) {
        self.0.chance_outcomes(outcomes);
    }
    fn observation(&self, seat: Option<Seat>) -> View {
        self.0.observation(seat)
    }
    fn play_unchecked(&mut self, mv: Move) {
        self.0.play_unchecked(mv);
    }
    fn outcome(&self) -> Option<Outcome> {
        self.0.outcome()
    }
    fn hash(&self) -> u64 {
        Game::hash(&self.0)
    }
    fn move_text(&self, mv: Move) -> String {
        self.0.move_text(mv)
    }
    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        self.0.parse_move(text)
    }
    fn position_text(&self) -> String {
        self.0.position_text()
    }
}

#[test]
fn negative_control_the_default_legal_moves_of_fails_the_setup() {
    let states: Vec<DefaultMovesOf> = reachable().into_iter().map(DefaultMovesOf).collect();
    let faults = seat_move_faults(&states, Move::seat);
    // Only the start (both act) is wrong: 2 seats without moves + the union.
    assert_eq!(faults.len(), 3, "{faults:?}");
    assert!(
        faults.iter().all(|f| f.starts_with("F=- S=- ")),
        "{faults:?}"
    );
    // And `Game::play_as`, which asks `legal_moves_of`, refuses every
    // arrangement of a game that does not say whose a move is
    // (`seat_of`), while the real game takes each seat's own and refuses
    // a seat's arrangement sent by the other.
    let mut start = DefaultMovesOf(Guards::new());
    assert!(Game::play_as(&mut start, Seat::First, Move::Place(Seat::First, 0b0011)).is_err());
    let mut real = Guards::new();
    assert!(Game::play_as(&mut real, Seat::Second, Move::Place(Seat::First, 0b0011)).is_err());
    assert!(Game::play_as(&mut real, Seat::First, Move::Place(Seat::First, 0b0011)).is_ok());
}

#[test]
fn play_accepts_exactly_the_legal_moves_of_whoever_acts() {
    let every = every_move();
    let mut refused_seat_moves = 0;
    for g in reachable() {
        let legal: HashSet<Move> = next_moves(&g).into_iter().collect();
        for &mv in &every {
            let mut h = g;
            let played = h.play(mv);
            assert_eq!(
                played.is_ok(),
                legal.contains(&mv),
                "{mv:?} in {}",
                g.position_text()
            );
            if played.is_err() {
                assert_eq!(h, g, "a refused move changes nothing");
                if mv.seat().is_some_and(|s| !g.to_act().includes(s)) {
                    refused_seat_moves += 1;
                }
            }
        }
        // Parsing goes through the same legal moves.
        for &mv in &every {
            let text = g.move_text(mv);
            assert_eq!(
                g.parse_move(&text).ok() == Some(mv),
                legal.contains(&mv),
                "{text}"
            );
        }
    }
    assert!(refused_seat_moves > 10_000, "{refused_seat_moves}");
}

// ---------------------------------------------------------------------------
// Observations.

#[test]
fn observations_hide_exactly_what_they_must_in_every_reachable_position() {
    let states = reachable();
    let faults = observation_faults(&states, Guards::observation);
    assert!(
        faults.is_empty(),
        "{} faults, first: {:?}",
        faults.len(),
        &faults[..3.min(faults.len())]
    );

    // The check is not vacuous: many positions share a viewer's knowledge
    // with a position where the hidden arrangement is different.
    for viewer in VIEWERS {
        let mut hidden: HashMap<MayKnow, HashSet<[u8; 2]>> = HashMap::new();
        for g in &states {
            hidden
                .entry(may_know(g, viewer))
                .or_default()
                .insert(g.guards);
        }
        let shared = states
            .iter()
            .filter(|g| hidden[&may_know(g, viewer)].len() > 1)
            .count();
        assert!(
            shared * 2 > states.len(),
            "{viewer:?}: {shared} of {}",
            states.len()
        );
    }

    // And directly, field by field.
    for g in &states {
        let over = matches!(g.phase, Phase::Over(_));
        for viewer in VIEWERS {
            let v = g.observation(viewer);
            for s in Seat::BOTH {
                let real = g.guards[s.index()];
                let shown = over || (viewer == Some(s) && real != 0);
                assert_eq!(
                    v.guards[s.index()],
                    shown.then_some(real),
                    "{viewer:?} {}",
                    g.position_text()
                );
                // Revealed guards are shown to everyone, and are guards.
                assert_eq!(
                    v.found[s.index()],
                    g.probed[s.index()] & g.guards[s.other().index()]
                );
                assert_eq!(v.found[s.index()] & !g.guards[s.other().index()], 0);
            }
            match g.to_act() {
                ToAct::Nobody => assert!(over && g.outcome().is_some()),
                _ => assert!(g.outcome().is_none()),
            }
        }
    }
}

#[test]
fn negative_controls_careless_observations_fail_the_hiding_check() {
    let states = reachable();
    let careless: [(&str, Observe, &str); 4] = [
        ("reveals early", reveals_early, "leaks"),
        ("spectator as First", spectator_as_first, "leaks"),
        ("forgets own", forgets_own, "hides"),
        ("forgets results", forgets_results, "hides"),
    ];
    for (name, observe, kind) in careless {
        let faults = observation_faults(&states, observe);
        assert!(!faults.is_empty(), "{name} passed the check");
        assert!(
            faults.iter().all(|f| f.starts_with(kind)),
            "{name}: {:?}",
            &faults[..1]
        );
    }
    let faults = observation_faults(&states, whole_position);
    assert!(
        faults.iter().any(|f| f.starts_with("leaks")),
        "the whole position passed"
    );
}

/// Plays twin games that differ only in `s`'s opponent's arrangement (`b`
/// or `b2`), with the same moves, and checks `viewer`'s observations of the
/// two against the prediction: `s` or a spectator sees them the same until
/// `s` probes a post where the arrangements differ or the game ends (which
/// shows both arrangements); the opponent sees them differ as soon as it
/// has posted. Stops at the first difference.
#[allow(clippy::too_many_arguments)]
fn run_twins<O: PartialEq + Debug>(
    observe: impl Fn(&Guards, Option<Seat>) -> O,
    seed: u64,
    s: Seat,
    a: u8,
    b: u8,
    b2: u8,
    opponent_first: bool,
    viewer: Option<Seat>,
) -> Result<(), String> {
    let o = s.other();
    let mut g = Guards::new();
    let mut h = Guards::new();
    let mut rng = SeededRng::new(seed);
    let mut probed_by_s = 0u8;
    let mut o_posted = false;
    let mut plies = 0;
    loop {
        let predicted_same = if viewer == Some(o) {
            !o_posted
        } else {
            probed_by_s & (b ^ b2) == 0 && g.to_act() != ToAct::Nobody
        };
        let (vg, vh) = (observe(&g, viewer), observe(&h, viewer));
        if (vg == vh) != predicted_same {
            return Err(format!(
                "after {plies} plies {viewer:?} sees {} and {} {}",
                g.position_text(),
                h.position_text(),
                if predicted_same {
                    "differently"
                } else {
                    "the same"
                }
            ));
        }
        if !predicted_same || g.to_act() == ToAct::Nobody {
            return Ok(());
        }
        let (mg, mh) = match g.to_act() {
            ToAct::Both => {
                let first = if opponent_first { o } else { s };
                let (mine, theirs) = (Move::Place(s, a), (Move::Place(o, b), Move::Place(o, b2)));
                if first == s {
                    (mine, mine)
                } else {
                    theirs
                }
            }
            ToAct::Seat(x) if x == o && g.phase == Phase::Setup => {
                (Move::Place(o, b), Move::Place(o, b2))
            }
            ToAct::Seat(x) if x == s && g.phase == Phase::Setup => {
                (Move::Place(s, a), Move::Place(s, a))
            }
            ToAct::Chance => {
                let mut outs = (Vec::new(), Vec::new());
                g.chance_outcomes(&mut outs.0);
                h.chance_outcomes(&mut outs.1);
                assert_eq!(outs.0, outs.1);
                let mv = g.sample_chance(&mut rng).unwrap();
                (mv, mv)
            }
            _ => {
                let mut moves = Vec::new();
                g.legal_moves(&mut moves);
                let mv = moves[rng.below(moves.len() as u64) as usize];
                (mv, mv)
            }
        };
        match mg {
            Move::Place(x, _) if x == o => o_posted = true,
            Move::Probe(x, p) if x == s => probed_by_s |= 1 << p,
            _ => {}
        }
        g.play(mg).unwrap();
        h.play(mh)
            .map_err(|e| format!("{e} in the twin {}", h.position_text()))?;
        plies += 1;
    }
}

proptest! {
    #[test]
    fn twin_games_look_the_same_until_the_secret_is_probed(
        seed in any::<u64>(),
        s_is_first in any::<bool>(),
        a in 0..6usize,
        b in 0..6usize,
        shift in 1..6usize,
        opponent_first in any::<bool>(),
        who in 0..3usize,
    ) {
        let arr = arrangements();
        let s = if s_is_first { Seat::First } else { Seat::Second };
        let viewer = [Some(s), None, Some(s.other())][who];
        let (a, b, b2) = (arr[a], arr[b], arr[(b + shift) % 6]);
        let run = run_twins(Guards::observation, seed, s, a, b, b2, opponent_first, viewer);
        prop_assert!(run.is_ok(), "{}", run.unwrap_err());
    }
}

#[test]
fn negative_control_twins_seen_through_the_whole_position_differ_at_once() {
    // The same run passes with the observation and fails with the whole
    // position, for each viewer that should not see the opponent's guards.
    let (a, b, b2) = (0b0011, 0b0101, 0b1010);
    for viewer in [Some(Seat::First), None] {
        for seed in 0..20 {
            run_twins(
                Guards::observation,
                seed,
                Seat::First,
                a,
                b,
                b2,
                true,
                viewer,
            )
            .unwrap();
            let err =
                run_twins(whole_position, seed, Seat::First, a, b, b2, true, viewer).unwrap_err();
            assert!(err.starts_with("after 1 plies"), "{err}");
        }
    }
}

// ---------------------------------------------------------------------------
// Perft.

#[derive(Copy, Clone)]
enum ModelPhase {
    Roll(usize),
    Probe(usize, u32),
    Over,
}

/// The play after the setup, abstracted by hand: seat `i` has made `n[i]`
/// probes and found `h[i]` guards. A probe then has `2 - h` hits and
/// `(4 - n) - (2 - h)` misses to choose from wherever the guards stand, so
/// the leaf count needs no arrangement.
fn model(n: [u32; 2], h: [u32; 2], phase: ModelPhase, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    match phase {
        ModelPhase::Over => 0,
        ModelPhase::Roll(i) => {
            model(n, h, ModelPhase::Probe(i, 1), depth - 1)
                + model(n, h, ModelPhase::Probe(i, 2), depth - 1)
        }
        ModelPhase::Probe(i, left) => {
            let hits = 2 - h[i];
            let misses = 4 - n[i] - hits;
            let mut n2 = n;
            n2[i] += 1;
            let after = |found: u32| {
                if found == 2 {
                    ModelPhase::Over
                } else if left > 1 {
                    ModelPhase::Probe(i, left - 1)
                } else {
                    ModelPhase::Roll(1 - i)
                }
            };
            let mut h2 = h;
            h2[i] += 1;
            let mut count = 0;
            if hits > 0 {
                count += u64::from(hits) * model(n2, h2, after(h2[i]), depth - 1);
            }
            if misses > 0 {
                count += u64::from(misses) * model(n2, h, after(h[i]), depth - 1);
            }
            count
        }
    }
}

/// Perft from the start by the model: 12 arrangements to choose from at
/// the first ply (6 for each seat), 6 at the second; perft counts the
/// simultaneous setup as both orders, so 2 * 6 * 6 = 72 leaves at depth 2.
fn model_perft(depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => 12,
        d => 72 * model([0, 0], [0, 0], ModelPhase::Roll(0), d - 2),
    }
}

#[test]
fn perft_counts_what_the_rules_give() {
    let start = Guards::new();
    // By hand: 12 arrangements; 6 for the other seat; the die's 2 faces;
    // 4 posts to probe; then after one probe the die for Second (72*4*2)
    // or First's second probe among 3 posts (72*4*3): 576 + 864.
    let by_hand = [1, 12, 72, 144, 576, 1440];
    for (d, &n) in by_hand.iter().enumerate() {
        assert_eq!(perft(&start, d as u32), n, "depth {d}");
        assert_eq!(model_perft(d as u32), n, "model at depth {d}");
    }
    // Every depth until the tree ends: a game has at most 2 + 2 * 7 plies
    // (the winner's 4 probes and the other's 3, each after its own roll).
    let mut total = 0;
    for d in 0..=18 {
        let n = perft(&start, d);
        assert_eq!(n, model_perft(d), "depth {d}");
        total += n;
    }
    assert_eq!(perft(&start, 17), 0, "no game is longer than 16 plies");
    assert!(perft(&start, 16) > 0, "some games take 16 plies");
    assert!(total > 1_000_000, "{total}");
    // perft_divide splits the first ply by arrangement.
    let divide = perft_divide(&start, 2);
    assert_eq!(divide.len(), 12);
    assert!(divide.iter().all(|&(_, n)| n == 6));
}

// ---------------------------------------------------------------------------
// Chance.

/// A whole game from a seed: chance from `sample_chance`, the seats' moves
/// drawn from the same stream.
fn random_game(seed: u64) -> (Vec<Move>, Guards) {
    let mut g = Guards::new();
    let mut rng = SeededRng::new(seed);
    let mut moves = Vec::new();
    loop {
        let mv = match g.to_act() {
            ToAct::Nobody => return (moves, g),
            ToAct::Chance => g.sample_chance(&mut rng).unwrap(),
            ToAct::Both | ToAct::Seat(_) => {
                let mut legal = Vec::new();
                g.legal_moves(&mut legal);
                legal[rng.below(legal.len() as u64) as usize]
            }
        };
        g.play(mv).unwrap();
        moves.push(mv);
    }
}

#[test]
fn seeded_chance_is_reproducible_and_follows_the_weights() {
    for seed in 0..50 {
        let (moves, end) = random_game(seed);
        assert_eq!(random_game(seed).0, moves, "seed {seed}");
        // Replaying the move texts gives the same end.
        let mut g = Guards::new();
        for &mv in &moves {
            let text = g.move_text(mv);
            g.play(g.parse_move(&text).unwrap()).unwrap();
        }
        assert_eq!(g, end);
        // The end shows everything to everyone.
        for viewer in VIEWERS {
            assert_eq!(end.observation(viewer).guards, end.guards.map(Some));
        }
    }
    // Different seeds give different games (so the check above is not
    // comparing constants).
    let distinct: HashSet<Vec<Move>> = (0..50).map(|s| random_game(s).0).collect();
    assert!(distinct.len() > 40, "{}", distinct.len());

    // sample_chance draws what pick_weighted draws from the same stream.
    let roll = Guards::posted(0b0011, 0b0110);
    assert_eq!(roll.to_act(), ToAct::Chance);
    let mut outs = Vec::new();
    roll.chance_outcomes(&mut outs);
    assert_eq!(outs, vec![(Move::Roll(1), 4), (Move::Roll(2), 2)]);
    for seed in 0..100 {
        let mut r1 = SeededRng::new(seed);
        let mut r2 = r1.clone();
        for _ in 0..5 {
            assert_eq!(roll.sample_chance(&mut r1), pick_weighted(&outs, &mut r2));
        }
    }
    // Weights 4 and 2: two thirds of the rolls give one probe.
    let mut rng = SeededRng::new(7);
    let ones = (0..60_000)
        .filter(|_| roll.sample_chance(&mut rng) == Some(Move::Roll(1)))
        .count();
    assert!((39_000..41_000).contains(&ones), "{ones}");
    // Nothing to sample where chance does not act.
    assert_eq!(Guards::new().sample_chance(&mut rng), None);
    let mut probing = roll;
    probing.play(Move::Roll(1)).unwrap();
    assert_eq!(probing.sample_chance(&mut rng), None);
}
