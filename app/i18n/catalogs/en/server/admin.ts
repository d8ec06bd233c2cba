/** Messages of the server's admin area (delivery control, live deliveries, message retries), by id (`server.admin.…`); see app/i18n/message.ts. */
export const admin = {
  "admin.deliveryNotFound": "This delivery was not found. Reload the list of deliveries and try again.",
  "admin.cannotChange": "Cannot change a delivery from {from} to {to}",
  "admin.feeNeedsRider":
    "A cancellation fee can only be charged once a rider holds the delivery. Cancel it without a fee.",
  "admin.feeTooHigh": "The fee cannot be more than the delivery's fare of {fare}. Enter a smaller fee.",
  "admin.alreadyHolds": "This rider already holds this delivery.",
  "admin.notAssignable": "Only an approved rider in the rider role can be assigned. Choose another rider.",
  "admin.riderSuspended": "This rider is suspended: {reason}. Choose another rider.",
  "admin.riderSuspendedNoReason": "This rider is suspended. Choose another rider.",
  "admin.ownBooking": "A rider cannot be assigned their own booking. Choose another rider.",
  "admin.changedMeanwhile": "This delivery changed meanwhile. Please reload and try again.",
  "admin.riderFull":
    "This rider already has {max} active deliveries. Choose another rider or wait until they finish one.",
  "admin.awaitingPayment":
    "This booking is not paid yet. It can be assigned once its online payment arrives, or you can cancel it.",
  "admin.reasonRequired": "Enter the reason for cancelling this delivery.",
  "admin.reasonTooLong": "Shorten the reason to at most {max} characters.",
  "admin.riderRequired": "Choose the rider to assign this delivery to.",
  "admin.filterInvalid": "Choose which deliveries to show: all, pending, in progress or completed.",
  "admin.limitInvalid": "Ask for between {min} and {max} deliveries at a time.",
} satisfies Record<`admin.${string}`, string>;
