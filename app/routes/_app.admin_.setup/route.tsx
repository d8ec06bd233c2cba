import type { LinksFunction, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { adminMeta } from "~/admin/admin-page";
import { useT } from "~/i18n/i18n";
import type { ServiceStatus } from "~/providers/services.server";
import adminStyles from "~/styles/admin.css";
import { formatManilaDateTime } from "~/i18n/manila";
import type { adminSetupLoader as loader } from "./route.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];
export const meta: MetaFunction = adminMeta;

export { adminSetupLoader as loader } from "./route.server";

/** Admins: each outside service and secret, live or test or a stand-in or missing, when it last answered, what waits on it (decision 0205). */
export default function AdminSetup() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  const needing = data.services.filter((service) => service.state === "missing").length;
  return (
    <main className="page stack-lg admin-page">
      <p>
        <Link to="/admin">{t("admin.backToPanel")}</Link>
      </p>
      <h1>{t("adminSetup.heading")}</h1>
      <p>{t("adminSetup.intro")}</p>
      <p className={needing > 0 ? "notice" : "muted"} role={needing > 0 ? "alert" : undefined}>
        {needing > 0 ? t("adminSetup.attention", { count: needing }) : t("adminSetup.allWell")}
      </p>
      <ul className="stack setup-services">
        {data.services.map((service) => (
          <ServiceCard key={service.service} service={service} />
        ))}
      </ul>
      <p className="muted">{t("adminSetup.howToSet")}</p>
    </main>
  );
}

function ServiceCard({ service }: { service: ServiceStatus }) {
  const t = useT();
  const { health } = service;
  const headingId = `setup-${service.service}`;
  return (
    <li className="card stack" aria-labelledby={headingId} data-service={service.service} data-state={service.state}>
      <h2 id={headingId}>
        {t(`adminSetup.service.${service.service}`)}{" "}
        <span className={`badge setup-state setup-state-${service.state}`}>
          {t(`adminSetup.state.${service.state}`)}
        </span>
      </h2>
      {service.provider ? <p className="muted">{t(`adminSetup.provider.${service.provider}`)}</p> : null}
      <p>{t(service.meaning)}</p>
      {service.unset.length > 0 && service.state !== "local" ? (
        <p>{t("adminSetup.unset", { names: service.unset.join(", ") })}</p>
      ) : null}
      {service.provider && service.state !== "local" && service.state !== "off" ? (
        <p>
          {!health
            ? t("adminSetup.neverCalled")
            : health.lastAnswerAt
              ? t("adminSetup.lastAnswered", { time: formatManilaDateTime(health.lastAnswerAt) })
              : t("adminSetup.neverAnswered")}
          {health?.lastFailureAt && health.lastFailure ? (
            <>
              {" "}
              {t("adminSetup.lastFailure", {
                time: formatManilaDateTime(health.lastFailureAt),
                failure: health.lastFailure,
              })}
            </>
          ) : null}
        </p>
      ) : null}
      {service.waiting.length > 0 ? (
        <ul className="stack-sm">
          {service.waiting.map((waiting) => (
            <li key={waiting.what}>
              {t(`adminSetup.waiting.${waiting.what}`, {
                count: waiting.count,
                time: waiting.oldestAt ? formatManilaDateTime(waiting.oldestAt) : "",
              })}
              {waiting.what !== "failedMessages" ? (
                <>
                  {" "}
                  <Link to="/admin/cashouts">{t("adminSetup.waiting.see")}</Link>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      ) : service.queues ? (
        <p className="muted">{t("adminSetup.nothingWaiting")}</p>
      ) : null}
    </li>
  );
}
