/** Messages of the server's ratings area, by id (`server.ratings.…`); see app/i18n/message.ts. */
export const ratings = {
  "ratings.starsRequired": "Choose a rating from 1 to 5 stars.",
  "ratings.stars": "Choose a whole number of stars from 1 to 5.",
  "ratings.commentText": "Write the comment as text.",
  "ratings.commentTooLong": "Keep the comment to at most {max} characters.",
  "ratings.onlyCustomer": "Only the customer who booked this delivery can rate it",
  "ratings.onlyDelivered": "Only a delivered delivery can be rated",
  "ratings.already": "You have already rated this delivery",
} satisfies Record<`ratings.${string}`, string>;
