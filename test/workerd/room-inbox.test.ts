import { describe, expect, it } from "vitest";
import { Inbox } from "../../workers/room/inbox";

const later = () => new Promise<void>((resolve) => setTimeout(resolve, 5));

describe("a room's inbox (workers/room/inbox.ts)", () => {
  it("handles a message at once, without a promise, when none is pending", () => {
    const inbox = new Inbox();
    const handled: string[] = [];
    expect(inbox.take(() => void handled.push("a"))).toBeUndefined();
    expect(handled).toEqual(["a"]);
  });

  it("keeps arrival order behind a message that waits, then handles at once again", async () => {
    const inbox = new Inbox();
    const handled: string[] = [];
    const first = inbox.take(async () => {
      await later();
      handled.push("waited");
    });
    const second = inbox.take(() => void handled.push("next"));
    expect(first).toBeInstanceOf(Promise);
    expect(second).toBeInstanceOf(Promise);
    expect(handled).toEqual([]);
    await second;
    expect(handled).toEqual(["waited", "next"]);
    await later();
    expect(inbox.take(() => void handled.push("alone"))).toBeUndefined();
    expect(handled).toEqual(["waited", "next", "alone"]);
  });

  it("goes on after a message that failed, which still fails for its caller", async () => {
    const inbox = new Inbox();
    const handled: string[] = [];
    const failing = inbox.take(async () => {
      await later();
      throw new Error("D1 unavailable");
    });
    const next = inbox.take(() => void handled.push("next"));
    await expect(failing).rejects.toThrow("D1 unavailable");
    await next;
    expect(handled).toEqual(["next"]);
  });
});
