import { useState, type FormEvent } from "react";
import { ErrorList } from "~/components/field";
import { ApiError } from "~/http/api-client";
import { useIntentKeys } from "~/http/use-intent-keys";
import { useMessageText, useT } from "~/i18n/i18n";
import { toast } from "~/toast/toast-store";
import { ChangeList } from "./settings-changes";
import { settingsChanges, type SettingChange } from "./settings-diff";
import { settingsBodySchema, settingsFromBody, type SettingsBody } from "./settings-schema";
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
  if (typeof value === "string" && path.at(-1) !== "code" && path[0] !== "contacts") return value.trim() === "" ? undefined : Number(value);
  return value;
}

export function SettingsForm({ initial, onSaved }: { initial: SettingsBody; onSaved: () => void }) {
  const [values, setValues] = useState<SettingsBody>(initial);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  // Issue 27: Save shows each change as before → after and asks to confirm; a price moved by more than 50% asks again.
  const [review, setReview] = useState<{ body: SettingsBody; changes: SettingChange[]; step: "confirm" | "large" } | null>(null);
  const t = useT();
  const keys = useIntentKeys();
  // The schema's rules are message ids (the server shares them), put into the page's language here.
  const m = useMessageText();

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

  function check(event: FormEvent) {
    event.preventDefault();
    const parsed = settingsBodySchema.safeParse(toNumbers(values));
    if (!parsed.success) {
      const next: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) (next[key(issue.path)] ??= []).push(m(issue.message));
      setErrors(next);
      toast({ title: t("adminMoney.settings.notSaved"), description: m(parsed.error.issues[0]!.message), variant: "destructive" });
      return;
    }
    setErrors({});
    const before = settingsFromBody(initial);
    setReview({ body: parsed.data, changes: settingsChanges(before, settingsFromBody(parsed.data, before)), step: "confirm" });
  }

  async function confirm() {
    if (!review) return;
    if (review.step === "confirm" && review.changes.some((change) => change.large)) return setReview({ ...review, step: "large" });
    await save({ ...review.body, confirmLargeChange: review.step === "large" });
  }

  async function save(body: SettingsBody) {
    setBusy(true);
    try {
      const saved = await keys.request<{ version: number }>("save", "PUT", "/api/admin/settings", body);
      setErrors({});
      setReview(null);
      toast({ title: t("adminMoney.settings.saved"), description: t("adminMoney.settings.savedText", { version: saved.version }) });
      onSaved();
    } catch (error) {
      const message = error instanceof ApiError && error.status < 500 ? error.serverMessage : t("adminMoney.tryAgain");
      if (error instanceof ApiError) setErrors(error.fieldErrors);
      setReview(null);
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

  function textInput(name: "hotline" | "messenger" | "email", type: string) {
    const id = `setting-contacts-${name}`;
    const fieldErrors = errors[key(["contacts", name])];
    return (
      <div className="field">
        <label htmlFor={id}>{t(`adminMoney.settings.${name}`)}</label>
        <input
          id={id}
          type={type}
          maxLength={200}
          value={String(values.contacts?.[name] ?? "")}
          aria-invalid={fieldErrors ? true : undefined}
          onChange={(event) => setValues((v) => setAt(v, ["contacts", name], event.target.value))}
        />
        <ErrorList errors={fieldErrors} />
      </div>
    );
  }

  if (review) {
    const large = review.changes.filter((change) => change.large);
    return (
      <section className="card stack" role="dialog" aria-modal="false" aria-labelledby="settings-review-title" data-testid="settings-review">
        <h2 id="settings-review-title">{review.step === "large" ? t("adminMoney.settings.largeTitle") : t("adminMoney.settings.confirmTitle")}</h2>
        {review.changes.length === 0 ? (
          <p>{t("adminMoney.settings.nothingChanged")}</p>
        ) : (
          <>
            <p className="muted">{review.step === "large" ? t("adminMoney.settings.largeText") : t("adminMoney.settings.confirmText")}</p>
            <ChangeList changes={review.step === "large" ? large : review.changes} testId="settings-review-changes" />
          </>
        )}
        <div className="row">
          {review.changes.length > 0 ? (
            <button type="button" className={review.step === "large" ? "button button-danger" : "button"} disabled={busy} onClick={confirm}>
              {busy ? t("adminMoney.saving") : review.step === "large" ? t("adminMoney.settings.confirmLarge") : t("adminMoney.settings.confirm")}
            </button>
          ) : null}
          <button type="button" className="button button-secondary" disabled={busy} onClick={() => setReview(null)}>
            {t("adminMoney.settings.back")}
          </button>
        </div>
      </section>
    );
  }

  return (
    <form className="stack-lg" onSubmit={check} noValidate aria-label={t("adminMoney.settings.heading")}>
      <fieldset className="card">
        <legend>{t("adminMoney.settings.rateCard")}</legend>
        {numberInput(["rateCard", "baseFare"], t("adminMoney.settings.baseFare"))}
        {numberInput(["rateCard", "includedKm"], t("adminMoney.settings.includedKm"), "0.1")}
        {numberInput(["maxDistanceKm"], t("adminMoney.settings.maxDistanceKm"), "1")}
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
      <fieldset className="card">
        <legend>{t("adminMoney.settings.contacts")}</legend>
        {textInput("hotline", "tel")}
        {textInput("messenger", "url")}
        {textInput("email", "email")}
      </fieldset>
      <button type="submit" className="button" disabled={busy}>
        {busy ? t("adminMoney.saving") : t("adminMoney.settings.save")}
      </button>
    </form>
  );
}
