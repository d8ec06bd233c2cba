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
import { TranslationProvider, useLanguage, useT } from "~/i18n/i18n";
import { messagesFor, requestLanguage } from "~/i18n/i18n.server";
import stylesheetUrl from "~/styles/site.css";
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

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [{ toast: flashToast, headers }, language] = await Promise.all([
    readFlashToast(request),
    requestLanguage(request, context.cloudflare.env),
  ]);
  return data({ flashToast, language, i18n: messagesFor(language, ["common"]) }, { headers });
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const language = useLanguage();
  return (
    <html lang={language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f766e" />
        <Meta />
        <Links />
      </head>
      <body>
        <TranslationProvider>
          {children}
          <Toaster />
        </TranslationProvider>
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
  return <ErrorCard />;
}

function ErrorCard() {
  const t = useT();
  return (
    <main className="centered-page">
      <section className="card" aria-labelledby="error-heading">
        <h1 id="error-heading">{t("common.error.title")}</h1>
        <p className="muted">{t("common.error.body")}</p>
        <Link to="/" className="button">
          {t("common.error.goHome")}
        </Link>
      </section>
    </main>
  );
}
