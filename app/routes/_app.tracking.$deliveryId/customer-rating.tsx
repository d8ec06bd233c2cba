import type { DeliveryView } from "~/deliveries/delivery-view";
import { RatingForm, RatingStars } from "~/deliveries/rating-form";
import type { RatingView } from "~/deliveries/rating-schema";
import { useT } from "~/i18n/i18n";

/** The tracking page's Rating card: the stars given, or the form for the delivery's customer once delivered. */
export function CustomerRating({
  delivery,
  rating,
  viewerId,
}: {
  delivery: DeliveryView;
  rating: RatingView | null;
  viewerId: string;
}) {
  const t = useT();
  const canRate = delivery.customerId === viewerId && delivery.status === "delivered";
  if (!rating && !canRate) return null;
  return (
    <section className="card" aria-labelledby="rating-heading" data-testid="delivery-rating">
      <h2 id="rating-heading">{t("tracking.rating.heading")}</h2>
      {rating ? <RatingStars rating={rating} /> : <RatingForm deliveryId={delivery.id} />}
    </section>
  );
}
