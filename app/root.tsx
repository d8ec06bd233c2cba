import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useNavigation,
  useRouteLoaderData,
} from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { BRAND_NAME, BRAND_TAGLINE } from "./components/brand";
import { useNonce } from "./components/nonce";
import { registerServiceWorkerWhenIdle, SERVICE_WORKER_REGISTRATION } from "./offline/registration";
import { FullPageSpinner } from "./components/spinner";
import { TranslationProvider, useLanguage } from "./i18n/i18n";
import { metaText } from "./i18n/meta";
import stylesheetUrl from "./styles/site.css";
import { Toaster } from "./components/toaster";
import { rootLoader } from "./root.server";
import { publicPageScripts } from "./public/public-page";
import { CARRIED_TOAST_KEY, SHOW_CARRIED_TOAST, StaticToast } from "./public/static-toast";
import type { FlashToast } from "./components/toast.server";
import RootError from "./components/root-error";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheetUrl },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/icon-192.png" },
];

/** The default title and description, in the page's language (the root's loader sends `common`). */
export const meta: MetaFunction = ({ matches }) => [
  { title: metaText(matches, "common.meta.title", `${BRAND_NAME} · ${BRAND_TAGLINE}`) },
  {
    name: "description",
    content: metaText(
      matches,
      "common.meta.description",
      `${BRAND_NAME}: book deliveries with the ${BRAND_TAGLINE.toLowerCase()}.`,
    ),
  },
];

export const loader = (args: LoaderFunctionArgs) => rootLoader(args);

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const language = useLanguage();
  // A public page (decision 0188) is sent without React and Remix's runtime: its own scripts only.
  const pageScripts = publicPageScripts(useMatches());
  return (
    <html lang={language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f766e" />
        <Meta />
        <Links />
        {pageScripts?.map((src) => (
          <script key={src} type="module" src={src} nonce={nonce} />
        ))}
      </head>
      <body>
        <TranslationProvider>
          {children}
          {pageScripts ? <FlashToastInHtml /> : <Toaster />}
        </TranslationProvider>
        {pageScripts ? (
          <>
            <script nonce={nonce} dangerouslySetInnerHTML={{ __html: SHOW_CARRIED_TOAST }} />
            <script nonce={nonce} dangerouslySetInnerHTML={{ __html: SERVICE_WORKER_REGISTRATION }} />
          </>
        ) : (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

/** The flash toast of a public page, written into its HTML (the list is there for a carried one too). */
function FlashToastInHtml() {
  const toast = useRouteLoaderData<{ flashToast: FlashToast | null }>("root")?.flashToast;
  return <StaticToast {...toast} id="public-toasts" />;
}

export default function App() {
  const navigation = useNavigation();
  const location = useLocation();
  // A public page reached by a client-side navigation (a link or a form's redirect on a React
  // page): it is loaded again as a document, without React (decision 0188), and its flash toast,
  // which this navigation's loader already read, is carried across in session storage.
  const publicPage = publicPageScripts(useMatches()) !== null;

  const flashToast = useRouteLoaderData<typeof loader>("root")?.flashToast ?? null;

  useEffect(registerServiceWorkerWhenIdle, []);

  useEffect(() => {
    if (!publicPage) return;
    if (flashToast) sessionStorage.setItem(CARRIED_TOAST_KEY, JSON.stringify(flashToast));
    window.location.replace(window.location.href);
  }, [flashToast, publicPage, location.key]);

  return (
    <>
      {navigation.state === "loading" && navigation.location.pathname !== location.pathname ? (
        <FullPageSpinner delayed />
      ) : null}
      <Outlet />
    </>
  );
}

/**
 * A friendly page in the reader's language with Retry, never a stack or raw error.
 * Imported with the root, not lazily: a failing page offline could not load it.
 */
export function ErrorBoundary() {
  return <RootError />;
}
