import { SELF } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { closeProposal } from "~/coop/close.server";
import { api, ORIGIN, signedIn } from "./helpers";

/**
 * The co-op's pages: /coop, a proposal's page with its ballot, and opening a proposal,
 * each a form posting to its page's action (decision 0187), without JavaScript; who may see them,
 * the same people as the co-op's API (decision 0215); the claims form with photos of a phone's size.
 * Own world: claims hold part of the fund, a whole-database figure.
 */

type Caller = Awaited<ReturnType<typeof signedIn>>;
const member = (overrides: Parameters<typeof signedIn>[1] = {}) =>
  signedIn("rider", { memberSince: new Date(Date.now() - 86_400_000), riderApprovedAt: new Date(), ...overrides });

/** The page's markup without its scripts (which carry the page's whole message catalog). */
const shown = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, "");

async function page(path: string, cookie?: string) {
  const response = await SELF.fetch(`${ORIGIN}${path}`, {
    headers: cookie ? { Cookie: cookie } : {},
    redirect: "manual",
  });
  return { status: response.status, html: shown(await response.text()) };
}

async function post(path: string, fields: Record<string, string>, cookie?: string) {
  const headers: Record<string, string> = {
    Origin: ORIGIN,
    Host: new URL(ORIGIN).host,
    "Content-Type": "application/x-www-form-urlencoded",
  };
  if (cookie) headers.Cookie = cookie;
  const response = await SELF.fetch(`${ORIGIN}${path}`, {
    method: "POST",
    headers,
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
  return { status: response.status, location: response.headers.get("Location"), html: shown(await response.text()) };
}

const proposalCount = async () =>
  (await env.DB.prepare("SELECT count(*) AS n FROM proposals").first<{ n: number }>())!.n;
const formKey = () => crypto.randomUUID();

async function openResolution(opener: Caller, title = `Rain shelter at the hub ${crypto.randomUUID().slice(0, 8)}`) {
  const answer = await post(
    "/coop/proposals/new",
    { kind: "resolution", title, body: "Before June.", votingDays: "7", idempotencyKey: formKey() },
    opener.cookie,
  );
  expect(answer.status, answer.html).toBe(302);
  expect(answer.location).toMatch(/^\/coop\/proposals\/[0-9a-f-]{36}$/);
  return { id: answer.location!.split("/").pop()!, title };
}

describe("/coop and a proposal's page", () => {
  it("are for riders (members or not) and admins: a customer gets the notice (403), a visitor the landing page", async () => {
    const opener = await member();
    const { id, title } = await openResolution(opener);
    for (const [who, caller] of [
      ["member", opener],
      ["rider, not a member", await signedIn("rider", { riderApprovedAt: new Date() })],
      ["admin", await signedIn("admin")],
    ] as const) {
      const list = await page("/coop", caller.cookie);
      expect(list.status, who).toBe(200);
      expect(list.html, who).toContain(title);
      const one = await page(`/coop/proposals/${id}`, caller.cookie);
      expect(one.status, who).toBe(200);
      expect(one.html, who).toContain("quorum");
    }
    const customer = await signedIn("user");
    for (const path of ["/coop", `/coop/proposals/${id}`, "/coop/proposals/new"]) {
      const denied = await page(path, customer.cookie);
      expect(denied.status, path).toBe(403);
      expect(denied.html).toContain("The co-op&#x27;s pages are for riders and admins.");
      expect(denied.html).not.toContain(title);
      const visitor = await page(path);
      expect(visitor.status, path).toBe(200);
      expect(visitor.html).not.toContain(title);
    }
    const missing = await page("/coop/proposals/not-a-proposal", opener.cookie);
    expect(missing.status).toBe(404);
    // Thrown by the loader, shown by the signed-in layout's boundary: the words under the top bar, a way home.
    expect(missing.html).toContain("This proposal was not found. Reload the list of proposals and try again.");
    expect(missing.html).toContain('class="top-nav');
    expect(missing.html).toContain('href="/"');
  });

  it("a member votes with the form, sees the turnout but no totals until the close, changes the ballot; a rider who is not a member is refused and nothing is stored", async () => {
    const opener = await member();
    const { id } = await openResolution(opener);
    const voter = await member();
    const before = await page(`/coop/proposals/${id}`, voter.cookie);
    expect(before.html).toContain("The totals show to everyone once voting closes.");
    expect(before.html).toContain("Cast my vote");

    const voted = await post(`/coop/proposals/${id}`, { choice: "yes" }, voter.cookie);
    expect(voted.status).toBe(302);
    expect(voted.location).toBe(`/coop/proposals/${id}`);
    const after = await page(`/coop/proposals/${id}`, voter.cookie);
    expect(after.html).toContain("Change my vote");
    expect(after.html).toMatch(/1 of \d+ members have voted/);
    expect(after.html).toContain("The totals show to everyone once voting closes.");
    expect(after.html).not.toContain('data-testid="totals"');
    const filipinoVoter = await member({ language: "fil" });
    expect((await post(`/coop/proposals/${id}`, { choice: "abstain" }, filipinoVoter.cookie)).status).toBe(302);
    const filipino = await page(`/coop/proposals/${id}`, filipinoVoter.cookie);
    expect(filipino.html).toContain("Makikita ng lahat ang bilang pagkasara ng botohan.");
    expect(filipino.html).not.toContain('data-testid="totals"');
    for (const list of [await page("/coop", voter.cookie), await page("/coop", filipinoVoter.cookie)])
      expect(list.html).not.toContain('data-testid="totals"');

    expect((await post(`/coop/proposals/${id}`, { choice: "no" }, voter.cookie)).status).toBe(302);
    expect((await page(`/coop/proposals/${id}`, voter.cookie)).html).not.toContain('data-testid="totals"');

    const missing = await post(`/coop/proposals/${id}`, {}, voter.cookie);
    expect(missing.status).toBe(400);
    expect(missing.html).toContain("Vote Yes, No or Abstain.");
    const notMember = await post(
      `/coop/proposals/${id}`,
      { choice: "yes" },
      (await signedIn("rider", { riderApprovedAt: new Date() })).cookie,
    );
    expect(notMember.status).toBe(403);
    expect(notMember.html).toContain("Only member-owners who are not suspended can vote.");
    expect((await post(`/coop/proposals/${id}`, { choice: "yes" }, (await signedIn("user")).cookie)).status).toBe(403);
    expect((await post(`/coop/proposals/${id}`, { choice: "yes" })).status).toBe(401);
    const turnout = await env.DB.prepare("SELECT count(*) AS n FROM proposal_voters WHERE proposal_id = ?1")
      .bind(id)
      .first<{ n: number }>();
    expect(turnout!.n).toBe(2);

    // Closed: the form is gone and a late ballot is refused in words.
    await closeProposal(env.DB, id, Date.now() + 8 * 86_400_000);
    const closed = await page(`/coop/proposals/${id}`, voter.cookie);
    expect(closed.html).not.toContain("Change my vote");
    expect(closed.html).toContain("Yes 0 · No 1 · Abstain 1");
    const late = await post(`/coop/proposals/${id}`, { choice: "yes" }, voter.cookie);
    expect(late.status).toBe(409);
    expect(late.html).toContain("Voting on this proposal has closed.");
  });

  it("opens a settings proposal by naming one setting and its new value, shown as before → after; a bad value is refused on its field", async () => {
    const opener = await member();
    const form = await page("/coop/proposals/new?kind=settings", opener.cookie);
    expect(form.status).toBe(200);
    expect(form.html).toMatch(/Base fare \(now ₱[\d,.]+\)/);

    const count = await proposalCount();
    const negative = await post(
      "/coop/proposals/new",
      {
        kind: "settings",
        title: "Lower the base fare",
        setting: "rateCard.baseFare",
        value: "-5",
        votingDays: "7",
        idempotencyKey: formKey(),
      },
      opener.cookie,
    );
    expect(negative.status).toBe(400);
    expect(negative.html).toContain("cannot be negative");
    const unchanged = await post(
      "/coop/proposals/new",
      { kind: "settings", title: "Nothing", setting: "nope", value: "5", votingDays: "7", idempotencyKey: formKey() },
      opener.cookie,
    );
    expect(unchanged.status).toBe(400);
    expect(unchanged.html).toContain("Choose the setting to change.");
    expect(await proposalCount()).toBe(count);

    const opened = await post(
      "/coop/proposals/new",
      {
        kind: "settings",
        title: "Base fare ₱65",
        body: "",
        setting: "rateCard.baseFare",
        value: "65",
        votingDays: "3",
        idempotencyKey: formKey(),
      },
      opener.cookie,
    );
    expect(opened.status, opened.html).toBe(302);
    const shown = await page(opened.location!, opener.cookie);
    expect(shown.html).toContain("Base fare ₱65");
    expect(shown.html).toMatch(/₱[\d,.]+ → ₱65\.00/);
    const stored = await api(`/api/proposals/${opened.location!.split("/").pop()}`, { cookie: opener.cookie });
    expect(stored.json.settingsChanges).toEqual([
      expect.objectContaining({ field: "rateCard.baseFare", after: "₱65.00" }),
    ]);
  });

  it("tells every member-owner who may vote but the opener, in the bell, with a link to the proposal", async () => {
    const opener = await member();
    const other = await member();
    const suspended = await member({ riderSuspendedAt: new Date(), riderSuspensionReason: "Late remittance" });
    const customer = await signedIn("user");
    const { id, title } = await openResolution(opener);
    const told = async (caller: Caller) =>
      (
        await env.DB.prepare(
          "SELECT title, body, url FROM notifications WHERE user_id = ?1 AND kind = 'proposal_opened' AND url = ?2",
        )
          .bind(caller.user.id, `/coop/proposals/${id}`)
          .all()
      ).results;
    expect(await told(other)).toHaveLength(1);
    for (const caller of [opener, suspended, customer]) expect(await told(caller)).toHaveLength(0);
    const bell = await api("/api/notifications", { cookie: other.cookie });
    expect(JSON.stringify(bell.json)).toContain(`“${title}” is open for voting until`);
  });

  it("/dev/proposals, which ends a vote now on a local run, does not exist outside development: 404, and the vote keeps its time", async () => {
    const { id } = await openResolution(await member());
    const before = await env.DB.prepare("SELECT closes_at FROM proposals WHERE id = ?1")
      .bind(id)
      .first<{ closes_at: number }>();
    expect((await page("/dev/proposals")).status).toBe(404);
    expect((await post("/dev/proposals", { proposalId: id }, (await signedIn("admin")).cookie)).status).toBe(404);
    const after = await env.DB.prepare("SELECT closes_at FROM proposals WHERE id = ?1")
      .bind(id)
      .first<{ closes_at: number }>();
    expect(after!.closes_at).toBe(before!.closes_at);
  });

  it("opens once per form, however often it is sent; customers and riders who are not members cannot open one", async () => {
    const opener = await member();
    const key = formKey();
    const fields = { kind: "resolution", title: `Once ${key.slice(0, 8)}`, votingDays: "7", idempotencyKey: key };
    const count = await proposalCount();
    const answers = await Promise.all([
      post("/coop/proposals/new", fields, opener.cookie),
      post("/coop/proposals/new", fields, opener.cookie),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([302, 302]);
    expect(answers[0]!.location).toBe(answers[1]!.location);
    expect(await proposalCount()).toBe(count + 1);

    const riderForm = await page(
      "/coop/proposals/new",
      (await signedIn("rider", { riderApprovedAt: new Date() })).cookie,
    );
    expect(riderForm.html).toContain("Only member-owners and admins can open a proposal.");
    const refused = await post(
      "/coop/proposals/new",
      { ...fields, idempotencyKey: formKey() },
      (await signedIn("rider", { riderApprovedAt: new Date() })).cookie,
    );
    expect(refused.status).toBe(403);
    expect(
      (await post("/coop/proposals/new", { ...fields, idempotencyKey: formKey() }, (await signedIn("user")).cookie))
        .status,
    ).toBe(403);
    const badKind = await post(
      "/coop/proposals/new",
      { ...fields, kind: "coup", idempotencyKey: formKey() },
      opener.cookie,
    );
    expect(badKind.status).toBe(400);
    expect(await proposalCount()).toBe(count + 1);
  });
});

describe("/coop/fund and /coop/claims", { timeout: 60_000 }, () => {
  const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(64).fill(7)]);
  beforeAll(() =>
    env.DB.prepare("INSERT INTO daily_totals (day, member_benefits_share) VALUES ('2024-02-01', 5000000)").run(),
  );

  async function postClaim(fields: Record<string, string>, cookie: string, photo = true) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    if (photo) form.append("photos", new Blob([PNG], { type: "image/png" }), "receipt.png");
    const response = await SELF.fetch(`${ORIGIN}/coop/claims`, {
      method: "POST",
      headers: { Origin: ORIGIN, Host: new URL(ORIGIN).host, Cookie: cookie },
      body: form,
      redirect: "manual",
    });
    return { status: response.status, location: response.headers.get("Location"), html: shown(await response.text()) };
  }
  /** A PNG's signature and `bytes` in all: what the server judges a photo by, at a phone photo's size. */
  const photoOf = (bytes: number) => {
    const photo = new Uint8Array(bytes);
    crypto.getRandomValues(photo.subarray(0, 65_536));
    photo.set(PNG.subarray(0, 8));
    return photo;
  };
  async function postClaimWith(
    fields: Record<string, string>,
    cookie: string,
    photos: Uint8Array[],
    path = "/coop/claims",
  ) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    for (const [i, photo] of photos.entries())
      form.append("photos", new Blob([photo as BlobPart], { type: "image/png" }), `IMG_000${i + 1}.png`);
    const response = await SELF.fetch(`${ORIGIN}${path}`, {
      method: "POST",
      headers: { Origin: ORIGIN, Host: new URL(ORIGIN).host, Cookie: cookie },
      body: form,
      redirect: "manual",
    });
    return { status: response.status, location: response.headers.get("Location"), html: shown(await response.text()) };
  }
  const claimsOf = async (userId: string) =>
    (
      await env.DB.prepare("SELECT status, amount, photos FROM fund_claims WHERE claimant_id = ?1")
        .bind(userId)
        .all<{ status: string; amount: number; photos: string }>()
    ).results;

  it("the fund's page shows the balance the API answers; a customer gets the notice", async () => {
    const rider = await signedIn("rider", { riderApprovedAt: new Date() });
    const api_ = await api("/api/coop/fund", { cookie: rider.cookie });
    expect(api_.status).toBe(200);
    const fund = await page("/coop/fund", rider.cookie);
    expect(fund.status).toBe(200);
    const balance = new Intl.NumberFormat("en-PH", {
      style: "currency",
      currency: "PHP",
      minimumFractionDigits: 2,
    }).format(api_.json.balance as number);
    expect(fund.html).toContain(`data-testid="fund-balance" data-money="true">${balance}<`);
    expect((await page("/coop/fund", (await signedIn("user")).cookie)).status).toBe(403);
  });

  it("a rider files a claim with a photo by the plain form; a claim without its note is refused on its field and nothing is stored", async () => {
    const rider = await signedIn("rider", { riderApprovedAt: new Date() });
    const refused = await postClaim(
      { kind: "accident", amount: "1500", note: "", idempotencyKey: formKey() },
      rider.cookie,
    );
    expect(refused.status).toBe(400);
    expect(refused.html).toContain("Tell us what happened in the note.");
    expect(await claimsOf(rider.user.id)).toEqual([]);

    const filed = await postClaim(
      { kind: "accident", amount: "1500.50", note: "Sideswiped on EDSA, two stitches.", idempotencyKey: formKey() },
      rider.cookie,
    );
    expect(filed.status, filed.html).toBe(302);
    expect(filed.location).toBe("/coop/claims");
    const stored = await claimsOf(rider.user.id);
    expect(stored).toMatchObject([{ status: "pending", amount: 150050 }]);
    expect(JSON.parse(stored[0]!.photos)).toHaveLength(1);
    const list = await page("/coop/claims", rider.cookie);
    expect(list.html).toContain("Waiting for an admin");
    expect(list.html).toContain("₱1,500.50");

    const customer = await postClaim(
      { kind: "accident", amount: "100", note: "x", idempotencyKey: formKey() },
      (await signedIn("user")).cookie,
    );
    expect(customer.status).toBe(403);
  });

  it("without JavaScript, the form takes three photos of 4 MB (a phone's) and files the claim; the admin opens each photo", async () => {
    const rider = await signedIn("rider", { riderApprovedAt: new Date(), firstName: "Pia", lastName: "Photos" });
    const photos = [1, 2, 3].map((n) => photoOf(4 * 1024 * 1024 + n * 1000));
    const filed = await postClaimWith(
      {
        kind: "hospitalisation",
        amount: "2500",
        note: "Three days at the Pasig clinic; bill, receipt and certificate.",
        idempotencyKey: formKey(),
      },
      rider.cookie,
      photos,
    );
    expect(filed.status, filed.html.slice(0, 400)).toBe(302);
    expect(filed.location).toBe("/coop/claims");
    const [stored] = await claimsOf(rider.user.id);
    expect(stored).toMatchObject({ status: "pending", amount: 250_000 });
    const list = await page("/coop/claims", rider.cookie);
    expect(list.html).toContain("₱2,500.00");
    const admin = await signedIn("admin");
    const claim = (await api(`/api/coop/claims?status=pending&limit=100`, { cookie: admin.cookie })).json.claims.find(
      (c: { claimant: { id: string } }) => c.claimant.id === rider.user.id,
    );
    expect(claim.photos).toHaveLength(3);
    for (const [i, photo] of (claim.photos as { url: string }[]).entries()) {
      const response = await SELF.fetch(`${ORIGIN}${photo.url}`, { headers: { Cookie: admin.cookie } });
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("image/png");
      expect(new Uint8Array(await response.arrayBuffer())).toEqual(photos[i]);
    }
  });

  it("its data request (the form with JavaScript) takes the same, and more than 3 photos of 5 MB is refused in words, on every path a claim is sent to", async () => {
    const rider = await signedIn("rider", { riderApprovedAt: new Date() });
    const photos = [1, 2, 3].map(() => photoOf(4 * 1024 * 1024));
    const withScript = await postClaimWith(
      { kind: "accident", amount: "300", note: "Fell off at a pothole on C5.", idempotencyKey: formKey() },
      rider.cookie,
      photos,
      "/coop/claims.data",
    );
    expect(withScript.status).toBeLessThan(400);
    expect(await claimsOf(rider.user.id)).toHaveLength(1);

    // A photo over 5 MB among small ones: the form says which.
    const oneTooLarge = await postClaimWith(
      { kind: "accident", amount: "300", note: "x", idempotencyKey: formKey() },
      rider.cookie,
      [photoOf(6 * 1024 * 1024), PNG],
    );
    expect(oneTooLarge.status).toBe(400);
    expect(oneTooLarge.html).toContain("Photo 1 is larger than 5 MB. Choose a smaller photo or take it again.");
    // Three over 5 MB: more than any claim may carry, refused while it is read, in words.
    const huge = [1, 2, 3].map(() => photoOf(5.5 * 1024 * 1024));
    for (const path of ["/coop/claims", "/coop/claims.data"]) {
      const refused = await postClaimWith(
        { kind: "accident", amount: "300", note: "x", idempotencyKey: formKey() },
        rider.cookie,
        huge,
        path,
      );
      expect(refused.status, path).toBe(413);
      expect(refused.html, path).toBe("The claim is too large to send: attach at most 3 photos of at most 5 MB each.");
    }
    const form = new FormData();
    for (const [name, value] of Object.entries({ kind: "accident", amount: "300", note: "x" })) form.set(name, value);
    for (const photo of huge) form.append("photos", new Blob([photo as BlobPart], { type: "image/png" }), "big.png");
    const fromApi = await SELF.fetch(`${ORIGIN}/api/coop/claims`, {
      method: "POST",
      headers: { Origin: ORIGIN, Cookie: rider.cookie, "Accept-Language": "fil" },
      body: form,
    });
    expect(fromApi.status).toBe(413);
    expect(await fromApi.json()).toMatchObject({
      code: "server.claims.uploadTooLarge",
      error: "Masyadong malaki ang claim para maipadala: hanggang 3 na litrato lang, at hanggang 5 MB bawat isa.",
    });
    expect(await claimsOf(rider.user.id)).toHaveLength(1);
  });

  it("with two claims waiting, the page gives the form's place to the reason; a third sent anyway is refused", async () => {
    const rider = await signedIn("rider", { riderApprovedAt: new Date() });
    for (const amount of ["10", "20"])
      expect(
        (await postClaim({ kind: "accident", amount, note: "Knee.", idempotencyKey: formKey() }, rider.cookie)).status,
      ).toBe(302);
    const shownPage = await page("/coop/claims", rider.cookie);
    expect(shownPage.html).toContain(
      "You have 2 claims waiting for a decision or for payment. You can file another once one of them is decided or paid.",
    );
    expect(shownPage.html).not.toContain("File the claim");
    const third = await postClaim(
      { kind: "accident", amount: "30", note: "Knee again.", idempotencyKey: formKey() },
      rider.cookie,
    );
    expect(third.status).toBe(409);
    expect(await claimsOf(rider.user.id)).toHaveLength(2);
  });
});

describe("who may see the co-op: the pages refuse the people its API refuses", { timeout: 60_000 }, () => {
  const decode = (text: string) =>
    text
      .replace(/&#x27;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, "&");

  it("anonymous, a customer, a rider who is not a member, a suspended rider, a member and an admin: each page answers as the API does, in the same words", async () => {
    const opener = await member();
    const { id, title } = await openResolution(opener);
    const callers: [string, Caller | undefined][] = [
      ["anonymous", undefined],
      ["customer", await signedIn("user")],
      ["rider, not a member", await signedIn("rider", { riderApprovedAt: new Date() })],
      [
        "suspended rider",
        await signedIn("rider", {
          riderApprovedAt: new Date(),
          riderSuspendedAt: new Date(),
          riderSuspensionReason: "Late remittance",
        }),
      ],
      ["suspended member", await member({ riderSuspendedAt: new Date(), riderSuspensionReason: "Unsafe riding" })],
      ["member", await member()],
      ["admin", await signedIn("admin")],
    ];
    const pairs: [page: string, api: string][] = [
      ["/coop", "/api/proposals"],
      [`/coop/proposals/${id}`, `/api/proposals/${id}`],
      ["/coop/proposals/new", "/api/proposals"],
      ["/coop/fund", "/api/coop/fund"],
      ["/coop/claims", "/api/coop/claims"],
    ];
    const expected: Record<string, number> = {
      anonymous: 401,
      customer: 403,
      "rider, not a member": 200,
      "suspended rider": 403,
      "suspended member": 403,
      member: 200,
      admin: 200,
    };
    for (const [who, caller] of callers) {
      for (const [pagePath, apiPath] of pairs) {
        const answer = await api(apiPath, { cookie: caller?.cookie });
        expect(answer.status, `${who} ${apiPath}`).toBe(expected[who]);
        const shownPage = await page(pagePath, caller?.cookie);
        if (!caller) {
          // Nobody signed in: the landing page with its sign-in, and nothing of the co-op.
          expect(shownPage.status, `${who} ${pagePath}`).toBe(200);
          expect(shownPage.html).not.toContain(title);
          expect(shownPage.html).not.toContain('data-testid="fund-balance"');
          expect(shownPage.html).not.toContain("Your co-op");
          continue;
        }
        expect(shownPage.status, `${who} ${pagePath}`).toBe(answer.status);
        if (answer.status === 403) {
          expect(decode(shownPage.html), `${who} ${pagePath}`).toContain(answer.json.error);
          expect(shownPage.html).not.toContain(title);
          expect(shownPage.html).not.toContain('data-testid="fund-balance"');
        }
      }
    }
    // A suspended rider's own words: the reason they were given, in the page as in the API.
    const suspended = callers[3]![1]!;
    expect(decode((await page("/coop/fund", suspended.cookie)).html)).toContain(
      "Your rider account is suspended: Late remittance",
    );
    // And the forms: a suspended member may not vote, open a proposal or file a claim.
    const barred = callers[4]![1]!;
    expect((await post(`/coop/proposals/${id}`, { choice: "yes" }, barred.cookie)).status).toBe(403);
    expect(
      (
        await post(
          "/coop/proposals/new",
          { kind: "resolution", title: "No", votingDays: "7", idempotencyKey: formKey() },
          barred.cookie,
        )
      ).status,
    ).toBe(403);
    const form = new FormData();
    for (const [name, value] of Object.entries({
      kind: "accident",
      amount: "10",
      note: "x",
      idempotencyKey: formKey(),
    }))
      form.set(name, value);
    const claim = await SELF.fetch(`${ORIGIN}/coop/claims`, {
      method: "POST",
      headers: { Origin: ORIGIN, Host: new URL(ORIGIN).host, Cookie: barred.cookie },
      body: form,
      redirect: "manual",
    });
    expect(claim.status).toBe(403);
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM fund_claims WHERE claimant_id = ?1").bind(barred.user.id).first(),
    ).toEqual({ n: 0 });
  });
});
