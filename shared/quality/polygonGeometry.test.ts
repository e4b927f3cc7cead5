import { describe, expect, it } from 'vitest';
import { intersectionArea, polygonArea, polygonIou, type Point } from './polygonGeometry.js';

function square(x: number, y: number, side: number): Point[] {
  return [
    [x, y],
    [x + side, y],
    [x + side, y + side],
    [x, y + side],
  ];
}

// An L: the 4 x 4 square without its top-right 3 x 3 corner, area 16 - 9 = 7.
const L: Point[] = [
  [0, 0],
  [4, 0],
  [4, 1],
  [1, 1],
  [1, 4],
  [0, 4],
];

describe('intersectionArea', () => {
  it('is the overlap of two squares', () => {
    // 2 x 2 squares offset by (1, 1) share a 1 x 1 square.
    expect(intersectionArea(square(0, 0, 2), square(1, 1, 2))).toBeCloseTo(1, 12);
    expect(polygonIou(square(0, 0, 2), square(1, 1, 2))).toBeCloseTo(1 / 7, 12);
  });

  it('counts a shared edge once and touching shapes as no overlap', () => {
    expect(intersectionArea(square(0, 0, 2), square(0, 0, 2))).toBeCloseTo(4, 12);
    expect(intersectionArea(square(0, 0, 2), square(1, 0, 2))).toBeCloseTo(2, 12);
    expect(intersectionArea(square(0, 0, 2), square(2, 0, 2))).toBeCloseTo(0, 12);
  });

  it('handles concave polygons, containment and either orientation', () => {
    expect(polygonArea(L)).toBe(7);
    expect(intersectionArea(L, square(0, 0, 4))).toBeCloseTo(7, 12);
    // The 2 x 2 square at (2, 2) sits in the L's missing corner.
    expect(intersectionArea(L, square(2, 2, 2))).toBeCloseTo(0, 12);
    // The unit square at (0.5, 0.5) loses its top-right quarter to the notch: 0.75.
    expect(intersectionArea(L, square(0.5, 0.5, 1))).toBeCloseTo(0.75, 12);
    expect(intersectionArea([...L].reverse(), square(0.5, 0.5, 1))).toBeCloseTo(0.75, 12);
    expect(intersectionArea(square(0, 0, 10), square(3, 3, 1))).toBeCloseTo(1, 12);
  });

  it('gives a triangle half of the square it cuts', () => {
    const triangle: Point[] = [
      [0, 0],
      [10, 0],
      [0, 10],
    ];
    expect(intersectionArea(triangle, square(0, 0, 10))).toBeCloseTo(50, 10);
    expect(polygonIou(triangle, square(0, 0, 10))).toBeCloseTo(0.5, 12);
  });

  it('is 0 for degenerate polygons', () => {
    expect(
      intersectionArea(
        [
          [0, 0],
          [1, 1],
        ],
        square(0, 0, 2),
      ),
    ).toBe(0);
  });
});

describe('intersectionArea against counting grid cells', () => {
  // Seeded star-shaped polygons (concave, 3 to 10 vertices) overlapping at random.
  let seed = 7;
  const random = () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };
  const star = (cx: number, cy: number): Point[] => {
    const vertices = 3 + Math.floor(random() * 8);
    return Array.from({ length: vertices }, (_, i) => {
      const angle = (2 * Math.PI * i) / vertices;
      const radius = 1 + random() * 3;
      return [cx + radius * Math.cos(angle), cy + radius * Math.sin(angle)] as Point;
    });
  };
  const isInside = ([x, y]: Point, polygon: Point[]) => {
    let inside = false;
    for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
      const [xi, yi] = polygon[i]!;
      const [xj, yj] = polygon[j]!;
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
    return inside;
  };
  const perimeter = (polygon: Point[]) =>
    polygon.reduce((total, [x, y], i) => {
      const [nx, ny] = polygon[(i + 1) % polygon.length]!;
      return total + Math.hypot(nx - x, ny - y);
    }, 0);

  it('agrees with the cells of a 400 x 400 grid whose centres lie in both', () => {
    // The cells counted wrongly straddle a boundary, so the error stays below half a cell's
    // diagonal times both perimeters.
    const cells = 400;
    const cell = 12 / cells;
    for (let pair = 0; pair < 8; pair++) {
      const first = star(5, 5);
      const second = star(5 + random() * 3, 5 + random() * 3);
      let counted = 0;
      for (let i = 0; i < cells; i++) {
        for (let j = 0; j < cells; j++) {
          const centre: Point = [(i + 0.5) * cell - 1, (j + 0.5) * cell - 1];
          if (isInside(centre, first) && isInside(centre, second)) counted += 1;
        }
      }
      const bound = ((perimeter(first) + perimeter(second)) * cell * Math.SQRT2) / 2;
      expect(Math.abs(intersectionArea(first, second) - counted * cell * cell)).toBeLessThan(bound);
    }
  });
});
