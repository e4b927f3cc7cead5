import type { Browser } from 'playwright-core';
import { launchChromium } from '../helpers/chromium.js';

/*
 * Images with known text for the OCR tests and bench, drawn by Chromium on a canvas (real fonts
 * of this machine, real anti-aliasing) and taken as PNG bytes, with where each line was drawn.
 */

export interface TextImageSpec {
  width: number;
  height: number;
  lines: string[];
  /** A font family installed here (`fc-list`). */
  font: string;
  sizePx: number;
  /** The whole text turned by this many degrees around the image's centre. */
  angleDeg?: number;
  /** The share of pixels replaced by random grey (salt and pepper). */
  noise?: number;
  seed?: number;
}

export interface DrawnLine {
  text: string;
  /** The line's ink box in pixels, before any rotation. */
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface TextImage {
  png: Buffer;
  width: number;
  height: number;
  lines: DrawnLine[];
}

type Drawn = { dataUrl: string; lines: DrawnLine[] };

/* The little of the page's DOM the drawing uses (the Node program has no DOM types). */
interface PageImageData {
  data: Uint8ClampedArray;
}
interface PageCanvasContext {
  fillStyle: string;
  font: string;
  textBaseline: string;
  fillRect(x: number, y: number, width: number, height: number): void;
  save(): void;
  restore(): void;
  translate(x: number, y: number): void;
  rotate(angle: number): void;
  fillText(text: string, x: number, y: number): void;
  measureText(text: string): {
    width: number;
    actualBoundingBoxAscent: number;
    actualBoundingBoxDescent: number;
    actualBoundingBoxLeft: number;
  };
  getImageData(x: number, y: number, width: number, height: number): PageImageData;
  putImageData(image: PageImageData, x: number, y: number): void;
}
declare const document: {
  createElement(tag: 'canvas'): {
    width: number;
    height: number;
    getContext(type: '2d'): PageCanvasContext | null;
    toDataURL(type: string): string;
  };
  fonts: { load(font: string): Promise<unknown> };
};

/** Runs in the page: draws each spec and answers a PNG data URL and the line boxes. */
function drawInPage(specs: TextImageSpec[]): Drawn[] {
  return specs.map((spec) => {
    const canvas = document.createElement('canvas');
    canvas.width = spec.width;
    canvas.height = spec.height;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, spec.width, spec.height);
    context.save();
    context.translate(spec.width / 2, spec.height / 2);
    context.rotate(((spec.angleDeg ?? 0) * Math.PI) / 180);
    context.translate(-spec.width / 2, -spec.height / 2);
    context.fillStyle = '#111111';
    context.font = `${spec.sizePx}px "${spec.font}"`;
    context.textBaseline = 'alphabetic';
    const lineHeight = Math.round(spec.sizePx * 1.6);
    const left = Math.round(spec.sizePx * 0.8);
    const lines = spec.lines.map((text, index) => {
      const baseline = Math.round(spec.sizePx * 1.4) + index * lineHeight;
      context.fillText(text, left, baseline);
      const metrics = context.measureText(text);
      const top = baseline - metrics.actualBoundingBoxAscent;
      const height = metrics.actualBoundingBoxAscent + metrics.actualBoundingBoxDescent;
      return { text, left: left - metrics.actualBoundingBoxLeft, top, width: metrics.width, height };
    });
    context.restore();
    if ((spec.noise ?? 0) > 0) {
      let state = (spec.seed ?? 1) >>> 0 || 1;
      const random = () => {
        state ^= state << 13;
        state ^= state >>> 17;
        state ^= state << 5;
        return (state >>> 0) / 4294967296;
      };
      const image = context.getImageData(0, 0, spec.width, spec.height);
      for (let offset = 0; offset < image.data.length; offset += 4) {
        if (random() >= spec.noise!) continue;
        const grey = Math.floor(random() * 256);
        image.data[offset] = grey;
        image.data[offset + 1] = grey;
        image.data[offset + 2] = grey;
      }
      context.putImageData(image, 0, 0);
    }
    return { dataUrl: canvas.toDataURL('image/png'), lines };
  });
}

/** One browser for a run of drawings; closed by `close()`. */
export async function openTextImageRenderer() {
  const browser: Browser = await launchChromium();
  const page = await browser.newPage();
  await page.setContent('<!doctype html><html><body></body></html>');
  return {
    async render(specs: TextImageSpec[]): Promise<TextImage[]> {
      // The page must have the fonts ready before it measures with them.
      await page.evaluate(
        async (families) => {
          await Promise.all(families.map((family) => document.fonts.load(`16px "${family}"`)));
        },
        [...new Set(specs.map((spec) => spec.font))],
      );
      const drawn = await page.evaluate(drawInPage, specs);
      return drawn.map((item, index) => ({
        png: Buffer.from(item.dataUrl.slice(item.dataUrl.indexOf(',') + 1), 'base64'),
        width: specs[index]!.width,
        height: specs[index]!.height,
        lines: item.lines,
      }));
    },
    close: () => browser.close(),
  };
}

/** Draws several images in one browser opened and closed for them. */
export async function renderTextImages(specs: TextImageSpec[]): Promise<TextImage[]> {
  const renderer = await openTextImageRenderer();
  try {
    return await renderer.render(specs);
  } finally {
    await renderer.close();
  }
}

/** Levenshtein distance between two strings, by characters. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost));
    }
    previous = current;
  }
  return previous[b.length]!;
}
