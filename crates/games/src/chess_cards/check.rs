//! Why a turn is refused: the reason in words for a play that is not among
//! [`ChessCards::turns`]. Legality itself is `turns()`; this only explains.

use super::card::{Card, Hand};
use super::game::{ChessCards, Turn};

/// The suit's name, `"black"` .. `"white"`.
pub fn suit_name(c: Card) -> &'static str {
    ["white", "yellow", "red", "black"][c.suit() as usize]
}

/// The piece's name, `"Pawn"` .. `"Queen"`.
pub fn piece_name(c: Card) -> &'static str {
    ["Pawn", "Knight", "Bishop", "Rook", "Queen"][c.piece() as usize]
}

impl ChessCards {
    /// `None` if `t` is a legal turn of the seat to act, else why not
    /// (M3, M5, M6, M7).
    pub fn refusal(&self, t: Turn) -> Option<String> {
        if self.turns().contains(&t) {
            return None;
        }
        let Some(me) = self.to_act() else {
            return Some("the game is over".into());
        };
        let hand = self.hands[me.index()];
        let last = self.last[me.index()];
        if let Some(s) = t.sacrifice {
            if hand.is_empty() {
                return Some("your hand is empty: nothing to sacrifice (M6)".into());
            }
            if !hand.has(s) {
                return Some(format!("you cannot sacrifice {s}: it is not in your hand"));
            }
            if hand.len() < 2 {
                return Some(format!(
                    "a sacrifice needs at least two cards in hand; you hold only {s} (M6)"
                ));
            }
            if s == t.card {
                return Some(format!("{s} cannot be both sacrificed and played"));
            }
        }
        let cards = match t.sacrifice {
            Some(s) => hand.without(s),
            None if hand.is_empty() => last.map_or(Hand::default(), |c| Hand::default().with(c)),
            None => hand,
        };
        if !cards.has(t.card) {
            return Some(match (hand.is_empty(), last) {
                (true, Some(l)) => {
                    format!("your hand is empty: you play your last card {l} again (M7)")
                }
                _ => format!("{} is not in your hand", t.card),
            });
        }
        let Some((lead, privilege)) = self.lead else {
            return Some(format!(
                "{} is not a legal lead here",
                super::notation::turn_text(t)
            ));
        };
        if t.privilege {
            return Some("only a Queen led may carry the privilege, not a reply (M5)".into());
        }
        let has = |f: &dyn Fn(Card) -> bool| cards.cards().any(f);
        let suit = suit_name(lead);
        let after = match t.sacrifice {
            Some(s) => format!(" after sacrificing {s}"),
            None => String::new(),
        };
        let need = if privilege {
            if has(&|c| c.is_queen()) {
                format!("reply to {lead}* with a Queen (Queen's Privilege, M5)")
            } else if has(&|c| c.suit() == lead.suit()) {
                format!("reply to {lead}* with a {suit} card: you hold no Queen{after} (M5)")
            } else {
                format!("you would hold no Queen and no {suit} card{after}: no legal reply")
            }
        } else if has(&|c| c.suit() == lead.suit()) {
            format!("reply to {lead} with a {suit} card: you hold one{after} (M3)")
        } else if has(&|c| c.piece() == lead.piece()) {
            format!(
                "reply to {lead} with a {}: you hold no {suit} card{after} (M3)",
                piece_name(lead)
            )
        } else {
            format!(
                "you would hold no {suit} card and no {}{after}: no legal reply (M6)",
                piece_name(lead)
            )
        };
        Some(need)
    }
}
