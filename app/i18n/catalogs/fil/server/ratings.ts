import type { ratings as en } from "~/i18n/catalogs/en/server/ratings";

export const ratings: Record<keyof typeof en, string> = {
  "ratings.starsRequired": "Pumili ng rating mula 1 hanggang 5 star.",
  "ratings.stars": "Pumili ng buong bilang ng star mula 1 hanggang 5.",
  "ratings.commentText": "Isulat ang komento bilang text.",
  "ratings.commentTooLong": "Hanggang {max} character lang ang komento.",
  "ratings.onlyCustomer": "Ang customer lang na nag-book ng delivery na ito ang puwedeng mag-rate dito",
  "ratings.onlyDelivered": "Ang naihatid na delivery lang ang puwedeng i-rate",
  "ratings.already": "Na-rate mo na ang delivery na ito",
};
