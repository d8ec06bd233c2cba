import type { http as en } from "~/i18n/catalogs/en/server/http";

export const http: Record<keyof typeof en, string> = {
  "http.unauthorized": "Hindi ka naka-sign in",
  "http.forbidden": "Bawal ito sa account mo",
  "http.notFound": "Hindi nahanap",
  "http.methodNotAllowed": "Hindi puwede ang paraang ito",
  "http.invalidJson": "Hindi valid na JSON ang laman ng request. Magpadala ng JSON object.",
  "http.failed": "May nangyaring mali. Pakisubukan ulit.",
  "http.crossOrigin":
    "Tinanggihan ang request na ito dahil galing ito sa ibang website. Buksan mismo ang Hatid at subukan ulit.",
  "http.bodyTooLarge": "Masyadong malaki ang ipinadala mo: hanggang {megabytes} MB lang. Magpadala ng mas maliit.",
  "http.bodyUnreadable": "Hindi mabasa ang ipinadala mo. Pakisubukan ulit.",
  "http.idempotencyKeyInvalid":
    "Dapat 1 hanggang 64 na nakikitang character ang Idempotency-Key header. Magpadala ng valid na key.",
  "http.idempotencyKeyReused":
    "Nagamit na ang Idempotency-Key na ito sa ibang request. Magpadala ng bagong key para sa bagong request.",
  "http.idempotencyInProgress": "Pinoproseso pa ang request na may ganitong Idempotency-Key. Subukan ulit maya-maya.",
  "http.cursorInvalid": "Hindi valid ang link ng page na ito. Magsimula ulit sa unang page.",
  "http.limitInvalid": "Dapat buong numero mula 1 hanggang {max} ang dami kada page (limit).",
};
