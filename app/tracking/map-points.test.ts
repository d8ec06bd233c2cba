import { describe, expect, it } from "vitest";
import { projectToBox } from "./map-points";

describe("fitting points into the map box", () => {
  it("keeps every point inside the padded box, north up", () => {
    const points = [
      { latitude: 14.55, longitude: 121.03 },
      { latitude: 14.63, longitude: 121.03 },
      { latitude: 14.58, longitude: 121.1 },
    ];
    const project = projectToBox(points, 360, 400, 40);
    for (const p of points.map(project)) {
      expect(p.x).toBeGreaterThanOrEqual(40 - 1e-9);
      expect(p.x).toBeLessThanOrEqual(320 + 1e-9);
      expect(p.y).toBeGreaterThanOrEqual(40 - 1e-9);
      expect(p.y).toBeLessThanOrEqual(360 + 1e-9);
    }
    // Quezon City (north) is drawn above Makati.
    expect(project(points[1]!).y).toBeLessThan(project(points[0]!).y);
  });

  it("puts a lone point in the middle", () => {
    expect(projectToBox([{ latitude: 14.5, longitude: 121 }], 300, 400, 20)({ latitude: 14.5, longitude: 121 })).toEqual({ x: 150, y: 200 });
  });
});
