import { z } from "zod";
import { safeText } from "~/validation/text";

/** PRODUCT.md: 1-5 whole stars and an optional comment of at most 500 characters. */
export const RATING_COMMENT_MAX = 500;

/** The body of `POST /api/deliveries/{id}/rating`, shared by the rating form and the API. */
export const ratingSchema = z.object({
  stars: z
    .number({ required_error: "Stars are required (a whole number from 1 to 5)", invalid_type_error: "Stars must be a whole number from 1 to 5" })
    .int("Stars must be a whole number from 1 to 5")
    .min(1, "Stars must be a whole number from 1 to 5")
    .max(5, "Stars must be a whole number from 1 to 5"),
  comment: safeText(
    z.string({ invalid_type_error: "Comment must be text" }).trim().max(RATING_COMMENT_MAX, `Comment must be at most ${RATING_COMMENT_MAX} characters`),
    "Comment",
    { multiline: true },
  )
    .nullish()
    .transform((comment) => (comment ? comment : null)),
});
export type RatingInput = z.infer<typeof ratingSchema>;

/** A rating as the API and the pages show it. */
export interface RatingView {
  stars: number;
  comment: string | null;
  ratedAt: string;
}
