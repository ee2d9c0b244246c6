//! Dealer's Chess's reference cards (RULINGS D10) in the browser: the page
//! `/cards` with every shipped card, and each card alone as SVG at
//! `/cards/{code}.svg` (for the game page's hover cards).

use super::{not_found, quote, ApiResult};
use axum::extract::Path;
use axum::http::header;
use axum::response::{Html, IntoResponse, Response};
use deckmate_games::dealers::card_svg::{card_svg, xml_escape};
use deckmate_games::dealers::{CardKind, Catalogue};
use std::sync::OnceLock;

/// `GET /cards`: every shipped card, by deck, built once.
pub(super) async fn page() -> Html<&'static str> {
    static PAGE: OnceLock<String> = OnceLock::new();
    Html(PAGE.get_or_init(build_page))
}

fn build_page() -> String {
    let cat = Catalogue::builtin();
    let mut html = String::from(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>Dealer's Chess: the piece cards</title>\
         <link rel=\"stylesheet\" href=\"/style.css\"></head><body class=\"cards-page\">\
         <header><a href=\"/\">deckmate</a> &middot; Dealer's Chess: the piece cards</header><main>\
         <p>Each card: the piece's move in the page's words and in XBetza, and its diagram \
         (forward is up): a disc where it moves or captures, a ring where it only moves, a cross \
         where it only captures; slides as lines (an arrow: on to the edge), hops dashed, leaps as \
         marks alone, the squares a lame or bent move must pass as a thin path; the first move's \
         extra moves in blue. Printable sheets: <code>deckmate cards --pdf cards.pdf</code>.</p>",
    );
    for (kind, title) in [
        (CardKind::Royal, "Royals"),
        (CardKind::Piece, "Pieces"),
        (CardKind::Pawn, "Pawns"),
    ] {
        html.push_str(&format!("<h2>{title}</h2><div class=\"card-grid\">"));
        for card in cat.cards().iter().filter(|c| c.kind == kind) {
            match card_svg(card) {
                Ok(svg) => html.push_str(&svg),
                Err(e) => html.push_str(&format!("<p>{}</p>", xml_escape(&e))),
            }
        }
        html.push_str("</div>");
    }
    html.push_str("</main></body></html>");
    html
}

/// `GET /cards/{code}.svg`: one shipped card.
pub(super) async fn one(Path(file): Path<String>) -> ApiResult<Response> {
    let code = file.strip_suffix(".svg").unwrap_or(&file);
    let card = Catalogue::builtin()
        .get(code)
        .ok_or_else(|| not_found(format!("no card '{}'", quote(code))))?;
    let svg = card_svg(card).map_err(super::internal)?;
    Ok(([(header::CONTENT_TYPE, "image/svg+xml")], svg).into_response())
}
