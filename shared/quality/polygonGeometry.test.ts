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
