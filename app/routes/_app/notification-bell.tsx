import { Link, useLocation, useRouteLoaderData } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useLanguage, useT } from "~/i18n/i18n";
import { formatRelativeTime } from "~/i18n/relative-time";

/**
 * The top bar's bell (docs/guide/deliveries.md#field-conditions): the unread count, and a
 * panel of the newest notifications, each linking to its page. It asks `GET /api/notifications`
 * when it mounts, every 30 seconds while the page is visible, when the window regains focus and
 * when the service worker shows a Web Push: one small indexed query, no socket of its own. The
 * server answers each notification's words in the reader's language (notification-reader.server.ts).
 * The bell is a <details>: a tap opens its panel at once, before or without the page's JavaScript.
 * The signed-in layout's loader renders the count and the newest notifications into the page, and
 * "Mark all as read" is a form (POST /notifications/read), so both work without JavaScript; with
 * it, Escape and a tap outside close the panel.
 */
interface BellNotification {
  id: number;
  title: string;
  body: string;
  url: string;
  createdAt: string;
  readAt: string | null;
}

const POLL_MS = 30_000;

const postRead = (ids?: number[]) =>
  fetch("/api/notifications/read", {
    method: "POST",
    credentials: "include",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(ids ? { ids } : {}),
  });

export function NotificationBell() {
  const t = useT();
  const language = useLanguage();
  const location = useLocation();
  const rendered =
    useRouteLoaderData<{ bell: { notifications: BellNotification[]; unread: number } | null }>("routes/_app")?.bell ??
    null;
  const [items, setItems] = useState<BellNotification[] | null>(rendered?.notifications ?? null);
  const [unread, setUnread] = useState(rendered?.unread ?? 0);
  const [failed, setFailed] = useState(false);
  const root = useRef<HTMLDetailsElement>(null);

  const refresh = useCallback(async () => {
    try {
      const response = await fetch("/api/notifications", { credentials: "include" });
      if (!response.ok) throw new Error(String(response.status));
      const data = (await response.json()) as { notifications: BellNotification[]; unread: number };
      setItems(data.notifications);
      setUnread(data.unread);
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, []);

  useEffect(() => {
    // The page came with the bell's first screen. From then on the bell asks the server itself
    // (the layout's data, read again after a form, may be older than a read the bell just marked).
    if (!rendered) void refresh();
    const poll = window.setInterval(() => {
      if (document.visibilityState === "visible") void refresh();
    }, POLL_MS);
    const onVisible = () => document.visibilityState === "visible" && void refresh();
    const onPush = (event: MessageEvent) =>
      (event.data as { type?: string } | null)?.type === "notification" && void refresh();
    window.addEventListener("focus", onVisible);
    document.addEventListener("visibilitychange", onVisible);
    navigator.serviceWorker?.addEventListener("message", onPush);
    return () => {
      window.clearInterval(poll);
      window.removeEventListener("focus", onVisible);
      document.removeEventListener("visibilitychange", onVisible);
      navigator.serviceWorker?.removeEventListener("message", onPush);
    };
  }, [refresh]);

  useEffect(() => {
    const close = (event: Event) => {
      const bell = root.current;
      if (!bell?.open) return;
      if (event instanceof KeyboardEvent) {
        if (event.key !== "Escape") return;
        bell.open = false;
        bell.querySelector("summary")?.focus();
      } else if (!bell.contains(event.target as Node)) bell.open = false;
    };
    document.addEventListener("keydown", close);
    document.addEventListener("pointerdown", close);
    return () => {
      document.removeEventListener("keydown", close);
      document.removeEventListener("pointerdown", close);
    };
  }, []);

  function markRead(ids?: number[]) {
    const at = new Date().toISOString();
    setItems((list) => list?.map((n) => (!ids || ids.includes(n.id) ? { ...n, readAt: n.readAt ?? at } : n)) ?? null);
    setUnread((count) => (ids ? Math.max(0, count - ids.length) : 0));
    void postRead(ids).then(refresh, refresh);
  }

  // The visible count is a word of the name (axe: label-content-name-mismatch).
  const label = unread > 0 ? t("app.bell.labelUnread", { count: unread > 99 ? "99+" : unread }) : t("app.bell.label");
  return (
    <details
      className="bell-wrap"
      name="top-nav"
      ref={root}
      onToggle={(event) => {
        if (event.currentTarget.open) void refresh();
      }}
    >
      <summary className="icon-button bell" aria-label={label}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path
            fill="currentColor"
            d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1Z"
          />
        </svg>
        {unread > 0 ? (
          <span className="bell-count" data-testid="bell-count" aria-hidden="true">
            {unread > 99 ? "99+" : unread}
          </span>
        ) : null}
      </summary>
      <section id="notification-panel" className="notification-panel" aria-label={t("app.bell.heading")}>
        <header className="notification-panel-head">
          <h2>{t("app.bell.heading")}</h2>
          {unread > 0 ? (
            <form
              method="post"
              action="/notifications/read"
              onSubmit={(event) => {
                event.preventDefault();
                markRead();
              }}
            >
              <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
              <button type="submit" className="link-button">
                {t("app.bell.markAllRead")}
              </button>
            </form>
          ) : null}
        </header>
        {items === null ? (
          <p className="notification-empty">{failed ? t("app.bell.failed") : t("app.bell.loading")}</p>
        ) : items.length === 0 ? (
          <p className="notification-empty">{t("app.bell.empty")}</p>
        ) : (
          <ul className="notification-list">
            {items.map((n) => (
              <li key={n.id} className={n.readAt ? "notification" : "notification unread"}>
                <Link
                  to={n.url}
                  onClick={() => {
                    if (!n.readAt) markRead([n.id]);
                    if (root.current) root.current.open = false;
                  }}
                >
                  <strong>{n.title}</strong>
                  <span>{n.body}</span>
                  {/* The server's "Just now" may read "1 minute ago" by the time the page hydrates: not a mismatch to re-render the bar for. */}
                  <time dateTime={n.createdAt} suppressHydrationWarning>
                    {formatRelativeTime(language, n.createdAt)}
                  </time>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </details>
  );
}
