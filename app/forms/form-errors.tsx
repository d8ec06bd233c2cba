import { useMessageText } from "~/i18n/i18n";

/**
 * A field's or a form's problems, as message ids (the action's answer or the browser's check) put
 * into the page's language; text that is not an id is shown as it is.
 */
export function FormErrors({
  id,
  errors,
  className = "field-errors",
}: {
  id?: string;
  errors?: string[] | null;
  className?: string;
}) {
  const text = useMessageText();
  if (!errors?.length) return null;
  return (
    <ul id={id} className={className} role="alert">
      {errors.map((error) => (
        <li key={error}>{text(error)}</li>
      ))}
    </ul>
  );
}
