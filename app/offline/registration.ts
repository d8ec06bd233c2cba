/**
 * Registers the service worker (public/sw.js). A public page (no React) does it once loaded, from
 * an inline script (with the CSP nonce) rather than a module, so it adds no JavaScript file to its
 * budget.
 */
export const SERVICE_WORKER_REGISTRATION =
  "if('serviceWorker'in navigator)addEventListener('load',function(){navigator.serviceWorker.register('/sw.js').catch(function(){})})";

/**
 * A React page registers it once hydrated (the root's first effect) and then idle: installing
 * fetches every script of the app into the cache, and on a phone (or the 2-core machine) that
 * work slowed the page's own first seconds (decision 0196).
 */
export function registerServiceWorkerWhenIdle(): void {
  if (!("serviceWorker" in navigator)) return;
  const register = () => void navigator.serviceWorker.register("/sw.js").catch(() => {});
  if ("requestIdleCallback" in window) requestIdleCallback(register, { timeout: 5_000 });
  else setTimeout(register, 1_000);
}
