import type { payments as en } from "~/i18n/catalogs/en/server/payments";

export const payments: Record<keyof typeof en, string> = {
  "payments.notConfigured": "Hindi naka-set up ang online na bayad sa server na ito.",
  "payments.payoutsNotConfigured": "Hindi naka-set up ang mga payout sa server na ito.",
  "payments.webhookTooLarge": "Masyadong malaki ang laman ng webhook.",
  "payments.webhookNotJson": "Hindi valid na JSON ang laman ng webhook.",
  "payments.signatureMissing": "Walang {header} header ang webhook. Pirmahan ito at ipadala ulit.",
  "payments.signatureInvalid": "Mali ang pirma ng webhook o lampas na ng 5 minuto. Pirmahan ulit at ipadala.",
  "payments.notPaymentEvent": "Hindi payment event ang laman ng webhook.",
  "payments.notPayoutEvent": "Hindi payout event ang laman ng webhook.",
  "payments.callbackTokenMissing": "Walang x-callback-token header ang callback.",
  "payments.callbackTokenInvalid": "Hindi verification token ng server na ito ang x-callback-token ng callback.",
  "payments.waiveReasonRequired": "Isulat ang dahilan ng pag-waive sa fee na ito.",
  "payments.waiveReasonNotText": "Isulat ang dahilan bilang text.",
  "payments.waiveReasonTooLong": "Hanggang {max} na character lang ang dahilan.",
  "payments.owedFeeNotFound": "Hindi nahanap ang fee na ito. I-reload ang listahan at subukan ulit.",
  "payments.owedFeeCollected": "Nakolekta na ang fee na ito, kaya wala nang iwe-waive.",
  "payments.owedFeeWaived": "Na-waive na ang fee na ito.",
  "payments.owedFeeInUse":
    "Kinokolekta ang fee na ito kasama ng booking na tumatakbo. Puwede itong i-waive kung ma-cancel ang booking na iyon.",
  "payments.owedFeeChanged":
    "Nagbago ang hindi pa bayad mong cancellation fee habang nagbu-book ka. Pakitingnan ang kabuuan at mag-book ulit.",
  "payments.refundNotFound": "Hindi nahanap ang refund na ito. I-reload ang listahan at subukan ulit.",
  "payments.refundDone": "Naibigay na ang refund na ito.",
  "payments.refundUnderWay": "May kasalukuyang pagsubok na mag-refund. Subukan ulit pagkalipas ng isang minuto.",
  "payments.eventNote.notPaid": "Hindi nabayaran sa loob ng {minutes, plural, one {# minuto} other {# minuto}}",
};
