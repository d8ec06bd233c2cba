import type { partners as en } from "~/i18n/catalogs/en/server/partners";

export const partners: Record<keyof typeof en, string> = {
  "partners.notFound":
    "Hindi nahanap ang business partner na ito. I-reload ang listahan ng mga partner at subukan ulit.",
  "partners.noAccount": "Walang Hatid account na may ganitong mobile number. Pag-sign upin muna ang customer.",
  "partners.alreadyHere": "Nasa account na ito na ang customer na ito.",
  "partners.otherPartner":
    "Kasama na ang customer na ito sa ibang business partner: isang partner lang ang puwede sa bawat customer.",
  "partners.monthInvalid": "Pumili ng buwan bilang YYYY-MM, hal. 2026-11.",
  "partners.nameRequired": "Ilagay ang pangalan ng partner.",
  "partners.nameTooLong": "Paikliin ang pangalan ng partner: hanggang {max} na character lang.",
  "partners.billingEmailRequired": "Ilagay ang email address na padadalhan ng buwanang bill ng partner.",
  "partners.billingEmailInvalid": "Maglagay ng valid na email address para sa bill, hal. billing@company.ph.",
};
