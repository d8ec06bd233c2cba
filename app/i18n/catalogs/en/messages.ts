/** Text messages and emails: they go out in the recipient's language. */
export const messages = {
  "sms.signInCode": "{code} is your {brand} sign-in code. It expires in 5 minutes. Never share it with anyone, including riders.",
  "email.signInSubject": "Your {brand} sign-in link",
  "email.signInBody": "Sign in to {brand} by opening this link within 15 minutes:\n\n{link}\n\nIf you did not ask for it, you can ignore this email.",
  "sms.applicationReceived": "{brand}: Hi {firstName}, we received your rider application. Our team will contact you within 1-2 business days. Salamat!",
  "sms.applicationApproved": "{brand}: Welcome to the cooperative! Your rider application is approved. Sign in at {origin} with this number ({mobile}) to open your Rider Dashboard.",
  "sms.applicationRejected": "{brand}: We could not approve your rider application this time.{note} You may apply again at any time.",
  "sms.recipientLink": "{brand}: A rider is on the way with a delivery for you. Follow it live: {link}",
};
