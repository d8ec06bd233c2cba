import { readForm, redirectWithToast, runFormStep } from "~/forms/form-action.server";
import { formKeyOf, newFormKey, onceForFormKey } from "~/forms/form-key.server";
import { decodeCursor } from "~/http/cursor";
import { coopUser } from "./coop-access.server";
import { Refusal } from "~/http/refusal";
import type { User } from "~/db/schema";
import { languageOf, translate } from "~/i18n/i18n.server";
import type { Language } from "~/i18n/languages";
import { formatPesos } from "~/money/money";
import { settingsInForce } from "~/settings/settings.server";
import { claimUploadFromForm } from "./claim-upload.server";
import { claimView } from "./claim-view";
import { claimRoom, CLAIMS_WAITING_MAX, fileClaim, listClaims, mayFileClaim } from "./claims.server";
import { fundView } from "./fund-view.server";
import { fundMovements, fundStanding } from "./fund.server";

/**
 * The co-op's money pages: /coop/fund, the member benefits fund's balance and movements
 * for riders and admins; /coop/claims, a rider's claims and the form to file one (multipart, with
 * up to 3 photos), posting to the page's action with what `POST /api/coop/claims` runs (decision 0187).
 */
const FUND_MOVEMENTS_PER_PAGE = 20;

export async function fundPage(env: Env, language: Language, url: URL) {
  const raw = url.searchParams.get("cursor");
  const cursor = raw ? decodeCursor(raw) : null;
  const [standing, page] = await Promise.all([
    fundStanding(env.DB),
    fundMovements(env.DB, { cursor, limit: FUND_MOVEMENTS_PER_PAGE }),
  ]);
  return { ...fundView(standing, page, language), olderPage: Boolean(cursor) };
}

/** /coop/claims: the reader's claims, and whether (and for how much) they may file one now (decision 0215). */
export async function claimsPage(env: Env, user: User) {
  const [claims, settings, room] = await Promise.all([
    listClaims(env.DB, { claimantId: user.id }, null, 20),
    settingsInForce(env.DB),
    claimRoom(env.DB, user.id),
  ]);
  return {
    mayFile: mayFileClaim(user),
    /** A third claim waiting is refused: the form gives way to the reason. */
    waitingMax: room.waiting >= CLAIMS_WAITING_MAX ? CLAIMS_WAITING_MAX : null,
    free: room.fund.free > 0 ? formatPesos(room.fund.free) : null,
    limit: formatPesos(settings.settings.claimApprovalLimit),
    claims: claims.items.map(claimView),
    formKey: newFormKey(),
  };
}

/** File the claim: back to /coop/claims with a toast; each problem on its field, nothing stored. */
export async function fileClaimAction(request: Request, env: Env) {
  const form = await readForm(request);
  return runFormStep(async () => {
    const claimant = await coopUser(request, env);
    if (!mayFileClaim(claimant)) throw new Refusal(403, "server.claims.mayNotFile");
    const language = languageOf(request, claimant);
    return onceForFormKey(env, claimant.id, formKeyOf(form), "claim", async () => {
      const claim = await fileClaim(env, claimant, await claimUploadFromForm(form));
      const amount = formatPesos(claim.amount);
      return redirectWithToast(request, "/coop/claims", {
        title: translate(language, "coop.claims.toast"),
        description: translate(
          language,
          claim.status === "in_vote" ? "coop.claims.toastVote" : "coop.claims.toastText",
          { amount },
        ),
      });
    });
  });
}
