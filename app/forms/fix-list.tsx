import { useT } from "~/i18n/i18n";

/**
 * The fields to fix, each a link to its field (the fields say why), shown next to a long form's
 * button: its errors sit far above it, and this is where the eye is when the button was pressed
 * (and where the page lands without JavaScript: the form's action names the answer's anchor).
 */
export function FixList({ fields }: { fields: { href: string; label: string }[] }) {
  const t = useT();
  if (fields.length === 0) return null;
  return (
    <div className="fix-list" data-testid="fix-list">
      <p>{t("app.form.fix", { count: fields.length })}</p>
      <ul>
        {fields.map((field) => (
          <li key={field.href}>
            <a href={field.href}>{field.label}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}
