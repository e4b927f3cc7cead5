import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBrushMaskWriter } from '../../electron/core/domain/export/formats/brush/brushMaskWriter.js';
import { createBrushToCocoWriter } from '../../electron/core/domain/export/formats/brush/brushToCocoWriter.js';
import { h8 } from '../../electron/core/domain/export/formats/image/imageNames.js';
import { createCocoWriter } from '../../electron/core/domain/export/formats/image/cocoWriter.js';
import { VOC_WRITER } from '../../electron/core/domain/export/formats/image/vocWriter.js';
import { createYoloWriter } from '../../electron/core/domain/export/formats/image/yoloWriter.js';
import { IMAGE_FIXTURES, imageExportContext, runWriter } from '../helpers/imageExportContext.js';

/**
 * Outputs of the real Label Studio converter (see test/fixtures/export/image/README.md), compared
 * file for file. `renames` applies Outpost's documented naming choices to the expected files.
 */
const NOW = () => new Date(2026, 0, 2, 3, 4, 5, 6);
const NOW_TEXT = '2026-01-02 03:04:05.006000';

function expectedFiles(folder: string, renames: [string, string][] = []): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else {
        let key = relative(folder, path).split('\\').join('/');
        let text = readFileSync(path, 'utf8').replace(/"year": \d+/g, '"year": 2026');
        for (const [from, to] of renames) {
          key = key.replaceAll(from, to);
          text = text.replaceAll(from, to);
        }
        files.set(key, text);
      }
    }
  };
  walk(folder);
  return files;
}

function actualFiles(files: Map<string, Buffer>): Map<string, string> {
  return new Map([...files].map(([path, bytes]) => [path, bytes.toString('utf8')]));
}

function sorted(files: Map<string, string>): Record<string, string> {
  return Object.fromEntries([...files].sort(([a], [b]) => (a < b ? -1 : 1)));
}

const UPLOAD_RELPATH = /"file_name": "(\.\.\\\/)+ref\\\/media\\\/upload\\\/1\\\/3f2a9c1e-cat.jpg"/g;
const DATE = /"date_created": "[^"]*"/;

describe('image-shapes: rectangles, rotations, polygons, several annotations, skipped and empty tasks', () => {
  const example = join(IMAGE_FIXTURES, 'image-shapes');
  const config = readFileSync(join(example, 'config.xml'), 'utf8');
  const input = join(example, 'export.json');
  // Outpost names an upload that is not on disk `<f>`, not `H8(storage proxy URL)__<f>`
  // (docs/export-image-formats.md#image-file-names).
  const renames: [string, string][] = [['52bbb947__missing', 'missing']];

  it('COCO', async () => {
    const sink = await runWriter(createCocoWriter(false, { now: NOW }), input, imageExportContext(config));
    const expected = expectedFiles(join(example, 'out', 'COCO'), renames).get('result.json')!;
    const fixed = expected
      .replace(UPLOAD_RELPATH, '"file_name": "images\\/3f2a9c1e-cat.jpg"')
      .replace(DATE, `"date_created": "${NOW_TEXT}"`);
    expect(sink.text('result.json')).toBe(fixed);
  });

  for (const [name, isObb] of [
    ['YOLO', false],
    ['YOLO_OBB', true],
  ] as const) {
    it(name, async () => {
      const writer = createYoloWriter({ isObb, withImages: false }, { now: NOW });
      const sink = await runWriter(writer, input, imageExportContext(config));
      expect(sorted(actualFiles(sink.files()))).toEqual(sorted(expectedFiles(join(example, 'out', name), renames)));
    });
  }

  it('VOC', async () => {
    const sink = await runWriter(VOC_WRITER, input, imageExportContext(config));
    expect(sorted(actualFiles(sink.files()))).toEqual(sorted(expectedFiles(join(example, 'out', 'VOC'), renames)));
  });
});

describe('image-keypoints: COCO keypoints (2.0.16 dense ids) and YOLO pose lines', () => {
  const example = join(IMAGE_FIXTURES, 'image-keypoints');
  const config = readFileSync(join(example, 'config.xml'), 'utf8');
  const input = join(example, 'export.json');

  it('COCO', async () => {
    const sink = await runWriter(createCocoWriter(false, { now: NOW }), input, imageExportContext(config));
    const expected = expectedFiles(join(example, 'out', 'COCO'), [['55a99dd3__none', 'none']]).get('result.json')!;
    const fixed = expected
      .replace(UPLOAD_RELPATH, '"file_name": "images\\/3f2a9c1e-cat.jpg"')
      .replace(DATE, `"date_created": "${NOW_TEXT}"`);
    expect(sink.text('result.json')).toBe(fixed);
  });

  it('YOLO', async () => {
    const writer = createYoloWriter({ isObb: false, withImages: false }, { now: NOW });
    const sink = await runWriter(writer, input, imageExportContext(config));
    const expected = expectedFiles(join(example, 'out', 'YOLO'), [['ce208735__none', 'none']]);
    expect(sorted(actualFiles(sink.files()))).toEqual(sorted(expected));
  });
});

describe('brush: RLE masks, labels with /, expanded annotator, several annotations', () => {
  const example = join(IMAGE_FIXTURES, 'brush');
  const config = readFileSync(join(example, 'config.xml'), 'utf8');
  const input = join(example, 'export.json');

  it('BRUSH_TO_NUMPY: every .npy byte for byte', async () => {
    const sink = await runWriter(createBrushMaskWriter('numpy'), input, imageExportContext(config));
    const expectedDir = join(example, 'out', 'BRUSH_TO_NUMPY');
    const expected = Object.fromEntries(
      readdirSync(expectedDir).map((name) => [name, readFileSync(join(expectedDir, name))]),
    );
    expect(Object.fromEntries(sink.files())).toEqual(expected);
  });

  it('BRUSH_TO_PNG: the same files, byte for byte', async () => {
    const sink = await runWriter(createBrushMaskWriter('png'), input, imageExportContext(config));
    const expectedDir = join(example, 'out', 'BRUSH_TO_PNG');
    const expected = Object.fromEntries(
      readdirSync(expectedDir).map((name) => [name, readFileSync(join(expectedDir, name))]),
    );
    expect(Object.fromEntries(sink.files())).toEqual(expected);
  });

  it('BRUSH_TO_COCO: result_coco.json byte for byte, with md5 colours instead of random ones', async () => {
    const sink = await runWriter(createBrushToCocoWriter({ now: NOW }), input, imageExportContext(config));
    let expected = readFileSync(join(example, 'out', 'BRUSH_TO_COCO', 'result_coco.json'), 'utf8')
      .replace(/"year": \d+/, '"year": 2026')
      .replace(DATE, `"date_created": "${NOW_TEXT}"`);
    expected = expected.replace(
      /"name": "([^"]*)",\n(\s*)"supercategory": "",\n(\s*)"color": "#[0-9a-f]{6}"/g,
      (_, name: string, a: string, b: string) =>
        `"name": "${name}",\n${a}"supercategory": "",\n${b}"color": "#${h8(name).slice(0, 6)}"`,
    );
    expect(sink.paths()).toEqual(['images/', 'result_coco.json']);
    expect(sink.text('result_coco.json')).toBe(expected);
  });
});
