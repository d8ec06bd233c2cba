import type { booking as en } from "~/i18n/catalogs/en/server/booking";

export const booking: Record<keyof typeof en, string> = {
  "booking.pickupAddressRequired": "Kailangan ang pickup address",
  "booking.dropoffAddressRequired": "Kailangan ang dropoff address",
  "booking.pickupCityRequired": "Kailangan ang pickup city",
  "booking.dropoffCityRequired": "Kailangan ang dropoff city",
  "booking.pickupPhoneRequired": "Kailangan ang contact number sa pickup",
  "booking.dropoffPhoneRequired": "Kailangan ang contact number sa dropoff",
  "booking.descriptionRequired": "Kailangan ang paglalarawan ng package",
  "booking.pickupAddressTooLong": "Hanggang {max} character lang ang pickup address.",
  "booking.dropoffAddressTooLong": "Hanggang {max} character lang ang dropoff address.",
  "booking.pickupAddressTooShort":
    "Dapat may hindi bababa sa {min} character ang pickup address, kasama ang pangalan ng kalye o lugar (hal., 12 Maginhawa St)",
  "booking.dropoffAddressTooShort":
    "Dapat may hindi bababa sa {min} character ang dropoff address, kasama ang pangalan ng kalye o lugar (hal., 12 Maginhawa St)",
  "booking.pickupCityFromList": "Pumili ng pickup city mula sa listahan (hal., Makati, Metro Manila)",
  "booking.dropoffCityFromList": "Pumili ng dropoff city mula sa listahan (hal., Makati, Metro Manila)",
  "booking.phoneInvalid": "Maglagay ng valid na Philippine mobile number (hal., 09171234567)",
  "booking.pickupNotesText": "Isulat ang notes sa pickup bilang text.",
  "booking.dropoffNotesText": "Isulat ang notes sa dropoff bilang text.",
  "booking.pickupNotesTooLong": "Hanggang {max} character lang ang notes sa pickup.",
  "booking.dropoffNotesTooLong": "Hanggang {max} character lang ang notes sa dropoff.",
  "booking.descriptionTooLong": "Hanggang {max} character lang ang paglalarawan ng package.",
  "booking.packageType": "Pumili ng uri ng package",
  "booking.packageSize": "Pumili ng laki ng package",
  "booking.fragile": "Sabihin kung fragile ang package: oo (true) o hindi (false).",
  "booking.notifyRecipient": "Sabihin kung ite-text ang tatanggap ng tracking link: oo (true) o hindi (false).",
  "booking.paymentMethod": "Pumili ng paraan ng pagbayad: cash, GCash, Maya, card o invoice.",
  "booking.promoText": "Ilagay ang promo code bilang text, hal. COOP100.",
  "booking.tooFar": "Masyadong malayo ito para sa isang delivery (hanggang {max} km lang).",
  "booking.tooManyWaiting":
    "May {max} booking ka nang naghihintay ng rider o ng bayad. Hintaying makuha, mabayaran o makansela ang isa bago mag-book ulit.",
  "booking.invoiceOnlyPartners":
    "Para lang sa customer ng business partner ang invoice. Pumili ng ibang payment method.",
  "booking.onlineUnavailable": "Hindi available ang online payment ngayon. Pumili ng cash.",
  "booking.gatewayDown": "Hindi makonekta sa payment gateway. Pakisubukan ulit o pumili ng cash.",
  "booking.owedFeeChanged":
    "Nagbago ang hindi pa bayad mong cancellation fee habang nagbu-book ka. Pakitingnan ang kabuuan at mag-book ulit.",
};
