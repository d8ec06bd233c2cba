/** Messages of the server's tracking area, by id (`server.tracking.…`); see app/i18n/message.ts. */
export const tracking = {
  // The HTTP location fallback's refusals (POST /api/deliveries/{id}/location).
  "tracking.notAssignedRider": "Only the assigned rider can share a location",
  "tracking.notTrackable": "Location sharing is only possible while the delivery is assigned, picked up or in transit",
  "tracking.tooFrequent": "Send at most one location update per second. Wait a moment and try again.",
  "tracking.unavailable": "Live tracking is unavailable right now. Please try again in a minute.",
  "tracking.latitude": "The latitude must be a number from -90 to 90. Turn on location and try again.",
  "tracking.longitude": "The longitude must be a number from -180 to 180. Turn on location and try again.",
  // The live connection's protocol refusals (sent as errors or close reasons; the pages log them).
  "tracking.invalidJson": "Messages on the live connection must be JSON.",
  "tracking.unsupported": "The live connection does not know this message.",
  "tracking.wrongDelivery": "This live connection is for another delivery.",
  "tracking.wrongUser": "This message names another user than the one signed in.",
  "tracking.tooLarge": "That message is too large for the live connection.",
  "tracking.flooding": "Too many messages on the live connection. Reload the page to follow this delivery again.",
  // The /ws gate's answers to a request that is not a live connection.
  "tracking.deliveryIdRequired": "Open the live connection with the delivery's id (deliveryId=…).",
  "tracking.upgradeExpected": "Open this address as a live connection (a WebSocket upgrade).",
  // Why the room closed a page's socket, or refused one (shown on the tracking page).
  "tracking.takenByAnotherRider": "This delivery was taken by another rider",
  "tracking.cancelled": "This delivery was cancelled",
  "tracking.noLongerVisible": "You can no longer follow this delivery",
  "tracking.signedOut": "Your session has ended. Sign in again to follow this delivery.",
  "tracking.tooManySockets": "This delivery is already open in 5 tabs or windows. Close one to follow it here.",
  "tracking.ended": "Live tracking ended for this delivery",
  "tracking.tooManyConnections": "Too many connections. Close another tab following this delivery, then reload.",
  // The rider's phone's location.
  "tracking.geolocation.unsupported": "Geolocation is not supported by your browser",
  "tracking.geolocation.denied": "Location permission denied. Please enable location access.",
  "tracking.geolocation.unavailable": "Location information unavailable.",
  "tracking.geolocation.timeout": "Location request timed out.",
  "tracking.geolocation.unknown": "Unknown location error.",
} satisfies Record<`tracking.${string}`, string>;
