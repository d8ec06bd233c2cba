import { unknownIntent } from "~/admin/money-actions.server";
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
import { formatPesos } from "~/money/money";
import { decideClaim } from "~/coop/claim-decisions.server";
import { claimDecisionFormSchema } from "~/coop/claim-schemas";

const PAGE = "/admin/claims";

/**
 * /admin/claims' Approve / Reject forms (decision 0187): the decision posted to the page's own
 * action, read with the API's schema (and the claim's id), decided by the same `decideClaim`. The
 * key made at render makes a double submit decide once; success is a redirect back with a toast.
 */
export async function claimsAction(request: Request, env: Env) {
  const form = await readForm(request);
  const intent = intentOf(form, ["decide"] as const);
  return runFormStep(async () => {
    const admin = await requireActionUser(request, env, "admin");
    if (intent !== "decide") return unknownIntent();
    const language = languageOf(request, admin);
    return submitForm(form, claimDecisionFormSchema, async ({ claimId, ...decision }) =>
      onceForFormKey(env, admin.id, formKeyOf(form), `claim:${claimId}`, async () => {
        const claim = await decideClaim(env, admin, claimId, decision);
        const kind = translate(language, `server.claims.kind.${claim.kind}`);
        return redirectWithToast(request, PAGE, {
          title: translate(
            language,
            claim.status === "approved" ? "adminMoney.claims.approvedToast" : "adminMoney.claims.rejectedToast",
          ),
          description: `${claim.claimant.name ?? ""} · ${kind} · ${formatPesos(claim.amount)}`,
        });
      }),
    );
  });
}
