/**
 * The methods each route answers (for `OPTIONS` and `405`'s `Allow`). Every route that answers GET
 * also answers HEAD (the Worker runs GET and drops the body) and every route answers OPTIONS.
 * test/workerd/http-methods.test.ts checks this table against what the routes really do.
 */
const API_ROUTES: [pattern: RegExp, methods: string[]][] = [
  [/^\/api\/identity\/(sms|email)\/(send|verify)$/, ["POST"]],
  [/^\/api\/auth\/(phone|email|logout)$/, ["POST"]],
  [/^\/api\/auth\/user$/, ["GET"]],
  [/^\/api\/auth\/user\/(profile|role)$/, ["PATCH"]],
  [/^\/api\/auth\/user\/account$/, ["DELETE"]],
  [/^\/api\/pricing\/calculate$/, ["POST"]],
  [/^\/api\/deliveries$/, ["POST"]],
  [/^\/api\/deliveries\/(my|available|rider)$/, ["GET"]],
  [/^\/api\/deliveries\/[^/]+\/(accept|status|location|release|rating|could-not-deliver)$/, ["POST"]],
  [/^\/api\/deliveries\/[^/]+$/, ["GET"]],
  [/^\/api\/earnings\/rider\/stats$/, ["GET"]],
  [/^\/api\/rider\/availability$/, ["POST"]],
  [/^\/api\/rider\/ledger$/, ["GET"]],
  [/^\/api\/rider\/cashouts$/, ["GET", "POST"]],
  [/^\/api\/admin\/cashouts$/, ["GET"]],
  [/^\/api\/admin\/payroll\/close$/, ["POST"]],
  [/^\/api\/admin\/settings$/, ["GET", "PUT"]],
  [/^\/api\/admin\/reports\/[^/]+$/, ["GET"]],
  [/^\/api\/admin\/cashouts\/[^/]+$/, ["POST"]],
  [/^\/api\/admin\/riders\/[^/]+\/(remittances|adjustments)$/, ["POST"]],
  [/^\/api\/rider-applications$/, ["POST"]],
  [/^\/api\/deliveries\/[^/]+\/cancellation$/, ["GET"]],
  [/^\/api\/admin\/(rider-applications|riders)$/, ["GET"]],
  [/^\/api\/admin\/rider-applications\/[^/]+\/decision$/, ["POST"]],
  [/^\/api\/admin\/riders\/[^/]+\/(suspend|reactivate|membership)$/, ["POST"]],
  [/^\/api\/admin\/messages\/[^/]+\/retry$/, ["POST"]],
  [/^\/api\/admin\/deliveries\/[^/]+\/(cancel|assign)$/, ["POST"]],
  [/^\/api\/payments\/webhook$/, ["POST"]],
  [/^\/api\/payouts\/webhook$/, ["POST"]],
  [/^\/api\/discounts\/id$/, ["GET", "POST"]],
  [/^\/api\/admin\/(stats|deliveries|id-discounts)$/, ["GET"]],
  [/^\/api\/admin\/id-discounts\/[^/]+\/review$/, ["POST"]],
  [/^\/api\/admin\/id-discounts\/[^/]+\/image$/, ["GET"]],
  [/^\/api\/admin\/partners$/, ["GET", "POST"]],
  [/^\/api\/admin\/partners\/[^/]+$/, ["GET"]],
  [/^\/api\/admin\/partners\/[^/]+\/members$/, ["POST"]],
  [/^\/api\/admin\/partners\/[^/]+\/statement$/, ["GET"]],
  [/^\/api\/dev\/outbox$/, ["GET"]],
  [/^\/api\/dev\/seed$/, ["POST"]],
  [/^\/api\/login$/, ["GET"]],
  [/^\/api\/notifications$/, ["GET"]],
  [/^\/api\/notifications\/read$/, ["POST"]],
  [/^\/api\/push\/subscriptions$/, ["POST", "DELETE"]],
  [/^\/api\/admin\/owed-fees\/[^/]+\/waive$/, ["POST"]],
  [/^\/api\/admin\/refunds\/[^/]+\/retry$/, ["POST"]],
  [/^\/api\/proposals$/, ["GET", "POST"]],
  [/^\/api\/proposals\/[^/]+\/ballot$/, ["PUT"]],
  [/^\/api\/proposals\/[^/]+$/, ["GET"]],
  [/^\/api\/coop\/claims$/, ["GET", "POST"]],
  [/^\/api\/coop\/claims\/[^/]+\/photos\/[^/]+$/, ["GET"]],
  [/^\/api\/admin\/claims\/[^/]+\/decision$/, ["POST"]],
  [/^\/api\/coop\/fund$/, ["GET"]],
];

/** Pages with a form action of their own. */
const PAGES_WITH_ACTIONS = new Set(["/become-rider", "/sign-in", "/logout", "/language", "/auth/email-verify"]);
const PAGE_PATTERNS_WITH_ACTIONS = [/^\/dev\/pay\/[^/]+$/];

function withImplied(methods: string[]): string[] {
  const all = [...methods];
  if (all.includes("GET")) all.push("HEAD");
  all.push("OPTIONS");
  return all;
}

/** The `Allow` list of a path, or null for an `/api` path that does not exist (404). */
export function allowedMethods(pathname: string): string[] | null {
  if (pathname === "/ws") return withImplied(["GET"]);
  if (pathname === "/api" || pathname.startsWith("/api/")) {
    const route = API_ROUTES.find(([pattern]) => pattern.test(pathname));
    return route ? withImplied(route[1]) : null;
  }
  const page = pathname.replace(/\.data$/, "").replace(/\/$/, "") || "/";
  const hasAction = PAGES_WITH_ACTIONS.has(page) || PAGE_PATTERNS_WITH_ACTIONS.some((pattern) => pattern.test(page));
  return withImplied(hasAction ? ["GET", "POST"] : ["GET"]);
}
