/** A rating as the pages show it, to one decimal place; a figure without data is said in the page's words, never a made-up number. */
export const ratingText = (rating: number) => rating.toFixed(1);

/** The figures as the rider dashboard, View Earnings and the stats API carry them. */
export interface FiguresView {
  rating: number | null;
  ratingCount: number;
  acceptanceRate: number | null;
  completionRate: number | null;
  onTimeRate: number | null;
}
