import type { deliveries as en } from "~/i18n/catalogs/en/server/deliveries";

export const deliveries: Record<keyof typeof en, string> = {
  "deliveries.notFound": "Hindi nahanap ang delivery",
  "deliveries.cannotChange": "Hindi mapapalitan ang delivery mula {from} papuntang {to}",
  "deliveries.acceptToTake":
    "Hindi mapapalitan ang delivery mula {from} papuntang {to}: kinukuha ng rider ang delivery sa pag-accept nito",
  "deliveries.onlyAssignedReleased":
    "Hindi mapapalitan ang delivery mula {from} papuntang {to}: ang delivery na may rider na lang ang puwedeng i-release",
  "deliveries.statusInvalid":
    "Pumili ng status ng delivery: naghihintay, may rider na, na-pickup na, papunta na, naihatid na, na-cancel, pabalik o naibalik na.",
  "deliveries.onlyAssignedRiderUpdates": "Ang rider na may hawak lang ang puwedeng mag-update ng delivery na ito",
  "deliveries.onlyAssignedRiderReleases": "Ang rider na may hawak lang ang puwedeng mag-release ng delivery na ito",
  "deliveries.onlyCustomerOrAdminCancels":
    "Ang customer na nag-book o isang admin lang ang puwedeng mag-cancel ng delivery na ito",
  "deliveries.onlyCustomerCancelsHere": "Ang customer lang na nag-book ng delivery na ito ang puwedeng mag-cancel dito",
  "deliveries.ownBooking": "Hindi mo puwedeng i-accept ang sarili mong booking",
  "deliveries.alreadyYours": "Na-accept mo na ang delivery na ito",
  "deliveries.alreadyTaken": "Na-accept na ng ibang rider ang delivery na ito",
  "deliveries.tooManyActive": "May {count} active delivery ka na",
  "deliveries.feeChanged": "{fee} na ang cancellation fee. Pakitingnan at i-confirm ulit.",
  "deliveries.cancel.pickedUp": "Hindi na puwedeng i-cancel ang delivery na ito: na-pickup na ito ng rider.",
  "deliveries.cancel.delivered": "Naihatid na ang delivery na ito.",
  "deliveries.cancel.cancelled": "Na-cancel na ang delivery na ito.",
  "deliveries.cancel.notPossible": "Hindi na puwedeng i-cancel ang delivery na ito.",
  "deliveries.cancel.freePending": "Libre: wala pang rider na tumanggap ng delivery na ito.",
  "deliveries.cancel.freeWindow": "Libre: nagka-cancel ka sa loob ng 2 minuto mula nang mag-book.",
  "deliveries.cancel.riderArrived": "Nasa pickup point na ang rider.",
  "deliveries.cancel.riderOnTheWay": "May rider nang tumanggap ng delivery na ito at papunta na siya.",
  "deliveries.handover.wrongCode":
    "Mali ang handover code. {triesLeft, plural, other {# subok}} na lang bago ma-lock ang paglagay ng code.",
  "deliveries.handover.locked":
    "Naka-lock na ang paglagay ng code pagkatapos ng 5 maling code. Markahan itong naihatid nang walang code at maglagay ng note.",
  "deliveries.handover.noteNeeded":
    "Naka-lock na ang paglagay ng code: maglagay ng note kung bakit walang code ang tatanggap.",
  "deliveries.handover.codeFormat": "Ilagay ang 4-digit na handover code na ibibigay ng tatanggap.",
  "deliveries.handover.noteEmpty": "Magsulat ng maikling note kung bakit walang code ang tatanggap.",
  "deliveries.handover.noteTooLong": "Hanggang {max} character lang ang note.",
  "deliveries.handover.onlyWhenDelivered":
    "Kasama lang ang handover code o note kapag minamarkahang naihatid ang delivery.",
  "deliveries.handover.codeOrNote": "Ibigay ang handover code o ang note, hindi pareho.",
  "deliveries.pesos.required": "Ilagay ang {what} sa piso.",
  "deliveries.pesos.number": "Ilagay ang {what} bilang halaga sa piso, hal. 150 o 150.50.",
  "deliveries.pesos.negative": "Maglagay ng 0 pataas para sa {what}: hindi ito puwedeng negatibo.",
  "deliveries.pesos.tooLarge": "Hanggang {max} lang ang puwedeng ilagay para sa {what}.",
  "deliveries.pesos.centavos": "Ilagay ang {what} nang hanggang 2 digit lang pagkatapos ng tuldok (sentimo).",
  "deliveries.word.cancellationFee": "cancellation fee",
  "deliveries.eventNote.takenFromRider": "Kinuha mula sa rider {rider}",
  "deliveries.return.reason": "Piliin kung bakit hindi mo naihatid.",
  "deliveries.return.noteNeeded": "Sumulat ng note kung ano ang nangyari.",
  "deliveries.return.noteTooLong": "Hanggang {max} character lang ang note.",
  "deliveries.return.photoNeeded":
    "Kunan ng litrato ang lugar: kailangan ito kapag wala o ayaw tumanggap ang tatanggap.",
  "deliveries.return.notAtDropoff":
    "Maghintay muna sa dropoff: maibabalik mo ang parcel 10 minuto matapos mong makarating doon (maliban kung delikado).",
  "deliveries.return.waitMore":
    "Maghintay pa sa dropoff nang {minutes, plural, other {# minuto}} bago ibalik ang parcel (maliban kung delikado).",
  "deliveries.return.useCouldNotDeliver":
    "Hindi mapapalitan ang delivery mula {from} papuntang {to}: gamitin ang Hindi maihatid, may dahilan",
  "deliveries.return.codeFormat": "Ilagay ang 4-digit na return code na ibibigay ng nagpadala.",
  "deliveries.return.wrongCode": "Mali ang return code. Hingin sa nagpadala ang code na nasa tracking page nila.",
  "deliveries.return.notMultipart":
    "Ipadala ang Hindi maihatid bilang form (multipart/form-data) kasama ang dahilan at litrato.",
  "deliveries.return.codeOnlyWhenReturned": "Kasama lang ng pagkumpirma ng pagbalik ang return code.",
};
