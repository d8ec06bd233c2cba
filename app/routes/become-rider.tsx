import type { ActionFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData } from "@remix-run/react";
import { BecomeRiderPage } from "~/rider-application/become-rider-page";
import { submitApplicationForm } from "~/rider-application/application-action.server";

export const meta: MetaFunction = () => [
  { title: "Become a Rider · Hatid" },
  {
    name: "description",
    content:
      "Ride with Hatid, the rider-owned delivery cooperative: keep 85% of every fee, earn up to ₱2,500 a day, get insurance and a vote. Apply in two minutes.",
  },
];

/** Only reached without JavaScript: see `submitApplicationForm`. */
export async function action({ request, context }: ActionFunctionArgs) {
  return submitApplicationForm(request, context.cloudflare.env);
}

export default function BecomeRider() {
  const lastResult = useActionData<typeof action>();
  return <BecomeRiderPage lastResult={lastResult} />;
}
