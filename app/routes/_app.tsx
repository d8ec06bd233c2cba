import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Outlet, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { Suspense } from "react";
import { getSessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { BELL_FIRST_SCREEN, listNotifications } from "~/notifications/notifications.server";
import { languageOf, messagesFor } from "~/i18n/i18n.server";
import { FullPageSpinner } from "~/components/spinner";
import { lazyWhenOnline } from "~/offline/lazy-when-online";
import { useOfflineSubmitGuard } from "~/offline/offline-submit-guard";
import { toUserView, type UserView } from "~/auth/user-view";
import { LandingPage } from "~/landing/landing-page";
import { SignInWizard } from "~/auth/sign-in-wizard";

/** Signed-in only: the landing page, which shares this layout, does not load it (decision 0007). */
const TopNav = lazyWhenOnline(() => import("~/components/top-nav"));

/**
 * The signed-in area: /, /booking, /settings, /rider-dashboard, /admin and /tracking/*. A visitor
 * who is not signed in sees the landing page with the sign-in wizard instead (spec section 2).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const user = await getSessionUser(request, env);
  const language = languageOf(request, user);
  return {
    user: user ? toUserView(user) : null,
    // The bell's first screen, in the page's HTML: its count and list show before or without JavaScript.
    bell: user ? await listNotifications(getDb(env.DB), user.id, language, BELL_FIRST_SCREEN) : null,
    turnstileSiteKey: user ? null : (env.TURNSTILE_SITE_KEY ?? null),
    // Signed in: the frame's messages (top bar, bell, status labels) for every page under it.
    // Signed out, every page here is the landing page.
    i18n: messagesFor(language, user ? ["app"] : ["landing", "signIn", "server.auth", "server.validation"]),
  };
}

/** The signed-in user, for any page under this layout (null only on the landing page). */
export function useOptionalUser(): UserView | null {
  return useRouteLoaderData<typeof loader>("routes/_app")?.user ?? null;
}

/** The signed-in user; pages under this layout only render when there is one. */
export function useUser(): UserView {
  const user = useOptionalUser();
  if (!user) throw new Error("useUser() outside the signed-in area");
  return user;
}

/**
 * A failing page of the signed-in area: the friendly error page (root-error.tsx), in the reader's
 * language (the root's loader has run above this boundary) with Retry.
 */
export { default as ErrorBoundary } from "~/components/root-error";

export default function SignedInArea() {
  const { user, turnstileSiteKey } = useLoaderData<typeof loader>();
  useOfflineSubmitGuard();
  if (!user) return <LandingPage getStarted={<SignInWizard turnstileSiteKey={turnstileSiteKey} />} />;
  return (
    <>
      {/* Two boundaries: while the lazy bar's chunk loads, the page under it is already hydrated and
          takes clicks (one boundary around both left the whole page dead until the bar arrived). */}
      <Suspense fallback={<div className="top-nav-placeholder" aria-hidden="true" />}>
        <TopNav user={user} />
      </Suspense>
      <Suspense fallback={<FullPageSpinner />}>
        <Outlet />
      </Suspense>
    </>
  );
}
