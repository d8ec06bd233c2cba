import type { Role, User } from "~/db/schema";
import { refusalAnswer } from "~/http/api.server";
import { Refusal } from "~/http/refusal";
import { languageOf } from "~/i18n/i18n.server";
import type { AnyMessageId } from "~/i18n/message";
import { getSessionUser } from "./session.server";

/** What a signed-in user of another role reads on a role's pages. */
const ROLE_DENIED: Partial<Record<Role, AnyMessageId>> = { admin: "adminAccess.denied", rider: "rider.accessDenied" };

/**
 * The signed-in reader of a page under the signed-in area, or its refusal thrown as the API
 * answers it (decision 0186), in the reader's language, for the layout's ErrorBoundary
 * (routes/_app): 401 with nobody signed in (the landing page with the sign-in), 403 for a user
 * `allowed` refuses (a role other than the page's, or the page's own rule) with none of the
 * page's data.
 */
export async function requireUser(
  request: Request,
  env: Env,
  allowed: Role | ((user: User) => Refusal | null),
): Promise<User> {
  const user = await getSessionUser(request, env);
  const refusal = !user
    ? new Refusal(401, "admin.panel.sessionExpired")
    : typeof allowed === "function"
      ? allowed(user)
      : user.role === allowed
        ? null
        : new Refusal(403, ROLE_DENIED[allowed] ?? "server.http.forbidden");
  if (refusal || !user) throw refusalAnswer(refusal!, languageOf(request, user));
  return user;
}

/**
 * A page's own refusal once its reader is known (a job or a proposal that is not there for them),
 * thrown as `requireUser`'s are, for the same ErrorBoundary.
 */
export function refusePage(request: Request, user: User, refusal: Refusal): never {
  throw refusalAnswer(refusal, languageOf(request, user));
}
