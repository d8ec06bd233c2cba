import { SMS_CODE_TTL_MS } from "~/auth/identity.server";
import { SESSION_TTL_MS } from "~/auth/session.server";
import { MAX_WAITING_BOOKINGS } from "~/deliveries/booking-rules";
import { FREE_CANCELLATION_MS } from "~/deliveries/state-machine";
import { helpRateCardLines, type HelpText } from "~/public/faqs";
import { translate, requestLanguage, messagesFor } from "~/i18n/i18n.server";
import { formatPesos } from "~/money/money";
import { UNPAID_CANCEL_AFTER_MS } from "~/payments/payment-status";
import { publicFigures } from "~/public/public-facts.server";
import { contactLinks } from "~/public/contact";
import { settingsInForce } from "~/settings/settings.server";
import { formatManilaDay } from "~/i18n/manila";
import { LINK_LIFETIME_AFTER_END_MS } from "~/tracking/recipient-link.server";
import {
  BREACH_NOTICE_HOURS,
  CLAIM_DOCUMENT_RETENTION_DAYS,
  ID_PHOTO_RETENTION_DAYS,
  LEGAL_TEXTS_CHANGED,
  POSITION_RETENTION_DAYS,
} from "./retention";
import { PRIVACY_SECTIONS, TERMS_SECTIONS, type LegalBlock, type LegalKind } from "./legal-sections";

/** A section as the page shows it: finished texts, in the reader's language. */
export interface LegalSection {
  id: string;
  heading: string;
  blocks: ({ paragraph: string } | { points: string[] } | { contacts: true })[];
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * /terms and /privacy (decision 0211), finished on the server in the reader's language: every figure
 * from the settings in force (rate card, fees, discounts, peak bonus, limits) or the code's own
 * constants (codes, sessions, shares, membership, retention), so the texts say what the product does.
 */
export async function legalPageData(kind: LegalKind, request: Request, env: Env) {
  const [language, { settings }] = await Promise.all([requestLanguage(request, env), settingsInForce(env.DB)]);
  const { pwd, senior, student } = settings.idDiscountPercents;
  const figures = publicFigures(settings);
  const values: Record<string, string> = {
    ...figures,
    codeMinutes: String(SMS_CODE_TTL_MS / MINUTE_MS),
    sessionDays: String(SESSION_TTL_MS / (24 * HOUR_MS)),
    maxKm: String(settings.maxDistanceKm),
    maxWaiting: String(MAX_WAITING_BOOKINGS),
    freeMinutes: String(FREE_CANCELLATION_MS / MINUTE_MS),
    assignedFee: formatPesos(settings.cancellationFees.assigned),
    arrivedFee: formatPesos(settings.cancellationFees.riderArrived),
    unpaidMinutes: String(UNPAID_CANCEL_AFTER_MS / MINUTE_MS),
    pwd: String(pwd),
    senior: String(senior),
    student: String(student),
    ewalletTime: translate(language, "tracking.refundTime.gcash"),
    cardTime: translate(language, "tracking.refundTime.card"),
    insurance: figures.insurancePerDelivery!,
    positionDays: String(POSITION_RETENTION_DAYS),
    linkHours: String(LINK_LIFETIME_AFTER_END_MS / HOUR_MS),
    idPhotoDays: String(ID_PHOTO_RETENTION_DAYS),
    claimPhotoDays: String(CLAIM_DOCUMENT_RETENTION_DAYS),
    breachHours: String(BREACH_NOTICE_HOURS),
  };
  const say = (id: string) => translate(language, `legal.${kind}.${id}` as never, values);
  const helpText: HelpText = (id, v) => translate(language, `helpFaqs.${id}`, v);
  const block = (section: string, part: LegalBlock): LegalSection["blocks"][number] => {
    if (part === "@contacts") return { contacts: true };
    if (part === "@rateCard") return { points: helpRateCardLines(settings.rateCard, helpText) };
    if (Array.isArray(part)) return { points: part.map((point) => say(`${section}.${point}`)) };
    return { paragraph: say(`${section}.${part}`) };
  };
  const sections: LegalSection[] = (kind === "terms" ? TERMS_SECTIONS : PRIVACY_SECTIONS).map(({ id, blocks }) => ({
    id,
    heading: say(`${id}.heading`),
    blocks: blocks.map((part) => block(id, part)),
  }));
  return {
    kind,
    title: say("title"),
    lead: say("lead"),
    updated: translate(language, "legal.updated", { date: formatManilaDay(LEGAL_TEXTS_CHANGED) }),
    sections,
    contacts: contactLinks(settings.contacts),
    meta: { title: say("meta.title"), description: say("meta.description") },
    i18n: messagesFor(language, ["legal"]),
  };
}

export type LegalPageData = Awaited<ReturnType<typeof legalPageData>>;
