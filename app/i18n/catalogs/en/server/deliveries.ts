/** Messages of the server's deliveries area, by id (`server.deliveries.…`); see app/i18n/message.ts. */
export const deliveries = {
  "deliveries.notFound": "Delivery not found",
  // The 409 naming both statuses (docs/guide/deliveries.md#state-machine); {from} and {to} are status words (app.status.*).
  "deliveries.cannotChange": "Cannot change a delivery from {from} to {to}",
  "deliveries.acceptToTake": "Cannot change a delivery from {from} to {to}: riders take a delivery by accepting it",
  "deliveries.onlyAssignedReleased":
    "Cannot change a delivery from {from} to {to}: only an assigned delivery can be released",
  "deliveries.statusInvalid":
    "Choose a delivery status: pending, assigned, picked up, in transit, delivered, cancelled, returning or returned.",
  "deliveries.onlyAssignedRiderUpdates": "Only the assigned rider can update this delivery",
  "deliveries.onlyAssignedRiderReleases": "Only the assigned rider can release this delivery",
  "deliveries.onlyCustomerOrAdminCancels": "Only the customer who booked it or an admin can cancel this delivery",
  "deliveries.onlyCustomerCancelsHere": "Only the customer who booked this delivery can cancel it here",
  "deliveries.ownBooking": "You cannot accept your own booking",
  "deliveries.alreadyYours": "You have already accepted this delivery",
  "deliveries.alreadyTaken": "This delivery has already been accepted by another rider",
  "deliveries.tooManyActive": "You already have {count} active deliveries",
  "deliveries.feeChanged": "The cancellation fee is now {fee}. Please check it and confirm again.",
  // The cancellation policy's reasons, shown in the cancellation dialog.
  "deliveries.cancel.pickedUp": "This delivery can no longer be cancelled: the rider has picked it up.",
  "deliveries.cancel.delivered": "This delivery has already been delivered.",
  "deliveries.cancel.cancelled": "This delivery is already cancelled.",
  "deliveries.cancel.notPossible": "This delivery can no longer be cancelled.",
  "deliveries.cancel.freePending": "Free: no rider has accepted this delivery yet.",
  "deliveries.cancel.freeWindow": "Free: you are cancelling within 2 minutes of booking.",
  "deliveries.cancel.riderArrived": "The rider has arrived at the pickup point.",
  "deliveries.cancel.riderOnTheWay": "A rider has accepted this delivery and is on the way.",
  // The handover (decision 0140).
  "deliveries.handover.wrongCode":
    "Wrong handover code. {triesLeft, plural, one {# try} other {# tries}} left before code entry is locked.",
  "deliveries.handover.locked":
    "Code entry is locked after 5 wrong codes. Mark it delivered without a code and add a note.",
  "deliveries.handover.noteNeeded": "Code entry is locked: add a note saying why the recipient has no code.",
  "deliveries.handover.codeFormat": "Enter the 4-digit handover code the recipient gives you.",
  "deliveries.handover.noteEmpty": "Write a short note saying why the recipient has no code.",
  "deliveries.handover.noteTooLong": "Keep the note to at most {max} characters.",
  "deliveries.handover.onlyWhenDelivered": "A handover code or note goes only with marking the delivery delivered.",
  "deliveries.handover.codeOrNote": "Give either the handover code or a note, not both.",
  // A peso amount of a form or a body; {what} names it ("the cancellation fee", "the amount").
  "deliveries.pesos.required": "Enter {what} in pesos.",
  "deliveries.pesos.number": "Enter {what} as a number of pesos, e.g. 150 or 150.50.",
  "deliveries.pesos.negative": "Enter 0 or more for {what}: it cannot be negative.",
  "deliveries.pesos.tooLarge": "Enter at most {max} for {what}.",
  "deliveries.pesos.centavos": "Enter {what} with at most 2 digits after the point (centavos).",
  "deliveries.word.cancellationFee": "the cancellation fee",
  // Notes on a delivery's events
  "deliveries.eventNote.takenFromRider": "Taken from rider {rider}",
  "deliveries.return.reason": "Choose why you could not deliver.",
  "deliveries.return.noteNeeded": "Write a note saying what happened.",
  "deliveries.return.noteTooLong": "Keep the note to at most {max} characters.",
  "deliveries.return.photoNeeded": "Take a photo of the place: it is needed when the recipient is absent or refused.",
  "deliveries.return.notAtDropoff":
    "Wait at the dropoff first: you may return the parcel 10 minutes after you reach it (unless it is unsafe).",
  "deliveries.return.waitMore":
    "Wait at the dropoff {minutes, plural, one {# more minute} other {# more minutes}} before returning the parcel (unless it is unsafe).",
  "deliveries.return.useCouldNotDeliver":
    "Cannot change a delivery from {from} to {to}: use Could not deliver, with a reason",
  "deliveries.return.codeFormat": "Enter the 4-digit return code the sender gives you.",
  "deliveries.return.wrongCode": "Wrong return code. Ask the sender for the code shown on their tracking page.",
  "deliveries.return.notMultipart": "Send Could not deliver as a form (multipart/form-data) with its reason and photo.",
  "deliveries.return.codeOnlyWhenReturned": "A return code goes only with confirming the return.",
} satisfies Record<`deliveries.${string}`, string>;
