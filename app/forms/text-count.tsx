import { useT } from "~/i18n/i18n";
import { textLength } from "./text-rules";

/**
 * A free text's live count, "12 of 500 characters", by the rule its schema checks (`textLength`:
 * an emoji is one character). Fields with a limit carry no `maxLength`, which counts an emoji as
 * two and cuts a paste without a word; past the limit the count turns red, and the field's own
 * message says it when it is checked.
 */
export function TextCount({ id, value, max }: { id: string; value: string | undefined; max: number }) {
  const t = useT();
  const count = textLength(value ?? "");
  return (
    <p
      id={id}
      className={count > max ? "field-hint text-count is-over" : "field-hint text-count"}
      data-testid="text-count"
    >
      {t("app.form.textCount", { count, max })}
    </p>
  );
}
