/** Messages of the server's ledger area, by id (`server.ledger.…`); see app/i18n/message.ts. */
export const ledger = {
  // Amounts in the cash-out, remittance and adjustment forms
  "ledger.amountRequired": "Enter the amount in pesos.",
  "ledger.amountNotNumber": "Enter the amount as a number of pesos, such as 150 or 150.50.",
  "ledger.amountPositive": "Enter an amount of more than ₱0.00.",
  "ledger.amountTooLarge": "The amount can be at most {max}. Enter a smaller amount.",
  "ledger.amountCentavos": "Use at most 2 decimals for the centavos, such as 150.50.",
  "ledger.notText": "Write this as text.",
  "ledger.textTooLong": "This is too long: keep it to {max} characters or fewer.",
  // Cash-out requests
  "ledger.cashoutMethod": "Choose how to receive the money: GCash, a bank transfer or at the office.",
  "ledger.gcashNumber": "Enter the GCash mobile number: 11 digits, starting with 09.",
  "ledger.bankAccountName": "Enter the name on the bank account.",
  "ledger.gcashAccountName":
    "Enter the name registered on your GCash account, exactly as GCash shows it: GCash sends the money only when it matches.",
  "ledger.bankAccountNumber": "Enter the bank account number: its digits (spaces and dashes are fine).",
  "ledger.cashoutBelowFee": "A bank transfer costs {fee}, taken from the amount: enter more than {fee}.",
  "ledger.cashoutLimit": "You can cash out at most {max}.",
  "ledger.cashoutOpen": "You already have a cash-out request waiting. Wait until an admin settles it.",
  "ledger.cashoutSending": "Your GCash cash-out is still being sent. Wait a moment and look again.",
  "ledger.gcashUnavailable": "GCash cash-out is not available right now. Choose a bank transfer or the office.",
  // Settling cash-outs (admins)
  "ledger.settleStatus": "Mark the cash-out as paid or rejected.",
  "ledger.cashoutStatusQuery": "Ask for cash-outs by status: requested, sending, paid, failed or rejected.",
  "ledger.cashoutNotFound": "This cash-out was not found. Reload the list and try again.",
  "ledger.cashoutNotWaiting": "This cash-out is no longer waiting: it is {status}. Reload the list to see it.",
  "ledger.cashoutSettledMeanwhile": "Someone settled this cash-out meanwhile. Reload the list to see it.",
  "ledger.referenceRequired": "Enter the reference of the GCash or bank transfer, so the payment can be traced.",
  "ledger.cashoutNotCovered":
    "The rider's balance is now {balance}, less than this cash-out. Reject it, and the rider can ask again.",
  "ledger.cashoutStatus.requested": "waiting",
  "ledger.cashoutStatus.sending": "being sent to GCash",
  "ledger.cashoutStatus.paid": "paid",
  "ledger.cashoutStatus.failed": "failed (the amount went back to the rider's balance)",
  "ledger.cashoutStatus.rejected": "rejected",
  // Remittances and adjustments (admins)
  "ledger.riderNotFound": "This rider was not found. Reload the page and choose the rider again.",
  "ledger.remittanceNothingOwed": "This rider owes the co-op nothing, so there is nothing to remit.",
  "ledger.remittanceLimit": "A remittance may not exceed what the rider owes: at most {max}.",
  "ledger.adjustmentTooSmall": "An adjustment can take at most {max} from the balance. Enter a smaller amount.",
  "ledger.adjustmentZero":
    "Enter an amount other than ₱0.00: a positive amount adds to the rider's balance, a negative one takes from it.",
  "ledger.adjustmentReason": "Say why: write the reason for this adjustment.",
  // Months and pay periods
  "ledger.month": "Choose a month as year and month, such as 2026-03.",
  "ledger.payrollPeriod": "Choose whether to close a day or a week.",
  "ledger.payrollDate": "Enter the date as year-month-day, such as 2026-03-02.",
  "ledger.dayStillOpen":
    "This day is still open: it closes at midnight Manila time, {date} 00:00. Close it after that.",
  "ledger.weekStillOpen":
    "This week is still open: it closes at midnight Manila time, {date} 00:00. Close it after that.",
  "ledger.reportNotFound":
    "There is no such report. Ask for a month's report as /api/admin/reports/YYYY-MM.csv, or its member benefits fund as /api/admin/reports/YYYY-MM-fund.csv.",
  // Notes the system writes on ledger entries (the rider's ledger, the API, the month's CSV) and why a payout failed
  "ledger.note.dailyIncentive": "Daily incentive for {date}: {count, plural, one {# delivery} other {# deliveries}}",
  "ledger.note.dailyRatingBonus": "Daily rating bonus for {date}: rated {rating}",
  "ledger.note.weeklyIncentive":
    "Weekly incentive for the week of {date}: {count, plural, one {# delivery} other {# deliveries}}",
  "ledger.note.weeklyTop":
    "Weekly top {top} for the week of {date}: #{rank} with {count, plural, one {# delivery} other {# deliveries}}",
  "ledger.note.cancellationFee": "Cancellation fee",
  "ledger.note.claim": "Member benefit: your {kind} claim",
  "ledger.note.patronage": "Surplus return for {start} to {end}",
  "ledger.note.gcashCashout": "GCash {account}",
  "ledger.note.gcashReturned": "GCash cash-out not sent: the amount went back to the balance",
  "ledger.note.cashoutReference": "{method}, reference {reference}",
  "ledger.method.gcash": "GCash",
  "ledger.method.bank": "Bank transfer",
  "ledger.method.office": "At the office",
  "ledger.failure.gatewayRefused": "The payout service refused this cash-out. The amount went back to the balance.",
  "ledger.failure.payoutFailed": "The payout could not be sent. The amount went back to the balance.",
  "ledger.failure.payoutCancelled": "The payout was cancelled before it was sent. The amount went back to the balance.",
  "ledger.failure.payoutReversed": "GCash sent the payout back. The amount went back to the balance.",
  "ledger.failure.invalidDestination":
    "The GCash number and name do not match a GCash account. Check the name registered on your GCash and try again. The amount went back to the balance.",
  "ledger.failure.rejectedByChannel": "GCash refused the payout. The amount went back to the balance.",
  "ledger.failure.temporaryTransferError":
    "GCash could not take the payout just now. The amount went back to the balance: try again later.",
  "ledger.failure.insufficientBalance":
    "The co-op's payout account is short of funds just now. The amount went back to the balance: try again later.",
} satisfies Record<`ledger.${string}`, string>;
