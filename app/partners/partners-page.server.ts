import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { adminPageAccess } from "~/admin/admin-page.server";
import { partnersAction } from "~/admin/partner-actions.server";
import { getDb } from "~/db/client.server";
import { getPartner, listPartners } from "~/partners/partners.server";
import { manilaDate } from "~/time/manila";

const PARTNERS_SHOWN = 50;

export async function adminPartnersLoader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const { user, denied, page } = await adminPageAccess(request, env, { namespaces: ["server.partners", "server.auth", "server.http", "server.validation"], title: "admin.title.partners" });
  if (denied) return denied;
  if (!user) return { allowed: true as const, partners: [], month: "", ...page };
  const db = getDb(env.DB);
  const partners = await Promise.all((await listPartners(db)).slice(0, PARTNERS_SHOWN).map((partner) => getPartner(db, partner.id)));
  return { allowed: true as const, partners, month: manilaDate(Date.now()).slice(0, 7), ...page };
}

/** Create a partner, add a customer: the page's own forms (decision 0187). */
export const adminPartnersAction = ({ request, context }: ActionFunctionArgs) => partnersAction(request, context.cloudflare.env);
