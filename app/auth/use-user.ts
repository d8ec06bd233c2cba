import { useRouteLoaderData } from "@remix-run/react";
import type { signedInAreaLoader as loader } from "~/routes/_app/route.server";
import type { UserView } from "./user-view";

/** The signed-in user, for any page under this layout (null only on the landing page). */
export function useOptionalUser(): UserView | null {
  return useRouteLoaderData<typeof loader>("routes/_app")?.user ?? null;
}

/** The signed-in user; pages under this layout only render when there is one. */
export function useUser(): UserView {
  const user = useOptionalUser();
  if (!user) throw new Error("useUser() outside the signed-in area");
  return user;
}
