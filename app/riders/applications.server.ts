import { and, desc, eq } from "drizzle-orm";
import { accountLanguage } from "~/i18n/i18n.server";
import type { Language } from "~/i18n/languages";
import { getDb, type Db } from "~/db/client.server";
import { riderApplications, type RiderApplicationRow, type RiderApplicationStatus, type User } from "~/db/schema";
import { Refusal } from "~/http/refusal";
import { sendRecorded, type MessageOutcome, type MessagePurpose } from "~/notifications/message-log.server";
import { messagingText, type MessagingText } from "~/notifications/messaging.server";
import type { RiderApplication } from "./rider-application";
import { applicationCityLabel, namesFrom } from "./rider-application";
import { notificationMessages } from "~/notifications/notification-messages";
import { notificationInsert } from "~/notifications/notifications.server";

/**
 * Rider applications (docs/guide/people-and-access.md): the /become-rider form stores one; an admin
 * approves or rejects it; the applicant gets an SMS at each step. Approval makes the account with
 * the application's mobile an approved rider with the rider role (created if there is none).
 */

const APPLICATIONS_PER_HOUR_PER_ADDRESS = 10;
const APPLICATION_LIST_LIMIT = 100;
const HOUR_MS = 60 * 60_000;

export interface ApplicationView {
  id: string;
  fullName: string;
  mobile: string;
  city: string;
  cityLabel: string;
  hasMotorcycle: boolean;
  referralCode: string | null;
  status: RiderApplicationStatus;
  note: string | null;
  createdAt: string;
  decidedAt: string | null;
}

function toApplicationView(row: RiderApplicationRow): ApplicationView {
  return {
    id: row.id,
    fullName: row.fullName,
    mobile: row.mobile,
    city: row.city,
    cityLabel: applicationCityLabel(row.city),
    hasMotorcycle: row.hasMotorcycle,
    referralCode: row.referralCode,
    status: row.status,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
  };
}

/** `+639171234567` -> `09171234567`, the way people write their number in a text. */
const localMobile = (mobile: string) => mobile.replace(/^\+63/, "0");

const receivedSms = (firstName: string) => messagingText("server.messaging.applicationReceivedSms", { firstName });
const approvedSms = (origin: string, mobile: string) =>
  messagingText("server.messaging.applicationApprovedSms", { origin, mobile: localMobile(mobile) });
const rejectedSms = (note: string | null) =>
  note
    ? messagingText("server.messaging.applicationRejectedWithNoteSms", { note })
    : messagingText("server.messaging.applicationRejectedSms");

/**
 * Texts the applicant. The application or decision is stored either way; the text is recorded with
 * its status (app/notifications/message-log.server.ts), retried by the cron, and the admin is told when
 * it was not sent (with Retry).
 */
function sendSms(
  env: Env,
  to: string,
  language: Language,
  text: MessagingText,
  purpose: MessagePurpose,
  applicationId: string,
): Promise<MessageOutcome> {
  return sendRecorded(env, { channel: "sms", to, language, text }, { purpose, ref: applicationId });
}

/**
 * Stores an application and texts the applicant. One conditional INSERT decides both limits, so two
 * simultaneous submissions cannot both slip through: at most 10 per hour per client address (when
 * known), and one waiting application per mobile (the partial unique index).
 */
export async function submitApplication(
  env: Env,
  application: RiderApplication,
  clientAddress: string | null,
  language: Language = "en",
  now = Date.now(),
): Promise<{ id: string; status: "submitted" }> {
  const id = crypto.randomUUID();
  const store = env.DB.prepare(
    `INSERT INTO rider_applications (id, full_name, mobile, city, has_motorcycle, referral_code, status, client_address, created_at, language, first_name, last_name)
     SELECT ?1, ?2, ?3, ?4, ?5, ?6, 'submitted', ?7, ?8, ?11, ?12, ?13
     WHERE ?7 IS NULL OR (SELECT count(*) FROM rider_applications WHERE client_address = ?7 AND created_at > ?9) < ?10
     ON CONFLICT DO NOTHING`,
  ).bind(
    id,
    application.fullName,
    application.mobile,
    application.city,
    application.hasMotorcycle === "yes" ? 1 : 0,
    application.referralCode || null,
    clientAddress,
    now,
    now - HOUR_MS,
    APPLICATIONS_PER_HOUR_PER_ADDRESS,
    language,
    application.firstName,
    application.lastName,
  );
  const [result] = await env.DB.batch([
    store,
    notificationInsert(
      env.DB,
      "admins",
      notificationMessages.applicationSubmitted(application.fullName, application.city),
      { now },
    ),
  ]);
  if (result!.meta.changes !== 1) {
    const [waiting] = await getDb(env.DB)
      .select({ id: riderApplications.id })
      .from(riderApplications)
      .where(and(eq(riderApplications.mobile, application.mobile), eq(riderApplications.status, "submitted")))
      .limit(1);
    if (waiting) throw new Refusal(409, "server.applications.duplicate", undefined, "mobile");
    throw new Refusal(429, "server.applications.tooMany", { minutes: HOUR_MS / 60_000 });
  }
  await sendSms(env, application.mobile, language, receivedSms(application.firstName), "application_received", id);
  return { id, status: "submitted" };
}

/** Applications in one status, newest first (rider_applications_status_created_idx). */
export async function listApplications(
  db: Db,
  status: RiderApplicationStatus,
  limit = APPLICATION_LIST_LIMIT,
): Promise<ApplicationView[]> {
  const rows = await db
    .select()
    .from(riderApplications)
    .where(eq(riderApplications.status, status))
    .orderBy(desc(riderApplications.createdAt), desc(riderApplications.id))
    .limit(limit);
  return rows.map(toApplicationView);
}

/** 409: the application left `submitted` before this decision (approved unless it says rejected). */
const alreadyDecided = (status: RiderApplicationStatus | undefined) =>
  new Refusal(
    409,
    status === "rejected" ? "server.applications.alreadyRejected" : "server.applications.alreadyApproved",
  );

export interface Decision {
  decision: "approve" | "reject";
  note?: string;
}

/**
 * An admin's decision. ONE batch: the application leaves `submitted` (only if it still is, so
 * deciding twice answers 409) and, on approval, the account with that mobile becomes an approved
 * rider (created, named from the application, if there is none; an admin keeps the admin role).
 */
export async function decideApplication(
  env: Env,
  admin: Pick<User, "id">,
  id: string,
  { decision, note }: Decision,
  origin: string,
  now = Date.now(),
): Promise<ApplicationView & { sms: MessageOutcome }> {
  const db = getDb(env.DB);
  const [before] =
    id && id.length <= 64 ? await db.select().from(riderApplications).where(eq(riderApplications.id, id)).limit(1) : [];
  if (!before) throw new Refusal(404, "server.applications.notFound");
  if (before.status !== "submitted") throw alreadyDecided(before.status);

  const status = decision === "approve" ? "approved" : "rejected";
  const decide = env.DB.prepare(
    `UPDATE rider_applications SET status = ?2, note = ?3, decided_at = ?4, decided_by = ?5 WHERE id = ?1 AND status = 'submitted'`,
  ).bind(id, status, note || null, now, admin.id);
  // Applies only when THIS decision was the one stored (same time and admin).
  const decidedNow = `EXISTS (SELECT 1 FROM rider_applications WHERE id = ?1 AND status = 'approved' AND decided_at = ?2 AND decided_by = ?3)`;
  const statements = [decide];
  if (decision === "approve") {
    // Given apart on the form (migration 0180); an older application had only the full name.
    const names = before.firstName
      ? { firstName: before.firstName, lastName: before.lastName }
      : namesFrom(before.fullName);
    statements.push(
      env.DB.prepare(
        `INSERT INTO users (id, phone_number, first_name, last_name, role, rider_approved_at, created_at, updated_at)
         SELECT ?4, ?5, ?6, ?7, 'rider', ?2, ?2, ?2 WHERE ${decidedNow}
         ON CONFLICT (phone_number) DO UPDATE SET
           role = CASE WHEN users.role = 'admin' THEN 'admin' ELSE 'rider' END,
           rider_approved_at = COALESCE(users.rider_approved_at, excluded.rider_approved_at),
           updated_at = excluded.updated_at`,
      ).bind(id, now, admin.id, crypto.randomUUID(), before.mobile, names.firstName, names.lastName),
      env.DB.prepare(
        `UPDATE rider_applications SET user_id = (SELECT id FROM users WHERE phone_number = ?4) WHERE id = ?1 AND ${decidedNow.replace("EXISTS", "1 = 1 AND EXISTS")}`,
      ).bind(id, now, admin.id, before.mobile),
    );
  }
  // Last: the account with that mobile (there is one once approved; maybe none when rejected).
  statements.push(
    notificationInsert(
      env.DB,
      { phoneNumber: before.mobile },
      notificationMessages.applicationDecided(decision === "approve", note || null),
      { now },
    ),
  );
  const [decided] = await env.DB.batch(statements);
  if (decided!.meta.changes !== 1) {
    const [after] = await db
      .select({ status: riderApplications.status })
      .from(riderApplications)
      .where(eq(riderApplications.id, id))
      .limit(1);
    throw alreadyDecided(after?.status);
  }
  const language = (await accountLanguage(env, { phoneNumber: before.mobile })) ?? before.language;
  const sms = await sendSms(
    env,
    before.mobile,
    language,
    decision === "approve" ? approvedSms(origin, before.mobile) : rejectedSms(note || null),
    "application_decided",
    id,
  );
  const [after] = await db.select().from(riderApplications).where(eq(riderApplications.id, id)).limit(1);
  return { ...toApplicationView(after!), sms };
}

/** A text to an applicant that was not sent (the cron retries it; the admin page offers Retry). */
export interface UnsentText {
  messageId: string;
  applicationId: string;
  fullName: string;
  purpose: "application_received" | "application_decided";
  attempts: number;
  createdAt: string;
}

/** The applicants' texts that failed, newest first. */
export async function unsentApplicationTexts(env: Env, limit = 50): Promise<UnsentText[]> {
  const { results } = await env.DB.prepare(
    `SELECT m.id AS message_id, a.id AS application_id, a.full_name, m.purpose, m.attempts, m.created_at
     FROM messages m JOIN rider_applications a ON a.id = m.ref
     WHERE m.purpose IN ('application_received', 'application_decided') AND m.status = 'failed'
     ORDER BY m.created_at DESC LIMIT ?1`,
  )
    .bind(limit)
    .all<{
      message_id: string;
      application_id: string;
      full_name: string;
      purpose: UnsentText["purpose"];
      attempts: number;
      created_at: number;
    }>();
  return results.map((row) => ({
    messageId: row.message_id,
    applicationId: row.application_id,
    fullName: row.full_name,
    purpose: row.purpose,
    attempts: row.attempts,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}
