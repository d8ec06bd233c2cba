import type { help as en } from "~/i18n/catalogs/en/help";

export const help: Record<keyof typeof en, string> = {
  "meta.title": "Sentro ng Tulong · Hatid",
  "meta.description":
    "Mga sagot tungkol sa pag-book, pag-track at pag-cancel ng delivery, pag-rider sa Hatid, ang aming rate card ({baseFare} na base fare para sa unang {includedKm} km), bayad at refund.",
  heading: "Sentro ng Tulong",
  lead: "Mga sagot para sa customer at rider, ang aming presyo, at paano kami makontak.",
  leadNoContacts: "Mga sagot para sa customer at rider, at ang aming presyo.",
  "search.label": "Maghanap sa mga help article",
  "search.placeholder": "Maghanap ng sagot, hal. GCash",
  "results.none": "Walang resulta para sa “{query}”",
  "results.one": "1 resulta para sa “{query}”",
  "results.many": "{count} na resulta para sa “{query}”",
  "empty.title": "Wala kaming nahanap na tanong na tugma sa hinanap mo.",
  "empty.hint": "Subukan ang ibang salita, tingnan ang mga topic, o kontakin kami sa ibaba.",
  "empty.clear": "I-clear ang search",
  "faqs.label": "Mga madalas itanong",
  "tabs.label": "Mga topic ng tulong",
  "rateCard.heading": "Rate card",
  "rateCard.note":
    "Sa rider ang {percent}% ng bawat bayad. Makikita mo ang eksaktong presyo bago mo i-confirm ang booking.",
  "contact.heading": "Kailangan pa ng tulong?",
  "contact.chat.title": "Mag-chat sa amin",
  "contact.chat.text": "Mag-message sa amin sa Messenger, araw-araw mula 7 AM hanggang 10 PM.",
  "contact.hotline.title": "Hotline para sa emergency",
  "contact.hotline.text": "Para sa aksidente at urgent na problema sa delivery, 24/7.",
  "contact.email.title": "Tulong sa email",
  "contact.email.text": "Sumasagot kami sa loob ng isang business day.",
  "empty.hintNoContacts": "Sumubok ng ibang salita o tingnan ang mga paksa.",
};
