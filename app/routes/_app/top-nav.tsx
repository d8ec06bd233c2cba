import { NavLink, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { LanguageSwitch } from "~/i18n/language-switch";
import { displayNameOf, initialsOf, type UserView } from "~/auth/user-view";
import { useT } from "~/i18n/i18n";
import { NotificationBell } from "./notification-bell";
import { Brand } from "~/components/brand";

/**
 * The signed-in top bar, one line on a 360 px phone: the brand, the bell and
 * ONE menu button holding the pages of the role, settings, the language switch and Logout. The
 * menu is a <details>: it opens and closes without JavaScript; with it, Escape and a tap outside
 * close it and focus returns to its button. Wider screens also show the pages in the bar.
 * Logout and the language switch are plain form posts (/logout, /language).
 */
export default function TopNav({ user }: { user: UserView }) {
  const t = useT();
  const links = (
    <>
      <NavLink to="/" end>
        {t("app.nav.home")}
      </NavLink>
      <NavLink to="/booking">{t("app.nav.booking")}</NavLink>
      {user.role === "rider" ? <NavLink to="/rider-dashboard">{t("app.nav.riderDashboard")}</NavLink> : null}
      {user.role === "admin" ? <NavLink to="/admin">{t("app.nav.admin")}</NavLink> : null}
      {user.role === "rider" || user.role === "admin" ? <NavLink to="/coop">{t("app.nav.coop")}</NavLink> : null}
    </>
  );
  return (
    <header className="top-nav">
      <div className="top-nav-inner">
        <Brand />
        <nav aria-label={t("app.nav.main")} className="top-nav-links">
          {links}
        </nav>
        <div className="top-nav-user">
          <NotificationBell />
          <TopNavMenu label={t("app.nav.menu")} initials={initialsOf(user)}>
            <p className="top-nav-menu-name">{displayNameOf(user)}</p>
            <nav aria-label={t("app.nav.main")} className="top-nav-menu-links">
              {links}
            </nav>
            <NavLink to="/settings" className="top-nav-menu-settings">
              {t("app.nav.settings")}
            </NavLink>
            <LanguageSwitch className="top-nav-language" />
            {/* A plain form: logging out works before hydration and without JavaScript; the full page load drops every cached page of the old session. */}
            <form method="post" action="/logout" className="top-nav-logout">
              <button type="submit" className="button button-secondary">
                {t("app.nav.logout")}
              </button>
            </form>
          </TopNavMenu>
        </div>
      </div>
    </header>
  );
}

/**
 * The one menu button (a <details>), closed on Escape, a tap outside, every navigation to another
 * page and a form sent from it (the language switch comes back to the same page).
 */
function TopNavMenu({ label, initials, children }: { label: string; initials: string; children: React.ReactNode }) {
  const details = useRef<HTMLDetailsElement>(null);
  const location = useLocation();

  // Closed when the page changes, not when the page's JavaScript arrives: a menu opened before
  // hydration stays open under the finger that opened it.
  const shownPage = useRef(`${location.pathname}${location.search}`);
  useEffect(() => {
    const page = `${location.pathname}${location.search}`;
    if (page === shownPage.current) return;
    shownPage.current = page;
    if (details.current) details.current.open = false;
  }, [location.pathname, location.search]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const menu = details.current;
      if (event.key !== "Escape" || !menu?.open) return;
      menu.open = false;
      menu.querySelector("summary")?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      const menu = details.current;
      if (menu?.open && !menu.contains(event.target as Node)) menu.open = false;
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, []);

  // The language switch comes back to this same page: its form closes the menu when sent.
  const close = () => {
    if (details.current) details.current.open = false;
  };

  return (
    <details className="top-nav-menu" name="top-nav" ref={details} onSubmit={close}>
      <summary className="top-nav-menu-button">
        <span className="visually-hidden">{label}</span>
        <span className="avatar" aria-hidden="true">
          {initials}
        </span>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path fill="currentColor" d="M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z" />
        </svg>
      </summary>
      <div className="top-nav-menu-panel">{children}</div>
    </details>
  );
}
