//! Dealer's Chess's registry entry and its hook into the shells' generic
//! [`BoardPlay`](crate::registry::BoardPlay): the deal shown to both players, each seat's own
//! arrangement (the other's hidden until both are made, D11), then the
//! board with the hands and the shared extras beside it.

use super::engine;
use super::eval::DealersEval;
use super::game::{DealersGame, DealersMove, Seen};
use super::record::{self, catalogue_of, deck_in, size_name, size_of, GameSpec};
use super::rules::{PlayOptions, PromotionRule, ZombieRoyal};
use super::rules_text::{MOVE_HELP, RULES, TAKEBACK_RULE};
use super::{Alternate, BoardSize};
use crate::end::End;
use crate::registry::{board_game, board_replayed, stored_game, stored_spec, GameError};
use crate::registry::{read_record, BoardHook, BoxedGame, Capabilities, GameEntry, OptionError};
use crate::registry::{reseeded, unseeded};
use crate::registry::{AnalysisReport, AnalysisRequest, AnalysisStart, SearchEngine};
use crate::registry::{OptionKind, OptionSpec, Options, ReplayFailure, Replayed, Settlement};
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
    options: &OPTIONS,
    rules: RULES,
    move_help: MOVE_HELP,
    replay: replay_record,
    create,
    from_spec: stored_game::<DealersBoard>,
    tools: Some(&super::tools::TOOLS),
    secret_seed: true,
    capabilities: Capabilities {
        reference_cards: Some(&super::card_deck::REFERENCE_CARDS),
        ..Capabilities::NONE
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
    ..GameEntry::DEFAULTS
};

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

/// Reads the options into a spec with `seed`.
pub fn spec_of(o: &Options, seed: u64) -> Result<GameSpec, OptionError> {
    let deck_file: Option<Arc<str>> = o
        .given("deck_file")
        .filter(|t| !t.trim().is_empty())
        .map(Arc::from);
    let catalogue = catalogue_of(deck_file.as_deref()).map_err(|reason| OptionError::BadValue {
        name: "deck_file",
        reason,
    })?;
    let deck = |d: &str| match d.trim() {
        "page" => Ok(None),
        _ => deck_in(d, &catalogue).map(Some),
    };
    Ok(GameSpec {
        seed,
        size: o.read_or("board", size_of, BoardSize::Eight)?,
        deck: o.read_or("deck", deck, None)?,
        options: PlayOptions {
            zombie_royal: o.read_or(
                "zombie_royal",
                ZombieRoyal::from_name,
                ZombieRoyal::default(),
            )?,
            promotion: PromotionRule::Hand,
        },
        fen: None,
        deck_file,
        alternate: o.read_or("alternate", Alternate::from_name, Alternate::default())?,
    })
}

fn create(_: &'static GameEntry, options: &Options, seed: u64) -> Result<BoxedGame, GameError> {
    board_game::<DealersBoard>(spec_of(options, seed)?)
}

/// The hook of Dealer's Chess into [`BoardPlay`](crate::registry::BoardPlay).
pub struct DealersBoard;

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
        stored_spec(spec)
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
        reseeded(stored_spec(spec), fresh_seed)
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

    fn move_fields(pos: &DealersGame, m: DealersMove, legal: &[DealersMove]) -> Map<String, Value> {
        super::view::move_fields(pos, m, legal)
    }

    fn view(
        _spec: &GameSpec,
        seen: &Seen,
        moves: &[DealersMove],
        you: Option<Seat>,
        _live: bool,
    ) -> Map<String, Value> {
        super::view::view(seen, moves, you)
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
    /// stack, left out; while a big-deck's stack is secret, none).
    fn analysis_start(spec: &GameSpec, pos: &DealersGame) -> AnalysisStart {
        match Self::position_spec(spec, pos) {
            Some(v) if !Self::secrets_pending(pos) => AnalysisStart::Here(v),
            _ => AnalysisStart::Closed,
        }
    }

    /// The position in play as a spec of its own (its position string, the
    /// seed left out): the board of a finished game starts after both
    /// arrangements, and goes along the game's moves.
    fn position_spec(spec: &GameSpec, pos: &DealersGame) -> Option<Value> {
        let mut v = unseeded(stored_spec(spec));
        v["fen"] = json!(pos.position()?.text());
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
        super::tools::DealersTools.lines(p, request, sink)
    }
}
