import { useT } from "~/i18n/i18n";
import { formatManilaClock } from "~/i18n/manila";
import { ageParts } from "./freshness";
import { aboutText } from "~/deliveries/places";
import { distanceText, etaMinutes } from "./geo-text";

/**
 * The live map's words in the page's language (the `app` namespace, sent to every signed-in page
 * and to the recipient's page): how old the rider's position is, when it was delivered, and the
 * time to go. Distances stay "850 m" / "3.4 km" in both languages.
 */
export function useLiveText() {
  const t = useT();
  const minutes = (count: number) => t("app.map.eta.minutes", { count });
  return {
    lastHeard: (lastHeardAt: number, now: number) => {
      const { unit, count } = ageParts(lastHeardAt, now);
      return t("app.map.lastHeard", { age: t(`app.map.age.${unit}`, { count }) });
    },
    deliveredAt: (at: string | number | Date) => t("app.map.deliveredAt", { time: formatManilaClock(at) }),
    distance: distanceText,
    eta: (km: number) => {
      const total = etaMinutes(km);
      if (total < 1) return t("app.map.eta.underMinute");
      if (total < 60) return minutes(total);
      const hours = Math.floor(total / 60);
      const rest = total % 60;
      return rest === 0
        ? t("app.map.eta.hours", { count: hours })
        : t("app.map.eta.hoursMinutes", { hours, minutes: rest });
    },
  };
}

/** "15 mins" as the pricing API words a duration, in the page's language. */
export function useDurationText() {
  const t = useT();
  return (text: string) => {
    const count = /^(\d+) mins?$/.exec(text)?.[1];
    return count === undefined ? text : t("app.duration.minutes", { count: Number(count) });
  };
}

/** "about 8 km" / "about 16 mins" when measured between approximate points, in the page's language. */
export function useAboutText() {
  const t = useT();
  return (value: string, approximate: boolean) =>
    aboutText(value, approximate, (v) => t("app.place.about", { value: v }));
}
