//! What a Dealer's Chess game is set up from ([`GameSpec`]): the options
//! ([`OPTIONS`], read by [`spec_of`]), the spec as stored, the boards by
//! name (D6), the catalogue with a deck file's cards (D7), a Piece deck
//! checked against it (D12), the deal or position a spec starts from
//! (D14), and the cards dealt as the `Deal` tag writes them.

use super::catalogue::Catalogue;
use super::deal::{man_text, Alternate, BoardSize, Decks};
use super::game::{DealersGame, Table};
use super::position::Position;
use super::rules::{PlayOptions, PromotionRule, ZombieRoyal};
use crate::registry::{OptionError, OptionKind, OptionSpec, Options};
use deckmate_rules::Seat;
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

/// How a game starts. Stored as `{"seed", "board", "deck", "deck_file",
/// "alternate", "zombie_royal", "fen"}`.
#[derive(Clone, PartialEq, Eq, Debug, Default, serde::Serialize, serde::Deserialize)]
#[serde(try_from = "Stored", into = "Stored")]
pub struct GameSpec {
    /// The seed of the deal (and of `random` arrangements).
    pub seed: u64,
    /// The board.
    pub size: BoardSize,
    /// The Piece deck (D12): `None` for the catalogue's every Piece card
    /// (the page's 40).
    pub deck: Option<Vec<String>>,
    /// The options of play.
    pub options: PlayOptions,
    /// A start position instead of a deal (D14).
    pub fen: Option<String>,
    /// A deck file's text (D7): its cards join the page's.
    pub deck_file: Option<Arc<str>>,
    /// The alternate (D6).
    pub alternate: Alternate,
}

/// The stored spec's fields: `board` and `zombie_royal` always written
/// (a spec stored before D9's default became `stays` has no
/// `zombie_royal` and was played with `converts`), `alternate` when not
/// the standard game, the others when there are any.
#[derive(serde::Serialize, serde::Deserialize)]
struct Stored {
    #[serde(default)]
    seed: u64,
    board: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    deck: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    deck_file: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    alternate: Option<String>,
    zombie_royal: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    fen: Option<String>,
}

impl From<GameSpec> for Stored {
    fn from(s: GameSpec) -> Stored {
        Stored {
            seed: s.seed,
            board: Some(size_name(s.size).to_string()),
            deck: s.deck.map(|d| d.join(",")),
            deck_file: s.deck_file.map(|f| f.to_string()),
            alternate: (s.alternate != Alternate::Standard).then(|| s.alternate.name().to_string()),
            zombie_royal: Some(s.options.zombie_royal.name().to_string()),
            fen: s.fen,
        }
    }
}

impl TryFrom<Stored> for GameSpec {
    type Error = String;

    /// The stored fields read and checked (the deck against the catalogue).
    fn try_from(v: Stored) -> Result<GameSpec, String> {
        let size = v.board.as_deref().map_or(Ok(BoardSize::Eight), size_of)?;
        let deck_file = v.deck_file.map(Arc::<str>::from);
        let deck = match v.deck {
            Some(d) => Some(deck_in(&d, &*catalogue_of(deck_file.as_deref())?)?),
            None => None,
        };
        let alternate = v
            .alternate
            .as_deref()
            .map_or(Ok(Alternate::Standard), Alternate::from_name)?;
        // Not the options' default (`stays`, D9 as amended) on purpose:
        // every spec written since says which rule it plays, so one without
        // the key is a game stored before D9 was amended, played by the
        // page's letter (`converts`). Records read the same way.
        let zombie_royal = v
            .zombie_royal
            .as_deref()
            .map_or(Ok(ZombieRoyal::Converts), ZombieRoyal::from_name)?;
        let options = PlayOptions {
            zombie_royal,
            ..PlayOptions::default()
        };
        Ok(GameSpec {
            seed: v.seed,
            size,
            deck,
            options,
            fen: v.fen,
            deck_file,
            alternate,
        })
    }
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

/// The board's name in tags and options.
pub fn size_name(size: BoardSize) -> &'static str {
    match size {
        BoardSize::Eight => "8x8",
        BoardSize::Ten => "10x10",
        BoardSize::Twelve => "12x12",
    }
}

/// A board from its name.
pub fn size_of(name: &str) -> Result<BoardSize, String> {
    match name.trim() {
        "8x8" | "8" => Ok(BoardSize::Eight),
        "10x10" | "10" => Ok(BoardSize::Ten),
        "12x12" | "12" => Ok(BoardSize::Twelve),
        other => Err(format!("board '{other}': 8x8, 10x10 or 12x12 (D6)")),
    }
}

/// The catalogue of a game: the page's cards, and a deck file's (D7).
pub fn catalogue_of(deck_file: Option<&str>) -> Result<Arc<Catalogue>, String> {
    let page = Catalogue::builtin();
    match deck_file {
        // One catalogue for every game (issue 29 item 2).
        None => Ok(super::shared::builtin()),
        Some(text) => super::shared::with_deck_file(text, || {
            let deck = Catalogue::parse_deck(text).map_err(|e| format!("the deck file: {e}"))?;
            if deck.cards().is_empty() {
                return Err("the deck file holds no card".to_string());
            }
            page.with_deck(&deck)
                .map_err(|e| format!("the deck file: {e}"))
        }),
    }
}

/// A Piece deck from its list of codes (comma- or space-separated),
/// checked against `catalogue`.
pub fn deck_in(text: &str, catalogue: &Catalogue) -> Result<Vec<String>, String> {
    let codes: Vec<String> = text
        .split([',', ' '])
        .map(|c| c.trim().trim_matches(['[', ']']).to_ascii_uppercase())
        .filter(|c| !c.is_empty())
        .collect();
    Decks::with_pieces(
        catalogue,
        &codes.iter().map(String::as_str).collect::<Vec<_>>(),
    )
    .map_err(|e| format!("deck: {e}"))?;
    Ok(codes)
}

impl GameSpec {
    /// The catalogue the game's cards come from.
    pub fn catalogue(&self) -> Result<Arc<Catalogue>, String> {
        catalogue_of(self.deck_file.as_deref())
    }

    /// The decks.
    pub fn decks(&self, cat: &Catalogue) -> Result<Decks, String> {
        match &self.deck {
            None => Ok(Decks::all(cat)),
            Some(codes) => {
                Decks::with_pieces(cat, &codes.iter().map(String::as_str).collect::<Vec<_>>())
                    .map_err(|e| e.to_string())
            }
        }
    }

    /// The game at its start: the deal at its arrangement phase, or the
    /// position of `fen` in play.
    pub fn start_game(&self) -> Result<DealersGame, String> {
        let catalogue = self.catalogue()?;
        match &self.fen {
            Some(f) => {
                let pos =
                    Position::from_text(f, &catalogue, self.options).map_err(|e| e.to_string())?;
                let table = Table::for_position(catalogue, &pos);
                Ok(DealersGame::from_position(pos, Arc::new(table)))
            }
            None => {
                let decks = self.decks(&catalogue)?;
                let table = Table::with_alternate(
                    catalogue,
                    &decks,
                    self.size,
                    self.seed,
                    self.options,
                    self.alternate,
                )?;
                Ok(DealersGame::new(table))
            }
        }
    }
}

/// The cards dealt, as the `Deal` tag writes them: each player's royal,
/// Piece cards and Pawn cards, then the shared extras.
pub fn deal_text(g: &DealersGame) -> Option<String> {
    let d = g.table().deal.as_ref()?;
    let side = |s: Seat| {
        let men = |v: &[String]| v.iter().map(|c| man_text(c, s)).collect::<String>();
        format!(
            "{} {} {}",
            man_text(&d.royals[s.index()], s),
            men(&d.pieces[s.index()]),
            men(&d.pawns[s.index()])
        )
    };
    let shared: String = if d.shared.is_empty() {
        "-".to_string()
    } else {
        d.shared.iter().map(|c| man_text(c, Seat::First)).collect()
    };
    Some(format!(
        "{} / {} / {shared}",
        side(Seat::First),
        side(Seat::Second)
    ))
}
