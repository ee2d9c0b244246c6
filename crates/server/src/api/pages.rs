//! Errors as a browser reads them: a page that is not under `/api`, asked
//! for by a browser (`Accept: text/html`), gets an HTML page saying what
//! happened, with its status; the API (and any client not asking for
//! HTML) keeps its JSON errors.

use axum::extract::Request;
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use http_body_util::BodyExt;

/// The most of an error body read to find its message.
const ERROR_BODY: usize = 4096;

/// Whether a request is a browser's for a page: not the API, and HTML
/// accepted by name (`text/html`; a bare `*/*` is not a browser's page).
fn wants_html(req: &Request) -> bool {
    let path = req.uri().path();
    if path == "/api" || path.starts_with("/api/") {
        return false;
    }
    req.headers()
        .get_all(header::ACCEPT)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .any(|v| v.contains("text/html"))
}

/// The text with `&`, `<`, `>`, `"` and `'` escaped for HTML.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// An HTML page for an error: the status as its title, the message, a
/// link back to the lobby (the site's own stylesheet, no script).
pub fn error_page(status: StatusCode, message: &str) -> Response {
    let title = match status {
        StatusCode::NOT_FOUND => "Not found".to_string(),
        s => s
            .canonical_reason()
            .map_or_else(|| format!("Error {}", s.as_u16()), str::to_string),
    };
    let body = format!(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{title} - deckmate</title>\n<link rel=\"stylesheet\" href=\"/style.css\">\n\
         <link rel=\"icon\" href=\"/favicon.svg\">\n</head>\n<body>\n<main id=\"main\">\n\
         <div class=\"panel\" id=\"error-page\">\n<h1>{title}</h1>\n<p id=\"error-message\">{}</p>\n\
         <p><a href=\"/\">Back to the lobby</a></p>\n</div>\n</main>\n</body>\n</html>\n",
        escape(message),
        title = escape(&title),
    );
    (
        status,
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        body,
    )
        .into_response()
}

/// The layer: an error answered to a browser's page request becomes an
/// HTML page with the same status and the error's message (read from the
/// JSON `{"error": ...}` every error carries by then).
pub async fn html_errors(req: Request, next: Next) -> Response {
    let html = wants_html(&req);
    let resp = next.run(req).await;
    let status = resp.status();
    if !html || !(status.is_client_error() || status.is_server_error()) {
        return resp;
    }
    let (parts, body) = resp.into_parts();
    let bytes = match http_body_util::Limited::new(body, ERROR_BODY)
        .collect()
        .await
    {
        Ok(b) => b.to_bytes(),
        Err(_) => Default::default(),
    };
    let message = serde_json::from_slice::<serde_json::Value>(&bytes)
        .ok()
        .and_then(|v| v["error"].as_str().map(str::to_string))
        .unwrap_or_else(|| String::from_utf8_lossy(&bytes).trim().to_string());
    let message = if message.is_empty() {
        status.canonical_reason().unwrap_or("error").to_lowercase()
    } else {
        message
    };
    let mut page = error_page(status, &message);
    // The error's own headers (Retry-After, Allow...) stay, but its body's.
    for (name, value) in &parts.headers {
        if name != header::CONTENT_TYPE && name != header::CONTENT_LENGTH {
            page.headers_mut().insert(name.clone(), value.clone());
        }
    }
    page.headers_mut()
        .insert(header::VARY, HeaderValue::from_static("Accept"));
    page
}
