import type { ButtonHTMLAttributes, ReactNode } from "react";
import { FormErrors } from "~/forms/form-errors";
import { useT } from "~/i18n/i18n";
import { getAt, nameOf, type Path } from "./field-paths";

const ticked = (value: unknown) => value === true || value === "on";

/** Coop Settings' promo codes: each code, its amount off, minimum fare, first delivery only and active. */
export function PromoCodesFieldset({
  values,
  add,
  numberInput,
  errors,
}: {
  values: unknown;
  /** conform's intent button (it works without JavaScript too): add a code. */
  add: ButtonHTMLAttributes<HTMLButtonElement>;
  numberInput: (path: Path, label: string, step?: string) => ReactNode;
  errors: Record<string, string[]>;
}) {
  const t = useT();
  const promos = (getAt(values, ["promoCodes"]) as Record<string, unknown>[] | undefined) ?? [];
  return (
    <fieldset className="card">
      <legend>{t("adminMoney.settings.promoCodes")}</legend>
      <FormErrors errors={errors.promoCodes} />
      {promos.map((promo, i) => {
        const codeId = `setting-promo-${i}-code`;
        const codeName = nameOf(["promoCodes", i, "code"]);
        return (
          <div key={i} className="settings-promo" data-testid="promo-row">
            <div className="field">
              <label htmlFor={codeId}>{t("adminMoney.settings.code")}</label>
              <input id={codeId} name={codeName} type="text" maxLength={32} defaultValue={String(promo?.code ?? "")} />
              <FormErrors errors={errors[codeName]} />
            </div>
            {numberInput(["promoCodes", i, "amount"], t("adminMoney.settings.amountOff"))}
            {numberInput(["promoCodes", i, "minimumFare"], t("adminMoney.settings.minimumFare"))}
            <label className="settings-check">
              <input
                type="checkbox"
                name={nameOf(["promoCodes", i, "firstDeliveryOnly"])}
                defaultChecked={ticked(promo?.firstDeliveryOnly)}
              />{" "}
              {t("adminMoney.settings.firstOnly")}
            </label>
            <label className="settings-check">
              <input
                type="checkbox"
                name={nameOf(["promoCodes", i, "active"])}
                defaultChecked={ticked(promo?.active)}
              />{" "}
              {t("adminMoney.settings.active")}
            </label>
          </div>
        );
      })}
      <button className="button button-secondary" {...add}>
        {t("adminMoney.settings.addPromo")}
      </button>
    </fieldset>
  );
}
