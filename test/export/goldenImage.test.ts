import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCocoWriter } from '../../electron/core/domain/export/formats/image/cocoWriter.js';
import { VOC_WRITER } from '../../electron/core/domain/export/formats/image/vocWriter.js';
import { createYoloWriter } from '../../electron/core/domain/export/formats/image/yoloWriter.js';
import { GOLDEN_FIXTURES, IMAGE_FIXTURES, imageExportContext, runWriter } from '../helpers/imageExportContext.js';

const NOW = () => new Date(2026, 10, 22, 4, 39, 48, 103);

/** Every file under a golden output folder, relative path -> bytes. */
function goldenFiles(folder: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else files.set(relative(folder, path).split('\\').join('/'), readFileSync(path));
    }
  };
  walk(folder);
  return files;
}

function textFiles(files: Map<string, Buffer>): Record<string, string> {
  return Object.fromEntries([...files].map(([path, bytes]) => [path, bytes.toString('utf8')]).sort());
}

describe('golden 16.1: image bounding boxes', () => {
  const example = join(GOLDEN_FIXTURES, 'image-bbox');
  const config = readFileSync(join(example, 'config.xml'), 'utf8');
  const input = join(example, 'export.json');

  it('COCO: result.json byte for byte, upload file_name written as images/<f> (a deliberate fix)', async () => {
    const sink = await runWriter(createCocoWriter(false, { now: NOW }), input, imageExportContext(config));
    const expected = readFileSync(join(example, 'out', 'COCO', 'result.json'), 'utf8')
      .replace('..\\/..\\/..\\/..\\/media\\/upload\\/1\\/3f2a9c1e-cat.jpg', 'images\\/3f2a9c1e-cat.jpg')
      .replace('"date_created": "2026-11-22 04:39:48.103033"', '"date_created": "2026-11-22 04:39:48.103000"');
    expect(sink.paths()).toEqual(['images/', 'result.json']);
    expect(sink.text('result.json')).toBe(expected);
  });

  it('COCO_WITH_IMAGES copies the upload and lists the remote image as missing', async () => {
    const sink = await runWriter(createCocoWriter(true, { now: NOW }), input, imageExportContext(config));
    expect(sink.paths()).toEqual(['images/', 'images/3f2a9c1e-cat.jpg', 'result.json', 'missing_images.txt']);
    const missing = sink
      .text('missing_images.txt')
      .split('\n')
      .filter((line) => line && !line.startsWith('#'));
    expect(missing).toEqual(['2\thttps://example.com/images/dog%20park.png?size=large\t4727c75c__dog%20park.png']);
    const upload = readFileSync(join(IMAGE_FIXTURES, 'media', 'upload', '1', '3f2a9c1e-cat.jpg'));
    expect(sink.files().get('images/3f2a9c1e-cat.jpg')).toEqual(upload);
  });

  for (const [name, isObb] of [
    ['YOLO', false],
    ['YOLO_OBB', true],
  ] as const) {
    it(`${name}: every file byte for byte`, async () => {
      const writer = createYoloWriter({ isObb, withImages: false }, { now: NOW });
      const sink = await runWriter(writer, input, imageExportContext(config));
      expect(textFiles(sink.files())).toEqual(textFiles(goldenFiles(join(example, 'out', name))));
      expect(sink.paths().filter((path) => path.endsWith('/'))).toEqual(['images/', 'labels/']);
    });
  }

  it('VOC: every file byte for byte (the oldest annotation wins)', async () => {
    const sink = await runWriter(VOC_WRITER, input, imageExportContext(config));
    expect(textFiles(sink.files())).toEqual(textFiles(goldenFiles(join(example, 'out', 'VOC'))));
    expect(sink.paths().filter((path) => path.endsWith('/'))).toEqual(['images/', 'Annotations/']);
  });
});
