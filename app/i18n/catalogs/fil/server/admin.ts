import type { admin as en } from "~/i18n/catalogs/en/server/admin";

export const admin: Record<keyof typeof en, string> = {
  "admin.deliveryNotFound": "Hindi nahanap ang delivery na ito. I-reload ang listahan ng mga delivery at subukan ulit.",
  "admin.cannotChange": "Hindi mapapalitan ang delivery mula {from} papuntang {to}",
  "admin.feeNeedsRider":
    "Puwede lang maningil ng cancellation fee kapag may rider nang may hawak ng delivery. I-cancel ito nang walang fee.",
  "admin.feeTooHigh":
    "Hindi puwedeng lumampas ang fee sa pamasahe ng delivery na {fare}. Maglagay ng mas maliit na fee.",
  "admin.alreadyHolds": "Hawak na ng rider na ito ang delivery na ito.",
  "admin.notAssignable": "Approved na rider na nasa rider role lang ang puwedeng i-assign. Pumili ng ibang rider.",
  "admin.riderSuspended": "Suspendido ang rider na ito: {reason}. Pumili ng ibang rider.",
  "admin.riderSuspendedNoReason": "Suspendido ang rider na ito. Pumili ng ibang rider.",
  "admin.ownBooking": "Hindi puwedeng i-assign sa rider ang sarili niyang booking. Pumili ng ibang rider.",
  "admin.changedMeanwhile": "Nagbago ang delivery na ito habang tinitingnan mo. Paki-reload at subukan ulit.",
  "admin.riderFull":
    "May {max} active delivery na ang rider na ito. Pumili ng ibang rider o maghintay hanggang matapos niya ang isa.",
  "admin.awaitingPayment":
    "Hindi pa bayad ang booking na ito. Puwede itong i-assign kapag dumating na ang online na bayad, o puwede mo itong i-cancel.",
  "admin.reasonRequired": "Ilagay ang dahilan ng pag-cancel sa delivery na ito.",
  "admin.reasonTooLong": "Paikliin ang dahilan: hanggang {max} na character lang.",
  "admin.riderRequired": "Piliin ang rider na pagbibigyan ng delivery na ito.",
  "admin.filterInvalid": "Piliin kung aling mga delivery ang ipapakita: lahat, pending, kasalukuyan o tapos na.",
  "admin.limitInvalid": "Humingi ng {min} hanggang {max} na delivery sa isang pagkakataon.",
};
