/** Shared by every page: the language switch, the public footer and the error page. */
export const common = {
  "language.label": "Language",
  "language.en": "English",
  "language.fil": "Filipino",
  "language.saved": "Language changed to English.",
  "header.backToHome": "Back to Home",
  "header.becomeRider": "Become a Rider",
  "header.help": "Help",
  "header.signIn": "Sign In",
  "footer.tagline": "{tagline}. Owned by the riders who deliver for you.",
  "footer.customers": "Customers",
  "footer.bookDelivery": "Book a Delivery",
  "footer.helpCenter": "Help Center",
  "footer.riders": "Riders",
  "footer.becomeRider": "Become a Rider",
  "footer.applyNow": "Apply Now",
  "footer.riderSignIn": "Rider Sign In",
  "footer.rights": "© {year} {brand}. All rights reserved.",
  "error.title": "Something went wrong",
  "error.body": "Sorry, this page could not be shown. Please try again in a moment; if it keeps happening, contact support.",
  "error.goHome": "Go Home",
  // the 404 page (public pages, issue 22 help helper)
};
