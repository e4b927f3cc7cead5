import type { RgbImage } from '../image/imagePixels.js';
import type { Detection } from './yoloOutput.js';

/*
 * YOLO models see the image "letterboxed": scaled to fit the input without changing its aspect,
 * centered, the rest filled with gray (114, as ultralytics pads), as floats 0..1 in planes
 * (`[1, 3, height, width]`). The boxes they answer are in those input pixels; `toImagePercent`
 * takes them back to the image, in percent of its size as Label Studio stores rectangles.
 */

const PAD = 114 / 255;

export interface Letterboxed {
  tensor: Float32Array;
  scale: number;
  padX: number;
  padY: number;
}

/** Bilinear sampling of the scaled image into the padded input. */
export function letterbox(image: RgbImage, inputWidth: number, inputHeight: number): Letterboxed {
  const scale = Math.min(inputWidth / image.width, inputHeight / image.height);
  const scaledWidth = Math.max(1, Math.round(image.width * scale));
  const scaledHeight = Math.max(1, Math.round(image.height * scale));
  const padX = Math.floor((inputWidth - scaledWidth) / 2);
  const padY = Math.floor((inputHeight - scaledHeight) / 2);
  const plane = inputWidth * inputHeight;
  const tensor = new Float32Array(plane * 3).fill(PAD);
  const { width, height, rgb } = image;
  for (let y = 0; y < scaledHeight; y += 1) {
    const sourceY = Math.min(height - 1, Math.max(0, (y + 0.5) / scale - 0.5));
    const top = Math.floor(sourceY);
    const bottom = Math.min(height - 1, top + 1);
    const down = sourceY - top;
    for (let x = 0; x < scaledWidth; x += 1) {
      const sourceX = Math.min(width - 1, Math.max(0, (x + 0.5) / scale - 0.5));
      const left = Math.floor(sourceX);
      const right = Math.min(width - 1, left + 1);
      const across = sourceX - left;
      const target = (y + padY) * inputWidth + x + padX;
      for (let channel = 0; channel < 3; channel += 1) {
        const at = (px: number, py: number) => rgb[(py * width + px) * 3 + channel]!;
        const upper = at(left, top) * (1 - across) + at(right, top) * across;
        const lower = at(left, bottom) * (1 - across) + at(right, bottom) * across;
        tensor[channel * plane + target] = (upper * (1 - down) + lower * down) / 255;
      }
    }
  }
  return { tensor, scale, padX, padY };
}

export interface PercentBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

const clamp = (value: number, limit: number) => Math.min(limit, Math.max(0, value));

/** A box in input pixels as a rectangle on the image, in percent; null when nothing of it is on the image. */
export function toImagePercent(box: Detection, frame: Letterboxed, image: RgbImage): PercentBox | null {
  const x1 = clamp((box.x1 - frame.padX) / frame.scale, image.width);
  const x2 = clamp((box.x2 - frame.padX) / frame.scale, image.width);
  const y1 = clamp((box.y1 - frame.padY) / frame.scale, image.height);
  const y2 = clamp((box.y2 - frame.padY) / frame.scale, image.height);
  if (x2 <= x1 || y2 <= y1) return null;
  return {
    x: (x1 / image.width) * 100,
    y: (y1 / image.height) * 100,
    width: ((x2 - x1) / image.width) * 100,
    height: ((y2 - y1) / image.height) * 100,
  };
}
