/*
 * Exact areas of simple polygons and of their intersection, for the IoU of image regions.
 *
 * The intersection area comes from Green's theorem: the area of a region is half the sum, over its
 * boundary traversed counter-clockwise, of cross(start, end) of each piece. The boundary of P ∩ Q
 * is made of the parts of P's edges that lie inside Q and the parts of Q's edges that lie inside P,
 * so each edge is cut at every crossing with the other polygon and each piece is kept when its
 * midpoint is inside the other. A piece lying on an edge of the other polygon (shared edges, the
 * same polygon twice) is counted once when both interiors are on the same side of it (the edges run
 * the same way) and not at all when they are on opposite sides. Works for concave polygons; the
 * polygons must not cross themselves.
 */
export type Point = readonly [number, number];
export type Polygon = ReadonlyArray<Point>;

export function signedArea(polygon: Polygon): number {
  let twice = 0;
  for (let i = 0; i < polygon.length; i++) twice += cross(polygon[i]!, polygon[(i + 1) % polygon.length]!);
  return twice / 2;
}

export function polygonArea(polygon: Polygon): number {
  return Math.abs(signedArea(polygon));
}

export function intersectionArea(first: Polygon, second: Polygon): number {
  if (first.length < 3 || second.length < 3) return 0;
  const p = counterClockwise(first);
  const q = counterClockwise(second);
  const scale = Math.max(...[...p, ...q].map(([x, y]) => Math.max(Math.abs(x), Math.abs(y))), 1);
  const epsilon = scale * 1e-10;
  const twice = boundaryInside(p, q, true, epsilon) + boundaryInside(q, p, false, epsilon);
  return Math.max(0, twice / 2);
}

export function polygonIou(first: Polygon, second: Polygon): number {
  const overlap = intersectionArea(first, second);
  const union = polygonArea(first) + polygonArea(second) - overlap;
  return union > 0 ? overlap / union : 0;
}

function counterClockwise(polygon: Polygon): Polygon {
  return signedArea(polygon) < 0 ? [...polygon].reverse() : polygon;
}

function cross(a: Point, b: Point): number {
  return a[0] * b[1] - a[1] * b[0];
}

/** Twice the Green's-theorem contribution of the pieces of `edges`' boundary that lie inside `other`. */
function boundaryInside(edges: Polygon, other: Polygon, keepShared: boolean, epsilon: number): number {
  const [left, top, right, bottom] = boundsOf(other);
  let twice = 0;
  for (let i = 0; i < edges.length; i++) {
    const start = edges[i]!;
    const end = edges[(i + 1) % edges.length]!;
    // An edge clear of the other polygon's bounding box is outside it: nothing to cut or keep.
    const isClear =
      Math.max(start[0], end[0]) < left - epsilon ||
      Math.min(start[0], end[0]) > right + epsilon ||
      Math.max(start[1], end[1]) < top - epsilon ||
      Math.min(start[1], end[1]) > bottom + epsilon;
    if (isClear) continue;
    const cuts = [0, 1, ...crossings(start, end, other, epsilon)].sort((a, b) => a - b);
    for (let k = 0; k + 1 < cuts.length; k++) {
      if (cuts[k + 1]! - cuts[k]! <= 1e-12) continue;
      const from = along(start, end, cuts[k]!);
      const to = along(start, end, cuts[k + 1]!);
      const middle = along(start, end, (cuts[k]! + cuts[k + 1]!) / 2);
      const place = locate(middle, other, epsilon);
      const direction: Point = [end[0] - start[0], end[1] - start[1]];
      const isKept = place === 'inside' || (keepShared && typeof place === 'object' && dot(place, direction) > 0);
      if (isKept) twice += cross(from, to);
    }
  }
  return twice;
}

function boundsOf(polygon: Polygon): [number, number, number, number] {
  let [left, top, right, bottom] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of polygon) {
    [left, top, right, bottom] = [Math.min(left, x), Math.min(top, y), Math.max(right, x), Math.max(bottom, y)];
  }
  return [left, top, right, bottom];
}

function along(start: Point, end: Point, t: number): Point {
  return [start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t];
}

function dot(a: Point, b: Point): number {
  return a[0] * b[0] + a[1] * b[1];
}

/** Where, as a fraction of start→end, the segment meets the polygon's edges (touching and overlapping included). */
function crossings(start: Point, end: Point, polygon: Polygon, epsilon: number): number[] {
  const cuts: number[] = [];
  const r: Point = [end[0] - start[0], end[1] - start[1]];
  const lengthSquared = dot(r, r);
  for (let j = 0; j < polygon.length; j++) {
    const a = polygon[j]!;
    const b = polygon[(j + 1) % polygon.length]!;
    const s: Point = [b[0] - a[0], b[1] - a[1]];
    const denominator = cross(r, s);
    const offset: Point = [a[0] - start[0], a[1] - start[1]];
    if (Math.abs(denominator) > 1e-12 * Math.sqrt(lengthSquared * dot(s, s))) {
      const t = cross(offset, s) / denominator;
      const u = cross(offset, r) / denominator;
      if (t > 0 && t < 1 && u >= -1e-12 && u <= 1 + 1e-12) cuts.push(t);
    } else if (Math.abs(cross(offset, r)) <= epsilon * Math.sqrt(lengthSquared)) {
      // Collinear: the other edge's ends cut this one where they fall on it.
      for (const point of [a, b]) {
        const t = dot([point[0] - start[0], point[1] - start[1]], r) / lengthSquared;
        if (t > 0 && t < 1) cuts.push(t);
      }
    }
  }
  return cuts;
}

/**
 * 'inside' or 'outside' the polygon, or, when the point lies on one of its edges, that edge's
 * direction.
 */
function locate(point: Point, polygon: Polygon, epsilon: number): 'inside' | 'outside' | Point {
  let isInside = false;
  for (let j = 0; j < polygon.length; j++) {
    const a = polygon[j]!;
    const b = polygon[(j + 1) % polygon.length]!;
    const edge: Point = [b[0] - a[0], b[1] - a[1]];
    const length = Math.sqrt(dot(edge, edge));
    const relative: Point = [point[0] - a[0], point[1] - a[1]];
    if (length > 0 && Math.abs(cross(edge, relative)) / length <= epsilon) {
      const t = dot(relative, edge) / (length * length);
      if (t >= 0 && t <= 1) return edge;
    }
    if (a[1] > point[1] !== b[1] > point[1]) {
      const xAtY = a[0] + ((point[1] - a[1]) / (b[1] - a[1])) * (b[0] - a[0]);
      if (point[0] < xAtY) isInside = !isInside;
    }
  }
  return isInside ? 'inside' : 'outside';
}
