/** Messages of the server's pricing area, by id (`server.pricing.…`); see app/i18n/message.ts. */
export const pricing = {
  "pricing.unknownPickupCity": "Pickup city must be chosen from the list",
  "pricing.unknownDropoffCity": "Dropoff city must be chosen from the list",
  "pricing.distanceNumber": "Enter the distance as a number of kilometres, e.g. 3.5.",
  "pricing.distanceNegative": "Enter a distance of 0 km or more.",
  "pricing.distanceTooFar": "Enter a distance of at most {max} km.",
  "pricing.distanceOrCities": "Send the distance in km, or both the pickup and the dropoff city.",
  "pricing.packageSize": "Choose a package size: small, medium or large.",
  // Promo codes.
  "pricing.promoUnknown": "This promo code does not exist.",
  "pricing.promoFirstOnly": "{code} is only for your first delivery.",
  "pricing.promoMinimum": "{code} needs an order of {amount} or more.",
  "pricing.promoOneCode": "Only one promo code per booking.",
} satisfies Record<`pricing.${string}`, string>;
