import type { RgbImage } from '../image/imagePixels.js';
import type { OpenCv } from './openCv.js';

/*
 * The image work of click-to-segment, with OpenCV: a box becomes the object's mask by GrabCut
 * (initialised with the box, points inside it as hard seeds), a point becomes the region grown
 * from it by a watershed. Both work on a reduced copy of the image, so a
 * request costs tens of milliseconds whatever the photo's size: an outline followed at a few
 * hundred pixels a side and scaled back is within a pixel or two of one followed at full size.
 * Masks are one byte a pixel of the whole image, 1 inside.
 */

export interface PixelBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PixelPoint {
  x: number;
  y: number;
}

export interface Seeds {
  positive: PixelPoint[];
  negative: PixelPoint[];
}

/** GrabCut's working size (longest side of the box and its margin). */
const GRABCUT_SIDE = 160;
const GRABCUT_ITERATIONS = 3;
/** The watershed's working size (longest side of the whole image). */
const REGION_SIDE = 480;
/** Watershed marker values: the image's border (outside any object) and the clicked object. */
const [BORDER, OBJECT] = [1, 2];

interface Deletable {
  delete(): void;
}

/** Runs `work` with a tracker that frees every OpenCV object it was handed, whatever happens. */
function withMats<T>(work: (track: <M extends Deletable>(mat: M) => M) => T): T {
  const tracked: Deletable[] = [];
  try {
    return work((mat) => {
      tracked.push(mat);
      return mat;
    });
  } finally {
    for (const mat of tracked) mat.delete();
  }
}

function clampBox(box: PixelBox, image: RgbImage): PixelBox {
  const x = Math.max(0, Math.min(image.width - 1, Math.floor(box.x)));
  const y = Math.max(0, Math.min(image.height - 1, Math.floor(box.y)));
  const right = Math.max(x + 1, Math.min(image.width, Math.ceil(box.x + box.width)));
  const bottom = Math.max(y + 1, Math.min(image.height, Math.ceil(box.y + box.height)));
  return { x, y, width: right - x, height: bottom - y };
}

function cropPixels(image: RgbImage, crop: PixelBox): Uint8Array {
  const out = new Uint8Array(crop.width * crop.height * 3);
  for (let row = 0; row < crop.height; row += 1) {
    const start = ((crop.y + row) * image.width + crop.x) * 3;
    out.set(image.rgb.subarray(start, start + crop.width * 3), row * crop.width * 3);
  }
  return out;
}

/**
 * A working-size binary mask (255 inside) scaled to `size` and written, as 1s, into a mask of the
 * whole image at `at`.
 */
function placeScaled(
  cv: OpenCv,
  small: Uint8Array,
  smallSize: { width: number; height: number },
  at: PixelBox,
  image: RgbImage,
): Uint8Array {
  return withMats((track) => {
    const source = track(cv.matFromArray(smallSize.height, smallSize.width, cv.CV_8UC1, small));
    const scaled = track(new cv.Mat());
    cv.resize(source, scaled, new cv.Size(at.width, at.height), 0, 0, cv.INTER_LINEAR);
    const data = scaled.data;
    const mask = new Uint8Array(image.width * image.height);
    for (let row = 0; row < at.height; row += 1) {
      const offset = (at.y + row) * image.width + at.x;
      for (let column = 0; column < at.width; column += 1) {
        if (data[row * at.width + column]! >= 128) mask[offset + column] = 1;
      }
    }
    return mask;
  });
}

/** Keeps the largest outer outline of a binary mask (255 inside), filled: specks go, holes close. */
function largestFilledOutline(cv: OpenCv, binary: InstanceType<OpenCv['Mat']>): Uint8Array {
  return withMats((track) => {
    const contours = track(new cv.MatVector());
    const hierarchy = track(new cv.Mat());
    cv.findContours(binary, contours, hierarchy, cv.RETR_EXTERNAL, cv.CHAIN_APPROX_SIMPLE);
    let best = -1;
    let bestArea = 0;
    for (let index = 0; index < contours.size(); index += 1) {
      const area = cv.contourArea(track(contours.get(index)));
      if (area > bestArea) [best, bestArea] = [index, area];
    }
    const filled = track(cv.Mat.zeros(binary.rows, binary.cols, cv.CV_8UC1));
    if (best >= 0) cv.drawContours(filled, contours, best, new cv.Scalar(255), cv.FILLED);
    return Uint8Array.from(filled.data);
  });
}

/** The object inside `box`: GrabCut on the box and a margin around it, seeded with the points. */
export function boxMask(cv: OpenCv, image: RgbImage, rawBox: PixelBox, seeds: Seeds): Uint8Array {
  const box = clampBox(rawBox, image);
  const margin = Math.max(8, Math.round(0.1 * Math.max(box.width, box.height)));
  const crop = clampBox(
    { x: box.x - margin, y: box.y - margin, width: box.width + 2 * margin, height: box.height + 2 * margin },
    image,
  );
  const scale = Math.min(1, GRABCUT_SIDE / Math.max(crop.width, crop.height));
  const size = {
    width: Math.max(1, Math.round(crop.width * scale)),
    height: Math.max(1, Math.round(crop.height * scale)),
  };
  const small = withMats((track) => {
    const source = track(cv.matFromArray(crop.height, crop.width, cv.CV_8UC3, cropPixels(image, crop)));
    const reduced = track(new cv.Mat());
    cv.resize(source, reduced, new cv.Size(size.width, size.height), 0, 0, cv.INTER_AREA);
    const left = Math.min(size.width - 1, Math.floor((box.x - crop.x) * scale));
    const top = Math.min(size.height - 1, Math.floor((box.y - crop.y) * scale));
    const rect = new cv.Rect(
      left,
      top,
      Math.max(1, Math.min(size.width - left, Math.ceil(box.width * scale))),
      Math.max(1, Math.min(size.height - top, Math.ceil(box.height * scale))),
    );
    const labels = track(new cv.Mat());
    const [background, foreground] = [track(new cv.Mat()), track(new cv.Mat())];
    cv.grabCut(reduced, labels, rect, background, foreground, GRABCUT_ITERATIONS, cv.GC_INIT_WITH_RECT);
    const marks = [
      ...seeds.positive.map((point) => ({ point, label: cv.GC_FGD })),
      ...seeds.negative.map((point) => ({ point, label: cv.GC_BGD })),
    ];
    if (marks.length > 0) {
      for (const { point, label } of marks) {
        const at = new cv.Point(Math.round((point.x - crop.x) * scale), Math.round((point.y - crop.y) * scale));
        cv.circle(labels, at, 2, new cv.Scalar(label), cv.FILLED);
      }
      cv.grabCut(reduced, labels, rect, background, foreground, 2, cv.GC_INIT_WITH_MASK);
    }
    const binary = track(new cv.Mat(size.height, size.width, cv.CV_8UC1));
    const [from, to] = [labels.data, binary.data];
    for (let index = 0; index < from.length; index += 1) {
      to[index] = from[index] === cv.GC_FGD || from[index] === cv.GC_PR_FGD ? 255 : 0;
    }
    return largestFilledOutline(cv, binary);
  });
  return placeScaled(cv, small, size, crop, image);
}

/**
 * The region around `point`: a watershed flooded from the point and from the image's border meets
 * on the strongest outline between them, which is the object's edge rather than the weaker edges
 * of texture inside it or around it.
 */
export function pointRegion(cv: OpenCv, image: RgbImage, point: PixelPoint): Uint8Array {
  const whole = { x: 0, y: 0, width: image.width, height: image.height };
  const scale = Math.min(1, REGION_SIDE / Math.max(image.width, image.height));
  const size = {
    width: Math.max(5, Math.round(image.width * scale)),
    height: Math.max(5, Math.round(image.height * scale)),
  };
  const small = withMats((track) => {
    const source = track(cv.matFromArray(image.height, image.width, cv.CV_8UC3, image.rgb));
    const reduced = track(new cv.Mat());
    cv.resize(source, reduced, new cv.Size(size.width, size.height), 0, 0, cv.INTER_AREA);
    // Noise makes edges everywhere; the blur keeps the ones between different colours.
    cv.GaussianBlur(reduced, reduced, new cv.Size(5, 5), 0);
    const markers = track(cv.Mat.zeros(size.height, size.width, cv.CV_32S));
    // One pixel in: OpenCV's watershed keeps the outermost frame for itself (as boundary).
    cv.rectangle(markers, new cv.Point(1, 1), new cv.Point(size.width - 2, size.height - 2), new cv.Scalar(BORDER), 1);
    const seed = new cv.Point(
      Math.min(size.width - 3, Math.max(2, Math.round(point.x * scale))),
      Math.min(size.height - 3, Math.max(2, Math.round(point.y * scale))),
    );
    cv.circle(markers, seed, 2, new cv.Scalar(OBJECT), cv.FILLED);
    cv.watershed(reduced, markers);
    const labels = markers.data32S;
    const binary = track(new cv.Mat(size.height, size.width, cv.CV_8UC1));
    const out = binary.data;
    for (let index = 0; index < labels.length; index += 1) out[index] = labels[index] === OBJECT ? 255 : 0;
    return largestFilledOutline(cv, binary);
  });
  return placeScaled(cv, small, size, whole, image);
}

/** The largest outline of a mask as a simplified polygon, in pixels. */
export function maskPolygon(cv: OpenCv, mask: Uint8Array, width: number, height: number): PixelPoint[] {
  return withMats((track) => {
    const binary = track(cv.matFromArray(height, width, cv.CV_8UC1, mask));
    const contours = track(new cv.MatVector());
    const hierarchy = track(new cv.Mat());
    cv.findContours(binary, contours, hierarchy, cv.RETR_EXTERNAL, cv.CHAIN_APPROX_SIMPLE);
    let best = -1;
    let bestArea = 0;
    for (let index = 0; index < contours.size(); index += 1) {
      const area = cv.contourArea(track(contours.get(index)));
      if (area > bestArea) [best, bestArea] = [index, area];
    }
    if (best < 0) return [];
    const contour = track(contours.get(best));
    const simplified = track(new cv.Mat());
    // A tolerance of a fraction of the outline's length: a few points for a square, many for a blob.
    cv.approxPolyDP(contour, simplified, Math.max(1, 0.003 * cv.arcLength(contour, true)), true);
    const points: PixelPoint[] = [];
    const coordinates = simplified.data32S;
    for (let index = 0; index + 1 < coordinates.length; index += 2) {
      points.push({ x: coordinates[index]!, y: coordinates[index + 1]! });
    }
    return points;
  });
}
