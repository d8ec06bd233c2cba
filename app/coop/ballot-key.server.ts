import { hmacSha256Hex } from "~/auth/crypto.server";
import { Refusal } from "~/http/refusal";

/**
 * The key of a member's ballot on a proposal (decision 0216): HMAC-SHA256 keyed by the Worker
 * secret BALLOT_SECRET of "proposalId:memberId". The same member on the same proposal always gets
 * the same key, so a second ballot replaces the first; without the secret, a key cannot be
 * computed from a member id, so the ballots table names nobody.
 */
export async function ballotKey(secret: string, proposalId: string, memberId: string): Promise<string> {
  return hmacSha256Hex(`hatid-ballot:${secret}`, `${proposalId}:${memberId}`);
}

/** The secret, or 503: without it no ballot can be stored secretly, so none is taken. */
export function ballotSecret(env: Pick<Env, "BALLOT_SECRET">): string {
  const secret = env.BALLOT_SECRET;
  if (!secret || secret.length < 16) throw new Refusal(503, "server.governance.unavailable");
  return secret;
}
