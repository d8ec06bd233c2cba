import type { ActionFunctionArgs, LinksFunction, MetaFunction } from "@remix-run/cloudflare";
import { languageOf } from "~/i18n/i18n.server";
import { parseWithZod } from "@conform-to/zod";
import { useActionData } from "@remix-run/react";
import { publicLinks } from "~/public/public-links";
import { BecomeRiderPage } from "~/rider-application/become-rider-page";
import { riderApplicationSchema } from "~/rider-application/rider-application";
import { clientAddressOf } from "~/auth/identity.server";
import { submitApplication } from "~/riders/applications.server";

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
 * Only reached without JavaScript (the page posts to `/api/rider-applications` otherwise): the same
 * schema, stored the same way; a refusal is shown as a form error.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: riderApplicationSchema });
  if (submission.status !== "success") return submission.reply();
  try {
    await submitApplication(context.cloudflare.env, submission.value, clientAddressOf(request), languageOf(request));
  } catch (error) {
    if (error instanceof Response) {
      const { message } = (await error.json()) as { message: string };
      return submission.reply({ formErrors: [message] });
    }
    throw error;
  }
  return submission.reply({ resetForm: true });
}

export default function BecomeRider() {
  const lastResult = useActionData<typeof action>();
  return <BecomeRiderPage lastResult={lastResult} />;
}
