import { createCookie } from "@remix-run/cloudflare";
import { z } from "zod";

/**
 * A toast raised by the server for the next page (after a redirect), carried in a short-lived
 * cookie that the root loader reads once and clears.
 */
const flashToastSchema = z.object({
  title: z.string().max(200).optional(),
  description: z.string().max(500).optional(),
  variant: z.enum(["default", "destructive"]).optional(),
});
export type FlashToastInput = z.infer<typeof flashToastSchema>;
export type FlashToast = FlashToastInput & { id: string };

const toastCookie = createCookie("hatid_toast", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  maxAge: 60,
});

const isHttps = (request: Request) => new URL(request.url).protocol === "https:";

export async function flashToastHeader(request: Request, toast: FlashToastInput) {
  return toastCookie.serialize(toast, { secure: isHttps(request) });
}

export async function readFlashToast(request: Request): Promise<{ toast: FlashToast | null; headers: Headers }> {
  const headers = new Headers();
  const cookieHeader = request.headers.get("Cookie");
  if (!cookieHeader?.includes("hatid_toast=")) return { toast: null, headers };

  headers.append("Set-Cookie", await toastCookie.serialize("", { maxAge: 0, secure: isHttps(request) }));
  let raw: unknown = null;
  try {
    raw = await toastCookie.parse(cookieHeader);
  } catch {
    return { toast: null, headers };
  }
  const parsed = flashToastSchema.safeParse(raw);
  if (!parsed.success || (!parsed.data.title && !parsed.data.description)) return { toast: null, headers };
  return { toast: { ...parsed.data, id: `flash-${crypto.randomUUID()}` }, headers };
}
