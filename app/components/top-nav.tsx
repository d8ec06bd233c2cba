import { NavLink, useNavigate } from "@remix-run/react";
import { LanguageSwitch } from "~/i18n/language-switch";
import { useState } from "react";
import { displayNameOf, initialsOf, type UserView } from "~/auth/user-view";
import { apiRequest } from "~/http/api-client";
import { toast } from "~/toast/toast-store";
import { useT } from "~/i18n/i18n";
import { NotificationBell } from "~/notifications/notification-bell";
import { Brand } from "./brand";

/** The signed-in top bar of spec section 2, links depending on the role. */
export default function TopNav({ user }: { user: UserView }) {
  const t = useT();
  const navigate = useNavigate();
  const [loggingOut, setLoggingOut] = useState(false);

  async function logout() {
    setLoggingOut(true);
    try {
      await apiRequest("POST", "/api/auth/logout");
      navigate("/", { replace: true });
      // A full reload drops every page's cached data of the old session.
      window.location.assign("/");
    } catch {
      setLoggingOut(false);
      toast({ variant: "destructive", title: t("app.nav.logoutFailed"), description: t("app.nav.logoutFailedBody") });
    }
  }

  return (
    <header className="top-nav">
      <div className="top-nav-inner">
        <Brand />
        <nav aria-label={t("app.nav.main")} className="top-nav-links">
          <NavLink to="/" end>
            {t("app.nav.home")}
          </NavLink>
          <NavLink to="/booking">{t("app.nav.booking")}</NavLink>
          {user.role === "rider" ? <NavLink to="/rider-dashboard">{t("app.nav.riderDashboard")}</NavLink> : null}
          {user.role === "admin" ? <NavLink to="/admin">{t("app.nav.admin")}</NavLink> : null}
        </nav>
        <div className="top-nav-user">
          <LanguageSwitch className="top-nav-language" />
          <NotificationBell />
          <NavLink to="/settings" className="icon-button" aria-label={t("app.nav.settings")}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path fill="currentColor" d="M19.4 13a7.5 7.5 0 0 0 0-2l2.1-1.6-2-3.5-2.5 1a7.6 7.6 0 0 0-1.7-1L15 3.2h-4l-.4 2.7a7.6 7.6 0 0 0-1.7 1l-2.5-1-2 3.5L6.6 11a7.5 7.5 0 0 0 0 2l-2.1 1.6 2 3.5 2.5-1a7.6 7.6 0 0 0 1.7 1l.4 2.7h4l.4-2.7a7.6 7.6 0 0 0 1.7-1l2.5 1 2-3.5ZM13 15.5A3.5 3.5 0 1 1 13 8.5a3.5 3.5 0 0 1 0 7Z" />
            </svg>
          </NavLink>
          <span className="avatar" aria-hidden="true">
            {initialsOf(user)}
          </span>
          <span className="top-nav-name">{displayNameOf(user)}</span>
          {/* A plain form too: the bar is loaded lazily, and a click before it hydrates (or without JavaScript) still logs out. */}
          <form
            method="post"
            action="/logout"
            onSubmit={(event) => {
              event.preventDefault();
              void logout();
            }}
          >
            <button type="submit" className="button button-secondary" disabled={loggingOut}>
              {t("app.nav.logout")}
            </button>
          </form>
        </div>
      </div>
    </header>
  );
}
