// Written by scripts/build-page-scripts.mjs (npm run build): do not edit.
/** Each public page script's built file, under /build/pages/ (content-hashed names). */
export const PAGE_SCRIPTS = {
  "carousel": "/build/pages/carousel-04CEDD1E.js",
  "help-search": "/build/pages/help-search-E5A04D67.js",
  "sign-in": "/build/pages/sign-in-E31CA626.js"
} as const;

export type PageScript = keyof typeof PAGE_SCRIPTS;
