import type { governance as en } from "~/i18n/catalogs/en/server/governance";

export const governance: Record<keyof typeof en, string> = {
  "governance.field.title": "ang pamagat",
  "governance.field.body": "ang teksto",
  "governance.field.purpose": "ang layunin",
  "governance.textRequired": "Ilagay {field}.",
  "governance.textTooLong": "Paikliin {field} hanggang {max} na character.",
  "governance.kind": "Piliin ang uri ng panukala: pagbabago sa settings, payout, pagbabalik ng surplus o resolusyon.",
  "governance.votingDays":
    "Ang botohan ay {min} hanggang {max} na araw sa Manila: maglagay ng buong bilang ng araw sa saklaw na iyon.",
  "governance.amount": "Ilagay ang halaga sa piso: higit sa ₱0.00.",
  "governance.amountCentavos": "Hanggang 2 decimal lang para sa sentimo, gaya ng 150.50.",
  "governance.periodKind": "Piliin ang panahon ng pagbabalik ng surplus: isang buwan, quarter o taon.",
  "governance.periodStart":
    "Ilagay ang unang araw ng panahon (YYYY-MM-DD): ang ika-1 ng buwan, ng quarter (Enero, Abril, Hulyo, Oktubre) o ng Enero, hindi sa hinaharap.",
  "governance.noChange": "Walang binabagong setting ang panukalang ito. Baguhin ang kahit isang value.",
  "governance.mayNotOpen": "Mga member-owner at admin lang ang puwedeng magbukas ng panukala.",
  "governance.coopOnly": "Para sa mga rider at admin ang mga pahina ng kooperatiba.",
  "governance.notMember": "Mga member-owner na hindi naka-suspend lang ang puwedeng bumoto.",
  "governance.choice": "Bumoto ng Oo, Hindi o Abstain.",
  "governance.notFound": "Hindi nahanap ang panukalang ito. I-reload ang listahan ng mga panukala at subukan ulit.",
  "governance.closed": "Sarado na ang botohan sa panukalang ito.",
  "governance.unavailable": "Hindi available ang botohan ngayon. Subukan ulit mamaya.",
  "governance.payoutOverFund":
    "{balance} ang laman ng member benefits fund. Hindi puwedeng mas malaki sa fund ang payout: maglagay ng {balance} o mas mababa.",
  "governance.payoutOverFree":
    "{balance} ang laman ng member benefits fund, at {held} nito ay nakalaan sa mga claim na naka-file at hindi pa nababayaran. Hanggang {free} lang ang payout: maglagay ng {free} o mas mababa.",
  "governance.surplusOverCap":
    "Hanggang {most} lang ang pagbabalik ng surplus para sa panahong ito: ang operations share na kinita rito, bawas ang nakuha na ng mga naunang pagbabalik para rito.",
  "governance.fund.fees": "Mga bayad: ang 5% para sa member benefits at ₱1 na insurance bawat delivery",
  "governance.fund.claim": "Claim na nabayaran",
};
