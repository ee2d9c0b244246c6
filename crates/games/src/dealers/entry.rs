//! Dealer's Chess's registry entry and its hook into the shells' generic
//! [`BoardPlay`]: the deal shown to both players, each seat's own
//! arrangement (the other's hidden until both are made, D11), then the
//! board with the hands and the shared extras beside it.

use super::engine;
use super::eval::DealersEval;
use super::game::{arrangement_text, DealersGame, DealersMove, Seen};
use super::notation::code_text;
use super::record::{self, catalogue_of, deck_in, size_name, size_of, GameSpec};
use super::rules::{PlayOptions, PromotionRule, ZombieRoyal};
use super::{Alternate, Position};
use crate::end::End;
use crate::fairy::seat_name;
use crate::registry::board_replayed;
use crate::registry::{engine_lines, AnalysisReport, AnalysisRequest, AnalysisStart};
use crate::registry::{
    read_record, BoardHook, BoardPlay, BoxedGame, GameEntry, OptionKind, OptionSpec, Options,
    ReplayFailure, Replayed, Settlement,
};
use deckmate_rules::{Game, MoveError, Record, Seat};
use serde_json::{json, Map, Value};
use std::sync::Arc;

/// The game's options.
pub static OPTIONS: [OptionSpec; 5] = [
    OptionSpec {
        name: "board",
        values: &["8x8", "10x10", "12x12"],
        default: "8x8",
        help: "the board: the page's 8x8, or the 10x10 and 12x12 alternates (12x12 needs a deck of 58 or more Piece cards)",
        ruling: "D6",
        kind: OptionKind::Choice,
    },
    OptionSpec {
        name: "alternate",
        values: &["standard", "simplified", "big-deck"],
        default: "standard",
        help: "the page's game; simplified (four stand-ins for the chess pieces, one Pawn card for all pawns, chess's promotion; 8x8); big-deck (promotion draws three cards from the undealt Piece cards)",
        ruling: "D6",
        kind: OptionKind::Choice,
    },
    OptionSpec {
        name: "deck",
        values: &["page"],
        default: "page",
        help: "the Piece deck: the page's 40 cards, or 16 or more of them by code (GR,LI,CA,...)",
        ruling: "D12",
        kind: OptionKind::Text,
    },
    OptionSpec {
        name: "deck_file",
        values: &[],
        default: "",
        help: "a deck file's cards join the page's (D7): on the command line its path, through the API its text; the catalogue's line form or TOML [[piece]] tables",
        ruling: "D7",
        kind: OptionKind::File,
    },
    OptionSpec {
        name: "zombie_royal",
        values: &["stays", "converts"],
        default: "stays",
        help: "a royal that captures a Zombie stays the royal (D9), or becomes a Zombie Pawn as the page's letter says",
        ruling: "D9",
        kind: OptionKind::Choice,
    },
];

/// Dealer's Chess's registry entry.
pub static ENTRY: GameEntry = GameEntry {
    key: super::KEY,
    name: "Dealer's Chess",
    aliases: &["Dealers Chess", "Dealers"],
    summary: "Dealer's Chess (Bob Greenwade): armies dealt from decks of fairy piece cards, hands, promotion from the hand",
    seats: ["white", "black"],
    seat_names: ["White", "Black"],
    options: &OPTIONS,
    rules: RULES,
    move_help: MOVE_HELP,
    replay: replay_record,
    create,
    from_spec,
    tools: Some(&super::tools::TOOLS),
    secret_seed: true,
    capabilities: crate::registry::Capabilities {
        reference_cards: Some(&super::card_deck::REFERENCE_CARDS),
        ..crate::registry::Capabilities::NONE
    },
    view_keys: &[
        crate::registry::ViewKey {
            key: "arranging",
            kind: "boolean",
            meaning: "whether the seats are still arranging their armies (the secret setup)",
        },
        crate::registry::ViewKey {
            key: "deal",
            kind: "object",
            meaning: "the asking seat's deal: its cards to arrange, where they may go, its royal",
        },
        crate::registry::ViewKey {
            key: "hands",
            kind: "object",
            meaning: "the pieces in hand by seat, and the shared extras",
        },
    ],
    variant_file: None,
};

/// The rules as deckmate plays them (`deckmate rules dealers`).
pub const RULES: &str = include_str!("rules.txt");

/// Dealer's Chess's rule on takebacks, as the rules text and a refused
/// takeback say it.
pub const TAKEBACK_RULE: &str = "a takeback never goes back past the reveal of the arrangements, \
     an agreed re-deal or a big-deck draw: the seed would deal, draw and (for the computer) \
     arrange the same again, so a seat would see before choosing what it may not know yet";

const MOVE_HELP: &str = "First arrange: type your back row from file a (the royal's square left
out), '/', then your pawns from file a, each card by its code (one letter
bare, longer in brackets): [AR][CA]N[GR][LI][NR][UN]/P[CP][LB]P[ZO][HP][AP][MG].
The cards you leave off the back row go to your hand. Or type 'random'.
Then play: the man's code (optional), its square, '-' or 'x', the target:
Pe2-e4, [GR]b1xf5, e2e4. Promotion from the hand: Pe7-e8=[LI], or
Pe7-e8=Q(shared) for a shared extra. En passant: Pd5xe6ep. Castling: O-O,
O-O-O. 'moves' lists the legal moves; 'deckmate cards CODE' shows a card.";

/// Reads the options into a spec with `seed`.
pub fn spec_of(options: &Options, seed: u64) -> Result<GameSpec, String> {
    let size = options.read("board", size_of).map_err(|e| e.to_string())?;
    let deck_file: Option<Arc<str>> = options
        .given("deck_file")
        .filter(|t| !t.trim().is_empty())
        .map(Arc::from);
    let catalogue = catalogue_of(deck_file.as_deref())?;
    let deck = options
        .read("deck", |d: &str| {
            if d.trim() == "page" {
                Ok(None)
            } else {
                deck_in(d, &catalogue).map(Some)
            }
        })
        .map_err(|e| e.to_string())?;
    let zombie_royal = options
        .read("zombie_royal", ZombieRoyal::from_name)
        .map_err(|e| e.to_string())?;
    Ok(GameSpec {
        seed,
        size: size.unwrap_or(super::BoardSize::Eight),
        deck: deck.flatten(),
        options: PlayOptions {
            zombie_royal: zombie_royal.unwrap_or_default(),
            promotion: PromotionRule::Hand,
        },
        fen: None,
        deck_file,
        alternate: options
            .read("alternate", Alternate::from_name)
            .map_err(|e| e.to_string())?
            .unwrap_or_default(),
    })
}

fn replay_record(_: &'static GameEntry, text: &str) -> Result<Replayed, ReplayFailure> {
    let r = record::replay(&read_record(text)?)?;
    let start = match &r.spec.fen {
        Some(_) => "Dealer's Chess, from the FEN tag".to_string(),
        None => format!(
            "Dealer's Chess, {} dealt from seed {}",
            size_name(r.spec.size),
            r.spec.seed
        ),
    };
    board_replayed::<DealersBoard, _>(r.spec.clone(), r, &start)
}

fn create(_: &'static GameEntry, options: &Options, seed: u64) -> Result<BoxedGame, String> {
    Ok(Box::new(BoardPlay::<DealersBoard>::new(spec_of(
        options, seed,
    )?)?))
}

/// The stored spec: `{"seed", "board", "deck", "zombie_royal", "fen"}`
/// (`zombie_royal` is always written; a spec stored before D9's default
/// became `stays` has none and was played with `converts`).
fn from_spec(_: &'static GameEntry, v: &Value) -> Result<BoxedGame, String> {
    let text = |k: &str| v[k].as_str().map(str::to_string);
    let mut spec = GameSpec {
        seed: v["seed"].as_u64().unwrap_or(0),
        ..GameSpec::default()
    };
    if let Some(b) = text("board") {
        spec.size = size_of(&b)?;
    }
    if let Some(f) = text("deck_file") {
        spec.deck_file = Some(Arc::from(f));
    }
    if let Some(d) = text("deck") {
        spec.deck = Some(deck_in(&d, &*spec.catalogue()?)?);
    }
    if let Some(a) = text("alternate") {
        spec.alternate = Alternate::from_name(&a)?;
    }
    // Not `spec_of`'s default (`stays`, D9 as amended) on purpose: every
    // spec written since says which rule it plays, so one without the key
    // is a game stored before D9 was amended, played by the page's letter
    // (`converts`). Records read the same way (`record.rs`).
    spec.options.zombie_royal = match text("zombie_royal") {
        Some(z) => ZombieRoyal::from_name(&z)?,
        None => ZombieRoyal::Converts,
    };
    spec.fen = text("fen");
    Ok(Box::new(BoardPlay::<DealersBoard>::new(spec)?))
}

/// The hook of Dealer's Chess into [`BoardPlay`].
pub struct DealersBoard;

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
        "name": card.map(|c| c.name.clone()),
        "words": card.map(|c| c.words.clone()),
        "betza": card.map(|c| c.betza.clone()),
        "svg": format!("/cards/{code}.svg"),
    })
}

impl DealersBoard {
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
        out.insert("position".into(), json!(pos.text()));
    }
}

impl BoardHook for DealersBoard {
    type Position = DealersGame;
    type Spec = GameSpec;

    fn entry(_: &GameSpec) -> &'static GameEntry {
        &ENTRY
    }

    fn start(spec: &GameSpec) -> Result<DealersGame, String> {
        spec.start_game()
    }

    fn spec_json(spec: &GameSpec) -> Value {
        let mut v = json!({ "seed": spec.seed, "board": size_name(spec.size) });
        if let Some(d) = &spec.deck {
            v["deck"] = json!(d.join(","));
        }
        if let Some(f) = &spec.deck_file {
            v["deck_file"] = json!(f.as_ref());
        }
        if spec.alternate != Alternate::Standard {
            v["alternate"] = json!(spec.alternate.name());
        }
        v["zombie_royal"] = json!(spec.options.zombie_royal.name());
        if let Some(f) = &spec.fen {
            v["fen"] = json!(f);
        }
        v
    }

    /// The seed decides the `random` arrangements: secret while anyone
    /// arranges (no chance acts in play).
    fn chance_seed(spec: &GameSpec) -> Option<u64> {
        Some(spec.seed)
    }

    /// An arrangement made is secret until both are; in `big-deck` the
    /// seed decides the draws to come, so the record (which carries it)
    /// waits for the end.
    fn secrets_pending(pos: &DealersGame) -> bool {
        pos.arranging()
            || (pos.table().alternate == Alternate::BigDeck
                && pos.position().is_some_and(|p| p.end_state().is_none()))
    }

    fn rematch_spec(spec: &GameSpec, fresh_seed: u64) -> Value {
        DealersBoard::spec_json(&GameSpec {
            seed: fresh_seed,
            ..spec.clone()
        })
    }

    fn over(pos: &DealersGame) -> MoveError {
        MoveError::GameOver {
            end: pos
                .position()
                .and_then(Position::end_state)
                .map(|end| end.describe()),
        }
    }

    fn parse_as(
        pos: &DealersGame,
        seat: Option<Seat>,
        text: &str,
    ) -> Result<DealersMove, MoveError> {
        pos.parse_as(seat, text)
    }

    /// The arrangement that completes both shows them to every seat
    /// (D11), and an agreed re-deal deals new cards from the seed: a
    /// takeback never goes back past either (a big-deck draw is chance's
    /// own ply, which counts anyway).
    fn reveals(pos: &DealersGame, mv: DealersMove) -> bool {
        match mv {
            DealersMove::Arrange(..) if pos.arranging() => {
                let mut next = pos.clone();
                next.play_unchecked(mv);
                !next.arranging()
            }
            DealersMove::Redeal(s) => pos.offer() == Some(s.other()),
            _ => false,
        }
    }

    fn takeback_rule() -> &'static str {
        TAKEBACK_RULE
    }

    /// The arrangements come before play.
    fn setup_plies(moves: &[DealersMove]) -> (usize, &'static str) {
        let n = moves
            .iter()
            .take_while(|m| !matches!(m, DealersMove::Play(..)))
            .count();
        (n, "Arrangements")
    }

    /// An arrangement is hidden from the other seat and spectators until
    /// both are made.
    fn move_seen_by(
        pos: &DealersGame,
        mover: Option<Seat>,
        text: &str,
        viewer: Option<Seat>,
    ) -> String {
        // An arrangement (its back row, '/', its pawns); a re-deal's offer
        // and answer are seen by all.
        if pos.arranging() && mover.is_some() && mover != viewer && text.contains('/') {
            "(arranged)".to_string()
        } else {
            text.to_string()
        }
    }

    /// `from`, `to`, `promotion` (the piece's code), `shared`, and a
    /// `choice` label where one click could mean several moves; an
    /// arrangement has no squares (the `random` one is offered as a
    /// choice).
    fn move_fields(pos: &DealersGame, m: DealersMove, legal: &[DealersMove]) -> Map<String, Value> {
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
            x != m
                && matches!(x, DealersMove::Play(q) if q.from() == pm.from() && q.to() == pm.to())
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

    fn view(
        _spec: &GameSpec,
        seen: &Seen,
        moves: &[DealersMove],
        you: Option<Seat>,
        _live: bool,
    ) -> Map<String, Value> {
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
            Some(p) => DealersBoard::play_view(p, moves, &mut out),
            None => DealersBoard::arranging_view(seen, you, &mut out),
        }
        out.insert("arranging".into(), json!(seen.play.is_none()));
        out
    }

    fn record(
        spec: &GameSpec,
        moves: &[DealersMove],
        settled: Option<Settlement>,
    ) -> Result<Record, String> {
        record::write(spec, moves, settled.map(End::settled)).map_err(|e| e.to_string())
    }

    fn engine_move(pos: &DealersGame, level: u8, seed: u64) -> Option<DealersMove> {
        engine::engine_move(pos, level, seed)
    }

    fn evaluate(pos: &DealersGame) -> i32 {
        DealersEval.evaluate_game(pos)
    }

    fn side_to_move(pos: &DealersGame) -> Seat {
        crate::game_record::Recorded::side_to_move(pos)
    }

    /// Once both armies are arranged, a board that starts at the position
    /// now (the seed, which made the deal and would tell a big-deck's
    /// stack, left out).
    fn analysis_start(spec: &GameSpec, pos: &DealersGame) -> AnalysisStart {
        let Some(p) = pos.position() else {
            return AnalysisStart::Closed;
        };
        if Self::secrets_pending(pos) {
            // A big-deck's stack is in the position string.
            return AnalysisStart::Closed;
        }
        let mut v = Self::spec_json(spec);
        v["fen"] = json!(p.text());
        if let Some(o) = v.as_object_mut() {
            o.remove("seed");
        }
        AnalysisStart::Here(v)
    }

    /// The position in play as a spec of its own (its position string, the
    /// seed left out): the board of a finished game starts after both
    /// arrangements, and goes along the game's moves.
    fn position_spec(spec: &GameSpec, pos: &DealersGame) -> Option<Value> {
        let p = pos.position()?;
        let mut v = Self::spec_json(spec);
        v["fen"] = json!(p.text());
        if let Some(o) = v.as_object_mut() {
            o.remove("seed");
        }
        Some(v)
    }

    fn analyse(
        _: &GameSpec,
        pos: &DealersGame,
        request: &AnalysisRequest,
        sink: &mut dyn FnMut(AnalysisReport),
    ) -> bool {
        let Some(p) = pos.position() else {
            return false;
        };
        engine_lines(&super::tools::DealersTools, p, request, sink)
    }
}
