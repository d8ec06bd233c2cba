/**
 * /terms and /privacy: the Terms of Service and the Privacy Notice (Data Privacy Act of 2012). Every
 * figure is a `{placeholder}` filled from the settings in force or the code's constants
 * (app/legal/legal-page.server.ts), never typed here.
 */
export const legal = {
  updated: "Last changed {date}.",
  contents: "On this page",
  "contact.hotline": "Hotline: {hotline}",
  "contact.messenger": "Messenger: {messenger}",
  "contact.email": "Email: {email}",
  "contact.none":
    "The co-op has not published a hotline, Messenger link or email yet. They will be listed here and at the foot of every page once it has.",
  "contact.line": "Reach the co-op through any of these:",

  "terms.meta.title": "Terms of Service · Hatid",
  "terms.meta.description":
    "The terms for booking deliveries with Hatid and riding for the cooperative: prices, cancellations, payments, refunds, riders' duties and disputes.",
  "terms.title": "Terms of Service",
  "terms.lead": "The rules between you and the rider-owned cooperative that runs Hatid, in plain words.",
  "terms.about.heading": "What these terms cover",
  "terms.about.p1":
    "Hatid is the delivery service of a rider-owned cooperative in the Philippines. These terms apply when you book a delivery, ride for the cooperative or use this website. By signing in you accept them and our Privacy Notice; if you do not agree, please do not use Hatid.",
  "terms.accounts.heading": "Your account",
  "terms.accounts.p1":
    "You sign in with a Philippine mobile number and a one-time code sent to it, which works for {codeMinutes} minutes. Keep your phone and your codes to yourself: what is done through your account is taken as done by you. Give your real name and true contact numbers. You may delete your account in Settings at any time.",
  "terms.bookings.heading": "Bookings and prices",
  "terms.bookings.p1":
    "You book by giving the pickup and dropoff addresses, their cities and contact numbers, and a description of the package. The price comes from the rate card in force when you book and is shown before you confirm; a booking keeps that price even if the rate card changes later:",
  "terms.bookings.peak":
    "During peak hours a surcharge of {peakRange} per delivery is added, shown as its own line; it goes whole to the rider.",
  "terms.bookings.distance":
    "One delivery may be at most {maxKm} km by road estimate, and you may have at most {maxWaiting} bookings waiting for a rider or a payment at once.",
  "terms.bookings.p2":
    "Send only what the law allows and a rider can carry safely on a motorcycle. Pack it well and describe it truthfully: a rider may refuse a package that is unsafe, illegal or not what the booking says.",
  "terms.cancellations.heading": "Cancellations and fees",
  "terms.cancellations.p1": "You may cancel a booking until the package is picked up:",
  "terms.cancellations.free": "Free while no rider has accepted it, or within {freeMinutes} minutes of booking",
  "terms.cancellations.assigned": "{assignedFee} once a rider is assigned",
  "terms.cancellations.arrived": "{arrivedFee} once the rider has reached the pickup point, as their location shows",
  "terms.cancellations.pickedUp": "No cancellation once the package has been picked up",
  "terms.cancellations.unpaid":
    "A booking to be paid online that is not paid within {unpaidMinutes} minutes is cancelled without a fee",
  "terms.cancellations.p2":
    "A cancellation fee is shared like a delivery fee: mostly to the rider who came. On an online payment it is kept from your refund; when nothing can be refunded (cash), it is added to your next booking as its own line. The co-op may waive a fee.",
  "terms.payments.heading": "Payments, discounts and refunds",
  "terms.payments.p1":
    "You pay in cash to the rider, or online with GCash, Maya or a card through our payment provider; business partners may be billed monthly. Card and e-wallet details stay with the payment provider: Hatid never sees or stores them.",
  "terms.payments.discounts":
    "ID discounts ({pwd}% for persons with disability, {senior}% for senior citizens, {student}% for students) apply to bookings made after an admin approves your ID. Promo codes apply as the help centre lists them, one per booking.",
  "terms.payments.refunds":
    "A refund goes back the way you paid, less any cancellation fee that applies: e-wallets in {ewalletTime}, cards in {cardTime}. The co-op keeps trying a refund until the payment provider confirms it.",
  "terms.riders.heading": "Riders",
  "terms.riders.p1": "Only approved applicants may ride. As a rider you agree to:",
  "terms.riders.papers":
    "Keep your driver's license, the motorcycle's registration and your clearances valid, and follow traffic laws",
  "terms.riders.location":
    "Share your location while you hold a delivery: its customer and the co-op see where you are until it ends",
  "terms.riders.handover": "Hand the package only to the dropoff, asking for the recipient's handover code",
  "terms.riders.cash": "Collect cash only when the booking says so, and remit the co-op's part as your ledger shows",
  "terms.riders.share":
    "You keep {riderShare}% of every delivery fee; {insurance} per delivery goes to the riders' insurance. After {memberDeliveries} deliveries with a rating of {memberRating} or more you may become a member-owner for a one-time fee of {memberFee}.",
  "terms.riders.p2":
    "The co-op may suspend a rider who breaks these terms, saying why; deliveries the rider held are given to another rider.",
  "terms.liability.heading": "Loss, damage and our liability",
  "terms.liability.p1":
    "Riders carry your package with care. If it is lost or damaged while a rider holds it, tell the co-op as soon as you can. The co-op answers for loss or damage its riders cause, up to the item's proven value. It does not answer for items that were prohibited, badly packed or not as described, for indirect losses such as lost profits, or for delays from traffic, weather or other events no one could prevent.",
  "terms.liability.p2":
    "Nothing in these terms takes away the rights the Consumer Act of the Philippines (Republic Act No. 7394) and other laws give you.",
  "terms.conduct.heading": "Fair use",
  "terms.conduct.p1":
    "Use Hatid lawfully: no fake bookings, no harassment of riders, customers or recipients, and no attempt to break into the service or other people's accounts. The co-op may close an account that does.",
  "terms.changes.heading": "Changes",
  "terms.changes.p1":
    "The co-op may change these terms and its prices; its member-owners may vote on the settings. The date at the top says when these terms last changed. A booking keeps the terms and prices in force when it was made.",
  "terms.law.heading": "Disputes and the law",
  "terms.law.p1":
    "These terms are governed by the laws of the Republic of the Philippines. Tell the co-op first: it will try in good faith to settle any disagreement with you. Disputes between the cooperative and its members are settled by conciliation or mediation as the Philippine Cooperative Code of 2008 (Republic Act No. 9520) provides. Any other dispute may be brought before the proper courts of the Philippines.",
  "terms.contact.heading": "Contact",

  "privacy.meta.title": "Privacy Notice · Hatid",
  "privacy.meta.description":
    "What personal information Hatid collects, why, how long it is kept, who sees it and your rights under the Data Privacy Act of 2012.",
  "privacy.title": "Privacy Notice",
  "privacy.lead":
    "How the cooperative that runs Hatid handles your phone number, your addresses, riders' locations and ID photos.",
  "privacy.who.heading": "Who we are",
  "privacy.who.p1":
    "Hatid is run by a rider-owned cooperative in the Philippines, the personal information controller of what this notice describes. We follow the Data Privacy Act of 2012 (Republic Act No. 10173), its implementing rules and the issuances of the National Privacy Commission.",
  "privacy.collect.heading": "What we collect",
  "privacy.collect.account":
    "Your account: your mobile number and, if you give them, your name, email address and language",
  "privacy.collect.bookings":
    "Your bookings: pickup and dropoff addresses, cities and contact numbers, package details and notes, the price and how it was paid, your rating and comment",
  "privacy.collect.location":
    "Riders' locations: a rider's position while they are online and while they hold a delivery",
  "privacy.collect.ids": "ID photos: a photo of your PWD, senior citizen or student ID, if you ask for a discount",
  "privacy.collect.riders":
    "From riders: the application (name, mobile number, city, motorcycle, referral code), GCash or bank details for cash-outs, the ledger of earnings, and membership",
  "privacy.collect.claims":
    "Claims on the member benefits fund: the kind, the amount, a note and photos of documents, which may show health information",
  "privacy.collect.technical":
    "Technical data: your network address (to stop abuse of sign-in and applications), the session and language cookies, and your browser's push subscription if you turn notifications on",
  "privacy.collect.p2": "We do not sell personal information and show no advertising.",
  "privacy.why.heading": "Why, and on what lawful basis",
  "privacy.why.contract":
    "To provide the service you ask for (bookings, payments, live tracking, riders' earnings and cash-outs): necessary for our contract with you (Section 12(b) of the Act)",
  "privacy.why.law":
    "To keep the co-op's books and answer lawful orders: to comply with a legal obligation (Section 12(c))",
  "privacy.why.safety":
    "To keep the service safe (limits on codes and applications, checks against fraud): our legitimate interests (Section 12(f)), which never override your fundamental rights",
  "privacy.why.sensitive":
    "ID photos and claim documents are sensitive personal information (they show age, disability or health): we process them with the consent you give when you upload them (Section 13(a)), only to decide your discount or claim",
  "privacy.why.push": "Push notifications only if you turn them on; you can turn them off in Settings",
  "privacy.retention.heading": "How long we keep it",
  "privacy.retention.codes":
    "Sign-in codes work for {codeMinutes} minutes and are stored only as a hash; a session lasts {sessionDays} days unless you log out",
  "privacy.retention.positions":
    "Riders' positions are not stored one by one: only the last known position of each delivery, erased {positionDays} days after the delivery ends, and a rider's own last position, erased once it is {positionDays} days old",
  "privacy.retention.link": "The recipient's tracking link stops working {linkHours} hours after the delivery ends",
  "privacy.retention.ids":
    "ID photos are deleted {idPhotoDays} days after an admin decides on them; the decision (kind, dates, percent) stays",
  "privacy.retention.claims":
    "Claim documents are deleted {claimPhotoDays} days after the claim is decided; the claim itself stays in the fund's records",
  "privacy.retention.accounts":
    "When you delete your account, your name, email address and mobile number are erased at once and your sessions end. Deliveries and money records stay in the co-op's books without them, as tax and cooperative laws require",
  "privacy.access.heading": "Who sees it",
  "privacy.access.customers":
    "A customer sees their rider's first name, vehicle and rating, and their phone number only while the delivery is active",
  "privacy.access.riders":
    "A rider sees the addresses and contact numbers of the deliveries they hold, and the numbers only until each ends",
  "privacy.access.recipients": "The recipient's link shows the status and the map, nothing personal beyond the dropoff",
  "privacy.access.admins":
    "The co-op's admins see what they need to run it; how a member voted is secret from everyone, admins included",
  "privacy.access.processors":
    "Service providers that process data for us under contract: Cloudflare (hosting and storage), Semaphore (text messages), Resend (email), PayMongo (payments), Xendit (GCash payouts) and Mapbox (maps and address search)",
  "privacy.access.government": "Government authorities, only when the law requires it",
  "privacy.rights.heading": "Your rights",
  "privacy.rights.p1": "Under the Data Privacy Act you have the right:",
  "privacy.rights.informed": "To be informed of how your personal information is processed (this notice)",
  "privacy.rights.access": "To get a copy of your personal information, in a format you can reuse",
  "privacy.rights.correct": "To have wrong or incomplete information corrected",
  "privacy.rights.object":
    "To object to processing, and to have your information erased or blocked when it is no longer needed or was processed unlawfully",
  "privacy.rights.damages": "To be paid damages for harm from inaccurate, unlawfully obtained or misused information",
  "privacy.rights.complain": "To file a complaint with the National Privacy Commission (privacy.gov.ph)",
  "privacy.rights.p2": "To use any of them, write to our Data Protection Officer (below).",
  "privacy.security.heading": "How we protect it",
  "privacy.security.p1":
    "Codes and sessions are stored only as hashes; ID photos and claim documents sit in private storage that only those who decide on them can open; and everything travels over an encrypted connection.",
  "privacy.breach.heading": "If something goes wrong",
  "privacy.breach.p1":
    "If a breach puts your personal information at real risk of serious harm, we tell the National Privacy Commission and you within {breachHours} hours of learning of it, as the Commission's rules require: what happened, what was affected and what we are doing about it.",
  "privacy.dpo.heading": "Our Data Protection Officer",
  "privacy.dpo.p1":
    "For questions about your personal information, or to use your rights, contact the co-op's Data Protection Officer.",
  "privacy.changes.heading": "Changes",
  "privacy.changes.p1": "When this notice changes, the new version is posted here with its date.",

  "signIn.agree": "By signing in you accept our terms and privacy notice:",
} satisfies Record<string, string>;
