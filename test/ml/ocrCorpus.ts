import type { TextImageSpec } from './ocrImages.js';

/*
 * Seeded specs of text images for the OCR bench: words and the figures documents hold (amounts,
 * dates, codes), in the fonts installed here, 14-48 px, turned up to 3 degrees either way, with
 * some salt-and-pepper noise, one to four lines each. The same seed gives the same images.
 */

export const OCR_FONTS = [
  'DejaVu Sans',
  'DejaVu Serif',
  'DejaVu Sans Mono',
  'Liberation Sans',
  'Liberation Serif',
  'Liberation Mono',
  'Liberation Sans Narrow',
];

const WORDS = (
  'invoice total amount due date paid order number customer account balance payment received ' +
  'shipping address street city postal code phone email reference item quantity price tax net ' +
  'the of and to in for on with from by at this that which report summary page section notes ' +
  'delivery service product station river market north south east west office team project ' +
  'Monday Friday January March October London Paris Berlin Outpost Label Studio Quick Brown Fox'
).split(' ');

function randomFrom(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
}

function figure(random: () => number): string {
  const kind = Math.floor(random() * 4);
  const digits = (count: number) => Array.from({ length: count }, () => Math.floor(random() * 10)).join('');
  if (kind === 0) return `${Number(digits(3))}.${digits(2)}`;
  if (kind === 1) return `20${digits(2)}-0${1 + Math.floor(random() * 9)}-${10 + Math.floor(random() * 18)}`;
  if (kind === 2)
    return `${String.fromCharCode(65 + Math.floor(random() * 26))}${String.fromCharCode(65 + Math.floor(random() * 26))}-${digits(4)}`;
  return digits(1 + Math.floor(random() * 4));
}

function line(random: () => number, words: number): string {
  const parts: string[] = [];
  for (let index = 0; index < words; index += 1) {
    parts.push(random() < 0.22 ? figure(random) : WORDS[Math.floor(random() * WORDS.length)]!);
  }
  const text = parts.join(' ');
  return random() < 0.5 ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}

/** `count` image specs, varied by font, size, angle, noise and line count. */
export function ocrBenchSpecs(count: number, seed = 7): TextImageSpec[] {
  const random = randomFrom(seed);
  return Array.from({ length: count }, (_, index) => {
    const sizePx = 14 + Math.floor(random() * 35);
    const lines = Array.from({ length: 1 + Math.floor(random() * 4) }, () =>
      line(random, 3 + Math.floor(random() * 4)),
    );
    const longest = Math.max(...lines.map((text) => text.length));
    return {
      width: Math.ceil(longest * sizePx * 0.7 + sizePx * 2),
      height: Math.ceil(lines.length * sizePx * 1.6 + sizePx * 1.2),
      lines,
      font: OCR_FONTS[index % OCR_FONTS.length]!,
      sizePx,
      angleDeg: Math.round((random() * 6 - 3) * 10) / 10,
      noise: Math.round(random() * 30) / 1000,
      seed: index + 1,
    };
  });
}

/** A page of about one megapixel: 1000 x 1000, twenty lines of 24 px text. */
export function ocrPageSpec(index: number): TextImageSpec {
  const random = randomFrom(1000 + index);
  return {
    width: 1000,
    height: 1000,
    lines: Array.from({ length: 24 }, () => line(random, 6)),
    font: OCR_FONTS[index % OCR_FONTS.length]!,
    sizePx: 24,
    angleDeg: Math.round((random() * 2 - 1) * 10) / 10,
    noise: 0.01,
    seed: index + 1,
  };
}

/** Label Studio's OCR template (Image, Labels, Rectangle, Polygon and a per-region TextArea). */
export const OCR_TEMPLATE = `<View>
  <Image name="image" value="$ocr"/>
  <Labels name="label" toName="image">
    <Label value="Text" background="green"/>
    <Label value="Handwriting" background="blue"/>
  </Labels>
  <Rectangle name="bbox" toName="image" strokeWidth="3"/>
  <Polygon name="poly" toName="image" strokeWidth="3"/>
  <TextArea name="transcription" toName="image" editable="true" perRegion="true" required="true"
            maxSubmissions="1" rows="5" placeholder="Recognized Text" displayMode="region-list"/>
</View>`;
