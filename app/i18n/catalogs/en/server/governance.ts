/** Messages of the server's governance area (proposals and ballots), by id (`server.governance.…`); see app/i18n/message.ts. */
export const governance = {
  "governance.field.title": "the title",
  "governance.field.body": "the text",
  "governance.field.purpose": "the purpose",
  "governance.textRequired": "Enter {field}.",
  "governance.textTooLong": "Shorten {field} to at most {max} characters.",
  "governance.kind": "Choose the kind of proposal: a settings change, a payout, a surplus return or a resolution.",
  "governance.votingDays": "Voting lasts from {min} to {max} Manila days: enter a whole number of days in that range.",
  "governance.amount": "Enter the amount in pesos: more than ₱0.00.",
  "governance.amountCentavos": "Use at most 2 decimals for the centavos, such as 150.50.",
  "governance.periodKind": "Choose the period of the surplus return: a month, a quarter or a year.",
  "governance.periodStart":
    "Enter the first day of the period (YYYY-MM-DD): the 1st of a month, of a quarter (January, April, July, October) or of January, not in the future.",
  "governance.noChange": "This proposal changes no setting. Change at least one value.",
  "governance.mayNotOpen": "Only member-owners and admins can open a proposal.",
  "governance.coopOnly": "The co-op's pages are for riders and admins.",
  "governance.notMember": "Only member-owners who are not suspended can vote.",
  "governance.choice": "Vote Yes, No or Abstain.",
  "governance.notFound": "This proposal was not found. Reload the list of proposals and try again.",
  "governance.closed": "Voting on this proposal has closed.",
  "governance.unavailable": "Voting is not available right now. Please try again later.",
  "governance.payoutOverFund":
    "The member benefits fund holds {balance}. A payout cannot be larger than the fund: enter {balance} or less.",
  "governance.payoutOverFree":
    "The member benefits fund holds {balance}, and {held} of it is kept for claims filed and not yet paid. A payout can be at most {free}: enter {free} or less.",
  "governance.surplusOverCap":
    "A surplus return for this period can be at most {most}: the operations share earned in it, less what earlier returns for it took.",
  "governance.fund.fees": "Fees: the 5% member benefits and ₱1 insurance per delivery",
  "governance.fund.claim": "Claim paid",
} satisfies Record<`governance.${string}`, string>;
