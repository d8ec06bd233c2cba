import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { book, deliver, ledgerOf, riderWithBalance } from "./ledger-fixtures";
import { api, matrixCallers, signedIn } from "./helpers";

const remit = (admin: { cookie: string }, riderId: string, amount: unknown, note?: string) =>
  api(`/api/admin/riders/${riderId}/remittances`, {
    cookie: admin.cookie,
    body: { amount, ...(note ? { note } : {}) },
  });

describe("remittance: cash a rider hands in", () => {
  it("answers a receipt number and raises the balance by the amount; refuses bad amounts and non-riders", async () => {
    const admin = await signedIn("admin");
    const rider = await signedIn("rider");
    const customer = await signedIn("user");
    const delivery = await book(customer, "cash");
    await deliver(rider, delivery.id);
    const owed = (await ledgerOf(rider)).balance;
    expect(owed).toBeLessThan(0);

    // Within what the rider owes (at least ₱1 insurance + 15% of a ₱40+ fare).
    const receipt = await remit(admin, rider.user.id, 5.5, "Handed in at the Makati office");
    expect(receipt.status).toBe(201);
    expect(receipt.json.receiptNumber).toMatch(/^R-\d{6,}$/);
    expect(receipt.json.amount).toBe(5.5);
    const ledger = await ledgerOf(rider);
    expect(ledger.balance).toBeCloseTo(owed + 5.5, 2);
    expect(ledger.entries[0]).toMatchObject({
      kind: "remittance",
      amount: 5.5,
      deliveryId: null,
      note: "Handed in at the Makati office",
    });

    for (const bad of [0, -5, 1.234, "lots", null]) {
      const answer = await remit(admin, rider.user.id, bad);
      expect(answer.status, String(bad)).toBe(400);
      expect(answer.json.errors.amount).toBeDefined();
    }
    expect((await remit(admin, customer.user.id, 10)).status).toBe(404);
    expect((await remit(admin, "no-such-rider", 10)).status).toBe(404);
    expect((await ledgerOf(rider)).balance).toBeCloseTo(owed + 5.5, 2);
  });
});

describe("adjustment: an admin's correction with a note", () => {
  it("adds or takes from the balance with the reason as the entry's note; refuses 0, no note and non-riders", async () => {
    const admin = await signedIn("admin");
    const rider = await signedIn("rider");
    const adjust = (body: unknown, riderId = rider.user.id) =>
      api(`/api/admin/riders/${riderId}/adjustments`, { cookie: admin.cookie, body });
    expect((await adjust({ amount: 40, note: "Fuel refund for a reassigned job" })).status).toBe(201);
    const taken = await adjust({ amount: -12.5, note: "Lost package deposit" });
    expect(taken.status).toBe(201);
    expect(taken.json).toMatchObject({ amount: -12.5, balance: 27.5 });
    const ledger = await ledgerOf(rider);
    expect(ledger.entries.map((e) => [e.kind, e.amount, e.note])).toEqual([
      ["adjustment", -12.5, "Lost package deposit"],
      ["adjustment", 40, "Fuel refund for a reassigned job"],
    ]);
    expect((await adjust({ amount: 0, note: "x" })).json.errors.amount).toBeDefined();
    expect((await adjust({ amount: 5 })).json.errors.note).toBeDefined();
    expect((await adjust({ amount: 5, note: "ok" }, "nobody")).status).toBe(404);
    for (const [who, cookie, expected] of [
      ["anonymous", undefined, 401],
      ["customer", (await signedIn("user")).cookie, 403],
      ["rider", rider.cookie, 403],
      ["other rider", (await signedIn("rider")).cookie, 403],
    ] as const) {
      expect(
        (await api(`/api/admin/riders/${rider.user.id}/adjustments`, { cookie, body: { amount: 1, note: "x" } }))
          .status,
        who,
      ).toBe(expected);
    }
    expect((await ledgerOf(rider)).balance).toBe(27.5);
  });
});

describe("cash-out", () => {
  const cashOut = (rider: { cookie: string }, body: unknown) =>
    api("/api/rider/cashouts", { cookie: rider.cookie, body });

  // GCash is now sent at once by the payout gateway (test/workerd/gcash-payouts.test.ts); a bank transfer waits for an admin.
  it("bank: requested, listed to the rider and in the admin's queue; paid enters the cash-out entry and lowers the balance", async () => {
    const { admin, rider } = await riderWithBalance(500);
    const requested = await cashOut(rider, {
      amount: 300,
      method: "bank",
      accountName: "Test Rider",
      account: "001234567890",
    });
    expect(requested.status, requested.text).toBe(201);
    expect(requested.json.cashout).toMatchObject({
      amount: 300,
      fee: 15,
      payout: 285,
      method: "bank",
      account: "001234567890",
      status: "requested",
    });
    const id = requested.json.cashout.id;
    expect(
      (await api("/api/rider/cashouts", { cookie: rider.cookie })).json.cashouts.map((c: { id: string }) => c.id),
    ).toEqual([id]);
    const queue = await api("/api/admin/cashouts?status=requested", { cookie: admin.cookie });
    expect(queue.json.cashouts.find((c: { id: string }) => c.id === id)).toMatchObject({
      rider: { id: rider.user.id, name: "Test Rider" },
    });
    // Requesting does not move the balance; paying does.
    expect((await ledgerOf(rider)).balance).toBe(500);

    expect((await api(`/api/admin/cashouts/${id}`, { cookie: admin.cookie, body: { status: "paid" } })).status).toBe(
      400,
    );
    const paid = await api(`/api/admin/cashouts/${id}`, {
      cookie: admin.cookie,
      body: { status: "paid", reference: "GC-778812" },
    });
    expect(paid.status, paid.text).toBe(200);
    expect(paid.json.cashout).toMatchObject({ status: "paid", reference: "GC-778812" });
    const ledger = await ledgerOf(rider);
    expect(ledger.balance).toBe(200);
    expect(ledger.entries[0]).toMatchObject({
      kind: "cashout",
      amount: -300,
      note: "Bank transfer, reference GC-778812",
    });
    expect(
      (await api(`/api/admin/cashouts/${id}`, { cookie: admin.cookie, body: { status: "paid", reference: "again" } }))
        .status,
    ).toBe(409);
    expect(
      (await api(`/api/admin/cashouts/${id}`, { cookie: admin.cookie, body: { status: "rejected" } })).status,
    ).toBe(409);
    expect((await ledgerOf(rider)).balance).toBe(200);
    expect((await api("/api/rider/cashouts", { cookie: rider.cookie })).json.cashouts[0]).toMatchObject({
      id,
      status: "paid",
    });
  });

  it("tells admins of a request and the rider of its settlement, in the bell", async () => {
    const { admin, rider } = await riderWithBalance(400);
    const bell = async (who: { cookie: string }) =>
      (await api("/api/notifications", { cookie: who.cookie })).json.notifications as {
        kind: string;
        title: string;
        body: string;
        url: string;
      }[];
    const first = await cashOut(rider, { amount: 150, method: "office" });
    expect(first.status, first.text).toBe(201);
    expect(
      (await bell(admin)).find(
        (n) => n.kind === "cash_out_requested" && n.body === "Test Rider asked to cash out ₱150.00.",
      ),
    ).toMatchObject({
      title: "New cash-out request",
      url: "/admin/cashouts",
    });
    await api(`/api/admin/cashouts/${first.json.cashout.id}`, { cookie: admin.cookie, body: { status: "rejected" } });
    expect((await bell(rider))[0]).toMatchObject({
      kind: "cash_out_settled",
      title: "Cash-out not sent",
      url: "/rider/earnings",
    });

    const second = await cashOut(rider, { amount: 100, method: "office" });
    await api(`/api/admin/cashouts/${second.json.cashout.id}`, {
      cookie: admin.cookie,
      body: { status: "paid", reference: "OR-1" },
    });
    expect((await bell(rider))[0]).toMatchObject({
      title: "Cash-out sent",
      body: "Your cash-out of ₱100.00 was sent.",
    });
  });

  it("refuses more than the balance, a second open request, a bad GCash number, a bank without name or number, and a bank amount within its fee", async () => {
    const { admin, rider } = await riderWithBalance(100);
    const tooMuch = await cashOut(rider, { amount: 100.01, method: "office" });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.json.message).toBe("You can cash out at most ₱100.00.");
    expect((await cashOut(rider, { amount: 10, method: "gcash", account: "12345" })).json.errors.account).toBeDefined();
    expect((await cashOut(rider, { amount: 10, method: "gcash" })).status).toBe(400);
    const noName = await cashOut(rider, { amount: 50, method: "bank", account: "001234567890" });
    expect(noName.status).toBe(400);
    expect(noName.json.errors.accountName).toBeDefined();
    expect(
      (await cashOut(rider, { amount: 50, method: "bank", accountName: "Test Rider" })).json.errors.account,
    ).toBeDefined();
    expect(
      (await cashOut(rider, { amount: 15, method: "bank", accountName: "Test Rider", account: "001234567890" })).status,
    ).toBe(400);
    expect((await cashOut(rider, { amount: 50, method: "cheque" })).json.errors.method).toBeDefined();

    const bank = await cashOut(rider, {
      amount: 100,
      method: "bank",
      accountName: "Test Rider",
      account: "0012-3456-7890",
    });
    expect(bank.status, bank.text).toBe(201);
    expect(bank.json.cashout).toMatchObject({
      amount: 100,
      fee: 15,
      payout: 85,
      account: "001234567890",
      accountName: "Test Rider",
    });
    const second = await cashOut(rider, { amount: 1, method: "office" });
    expect(second.status).toBe(409);
    expect(second.json.message).toMatch(/already have a cash-out request/);

    // Rejected: the balance stays, and the rider may ask again.
    expect(
      (await api(`/api/admin/cashouts/${bank.json.cashout.id}`, { cookie: admin.cookie, body: { status: "rejected" } }))
        .status,
    ).toBe(200);
    expect((await ledgerOf(rider)).balance).toBe(100);
    const office = await cashOut(rider, { amount: 40, method: "office" });
    expect(office.status).toBe(201);
    // Office needs no reference; a bank payment's whole amount (fee included) leaves the balance.
    expect(
      (await api(`/api/admin/cashouts/${office.json.cashout.id}`, { cookie: admin.cookie, body: { status: "paid" } }))
        .status,
    ).toBe(200);
    expect((await ledgerOf(rider)).balance).toBe(60);
    expect((await ledgerOf(rider)).entries[0]).toMatchObject({ kind: "cashout", amount: -40, note: "At the office" });
    const inFilipino = await api("/api/rider/ledger", { cookie: rider.cookie, headers: { "Accept-Language": "fil" } });
    expect(inFilipino.json.entries[0]).toMatchObject({ kind: "cashout", amount: -40, note: "Sa office" });
    const { results } = await env.DB.prepare("SELECT count(*) AS n FROM cashouts WHERE rider_id = ?1")
      .bind(rider.user.id)
      .all<{ n: number }>();
    expect(results[0]!.n).toBe(2);
  });

  it("a request no longer covered when the admin pays it is refused (409) and changes nothing", async () => {
    const { admin, rider } = await riderWithBalance(150);
    const requested = await cashOut(rider, { amount: 150, method: "office" });
    const customer = await signedIn("user");
    const delivery = await book(customer, "cash");
    await deliver(rider, delivery.id); // collects the fare in cash: the balance falls below 150
    const before = (await ledgerOf(rider)).balance;
    const paid = await api(`/api/admin/cashouts/${requested.json.cashout.id}`, {
      cookie: admin.cookie,
      body: { status: "paid" },
    });
    expect(paid.status).toBe(409);
    expect(paid.json.message).toMatch(/less than this cash-out/);
    expect((await ledgerOf(rider)).balance).toBe(before);
  });

  it("unknown cash-outs are 404; a bad status filter is a 400", async () => {
    const admin = await signedIn("admin");
    expect(
      (await api("/api/admin/cashouts/co_nope", { cookie: admin.cookie, body: { status: "rejected" } })).status,
    ).toBe(404);
    expect((await api("/api/admin/cashouts?status=lost", { cookie: admin.cookie })).status).toBe(400);
  });
});

describe("permission matrix of the ledger routes", () => {
  it("rider routes: 401 anonymous, 403 customers and admins; admin routes: 401 anonymous, 403 customers and riders", async () => {
    const { customer, otherCustomer, rider, otherRider, admin } = await matrixCallers();
    for (const who of [rider, otherRider]) {
      expect(
        (
          await api(`/api/admin/riders/${who.user.id}/adjustments`, {
            cookie: admin.cookie,
            body: { amount: 50, note: "Opening balance" },
          })
        ).status,
      ).toBe(201);
    }
    const callers: [string, string | undefined][] = [
      ["anonymous", undefined],
      ["customer", customer.cookie],
      ["other customer", otherCustomer.cookie],
      ["rider", rider.cookie],
      ["other rider", otherRider.cookie],
      ["admin", admin.cookie],
    ];
    const riderRoutes = [
      { method: "GET", path: "/api/rider/ledger", ok: 200 },
      { method: "GET", path: "/api/rider/cashouts", ok: 200 },
      { method: "POST", path: "/api/rider/cashouts", body: { amount: 10, method: "office" }, ok: 201 },
    ];
    for (const route of riderRoutes) {
      for (const [who, cookie] of callers) {
        const answer = await api(route.path, {
          method: route.method,
          cookie,
          body: (route as { body?: unknown }).body,
        });
        const expected = who === "anonymous" ? 401 : who.includes("rider") ? route.ok : 403;
        expect(answer.status, `${who} ${route.method} ${route.path}`).toBe(expected);
        if (expected === 401)
          expect(answer.json).toEqual({
            message: "Unauthorized",
            error: "Unauthorized",
            code: "server.http.unauthorized",
            values: {},
          });
      }
    }
    // Each rider sees only their own requests and entries.
    const mine = (await api("/api/rider/cashouts", { cookie: rider.cookie })).json.cashouts;
    expect(mine.every((c: { riderId: string }) => c.riderId === rider.user.id)).toBe(true);
    const cashoutId = mine[0].id;
    // The rider owes ₱100 (so the admin's ₱5 remittance is within what is owed).
    expect(
      (
        await api(`/api/admin/riders/${rider.user.id}/adjustments`, {
          cookie: admin.cookie,
          body: { amount: -150, note: "Equipment" },
        })
      ).status,
    ).toBe(201);
    const adminRoutes = [
      { method: "GET", path: "/api/admin/cashouts?status=requested", ok: 200 },
      { method: "POST", path: `/api/admin/riders/${rider.user.id}/remittances`, body: { amount: 5 }, ok: 201 },
      { method: "POST", path: `/api/admin/cashouts/${cashoutId}`, body: { status: "rejected" }, ok: 200 },
    ];
    for (const route of adminRoutes) {
      for (const [who, cookie] of callers) {
        const answer = await api(route.path, {
          method: route.method,
          cookie,
          body: (route as { body?: unknown }).body,
        });
        const expected = who === "anonymous" ? 401 : who === "admin" ? route.ok : 403;
        expect(answer.status, `${who} ${route.method} ${route.path}`).toBe(expected);
      }
    }
    expect((await ledgerOf(rider)).balance).toBe(-95);
    expect((await ledgerOf(otherRider)).balance).toBe(50);
  });
});
