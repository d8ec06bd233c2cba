import { SELF } from "cloudflare:test";
import { expect } from "vitest";
import { ORIGIN } from "./helpers";

/** Opens `/ws` with the given query and headers (no assertion on the answer). */
export function upgradeSocket(query: string, headers: Record<string, string> = {}) {
  return SELF.fetch(`${ORIGIN}/ws?${query}`, { headers: { Upgrade: "websocket", ...headers } });
}

/** A connected socket whose messages queue up, so tests can read them in order. */
export async function connectSocket(query: string, headers: Record<string, string> = {}) {
  const response = await upgradeSocket(query, headers);
  expect(response.status).toBe(101);
  const socket = response.webSocket!;
  const queue: any[] = [];
  const waiters: ((message: any) => void)[] = [];
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data));
    const waiter = waiters.shift();
    if (waiter) waiter(message);
    else queue.push(message);
  });
  socket.accept();
  return {
    socket,
    send: (message: unknown) => socket.send(typeof message === "string" ? message : JSON.stringify(message)),
    next(timeoutMs = 3000): Promise<any> {
      if (queue.length > 0) return Promise.resolve(queue.shift());
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("no message within timeout")), timeoutMs);
        waiters.push((message) => {
          clearTimeout(timer);
          resolve(message);
        });
      });
    },
    close: () => socket.close(1000, "done"),
  };
}
