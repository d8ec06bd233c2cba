import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { useT } from "~/i18n/i18n";
import { requestLanguage, messagesFor } from "~/i18n/i18n.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return { i18n: messagesFor(await requestLanguage(request, context.cloudflare.env), ["tracking"]) };
}

/** /tracking without a delivery id. */
export default function TrackingWithoutId() {
  const t = useT();
  return (
    <main className="page">
      <div className="card stack" role="alert">
        <p>{t("tracking.invalidLink")}</p>
        <Link to="/" className="button">
          {t("tracking.goHome")}
        </Link>
      </div>
    </main>
  );
}
