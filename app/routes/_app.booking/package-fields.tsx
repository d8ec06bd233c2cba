import { getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { PACKAGE_SIZES, PACKAGE_TYPES } from "~/db/enums";
import { LIMITS, type bookingSchema } from "~/deliveries/booking-schema";
import { TextCount } from "~/forms/text-count";
import type { useActionForm } from "~/forms/use-action-form";
import { useT } from "~/i18n/i18n";
import { FieldError } from "./stop-fields";

type BookingFields = ReturnType<typeof useActionForm<typeof bookingSchema>>[1];

/** The booking form's Package section: type, size, description, fragile, and whether to tell the recipient. */
export function PackageFields({
  fields,
}: {
  fields: Pick<BookingFields, "packageType" | "packageSize" | "packageDescription" | "isFragile" | "notifyRecipient">;
}) {
  const t = useT();
  return (
    <fieldset className="card booking-section">
      <legend>{t("booking.package.legend")}</legend>
      <div className="field">
        <label htmlFor={fields.packageType.id}>{t("booking.package.type")}</label>
        <select {...getSelectProps(fields.packageType)}>
          {PACKAGE_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`app.label.type.${type}`)}
            </option>
          ))}
        </select>
        <FieldError field={fields.packageType} />
      </div>
      <fieldset
        className="field package-sizes"
        aria-describedby={fields.packageSize.errors?.length ? fields.packageSize.errorId : undefined}
      >
        <legend>{t("booking.package.size")}</legend>
        {PACKAGE_SIZES.map((size) => (
          <label key={size} className="package-size">
            <input
              {...getInputProps(fields.packageSize, { type: "radio", value: size })}
              key={`${fields.packageSize.key}-${size}`}
            />
            <span>{t(`app.label.size.${size}`)}</span>
          </label>
        ))}
        <FieldError field={fields.packageSize} />
      </fieldset>
      <div className="field">
        <label htmlFor={fields.packageDescription.id}>{t("booking.package.description")}</label>
        <textarea
          {...getTextareaProps(fields.packageDescription, {
            ariaDescribedBy: `${fields.packageDescription.id}-count`,
          })}
          rows={2}
          placeholder={t("booking.package.descriptionPlaceholder")}
        />
        <TextCount
          id={`${fields.packageDescription.id}-count`}
          value={fields.packageDescription.value}
          max={LIMITS.description}
        />
        <FieldError field={fields.packageDescription} />
      </div>
      <label className="checkbox-field">
        <input {...getInputProps(fields.isFragile, { type: "checkbox" })} key={fields.isFragile.key} />
        <span>{t("booking.package.fragile")}</span>
      </label>
      <label className="checkbox-field">
        <input {...getInputProps(fields.notifyRecipient, { type: "checkbox" })} key={fields.notifyRecipient.key} />
        <span>{t("booking.package.notifyRecipient")}</span>
      </label>
    </fieldset>
  );
}
