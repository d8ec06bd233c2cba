/** How the rider figures read on the pages: a figure without data says so, never a made-up number. */
export const NO_DATA = "No data yet";

export const ratingText = (rating: number | null) => (rating === null ? NO_DATA : rating.toFixed(1));

/** The figures as the rider dashboard, View Earnings and the stats API carry them. */
export interface FiguresView {
  rating: number | null;
  ratingCount: number;
  acceptanceRate: number | null;
  completionRate: number | null;
  onTimeRate: number | null;
}
