// @ts-check
// Cloudflare Turnstile, as its documentation describes it:
// - https://developers.cloudflare.com/turnstile/get-started/server-side-validation/ (siteverify:
//   POST /turnstile/v0/siteverify, form-encoded or JSON; `secret` and `response` required,
//   `remoteip` and `idempotency_key` optional; a token is at most 2048 characters, valid 300 s,
//   validated once: a second validation answers `timeout-or-duplicate` unless it repeats the first
//   one's `idempotency_key`; the answer is JSON `{ success, "error-codes", challenge_ts, hostname,
//   action, cdata }`)
// - https://developers.cloudflare.com/turnstile/troubleshooting/testing/ (the dummy secret keys:
//   1x… always passes, 2x… always fails, 3x… answers "token already spent")
// - https://developers.cloudflare.com/turnstile/get-started/client-side-rendering/ (the widget:
//   api.js, `turnstile.render(container, { sitekey, callback, "error-callback" })`).
//
// Widgets (a sitekey with its secret) are made with POST /__fake/widgets; the widget's page mints
// a token as a solved challenge would, and so does POST /__fake/tokens for tests.
import { formOrJson, json } from "../fake-server.mjs";

const TOKEN_TTL_MS = 300_000;
const MAX_TOKEN_LENGTH = 2048;
export const DUMMY_SECRETS = {
  passes: "1x0000000000000000000000000000000AA",
  fails: "2x0000000000000000000000000000000AA",
  spent: "3x0000000000000000000000000000000AA",
};
export const DUMMY_TOKEN = "XXXX.DUMMY.TOKEN.XXXX";

/**
 * @param {{ widgets?: Record<string, string> }} [options] widgets made at the start (sitekey → secret)
 * @returns {import("../fake-server.mjs").Fake}
 */
export function turnstileFake({ widgets: initial = {} } = {}) {
  /** sitekey → secret */
  const widgets = new Map(Object.entries(initial));
  /** token → { sitekey, secret, hostname, action, cdata, issuedAt, spentBy?: idempotency key, firstAnswer? } */
  const tokens = new Map();

  function mint({ sitekey, hostname = "localhost", action = "", cdata = "" }) {
    const secret = widgets.get(sitekey);
    if (!secret) return null;
    const token = `0.fake-${crypto.randomUUID()}-${crypto.randomUUID()}`;
    tokens.set(token, { sitekey, secret, hostname, action, cdata, issuedAt: Date.now() });
    return token;
  }

  const verdict = (codes, extra = {}) =>
    json({ success: codes.length === 0, "error-codes": codes, messages: [], ...extra });

  return {
    name: "turnstile",
    documentation: [
      "https://developers.cloudflare.com/turnstile/get-started/server-side-validation/",
      "https://developers.cloudflare.com/turnstile/troubleshooting/testing/",
    ],
    accountOf(request, body) {
      const fields = formOrJson(request, body);
      return typeof fields?.secret === "string" && fields.secret ? fields.secret : null;
    },
    handle(request, body, context) {
      const url = new URL(request.url);
      if (url.pathname === "/turnstile/v0/api.js" && request.method === "GET") return widgetScript(context.baseUrl);
      if (url.pathname === "/turnstile/v0/widget" && request.method === "GET") {
        const token = mint({
          sitekey: url.searchParams.get("sitekey") ?? "",
          hostname: url.searchParams.get("hostname") ?? "localhost",
        });
        return widgetPage(token, url.searchParams.get("widget") ?? "");
      }
      if (url.pathname !== "/turnstile/v0/siteverify") return json({ error: "not found" }, 404);
      if (request.method !== "POST") return json({ error: "method not allowed" }, 405);
      const fields = formOrJson(request, body);
      if (!fields) return verdict(["bad-request"]);
      const { secret, response, idempotency_key: idempotencyKey } = fields;
      if (typeof secret !== "string" || !secret) return verdict(["missing-input-secret"]);
      if (secret === DUMMY_SECRETS.fails) return verdict(["invalid-input-response"]);
      if (secret === DUMMY_SECRETS.spent) return verdict(["timeout-or-duplicate"]);
      const known = secret === DUMMY_SECRETS.passes || [...widgets.values()].includes(secret);
      if (!known) return verdict(["invalid-input-secret"]);
      if (typeof response !== "string" || !response) return verdict(["missing-input-response"]);
      if (
        idempotencyKey !== undefined &&
        (typeof idempotencyKey !== "string" || !/^[0-9a-f-]{36}$/i.test(idempotencyKey))
      )
        return verdict(["bad-request"]);
      if (secret === DUMMY_SECRETS.passes) {
        return verdict([], { challenge_ts: new Date().toISOString(), hostname: "example.com", action: "", cdata: "" });
      }
      if (response.length > MAX_TOKEN_LENGTH) return verdict(["invalid-input-response"]);
      const minted = tokens.get(response);
      if (!minted || minted.secret !== secret) return verdict(["invalid-input-response"]);
      if (minted.spentBy !== undefined) {
        // Only the same idempotency key gets the first validation's answer again.
        if (idempotencyKey && minted.spentBy === idempotencyKey) return json(minted.firstAnswer);
        return verdict(["timeout-or-duplicate"]);
      }
      if (Date.now() - minted.issuedAt > TOKEN_TTL_MS) return verdict(["timeout-or-duplicate"]);
      const answer = {
        success: true,
        "error-codes": [],
        challenge_ts: new Date(minted.issuedAt).toISOString(),
        hostname: minted.hostname,
        action: minted.action,
        cdata: minted.cdata,
        messages: [],
      };
      minted.spentBy = idempotencyKey ?? null;
      minted.firstAnswer = answer;
      return json(answer);
    },
    control(request, body) {
      const url = new URL(request.url);
      if (url.pathname === "/__fake/widgets" && request.method === "POST") {
        const { sitekey, secret } = JSON.parse(body);
        widgets.set(sitekey, secret);
        return json({ sitekey, secret });
      }
      if (url.pathname === "/__fake/tokens" && request.method === "POST") {
        const token = mint(JSON.parse(body));
        return token ? json({ token }) : json({ error: "no widget has that sitekey" }, 404);
      }
      if (url.pathname === "/__fake/tokens/age" && request.method === "POST") {
        const { token, ms } = JSON.parse(body);
        const minted = tokens.get(token);
        if (!minted) return json({ error: "unknown token" }, 404);
        minted.issuedAt -= ms;
        return json({ aged: true });
      }
      return null;
    },
  };
}

/**
 * The widget's script, as small as the real one's interface: `render` puts the widget's page in an
 * invisible frame (the real widget is a frame of challenges.cloudflare.com too), which answers with
 * a token by `postMessage`.
 */
function widgetScript(base) {
  const script = `(() => {
  const callbacks = new Map();
  addEventListener("message", (event) => {
    if (event.origin !== ${JSON.stringify(base)} || !event.data || event.data.source !== "fake-turnstile") return;
    const widget = callbacks.get(event.data.widget);
    if (!widget) return;
    if (event.data.token) widget.callback && widget.callback(event.data.token);
    else widget["error-callback"] && widget["error-callback"]("110100");
  });
  let next = 0;
  window.turnstile = {
    render(container, options) {
      const widget = "w" + (next += 1);
      callbacks.set(widget, options);
      const frame = document.createElement("iframe");
      frame.title = "Security check";
      frame.style.cssText = "width:0;height:0;border:0;position:absolute";
      frame.src = ${JSON.stringify(`${base}/turnstile/v0/widget`)} + "?sitekey=" + encodeURIComponent(options.sitekey) + "&hostname=" + encodeURIComponent(location.hostname) + "&widget=" + widget;
      (typeof container === "string" ? document.querySelector(container) : container).appendChild(frame);
      return widget;
    },
    remove(widget) { callbacks.delete(widget); },
    reset() {},
  };
})();`;
  return new Response(script, {
    headers: { "Content-Type": "text/javascript; charset=utf-8", "Access-Control-Allow-Origin": "*" },
  });
}

function widgetPage(token, widget) {
  const message = JSON.stringify({ source: "fake-turnstile", widget, token });
  return new Response(`<!doctype html><script>parent.postMessage(${message}, "*");</script>`, {
    headers: { "Content-Type": "text/html; charset=utf-8" },
  });
}
