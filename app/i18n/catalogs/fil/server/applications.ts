import type { applications as en } from "~/i18n/catalogs/en/server/applications";

export const applications: Record<keyof typeof en, string> = {
  "applications.fullName": "Pakilagay ang buong pangalan mo.",
  "applications.mobile": "Pakilagay ang mobile number mo.",
  "applications.city": "Pakipili ang lungsod mo.",
  "applications.cityUnknown":
    "Hindi namin mahanap ang “{city}”. I-type ang unang mga letra ng lungsod o munisipyo mo at piliin ito sa listahan, gaya ng Quezon City, Metro Manila.",
  "applications.cityAmbiguous":
    "Higit sa isang lugar ang tinatawag na “{city}”. Piliin ang sa 'yo sa listahan, kasama ang probinsya: {places}.",
  "applications.hasMotorcycle": "Pakipili kung may motorsiklo ka.",
  "applications.firstName": "Pakilagay ang pangalan mo.",
  "applications.lastName": "Pakilagay ang apelyido mo.",
  "applications.nameTooLong": "Pakipanatiling wala pang {max} titik ang bawat pangalan.",
  "applications.fullNameTooLong": "Hanggang {max} character lang ang pangalan mo.",
  "applications.referralTooLong": "Hanggang {max} character lang ang referral code. Tingnan ang code at ilagay ulit.",
  "applications.duplicate":
    "May application na mula sa mobile number na ito na nire-review pa. Ite-text ka namin sa loob ng 1-2 business day.",
  "applications.tooMany":
    "Sobrang daming application mula sa network na ito. Pakisubukan ulit pagkalipas ng {minutes} minuto.",
  "applications.notFound":
    "Hindi nahanap ang application na ito. I-reload ang listahan ng mga application at subukan ulit.",
  "applications.alreadyApproved": "Na-approve na ang application na ito. I-reload ang listahan para makita ito.",
  "applications.alreadyRejected": "Na-reject na ang application na ito. I-reload ang listahan para makita ito.",
  "applications.statusInvalid": "Piliin kung aling mga application ang ipapakita: submitted, approved o rejected.",
  "applications.decisionInvalid": "Piliin kung ia-approve o ire-reject ang application na ito.",
  "applications.noteTooLong": "Paikliin ang note: hanggang {max} na character lang.",
  "applications.noteNotText": "Isulat ang note bilang text.",
};
