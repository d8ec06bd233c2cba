import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { Field } from "~/components/field";
import { PROPOSAL_KINDS, type ProposalKind } from "~/db/enums";
import type { FormAnswer } from "~/forms/form-action.server";
import { FormErrors } from "~/forms/form-errors";
import { TextCount } from "~/forms/text-count";
import { FORM_KEY_FIELD } from "~/forms/form-key";
import { useActionForm } from "~/forms/use-action-form";
import { useMessageText, useT } from "~/i18n/i18n";
import { BODY_MAX, VOTING_DAYS_DEFAULT, VOTING_DAYS_MAX, VOTING_DAYS_MIN } from "~/coop/governance-rules";
import { newProposalFormSchema } from "~/coop/proposal-form-schemas";

/**
 * Open a proposal: its kind chosen by a link (so each kind's form is a plain form, with or without
 * JavaScript), then its title, text, voting days and what it does. Posted to the page's action.
 */
export function NewProposalForm({
  kind,
  settings,
  formKey,
}: {
  kind: ProposalKind;
  settings: { path: string; label: string }[];
  formKey: string;
}) {
  const t = useT();
  const m = useMessageText();
  const lastResult = useActionData<FormAnswer>();
  const [form, fields] = useActionForm(newProposalFormSchema, {
    id: `proposal-${kind}`,
    lastResult,
    defaultValue: { kind, votingDays: VOTING_DAYS_DEFAULT },
  });
  const navigation = useNavigation();
  const said = (errors: string[] | undefined) => errors?.map((error) => m(error));
  const period = fields.period.getFieldset();

  return (
    <div className="stack">
      <nav aria-label={t("coop.new.kinds")} className="proposal-kinds">
        {PROPOSAL_KINDS.map((each) => (
          <Link
            key={each}
            to={`?kind=${each}`}
            aria-current={each === kind ? "page" : undefined}
            className={each === kind ? "button" : "button button-secondary"}
            replace
          >
            {t(`coop.kind.${each}`)}
          </Link>
        ))}
      </nav>
      <Form method="post" className="card stack" {...getFormProps(form)} aria-label={t("coop.new.heading")}>
        <input type="hidden" name="kind" value={kind} />
        <input type="hidden" name={FORM_KEY_FIELD} value={formKey} />
        <Field id="proposal-title" label={t("coop.new.title")} errors={said(fields.title.errors)}>
          <input {...getInputProps(fields.title, { type: "text" })} id="proposal-title" required={false} />
        </Field>
        <Field id="proposal-body" label={t("coop.new.body")} errors={said(fields.body.errors)}>
          <textarea
            {...getTextareaProps(fields.body, { ariaDescribedBy: "proposal-body-count" })}
            id="proposal-body"
            rows={4}
          />
          <TextCount id="proposal-body-count" value={fields.body.value} max={BODY_MAX} />
        </Field>
        {kind === "settings" ? (
          <>
            <Field id="proposal-setting" label={t("coop.new.setting")} errors={said(fields.setting.errors)}>
              <select {...getSelectProps(fields.setting)} id="proposal-setting" required={false}>
                <option value="">—</option>
                {settings.map((setting) => (
                  <option key={setting.path} value={setting.path}>
                    {setting.label}
                  </option>
                ))}
              </select>
            </Field>
            <Field
              id="proposal-value"
              label={t("coop.new.value")}
              errors={said(fields.value.errors)}
              hint={t("coop.new.valueHint")}
            >
              <input
                {...getInputProps(fields.value, { type: "text" })}
                id="proposal-value"
                inputMode="decimal"
                autoComplete="off"
                required={false}
              />
            </Field>
          </>
        ) : null}
        {kind === "payout" || kind === "surplus_return" ? (
          <Field id="proposal-amount" label={t("coop.new.amount")} errors={said(fields.amount.errors)}>
            <input
              {...getInputProps(fields.amount, { type: "text" })}
              id="proposal-amount"
              inputMode="decimal"
              autoComplete="off"
              required={false}
            />
          </Field>
        ) : null}
        {kind === "payout" ? (
          <Field id="proposal-purpose" label={t("coop.new.purpose")} errors={said(fields.purpose.errors)}>
            <input {...getInputProps(fields.purpose, { type: "text" })} id="proposal-purpose" required={false} />
          </Field>
        ) : null}
        {kind === "surplus_return" ? (
          <>
            <Field id="proposal-period-kind" label={t("coop.new.periodKind")} errors={said(period.kind.errors)}>
              <select {...getSelectProps(period.kind)} id="proposal-period-kind" required={false}>
                <option value="month">{t("coop.new.period.month")}</option>
                <option value="quarter">{t("coop.new.period.quarter")}</option>
                <option value="year">{t("coop.new.period.year")}</option>
              </select>
            </Field>
            <Field id="proposal-period-start" label={t("coop.new.periodStart")} errors={said(period.start.errors)}>
              <input {...getInputProps(period.start, { type: "date" })} id="proposal-period-start" required={false} />
            </Field>
          </>
        ) : null}
        <Field id="proposal-days" label={t("coop.new.votingDays")} errors={said(fields.votingDays.errors)}>
          <input
            {...getInputProps(fields.votingDays, { type: "number" })}
            id="proposal-days"
            inputMode="numeric"
            min={VOTING_DAYS_MIN}
            max={VOTING_DAYS_MAX}
            step="1"
            required={false}
          />
        </Field>
        <FormErrors errors={form.errors} />
        <button type="submit" className="button" disabled={navigation.state === "submitting"}>
          {t("coop.new.submit")}
        </button>
      </Form>
    </div>
  );
}
