import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { adminPageWords } from "~/admin/admin-page.server";
import { requireUser } from "~/auth/role-page.server";
import { partnersAction } from "./partner-actions.server";
import { getDb } from "~/db/client.server";
import { getPartner, listPartners } from "~/partners/partners.server";
import { manilaDate } from "~/i18n/manila";

const PARTNERS_SHOWN = 50;

export async function adminPartnersLoader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const user = await requireUser(request, env, "admin");
  const page = adminPageWords(request, user, {
    namespaces: ["server.partners", "server.auth", "server.http", "server.validation"],
    title: "admin.title.partners",
  });
  const db = getDb(env.DB);
  const partners = await Promise.all(
    (await listPartners(db)).slice(0, PARTNERS_SHOWN).map((partner) => getPartner(db, partner.id)),
  );
  return { partners, month: manilaDate(Date.now()).slice(0, 7), ...page };
}

/** Create a partner, add a customer: the page's own forms (decision 0187). */
export const adminPartnersAction = ({ request, context }: ActionFunctionArgs) =>
  partnersAction(request, context.cloudflare.env);
