import type { becomeRider as en } from "~/i18n/catalogs/en/becomeRider";

export const becomeRider: Record<keyof typeof en, string> = {
  "meta.title": "Maging rider · Hatid",
  "meta.description":
    "Mag-rider sa Hatid, ang delivery cooperative na pag-aari ng mga rider: sa 'yo ang {riderShare}% ng bawat fee, kumita ng hanggang ₱2,500 kada araw, may insurance at boto ka. Mag-apply sa loob ng dalawang minuto.",
  eyebrow: "Maging rider",
  title: "Mag-rider sa Hatid at maging may-ari ng kooperatiba",
  lead: "Kumita ng hanggang ₱2,500 kada araw, sa 'yo ang {riderShare}% ng bawat delivery fee, at may insurance, training at, bilang member-owner, boto sa pagpapatakbo ng kooperatiba.",
  applyNow: "Mag-apply na",
  "stories.heading": "Mula sa aming mga rider",
  "story.rico.quote":
    "Dati, ibinibigay ko sa app ang sangkatlo ng bawat pamasahe. Ngayon, sa akin ang {riderShare}%, at sa dulo ng taon hinahati ng kooperatiba ang surplus nito sa aming mga member.",
  "story.rico.role": "Rider mula 2023, Quezon City",
  "story.rosa.quote":
    "Nang maaksidente ako noong isang taon, sinagot ng insurance ang bayarin ko sa ospital at tinulungan ng emergency fund ang pamilya ko habang nagpapagaling ako.",
  "story.rosa.role": "Rider at board member, Cebu City",
  "benefits.heading": "Bakit mag-rider sa amin",
  "benefit.earn.title": "Kumita ng hanggang ₱2,500 kada araw",
  "benefit.earn.text":
    "Kumikita ang karamihan ng full-time rider ng ₱1,500-2,500 kada araw, plus {peakRange} na bonus kada delivery tuwing peak hours.",
  "benefit.share.title": "Sa 'yo ang {riderShare}% ng bawat fee",
  "benefit.share.text":
    "Sa rider ang {riderShare}% ng bawat delivery fee. Ang natitirang {coopShare}% ay pampatakbo ng kooperatiba at pondo ng member benefits.",
  "benefit.insurance.title": "May insurance",
  "benefit.insurance.text":
    "{accidentCover} sa aksidente at medical, {deathCover} kapag pumanaw at {burialCover} na tulong sa pagpapalibing, sa {insurancePerDelivery} lang kada delivery.",
  "benefit.vote.title": "Maging may-ari at bumoto",
  "benefit.vote.text":
    "Maging member-owner pagkatapos ng {memberDeliveries} delivery na may rating na {memberRating} pataas (minsanang bayad na {memberFee}) at bumoto sa mga desisyon ng kooperatiba.",
  "benefit.incentives.title": "Daily at weekly incentives",
  "benefit.incentives.text":
    "{dailyLow} sa {dailyLowCount}+ delivery kada araw, {dailyHigh} sa {dailyHighCount}+, at {weeklyLow} hanggang {weeklyHigh} pa sa weekly incentives.",
  "benefit.flexible.title": "Flexible na oras, mabilis na cash-out",
  "benefit.flexible.text":
    "Mag-rider kung kailan mo gusto. Mag-cash out sa GCash agad at libre, sa bangko mo, o sa aming office.",
  "requirements.heading": "Mga requirement",
  "requirement.motorcycle.title": "Motorsiklo",
  "requirement.motorcycle.orcr": "Registration documents (OR/CR) na 2019 o mas bago ang original registration year",
  "requirement.motorcycle.deed":
    "Notarized na authorization o deed of sale kung hindi nakapangalan sa 'yo ang motorsiklo",
  "requirement.license.title": "Driver's license",
  "requirement.license.code": "Valid na driver's license na may restriction code 1 o A",
  "requirement.license.professional": "Mas mainam kung professional license",
  "requirement.clearance.title": "Clearance at ID",
  "requirement.clearance.clearance": "NBI, barangay o police clearance",
  "requirement.clearance.id": "Valid na government-issued ID",
  "reminders.heading": "Mga paalala",
  "reminder.medical":
    "Kailangan ng 'fit to drive' na medical certificate ang mga aplikanteng 51 hanggang 65 taong gulang.",
  "reminder.rental": "Walang motorsiklo? Magtanong tungkol sa aming motorcycle rental program.",
  "reminder.dress": "Sundin ang dress code pagpunta mo para sa registration.",
  "reminder.phone":
    "Tumatakbo ang Hatid sa browser ng phone mo, walang kailangang i-install: kailangan mo ng smartphone (Android o iPhone) na may updated na browser gaya ng Chrome o Safari, mobile data, at nakabukas na location habang nagra-rider.",
  "process.heading": "Paano sumali sa 4 na hakbang",
  "step.signUp.title": "Mag-sign up",
  "step.signUp.text": "Sagutan ang application form sa ibaba at hintayin ang aming SMS.",
  "step.training.title": "Training at skills test",
  "step.training.text": "Sumali sa libreng safety training at kumuha ng riding skills test.",
  "step.inspection.title": "Inspeksyon ng motor",
  "step.inspection.text": "Dalhin ang motorsiklo at mga dokumento mo para sa mabilis na inspeksyon.",
  "step.kit.title": "Kunin ang rider kit mo",
  "step.kit.text": "Tanggapin ang rider kit mo at magsimulang mag-deliver.",
  "form.heading": "Rider application",
  "form.lead": "Dalawang minuto lang. Sasagot ang aming team sa loob ng 1-2 business days.",
  "form.fullName": "Buong pangalan",
  "form.mobile": "Mobile number",
  "form.mobileHint": "11 digit na nagsisimula sa 09, hal. 09171234567",
  "form.city": "Lungsod",
  "form.selectCity": "Piliin ang lungsod mo",
  "form.cityHint": "Alinmang lungsod o munisipyo sa Pilipinas: mag-type ng ilang letra at piliin ito sa listahan.",
  "form.motorcycle": "May motorsiklo ka ba?",
  "form.motorcycleYes": "Oo, may motorsiklo ako",
  "form.motorcycleNo": "Wala, kailangan ko ng isa (magtanong tungkol sa aming rental program)",
  "form.referral": "Referral code",
  "form.optional": "(opsyonal)",
  "form.submit": "Ipadala ang application",
  "form.submitting": "Ipinapadala...",
  "form.error": "May mali",
  "form.sendFailed": "Hindi naipadala ang application mo. Pakisubukan ulit.",
  "form.submitted": "Naipadala ang application!",
  "form.submittedText": "Kokontakin ka ng aming team sa loob ng 1-2 business days. Salamat!",
  // The name in two
  "form.firstName": "Pangalan",
  "form.lastName": "Apelyido",
};
