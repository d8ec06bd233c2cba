/** Messages of the server's riders area, by id (`server.riders.…`); see app/i18n/message.ts. */
export const riders = {
  "riders.notFound": "This rider was not found. Reload the list of riders and choose again.",
  "riders.alreadySuspended": "This rider is already suspended. Reload the list to see their suspension.",
  "riders.notSuspended": "This rider is not suspended, so there is nothing to reactivate. Reload the list.",
  "riders.alreadyMember": "This rider is already a member-owner. Reload the list to see their membership.",
  "riders.notEligible":
    "This rider is not eligible yet: membership needs {deliveries} delivered deliveries and a rating of {rating} or more. Record the fee once they have both.",
  "riders.offline": "You are offline. Go online to see and accept deliveries.",
  "riders.suspended": "Your rider account is suspended: {reason}",
  "riders.noReasonGiven": "no reason given",
  "riders.onlineRequired": "Say whether you are going online or offline: send online as true or false.",
  "riders.reasonRequired": "Enter the reason for suspending this rider.",
  "riders.reasonTooLong": "Shorten the reason to at most {max} characters.",
} satisfies Record<`riders.${string}`, string>;
