import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { idDiscounts } from "~/db/schema";
import { monthPeriod } from "~/ledger/ledger.server";
import { splitFee } from "~/money/fee-split";
import { monthReport } from "~/routes/_app.admin_.reports/month-report.server";
import { DEFAULT_SETTINGS } from "~/settings/coop-settings";
import { settingsToBody } from "~/settings/settings-schema";
import { manilaDate, manilaToday } from "~/i18n/manila";
import { bookingBody } from "./delivery-fixtures";
import { ageBooking, accept, ledgerOf, payOnline, type Caller, seededRandom } from "./ledger-fixtures";
import { api, db, putSettings, signedIn } from "./helpers";
import { parseCsv } from "./csv-parse";

/**
 * The books reconcile (docs/guide/what-is-true.md; decision 0183), as a property over
 * random days (seeded, so a failure replays) of bookings with promos, ID discounts and peak
 * surcharges, deliveries, cancellations with a fee (cash and online), remittances and cash-outs,
 * all through the real API. After each day, on the dashboard (/api/admin/stats), the month report
 * and the CSV: paid = rider's part + operations + member benefits for every delivery; revenue =
 * what customers paid (amount_due of the delivered, less the earlier fees it collected, + the
 * cancellation fees counted: taken from a refund at once, or owed and counted when the customer's
 * next booking collects them, decision 0217); each rider's balance = the sum of its entries (and
 * this test's own model); the Member Benefits Fund's balance = its intake − its payouts. Expected
 * figures are computed here from the rows (and the fees counted, from this test's model), never by
 * the code under test.
 */

interface Booked {
  id: string;
  status: "pending" | "assigned" | "delivered" | "cancelled";
  rider: Caller | null;
  customer: Caller;
  cash: boolean;
  fee: number;
  /** What the customer pays (amount_due), with the earlier fees it collects. */
  due: number;
  peak: number;
  /** Paid online at booking (the webhook), so a cancellation takes its fee from the refund. */
  paid: boolean;
  /** Earlier unpaid cancellation fees this booking collects (owed_fee_collected), in centavos. */
  owedFee: number;
  /** Those fees while not yet collected (a cash booking collects them when delivered). */
  owedCollected: Owed[];
}

/** A cancellation fee the customer owes (a cash booking, or more than the refund covered): it counts when a later booking collects it. */
interface Owed {
  /** The cancelled delivery the fee belongs to. */
  deliveryId: string;
  rider: Caller;
  amount: number;
  customer: Caller;
  collectedBy: Booked | null;
}

const centavos = (pesos: number) => Math.round(pesos * 100);
const INSURANCE = 100;

async function approveId(userId: string, kind: "pwd" | "student") {
  await db()
    .insert(idDiscounts)
    .values({
      id: crypto.randomUUID(),
      userId,
      kind,
      status: "approved",
      objectKey: `id-discounts/${userId}/t`,
      contentType: "image/png",
      size: 100,
      createdAt: new Date(),
      reviewedAt: new Date(),
    });
}

/** Peak hours at the tests' fixed clock (Sunday 21:00 Manila): a window open now with `surcharge` pesos, or the defaults (closed). */
async function setPeak(admin: Caller, surcharge: number | null) {
  const defaults = settingsToBody(DEFAULT_SETTINGS);
  const windows =
    surcharge === null ? defaults.peakHours!.windows : [{ days: [0], startHour: 20, endHour: 22, surcharge }];
  // A surcharge more than 50% away from the last one asks for confirmation (decision 0219): this test checks the books, not that guard.
  const saved = await putSettings(admin.cookie, { ...defaults, peakHours: { windows }, confirmLargeChange: true });
  expect(saved.status, saved.text).toBe(200);
}

async function runDay(seed: number, steps: number) {
  const rand = seededRandom(seed);
  const admin = await signedIn("admin");
  const riders = await Promise.all([signedIn("rider"), signedIn("rider"), signedIn("rider")]);
  const customers = await Promise.all([signedIn("user"), signedIn("user"), signedIn("user"), signedIn("user")]);
  await approveId(customers[0]!.user.id, "pwd");
  await approveId(customers[1]!.user.id, "student");
  const expected = new Map<string, number>(riders.map((r) => [r.user.id, 0]));
  const add = (rider: Caller, amount: number) => expected.set(rider.user.id, expected.get(rider.user.id)! + amount);
  const booked: Booked[] = [];
  const log: string[] = [];
  const inState = (status: Booked["status"]) => booked.filter((d) => d.status === status);
  let peak: number | null = null;
  // Fees owed (decision 0217): nobody's income until the customer's next booking collects them.
  const owed: Owed[] = [];
  let feeIncome = 0;
  const collect = (delivery: Booked) => {
    for (const fee of delivery.owedCollected) {
      add(fee.rider, splitFee(fee.amount).rider);
      feeIncome += fee.amount;
      owed.splice(owed.indexOf(fee), 1);
    }
    delivery.owedCollected = [];
  };

  for (let step = 0; step < steps; step++) {
    const roll = rand.next();
    if (roll < 0.08) {
      peak = rand.pick([null, 50, 100, 37.5]);
      await setPeak(admin, peak);
      log.push(`peak ${peak ?? "off"}`);
    } else if (roll < 0.38) {
      const customer = rand.pick(customers);
      const cash = rand.next() < 0.5;
      const size = rand.pick(["small", "medium", "large"]);
      const promo = rand.next() < 0.35 ? { promoCode: "NEWCOOP" } : {};
      const waiting = inState("pending").filter((d) => d.customer === customer).length;
      let answer = await api("/api/deliveries", {
        cookie: customer.cookie,
        body: bookingBody({ paymentMethod: cash ? "cash" : "gcash", packageSize: size, ...promo }),
      });
      if (answer.status === 400)
        answer = await api("/api/deliveries", {
          cookie: customer.cookie,
          body: bookingBody({ paymentMethod: cash ? "cash" : "gcash", packageSize: size }),
        });
      // At most 10 waiting bookings per customer (decision 0181): the 11th is refused and changes nothing.
      if (waiting >= 10) {
        expect(answer.status, answer.text).toBe(429);
        log.push("book refused");
        continue;
      }
      expect(answer.status, answer.text).toBe(201);
      const paid = !cash && Boolean(answer.json.payment.checkoutUrl);
      if (paid) await payOnline(answer.json.id);
      const carried = owed.filter((fee) => fee.customer === customer && fee.collectedBy === null);
      const delivery: Booked = {
        id: answer.json.id,
        status: "pending",
        rider: null,
        customer,
        cash,
        fee: centavos(answer.json.totalFee),
        due: centavos(answer.json.amountDue),
        peak: centavos(answer.json.peakSurcharge),
        paid,
        owedFee: centavos(answer.json.owedFee),
        owedCollected: carried,
      };
      expect(delivery.owedFee, answer.text).toBe(carried.reduce((t, fee) => t + fee.amount, 0));
      for (const fee of carried) fee.collectedBy = delivery;
      booked.push(delivery);
      // Paid online: the fees it carries are collected now.
      if (paid) collect(delivery);
      log.push(
        `book ${cash ? "cash" : "online"}${answer.json.promo ? " promo" : ""}${answer.json.idDiscount ? " id" : ""}${answer.json.peakSurcharge ? ` peak ${answer.json.peakSurcharge}` : ""}${answer.json.owedFee ? ` owed ${answer.json.owedFee}` : ""}`,
      );
    } else if (roll < 0.56) {
      const pending = inState("pending");
      if (pending.length === 0) continue;
      const delivery = rand.pick(pending);
      const rider = rand.pick(riders);
      if (booked.filter((d) => d.rider === rider && d.status === "assigned").length >= 3) continue;
      await accept(rider, delivery.id);
      Object.assign(delivery, { status: "assigned", rider });
      log.push("accept");
    } else if (roll < 0.76) {
      const assigned = inState("assigned");
      if (assigned.length === 0) continue;
      const delivery = rand.pick(assigned);
      for (const status of ["picked_up", "delivered"]) {
        const changed = await api(`/api/deliveries/${delivery.id}/status`, {
          cookie: delivery.rider!.cookie,
          body: { status },
        });
        expect(changed.status, changed.text).toBe(200);
      }
      delivery.status = "delivered";
      add(
        delivery.rider!,
        splitFee(delivery.fee).rider + delivery.peak - INSURANCE - (delivery.cash ? delivery.due : 0),
      );
      // A cash booking collects the fees it carries when delivered (an online one did when paid).
      collect(delivery);
      log.push(`deliver ${delivery.cash ? "cash" : "online"} ${delivery.due}`);
    } else if (roll < 0.84) {
      const assigned = inState("assigned");
      if (assigned.length === 0) continue;
      const delivery = rand.pick(assigned);
      await ageBooking(delivery.id);
      const cancelled = await api(`/api/deliveries/${delivery.id}/status`, {
        cookie: delivery.customer.cookie,
        body: { status: "cancelled" },
      });
      expect(cancelled.status, cancelled.text).toBe(200);
      expect(cancelled.json.cancellationFee).toBe(20);
      delivery.status = "cancelled";
      // Paid online: the fee comes out of the refund (the fare less the fees it collected); what the refund cannot cover, and a cash fee, is owed.
      const covered = delivery.paid ? Math.min(2000, delivery.due - delivery.owedFee) : 0;
      if (covered > 0) {
        add(delivery.rider!, splitFee(covered).rider);
        feeIncome += covered;
      }
      if (2000 - covered > 0)
        owed.push({
          deliveryId: delivery.id,
          rider: delivery.rider!,
          amount: 2000 - covered,
          customer: delivery.customer,
          collectedBy: null,
        });
      // The fees it was collecting (not yet collected: a cash booking) are owed again.
      for (const fee of delivery.owedCollected) fee.collectedBy = null;
      delivery.owedCollected = [];
      log.push(`cancel ${delivery.cash ? "cash" : "online"} ₱20${covered < 2000 ? " owed" : ""}`);
    } else if (roll < 0.86 && owed.some((fee) => fee.collectedBy === null)) {
      // An admin waives an owed fee not being collected: nobody's income, and no later booking carries it.
      const fee = rand.pick(owed.filter((f) => f.collectedBy === null));
      const row = await env.DB.prepare("SELECT id FROM owed_fees WHERE delivery_id = ?1")
        .bind(fee.deliveryId)
        .first<{ id: string }>();
      const waived = await api(`/api/admin/owed-fees/${row!.id}/waive`, {
        cookie: admin.cookie,
        body: { reason: "Goodwill" },
      });
      expect(waived.status, waived.text).toBe(200);
      owed.splice(owed.indexOf(fee), 1);
      log.push(`waive ${fee.amount}`);
    } else if (roll < 0.88) {
      // A remittance may not exceed what the rider owes (decision 0219): beyond it, refused and nothing changes.
      // A rider who owes, when there is one (a centavo more than owed is refused first), so remittances enter the books.
      const owing = riders.filter((r) => expected.get(r.user.id)! < 0);
      const rider = owing.length > 0 ? rand.pick(owing) : rand.pick(riders);
      const owes = -expected.get(rider.user.id)!;
      if (owes > 0) {
        const over = await api(`/api/admin/riders/${rider.user.id}/remittances`, {
          cookie: admin.cookie,
          body: { amount: (owes + 1) / 100 },
        });
        expect(over.status, over.text).toBe(409);
      }
      const amount = owes > 0 ? rand.int(1, owes) / 100 : rand.int(1, 30000) / 100;
      const remitted = await api(`/api/admin/riders/${rider.user.id}/remittances`, {
        cookie: admin.cookie,
        body: { amount },
      });
      expect(remitted.status, remitted.text).toBe(centavos(amount) <= owes ? 201 : 409);
      if (remitted.status === 201) add(rider, centavos(amount));
      log.push(`remit ${amount} ${remitted.status === 201 ? "taken" : "refused"}`);
    } else {
      const rider = rand.pick(riders);
      const balance = expected.get(rider.user.id)!;
      if (balance <= 1600) continue;
      const amount = rand.int(1600, balance) / 100;
      const requested = await api("/api/rider/cashouts", { cookie: rider.cookie, body: { amount, method: "office" } });
      expect(requested.status, requested.text).toBe(201);
      const paid = rand.next() < 0.7;
      const settled = await api(`/api/admin/cashouts/${requested.json.cashout.id}`, {
        cookie: admin.cookie,
        body: { status: paid ? "paid" : "rejected", reference: "REF-1" },
      });
      expect(settled.status, settled.text).toBe(200);
      if (paid) add(rider, -centavos(amount));
      log.push(`cash-out ${amount} ${paid ? "paid" : "rejected"}`);
    }
  }
  if (peak !== null) await setPeak(admin, null);
  // End of the day: each rider who owes hands in some of the cash (at most what they owe, decision 0219),
  // so remittances enter the books even on days when the random remittances found nobody owing.
  for (const rider of riders) {
    const owes = -expected.get(rider.user.id)!;
    if (owes <= 0) continue;
    const amount = rand.int(1, owes) / 100;
    const remitted = await api(`/api/admin/riders/${rider.user.id}/remittances`, {
      cookie: admin.cookie,
      body: { amount },
    });
    expect(remitted.status, remitted.text).toBe(201);
    add(rider, centavos(amount));
    log.push(`remit ${amount} taken`);
  }
  return { admin, riders, expected, log, booked, feeIncome, owed };
}

type Row = Record<string, number>;

/** What the rows say, for a period: the figures every view must show. */
function figuresOf(delivered: Row[], fees: Row[]) {
  const f = {
    revenue: 0,
    rider: 0,
    operations: 0,
    memberBenefits: 0,
    idDiscounts: 0,
    promos: 0,
    peak: 0,
    fundIntake: 0,
    deliveries: delivered.length,
  };
  for (const row of delivered) {
    const split = splitFee(row.total_fee!);
    // What the customer paid for this delivery; the earlier fees it collected count as fees, below.
    f.revenue += row.amount_due! - row.owed_fee_collected!;
    f.rider += split.rider + row.peak_surcharge!;
    f.operations += split.operations - row.promo_discount!;
    f.memberBenefits += split.memberBenefits;
    f.idDiscounts += row.id_discount_amount!;
    f.promos += row.promo_discount!;
    f.peak += row.peak_surcharge!;
    f.fundIntake += split.memberBenefits + INSURANCE;
  }
  for (const row of fees) {
    const split = splitFee(row.fee!);
    f.revenue += row.fee!;
    f.rider += split.rider;
    f.operations += split.operations;
    f.memberBenefits += split.memberBenefits;
    f.fundIntake += split.memberBenefits;
  }
  return f;
}

/**
 * The delivered rows of a period, and the cancellation fees counted in it (decision 0217), read from
 * the rows here (not through app/payments/fee-income.ts): the part taken at the cancellation (the
 * fee less what the customer was left owing), dated by the cancellation, and each owed fee a later
 * booking collected, dated by its collection.
 */
async function rowsIn(period: { start: number; end: number }) {
  const [delivered, taken, collected] = await env.DB.batch<Row>([
    env.DB.prepare("SELECT * FROM deliveries WHERE delivered_at >= ?1 AND delivered_at < ?2").bind(
      period.start,
      period.end,
    ),
    env.DB.prepare(
      `SELECT d.rider_id, d.cancellation_fee - coalesce(o.amount, 0) AS fee FROM deliveries d LEFT JOIN owed_fees o ON o.delivery_id = d.id
       WHERE d.cancelled_at >= ?1 AND d.cancelled_at < ?2 AND d.rider_id IS NOT NULL AND d.cancellation_fee > 0`,
    ).bind(period.start, period.end),
    env.DB.prepare(
      "SELECT rider_id, amount AS fee FROM owed_fees WHERE status = 'collected' AND settled_at >= ?1 AND settled_at < ?2",
    ).bind(period.start, period.end),
  ]);
  return {
    delivered: delivered!.results,
    fees: [...taken!.results, ...collected!.results].filter((row) => row.fee! > 0),
  };
}

async function checkBooks(run: Awaited<ReturnType<typeof runDay>>, seed: number) {
  const context = `seed ${seed}: ${run.log.join(", ")}`;
  const now = Date.now();
  const month = manilaDate(now).slice(0, 7);

  // Each rider's balance is the sum of its entries, and what this test's model says.
  for (const rider of run.riders) {
    const sum = await env.DB.prepare("SELECT coalesce(sum(amount), 0) AS total FROM ledger_entries WHERE rider_id = ?1")
      .bind(rider.user.id)
      .first<{ total: number }>();
    const balance = centavos((await ledgerOf(rider)).balance);
    expect(balance, `${context}: balance = entries`).toBe(sum!.total);
    expect(balance, `${context}: balance = model`).toBe(run.expected.get(rider.user.id));
  }

  // Every delivered booking: paid = gross − ID discount − promo + peak (+ the earlier fees it collected) = rider's part + operations + member benefits (+ those fees).
  const all = await rowsIn({ start: 0, end: Number.MAX_SAFE_INTEGER });
  for (const row of all.delivered) {
    const split = splitFee(row.total_fee!);
    expect(
      row.base_fare! +
        row.distance_fee! +
        row.size_fee! -
        row.id_discount_amount! -
        row.promo_discount! +
        row.peak_surcharge! +
        row.owed_fee_collected!,
      context,
    ).toBe(row.amount_due);
    expect(
      split.rider +
        row.peak_surcharge! +
        (split.operations - row.promo_discount!) +
        split.memberBenefits +
        row.owed_fee_collected!,
      context,
    ).toBe(row.amount_due);
  }
  // The fees counted for this day's riders are the model's: taken from refunds, or collected by a later
  // booking; the rest still owed. (The tests of this file share one database: scoped to this day's riders.)
  const ours = new Set<unknown>(run.riders.map((rider) => rider.user.id));
  expect(
    all.fees.filter((row) => ours.has(row.rider_id)).reduce((t, row) => t + row.fee!, 0),
    `${context}: fees counted`,
  ).toBe(run.feeIncome);
  const { results: stillOwed } = await env.DB.prepare(
    "SELECT rider_id, amount FROM owed_fees WHERE status = 'owed'",
  ).all<{ rider_id: string; amount: number }>();
  expect(
    stillOwed.filter((row) => ours.has(row.rider_id)).reduce((t, row) => t + row.amount, 0),
    `${context}: fees owed`,
  ).toBe(run.owed.reduce((t, fee) => t + fee.amount, 0));

  // The dashboard.
  const stats = (await api("/api/admin/stats", { cookie: run.admin.cookie })).json;
  const fund = figuresOf(all.delivered, all.fees).fundIntake; // payouts: none (this fixture files no claims)
  expect(centavos(stats.memberBenefitsFund), context).toBe(fund - 0);
  const views: [string, { start: number; end: number }, number][] = [
    ["today", manilaToday(now), 0],
    ["month", monthPeriod(month), 0],
  ];
  for (const [name, period] of views) {
    const f = figuresOf(...(Object.values(await rowsIn(period)) as [Row[], Row[]]));
    const lines = stats[name];
    expect(
      {
        revenue: centavos(lines.revenue),
        rider: centavos(lines.riderShare),
        operations: centavos(lines.operations),
        memberBenefits: centavos(lines.memberBenefits),
        idDiscounts: centavos(lines.idDiscounts),
        promos: centavos(lines.promoCost),
        peak: centavos(lines.peakBonuses),
      },
      `${context} ${name}`,
    ).toEqual({
      revenue: f.revenue,
      rider: f.rider,
      operations: f.operations,
      memberBenefits: f.memberBenefits,
      idDiscounts: f.idDiscounts,
      promos: f.promos,
      peak: f.peak,
    });
    expect(f.rider + f.operations + f.memberBenefits, context).toBe(f.revenue);
    expect(centavos(stats[`${name}Revenue`]), context).toBe(f.revenue);
    expect(centavos(stats[`${name}RiderShare`]), context).toBe(f.rider);
    expect(centavos(stats[`${name}CoopShare`]), context).toBe(f.operations + f.memberBenefits);
    if (name === "month") expect(centavos(stats.monthFundIntake), context).toBe(f.fundIntake);
  }

  // The month report.
  const period = monthPeriod(month);
  const f = figuresOf(...(Object.values(await rowsIn(period)) as [Row[], Row[]]));
  const report = await monthReport(env.DB, month, period);
  expect(
    {
      revenue: report.revenue,
      rider: report.riderShares,
      operations: report.operations,
      memberBenefits: report.memberBenefits,
      idDiscounts: report.idDiscounts,
      promos: report.promotions,
      peak: report.peakSurcharges,
      fundIntake: report.fundIntake,
      deliveries: report.deliveries,
    },
    context,
  ).toEqual(f);
  expect(report.coopShare, context).toBe(report.operations + report.memberBenefits);
  expect(
    report.fundAllocation.reduce((t, p) => t + p.amount, 0),
    context,
  ).toBe(report.fundIntake);

  // The CSV: every delivery row reconciles; its sums are the report's.
  const [header, ...rows] = parseCsv((await api(`/api/admin/reports/${month}.csv`, { cookie: run.admin.cookie })).text);
  const at = (row: string[], name: string) => centavos(Number(row[header!.indexOf(name)] || 0));
  const byId = new Map(all.delivered.map((row) => [row.id as unknown as string, row]));
  for (const row of rows.filter((r) => r[0] === "delivery")) {
    const paid = at(row, "paid");
    expect(
      at(row, "gross_fare") -
        at(row, "id_discount") -
        at(row, "promo") +
        at(row, "peak_surcharge") +
        at(row, "cancellation_fee"),
      context,
    ).toBe(paid);
    expect(at(row, "rider_share") + at(row, "operations") + at(row, "member_benefits"), context).toBe(paid);
    if (row[header!.indexOf("kind")] === "delivered")
      expect(paid, context).toBe(byId.get(row[1]!)!.amount_due! - byId.get(row[1]!)!.owed_fee_collected!);
  }
  const total = (name: string) => rows.reduce((t, row) => t + at(row, name), 0);
  expect(total("paid"), context).toBe(report.revenue);
  expect(total("rider_share"), context).toBe(report.riderShares);
  expect(total("operations") + total("member_benefits"), context).toBe(report.coopShare);
  expect(total("id_discount"), context).toBe(report.idDiscounts);
  expect(total("promo"), context).toBe(report.promotions);
  expect(total("peak_surcharge"), context).toBe(report.peakSurcharges);
  for (const kind of ["share", "insurance", "cash_collected", "remittance", "cashout", "peak_bonus"] as const) {
    const sum = rows
      .filter((row) => row[0] === "ledger" && row[header!.indexOf("kind")] === kind)
      .reduce((t, row) => t + at(row, "ledger_amount"), 0);
    expect(sum, `${context} ${kind}`).toBe(report.ledger[kind]);
  }
  // The riders' ledger took every peak bonus whole.
  expect(report.ledger.peak_bonus, context).toBe(f.peak);
}

describe("the books reconcile under random days", () => {
  for (const seed of [27, 2711, 183183]) {
    it(`seed ${seed}: paid = rider + operations + member benefits; revenue = what was paid; balances = entries; fund = intake − payouts`, {
      timeout: 180_000,
    }, async () => {
      const run = await runDay(seed, 50);
      const kinds = new Set(run.log.map((entry) => entry.split(" ")[0]));
      for (const kind of ["book", "accept", "deliver", "peak"]) expect(kinds, run.log.join(", ")).toContain(kind);
      expect(
        run.log.some((entry) => entry.includes(" peak ")) &&
          run.booked.some((d) => d.status === "delivered" && d.peak > 0),
        run.log.join(", "),
      ).toBe(true);
      await checkBooks(run, seed);
    });
  }
});
