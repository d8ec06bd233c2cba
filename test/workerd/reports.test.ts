import { SELF } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { formatManilaDate, manilaDate } from "~/i18n/manila";
import { CSV_HEADER, FUND_CSV_HEADER } from "~/ledger/month-csv.server";
import { monthReport } from "~/routes/_app.admin_.reports/month-report.server";
import { monthPeriod } from "~/ledger/ledger.server";
import { closeProposal } from "~/coop/close.server";
import { historyFor, insertDelivery } from "./delivery-fixtures";
import { ageBooking, accept, book, deliver } from "./ledger-fixtures";
import { adminOnlyCallers, api, apiRequest, signedIn } from "./helpers";
import { parseCsv } from "./csv-parse";

const thisMonth = () => manilaDate(Date.now()).slice(0, 7);

/** A file's first bytes, as a spreadsheet reads them (a text decoder would drop the byte-order mark). */
async function firstBytes(path: string, cookie: string, count = 3) {
  const response = await SELF.fetch(apiRequest(path, { cookie }));
  return [...new Uint8Array(await response.arrayBuffer()).slice(0, count)];
}

describe("the month report and its CSV", () => {
  it("ties out with /api/admin/stats and the CSV to the centavo", { timeout: 20_000 }, async () => {
    const admin = await signedIn("admin");
    const customer = await signedIn("user");
    const rider = await signedIn("rider");
    const cash = await book(customer, "cash");
    await deliver(rider, cash.id);
    const online = await book(customer, "gcash", { packageSize: "large" });
    await deliver(rider, online.id);
    const charged = await book(customer);
    await accept(rider, charged.id);
    await ageBooking(charged.id);
    await api(`/api/deliveries/${charged.id}/status`, { cookie: customer.cookie, body: { status: "cancelled" } });
    // A cash fee is owed until the customer's next booking collects it: it counts then.
    const collecting = await book(customer);
    await deliver(rider, collecting.id);
    // The rider owes ₱100 more (a remittance may only pay what the rider owes), then hands it in.
    await api(`/api/admin/riders/${rider.user.id}/adjustments`, {
      cookie: admin.cookie,
      body: { amount: -1000, note: "Equipment" },
    });
    const remitted = await api(`/api/admin/riders/${rider.user.id}/remittances`, {
      cookie: admin.cookie,
      body: { amount: 100, note: '=SUM(A1), "quoted"' },
    });
    expect(remitted.status, remitted.text).toBe(201);

    const page = await api(`/admin/reports?month=${thisMonth()}`, { cookie: admin.cookie });
    expect(page.status).toBe(200);
    const stats = (await api("/api/admin/stats", { cookie: admin.cookie })).json;
    const csv = await api(`/api/admin/reports/${thisMonth()}.csv`, { cookie: admin.cookie });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(csv.text.endsWith("\r\n")).toBe(true);
    // UTF-8 with a byte-order mark, so Excel shows "₱" as such; one table (the fund's is its own file, tested below).
    expect(await firstBytes(`/api/admin/reports/${thisMonth()}.csv`, admin.cookie)).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = parseCsv(csv.text);
    expect(header).toEqual([...CSV_HEADER]);
    for (const row of rows) expect(row).toHaveLength(CSV_HEADER.length);
    const col = (name: string) => CSV_HEADER.indexOf(name as (typeof CSV_HEADER)[number]);
    const sum = (name: string, keep: (row: string[]) => boolean = () => true) =>
      Math.round(rows.filter(keep).reduce((total, row) => total + Number(row[col(name)] || 0), 0) * 100);
    // Every amount has 2 decimals.
    for (const row of rows)
      for (const name of ["paid", "rider_share", "ledger_amount"]) expect(row[col(name)]).toMatch(/^(-?\d+\.\d{2})?$/);
    // Revenue is what customers paid (decision 0183): the `paid` column, = rider + operations + member benefits.
    const revenue = sum("paid");
    expect(revenue).toBe(
      sum("gross_fare") - sum("id_discount") - sum("promo") + sum("peak_surcharge") + sum("cancellation_fee"),
    );
    expect(revenue).toBe(Math.round(stats.monthRevenue * 100));
    expect(sum("rider_share")).toBe(Math.round(stats.monthRiderShare * 100));
    expect(revenue - sum("rider_share")).toBe(Math.round(stats.monthCoopShare * 100));
    expect(sum("rider_share") + sum("operations") + sum("member_benefits")).toBe(revenue);
    // The page shows the same figures.
    expect(page.text).toContain(
      `data-testid="report-revenue"><dt>Revenue</dt><dd>${new Intl.NumberFormat("en-PH", { style: "currency", currency: "PHP" }).format(stats.monthRevenue)}`,
    );
    // Riders are named beside their ids, on delivery and ledger rows alike.
    const riderName = `${rider.user.firstName} ${rider.user.lastName}`;
    expect(
      new Set(rows.filter((row) => row[col("rider_id")] === rider.user.id).map((row) => row[col("rider_name")])),
    ).toEqual(new Set([riderName]));
    // Ledger rows: one per entry, the formula defused and the quotes kept.
    const remittance = rows.find((row) => row[col("kind")] === "remittance")!;
    expect(remittance[col("note")]).toBe(`'=SUM(A1), "quoted"`);
    // The system's notes (messages by id) read in English, whoever downloads it.
    expect(
      rows.filter(
        (row) => row[col("kind")] === "share" && row[col("note")] === `delivery ${charged.id}; Cancellation fee`,
      ),
    ).toHaveLength(1);
    const inFilipino = await api(`/api/admin/reports/${thisMonth()}.csv`, {
      cookie: admin.cookie,
      headers: { "Accept-Language": "fil" },
    });
    expect(inFilipino.text).toBe(csv.text);
    const { results } = await env.DB.prepare("SELECT count(*) AS n FROM ledger_entries WHERE at >= ?1")
      .bind(Date.parse(`${thisMonth()}-01T00:00:00+08:00`))
      .all<{ n: number }>();
    expect(rows.filter((row) => row[0] === "ledger")).toHaveLength(results[0]!.n);
    expect(
      rows.filter((row) => row[col("kind")] === "cancellation_fee").map((row) => row[col("cancellation_fee")]),
    ).toContain("20.00");
  });

  it("a ₱156 fare paid ₱106 with NEWCOOP counts ₱106 of revenue everywhere, and the coop share is operations + member benefits", async () => {
    const admin = await signedIn("admin");
    const customer = await signedIn("user");
    const rider = await signedIn("rider");
    const stats = async () => (await api("/api/admin/stats", { cookie: admin.cookie })).json;
    const before = await stats();
    const booked = await book(customer, "cash", { packageSize: "medium", promoCode: "NEWCOOP" });
    expect(booked).toMatchObject({ totalFee: 156, amountDue: 106 });
    await deliver(rider, booked.id);
    const after = await stats();
    const grew = (read: (s: typeof after) => number) => Math.round((read(after) - read(before)) * 100);
    // 156: rider 132.60, operations 15.60 − 50 promo = −34.40, member benefits 7.80; paid 106.
    expect(grew((s) => s.monthRevenue)).toBe(10600);
    expect(grew((s) => s.monthRiderShare)).toBe(13260);
    expect(grew((s) => s.monthCoopShare)).toBe(-3440 + 780);
    expect(grew((s) => s.month.operations)).toBe(-3440);
    expect(grew((s) => s.month.memberBenefits)).toBe(780);
    expect(grew((s) => s.month.promoCost)).toBe(5000);
    // The Member Benefits Fund takes the 5% and the ₱1 insurance; the allocation splits that intake.
    expect(grew((s) => s.memberBenefitsFund)).toBe(880);
    expect(grew((s) => s.monthFundIntake)).toBe(880);

    const csv = await api(`/api/admin/reports/${thisMonth()}.csv`, { cookie: admin.cookie });
    const [header, ...rows] = parseCsv(csv.text);
    expect(header).not.toContain("fare");
    const row = rows.find((r) => r[1] === booked.id)!;
    const cell = (name: string) => row[header!.indexOf(name)];
    expect([
      cell("gross_fare"),
      cell("id_discount"),
      cell("promo"),
      cell("peak_surcharge"),
      cell("paid"),
      cell("rider_share"),
      cell("operations"),
      cell("member_benefits"),
    ]).toEqual(["156.00", "0.00", "50.00", "0.00", "106.00", "132.60", "-34.40", "7.80"]);
    const page = await api(`/admin/reports?month=${thisMonth()}`, { cookie: admin.cookie });
    for (const label of [
      "Promo cost",
      "ID discounts",
      "Peak-hours surcharges",
      "Coop share (operations + member benefits)",
      "Member Benefits Fund intake",
    ])
      expect(page.text).toContain(label);
  });

  it("the report and its CSV gain the fund's month (in, claims paid, payouts) and the surplus returns booked in it; the rows above are unchanged", {
    timeout: 60_000,
  }, async () => {
    const admin = await signedIn("admin");
    const customer = await signedIn("user");
    const rider = await signedIn("rider", {
      firstName: "Lorna",
      lastName: "Claimant",
      memberSince: new Date(Date.now() - 86_400_000),
      riderApprovedAt: new Date(),
    });
    const booked = await book(customer, "cash");
    await deliver(rider, booked.id);
    // ₱20,000 more delivered today: ₱1,000 into the fund, ₱2,000 of operations share.
    await insertDelivery({
      customerId: customer.user.id,
      ...historyFor("delivered", rider.user.id),
      totalFee: 2_000_000,
      amountDue: 2_000_000,
    });
    const claimSource = `claim:${crypto.randomUUID()}`;
    await env.DB.prepare(
      "INSERT INTO ledger_entries (rider_id, kind, amount, source_id, at) VALUES (?1, 'benefit', 25050, ?2, ?3)",
    )
      .bind(rider.user.id, claimSource, Date.now())
      .run();
    const passAndClose = async (body: Record<string, unknown>) => {
      const opened = await api("/api/proposals", { cookie: rider.cookie, body: { body: "", ...body } });
      expect(opened.status, opened.text).toBe(201);
      await env.DB.prepare("UPDATE proposals SET entitled = 1 WHERE id = ?1").bind(opened.json.id).run();
      await api(`/api/proposals/${opened.json.id}/ballot`, {
        method: "PUT",
        cookie: rider.cookie,
        body: { choice: "yes" },
      });
      expect(await closeProposal(env.DB, opened.json.id)).toMatchObject({
        closed: true,
        result: "passed",
        appliedRef: expect.any(String),
      });
      return opened.json.id as string;
    };
    const payout = await passAndClose({
      kind: "payout",
      title: "Raincoats for the Pasig hub",
      amount: 300,
      purpose: "Raincoats",
    });
    const surplus = await passAndClose({
      kind: "surplus_return",
      title: "This month's return",
      period: { kind: "month", start: `${thisMonth()}-01` },
      amount: 12.34,
    });

    const period = monthPeriod(thisMonth());
    const report = await monthReport(env.DB, thisMonth(), period);
    // The fund's intake is the report's own (member benefits + ₱1 a delivery), from the rows the fund's balance is made of.
    expect(report.fund.intake).toBe(report.fundIntake);
    expect(report.fund.claimsPaid).toBe(25_050);
    expect(report.fund.payouts).toEqual([
      { proposalId: payout, title: "Raincoats for the Pasig hub", amount: 30_000, day: manilaDate(Date.now()) },
    ]);
    expect(report.fund.payoutsTotal).toBe(30_000);
    const fund = await api("/api/coop/fund", { cookie: admin.cookie });
    expect(report.fund.balanceAtEnd).toBe(Math.round(fund.json.balance * 100));
    expect(report.surplusReturns).toEqual([
      {
        proposalId: surplus,
        title: "This month's return",
        periodStart: `${thisMonth()}-01`,
        periodEnd: manilaDate(period.end),
        amount: 1234,
        members: 1,
        day: manilaDate(Date.now()),
      },
    ]);
    expect(report.ledger.patronage).toBe(1234);

    const csv = await api(`/api/admin/reports/${thisMonth()}.csv`, { cookie: admin.cookie });
    const [header, ...rows] = parseCsv(csv.text);
    expect(header).toEqual([...CSV_HEADER]);
    for (const row of rows) expect(row).toHaveLength(CSV_HEADER.length);
    // The fund's table is a file of its own (one table per file, so a spreadsheet opens it as one sheet), with the same byte-order mark.
    const fundFile = await api(`/api/admin/reports/${thisMonth()}-fund.csv`, { cookie: admin.cookie });
    expect(fundFile.status).toBe(200);
    expect(fundFile.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(fundFile.headers.get("Content-Disposition")).toBe(`attachment; filename="hatid-fund-${thisMonth()}.csv"`);
    expect(await firstBytes(`/api/admin/reports/${thisMonth()}-fund.csv`, admin.cookie)).toEqual([0xef, 0xbb, 0xbf]);
    const [sectionHeader, ...section] = parseCsv(fundFile.text);
    expect(sectionHeader).toEqual([...FUND_CSV_HEADER]);
    for (const row of section) expect(row).toHaveLength(FUND_CSV_HEADER.length);
    const amount = (row: string[]) => Math.round(Number(row[5]) * 100);
    const fundRows = section.filter((row) => row[0] === "fund");
    expect(fundRows.filter((row) => row[3] === "fees").reduce((t, row) => t + amount(row), 0)).toBe(report.fund.intake);
    expect(fundRows.find((row) => row[1] === claimSource)).toEqual([
      "fund",
      claimSource,
      manilaDate(Date.now()),
      "claim",
      "Claim paid",
      "-250.50",
    ]);
    expect(fundRows.find((row) => row[1] === `payout:${payout}`)).toEqual([
      "fund",
      `payout:${payout}`,
      manilaDate(Date.now()),
      "payout",
      "Raincoats for the Pasig hub",
      "-300.00",
    ]);
    expect(fundRows.reduce((t, row) => t + amount(row), 0)).toBe(report.fund.intake - 25_050 - 30_000);
    expect(section.filter((row) => row[0] === "surplus_return")).toEqual([
      [
        "surplus_return",
        surplus,
        manilaDate(Date.now()),
        "surplus_return",
        `This month's return (${thisMonth()}-01 to ${manilaDate(period.end - 1)}; 1 member)`,
        "12.34",
      ],
    ]);
    // Who was paid a claim is not in the fund's file (the ledger rows of the other file name riders, as before).
    for (const row of section) expect(row.join(",")).not.toContain(rider.user.id);
    for (const row of section) expect(row.join(",")).not.toContain("Claimant");
    const patronage = rows.filter((row) => row[0] === "ledger" && row[CSV_HEADER.indexOf("kind")] === "patronage");
    expect(patronage.map((row) => row[CSV_HEADER.indexOf("ledger_amount")])).toEqual(["12.34"]);

    // The admin's page shows the same: the fund's month and the return booked.
    const page = (await api(`/admin/reports?month=${thisMonth()}`, { cookie: admin.cookie })).text.replace(
      /<script[\s\S]*?<\/script>/g,
      "",
    );
    const pesos = (centavos: number) =>
      new Intl.NumberFormat("en-PH", { style: "currency", currency: "PHP", minimumFractionDigits: 2 }).format(
        centavos / 100,
      );
    expect(page).toContain("Member benefits fund");
    expect(page).toMatch(
      new RegExp(
        `data-testid="report-fund-claims"><dt>Claims paid</dt><dd>-?${pesos(-25_050).replace(/[.$]/g, "\\$&")}</dd>`,
      ),
    );
    expect(page).toContain(`Payout: Raincoats for the Pasig hub (${formatManilaDate(Date.now())})`);
    expect(page).toContain(
      `data-testid="report-fund-balance"><dt>Balance at the month&#x27;s end</dt><dd>${pesos(report.fund.balanceAtEnd)}</dd>`,
    );
    expect(page).toContain(`This month&#x27;s return: 1 member (${formatManilaDate(Date.now())})`);
  });

  it("answers 404 for a file that is no month, and the page falls back to this month for a bad ?month", async () => {
    const admin = await signedIn("admin");
    for (const file of [
      "2026-13.csv",
      "2026-11.json",
      "2026-11",
      "x.csv",
      "2026-13-fund.csv",
      "2026-11-funds.csv",
      "2026-11-fund",
    ]) {
      expect((await api(`/api/admin/reports/${file}`, { cookie: admin.cookie })).status, file).toBe(404);
    }
    const page = await api("/admin/reports?month=nope", { cookie: admin.cookie });
    expect(page.status).toBe(200);
    expect(page.text).toContain("That is not a month as YYYY-MM");
  });

  it("the page's Download buttons without JavaScript: the month chosen in the field, whichever month is shown", async () => {
    const admin = await signedIn("admin");
    for (const [file, path] of [
      ["report", "/api/admin/reports/2026-10.csv"],
      ["fund", "/api/admin/reports/2026-10-fund.csv"],
    ] as const) {
      const asked = await api(`/admin/reports?month=2026-10&download=${file}`, { cookie: admin.cookie });
      expect(asked.status).toBe(302);
      expect(asked.headers.get("Location")).toBe(path);
    }
    // Not a month, or no such file: the page, with what it says about the month.
    expect((await api("/admin/reports?month=nope&download=report", { cookie: admin.cookie })).status).toBe(200);
    expect((await api("/admin/reports?month=2026-10&download=everything", { cookie: admin.cookie })).status).toBe(200);
    const page = (await api("/admin/reports?month=2026-10", { cookie: admin.cookie })).text;
    expect(page).toMatch(/<button type="submit" name="download" value="report"[^>]*>Deliveries and ledger<\/button>/);
    expect(page).toMatch(/<button type="submit" name="download" value="fund"[^>]*>Member benefits fund<\/button>/);
  });

  it("permission matrix: CSV and page are for admins only", async () => {
    const callers = await adminOnlyCallers();
    for (const [who, cookie, expected] of callers) {
      expect((await api("/api/admin/reports/2026-01.csv", { cookie })).status, who).toBe(expected);
      expect((await api("/api/admin/reports/2026-01-fund.csv", { cookie })).status, who).toBe(expected);
      if (cookie) expect((await api("/admin/reports", { cookie })).status, who).toBe(expected);
      // An admin is sent to the file; everyone else is refused as on the page.
      if (cookie)
        expect((await api("/admin/reports?month=2026-01&download=fund", { cookie })).status, who).toBe(
          expected === 200 ? 302 : expected,
        );
    }
  });
});
