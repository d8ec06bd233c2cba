import type { adminSetup as en } from "~/i18n/catalogs/en/adminSetup";

export const adminSetup: Record<keyof typeof en, string> = {
  title: "Setup · {brand}",
  heading: "Setup",
  intro:
    "Ano ang gamit ng app na ito para sa bawat serbisyo sa labas, kailan huling sumagot ang provider, at ano ang naghihintay dito.",
  howToSet:
    "Ang nagde-deploy ng app ang naglalagay ng mga secret (npx wrangler secret put NAME), gaya ng sinasabi sa Deploying ng README.",
  attention: "{count, plural, other {# serbisyo ang kailangang ayusin}}",
  allWell: "Naka-set up ang lahat ng serbisyong kailangan ng app na ito.",

  "service.sms": "Text message (SMS)",
  "service.email": "Email",
  "service.payments": "Online na bayad (GCash, Maya, card)",
  "service.payouts": "Cash-out sa GCash",
  "service.geocoding": "Lokasyon ng mga address",
  "service.maps": "Street map",
  "service.captcha": "Security check sa pag-sign in",
  "service.push": "Push notification",
  "service.ballots": "Lihim na balota",

  "provider.semaphore": "Semaphore",
  "provider.email": "Email API (kagaya ng Resend)",
  "provider.paymongo": "PayMongo",
  "provider.xendit": "Xendit",
  "provider.mapbox": "Mapbox",
  "provider.turnstile": "Cloudflare Turnstile",

  "state.live": "Live",
  "state.test": "Test mode",
  "state.local": "Pang-lokal na pamalit",
  "state.off": "Naka-off",
  "state.missing": "Kulang",

  "meaning.sms.live": "Naipapadala ang mga sign-in code at text.",
  "meaning.sms.local": "Napupunta ang mga text sa development outbox (/api/dev/outbox); walang naipapadala.",
  "meaning.sms.missing":
    "Walang makakapag-sign in gamit ang mobile number at walang text na maipapadala hangga't hindi ito naka-set.",
  "meaning.email.live": "Naipapadala ang mga sign-in link at email.",
  "meaning.email.local": "Napupunta ang mga email sa development outbox (/api/dev/outbox); walang naipapadala.",
  "meaning.email.missing":
    "Walang makakapag-sign in gamit ang email link at walang email na maipapadala hangga't hindi ito naka-set.",
  "meaning.payments.live": "Nakakabayad ang mga customer gamit ang GCash, Maya o card; doon din bumabalik ang refund.",
  "meaning.payments.test": "Test mode ng PayMongo: nababayaran ang mga booking pero walang totoong perang gumagalaw.",
  "meaning.payments.local": "Napupunta ang mga bayad sa sandbox checkout (/dev/pay); walang perang gumagalaw.",
  "meaning.payments.missing":
    "Cash o invoice lang ang puwedeng bayad: tinatanggihan ang GCash, Maya at card hangga't hindi ito naka-set.",
  "meaning.payouts.live": "Naipapadala agad ang mga cash-out sa GCash.",
  "meaning.payouts.test": "Test mode ng Xendit: natatapos ang mga cash-out pero walang totoong perang gumagalaw.",
  "meaning.payouts.local": "Napupunta ang mga cash-out sa payout sandbox (/dev/payouts); walang perang gumagalaw.",
  "meaning.payouts.missing":
    "Tinatanggihan ang cash-out sa GCash hangga't hindi ito naka-set; puwede pa ring pumili ang mga rider ng bank transfer o ng opisina.",
  "meaning.geocoding.live": "Nailalagay sa mapa ang mga address; sa pagitan nila sinusukat ang layo.",
  "meaning.geocoding.off": "Mula sa gitna ng mga lungsod ang layo at ipinapakitang tantiya lang.",
  "meaning.maps.live": "May street map ang tracking page.",
  "meaning.maps.off": "Schematic na mapa ang iginuguhit ng tracking page sa halip na street map.",
  "meaning.captcha.live": "Tinatanong ng sign-in sa Turnstile kung tao ang bisita.",
  "meaning.captcha.off": "Walang check laban sa bot ang sign-in (may limit pa rin bawat number at bawat address).",
  "meaning.captcha.missing":
    "Bahagi lang ang naka-set: walang check laban sa bot ang sign-in hangga't hindi naka-set ang iba.",
  "meaning.push.live": "Umaabot din ang mga notification sa mga phone na pumayag.",
  "meaning.push.off": "Nasa bell lang ang mga notification; walang naipu-push sa phone.",
  "meaning.push.missing": "Bahagi lang ang naka-set: walang naipu-push sa phone hangga't hindi naka-set ang iba.",
  "meaning.ballots.live": "Lihim na balota ang boto ng mga member-owner.",
  "meaning.ballots.missing":
    "Hindi makakaboto ang mga member-owner: tinatanggihan ang mga balota hangga't hindi ito naka-set.",

  unset: "Hindi naka-set: {names}",
  neverCalled: "Hindi pa natatawagan.",
  lastAnswered: "Huling sumagot {time}.",
  neverAnswered: "Hindi pa ito sumasagot.",
  lastFailure: "Huling pumalya {time}: {failure}",
  "waiting.failedMessages": "{count, plural, other {# mensaheng hindi naipadala}}, ang pinakaluma mula {time}",
  "waiting.sendingPayouts":
    "{count, plural, other {# cash-out na naghihintay sa provider}}, ang pinakaluma mula {time}",
  "waiting.pendingRefunds": "{count, plural, other {# refund na hindi pa kumpirmado}}, ang pinakaluma mula {time}",
  "waiting.see": "Asikasuhin sa Cash-out at remittance",
  nothingWaiting: "Walang naghihintay dito.",
};
