import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { statusChangeSchema } from "~/deliveries/status-schema";
import {
  intentOf,
  readForm,
  redirectWithToast,
  refusalReply,
  requireActionUser,
  runFormStep,
  submitForm,
} from "~/forms/form-action.server";
import { formKeyOf, onceForFormKey } from "~/forms/form-key.server";
import { isRefusal, Refusal } from "~/http/refusal";
import { languageOf, translate } from "~/i18n/i18n.server";
import { cashoutRequestSchema } from "~/ledger/ledger-schemas";
import { formatPesoAmount } from "~/money/money";
import { availabilityFormSchema } from "./availability-schema";
import { couldNotDeliverFromForm } from "~/deliveries/returns.server";
import {
  changeStatusAs,
  riderAccepts,
  riderCashesOut,
  riderCouldNotDeliver,
  riderGoesOnline,
  riderReleases,
} from "./rider-steps.server";

/**
 * The rider pages' form actions (decision 0187): the dashboard's Go Online/Offline, Accept, a step
 * and Can't make it; the job screen's steps; Cash Out on the earnings page. Each runs the same
 * function with the same schema as its `/api` route (./rider-steps.server.ts) and answers a
 * redirect with the step's toast, or the form's errors.
 */

const RIDER_OWN_INTENTS = ["availability", "accept", "step", "release", "couldNotDeliver"] as const;

const unknownIntent = () => refusalReply(null, new Refusal(400, "server.validation.invalidBody"));

/**
 * The signed-in, not suspended rider of a page action. Signed out (the session ended meanwhile),
 * the post goes to the sign-in page with the "Unauthorized" toast.
 */
async function actingRider(request: Request, env: Env) {
  try {
    return await requireActionUser(request, env, "rider");
  } catch (error) {
    if (isRefusal(error) && error.status === 401) {
      const language = languageOf(request);
      throw await redirectWithToast(request, "/", {
        title: translate(language, "rider.toast.unauthorized"),
        description: translate(language, "rider.toast.loggedOut"),
        variant: "destructive",
      });
    }
    throw error;
  }
}

/** The handover's refusal (422 wrong code, tries left; or a note needed) on the field it is about. */
function onHandoverField(error: unknown, sentNote: boolean): never {
  if (isRefusal(error) && error.status === 422 && !error.field) {
    throw new Refusal(error.status, error.id, error.values, sentNote ? "handoverNote" : "handoverCode");
  }
  throw error;
}

/**
 * A rider's delivery forms: `intent` says which; the delivery is the route's (`deliveryId`, the job
 * screen) or the form's `deliveryId` (the dashboard's lists). Success goes back to `back`.
 */
export async function riderDeliveryAction(
  { request, context }: Pick<ActionFunctionArgs, "request" | "context">,
  options: { deliveryId?: string; back: string },
) {
  const { env } = context.cloudflare;
  const op = { env, origin: new URL(request.url).origin };
  return runFormStep(async () => {
    const rider = await actingRider(request, env);
    const language = languageOf(request, rider);
    const form = await readForm(request);
    const posted = form.get("deliveryId");
    const deliveryId = options.deliveryId ?? (typeof posted === "string" ? posted : "");
    switch (intentOf(form, RIDER_OWN_INTENTS)) {
      case "availability":
        return submitForm(form, availabilityFormSchema, async ({ online }) => {
          const now = await riderGoesOnline(env, rider, online);
          return redirectWithToast(request, options.back, {
            title: translate(language, now ? "rider.toast.online" : "rider.toast.offline"),
          });
        });
      case "accept":
        await riderAccepts(op, rider, deliveryId);
        return redirectWithToast(request, options.back, { title: translate(language, "rider.toast.accepted") });
      case "release":
        await riderReleases(op, rider, deliveryId);
        return redirectWithToast(request, options.back, {
          title: translate(language, "rider.toast.released"),
          description: translate(language, "rider.toast.releasedText"),
        });
      case "step":
        return submitForm(form, statusChangeSchema, async (change) => {
          await changeStatusAs(op, rider, deliveryId, change).catch((error) =>
            onHandoverField(error, change.handoverNote !== undefined),
          );
          return redirectWithToast(request, options.back, { title: translate(language, "rider.toast.updated") });
        });
      case "couldNotDeliver":
        await riderCouldNotDeliver(op, rider, deliveryId, await couldNotDeliverFromForm(form));
        return redirectWithToast(request, options.back, { title: translate(language, "rider.job.returning") });
      default:
        return unknownIntent();
    }
  });
}

/**
 * Cash Out from the earnings page. The form carries a key made when the page was rendered: a
 * second submit of the same form (a double tap, a resend after a lost answer) pays once and is
 * sent where the first went (app/forms/form-key.server.ts, decision 0218).
 */
export async function cashoutAction(
  { request, context }: Pick<ActionFunctionArgs, "request" | "context">,
  back: string,
) {
  const { env } = context.cloudflare;
  return runFormStep(async () => {
    const rider = await actingRider(request, env);
    const language = languageOf(request, rider);
    const form = await readForm(request);
    return submitForm(form, cashoutRequestSchema, async (body) =>
      onceForFormKey(env, rider.id, formKeyOf(form), "cashout", async () => {
        const cashout = await riderCashesOut(env, rider, body, new URL(request.url).origin);
        const amount = formatPesoAmount(cashout.amount);
        // GCash is sent at once: say what happened, not "requested".
        const toast =
          cashout.status === "paid"
            ? {
                title: translate(language, "rider.cashout.gcashPaid"),
                description: translate(language, "rider.cashout.gcashPaidText", { amount }),
              }
            : cashout.status === "failed"
              ? {
                  title: translate(language, "rider.cashout.gcashFailed"),
                  description: translate(language, "rider.cashout.gcashFailedText", { amount }),
                  variant: "destructive" as const,
                }
              : cashout.status === "sending"
                ? {
                    title: translate(language, "rider.cashout.gcashSending"),
                    description: translate(language, "rider.cashout.requestedBy.gcash", { amount }),
                  }
                : {
                    title: translate(language, "rider.cashout.requested"),
                    description: translate(language, `rider.cashout.requestedBy.${cashout.method}`, { amount }),
                  };
        return redirectWithToast(request, back, toast);
      }),
    );
  });
}
