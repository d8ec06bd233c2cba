import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useLocation,
  useNavigation,
  useRouteError,
} from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { BRAND_NAME, BRAND_TAGLINE } from "~/components/brand";
import { useNonce } from "~/components/nonce";
import { NotFoundCard } from "~/components/not-found";
import { SERVICE_WORKER_REGISTRATION } from "~/pwa/registration";
import { FullPageSpinner } from "~/components/spinner";
import stylesheetUrl from "~/styles/app.css";
import { toast } from "~/toast/toast-store";
import { Toaster } from "~/toast/toaster";
import { readFlashToast } from "~/toast/toast.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheetUrl },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/icon-192.png" },
];

export const meta: MetaFunction = () => [
  { title: `${BRAND_NAME} · ${BRAND_TAGLINE}` },
  { name: "description", content: `${BRAND_NAME}: book deliveries with the ${BRAND_TAGLINE.toLowerCase()}.` },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const { toast: flashToast, headers } = await readFlashToast(request);
  return data({ flashToast }, { headers });
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f766e" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <Toaster />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: SERVICE_WORKER_REGISTRATION }} />
      </body>
    </html>
  );
}

export default function App() {
  const { flashToast } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const location = useLocation();

  useEffect(() => {
    if (flashToast) toast(flashToast);
  }, [flashToast]);

  return (
    <>
      {navigation.state === "loading" && navigation.location.pathname !== location.pathname ? (
        <FullPageSpinner delayed />
      ) : null}
      <Outlet />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundCard />;
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <main className="centered-page">
      <section className="card" aria-labelledby="error-heading">
        <h1 id="error-heading">Something went wrong</h1>
        <p className="muted">
          Sorry, this page could not be shown. Please try again in a moment; if it keeps happening, contact
          support.
        </p>
        <Link to="/" className="button">
          Go Home
        </Link>
      </section>
    </main>
  );
}
