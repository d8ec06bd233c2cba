import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/auth/session.server";
import {
  idDiscountPercentsInForce,
  latestIdDiscount,
  readIdUpload,
  submitIdDiscount,
  toIdDiscountView,
} from "~/pricing/id-discounts.server";
import { apiHandler } from "~/http/api.server";

/** `GET /api/discounts/id`: the signed-in user's newest ID-discount application, `{ application: ... | null }`. */
export const loader = apiHandler(["GET"], async ({ request, context }: LoaderFunctionArgs) => {
  const user = await requireApiUser({ request, context });
  const [row, percents] = await Promise.all([
    latestIdDiscount(context.cloudflare.env, user.id),
    idDiscountPercentsInForce(context.cloudflare.env),
  ]);
  return Response.json({ application: row ? toIdDiscountView(row, percents) : null });
});

/** `POST /api/discounts/id` (multipart: `kind`, `photo`): uploads an ID for review; 201 with the application. */
export const action = apiHandler(["POST"], async ({ request, context }: ActionFunctionArgs) => {
  const user = await requireApiUser({ request, context });
  const upload = await readIdUpload(request);
  const row = await submitIdDiscount(context.cloudflare.env, user, upload);
  return Response.json(
    { application: toIdDiscountView(row, await idDiscountPercentsInForce(context.cloudflare.env)) },
    { status: 201 },
  );
});
