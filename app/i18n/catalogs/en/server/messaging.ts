/**
 * Messages of the server's messaging area, by id (`server.messaging.…`); see app/i18n/message.ts.
 * Text messages and emails go out in the recipient's language, put into words when sent
 * (app/notifications/message-log.server.ts); the bell's and Web Push's requests are refused in the caller's.
 */
export const messaging = {
  "messaging.signInCodeSms":
    "{code} is your {brand} sign-in code. It expires in 5 minutes. Never share it with anyone, including riders.",
  "messaging.signInEmailSubject": "Your {brand} sign-in link",
  "messaging.signInEmailBody":
    "Sign in to {brand} by opening this link within 15 minutes:\n\n{link}\n\nIf you did not ask for it, you can ignore this email.",
  "messaging.applicationReceivedSms":
    "{brand}: Hi {firstName}, we received your rider application. Our team will contact you within 1-2 business days. Salamat!",
  "messaging.proposalOpenedSms":
    "{brand} co-op: a new proposal, “{title}”. Vote in the app under Co-op before {date}, Manila time.",
  "messaging.proposalResultSms.passed": "{brand} co-op: “{title}” passed ({yes} yes, {no} no, {abstain} abstain).",
  "messaging.proposalResultSms.failed":
    "{brand} co-op: “{title}” did not pass ({yes} yes, {no} no, {abstain} abstain).",
  "messaging.proposalResultSms.inquorate":
    "{brand} co-op: “{title}” closed without enough ballots to decide ({yes} yes, {no} no, {abstain} abstain); nothing changes.",
  "messaging.applicationApprovedSms":
    "{brand}: Welcome to the cooperative! Your rider application is approved. Sign in at {origin} with this number ({mobile}) to open your Rider Dashboard.",
  "messaging.applicationRejectedSms":
    "{brand}: We could not approve your rider application this time. You may apply again at any time.",
  "messaging.applicationRejectedWithNoteSms":
    "{brand}: We could not approve your rider application this time. {note} You may apply again at any time.",
  "messaging.recipientLinkSms": "{brand}: A rider is on the way with a delivery for you. Follow it live: {link}",
  "messaging.messageNotFound": "This text or email is not in the message log. Reload the page to see the current list.",
  "messaging.messageNotRetryable":
    "This text or email was already sent, is being sent, or holds a sign-in code that is never stored, so it cannot be sent again. Reload the page to see its status.",
  "messaging.readIdsNotList":
    "Send the notifications to mark read as a list of their ids, or send no list to mark them all read.",
  "messaging.readIdNotNumber": "Name each notification to mark read by its id, a number, as the bell lists it.",
  "messaging.readIdNotWhole": "A notification's id is a whole number above 0. Send the ids the bell lists.",
  "messaging.readIdsTooMany": "Mark at most {max} notifications read at once, or send no list to mark them all read.",
  "messaging.readOnlyIds": "Send only the ids of the notifications to mark read, nothing else.",
  "messaging.pushEndpointMissing": "This browser sent no push address. Turn push notifications off and on again.",
  "messaging.pushEndpointTooLong": "This browser's push address is longer than {max} characters. Try another browser.",
  "messaging.pushEndpointNotHttps":
    "This browser's push address is not a secure (https) web address. Try another browser.",
  "messaging.pushKeysMissing": "This browser sent no push keys. Turn push notifications off and on again.",
  "messaging.pushKeyMissing": "This browser sent no {key} key. Turn push notifications off and on again.",
  "messaging.pushKeyInvalid": "This browser's {key} key is not valid. Turn push notifications off and on again.",
  "messaging.pushExpiryInvalid":
    "This browser's push expiry time is not a number. Turn push notifications off and on again.",
  "messaging.pushNotSetUp":
    "Push notifications are not set up on this server. The bell still shows your notifications.",
  "messaging.pushSubscriptionNotFound":
    "This browser does not get push notifications for your account, so there is nothing to turn off.",
} satisfies Record<`messaging.${string}`, string>;
