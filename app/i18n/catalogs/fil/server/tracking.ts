import type { tracking as en } from "~/i18n/catalogs/en/server/tracking";

export const tracking: Record<keyof typeof en, string> = {
  "tracking.notAssignedRider": "Ang rider na may hawak lang ang puwedeng mag-share ng lokasyon",
  "tracking.notTrackable":
    "Puwede lang mag-share ng lokasyon habang may rider na, na-pickup na o papunta na ang delivery",
  "tracking.tooFrequent": "Hanggang isang location update lang kada segundo. Maghintay sandali at subukan ulit.",
  "tracking.unavailable": "Hindi available ang live tracking ngayon. Pakisubukan ulit pagkalipas ng isang minuto.",
  "tracking.latitude": "Ang latitude ay dapat numero mula -90 hanggang 90. Buksan ang location at subukan ulit.",
  "tracking.longitude": "Ang longitude ay dapat numero mula -180 hanggang 180. Buksan ang location at subukan ulit.",
  "tracking.invalidJson": "Dapat JSON ang mga mensahe sa live connection.",
  "tracking.unsupported": "Hindi kilala ng live connection ang mensaheng ito.",
  "tracking.wrongDelivery": "Para sa ibang delivery ang live connection na ito.",
  "tracking.wrongUser": "Ibang user ang nakapangalan sa mensaheng ito, hindi ang naka-sign in.",
  "tracking.tooLarge": "Masyadong malaki ang mensaheng iyan para sa live connection.",
  "tracking.flooding": "Sobrang dami ng mensahe sa live connection. I-reload ang page para masundan ulit ang delivery.",
  "tracking.deliveryIdRequired": "Buksan ang live connection kasama ang id ng delivery (deliveryId=…).",
  "tracking.upgradeExpected": "Buksan ang address na ito bilang live connection (WebSocket upgrade).",
  "tracking.takenByAnotherRider": "Kinuha ng ibang rider ang delivery na ito",
  "tracking.cancelled": "Na-cancel ang delivery na ito",
  "tracking.noLongerVisible": "Hindi mo na masusundan ang delivery na ito",
  "tracking.signedOut": "Tapos na ang session mo. Mag-sign in ulit para sundan ang delivery na ito.",
  "tracking.tooManySockets": "Bukas na ang delivery na ito sa 5 tab o window. Magsara ng isa para masundan ito dito.",
  "tracking.ended": "Tapos na ang live tracking ng delivery na ito",
  "tracking.tooManyConnections":
    "Sobrang daming connection. Isara ang ibang tab na sumusunod sa delivery na ito, saka i-reload.",
  "tracking.geolocation.unsupported": "Hindi kaya ng browser mo ang geolocation",
  "tracking.geolocation.denied": "Hindi pinayagan ang location. Pakibuksan ang location access.",
  "tracking.geolocation.unavailable": "Walang makuhang location.",
  "tracking.geolocation.timeout": "Natagalan ang pagkuha ng location.",
  "tracking.geolocation.unknown": "May hindi kilalang error sa location.",
};
