import type { common as en } from "../en/common";

export const common: Record<keyof typeof en, string> = {
  "language.label": "Wika",
  "language.en": "English",
  "language.fil": "Filipino",
  "language.saved": "Filipino na ang wika.",
  "header.backToHome": "Bumalik sa Home",
  "header.becomeRider": "Maging rider",
  "header.help": "Tulong",
  "header.signIn": "Mag-sign in",
  "footer.tagline": "{tagline}. Pag-aari ng mga rider na naghahatid para sa 'yo.",
  "footer.customers": "Para sa customer",
  "footer.bookDelivery": "Mag-book ng delivery",
  "footer.helpCenter": "Help Center",
  "footer.riders": "Para sa rider",
  "footer.becomeRider": "Maging rider",
  "footer.applyNow": "Mag-apply na",
  "footer.riderSignIn": "Mag-sign in bilang rider",
  "footer.rights": "© {year} {brand}. Lahat ng karapatan ay nakalaan.",
  "error.title": "May nangyaring mali",
  "error.body": "Pasensya na, hindi mabuksan ang page na ito. Subukan ulit maya-maya; kung ganito pa rin, kontakin ang support.",
  "error.goHome": "Bumalik sa Home",
};
