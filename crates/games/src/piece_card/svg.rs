//! Piece cards as SVG ([`card_svg`]): the web app's `/cards` and
//! `/pieces` pages, its hover cards, and `deckmate cards --svg DIR`.

use super::diagram::Diagram;
use super::layout::{draw, Canvas, CardInfo, Colour, CARD_H, CARD_W};
use std::fmt::Write;

/// An SVG document being written.
struct Svg(String);

fn rgb(Colour(r, g, b): Colour) -> String {
    format!("#{r:02x}{g:02x}{b:02x}")
}

/// Text escaped for XML.
pub fn xml_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

fn paint(fill: Option<Colour>, stroke: Option<(Colour, f32)>) -> String {
    let mut s = match fill {
        Some(c) => format!(" fill=\"{}\"", rgb(c)),
        None => " fill=\"none\"".to_string(),
    };
    if let Some((c, w)) = stroke {
        let _ = write!(s, " stroke=\"{}\" stroke-width=\"{w:.2}\"", rgb(c));
    }
    s
}

impl Canvas for Svg {
    fn line(&mut self, from: (f32, f32), to: (f32, f32), width: f32, colour: Colour, dashed: bool) {
        let dash = if dashed {
            " stroke-dasharray=\"3 2\""
        } else {
            ""
        };
        let _ = write!(
            self.0,
            "<line x1=\"{:.2}\" y1=\"{:.2}\" x2=\"{:.2}\" y2=\"{:.2}\" stroke=\"{}\" stroke-width=\"{width:.2}\" stroke-linecap=\"round\"{dash}/>",
            from.0,
            from.1,
            to.0,
            to.1,
            rgb(colour)
        );
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
        let _ = write!(
            self.0,
            "<rect x=\"{x:.2}\" y=\"{y:.2}\" width=\"{w:.2}\" height=\"{h:.2}\"{}/>",
            paint(fill, stroke)
        );
    }

    fn circle(
        &mut self,
        (cx, cy): (f32, f32),
        r: f32,
        fill: Option<Colour>,
        stroke: Option<(Colour, f32)>,
    ) {
        let _ = write!(
            self.0,
            "<circle cx=\"{cx:.2}\" cy=\"{cy:.2}\" r=\"{r:.2}\"{}/>",
            paint(fill, stroke)
        );
    }

    fn text(&mut self, x: f32, y: f32, size: f32, bold: bool, colour: Colour, text: &str) {
        let weight = if bold { " font-weight=\"bold\"" } else { "" };
        let _ = write!(
            self.0,
            "<text x=\"{x:.2}\" y=\"{y:.2}\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"{size:.1}\"{weight} fill=\"{}\">{}</text>",
            rgb(colour),
            xml_escape(text)
        );
    }
}

/// The reference card of `card` as an SVG document (306 x 198 points,
/// scalable); an error if its XBetza does not compile.
pub fn card_svg(card: &CardInfo) -> Result<String, String> {
    let diagram = Diagram::of(&card.betza).map_err(|e| format!("{}: {e}", card.name))?;
    let mut svg = Svg(format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"piece-card\" data-code=\"{}\" viewBox=\"0 0 {CARD_W} {CARD_H}\" width=\"{CARD_W}\" height=\"{CARD_H}\" role=\"img\" aria-label=\"{}\">",
        xml_escape(&card.code),
        xml_escape(&card.name)
    ));
    svg.rect(0.0, 0.0, CARD_W, CARD_H, Some(Colour(255, 255, 255)), None);
    draw(card, &diagram, &mut svg);
    svg.0.push_str("</svg>");
    Ok(svg.0)
}
