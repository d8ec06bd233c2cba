/**
 * Every /api route, for the sweeps (api-sweep-*.test.ts): add a new route here and the sweeps
 * cover it. `__ID__` stands for a delivery id.
 */
export const ID = "__ID__";

export type ApiRoute = { method: string; path: string; public?: boolean };

export const ROUTES: ApiRoute[] = [
  { method: "POST", path: "/api/identity/sms/send", public: true },
  { method: "POST", path: "/api/identity/sms/verify", public: true },
  { method: "POST", path: "/api/identity/email/send", public: true },
  { method: "POST", path: "/api/identity/email/verify", public: true },
  { method: "POST", path: "/api/auth/phone", public: true },
  { method: "POST", path: "/api/auth/email", public: true },
  { method: "GET", path: "/api/auth/user" },
  { method: "PATCH", path: "/api/auth/user/profile" },
  { method: "PATCH", path: "/api/auth/user/role" },
  { method: "DELETE", path: "/api/auth/user/account" },
  { method: "POST", path: "/api/auth/logout" },
  { method: "POST", path: "/api/pricing/calculate" },
  { method: "POST", path: "/api/deliveries" },
  { method: "GET", path: "/api/deliveries/my" },
  { method: "GET", path: "/api/deliveries/available" },
  { method: "GET", path: "/api/deliveries/rider" },
  { method: "GET", path: `/api/deliveries/${ID}` },
  { method: "POST", path: `/api/deliveries/${ID}/accept` },
  { method: "POST", path: `/api/deliveries/${ID}/status` },
  { method: "POST", path: `/api/deliveries/${ID}/location` },
  { method: "POST", path: `/api/deliveries/${ID}/release` },
  { method: "POST", path: `/api/deliveries/${ID}/rating` },
  { method: "POST", path: "/api/rider/availability" },
  { method: "GET", path: "/api/rider/ledger" },
  { method: "GET", path: "/api/rider/cashouts" },
  { method: "POST", path: "/api/rider/cashouts" },
  { method: "GET", path: "/api/admin/cashouts" },
  { method: "POST", path: "/api/admin/payroll/close" },
  { method: "POST", path: `/api/admin/cashouts/${ID}` },
  { method: "POST", path: `/api/admin/riders/${ID}/remittances` },
  { method: "GET", path: "/api/earnings/rider/stats" },
  { method: "GET", path: "/api/admin/stats" },
  { method: "GET", path: "/api/admin/deliveries" },
  { method: "POST", path: "/api/rider-applications", public: true },
  { method: "GET", path: "/api/admin/rider-applications" },
  { method: "POST", path: `/api/admin/rider-applications/${ID}/decision` },
  { method: "GET", path: "/api/admin/riders" },
  { method: "POST", path: `/api/admin/riders/${ID}/suspend` },
  { method: "POST", path: `/api/admin/riders/${ID}/reactivate` },
  { method: "POST", path: `/api/admin/riders/${ID}/membership` },
  { method: "POST", path: `/api/admin/deliveries/${ID}/cancel` },
  { method: "POST", path: `/api/admin/deliveries/${ID}/assign` },
  { method: "GET", path: `/api/deliveries/${ID}/cancellation` },
  { method: "POST", path: "/api/payments/webhook", public: true },
  { method: "GET", path: "/api/discounts/id" },
  { method: "POST", path: "/api/discounts/id" },
  { method: "GET", path: "/api/admin/id-discounts" },
  { method: "POST", path: "/api/admin/id-discounts/some-id/review" },
  { method: "GET", path: "/api/admin/id-discounts/some-id/image" },
  { method: "GET", path: "/api/admin/partners" },
  { method: "POST", path: "/api/admin/partners" },
  { method: "GET", path: "/api/admin/partners/some-id" },
  { method: "POST", path: "/api/admin/partners/some-id/members" },
  { method: "GET", path: "/api/admin/partners/some-id/statement" },
  { method: "GET", path: "/api/dev/outbox", public: true },
  { method: "POST", path: "/api/dev/seed", public: true },
];

export const MALFORMED_BODIES = ["", "{", "null", "[]", '"text"', "42", '{"status": 5, "role": [], "latitude": "north"}', `{"x": "${"y".repeat(100_000)}"}`];
export const ODD_IDS = ["does-not-exist", "x".repeat(5000), "%2e%2e%2f%2e%2e", "🚚", "' OR 1=1 --"];
