import type { landing as en } from "~/i18n/catalogs/en/landing";

export const landing: Record<keyof typeof en, string> = {
  "meta.description":
    "Mag-book ng delivery ng package at pagkain saanman sa Pilipinas kasama ang mga rider na may-ari ng kooperatiba.",
  "hero.title": "Delivery ng mga rider na may-ari ng kumpanya",
  "hero.lead":
    "Mag-book ng delivery ng package at pagkain saanman sa Pilipinas at sundan ito live sa mapa. Sa bawat rider ang {riderShare}% ng bawat bayad, at puwede siyang maging member-owner ng kooperatiba.",
  "hero.book": "Mag-book ng delivery",
  "hero.ride": "Maging rider",
  "services.heading": "Ang aming serbisyo",
  "services.fast.title": "Mabilis at patas na delivery",
  "services.fast.text":
    "Dokumento, pagkain, parcel, grocery at electronics, kinukuha at inihahatid ng rider na malapit sa 'yo. Sundan ang package mo live mula pickup hanggang sa pinto.",
  "services.ownership.title": "Pag-aari ng mga rider",
  "services.ownership.text":
    "Diretso sa rider na naghatid ang {riderShare}% ng bawat delivery fee. Pagkatapos ng {memberDeliveries} delivery na may rating na {memberRating} pataas, puwedeng maging member-owner ang rider at bumoto sa mga desisyon ng kooperatiba.",
  "services.community.title": "Serbisyo sa komunidad",
  "services.community.text":
    "Ang bahagi ng kooperatiba ay pondo para sa health insurance, tulong sa emergency, training at gamit ng mga rider at ng kanilang pamilya.",
  "stats.heading": "Sa isang tingin",
  "stats.safety": "Rekord sa kaligtasan",
  "stats.availability": "Bukas",
  "stats.coverage": "Sakop",
  "stats.nationwide": "Buong bansa",
  "stats.riderShare": "Ng bawat bayad ay napupunta sa rider",
  "recruit.heading": "Mag-rider sa amin, maging may-ari ng kooperatiba",
  "recruit.lead":
    "Hindi gig worker ang mga rider ng Hatid: sila ang puwedeng magmay-ari ng kooperatiba. Sa 'yo ang {riderShare}% ng bawat bayad mula sa unang delivery, at maging member-owner pagkatapos ng {memberDeliveries} delivery na may rating na {memberRating} pataas.",
  "recruit.point.share": "Sa 'yo ang {riderShare}% ng bawat delivery fee",
  "recruit.point.earn": "Kumita ng hanggang ₱2,500 kada araw, sa oras na gusto mo",
  "recruit.point.insurance": "Accident, medical at life insurance",
  "recruit.point.vote": "May boto ka sa pagpapatakbo ng kooperatiba bilang member-owner",
  "recruit.learn": "Alamin ang pag-rider",
  "recruit.apply": "Mag-apply na",
  "testimonials.heading": "Sabi ng mga tao",
  "testimonials.label": "Mga testimonial",
  "testimonials.trackLabel": "Mga testimonial (gamitin ang arrow keys para lumipat)",
  "testimonials.slide": "{index} sa {count}",
  "testimonials.show": "Ipakita ang testimonial {index} sa {count}",
  "testimonial.maricel.quote":
    "Araw-araw akong nagpapadala ng dokumento sa opisina namin sa Makati. Laging on time ang rider, at nakikita ko ang package sa mapa hanggang dumating.",
  "testimonial.maricel.role": "May-ari ng maliit na negosyo, Quezon City",
  "testimonial.jomar.quote":
    "Ngayon lang ako naging may-ari ng bahagi ng kumpanyang pinag-ri-rider-an ko. Sa akin ang {riderShare}% ng bawat bayad at may insurance ang pamilya ko.",
  "testimonial.jomar.role": "Rider at miyembro ng kooperatiba, Pasig",
  "testimonial.andrea.quote":
    "Wala pang isang oras, nakarating na sa lola ko sa Mandaluyong ang gamot niya. Patas ang presyo, mabait ang rider, at alam ko kung nasaan siya.",
  "testimonial.andrea.role": "Customer, Manila",
  "getStarted.heading": "Magsimula",
  "getStarted.lead":
    "Mag-sign in o gumawa ng account gamit ang iyong Philippine mobile number. Bago ka rito? Itatanong namin ang pangalan mo pagkatapos ng code.",
};
