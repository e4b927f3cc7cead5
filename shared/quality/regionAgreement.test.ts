import { describe, expect, it } from 'vitest';
import { keypointAgreement, shapeAgreement, spanAgreement } from './regionAgreement.js';
import type { ResultItem } from './resultItem.js';

function rectangle(x: number, y: number, width: number, height: number, label = 'car', rotation = 0): ResultItem {
  return {
    from_name: 'box',
    to_name: 'image',
    type: 'rectanglelabels',
    value: { x, y, width, height, rotation, rectanglelabels: [label] },
  };
}

function ellipse(x: number, y: number, radius: number): ResultItem {
  return {
    type: 'ellipselabels',
    value: { x, y, radiusX: radius, radiusY: radius, rotation: 0, ellipselabels: ['cell'] },
  };
}

function keypoint(x: number, y: number, label = 'eye'): ResultItem {
  return { type: 'keypointlabels', value: { x, y, width: 1, keypointlabels: [label] } };
}

function span(start: number, end: number, label = 'PER'): ResultItem {
  return { type: 'labels', value: { start, end, labels: [label] } };
}

describe('shapeAgreement', () => {
  it('matches rectangles with equal labels by IoU', () => {
    // 20 x 20 boxes offset by 10 on x: overlap 10 x 20 = 200, union 600, IoU 1/3 < 0.5: no match.
    const apart = shapeAgreement([rectangle(0, 0, 20, 20)], [rectangle(10, 0, 20, 20)]);
    expect(apart).toEqual({ score: 0, matched: 0, firstCount: 1, secondCount: 1, meanMatchedScore: null });
    // Offset by 5: overlap 15 x 20 = 300, union 500, IoU 0.6: matched, F1 2*1/(1+1) = 1.
    const near = shapeAgreement([rectangle(0, 0, 20, 20)], [rectangle(5, 0, 20, 20)]);
    expect(near.score).toBe(1);
    expect(near.meanMatchedScore).toBeCloseTo(0.6, 12);
    // With the threshold at 0.3, the first pair matches too.
    expect(shapeAgreement([rectangle(0, 0, 20, 20)], [rectangle(10, 0, 20, 20)], { iouThreshold: 0.3 }).score).toBe(1);
  });

  it('matches one to one and never across labels', () => {
    // Two cars against one car on the first and a bus on the same spot: 1 match of 4 regions, F1 = 2/4.
    const first = [rectangle(0, 0, 10, 10), rectangle(50, 50, 10, 10)];
    const second = [rectangle(0, 0, 10, 10), rectangle(50, 50, 10, 10, 'bus')];
    expect(shapeAgreement(first, second).score).toBe(0.5);
    expect(shapeAgreement([], []).score).toBe(1);
  });

  it('turns rectangles about their top-left corner, in pixels when the image size is known', () => {
    // A 10 x 10 square at (50, 50) turned 90° clockwise covers x 40..50, y 50..60.
    expect(
      shapeAgreement([rectangle(50, 50, 10, 10, 'car', 90)], [rectangle(40, 50, 10, 10)]).meanMatchedScore,
    ).toBeCloseTo(1, 12);
    // On a 200 x 100 image, 5% x 10% is 10 x 10 pixels at (100, 50); turned 90° it covers
    // x 90..100 px (45..50%) and y 50..60 px (50..60%).
    const size = { original_width: 200, original_height: 100 };
    const turned = { ...rectangle(50, 50, 5, 10, 'car', 90), ...size };
    expect(shapeAgreement([turned], [{ ...rectangle(45, 50, 5, 10), ...size }]).meanMatchedScore).toBeCloseTo(1, 12);
  });

  it('intersects polygons exactly', () => {
    // The triangle is half of the square: IoU 50 / 100, just at the threshold.
    const triangle: ResultItem = {
      type: 'polygonlabels',
      value: {
        points: [
          [0, 0],
          [10, 0],
          [0, 10],
        ],
        polygonlabels: ['roof'],
      },
    };
    const square: ResultItem = {
      type: 'polygonlabels',
      value: {
        points: [
          [0, 0],
          [10, 0],
          [10, 10],
          [0, 10],
        ],
        polygonlabels: ['roof'],
      },
    };
    const agreement = shapeAgreement([triangle], [square]);
    expect(agreement.score).toBe(1);
    expect(agreement.meanMatchedScore).toBeCloseTo(0.5, 12);
  });

  it('approximates ellipses to well under 1e-3', () => {
    // Concentric circles of radius 10 and 20: IoU (π 10²) / (π 20²) = 1/4.
    const agreement = shapeAgreement([ellipse(50, 50, 10)], [ellipse(50, 50, 20)], { iouThreshold: 0.2 });
    expect(Math.abs(agreement.meanMatchedScore! - 0.25)).toBeLessThan(1e-3);
    // A circle of radius 10 inside the 20 x 20 square around it: π 100 / 400.
    const circleInSquare = shapeAgreement(
      [{ ...ellipse(50, 50, 10), type: 'ellipse' }],
      [{ ...rectangle(40, 40, 20, 20), type: 'rectangle' }],
      { iouThreshold: 0 },
    );
    expect(Math.abs(circleInSquare.meanMatchedScore! - Math.PI / 4)).toBeLessThan(1e-3);
  });
});

describe('turned ellipses', () => {
  it('overlap as two congruent ellipses a quarter turn apart do', () => {
    // Radii 20 and 10 turned 30° and 120° about one centre: the overlap of two congruent ellipses
    // at right angles is 4ab·atan(b/a) = 800·atan(1/2); the union is 2πab minus it.
    const turned = (rotation: number): ResultItem => ({
      type: 'ellipse',
      value: { x: 50, y: 50, radiusX: 20, radiusY: 10, rotation },
    });
    const overlap = 800 * Math.atan(0.5);
    const agreement = shapeAgreement([turned(30)], [turned(120)], { iouThreshold: 0 });
    expect(Math.abs(agreement.meanMatchedScore! - overlap / (400 * Math.PI - overlap))).toBeLessThan(1e-3);
  });
});

describe('keypointAgreement', () => {
  it('matches points within the distance, scoring closeness', () => {
    // (10, 10) and (11, 10) are 1 apart: closeness 1 - 1/2. (50, 50) and (53, 54) are 5 apart: no match.
    const agreement = keypointAgreement([keypoint(10, 10), keypoint(50, 50)], [keypoint(11, 10), keypoint(53, 54)]);
    expect(agreement.score).toBe(0.5);
    expect(agreement.meanMatchedScore).toBeCloseTo(0.5, 12);
    expect(
      keypointAgreement([keypoint(50, 50)], [keypoint(53, 54)], { keypointDistance: 10 }).meanMatchedScore,
    ).toBeCloseTo(0.5, 12);
    expect(keypointAgreement([keypoint(10, 10)], [keypoint(10, 10, 'nose')]).score).toBe(0);
  });
});

describe('spanAgreement', () => {
  it('scores matched spans by character IoU in a soft F1', () => {
    // 0..10 against 5..10: IoU 5/10. Soft F1 = 2 * 0.5 / 2.
    expect(spanAgreement([span(0, 10)], [span(5, 10)]).score).toBeCloseTo(0.5, 12);
    // One more span on the second side, matched by nothing: 2 * 0.5 / 3.
    expect(spanAgreement([span(0, 10)], [span(5, 10), span(20, 25, 'ORG')]).score).toBeCloseTo(1 / 3, 12);
    // The same offsets with different labels do not match.
    expect(spanAgreement([span(0, 10)], [span(0, 10, 'ORG')]).score).toBe(0);
    expect(spanAgreement([span(0, 4), span(6, 9)], [span(6, 9), span(0, 4)]).score).toBe(1);
  });

  it("reads HyperText's global offsets", () => {
    const html: ResultItem = {
      type: 'hypertextlabels',
      value: { start: '/p[1]', end: '/p[1]', globalOffsets: { start: 3, end: 7 }, hypertextlabels: ['PER'] },
    };
    expect(spanAgreement([html], [{ ...html, type: 'hypertextlabels' }]).score).toBe(1);
  });
});
