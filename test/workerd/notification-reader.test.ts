import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { NotificationKind } from "~/db/schema";
import { CATALOGS } from "~/i18n/catalogs";
import { notificationMessages } from "~/notifications/notification-messages";
import { legacyNotificationMessage, notificationIn } from "~/notifications/notification-reader.server";
import { encodeNotificationMessage, notify } from "~/notifications/notifications.server";
import { api, signedIn } from "./helpers";

const place = {
  id: "d-1",
  pickupCity: "Makati, Metro Manila",
  dropoffCity: "Quezon City, Metro Manila",
  dropoffAddress: "45 Katipunan Ave",
};

/** Every notification the app writes, with made-up parts. */
const everyNotification = [
  notificationMessages.riderAssigned(place, "Jomar"),
  notificationMessages.riderAssigned(place, null),
  notificationMessages.pickedUp(place),
  notificationMessages.delivered(place),
  notificationMessages.cancelledByAdmin(place, "Rider had an accident"),
  notificationMessages.cancelledByAdmin(place, null),
  notificationMessages.refunded(place, 8600),
  notificationMessages.deliveryNearby(place, "1.2"),
  notificationMessages.deliveryNearby(place, "3.4", true),
  notificationMessages.assignedToYou(place),
  notificationMessages.deliveryTaken(place),
  notificationMessages.applicationDecided(true, null),
  notificationMessages.applicationDecided(false, "No licence"),
  notificationMessages.applicationDecided(false, null),
  notificationMessages.suspended("Repeated late deliveries"),
  notificationMessages.reactivated(),
  notificationMessages.applicationSubmitted("Juana Cruz", "makati"),
  notificationMessages.cashOutSettled(150000),
  notificationMessages.cashOutRejected(150000),
  notificationMessages.cashOutFailed(150000),
  notificationMessages.cashOutRequested("Jomar Reyes", 150000),
];

/** As a row stores it, read back in a language. */
const read = (language: "en" | "fil", content: (typeof everyNotification)[number]) =>
  notificationIn(language, {
    kind: content.kind,
    title: encodeNotificationMessage(content.title),
    body: encodeNotificationMessage(content.body),
  });

/**
 * Rows as the app wrote them before messages were stored by id (English text), one for every form it wrote, frozen:
 * [kind, title, body, the Filipino title, the Filipino body].
 */
const OLD_ROWS: [NotificationKind, string, string, string, string][] = [
  [
    "rider_assigned",
    "Rider assigned",
    "Jomar is on the way to pick up your package (Makati to Quezon City).",
    "May rider na",
    "Papunta na si Jomar para kunin ang package mo (Makati papuntang Quezon City).",
  ],
  [
    "rider_assigned",
    "Rider assigned",
    "Your rider is on the way to pick up your package (Makati to Quezon City).",
    "May rider na",
    "Papunta na ang rider mo para kunin ang package mo (Makati papuntang Quezon City).",
  ],
  [
    "picked_up",
    "Package picked up",
    "Your package is on its way to 45 Katipunan Ave.",
    "Na-pickup na ang package",
    "Papunta na ang package mo sa 45 Katipunan Ave.",
  ],
  [
    "delivered",
    "Delivered",
    "Your package reached 45 Katipunan Ave. Rate your rider.",
    "Naihatid na",
    "Nakarating na ang package mo sa 45 Katipunan Ave. I-rate ang rider mo.",
  ],
  [
    "cancelled_by_admin",
    "Delivery cancelled",
    "Hatid cancelled your delivery (Makati to Quezon City): Flood on the route (EDSA to C5).",
    "Na-cancel ang delivery",
    "Kinansela ng Hatid ang delivery mo (Makati papuntang Quezon City): Flood on the route (EDSA to C5).",
  ],
  [
    "cancelled_by_admin",
    "Delivery cancelled",
    "Hatid cancelled your delivery (Makati to Quezon City).",
    "Na-cancel ang delivery",
    "Kinansela ng Hatid ang delivery mo (Makati papuntang Quezon City).",
  ],
  [
    "refunded",
    "Refund made",
    "₱86.00 for your delivery (Makati to Quezon City) was refunded to your payment method.",
    "Na-refund",
    "Na-refund sa payment method mo ang ₱86.00 para sa delivery mo (Makati papuntang Quezon City).",
  ],
  [
    "delivery_nearby",
    "New delivery nearby",
    "Pickup 1.2 km from you: Makati to Quezon City.",
    "May bagong delivery malapit sa 'yo",
    "Pickup 1.2 km mula sa 'yo: Makati papuntang Quezon City.",
  ],
  [
    "delivery_nearby",
    "5 new deliveries nearby",
    "Pickup about 3.4 km from you: Makati to Quezon City.",
    "5 bagong delivery malapit sa 'yo",
    "Pickup mga 3.4 km mula sa 'yo: Makati papuntang Quezon City.",
  ],
  [
    "delivery_assigned_to_you",
    "Delivery assigned to you",
    "An admin gave you a delivery: Makati to Quezon City.",
    "May delivery na ibinigay sa 'yo",
    "Binigyan ka ng admin ng delivery: Makati papuntang Quezon City.",
  ],
  [
    "delivery_taken",
    "Delivery reassigned",
    "An admin gave your delivery (Makati to Quezon City) to another rider.",
    "Inilipat ang delivery",
    "Ibinigay ng admin sa ibang rider ang delivery mo (Makati papuntang Quezon City).",
  ],
  [
    "application_decided",
    "Rider application approved",
    "Welcome to Hatid! You can now go online and accept deliveries.",
    "Aprubado ang rider application mo",
    "Mabuhay at welcome sa Hatid! Puwede ka nang mag-online at tumanggap ng delivery.",
  ],
  [
    "application_decided",
    "Rider application not approved",
    "Your rider application was not approved: No licence",
    "Hindi naaprubahan ang rider application mo",
    "Hindi naaprubahan ang rider application mo: No licence",
  ],
  [
    "application_decided",
    "Rider application not approved",
    "Your rider application was not approved.",
    "Hindi naaprubahan ang rider application mo",
    "Hindi naaprubahan ang rider application mo.",
  ],
  [
    "suspended",
    "Account suspended",
    "An admin suspended your rider account: Repeated late deliveries",
    "Naka-suspend ang account",
    "Sinuspend ng admin ang rider account mo: Repeated late deliveries",
  ],
  [
    "reactivated",
    "Account reactivated",
    "Your rider account is active again. You can go online.",
    "Active ulit ang account",
    "Active na ulit ang rider account mo. Puwede ka nang mag-online.",
  ],
  [
    "application_submitted",
    "New rider application",
    "Juana Cruz applied to ride in Makati.",
    "Bagong rider application",
    "Nag-apply si Juana Cruz bilang rider sa Makati.",
  ],
  [
    "cash_out_settled",
    "Cash-out sent",
    "Your cash-out of ₱1,500.00 was sent.",
    "Naipadala ang cash-out",
    "Naipadala na ang cash-out mo na ₱1,500.00.",
  ],
  [
    "cash_out_settled",
    "Cash-out not sent",
    "Your cash-out request of ₱1,500.00 was declined; your balance is unchanged.",
    "Hindi naipadala ang cash-out",
    "Hindi inaprubahan ang cash-out request mo na ₱1,500.00; walang nagbago sa balance mo.",
  ],
  [
    "cash_out_settled",
    "GCash cash-out failed",
    "Your GCash cash-out of ₱1,500.00 could not be sent; it is back in your balance.",
    "Hindi naipadala ang GCash cash-out",
    "Hindi naipadala ang GCash cash-out mo na ₱1,500.00; ibinalik ito sa balance mo.",
  ],
  [
    "cash_out_requested",
    "New cash-out request",
    "Jomar Reyes asked to cash out ₱1,500.00.",
    "Bagong cash-out request",
    "Nag-request si Jomar Reyes na mag-cash out ng ₱1,500.00.",
  ],
];

describe("notifications stored as message ids, read in the reader's language", () => {
  it("every notification the app writes reads in English and in Filipino, its names, places and amounts kept", () => {
    for (const content of everyNotification) {
      const english = read("en", content);
      const filipino = read("fil", content);
      for (const part of ["title", "body"] as const) {
        expect(filipino[part], english[part]).not.toBe(english[part]);
        expect(english[part]).not.toMatch(/[{}|]|notifications\./);
        expect(filipino[part]).not.toMatch(/[{}|]|notifications\./);
      }
    }
    expect(read("fil", notificationMessages.riderAssigned(place, "Jomar")).body).toBe(
      "Papunta na si Jomar para kunin ang package mo (Makati papuntang Quezon City).",
    );
    expect(read("en", notificationMessages.refunded(place, 8600)).body).toBe(
      "₱86.00 for your delivery (Makati to Quezon City) was refunded to your payment method.",
    );
    expect(read("fil", notificationMessages.refunded(place, 8600)).body).toContain("₱86.00");
    expect(Object.keys(CATALOGS.notifications.fil)).toEqual(Object.keys(CATALOGS.notifications.en));
  });

  it("the app's English of today is the English a row written before messages were stored by id holds, so both read the same", () => {
    // The new messages say what the old rows said, word for word: an old row reads as a new one.
    for (const { kind, title, body } of everyNotification.map((content) => read("en", content))) {
      expect(legacyNotificationMessage(kind, title), title).not.toBeNull();
      expect(legacyNotificationMessage(kind, body), body).not.toBeNull();
    }
  });

  it("GET /api/notifications answers in the reader's language; the row stores the message id and its values", async () => {
    const reader = await signedIn("user");
    await notify(env.DB, [{ to: { userId: reader.user.id }, content: notificationMessages.pickedUp(place) }]);
    const bell = async (cookie: string) =>
      (await api("/api/notifications", { cookie })).json as { notifications: { title: string; body: string }[] };

    expect((await bell(reader.cookie)).notifications[0]).toMatchObject({
      title: "Package picked up",
      body: "Your package is on its way to 45 Katipunan Ave.",
    });
    expect((await bell(`${reader.cookie}; lang=fil`)).notifications[0]).toMatchObject({
      title: "Na-pickup na ang package",
      body: "Papunta na ang package mo sa 45 Katipunan Ave.",
    });
    const stored = await env.DB.prepare("SELECT title, body FROM notifications WHERE user_id = ?")
      .bind(reader.user.id)
      .first<{ title: string; body: string }>();
    expect(stored).toEqual({
      title: "notifications.pickedUp.title",
      body: 'notifications.pickedUp.body|{"address":"45 Katipunan Ave"}',
    });
  });

  it("a notification written before messages were stored by id (English text) still shows in English and in Filipino", async () => {
    const reader = await signedIn("user");
    const insert = env.DB.prepare(
      `INSERT INTO notifications (user_id, kind, title, body, url, created_at) VALUES (?1, ?2, ?3, ?4, '/', ?5)`,
    );
    const at = Date.now() - 60_000;
    await env.DB.batch(
      OLD_ROWS.map(([kind, title, body], i) => insert.bind(reader.user.id, kind, title, body, at - i * 1000)),
    );
    const bell = async (cookie: string) =>
      (
        (await api("/api/notifications", { cookie })).json as { notifications: { title: string; body: string }[] }
      ).notifications.map((n) => [n.title, n.body]);

    expect(await bell(reader.cookie)).toEqual(OLD_ROWS.map(([, title, body]) => [title, body]));
    expect(await bell(`${reader.cookie}; lang=fil`)).toEqual(OLD_ROWS.map(([, , , title, body]) => [title, body]));
  });

  it("a stored text that is neither a message id nor an old English form is shown as stored", () => {
    expect(
      notificationIn("fil", {
        kind: "reactivated",
        title: "Something else",
        body: "Welcome to Hatid! You can now go online and accept deliveries.",
      }),
    ).toEqual({
      kind: "reactivated",
      title: "Something else",
      // An old text of another kind is not this kind's.
      body: "Welcome to Hatid! You can now go online and accept deliveries.",
    });
  });
});
