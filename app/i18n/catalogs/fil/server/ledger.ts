import type { ledger as en } from "~/i18n/catalogs/en/server/ledger";

export const ledger: Record<keyof typeof en, string> = {
  "ledger.amountRequired": "Ilagay ang halaga sa piso.",
  "ledger.amountNotNumber": "Ilagay ang halaga bilang numero sa piso, gaya ng 150 o 150.50.",
  "ledger.amountPositive": "Maglagay ng halagang higit sa ₱0.00.",
  "ledger.amountTooLarge": "Hanggang {max} lang ang halaga. Maglagay ng mas maliit.",
  "ledger.amountCentavos": "Hanggang 2 decimal lang para sa sentimo, gaya ng 150.50.",
  "ledger.notText": "Isulat ito bilang text.",
  "ledger.textTooLong": "Masyadong mahaba ito: hanggang {max} na character lang.",
  "ledger.cashoutMethod": "Piliin kung paano mo matatanggap ang pera: GCash, bank transfer o sa office.",
  "ledger.gcashNumber": "Ilagay ang GCash mobile number: 11 digit, nagsisimula sa 09.",
  "ledger.bankAccountName": "Ilagay ang pangalan sa bank account.",
  "ledger.gcashAccountName":
    "Ilagay ang pangalang naka-register sa GCash account mo, eksakto gaya ng nakikita sa GCash: ipinapadala lang ng GCash ang pera kapag tugma ito.",
  "ledger.bankAccountNumber": "Ilagay ang bank account number: ang mga digit nito (puwede ang espasyo at gitling).",
  "ledger.cashoutBelowFee": "May {fee} na bayad ang bank transfer, ibinabawas sa halaga: maglagay ng higit sa {fee}.",
  "ledger.cashoutLimit": "Hanggang {max} lang ang puwede mong i-cash out.",
  "ledger.cashoutOpen": "May naghihintay ka nang cash-out request. Hintayin munang ma-settle ito ng admin.",
  "ledger.cashoutSending": "Ipinapadala pa ang GCash cash-out mo. Maghintay sandali at tingnan ulit.",
  "ledger.gcashUnavailable": "Hindi pa puwede ang GCash cash-out ngayon. Piliin ang bank transfer o ang office.",
  "ledger.settleStatus": "Markahan ang cash-out bilang bayad na o tinanggihan.",
  "ledger.cashoutStatusQuery": "Hanapin ang mga cash-out ayon sa status: requested, sending, paid, failed o rejected.",
  "ledger.cashoutNotFound": "Hindi nahanap ang cash-out na ito. I-reload ang listahan at subukan ulit.",
  "ledger.cashoutNotWaiting":
    "Hindi na naghihintay ang cash-out na ito: {status} na ito. I-reload ang listahan para makita.",
  "ledger.cashoutSettledMeanwhile":
    "May nag-settle na ng cash-out na ito habang naghihintay. I-reload ang listahan para makita.",
  "ledger.referenceRequired": "Ilagay ang reference ng GCash o bank transfer, para masundan ang bayad.",
  "ledger.cashoutNotCovered":
    "{balance} na lang ang balance ng rider, kulang para sa cash-out na ito. I-reject ito, at puwedeng humingi ulit ang rider.",
  "ledger.cashoutStatus.requested": "naghihintay",
  "ledger.cashoutStatus.sending": "ipinapadala sa GCash",
  "ledger.cashoutStatus.paid": "bayad",
  "ledger.cashoutStatus.failed": "hindi naipadala (ibinalik ang halaga sa balance ng rider)",
  "ledger.cashoutStatus.rejected": "tinanggihan",
  "ledger.riderNotFound": "Hindi nahanap ang rider na ito. I-reload ang page at piliin ulit ang rider.",
  "ledger.remittanceNothingOwed": "Walang utang ang rider na ito sa co-op, kaya walang ire-remit.",
  "ledger.remittanceLimit": "Hindi puwedeng lumampas ang remittance sa utang ng rider: hanggang {max} lang.",
  "ledger.adjustmentTooSmall":
    "Hanggang {max} lang ang puwedeng ibawas ng isang adjustment sa balance. Maglagay ng mas maliit.",
  "ledger.adjustmentZero":
    "Maglagay ng halagang hindi ₱0.00: dinadagdagan ng positibo ang balance ng rider, binabawasan naman ng negatibo.",
  "ledger.adjustmentReason": "Sabihin kung bakit: isulat ang dahilan ng adjustment na ito.",
  "ledger.month": "Pumili ng buwan bilang taon at buwan, gaya ng 2026-03.",
  "ledger.payrollPeriod": "Piliin kung isang araw o isang linggo ang isasara.",
  "ledger.payrollDate": "Ilagay ang petsa bilang taon-buwan-araw, gaya ng 2026-03-02.",
  "ledger.dayStillOpen":
    "Bukas pa ang araw na ito: magsasara ito sa hatinggabi, oras sa Manila, {date} 00:00. Isara ito pagkatapos noon.",
  "ledger.weekStillOpen":
    "Bukas pa ang linggong ito: magsasara ito sa hatinggabi, oras sa Manila, {date} 00:00. Isara ito pagkatapos noon.",
  "ledger.reportNotFound":
    "Walang ganitong report. Hingin ang report ng isang buwan bilang /api/admin/reports/YYYY-MM.csv, o ang member benefits fund nito bilang /api/admin/reports/YYYY-MM-fund.csv.",
  "ledger.note.dailyIncentive": "Daily incentive para sa {date}: {count, plural, one {# delivery} other {# delivery}}",
  "ledger.note.dailyRatingBonus": "Daily rating bonus para sa {date}: {rating} ang rating",
  "ledger.note.weeklyIncentive":
    "Weekly incentive para sa linggo ng {date}: {count, plural, one {# delivery} other {# delivery}}",
  "ledger.note.weeklyTop":
    "Weekly top {top} para sa linggo ng {date}: #{rank}, may {count, plural, one {# delivery} other {# delivery}}",
  "ledger.note.cancellationFee": "Cancellation fee",
  "ledger.note.claim": "Benepisyo ng miyembro: ang iyong claim ({kind})",
  "ledger.note.patronage": "Pagbabalik ng surplus para sa {start} hanggang {end}",
  "ledger.note.gcashCashout": "GCash {account}",
  "ledger.note.gcashReturned": "Hindi naipadala ang GCash cash-out: ibinalik ang halaga sa balance",
  "ledger.note.cashoutReference": "{method}, reference {reference}",
  "ledger.method.gcash": "GCash",
  "ledger.method.bank": "Bank transfer",
  "ledger.method.office": "Sa office",
  "ledger.failure.gatewayRefused": "Tinanggihan ng payout service ang cash-out na ito. Ibinalik ang halaga sa balance.",
  "ledger.failure.payoutFailed": "Hindi naipadala ang payout. Ibinalik ang halaga sa balance.",
  "ledger.failure.payoutCancelled": "Na-cancel ang payout bago ito naipadala. Ibinalik ang halaga sa balance.",
  "ledger.failure.payoutReversed": "Ibinalik ng GCash ang payout. Ibinalik ang halaga sa balance.",
  "ledger.failure.invalidDestination":
    "Hindi tugma ang GCash number at pangalan sa isang GCash account. Tingnan ang pangalang naka-register sa GCash mo at subukan ulit. Ibinalik ang halaga sa balance.",
  "ledger.failure.rejectedByChannel": "Tinanggihan ng GCash ang payout. Ibinalik ang halaga sa balance.",
  "ledger.failure.temporaryTransferError":
    "Hindi matanggap ng GCash ang payout ngayon. Ibinalik ang halaga sa balance: subukan ulit mamaya.",
  "ledger.failure.insufficientBalance":
    "Kulang ngayon ang pondo sa payout account ng co-op. Ibinalik ang halaga sa balance: subukan ulit mamaya.",
};
