/** The admins' setup page (/admin/setup): each outside service and secret, its state and what waits on it. */
export const adminSetup = {
  title: "Setup · {brand}",
  heading: "Setup",
  intro:
    "What this deployment uses for each outside service, when the provider last answered, and what is waiting on it.",
  howToSet:
    "Secrets are set by whoever deploys the app (npx wrangler secret put NAME), as the README's Deploying section says.",
  attention: "{count, plural, one {# service needs attention} other {# services need attention}}",
  allWell: "Every service this deployment needs is set up.",

  "service.sms": "Text messages (SMS)",
  "service.email": "Email",
  "service.payments": "Online payments (GCash, Maya, card)",
  "service.payouts": "GCash cash-outs",
  "service.geocoding": "Address locations",
  "service.maps": "Street maps",
  "service.captcha": "Security check at sign-in",
  "service.push": "Push notifications",
  "service.ballots": "Secret ballots",

  "provider.semaphore": "Semaphore",
  "provider.email": "Email API (Resend-compatible)",
  "provider.paymongo": "PayMongo",
  "provider.xendit": "Xendit",
  "provider.mapbox": "Mapbox",
  "provider.turnstile": "Cloudflare Turnstile",

  "state.live": "Live",
  "state.test": "Test mode",
  "state.local": "Local stand-in",
  "state.off": "Off",
  "state.missing": "Missing",

  "meaning.sms.live": "Sign-in codes and texts are sent.",
  "meaning.sms.local": "Texts go to the development outbox (/api/dev/outbox); nothing is sent.",
  "meaning.sms.missing": "Nobody can sign in by mobile number and no text is sent: each is refused until this is set.",
  "meaning.email.live": "Sign-in links and emails are sent.",
  "meaning.email.local": "Emails go to the development outbox (/api/dev/outbox); nothing is sent.",
  "meaning.email.missing": "Nobody can sign in by email link and no email is sent until this is set.",
  "meaning.payments.live": "Customers pay with GCash, Maya or a card; refunds go back the same way.",
  "meaning.payments.test": "PayMongo's test mode: bookings can be paid, but no real money moves.",
  "meaning.payments.local": "Payments go to the sandbox checkout (/dev/pay); no money moves.",
  "meaning.payments.missing":
    "Customers can pay only in cash or by invoice: GCash, Maya and card are refused until this is set.",
  "meaning.payouts.live": "GCash cash-outs are sent at once.",
  "meaning.payouts.test": "Xendit's test mode: cash-outs complete, but no real money moves.",
  "meaning.payouts.local": "Cash-outs go to the payout sandbox (/dev/payouts); no money moves.",
  "meaning.payouts.missing":
    "GCash cash-outs are refused until this is set; riders can still choose a bank transfer or the office.",
  "meaning.geocoding.live": "Addresses are placed on the map; distances are measured between them.",
  "meaning.geocoding.off": "Distances come from city centres and are shown as approximate.",
  "meaning.maps.live": "The tracking page shows street maps.",
  "meaning.maps.off": "The tracking page draws its schematic map instead of street maps.",
  "meaning.captcha.live": "Sign-in asks Turnstile whether the visitor is a person.",
  "meaning.captcha.off": "Sign-in has no check against bots (the limits per number and per address still apply).",
  "meaning.captcha.missing": "Only part of it is set: sign-in has no check against bots until the rest is.",
  "meaning.push.live": "Notifications also reach phones that allowed them.",
  "meaning.push.off": "Notifications stay in the bell; nothing is pushed to phones.",
  "meaning.push.missing": "Only part of it is set: nothing is pushed to phones until the rest is.",
  "meaning.ballots.live": "Member-owners vote by secret ballot.",
  "meaning.ballots.missing": "Member-owners cannot vote: ballots are refused until this is set.",

  unset: "Not set: {names}",
  neverCalled: "Not called yet.",
  lastAnswered: "Last answered {time}.",
  neverAnswered: "It has not answered yet.",
  lastFailure: "Last failure {time}: {failure}",
  "waiting.failedMessages":
    "{count, plural, one {# message not sent} other {# messages not sent}}, the oldest since {time}",
  "waiting.sendingPayouts":
    "{count, plural, one {# cash-out waiting for the provider} other {# cash-outs waiting for the provider}}, the oldest since {time}",
  "waiting.pendingRefunds":
    "{count, plural, one {# refund not yet confirmed} other {# refunds not yet confirmed}}, the oldest since {time}",
  "waiting.see": "Handle them on Cash-outs and remittances",
  nothingWaiting: "Nothing is waiting on it.",
};
