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
} satisfies Record<`validation.${string}`, string>;
