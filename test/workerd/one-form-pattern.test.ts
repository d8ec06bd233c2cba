import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { translate } from "~/i18n/i18n.server";
import { ORIGIN } from "./helpers";

/**
 * The one form pattern (decision 0187) on the forms that had their own: each posts as a browser
 * without JavaScript does, and a refusal answers its own status with its message under its field.
 */

let sequence = 0;

/** A form post to a page, as the browser sends it. */
async function post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const response = await SELF.fetch(`${ORIGIN}${path}`, {
    method: "POST",
    // Remix compares the Origin with the Host before it runs a page action.
    headers: { Origin: ORIGIN, Host: "localhost", "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
  return {
    status: response.status,
    location: response.headers.get("Location"),
    setCookie: response.headers.get("Set-Cookie") ?? "",
    text: await response.text(),
  };
}

/** The HTML-escaped text of an element with this id (the first one). */
const elementText = (html: string, id: string) => html.match(new RegExp(`id="${id}"[^>]*>([^<]*)<`))?.[1];
const escaped = (text: string) => text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;");

describe("/become-rider's form (the rider application)", () => {
  const application = () => ({
    firstName: "Juan",
    lastName: "Dela Cruz",
    mobile: `0918${String((Date.now() + sequence++) % 10_000_000).padStart(7, "0")}`,
    city: "Quezon City, Metro Manila",
    hasMotorcycle: "yes",
  });
  const address = () => ({ "CF-Connecting-IP": `203.0.113.${sequence++ % 250}` });

  it("answers a refusal with its status, its message under the field it names (the mobile of a waiting application)", async () => {
    const form = application();
    const first = await post("/become-rider", form, address());
    expect(first.status).toBe(302);
    const again = await post("/become-rider", form, address());
    expect(again.status).toBe(409);
    expect(elementText(again.text, "rider-application-mobile-error")).toBe(
      escaped(translate("en", "server.applications.duplicate")),
    );
    // What was typed stays.
    expect(again.text).toContain(`value="${form.mobile}"`);
  });

  it("answers an invalid form 400, each field's message under it, in the reader's language", async () => {
    const answer = await post(
      "/become-rider",
      { ...application(), mobile: "12" },
      { ...address(), Cookie: "lang=fil" },
    );
    expect(answer.status).toBe(400);
    expect(elementText(answer.text, "rider-application-mobile-error")).toBe(
      escaped(translate("fil", "server.auth.phoneInvalid")),
    );
  });
});
