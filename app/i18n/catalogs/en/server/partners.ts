/** Messages of the server's partners area (business partners), by id (`server.partners.…`); see app/i18n/message.ts. */
export const partners = {
  "partners.notFound": "This business partner was not found. Reload the list of partners and try again.",
  "partners.noAccount": "No Hatid account has this mobile number. Ask the customer to sign up first.",
  "partners.alreadyHere": "This customer is already on this account.",
  "partners.otherPartner":
    "This customer already belongs to another business partner: a customer can belong to one partner only.",
  "partners.monthInvalid": "Choose a month as YYYY-MM, e.g. 2026-11.",
  "partners.nameRequired": "Enter the partner's name.",
  "partners.nameTooLong": "Shorten the partner's name to at most {max} characters.",
  "partners.billingEmailRequired": "Enter the email address the partner's monthly bill goes to.",
  "partners.billingEmailInvalid": "Enter a valid email address for the bill, e.g. billing@company.ph.",
} satisfies Record<`partners.${string}`, string>;
