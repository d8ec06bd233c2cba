import type { governance as en } from "../../en/server/governance";

export const governance: Record<keyof typeof en, string> = {
  "governance.field.title": "ang pamagat",
  "governance.field.body": "ang teksto",
  "governance.field.purpose": "ang layunin",
  "governance.textRequired": "Ilagay {field}.",
  "governance.textTooLong": "Paikliin {field} hanggang {max} na character.",
  "governance.kind": "Piliin ang uri ng panukala: pagbabago sa settings, payout, pagbabalik ng surplus o resolusyon.",
  "governance.votingDays": "Ang botohan ay {min} hanggang {max} na araw sa Manila: maglagay ng buong bilang ng araw sa saklaw na iyon.",
  "governance.amount": "Ilagay ang halaga sa piso: higit sa ₱0.00.",
  "governance.amountCentavos": "Hanggang 2 decimal lang para sa sentimo, gaya ng 150.50.",
  "governance.periodKind": "Piliin ang panahon ng pagbabalik ng surplus: isang buwan, quarter o taon.",
  "governance.periodStart": "Ilagay ang unang araw ng panahon (YYYY-MM-DD): ang ika-1 ng buwan, ng quarter (Enero, Abril, Hulyo, Oktubre) o ng Enero, hindi sa hinaharap.",
  "governance.noChange": "Walang binabagong setting ang panukalang ito. Baguhin ang kahit isang value.",
  "governance.mayNotOpen": "Mga member-owner at admin lang ang puwedeng magbukas ng panukala.",
  "governance.notMember": "Mga member-owner na hindi naka-suspend lang ang puwedeng bumoto.",
  "governance.choice": "Bumoto ng Oo, Hindi o Abstain.",
  "governance.notFound": "Hindi nahanap ang panukalang ito. I-reload ang listahan ng mga panukala at subukan ulit.",
  "governance.closed": "Sarado na ang botohan sa panukalang ito.",
  "governance.unavailable": "Hindi available ang botohan ngayon. Subukan ulit mamaya.",
};
