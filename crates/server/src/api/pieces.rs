//! Every game's pieces with their moves (the capability
//! [`PieceGuide`](deckmate_games::registry::PieceGuide)), drawn as cards by
//! the shared renderer ([`deckmate_games::piece_card`]): the list for a
//! rules page, `GET /api/rules/{variant}/pieces`, and one card as SVG,
//! `GET /pieces/{variant}/{code}.svg`, for the rules page and a piece's
//! card on hover or long press in a game.

use super::{not_found, quote, ApiResult};
use crate::AppState;
use axum::extract::{Path, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::Json;
use deckmate_games::piece_card::svg::card_svg;
use deckmate_games::registry::PieceGuide;
use serde_json::{json, Value};

/// The guide of the game `key` (`None` for a game without pieces on a
/// board: Chess Cards), or a 404 for no such game.
fn guide(state: &AppState, key: &str) -> ApiResult<Option<&'static dyn PieceGuide>> {
    let game = state
        .catalog()
        .find(key)
        .ok_or_else(|| not_found(format!("no game '{}'", quote(key))))?;
    Ok(game.capabilities.pieces)
}

/// The path of a card: the code, its characters other than letters and
/// digits written `_XX` (hexadecimal), so that any code is one path part.
fn card_path(key: &str, code: &str) -> String {
    let mut file = String::new();
    for c in code.chars() {
        if c.is_ascii_alphanumeric() {
            file.push(c);
        } else {
            for b in c.to_string().bytes() {
                file.push_str(&format!("_{b:02X}"));
            }
        }
    }
    format!("/pieces/{key}/{file}.svg")
}

/// `GET /api/rules/{variant}/pieces`: `[{"code", "name", "group", "betza",
/// "words", "svg"}]`, in the game's order; empty for a game without
/// pieces on a board.
pub(super) async fn list(
    State(state): State<AppState>,
    Path(key): Path<String>,
) -> ApiResult<Json<Value>> {
    let Some(guide) = guide(&state, &key)? else {
        return Ok(Json(json!([])));
    };
    let cards: Vec<Value> = guide
        .pieces()
        .iter()
        .map(|c| {
            json!({
                "code": c.code,
                "name": c.name,
                "group": c.group,
                "betza": c.betza,
                "words": c.words,
                "svg": card_path(&key, &c.code),
            })
        })
        .collect();
    Ok(Json(Value::Array(cards)))
}

/// `GET /pieces/{variant}/{code}.svg`: one piece's card.
pub(super) async fn one(
    State(state): State<AppState>,
    Path((key, file)): Path<(String, String)>,
) -> ApiResult<Response> {
    let guide =
        guide(&state, &key)?.ok_or_else(|| not_found(format!("{key} has no pieces on a board")))?;
    let stem = file.strip_suffix(".svg").unwrap_or(&file);
    let card = guide
        .pieces()
        .iter()
        .find(|c| card_path(&key, &c.code) == format!("/pieces/{key}/{stem}.svg"))
        .ok_or_else(|| not_found(format!("no piece '{}' in {key}", quote(stem))))?;
    let svg = card_svg(card).map_err(super::internal)?;
    Ok((
        [
            (header::CONTENT_TYPE, "image/svg+xml"),
            (header::CACHE_CONTROL, "public, max-age=3600"),
        ],
        svg,
    )
        .into_response())
}

#[cfg(test)]
mod tests {
    use super::card_path;

    #[test]
    fn a_card_path_is_one_path_part_for_any_code() {
        assert_eq!(card_path("cardmate", "X"), "/pieces/cardmate/X.svg");
        assert_eq!(card_path("v", "a/b"), "/pieces/v/a_2Fb.svg");
        assert_eq!(card_path("v", "é"), "/pieces/v/_C3_A9.svg");
    }
}
