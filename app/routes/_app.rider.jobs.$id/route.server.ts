import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { refusePage, requireUser } from "~/auth/role-page.server";
import { Refusal } from "~/http/refusal";
import { getDb } from "~/db/client.server";
import { getVisibleDelivery } from "~/deliveries/deliveries.server";
import { toViewerDeliveryView } from "~/deliveries/delivery-view";
import { languageOf, messagesFor, translate } from "~/i18n/i18n.server";
import { mapboxSettingsOf } from "~/tracking/mapbox-settings.server";
import { riderDeliveryAction } from "~/riders/rider-own-actions.server";

/** `/rider/jobs/{id}`: one delivery as its rider works it (pending ones too, to accept from here); 404 for anyone else. */
export async function riderJobLoader({ request, params, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const user = await requireUser(request, env, "rider");
  const language = languageOf(request, user);
  const words = {
    i18n: messagesFor(language, ["rider", "server.deliveries", "server.tracking", "server.validation"]),
    title: translate(language, "rider.meta.job"),
  };
  const found = await getVisibleDelivery(getDb(env.DB), user, params.id ?? "");
  if (!found) refusePage(request, user, new Refusal(404, "rider.job.missing"));
  return {
    job: {
      delivery: toViewerDeliveryView(found.delivery, found.rider, found.contact, user),
      riderId: user.id,
      mapbox: mapboxSettingsOf(env),
    },
    ...words,
  };
}

/** The job screen's steps as forms (Accept, Confirm Pickup, Start Trip, Mark Delivered with the code). */
export const riderJobAction = (args: ActionFunctionArgs) => {
  const id = args.params.id ?? "";
  return riderDeliveryAction(args, { deliveryId: id, back: `/rider/jobs/${encodeURIComponent(id)}` });
};
