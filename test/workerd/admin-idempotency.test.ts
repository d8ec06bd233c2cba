import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { book, deliver, ledgerOf } from "./ledger-fixtures";
import { api, signedIn } from "./helpers";

const entriesOf = async (riderId: string, kind: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM ledger_entries WHERE rider_id = ?1 AND kind = ?2")
    .bind(riderId, kind)
    .first<{ n: number }>())!.n;

async function riderWhoOwes() {
  const admin = await signedIn("admin");
  const rider = await signedIn("rider");
  const customer = await signedIn("user");
  await deliver(rider, (await book(customer, "cash")).id);
  expect((await ledgerOf(rider)).balance).toBeLessThan(0);
  return { admin, rider };
}

describe("an admin page's money action sent twice with one Idempotency-Key is recorded once", () => {
  it("a remittance, one after the other: the second is the first answer replayed", async () => {
    const { admin, rider } = await riderWhoOwes();
    const send = () =>
      api(`/api/admin/riders/${rider.user.id}/remittances`, {
        cookie: admin.cookie,
        body: { amount: 5 },
        headers: { "Idempotency-Key": "remit-form-1" },
      });
    const first = await send();
    expect(first.status).toBe(201);
    const second = await send();
    expect(second.status).toBe(201);
    expect(second.headers.get("Idempotent-Replayed")).toBe("true");
    expect(second.json.receiptNumber).toBe(first.json.receiptNumber);
    expect(await entriesOf(rider.user.id, "remittance")).toBe(1);
  });

  it("an adjustment double-clicked (both at once): one entry", async () => {
    const { admin, rider } = await riderWhoOwes();
    const before = (await ledgerOf(rider)).balance;
    const send = () =>
      api(`/api/admin/riders/${rider.user.id}/adjustments`, {
        cookie: admin.cookie,
        body: { amount: 3, note: "Fuel refund" },
        headers: { "Idempotency-Key": "adjust-form-1" },
      });
    const answers = await Promise.all([send(), send()]);
    expect(answers.map((a) => a.status).sort()).toEqual(expect.arrayContaining([201]));
    for (const answer of answers) expect([201, 409]).toContain(answer.status);
    expect(await entriesOf(rider.user.id, "adjustment")).toBe(1);
    expect((await ledgerOf(rider)).balance).toBeCloseTo(before + 3, 2);
  });

  it("a new key (the next submit) records a new one", async () => {
    const { admin, rider } = await riderWhoOwes();
    for (const key of ["remit-a", "remit-b"]) {
      const answer = await api(`/api/admin/riders/${rider.user.id}/remittances`, {
        cookie: admin.cookie,
        body: { amount: 1 },
        headers: { "Idempotency-Key": key },
      });
      expect(answer.status).toBe(201);
    }
    expect(await entriesOf(rider.user.id, "remittance")).toBe(2);
  });
});
