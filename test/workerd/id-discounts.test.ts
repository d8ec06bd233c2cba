import { SELF } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { MessageId } from "~/i18n/catalogs";
import { translate } from "~/i18n/i18n.server";
import { api, JPEG, ORIGIN, signedIn, uploadIdPhoto } from "./helpers";

const en = (id: MessageId<"server">, values?: Record<string, unknown>) => translate("en", id, values);

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(100).fill(1)]);

const latest = async (cookie: string) => (await api("/api/discounts/id", { cookie })).json.application;

describe("ID discount uploads", () => {
  it("stores a JPEG privately in R2 and answers a pending application", async () => {
    const customer = await signedIn("user");
    const answer = await uploadIdPhoto(customer.cookie);
    expect(answer.status).toBe(201);
    const { application } = (await answer.json()) as {
      application: { id: string; status: string; kind: string; percent: number };
    };
    expect(application).toMatchObject({ status: "pending", kind: "student", percent: 10 });
    const { results } = await env.DB.prepare("SELECT object_key, content_type, size FROM id_discounts WHERE id = ?")
      .bind(application.id)
      .all<{ object_key: string; content_type: string; size: number }>();
    const stored = await env.ID_DOCUMENTS.get(results[0]!.object_key);
    expect(new Uint8Array(await stored!.arrayBuffer())).toEqual(JPEG);
    expect(results[0]).toMatchObject({ content_type: "image/jpeg", size: JPEG.byteLength });
    expect(
      (await uploadIdPhoto(customer.cookie, { kind: "pwd", bytes: PNG, name: "id.png", type: "image/png" })).status,
    ).toBe(409);
  });

  it("refuses a PDF renamed .jpg, a 6 MB photo, no photo and an unknown kind (400, nothing stored)", async () => {
    const customer = await signedIn("user");
    const pdf = new TextEncoder().encode("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n");
    const renamed = await uploadIdPhoto(customer.cookie, { bytes: pdf, name: "my-id.jpg", type: "image/jpeg" });
    expect(renamed.status).toBe(400);
    const wrongType = en("server.discounts.photoWrongType");
    expect(await renamed.json()).toEqual({
      message: wrongType,
      error: wrongType,
      code: "server.discounts.photoWrongType",
      values: {},
      field: "photo",
      errors: { photo: [wrongType] },
    });

    const big = new Uint8Array(6 * 1024 * 1024);
    big.set(JPEG.subarray(0, 4));
    const tooLarge = await uploadIdPhoto(customer.cookie, { bytes: big });
    expect(tooLarge.status).toBe(400);
    expect(((await tooLarge.json()) as { message: string }).message).toBe(
      en("server.discounts.photoTooLarge", { megabytes: 5 }),
    );

    expect((await uploadIdPhoto(customer.cookie, { kind: "teacher" })).status).toBe(400);
    expect((await uploadIdPhoto(customer.cookie, { kind: null })).status).toBe(400);
    const notMultipart = await api("/api/discounts/id", { cookie: customer.cookie, body: { kind: "pwd" } });
    expect(notMultipart.status).toBe(400);
    expect(await latest(customer.cookie)).toBeNull();
  });
});

describe("admin review", () => {
  it("approve: the quote applies it; a student approval expires a year later", async () => {
    const customer = await signedIn("user");
    const admin = await signedIn("admin");
    const { application } = (await (await uploadIdPhoto(customer.cookie)).json()) as { application: { id: string } };
    const queue = await api("/api/admin/id-discounts", { cookie: admin.cookie });
    expect(queue.status).toBe(200);
    expect(queue.json.find((a: { id: string }) => a.id === application.id)).toMatchObject({
      status: "pending",
      applicant: { id: customer.user.id },
    });

    const image = await SELF.fetch(`${ORIGIN}/api/admin/id-discounts/${application.id}/image`, {
      headers: { Cookie: admin.cookie },
    });
    expect(image.status).toBe(200);
    expect(image.headers.get("Content-Type")).toBe("image/jpeg");
    expect(image.headers.get("Cache-Control")).toBe("private, no-store");
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(JPEG);

    const before = await api("/api/pricing/calculate", {
      cookie: customer.cookie,
      body: { distance: 11.6, packageSize: "small" },
    });
    expect(before.json.idDiscount).toBeNull();
    const approved = await api(`/api/admin/id-discounts/${application.id}/review`, {
      cookie: admin.cookie,
      body: { decision: "approve" },
    });
    expect(approved.status).toBe(200);
    const expires = Date.parse(approved.json.application.expiresAt) - Date.parse(approved.json.application.reviewedAt);
    expect(expires).toBe(365 * 24 * 60 * 60 * 1000);
    const after = await api("/api/pricing/calculate", {
      cookie: customer.cookie,
      body: { distance: 11.6, packageSize: "small" },
    });
    expect(after.json).toMatchObject({ idDiscount: { kind: "student", percent: 10, amount: 13.6 }, total: 122.4 });
    const again = await api(`/api/admin/id-discounts/${application.id}/review`, {
      cookie: admin.cookie,
      body: { decision: "reject", reason: "late" },
    });
    expect(again.status).toBe(409);
  });

  it("reject needs a reason; PWD approvals do not expire; unknown ids are 404", async () => {
    const customer = await signedIn("user");
    const admin = await signedIn("admin");
    const { application } = (await (
      await uploadIdPhoto(customer.cookie, { kind: "pwd", bytes: PNG, type: "image/png", name: "pwd.png" })
    ).json()) as { application: { id: string } };
    const noReason = await api(`/api/admin/id-discounts/${application.id}/review`, {
      cookie: admin.cookie,
      body: { decision: "reject" },
    });
    expect(noReason.status).toBe(400);
    expect(noReason.json.message).toBe(en("server.discounts.reasonRequired"));
    expect(
      (
        await api(`/api/admin/id-discounts/${application.id}/review`, {
          cookie: admin.cookie,
          body: { decision: "maybe" },
        })
      ).status,
    ).toBe(400);
    const rejected = await api(`/api/admin/id-discounts/${application.id}/review`, {
      cookie: admin.cookie,
      body: { decision: "reject", reason: "The photo is blurred" },
    });
    expect(rejected.json.application).toMatchObject({
      status: "rejected",
      rejectReason: "The photo is blurred",
      expiresAt: null,
    });
    expect((await latest(customer.cookie)).status).toBe("rejected");
    // Rejected: a new upload is welcome, and a PWD approval has no end.
    const { application: second } = (await (await uploadIdPhoto(customer.cookie, { kind: "pwd" })).json()) as {
      application: { id: string };
    };
    const approved = await api(`/api/admin/id-discounts/${second.id}/review`, {
      cookie: admin.cookie,
      body: { decision: "approve" },
    });
    expect(approved.json.application.expiresAt).toBeNull();
    expect(
      (await api(`/api/admin/id-discounts/nope/review`, { cookie: admin.cookie, body: { decision: "approve" } }))
        .status,
    ).toBe(404);
    expect((await api(`/api/admin/id-discounts/nope/image`, { cookie: admin.cookie })).status).toBe(404);
    expect((await api(`/api/admin/id-discounts?status=weird`, { cookie: admin.cookie })).status).toBe(400);
  });
});
