/** Messages of the server's discounts area (ID discounts; the photo checks run in the browser too), by id (`server.discounts.…`); see app/i18n/message.ts. */
export const discounts = {
  "discounts.photoMissing": "Please choose a photo of your ID.",
  "discounts.photoTooLarge": "The photo must be at most {megabytes} MB. Choose a smaller photo or take it again.",
  "discounts.photoWrongType": "The photo must be a JPEG or PNG image. Choose a photo of your ID.",
  "discounts.kind": "Please choose the kind of ID: PWD, senior citizen or student.",
  "discounts.notMultipart": "Send the ID as a form with the kind of ID and its photo.",
  "discounts.alreadyWaiting": "Your ID is already waiting for review. We will tell you when an admin has looked at it.",
  "discounts.notFound": "This ID discount application was not found. Reload the list and try again.",
  "discounts.alreadyApproved": "This application was already approved. Reload the list to see it.",
  "discounts.alreadyRejected": "This application was already rejected. Reload the list to see it.",
  "discounts.reviewedMeanwhile":
    "Someone else reviewed this application just now. Reload the list to see their decision.",
  "discounts.photoGone": "The photo of this ID is no longer stored. Ask the customer to upload it again.",
  "discounts.reasonRequired": "Please give a reason for rejecting.",
  "discounts.reasonTooLong": "Shorten the reason to at most {max} characters.",
  "discounts.decisionInvalid": "Choose whether to approve or reject this ID.",
  "discounts.statusInvalid": "Choose which IDs to show: pending, approved or rejected.",
} satisfies Record<`discounts.${string}`, string>;
