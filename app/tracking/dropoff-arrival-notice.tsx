import { useEffect, useState } from "react";
import { minutesToWait } from "~/deliveries/return-rules";
import { useT } from "~/i18n/i18n";

/**
 * "Your rider is at the dropoff" with the 10 minutes counting down (decision 0222), on the
 * customer's tracking page and the recipient's link. Without JavaScript the minutes are those of
 * the page's rendering; with it they count down each 15 seconds.
 */
export function DropoffArrivalNotice({ arrivedAt }: { arrivedAt: string }) {
  const t = useT();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);
  const minutes = minutesToWait(Date.parse(arrivedAt), now);
  return (
    <section className="card notice stack-sm" role="status" data-testid="dropoff-arrival">
      <h2>{t("tracking.dropoff.arrived")}</h2>
      <p>{minutes > 0 ? t("tracking.dropoff.waiting", { minutes }) : t("tracking.dropoff.waited")}</p>
    </section>
  );
}

/** The return leg on the customer's tracking page: why, and the return code the sender gives the rider. */
export function ReturnNotice({
  reason,
  returnCode,
  returnedAt,
  formatTime,
}: {
  reason: string;
  returnCode?: string;
  returnedAt: string | null;
  formatTime: (iso: string) => string;
}) {
  const t = useT();
  return (
    <section className="card stack-sm" aria-labelledby="return-heading" data-testid="return-notice">
      <h2 id="return-heading">{t("tracking.return.heading")}</h2>
      {returnedAt ? (
        <p>{t("tracking.return.done", { time: formatTime(returnedAt) })}</p>
      ) : (
        <>
          <p>{t("tracking.return.text", { reason })}</p>
          {returnCode ? (
            <>
              <p className="handover-code">
                {t("tracking.return.code", { code: "" })}
                <strong data-testid="return-code">{returnCode}</strong>
              </p>
              <p className="muted">{t("tracking.return.codeHint")}</p>
            </>
          ) : null}
        </>
      )}
    </section>
  );
}
