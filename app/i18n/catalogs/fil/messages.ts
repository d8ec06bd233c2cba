import type { messages as en } from "../en/messages";

export const messages: Record<keyof typeof en, string> = {
  "sms.signInCode": "{code} ang iyong {brand} sign-in code. Mag-e-expire ito sa loob ng 5 minuto. Huwag itong ibigay kahit kanino, kahit sa rider.",
  "email.signInSubject": "Ang iyong {brand} sign-in link",
  "email.signInBody": "Mag-sign in sa {brand} gamit ang link na ito sa loob ng 15 minuto:\n\n{link}\n\nKung hindi ikaw ang humingi nito, puwede mo itong balewalain.",
  "sms.applicationReceived": "{brand}: Hi {firstName}, natanggap namin ang iyong rider application. Kokontakin ka ng aming team sa loob ng 1-2 araw na may trabaho. Salamat!",
  "sms.applicationApproved": "{brand}: Maligayang pagdating sa kooperatiba! Aprubado na ang iyong rider application. Mag-sign in sa {origin} gamit ang numerong ito ({mobile}) para buksan ang iyong Dashboard ng rider.",
  "sms.applicationRejected": "{brand}: Hindi namin maaprubahan ang iyong rider application sa ngayon.{note} Puwede kang mag-apply ulit kahit kailan.",
  "sms.recipientLink": "{brand}: Papunta na ang rider dala ang delivery para sa 'yo. Sundan ito live: {link}",
};
