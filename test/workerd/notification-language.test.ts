import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { CATALOGS } from "~/i18n/catalogs";
import { notificationText } from "~/notifications/messages";
import { notificationTextIn } from "~/notifications/notification-language";
import { notify } from "~/notifications/notifications.server";
import { api, signedIn } from "./helpers";

const place = { id: "d-1", pickupCity: "Makati, Metro Manila", dropoffCity: "Quezon City, Metro Manila", dropoffAddress: "45 Katipunan Ave" };

/** Every notification the app writes, with made-up parts. */
const everyNotification = [
  notificationText.riderAssigned(place, "Jomar"),
  notificationText.riderAssigned(place, null),
  notificationText.pickedUp(place),
  notificationText.delivered(place),
  notificationText.cancelledByAdmin(place, "Rider had an accident"),
  notificationText.cancelledByAdmin(place, null),
  notificationText.refunded(place, 8600),
  notificationText.deliveryNearby(place, "1.2"),
  notificationText.assignedToYou(place),
  notificationText.deliveryTaken(place),
  notificationText.applicationDecided(true, null),
  notificationText.applicationDecided(false, "No licence"),
  notificationText.applicationDecided(false, null),
  notificationText.suspended("Repeated late deliveries"),
  notificationText.reactivated(),
  notificationText.applicationSubmitted("Juana Cruz", "makati"),
  notificationText.cashOutSettled(150000),
  notificationText.cashOutRejected(150000),
  notificationText.cashOutRequested("Jomar Reyes", 150000),
];

describe("notifications in the reader's language", () => {
  it("has a Filipino text for every title and body the app writes, its names, places and amounts kept", () => {
    for (const { title, body } of everyNotification) {
      for (const english of [title, body]) {
        const filipino = notificationTextIn("fil", english);
        expect(filipino, english).not.toBe(english);
        expect(filipino, english).not.toMatch(/\{[a-z]+\}/i);
        expect(notificationTextIn("en", english)).toBe(english);
      }
    }
    expect(notificationTextIn("fil", notificationText.riderAssigned(place, "Jomar").body)).toBe(
      "Papunta na si Jomar para kunin ang package mo (Makati papuntang Quezon City).",
    );
    expect(notificationTextIn("fil", notificationText.refunded(place, 8600).body)).toContain("₱86.00");
    // A text the catalog does not know goes out as stored.
    expect(notificationTextIn("fil", "Something else")).toBe("Something else");
    expect(Object.keys(CATALOGS.notifications.fil)).toEqual(Object.keys(CATALOGS.notifications.en));
  });

  it("GET /api/notifications answers in the reader's language; the stored text stays English", async () => {
    const reader = await signedIn("user");
    await notify(env.DB, [{ to: { userId: reader.user.id }, content: notificationText.pickedUp(place) }]);
    const read = async (cookie: string) => (await api("/api/notifications", { cookie })).json as { notifications: { title: string; body: string }[] };

    expect((await read(reader.cookie)).notifications[0]).toMatchObject({ title: "Package picked up", body: "Your package is on its way to 45 Katipunan Ave." });
    expect((await read(`${reader.cookie}; lang=fil`)).notifications[0]).toMatchObject({ title: "Na-pickup na ang package", body: "Papunta na ang package mo sa 45 Katipunan Ave." });
    const stored = await env.DB.prepare("SELECT title FROM notifications WHERE user_id = ?").bind(reader.user.id).first<{ title: string }>();
    expect(stored?.title).toBe("Package picked up");
  });
});
