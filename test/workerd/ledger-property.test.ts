import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { manilaDate } from "~/i18n/manila";
import { monthPeriod } from "~/ledger/ledger.server";
import { splitFee } from "~/money/fee-split";
import { monthReport } from "~/routes/_app.admin_.reports/month-report.server";
import { bookingBody, insertDelivery } from "./delivery-fixtures";
import { ageBooking, accept, book, ledgerOf, payOnline, type Caller, seededRandom } from "./ledger-fixtures";
import { api, signedIn } from "./helpers";
import { parseCsv } from "./csv-parse";

/**
 * The property test of the riders' ledger: random sequences (seeded, so a failure replays) of
 * bookings, deliveries (cash and online, some with a promo), cancellations with fees (customer and
 * admin), remittances, cash-outs (paid, rejected and refused) and period closes. After each sequence:
 * every balance equals the sum of its entries and the test's own model of it, the shares of every
 * fare add up to the fare, and the month report equals a recomputation from the deliveries.
 */

interface ModelDelivery {
  id: string;
  status: "pending" | "assigned" | "delivered" | "cancelled";
  rider: Caller | null;
  customer: Caller;
  cash: boolean;
  fee: number;
  due: number;
  /** Earlier unpaid cancellation fees this booking collects (decision 0217). */
  owedCollected: OwedModel[];
}

/** A cancellation fee the customer owes (cash, or more than an online payment covered). */
interface OwedModel {
  rider: Caller;
  amount: number;
  customer: Caller;
  collectedBy: ModelDelivery | null;
}

const centavos = (pesos: number) => Math.round(pesos * 100);

async function runSequence(seed: number, steps: number) {
  const rand = seededRandom(seed);
  const admin = await signedIn("admin");
  const riders = await Promise.all([signedIn("rider"), signedIn("rider"), signedIn("rider")]);
  const customers = await Promise.all([signedIn("user"), signedIn("user"), signedIn("user")]);
  const expected = new Map<string, number>(riders.map((r) => [r.user.id, 0]));
  const add = (rider: Caller, amount: number) => expected.set(rider.user.id, expected.get(rider.user.id)! + amount);
  const deliveries: ModelDelivery[] = [];
  const owed: OwedModel[] = [];
  const log: string[] = [];
  // The cancellation fees counted so far: taken from a payment at once, or collected by a later booking.
  let feeIncome = 0;
  // A fee nothing could be taken from is owed; the rider's share enters when collected.
  const collect = (delivery: ModelDelivery) => {
    for (const fee of delivery.owedCollected) {
      add(fee.rider, splitFee(fee.amount).rider);
      feeIncome += fee.amount;
    }
    delivery.owedCollected.forEach((fee) => owed.splice(owed.indexOf(fee), 1));
    delivery.owedCollected = [];
  };
  const charge = (delivery: ModelDelivery, fee: number) => {
    // Online bookings are paid at booking here: the payment (less the fees it collected) covers what it can.
    const covered = delivery.cash ? 0 : Math.min(fee, delivery.due);
    if (covered > 0) {
      add(delivery.rider!, splitFee(covered).rider);
      feeIncome += covered;
    }
    if (fee - covered > 0)
      owed.push({ rider: delivery.rider!, amount: fee - covered, customer: delivery.customer, collectedBy: null });
    // A cash booking cancelled gives back the fees it was collecting.
    for (const fee of delivery.owedCollected) fee.collectedBy = null;
    delivery.owedCollected = [];
  };
  const inState = (status: ModelDelivery["status"]) => deliveries.filter((d) => d.status === status);
  const active = (rider: Caller) => deliveries.filter((d) => d.rider === rider && d.status === "assigned").length;

  // A past day with thresholds around the daily tiers, closed during the sequence.
  const pastDay = "2025-08-12";
  const dayStart = Date.parse(`${pastDay}T09:00:00+08:00`);
  for (const rider of riders) {
    const count = rand.pick([14, 15, 19, 20]);
    for (let i = 0; i < count; i++) {
      const at = new Date(dayStart + i * 60_000);
      const fee = rand.int(4000, 30000);
      const inserted = await insertDelivery({
        customerId: customers[0]!.user.id,
        riderId: rider.user.id,
        status: "delivered",
        totalFee: fee,
        amountDue: fee,
        paymentMethod: "cash",
        createdAt: at,
        assignedAt: at,
        pickedUpAt: at,
        deliveredAt: at,
      });
      add(rider, splitFee(inserted.totalFee).rider - 100 - inserted.amountDue);
    }
  }

  for (let step = 0; step < steps; step++) {
    const roll = rand.next();
    if (roll < 0.22) {
      const customer = rand.pick(customers);
      const cash = rand.next() < 0.5;
      const promo = rand.next() < 0.3 ? { promoCode: "NEWCOOP" } : {};
      let booked = await api("/api/deliveries", {
        cookie: customer.cookie,
        body: bookingBody({ paymentMethod: cash ? "cash" : "gcash", ...promo }),
      });
      if (booked.status === 400) booked = { ...booked, json: await book(customer, cash ? "cash" : "gcash") };
      else {
        expect(booked.status, booked.text).toBe(201);
        if (!cash) await payOnline(booked.json.id);
      }
      const carried = owed.filter((fee) => fee.customer === customer && fee.collectedBy === null);
      const model: ModelDelivery = {
        id: booked.json.id,
        status: "pending",
        rider: null,
        customer,
        cash,
        fee: centavos(booked.json.totalFee),
        due: centavos(booked.json.amountDue),
        owedCollected: carried,
      };
      expect(centavos(booked.json.owedFee)).toBe(carried.reduce((t, fee) => t + fee.amount, 0));
      for (const fee of carried) fee.collectedBy = model;
      model.due -= centavos(booked.json.owedFee);
      deliveries.push(model);
      if (!cash) collect(model);
      log.push(`book ${cash ? "cash" : "online"}`);
    } else if (roll < 0.42) {
      const pending = inState("pending");
      const rider = rand.pick(riders);
      if (pending.length === 0 || active(rider) >= 3) continue;
      const delivery = rand.pick(pending);
      await accept(rider, delivery.id);
      Object.assign(delivery, { status: "assigned", rider });
      log.push("accept");
    } else if (roll < 0.62) {
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
        splitFee(delivery.fee).rider -
          100 -
          (delivery.cash ? delivery.due + delivery.owedCollected.reduce((t, fee) => t + fee.amount, 0) : 0),
      );
      collect(delivery);
      log.push(`deliver ${delivery.cash ? "cash" : "online"} ${delivery.fee}`);
    } else if (roll < 0.7) {
      const assigned = inState("assigned");
      if (assigned.length === 0) continue;
      const delivery = rand.pick(assigned);
      await ageBooking(delivery.id);
      const cancelled = await api(`/api/deliveries/${delivery.id}/status`, {
        cookie: delivery.customer.cookie,
        body: { status: "cancelled" },
      });
      expect(cancelled.json.cancellationFee).toBe(20);
      delivery.status = "cancelled";
      charge(delivery, 2000);
      log.push("customer cancel ₱20");
    } else if (roll < 0.76) {
      const assigned = inState("assigned");
      if (assigned.length === 0) continue;
      const delivery = rand.pick(assigned);
      const fee = rand.int(0, Math.floor(delivery.fee / 100));
      const cancelled = await api(`/api/admin/deliveries/${delivery.id}/cancel`, {
        cookie: admin.cookie,
        body: { reason: "Property test", fee },
      });
      expect(cancelled.status, cancelled.text).toBe(200);
      delivery.status = "cancelled";
      charge(delivery, fee * 100);
      log.push(`admin cancel ₱${fee}`);
    } else if (roll < 0.84) {
      const rider = rand.pick(riders);
      const amount = rand.int(1, 50000) / 100;
      // A remittance may not exceed what the rider owes: beyond it, refused and nothing changes.
      const owed = -expected.get(rider.user.id)!;
      const remitted = await api(`/api/admin/riders/${rider.user.id}/remittances`, {
        cookie: admin.cookie,
        body: { amount },
      });
      expect(remitted.status, remitted.text).toBe(centavos(amount) <= owed ? 201 : 409);
      if (remitted.status === 201) add(rider, centavos(amount));
      log.push(`remit ${amount} ${remitted.status === 201 ? "taken" : "refused"}`);
    } else if (roll < 0.95) {
      const rider = rand.pick(riders);
      const balance = expected.get(rider.user.id)!;
      if (rand.next() < 0.25 || balance <= 1600) {
        const refused = await api("/api/rider/cashouts", {
          cookie: rider.cookie,
          body: { amount: Math.max(0, balance) / 100 + 0.01, method: "office" },
        });
        expect(refused.status).toBe(409);
        expect(refused.json.message).toBe(
          `You can cash out at most ${new Intl.NumberFormat("en-PH", { style: "currency", currency: "PHP" }).format(Math.max(0, balance) / 100)}.`,
        );
        log.push("cash-out refused");
        continue;
      }
      const amount = rand.int(1600, balance) / 100;
      const method = rand.pick(["gcash", "bank", "office"] as const);
      const account =
        method === "gcash"
          ? { account: "09171234567", accountName: "Test Rider" }
          : method === "bank"
            ? { account: "001234567890", accountName: "Test Rider" }
            : {};
      const requested = await api("/api/rider/cashouts", {
        cookie: rider.cookie,
        body: { amount, method, ...account },
      });
      expect(requested.status, requested.text).toBe(201);
      if (method === "gcash") {
        // Sent at once by the payout sandbox: paid without an admin.
        expect(requested.json.cashout.status).toBe("paid");
        add(rider, -centavos(amount));
        log.push(`cash-out gcash ${amount} paid`);
        continue;
      }
      const paid = rand.next() < 0.7;
      const settled = await api(`/api/admin/cashouts/${requested.json.cashout.id}`, {
        cookie: admin.cookie,
        body: { status: paid ? "paid" : "rejected", reference: "REF-1" },
      });
      expect(settled.status, settled.text).toBe(200);
      if (paid) add(rider, -centavos(amount));
      log.push(`cash-out ${method} ${amount} ${paid ? "paid" : "rejected"}`);
    } else {
      const closed = await api("/api/admin/payroll/close", {
        cookie: admin.cookie,
        body: { period: "day", date: pastDay },
      });
      expect(closed.status).toBe(200);
      if (closed.json.closedNow) {
        for (const award of closed.json.awards) {
          const rider = riders.find((r) => r.user.id === award.riderId);
          if (rider) add(rider, centavos(award.amount));
        }
      }
      log.push(`close ${closed.json.closedNow ? "new" : "again"}`);
    }
  }
  return { admin, riders, expected, log, pastDay, feeIncome, owed };
}

/**
 * The cancellation fees counted in a period (decision 0217), read from the rows here (not through
 * app/payments/fee-income.ts): the part taken at the cancellation (the fee less what the customer was
 * left owing), dated by the cancellation, and each owed fee a later booking collected, dated by its collection.
 */
async function feesCounted(period: { start: number; end: number }) {
  const [taken, collected] = await env.DB.batch<{ rider_id: string; fee: number }>([
    env.DB.prepare(
      `SELECT d.rider_id, d.cancellation_fee - coalesce(o.amount, 0) AS fee FROM deliveries d LEFT JOIN owed_fees o ON o.delivery_id = d.id
       WHERE d.cancelled_at >= ?1 AND d.cancelled_at < ?2 AND d.cancellation_fee > 0`,
    ).bind(period.start, period.end),
    env.DB.prepare(
      "SELECT rider_id, amount AS fee FROM owed_fees WHERE status = 'collected' AND settled_at >= ?1 AND settled_at < ?2",
    ).bind(period.start, period.end),
  ]);
  return [...taken!.results, ...collected!.results].filter((row) => row.fee > 0);
}

async function checkInvariants(run: Awaited<ReturnType<typeof runSequence>>, seed: number) {
  const context = `seed ${seed}: ${run.log.join(", ")}`;
  for (const rider of run.riders) {
    const sum = await env.DB.prepare("SELECT coalesce(sum(amount), 0) AS total FROM ledger_entries WHERE rider_id = ?1")
      .bind(rider.user.id)
      .first<{ total: number }>();
    const balance = centavos((await ledgerOf(rider)).balance);
    expect(balance, `${context}: balance = entries`).toBe(sum!.total);
    expect(balance, `${context}: balance = model`).toBe(run.expected.get(rider.user.id));
  }
  // The fees counted for this sequence's riders are the model's; the rest is still owed (decision 0217).
  // (The tests of this file share one database: scoped to this sequence's riders.)
  const ours = new Set(run.riders.map((rider) => rider.user.id));
  const everCounted = (await feesCounted({ start: 0, end: Number.MAX_SAFE_INTEGER })).filter((row) =>
    ours.has(row.rider_id),
  );
  expect(
    everCounted.reduce((t, row) => t + row.fee, 0),
    `${context}: fees counted`,
  ).toBe(run.feeIncome);
  const { results: stillOwed } = await env.DB.prepare(
    "SELECT rider_id, amount FROM owed_fees WHERE status = 'owed'",
  ).all<{ rider_id: string; amount: number }>();
  expect(
    stillOwed.filter((row) => ours.has(row.rider_id)).reduce((t, row) => t + row.amount, 0),
    `${context}: fees owed`,
  ).toBe(run.owed.reduce((t, fee) => t + fee.amount, 0));
  for (const month of [manilaDate(Date.now()).slice(0, 7), run.pastDay.slice(0, 7)]) {
    const period = monthPeriod(month);
    const report = await monthReport(env.DB, month, period);
    const { results: delivered } = await env.DB.prepare(
      "SELECT * FROM deliveries WHERE delivered_at >= ?1 AND delivered_at < ?2",
    )
      .bind(period.start, period.end)
      .all<Record<string, number>>();
    const fees = await feesCounted(period);
    let riderShares = 0;
    let revenue = 0;
    let promos = 0;
    for (const row of delivered) {
      const split = splitFee(row.total_fee!);
      expect(split.rider + split.operations + split.memberBenefits, context).toBe(row.total_fee);
      // Revenue is what the customer paid, and the rider's part includes the peak bonus (decision 0183).
      riderShares += split.rider + row.peak_surcharge!;
      revenue += row.total_fee! - row.promo_discount! + row.peak_surcharge!;
      promos += row.promo_discount!;
    }
    for (const row of fees) {
      const split = splitFee(row.fee);
      expect(split.rider + split.operations + split.memberBenefits, context).toBe(row.fee);
      riderShares += split.rider;
      revenue += row.fee;
    }
    expect(
      {
        deliveries: report.deliveries,
        revenue: report.revenue,
        riderShares: report.riderShares,
        promotions: report.promotions,
      },
      `${context} ${month}`,
    ).toEqual({
      deliveries: delivered.length,
      revenue,
      riderShares,
      promotions: promos,
    });
    expect(report.riderShares + report.operations + report.memberBenefits, context).toBe(report.revenue);
    expect(report.operations + report.memberBenefits, context).toBe(report.coopShare);
    // The allocation splits the Member Benefits Fund's intake: member benefits + ₱1 insurance per delivery.
    expect(
      report.fundAllocation.reduce((t, p) => t + p.amount, 0),
      context,
    ).toBe(report.memberBenefits + 100 * report.deliveries);

    // The CSV: every row's shares add up to what was charged, and its sums are the report's.
    const csv = parseCsv((await api(`/api/admin/reports/${month}.csv`, { cookie: run.admin.cookie })).text);
    const [header, ...rows] = csv;
    const at = (row: string[], name: string) => centavos(Number(row[header!.indexOf(name)] || 0));
    for (const row of rows.filter((r) => r[0] === "delivery")) {
      const charged =
        at(row, "gross_fare") -
        at(row, "id_discount") -
        at(row, "promo") +
        at(row, "peak_surcharge") +
        at(row, "cancellation_fee");
      expect(at(row, "paid"), context).toBe(charged);
      expect(at(row, "rider_share") + at(row, "operations") + at(row, "member_benefits"), context).toBe(charged);
    }
    const total = (name: string) => rows.reduce((t, row) => t + at(row, name), 0);
    expect(total("paid"), context).toBe(report.revenue);
    expect(total("rider_share"), context).toBe(report.riderShares);
    for (const kind of [
      "share",
      "insurance",
      "cash_collected",
      "incentive",
      "remittance",
      "cashout",
      "peak_bonus",
    ] as const) {
      const sum = rows
        .filter((row) => row[0] === "ledger" && row[header!.indexOf("kind")] === kind)
        .reduce((t, row) => t + at(row, "ledger_amount"), 0);
      expect(sum, `${context} ${month} ${kind}`).toBe(report.ledger[kind]);
    }
  }
}

describe("the riders' ledger under random sequences", () => {
  for (const seed of [18, 1801, 424242]) {
    it(`seed ${seed}: balances are their entries, shares add up, reports recompute`, { timeout: 120_000 }, async () => {
      const run = await runSequence(seed, 45);
      const kinds = new Set(run.log.map((entry) => entry.split(" ")[0]));
      for (const kind of ["book", "accept", "deliver"]) expect(kinds, run.log.join(", ")).toContain(kind);
      await checkInvariants(run, seed);
    });
  }
});
