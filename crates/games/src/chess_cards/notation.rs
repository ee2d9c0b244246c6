//! Chess Cards records (RULINGS): one move a line, the leader's play first;
//! a sacrificed card in brackets before the card played, `*` after a Queen
//! led with the privilege, `#` after the mating lead and one `!` per
//! overmate unit: `4. (wR)yB rB`, `9. bQ#!`. Tags give the hands as dealt:
//! `[Dealer "bQ rQ ..."]`, `[Other "bR bB ..."]`, and `[Sacrifices "net"]`.

use super::card::{Card, Hand};
use super::game::{ChessCards, End, EndReason, SacrificeCount, Turn};
use super::matches::Match;
use deckmate_rules::Record;
use deckmate_rules::Seat;
use std::fmt;

/// A play as written, e.g. `(wR)yB` or `bQ*`.
pub fn turn_text(t: Turn) -> String {
    let mut s = String::new();
    if let Some(c) = t.sacrifice {
        s.push_str(&format!("({c})"));
    }
    s.push_str(&t.card.to_string());
    if t.privilege {
        s.push('*');
    }
    s
}

/// The marks after a game's last play: `#` for a mate and one `!` per
/// overmate unit (`#!!` for a multiplier of 12); nothing otherwise.
pub fn mate_marks(finish: Option<End>) -> String {
    match finish {
        Some(End {
            reason: EndReason::Mate { multiplier, .. },
            ..
        }) => {
            let mut s = String::from("#");
            for _ in 10..multiplier {
                s.push('!');
            }
            s
        }
        _ => String::new(),
    }
}

/// A card as typed, in either case (`bq`, `BQ` for `bQ`): the first
/// letter is always the suit, the second the piece.
fn card_any_case(text: &str) -> Option<Card> {
    Card::parse(text).or_else(|| {
        let mut ch = text.chars();
        let (s, p) = (ch.next()?, ch.next()?);
        if ch.next().is_some() {
            return None;
        }
        Card::parse(&format!(
            "{}{}",
            s.to_ascii_lowercase(),
            p.to_ascii_uppercase()
        ))
    })
}

/// Reads a play: `[(sac)]card[*]`, with `#` and `!` marks allowed after it;
/// the cards' letters in either case (`(wr)yb`).
pub fn parse_turn(text: &str) -> Result<Turn, String> {
    let t = text.trim_end_matches(['#', '!']);
    let (t, privilege) = match t.strip_suffix('*') {
        Some(r) => (r, true),
        None => (t, false),
    };
    let (sacrifice, card) = match t.strip_prefix('(') {
        Some(r) => {
            let (s, c) = r
                .split_once(')')
                .ok_or_else(|| format!("'{text}': a sacrifice is written (wR)yB"))?;
            let s = card_any_case(s).ok_or_else(|| format!("'{s}' is not a card"))?;
            (Some(s), c)
        }
        None => (None, t),
    };
    let card = card_any_case(card)
        .ok_or_else(|| format!("'{card}' is not a card (bQ, rR, yB, wN, wP)"))?;
    if privilege && !card.is_queen() {
        return Err(format!("'{text}': only a Queen takes the privilege '*'"));
    }
    Ok(Turn {
        sacrifice,
        card,
        privilege,
    })
}

/// A record that does not replay: which play and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayError {
    /// 1-based index of the play (0: the tags).
    pub play: usize,
    /// The move number.
    pub move_no: u32,
    /// Why.
    pub reason: String,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.play == 0 {
            write!(f, "{}", self.reason)
        } else {
            write!(
                f,
                "move {}, play {}: {}",
                self.move_no, self.play, self.reason
            )
        }
    }
}

/// Replays a record, checking every play.
pub fn replay(record: &Record) -> Result<ChessCards, ReplayError> {
    let tag_err = |reason: String| ReplayError {
        play: 0,
        move_no: 0,
        reason,
    };
    let hand = |name: &str| -> Result<Hand, ReplayError> {
        let t = record.tag(name).ok_or_else(|| {
            tag_err(format!(
                "the record needs a [{name} \"...\"] tag with the hand as dealt"
            ))
        })?;
        Hand::parse(t).map_err(|e| tag_err(format!("tag {name}: {e}")))
    };
    let count = match record.tag("Sacrifices") {
        None | Some("net") => SacrificeCount::Net,
        Some("gross") => SacrificeCount::Gross,
        Some(o) => return Err(tag_err(format!("tag Sacrifices: '{o}' (net or gross)"))),
    };
    let mut g = ChessCards::new(hand("Dealer")?, hand("Other")?, count).map_err(tag_err)?;
    for (i, text) in record.moves.iter().enumerate() {
        let err = |g: &ChessCards, reason: String| ReplayError {
            play: i + 1,
            move_no: g.move_no,
            reason,
        };
        if g.finish.is_some() {
            return Err(err(&g, format!("'{text}' after the end of the game")));
        }
        let t = parse_turn(text).map_err(|e| err(&g, e))?;
        if !g.turns().contains(&t) {
            return Err(err(&g, format!("{text} is not a legal play here")));
        }
        g.play(t);
    }
    Ok(g)
}

/// Writes a game as a record.
pub fn write(g: &ChessCards, dealer: Hand, other: Hand) -> Record {
    let mut r = Record::default();
    r.set_tag("Variant", "Chess Cards");
    r.set_tag("Dealer", dealer.to_string());
    r.set_tag("Other", other.to_string());
    r.set_tag(
        "Sacrifices",
        match g.count {
            SacrificeCount::Net => "net",
            SacrificeCount::Gross => "gross",
        },
    );
    for (_, t) in &g.plays {
        r.moves.push(turn_text(*t));
    }
    let result = match g.finish {
        Some(end) => {
            if let Some(last) = r.moves.last_mut() {
                last.push_str(&mate_marks(g.finish));
            }
            end.result()
        }
        None => "*",
    };
    r.result = Some(result.to_string());
    r
}

/// Writes a match (M11): the first game's record, then the second's once
/// it has begun, each tagged `[Game "1"]` / `[Game "2"]`. Both give the
/// hands as dealt for the first game: in the second the first game's
/// Other leads with the Dealer's hand, so its `1-0` means he mated.
pub fn write_match(m: &Match) -> String {
    let mut out = String::new();
    for (i, g) in m.games.iter().enumerate() {
        let mut r = write(g, m.dealer, m.other);
        r.tags.insert(
            1,
            deckmate_rules::Tag {
                name: "Game".into(),
                value: (i + 1).to_string(),
            },
        );
        if i > 0 {
            out.push('\n');
        }
        out.push_str(&r.to_string());
    }
    out
}

/// Replays a match from its records (one or two, as [`write_match`]
/// writes them; a file with one record is a match whose second game has
/// not begun). Errors name the game.
pub fn replay_match(records: &[Record]) -> Result<Match, (usize, ReplayError)> {
    let tag_err = |game: usize, reason: String| {
        (
            game,
            ReplayError {
                play: 0,
                move_no: 0,
                reason,
            },
        )
    };
    let Some(first) = records.first() else {
        return Err(tag_err(1, "the file holds no game".into()));
    };
    if records.len() > 2 {
        return Err(tag_err(
            3,
            "a match has two games, the file holds more".into(),
        ));
    }
    let g1 = replay(first).map_err(|e| (1, e))?;
    let mut m = Match::new(g1.dealt(Seat::First), g1.dealt(Seat::Second), g1.count)
        .map_err(|e| tag_err(1, e))?;
    let first_over = g1.finish.is_some();
    m.games[0] = g1;
    if first_over {
        m.start_second();
    }
    if let Some(second) = records.get(1) {
        if !first_over {
            return Err(tag_err(
                2,
                "the second game begins before the first ended".into(),
            ));
        }
        let g2 = replay(second).map_err(|e| (2, e))?;
        if (g2.dealt(Seat::First), g2.dealt(Seat::Second)) != (m.dealer, m.other) {
            return Err(tag_err(
                2,
                "the second game's tags must give the same hands as the first's".into(),
            ));
        }
        if g2.count != m.count {
            return Err(tag_err(2, "the games count sacrifices differently".into()));
        }
        m.games[1] = g2;
    }
    Ok(m)
}
