//! `deckmate cards [--deck FILE] [--pdf OUT] [--svg DIR] [CODE...]`: the
//! reference cards of the game whose entry offers them (the capability
//! [`ReferenceCards`]; Dealer's Chess's pieces, RULINGS D10): listed, as
//! printable PDF sheets, or as SVG files.

use clap::Args;
use deckmate_games::list::GAMES;
use deckmate_games::registry::{CardDeck, CardInfo, ReferenceCards};
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `deckmate cards`.
#[derive(Args)]
#[command(
    after_help = "Examples:\n  deckmate cards                                  # the 71 shipped cards, listed\n  \
deckmate cards --pdf cards.pdf                  # printable sheets: 8 cards a letter page\n  \
deckmate cards --pdf royals.pdf K CH PH PO PR RX SH\n  \
deckmate cards --deck spears.toml --pdf spears.pdf\n  \
deckmate cards --svg cards/                     # one SVG file a card\n\n\
Each card shows the piece's name, its move in the page's words and in\n\
XBetza, and a diagram: a disc where it moves or captures, a ring where it\n\
only moves, a cross where it only captures; slides as lines (an arrow: on\n\
to the edge), hops dashed, leaps as marks alone, the squares a lame or bent\n\
move must pass as a thin path; the first move's extra moves in blue.\n\
Sheets are US letter, two cards across and four down, each 4 1/4 x 2 3/4\n\
inches, as perforated cardstock divides the page."
)]
pub struct CardsArgs {
    /// Only these cards, by catalogue code (`GR`, `K`), in this order.
    codes: Vec<String>,
    /// A deck file of other pieces (the catalogue's line form, or TOML
    /// `[[piece]]` tables with name, code, betza, kind and words) instead
    /// of the shipped cards.
    #[arg(long, value_name = "FILE")]
    deck: Option<PathBuf>,
    /// Write printable sheets to this PDF file.
    #[arg(long, value_name = "OUT")]
    pdf: Option<PathBuf>,
    /// Write one SVG file a card (CODE.svg) into this folder (made if
    /// missing).
    #[arg(long, value_name = "DIR")]
    svg: Option<PathBuf>,
}

/// The game with reference cards and its capability.
fn reference_cards() -> Result<(&'static str, &'static dyn ReferenceCards), String> {
    GAMES
        .iter()
        .find_map(|g| Some((g.name, g.capabilities.reference_cards?)))
        .ok_or_else(|| "no game has reference cards".to_string())
}

/// Lists or writes the cards.
pub fn run(args: CardsArgs) -> Result<ExitCode, String> {
    let (_, capability) = reference_cards()?;
    let owned: Box<dyn CardDeck>;
    let deck: &dyn CardDeck = match &args.deck {
        None => capability.shipped(),
        Some(path) => {
            let text =
                std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
            owned = capability
                .read_deck(&text)
                .map_err(|e| format!("{}: {e}", path.display()))?;
            owned.as_ref()
        }
    };
    let all = deck.cards();
    let cards: Vec<&CardInfo> = if args.codes.is_empty() {
        all.iter().collect()
    } else {
        args.codes
            .iter()
            .map(|c| {
                all.iter()
                    .find(|card| card.code.eq_ignore_ascii_case(c))
                    .ok_or_else(|| format!("no card '{c}' (the codes: {})", codes_of(&all)))
            })
            .collect::<Result<_, _>>()?
    };
    if cards.is_empty() {
        return Err("the deck has no cards".into());
    }
    if args.pdf.is_none() && args.svg.is_none() {
        for c in &cards {
            outln!(
                "{:<4} {:<16} {:<6} {:<22} {}",
                c.code,
                c.name,
                c.group,
                c.betza,
                c.words
            );
        }
        return Ok(ExitCode::SUCCESS);
    }
    if let Some(out) = &args.pdf {
        let codes: Vec<&str> = cards.iter().map(|c| c.code.as_str()).collect();
        let pdf = crate::cards_pdf::sheets_pdf(deck, &codes, capability.card_size())?;
        std::fs::write(out, pdf).map_err(|e| format!("{}: {e}", out.display()))?;
        let pages = cards.len().div_ceil(crate::cards_pdf::PER_PAGE);
        outln!(
            "{}: {} {} on {pages} {}",
            out.display(),
            cards.len(),
            if cards.len() == 1 { "card" } else { "cards" },
            if pages == 1 { "page" } else { "pages" }
        );
    }
    if let Some(dir) = &args.svg {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        for c in &cards {
            let path = dir.join(format!("{}.svg", c.code));
            std::fs::write(&path, deck.svg(&c.code)?)
                .map_err(|e| format!("{}: {e}", path.display()))?;
        }
        outln!("{}: {} SVG cards", dir.display(), cards.len());
    }
    Ok(ExitCode::SUCCESS)
}

fn codes_of(cards: &[CardInfo]) -> String {
    cards
        .iter()
        .map(|c| c.code.as_str())
        .collect::<Vec<_>>()
        .join(" ")
}
