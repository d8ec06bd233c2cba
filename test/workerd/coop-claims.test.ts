import { SELF } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { fundBalance } from "~/coop/fund.server";
import { claimProposal } from "~/coop/claims.server";
import { closeProposal } from "~/coop/close.server";
import { textProposalNews } from "~/coop/proposal-texts.server";
import type { Centavos } from "~/money/money";
import { splitFee } from "~/money/fee-split";
import { api, jpegBytes, ORIGIN, putSettings, signedIn } from "./helpers";
import { book, deliver, ledgerOf } from "./ledger-fixtures";

/**
 * Claims on the member benefits fund (docs/guide/coop.md;
 * decision 0215). Own world: the fund's balance is a whole-table figure (the daily totals
 * and every benefit entry), and every claim filed holds part of it.
 */

type Caller = Awaited<ReturnType<typeof signedIn>>;

const JPEG = jpegBytes(300);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(120).fill(1)]);
const HEIC = new Uint8Array([
  0,
  0,
  0,
  0x18,
  ...new TextEncoder().encode("ftypheic"),
  0,
  0,
  0,
  0,
  ...new Array(80).fill(2),
]);
const PDF = new TextEncoder().encode("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n");

const rider = (overrides: Parameters<typeof signedIn>[1] = {}) =>
  signedIn("rider", { riderApprovedAt: new Date(), ...overrides });
const member = (overrides: Parameters<typeof signedIn>[1] = {}) =>
  rider({ memberSince: new Date(Date.now() - 86_400_000), ...overrides });

interface PhotoInput {
  bytes: Uint8Array;
  name?: string;
  type?: string;
}

function file(caller: Caller | undefined, fields: Record<string, string | undefined>, photos: PhotoInput[] = []) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.set(name, value);
  for (const photo of photos)
    form.append(
      "photos",
      new File([photo.bytes as BlobPart], photo.name ?? "doc.jpg", { type: photo.type ?? "image/jpeg" }),
    );
  return SELF.fetch(`${ORIGIN}/api/coop/claims`, {
    method: "POST",
    body: form,
    headers: { Origin: ORIGIN, ...(caller ? { Cookie: caller.cookie } : {}) },
  });
}

const CLAIM = { kind: "accident", amount: "1500.50", note: "Skidded on a wet road in Pasig; two days at the clinic." };

interface ClaimJson {
  id: string;
  kind: string;
  amount: number;
  note: string;
  status: string;
  proposalId: string | null;
  photos: { n: number; url: string; contentType: string }[];
  claimant: { id: string; name: string | null };
  reason: string | null;
}

async function fileOk(
  caller: Caller,
  fields: Record<string, string> = {},
  photos: PhotoInput[] = [],
): Promise<ClaimJson> {
  const answer = await file(caller, { ...CLAIM, ...fields }, photos);
  const text = await answer.text();
  expect(answer.status, text).toBe(201);
  return JSON.parse(text) as ClaimJson;
}

const decide = (caller: Caller | undefined, id: string, body: unknown) =>
  api(`/api/admin/claims/${id}/decision`, { cookie: caller?.cookie, body });

let fundDay = 0;
/** Money into the fund as the daily totals book it: a Manila day's member-benefits share (centavos). */
async function fundIn(centavos: number) {
  fundDay += 1;
  const day = `2025-01-${String(fundDay).padStart(2, "0")}`;
  await env.DB.prepare("INSERT INTO daily_totals (day, member_benefits_share) VALUES (?1, ?2)")
    .bind(day, centavos)
    .run();
}

/**
 * A claim stored as claims were before they held the fund (decision 0215): larger than the fund, or
 * with the fund already promised, as the migration found them. Its vote's proposal when `in_vote`.
 */
async function legacyClaim(claimant: Caller, amount: number, status: "pending" | "in_vote" = "pending") {
  const id = crypto.randomUUID();
  const proposalId = status === "in_vote" ? crypto.randomUUID() : null;
  const statements = [];
  if (proposalId) {
    statements.push(
      env.DB.prepare(
        `INSERT INTO proposals (id, kind, title, body, payload, opened_by, opened_at, closes_at, entitled) VALUES (?1, 'payout', 'Member benefit claim', '', ?2, ?3, ?4, ?5, 1)`,
      ).bind(
        proposalId,
        JSON.stringify({ amount, purpose: "Member benefit claim (accident)", claimId: id }),
        claimant.user.id,
        Date.now() - 8 * 86_400_000,
        Date.now() - 1000,
      ),
    );
  }
  statements.push(
    env.DB.prepare(
      "INSERT INTO fund_claims (id, claimant_id, kind, amount, note, status, proposal_id, filed_at) VALUES (?1, ?2, 'accident', ?3, 'Filed before claims held the fund.', ?4, ?5, ?6)",
    ).bind(id, claimant.user.id, amount, status, proposalId, Date.now() - 8 * 86_400_000),
  );
  await env.DB.batch(statements);
  return { id, proposalId };
}

const count = async (sql: string, ...values: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...values)
    .first<{ n: number }>())!.n;
const claimRow = (id: string) =>
  env.DB.prepare("SELECT status, decided_at, reason FROM fund_claims WHERE id = ?1")
    .bind(id)
    .first<{ status: string; decided_at: number | null; reason: string | null }>();
const benefitEntries = (riderId: string) =>
  count("SELECT count(*) AS n FROM ledger_entries WHERE rider_id = ?1 AND kind = 'benefit'", riderId);
const r2Objects = async (prefix = "claims/") => (await env.ID_DOCUMENTS.list({ prefix })).objects.length;

// Enough in the fund for every claim this file files and leaves waiting (each holds its amount);
// the tests of a small fund read what is free and ask for more.
beforeAll(() => fundIn(50_000_000));

describe("the fund's balance as claims see it", () => {
  it("is each delivered fee's member-benefits share plus ₱1 insurance per delivery, minus the claims paid", async () => {
    const before = await fundBalance(env.DB);
    const customer = await signedIn("user");
    const deliverer = await rider();
    const booking = await book(customer);
    await deliver(deliverer, booking.id);
    const fee = Math.round(booking.totalFee * 100);
    expect(await fundBalance(env.DB)).toBe(before + splitFee(fee).memberBenefits + 100);
  });
});

describe("a fund too small for the claim", () => {
  it("refuses the approval of a claim filed before claims held the fund with 409 and the balance, and nothing changes", async () => {
    const admin = await signedIn("admin");
    const claimant = await rider();
    const balance = await fundBalance(env.DB);
    const claim = await legacyClaim(claimant, balance + 100);
    const refused = await decide(admin, claim.id, { decision: "approve" });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.json.code).toBe("server.claims.fundTooSmall");
    expect(refused.json.message).toContain(
      new Intl.NumberFormat("en-PH", { style: "currency", currency: "PHP" }).format(balance / 100),
    );
    expect(await claimRow(claim.id)).toMatchObject({ status: "pending", decided_at: null });
    expect(await benefitEntries(claimant.user.id)).toBe(0);
    expect(await count("SELECT count(*) AS n FROM notifications WHERE user_id = ?1", claimant.user.id)).toBe(0);
    expect(await fundBalance(env.DB)).toBe(balance);
    // Declined, it holds nothing any more.
    expect((await decide(admin, claim.id, { decision: "reject", reason: "More than the fund holds." })).status).toBe(
      200,
    );
  });

  it("lets only one of two claims through when the fund covers one of them (Promise.all)", async () => {
    const admin = await signedIn("admin");
    const [first, second] = [await rider(), await rider()];
    await fundIn(300_000);
    const balance = await fundBalance(env.DB);
    const amount = Math.floor(balance / 2) + 100;
    const claims = [await legacyClaim(first, amount), await legacyClaim(second, amount)];
    const answers = await Promise.all(claims.map((claim) => decide(admin, claim.id, { decision: "approve" })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect((await benefitEntries(first.user.id)) + (await benefitEntries(second.user.id))).toBe(1);
    expect(await fundBalance(env.DB)).toBe(balance - amount);
    for (const claim of claims)
      if ((await claimRow(claim.id))!.status === "pending")
        await decide(admin, claim.id, { decision: "reject", reason: "Too late." });
  });
});

describe("filing a claim", () => {
  it("stores the claim and its photos in private R2; the claimant and admins read them, others get 403, anonymous 401", async () => {
    const claimant = await rider();
    const claim = await fileOk(claimant, {}, [
      { bytes: JPEG },
      { bytes: PNG, name: "receipt.png", type: "image/png" },
      { bytes: HEIC, name: "IMG_0001.HEIC", type: "image/heic" },
    ]);
    expect(claim).toMatchObject({
      kind: "accident",
      amount: 1500.5,
      note: CLAIM.note,
      status: "pending",
      proposalId: null,
      claimant: { id: claimant.user.id },
    });
    expect(claim.photos.map((photo) => photo.contentType)).toEqual(["image/jpeg", "image/png", "image/heic"]);
    const row = await env.DB.prepare("SELECT amount, photos FROM fund_claims WHERE id = ?1")
      .bind(claim.id)
      .first<{ amount: number; photos: string }>();
    expect(row!.amount).toBe(150050);
    const stored = await env.ID_DOCUMENTS.get(`claims/${claim.id}/1`);
    expect(new Uint8Array(await stored!.arrayBuffer())).toEqual(JPEG);
    expect(await r2Objects(`claims/${claim.id}/`)).toBe(3);

    const admin = await signedIn("admin");
    const callers: [string, Caller | undefined, number][] = [
      ["anonymous", undefined, 401],
      ["customer", await signedIn("user"), 403],
      ["other customer", await signedIn("user"), 403],
      ["claimant", claimant, 200],
      ["other rider", await rider(), 403],
      ["admin", admin, 200],
    ];
    for (const [who, caller, status] of callers) {
      const response = await SELF.fetch(`${ORIGIN}${claim.photos[1]!.url}`, {
        headers: caller ? { Cookie: caller.cookie } : {},
      });
      expect(response.status, who).toBe(status);
      if (status === 200) {
        expect(response.headers.get("Content-Type"), who).toBe("image/png");
        expect(response.headers.get("Cache-Control"), who).toBe("private, no-store");
        expect(new Uint8Array(await response.arrayBuffer()), who).toEqual(PNG);
      } else await response.body?.cancel();
    }
    expect((await api(`/api/coop/claims/${claim.id}/photos/4`, { cookie: claimant.cookie })).status).toBe(404);
    expect((await api(`/api/coop/claims/no-such-claim/photos/1`, { cookie: admin.cookie })).status).toBe(404);
  });

  it("refuses each bad input with a clear 400 naming its field, and stores nothing (no row, no R2 object)", async () => {
    const claimant = await rider();
    const objectsBefore = await r2Objects();
    const sixMegabytes = new Uint8Array(6 * 1024 * 1024);
    sixMegabytes.set(JPEG.subarray(0, 4));
    const cases: [string, Record<string, string | undefined>, PhotoInput[], string, string][] = [
      ["unknown kind", { ...CLAIM, kind: "theft" }, [], "kind", "server.claims.kind"],
      ["no kind", { ...CLAIM, kind: undefined }, [], "kind", "server.claims.kind"],
      ["zero amount", { ...CLAIM, amount: "0" }, [], "amount", "server.claims.amount"],
      ["negative amount", { ...CLAIM, amount: "-50" }, [], "amount", "server.claims.amount"],
      ["words for an amount", { ...CLAIM, amount: "five hundred" }, [], "amount", "server.claims.amount"],
      ["three decimals", { ...CLAIM, amount: "12.345" }, [], "amount", "server.claims.amountCentavos"],
      ["above the most a claim may be", { ...CLAIM, amount: "100000.01" }, [], "amount", "server.claims.amount"],
      ["no note", { ...CLAIM, note: undefined }, [], "note", "server.claims.noteRequired"],
      ["a blank note", { ...CLAIM, note: "   " }, [], "note", "server.claims.noteRequired"],
      ["a note of 1,001 characters", { ...CLAIM, note: "x".repeat(1001) }, [], "note", "server.claims.noteTooLong"],
      [
        "four photos",
        CLAIM,
        [{ bytes: JPEG }, { bytes: JPEG }, { bytes: JPEG }, { bytes: JPEG }],
        "photos",
        "server.claims.photosTooMany",
      ],
      [
        "a PDF renamed .jpg",
        CLAIM,
        [{ bytes: JPEG }, { bytes: PDF, name: "scan.jpg" }],
        "photos",
        "server.claims.photoWrongType",
      ],
      ["a 6 MB photo", CLAIM, [{ bytes: sixMegabytes }], "photos", "server.claims.photoTooLarge"],
    ];
    for (const [what, fields, photos, field, code] of cases) {
      const answer = await file(claimant, fields, photos);
      const body = (await answer.json()) as {
        code: string;
        field: string;
        message: string;
        errors: Record<string, string[]>;
      };
      expect(answer.status, what).toBe(400);
      expect(body.code, what).toBe(code);
      expect(body.field, what).toBe(field);
      expect(body.errors[field]?.length, what).toBeGreaterThan(0);
      expect(body.message, what).not.toMatch(/server\.|undefined|\{/);
    }
    const notMultipart = await api("/api/coop/claims", {
      cookie: claimant.cookie,
      body: { kind: "accident", amount: 100, note: "x" },
    });
    expect(notMultipart.status).toBe(400);
    expect(notMultipart.json.code).toBe("server.claims.notMultipart");
    // Several problems at once: each field named.
    const many = await file(claimant, { kind: "x", amount: "0" }, [{ bytes: PDF }]);
    expect(Object.keys(((await many.json()) as { errors: object }).errors).sort()).toEqual([
      "amount",
      "kind",
      "note",
      "photos",
    ]);

    expect(await count("SELECT count(*) AS n FROM fund_claims WHERE claimant_id = ?1", claimant.user.id)).toBe(0);
    expect(await r2Objects()).toBe(objectsBefore);
  }, 60_000);

  it("sent again with the same Idempotency-Key (a lost answer on a weak signal), it is filed once and answered the same", async () => {
    const claimant = await rider();
    const form = new FormData();
    for (const [name, value] of Object.entries(CLAIM)) form.set(name, value);
    form.append("photos", new File([JPEG as BlobPart], "doc.jpg", { type: "image/jpeg" }));
    const sent = new Response(form);
    const bytes = new Uint8Array(await sent.arrayBuffer());
    const headers = {
      Origin: ORIGIN,
      Cookie: claimant.cookie,
      "Content-Type": sent.headers.get("Content-Type")!,
      "Idempotency-Key": crypto.randomUUID(),
    };
    const send = async () => {
      const answer = await SELF.fetch(`${ORIGIN}/api/coop/claims`, { method: "POST", headers, body: bytes });
      return { status: answer.status, json: (await answer.json()) as ClaimJson };
    };
    const [first, again] = [await send(), await send()];
    expect(first.status).toBe(201);
    expect(again).toEqual(first);
    expect(await count("SELECT count(*) AS n FROM fund_claims WHERE claimant_id = ?1", claimant.user.id)).toBe(1);
    expect(await r2Objects(`claims/${first.json.id}/`)).toBe(1);
  });

  it("riders (members or not) and member-owner admins file; customers, suspended riders and admins who are not members 403; anonymous 401", async () => {
    const callers: [string, Caller | undefined, number][] = [
      ["anonymous", undefined, 401],
      ["customer", await signedIn("user"), 403],
      ["other customer", await signedIn("user"), 403],
      ["rider, not a member", await rider(), 201],
      ["member-owner", await member(), 201],
      ["suspended rider", await rider({ riderSuspendedAt: new Date(), riderSuspensionReason: "Late remittance" }), 403],
      ["admin, not a member", await signedIn("admin"), 403],
      ["admin who is a member", await signedIn("admin", { memberSince: new Date() }), 201],
    ];
    for (const [who, caller, status] of callers) {
      const answer = await file(caller, CLAIM);
      expect(answer.status, `${who}: ${await answer.text()}`).toBe(status);
    }
  });

  it("lists a rider's own claims only (newest first, paged); admins see every claim and filter by status", async () => {
    const claimant = await rider();
    const other = await rider();
    const mine = [await fileOk(claimant, { kind: "calamity" }), await fileOk(claimant, { kind: "bereavement" })];
    const theirs = await fileOk(other);
    const first = await api("/api/coop/claims?limit=1", { cookie: claimant.cookie });
    expect(first.status).toBe(200);
    expect(first.json.claims.map((c: ClaimJson) => c.id)).toEqual([mine[1]!.id]);
    const second = await api(`/api/coop/claims?limit=1&cursor=${first.json.nextCursor}`, { cookie: claimant.cookie });
    expect(second.json.claims.map((c: ClaimJson) => c.id)).toEqual([mine[0]!.id]);
    expect(second.json.nextCursor).toBeNull();

    const admin = await signedIn("admin");
    const pending = await api("/api/coop/claims?status=pending&limit=100", { cookie: admin.cookie });
    const ids = pending.json.claims.map((c: ClaimJson) => c.id);
    expect(ids).toEqual(expect.arrayContaining([mine[0]!.id, mine[1]!.id, theirs.id]));
    expect(pending.json.claims.every((c: ClaimJson) => c.status === "pending")).toBe(true);
    expect(
      (await api("/api/coop/claims?status=approved", { cookie: admin.cookie })).json.claims.map((c: ClaimJson) => c.id),
    ).not.toContain(theirs.id);
    const bad = await api("/api/coop/claims?status=lost", { cookie: admin.cookie });
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe("server.claims.status");
    expect((await api("/api/coop/claims", { cookie: (await signedIn("user")).cookie })).status).toBe(403);
    expect((await api("/api/coop/claims")).status).toBe(401);
  });
});

describe("deciding a claim", () => {
  it("only admins decide: anonymous 401, customers and riders (the claimant too) 403", async () => {
    const claimant = await rider();
    const claim = await fileOk(claimant);
    const callers: [string, Caller | undefined, number][] = [
      ["anonymous", undefined, 401],
      ["customer", await signedIn("user"), 403],
      ["other customer", await signedIn("user"), 403],
      ["claimant", claimant, 403],
      ["other rider", await rider(), 403],
      ["member-owner", await member(), 403],
    ];
    for (const [who, caller, status] of callers)
      expect((await decide(caller, claim.id, { decision: "reject", reason: "No" })).status, who).toBe(status);
    expect((await claimRow(claim.id))!.status).toBe("pending");
    const admin = await signedIn("admin");
    expect((await decide(admin, "no-such-claim", { decision: "reject", reason: "No" })).status).toBe(404);
    const bad = await decide(admin, claim.id, { decision: "maybe" });
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe("server.claims.decision");
  });

  it("approve: a benefit entry in the claimant's ledger (ref claim:<id>), the balance the sum of the entries, the claimant told", async () => {
    await fundIn(200_000);
    const admin = await signedIn("admin");
    const claimant = await rider();
    const claim = await fileOk(claimant);
    const fundBefore = await fundBalance(env.DB);
    const approved = await decide(admin, claim.id, { decision: "approve" });
    expect(approved.status, approved.text).toBe(200);
    expect(approved.json).toMatchObject({ id: claim.id, status: "approved" });
    const entry = await env.DB.prepare("SELECT kind, amount, source_id FROM ledger_entries WHERE rider_id = ?1")
      .bind(claimant.user.id)
      .first<{ kind: string; amount: number; source_id: string }>();
    expect(entry).toEqual({ kind: "benefit", amount: 150050, source_id: `claim:${claim.id}` });
    const ledger = await ledgerOf(claimant);
    const sum = await count(
      "SELECT coalesce(sum(amount), 0) AS n FROM ledger_entries WHERE rider_id = ?1",
      claimant.user.id,
    );
    expect(ledger.balance).toBe(sum / 100);
    expect(ledger.balance).toBe(1500.5);
    expect(ledger.entries[0]).toMatchObject({
      kind: "benefit",
      amount: 1500.5,
      note: "Member benefit: your accident claim",
    });
    expect(await fundBalance(env.DB)).toBe(fundBefore - 150050);
    const bell = await api("/api/notifications", { cookie: claimant.cookie });
    expect(bell.json.notifications[0]).toMatchObject({
      kind: "claim_decided",
      title: "Claim approved",
      body: "Your accident claim of ₱1,500.50 was approved and is in your balance.",
    });
    expect(
      await count(
        "SELECT count(*) AS n FROM notifications WHERE user_id = ?1 AND kind = 'claim_decided'",
        claimant.user.id,
      ),
    ).toBe(1);
  });

  it("approving twice books once, one after the other and at the same time (Promise.all)", async () => {
    await fundIn(400_000);
    const admin = await signedIn("admin");
    const otherAdmin = await signedIn("admin");
    const claimant = await rider();
    const claim = await fileOk(claimant);
    expect((await decide(admin, claim.id, { decision: "approve" })).status).toBe(200);
    const again = await decide(otherAdmin, claim.id, { decision: "approve" });
    expect(again.status).toBe(409);
    expect(again.json.code).toBe("server.claims.alreadyApproved");
    expect(await benefitEntries(claimant.user.id)).toBe(1);

    const racer = await rider();
    const raced = await fileOk(racer);
    const answers = await Promise.all([
      decide(admin, raced.id, { decision: "approve" }),
      decide(otherAdmin, raced.id, { decision: "approve" }),
      decide(admin, raced.id, { decision: "reject", reason: "Duplicate" }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    const status = (await claimRow(raced.id))!.status;
    expect(await benefitEntries(racer.user.id)).toBe(status === "approved" ? 1 : 0);
    expect(await count("SELECT count(*) AS n FROM notifications WHERE user_id = ?1", racer.user.id)).toBe(1);
  });

  it("reject needs a reason (400, nothing changes); with one the claimant is told it, and it cannot be approved after", async () => {
    const admin = await signedIn("admin");
    const claimant = await rider();
    const claim = await fileOk(claimant);
    for (const body of [{ decision: "reject" }, { decision: "reject", reason: "   " }]) {
      const refused = await decide(admin, claim.id, body);
      expect(refused.status).toBe(400);
      expect(refused.json).toMatchObject({ code: "server.claims.reasonRequired", field: "reason" });
    }
    expect((await claimRow(claim.id))!.status).toBe("pending");
    const rejected = await decide(admin, claim.id, {
      decision: "reject",
      reason: "The clinic receipt is for another person.",
    });
    expect(rejected.status).toBe(200);
    expect(rejected.json).toMatchObject({ status: "rejected", reason: "The clinic receipt is for another person." });
    const bell = await api("/api/notifications", { cookie: claimant.cookie });
    expect(bell.json.notifications[0]).toMatchObject({
      kind: "claim_decided",
      title: "Claim not approved",
      body: "Your accident claim of ₱1,500.50 was not approved: The clinic receipt is for another person.",
    });
    const late = await decide(admin, claim.id, { decision: "approve" });
    expect(late.status).toBe(409);
    expect(late.json.code).toBe("server.claims.alreadyRejected");
    expect(await benefitEntries(claimant.user.id)).toBe(0);
  });

  it("a claim above the limit opens a payout proposal (kind and amount, never the claimant's name) and is not an admin's to approve", async () => {
    await fundIn(2_000_000);
    const claimant = await rider({ firstName: "Maricel", lastName: "Dimaculangan" });
    const claim = await fileOk(claimant, { kind: "hospitalisation", amount: "12000" });
    expect(claim.status).toBe("in_vote");
    expect(claim.proposalId).toEqual(expect.any(String));
    const proposal = await api(`/api/proposals/${claim.proposalId}`, { cookie: (await member()).cookie });
    expect(proposal.status, proposal.text).toBe(200);
    expect(proposal.json).toMatchObject({
      kind: "payout",
      payout: { amount: 12000 },
      openedBy: { name: null },
      open: true,
    });
    expect(proposal.json.title).toContain("hospitalisation");
    expect(proposal.json.title).toContain("₱12,000.00");
    expect(JSON.stringify(proposal.json)).not.toMatch(/Maricel|Dimaculangan/);
    const admin = await signedIn("admin");
    const refused = await decide(admin, claim.id, { decision: "approve" });
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe("server.claims.inVote");
    expect((await decide(admin, claim.id, { decision: "reject", reason: "No" })).status).toBe(409);
    expect((await claimRow(claim.id))!.status).toBe("in_vote");
    expect(await benefitEntries(claimant.user.id)).toBe(0);

    // Exactly the limit (₱5,000 by default) is still an admin's; the longest title (the longest kind, the largest amount) fits a proposal's 120 characters.
    expect((await fileOk(claimant, { amount: "5000" })).status).toBe("pending");
    expect((await fileOk(await rider(), { kind: "bereavement", amount: "100000" })).status).toBe("in_vote");
  });
});

describe("a claim's proposal in each reader's language", () => {
  const ENGLISH = ["Member benefit claim", "hospitalisation", "A rider filed a claim"];
  const FILIPINO = ["Claim sa member benefits", "pagkaospital", "May rider na nag-file"];

  it("reads its title, text and purpose, its page, its notification and its SMS in the reader's language only", async () => {
    await fundIn(2_000_000);
    const inFilipino = await member({ language: "fil" });
    const inEnglish = await member({ language: "en" });
    const claim = await fileOk(await rider(), { kind: "hospitalisation", amount: "5500" });
    expect(claim.status).toBe("in_vote");
    const id = claim.proposalId!;
    const page = async (path: string, cookie: string) => {
      const response = await SELF.fetch(`${ORIGIN}${path}`, { headers: { Cookie: cookie } });
      expect(response.status, path).toBe(200);
      // What the reader sees: the page's scripts carry its catalog, whose ids are English words.
      return (await response.text()).replace(/<script\b[\s\S]*?<\/script>/g, "");
    };
    const read = async (caller: Caller, headers?: Record<string, string>) => {
      const one = await api(`/api/proposals/${id}`, { cookie: caller.cookie, headers });
      expect(one.status, one.text).toBe(200);
      const list = await api("/api/proposals?limit=100", { cookie: caller.cookie, headers });
      const notifications = (await api("/api/notifications", { cookie: caller.cookie, headers })).json
        .notifications as { url: string; body: string }[];
      return {
        one: one.json as { title: string; body: string; payout: { purpose: string } },
        listed: (list.json.proposals as { id: string }[]).find((proposal) => proposal.id === id),
        notification: notifications.find((told) => told.url === `/coop/proposals/${id}`)!,
        html: {
          proposal: await page(`/coop/proposals/${id}`, caller.cookie),
          coop: await page("/coop", caller.cookie),
        },
      };
    };

    const fil = await read(inFilipino);
    expect(fil.one).toMatchObject({
      title: "Claim sa member benefits: pagkaospital, ₱5,500.00",
      payout: { purpose: "Claim sa member benefits (pagkaospital)" },
    });
    expect(fil.one.body).toMatch(/^May rider na nag-file ng claim na ₱5,500.00 \(pagkaospital\) noong /);
    expect(fil.listed).toMatchObject({ title: fil.one.title, body: fil.one.body });
    expect(fil.notification.body).toContain("Claim sa member benefits: pagkaospital, ₱5,500.00");
    expect(fil.html.proposal).toContain("Claim sa member benefits: pagkaospital, ₱5,500.00");
    expect(fil.html.coop).toContain("Claim sa member benefits: pagkaospital, ₱5,500.00");
    for (const english of ENGLISH) expect(JSON.stringify(fil), english).not.toContain(english);

    const en = await read(inEnglish);
    expect(en.one).toMatchObject({
      title: "Member benefit claim: hospitalisation, ₱5,500.00",
      payout: { purpose: "Member benefit claim (hospitalisation)" },
    });
    expect(en.one.body).toMatch(/^A rider filed a claim for ₱5,500.00 \(hospitalisation\) on /);
    expect(en.listed).toMatchObject({ title: en.one.title, body: en.one.body });
    expect(en.notification.body).toContain("Member benefit claim: hospitalisation, ₱5,500.00");
    expect(en.html.proposal).toContain("Member benefit claim: hospitalisation, ₱5,500.00");
    for (const filipino of FILIPINO) expect(JSON.stringify(en), filipino).not.toContain(filipino);

    // A reader who chose no language: the request's (as every /api text).
    const unset = await member();
    const asked = await api(`/api/proposals/${id}`, {
      cookie: unset.cookie,
      headers: { "Accept-Language": "fil-PH,fil;q=0.9" },
    });
    expect(asked.json.title).toBe("Claim sa member benefits: pagkaospital, ₱5,500.00");

    // The SMS, in each member's own language.
    while ((await textProposalNews(env)) > 0);
    const texts = (
      await env.DB.prepare("SELECT recipient, body FROM messages WHERE purpose = 'proposal' AND ref = ?1")
        .bind(id)
        .all<{ recipient: string; body: string }>()
    ).results;
    const smsTo = (caller: Caller) => texts.find((text) => text.recipient === caller.user.phoneNumber)!.body;
    expect(smsTo(inFilipino)).toContain("Claim sa member benefits: pagkaospital, ₱5,500.00");
    for (const english of ENGLISH) expect(smsTo(inFilipino)).not.toContain(english);
    expect(smsTo(inEnglish)).toContain("Member benefit claim: hospitalisation, ₱5,500.00");
    for (const filipino of FILIPINO) expect(smsTo(inEnglish)).not.toContain(filipino);
  });

  it("the longest title the system writes fits a proposal's 120 characters; a proposal stored in the old joined form reads as stored", async () => {
    const longest = claimProposal({
      proposalId: "p",
      claimId: "c",
      kind: "hospitalisation",
      amount: 99_999_999_999 as Centavos,
      limit: 500_000 as Centavos,
      openerId: "o",
      at: Date.now(),
    });
    expect(longest.title.length).toBeLessThanOrEqual(120);
    const claimant = await rider();
    const old = await legacyClaim(claimant, 600_000, "in_vote");
    const joined = "Member benefit claim: accident, ₱6,000.00 / Claim sa member benefits: aksidente, ₱6,000.00";
    await env.DB.prepare("UPDATE proposals SET title = ?2 WHERE id = ?1").bind(old.proposalId, joined).run();
    const answer = await api(`/api/proposals/${old.proposalId}`, {
      cookie: (await member({ language: "fil" })).cookie,
    });
    expect(answer.json).toMatchObject({ title: joined, payout: { purpose: "Member benefit claim (accident)" } });
  });
});

describe("the members' vote on a claim above the limit", () => {
  const voteAndClose = async (proposalId: string, choice: "yes" | "no") => {
    await env.DB.prepare("UPDATE proposals SET entitled = 1 WHERE id = ?1").bind(proposalId).run();
    const ballot = await api(`/api/proposals/${proposalId}/ballot`, {
      method: "PUT",
      cookie: (await member()).cookie,
      body: { choice },
    });
    expect(ballot.status, ballot.text).toBe(200);
    await env.DB.prepare("UPDATE proposals SET closes_at = ?2 WHERE id = ?1")
      .bind(proposalId, Date.now() - 1000)
      .run();
    const closes = await Promise.all([closeProposal(env.DB, proposalId), closeProposal(env.DB, proposalId)]);
    expect(closes.filter((close) => close.closed)).toHaveLength(1);
    expect((await closeProposal(env.DB, proposalId)).closed).toBe(false);
  };

  it("passed: the claim is approved and its benefit booked once, however often the close runs; failed: rejected, nothing booked", async () => {
    await fundIn(3_000_000);
    const claimant = await rider();
    const claim = await fileOk(claimant, { amount: "9000" });
    const fundBefore = await fundBalance(env.DB);
    await voteAndClose(claim.proposalId!, "yes");
    expect((await claimRow(claim.id))!.status).toBe("approved");
    expect(
      await env.DB.prepare("SELECT amount, source_id FROM ledger_entries WHERE rider_id = ?1 AND kind = 'benefit'")
        .bind(claimant.user.id)
        .all(),
    ).toMatchObject({ results: [{ amount: 900000, source_id: `claim:${claim.id}` }] });
    expect(await fundBalance(env.DB)).toBe(fundBefore - 900000);
    expect((await api("/api/notifications", { cookie: claimant.cookie })).json.notifications[0]).toMatchObject({
      kind: "claim_decided",
      title: "Claim approved",
    });

    const lost = await fileOk(claimant, { kind: "calamity", amount: "8000" });
    await voteAndClose(lost.proposalId!, "no");
    expect((await claimRow(lost.id))!.status).toBe("rejected");
    expect(await benefitEntries(claimant.user.id)).toBe(1);
    expect((await api("/api/notifications", { cookie: claimant.cookie })).json.notifications[0]).toMatchObject({
      kind: "claim_decided",
      title: "Claim not approved",
      body: "Your calamity claim of ₱8,000.00 was not approved: the members' vote did not pass it",
    });
  });
});

describe("the claim approval limit is a co-op setting", () => {
  it("an admin changes it like any setting (history labelled); claims filed after follow it, those filed before keep their way", async () => {
    const admin = await signedIn("admin");
    const claimant = await rider();
    const before = await fileOk(claimant, { amount: "1500" });
    const current = await api("/api/admin/settings", { cookie: admin.cookie });
    expect(current.json.settings.claimApprovalLimit).toBe(5000);
    const saved = await putSettings(admin.cookie, {
      ...current.json.settings,
      claimApprovalLimit: 1000,
      confirmLargeChange: true,
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json.settings.claimApprovalLimit).toBe(1000);
    const history = await api("/api/admin/settings", { cookie: admin.cookie });
    expect(history.json.history[0].changes).toEqual([
      expect.objectContaining({
        path: "claimApprovalLimit",
        before: { kind: "pesos", centavos: 500000 },
        after: { kind: "pesos", centavos: 100000 },
      }),
    ]);
    const negative = await putSettings(admin.cookie, { ...current.json.settings, claimApprovalLimit: -1 });
    expect(negative.status).toBe(400);
    expect(Object.keys(negative.json.errors)).toEqual(["claimApprovalLimit"]);

    expect((await fileOk(claimant, { amount: "1500" })).status).toBe("in_vote");
    expect((await fileOk(await rider(), { amount: "1000" })).status).toBe("pending");
    expect((await claimRow(before.id))!.status).toBe("pending");
    // Left out of a save (an older client), the limit in force stays.
    const { claimApprovalLimit: _limit, ...withoutLimit } = saved.json.settings;
    expect(
      (await putSettings(admin.cookie, { ...withoutLimit, confirmLargeChange: true })).json.settings.claimApprovalLimit,
    ).toBe(1000);
    expect(
      (await putSettings(admin.cookie, { ...current.json.settings, confirmLargeChange: true })).json.settings
        .claimApprovalLimit,
    ).toBe(5000);
  });
});

describe("/admin/claims without JavaScript", () => {
  async function post(fields: Record<string, string>, cookie?: string) {
    const headers: Record<string, string> = {
      Origin: ORIGIN,
      Host: "localhost",
      "Content-Type": "application/x-www-form-urlencoded",
    };
    if (cookie) headers.Cookie = cookie;
    const response = await SELF.fetch(`${ORIGIN}/admin/claims`, {
      method: "POST",
      headers,
      body: new URLSearchParams(fields).toString(),
      redirect: "manual",
    });
    return { status: response.status, location: response.headers.get("Location"), text: await response.text() };
  }
  const key = () => crypto.randomUUID();

  it("shows the pending claims with their photo links; Approve and Reject post the form and are stored", async () => {
    await fundIn(300_000);
    const admin = await signedIn("admin");
    const claimant = await rider({ firstName: "Jun", lastName: "Villanueva" });
    const claim = await fileOk(claimant, { kind: "calamity", note: "Our house in Marikina flooded." }, [
      { bytes: JPEG },
    ]);
    const page = await SELF.fetch(`${ORIGIN}/admin/claims`, { headers: { Cookie: admin.cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Our house in Marikina flooded.");
    expect(html).toContain("Jun Villanueva");
    expect(html).toContain(`/api/coop/claims/${claim.id}/photos/1`);
    expect(html).toContain("₱1,500.50");

    const noReason = await post(
      { intent: "decide", claimId: claim.id, decision: "reject", reason: "", idempotencyKey: key() },
      admin.cookie,
    );
    expect(noReason.status).toBe(400);
    expect((await claimRow(claim.id))!.status).toBe("pending");

    const approved = await post(
      { intent: "decide", claimId: claim.id, decision: "approve", reason: "", idempotencyKey: key() },
      admin.cookie,
    );
    expect(approved.status).toBe(302);
    expect(approved.location).toBe("/admin/claims");
    expect((await claimRow(claim.id))!.status).toBe("approved");
    expect(await benefitEntries(claimant.user.id)).toBe(1);

    const other = await fileOk(claimant);
    const rejected = await post(
      {
        intent: "decide",
        claimId: other.id,
        decision: "reject",
        reason: "Not a co-op delivery day.",
        idempotencyKey: key(),
      },
      admin.cookie,
    );
    expect(rejected.status).toBe(302);
    expect(await claimRow(other.id)).toMatchObject({ status: "rejected", reason: "Not a co-op delivery day." });
  });

  it("answers anonymous 401, a customer and a rider 403 and changes nothing", async () => {
    const claim = await fileOk(await rider());
    for (const cookie of [(await signedIn("user")).cookie, (await rider()).cookie]) {
      const page = await SELF.fetch(`${ORIGIN}/admin/claims`, { headers: { Cookie: cookie } });
      expect(page.status).toBe(403);
      expect(await page.text()).not.toContain(claim.note);
    }
    for (const [who, cookie, status] of [
      ["anonymous", undefined, 401],
      ["customer", (await signedIn("user")).cookie, 403],
      ["rider", (await rider()).cookie, 403],
    ] as const) {
      const answer = await post(
        { intent: "decide", claimId: claim.id, decision: "approve", idempotencyKey: key() },
        cookie,
      );
      expect(answer.status, who).toBe(status);
    }
    expect((await claimRow(claim.id))!.status).toBe("pending");
  });
});
