import type { Dispatch, ReactNode, SetStateAction } from "react";
import { ErrorList } from "~/components/field";
import { useT } from "~/i18n/i18n";
import { setAt, type Path } from "./settings-form";
import type { SettingsBody } from "./settings-schema";

/** Coop Settings' peak hours (migration 0183): each window's weekdays, hours (Manila) and surcharge. */
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 0] as const;
const DAY_KEYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const;

export function PeakHoursFieldset({
  values,
  setValues,
  numberInput,
  errors,
}: {
  values: SettingsBody;
  setValues: Dispatch<SetStateAction<SettingsBody>>;
  numberInput: (path: Path, label: string, step?: string) => ReactNode;
  errors: Record<string, string[]>;
}) {
  const t = useT();
  const windows = values.peakHours?.windows ?? [];
  const toggleDay = (i: number, day: number, on: boolean) =>
    setValues((v) => {
      const days = v.peakHours!.windows[i]!.days.filter((d) => d !== day);
      return setAt(v, ["peakHours", "windows", i, "days"], on ? [...days, day].sort() : days);
    });
  return (
    <fieldset className="card">
      <legend>{t("adminMoney.settings.peakHours")}</legend>
      <p className="muted">{t("adminMoney.settings.peakHelp")}</p>
      {windows.map((window, i) => (
        <div key={i} className="settings-promo" data-testid="peak-row">
          <div className="field" role="group" aria-label={t("adminMoney.settings.peakDays", { n: i + 1 })}>
            <span>{t("adminMoney.settings.peakDays", { n: i + 1 })}</span>
            {WEEKDAYS.map((day) => (
              <label key={day} className="settings-check">
                <input type="checkbox" checked={window.days.includes(day)} onChange={(event) => toggleDay(i, day, event.target.checked)} /> {t(`adminMoney.settings.day.${DAY_KEYS[day]}`)}
              </label>
            ))}
            <ErrorList errors={errors[["peakHours", "windows", i, "days"].join(".")]} />
          </div>
          {numberInput(["peakHours", "windows", i, "startHour"], t("adminMoney.settings.peakStart"), "1")}
          {numberInput(["peakHours", "windows", i, "endHour"], t("adminMoney.settings.peakEnd"), "1")}
          {numberInput(["peakHours", "windows", i, "surcharge"], t("adminMoney.settings.peakSurcharge"))}
          <button type="button" className="button button-secondary" onClick={() => setValues((v) => setAt(v, ["peakHours", "windows"], windows.filter((_, j) => j !== i)))}>
            {t("adminMoney.settings.peakRemove")}
          </button>
        </div>
      ))}
      <button
        type="button"
        className="button button-secondary"
        onClick={() => setValues((v) => setAt(v, ["peakHours", "windows"], [...windows, { days: [1, 2, 3, 4, 5, 6], startHour: 11, endHour: 13, surcharge: 50 }]))}
      >
        {t("adminMoney.settings.peakAdd")}
      </button>
    </fieldset>
  );
}
