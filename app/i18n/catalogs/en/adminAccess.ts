/**
 * The admin pages' notice to a signed-in non-admin: translated on the server into the notice's data,
 * so a page never sends it (or the rest of the admin's words) to people it does not serve.
 */
export const adminAccess = {
  denied: "Access Denied: Admin access required for this page",
};
