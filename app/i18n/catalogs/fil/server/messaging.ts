import type { messaging as en } from "~/i18n/catalogs/en/server/messaging";

export const messaging: Record<keyof typeof en, string> = {
  "messaging.signInCodeSms":
    "{code} ang iyong {brand} sign-in code. Mag-e-expire ito sa loob ng 5 minuto. Huwag itong ibigay kahit kanino, kahit sa rider.",
  "messaging.signInEmailSubject": "Ang iyong {brand} sign-in link",
  "messaging.signInEmailBody":
    "Mag-sign in sa {brand} gamit ang link na ito sa loob ng 15 minuto:\n\n{link}\n\nKung hindi ikaw ang humingi nito, puwede mo itong balewalain.",
  "messaging.applicationReceivedSms":
    "{brand}: Hi {firstName}, natanggap namin ang iyong rider application. Kokontakin ka ng aming team sa loob ng 1-2 araw na may trabaho. Salamat!",
  "messaging.proposalOpenedSms":
    "{brand} kooperatiba: may bagong panukala, “{title}”. Bumoto sa app sa Kooperatiba bago ang {date}, oras sa Manila.",
  "messaging.proposalResultSms.passed":
    "{brand} kooperatiba: pumasa ang “{title}” ({yes} oo, {no} hindi, {abstain} abstain).",
  "messaging.proposalResultSms.failed":
    "{brand} kooperatiba: hindi pumasa ang “{title}” ({yes} oo, {no} hindi, {abstain} abstain).",
  "messaging.proposalResultSms.inquorate":
    "{brand} kooperatiba: nagsara ang “{title}” nang kulang ang balota para magpasya ({yes} oo, {no} hindi, {abstain} abstain); walang magbabago.",
  "messaging.applicationApprovedSms":
    "{brand}: Maligayang pagdating sa kooperatiba! Aprubado na ang iyong rider application. Mag-sign in sa {origin} gamit ang numerong ito ({mobile}) para buksan ang iyong Dashboard ng rider.",
  "messaging.applicationRejectedSms":
    "{brand}: Hindi namin maaprubahan ang iyong rider application sa ngayon. Puwede kang mag-apply ulit kahit kailan.",
  "messaging.applicationRejectedWithNoteSms":
    "{brand}: Hindi namin maaprubahan ang iyong rider application sa ngayon. {note} Puwede kang mag-apply ulit kahit kailan.",
  "messaging.recipientLinkSms": "{brand}: Papunta na ang rider dala ang delivery para sa 'yo. Sundan ito live: {link}",
  "messaging.messageNotFound":
    "Wala sa message log ang text o email na ito. I-reload ang page para makita ang kasalukuyang listahan.",
  "messaging.messageNotRetryable":
    "Naipadala na, ipinapadala pa, o may sign-in code na hindi itinatago ang text o email na ito, kaya hindi na ito maipapadala ulit. I-reload ang page para makita ang status nito.",
  "messaging.readIdsNotList":
    "Ipadala ang mga notification na gagawing nabasa bilang listahan ng kanilang id, o huwag magpadala ng listahan para gawing nabasa ang lahat.",
  "messaging.readIdNotNumber":
    "Tukuyin ang bawat notification na gagawing nabasa sa id nito, isang numero, gaya ng nakalista sa bell.",
  "messaging.readIdNotWhole":
    "Ang id ng notification ay buong numero na higit sa 0. Ipadala ang mga id na nakalista sa bell.",
  "messaging.readIdsTooMany":
    "Hanggang {max} notification lang ang puwedeng gawing nabasa nang sabay, o huwag magpadala ng listahan para gawing nabasa ang lahat.",
  "messaging.readOnlyIds": "Ang mga id lang ng mga notification na gagawing nabasa ang ipadala, wala nang iba.",
  "messaging.pushEndpointMissing":
    "Walang ipinadalang push address ang browser na ito. I-off at i-on ulit ang push notifications.",
  "messaging.pushEndpointTooLong":
    "Lampas sa {max} character ang push address ng browser na ito. Subukan ang ibang browser.",
  "messaging.pushEndpointNotHttps":
    "Hindi secure (https) na web address ang push address ng browser na ito. Subukan ang ibang browser.",
  "messaging.pushKeysMissing":
    "Walang ipinadalang push keys ang browser na ito. I-off at i-on ulit ang push notifications.",
  "messaging.pushKeyMissing":
    "Walang ipinadalang {key} key ang browser na ito. I-off at i-on ulit ang push notifications.",
  "messaging.pushKeyInvalid": "Hindi valid ang {key} key ng browser na ito. I-off at i-on ulit ang push notifications.",
  "messaging.pushExpiryInvalid":
    "Hindi numero ang push expiry time ng browser na ito. I-off at i-on ulit ang push notifications.",
  "messaging.pushNotSetUp":
    "Hindi naka-set up ang push notifications sa server na ito. Makikita mo pa rin ang mga notification mo sa bell.",
  "messaging.pushSubscriptionNotFound":
    "Hindi tumatanggap ng push notifications para sa account mo ang browser na ito, kaya walang kailangang i-off.",
};
