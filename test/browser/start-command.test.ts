import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
// @ts-ignore -- plain ESM script shared with `npm start`
import { freePort, ROOT } from "../../scripts/local-env.mjs";

/**
 * The README's `npm start`, as a person runs it: the moment it says "running at", it has listed the
 * README's demo accounts, they sign in with their names, and what the README promises of them can be
 * tried; SIGTERM to npm frees the port. (Runs with the browser tests because it needs the same
 * built app and a free port, not Chromium.)
 */

const portIsOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });

async function post(origin: string, pathname: string, body: unknown, { cookie = "", method = "POST" } = {}) {
  const response = await fetch(`${origin}${pathname}`, {
    method,
    headers: { "Content-Type": "application/json", Origin: origin, Cookie: cookie },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    json: (await response.json()) as Record<string, any>,
    cookie: response.headers.get("Set-Cookie"),
  };
}

/** Signs a demo number in as a person does: a code to the outbox, verified, exchanged for a session. */
async function signIn(origin: string, phoneNumber: string) {
  const sent = await post(origin, "/api/identity/sms/send", { phoneNumber });
  expect(sent.status).toBe(200);
  const outbox = (await (await fetch(`${origin}/api/dev/outbox`)).json()) as { to: string; code?: string }[];
  const code = outbox.find((message) => message.to === `+63${phoneNumber.slice(1)}`)?.code;
  const verified = await post(origin, "/api/identity/sms/verify", { verificationId: sent.json.verificationId, code });
  expect(verified.status).toBe(200);
  const signedIn = await post(origin, "/api/auth/phone", { idToken: verified.json.idToken });
  expect(signedIn.status).toBe(200);
  expect(signedIn.cookie).toMatch(/hatid_session=/);
  return { user: signedIn.json, cookie: signedIn.cookie!.split(";")[0]! };
}

/** The README's table of demo accounts, as "number  name  what it is for". */
const readmeAccounts = () =>
  [...readFileSync(path.join(ROOT, "README.md"), "utf8").matchAll(/^\| (09\d{9}) \| ([^|]+) \| ([^|]+) \|$/gm)].map(
    (m) => `${m[1]}  ${m[2]!.trim()}  ${m[3]!.trim()}`,
  );

const persistTo = mkdtempSync(path.join(tmpdir(), "hatid-start-"));
afterAll(() => rmSync(persistTo, { recursive: true, force: true }));

describe("npm start", () => {
  it("is ready when it says so, lists the README's accounts, keeps the README's promises at once, and SIGTERM to npm frees the port", {
    timeout: 180_000,
  }, async () => {
    const port: number = await freePort();
    const npm = spawn("npm", ["start"], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), HATID_PERSIST_TO: persistTo },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    npm.stdout.on("data", (chunk) => (output += chunk));
    npm.stderr.on("data", (chunk) => (output += chunk));

    try {
      const origin = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no "running at" within 150 s:\n${output}`)), 150_000);
        npm.stdout.on("data", () => {
          const match = /running at (http:\/\/\S+)/.exec(output);
          if (match?.[1]) {
            clearTimeout(timer);
            resolve(match[1]);
          }
        });
        npm.once("exit", (code) => reject(new Error(`npm start exited (${code}) before it was ready:\n${output}`)));
      });

      // The banner lists the README's eight demo accounts, as its table says them.
      const banner = [...output.matchAll(/^ {4}(09\d{9}) {2}(.{16}) (.+)$/gm)].map(
        (m) => `${m[1]}  ${m[2]!.trim()}  ${m[3]!.trim()}`,
      );
      expect(readmeAccounts()).toHaveLength(8);
      expect(banner).toEqual(readmeAccounts());

      // At once, as a person would: Carla Customer signs in and is greeted by name.
      const carla = await signIn(origin, "09170000004");
      expect(carla.user).toMatchObject({ firstName: "Carla", lastName: "Customer" });

      // What README.md promises can be tried at once (decision 0212). Rico has a balance: a GCash cash-out is paid.
      const [ana, rico, mila, nonoy] = [
        await signIn(origin, "09170000001"),
        await signIn(origin, "09170000002"),
        await signIn(origin, "09170000007"),
        await signIn(origin, "09170000008"),
      ];
      const ledger = (await (
        await fetch(`${origin}/api/rider/ledger`, { headers: { Cookie: rico.cookie } })
      ).json()) as { balance: number };
      expect(ledger.balance).toBeGreaterThan(100);
      const cashout = await post(
        origin,
        "/api/rider/cashouts",
        { amount: 100, method: "gcash", account: "09170000002", accountName: "Rico Rider" },
        { cookie: rico.cookie },
      );
      expect(cashout.status, JSON.stringify(cashout.json)).toBe(201);
      expect(cashout.json.cashout.status).toBe("paid");
      // Rosa owes the co-op what her customers paid her in cash: Ana records her remittance, and approves her claim.
      const remitted = await post(
        origin,
        "/api/admin/riders/demo-user-rosa/remittances",
        { amount: 20 },
        { cookie: ana.cookie },
      );
      expect(remitted.status, JSON.stringify(remitted.json)).toBe(201);
      const approved = await post(
        origin,
        "/api/admin/claims/demo-claim-rosa/decision",
        { decision: "approve" },
        { cookie: ana.cookie },
      );
      expect(approved.status, JSON.stringify(approved.json)).toBe(200);
      // Nonoy's claim is in the members' vote: their Yes, the voting clock, the cron, and it is paid.
      for (const member of [rico, mila, nonoy]) {
        const voted = await post(
          origin,
          "/api/proposals/demo-proposal-claim-nonoy/ballot",
          { choice: "yes" },
          { cookie: member.cookie, method: "PUT" },
        );
        expect(voted.status, JSON.stringify(voted.json)).toBe(200);
      }
      const ended = await fetch(`${origin}/dev/proposals`, {
        method: "POST",
        headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
        body: "proposalId=demo-proposal-claim-nonoy",
      });
      expect(ended.status).toBe(200);
      expect((await fetch(`${origin}/cdn-cgi/local/scheduled`)).ok).toBe(true);
      const claimsOf = async (cookie: string) =>
        (
          (await (await fetch(`${origin}/api/coop/claims`, { headers: { Cookie: cookie } })).json()) as {
            claims: { id: string; amount: number; status: string }[];
          }
        ).claims;
      expect(await claimsOf(nonoy.cookie)).toContainEqual(
        expect.objectContaining({ id: "demo-claim-nonoy", amount: 5500, status: "approved" }),
      );
      expect(await claimsOf((await signIn(origin, "09170000003")).cookie)).toContainEqual(
        expect.objectContaining({ id: "demo-claim-rosa", amount: 2500, status: "approved" }),
      );

      // The landing it serves is a public page (decision 0188): its own scripts, built by `npm start`, and no React.
      const landing = await (await fetch(`${origin}/`, { headers: { Accept: "text/html" } })).text();
      const scripts = [...landing.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((match) => match[1]!);
      expect(scripts.length).toBeGreaterThan(0);
      for (const src of scripts) {
        expect(src).toMatch(/^\/build\/pages\/[a-z-]+-[0-9A-Z]{8}\.js$/);
        expect((await fetch(`${origin}${src}`)).status, src).toBe(200);
      }
      expect(landing).not.toContain("modulepreload");

      expect(output).not.toMatch(/Unable to fetch the `Request\.cf` object/);
    } finally {
      npm.kill("SIGTERM");
    }

    const deadline = Date.now() + 10_000;
    while ((await portIsOpen(port)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    expect(await portIsOpen(port)).toBe(false);
  });
});

describe("npm start and npm test on a Node older than 22.12", () => {
  // Node 20 is faked by replacing process.versions before the script runs, as on a machine with an old Node.
  const fakeNode20 = `data:text/javascript,Object.defineProperty(process, "versions", { value: { ...process.versions, node: "20.11.1" } });`;

  for (const script of ["scripts/start.mjs", "scripts/test.mjs"]) {
    it(`${script} refuses in one line that names the next step`, () => {
      const run = spawnSync(process.execPath, ["--import", fakeNode20, script], {
        cwd: ROOT,
        encoding: "utf8",
        timeout: 30_000,
      });
      expect(run.status).toBe(1);
      expect(run.stdout).toBe("");
      const lines = run.stderr.trim().split("\n");
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^Hatid needs Node 22\.12 or newer; this is Node 20\.11\.1\./);
      expect(lines[0]).toContain("nvm install 24");
      expect(lines[0]).toContain('"Node 22.12 or newer" in README.md');
    });
  }
});
