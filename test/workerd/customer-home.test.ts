import { describe, expect, it } from "vitest";
import { bookingBody } from "./delivery-fixtures";
import { api, signedIn } from "./helpers";

describe("the customer's home", () => {
  it("lists the newest bookings, each opening its tracking page, with Book a Delivery always there", async () => {
    const customer = await signedIn("user");
    const empty = await api("/", { cookie: customer.cookie });
    expect(empty.text).toContain("Book a Delivery");
    expect(empty.text).toContain("You haven&#x27;t made any bookings yet");

    const ids: string[] = [];
    for (let i = 0; i < 6; i++)
      ids.push((await api("/api/deliveries", { cookie: customer.cookie, body: bookingBody() })).json.id);
    const home = await api("/", { cookie: customer.cookie });
    expect(home.text).toContain("Book a Delivery");
    for (const id of ids.slice(1)) expect(home.text).toContain(`href="/tracking/${id}"`);
    expect(home.text).not.toContain(`href="/tracking/${ids[0]}"`); // only the newest 5

    const other = await signedIn("user");
    expect((await api("/", { cookie: other.cookie })).text).not.toContain(ids[5]!);
  });
});
