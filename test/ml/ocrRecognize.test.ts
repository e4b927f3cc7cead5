import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeLabelConfig } from '../../shared/label-config/index.js';
import { ocrConfigOf } from '../../electron/core/ml/local/ocr/ocrConfig.js';
import { OcrFailure, recognizeImage, stopOcrEngine } from '../../electron/core/ml/local/ocr/ocrEngine.js';
import { lineResults } from '../../electron/core/ml/local/ocr/ocrPredictions.js';
import { editDistance, openTextImageRenderer, type TextImage } from './ocrImages.js';

/*
 * Tesseract on images drawn with known text: each line is read, and its box is where the line was
 * drawn. Then the answer's shape for Label Studio's OCR template, and the errors a bad image gets.
 */

const LINES = ['Invoice 2041 total 88.50 EUR', 'Outpost reads this line', 'Quick brown fox jumps over'];

const OCR_TEMPLATE = `<View>
  <Image name="image" value="$ocr"/>
  <Labels name="label" toName="image">
    <Label value="Handwriting"/>
    <Label value="Text"/>
  </Labels>
  <Rectangle name="bbox" toName="image"/>
  <Polygon name="poly" toName="image"/>
  <TextArea name="transcription" toName="image" editable="true" perRegion="true" displayMode="region-list"/>
</View>`;

let images: TextImage[] = [];

beforeAll(async () => {
  const renderer = await openTextImageRenderer();
  try {
    images = await renderer.render([
      { width: 560, height: 190, lines: LINES, font: 'DejaVu Sans', sizePx: 24 },
      {
        width: 640,
        height: 120,
        lines: ['Serif text at two degrees'],
        font: 'Liberation Serif',
        sizePx: 30,
        angleDeg: 2,
      },
    ]);
  } finally {
    await renderer.close();
  }
}, 60_000);

afterAll(() => stopOcrEngine());

describe('recognizeImage', () => {
  it('reads each line of a drawn image where it was drawn', async () => {
    const image = images[0]!;
    const page = await recognizeImage(image.png);
    expect({ width: page.width, height: page.height }).toEqual({ width: image.width, height: image.height });
    expect(page.lines.map((line) => line.text)).toHaveLength(LINES.length);
    page.lines.forEach((line, index) => {
      const drawn = image.lines[index]!;
      expect(editDistance(line.text, drawn.text) / drawn.text.length).toBeLessThanOrEqual(0.05);
      // Tesseract's box is the ink's box: within a few pixels of the drawn one on every side.
      expect(Math.abs(line.left - drawn.left)).toBeLessThanOrEqual(4);
      expect(Math.abs(line.top - drawn.top)).toBeLessThanOrEqual(4);
      expect(Math.abs(line.left + line.width - (drawn.left + drawn.width))).toBeLessThanOrEqual(4);
      expect(Math.abs(line.top + line.height - (drawn.top + drawn.height))).toBeLessThanOrEqual(4);
      expect(line.confidence).toBeGreaterThan(0.6);
    });
  }, 60_000);

  it('reads slightly turned text in another font', async () => {
    const page = await recognizeImage(images[1]!.png);
    expect(page.lines.map((line) => line.text).join(' ')).toBe('Serif text at two degrees');
  }, 60_000);

  it('refuses a damaged image in words, and the next image is read', async () => {
    const damaged = Buffer.concat([images[0]!.png.subarray(0, 200), Buffer.alloc(300, 7)]);
    await expect(recognizeImage(damaged)).rejects.toThrow(OcrFailure);
    await expect(recognizeImage(Buffer.from('not an image at all'))).rejects.toThrow(/not an image Tesseract can read/);
    expect((await recognizeImage(images[1]!.png)).lines.length).toBe(1);
  }, 60_000);

  it('gives up an image past its time limit and serves the next one with a fresh engine', async () => {
    await expect(recognizeImage(images[0]!.png, 1)).rejects.toThrow(/took longer than/);
    const page = await recognizeImage(images[1]!.png);
    expect(page.lines[0]?.text).toBe('Serif text at two degrees');
  }, 60_000);
});

describe('the answer for an OCR config', () => {
  it("writes one region per line: Label Studio's rectangle, its label and the transcription under one id", async () => {
    const image = images[0]!;
    const parsed = analyzeLabelConfig(OCR_TEMPLATE).parsed_label_config;
    const config = ocrConfigOf(OCR_TEMPLATE, parsed)!;
    expect(config).toMatchObject({ imageName: 'image', dataKey: 'ocr', labelsName: 'label', label: 'Text' });
    expect(config.shape).toEqual({ name: 'bbox', type: 'rectangle' });

    const { result } = lineResults(config, await recognizeImage(image.png));
    expect(result).toHaveLength(LINES.length * 3);
    const regions = new Map<string, Record<string, unknown>[]>();
    for (const item of result) regions.set(item.id as string, [...(regions.get(item.id as string) ?? []), item]);
    expect(regions.size).toBe(LINES.length);
    [...regions.values()].forEach((items, index) => {
      expect(items.map((item) => [item.from_name, item.type])).toEqual([
        ['bbox', 'rectangle'],
        ['label', 'labels'],
        ['transcription', 'textarea'],
      ]);
      const [shape, labels, text] = items.map((item) => item.value as Record<string, unknown>);
      const drawn = image.lines[index]!;
      expect(shape!.x as number).toBeCloseTo((drawn.left / image.width) * 100, 0);
      expect(shape!.y as number).toBeCloseTo((drawn.top / image.height) * 100, 0);
      expect(labels).toMatchObject({ ...shape, labels: ['Text'] });
      expect(text).toMatchObject(shape!);
      expect(editDistance((text!.text as string[])[0]!, drawn.text)).toBeLessThanOrEqual(1);
      expect(items[0]).toMatchObject({ to_name: 'image', original_width: 560, original_height: 190 });
    });
  }, 60_000);

  it('uses a RectangleLabels or PolygonLabels when the config has one, rectangles first', () => {
    const both = `<View><Image name="img" value="$page"/>
      <PolygonLabels name="poly" toName="img"><Label value="Word"/></PolygonLabels>
      <RectangleLabels name="box" toName="img"><Label value="Line"/><Label value="Other"/></RectangleLabels>
      <TextArea name="text" toName="img" perRegion="true"/></View>`;
    const config = ocrConfigOf(both, analyzeLabelConfig(both).parsed_label_config);
    expect(config).toMatchObject({ shape: { name: 'box', type: 'rectanglelabels' }, labelsName: null, label: 'Line' });
    const polygons = both.replace(/<RectangleLabels[\s\S]*<\/RectangleLabels>/, '');
    const page = {
      width: 200,
      height: 100,
      lines: [{ left: 20, top: 10, width: 100, height: 20, text: 'Hi', confidence: 0.9 }],
    };
    const { result } = lineResults(ocrConfigOf(polygons, analyzeLabelConfig(polygons).parsed_label_config)!, page);
    expect(result.map((item) => [item.type, item.value])).toEqual([
      ['polygonlabels', { points: [[10, 10], [60, 10], [60, 30], [10, 30]], labels: ['Word'] }],
      ['textarea', { points: [[10, 10], [60, 10], [60, 30], [10, 30]], text: ['Hi'] }],
    ]); // prettier-ignore
  });

  it('is no OCR config without a per-region TextArea on an image', () => {
    const plain = `<View><Image name="img" value="$image"/><RectangleLabels name="box" toName="img"><Label value="Car"/></RectangleLabels>
      <TextArea name="caption" toName="img"/></View>`;
    expect(ocrConfigOf(plain, analyzeLabelConfig(plain).parsed_label_config)).toBeNull();
  });
});
