// Requests to the server's API: the answer's JSON (or text), and an error
// carrying the server's words, the status, the `code` and any Retry-After
// when the answer is not OK.

export async function api(path, opts = {}) {
  const r = await fetch(path, opts);
  const text = await r.text();
  let body;
  try { body = JSON.parse(text); } catch { body = text; }
  if (!r.ok) {
    const e = new Error((body && body.error) || r.statusText);
    e.status = r.status;
    e.code = body && body.code;
    e.retryAfter = r.headers.get("Retry-After");
    throw e;
  }
  return body;
}

// The options of a POST: a JSON body (if any) and a seat's token (if any).
export function post(body, token) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = "Bearer " + token;
  return body === undefined ? { method: "POST", headers } : { method: "POST", headers, body: JSON.stringify(body) };
}
