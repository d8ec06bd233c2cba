import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getSessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { customerMayCancel } from "~/deliveries/cancel-delivery";
import { cancellationQuote } from "~/deliveries/cancellation.server";
import { customerDeliveryAction } from "./customer-actions.server";
import { getVisibleDelivery } from "~/deliveries/deliveries.server";
import type { TimelineEntry } from "./delivery-timeline";
import { toViewerDeliveryView } from "~/deliveries/delivery-view";
import { listDeliveryEvents } from "~/deliveries/events.server";
import { languageOf, messagesFor } from "~/i18n/i18n.server";
import { owedFeeStatusOf } from "~/payments/owed-fees.server";
import { findRating } from "~/deliveries/ratings.server";
import { riderDeliveryAction } from "~/riders/rider-own-actions.server";
import { mapboxSettingsOf } from "~/tracking/mapbox-settings.server";

/** The server's messages the tracking page shows: the room's close reasons, the rating form's, the cancellation's. */
const TRACKING_PARTS = ["server.tracking", "server.ratings", "server.deliveries", "server.validation"] as const;

/** `/tracking/{id}`: the delivery as its viewer may see it, its timeline, rating and what cancelling costs now. */
export async function trackingPageLoader({ request, params, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const user = await getSessionUser(request, env);
  if (!user) return data({ delivery: null, mapbox: null });
  // The assigned rider's buttons and "Waiting for signal" (app/routes/_app.tracking.$deliveryId/rider-delivery-controls.tsx) speak the rider pages' words.
  const i18n = messagesFor(
    languageOf(request, user),
    user.role === "rider" ? ["tracking", "rider", ...TRACKING_PARTS] : ["tracking", ...TRACKING_PARTS],
  );
  const db = getDb(env.DB);
  const found = await getVisibleDelivery(db, user, params.deliveryId ?? "");
  if (!found) return data({ delivery: null, mapbox: null, i18n }, { status: 404 });
  // The customer's Cancel shows what cancelling now costs, rendered here so it works without JavaScript.
  const mayCancel = found.delivery.customerId === user.id && customerMayCancel(found.delivery.status);
  const cancelledWithFee = found.delivery.status === "cancelled" && found.delivery.cancellationFee > 0;
  const [events, rating, cancellation, owedFee] = await Promise.all([
    listDeliveryEvents(db, found.delivery.id),
    findRating(db, found.delivery.id),
    mayCancel ? cancellationQuote(env, found.delivery, languageOf(request, user)) : null,
    cancelledWithFee ? owedFeeStatusOf(env.DB, found.delivery.id) : null,
  ]);
  const timeline: TimelineEntry[] = events.map((event) => ({ kind: event.kind, at: event.at.toISOString() }));
  return data({
    delivery: toViewerDeliveryView(found.delivery, found.rider, found.contact, user),
    mapbox: mapboxSettingsOf(env),
    timeline,
    rating,
    cancellation,
    owedFee,
    i18n,
  });
}

/**
 * The assigned rider's steps and "Can't make it" (the dashboard's action, back to this page), and the
 * customer's Cancel and Rate (also posted from Your Recent Bookings): customer-actions.server.ts, beside it.
 */
export async function trackingPageAction({ request, params, context }: ActionFunctionArgs) {
  const deliveryId = params.deliveryId ?? "";
  const intent = (
    await request
      .clone()
      .formData()
      .catch(() => null)
  )?.get("intent");
  if (intent === "step" || intent === "release")
    return riderDeliveryAction(
      { request, context },
      { deliveryId, back: `/tracking/${encodeURIComponent(deliveryId)}` },
    );
  return customerDeliveryAction(request, context.cloudflare.env, deliveryId);
}
