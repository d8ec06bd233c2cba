/* Hatid's service worker (template: scripts/build-service-worker.mjs writes public/sw.js from it,
 * filling in the build's version and hashed assets). docs/decisions/0111-service-worker.md.
 * - Build assets (hashed names): every script and style of public/build precached (all route modules
 *   and every chunk they import, lazily or not: a page loaded online never meets "Failed to fetch
 *   dynamically imported module" offline), then cache-first; one fetched later (the map's large
 *   script, left out of the install) is kept when first used.
 * - Pages: network-first; the last copy when offline; the offline page when there is none.
 * - /api, /ws and other origins: never touched.
 * - A new build has a new version: its caches replace the old ones on activate, except the old
 *   scripts while a page of the old build is still open (it may still import them, offline too). */
const VERSION = "__HATID_VERSION__";
const PRECACHE = __HATID_PRECACHE__;
// Workers Static Assets serve public/offline.html at /offline (a request for /offline.html is redirected).
const OFFLINE_URL = "/offline";
const ASSET_CACHE = `hatid-assets-${VERSION}`;
const PAGE_CACHE = `hatid-pages-${VERSION}`;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(ASSET_CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    Promise.all([caches.keys(), self.clients.matchAll({ type: "window", includeUncontrolled: true })])
      .then(([names, windows]) =>
        Promise.all(
          names
            .filter((name) => name.startsWith("hatid-") && name !== ASSET_CACHE && name !== PAGE_CACHE)
            // An open page of an older build may still import its own chunks: keep them until it is gone.
            .filter((name) => windows.length === 0 || !name.startsWith("hatid-assets-"))
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

const isPage = (request) => request.mode === "navigate" || (request.headers.get("Accept") || "").includes("text/html");

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // Signing out forgets the pages this phone kept for the account.
  if (request.method === "POST" && (url.pathname === "/logout" || url.pathname === "/api/auth/logout")) {
    event.waitUntil(caches.delete(PAGE_CACHE));
    return;
  }
  if (request.method !== "GET" || url.pathname.startsWith("/api/") || url.pathname === "/ws") return;

  if (url.pathname.startsWith("/build/")) {
    event.respondWith(cacheFirst(request));
    return;
  }
  if (isPage(request)) event.respondWith(networkFirst(request));
});

async function cacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    caches.open(ASSET_CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
}

async function networkFirst(request) {
  try {
    const response = await fetch(request);
    if (response.ok) {
      const copy = response.clone();
      caches.open(PAGE_CACHE).then((cache) => cache.put(request, copy));
    }
    return response;
  } catch (error) {
    const cached = await caches.match(request, { cacheName: PAGE_CACHE });
    if (cached) return cached;
    const offline = await caches.match(OFFLINE_URL);
    if (offline) return offline;
    throw error;
  }
}

// Web Push (decision 0130): the payload is a notification as the bell lists it ({ id, kind, title,
// body, url }). Shown as a system notification; open pages refresh their bell at once.
self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : "" };
  }
  const title = data.title || "Hatid";
  const shown = self.registration.showNotification(title, {
    body: data.body || "",
    icon: "/icons/icon-192.png",
    badge: "/icons/icon-192.png",
    tag: data.id ? `hatid-${data.id}` : undefined,
    data: { url: typeof data.url === "string" && data.url.startsWith("/") ? data.url : "/" },
  });
  // Open pages hear of it once it is shown (or refused), so a page that then asks the registration
  // finds it, and a bell never runs ahead of the system notification.
  const told = shown
    .catch(() => {})
    .then(() => self.clients.matchAll({ type: "window", includeUncontrolled: true }))
    .then((windows) => windows.forEach((client) => client.postMessage({ type: "notification", id: data.id })));
  event.waitUntil(told);
});

// A tap opens the notification's page: in a Hatid window already open if there is one.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url || "/", self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) return open.focus().then((client) => (client || open).navigate(url));
      return self.clients.openWindow(url);
    }),
  );
});
