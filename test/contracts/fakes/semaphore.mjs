// @ts-check
// Semaphore (semaphore.co), the Philippine SMS gateway, as its documentation describes it:
// - https://api.semaphore.co/docs ("Sending Messages": POST /api/v4/messages with the fields
//   `apikey`, `number` (one, or up to 1000 separated by commas), `message` and `sendername`
//   (optional, default "SEMAPHORE"); a message over 160 ASCII characters is split by Semaphore; a
//   message that starts with the word "TEST" is silently ignored and never sent; the answer is a
//   JSON array with one record per message: message_id, user_id, user, account_id, account,
//   recipient, message, sender_name, network, status, type, source, created_at, updated_at; the
//   route is limited to 120 calls a minute, and rate limits are told in X-RateLimit-Limit,
//   X-RateLimit-Remaining and Retry-After. "Priority Messages": POST /api/v4/priority takes the
//   same fields and answers the same records, from a queue of its own, 2 credits per 160 characters)
// - https://blog.semaphore.co/2020/06/15/new-features-semaphore (POST /api/v4/otp: the same
//   fields; Semaphore makes the code itself and puts it where the message says "{otp}", or,
//   without the placeholder, appends ". Your One Time Password is NNNNNN"; the answer's records
//   carry it as `code`)
// - https://semaphore.co/faq (Sender Names: at most 11 alphanumeric characters, approved for the
//   account; numeric names and names holding TEST, SMS or MESSAGE are refused; international
//   numbers are not allowed).
// Not given by those pages, so chosen here, and an adapter must not depend on them: the status
// and body of a refusal (an unknown key 401 `{"message"}`, a refused field 422 `{field: [reason]}`,
// too few credits 402 `{"message"}`), and a text in other than ASCII counted 70 characters a part.
//
// Accounts (an API key, its approved sender names and its credits) are made with
// POST /__fake/accounts. What each person would read is at GET /__fake/messages?account=KEY
// (JSON) and, for people, at GET /__fake/inbox (every account, newest first).
import { formOrJson, json } from "../fake-server.mjs";

const RATE_LIMIT_PER_MINUTE = 120;
const MAX_RECIPIENTS = 1000;
const ROUTES = { "/api/v4/messages": "messages", "/api/v4/priority": "priority", "/api/v4/otp": "otp" };
/** Credits per part: the ordinary queue 1, priority and OTP 2 (the docs' "2 credits per 160 characters"). */
const CREDITS_PER_PART = { messages: 1, priority: 2, otp: 2 };
const PH_MOBILE = /^(?:09|639)\d{9}$/;
const SENDER_NAME = /^[A-Za-z0-9]{1,11}$/;

/** How many SMS a text takes: 160 ASCII characters each (153 once split), else 70 (67 once split). */
export function smsParts(text) {
  const ascii = /^[\x00-\x7f]*$/.test(text);
  const [single, split] = ascii ? [160, 153] : [70, 67];
  return text.length <= single ? 1 : Math.ceil(text.length / split);
}

const stamp = (at) => new Date(at + 8 * 3_600_000).toISOString().slice(0, 19).replace("T", " ");
const escape = (text) =>
  String(text).replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

/**
 * @param {{ accounts?: { apikey: string, senderNames?: string[], credits?: number }[] }} [options] accounts made at the start
 * @returns {import("../fake-server.mjs").Fake}
 */
export function semaphoreFake({ accounts: initial = [] } = {}) {
  /** apikey → { id, name, senderNames: Set<string>, credits, calls: number[] } */
  const accounts = new Map();
  /** Every text Semaphore took, delivered or (a TEST text) ignored, oldest first. */
  const texts = [];
  let nextMessageId = 41_000_000;
  let nextAccountId = 90_000;

  function open({ apikey, senderNames = [], credits = 10_000 }) {
    const id = (nextAccountId += 1);
    accounts.set(apikey, {
      id,
      name: `Account ${id}`,
      senderNames: new Set(["SEMAPHORE", ...senderNames.map((n) => n.toUpperCase())]),
      credits,
      calls: [],
    });
  }
  for (const account of initial) open(account);

  return {
    name: "semaphore",
    documentation: [
      "https://api.semaphore.co/docs",
      "https://blog.semaphore.co/2020/06/15/new-features-semaphore",
      "https://semaphore.co/faq",
    ],
    accountOf(request, body) {
      const fields = formOrJson(request, body);
      return typeof fields?.apikey === "string" && fields.apikey ? fields.apikey : null;
    },
    handle(request, body) {
      const url = new URL(request.url);
      const route = ROUTES[/** @type {keyof typeof ROUTES} */ (url.pathname.replace(/\/$/, ""))];
      if (!route) return json({ message: "Not Found" }, 404);
      if (request.method !== "POST") return json({ message: "Method Not Allowed" }, 405);
      const fields = formOrJson(request, body) ?? {};
      const account = accounts.get(fields.apikey);
      if (!account) return json({ message: "Unauthenticated." }, 401);

      const now = Date.now();
      const headers = {};
      if (route === "messages") {
        account.calls = account.calls.filter((at) => now - at < 60_000);
        if (account.calls.length >= RATE_LIMIT_PER_MINUTE) {
          const retryAfter = Math.max(1, Math.ceil((account.calls[0] + 60_000 - now) / 1000));
          return json({ message: "Too Many Attempts." }, 429, {
            "X-RateLimit-Limit": String(RATE_LIMIT_PER_MINUTE),
            "X-RateLimit-Remaining": "0",
            "Retry-After": String(retryAfter),
          });
        }
        account.calls.push(now);
        Object.assign(headers, {
          "X-RateLimit-Limit": String(RATE_LIMIT_PER_MINUTE),
          "X-RateLimit-Remaining": String(RATE_LIMIT_PER_MINUTE - account.calls.length),
        });
      }

      /** @type {Record<string, string[]>} */
      const refused = {};
      const numbers =
        typeof fields.number === "string"
          ? fields.number
              .split(",")
              .map((n) => n.trim())
              .filter(Boolean)
          : [];
      if (numbers.length === 0) refused.number = ["The number field is required."];
      else if (numbers.length > MAX_RECIPIENTS) refused.number = [`At most ${MAX_RECIPIENTS} numbers per call.`];
      else if (!numbers.every((n) => PH_MOBILE.test(n))) refused.number = ["The number format is invalid."];
      const text = typeof fields.message === "string" ? fields.message : "";
      if (!text.trim()) refused.message = ["The message field is required."];
      const sender = fields.sendername === undefined ? "SEMAPHORE" : String(fields.sendername);
      if (!SENDER_NAME.test(sender) || /^\d+$/.test(sender) || !account.senderNames.has(sender.toUpperCase()))
        refused.sendername = ["The selected sendername is invalid."];
      if (Object.keys(refused).length > 0) return json(refused, 422, headers);

      const ignored = /^\s*test\b/i.test(text);
      const records = [];
      let cost = 0;
      const prepared = numbers.map((number) => {
        const code = route === "otp" ? String(100_000 + Math.floor(Math.random() * 900_000)) : undefined;
        const delivered =
          code === undefined
            ? text
            : text.includes("{otp}")
              ? text.split("{otp}").join(code)
              : `${text}. Your One Time Password is ${code}`;
        cost += ignored ? 0 : smsParts(delivered) * CREDITS_PER_PART[route];
        return { number, code, delivered };
      });
      if (cost > account.credits)
        return json(
          {
            message: `Your current balance of ${account.credits} credits is not sufficient. This transaction requires ${cost} credits.`,
          },
          402,
          headers,
        );
      account.credits -= cost;

      for (const { number, code, delivered } of prepared) {
        const messageId = (nextMessageId += 1);
        const recipient = number.startsWith("09") ? `63${number.slice(1)}` : number;
        texts.push({
          account: fields.apikey,
          messageId,
          route,
          recipient,
          sender,
          text: delivered,
          parts: smsParts(delivered),
          ignored,
          at: now,
        });
        records.push({
          message_id: messageId,
          user_id: account.id + 1,
          user: `owner@account-${account.id}.example`,
          account_id: account.id,
          account: account.name,
          recipient,
          message: delivered,
          sender_name: sender,
          network: "Globe",
          status: "Pending",
          type: numbers.length > 1 ? "Bulk" : "Single",
          source: "Api",
          created_at: stamp(now),
          updated_at: stamp(now),
          ...(code === undefined ? {} : { code: Number(code) }),
        });
      }
      return json(records, 200, headers);
    },
    control(request, body) {
      const url = new URL(request.url);
      if (url.pathname === "/__fake/accounts" && request.method === "POST") {
        const account = JSON.parse(body);
        open(account);
        return json({ apikey: account.apikey });
      }
      if (url.pathname === "/__fake/messages" && request.method === "GET") {
        const account = url.searchParams.get("account");
        return json({ messages: texts.filter((t) => t.account === account) });
      }
      if (url.pathname === "/__fake/inbox" && request.method === "GET") return inbox(texts);
      return null;
    },
  };
}

/** The texts people would have read, newest first, for the local walk (`npm run start:providers`). */
function inbox(texts) {
  const rows = [...texts]
    .reverse()
    .map(
      (t) =>
        `<li><p><strong>To +${escape(t.recipient)}</strong> from ${escape(t.sender)} · ${escape(stamp(t.at))} (Manila) · ${t.route}${t.ignored ? " · <em>ignored: starts with TEST</em>" : ""}</p><p class="text">${escape(t.text)}</p></li>`,
    )
    .join("");
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><meta http-equiv="refresh" content="5"><title>Semaphore fake: texts sent</title>
<style>body{font:16px/1.4 system-ui,sans-serif;margin:1rem;max-width:40rem}li{border-bottom:1px solid #ccc;padding:.5rem 0}.text{white-space:pre-wrap;font-size:1.1rem}</style></head>
<body><h1>Texts sent through the Semaphore fake</h1><p>Newest first; this page reloads every 5 seconds. Nothing here left this machine.</p>${rows ? `<ol reversed>${rows}</ol>` : "<p>No text yet.</p>"}</body></html>`;
  return new Response(page, { headers: { "Content-Type": "text/html; charset=utf-8" } });
}
