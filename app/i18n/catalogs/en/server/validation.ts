/**
 * Fallbacks for a field whose schema gave no message of its own (app/http/refusal.ts,
 * issueMessage); `{field}` is the field's name in the request.
 */
export const validation = {
  "validation.invalidBody": "The request is not valid. Check what you entered and try again.",
  "validation.required": "{field} is missing. Fill it in and try again.",
  "validation.invalid": "{field} is not valid. Check it and try again.",
  "validation.tooLong": "{field} is too long: use at most {max} characters.",
  "validation.tooShort": "{field} is too short: use at least {min} characters.",
  "validation.tooLarge": "{field} is too large: at most {max}.",
  "validation.tooSmall": "{field} is too small: at least {min}.",
  // Free text (app/validation/text-rules.ts); {label} is the field's name, a word from the catalogs.
  "validation.textLineBreak": "{label} has a line break or a hidden character. Type it on one line and try again.",
  "validation.textControl": "{label} has a hidden character. Remove it and try again.",
  "validation.textDirection": "{label} has a hidden character that turns text around. Remove it and try again.",
  "validation.textInvalidCharacter": "{label} has a character that cannot be stored. Remove it and try again.",
} satisfies Record<`validation.${string}`, string>;
