//! A game of Chess Cards: leads and replies, initiative, Queen's Privilege,
//! sacrifices, replaying the last card, mate, draw, scoring (M1-M10).

use super::card::{Card, Hand};
use deckmate_rules::{Seat, SeededRng};

/// How sacrifices count in the multiplier (M9).
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub enum SacrificeCount {
    /// The mater's sacrifices minus the opponent's, not below zero (default).
    #[default]
    Net,
    /// The mater's sacrifices.
    Gross,
}

/// One turn: an optional sacrifice, then the card played; a Queen led may
/// carry the privilege (M5).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Turn {
    /// The card put out of play first (M6).
    pub sacrifice: Option<Card>,
    /// The card played.
    pub card: Card,
    /// Queen's Privilege announced with a Queen lead.
    pub privilege: bool,
}

/// Why a game of Chess Cards ended: the host's one ending type
/// ([`crate::end::End`]) with these reasons, the mater being its winner.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum EndReason {
    /// Mate: with which card, on which move, the multiplier and the score.
    Mate {
        /// The mating card (the lead that could not be answered).
        card: Card,
        /// The move number.
        move_no: u32,
        /// Move number plus counted sacrifices.
        multiplier: u32,
        /// The score (M9-M10).
        score: u32,
    },
    /// No mate after the 10th move (M8): a draw.
    NoMate,
    /// A player resigned the match during this game.
    Resignation,
    /// The players agreed a draw.
    Agreement,
    /// A player's clock ran out.
    TimeForfeit,
}

/// How a game ended: the winner (the mater) and why.
pub type End = crate::end::End<EndReason>;

/// The end of a game without a mate after move 10 (M8).
pub const NO_MATE: End = End {
    winner: None,
    reason: EndReason::NoMate,
};

/// The end of a mate by `by`.
pub fn mate(by: Seat, card: Card, move_no: u32, multiplier: u32, score: u32) -> End {
    End {
        winner: Some(by),
        reason: EndReason::Mate {
            card,
            move_no,
            multiplier,
            score,
        },
    }
}

impl crate::end::Reason for EndReason {
    const RESIGNATION: Self = EndReason::Resignation;
    const AGREEMENT: Self = EndReason::Agreement;
    const TIME_FORFEIT: Self = EndReason::TimeForfeit;

    fn seat_name(seat: Seat) -> &'static str {
        ["the dealer", "the other"][seat.index()]
    }

    /// "the dealer mates with bQ on move 9, multiplier 11: 242", "a draw
    /// after move 10".
    fn words(self, winner: &str, loser: &str) -> String {
        match self {
            EndReason::Mate {
                card,
                move_no,
                multiplier,
                score,
            } => format!(
                "{winner} mates with {card} on move {move_no}, multiplier {multiplier}: {score}"
            ),
            EndReason::NoMate => "a draw after move 10".into(),
            EndReason::Resignation => format!("{loser} resigned"),
            EndReason::Agreement => "the players agreed a draw".into(),
            EndReason::TimeForfeit => format!("{loser} lost on time"),
        }
    }
}

/// The state of a game. `Seat::First` is the dealer of this game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChessCards {
    /// Each seat's hand.
    pub hands: [Hand; 2],
    /// Each seat's last played card (replayed from an empty hand, M7).
    pub last: [Option<Card>; 2],
    /// Cards each seat has sacrificed.
    pub sacrificed: [Hand; 2],
    /// Who leads this move.
    pub leader: Seat,
    /// The move number, 1..=10.
    pub move_no: u32,
    /// The lead on the table waiting for a reply: card and privilege.
    pub lead: Option<(Card, bool)>,
    /// The plays of this game in order: (seat, turn).
    pub plays: Vec<(Seat, Turn)>,
    /// The end, once reached.
    pub finish: Option<End>,
    /// How sacrifices count.
    pub count: SacrificeCount,
}

impl ChessCards {
    /// A game with given hands; the dealer (`Seat::First`) leads (M2).
    pub fn new(dealer: Hand, other: Hand, count: SacrificeCount) -> Result<ChessCards, String> {
        if dealer.len() != 10 || other.len() != 10 {
            return Err(format!(
                "each player holds 10 cards (the dealer has {}, the other {})",
                dealer.len(),
                other.len()
            ));
        }
        if dealer.0 & other.0 != 0 {
            return Err("a card is in both hands".into());
        }
        Ok(ChessCards::start(dealer, other, count))
    }

    /// The start of a game from hands known to be valid (10 cards each,
    /// none in both).
    pub(crate) fn start(dealer: Hand, other: Hand, count: SacrificeCount) -> ChessCards {
        ChessCards {
            hands: [dealer, other],
            last: [None, None],
            sacrificed: [Hand::default(); 2],
            leader: Seat::First,
            move_no: 1,
            lead: None,
            plays: Vec::new(),
            finish: None,
            count,
        }
    }

    /// The deal of M1 from a seed: the 20 cards shuffled (our Fisher-Yates
    /// over ChaCha20) and dealt five at a time, the other player first.
    pub fn deal(seed: u64) -> (Hand, Hand) {
        let mut deck: Vec<Card> = Card::all().collect();
        SeededRng::new(seed).shuffle(&mut deck);
        let (mut dealer, mut other) = (Hand::default(), Hand::default());
        for (i, c) in deck.into_iter().enumerate() {
            if (i / 5) % 2 == 0 {
                other = other.with(c);
            } else {
                dealer = dealer.with(c);
            }
        }
        (dealer, other)
    }

    /// The hand `seat` was dealt: what it holds, has sacrificed and has
    /// played.
    pub fn dealt(&self, seat: Seat) -> Hand {
        let i = seat.index();
        let played = self
            .plays
            .iter()
            .filter(|(s, _)| *s == seat)
            .fold(0, |m, (_, t)| m | 1 << t.card.index());
        Hand(self.hands[i].0 | self.sacrificed[i].0 | played)
    }

    /// The sacrifices that would count for `seat` if it mated now (M9):
    /// its own minus the opponent's, not below zero (net), or its own
    /// (gross).
    pub fn counted_sacrifices(&self, seat: Seat) -> u32 {
        let mine = self.sacrificed[seat.index()].len();
        let theirs = self.sacrificed[seat.other().index()].len();
        match self.count {
            SacrificeCount::Net => mine.saturating_sub(theirs),
            SacrificeCount::Gross => mine,
        }
    }

    /// The multiplier of a mate by `seat` on the current move (M9).
    pub fn multiplier(&self, seat: Seat) -> u32 {
        self.move_no + self.counted_sacrifices(seat)
    }

    /// Who acts now, if the game goes on.
    pub fn to_act(&self) -> Option<Seat> {
        if self.finish.is_some() {
            return None;
        }
        Some(if self.lead.is_some() {
            self.leader.other()
        } else {
            self.leader
        })
    }

    /// The cards `seat` may play from: its hand, or its last card when the
    /// hand is empty (M7).
    fn playable(&self, seat: Seat) -> Hand {
        let h = self.hands[seat.index()];
        if h.is_empty() {
            self.last[seat.index()].map_or(Hand::default(), |c| Hand::default().with(c))
        } else {
            h
        }
    }

    /// The legal replies from `cards` to a lead (M3, M5).
    fn replies(cards: Hand, lead: Card, privilege: bool) -> Hand {
        let mask = |f: &dyn Fn(Card) -> bool| {
            Hand(cards.cards().filter(|&c| f(c)).fold(0, |m, c| m | 1 << c.0))
        };
        if privilege {
            let queens = mask(&|c| c.is_queen());
            if !queens.is_empty() {
                return queens;
            }
            return mask(&|c| c.suit() == lead.suit());
        }
        let suit = mask(&|c| c.suit() == lead.suit());
        if !suit.is_empty() {
            return suit;
        }
        mask(&|c| c.piece() == lead.piece())
    }

    /// The legal turns of the seat to act. A replier with no legal reply
    /// has none: the game is then ended by [`ChessCards::settle`].
    pub fn turns(&self) -> Vec<Turn> {
        let Some(me) = self.to_act() else {
            return Vec::new();
        };
        let hand = self.hands[me.index()];
        let mut sacs: Vec<Option<Card>> = vec![None];
        if hand.len() >= 2 {
            sacs.extend(hand.cards().map(Some));
        }
        let mut out = Vec::new();
        for s in sacs {
            let cards = match s {
                Some(c) => hand.without(c),
                None => self.playable(me),
            };
            match self.lead {
                None => {
                    for c in cards.cards() {
                        out.push(Turn {
                            sacrifice: s,
                            card: c,
                            privilege: false,
                        });
                        if c.is_queen() {
                            out.push(Turn {
                                sacrifice: s,
                                card: c,
                                privilege: true,
                            });
                        }
                    }
                }
                Some((lead, privilege)) => {
                    // M6: with no legal reply from the whole hand, no sacrifice either.
                    if Self::replies(self.playable(me), lead, privilege).is_empty() {
                        return Vec::new();
                    }
                    for c in Self::replies(cards, lead, privilege).cards() {
                        out.push(Turn {
                            sacrifice: s,
                            card: c,
                            privilege: false,
                        });
                    }
                }
            }
        }
        out
    }

    /// Plays a legal turn (from [`ChessCards::turns`]) and settles a mate
    /// or draw that follows.
    pub fn play(&mut self, t: Turn) {
        let Some(me) = self.to_act() else { return };
        let i = me.index();
        if let Some(s) = t.sacrifice {
            self.hands[i] = self.hands[i].without(s);
            self.sacrificed[i] = self.sacrificed[i].with(s);
        }
        self.hands[i] = self.hands[i].without(t.card);
        self.last[i] = Some(t.card);
        self.plays.push((me, t));
        match self.lead {
            None => self.lead = Some((t.card, t.privilege && t.card.is_queen())),
            Some((lead, _)) => {
                // M4: same suit, higher piece wins; same piece, higher suit.
                let reply = t.card;
                let leader_wins = if reply.suit() == lead.suit() {
                    lead.piece() > reply.piece()
                } else {
                    lead.suit() > reply.suit()
                };
                if !leader_wins {
                    self.leader = me;
                }
                self.lead = None;
                if self.move_no == 10 {
                    self.finish = Some(NO_MATE);
                } else {
                    self.move_no += 1;
                }
            }
        }
        self.settle();
    }

    /// Ends the game by mate when the seat to reply has no legal reply.
    pub fn settle(&mut self) {
        if self.finish.is_some() {
            return;
        }
        if let Some((lead, privilege)) = self.lead {
            let replier = self.leader.other();
            if Self::replies(self.playable(replier), lead, privilege).is_empty() {
                let by = self.leader;
                let multiplier = self.move_no + self.counted_sacrifices(by);
                self.finish = Some(mate(
                    by,
                    lead,
                    self.move_no,
                    multiplier,
                    score(lead, multiplier),
                ));
            }
        }
    }

    /// The dealer's score minus the other's (one of them is 0).
    pub fn value(&self) -> i32 {
        match self.finish {
            Some(End {
                winner: Some(by),
                reason: EndReason::Mate { score, .. },
            }) => {
                if by == Seat::First {
                    score as i32
                } else {
                    -(score as i32)
                }
            }
            _ => 0,
        }
    }
}

/// The score of a mate (M9, M10): card value x multiplier, times
/// (multiplier - 10 + 1) when the multiplier exceeds 10 (overmate).
pub fn score(card: Card, multiplier: u32) -> u32 {
    let base = card.value() * multiplier;
    if multiplier > 10 {
        base * (multiplier - 10 + 1)
    } else {
        base
    }
}
