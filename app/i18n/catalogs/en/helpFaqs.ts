/**
 * The help centre's questions and answers. The server builds the
 * tabs from them with the co-op's settings in force (app/public/faqs.ts), so the page receives
 * finished texts and none of this reaches a JavaScript bundle.
 */
export const helpFaqs = {
  "tab.customers": "For Customers",
  "tab.riders": "For Riders",
  "tab.pricing": "Pricing & Payment",

  "rateCard.base": "Base fare {baseFare} covers the first {includedKm} km",
  "rateCard.perKm": "{perKm} per km after that, charged per started {stepKm} km",
  "rateCard.sizes": "Size fee: small {small}, medium {medium}, large {large}",

  "howToBook.question": "How do I book a delivery?",
  "howToBook.answer":
    "Sign in with your mobile number, open Book Delivery and fill in the pickup details, the dropoff details and the package details. The estimated cost appears as soon as both cities and the package size are set; press Confirm Booking and a nearby rider picks it up.",
  "whatCanISend.question": "What can I send?",
  "whatCanISend.answer": "Documents, food, parcels, groceries and electronics, in three sizes:",
  "whatCanISend.small": "Small (Envelope)",
  "whatCanISend.medium": "Medium (Shoebox)",
  "whatCanISend.large": "Large (Backpack)",
  "trackDelivery.question": "How do I track my delivery?",
  "trackDelivery.answer":
    "Open the delivery from your recent bookings. Once a rider accepts it, the tracking page shows the rider's live position on the map, the distance to the dropoff and the estimated time.",
  "cancelBooking.question": "Can I cancel a booking? Is there a fee?",
  "cancelBooking.answer": "Yes, until the package is picked up:",
  "cancelBooking.free": "Free while no rider has accepted it yet, or within {minutes} minutes of booking",
  "cancelBooking.assigned": "{fee} once a rider is assigned",
  "cancelBooking.arrived": "{fee} once the rider has arrived at the pickup point",
  "cancelBooking.pickedUp": "No cancellation or refund once the package has been picked up",
  "discounts.question": "Do you have discounts for PWDs, seniors and students?",
  "discounts.answer":
    "Yes. Upload a photo of your valid ID in your account's Settings; once an admin approves it, the discount applies to your bookings:",
  "discounts.pwd": "PWD: {percent}% off",
  "discounts.senior": "Senior citizens: {percent}% off",
  "discounts.student": "Students: {percent}% off",
  "coverage.question": "Where do you deliver?",
  "coverage.answer":
    "Nationwide: you can book between any of the Philippine cities and provinces listed on the booking page, from Metro Manila to Mindanao, 24/7.",

  "riderEarnings.question": "How much can I earn?",
  "riderEarnings.answer":
    "Up to ₱2,500 a day; most full-time riders earn ₱1,500-2,500. You keep {percent}% of every delivery fee, plus a peak-hours bonus of {peakRange} per delivery. {insurance} per delivery goes to the insurance fund.",
  "riderIncentives.question": "What incentives can I get?",
  "riderIncentives.answer": "On top of your fees:",
  "riderIncentives.daily": "Daily: {tiers}; a rating of {rating}+ adds {bonus}",
  "riderIncentives.weekly": "Weekly: {tiers}; the top {count} performers get an extra {amount}",
  "riderInsurance.question": "Am I insured while riding?",
  "riderInsurance.answer":
    "Yes. Every rider is covered by the cooperative's insurance, funded with {insurance} per delivery:",
  "riderInsurance.accident": "{amount} accident and medical",
  "riderInsurance.death": "{amount} death benefit",
  "riderInsurance.burial": "{amount} burial benefit",
  "riderMembership.question": "How do I become a cooperative member?",
  "riderMembership.answer":
    "After {deliveries} deliveries with a rating of {rating} or higher you can become a member-owner, for a one-time fee of {fee}. Members vote on the cooperative's decisions and share in its benefits.",
  "riderCashOut.question": "How do I cash out my earnings?",
  "riderCashOut.answer": "Choose what suits you:",
  "riderCashOut.gcash": "GCash: instant and free",
  "riderCashOut.bank": "Bank transfer: 1-2 business days, {fee} fee",
  "riderCashOut.office": "Office pickup: same day and free",
  "riderApply.question": "What do I need to apply?",
  "riderApply.answer":
    "A motorcycle registered in 2019 or later, a valid driver's license with restriction code 1 or A, an NBI, barangay or police clearance and a government ID. Apply on the Become a Rider page; our team replies within 1-2 business days.",

  "deliveryFee.question": "How is the delivery fee computed?",
  "deliveryFee.answer":
    "The total is the base fare plus the distance fee plus the size fee. For example, a small package over 5 km costs {total}.",
  "feeSplit.question": "Where does my delivery fee go?",
  "feeSplit.answer":
    "{rider}% goes to the rider who delivers it, {operations}% runs the cooperative's operations and {benefits}% goes to the member benefits fund (health insurance, emergency aid, training and equipment).",
  "paymentMethods.question": "How can I pay?",
  "paymentMethods.answer": "We accept:",
  "paymentMethods.cash": "Cash",
  "paymentMethods.gcash": "GCash",
  "paymentMethods.maya": "Maya",
  "paymentMethods.cards": "Credit and debit cards (Visa, Mastercard)",
  "paymentMethods.bank": "Bank transfer, for business accounts",
  "refunds.question": "How long do refunds take?",
  "refunds.answer": "Refunds go back the way you paid:",
  "refunds.ewallets": "E-wallets (GCash, Maya): 1-3 business days",
  "refunds.cards": "Cards: 5-7 business days",
  "refunds.cash": "Cash: instant",
  "promoCodes.question": "Do you have promo codes?",
  "promoCodes.yes": "Yes:",
  "promoCodes.none": "Not at the moment. Check back here for the next one.",
  "promoCodes.firstDelivery": "{code}: {amount} off your first delivery",
  "promoCodes.minimum": "{code}: {amount} off orders of {minimum} or more",
  "promoCodes.any": "{code}: {amount} off any delivery",
  "riderIncentives.tier": "{count}+ deliveries {amount}",
};
