/**
 * Headers for every response. The CSP allows exactly what the app needs: our own scripts (plus
 * Remix's inline hydration scripts, by nonce), what mapbox-gl needs on the tracking page (its API,
 * tiles and telemetry over https, web workers from blob: URLs, canvas images from blob:/data:), and
 * connections only to our own origin (the live socket included: https and wss, or http and ws
 * locally) and Mapbox. Address geocoding runs in the Worker, so it needs no browser permission.
 */
const MAPBOX_CONNECT_HOSTS = ["https://api.mapbox.com", "https://*.tiles.mapbox.com", "https://events.mapbox.com"];

/** Turnstile's widget (its script and its frame) comes from here unless TURNSTILE_API_URL says otherwise. */
export const TURNSTILE_ORIGIN = "https://challenges.cloudflare.com";

function contentSecurityPolicy(nonce: string, url: URL, captchaOrigin = TURNSTILE_ORIGIN): string {
  const socketOrigin = `${url.protocol === "https:" ? "wss:" : "ws:"}//${url.host}`;
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' ${captchaOrigin}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https://*.mapbox.com",
    "font-src 'self'",
    `connect-src 'self' ${socketOrigin} ${MAPBOX_CONNECT_HOSTS.join(" ")}`,
    "worker-src 'self' blob:",
    "child-src 'self' blob:",
    `frame-src ${captchaOrigin}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

const HSTS = "max-age=31536000; includeSubDomains";
const PRIVATE_NO_STORE = "private, no-store";

export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

const hasSessionCookie = (request: Request) => /(?:^|;\s*)hatid_session=[^;]/.test(request.headers.get("Cookie") ?? "");

/**
 * Adds the security headers to `response` (answering `request`). Every `/api` answer and every
 * page shown to a signed-in user is `private, no-store` (personal data must not sit in a shared or
 * back-button cache); HSTS on https.
 */
export function withSecurityHeaders(
  request: Request,
  response: Response,
  nonce: string,
  captchaOrigin = TURNSTILE_ORIGIN,
): Response {
  const url = new URL(request.url);
  const contentType = response.headers.get("Content-Type") ?? "";
  const headers = new Headers(response.headers);
  headers.set("X-Content-Type-Options", "nosniff");
  // A recipient's link (/t/{token}) is a secret in the URL that shows the rider's phone and the
  // handover code: never sent on as a Referer, never kept by any cache.
  const secretLink = url.pathname.startsWith("/t/");
  headers.set("Referrer-Policy", secretLink ? "no-referrer" : "strict-origin-when-cross-origin");
  if (url.protocol === "https:") headers.set("Strict-Transport-Security", HSTS);
  const isHtml = contentType.includes("text/html");
  if (isHtml) {
    headers.set("Content-Security-Policy", contentSecurityPolicy(nonce, url, captchaOrigin));
    headers.set("X-Frame-Options", "DENY");
    headers.set("Permissions-Policy", "geolocation=(self), camera=(), microphone=()");
  }
  const personal =
    url.pathname.startsWith("/api/") ||
    url.pathname === "/ws" ||
    url.pathname.endsWith(".data") ||
    (isHtml && hasSessionCookie(request));
  if (personal) headers.set("Cache-Control", PRIVATE_NO_STORE);
  if (secretLink) headers.set("Cache-Control", "no-store");
  if (response.status === 101) return response;
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}
