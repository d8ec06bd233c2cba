// @ts-check
// Resend's email API, as its documentation describes it:
// - https://resend.com/docs/api-reference/introduction (base URL https://api.resend.com;
//   `Authorization: Bearer re_…`; every request must carry a `User-Agent` header, else 403; the
//   default rate limit is 5 requests a second per team, told in `ratelimit-limit`,
//   `ratelimit-remaining`, `ratelimit-reset` and, on a 429, `retry-after`)
// - https://resend.com/docs/api-reference/emails/send-email (POST /emails, JSON: `from` "email" or
//   "Name <email>", `to` a string or at most 50 in an array, `subject` required; `bcc`, `cc`,
//   `reply_to`, `scheduled_at`, `html`, `text`, `headers` (an object of strings), `attachments`,
//   `tags`, `template`, `topic_id` optional; the answer is `{ "id" }`)
// - https://resend.com/docs/dashboard/emails/idempotency-keys (the `Idempotency-Key` header, 1 to
//   256 characters: the same key with the same request within 24 hours answers the first answer
//   and sends nothing; the same key with another payload is 409 `invalid_idempotent_request`)
// - https://resend.com/docs/api-reference/errors (errors are `{ statusCode, name, message }`:
//   `invalid_idempotency_key` 400, `validation_error` 400 (a field) and 403 (a domain not
//   verified), `missing_api_key` 401, `invalid_api_key` 403, `invalid_idempotent_request` 409,
//   `missing_required_field` 422, `invalid_from_address` 422, `rate_limit_exceeded` 429,
//   `daily_quota_exceeded` 429, `internal_server_error` 500).
//
// API keys (with the domains verified for their team, their rate and daily quota) are made with
// POST /__fake/api-keys. The emails sent are at GET /__fake/emails?account=KEY (JSON) and, for
// people, GET /__fake/inbox (every key, newest first).
import { canonical, json } from "../fake-server.mjs";

const DOCUMENTED_FIELDS = new Set([
  "from",
  "to",
  "subject",
  "bcc",
  "cc",
  "reply_to",
  "scheduled_at",
  "html",
  "text",
  "react",
  "headers",
  "attachments",
  "tags",
  "template",
  "topic_id",
]);
const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;
const MAX_TO = 50;
const ADDRESS = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;
const escape = (text) =>
  String(text).replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );
const error = (statusCode, name, message, headers = {}) => json({ statusCode, name, message }, statusCode, headers);

/** "Name <email@example.com>" or "email@example.com": the address, or null. */
function addressOf(from) {
  const named = /^[^<>]*<([^<>]+)>$/.exec(from.trim());
  const address = named ? named[1].trim() : from.trim();
  return ADDRESS.test(address) ? address : null;
}

/** The request's JSON with its keys sorted, so two payloads compare by content. */

/**
 * @param {{ apiKeys?: { key: string, domains: string[], perSecond?: number, dailyQuota?: number }[] }} [options] keys made at the start
 * @returns {import("../fake-server.mjs").Fake}
 */
export function emailFake({ apiKeys: initial = [] } = {}) {
  /** key → { domains: Set, perSecond, dailyQuota, calls: number[], idempotency: Map<key, { payload, answer, at }> } */
  const keys = new Map();
  /** Every email sent, oldest first. */
  const sent = [];
  const make = ({ key, domains, perSecond = 5, dailyQuota = Infinity }) =>
    keys.set(key, {
      domains: new Set(domains.map((d) => d.toLowerCase())),
      perSecond,
      dailyQuota,
      calls: [],
      idempotency: new Map(),
    });
  for (const key of initial) make(key);

  return {
    name: "email",
    documentation: [
      "https://resend.com/docs/api-reference/introduction",
      "https://resend.com/docs/api-reference/emails/send-email",
      "https://resend.com/docs/dashboard/emails/idempotency-keys",
      "https://resend.com/docs/api-reference/errors",
    ],
    accountOf(request) {
      return /^Bearer (.+)$/.exec(request.headers.get("authorization") ?? "")?.[1] ?? null;
    },
    handle(request, body, context) {
      const url = new URL(request.url);
      if (url.pathname !== "/emails") return error(404, "not_found", "The requested endpoint does not exist.");
      if (request.method !== "POST")
        return error(405, "method_not_allowed", "Method is not allowed for the requested path.");
      if (!request.headers.get("user-agent")) return new Response("error code: 1010", { status: 403 });
      const apiKey = context.account(request, body);
      if (apiKey === "anonymous") return error(401, "missing_api_key", "Missing API key in the authorization header.");
      const team = keys.get(apiKey);
      if (!team) return error(403, "invalid_api_key", "API key is invalid.");

      const now = Date.now();
      team.calls = team.calls.filter((at) => now - at < 1000);
      const limitHeaders = (remaining) => ({
        "ratelimit-limit": String(team.perSecond),
        "ratelimit-remaining": String(remaining),
        "ratelimit-reset": "1",
      });
      if (team.calls.length >= team.perSecond) {
        return error(
          429,
          "rate_limit_exceeded",
          "Too many requests. You can only make 5 requests per second. See rate limit response headers for more information.",
          { ...limitHeaders(0), "retry-after": "1" },
        );
      }
      team.calls.push(now);
      const headers = limitHeaders(team.perSecond - team.calls.length);

      const idempotencyKey = request.headers.get("idempotency-key");
      if (idempotencyKey !== null && (idempotencyKey.length < 1 || idempotencyKey.length > 256)) {
        return error(400, "invalid_idempotency_key", "The key must be between 1-256 chars.", headers);
      }
      let email;
      try {
        email = JSON.parse(body);
      } catch {
        return error(400, "validation_error", "Invalid JSON body.", headers);
      }
      if (!email || typeof email !== "object" || Array.isArray(email))
        return error(400, "validation_error", "The body must be a JSON object.", headers);

      const payload = canonical(email);
      if (idempotencyKey) {
        const earlier = team.idempotency.get(idempotencyKey);
        if (earlier && now - earlier.at < IDEMPOTENCY_TTL_MS) {
          if (earlier.payload !== payload)
            return error(
              409,
              "invalid_idempotent_request",
              "Same idempotency key used with a different request payload.",
              headers,
            );
          return json(earlier.answer, 200, headers);
        }
      }

      for (const field of ["from", "to", "subject"]) {
        if (email[field] === undefined || email[field] === null || email[field] === "")
          return error(422, "missing_required_field", `Missing \`${field}\` field.`, headers);
      }
      if (typeof email.from !== "string" || !addressOf(email.from)) {
        return error(
          422,
          "invalid_from_address",
          "Invalid `from` field. The email address needs to follow the `email@example.com` or `Name <email@example.com>` format.",
          headers,
        );
      }
      const domain = addressOf(email.from).split("@")[1].toLowerCase();
      if (!team.domains.has(domain)) {
        return error(
          403,
          "validation_error",
          `The ${domain} domain is not verified. Please, add and verify your domain on https://resend.com/domains`,
          headers,
        );
      }
      const to = Array.isArray(email.to) ? email.to : [email.to];
      if (to.length === 0 || to.length > MAX_TO || !to.every((a) => typeof a === "string" && addressOf(a))) {
        return error(
          400,
          "validation_error",
          `Invalid \`to\` field. Give one address, or an array of at most ${MAX_TO}.`,
          headers,
        );
      }
      if (typeof email.subject !== "string") return error(400, "validation_error", "Invalid `subject` field.", headers);
      if (email.text === undefined && email.html === undefined && email.template === undefined)
        return error(422, "missing_required_field", "Missing `html` or `text` field.", headers);
      if (
        email.headers !== undefined &&
        (typeof email.headers !== "object" || Object.values(email.headers).some((v) => typeof v !== "string"))
      ) {
        return error(400, "validation_error", "Invalid `headers` field: an object of strings.", headers);
      }
      if (sent.filter((e) => e.account === apiKey && now - e.at < 24 * 3_600_000).length >= team.dailyQuota) {
        return error(429, "daily_quota_exceeded", "You have reached your daily email sending quota.", headers);
      }

      const answer = { id: crypto.randomUUID() };
      sent.push({
        account: apiKey,
        id: answer.id,
        from: email.from,
        to,
        subject: email.subject,
        text: email.text ?? null,
        html: email.html ?? null,
        undocumented: Object.keys(email).filter((f) => !DOCUMENTED_FIELDS.has(f)),
        at: now,
      });
      if (idempotencyKey) team.idempotency.set(idempotencyKey, { payload, answer, at: now });
      return json(answer, 200, headers);
    },
    control(request, body) {
      const url = new URL(request.url);
      if (url.pathname === "/__fake/api-keys" && request.method === "POST") {
        const key = JSON.parse(body);
        make(key);
        return json({ key: key.key });
      }
      if (url.pathname === "/__fake/emails" && request.method === "GET") {
        const account = url.searchParams.get("account");
        return json({ emails: sent.filter((e) => e.account === account) });
      }
      if (url.pathname === "/__fake/idempotency/age" && request.method === "POST") {
        const { account, key, ms } = JSON.parse(body);
        const stored = keys.get(account)?.idempotency.get(key);
        if (!stored) return json({ error: "no such idempotency key" }, 404);
        stored.at -= ms;
        return json({ aged: true });
      }
      if (url.pathname === "/__fake/inbox" && request.method === "GET") return inbox(sent);
      return null;
    },
  };
}

/** The emails sent, newest first, for the local walk (`npm run start:providers`); links are clickable. */
function inbox(sent) {
  const linked = (text) => escape(text).replace(/https?:\/\/[^\s<]+/g, (href) => `<a href="${href}">${href}</a>`);
  const rows = [...sent]
    .reverse()
    .map(
      (e) =>
        `<li><p><strong>To ${escape(e.to.join(", "))}</strong> from ${escape(e.from)} · ${escape(new Date(e.at).toISOString())}</p><p><strong>${escape(e.subject)}</strong></p><p class="text">${linked(e.text ?? "")}</p></li>`,
    )
    .join("");
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><meta http-equiv="refresh" content="5"><title>Email fake: emails sent</title>
<style>body{font:16px/1.4 system-ui,sans-serif;margin:1rem;max-width:40rem}li{border-bottom:1px solid #ccc;padding:.5rem 0}.text{white-space:pre-wrap}</style></head>
<body><h1>Emails sent through the Resend fake</h1><p>Newest first; this page reloads every 5 seconds. Nothing here left this machine.</p>${rows ? `<ol reversed>${rows}</ol>` : "<p>No email yet.</p>"}</body></html>`;
  return new Response(page, { headers: { "Content-Type": "text/html; charset=utf-8" } });
}
