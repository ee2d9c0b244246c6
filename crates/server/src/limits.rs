//! The layers every response passes: the creation rate limit, security
//! headers, and errors as JSON whoever made them (axum's extractors, the
//! body limit, the timeout, the rate limiter).

use crate::Config;
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{header, HeaderName, HeaderValue, Request, Response, StatusCode};
use axum::Json;
use http_body_util::BodyExt;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;
use tower_governor::governor::{GovernorConfig, GovernorConfigBuilder};
use tower_governor::key_extractor::KeyExtractor;
use tower_governor::GovernorError;

/// The content security policy: the app's own scripts, styles and
/// WebSocket only; no inline script, no framing.
pub const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self'; \
    img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; \
    form-action 'self'; frame-ancestors 'none'";

/// The headers set on every response (unless a handler set them).
pub fn security_headers() -> [(HeaderName, HeaderValue); 4] {
    [
        (
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(CSP),
        ),
        (
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ),
        (header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY")),
        // The invite link carries a seat's token in its fragment; no page
        // of ours tells another site where it came from.
        (
            header::REFERRER_POLICY,
            HeaderValue::from_static("no-referrer"),
        ),
    ]
}

/// The client an address belongs to, as the per-client limits count
/// clients: an IPv4 address is one client; an IPv6 address counts as its
/// /64 (one network's hosts choose their own last 64 bits, and change
/// them at will), and an IPv4 address written as IPv6 (`::ffff:a.b.c.d`)
/// as that IPv4 address.
pub fn client_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let network = u128::from(v6) & !u128::from(u64::MAX);
                IpAddr::V6(Ipv6Addr::from(network))
            }
        },
    }
}

/// The client a request comes from: its peer address as the listener
/// recorded it ([`crate::serve`]), an IPv6 address as its /64
/// ([`client_key`]); requests made without a listener (tests calling the
/// router) count as one local client.
#[derive(Clone, Copy, Debug)]
pub struct ClientIp;

impl KeyExtractor for ClientIp {
    type Key = IpAddr;

    fn extract<T>(&self, req: &Request<T>) -> Result<IpAddr, GovernorError> {
        Ok(req
            .extensions()
            .get::<ConnectInfo<SocketAddr>>()
            .map_or(IpAddr::V4(Ipv4Addr::LOCALHOST), |c| client_key(c.0.ip())))
    }
}

/// The limiter of game creations per client.
pub type CreateLimit = Arc<
    GovernorConfig<ClientIp, governor::middleware::NoOpMiddleware<governor::clock::QuantaInstant>>,
>;

/// A limiter allowing `create_burst` creations at once and
/// `create_per_minute` in the long run, per client.
pub fn create_limit(config: &Config) -> Result<CreateLimit, String> {
    if config.create_per_minute == 0 || config.create_burst == 0 {
        return Err("the creation rate and burst must be at least 1".into());
    }
    let period = Duration::from_secs(60) / config.create_per_minute;
    GovernorConfigBuilder::default()
        .key_extractor(ClientIp)
        .period(period)
        .burst_size(config.create_burst)
        .finish()
        .map(Arc::new)
        .ok_or_else(|| "bad creation rate limit".to_string())
}

/// The limiter's refusal as the API's JSON error, with `Retry-After`.
pub fn rate_limited(e: GovernorError) -> Response<Body> {
    let (status, message, wait) = match e {
        GovernorError::TooManyRequests { wait_time, .. } => (
            StatusCode::TOO_MANY_REQUESTS,
            format!(
                "too many games created from your address: wait {} s",
                wait_time.max(1)
            ),
            Some(wait_time.max(1)),
        ),
        GovernorError::UnableToExtractKey => (
            StatusCode::INTERNAL_SERVER_ERROR,
            "cannot tell who is asking".to_string(),
            None,
        ),
        GovernorError::Other { code, msg, .. } => {
            (code, msg.unwrap_or_else(|| "refused".into()), None)
        }
    };
    let mut r = axum::response::IntoResponse::into_response((
        status,
        Json(serde_json::json!({ "error": message, "code": status_code_word(status) })),
    ));
    if let Some(w) = wait {
        r.headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from(w));
    }
    r
}

/// The machine-readable `code` of an error answer with this status, where
/// no more precise cause is known (the API's documentation lists them all).
pub fn status_code_word(status: StatusCode) -> &'static str {
    match status.as_u16() {
        400 => "bad_request",
        401 => "unauthorized",
        403 => "forbidden",
        404 => "not_found",
        405 => "method_not_allowed",
        408 => "timeout",
        409 => "conflict",
        413 => "too_large",
        415 => "unsupported_media_type",
        422 => "unprocessable",
        429 => "rate_limited",
        503 => "unavailable",
        _ if status.is_server_error() => "internal",
        _ => "error",
    }
}

/// The most of an error body kept when it is rewrapped as JSON.
const ERROR_TEXT: usize = 1024;

/// Rewrites an error response that is not JSON (axum's extractor
/// rejections, 413, 415, 404, 405, 408...) as `{"error": ..., "code":
/// ...}` (the code from the status), keeping its status and headers.
pub async fn json_errors(resp: Response<Body>) -> Response<Body> {
    let status = resp.status();
    let is_json = resp
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if !(status.is_client_error() || status.is_server_error()) || is_json {
        return resp;
    }
    let (mut parts, body) = resp.into_parts();
    let limited = http_body_util::Limited::new(body, ERROR_TEXT);
    let text = match limited.collect().await {
        Ok(b) => String::from_utf8_lossy(&b.to_bytes()).trim().to_string(),
        Err(_) => String::new(),
    };
    let message = if text.is_empty() {
        status.canonical_reason().unwrap_or("error").to_lowercase()
    } else {
        text
    };
    let body =
        serde_json::json!({ "error": message, "code": status_code_word(status) }).to_string();
    parts.headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    parts.headers.remove(header::CONTENT_LENGTH);
    Response::from_parts(parts, Body::from(body))
}

/// An origin as [`origin_allowed`] compares it: `scheme://host[:port]`,
/// lower case, without a trailing `/`; `None` when `text` is not one (a
/// path, a query, no host).
pub fn normalize_origin(text: &str) -> Option<String> {
    let t = text.trim().trim_end_matches('/').to_ascii_lowercase();
    let (scheme, host) = t.split_once("://")?;
    let plain = |s: &str, extra: &str| {
        !s.is_empty()
            && s.chars()
                .all(|c| c.is_ascii_alphanumeric() || "-._".contains(c) || extra.contains(c))
    };
    (plain(scheme, "+") && plain(host, ":[]")).then_some(t)
}

/// Whether a WebSocket may be opened by the page that asks: a request
/// without `Origin` comes from no browser page, and may; otherwise the
/// `Origin`'s host (with its port) must be the request's `Host` (a page
/// of this server), or the origin one of `allowed` (other front ends,
/// `serve --allow-origin`). So another site cannot drive the server from
/// its visitors' browsers.
pub fn origin_allowed(headers: &axum::http::HeaderMap, allowed: &[String]) -> bool {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return true;
    };
    let Some(origin) = origin.to_str().ok().and_then(normalize_origin) else {
        return false;
    };
    if allowed
        .iter()
        .any(|a| normalize_origin(a).as_ref() == Some(&origin))
    {
        return true;
    }
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .map(|h| h.trim().to_ascii_lowercase());
    match (origin.split_once("://"), host) {
        (Some((_, origin_host)), Some(host)) => !host.is_empty() && origin_host == host,
        _ => false,
    }
}

/// The refusal of a WebSocket opened by another site's page.
pub fn foreign_origin() -> (StatusCode, Json<serde_json::Value>) {
    (
        StatusCode::FORBIDDEN,
        Json(serde_json::json!({
            "error": "this WebSocket is for this server's own pages: the page's Origin is \
                      another site (a server may allow it: serve --allow-origin)"
        })),
    )
}
