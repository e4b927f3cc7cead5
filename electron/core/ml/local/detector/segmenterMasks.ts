import type { Letterboxed } from './letterbox.js';
import type { Detection, OutputLayout } from './yoloOutput.js';

/*
 * A YOLO segmenter's masks (YOLOv8/v11 `-seg` exports). Beside its boxes it outputs prototypes,
 * `[1, K, H/4, W/4]` over the letterboxed input, and each candidate carries K coefficients after
 * its class scores. A detection's mask is sigmoid(coefficients · prototypes) over 0.5, cropped to
 * its box, on the image's pixels: each image pixel is placed in the input (the letterbox's scale
 * and padding) and the prototypes' sum is read there bilinearly. The sigmoid is over 0.5 exactly
 * where its argument is over 0, so the argument is compared with 0 and no exponential is taken.
 */

export interface MaskPrototypes {
  /** K planes of height x width floats, one after the other. */
  data: Float32Array;
  channels: number;
  height: number;
  width: number;
}

/** The mask coefficients of one candidate of the output. */
export function maskCoefficientsOf(output: Float32Array, layout: OutputLayout, candidate: number): Float32Array {
  const coefficients = new Float32Array(layout.extra);
  if (layout.layout === 'yolov8') {
    const first = 4 + layout.classes;
    for (let k = 0; k < layout.extra; k += 1)
      coefficients[k] = output[(first + k) * layout.candidates + candidate] ?? 0;
  } else {
    const stride = 5 + layout.classes + layout.extra;
    const first = candidate * stride + 5 + layout.classes;
    for (let k = 0; k < layout.extra; k += 1) coefficients[k] = output[first + k] ?? 0;
  }
  return coefficients;
}

/** The coefficients' weighted sum of the prototypes: the mask's logits at prototype resolution. */
function maskLogits(prototypes: MaskPrototypes, coefficients: Float32Array): Float32Array {
  const plane = prototypes.width * prototypes.height;
  const logits = new Float32Array(plane);
  for (let k = 0; k < prototypes.channels; k += 1) {
    const weight = coefficients[k] ?? 0;
    if (weight === 0) continue;
    const offset = k * plane;
    for (let index = 0; index < plane; index += 1) logits[index]! += weight * prototypes.data[offset + index]!;
  }
  return logits;
}

/** Bilinear read of a plane at (u, v) in its pixel coordinates (centres at integers), clamped to its edges. */
function sample(plane: Float32Array, width: number, height: number, u: number, v: number): number {
  const x = Math.min(width - 1, Math.max(0, u));
  const y = Math.min(height - 1, Math.max(0, v));
  const left = Math.floor(x);
  const top = Math.floor(y);
  const right = Math.min(width - 1, left + 1);
  const bottom = Math.min(height - 1, top + 1);
  const across = x - left;
  const down = y - top;
  const upper = plane[top * width + left]! * (1 - across) + plane[top * width + right]! * across;
  const lower = plane[bottom * width + left]! * (1 - across) + plane[bottom * width + right]! * across;
  return upper * (1 - down) + lower * down;
}

/**
 * The detection's mask on the image, one byte a pixel (1 inside). `input` is the model's input
 * size, which the prototypes cover at their own resolution.
 */
export function detectionMask(
  prototypes: MaskPrototypes,
  coefficients: Float32Array,
  box: Detection,
  frame: Letterboxed,
  input: { width: number; height: number },
  image: { width: number; height: number },
): Uint8Array {
  const mask = new Uint8Array(image.width * image.height);
  const logits = maskLogits(prototypes, coefficients);
  const toProtoX = prototypes.width / input.width;
  const toProtoY = prototypes.height / input.height;
  // Only the image pixels whose centres fall in the box can be inside the mask.
  const firstColumn = Math.max(0, Math.floor((box.x1 - frame.padX) / frame.scale - 0.5));
  const lastColumn = Math.min(image.width - 1, Math.ceil((box.x2 - frame.padX) / frame.scale));
  const firstRow = Math.max(0, Math.floor((box.y1 - frame.padY) / frame.scale - 0.5));
  const lastRow = Math.min(image.height - 1, Math.ceil((box.y2 - frame.padY) / frame.scale));
  for (let row = firstRow; row <= lastRow; row += 1) {
    const inputY = (row + 0.5) * frame.scale + frame.padY;
    if (inputY < box.y1 || inputY >= box.y2) continue;
    const v = inputY * toProtoY - 0.5;
    for (let column = firstColumn; column <= lastColumn; column += 1) {
      const inputX = (column + 0.5) * frame.scale + frame.padX;
      if (inputX < box.x1 || inputX >= box.x2) continue;
      const u = inputX * toProtoX - 0.5;
      if (sample(logits, prototypes.width, prototypes.height, u, v) > 0) mask[row * image.width + column] = 1;
    }
  }
  return mask;
}
