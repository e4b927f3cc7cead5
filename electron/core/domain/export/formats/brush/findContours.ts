/**
 * OpenCV's `findContours(mask, RETR_EXTERNAL, CHAIN_APPROX_SIMPLE)` (Suzuki-Abe border following),
 * reproducing its output exactly: the same start points, the counter-clockwise-on-screen walk, the
 * points kept at every change of direction, and the contour order (last found first). Any non-zero
 * pixel is foreground, 8-connected. BRUSH_TO_COCO turns each contour into a polygon
 * (docs/export-image-formats.md#brush_to_coco).
 */

export type Contour = [number, number][];

/** Freeman chain code steps: 0 right, then counter-clockwise on screen (y grows downward). */
const STEP_X = [1, 1, 0, -1, -1, -1, 0, 1];
const STEP_Y = [0, -1, -1, -1, 0, 1, 1, 1];

const NEW_FLAG = 2; // a visited border pixel
const RIGHT_FLAG = -126; // (2 | 0x80) as a signed char: a border pixel on the right side

export function findExternalContours(mask: Uint8Array, width: number, height: number): Contour[] {
  // 1. Pad with one zero pixel on every side and binarize, as OpenCV does before scanning.
  const stride = width + 2;
  const rows = height + 2;
  const image = new Int8Array(stride * rows);
  for (let y = 0; y < height; y += 1) {
    const from = y * width;
    const to = (y + 1) * stride + 1;
    for (let x = 0; x < width; x += 1) if (mask[from + x] !== 0) image[to + x] = 1;
  }
  const delta = STEP_X.map((dx, s) => dx + STEP_Y[s]! * stride);
  const found: Contour[] = [];

  // 2. Raster scan for border starts; only outer borders not inside another border are traced.
  const lastX = stride - 1;
  const lastY = rows - 1;
  for (let y = 1; y < lastY; y += 1) {
    let lastPosition = y * stride; // (0, y): the border column
    let previous = 0;
    for (let x = 1; x < lastX; x += 1) {
      const index = y * stride + x;
      const pixel = image[index]!;
      if (pixel === previous) continue;
      if (previous === 0 && pixel === 1) {
        if (!(image[lastPosition]! > 0)) {
          found.push(traceBorder(image, index, x - 1, y - 1, delta));
          lastPosition = index;
          previous = image[index]!;
          // Scanning resumes at x + 1 with `previous` read from the (now marked) start pixel.
          if (previous & 0xfe) lastPosition = index;
          continue;
        }
      } else if (pixel === 0 && previous >= 1) {
        // A hole border: never traced in external mode, but it still moves the last position.
        if (previous & 0xfe) lastPosition = index - 1;
      }
      previous = pixel;
      if (previous & 0xfe) lastPosition = index;
    }
  }
  return found.reverse();
}

/** Follows one outer border from its start pixel, marking it, and returns the simplified points. */
function traceBorder(image: Int8Array, start: number, originX: number, originY: number, delta: number[]): Contour {
  const points: Contour = [];
  let x = originX;
  let y = originY;
  let s = 4;
  let second: number;
  do {
    s = (s - 1) & 7;
    second = start + delta[s]!;
  } while (image[second] === 0 && s !== 4);
  if (s === 4) {
    image[start] = RIGHT_FLAG;
    points.push([x, y]);
    return points;
  }
  let current = start;
  let previousDirection = s ^ 4;
  for (;;) {
    const searchStart = s;
    let next = current;
    while (s < 15) {
      s += 1;
      next = current + delta[s & 7]!;
      if (image[next] !== 0) break;
    }
    s &= 7;
    if (s - 1 >= 0 && s - 1 < searchStart) image[current] = RIGHT_FLAG;
    else if (image[current] === 1) image[current] = NEW_FLAG;
    if (s !== previousDirection) points.push([x, y]);
    previousDirection = s;
    x += STEP_X[s]!;
    y += STEP_Y[s]!;
    if (next === start && current === second) break;
    current = next;
    s = (s + 4) & 7;
  }
  return points;
}

/** `cv2.boundingRect` of integer points: an inclusive pixel count. */
export function boundingRect(points: readonly [number, number][]): [number, number, number, number] {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const [x, y] of points) {
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  if (points.length === 0) return [0, 0, 0, 0];
  return [minX, minY, maxX - minX + 1, maxY - minY + 1];
}

/** `cv2.contourArea`: the absolute shoelace area, starting from the last point. */
export function contourArea(points: readonly [number, number][]): number {
  if (points.length < 3) return 0;
  let sum = 0;
  let [previousX, previousY] = points[points.length - 1]!;
  for (const [x, y] of points) {
    sum += previousX * y - previousY * x;
    previousX = x;
    previousY = y;
  }
  return Math.abs(sum * 0.5);
}
