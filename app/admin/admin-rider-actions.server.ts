import {
  intentOf,
  readForm,
  redirectWithToast,
  requireActionUser,
  runFormStep,
  submitForm,
} from "~/forms/form-action.server";
import { formKeyOf, onceForFormKey } from "~/forms/form-key.server";
import { Refusal } from "~/http/refusal";
import { languageOf, translate } from "~/i18n/i18n.server";
import { retryMessage } from "~/notifications/message-log.server";
import { decideApplication } from "~/riders/applications.server";
import { recordMembership } from "~/riders/rider-memberships.server";
import { reactivateRider, suspendRider } from "~/riders/riders.server";
import { tellRoomsUserChanged } from "~/tracking/room.server";
import { unknownIntent } from "./money-actions.server";
import { decisionFormSchema, messageFormSchema, riderFormSchema, suspendFormSchema } from "./admin-rider-actions";

/** Suspends an approved rider, closing their open tracking sockets at once (decision 0214); the `/api` route's steps. */
export async function suspendRiderNow(env: Env, riderId: string, reason: string, now = Date.now()) {
  await suspendRider(env.DB, riderId, reason, now);
  await tellRoomsUserChanged(env, { userId: riderId, riderSuspendedAt: now });
}

export async function reactivateRiderNow(env: Env, riderId: string) {
  await reactivateRider(env.DB, riderId);
  await tellRoomsUserChanged(env, { userId: riderId, riderSuspendedAt: null });
}

/** Sends a failed SMS or email again now: 404 unknown, 409 not retryable (`POST /api/admin/messages/{id}/retry`). */
export async function adminRetryMessage(env: Env, id: string) {
  const known = id.length <= 64 ? await env.DB.prepare("SELECT id FROM messages WHERE id = ?1").bind(id).first() : null;
  if (!known) throw new Refusal(404, "server.messaging.messageNotFound");
  const outcome = await retryMessage(env, id);
  if (!outcome) throw new Refusal(409, "server.messaging.messageNotRetryable");
  return outcome;
}

const ADMIN_RIDER_INTENTS = ["suspend", "reactivate", "membership", "decide", "retryMessage"] as const;

/**
 * /admin/riders' forms (decision 0187): Suspend (with a reason), Reactivate, record the membership
 * fee (money: the key made at render, a double submit records once), Approve / Reject an
 * application, Retry an unsent text. Each answers a redirect back to its tab with a toast.
 */
export async function ridersAction(request: Request, env: Env) {
  const form = await readForm(request);
  const intent = intentOf(form, ADMIN_RIDER_INTENTS);
  return runFormStep(async () => {
    const admin = await requireActionUser(request, env, "admin");
    const language = languageOf(request, admin);
    const toTab = (tab: "riders" | "applications", title: string, description?: string, variant?: "destructive") =>
      redirectWithToast(request, `/admin/riders?tab=${tab}`, { title, description, ...(variant ? { variant } : {}) });
    switch (intent) {
      case "suspend":
        return submitForm(form, suspendFormSchema, async ({ riderId, reason }) => {
          await suspendRiderNow(env, riderId, reason);
          return toTab("riders", translate(language, "admin.riders.suspendedToast"));
        });
      case "reactivate":
        return submitForm(form, riderFormSchema, async ({ riderId }) => {
          await reactivateRiderNow(env, riderId);
          return toTab("riders", translate(language, "admin.riders.reactivatedToast"));
        });
      case "membership":
        return submitForm(form, riderFormSchema, async ({ riderId }) =>
          onceForFormKey(env, admin.id, formKeyOf(form), `membership:${riderId}`, async () => {
            await recordMembership(env.DB, admin, riderId);
            return toTab(
              "riders",
              translate(language, "admin.riders.feeToast"),
              translate(language, "admin.riders.feeToastText"),
            );
          }),
        );
      case "decide":
        return submitForm(form, decisionFormSchema, async ({ applicationId, ...body }) => {
          const decided = await decideApplication(env, admin, applicationId, body, new URL(request.url).origin);
          if (decided.sms.status !== "sent") {
            return toTab(
              "applications",
              translate(language, "admin.applications.smsNotSent"),
              translate(language, "admin.applications.decidedNotTexted"),
              "destructive",
            );
          }
          return body.decision === "approve"
            ? toTab(
                "applications",
                translate(language, "admin.applications.approvedToast"),
                translate(language, "admin.applications.approvedToastText", { name: decided.fullName }),
              )
            : toTab(
                "applications",
                translate(language, "admin.applications.rejectedToast"),
                translate(language, "admin.applications.rejectedToastText"),
              );
        });
      case "retryMessage":
        return submitForm(form, messageFormSchema, async ({ messageId }) => {
          const outcome = await adminRetryMessage(env, messageId);
          return outcome.status === "sent"
            ? toTab("applications", translate(language, "admin.applications.smsSent"))
            : toTab(
                "applications",
                translate(language, "admin.applications.smsNotSent"),
                translate(language, "admin.applications.smsNotSentText"),
                "destructive",
              );
        });
      default:
        return unknownIntent();
    }
  });
}
