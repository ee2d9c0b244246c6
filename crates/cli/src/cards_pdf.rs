//! Printable sheets of reference cards (the capability `ReferenceCards`;
//! Dealer's Chess's, RULINGS D10): [`sheets_pdf`] lays the cards two
//! across and four down a US letter page (8 1/2 x 11 inches), each 4 1/4 x
//! 2 3/4 inches, as the page's perforated cardstock divides it, with the
//! PDF writer `pdf-writer` and the PDF's own Helvetica (no font embedded).
//! The game draws each card on this file's [`Canvas`]; the PDF is made
//! here, where the output is.

use deckmate_games::registry::{Canvas, CardDeck, Colour};
use pdf_writer::types::LineCapStyle;
use pdf_writer::{Content, Name, Pdf, Rect, Ref, Str};

/// The page: US letter, portrait, in points.
pub const PAGE_W: f32 = 612.0;
/// See [`PAGE_W`].
pub const PAGE_H: f32 = 792.0;
/// Cards on a page: two across, four down.
pub const PER_PAGE: usize = 8;

const REGULAR: Name<'static> = Name(b"F1");
const BOLD: Name<'static> = Name(b"F2");

/// One page's drawing, the card at (`ox`, `oy`) from the page's top left.
struct Page {
    content: Content,
    ox: f32,
    oy: f32,
}

impl Page {
    /// A card point in the PDF's coordinates (origin bottom left, y up).
    fn at(&self, (x, y): (f32, f32)) -> (f32, f32) {
        (self.ox + x, PAGE_H - (self.oy + y))
    }

    fn paint(&mut self, fill: Option<Colour>, stroke: Option<(Colour, f32)>) {
        if let Some(Colour(r, g, b)) = fill {
            self.content.set_fill_rgb(
                f32::from(r) / 255.0,
                f32::from(g) / 255.0,
                f32::from(b) / 255.0,
            );
        }
        if let Some((Colour(r, g, b), w)) = stroke {
            self.content
                .set_stroke_rgb(
                    f32::from(r) / 255.0,
                    f32::from(g) / 255.0,
                    f32::from(b) / 255.0,
                )
                .set_line_width(w);
        }
        match (fill.is_some(), stroke.is_some()) {
            (true, true) => self.content.fill_nonzero_and_stroke(),
            (true, false) => self.content.fill_nonzero(),
            (false, true) => self.content.stroke(),
            (false, false) => self.content.end_path(),
        };
    }
}

/// The text in the PDF's standard encoding: printable ASCII, anything else
/// as `?`.
fn pdf_text(text: &str) -> Vec<u8> {
    text.chars()
        .map(|c| {
            if c.is_ascii() && !c.is_ascii_control() {
                c as u8
            } else {
                b'?'
            }
        })
        .collect()
}

impl Canvas for Page {
    fn line(&mut self, from: (f32, f32), to: (f32, f32), width: f32, colour: Colour, dashed: bool) {
        let (a, b) = (self.at(from), self.at(to));
        if dashed {
            self.content.set_dash_pattern([3.0, 2.0], 0.0);
        }
        self.content.move_to(a.0, a.1).line_to(b.0, b.1);
        self.paint(None, Some((colour, width)));
        if dashed {
            self.content.set_dash_pattern([], 0.0);
        }
    }

    fn rect(
        &mut self,
        x: f32,
        y: f32,
        w: f32,
        h: f32,
        fill: Option<Colour>,
        stroke: Option<(Colour, f32)>,
    ) {
        let (px, py) = self.at((x, y + h));
        self.content.rect(px, py, w, h);
        self.paint(fill, stroke);
    }

    fn circle(
        &mut self,
        centre: (f32, f32),
        r: f32,
        fill: Option<Colour>,
        stroke: Option<(Colour, f32)>,
    ) {
        // Four cubic arcs.
        let (cx, cy) = self.at(centre);
        let k = 0.552_284_8 * r;
        self.content
            .move_to(cx + r, cy)
            .cubic_to(cx + r, cy + k, cx + k, cy + r, cx, cy + r)
            .cubic_to(cx - k, cy + r, cx - r, cy + k, cx - r, cy)
            .cubic_to(cx - r, cy - k, cx - k, cy - r, cx, cy - r)
            .cubic_to(cx + k, cy - r, cx + r, cy - k, cx + r, cy)
            .close_path();
        self.paint(fill, stroke);
    }

    fn text(&mut self, x: f32, y: f32, size: f32, bold: bool, Colour(r, g, b): Colour, text: &str) {
        let (px, py) = self.at((x, y));
        let bytes = pdf_text(text);
        self.content
            .set_fill_rgb(
                f32::from(r) / 255.0,
                f32::from(g) / 255.0,
                f32::from(b) / 255.0,
            )
            .begin_text()
            .set_font(if bold { BOLD } else { REGULAR }, size)
            .next_line(px, py)
            .show(Str(&bytes))
            .end_text();
    }
}

/// The cards of `deck` with these codes as printable sheets, eight to a
/// page in the given order, each `card` (width, height) points; an error
/// names a card that cannot be drawn.
pub fn sheets_pdf(
    deck: &dyn CardDeck,
    codes: &[&str],
    card: (f32, f32),
) -> Result<Vec<u8>, String> {
    let (card_w, card_h) = card;
    let pages = codes.len().div_ceil(PER_PAGE).max(1);
    let catalog = Ref::new(1);
    let tree = Ref::new(2);
    let (regular, bold) = (Ref::new(3), Ref::new(4));
    let page_ref = |i: usize| Ref::new(5 + 2 * i as i32);
    let content_ref = |i: usize| Ref::new(6 + 2 * i as i32);
    let mut pdf = Pdf::new();
    pdf.catalog(catalog).pages(tree);
    pdf.pages(tree)
        .kids((0..pages).map(page_ref))
        .count(pages as i32);
    pdf.type1_font(regular).base_font(Name(b"Helvetica"));
    pdf.type1_font(bold).base_font(Name(b"Helvetica-Bold"));
    for p in 0..pages {
        let mut page = pdf.page(page_ref(p));
        page.media_box(Rect::new(0.0, 0.0, PAGE_W, PAGE_H))
            .parent(tree)
            .contents(content_ref(p));
        page.resources()
            .fonts()
            .pair(REGULAR, regular)
            .pair(BOLD, bold);
        drop(page);
        let mut drawing = Page {
            content: Content::new(),
            ox: 0.0,
            oy: 0.0,
        };
        drawing.content.set_line_cap(LineCapStyle::RoundCap);
        for (i, code) in codes.iter().skip(p * PER_PAGE).take(PER_PAGE).enumerate() {
            drawing.ox = (i % 2) as f32 * card_w;
            drawing.oy = (i / 2) as f32 * card_h + (PAGE_H - 4.0 * card_h) / 2.0;
            deck.draw(code, &mut drawing)?;
        }
        pdf.stream(content_ref(p), &drawing.content.finish());
    }
    Ok(pdf.finish())
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use super::*;
    use deckmate_games::list::GAMES;
    use deckmate_games::registry::ReferenceCards;

    fn cards() -> &'static dyn ReferenceCards {
        GAMES
            .iter()
            .find_map(|g| g.capabilities.reference_cards)
            .expect("a game with reference cards")
    }

    #[test]
    fn d10_the_71_cards_make_9_letter_pages_of_8() {
        let deck = cards().shipped();
        let all = deck.cards();
        let codes: Vec<&str> = all.iter().map(|c| c.code.as_str()).collect();
        let pdf = sheets_pdf(deck, &codes, cards().card_size()).expect("a PDF");
        assert!(pdf.starts_with(b"%PDF-"));
        let text = String::from_utf8_lossy(&pdf);
        assert!(text.contains("/Count 9"), "71 cards: 9 pages");
        assert!(text.contains("/MediaBox [0 0 612 792]"));
        assert!(text.trim_end().ends_with("%%EOF"));
        // A deck of one card still makes a page.
        let one = sheets_pdf(deck, &codes[..1], cards().card_size()).expect("a PDF");
        assert!(String::from_utf8_lossy(&one).contains("/Count 1"));
    }

    #[test]
    fn text_outside_ascii_is_replaced() {
        // A card whose words leave ASCII: the PDF's text is "a?b".
        let deck = cards()
            .read_deck("piece | Spear | SP | W | a\u{bd}b")
            .expect("a card");
        let pdf = sheets_pdf(deck.as_ref(), &["SP"], cards().card_size()).expect("a PDF");
        assert!(String::from_utf8_lossy(&pdf).contains("(a?b)"));
        assert!(!pdf.windows(2).any(|w| w == "\u{bd}".as_bytes()));
    }
}
