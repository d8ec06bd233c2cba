import type { discounts as en } from "~/i18n/catalogs/en/server/discounts";

export const discounts: Record<keyof typeof en, string> = {
  "discounts.photoMissing": "Pumili ng litrato ng ID mo.",
  "discounts.photoTooLarge": "Hanggang {megabytes} MB lang ang litrato. Pumili ng mas maliit na litrato o kumuha ulit.",
  "discounts.photoWrongType": "JPEG o PNG lang ang litrato. Pumili ng litrato ng ID mo.",
  "discounts.kind": "Piliin ang uri ng ID: PWD, senior citizen o estudyante.",
  "discounts.notMultipart": "Ipadala ang ID bilang form na may uri ng ID at litrato nito.",
  "discounts.alreadyWaiting": "Naghihintay na ng review ang ID mo. Sasabihan ka namin kapag natingnan na ito ng admin.",
  "discounts.notFound":
    "Hindi nahanap ang application para sa ID discount na ito. I-reload ang listahan at subukan ulit.",
  "discounts.alreadyApproved": "Na-approve na ang application na ito. I-reload ang listahan para makita ito.",
  "discounts.alreadyRejected": "Na-reject na ang application na ito. I-reload ang listahan para makita ito.",
  "discounts.reviewedMeanwhile":
    "Na-review na ng iba ang application na ito ngayon lang. I-reload ang listahan para makita ang desisyon nila.",
  "discounts.photoGone": "Wala na sa storage ang litrato ng ID na ito. Pakiusapan ang customer na i-upload ito ulit.",
  "discounts.reasonRequired": "Pakibigay ang dahilan ng pag-reject.",
  "discounts.reasonTooLong": "Paikliin ang dahilan: hanggang {max} na character lang.",
  "discounts.decisionInvalid": "Piliin kung ia-approve o ire-reject ang ID na ito.",
  "discounts.statusInvalid": "Piliin kung aling mga ID ang ipapakita: pending, approved o rejected.",
};
