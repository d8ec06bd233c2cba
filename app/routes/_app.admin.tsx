import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { rolePageAccess } from "~/auth/role-page.server";
import { AccessDenied } from "~/components/access-denied";

export const meta: MetaFunction = () => [{ title: "Coop Admin Panel · Hatid" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { denied } = await rolePageAccess(request, context.cloudflare.env, "admin");
  if (denied) return denied;
  return { allowed: true as const };
}

export default function AdminDashboard() {
  const { allowed } = useLoaderData<typeof loader>();
  if (!allowed) return <AccessDenied message="Access Denied: Admin access required for this page" />;
  return (
    <main className="page">
      <h1>Coop Admin Panel</h1>
    </main>
  );
}
