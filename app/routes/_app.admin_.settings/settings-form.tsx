import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { useRef } from "react";
import { useAnswerInView } from "~/forms/answer-in-view";
import { FixList } from "~/forms/fix-list";
import { FormErrors } from "~/forms/form-errors";
import { useActionForm } from "~/forms/use-action-form";
import { useMessageText, useT } from "~/i18n/i18n";
import type { SettingsStep } from "./coop-settings-action.server";
import { ChangeList, useVersionText, type VersionSummary } from "./settings-changes";
import type { SettingChange } from "~/settings/settings-diff";
import { settingsFormSchema, type SettingsSaveBody } from "~/settings/settings-schema";
import { PeakHoursFieldset } from "./peak-hours-fieldset";
import { PromoCodesFieldset } from "./promo-codes-fieldset";
import { getAt, nameOf, type Path } from "./field-paths";

/** An open settings vote that would change a setting being saved (its changes as voted on). */
export interface OpenVoteCard {
  title: string;
  closesText: string;
  changes: SettingChange[];
}

/** Another version came in since the page was loaded (decision 0219): what changed, and by whom. */
export interface SettingsConflictAnswer {
  version: number;
  base: number;
  changes: SettingChange[];
  versions: VersionSummary[];
  /** Settings this admin changed too: the newest value → this admin's (the form holds this admin's). */
  both: SettingChange[];
}

/**
 * The action's answer: field errors; the changes to confirm (`review`) with the values as sent; or
 * (409) what changed since the page was loaded, the form then holding the newest settings with this
 * admin's own changes on top.
 */
export type SettingsAnswer =
  | SubmissionResult<string[]>
  | {
      result: SubmissionResult<string[]>;
      review: "confirm" | "large";
      changes: SettingChange[];
      openVotes?: OpenVoteCard[];
    }
  | { result: SubmissionResult<string[]>; conflict: SettingsConflictAnswer };

/** Where the page lands after Save, Confirm or a refusal: the answer, at the top of the form (its action names it). */
export const SETTINGS_ANSWER_ANCHOR = "settings-answer";

/** A field's input, as `numberInput` and the promo and contact fields name it (`promoCodes[0].code` is `setting-promo-0-code`). */
const inputIdOf = (name: string) => {
  const path = name.replace(/\[(\d+)\]/g, ".$1");
  const promoCode = /^promoCodes\.(\d+)\.code$/.exec(path);
  if (promoCode) return `setting-promo-${promoCode[1]}-code`;
  return path.startsWith("contacts.") ? `setting-contacts-${path.slice("contacts.".length)}` : `setting-${path}`;
};

/** Whether the form leaves every contact empty: /help then shows no way to reach the co-op. */
const noContact = (values: unknown) =>
  (["hotline", "messenger", "email"] as const).every((name) => !String(getAt(values, ["contacts", name]) ?? "").trim());

/**
 * Coop Settings' form: every setting as a labelled input, posted to the page's action (decision
 * 0187). Save shows each change as before → after to confirm; a price moved by more than 50% asks
 * again. Rows are added and removed with conform's intent buttons, with or without
 * JavaScript. A hidden `baseVersion` names the version the values came from; a save refused
 * because another version came in shows what changed since (decision 0219).
 */
export function SettingsForm({ initial, answer }: { initial: SettingsSaveBody; answer: SettingsAnswer | undefined }) {
  const review = answer && "review" in answer ? answer : null;
  const conflict = answer && "conflict" in answer ? answer.conflict : null;
  const [form] = useActionForm(settingsFormSchema, {
    id: "settings",
    lastResult: answer && "result" in answer ? answer.result : (answer as SubmissionResult<string[]> | undefined),
    defaultValue: initial as unknown as Record<string, unknown>,
  });
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const t = useT();
  const m = useMessageText();
  const versionText = useVersionText();
  const values = (form.value ?? initial) as unknown;
  const errors = form.allErrors;
  const contactless = noContact(values);
  const answerRef = useRef<HTMLDivElement>(null);
  // The page is 6,000 px long on a phone: the review or the refusal is brought into view, and focus moves to it.
  useAnswerInView(answerRef, review ?? (conflict ? answer : null));
  const toFix = Object.entries(errors)
    .filter(([name, said]) => name !== "" && said.length > 0)
    .map(([name, said]) => ({ href: `#${inputIdOf(name)}`, label: m(said[0]!) }));

  /** A number's field; without `step`, an amount of pesos, typed as text so "1,500" can be written (app/money/peso-input.ts). */
  function numberInput(path: Path, label: string, step?: string) {
    const name = nameOf(path);
    const id = `setting-${path.join(".")}`;
    const fieldErrors = errors[name];
    return (
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          name={name}
          {...(step ? { type: "number", min: "0", step } : { type: "text", autoComplete: "off" })}
          inputMode="decimal"
          defaultValue={String(getAt(values, path) ?? "")}
          aria-invalid={fieldErrors ? true : undefined}
          aria-describedby={fieldErrors ? `${id}-error` : undefined}
        />
        <FormErrors id={`${id}-error`} errors={fieldErrors} />
      </div>
    );
  }

  function textInput(name: "hotline" | "messenger" | "email", type: string) {
    const id = `setting-contacts-${name}`;
    const fieldErrors = errors[`contacts.${name}`];
    return (
      <div className="field">
        <label htmlFor={id}>{t(`adminMoney.settings.${name}`)}</label>
        <input
          id={id}
          name={`contacts.${name}`}
          type={type}
          maxLength={200}
          defaultValue={String(getAt(values, ["contacts", name]) ?? "")}
          aria-invalid={fieldErrors ? true : undefined}
        />
        <FormErrors errors={fieldErrors} />
      </div>
    );
  }

  const tierRows = (name: "dailyTiers" | "weeklyTiers") =>
    ((getAt(values, ["incentives", name]) as unknown[] | undefined) ?? []).map((_, i) => (
      <div key={`${name}-${i}`} className="settings-pair">
        {numberInput(
          ["incentives", name, i, "minDeliveries"],
          t("adminMoney.settings.tierDeliveries", { tier: i + 1 }),
          "1",
        )}
        {numberInput(["incentives", name, i, "amount"], t("adminMoney.settings.tierAmount", { tier: i + 1 }))}
      </div>
    ));
  const stepButton = (step: SettingsStep, label: string, className: string) => (
    <button type="submit" name="intent" value={step} className={className} disabled={busy}>
      {busy ? t("adminMoney.saving") : label}
    </button>
  );

  return (
    <Form
      method="post"
      action={`/admin/settings#${SETTINGS_ANSWER_ANCHOR}`}
      className="stack-lg settings-form"
      {...getFormProps(form)}
      noValidate
      aria-label={t("adminMoney.settings.heading")}
    >
      <input
        type="hidden"
        name="baseVersion"
        defaultValue={String(getAt(values, ["baseVersion"]) ?? initial.baseVersion)}
      />
      <div id={SETTINGS_ANSWER_ANCHOR} ref={answerRef} tabIndex={-1} className="form-answer stack-lg">
        {conflict ? (
          <section
            className="card stack"
            role="alert"
            aria-labelledby="settings-conflict-title"
            data-testid="settings-conflict"
          >
            <h2 id="settings-conflict-title">{t("adminMoney.settings.conflictTitle")}</h2>
            <p>{t("adminMoney.settings.conflictText", { version: conflict.version, base: conflict.base })}</p>
            <ul className="stack">
              {conflict.versions.map((version) => (
                <li key={version.version}>{versionText(version)}</li>
              ))}
            </ul>
            <ChangeList changes={conflict.changes} testId="settings-conflict-changes" />
            {conflict.both.length > 0 ? (
              <>
                <p>{t("adminMoney.settings.conflictBoth")}</p>
                <ChangeList changes={conflict.both} testId="settings-conflict-both" />
              </>
            ) : null}
            <p className="muted">{t("adminMoney.settings.conflictKept", { version: conflict.version })}</p>
          </section>
        ) : null}
        {review ? (
          <section className="card stack" aria-labelledby="settings-review-title" data-testid="settings-review">
            <h2 id="settings-review-title">
              {review.review === "large" ? t("adminMoney.settings.largeTitle") : t("adminMoney.settings.confirmTitle")}
            </h2>
            {contactless ? (
              <p className="notice" data-testid="settings-review-no-contacts">
                {t("adminMoney.settings.noContactsReview")}
              </p>
            ) : null}
            {review.changes.length === 0 ? (
              <p>{t("adminMoney.settings.nothingChanged")}</p>
            ) : (
              <>
                <p className="muted">
                  {review.review === "large"
                    ? t("adminMoney.settings.largeText")
                    : t("adminMoney.settings.confirmText")}
                </p>
                <ChangeList changes={review.changes} testId="settings-review-changes" />
                {review.openVotes?.length ? (
                  <div className="stack" data-testid="settings-open-votes">
                    <p>{t("adminMoney.settings.openVotes")}</p>
                    <ul className="stack">
                      {review.openVotes.map((vote) => (
                        <li key={vote.title + vote.closesText}>
                          {t("adminMoney.settings.openVote", { title: vote.title, date: vote.closesText })}
                          <ChangeList changes={vote.changes} />
                        </li>
                      ))}
                    </ul>
                  </div>
                ) : null}
                <div className="row">
                  {review.review === "large"
                    ? stepButton("large", t("adminMoney.settings.confirmLarge"), "button button-danger")
                    : stepButton("confirm", t("adminMoney.settings.confirm"), "button")}
                </div>
              </>
            )}
            <p className="muted">{t("adminMoney.settings.reviewEdit")}</p>
          </section>
        ) : null}
        <FormErrors errors={form.errors} />
        <FixList fields={toFix} />
      </div>
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
      <PromoCodesFieldset
        values={values}
        add={form.insert.getButtonProps({
          name: "promoCodes",
          defaultValue: { code: "", amount: "", minimumFare: "0", active: "on" } as never,
        })}
        numberInput={numberInput}
        errors={errors}
      />
      <PeakHoursFieldset
        values={values}
        buttons={{
          add: form.insert.getButtonProps({
            name: "peakHours.windows",
            defaultValue: {
              days: ["1", "2", "3", "4", "5", "6"],
              startHour: "11",
              endHour: "13",
              surcharge: "50",
            } as never,
          }),
          remove: (index) => form.remove.getButtonProps({ name: "peakHours.windows", index }),
        }}
        numberInput={numberInput}
        errors={errors}
      />
      <fieldset className="card">
        <legend>{t("adminMoney.settings.claims")}</legend>
        {numberInput(["claimApprovalLimit"], t("adminMoney.settings.claimApprovalLimit"))}
      </fieldset>
      <fieldset className="card">
        <legend>{t("adminMoney.settings.contacts")}</legend>
        {contactless ? (
          <p className="notice" role="status" data-testid="settings-no-contacts">
            {t("adminMoney.settings.noContacts")}
          </p>
        ) : null}
        {textInput("hotline", "tel")}
        {textInput("messenger", "url")}
        {textInput("email", "email")}
      </fieldset>
      {stepButton("review", t("adminMoney.settings.save"), "button")}
    </Form>
  );
}
