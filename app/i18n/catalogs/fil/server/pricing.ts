import type { pricing as en } from "~/i18n/catalogs/en/server/pricing";

export const pricing: Record<keyof typeof en, string> = {
  "pricing.unknownPickupCity": "Pumili ng pickup city mula sa listahan",
  "pricing.unknownDropoffCity": "Pumili ng dropoff city mula sa listahan",
  "pricing.distanceNumber": "Ilagay ang layo bilang bilang ng kilometro, hal. 3.5.",
  "pricing.distanceNegative": "Maglagay ng layo na 0 km pataas.",
  "pricing.distanceTooFar": "Hanggang {max} km lang ang layo.",
  "pricing.distanceOrCities": "Ipadala ang layo sa km, o ang pickup city at dropoff city.",
  "pricing.packageSize": "Pumili ng laki ng package: small, medium o large.",
  "pricing.promoUnknown": "Walang ganitong promo code.",
  "pricing.promoFirstOnly": "Para lang sa una mong delivery ang {code}.",
  "pricing.promoMinimum": "Kailangan ng order na {amount} pataas para sa {code}.",
  "pricing.promoOneCode": "Isang promo code lang bawat booking.",
};
