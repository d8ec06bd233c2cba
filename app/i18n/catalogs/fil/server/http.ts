import type { http as en } from "../../en/server/http";

export const http: Record<keyof typeof en, string> = {
  "http.unauthorized": "Hindi ka naka-sign in",
  "http.forbidden": "Bawal ito sa account mo",
  "http.notFound": "Hindi nahanap",
  "http.methodNotAllowed": "Hindi puwede ang paraang ito",
  "http.invalidJson": "Hindi valid na JSON ang laman ng request. Magpadala ng JSON object.",
  "http.failed": "May nangyaring mali. Pakisubukan ulit.",
};
