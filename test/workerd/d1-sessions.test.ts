import { describe, expect, it } from "vitest";
import { D1_BOOKMARK_COOKIE } from "~/db/d1-session.server";
import { api, signedIn } from "./helpers";

const bookmarkCookie = (headers: Headers) =>
  headers.getSetCookie().find((cookie) => cookie.startsWith(`${D1_BOOKMARK_COOKIE}=`)) ?? null;

// Decision 0060: requests run in a D1 session; a write's answer carries its bookmark, and a read
// that sends it back sees that write.
describe("D1 sessions (read replication)", () => {
  it("answers a write with its bookmark, and a read from that bookmark sees the write", async () => {
    const { cookie } = await signedIn("user", { firstName: "Before" });
    const write = await api("/api/auth/user/profile", {
      method: "PATCH",
      cookie,
      body: { firstName: "After", lastName: "Reyes" },
    });
    expect(write.status).toBe(200);
    const set = bookmarkCookie(write.headers);
    expect(set).toMatch(new RegExp(`^${D1_BOOKMARK_COOKIE}=[^;]+; Path=/; HttpOnly; SameSite=Lax; Max-Age=300`));
    const bookmark = set!.split(";")[0]!;

    const read = await api("/api/auth/user", { cookie: `${cookie}; ${bookmark}` });
    expect(read.status).toBe(200);
    expect(read.json).toMatchObject({ firstName: "After", lastName: "Reyes" });
    // Reads never set it (they keep the caller's).
    expect(bookmarkCookie(read.headers)).toBeNull();
  });

  it("ignores a malformed or foreign bookmark instead of failing the request", async () => {
    const { cookie } = await signedIn("user");
    for (const bad of ["%%%", "x".repeat(300), "not a bookmark", "0000-bogus"]) {
      const read = await api("/api/auth/user", { cookie: `${cookie}; ${D1_BOOKMARK_COOKIE}=${bad}` });
      expect(read.status, bad).not.toBe(500);
    }
  });
});
