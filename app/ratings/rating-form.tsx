import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { useState } from "react";
import { ErrorList } from "~/components/field";
import { Spinner } from "~/components/spinner";
import { ApiError, apiRequest } from "~/http/api-client";
import { toast } from "~/toast/toast-store";
import { RATING_COMMENT_MAX, ratingSchema, type RatingView } from "./rating-schema";

const STARS = [1, 2, 3, 4, 5] as const;

/** The stars given, e.g. ★★★★☆ read as "Rated 4 out of 5". */
export function RatingStars({ rating }: { rating: Pick<RatingView, "stars" | "comment"> }) {
  return (
    <span className="rating-given" data-testid="rating-given">
      <span className="stars" role="img" aria-label={`Rated ${rating.stars} out of 5`}>
        {"★".repeat(rating.stars)}
        {"☆".repeat(5 - rating.stars)}
      </span>
      {rating.comment ? <q className="rating-comment">{rating.comment}</q> : null}
    </span>
  );
}

/**
 * The customer's rating of a delivered delivery (PRODUCT.md): 1-5 stars and an optional comment,
 * validated by the same schema as `POST /api/deliveries/{id}/rating`; `onRated` gets the stored rating.
 */
export function RatingForm({ deliveryId, onRated }: { deliveryId: string; onRated: (rating: RatingView) => void }) {
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [form, fields] = useForm({
    id: `rating-${deliveryId}`,
    constraint: getZodConstraint(ratingSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ratingSchema }),
    async onSubmit(event, { submission }) {
      event.preventDefault();
      if (submission?.status !== "success") return;
      setSending(true);
      setProblem(null);
      try {
        const { rating } = await apiRequest<{ rating: RatingView }>("POST", `/api/deliveries/${deliveryId}/rating`, submission.value);
        toast({ title: "Thank you for rating your delivery!" });
        onRated(rating);
      } catch (error) {
        setProblem(error instanceof ApiError && error.status < 500 ? error.serverMessage : "Your rating could not be sent. Please try again.");
      } finally {
        setSending(false);
      }
    },
  });
  return (
    <form {...getFormProps(form)} className="rating-form stack">
      <fieldset className="rating-stars-field" aria-describedby={fields.stars.errors?.length ? fields.stars.errorId : undefined}>
        <legend>Rate this delivery</legend>
        <div className="rating-star-options">
          {STARS.map((stars) => (
            <label key={stars} className="rating-star-option">
              <input {...getInputProps(fields.stars, { type: "radio", value: String(stars) })} key={`${fields.stars.key}-${stars}`} />
              <span>
                {stars} {stars === 1 ? "star" : "stars"}
              </span>
            </label>
          ))}
        </div>
        <ErrorList id={fields.stars.errorId} errors={fields.stars.errors} />
      </fieldset>
      <div className="field">
        <label htmlFor={fields.comment.id}>
          Comment <span className="muted">(optional)</span>
        </label>
        <textarea {...getTextareaProps(fields.comment)} rows={2} maxLength={RATING_COMMENT_MAX} placeholder="How was your delivery?" />
        <ErrorList id={fields.comment.errorId} errors={fields.comment.errors} />
      </div>
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
      <div>
        <button type="submit" className="button" disabled={sending}>
          {sending ? <Spinner /> : null}
          Submit Rating
        </button>
      </div>
    </form>
  );
}
