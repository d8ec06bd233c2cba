/** How the rider figures read on the pages: a figure without data says so, never a made-up number. */
export const NO_DATA = "No data yet";

export const ratingText = (rating: number | null) => (rating === null ? NO_DATA : rating.toFixed(1));
export const percentText = (percent: number | null) => (percent === null ? NO_DATA : `${percent}%`);

/** The figures as the rider dashboard, View Earnings and the stats API carry them. */
export interface FiguresView {
  rating: number | null;
  ratingCount: number;
  acceptanceRate: number | null;
  completionRate: number | null;
  onTimeRate: number | null;
}

/** The Performance card's lines, each with how it is computed (PRODUCT.md's definitions). */
export function performanceLines(figures: FiguresView) {
  return [
    { label: "Acceptance Rate", value: percentText(figures.acceptanceRate), how: "Of the deliveries you accepted in the last 30 days, the share you did not release." },
    {
      label: "Completion Rate",
      value: percentText(figures.completionRate),
      how: "Of the deliveries you kept that ended in the last 30 days, the share delivered. Cancellations by the customer do not count against you.",
    },
    { label: "On-time Delivery", value: percentText(figures.onTimeRate), how: "Of your deliveries in the last 30 days, the share delivered within the estimated time plus 15 minutes of accepting." },
    {
      label: "Rating",
      value: ratingText(figures.rating),
      how: `Mean stars from customers for your deliveries in the last 90 days (${figures.ratingCount} ${figures.ratingCount === 1 ? "rating" : "ratings"}).`,
    },
  ];
}
