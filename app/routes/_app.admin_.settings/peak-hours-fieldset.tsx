import type { ButtonHTMLAttributes, ReactNode } from "react";
import { FormErrors } from "~/forms/form-errors";
import { useT } from "~/i18n/i18n";
import { getAt, nameOf, type Path } from "./field-paths";

/** Coop Settings' peak hours (migration 0183): each window's weekdays, hours (Manila) and surcharge. */
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 0] as const;
const DAY_KEYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const;

export function PeakHoursFieldset({
  values,
  buttons,
  numberInput,
  errors,
}: {
  values: unknown;
  /** conform's intent buttons (they work without JavaScript too): add a window, remove window i. */
  buttons: {
    add: ButtonHTMLAttributes<HTMLButtonElement>;
    remove: (i: number) => ButtonHTMLAttributes<HTMLButtonElement>;
  };
  numberInput: (path: Path, label: string, step?: string) => ReactNode;
  errors: Record<string, string[]>;
}) {
  const t = useT();
  const windows = (getAt(values, ["peakHours", "windows"]) as Record<string, unknown>[] | undefined) ?? [];
  return (
    <fieldset className="card">
      <legend>{t("adminMoney.settings.peakHours")}</legend>
      <p className="muted">{t("adminMoney.settings.peakHelp")}</p>
      {windows.map((window, i) => {
        const daysName = nameOf(["peakHours", "windows", i, "days"]);
        const days = ([] as unknown[]).concat(window?.days ?? []).map(String);
        return (
          <div key={i} className="settings-promo" data-testid="peak-row">
            <div className="field" role="group" aria-label={t("adminMoney.settings.peakDays", { n: i + 1 })}>
              <span>{t("adminMoney.settings.peakDays", { n: i + 1 })}</span>
              {WEEKDAYS.map((day) => (
                <label key={day} className="settings-check">
                  <input type="checkbox" name={daysName} value={day} defaultChecked={days.includes(String(day))} />{" "}
                  {t(`adminMoney.settings.day.${DAY_KEYS[day]}`)}
                </label>
              ))}
              <FormErrors errors={errors[daysName]} />
            </div>
            {numberInput(["peakHours", "windows", i, "startHour"], t("adminMoney.settings.peakStart"), "1")}
            {numberInput(["peakHours", "windows", i, "endHour"], t("adminMoney.settings.peakEnd"), "1")}
            {numberInput(["peakHours", "windows", i, "surcharge"], t("adminMoney.settings.peakSurcharge"))}
            <button className="button button-secondary" {...buttons.remove(i)}>
              {t("adminMoney.settings.peakRemove")}
            </button>
          </div>
        );
      })}
      <button className="button button-secondary" {...buttons.add}>
        {t("adminMoney.settings.peakAdd")}
      </button>
    </fieldset>
  );
}
