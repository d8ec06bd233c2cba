import { getSessionUser, type SessionContext } from "~/auth/session.server";
import type { User } from "~/db/schema";
import { coopRefusal } from "./governance-rules";

/**
 * The co-op's door (decision 0215): its pages' loaders and actions and its `/api` routes all let in
 * the people `coopRefusal` lets in, and refuse the others with its answer.
 */
export async function coopUser(request: Request, env: Env): Promise<User> {
  const user = await getSessionUser(request, env);
  const refusal = coopRefusal(user);
  if (refusal) throw refusal;
  return user!;
}

/** For the co-op's `/api` routes (`/api/coop/…`, `/api/proposals…`): 401, 403, or the user. */
export const requireCoopUser = ({ request, context }: SessionContext): Promise<User> =>
  coopUser(request, context.cloudflare.env);
