import { getInputProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { CityChoices, CityPicker } from "./city-picker";
import { useMessageText, useT } from "~/i18n/i18n";
import { LIMITS } from "~/deliveries/booking-schema";
import { TextCount } from "~/forms/text-count";

export type TextField<Form extends Record<string, unknown>> = FieldMetadata<string | null | undefined, Form, string[]>;

/** A field's first problem, under it, in the reader's language. */
export function FieldError({ field }: { field: { errorId: string; errors?: string[] } }) {
  const m = useMessageText();
  return field.errors?.length ? (
    <p id={field.errorId} className="field-error">
      {m(field.errors[0]!)}
    </p>
  ) : null;
}

/** The pickup or the dropoff section: address, city, contact number and notes. */
export function StopFields<Form extends Record<string, unknown>>(props: {
  stop: "pickup" | "dropoff";
  address: TextField<Form>;
  city: TextField<Form>;
  cityControl: { value: string | undefined; change: (value: string) => void; blur: () => void };
  cityTextName: string;
  phone: TextField<Form>;
  notes: TextField<Form>;
}) {
  const { stop, address, city, cityControl, cityTextName, phone, notes } = props;
  const t = useT();
  return (
    <fieldset className="card booking-section">
      <legend>{t(`booking.${stop}.legend`)}</legend>
      <div className="field">
        <label htmlFor={address.id}>{t(`booking.${stop}.address`)}</label>
        <input
          {...getInputProps(address, { type: "text" })}
          autoComplete="street-address"
          placeholder={t("booking.addressPlaceholder")}
        />
        <FieldError field={address} />
      </div>
      <div className="field">
        <CityPicker
          key={city.key}
          id={city.id}
          label={t(`booking.${stop}.city`)}
          value={cityControl.value}
          onChange={cityControl.change}
          onBlur={cityControl.blur}
          errorId={city.errorId}
          errors={city.errors}
          textName={cityTextName}
          fieldName={city.name}
        />
        <FieldError field={city} />
        <CityChoices
          id={`${city.id}-choices`}
          typed={cityControl.value}
          name={`${city.name}Choice`}
          legend={t(`booking.${stop}.cityChoose`)}
          onChoose={cityControl.change}
        />
      </div>
      <div className="field">
        <label htmlFor={phone.id}>{t(`booking.${stop}.phone`)}</label>
        <input
          {...getInputProps(phone, { type: "tel" })}
          autoComplete="tel"
          inputMode="tel"
          placeholder="09171234567"
        />
        <FieldError field={phone} />
      </div>
      <div className="field">
        <label htmlFor={notes.id}>
          {t(`booking.${stop}.notes`)} <span className="muted">{t("app.optional")}</span>
        </label>
        <textarea
          {...getTextareaProps(notes, { ariaDescribedBy: `${notes.id}-count` })}
          rows={2}
          placeholder={t(`booking.${stop}.notesPlaceholder`)}
        />
        <TextCount id={`${notes.id}-count`} value={notes.value ?? undefined} max={LIMITS.notes} />
        <FieldError field={notes} />
      </div>
    </fieldset>
  );
}
