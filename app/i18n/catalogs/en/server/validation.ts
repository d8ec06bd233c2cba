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
  // Free text (app/forms/text-rules.ts); {label} is the field's name, a word from the catalogs.
  "validation.textLineBreak": "{label} has a line break or a hidden character. Type it on one line and try again.",
  "validation.textControl": "{label} has a hidden character. Remove it and try again.",
  "validation.textDirection": "{label} has a hidden character that turns text around. Remove it and try again.",
  "validation.textInvalidCharacter": "{label} has a character that cannot be stored. Remove it and try again.",
  // Names of free-text fields, as {label} in the messages above.
  "validation.field.pickupAddress": "Pickup address",
  "validation.field.dropoffAddress": "Dropoff address",
  "validation.field.pickupNotes": "Pickup notes",
  "validation.field.dropoffNotes": "Dropoff notes",
  "validation.field.handoverNote": "The handover note",
  "validation.field.returnNote": "The note",
  "validation.field.note": "The note",
  "validation.field.partnerName": "The partner's name",
  "validation.field.comment": "The comment",
  "validation.field.referralCode": "The referral code",
  "validation.field.packageDescription": "The package description",
  "validation.field.account": "The account number",
  "validation.field.accountName": "The account holder's name",
  "validation.field.reference": "The reference",
  "validation.field.fullName": "Full name",
} satisfies Record<`validation.${string}`, string>;
