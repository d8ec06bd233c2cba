import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { useState } from "react";
import { ErrorList } from "~/components/field";
import { Spinner } from "~/components/spinner";
import { ApiError, apiRequest } from "~/http/api-client";
import { toast } from "~/toast/toast-store";
import { useMessageText, useT } from "~/i18n/i18n";
import { RATING_COMMENT_MAX, ratingSchema, type RatingView } from "./rating-schema";

const STARS = [1, 2, 3, 4, 5] as const;

/** The stars given, e.g. ★★★★☆ read as "Rated 4 out of 5". */
export function RatingStars({ rating }: { rating: Pick<RatingView, "stars" | "comment"> }) {
  const t = useT();
  return (
    <span className="rating-given" data-testid="rating-given">
      <span className="stars" role="img" aria-label={t("app.rating.given", { stars: rating.stars })}>
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
  const t = useT();
  const m = useMessageText();
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
        toast({ title: t("app.rating.thanks") });
        onRated(rating);
      } catch (error) {
        setProblem(error instanceof ApiError && error.status < 500 ? error.serverMessage : t("app.rating.failed"));
      } finally {
        setSending(false);
      }
    },
  });
  return (
    <form {...getFormProps(form)} className="rating-form stack">
      <fieldset className="rating-stars-field" aria-describedby={fields.stars.errors?.length ? fields.stars.errorId : undefined}>
        <legend>{t("app.rating.legend")}</legend>
        <div className="rating-star-options">
          {STARS.map((stars) => (
            <label key={stars} className="rating-star-option">
              <input {...getInputProps(fields.stars, { type: "radio", value: String(stars) })} key={`${fields.stars.key}-${stars}`} />
              <span>
                {t("app.rating.stars", { count: stars })}
              </span>
            </label>
          ))}
        </div>
        <ErrorList id={fields.stars.errorId} errors={fields.stars.errors?.map(m)} />
      </fieldset>
      <div className="field">
        <label htmlFor={fields.comment.id}>
          {t("app.rating.comment")} <span className="muted">{t("app.optional")}</span>
        </label>
        <textarea {...getTextareaProps(fields.comment)} rows={2} maxLength={RATING_COMMENT_MAX} placeholder={t("app.rating.placeholder")} />
        <ErrorList id={fields.comment.errorId} errors={fields.comment.errors?.map(m)} />
      </div>
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
      <div>
        <button type="submit" className="button" disabled={sending}>
          {sending ? <Spinner /> : null}
          {t("app.rating.submit")}
        </button>
      </div>
    </form>
  );
}
