import type { Role, User } from "~/db/schema";
import type { Language } from "~/i18n/languages";

/** What the browser may know about the signed-in user (never sessions, never other people's data). */
export interface UserView {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phoneNumber: string | null;
  role: Role;
  /** Whether an admin approved the user's rider application (only approved riders may take the rider role). */
  riderApproved: boolean;
  /** The reason given when an admin suspended this rider; null when not suspended. */
  riderSuspension: string | null;
  /** The language chosen in Settings; null when the person has not chosen (the cookie or browser decides). */
  language: Language | null;
}

export const toUserView = (user: User): UserView => ({
  id: user.id,
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  phoneNumber: user.phoneNumber,
  role: user.role,
  riderApproved: user.riderApprovedAt !== null,
  riderSuspension: user.riderSuspendedAt !== null ? (user.riderSuspensionReason ?? "") : null,
  language: user.language ?? null,
});

/** Avatar initials from the names; 'U' when there are none (spec, Top navigation). */
export function initialsOf(user: Pick<UserView, "firstName" | "lastName">): string {
  const initials = `${user.firstName?.trim()[0] ?? ""}${user.lastName?.trim()[0] ?? ""}`.toUpperCase();
  return initials || "U";
}

/** The full name, else the phone number, else 'User'. */
export function displayNameOf(user: Pick<UserView, "firstName" | "lastName" | "phoneNumber">): string {
  const fullName = [user.firstName, user.lastName].filter((part) => part?.trim()).join(" ");
  return fullName || user.phoneNumber || "User";
}
