import type { validation as en } from "~/i18n/catalogs/en/server/validation";

export const validation: Record<keyof typeof en, string> = {
  "validation.invalidBody": "Hindi valid ang request. Tingnan ang inilagay mo at subukan ulit.",
  "validation.required": "Kulang ang {field}. Punan ito at subukan ulit.",
  "validation.invalid": "Hindi valid ang {field}. Tingnan ito at subukan ulit.",
  "validation.tooLong": "Masyadong mahaba ang {field}: hanggang {max} na character lang.",
  "validation.tooShort": "Masyadong maikli ang {field}: kahit {min} na character.",
  "validation.tooLarge": "Masyadong malaki ang {field}: hanggang {max} lang.",
  "validation.tooSmall": "Masyadong maliit ang {field}: kahit {min}.",
  "validation.textLineBreak":
    "May line break o nakatagong character ang {label}. Isulat ito sa isang linya at subukan ulit.",
  "validation.textControl": "May nakatagong character ang {label}. Tanggalin ito at subukan ulit.",
  "validation.textDirection":
    "May nakatagong character ang {label} na bumabaligtad sa teksto. Tanggalin ito at subukan ulit.",
  "validation.textInvalidCharacter":
    "May character ang {label} na hindi puwedeng i-save. Tanggalin ito at subukan ulit.",
  "validation.field.pickupAddress": "pickup address",
  "validation.field.dropoffAddress": "dropoff address",
  "validation.field.pickupNotes": "mga tala sa pickup",
  "validation.field.dropoffNotes": "mga tala sa dropoff",
  "validation.field.handoverNote": "tala sa handover",
  "validation.field.returnNote": "Ang note",
  "validation.field.note": "tala",
  "validation.field.partnerName": "pangalan ng partner",
  "validation.field.comment": "komento",
  "validation.field.referralCode": "referral code",
  "validation.field.packageDescription": "paglalarawan ng package",
  "validation.field.account": "account number",
  "validation.field.accountName": "pangalan ng may-ari ng account",
  "validation.field.reference": "reference",
  "validation.field.fullName": "buong pangalan",
};
