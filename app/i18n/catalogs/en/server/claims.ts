/** Messages of the server's claims area (claims on the member benefits fund), by id (`server.claims.…`); see app/i18n/message.ts. */
export const claims = {
  "claims.kind.accident": "accident",
  "claims.kind.hospitalisation": "hospitalisation",
  "claims.kind.bereavement": "bereavement",
  "claims.kind.calamity": "calamity",
  "claims.status.pending": "waiting for an admin",
  "claims.status.in_vote": "in the members' vote",
  "claims.status.waiting_funds": "passed, waiting for funds",
  "claims.status.approved": "approved",
  "claims.status.rejected": "not approved",
  "claims.field.note": "the note",
  "claims.field.reason": "the reason",
  "claims.kind": "Choose the kind of claim: accident, hospitalisation, bereavement or calamity.",
  "claims.amount": "Enter the amount in pesos: more than ₱0.00 and at most {max}.",
  "claims.amountCentavos": "Use at most 2 decimals for the centavos, such as 1500.50.",
  "claims.noteRequired": "Tell us what happened in the note.",
  "claims.noteTooLong": "Shorten the note to at most {max} characters.",
  "claims.photosTooMany": "Attach at most {max} photos of documents.",
  "claims.photoTooLarge": "Photo {n} is larger than {megabytes} MB. Choose a smaller photo or take it again.",
  "claims.photoWrongType": "Photo {n} must be a JPEG, PNG, WebP or HEIC image of a document.",
  "claims.notMultipart": "Send the claim as a form with its kind, amount, note and photos.",
  "claims.mayNotFile": "Only riders and member-owners can file a claim on the member benefits fund.",
  "claims.notFound": "This claim was not found. Reload the list of claims and try again.",
  "claims.notYours": "Only the rider who filed this claim and the co-op's admins can see its documents.",
  "claims.photoNotFound": "This photo of the claim was not found.",
  "claims.status": "Choose which claims to show: pending, in_vote, waiting_funds, approved or rejected.",
  "claims.decision": "Choose whether to approve or reject this claim.",
  "claims.reasonRequired": "Give the reason for not approving the claim; the rider will read it.",
  "claims.reasonTooLong": "Shorten the reason to at most {max} characters.",
  "claims.inVote":
    "This claim is above the amount an admin may approve, so the members decide it in a vote. It cannot be approved here.",
  "claims.alreadyApproved": "This claim was already approved. Reload the list to see it.",
  "claims.alreadyRejected": "This claim was already rejected. Reload the list to see it.",
  "claims.fundTooSmall":
    "The member benefits fund has {balance}, not enough for this claim of {amount}. Nothing was booked.",
  "claims.fundTooSmallOwed":
    "The member benefits fund has {balance}, and {owed} of it is owed to claims the members passed that wait for funds: not enough for this claim of {amount}. Nothing was booked.",
  "claims.waitingFunds":
    "The members passed this claim. It waits for funds and is paid into the rider's balance as money comes in, oldest claims first; it cannot be decided here.",
  "claims.tooManyWaiting":
    "You already have {max} claims waiting for a decision or for payment. You can file another once one of them is decided or paid.",
  "claims.overFund":
    "The member benefits fund holds {balance}, so a claim can be at most {free}. Enter {free} or less.",
  "claims.overFundHeld":
    "The member benefits fund holds {balance}, and {held} of it is kept for claims already filed. A new claim can be at most {free}: enter {free} or less.",
  "claims.fundEmpty":
    "The member benefits fund cannot take a new claim now: it holds {balance}, and {held} of it is kept for claims already filed. Try again when deliveries have paid more into it.",
  "claims.uploadTooLarge":
    "The claim is too large to send: attach at most {max} photos of at most {megabytes} MB each.",
  "claims.proposal.title": "Member benefit claim: {kind}, {amount}",
  "claims.proposal.body":
    "A rider filed a claim for {amount} ({kind}) on {day}. It is above the {limit} an admin may approve, so the members decide: Yes pays it from the member benefits fund into the rider's balance.",
  "claims.proposal.purpose": "Member benefit claim ({kind})",
  "claims.voteFailed": "the members' vote did not pass it",
} satisfies Record<`claims.${string}`, string>;
