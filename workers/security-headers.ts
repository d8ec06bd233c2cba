/**
 * Headers for every HTML response. The CSP allows exactly what the app needs: our own scripts
 * (plus Remix's inline hydration scripts, by nonce), and what mapbox-gl needs on the tracking
 * page (its tiles and API over https, web workers from blob: URLs, canvas images from blob:/data:).
 */
export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' https://challenges.cloudflare.com`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https://*.mapbox.com",
    "font-src 'self'",
    "connect-src 'self' ws: wss: https://*.mapbox.com https://events.mapbox.com",
    "worker-src 'self' blob:",
    "child-src 'self' blob:",
    "frame-src https://challenges.cloudflare.com",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

export function withSecurityHeaders(response: Response, nonce: string): Response {
  const contentType = response.headers.get("Content-Type") ?? "";
  const headers = new Headers(response.headers);
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  if (contentType.includes("text/html")) {
    headers.set("Content-Security-Policy", contentSecurityPolicy(nonce));
    headers.set("X-Frame-Options", "DENY");
    headers.set("Permissions-Policy", "geolocation=(self), camera=(), microphone=()");
  }
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}
