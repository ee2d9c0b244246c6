//! What Dealer's Chess shows: its part of the view (the deal and the
//! arrangement panel while the seats arrange, then the board, hands and
//! facts of play) and what a legal move carries for the client's clicks.
//! Game presentation, called by the [`super::DealersBoard`] hook.

use super::game::{arrangement_text, DealersGame, DealersMove, Seen};
use super::notation::code_text;
use super::{EndReason, Position};
use crate::fairy::seat_name;
use crate::registry::ViewKey;
use deckmate_rules::{Game, Seat};
use serde_json::{json, Map, Value};

/// The keys this game's views add to the common ones ([`GameEntry::view_keys`](crate::registry::GameEntry::view_keys)).
pub const VIEW_KEYS: &[ViewKey] = &[
    ViewKey {
        key: "arranging",
        kind: "boolean",
        meaning: "whether the seats are still arranging their armies (the secret setup)",
    },
    ViewKey {
        key: "deal",
        kind: "object",
        meaning: "the asking seat's deal: its cards to arrange, where they may go, its royal",
    },
    ViewKey {
        key: "hands",
        kind: "object",
        meaning: "the pieces in hand by seat, and the shared extras",
    },
];

/// A man as the views show it.
fn man(pos_rules: &super::Rules, sq: u8, seat: Seat, k: u8, fresh: bool) -> Value {
    let kind = &pos_rules.kinds[usize::from(k)];
    json!({
        "square": pos_rules.square_name(sq),
        "label": format!("{} {}", seat_name(seat), kind.card.name),
        "symbol": kind.card.code,
        "code": kind.card.code,
        "owner": seat.index(),
        "card": format!("/cards/{}.svg", kind.card.code),
        "fresh": fresh,
    })
}

/// A list of codes as the facts show them, `-` when empty.
fn codes(list: &[String]) -> String {
    if list.is_empty() {
        "-".to_string()
    } else {
        list.iter()
            .map(|c| code_text(c))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// A card of the deal as the views list it.
fn card_json(seen: &Seen, code: &str) -> Value {
    let card = seen.catalogue().get(code);
    json!({
        "code": code,
        // How the card is written in an arrangement (D14: one letter
        // bare, more in brackets).
        "written": super::deal::man_text(code, Seat::First),
        "name": card.map(|c| c.name.clone()),
        "words": card.map(|c| c.words.clone()),
        "betza": card.map(|c| c.betza.clone()),
        "svg": format!("/cards/{code}.svg"),
    })
}

/// The arrangement phase's part of a view.
fn arranging_view(seen: &Seen, you: Option<Seat>, out: &mut Map<String, Value>) {
    let Some(deal) = seen.deal() else {
        return;
    };
    let rules = seen.rules();
    let n = rules.size;
    let royal_file = if n == 12 { 6 } else { 4 };
    let mut pieces = Vec::new();
    for seat in Seat::BOTH {
        let back = if seat == Seat::First { 0 } else { n - 1 };
        if let Some(k) = rules.kind_of(&deal.royals[seat.index()]) {
            pieces.push(man(rules, back * n + royal_file, seat, k, false));
        }
    }
    // The viewer's own arrangement, once made, on its ranks.
    if let (Some(me), Some(mine)) = (you, &seen.mine) {
        // simplified: chess's array of the stand-ins.
        let expanded;
        let a = match (deal.simplified, mine.back.as_slice(), mine.pawns.as_slice()) {
            (true, [q, r, b, n], [p]) => {
                expanded = super::Arrangement {
                    back: [r, n, b, q, b, n, r].map(String::clone).to_vec(),
                    hand: Vec::new(),
                    pawns: vec![p.clone(); 8],
                };
                &expanded
            }
            _ => mine,
        };
        let back_ranks: Vec<u8> = if n == 12 { vec![0, 1] } else { vec![0] };
        let mut squares = Vec::new();
        for r in &back_ranks {
            for f in 0..n {
                if *r == 0 && f == royal_file {
                    continue;
                }
                squares.push((*r, f));
            }
        }
        let place = |rank_from_me: u8, f: u8| -> u8 {
            let r = if me == Seat::First {
                rank_from_me
            } else {
                n - 1 - rank_from_me
            };
            r * n + f
        };
        for (code, (r, f)) in a.back.iter().zip(&squares) {
            if let Some(k) = rules.kind_of(code) {
                pieces.push(man(rules, place(*r, *f), me, k, false));
            }
        }
        let pawn_rank = rules.pawn_row();
        for (f, code) in a.pawns.iter().enumerate() {
            if let Some(k) = rules.kind_of(code) {
                pieces.push(man(rules, place(pawn_rank, f as u8), me, k, true));
            }
        }
    }
    out.insert("pieces".into(), json!(pieces));
    let cards = |v: &[String]| v.iter().map(|c| card_json(seen, c)).collect::<Vec<_>>();
    let seats: Vec<Value> = Seat::BOTH
        .iter()
        .map(|&s| {
            json!({
                "seat": s.index(),
                "royal": card_json(seen, &deal.royals[s.index()]),
                "pieces": cards(&deal.pieces[s.index()]),
                "pawns": cards(&deal.pawns[s.index()]),
                "arranged": seen.arranged[s.index()],
            })
        })
        .collect();
    out.insert(
        "deal".into(),
        json!({
            "seats": seats,
            "shared": cards(&deal.shared),
            "simplified": deal.simplified,
            "stand_ins": super::deal::STAND_INS,
            "back": deal.kept(),
            "files": n,
            "royal_file": royal_file,
            "back_ranks": deal.size.back_ranks(),
            "mine": seen.mine.as_ref().map(|a| json!({
                "back": a.back, "hand": a.hand, "pawns": a.pawns,
                "text": you.map(|s| arrangement_text(a, s)),
            })),
        }),
    );
    // The client's "arrangement" panel, in these words (`{hand}`: the
    // Piece cards left for the hand as the player places them).
    let hint = if deal.simplified {
        "Drag (or tap, then tap a slot) a Piece card onto each of Queen, Rook, Bishop and Knight, and one Pawn card for all your pawns; the others are set aside. Hover a card to see its moves.".to_string()
    } else {
        format!(
            "Drag (or tap, then tap a square) {} of your Piece cards onto the back row and your pawns onto the pawn row; the Piece cards left go to your hand ({{hand}} now). Hover a card to see its moves.",
            deal.kept()
        )
    };
    out.insert(
        "panels".into(),
        json!([{
            "kind": "arrangement",
            "title": "Arrange your army",
            "hint": hint,
            "pieces_label": "Piece cards",
            "pawns_label": "Pawn cards",
            "deal_title": "The deal",
            "shared_label": "Shared extras",
            "redeal": "Offer a re-deal",
            "redeal_help": "offer the other player a new deal (D11)",
            "ready": "Ready",
            "random": "Random",
            "clear": "Clear",
            // The moves the buttons send, in the game's notation.
            "random_move": "random",
            "redeal_move": "redeal",
            "arranged": "arranged",
            "arranging": "arranging\u{2026}",
            "yours": "Your arrangement: ",
            // An arrangement is written as the back row, this, the pawns.
            "rows": "/",
        }]),
    );
    let mut facts = Vec::new();
    for s in Seat::BOTH {
        facts.push(json!({
            "label": format!("{} dealt", seat_name(s)),
            "value": format!(
                "royal {}; pieces {}; pawns {}",
                code_text(&deal.royals[s.index()]),
                codes(&deal.pieces[s.index()]),
                codes(&deal.pawns[s.index()])
            ),
        }));
    }
    facts.push(json!({ "label": "Shared extras", "value": codes(&deal.shared) }));
    // Every card dealt, with its move in words (the terminal's cards;
    // the browser shows the reference cards on hover).
    let mut seen_codes: Vec<&String> = Vec::new();
    for s in Seat::BOTH {
        seen_codes.push(&deal.royals[s.index()]);
        seen_codes.extend(&deal.pieces[s.index()]);
        seen_codes.extend(&deal.pawns[s.index()]);
    }
    seen_codes.extend(&deal.shared);
    for c in seen_codes {
        if let Some(card) = seen.catalogue().get(c) {
            facts.push(json!({
                "label": code_text(c),
                "value": format!("{} ({}): {}", card.name, card.betza, card.words),
            }));
        }
    }
    for s in Seat::BOTH {
        facts.push(json!({
            "label": format!("{} has arranged", seat_name(s)),
            "value": if seen.arranged[s.index()] { "yes" } else { "not yet" },
        }));
    }
    out.insert("facts".into(), json!(facts));
    if let Some(by) = seen.offer {
        facts.insert(
            0,
            json!({ "label": "Re-deal", "value": format!("{} offers a new deal", seat_name(by)) }),
        );
    }
    let prompt = match you {
        Some(s) if seen.offer == Some(s.other()) => format!(
            "{} offers a re-deal: agree ('redeal') or keep this deal ('keep')",
            seat_name(s.other())
        ),
        Some(s) if seen.offer == Some(s) => {
            "Waiting for the answer to your offer of a re-deal".to_string()
        }
        Some(s) if !seen.arranged[s.index()] && deal.simplified => {
            "Choose your Queen, Rook, Bishop and Knight among your Piece cards, and one of your Pawn cards for all your pawns, or 'random'".to_string()
        }
        Some(s) if !seen.arranged[s.index()] => format!(
            "Arrange your army: keep {} of your Piece cards for the back row (the rest go to your hand) and order your pawns, or 'random'",
            deal.size.back()
        ),
        Some(_) => "Waiting for the other player's arrangement".to_string(),
        None => "The players are arranging their armies".to_string(),
    };
    out.insert("prompt".into(), json!(prompt));
}

/// The part of a view of a position in play.
fn play_view(pos: &Position, moves: &[DealersMove], out: &mut Map<String, Value>) {
    let rules = pos.rules();
    let mut pieces = Vec::new();
    for sq in 0..rules.squares() {
        if let Some((seat, k)) = pos.at(sq) {
            pieces.push(man(rules, sq, seat, k, pos.is_fresh(sq)));
        }
    }
    out.insert("pieces".into(), json!(pieces));
    let last = moves.iter().rev().find_map(|m| match m {
        DealersMove::Play(p) => Some(json!({
            "from": rules.square_name(p.from()),
            "to": rules.square_name(p.to()),
        })),
        _ => None,
    });
    out.insert("last".into(), json!(last));
    let setup = pos.setup();
    let hands: Vec<Value> = ["White's hand", "Black's hand", "Shared extras"]
        .iter()
        .zip(&setup.hands)
        .map(|(label, h)| json!({ "label": label, "value": codes(h) }))
        .collect();
    let mut facts = vec![json!({ "label": "Move", "value": pos.move_number().to_string() })];
    facts.extend(hands);
    facts.push(json!({
        "label": "Plies without a capture or pawn move",
        "value": format!("{} of 100", pos.half_moves()),
    }));
    let code_list = |kinds: &[u8]| -> String {
        let v: Vec<String> = kinds
            .iter()
            .map(|&k| code_text(&rules.kinds[usize::from(k)].card.code))
            .collect();
        if v.is_empty() {
            "-".to_string()
        } else {
            v.join(" ")
        }
    };
    if rules.options.promotion == super::PromotionRule::DrawStack {
        facts.push(json!({
            "label": "Draw Stack",
            "value": format!("{} cards", pos.draw_stack().len()),
        }));
        facts.push(json!({ "label": "Discard Pile", "value": code_list(&pos.discard_pile()) }));
        if let Some(d) = pos.drawn_cards() {
            facts.push(json!({ "label": "Cards drawn", "value": code_list(&d) }));
            out.insert(
                "prompt".into(),
                json!(format!(
                    "{} promotes: choose one of the cards drawn",
                    seat_name(pos.side_to_move())
                )),
            );
        }
    }
    if rules.options.promotion == super::PromotionRule::Standard {
        for s in Seat::BOTH {
            facts.push(json!({
                "label": format!("{}'s pawns promote to", seat_name(s)),
                "value": code_list(&pos.promotes_to(s)),
            }));
        }
    }
    out.insert("facts".into(), json!(facts));
    let hand_cards = |i: usize| -> Vec<Value> {
        setup.hands[i]
            .iter()
            .map(|c| json!({ "code": c, "svg": format!("/cards/{c}.svg") }))
            .collect()
    };
    out.insert(
        "hands".into(),
        json!({ "white": hand_cards(0), "black": hand_cards(1), "shared": hand_cards(2) }),
    );
    // Shown by the client's "hands" panel.
    out.insert(
        "panels".into(),
        json!([{ "kind": "hands", "shared_label": "Shared extras" }]),
    );
    let over = pos.end_state().is_some();
    let check = !over && pos.in_check(pos.side_to_move());
    out.insert("check".into(), json!(check));
    if check {
        let me = pos.side_to_move();
        let royal = (0..rules.squares()).find(|&s| {
            pos.at(s)
                .is_some_and(|(o, k)| o == me && rules.kinds[usize::from(k)].is_royal())
        });
        if let Some(s) = royal {
            out.insert("check_square".into(), json!(rules.square_name(s)));
        }
    }
    // The mated side's attacked royal, marked on the final position
    // (Dealer's royals are never taken: the game ends at the mate).
    let mated = pos
        .end_state()
        .is_some_and(|e| e.reason == EndReason::Checkmate);
    let end_mark = mated
        .then(|| pos.checked_royal(pos.side_to_move()))
        .flatten()
        .map(|s| rules.square_name(s));
    out.insert("end_mark".into(), json!(end_mark));
    out.insert("position".into(), json!(pos.text()));
}

/// `from`, `to`, `promotion` (the piece's code), `shared`, and a
/// `choice` label where one click could mean several moves; an
/// arrangement has no squares (the `random` one is offered as a
/// choice).
pub(super) fn move_fields(
    pos: &DealersGame,
    m: DealersMove,
    legal: &[DealersMove],
) -> Map<String, Value> {
    let mut o = Map::new();
    let (DealersMove::Play(pm), Some(p)) = (m, pos.position()) else {
        let label = match m {
            DealersMove::Redeal(_) if pos.offer().is_some() => "Agree to a re-deal",
            DealersMove::Redeal(_) => "Offer a re-deal",
            DealersMove::KeepDeal(_) => "Keep this deal",
            _ => "Random arrangement",
        };
        o.insert("choice".into(), json!(label));
        return o;
    };
    let rules = p.rules();
    if pm.is_choice() {
        // A big-deck choice among the cards drawn: a button.
        let c = pm
            .promotion()
            .map(|k| rules.kinds[usize::from(k)].card.name.clone());
        o.insert("choice".into(), json!(c.map(|n| format!("Promote to {n}"))));
        return o;
    }
    o.insert("from".into(), json!(rules.square_name(pm.from())));
    o.insert("to".into(), json!(rules.square_name(pm.to())));
    let promo = pm.promotion().map(|k| &rules.kinds[usize::from(k)].card);
    o.insert("promotion".into(), json!(promo.map(|c| c.code.clone())));
    o.insert("shared".into(), json!(pm.from_shared()));
    let twins = legal.iter().any(|&x| {
        x != m && matches!(x, DealersMove::Play(q) if q.from() == pm.from() && q.to() == pm.to())
    });
    let choice = if !twins {
        None
    } else if let Some(c) = promo {
        Some(if pm.from_shared() {
            format!("{} (shared)", c.name)
        } else {
            c.name.clone()
        })
    } else if pm.is_en_passant() {
        Some("En passant".to_string())
    } else {
        Some(format!("Move ({})", p.move_text(pm)))
    };
    o.insert("choice".into(), json!(choice));
    if pm.is_castling() {
        o.insert("castling".into(), json!(true));
    }
    o
}

/// The game's part of the view for `you` (the [`super::DealersBoard`] hook's).
pub(super) fn view(seen: &Seen, moves: &[DealersMove], you: Option<Seat>) -> Map<String, Value> {
    let mut out = Map::new();
    let n = seen.rules().size;
    let size = seen.play.as_ref().map_or(n, |p| p.rules().size);
    out.insert(
        "board".into(),
        json!({
            "files": size,
            "ranks": size,
            "rank_base": 1,
            "holes": [],
            "regions": [],
            "marked": [],
            "piece_style": "disc",
            "choice_question": "Which move?",
        }),
    );
    match &seen.play {
        Some(p) => play_view(p, moves, &mut out),
        None => arranging_view(seen, you, &mut out),
    }
    out.insert("arranging".into(), json!(seen.play.is_none()));
    out
}
