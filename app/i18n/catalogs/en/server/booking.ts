/** Messages of the server's booking area, by id (`server.booking.…`); see app/i18n/message.ts. */
export const booking = {
  // Required fields: their exact English words are kept.
  "booking.pickupAddressRequired": "Pickup address is required",
  "booking.dropoffAddressRequired": "Dropoff address is required",
  "booking.pickupCityRequired": "Pickup city is required",
  "booking.dropoffCityRequired": "Dropoff city is required",
  "booking.pickupPhoneRequired": "Pickup contact number is required",
  "booking.dropoffPhoneRequired": "Dropoff contact number is required",
  "booking.descriptionRequired": "Package description is required",
  "booking.pickupAddressTooLong": "Keep the pickup address to at most {max} characters.",
  "booking.dropoffAddressTooLong": "Keep the dropoff address to at most {max} characters.",
  "booking.pickupAddressTooShort":
    "Pickup address must have at least {min} characters, with a street or place name (e.g., 12 Maginhawa St)",
  "booking.dropoffAddressTooShort":
    "Dropoff address must have at least {min} characters, with a street or place name (e.g., 12 Maginhawa St)",
  "booking.pickupCityFromList": "Pickup city must be chosen from the list (e.g., Makati, Metro Manila)",
  "booking.dropoffCityFromList": "Dropoff city must be chosen from the list (e.g., Makati, Metro Manila)",
  "booking.phoneInvalid": "Please enter a valid Philippine phone number (e.g., 09171234567)",
  "booking.pickupNotesText": "Write the pickup notes as text.",
  "booking.dropoffNotesText": "Write the dropoff notes as text.",
  "booking.pickupNotesTooLong": "Keep the pickup notes to at most {max} characters.",
  "booking.dropoffNotesTooLong": "Keep the dropoff notes to at most {max} characters.",
  "booking.descriptionTooLong": "Keep the package description to at most {max} characters.",
  "booking.packageType": "Please choose a package type",
  "booking.packageSize": "Please choose a package size",
  "booking.fragile": "Say whether the package is fragile: yes (true) or no (false).",
  "booking.notifyRecipient": "Say whether to text the recipient a tracking link: yes (true) or no (false).",
  "booking.paymentMethod": "Choose a payment method: cash, GCash, Maya, card or invoice.",
  "booking.promoText": "Enter the promo code as text, e.g. COOP100.",
  // What can be booked (decision 0181).
  "booking.tooFar": "This is too far for one delivery ({max} km at most).",
  "booking.tooManyWaiting":
    "You already have {max} bookings waiting for a rider or a payment. Please wait until one is taken, paid or cancelled before booking again.",
  "booking.invoiceOnlyPartners":
    "Invoice is only for customers of a business partner. Please choose another payment method.",
  "booking.onlineUnavailable": "Online payment is not available right now. Please choose cash.",
  "booking.gatewayDown": "The payment gateway could not be reached. Please try again or choose cash.",
  "booking.owedFeeChanged":
    "Your unpaid cancellation fee changed while you were booking. Please check the total and book again.",
} satisfies Record<`booking.${string}`, string>;
