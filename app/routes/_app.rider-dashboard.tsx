import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { rolePageAccess } from "~/auth/role-page.server";
import { AccessDenied } from "~/components/access-denied";

export const meta: MetaFunction = () => [{ title: "Rider Dashboard · Hatid" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { denied } = await rolePageAccess(request, context.cloudflare.env, "rider");
  if (denied) return denied;
  return { allowed: true as const };
}

export default function RiderDashboard() {
  const { allowed } = useLoaderData<typeof loader>();
  if (!allowed) return <AccessDenied message="Access Denied: Rider access required for this page" />;
  return (
    <main className="page">
      <h1>Rider Dashboard</h1>
    </main>
  );
}
