import { centavosToPesos, type Pesos } from "~/money/money";
import type { ClaimKind, ClaimStatus } from "~/db/schema";
import type { ClaimPhotoType } from "./claim-photos";
import type { ClaimRecord } from "./claims.server";

/** A claim as the API and the pages answer it: pesos, ISO times, photo links. */

export interface ClaimView {
  id: string;
  kind: ClaimKind;
  amount: Pesos;
  note: string;
  status: ClaimStatus;
  /** The payout proposal of a claim above the co-op's limit. */
  proposalId: string | null;
  filedAt: string;
  decidedAt: string | null;
  reason: string | null;
  photos: { n: number; url: string; contentType: ClaimPhotoType }[];
  claimant: { id: string; name: string | null };
}

const claimPhotoUrl = (claimId: string, n: number) => `/api/coop/claims/${claimId}/photos/${n}`;

export const claimView = (claim: ClaimRecord): ClaimView => ({
  id: claim.id,
  kind: claim.kind,
  amount: centavosToPesos(claim.amount),
  note: claim.note,
  status: claim.status,
  proposalId: claim.proposalId,
  filedAt: new Date(claim.filedAt).toISOString(),
  decidedAt: claim.decidedAt === null ? null : new Date(claim.decidedAt).toISOString(),
  reason: claim.reason,
  photos: claim.photos.map((photo) => ({
    n: photo.n,
    url: claimPhotoUrl(claim.id, photo.n),
    contentType: photo.contentType,
  })),
  claimant: { id: claim.claimant.id, name: claim.claimant.name },
});

/** A claim as /admin/claims shows it: the API's view with the claimant's mobile number. */
export type AdminClaimItem = ClaimView & { claimant: { id: string; name: string | null; phoneNumber: string | null } };
export const adminClaimItem = (claim: ClaimRecord): AdminClaimItem => ({
  ...claimView(claim),
  claimant: claim.claimant,
});
