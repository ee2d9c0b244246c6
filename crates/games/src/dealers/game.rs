//! A whole game of Dealer's Chess: the deal from the seed (open), the
//! arrangement phase (D11: both players at once, each unseen by the other,
//! revealed together), then play ([`Position`]).
//!
//! An arrangement is one move of its seat, written as the back row (from
//! file a, the royal's square left out; on 12x12 the first rank then the
//! second), `/`, the pawns (from file a), each man in D14's form, White's
//! in upper case and Black's in lower case: `[AR][CA]N[GR][LI][NR][UN]/P[CP]...`.
//! The cards not on the back row go to the hand. Reading, the case does
//! not matter (the cards say whose arrangement it is: the two players'
//! cards differ) and `random` (`random white`, `random black` while both
//! are to arrange) is the seat's seeded shuffle (D11), from the game's
//! seed, which the host keeps secret until both arrangements are made.

use super::catalogue::Catalogue;
use super::deal::{man_text, start_position, Alternate, Arrangement, BoardSize, Deal, Decks};
use super::movegen::Move;
use super::position::Position;
use super::rules::{PlayOptions, PromotionRule, Rules};
use deckmate_rules::{Game, MoveError, Outcome, Seat, SeededRng, ToAct};
use std::sync::Arc;

/// How a game is dealt: the catalogue, the decks, the board, the seed.
#[derive(Debug)]
pub struct Table {
    /// The catalogue the cards come from.
    pub catalogue: Arc<Catalogue>,
    /// The deal (open to both players, D11); `None` for a game from a
    /// position string.
    pub deal: Option<Deal>,
    /// The seed of the deal and of `random` arrangements.
    pub seed: u64,
    /// The rules of the men dealt.
    pub rules: Arc<Rules>,
    /// The alternate (D6).
    pub alternate: Alternate,
    /// `big-deck`: the undealt Piece cards, the first Draw Stack.
    pub stack: Vec<String>,
    /// What a re-deal deals from again (`None` for a game from a
    /// position).
    redeal: Option<(Decks, BoardSize, PlayOptions)>,
}

impl Table {
    /// Deals a game of the page's rules.
    pub fn new(
        catalogue: Arc<Catalogue>,
        decks: &Decks,
        size: BoardSize,
        seed: u64,
        options: PlayOptions,
    ) -> Result<Table, String> {
        Table::with_alternate(catalogue, decks, size, seed, options, Alternate::Standard)
    }

    /// Deals a game of an alternate (D6): `simplified` (8x8 only) deals 7
    /// Piece and 3 Pawn cards each; `big-deck` deals as the page and keeps
    /// the undealt Piece cards for the Draw Stack. The options' promotion
    /// rule follows the alternate.
    pub fn with_alternate(
        catalogue: Arc<Catalogue>,
        decks: &Decks,
        size: BoardSize,
        seed: u64,
        mut options: PlayOptions,
        alternate: Alternate,
    ) -> Result<Table, String> {
        let deal = match alternate {
            Alternate::Simplified if size != BoardSize::Eight => {
                return Err("the simplified alternate is played on 8x8".to_string())
            }
            Alternate::Simplified => Deal::simplified(decks, seed),
            _ => Deal::new(decks, size, seed),
        }
        .map_err(|e| e.to_string())?;
        options.promotion = match alternate {
            Alternate::Standard => PromotionRule::Hand,
            Alternate::Simplified => PromotionRule::Standard,
            Alternate::BigDeck => PromotionRule::DrawStack,
        };
        let mut codes: Vec<String> = deal.royals.to_vec();
        for s in Seat::BOTH {
            codes.extend(deal.pieces[s.index()].iter().cloned());
            codes.extend(deal.pawns[s.index()].iter().cloned());
        }
        codes.extend(deal.shared.iter().cloned());
        // The Draw Stack's cards may all come into play.
        let mut stack = Vec::new();
        if alternate == Alternate::BigDeck {
            for c in &decks.pieces {
                let dealt = deal.pieces.iter().any(|p| p.contains(c)) || deal.shared.contains(c);
                if !dealt {
                    stack.push(c.clone());
                }
            }
            codes.extend(stack.iter().cloned());
        }
        let rules = Rules::new(&catalogue, size.files(), &codes, options).map_err(|e| e.0)?;
        Ok(Table {
            catalogue,
            deal: Some(deal),
            seed,
            rules,
            alternate,
            stack,
            redeal: Some((decks.clone(), size, options)),
        })
    }

    /// The table of an agreed re-deal (D2, D11): the same decks, board and
    /// alternate, dealt from the next seed of this one's stream.
    pub fn redealt(&self) -> Option<Table> {
        let (decks, size, options) = self.redeal.as_ref()?;
        let seed = SeededRng::new(self.seed ^ 0x5EDE_A100).next_u64();
        Table::with_alternate(
            self.catalogue.clone(),
            decks,
            *size,
            seed,
            *options,
            self.alternate,
        )
        .ok()
    }

    /// The table of a game from a position (no deal).
    pub fn for_position(catalogue: Arc<Catalogue>, pos: &Position) -> Table {
        Table {
            catalogue,
            deal: None,
            seed: 0,
            rules: pos.rules().clone(),
            alternate: Alternate::Standard,
            stack: Vec::new(),
            redeal: None,
        }
    }

    /// The `random` arrangement of `seat` (D11): its own stream of the
    /// seed, so that neither seat's tells anything of the other's.
    pub fn random(&self, seat: Seat) -> Option<Arrangement> {
        let salt: u64 = match seat {
            Seat::First => 0x5EA7_0001,
            Seat::Second => 0x5EA7_0002,
        };
        let mut rng = SeededRng::new(self.seed ^ salt << 32);
        Some(Arrangement::random(self.deal.as_ref()?, seat, &mut rng))
    }

    /// The position play starts from with White's arrangement `white` and
    /// Black's `black` (checked against the deal), as the alternate has
    /// it: `simplified`'s stand-ins are what pawns promote to, `big-deck`
    /// has no hands and draws from the undealt cards.
    pub fn start(&self, white: &Arrangement, black: &Arrangement) -> Result<Position, String> {
        let deal = self
            .deal
            .as_ref()
            .ok_or("a game from a position string has no deal to arrange")?;
        let mut p = start_position(deal, [white, black])
            .map_err(|e| e.to_string())
            .and_then(|text| super::fen::parse(&text, &self.catalogue).map_err(|e| e.to_string()))
            .and_then(|setup| {
                Position::from_setup(&setup, &self.rules).map_err(|e| e.to_string())
            })?;
        match self.alternate {
            Alternate::Standard => {}
            // The four stand-ins are what the side's pawns promote to.
            Alternate::Simplified => {
                for (seat, arr) in [(Seat::First, white), (Seat::Second, black)] {
                    let kinds: Vec<u8> = arr
                        .back
                        .iter()
                        .filter_map(|c| self.rules.kind_of(c))
                        .collect();
                    p.set_promote_to(seat, &kinds);
                }
            }
            // No hands: the kept cards and the extras are set aside; the
            // undealt cards are the Draw Stack.
            Alternate::BigDeck => {
                p.clear_hands();
                let kinds: Vec<u8> = self
                    .stack
                    .iter()
                    .filter_map(|c| self.rules.kind_of(c))
                    .collect();
                p.set_draw_stack(&kinds);
            }
        }
        Ok(p)
    }
}

/// A move of the whole game.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum DealersMove {
    /// A seat's arrangement, encoded ([`encode`]).
    Arrange(Seat, u128),
    /// A move of play.
    Play(Move),
    /// A seat offers a re-deal, or agrees to the other's offer (D11: a
    /// re-deal agreed before the arrangements are revealed is a new seed).
    Redeal(Seat),
    /// A seat declines the other's offer of a re-deal.
    KeepDeal(Seat),
}

/// A game: the table, the arrangements made, and play once both are.
#[derive(Clone, Debug)]
pub struct DealersGame {
    table: Arc<Table>,
    arranged: [Option<u128>; 2],
    play: Option<Position>,
    /// A re-deal offered by this seat, waiting for the other's answer.
    offer: Option<Seat>,
    /// How many re-deals were agreed.
    redeals: u32,
}

/// What one seat (or a spectator) may see: the deal, its own arrangement,
/// whether each seat has arranged, and the position once both have.
#[derive(Clone, Debug)]
pub struct Seen {
    /// The table (the deal is open; the seed is not read from here).
    table: Arc<Table>,
    /// The viewer's arrangement, once made.
    pub mine: Option<Arrangement>,
    /// Whether each seat has arranged.
    pub arranged: [bool; 2],
    /// A re-deal offered by this seat, waiting for the other's answer.
    pub offer: Option<Seat>,
    /// The position in play (both arrangements revealed).
    pub play: Option<Position>,
}

impl Seen {
    /// The deal (`None` for a game from a position string).
    pub fn deal(&self) -> Option<&Deal> {
        self.table.deal.as_ref()
    }

    /// The catalogue.
    pub fn catalogue(&self) -> &Catalogue {
        &self.table.catalogue
    }

    /// The rules.
    pub fn rules(&self) -> &Arc<Rules> {
        &self.table.rules
    }
}

/// Encodes `seat`'s arrangement as a number (the back row as choices
/// among the cards left, then the pawns the same way; the hand is what is
/// left). `None` if it is not of the seat's cards.
pub fn encode(deal: &Deal, seat: Seat, a: &Arrangement) -> Option<u128> {
    a.check(deal, seat).ok()?;
    let mut value: u128 = 0;
    let mut mult: u128 = 1;
    for (pool, chosen) in [
        (&deal.pieces[seat.index()], &a.back),
        (&deal.pawns[seat.index()], &a.pawns),
    ] {
        let mut left: Vec<&String> = pool.iter().collect();
        for c in chosen {
            let i = left.iter().position(|x| *x == c)?;
            value += i as u128 * mult;
            mult = mult.checked_mul(left.len() as u128)?;
            left.remove(i);
        }
    }
    Some(value)
}

/// The arrangement `value` encodes for `seat` ([`encode`]).
pub fn decode(deal: &Deal, seat: Seat, mut value: u128) -> Option<Arrangement> {
    let mut parts: Vec<Vec<String>> = Vec::new();
    let mut hand = Vec::new();
    for (pool, n) in [
        (&deal.pieces[seat.index()], deal.kept()),
        (&deal.pawns[seat.index()], deal.pawn_cards_kept(seat)),
    ] {
        let mut left: Vec<String> = pool.clone();
        let mut chosen = Vec::new();
        for _ in 0..n {
            let radix = left.len() as u128;
            if radix == 0 {
                return None;
            }
            let i = (value % radix) as usize;
            value /= radix;
            chosen.push(left.remove(i));
        }
        if parts.is_empty() {
            hand = left;
        }
        parts.push(chosen);
    }
    if value != 0 {
        return None;
    }
    let pawns = parts.pop()?;
    let back = parts.pop()?;
    Some(Arrangement { back, hand, pawns })
}

/// An arrangement as written: the back row, `/`, the pawns, in the seat's
/// case.
pub fn arrangement_text(a: &Arrangement, seat: Seat) -> String {
    let men = |v: &[String]| v.iter().map(|c| man_text(c, seat)).collect::<String>();
    format!("{}/{}", men(&a.back), men(&a.pawns))
}

/// Reads codes in D14's form (`[GR]N[li]`, upper-cased) as far as they
/// go: the codes and the text left.
pub(crate) fn read_men_codes(text: &str) -> (Vec<String>, &str) {
    let mut out = Vec::new();
    let mut rest = text;
    loop {
        if let Some(inner) = rest.strip_prefix('[') {
            match inner.find(']') {
                Some(end)
                    if (1..=3).contains(&end)
                        && inner[..end].chars().all(|c| c.is_ascii_alphabetic()) =>
                {
                    out.push(inner[..end].to_ascii_uppercase());
                    rest = &inner[end + 1..];
                }
                _ => return (out, rest),
            }
        } else if let Some(c) = rest.chars().next().filter(char::is_ascii_alphabetic) {
            out.push(c.to_ascii_uppercase().to_string());
            rest = &rest[1..];
        } else {
            return (out, rest);
        }
    }
}

/// `white` or `black`, as re-deal moves are written.
fn seat_word(s: Seat) -> &'static str {
    match s {
        Seat::First => "white",
        Seat::Second => "black",
    }
}

/// Reads a list of men in D14's form (`[GR]N[li]`), codes upper case.
fn read_codes(text: &str) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '[' => {
                let mut code = String::new();
                loop {
                    match chars.next() {
                        Some(']') => break,
                        Some(ch) if ch.is_ascii_alphabetic() && code.len() < 3 => {
                            code.push(ch.to_ascii_uppercase())
                        }
                        Some(ch) => return Err(format!("'{ch}' inside a bracketed code")),
                        None => return Err("a '[' without its ']'".to_string()),
                    }
                }
                if code.is_empty() {
                    return Err("an empty code '[]'".to_string());
                }
                out.push(code);
            }
            c if c.is_ascii_alphabetic() => out.push(c.to_ascii_uppercase().to_string()),
            c if c.is_whitespace() || c == ',' => {}
            c => {
                return Err(format!(
                "'{c}' is not a man: a one-letter code bare (N), a longer one in brackets ([GR])"
            ))
            }
        }
    }
    Ok(out)
}

impl DealersGame {
    /// A dealt game at its arrangement phase.
    pub fn new(table: Table) -> DealersGame {
        DealersGame {
            table: Arc::new(table),
            arranged: [None, None],
            play: None,
            offer: None,
            redeals: 0,
        }
    }

    /// A game from a position in play (no deal: a study, a record with a
    /// position string).
    pub fn from_position(pos: Position, table: Arc<Table>) -> DealersGame {
        DealersGame {
            table,
            arranged: [None, None],
            play: Some(pos),
            offer: None,
            redeals: 0,
        }
    }

    /// The table.
    pub fn table(&self) -> &Arc<Table> {
        &self.table
    }

    /// The position in play, once both arrangements are made.
    pub fn position(&self) -> Option<&Position> {
        self.play.as_ref()
    }

    /// A re-deal offered, by its seat.
    pub fn offer(&self) -> Option<Seat> {
        self.offer
    }

    /// Whether the arrangement phase is on.
    pub fn arranging(&self) -> bool {
        self.play.is_none()
    }

    /// `seat`'s arrangement, if made.
    pub fn arrangement(&self, seat: Seat) -> Option<Arrangement> {
        let deal = self.table.deal.as_ref()?;
        self.arranged[seat.index()].and_then(|v| decode(deal, seat, v))
    }

    /// The arrangement move of `seat` for `a`, if it is of its cards.
    pub fn arrange_move(&self, seat: Seat, a: &Arrangement) -> Option<DealersMove> {
        encode(self.table.deal.as_ref()?, seat, a).map(|v| DealersMove::Arrange(seat, v))
    }

    /// Whether `mv` may be played now (any arrangement of the seat's own
    /// cards while it is to arrange; a legal move in play).
    pub fn is_legal(&self, mv: DealersMove) -> bool {
        match (mv, &self.play) {
            (DealersMove::Redeal(seat), None) => match self.offer {
                Some(by) => by == seat.other(),
                None => self.arranged[seat.index()].is_none() && self.table.redealt().is_some(),
            },
            (DealersMove::KeepDeal(seat), None) => self.offer == Some(seat.other()),
            (DealersMove::Arrange(seat, v), None) => {
                self.offer.is_none()
                    && self.arranged[seat.index()].is_none()
                    && self
                        .table
                        .deal
                        .as_ref()
                        .is_some_and(|d| decode(d, seat, v).is_some())
            }
            (DealersMove::Play(m), Some(p)) if p.awaits_draw() => {
                let mut outs = Vec::new();
                p.chance_outcomes(&mut outs);
                outs.iter().any(|&(o, _)| o == m)
            }
            (DealersMove::Play(m), Some(p)) => {
                let mut moves = Vec::new();
                p.legal_moves(&mut moves);
                p.end().is_none() && moves.contains(&m)
            }
            _ => false,
        }
    }

    /// Ends the game from outside (resignation, agreement) once in play.
    pub fn set_end(&mut self, end: super::End) {
        if let Some(p) = self.play.as_mut() {
            p.set_end(end);
        }
    }

    /// Reads an arrangement typed for `seat` (`None`: whichever seat the
    /// cards are), or `random`.
    pub fn parse_arrangement(&self, seat: Option<Seat>, text: &str) -> Result<DealersMove, String> {
        let deal =
            self.table.deal.as_ref().ok_or_else(|| {
                "this game started from a position: nothing to arrange".to_string()
            })?;
        let t = text.trim();
        let lower = t.to_ascii_lowercase();
        let waiting: Vec<Seat> = Seat::BOTH
            .into_iter()
            .filter(|s| self.arranged[s.index()].is_none())
            .collect();
        // An agreed re-deal (D11): offered, then agreed to or declined;
        // written with the seat (`redeal-white`), typed with or without.
        let (word, named) = match lower.split_once(['-', ' ']) {
            Some((w, "white")) => (w, Some(Seat::First)),
            Some((w, "black")) => (w, Some(Seat::Second)),
            _ => (lower.as_str(), None),
        };
        if word == "redeal" || word == "keep" {
            if named.is_some() && seat.is_some() && named != seat {
                return Err("that is the other player's to say".to_string());
            }
            let lower = word;
            let who = match (named.or(seat), self.offer, waiting.as_slice()) {
                (Some(s), _, _) => s,
                (None, Some(by), _) => by.other(),
                (None, None, [one]) => *one,
                (None, None, _) => {
                    return Err("both players are to arrange: say it from your own seat \
                                (a re-deal is offered by one player and agreed by the other)"
                        .to_string())
                }
            };
            let mv = if lower == "redeal" {
                DealersMove::Redeal(who)
            } else {
                DealersMove::KeepDeal(who)
            };
            return if self.is_legal(mv) {
                Ok(mv)
            } else if lower == "keep" {
                Err("no re-deal is offered to you".to_string())
            } else {
                Err(
                    "a re-deal is offered by a player still to arrange and agreed by the other, \
                     before the arrangements are revealed (D11)"
                        .to_string(),
                )
            };
        }
        if let Some(by) = self.offer {
            return Err(format!(
                "{} offers a re-deal: 'redeal' to agree, 'keep' to keep this deal",
                crate::fairy::seat_name(by)
            ));
        }
        if let Some(rest) = lower.strip_prefix("random") {
            let who = match (rest.trim(), seat) {
                ("", Some(s)) => s,
                ("", None) if waiting.len() == 1 => waiting[0],
                ("", None) => {
                    return Err("both players are to arrange: say whose, 'random white' or \
                                'random black'"
                        .to_string())
                }
                ("white", _) => Seat::First,
                ("black", _) => Seat::Second,
                (other, _) => {
                    return Err(format!(
                        "'random {other}': say 'random white' or 'random black'"
                    ))
                }
            };
            if seat.is_some_and(|s| s != who) {
                return Err("that is the other player's arrangement".to_string());
            }
            if !waiting.contains(&who) {
                return Err(format!(
                    "{} has arranged already",
                    crate::fairy::seat_name(who)
                ));
            }
            let a = self
                .table
                .random(who)
                .ok_or_else(|| "nothing was dealt".to_string())?;
            return self
                .arrange_move(who, &a)
                .ok_or_else(|| "the random arrangement does not fit the deal".to_string());
        }
        let (back, pawns) = t.split_once('/').ok_or_else(|| {
            "an arrangement is the back row, '/', then the pawns (or 'random')".to_string()
        })?;
        let back = read_codes(back)?;
        let pawns = read_codes(pawns)?;
        let whose = |s: Seat| {
            let mine = &deal.pieces[s.index()];
            back.iter().all(|c| mine.contains(c))
        };
        let who = match seat {
            Some(s) => s,
            None => Seat::BOTH.into_iter().find(|&s| whose(s)).ok_or_else(|| {
                format!(
                    "the back row must be of one player's Piece cards: White's {}, Black's {}",
                    deal.pieces[0].join(" "),
                    deal.pieces[1].join(" ")
                )
            })?,
        };
        if !waiting.contains(&who) {
            return Err(format!(
                "{} has arranged already",
                crate::fairy::seat_name(who)
            ));
        }
        let mine = &deal.pieces[who.index()];
        let hand: Vec<String> = {
            let mut left = mine.clone();
            for c in &back {
                match left.iter().position(|x| x == c) {
                    Some(i) => {
                        left.remove(i);
                    }
                    None => {
                        return Err(format!(
                            "{} is not one of {}'s Piece cards ({}), or is named twice",
                            man_text(c, who),
                            crate::fairy::seat_name(who),
                            mine.join(" ")
                        ))
                    }
                }
            }
            left
        };
        let a = Arrangement { back, hand, pawns };
        a.check(deal, who).map_err(|e| e.to_string())?;
        self.arrange_move(who, &a)
            .ok_or_else(|| "the arrangement does not fit the deal".to_string())
    }

    /// Starts play once both arrangements are made (D11: revealed
    /// together).
    fn start_play(&mut self) {
        let (Some(a), Some(b)) = (
            self.arrangement(Seat::First),
            self.arrangement(Seat::Second),
        ) else {
            return;
        };
        // Checked arrangements of the dealt cards always make a start.
        if let Ok(p) = self.table.start(&a, &b) {
            self.play = Some(p);
        }
    }
}

impl Game for DealersGame {
    type Move = DealersMove;
    type Observation = Seen;

    /// D11: another seat's arrangement is hidden while the phase lasts
    /// ([`DealersGame::seen_text`]).
    fn move_seen_by(&self, mover: Option<Seat>, text: &str, viewer: Option<Seat>) -> String {
        self.seen_text(mover, text, viewer)
    }

    /// The arrangement that completes both, and an agreed re-deal.
    fn reveals(&self, mv: DealersMove) -> bool {
        self.reveals_now(mv)
    }

    /// An arrangement not yet revealed, or a big-deck's draws to come.
    fn secrets_pending(&self) -> bool {
        self.secrets_pending_now()
    }

    /// The arrangements and re-deals come before play.
    fn is_setup_move(mv: DealersMove) -> bool {
        !matches!(mv, DealersMove::Play(..))
    }

    fn parse_move_as(&self, seat: Option<Seat>, text: &str) -> Result<DealersMove, MoveError> {
        self.parse_as(seat, text)
    }

    fn to_act(&self) -> ToAct {
        match &self.play {
            Some(p) => p.to_act(),
            None if self.offer.is_some() => {
                ToAct::Seat(self.offer.map_or(Seat::First, Seat::other))
            }
            None => match self.arranged {
                [None, None] => ToAct::Both,
                [None, Some(_)] => ToAct::Seat(Seat::First),
                [Some(_), None] => ToAct::Seat(Seat::Second),
                [Some(_), Some(_)] => ToAct::Nobody,
            },
        }
    }

    /// In play, the legal moves; while arranging, each waiting seat's
    /// `random` arrangement stands for its many (every arrangement of its
    /// cards is legal: [`DealersGame::is_legal`]).
    fn legal_moves(&self, moves: &mut Vec<DealersMove>) {
        match &self.play {
            Some(p) => {
                let mut v = Vec::new();
                Game::legal_moves(p, &mut v);
                moves.extend(v.into_iter().map(DealersMove::Play));
            }
            None => {
                if let Some(by) = self.offer {
                    let s = by.other();
                    moves.extend([DealersMove::Redeal(s), DealersMove::KeepDeal(s)]);
                    return;
                }
                for s in Seat::BOTH {
                    if self.arranged[s.index()].is_none() {
                        if let Some(a) = self.table.random(s) {
                            moves.extend(self.arrange_move(s, &a));
                        }
                        if self.table.redealt().is_some() {
                            moves.push(DealersMove::Redeal(s));
                        }
                    }
                }
            }
        }
    }

    /// A `big-deck` promotion's draw (the position's).
    fn chance_outcomes(&self, outcomes: &mut Vec<(DealersMove, u32)>) {
        if let Some(p) = &self.play {
            let mut v = Vec::new();
            p.chance_outcomes(&mut v);
            outcomes.extend(v.into_iter().map(|(m, w)| (DealersMove::Play(m), w)));
        }
    }

    fn seat_of(&self, mv: DealersMove) -> Option<Seat> {
        match mv {
            DealersMove::Arrange(s, _) | DealersMove::Redeal(s) | DealersMove::KeepDeal(s) => {
                Some(s)
            }
            DealersMove::Play(m) if m.drawn().is_some() => None,
            DealersMove::Play(_) => self.play.as_ref().map(Position::side_to_move),
        }
    }

    /// Play's numbers; the arrangements are move 0 (written `0.` in a
    /// record, so that its movetext never starts with an arrangement's
    /// `[`, which would read as a tag).
    fn move_number(&self) -> Option<u32> {
        match &self.play {
            Some(p) => Game::move_number(p),
            None => (self.arranged == [None, None] && self.offer.is_none()).then_some(0),
        }
    }

    fn observation(&self, seat: Option<Seat>) -> Seen {
        Seen {
            table: self.table.clone(),
            mine: seat.and_then(|s| self.arrangement(s)),
            arranged: [self.arranged[0].is_some(), self.arranged[1].is_some()],
            offer: self.offer,
            play: self.play.clone(),
        }
    }

    fn play_unchecked(&mut self, mv: DealersMove) {
        match mv {
            DealersMove::Arrange(seat, v) => {
                if self.play.is_none() {
                    self.arranged[seat.index()] = Some(v);
                    self.start_play();
                }
            }
            DealersMove::Play(m) => {
                if let Some(p) = self.play.as_mut() {
                    p.play(m);
                }
            }
            DealersMove::Redeal(seat) => {
                if self.offer == Some(seat.other()) {
                    // Agreed: a new deal, nothing arranged yet.
                    if let Some(t) = self.table.redealt() {
                        self.table = Arc::new(t);
                        self.arranged = [None, None];
                        self.redeals += 1;
                    }
                    self.offer = None;
                } else {
                    self.offer = Some(seat);
                }
            }
            DealersMove::KeepDeal(_) => self.offer = None,
        }
    }

    fn play(&mut self, mv: DealersMove) -> Result<(), MoveError> {
        if self.is_legal(mv) {
            self.play_unchecked(mv);
            Ok(())
        } else {
            Err(MoveError::NotLegal {
                text: format!("{mv:?}"),
            })
        }
    }

    fn play_as(&mut self, seat: Seat, mv: DealersMove) -> Result<(), MoveError> {
        if self.to_act().includes(seat) && self.seat_of(mv) == Some(seat) {
            self.play(mv)
        } else {
            Err(MoveError::NotYourTurn { side: None })
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.play.as_ref().and_then(Game::outcome)
    }

    fn hash(&self) -> u64 {
        match &self.play {
            Some(p) => p.zobrist(),
            None => {
                let a = self
                    .arranged
                    .map(|x| x.map_or(0, |v| v as u64 ^ (v >> 64) as u64));
                let offer = self.offer.map_or(0, |s| s.index() as u64 + 1);
                a[0].rotate_left(17)
                    ^ a[1]
                    ^ 0xA11A_77ED
                    ^ offer << 60
                    ^ u64::from(self.redeals).rotate_left(32)
            }
        }
    }

    fn move_text(&self, mv: DealersMove) -> String {
        match (mv, &self.play) {
            (DealersMove::Arrange(seat, v), _) => self
                .table
                .deal
                .as_ref()
                .and_then(|d| decode(d, seat, v))
                .map_or_else(|| "?".to_string(), |a| arrangement_text(&a, seat)),
            (DealersMove::Play(m), Some(p)) => p.move_text(m),
            (DealersMove::Redeal(s), _) => format!("redeal-{}", seat_word(s)),
            (DealersMove::KeepDeal(s), _) => format!("keep-{}", seat_word(s)),
            (DealersMove::Play(m), None) => format!("{m:?}"),
        }
    }

    fn parse_move(&self, text: &str) -> Result<DealersMove, MoveError> {
        self.parse_as(None, text)
    }

    fn position_text(&self) -> String {
        match &self.play {
            Some(p) => p.text(),
            None => "(the arrangements are being made)".to_string(),
        }
    }
}

impl DealersGame {
    /// Reads a move of `seat` (`None`: whoever's it is).
    pub fn parse_as(&self, seat: Option<Seat>, text: &str) -> Result<DealersMove, MoveError> {
        match &self.play {
            Some(p) => p.parse_move(text).map(DealersMove::Play),
            None => self
                .parse_arrangement(seat, text)
                .map_err(|why| MoveError::NotAMove {
                    text: text.to_string(),
                    game: "Dealer's Chess".to_string(),
                    why,
                    examples: "an arrangement: the back row, '/', the pawns, as \
                               [AR][CA]N[GR][LI][NR][UN]/P[CP][LB]P[ZO][HP][AP][MG]; or random"
                        .to_string(),
                }),
        }
    }
}
