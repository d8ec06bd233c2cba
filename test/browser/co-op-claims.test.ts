import { crc32, deflateSync } from "node:zlib";
import { randomBytes } from "node:crypto";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { adminCookie, signInAs } from "./auth";
import { baseURL, useBrowser } from "./browser";

const { newContext } = useBrowser();

/**
 * A claim with the photos a phone takes (decision 0215): the form promises 3 photos of up to 5 MB
 * each, and takes them with JavaScript and without, at 360px.
 */

/** A valid PNG of about `megabytes` MB: random RGB pixels (they do not compress), so its size is its pixels'. */
function pngOf(megabytes: number): Buffer {
  const side = Math.ceil(Math.sqrt((megabytes * 1024 * 1024) / 3));
  const row = side * 3 + 1;
  const pixels = randomBytes(row * side);
  for (let y = 0; y < side; y += 1) pixels[y * row] = 0; // each scanline's filter: none
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter method, not interlaced
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(pixels, { level: 1 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const toastWith = (page: Page, text: string) => page.locator("li.toast").filter({ hasText: text });

/** The demo's member-owners (app/demo/demo-data.server.ts): Mila and Nonoy. */
const MILA = "09170000007";
const NONOY = "09170000008";

async function fileWithThreePhotos(
  context: BrowserContext,
  phone: string,
  amount: string,
  note: string,
  photos: Buffer[],
) {
  await signInAs(context, phone);
  const page = await context.newPage();
  await page.goto("/coop/claims");
  const posted: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posted.push(new URL(request.url()).pathname);
  });
  await page.getByLabel("What happened", { exact: true }).selectOption("hospitalisation");
  await page.getByLabel("Amount (₱)").fill(amount);
  await page.getByLabel("What happened, in a few lines").fill(note);
  await page
    .getByLabel("Photos of documents (up to 3)")
    .setInputFiles(photos.map((buffer, i) => ({ name: `IMG_20261129_0${i + 1}.png`, mimeType: "image/png", buffer })));
  await page.getByRole("button", { name: "File the claim" }).click();
  await toastWith(page, "Claim filed").waitFor({ timeout: 30_000 });
  await page
    .getByTestId("claims")
    .locator('li[data-status="pending"]')
    .filter({ hasText: `₱${amount}` })
    .waitFor();
  return { page, posted };
}

describe("a member files a claim with three phone photos at 360px", () => {
  it("with and without JavaScript, three photos of 4 MB are filed; the admin opens each of them", {
    timeout: 180_000,
  }, async () => {
    const photos = [pngOf(4), pngOf(4), pngOf(4.1)];
    for (const photo of photos) expect(photo.length).toBeGreaterThan(4 * 1024 * 1024);
    for (const photo of photos) expect(photo.length).toBeLessThan(5 * 1024 * 1024);
    const claims = [
      {
        phone: MILA,
        amount: "4.11",
        note: "With JavaScript: three days at the Pasig clinic; bill, receipt, certificate.",
        context: await newContext(),
      },
      {
        phone: NONOY,
        amount: "4.22",
        note: "Without JavaScript: a fall on Ortigas; bill, receipt, certificate.",
        context: await newContext({ javaScriptEnabled: false }),
      },
    ];
    const sentTo: string[][] = [];
    for (const claim of claims) {
      const { page, posted } = await fileWithThreePhotos(claim.context, claim.phone, claim.amount, claim.note, photos);
      expect(page.viewportSize()?.width).toBe(360);
      sentTo.push(posted);
    }
    // The hydrated form sends its data request; the plain one posts the page.
    expect(sentTo).toEqual([["/coop/claims.data"], ["/coop/claims"]]);

    const adminContext = await newContext();
    await signInAs(adminContext, "09170000001");
    const admin = await adminContext.newPage();
    await admin.goto("/admin/claims");
    for (const claim of claims) {
      const card = admin.getByTestId("claims-pending").locator("li").filter({ hasText: claim.note });
      await card.waitFor();
      for (const [i, photo] of photos.entries()) {
        const href = await card.getByRole("link", { name: `Document ${i + 1}` }).getAttribute("href");
        const answer = await admin.request.get(href!);
        expect(answer.status()).toBe(200);
        expect(answer.headers()["content-type"]).toBe("image/png");
        expect(Buffer.compare(await answer.body(), photo)).toBe(0);
        // Opened as the link opens it: the browser shows it as an image of its size.
        const view = await adminContext.newPage();
        await view.goto(href!);
        await expect.poll(() => view.evaluate(() => document.images[0]?.naturalWidth ?? 0)).toBeGreaterThan(1000);
        await view.close();
      }
    }

    // Done: the admin declines both, so the demo fund they held is free again for the files after this one.
    const cookie = await adminCookie();
    const { claims: pending } = (await (
      await fetch(`${baseURL()}/api/coop/claims?status=pending&limit=100`, { headers: { Cookie: cookie } })
    ).json()) as { claims: { id: string; note: string }[] };
    for (const claim of pending.filter((c) => claims.some((mine) => mine.note === c.note))) {
      const decided = await fetch(`${baseURL()}/api/admin/claims/${claim.id}/decision`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: baseURL(), Cookie: cookie },
        body: JSON.stringify({ decision: "reject", reason: "A test of the photos." }),
      });
      expect(decided.status).toBe(200);
    }
  });

  it("with JavaScript, a photo over 5 MB or a fourth photo is refused on the field before anything is sent", async () => {
    const context = await newContext();
    await signInAs(context, MILA);
    const page = await context.newPage();
    await page.goto("/coop/claims");
    const sent: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") sent.push(request.url());
    });
    const input = page.getByLabel("Photos of documents (up to 3)");
    await input.setInputFiles([{ name: "big.png", mimeType: "image/png", buffer: pngOf(5.5) }]);
    await page.getByText("Photo 1 is larger than 5 MB. Choose a smaller photo or take it again.").waitFor();
    const small = pngOf(0.01);
    await input.setInputFiles([1, 2, 3, 4].map((n) => ({ name: `doc${n}.png`, mimeType: "image/png", buffer: small })));
    await page.getByText("Attach at most 3 photos of documents.").waitFor();
    await page.getByLabel("What happened", { exact: true }).selectOption("accident");
    await page.getByLabel("Amount (₱)").fill("1");
    await page.getByLabel("What happened, in a few lines").fill("Four photos.");
    await page.getByRole("button", { name: "File the claim" }).click();
    await page.getByText("Attach at most 3 photos of documents.").waitFor();
    expect(sent.filter((url) => new URL(url).pathname.startsWith("/coop/claims"))).toEqual([]);
  });
});
