import { data } from "@remix-run/cloudflare";
import {
  intentOf,
  readForm,
  redirectWithToast,
  requireActionUser,
  runFormStep,
  submitForm,
} from "~/forms/form-action.server";
import { formKeyOf, onceForFormKey } from "~/forms/form-key.server";
import { languageOf, translate } from "~/i18n/i18n.server";
import { encodeMessage } from "~/i18n/message";
import { cashoutSettled } from "~/ledger/cashout-notices.server";
import { recordAdjustment, recordRemittance, settleCashout } from "~/ledger/cashouts.server";
import { formatPesoAmount, formatPesos } from "~/money/money";
import { waiveOwedFee } from "~/payments/owed-fees-admin.server";
import {
  adjustmentFormSchema,
  refundFormSchema,
  remittanceFormSchema,
  settleFormSchema,
  waiveFormSchema,
} from "./money-actions";
import { adminRetryRefund } from "~/payments/refunds.server";

/**
 * /admin/cashouts' forms (decision 0187), each the page's own action calling what its `/api`
 * route calls with the same schema: Mark Paid / Reject a cash-out, record a remittance or an
 * adjustment (the money forms carry the key made at render: a double submit books once), retry a
 * refund, waive an owed fee. Success answers a redirect back to the page with a toast.
 */
const CASHOUT_INTENTS = ["settle", "remittance", "adjustment", "retryRefund", "waive"] as const;

const PAGE = "/admin/cashouts";

export function unknownIntent() {
  return data(
    { status: "error" as const, error: { "": [encodeMessage("server.http.bodyUnreadable")] } },
    { status: 400 },
  );
}

export async function cashoutsAction(request: Request, env: Env) {
  const form = await readForm(request);
  const intent = intentOf(form, CASHOUT_INTENTS);
  return runFormStep(async () => {
    const admin = await requireActionUser(request, env, "admin");
    const language = languageOf(request, admin);
    const toPage = (title: string, description?: string) => redirectWithToast(request, PAGE, { title, description });
    switch (intent) {
      case "settle":
        return submitForm(form, settleFormSchema, async ({ cashoutId, ...body }) => {
          const key = formKeyOf(form);
          return onceForFormKey(env, admin.id, key, `settle:${cashoutId}`, async () => {
            const cashout = await settleCashout(env.DB, admin, cashoutId, body);
            await cashoutSettled(env, cashout);
            return toPage(
              translate(
                language,
                body.status === "paid" ? "adminMoney.queue.paidToast" : "adminMoney.queue.rejectedToast",
              ),
              `${cashout.rider?.name ?? ""}: ${formatPesoAmount(cashout.amount)}`,
            );
          });
        });
      case "remittance":
        return submitForm(form, remittanceFormSchema, async ({ riderId, ...body }) =>
          onceForFormKey(env, admin.id, formKeyOf(form), "remittance", async () => {
            const receipt = await recordRemittance(env.DB, admin, riderId, body);
            return toPage(
              translate(language, "adminMoney.remittance.toast"),
              translate(language, "adminMoney.remittance.toastText", { number: receipt.receiptNumber }),
            );
          }),
        );
      case "adjustment":
        return submitForm(form, adjustmentFormSchema, async ({ riderId, ...body }) =>
          onceForFormKey(env, admin.id, formKeyOf(form), "adjustment", async () => {
            const answer = await recordAdjustment(env.DB, admin, riderId, body);
            return toPage(
              translate(language, "adminMoney.adjustment.toast"),
              translate(language, "adminMoney.adjustment.toastText", { amount: formatPesoAmount(answer.balance) }),
            );
          }),
        );
      case "retryRefund":
        return submitForm(form, refundFormSchema, async ({ paymentId }) =>
          onceForFormKey(env, admin.id, formKeyOf(form), `refund:${paymentId}`, async () => {
            const answer = (await (await adminRetryRefund(env, paymentId)).json()) as { status: string };
            return toPage(
              translate(
                language,
                answer.status === "refunded" ? "adminMoney.refunds.doneToast" : "adminMoney.refunds.failedToast",
              ),
            );
          }),
        );
      case "waive":
        return submitForm(form, waiveFormSchema, async ({ feeId, reason }) => {
          const fee = await env.DB.prepare("SELECT amount FROM owed_fees WHERE id = ?1")
            .bind(feeId)
            .first<{ amount: number }>();
          await waiveOwedFee(env.DB, admin.id, feeId, reason);
          return toPage(translate(language, "adminMoney.owed.waivedToast"), fee ? formatPesos(fee.amount) : undefined);
        });
      default:
        return unknownIntent();
    }
  });
}
