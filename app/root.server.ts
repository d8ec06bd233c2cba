import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { messagesFor, requestLanguage } from "./i18n/i18n.server";
import { readFlashToast } from "./components/toast.server";

/**
 * The root route's loader: the flash toast, the page's language and the `common` and `shell` messages. In a
 * module of its own so the root's browser bundle imports one server module, which the compiler
 * empties into the root's own file, rather than three shared ones, each a file of its own that
 * every page would load (the JavaScript budgets of decision 0188).
 */
export async function rootLoader({ request, context }: LoaderFunctionArgs) {
  const [{ toast: flashToast, headers }, language] = await Promise.all([
    readFlashToast(request),
    requestLanguage(request, context.cloudflare.env),
  ]);
  return data({ flashToast, language, i18n: messagesFor(language, ["common", "shell"]) }, { headers });
}
