import { getDb } from "~/db/client.server";
import type { User } from "~/db/schema";
import {
  acceptDelivery,
  changeDeliveryStatus,
  releaseDelivery,
  type ChangedDelivery,
  type OperationContext,
} from "~/deliveries/rider-operations.server";
import type { StatusChange } from "~/deliveries/status-schema";
import { couldNotDeliver, type CouldNotDeliverUpload } from "~/deliveries/returns.server";
import { pesosToCentavos } from "~/money/money";
import { cashoutRequested } from "~/ledger/cashout-notices.server";
import { requestCashout, type CashoutView } from "~/ledger/cashouts.server";
import { requestGcashCashout } from "~/ledger/gcash-payouts.server";
import type { CashoutRequest } from "~/ledger/ledger-schemas";
import { requireOnline, setRiderAvailability, touchRider } from "./availability.server";

/**
 * A rider's steps, the one place both their `/api` routes (the public one and the offline
 * queue's) and the pages' form actions (decision 0187) run them: the caller has checked who the
 * rider is (signed in, a rider, not suspended) and parsed the body with the route's schema.
 */

/** Accept: an online rider takes a pending delivery (409 offline, taken, or 3 held already). */
export async function riderAccepts(op: OperationContext, rider: User, deliveryId: string): Promise<ChangedDelivery> {
  requireOnline(rider);
  return acceptDelivery(op, rider, deliveryId);
}

/** Can't make it: the assigned rider gives back a delivery still `assigned`. */
export function riderReleases(op: OperationContext, rider: User, deliveryId: string): Promise<ChangedDelivery> {
  return releaseDelivery(op, rider, deliveryId);
}

/** Could not deliver (decision 0222): the assigned rider sends the delivery back to the sender. */
export function riderCouldNotDeliver(
  op: OperationContext,
  rider: User,
  deliveryId: string,
  upload: CouldNotDeliverUpload,
): Promise<ChangedDelivery> {
  return couldNotDeliver(op, rider, deliveryId, upload);
}

/** Go Online / Go Offline: answers the state now. */
export function riderGoesOnline(env: Env, rider: Pick<User, "id">, online: boolean): Promise<boolean> {
  return setRiderAvailability(getDb(env.DB), rider.id, online);
}

/**
 * One step of the lifecycle by the user who sends it (`POST /api/deliveries/{id}/status`; the rider
 * pages' Confirm Pickup, Start Trip, Mark Delivered): a rider is marked as heard from.
 */
export async function changeStatusAs(
  op: OperationContext,
  user: User,
  deliveryId: string,
  change: StatusChange,
): Promise<ChangedDelivery> {
  if (user.role === "rider") await touchRider(getDb(op.env.DB), user.id);
  const { status, cancellationFee, handoverCode, handoverNote, returnCode } = change;
  return changeDeliveryStatus(op, user, deliveryId, status, new Date(), {
    expectedCancellationFee: cancellationFee === undefined ? undefined : pesosToCentavos(cancellationFee),
    handover: { handoverCode, handoverNote },
    returnCode,
  });
}

/**
 * Cash Out: GCash is sent at once through the payout gateway (503 where none is configured); bank
 * and office wait for an admin, who is told.
 */
export async function riderCashesOut(
  env: Env,
  rider: User,
  body: CashoutRequest,
  origin: string,
): Promise<CashoutView> {
  if (body.method === "gcash") return requestGcashCashout(env, rider, body, origin);
  const cashout = await requestCashout(env.DB, rider, body);
  await cashoutRequested(env, cashout);
  return cashout;
}
