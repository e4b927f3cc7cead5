import { crc32, deflateSync } from 'node:zlib';

/*
 * Generated images for the click-to-segment skill: one object (an ellipse, a polygon or a blob)
 * on a textured, noisy background, with the object's true mask, so a test or a bench knows the
 * answer exactly. Seeded: the same seed draws the same scene.
 */

export type ShapeKind = 'ellipse' | 'polygon' | 'blob';

export interface Scene {
  width: number;
  height: number;
  /** RGB, three bytes a pixel. */
  pixels: Uint8Array;
  /** 1 inside the object, 0 outside. */
  truth: Uint8Array;
  /** The object's bounding box in pixels. */
  box: { x: number; y: number; width: number; height: number };
  /** A point well inside the object. */
  inside: { x: number; y: number };
}

export function seededRandom(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}

/** The object's outline as a radius per angle around its centre. */
function radiusFunction(kind: ShapeKind, random: () => number, rx: number, ry: number): (angle: number) => number {
  if (kind === 'ellipse') {
    return (angle) => (rx * ry) / Math.hypot(ry * Math.cos(angle), rx * Math.sin(angle));
  }
  if (kind === 'blob') {
    const waves = [2, 3, 5].map((k) => ({ k, amplitude: 0.06 + random() * 0.1, phase: random() * 6.3 }));
    return (angle) => {
      const base = (rx * ry) / Math.hypot(ry * Math.cos(angle), rx * Math.sin(angle));
      return base * (1 + waves.reduce((sum, w) => sum + w.amplitude * Math.sin(w.k * angle + w.phase), 0));
    };
  }
  const corners = 3 + Math.floor(random() * 5);
  const radii = Array.from({ length: corners }, () => 0.7 + random() * 0.3);
  const start = random() * 6.3;
  // A polygon: straight edges between corners at evenly spread angles.
  return (angle) => {
    const step = (2 * Math.PI) / corners;
    const turned = (((angle - start) % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI);
    const index = Math.floor(turned / step);
    const [a, b] = [radii[index]!, radii[(index + 1) % corners]!];
    const [ax, ay] = [a * rx * Math.cos(index * step), a * ry * Math.sin(index * step)];
    const [bx, by] = [b * rx * Math.cos((index + 1) * step), b * ry * Math.sin((index + 1) * step)];
    const [dx, dy] = [Math.cos(turned), Math.sin(turned)];
    // Where the ray at `turned` meets the edge a-b.
    const denominator = dx * (by - ay) - dy * (bx - ax);
    return Math.abs(denominator) < 1e-9 ? a * rx : (ax * (by - ay) - ay * (bx - ax)) / denominator;
  };
}

export function generateScene(seed: number, kind: ShapeKind, width = 1000, height = 1000): Scene {
  const random = seededRandom(seed);
  const rx = width * (0.12 + random() * 0.16);
  const ry = height * (0.12 + random() * 0.16);
  const cx = rx * 1.4 + random() * (width - rx * 2.8);
  const cy = ry * 1.4 + random() * (height - ry * 2.8);
  const radius = radiusFunction(kind, random, rx, ry);
  const background = [random() * 120 + 40, random() * 120 + 40, random() * 120 + 40];
  // The object differs from the background by a clear colour step, as real objects mostly do.
  const object = background.map((value, index) => (value + 70 + (index === 0 ? random() * 40 : 0)) % 256);
  const [fx, fy] = [0.02 + random() * 0.05, 0.02 + random() * 0.05];
  const pixels = new Uint8Array(width * height * 3);
  const truth = new Uint8Array(width * height);
  let [minX, minY, maxX, maxY] = [width, height, -1, -1];
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const distance = Math.hypot(x - cx, y - cy);
      const inside = distance <= radius(Math.atan2(y - cy, x - cx));
      const index = y * width + x;
      if (inside) {
        truth[index] = 1;
        [minX, minY, maxX, maxY] = [Math.min(minX, x), Math.min(minY, y), Math.max(maxX, x), Math.max(maxY, y)];
      }
      // Texture: stripes and a checker-like wave, plus per-pixel noise.
      const texture = 18 * Math.sin(x * fx + y * fy) + 10 * Math.sin(x * 0.3) * Math.cos(y * 0.27);
      const base = inside ? object : background;
      for (let channel = 0; channel < 3; channel += 1) {
        const noise = (random() - 0.5) * 40;
        pixels[index * 3 + channel] = Math.max(0, Math.min(255, Math.round(base[channel]! + texture + noise)));
      }
    }
  }
  return {
    width,
    height,
    pixels,
    truth,
    box: { x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1 },
    inside: { x: Math.round(cx), y: Math.round(cy) },
  };
}

/** Intersection over union of two masks (non-zero is inside). */
export function maskIou(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let [both, either] = [0, 0];
  for (let index = 0; index < a.length; index += 1) {
    const [inA, inB] = [a[index] !== 0, b[index] !== 0];
    if (inA && inB) both += 1;
    if (inA || inB) either += 1;
  }
  return either === 0 ? 1 : both / either;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** An 8-bit RGB PNG of the scene (no row filters), as a user would upload it. */
export function encodeRgbPng(width: number, height: number, pixels: Uint8Array): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.alloc(height * (width * 3 + 1));
  for (let y = 0; y < height; y += 1)
    raw.set(pixels.subarray(y * width * 3, (y + 1) * width * 3), y * (width * 3 + 1) + 1);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 1 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const percent = (value: number, of: number) => (value / of) * 100;

/** The smart box the editor sends around the scene's object (control "box", label "Fruit"). */
export function boxRegion(scene: Scene) {
  return {
    id: 'b1',
    from_name: 'box',
    to_name: 'image',
    type: 'rectanglelabels',
    original_width: scene.width,
    original_height: scene.height,
    value: {
      x: percent(scene.box.x, scene.width),
      y: percent(scene.box.y, scene.height),
      width: percent(scene.box.width, scene.width),
      height: percent(scene.box.height, scene.height),
      rotation: 0,
      rectanglelabels: ['Fruit'],
    },
  };
}
