import { describe, it } from "vitest";
import { ID, ROUTES } from "./api-routes";
import { expectNoServerErrors } from "./api-sweep-malformed";

describe("delivery routes with an id", () => {
  it("never answer 500 to malformed bodies or odd ids, whoever calls", async () => {
    await expectNoServerErrors(ROUTES.filter((route) => route.path.includes(ID)));
  }, 120_000);
});
