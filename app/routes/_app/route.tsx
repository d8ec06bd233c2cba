import { isRouteErrorResponse, Outlet, useLoaderData, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { Suspense, type ReactNode } from "react";
import type { signedInAreaLoader as loader } from "./route.server";
import { AccessDenied } from "./access-denied";
import RootError from "~/components/root-error";
import { FullPageSpinner } from "~/components/spinner";
import { lazyWhenOnline } from "~/offline/lazy-when-online";
import { useOfflineSubmitGuard } from "~/offline/offline-submit-guard";

/** Signed-in only: the landing page, which shares this layout, does not load it (decision 0188). */
const TopNav = lazyWhenOnline(() => import("./top-nav"));
/** Signed-out only, and then sent as a page without React: a signed-in page never loads it. */
const SignedOutLanding = lazyWhenOnline(() => import("./signed-out-landing"));

export { signedInAreaLoader as loader } from "./route.server";

/**
 * A page of the signed-in area that refused (its loader threw a Refusal through `requireUser`,
 * decision 0186): nobody signed in, the landing page with the sign-in; signed in, the refusal's
 * words in the page's place (Access Denied, a session that expired) under the top bar. Any other
 * failure: the friendly error page (root-error.tsx), in the reader's language with Retry.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const area = useRouteLoaderData<typeof loader>("routes/_app");
  const refused =
    isRouteErrorResponse(error) && [401, 403, 404].includes(error.status)
      ? (error.data as { message?: unknown } | null)?.message
      : undefined;
  if (!area || typeof refused !== "string") return <RootError />;
  return (
    <SignedInFrame area={area}>
      <AccessDenied message={refused} notFound={isRouteErrorResponse(error) && error.status === 404} />
    </SignedInFrame>
  );
}

/**
 * The signed-in area: /, /booking, /settings, /rider-dashboard, /admin and /tracking/*. A visitor
 * who is not signed in sees the landing page with the sign-in wizard instead.
 */
export default function SignedInArea() {
  return (
    <SignedInFrame area={useLoaderData<typeof loader>()}>
      <Outlet />
    </SignedInFrame>
  );
}

function SignedInFrame({
  area,
  children,
}: {
  area: ReturnType<typeof useLoaderData<typeof loader>>;
  children: ReactNode;
}) {
  const { user, captcha, signIn, publicFacts } = area;
  useOfflineSubmitGuard();
  if (!user)
    return (
      <SignedOutLanding
        captcha={captcha}
        facts={publicFacts!}
        pending={signIn?.pending}
        redirectTo={signIn?.redirectTo}
      />
    );
  return (
    <>
      {/* Two boundaries: while the lazy bar's chunk loads, the page under it is already hydrated and
          takes clicks (one boundary around both left the whole page dead until the bar arrived). */}
      <Suspense fallback={<div className="top-nav-placeholder" aria-hidden="true" />}>
        <TopNav user={user} />
      </Suspense>
      <Suspense fallback={<FullPageSpinner />}>{children}</Suspense>
    </>
  );
}
