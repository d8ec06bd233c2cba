import { useState, type FormEvent } from "react";
import { ErrorList } from "~/components/field";
import { ApiError, apiRequest } from "~/http/api-client";
import { toast } from "~/toast/toast-store";
import { settingsBodySchema, type SettingsBody } from "./settings-schema";

/** Coop Settings' form: every setting as a labelled input; Save stores a new version. */
type Path = (string | number)[];
const key = (path: Path) => path.join(".");

function getAt(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((v, k) => (v as Record<string | number, unknown> | undefined)?.[k], value);
}

function setAt<T>(value: T, path: Path, next: unknown): T {
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
      for (const issue of parsed.error.issues) (next[key(issue.path)] ??= []).push(issue.message);
      setErrors(next);
      toast({ title: "Settings not saved", description: parsed.error.issues[0]!.message, variant: "destructive" });
      return;
    }
    setBusy(true);
    try {
      const saved = await apiRequest<{ version: number }>("PUT", "/api/admin/settings", parsed.data);
      setErrors({});
      toast({ title: "Settings saved", description: `Version ${saved.version} is in force for new quotes and bookings.` });
      onSaved();
    } catch (error) {
      const message = error instanceof ApiError && error.status < 500 ? error.serverMessage : "Please try again.";
      if (error instanceof ApiError) setErrors(error.fieldErrors);
      toast({ title: "Settings not saved", description: message, variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  const tierRows = (name: "dailyTiers" | "weeklyTiers") =>
    values.incentives[name].map((_, i) => (
      <div key={`${name}-${i}`} className="settings-pair">
        {numberInput(["incentives", name, i, "minDeliveries"], `Tier ${i + 1}: deliveries`, "1")}
        {numberInput(["incentives", name, i, "amount"], `Tier ${i + 1}: amount (₱)`)}
      </div>
    ));

  return (
    <form className="stack-lg" onSubmit={save} noValidate aria-label="Coop Settings">
      <fieldset className="card">
        <legend>Rate card</legend>
        {numberInput(["rateCard", "baseFare"], "Base fare (₱)")}
        {numberInput(["rateCard", "includedKm"], "Distance the base fare covers (km)", "0.1")}
        {numberInput(["rateCard", "perKm"], "Per-km fee after that (₱)")}
        {numberInput(["rateCard", "sizeFees", "small"], "Size fee: small (₱)")}
        {numberInput(["rateCard", "sizeFees", "medium"], "Size fee: medium (₱)")}
        {numberInput(["rateCard", "sizeFees", "large"], "Size fee: large (₱)")}
      </fieldset>
      <fieldset className="card">
        <legend>Cancellation fees</legend>
        {numberInput(["cancellationFees", "assigned"], "Once a rider is assigned (₱)")}
        {numberInput(["cancellationFees", "riderArrived"], "Once the rider is at the pickup (₱)")}
      </fieldset>
      <fieldset className="card">
        <legend>ID discounts</legend>
        {numberInput(["idDiscountPercents", "pwd"], "PWD (%)", "1")}
        {numberInput(["idDiscountPercents", "senior"], "Senior citizen (%)", "1")}
        {numberInput(["idDiscountPercents", "student"], "Student (%)", "1")}
      </fieldset>
      <fieldset className="card">
        <legend>Incentives</legend>
        <h3>Per day</h3>
        {tierRows("dailyTiers")}
        <div className="settings-pair">
          {numberInput(["incentives", "dailyRatingBonus", "minRating"], "Rating bonus: minimum rating", "0.1")}
          {numberInput(["incentives", "dailyRatingBonus", "amount"], "Rating bonus: amount (₱)")}
        </div>
        <h3>Per week</h3>
        {tierRows("weeklyTiers")}
        <div className="settings-pair">
          {numberInput(["incentives", "weeklyTop", "count"], "Top riders rewarded", "1")}
          {numberInput(["incentives", "weeklyTop", "amount"], "Top rider amount (₱)")}
        </div>
      </fieldset>
      <fieldset className="card">
        <legend>Promo codes</legend>
        <ErrorList errors={errors.promoCodes} />
        {values.promoCodes.map((promo, i) => {
          const codeId = `setting-promo-${i}-code`;
          return (
            <div key={i} className="settings-promo" data-testid="promo-row">
              <div className="field">
                <label htmlFor={codeId}>Code</label>
                <input id={codeId} type="text" maxLength={32} value={promo.code} onChange={(event) => setValues((v) => setAt(v, ["promoCodes", i, "code"], event.target.value))} />
                <ErrorList errors={errors[key(["promoCodes", i, "code"])]} />
              </div>
              {numberInput(["promoCodes", i, "amount"], "Amount off (₱)")}
              {numberInput(["promoCodes", i, "minimumFare"], "Minimum fare (₱)")}
              <label className="settings-check">
                <input type="checkbox" checked={promo.firstDeliveryOnly} onChange={(event) => setValues((v) => setAt(v, ["promoCodes", i, "firstDeliveryOnly"], event.target.checked))} /> First delivery
                only
              </label>
              <label className="settings-check">
                <input type="checkbox" checked={promo.active} onChange={(event) => setValues((v) => setAt(v, ["promoCodes", i, "active"], event.target.checked))} /> Active
              </label>
            </div>
          );
        })}
        <button
          type="button"
          className="button button-secondary"
          onClick={() => setValues((v) => ({ ...v, promoCodes: [...v.promoCodes, { code: "", amount: "" as unknown as number, minimumFare: 0, firstDeliveryOnly: false, active: true }] }))}
        >
          Add promo code
        </button>
      </fieldset>
      <button type="submit" className="button" disabled={busy}>
        {busy ? "Saving..." : "Save Settings"}
      </button>
    </form>
  );
}
