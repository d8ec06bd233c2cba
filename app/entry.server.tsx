import type { AppLoadContext, EntryContext } from "@remix-run/cloudflare";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { renderToReadableStream } from "react-dom/server";
import { NonceProvider } from "./components/nonce";

const ABORT_DELAY_MS = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(), ABORT_DELAY_MS);
  const nonce = loadContext.cspNonce;

  const body = await renderToReadableStream(
    <NonceProvider value={nonce}>
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY_MS} nonce={nonce} />
    </NonceProvider>,
    {
      nonce,
      signal: controller.signal,
      onError(error: unknown) {
        if (!controller.signal.aborted) console.error(error);
        responseStatusCode = 500;
      },
    },
  );
  body.allReady.then(() => clearTimeout(timeout));

  // Every reader gets the whole document at once: the signed-in chrome is loaded lazily in the
  // browser (React.lazy, decision 0188), and a streamed Suspense boundary would need JavaScript to
  // be revealed, which a reader without JavaScript (or a crawler) does not run. Nothing here
  // streams slow data, so waiting costs only the render itself.
  await body.allReady;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, {
    headers: responseHeaders,
    status:
      responseStatusCode === 401 &&
      (request.method === "GET" || request.method === "HEAD") &&
      signedOutLanding(remixContext)
        ? 200
        : responseStatusCode,
  });
}

/**
 * A signed-in page asked for by a visitor who is not signed in: its loader refused with 401
 * (`requireUser`) and the signed-in area's ErrorBoundary shows the landing page with the sign-in,
 * which is a page like any other (200), not an error. A form sent signed out keeps its action's 401.
 */
function signedOutLanding({ staticHandlerContext: { errors, loaderData } }: EntryContext): boolean {
  const area = loaderData["routes/_app"] as { user?: unknown } | undefined;
  const refusals = Object.values(errors ?? {});
  return (
    Boolean(area) &&
    area?.user === null &&
    refusals.length > 0 &&
    refusals.every((error) => isRouteErrorResponse(error) && error.status === 401)
  );
}
