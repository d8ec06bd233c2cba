import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { CATALOGS } from "~/i18n/catalogs";
import { MESSAGE_RETRIES } from "~/notifications/message-log.server";
import worker from "../../workers/app";
import { sha256Hex } from "~/auth/crypto.server";
import { bookingBody } from "./delivery-fixtures";
import { api, ORIGIN, signedIn } from "./helpers";

let sequence = 0;
const freshMobile = () => `0919${String((Date.now() + sequence++) % 10_000_000).padStart(7, "0")}`;
const international = (local: string) => `+63${local.slice(1)}`;
const failing = (on: boolean) => {
  (env as { MESSAGING_FAIL?: string }).MESSAGING_FAIL = on ? "1" : undefined;
};
afterEach(() => failing(false));

interface MessageRow {
  id: string;
  status: string;
  attempts: number;
  last_error: string | null;
  body: string;
  purpose: string;
  retryable: number;
}
const messagesTo = async (recipient: string) =>
  (
    await env.DB.prepare(
      "SELECT id, status, attempts, last_error, body, purpose, retryable FROM messages WHERE recipient = ?1 ORDER BY created_at",
    )
      .bind(recipient)
      .all<MessageRow>()
  ).results;
const outboxTo = async (recipient: string) =>
  (await env.DB.prepare("SELECT body FROM dev_outbox WHERE recipient = ?1").bind(recipient).all<{ body: string }>())
    .results;

async function apply(mobile = freshMobile()) {
  const answer = await api("/api/rider-applications", {
    body: { fullName: "Juan Dela Cruz", mobile, city: "quezon-city", hasMotorcycle: "yes" },
    headers: { "CF-Connecting-IP": `203.0.113.${sequence++ % 250}` },
  });
  expect(answer.status, answer.text).toBe(201);
  return { id: answer.json.id as string, mobile: international(mobile) };
}

async function cron(at = Date.now()) {
  const ctx = createExecutionContext();
  await worker.scheduled!(createScheduledController({ scheduledTime: new Date(at), cron: "* * * * *" }), env, ctx);
  await waitOnExecutionContext(ctx);
}

describe("every SMS is recorded with its status", () => {
  it("a sent text is recorded queued → sent; the dev outbox still has it", async () => {
    const { mobile } = await apply();
    const [received] = await messagesTo(mobile);
    expect(received).toMatchObject({
      status: "sent",
      attempts: 1,
      last_error: null,
      purpose: "application_received",
      retryable: 1,
    });
    expect((await outboxTo(mobile)).length).toBe(1);
  });

  it("a failed text is recorded failed with the error; the decision says SMS not sent; the cron sends it after", async () => {
    const admin = await signedIn("admin");
    failing(true);
    const { id, mobile } = await apply();
    expect((await messagesTo(mobile))[0]).toMatchObject({
      status: "failed",
      attempts: 1,
      last_error: expect.stringContaining("refused"),
    });

    const decided = await api(`/api/admin/rider-applications/${id}/decision`, {
      cookie: admin.cookie,
      body: { decision: "approve" },
    });
    expect(decided.status).toBe(200);
    expect(decided.json.sms).toEqual({ id: expect.any(String), status: "failed" });
    expect(await outboxTo(mobile)).toEqual([]);

    // The admin's page lists it as not sent, with Retry (never "was texted").
    const page = await api("/admin/riders", { cookie: admin.cookie });
    expect(page.text).toContain('<h2 id="unsent-texts">Texts not sent</h2>');
    expect(page.text.match(/data-testid="unsent-text"/g)?.length).toBeGreaterThanOrEqual(2);
    // As read: React's text-joining comments (where they fall depends on the JSX's line breaks) left out.
    expect(page.text.replaceAll("<!-- -->", "")).toContain("Decision · SMS not sent");
    expect(page.text).toMatch(/<button[^>]*>Retry<\/button>/);

    failing(false);
    await cron();
    const after = await messagesTo(mobile);
    expect(after.map((m) => [m.purpose, m.status, m.attempts])).toEqual([
      ["application_received", "sent", 2],
      ["application_decided", "sent", 2],
    ]);
    expect((await outboxTo(mobile)).length).toBe(2);
    expect((await api("/admin/riders", { cookie: admin.cookie })).text).not.toContain('<h2 id="unsent-texts">');
  });

  it("the cron retries a failed text at most 3 times", async () => {
    failing(true);
    const { mobile } = await apply();
    for (let minute = 0; minute < MESSAGE_RETRIES + 3; minute++) await cron();
    expect((await messagesTo(mobile))[0]).toMatchObject({ status: "failed", attempts: 1 + MESSAGE_RETRIES });
    failing(false);
    await cron();
    expect((await messagesTo(mobile))[0]).toMatchObject({ status: "failed", attempts: 1 + MESSAGE_RETRIES });
    expect(await outboxTo(mobile)).toEqual([]);
  });

  it("an admin's Retry sends it now; a sent one is 409; only admins may", async () => {
    const admin = await signedIn("admin");
    const rider = await signedIn("rider");
    failing(true);
    const { mobile } = await apply();
    const [message] = await messagesTo(mobile);
    expect(
      (await api(`/api/admin/messages/${message!.id}/retry`, { cookie: rider.cookie, method: "POST" })).status,
    ).toBe(403);
    const stillFailing = await api(`/api/admin/messages/${message!.id}/retry`, {
      cookie: admin.cookie,
      method: "POST",
    });
    expect(stillFailing.json).toEqual({ id: message!.id, status: "failed" });
    failing(false);
    const retried = await api(`/api/admin/messages/${message!.id}/retry`, { cookie: admin.cookie, method: "POST" });
    expect(retried.status).toBe(200);
    expect(retried.json).toEqual({ id: message!.id, status: "sent" });
    expect((await outboxTo(mobile)).length).toBe(1);
    const again = await api(`/api/admin/messages/${message!.id}/retry`, { cookie: admin.cookie, method: "POST" });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({
      code: "server.messaging.messageNotRetryable",
      message: CATALOGS.server.en["messaging.messageNotRetryable"],
    });
    expect((await api("/api/admin/messages/nope/retry", { cookie: admin.cookie, method: "POST" })).status).toBe(404);
  });

  it("a sign-in code that fails is 503 to the person and recorded failed without its code (never retried)", async () => {
    failing(true);
    const local = freshMobile();
    const sent = await api("/api/identity/sms/send", {
      body: { phoneNumber: local },
      headers: { "CF-Connecting-IP": `192.0.2.${sequence++ % 250}` },
    });
    expect(sent.status).toBe(503);
    const [message] = await messagesTo(international(local));
    expect(message).toMatchObject({ status: "failed", purpose: "sign_in", body: "", retryable: 0 });
    failing(false);
    await cron();
    expect((await messagesTo(international(local)))[0]).toMatchObject({ status: "failed", attempts: 1 });
  });
});

describe("the recipient's tracking link", () => {
  it("a failed one is stored with its token masked, and the cron sends it with a new token whose page opens", async () => {
    const customer = await signedIn("user");
    const rider = await signedIn("rider", { riderApprovedAt: new Date() });
    const dropoffPhone = freshMobile();
    const booked = await api("/api/deliveries", { cookie: customer.cookie, body: bookingBody({ dropoffPhone }) });
    expect(booked.status).toBe(201);
    failing(true);
    expect((await api(`/api/deliveries/${booked.json.id}/accept`, { cookie: rider.cookie, body: {} })).status).toBe(
      200,
    );
    const [failed] = await messagesTo(international(dropoffPhone));
    expect(failed).toMatchObject({ purpose: "recipient_link", status: "failed", retryable: 1 });
    expect(failed!.body).toContain("/t/{token}");
    const firstHash = (await env.DB.prepare("SELECT recipient_token_hash AS h FROM deliveries WHERE id = ?1")
      .bind(booked.json.id)
      .first<{ h: string }>())!.h;

    failing(false);
    await cron();
    const [sent] = await messagesTo(international(dropoffPhone));
    expect(sent).toMatchObject({ status: "sent", attempts: 2 });
    expect(sent!.body).toContain("/t/{token}");
    const [texted] = await outboxTo(international(dropoffPhone));
    const token = /\/t\/([A-Za-z0-9_-]+)/.exec(texted!.body)![1]!;
    const newHash = (await env.DB.prepare("SELECT recipient_token_hash AS h FROM deliveries WHERE id = ?1")
      .bind(booked.json.id)
      .first<{ h: string }>())!.h;
    expect(newHash).not.toBe(firstHash);
    expect(newHash).toBe(await sha256Hex(token));
    expect((await api(`/t/${token}`)).status).toBe(200);
  });

  it("is not sent again once the delivery ended", async () => {
    const customer = await signedIn("user");
    const rider = await signedIn("rider", { riderApprovedAt: new Date() });
    const dropoffPhone = freshMobile();
    const booked = await api("/api/deliveries", { cookie: customer.cookie, body: bookingBody({ dropoffPhone }) });
    failing(true);
    await api(`/api/deliveries/${booked.json.id}/accept`, { cookie: rider.cookie, body: {} });
    failing(false);
    await env.DB.prepare("UPDATE deliveries SET status = 'cancelled' WHERE id = ?1").bind(booked.json.id).run();
    await cron();
    expect((await messagesTo(international(dropoffPhone)))[0]).toMatchObject({ status: "failed", retryable: 0 });
    expect(await outboxTo(international(dropoffPhone))).toEqual([]);
  });
});

describe("GET /api/dev/outbox is unchanged", () => {
  it("is still 404 outside development", async () => {
    expect((await api("/api/dev/outbox")).status).toBe(404);
    expect(ORIGIN).toBe("http://localhost");
  });
});
