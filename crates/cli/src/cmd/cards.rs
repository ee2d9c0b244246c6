//! `deckmate cards [--deck FILE] [--pdf OUT] [--svg DIR] [CODE...]`: the
//! reference cards of Dealer's Chess's pieces (RULINGS D10): listed, as
//! printable PDF sheets, or as SVG files.

use clap::Args;
use deckmate_games::dealers::card_pdf::sheets_pdf;
use deckmate_games::dealers::card_svg::card_svg;
use deckmate_games::dealers::{Catalogue, PieceCard};
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

/// Lists or writes the cards.
pub fn run(args: CardsArgs) -> Result<ExitCode, String> {
    let owned;
    let catalogue = match &args.deck {
        None => Catalogue::builtin(),
        Some(path) => {
            let text =
                std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
            owned = Catalogue::parse_deck(&text).map_err(|e| format!("{}: {e}", path.display()))?;
            &owned
        }
    };
    let cards: Vec<PieceCard> = if args.codes.is_empty() {
        catalogue.cards().to_vec()
    } else {
        args.codes
            .iter()
            .map(|c| {
                catalogue
                    .get(c)
                    .cloned()
                    .ok_or_else(|| format!("no card '{c}' (the codes: {})", codes_of(catalogue)))
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
                c.kind.word(),
                c.betza,
                c.words
            );
        }
        return Ok(ExitCode::SUCCESS);
    }
    if let Some(out) = &args.pdf {
        let pdf = sheets_pdf(&cards)?;
        std::fs::write(out, pdf).map_err(|e| format!("{}: {e}", out.display()))?;
        let pages = cards
            .len()
            .div_ceil(deckmate_games::dealers::card_pdf::PER_PAGE);
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
            std::fs::write(&path, card_svg(c)?).map_err(|e| format!("{}: {e}", path.display()))?;
        }
        outln!("{}: {} SVG cards", dir.display(), cards.len());
    }
    Ok(ExitCode::SUCCESS)
}

fn codes_of(catalogue: &Catalogue) -> String {
    catalogue
        .cards()
        .iter()
        .map(|c| c.code.as_str())
        .collect::<Vec<_>>()
        .join(" ")
}
