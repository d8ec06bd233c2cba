import { Outlet, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { Suspense } from "react";
import type { signedInAreaLoader as loader } from "~/auth/signed-in-area.server";
import type { UserView } from "~/auth/user-view";
import { FullPageSpinner } from "~/components/spinner";
import { lazyWhenOnline } from "~/offline/lazy-when-online";
import { useOfflineSubmitGuard } from "~/offline/offline-submit-guard";

/** Signed-in only: the landing page, which shares this layout, does not load it (decision 0007). */
const TopNav = lazyWhenOnline(() => import("~/components/top-nav"));
/** Signed-out only, and then sent as a page without React: a signed-in page never loads it. */
const SignedOutLanding = lazyWhenOnline(() => import("~/landing/signed-out-landing"));

export { signedInAreaLoader as loader } from "~/auth/signed-in-area.server";

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

/**
 * The signed-in area: /, /booking, /settings, /rider-dashboard, /admin and /tracking/*. A visitor
 * who is not signed in sees the landing page with the sign-in wizard instead (spec section 2).
 */
export default function SignedInArea() {
  const { user, captcha, signIn, publicFacts } = useLoaderData<typeof loader>();
  useOfflineSubmitGuard();
  if (!user) return <SignedOutLanding captcha={captcha} facts={publicFacts!} pending={signIn?.pending} redirectTo={signIn?.redirectTo} />;
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
