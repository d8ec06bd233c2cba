import { lazy, type ComponentType } from "react";

/** The first wait before a failed load is tried again with signal; it doubles up to the second. */
const FIRST_RETRY_MS = 2_000;
const LONGEST_RETRY_MS = 30_000;

/**
 * `React.lazy` for a part of a page that the page can show without (the top bar, the home
 * dashboard): when its code cannot be fetched (the signal dropped while the page was loading, and
 * the service worker has not kept it yet), the load is tried again when the signal returns, and
 * meanwhile the part stays as the server sent it (or its fallback). It never gives up: the server's
 * HTML of the part works without its code (links, menus, forms), and a chunk gone after a deploy
 * is replaced at the next page load, while on patchy data the browser may say it is online while
 * fetches fail. Plain `lazy` would throw the fetch error into the page's error boundary, replacing
 * a page that works with "Something went wrong" (a rider who lost signal just after
 * opening the dashboard lost the dashboard).
 */
export function lazyWhenOnline<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy(() => loadUntilItArrives(load));
}

async function loadUntilItArrives<T>(load: () => Promise<T>): Promise<T> {
  for (let wait = FIRST_RETRY_MS; ; wait = Math.min(wait * 2, LONGEST_RETRY_MS)) {
    try {
      return await load();
    } catch (error) {
      if (typeof window === "undefined") throw error;
      await signalOrTimeout(wait);
    }
  }
}

/** Resolves when the browser says it is online again, or after `ms` (a flaky network may never say). */
function signalOrTimeout(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      window.removeEventListener("online", done);
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, ms);
    window.addEventListener("online", done);
  });
}
