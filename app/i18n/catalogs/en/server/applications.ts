/**
 * Messages of the server's applications area (rider applications, checked in the browser too), by
 * id (`server.applications.…`); see app/i18n/message.ts. The form's first four keep their exact words.
 */
export const applications = {
  "applications.fullName": "Please enter your full name.",
  "applications.mobile": "Please enter your mobile number.",
  "applications.city": "Please select your city.",
  "applications.cityUnknown":
    "We could not find “{city}”. Type the first letters of your city or municipality and choose it from the list, such as Quezon City, Metro Manila.",
  "applications.cityAmbiguous":
    "More than one place is called “{city}”. Choose yours from the list, with its province: {places}.",
  "applications.hasMotorcycle": "Please select if you have a motorcycle.",
  "applications.firstName": "Please enter your first name.",
  "applications.lastName": "Please enter your last name.",
  "applications.nameTooLong": "Please keep each name under {max} characters.",
  "applications.fullNameTooLong": "Please keep your name under {max} characters.",
  "applications.referralTooLong": "Referral codes are at most {max} characters. Check the code and enter it again.",
  "applications.duplicate":
    "An application from this mobile number is already being reviewed. We will text you within 1-2 business days.",
  "applications.tooMany": "Too many applications from this network. Please try again in {minutes} minutes.",
  "applications.notFound": "This application was not found. Reload the list of applications and try again.",
  "applications.alreadyApproved": "This application was already approved. Reload the list to see it.",
  "applications.alreadyRejected": "This application was already rejected. Reload the list to see it.",
  "applications.statusInvalid": "Choose which applications to show: submitted, approved or rejected.",
  "applications.decisionInvalid": "Choose whether to approve or reject this application.",
  "applications.noteTooLong": "Shorten the note to at most {max} characters.",
  "applications.noteNotText": "Write the note as text.",
} satisfies Record<`applications.${string}`, string>;
