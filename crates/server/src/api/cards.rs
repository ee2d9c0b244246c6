//! The reference cards of the game whose entry offers them (the
//! capability [`ReferenceCards`]; Dealer's Chess's, RULINGS D10) in the
//! browser: the page `/cards` with every shipped card, and each card alone
//! as SVG at `/cards/{code}.svg` (for the game page's hover cards).

use super::pages::escape;
use super::{not_found, quote, ApiResult};
use axum::extract::Path;
use axum::http::header;
use axum::response::{Html, IntoResponse, Response};
use deckmate_games::list::GAMES;
use deckmate_games::registry::ReferenceCards;
use std::sync::OnceLock;

/// The game with reference cards: its name and the capability.
fn reference_cards() -> Option<(&'static str, &'static dyn ReferenceCards)> {
    GAMES
        .iter()
        .find_map(|g| Some((g.name, g.capabilities.reference_cards?)))
}

/// `GET /cards`: every shipped card, by group, built once.
pub(super) async fn page() -> ApiResult<Html<&'static str>> {
    static PAGE: OnceLock<Option<String>> = OnceLock::new();
    PAGE.get_or_init(build_page)
        .as_deref()
        .map(Html)
        .ok_or_else(|| not_found("no game has reference cards"))
}

fn build_page() -> Option<String> {
    let (name, cards) = reference_cards()?;
    let deck = cards.shipped();
    let name = escape(name);
    let mut html = format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{name}: the piece cards</title>\
         <link rel=\"stylesheet\" href=\"/style.css\"></head><body class=\"cards-page\">\
         <header><a href=\"/\" class=\"brand\">deckmate</a><span class=\"tag\">{name}: the piece cards</span></header><main>\
         <p>{} Printable sheets: <code>deckmate cards --pdf cards.pdf</code>.</p>",
        escape(cards.legend())
    );
    let all = deck.cards();
    for (group, title) in cards.groups() {
        html.push_str(&format!("<h2>{title}</h2><div class=\"card-grid\">"));
        for card in all.iter().filter(|c| c.group == *group) {
            match deck.svg(&card.code) {
                Ok(svg) => html.push_str(&svg),
                Err(e) => html.push_str(&format!("<p>{}</p>", escape(&e))),
            }
        }
        html.push_str("</div>");
    }
    html.push_str("</main></body></html>");
    Some(html)
}

/// `GET /cards/{code}.svg`: one shipped card.
pub(super) async fn one(Path(file): Path<String>) -> ApiResult<Response> {
    let code = file.strip_suffix(".svg").unwrap_or(&file);
    let (_, cards) = reference_cards().ok_or_else(|| not_found("no game has reference cards"))?;
    let deck = cards.shipped();
    if !deck
        .cards()
        .iter()
        .any(|c| c.code.eq_ignore_ascii_case(code))
    {
        return Err(not_found(format!("no card '{}'", quote(code))));
    }
    let svg = deck.svg(code).map_err(super::internal)?;
    Ok(([(header::CONTENT_TYPE, "image/svg+xml")], svg).into_response())
}
