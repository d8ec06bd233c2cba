import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { useActionData, useFetcher } from "@remix-run/react";
import { Spinner } from "~/components/spinner";
import { answeredFor } from "./cancel-delivery";
import type { FormAnswer } from "~/forms/form-action.server";
import { FormErrors } from "~/forms/form-errors";
import { TextCount } from "~/forms/text-count";
import { useActionForm } from "~/forms/use-action-form";
import { useT } from "~/i18n/i18n";
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
 * The customer's rating of a delivered delivery (docs/guide/deliveries.md): 1-5 stars and an optional comment,
 * checked by the schema of `POST /api/deliveries/{id}/rating`, posted to the tracking page's
 * action (decision 0187), which redirects back (`redirectTo`, else the tracking page) with the
 * thanks; the page then shows the stars. Works without JavaScript.
 */
export function RatingForm({ deliveryId, redirectTo }: { deliveryId: string; redirectTo?: string }) {
  const t = useT();
  const fetcher = useFetcher<FormAnswer>();
  const pageAnswer = useActionData<FormAnswer>();
  const [form, fields] = useActionForm(ratingSchema, {
    id: `rating-${deliveryId}`,
    lastResult: fetcher.data ?? (answeredFor(pageAnswer, "rate", deliveryId) ? pageAnswer : null),
  });
  const sending = fetcher.state !== "idle";
  return (
    <fetcher.Form
      method="post"
      action={`/tracking/${deliveryId}`}
      {...getFormProps(form)}
      className="rating-form stack"
    >
      <input type="hidden" name="intent" value="rate" />
      <input type="hidden" name="deliveryId" value={deliveryId} />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <fieldset
        className="rating-stars-field"
        aria-describedby={fields.stars.errors?.length ? fields.stars.errorId : undefined}
      >
        <legend>{t("app.rating.legend")}</legend>
        <div className="rating-star-options">
          {STARS.map((stars) => (
            <label key={stars} className="rating-star-option">
              <input
                {...getInputProps(fields.stars, { type: "radio", value: String(stars) })}
                key={`${fields.stars.key}-${stars}`}
              />
              <span>{t("app.rating.stars", { count: stars })}</span>
            </label>
          ))}
        </div>
        <FormErrors id={fields.stars.errorId} errors={fields.stars.errors} />
      </fieldset>
      <div className="field">
        <label htmlFor={fields.comment.id}>
          {t("app.rating.comment")} <span className="muted">{t("app.optional")}</span>
        </label>
        <textarea
          {...getTextareaProps(fields.comment, { ariaDescribedBy: `${fields.comment.id}-count` })}
          rows={2}
          placeholder={t("app.rating.placeholder")}
        />
        <TextCount id={`${fields.comment.id}-count`} value={fields.comment.value} max={RATING_COMMENT_MAX} />
        <FormErrors id={fields.comment.errorId} errors={fields.comment.errors} />
      </div>
      <FormErrors errors={form.errors} />
      <div>
        <button type="submit" className="button" disabled={sending}>
          {sending ? <Spinner /> : null}
          {t("app.rating.submit")}
        </button>
      </div>
    </fetcher.Form>
  );
}
