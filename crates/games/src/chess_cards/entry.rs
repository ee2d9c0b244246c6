//! Chess Cards' registry entry and the game the shells play: a match of
//! two games (M11).
//!
//! The seats are the match's: `dealer` (deals and leads game 1) and
//! `other`. Game 2 starts from the same two hands as dealt, exchanged, with
//! the other leading: in the rules crate's terms it is the same start
//! position with the people swapped, so a seat of game 2 is the other
//! seat of the match. The match is stored as one list of plays: those
//! after game 1's end belong to game 2.
//!
//! The match is the kernel's [`Game`] ([`super::kernel`]), so it is
//! played through the host's [`BoardPlay`] like every board game; this
//! hook ([`ChessCardsHook`]) says what its views, record and move list
//! show.

use super::engine::choose_turn;
use super::kernel::match_seat;
use super::EndReason;
use super::{
    notation::write, piece_name, suit_name, Card, ChessCards, End, Hand, Match, MatchResult,
    SacrificeCount, Turn, KEY, RULES,
};
use crate::registry::{board_game, GameError, ReplayFailure, Replayed};
use crate::registry::{
    AnalysisReport, AnalysisRequest, BoardHook, BoardPlay, BoxedGame, GameEntry, MoveLine,
    OptionKind, OptionSpec, Options, RecordInfo,
};
use deckmate_rules::{Game, MoveError, Record, Seat, Tag};
use serde_json::{json, Map, Value};

const OPTIONS: &[OptionSpec] = &[OptionSpec {
    name: "sacrifices",
    values: &["net", "gross"],
    default: "net",
    help: "how sacrifices raise a mate's multiplier: the mater's less the opponent's, or all the mater's",
    ruling: "M9",
    kind: OptionKind::Choice,
}];

/// Chess Cards' registry entry.
pub static ENTRY: GameEntry = GameEntry {
    key: KEY,
    name: "Chess Cards",
    aliases: &["MATE"],
    summary: "Chess Cards (after Capellen's MATE): a 20-card duel of leads and replies",
    seats: ["dealer", "other"],
    seat_names: ["Dealer", "Other"],
    options: OPTIONS,
    rules: RULES,
    move_help: MOVE_HELP,
    replay: replay_record,
    create,
    from_spec,
    tools: None,
    secret_seed: false,
    capabilities: crate::registry::Capabilities {
        solver: Some(&super::exact::EXACT),
        table: Some(&super::terminal_table::TABLE),
        ..crate::registry::Capabilities::NONE
    },
    view_keys: &[
        crate::registry::ViewKey {
            key: "game",
            kind: "integer",
            meaning: "the game of the match being played, 1 or 2",
        },
        crate::registry::ViewKey {
            key: "dealt",
            kind: "array",
            meaning: "each seat's hand as dealt",
        },
        crate::registry::ViewKey {
            key: "scoreboard",
            kind: "object",
            meaning: "the match's points by seat and game",
        },
    ],
    variant_file: None,
};

/// How plays are typed, for the terminal's 'help'.
const MOVE_HELP: &str = concat!(
    "Type your play in the record notation:\n",
    "  yR        play the yellow Rook (suits b r y w, pieces Q R B N P)\n",
    "  bQ*       lead a Queen with Queen's Privilege (the reply must be a Queen)\n",
    "  (wN)yB    sacrifice wN first, then play yB\n",
    "Letters may be typed in either case (yr for yR).\n",
    "The reply must follow the led suit if it can, else the led piece; a player\n",
    "who can do neither is mated. The winner of a move leads the next.",
);

/// A finished game (or one going on) in words, the players numbered as
/// the first game's dealer 1.
fn replay_finish(game_no: usize, f: Option<End>) -> String {
    f.map_or("goes on".into(), |f| {
        f.describe_with(|seat| format!("player {}", Match::player(game_no, seat) + 1))
    })
}

/// Replays a record of one game, or a match of two (the file
/// [`write_match`](super::notation::write_match) writes): a file of one
/// game reports that game, a file of two the match. Errors name the game.
fn replay_record(_: &'static GameEntry, text: &str) -> Result<Replayed, ReplayFailure> {
    let fail = |message: String, game: usize, ply: usize| ReplayFailure {
        json: json!({ "error": message, "game": game, "ply": ply }),
        message,
    };
    let records =
        Record::parse_all(text).map_err(|e| fail(format!("cannot read the record: {e}"), 0, 0))?;
    let m = super::notation::replay_match(&records)
        .map_err(|(game, e)| fail(format!("game {game}: {e}"), game, e.play))?;
    let plies: usize = m.games.iter().map(|g| g.plays.len()).sum();
    let [a, b] = m.totals();
    let single = records.len() == 1;
    let result = if single {
        m.games[0].finish.map_or("*", |e| e.result())
    } else {
        match m.result() {
            Some(MatchResult::Won(0)) => "1-0",
            Some(MatchResult::Won(_)) => "0-1",
            Some(MatchResult::Drawn) => "1/2-1/2",
            None => "*",
        }
    };
    let finishes: Vec<String> = m
        .games
        .iter()
        .enumerate()
        .map(|(i, g)| replay_finish(i + 1, g.finish))
        .collect();
    let reason = if single {
        m.games[0].finish.map(|f| replay_finish(1, Some(f)))
    } else {
        m.is_over().then(|| format!("match totals {a} to {b}"))
    };
    let json = json!({
        "result": result,
        "reason": reason,
        "plies": plies,
        "games": finishes,
        "totals": [a, b],
    });
    let mut text = format!(
        "Chess Cards: player 1 dealt {}, player 2 {}\n",
        m.dealer, m.other
    );
    for (i, f) in finishes.iter().enumerate() {
        text.push_str(&format!(
            "Game {}: {} plays, all legal; {f}\n",
            i + 1,
            m.games[i].plays.len()
        ));
    }
    text.push_str(&format!("Totals: player 1 {a}, player 2 {b}\n"));
    text.push_str(&match m.result() {
        Some(MatchResult::Won(p)) => {
            format!("Result: {result} (player {} wins the match)\n", p + 1)
        }
        Some(MatchResult::Drawn) => format!("Result: {result} (equal totals)\n"),
        None => "Result: * (the match goes on)\n".into(),
    });
    Ok(Replayed {
        view: None,
        result: result.to_string(),
        reason,
        plies,
        text,
        json,
    })
}

fn count_from(text: &str) -> Result<SacrificeCount, String> {
    match text {
        "net" => Ok(SacrificeCount::Net),
        "gross" => Ok(SacrificeCount::Gross),
        o => Err(format!("option sacrifices: '{o}' (net or gross)")),
    }
}

fn create(_: &'static GameEntry, options: &Options, seed: u64) -> Result<BoxedGame, GameError> {
    let count = options
        .read("sacrifices", count_from)?
        .unwrap_or(SacrificeCount::Net);
    board_game::<ChessCardsHook>(CardsSpec { seed, count })
}

fn from_spec(_: &'static GameEntry, v: &Value) -> Result<BoxedGame, GameError> {
    let seed = v["seed"]
        .as_u64()
        .ok_or_else(|| GameError::Spec("stored spec: no seed".to_string()))?;
    let count = count_from(v["sacrifices"].as_str().unwrap_or("net")).map_err(GameError::Spec)?;
    Ok(Box::new(
        BoardPlay::<ChessCardsHook>::new(CardsSpec { seed, count }).map_err(GameError::Spec)?,
    ))
}

/// What a match starts from: the seed of its deal (M1, open: the hands
/// lie on the table) and how sacrifices count (M9).
#[derive(Clone, Copy, Debug)]
pub struct CardsSpec {
    /// The deal's seed.
    pub seed: u64,
    /// How sacrifices count.
    pub count: SacrificeCount,
}

fn name(s: Seat) -> &'static str {
    ENTRY.seat_names[s.index()]
}

/// A mate's [`score`](super::score) written as its sum (M9, M10): card
/// value x multiplier, times the overmate factor past 10 (`11 x 11 x 2 =
/// 242`), as the view shows a finished game.
pub fn score_sum(card: Card, multiplier: u32, score: u32) -> String {
    if multiplier > 10 {
        format!(
            "{} x {multiplier} x {} = {score}",
            card.value(),
            multiplier - 9
        )
    } else {
        format!("{} x {multiplier} = {score}", card.value())
    }
}

/// The chess symbols, Pawn to Queen.
const SYMBOLS: [&str; 5] = ["\u{265f}", "\u{265e}", "\u{265d}", "\u{265c}", "\u{265b}"];

fn card_json(c: Card) -> Value {
    let text = c.to_string();
    let symbol = SYMBOLS[c.piece() as usize];
    json!({
        "id": text,
        "rank": &text[1..],
        "symbol": symbol,
        "suit": &text[..1],
        "colour": suit_name(c),
        "name": format!("{} {}", suit_name(c), piece_name(c)),
        "value": c.value(),
    })
}

/// The cards of a hand, high to low (black Queen first).
fn hand_cards(h: Hand) -> Vec<Value> {
    let mut cards: Vec<Card> = h.cards().collect();
    cards.reverse();
    cards.into_iter().map(card_json).collect()
}

/// The match as the views show it: the [`Match`] a seat sees.
struct Shown<'a> {
    m: &'a Match,
}

impl Shown<'_> {
    /// The game being played (or the last one, once over), from 0.
    fn current(&self) -> (usize, &ChessCards) {
        (self.m.game_no() - 1, self.m.current())
    }

    /// Game `k`'s (from 0) points by match seat, once it is over.
    fn points(&self, k: usize) -> Option<[u32; 2]> {
        self.m.game_scores(k + 1)
    }

    /// A finished game in words: "Dealer mates with bQ on move 9: 11 x 11 x 2 = 242".
    fn finish_text(&self, k: usize) -> Option<String> {
        let end = self.m.games.get(k)?.finish?;
        Some(match (end.winner, end.reason) {
            (
                Some(by),
                EndReason::Mate {
                    card,
                    move_no,
                    multiplier,
                    score,
                },
            ) => format!(
                "{} mates with {card} on move {move_no}: {}",
                name(match_seat(k, by)),
                score_sum(card, multiplier, score)
            ),
            _ => "no mate in 10 moves: drawn".to_string(),
        })
    }

    /// The status line: whose turn and what is due.
    fn prompt(&self, you: Option<Seat>) -> String {
        let (k, g) = self.current();
        let Some(gs) = g.to_act() else {
            return String::new();
        };
        let actor = match_seat(k, gs);
        let mine = you == Some(actor);
        let turns = g.turns();
        let may_sacrifice = mine && turns.iter().any(|t| t.sacrifice.is_some());
        let sac = if may_sacrifice {
            " (you may sacrifice a card first)"
        } else {
            ""
        };
        let Some((lead, privilege)) = g.lead else {
            let empty = g.hands[gs.index()].is_empty();
            return match (mine, empty, g.last[gs.index()]) {
                (true, true, Some(l)) => format!("Your lead: your hand is empty, {l} again"),
                (true, _, _) => format!("Your lead{sac}"),
                (false, _, _) => format!("{} to lead", name(actor)),
            };
        };
        let shown = if privilege {
            format!("{lead}*")
        } else {
            lead.to_string()
        };
        if !mine {
            return format!("{} to reply to {shown}", name(actor));
        }
        let plain: Vec<Card> = turns
            .iter()
            .filter(|t| t.sacrifice.is_none())
            .map(|t| t.card)
            .collect();
        if g.hands[gs.index()].is_empty() {
            if let Some(c) = plain.first() {
                return format!("Reply to {shown}: your hand is empty, {c} again");
            }
        }
        let suit = suit_name(lead);
        let due = if privilege {
            if plain.iter().all(|c| c.is_queen()) {
                "a Queen (Queen's Privilege)".to_string()
            } else {
                format!("a {suit} card (you have no Queen)")
            }
        } else if plain.iter().all(|c| c.suit() == lead.suit()) {
            format!("a {suit} card")
        } else {
            format!("a {} (you have no {suit} card)", piece_name(lead))
        };
        format!("Reply to {shown} with {due}{sac}")
    }

    /// The cards of the trick at `plays[i..i + 2]` of game `k`, captioned.
    fn trick_cards(&self, k: usize, i: usize) -> Vec<Value> {
        let g = &self.m.games[k];
        g.plays[i..(i + 2).min(g.plays.len())]
            .iter()
            .zip(["led", "replied"])
            .map(|(&(s, t), verb)| {
                let mut c = card_json(t.card);
                c["owner"] = json!(match_seat(k, s).index());
                c["caption"] = json!(format!("{} {verb}", name(match_seat(k, s))));
                c["privilege"] = json!(t.privilege);
                c
            })
            .collect()
    }

    /// The table: the lead waiting for its reply (with the move before it
    /// beside it, so a move won and led at once by the engine is seen), or
    /// the last move of the game being played.
    fn table(&self) -> Vec<Value> {
        let (k, g) = self.current();
        let n = g.plays.len();
        let mut cards = Vec::new();
        let mut note = self.finish_text(k);
        let mut before = None;
        if let Some((lead, privilege)) = g.lead {
            let by = match_seat(k, g.leader);
            let mut c = card_json(lead);
            let what = match (g.finish.is_some(), privilege) {
                (true, _) => "mates",
                (false, true) => "leads, Queen's Privilege",
                (false, false) => "leads",
            };
            c["owner"] = json!(by.index());
            c["caption"] = json!(format!("{} {what}", name(by)));
            c["privilege"] = json!(privilege);
            cards.push(c);
            if n >= 3 {
                before = Some(json!({
                    "id": "last-trick",
                    "name": format!("Move {}", g.move_no - 1),
                    "kind": "trick",
                    "owner": null,
                    "cards": self.trick_cards(k, n - 3),
                    "note": format!("{} won it", name(by)),
                }));
            }
        } else if n >= 2 {
            cards = self.trick_cards(k, n - 2);
            if g.finish.is_none() {
                note = Some(format!(
                    "{} wins move {}",
                    name(match_seat(k, g.leader)),
                    g.move_no - 1
                ));
            }
        } else if k == 1 {
            note = Some(format!(
                "Game 1: {}. Game 2: the hands are exchanged; the Other leads",
                self.finish_text(0).unwrap_or_default()
            ));
        }
        let mut out: Vec<Value> = before.into_iter().collect();
        out.push(json!({
            "id": "table",
            "name": "Table",
            "kind": "table",
            "owner": null,
            "cards": cards,
            "note": note,
        }));
        out
    }
}

/// Chess Cards' hook into [`BoardPlay`]: the match ([`Match`]) is the
/// position, a [`Turn`] the move.
pub struct ChessCardsHook;

impl BoardHook for ChessCardsHook {
    type Position = Match;
    type Spec = CardsSpec;

    fn entry(_: &CardsSpec) -> &'static GameEntry {
        &ENTRY
    }

    fn start(spec: &CardsSpec) -> Result<Match, String> {
        Ok(Match::deal(spec.seed, spec.count))
    }

    fn spec_json(spec: &CardsSpec) -> Value {
        json!({
            "seed": spec.seed,
            "sacrifices": match spec.count {
                SacrificeCount::Net => "net",
                SacrificeCount::Gross => "gross",
            },
        })
    }

    fn over(_: &Match) -> MoveError {
        MoveError::GameOver {
            end: Some("the match is over".into()),
        }
    }

    /// The card clicked, the sacrifice before it, and for a Queen led the
    /// button that tells the privilege from its absence.
    fn move_fields(m: &Match, t: Turn, _legal: &[Turn]) -> Map<String, Value> {
        let led = m.current().lead.is_none();
        let choice = (led && t.card.is_queen()).then(|| {
            if t.privilege {
                format!("{} with Queen's Privilege", t.card)
            } else {
                format!("{} without the privilege", t.card)
            }
        });
        let mut o = Map::new();
        o.insert("card".into(), json!(t.card.to_string()));
        o.insert(
            "sacrifice".into(),
            json!(t.sacrifice.map(|c| c.to_string())),
        );
        o.insert("privilege".into(), json!(t.privilege));
        o.insert("choice".into(), json!(choice));
        o
    }

    fn view(
        spec: &CardsSpec,
        seen: &Match,
        _moves: &[Turn],
        you: Option<Seat>,
        _live: bool,
    ) -> Map<String, Value> {
        let shown = Shown { m: seen };
        let (k, g) = shown.current();
        let mut zones = Vec::new();
        for s in Seat::BOTH {
            let gs = match_seat(k, s);
            let hand = g.hands[gs.index()];
            let mut note = None;
            let mut cards = hand_cards(hand);
            if hand.is_empty() && g.finish.is_none() {
                if let Some(l) = g.last[gs.index()] {
                    let mut c = card_json(l);
                    c["again"] = json!(true);
                    cards.push(c);
                    note = Some(format!("empty hand: {l} is played again (M7)"));
                }
            }
            zones.push(json!({
                "id": format!("hand-{}", s.index()),
                "name": format!("{}'s hand", name(s)),
                "kind": "hand",
                "owner": s.index(),
                "cards": cards,
                "note": note,
            }));
            zones.push(json!({
                "id": format!("sacrificed-{}", s.index()),
                "name": format!("{}'s sacrifices", name(s)),
                "kind": "pile",
                "owner": s.index(),
                "cards": hand_cards(g.sacrificed[gs.index()]),
                "note": null,
            }));
        }
        zones.extend(shown.table());

        let mut facts = vec![json!({ "label": "Game", "value": format!("{} of 2", k + 1) })];
        if g.finish.is_none() {
            let leader = g.leader;
            let extra = g.counted_sacrifices(leader);
            let m = g.multiplier(leader);
            let counted = match (extra, seen.count) {
                (0, _) => String::new(),
                (n, SacrificeCount::Net) => format!(" (+{n} net sacrifices)"),
                (n, SacrificeCount::Gross) => format!(" (+{n} sacrifices)"),
            };
            let over = if m > 10 {
                format!(", overmate x{}", m - 9)
            } else {
                String::new()
            };
            facts.push(json!({ "label": "Move", "value": format!("{} of 10", g.move_no) }));
            facts.push(json!({ "label": "Initiative", "value": name(match_seat(k, leader)) }));
            facts.push(json!({
                "label": "Multiplier",
                "value": format!("x{m}{counted}{over} if {} mates now", name(match_seat(k, leader))),
            }));
        }
        for i in 0..seen.games.len() {
            if let Some(t) = shown.finish_text(i) {
                facts.push(json!({ "label": format!("Game {}", i + 1), "value": t }));
            }
        }
        let cell = |p: Option<[u32; 2]>, s: usize| p.map_or(json!("-"), |p| json!(p[s]));
        let rows: Vec<Value> = (0..2)
            .map(|i| {
                let p = shown.points(i);
                json!({ "label": format!("Game {}", i + 1), "cells": [cell(p, 0), cell(p, 1)] })
            })
            .chain(std::iter::once({
                let t = seen.totals();
                json!({ "label": "Match", "cells": [t[0], t[1]], "total": true })
            }))
            .collect();

        let mut out = Map::new();
        out.insert("board".into(), Value::Null);
        out.insert("zones".into(), json!(zones));
        // The zones are drawn by the client's "cards" panel, in these
        // words: a queen led asks about the privilege; a sacrifice (M5)
        // is made before the card played.
        out.insert(
            "panels".into(),
            json!([{
                "kind": "cards",
                "choice_question": "Lead it with the Queen's Privilege?",
                "sacrifice": "Sacrifice a card first",
                "sacrifice_cancel": "Cancel sacrifice",
                "sacrifice_cancel_card": "Cancel sacrifice of {card}",
                "sacrifice_choose": "Choose the card to sacrifice",
                "sacrifice_chosen": "Sacrificing {card}: now choose the card to play",
                "again": "again",
            }]),
        );
        out.insert("facts".into(), json!(facts));
        out.insert(
            "scoreboard".into(),
            json!({ "columns": ENTRY.seat_names, "rows": rows }),
        );
        let prompt = shown.prompt(you);
        if !prompt.is_empty() {
            out.insert("prompt".into(), json!(prompt));
        }
        out.insert("game".into(), json!(k + 1));
        out.insert("seed".into(), json!(spec.seed));
        out.insert(
            "dealt".into(),
            json!([seen.dealer.to_string(), seen.other.to_string()]),
        );
        out
    }

    fn record_text(spec: &CardsSpec, m: &Match, info: &RecordInfo) -> Option<String> {
        Some(match_record(spec, m, info))
    }

    fn move_lines(m: &Match, moves: &[Turn]) -> Option<Vec<MoveLine>> {
        Some(move_lines(m, moves.len()))
    }

    fn progress(m: &Match) -> Option<String> {
        Some(format!(
            "game {}, move {}",
            m.game_no(),
            m.current().move_no
        ))
    }

    fn engine_move(m: &Match, level: u8, seed: u64) -> Option<Turn> {
        choose_turn(m.current(), level, seed)
    }

    /// The points the side to act leads the match by, counting the games
    /// over (a draw offer is taken when it is not ahead).
    fn evaluate(m: &Match) -> i32 {
        let [a, b] = m.totals();
        let lead = i64::from(a) - i64::from(b);
        let lead = i32::try_from(lead).unwrap_or(0);
        match Self::side_to_move(m) {
            Seat::First => lead,
            Seat::Second => -lead,
        }
    }

    fn side_to_move(m: &Match) -> Seat {
        m.seat_to_act().unwrap_or(Seat::First)
    }

    fn rematch_spec(spec: &CardsSpec, fresh_seed: u64) -> Value {
        Self::spec_json(&CardsSpec {
            seed: fresh_seed,
            ..*spec
        })
    }

    const TAKEBACK_RULE: &'static str =
        "a takeback goes back one play at a time, across the two games";

    fn analyse(
        _: &CardsSpec,
        m: &Match,
        request: &AnalysisRequest,
        sink: &mut dyn FnMut(AnalysisReport),
    ) -> bool {
        super::analysis::analyse(m.current(), request, sink)
    }
}

/// The move list: a heading for each game of the match ("Game 2: Other
/// leads"), its plays two a line (lead and reply) from 1.
fn move_lines(m: &Match, plies: usize) -> Vec<MoveLine> {
    let first = m.games.first().map_or(0, |g| g.plays.len());
    let starts: Vec<usize> = if m.game_no() > 1 {
        vec![0, first]
    } else {
        vec![0]
    };
    let mut lines = Vec::new();
    for (k, &start) in starts.iter().enumerate() {
        let end = starts.get(k + 1).copied().unwrap_or(plies);
        let mut part = crate::registry::pair_lines(end - start, start, 1);
        if part.is_empty() {
            part.push(MoveLine {
                heading: None,
                label: String::new(),
                plies: Vec::new(),
            });
        }
        part[0].heading = Some(format!(
            "Game {}: {} leads",
            k + 1,
            name(match_seat(k, Seat::First))
        ));
        lines.extend(part);
    }
    lines
}

/// The match's record: one record a game, as
/// [`write_match`](super::notation::write_match) writes them, with the
/// server's tags.
fn match_record(spec: &CardsSpec, m: &Match, info: &RecordInfo) -> String {
    let shown = Shown { m };
    let mut out = String::new();
    // An aborted match has no result: `*`.
    let decided = info
        .ended
        .map(|e| (e.result_text(), e.outcome(ENTRY.seat_names)))
        .or_else(|| Game::outcome(m).map(|o| (o.result_text(), o)));
    for (k, g) in m.games.iter().enumerate() {
        // As `notation::write_match` writes a match, with the server's
        // tags added.
        let mut r = write(g, m.dealer, m.other);
        r.tags.insert(
            1,
            Tag {
                name: "Game".into(),
                value: (k + 1).to_string(),
            },
        );
        r.set_tag("Site", "deckmate");
        if !info.id.is_empty() {
            r.set_tag("GameId", info.id.clone());
        }
        r.set_tag("Seed", spec.seed.to_string());
        r.set_tag(
            "DealerPlayer",
            info.players[match_seat(k, Seat::First).index()].clone(),
        );
        r.set_tag(
            "OtherPlayer",
            info.players[match_seat(k, Seat::Second).index()].clone(),
        );
        if let Some(p) = shown.points(k) {
            r.set_tag("Points", format!("Dealer {}, Other {}", p[0], p[1]));
        }
        // The match's clocks: the tag (a play's time is not split
        // between the two games' records).
        if let Some(tc) = &info.time_control {
            r.set_tag("TimeControl", tc.clone());
        }
        if let Some((result, o)) = &decided {
            r.set_tag("Match", format!("{result} ({})", o.reason));
        }
        if k > 0 {
            out.push('\n');
        }
        out.push_str(&r.to_string());
    }
    out
}
