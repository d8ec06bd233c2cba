import { describe, expect, it } from "vitest";
import { placeLabels, projectToBox, type LabelBox } from "./map-points";

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
    expect(
      projectToBox([{ latitude: 14.5, longitude: 121 }], 300, 400, 20)({ latitude: 14.5, longitude: 121 }),
    ).toEqual({ x: 150, y: 200 });
  });
});

describe("placing the map's labels", () => {
  const meet = (a: LabelBox, b: { cx: number; cy: number; width: number; height: number }) =>
    Math.min(a.cx + a.width / 2, b.cx + b.width / 2) > Math.max(a.cx - a.width / 2, b.cx - b.width / 2) &&
    Math.min(a.cy + a.height / 2, b.cy + b.height / 2) > Math.max(a.cy - a.height / 2, b.cy - b.height / 2);

  it("keeps labels off each other, off the markers and inside a 312px box, for markers close together and on the edges", () => {
    const width = 312;
    const height = 400;
    const cases = [
      // The rider on the pickup's city, the dropoff to the north (the case a customer saw as "Riderickup: Manila Dropoff: Mandaluy").
      [
        { key: "pickup", x: 48, y: 352, radius: 24, text: "Pickup: Manila" },
        { key: "dropoff", x: 264, y: 48, radius: 24, text: "Dropoff: Mandaluyong" },
        { key: "rider", x: 52, y: 348, radius: 11, text: "Rider" },
      ],
      // Three markers side by side in the middle.
      [
        { key: "pickup", x: 140, y: 200, radius: 9, text: "Pickup" },
        { key: "dropoff", x: 172, y: 200, radius: 9, text: "Dropoff" },
        { key: "rider", x: 156, y: 200, radius: 11, text: "Rider (huling alam)" },
      ],
    ];
    for (const labels of cases) {
      const placed = placeLabels(labels, width, height);
      const boxes = labels.map((label) => placed.get(label.key)!);
      for (const [i, box] of boxes.entries()) {
        expect(box.cx - box.width / 2).toBeGreaterThanOrEqual(0);
        expect(box.cx + box.width / 2).toBeLessThanOrEqual(width);
        expect(box.cy - box.height / 2).toBeGreaterThanOrEqual(0);
        expect(box.cy + box.height / 2).toBeLessThanOrEqual(height);
        for (const other of boxes.slice(i + 1))
          expect(meet(box, other), `${labels[i]!.text} over another label`).toBe(false);
        for (const marker of labels)
          expect(
            meet(box, { cx: marker.x, cy: marker.y, width: 2 * marker.radius, height: 2 * marker.radius }),
            `${labels[i]!.text} over ${marker.key}`,
          ).toBe(false);
      }
    }
  });
});
