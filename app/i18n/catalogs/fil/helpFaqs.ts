import type { helpFaqs as en } from "~/i18n/catalogs/en/helpFaqs";

export const helpFaqs: Record<keyof typeof en, string> = {
  "tab.customers": "Para sa customer",
  "tab.riders": "Para sa rider",
  "tab.pricing": "Presyo at bayad",

  "rateCard.base": "Base fare na {baseFare} para sa unang {includedKm} km",
  "rateCard.perKm": "{perKm} kada km pagkatapos nito, sinisingil kada {stepKm} km na nasimulan",
  "rateCard.sizes": "Dagdag sa laki: small {small}, medium {medium}, large {large}",

  "howToBook.question": "Paano mag-book ng delivery?",
  "howToBook.answer":
    "Mag-sign in gamit ang iyong mobile number, buksan ang Book Delivery at punan ang pickup details, dropoff details at package details. Lalabas ang tantyang presyo kapag naka-set na ang dalawang lungsod at ang laki ng package; pindutin ang Confirm Booking at kukunin ito ng rider na malapit.",
  "whatCanISend.question": "Ano ang puwede kong ipadala?",
  "whatCanISend.answer": "Dokumento, pagkain, parcel, grocery at electronics, sa tatlong laki:",
  "whatCanISend.small": "Small (kasya sa envelope)",
  "whatCanISend.medium": "Medium (kasya sa shoebox)",
  "whatCanISend.large": "Large (kasya sa backpack)",
  "trackDelivery.question": "Paano i-track ang delivery ko?",
  "trackDelivery.answer":
    "Buksan ang delivery sa iyong mga recent booking. Kapag may rider nang tumanggap, makikita sa tracking page ang live na lokasyon ng rider sa mapa, ang layo sa dropoff at ang tantyang oras ng dating.",
  "cancelBooking.question": "Puwede ko bang i-cancel ang booking? May bayad ba?",
  "cancelBooking.answer": "Oo, hangga't hindi pa napi-pickup ang package:",
  "cancelBooking.free": "Libre habang wala pang rider na tumatanggap, o sa loob ng {minutes} minuto mula nang mag-book",
  "cancelBooking.assigned": "{fee} kapag may assigned na rider",
  "cancelBooking.arrived": "{fee} kapag nakarating na ang rider sa pickup point",
  "cancelBooking.pickedUp": "Wala nang cancellation o refund kapag napi-pickup na ang package",
  "discounts.question": "May discount ba para sa PWD, senior at estudyante?",
  "discounts.answer":
    "Oo. I-upload ang litrato ng valid ID mo sa Settings ng account mo; kapag inaprubahan ng admin, magagamit na ang discount sa mga booking mo:",
  "discounts.pwd": "PWD: {percent}% na discount",
  "discounts.senior": "Senior citizen: {percent}% na discount",
  "discounts.student": "Estudyante: {percent}% na discount",
  "coverage.question": "Saan kayo naghahatid?",
  "coverage.answer":
    "Sa buong bansa: puwede kang mag-book sa pagitan ng alinmang lungsod at probinsya ng Pilipinas na nakalista sa booking page, mula Metro Manila hanggang Mindanao, 24/7.",

  "riderEarnings.question": "Magkano ang puwede kong kitain?",
  "riderEarnings.answer":
    "Hanggang ₱2,500 kada araw; karamihan sa mga full-time rider ay kumikita ng ₱1,500-2,500. Sa 'yo ang {percent}% ng bawat delivery fee, may peak-hours bonus pa na {peakRange} kada delivery. {insurance} kada delivery ang napupunta sa insurance fund.",
  "riderIncentives.question": "Anong mga incentive ang puwede kong makuha?",
  "riderIncentives.answer": "Dagdag sa iyong mga bayad:",
  "riderIncentives.daily": "Araw-araw: {tiers}; may dagdag na {bonus} kapag {rating}+ ang rating",
  "riderIncentives.weekly": "Lingguhan: {tiers}; may dagdag na {amount} ang top {count} na rider",
  "riderInsurance.question": "May insurance ba ako habang nagra-rider?",
  "riderInsurance.answer":
    "Oo. Bawat rider ay sakop ng insurance ng kooperatiba, na pinopondohan ng {insurance} kada delivery:",
  "riderInsurance.accident": "{amount} para sa aksidente at medical",
  "riderInsurance.death": "{amount} na benepisyo kapag pumanaw",
  "riderInsurance.burial": "{amount} na tulong sa pagpapalibing",
  "riderMembership.question": "Paano maging member ng kooperatiba?",
  "riderMembership.answer":
    "Pagkatapos ng {deliveries} delivery na may rating na {rating} pataas, puwede ka nang maging member-owner sa minsanang bayad na {fee}. Bumoboto ang mga member sa mga desisyon ng kooperatiba at may bahagi sila sa mga benepisyo nito.",
  "riderCashOut.question": "Paano mag-cash out ng kita ko?",
  "riderCashOut.answer": "Piliin ang bagay sa 'yo:",
  "riderCashOut.gcash": "GCash: agad at libre",
  "riderCashOut.bank": "Bank transfer: 1-2 business day, {fee} ang bayad",
  "riderCashOut.office": "Kunin sa opisina: sa parehong araw at libre",
  "riderApply.question": "Ano ang kailangan para mag-apply?",
  "riderApply.answer":
    "Motorsiklong rehistrado noong 2019 o mas bago, valid na driver's license na may restriction code 1 o A, NBI, barangay o police clearance, at isang government ID. Mag-apply sa page na Maging rider; sasagot ang team namin sa loob ng 1-2 business day.",

  "deliveryFee.question": "Paano kinukuwenta ang delivery fee?",
  "deliveryFee.answer":
    "Ang kabuuan ay base fare dagdag ang distance fee at ang dagdag sa laki. Halimbawa, {total} ang small na package sa layong 5 km.",
  "feeSplit.question": "Saan napupunta ang delivery fee ko?",
  "feeSplit.answer":
    "{rider}% ang napupunta sa rider na naghatid, {operations}% ang pampatakbo ng kooperatiba at {benefits}% ang napupunta sa member benefits fund (health insurance, tulong sa emergency, training at gamit).",
  "paymentMethods.question": "Paano ako puwedeng magbayad?",
  "paymentMethods.answer": "Tumatanggap kami ng:",
  "paymentMethods.cash": "Cash",
  "paymentMethods.gcash": "GCash",
  "paymentMethods.maya": "Maya",
  "paymentMethods.cards": "Credit at debit card (Visa, Mastercard)",
  "paymentMethods.bank": "Bank transfer, para sa business account",
  "refunds.question": "Gaano katagal ang refund?",
  "refunds.answer": "Babalik ang refund sa paraang ginamit mo sa pagbayad:",
  "refunds.ewallets": "E-wallet (GCash, Maya): 1-3 business day",
  "refunds.cards": "Card: 5-7 business day",
  "refunds.cash": "Cash: agad",
  "promoCodes.question": "May promo code ba kayo?",
  "promoCodes.yes": "Oo:",
  "promoCodes.none": "Wala sa ngayon. Bumalik dito para sa susunod.",
  "promoCodes.firstDelivery": "{code}: {amount} na bawas sa una mong delivery",
  "promoCodes.minimum": "{code}: {amount} na bawas sa order na {minimum} pataas",
  "promoCodes.any": "{code}: {amount} na bawas sa kahit anong delivery",
  "riderIncentives.tier": "{count}+ delivery {amount}",
};
