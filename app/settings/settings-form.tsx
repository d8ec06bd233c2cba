import { useState, type FormEvent } from "react";
import { ErrorList } from "~/components/field";
import { ApiError, apiRequest } from "~/http/api-client";
import { useMessageT, useT } from "~/i18n/i18n";
import { toast } from "~/toast/toast-store";
import { settingsBodySchema, type SettingsBody } from "./settings-schema";
import { PeakHoursFieldset } from "./peak-hours-fieldset";

/** Coop Settings' form: every setting as a labelled input; Save stores a new version. */
export type Path = (string | number)[];
const key = (path: Path) => path.join(".");

function getAt(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((v, k) => (v as Record<string | number, unknown> | undefined)?.[k], value);
}

export function setAt<T>(value: T, path: Path, next: unknown): T {
  if (path.length === 0) return next as T;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head!] = setAt(copy[head!], rest, next);
  return copy as T;
}

/** Inputs keep what was typed (text); numbers are read on Save. */
function toNumbers(value: unknown, path: Path = []): unknown {
  if (Array.isArray(value)) return value.map((v, i) => toNumbers(v, [...path, i]));
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toNumbers(v, [...path, k])]));
  if (typeof value === "string" && path.at(-1) !== "code") return value.trim() === "" ? undefined : Number(value);
  return value;
}

export function SettingsForm({ initial, onSaved }: { initial: SettingsBody; onSaved: () => void }) {
  const [values, setValues] = useState<SettingsBody>(initial);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const t = useT();
  // The schema's rules are written in English (the server shares them); shown in the page's language.
  const m = useMessageT();

  function numberInput(path: Path, label: string, step = "0.01") {
    const id = `setting-${key(path)}`;
    const fieldErrors = errors[key(path)];
    return (
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          type="number"
          inputMode="decimal"
          min="0"
          step={step}
          value={String(getAt(values, path) ?? "")}
          aria-invalid={fieldErrors ? true : undefined}
          onChange={(event) => setValues((v) => setAt(v, path, event.target.value))}
        />
        <ErrorList errors={fieldErrors} />
      </div>
    );
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const parsed = settingsBodySchema.safeParse(toNumbers(values));
    if (!parsed.success) {
      const next: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) (next[key(issue.path)] ??= []).push(m(issue.message));
      setErrors(next);
      toast({ title: t("adminMoney.settings.notSaved"), description: m(parsed.error.issues[0]!.message), variant: "destructive" });
      return;
    }
    setBusy(true);
    try {
      const saved = await apiRequest<{ version: number }>("PUT", "/api/admin/settings", parsed.data);
      setErrors({});
      toast({ title: t("adminMoney.settings.saved"), description: t("adminMoney.settings.savedText", { version: saved.version }) });
      onSaved();
    } catch (error) {
      const message = error instanceof ApiError && error.status < 500 ? error.serverMessage : t("adminMoney.tryAgain");
      if (error instanceof ApiError) setErrors(error.fieldErrors);
      toast({ title: t("adminMoney.settings.notSaved"), description: message, variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  const tierRows = (name: "dailyTiers" | "weeklyTiers") =>
    values.incentives[name].map((_, i) => (
      <div key={`${name}-${i}`} className="settings-pair">
        {numberInput(["incentives", name, i, "minDeliveries"], t("adminMoney.settings.tierDeliveries", { tier: i + 1 }), "1")}
        {numberInput(["incentives", name, i, "amount"], t("adminMoney.settings.tierAmount", { tier: i + 1 }))}
      </div>
    ));

  return (
    <form className="stack-lg" onSubmit={save} noValidate aria-label={t("adminMoney.settings.heading")}>
      <fieldset className="card">
        <legend>{t("adminMoney.settings.rateCard")}</legend>
        {numberInput(["rateCard", "baseFare"], t("adminMoney.settings.baseFare"))}
        {numberInput(["rateCard", "includedKm"], t("adminMoney.settings.includedKm"), "0.1")}
        {numberInput(["rateCard", "perKm"], t("adminMoney.settings.perKm"))}
        {numberInput(["rateCard", "sizeFees", "small"], t("adminMoney.settings.sizeSmall"))}
        {numberInput(["rateCard", "sizeFees", "medium"], t("adminMoney.settings.sizeMedium"))}
        {numberInput(["rateCard", "sizeFees", "large"], t("adminMoney.settings.sizeLarge"))}
      </fieldset>
      <fieldset className="card">
        <legend>{t("adminMoney.settings.cancellationFees")}</legend>
        {numberInput(["cancellationFees", "assigned"], t("adminMoney.settings.feeAssigned"))}
        {numberInput(["cancellationFees", "riderArrived"], t("adminMoney.settings.feeArrived"))}
      </fieldset>
      <fieldset className="card">
        <legend>{t("adminMoney.settings.idDiscounts")}</legend>
        {numberInput(["idDiscountPercents", "pwd"], t("adminMoney.settings.pwd"), "1")}
        {numberInput(["idDiscountPercents", "senior"], t("adminMoney.settings.senior"), "1")}
        {numberInput(["idDiscountPercents", "student"], t("adminMoney.settings.student"), "1")}
      </fieldset>
      <fieldset className="card">
        <legend>{t("adminMoney.settings.incentives")}</legend>
        <h3>{t("adminMoney.settings.perDay")}</h3>
        {tierRows("dailyTiers")}
        <div className="settings-pair">
          {numberInput(["incentives", "dailyRatingBonus", "minRating"], t("adminMoney.settings.ratingMin"), "0.1")}
          {numberInput(["incentives", "dailyRatingBonus", "amount"], t("adminMoney.settings.ratingAmount"))}
        </div>
        <h3>{t("adminMoney.settings.perWeek")}</h3>
        {tierRows("weeklyTiers")}
        <div className="settings-pair">
          {numberInput(["incentives", "weeklyTop", "count"], t("adminMoney.settings.topCount"), "1")}
          {numberInput(["incentives", "weeklyTop", "amount"], t("adminMoney.settings.topAmount"))}
        </div>
      </fieldset>
      <fieldset className="card">
        <legend>{t("adminMoney.settings.promoCodes")}</legend>
        <ErrorList errors={errors.promoCodes} />
        {values.promoCodes.map((promo, i) => {
          const codeId = `setting-promo-${i}-code`;
          return (
            <div key={i} className="settings-promo" data-testid="promo-row">
              <div className="field">
                <label htmlFor={codeId}>{t("adminMoney.settings.code")}</label>
                <input id={codeId} type="text" maxLength={32} value={promo.code} onChange={(event) => setValues((v) => setAt(v, ["promoCodes", i, "code"], event.target.value))} />
                <ErrorList errors={errors[key(["promoCodes", i, "code"])]} />
              </div>
              {numberInput(["promoCodes", i, "amount"], t("adminMoney.settings.amountOff"))}
              {numberInput(["promoCodes", i, "minimumFare"], t("adminMoney.settings.minimumFare"))}
              <label className="settings-check">
                <input type="checkbox" checked={promo.firstDeliveryOnly} onChange={(event) => setValues((v) => setAt(v, ["promoCodes", i, "firstDeliveryOnly"], event.target.checked))} /> {t("adminMoney.settings.firstOnly")}
              </label>
              <label className="settings-check">
                <input type="checkbox" checked={promo.active} onChange={(event) => setValues((v) => setAt(v, ["promoCodes", i, "active"], event.target.checked))} /> {t("adminMoney.settings.active")}
              </label>
            </div>
          );
        })}
        <button
          type="button"
          className="button button-secondary"
          onClick={() => setValues((v) => ({ ...v, promoCodes: [...v.promoCodes, { code: "", amount: "" as unknown as number, minimumFare: 0, firstDeliveryOnly: false, active: true }] }))}
        >
          {t("adminMoney.settings.addPromo")}
        </button>
      </fieldset>
      <PeakHoursFieldset values={values} setValues={setValues} numberInput={numberInput} errors={errors} />
      <button type="submit" className="button" disabled={busy}>
        {busy ? t("adminMoney.saving") : t("adminMoney.settings.save")}
      </button>
    </form>
  );
}
