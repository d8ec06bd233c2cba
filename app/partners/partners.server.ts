import { and, asc, count, desc, eq, gte, lt } from "drizzle-orm";
import { z } from "zod";
import { lengthAtMost, safeText } from "~/forms/text";
import { phoneNumberField } from "~/auth/auth-schemas";
import type { Db } from "~/db/client.server";
import { businessPartners, deliveries, partnerMembers, users, type BusinessPartner, type User } from "~/db/schema";
import { STATUS_LABELS } from "~/deliveries/delivery-format";
import { Refusal } from "~/http/refusal";
import { encodeMessage, word } from "~/i18n/message";
import { formatPesoDecimal } from "~/money/money";
import { formatManilaDateTime, MANILA_OFFSET_MS, type Period } from "~/i18n/manila";
import { toCsv } from "./csv";

/**
 * Business partners (docs/guide/partners.md): an admin creates a partner and adds customers by mobile
 * number; those customers may book with `invoice`; the partner is billed monthly from a statement.
 */
/** A refusal about one field of the form, named under `errors` too so the page shows it beside the field. */
const fieldRefusal = (
  status: 400 | 404 | 409,
  id:
    | "server.partners.noAccount"
    | "server.partners.alreadyHere"
    | "server.partners.otherPartner"
    | "server.partners.monthInvalid",
  field: string,
) => new Refusal(status, id, undefined, field, { [field]: [{ id }] });

const NAME_MAX = 120;
const EMAIL_MAX = 254;
const NAME_REQUIRED = encodeMessage("server.partners.nameRequired");
const EMAIL_REQUIRED = encodeMessage("server.partners.billingEmailRequired");
const EMAIL_INVALID = encodeMessage("server.partners.billingEmailInvalid");

export const partnerSchema = z.object({
  name: safeText(
    z
      .string({ required_error: NAME_REQUIRED, invalid_type_error: NAME_REQUIRED })
      .trim()
      .min(1, NAME_REQUIRED)
      .superRefine(lengthAtMost(NAME_MAX, encodeMessage("server.partners.nameTooLong", { max: NAME_MAX }))),
    word("server.validation.field.partnerName"),
  ),
  billingEmail: z
    .string({ required_error: EMAIL_REQUIRED, invalid_type_error: EMAIL_REQUIRED })
    .trim()
    .min(1, EMAIL_REQUIRED)
    .max(EMAIL_MAX, EMAIL_INVALID)
    .email(EMAIL_INVALID)
    .transform((email) => email.toLowerCase()),
});

export const memberSchema = z.object({ phoneNumber: phoneNumberField });

export interface PartnerView {
  id: string;
  name: string;
  billingEmail: string;
  createdAt: string;
  memberCount: number;
}

const toPartnerView = (partner: BusinessPartner, memberCount: number): PartnerView => ({
  id: partner.id,
  name: partner.name,
  billingEmail: partner.billingEmail,
  createdAt: partner.createdAt.toISOString(),
  memberCount,
});

export async function createPartner(
  db: Db,
  admin: Pick<User, "id">,
  input: z.infer<typeof partnerSchema>,
  now = new Date(),
): Promise<PartnerView> {
  const [partner] = await db
    .insert(businessPartners)
    .values({
      id: crypto.randomUUID(),
      name: input.name,
      billingEmail: input.billingEmail,
      createdAt: now,
      createdBy: admin.id,
    })
    .returning();
  return toPartnerView(partner!, 0);
}

/** Every partner, newest first, with its number of customers. */
export async function listPartners(db: Db): Promise<PartnerView[]> {
  const rows = await db
    .select({ partner: businessPartners, members: count(partnerMembers.userId) })
    .from(businessPartners)
    .leftJoin(partnerMembers, eq(partnerMembers.partnerId, businessPartners.id))
    .groupBy(businessPartners.id)
    .orderBy(desc(businessPartners.createdAt))
    .limit(500);
  return rows.map(({ partner, members }) => toPartnerView(partner, members));
}

async function requirePartner(db: Db, id: string): Promise<BusinessPartner> {
  const [partner] =
    id && id.length <= 64 ? await db.select().from(businessPartners).where(eq(businessPartners.id, id)).limit(1) : [];
  if (!partner) throw new Refusal(404, "server.partners.notFound");
  return partner;
}

export interface PartnerMemberView {
  userId: string;
  firstName: string | null;
  lastName: string | null;
  phoneNumber: string | null;
  addedAt: string;
}

export async function getPartner(db: Db, id: string): Promise<PartnerView & { members: PartnerMemberView[] }> {
  const partner = await requirePartner(db, id);
  const members = await db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      phoneNumber: users.phoneNumber,
      addedAt: partnerMembers.addedAt,
    })
    .from(partnerMembers)
    .innerJoin(users, eq(users.id, partnerMembers.userId))
    .where(eq(partnerMembers.partnerId, partner.id))
    .orderBy(asc(partnerMembers.addedAt));
  return {
    ...toPartnerView(partner, members.length),
    members: members.map((m) => ({ ...m, addedAt: m.addedAt.toISOString() })),
  };
}

/** Adds the customer with this mobile number (an account must exist); a customer belongs to one partner at most. */
export async function addPartnerMember(
  db: Db,
  admin: Pick<User, "id">,
  partnerId: string,
  phoneNumber: string,
  now = new Date(),
): Promise<PartnerMemberView> {
  const partner = await requirePartner(db, partnerId);
  const [user] = await db.select().from(users).where(eq(users.phoneNumber, phoneNumber)).limit(1);
  if (!user || user.deactivatedAt) throw fieldRefusal(404, "server.partners.noAccount", "phoneNumber");
  const [existing] = await db.select().from(partnerMembers).where(eq(partnerMembers.userId, user.id)).limit(1);
  if (existing) {
    throw fieldRefusal(
      409,
      existing.partnerId === partner.id ? "server.partners.alreadyHere" : "server.partners.otherPartner",
      "phoneNumber",
    );
  }
  await db.insert(partnerMembers).values({ userId: user.id, partnerId: partner.id, addedAt: now, addedBy: admin.id });
  return {
    userId: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    phoneNumber: user.phoneNumber,
    addedAt: now.toISOString(),
  };
}

/** `YYYY-MM` to its Manila calendar month, or null when it is no such month. */
function manilaMonthOf(month: string | null): Period | null {
  const match = /^(\d{4})-(\d{2})$/.exec(month ?? "");
  if (!match) return null;
  const year = Number(match[1]);
  const index = Number(match[2]) - 1;
  if (year < 2000 || year > 2999 || index < 0 || index > 11) return null;
  return { start: Date.UTC(year, index, 1) - MANILA_OFFSET_MS, end: Date.UTC(year, index + 1, 1) - MANILA_OFFSET_MS };
}

/**
 * The month's statement: the partner's invoice bookings made in that Manila month
 * (deliveries_partner_created_idx), each with what is billed: the amount due once delivered, the
 * cancellation fee if cancelled, nothing yet while under way. The last row is the total.
 */
export async function partnerStatementCsv(
  db: Db,
  partnerId: string,
  month: string,
): Promise<{ partner: BusinessPartner; csv: string }> {
  const partner = await requirePartner(db, partnerId);
  const period = manilaMonthOf(month);
  if (!period) throw fieldRefusal(400, "server.partners.monthInvalid", "month");
  const customers = users;
  const rows = await db
    .select({
      delivery: deliveries,
      firstName: customers.firstName,
      lastName: customers.lastName,
      phoneNumber: customers.phoneNumber,
    })
    .from(deliveries)
    .innerJoin(customers, eq(customers.id, deliveries.customerId))
    .where(
      and(
        eq(deliveries.partnerId, partner.id),
        gte(deliveries.createdAt, new Date(period.start)),
        lt(deliveries.createdAt, new Date(period.end)),
      ),
    )
    .orderBy(asc(deliveries.createdAt), asc(deliveries.id));
  let total = 0;
  const lines = rows.map(({ delivery, firstName, lastName, phoneNumber }) => {
    const billed =
      delivery.status === "delivered"
        ? delivery.amountDue
        : delivery.status === "cancelled"
          ? delivery.cancellationFee
          : 0;
    total += billed;
    return [
      delivery.id,
      formatManilaDateTime(delivery.createdAt),
      [firstName, lastName].filter(Boolean).join(" ") || phoneNumber || "",
      `${delivery.pickupAddress}, ${delivery.pickupCity}`,
      `${delivery.dropoffAddress}, ${delivery.dropoffCity}`,
      STATUS_LABELS[delivery.status],
      formatPesoDecimal(delivery.amountDue),
      formatPesoDecimal(delivery.cancellationFee),
      formatPesoDecimal(billed),
    ];
  });
  const csv = toCsv([
    [
      "Delivery ID",
      "Booked (Manila)",
      "Booked by",
      "Pickup",
      "Dropoff",
      "Status",
      "Fare (PHP)",
      "Cancellation fee (PHP)",
      "Billed (PHP)",
    ],
    ...lines,
    ["Total", "", "", "", "", "", "", "", formatPesoDecimal(total)],
  ]);
  return { partner, csv };
}
