import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { ClaimStatus } from "~/db/schema";
import { fileClaim, listClaims, mayFileClaim } from "~/coop/claims.server";
import { readClaimUpload } from "~/coop/claim-upload.server";
import { claimView } from "~/coop/claim-view";
import { claimStatusSchema } from "~/coop/claim-schemas";
import { requireCoopUser } from "~/coop/coop-access.server";
import { apiHandler } from "~/http/api.server";
import { readPageQuery } from "~/http/paging.server";
import { Refusal, validationRefusal } from "~/http/refusal";

/**
 * `GET /api/coop/claims?cursor=&limit=` (the co-op's rule, decision 0215: riders, their own claims;
 * admins, every claim, `?status=` to filter): `{ claims, nextCursor }`, newest first. Customers and
 * suspended riders 403.
 */
export const loader = apiHandler(["GET", "HEAD"], async ({ request, context }: LoaderFunctionArgs) => {
  const user = await requireCoopUser({ request, context });
  const url = new URL(request.url);
  const { cursor, limit } = readPageQuery(url);
  let status: ClaimStatus | undefined;
  const rawStatus = url.searchParams.get("status");
  if (user.role === "admin" && rawStatus !== null) {
    const parsed = claimStatusSchema.safeParse(rawStatus);
    if (!parsed.success) throw validationRefusal(parsed.error);
    status = parsed.data;
  }
  const page = await listClaims(
    context.cloudflare.env.DB,
    user.role === "admin" ? { status } : { claimantId: user.id },
    cursor,
    limit,
  );
  return Response.json(
    { claims: page.items.map(claimView), nextCursor: page.nextCursor },
    { headers: { "Cache-Control": "no-store" } },
  );
});

/**
 * `POST /api/coop/claims` (multipart form data: `kind`, `amount` in pesos, `note`, up to 3 `photos`;
 * riders who are not suspended, and member-owners): 201 with the claim, `pending` or, above the
 * co-op's limit, `in_vote` with its payout proposal. 400 naming every problem (an amount larger than
 * what no claim holds of the fund on `amount`), 409 a third claim waiting; nothing stored.
 */
export const action = apiHandler(["POST"], async ({ request, context }: ActionFunctionArgs) => {
  const user = await requireCoopUser({ request, context });
  if (!mayFileClaim(user)) throw new Refusal(403, "server.claims.mayNotFile");
  const upload = await readClaimUpload(request);
  const claim = await fileClaim(context.cloudflare.env, user, upload);
  return Response.json(claimView(claim), { status: 201, headers: { "Cache-Control": "no-store" } });
});
