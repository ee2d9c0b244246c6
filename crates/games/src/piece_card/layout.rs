//! A piece's card (Dealer's Chess's reference card of RULINGS D10, and
//! every game's piece guide), laid out once over a small drawing surface
//! (the registry's [`Canvas`]) that [`super::svg`] writes as SVG (the web
//! app: `/cards`, `/pieces`, the hover cards) and the `deckmate cards`
//! command as PDF (printable sheets).
//!
//! A card is 4 1/4 by 2 3/4 inches (306 x 198 points), as the page's
//! perforated cardstock: two across and four down a letter page. On the
//! left the move diagram ([`Diagram`]); on the right the name, the deck and
//! code, the page's words, the XBetza and a legend.
//!
//! The diagram: the piece on the dark centre square, forward up; a filled
//! disc where it moves or captures, a ring where it only moves, a cross
//! where it only captures; a slide is a line (an arrow where it goes on
//! beyond the grid), a hop a dashed line (it must leap a piece on the
//! way); a leap is a mark with no line to it; the squares a lame leap or a
//! bent move must pass are its path, a thin line from the piece; what only
//! the first move may do is blue.

use super::diagram::{Diagram, Mark};
pub use crate::registry::{Canvas, CardInfo, Colour};

/// A card's width and height, in points.
pub const CARD_W: f32 = 306.0;
/// See [`CARD_W`].
pub const CARD_H: f32 = 198.0;

/// Ink: marks and text.
pub const INK: Colour = Colour(20, 20, 20);
/// The first move's marks.
pub const FIRST: Colour = Colour(30, 90, 200);
/// Capture-only crosses.
pub const RED: Colour = Colour(190, 30, 40);
const GRID_LIGHT: Colour = Colour(240, 236, 228);
const GRID_DARK: Colour = Colour(214, 204, 186);
const CENTRE: Colour = Colour(60, 60, 60);
const BORDER: Colour = Colour(150, 150, 150);

/// Words broken into lines of at most `width` characters.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// Draws `card` (its diagram given) on `canvas`.
pub fn draw(card: &CardInfo, diagram: &Diagram, canvas: &mut dyn Canvas) {
    canvas.rect(0.0, 0.0, CARD_W, CARD_H, None, Some((BORDER, 0.5)));
    draw_diagram(diagram, &card.code, canvas);
    let x = 190.0;
    let mut y = 24.0;
    let name_size = if card.name.chars().count() > 12 {
        10.0
    } else {
        13.0
    };
    canvas.text(x, y, name_size, true, INK, &card.name);
    y += 13.0;
    canvas.text(
        x,
        y,
        8.0,
        false,
        INK,
        &format!("{} - code {}", card.group, card.code),
    );
    y += 14.0;
    // The page's words, without the catalogue's notes in brackets.
    let words = card.words.split(" [").next().unwrap_or(&card.words);
    for l in wrap(words, 27).iter().take(9) {
        canvas.text(x, y, 7.5, false, INK, l);
        y += 9.0;
    }
    y += 3.0;
    for (i, l) in wrap(&format!("XBetza: {}", card.betza), 24)
        .iter()
        .take(2)
        .enumerate()
    {
        canvas.text(x, y + 9.0 * i as f32, 7.5, i == 0, INK, l);
    }
    legend(canvas, x, CARD_H - 34.0);
}

/// Draws a legend's mark at a point with a radius.
type MarkFn = fn(&mut dyn Canvas, (f32, f32), f32);

/// The legend's three lines at (`x`, `y`).
fn legend(canvas: &mut dyn Canvas, x: f32, y: f32) {
    let items: [(&str, MarkFn); 3] = [
        ("moves or captures", |c, at, r| {
            c.circle(at, r, Some(INK), None)
        }),
        ("moves only", |c, at, r| {
            c.circle(at, r, None, Some((INK, 1.0)))
        }),
        ("captures only", |c, at, r| cross(c, at, r, RED)),
    ];
    for (i, (label, mark)) in items.into_iter().enumerate() {
        let ly = y + 10.0 * i as f32;
        mark(canvas, (x + 3.5, ly - 2.5), 3.0);
        canvas.text(x + 10.0, ly, 6.5, false, INK, label);
    }
    canvas.text(x + 62.0, y + 10.0, 6.5, false, FIRST, "blue: first move");
}

fn cross(canvas: &mut dyn Canvas, (cx, cy): (f32, f32), r: f32, colour: Colour) {
    canvas.line((cx - r, cy - r), (cx + r, cy + r), 1.4, colour, false);
    canvas.line((cx - r, cy + r), (cx + r, cy - r), 1.4, colour, false);
}

/// The grid with the piece in its centre and the moves on it.
fn draw_diagram(d: &Diagram, code: &str, canvas: &mut dyn Canvas) {
    let (x0, y0, size) = (12.0, 12.0, CARD_H - 24.0);
    let n = 2 * d.radius as i32 + 1;
    let cell = size / n as f32;
    let centre_of = |(df, dr): (i8, i8)| {
        (
            x0 + (f32::from(df) + f32::from(d.radius) + 0.5) * cell,
            y0 + (f32::from(d.radius) - f32::from(dr) + 0.5) * cell,
        )
    };
    for row in 0..n {
        for col in 0..n {
            let dark = (row + col) % 2 == 1;
            canvas.rect(
                x0 + col as f32 * cell,
                y0 + row as f32 * cell,
                cell,
                cell,
                Some(if dark { GRID_DARK } else { GRID_LIGHT }),
                None,
            );
        }
    }
    canvas.rect(x0, y0, size, size, None, Some((BORDER, 0.8)));
    let (cx, cy) = centre_of((0, 0));
    canvas.rect(
        cx - cell / 2.0,
        cy - cell / 2.0,
        cell,
        cell,
        Some(CENTRE),
        None,
    );
    let code_size = (cell * 0.42).min(12.0);
    canvas.text(
        cx - code_size * 0.33 * code.len() as f32,
        cy + code_size * 0.35,
        code_size,
        true,
        Colour(255, 255, 255),
        code,
    );
    // Paths first, then lines, then the marks over them.
    for p in &d.paths {
        for w in p.windows(2) {
            canvas.line(centre_of(w[0]), centre_of(w[1]), 0.8, BORDER, false);
        }
    }
    for l in &d.lines {
        let colour = if l.first_move { FIRST } else { INK };
        let (from, to) = (centre_of(l.from), centre_of(l.to));
        canvas.line(from, to, 1.2, colour, l.hop);
        if l.endless {
            arrow_head(canvas, from, to, cell * 0.3, colour);
        }
    }
    let r = cell * 0.28;
    for t in &d.targets {
        let at = centre_of((t.df, t.dr));
        let colour = if t.first_move { FIRST } else { INK };
        match t.mark {
            Mark::Both => canvas.circle(at, r, Some(colour), None),
            Mark::Move => canvas.circle(at, r, Some(Colour(255, 255, 255)), Some((colour, 1.3))),
            Mark::Capture => cross(canvas, at, r, if t.first_move { FIRST } else { RED }),
        }
    }
}

/// An arrow head at `to`, pointing away from `from`.
fn arrow_head(canvas: &mut dyn Canvas, from: (f32, f32), to: (f32, f32), len: f32, colour: Colour) {
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let n = (dx * dx + dy * dy).sqrt().max(1e-3);
    let (ux, uy) = (dx / n, dy / n);
    let tip = (to.0 + ux * len * 1.2, to.1 + uy * len * 1.2);
    for side in [-1.0f32, 1.0] {
        let back = (
            tip.0 - ux * len + side * -uy * len * 0.6,
            tip.1 - uy * len + side * ux * len * 0.6,
        );
        canvas.line(back, tip, 1.2, colour, false);
    }
    canvas.line(to, tip, 1.2, colour, false);
}
