import { afterAll, test } from 'vitest';
import { createRequire } from 'node:module';
import type Tesseract from 'tesseract.js';
import {
  OCR_PARAMETERS,
  ocrWorkerOptions,
  recognizeImage,
  stopOcrEngine,
} from '../../electron/core/ml/local/ocr/ocrEngine.js';
import { ocrBenchSpecs, ocrPageSpec, OCR_FONTS } from '../ml/ocrCorpus.js';
import { editDistance, openTextImageRenderer, type TextImage } from '../ml/ocrImages.js';
import { GROUP, printRatios } from './benchCompare.js';

/*
 * The OCR skill's accuracy and speed on generated images (test/ml/ocrCorpus.ts): 240 images in the
 * seven fonts installed here, 14-48 px, turned up to 3 degrees, with noise, one to four lines; and
 * ten pages of one megapixel (24 lines of 24 px). Printed: the character error rate (edit distance
 * between what was read, lines joined by newlines, and what was drawn, over the drawn length),
 * overall, per font and per size, and the milliseconds per megapixel, as wall time and as the
 * process's CPU time (the engine's thread included), which a shared machine's load does not
 * inflate. Aims: CER at most 5 %, at most 2 s per 1 MP page. Then, as ratios in one run: the skill's recognizeImage (its worker queue
 * and the TSV it reads lines from) against tesseract.js asked for plain text on the same page.
 */

const IMAGES = 240;
const PAGES = 10;

const renderer = await openTextImageRenderer();
const images = await renderer.render(ocrBenchSpecs(IMAGES));
const specs = ocrBenchSpecs(IMAGES);
const pages = await renderer.render(Array.from({ length: PAGES }, (_, index) => ocrPageSpec(index)));
await renderer.close();

interface Score {
  errors: number;
  length: number;
}
const add = (scores: Map<string, Score>, key: string, errors: number, length: number) => {
  const score = scores.get(key) ?? { errors: 0, length: 0 };
  scores.set(key, { errors: score.errors + errors, length: score.length + length });
};
const percent = (score: Score) => `${((score.errors / score.length) * 100).toFixed(2)} %`;

async function readAll(set: readonly TextImage[]) {
  let ms = 0;
  let cpuMs = 0;
  let pixels = 0;
  const scores = new Map<string, Score>();
  for (const [index, image] of set.entries()) {
    const start = performance.now();
    const cpu = process.cpuUsage();
    const page = await recognizeImage(image.png);
    ms += performance.now() - start;
    const used = process.cpuUsage(cpu);
    cpuMs += (used.user + used.system) / 1000;
    pixels += image.width * image.height;
    const truth = image.lines.map((line) => line.text).join('\n');
    const read = page.lines.map((line) => line.text).join('\n');
    const errors = editDistance(read, truth);
    add(scores, 'all', errors, truth.length);
    const spec = set === images ? specs[index]! : null;
    if (spec) {
      add(scores, `font ${spec.font}`, errors, truth.length);
      const band = spec.sizePx < 20 ? '14-19 px' : spec.sizePx < 30 ? '20-29 px' : '30-48 px';
      add(scores, `size ${band}`, errors, truth.length);
    }
  }
  const megapixels = pixels / 1e6;
  return {
    scores,
    msPerMegapixel: ms / megapixels,
    cpuMsPerMegapixel: cpuMs / megapixels,
    msPerImage: ms / set.length,
  };
}

// The engine starts once before anything is timed.
await recognizeImage(pages[0]!.png);
const small = await readAll(images);
const full = await readAll(pages);
const keys = ['all', ...OCR_FONTS.map((font) => `font ${font}`), 'size 14-19 px', 'size 20-29 px', 'size 30-48 px'];
console.log(
  [
    '',
    `OCR on ${IMAGES} generated images (${OCR_FONTS.length} fonts, 14-48 px, +-3 deg, noise, 1-4 lines)`,
    ...keys.map((key) => `  CER ${key.padEnd(34)} ${percent(small.scores.get(key)!)}`),
    `  ${small.msPerImage.toFixed(0)} ms per image, ${small.msPerMegapixel.toFixed(0)} ms per megapixel ` +
      `(CPU time: ${small.cpuMsPerMegapixel.toFixed(0)} ms per megapixel)`,
    `OCR on ${PAGES} pages of 1000 x 1000 px (24 lines of 24 px)`,
    `  CER ${percent(full.scores.get('all')!)}, ${full.msPerImage.toFixed(0)} ms per 1 MP page ` +
      `(CPU time: ${full.cpuMsPerMegapixel.toFixed(0)} ms per megapixel)`,
    '',
  ].join('\n'),
);

const { createWorker, OEM } = createRequire(import.meta.url)('tesseract.js') as typeof Tesseract;
const plainWorker = await createWorker('eng', OEM.LSTM_ONLY, ocrWorkerOptions());
await plainWorker.setParameters(OCR_PARAMETERS);

afterAll(async () => {
  await plainWorker.terminate();
  stopOcrEngine();
});

test('one 1 MP page: the OCR skill against tesseract.js asked for plain text', GROUP, async ({ bench }) => {
  const page = pages[1]!.png;
  const baseline = bench('baseline: tesseract.js worker.recognize, text only', async () => {
    await plainWorker.recognize(page);
  });
  const skill = bench('recognizeImage (queue, time limit, TSV read into lines)', async () => {
    await recognizeImage(page);
  });
  printRatios(await bench.compare(baseline, skill, { iterations: 5, warmupIterations: 1 }), baseline, [skill]);
});
