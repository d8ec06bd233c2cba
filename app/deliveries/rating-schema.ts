import { z } from "zod";
import { encodeMessage, word } from "~/i18n/message";
import { lengthAtMost, safeText } from "~/forms/text";

/** docs/guide/deliveries.md: 1-5 whole stars and an optional comment of at most 500 characters. */
export const RATING_COMMENT_MAX = 500;

const STARS = encodeMessage("server.ratings.stars");

/** The body of `POST /api/deliveries/{id}/rating`, shared by the rating form and the API. */
export const ratingSchema = z.object(
  {
    stars: z
      .number({ required_error: encodeMessage("server.ratings.starsRequired"), invalid_type_error: STARS })
      .int(STARS)
      .min(1, STARS)
      .max(5, STARS),
    comment: safeText(
      z
        .string({ invalid_type_error: encodeMessage("server.ratings.commentText") })
        .trim()
        .superRefine(
          lengthAtMost(RATING_COMMENT_MAX, encodeMessage("server.ratings.commentTooLong", { max: RATING_COMMENT_MAX })),
        ),
      word("server.validation.field.comment"),
      { multiline: true },
    )
      .nullish()
      .transform((comment) => (comment ? comment : null)),
  },
  {
    invalid_type_error: encodeMessage("server.validation.invalidBody"),
    required_error: encodeMessage("server.validation.invalidBody"),
  },
);
export type RatingInput = z.infer<typeof ratingSchema>;

/** A rating as the API and the pages show it. */
export interface RatingView {
  stars: number;
  comment: string | null;
  ratedAt: string;
}
