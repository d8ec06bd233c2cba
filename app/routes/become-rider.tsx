import type { ActionFunctionArgs, LinksFunction, MetaFunction } from "@remix-run/cloudflare";
import { parseWithZod } from "@conform-to/zod";
import { useActionData } from "@remix-run/react";
import { publicLinks } from "~/public/public-links";
import { BecomeRiderPage } from "~/rider-application/become-rider-page";
import { riderApplicationSchema } from "~/rider-application/rider-application";

export const links: LinksFunction = publicLinks;

export const meta: MetaFunction = () => [
  { title: "Become a Rider · Hatid" },
  {
    name: "description",
    content:
      "Ride with Hatid, the rider-owned delivery cooperative: keep 85% of every fee, earn up to ₱2,500 a day, get insurance and a vote. Apply in two minutes.",
  },
];

/**
 * Only reached without JavaScript (the page handles the form itself otherwise). Checks the same
 * schema and stores nothing: rider applications are client-only in the spec (section 7).
 */
export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: riderApplicationSchema });
  return submission.status === "success" ? submission.reply({ resetForm: true }) : submission.reply();
}

export default function BecomeRider() {
  const lastResult = useActionData<typeof action>();
  return <BecomeRiderPage lastResult={lastResult} />;
}
