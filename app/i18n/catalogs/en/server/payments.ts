/** Messages of the server's payments area, by id (`server.payments.…`); see app/i18n/message.ts. */
export const payments = {
  // Gateway webhooks (payments and payouts)
  "payments.notConfigured": "Online payments are not set up on this server.",
  "payments.payoutsNotConfigured": "Payouts are not set up on this server.",
  "payments.webhookTooLarge": "The webhook's body is too large.",
  "payments.webhookNotJson": "The webhook's body is not valid JSON.",
  "payments.signatureMissing": "The webhook has no {header} header. Sign it and send it again.",
  "payments.signatureInvalid":
    "The webhook's signature is wrong or more than 5 minutes old. Sign it again and send it.",
  "payments.notPaymentEvent": "The webhook's body is not a payment event.",
  "payments.notPayoutEvent": "The webhook's body is not a payout event.",
  "payments.callbackTokenMissing": "The callback has no x-callback-token header.",
  "payments.callbackTokenInvalid": "The callback's x-callback-token is not this server's verification token.",
  // Owed fees (admins)
  "payments.waiveReasonRequired": "Write the reason for waiving this fee.",
  "payments.waiveReasonNotText": "Write the reason as text.",
  "payments.waiveReasonTooLong": "Keep the reason to {max} characters or fewer.",
  "payments.owedFeeNotFound": "This fee was not found. Reload the list and try again.",
  "payments.owedFeeCollected": "This fee has already been collected, so there is nothing to waive.",
  "payments.owedFeeWaived": "This fee has already been waived.",
  "payments.owedFeeInUse":
    "This fee is being collected with a booking under way. It can be waived if that booking is cancelled.",
  "payments.owedFeeChanged":
    "Your unpaid cancellation fee changed while you were booking. Please check the total and book again.",
  // Refunds (admins)
  "payments.refundNotFound": "This refund was not found. Reload the list and try again.",
  "payments.refundDone": "This refund has already been made.",
  "payments.refundUnderWay": "A refund attempt is under way. Try again in a minute.",
  // Notes on a delivery's events
  "payments.eventNote.notPaid": "Not paid within {minutes, plural, one {# minute} other {# minutes}}",
} satisfies Record<`payments.${string}`, string>;
