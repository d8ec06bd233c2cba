import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
// @ts-ignore -- plain ESM script shared with `npm start`
import { freePort, ROOT } from "../../scripts/local-env.mjs";

/**
 * The README's `npm start`, as a person runs it: the moment it says "running at", the demo accounts
 * sign in with their names; SIGTERM to npm frees the port. (Runs with the browser tests because it
 * needs the same built app and a free port, not Chromium.)
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

async function post(origin: string, pathname: string, body: unknown) {
  const response = await fetch(`${origin}${pathname}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown>, cookie: response.headers.get("Set-Cookie") };
}

const persistTo = mkdtempSync(path.join(tmpdir(), "hatid-start-"));
afterAll(() => rmSync(persistTo, { recursive: true, force: true }));

describe("npm start", () => {
  it("is ready when it says so, and SIGTERM to npm frees the port", { timeout: 180_000 }, async () => {
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

      // At once, as a person would: Carla Customer signs in and is greeted by name.
      const sent = await post(origin, "/api/identity/sms/send", { phoneNumber: "09170000004" });
      expect(sent.status).toBe(200);
      const outbox = (await (await fetch(`${origin}/api/dev/outbox`)).json()) as { to: string; code?: string }[];
      const code = outbox.find((message) => message.to === "+639170000004")?.code;
      const verified = await post(origin, "/api/identity/sms/verify", { verificationId: sent.json.verificationId, code });
      expect(verified.status).toBe(200);
      const signedIn = await post(origin, "/api/auth/phone", { idToken: verified.json.idToken });
      expect(signedIn.status).toBe(200);
      expect(signedIn.json).toMatchObject({ firstName: "Carla", lastName: "Customer" });
      expect(signedIn.cookie).toMatch(/hatid_session=/);

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
      const run = spawnSync(process.execPath, ["--import", fakeNode20, script], { cwd: ROOT, encoding: "utf8", timeout: 30_000 });
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
