import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeLabelConfig } from '../../shared/label-config/index.js';
import {
  obbCorners,
  polygonArea,
  polygonBoundingBox,
  rotatedBoundingBox,
} from '../../electron/core/domain/export/formats/image/boxGeometry.js';
import {
  buildCategoryTable,
  compareCodePoints,
  keypointOrder,
  withKeypointCategory,
} from '../../electron/core/domain/export/formats/image/categoryTable.js';
import { pythonNowText, roundHalfEven } from '../../electron/core/domain/export/formats/image/imageItems.js';
import { readImageInfo } from '../../electron/core/domain/export/formats/image/imageInfo.js';
import {
  h8,
  imageFileName,
  stripExtension,
  yoloStem,
} from '../../electron/core/domain/export/formats/image/imageNames.js';
import { pyAtan, pyCos, pySin } from '../../electron/core/domain/export/formats/image/pyMath.js';
import { KeyedSpool, SpoolFile } from '../../electron/core/domain/export/formats/image/spoolFile.js';
import { MEDIA_ROOT } from '../helpers/imageExportContext.js';

describe('image file names', () => {
  it('keeps upload names and hashes everything else', () => {
    expect(imageFileName('/data/upload/1/3f2a9c1e-cat.jpg')).toBe('3f2a9c1e-cat.jpg');
    expect(imageFileName('upload/1/a.png')).toBe('a.png');
    expect(h8('https://example.com/images/dog%20park.png?size=large')).toBe('4727c75c');
    expect(imageFileName('https://example.com/images/dog%20park.png?size=large')).toBe('4727c75c__dog%20park.png');
    expect(imageFileName('s3://bucket/path/y.jpeg?alt=1')).toBe(`${h8('s3://bucket/path/y.jpeg?alt=1')}__y.jpeg?alt=1`);
    expect(imageFileName('/data/local-files/?d=photos/photo%201.jpg')).toBe(
      `${h8('/data/local-files/?d=photos/photo%201.jpg')}__photo%201.jpg`,
    );
    expect(imageFileName('http://h/a/b.jpg;v=1#frag')).toBe(`${h8('http://h/a/b.jpg;v=1#frag')}__b.jpg`);
  });

  it('cuts extensions and YOLO stems as Python does', () => {
    expect(stripExtension('a.b.png')).toBe('a.b');
    expect(stripExtension('.hidden')).toBe('.hidden');
    expect(stripExtension('..x')).toBe('..x');
    expect(stripExtension('y.jpeg?alt=1')).toBe('y');
    expect(yoloStem(`${'é'.repeat(300)}.jpg`)).toBe('é'.repeat(251));
    expect(yoloStem('😀'.repeat(260)).length).toBe(251 * 2);
  });
});

describe('category table', () => {
  const config = (body: string) => analyzeLabelConfig(`<View><Image name="image" value="$image"/>${body}</View>`);

  it('sorts by code point, puts explicit categories first and skips their ids', () => {
    const { parsed_label_config } = config(
      '<RectangleLabels name="box" toName="image"><Label value="b"/><Label value="Café"/><Label value="_x"/>' +
        '<Label value="B" category="1"/><Label value="z" category=" +3 "/><Label value="q" category="x"/></RectangleLabels>' +
        '<Choices name="c" toName="image"><Choice value="B"/><Choice value="\u{1F600}"/><Choice value="\uFFFD"/></Choices>',
    );
    const table = buildCategoryTable(parsed_label_config);
    expect(table.categories).toEqual([
      { id: 1, name: 'B' },
      { id: 3, name: 'z' },
      { id: 0, name: 'Café' },
      { id: 2, name: '_x' },
      { id: 4, name: 'b' },
      { id: 5, name: 'q' },
      { id: 6, name: '\uFFFD' },
      { id: 7, name: '\u{1F600}' },
    ]);
    expect(table.idFor('new')).toBe(8);
    expect(table.categories.at(-1)).toEqual({ id: 8, name: 'new' });
    expect(compareCodePoints('\u{1F600}', '\uFFFD')).toBeGreaterThan(0);
  });

  it('renumbers densely with a default keypoint category, keypoints in model_index order', () => {
    const { parsed_label_config } = config(
      '<RectangleLabels name="box" toName="image"><Label value="person"/><Label value="bike"/></RectangleLabels>' +
        '<KeyPointLabels name="kp" toName="image"><Label value="nose" model_index="1"/><Label value="eye" model_index="0"/>' +
        '<Label value="ear"/></KeyPointLabels>',
    );
    const table = withKeypointCategory(buildCategoryTable(parsed_label_config), parsed_label_config);
    expect(table.categories).toEqual([
      { id: 0, name: 'bike' },
      { id: 1, name: 'person' },
      { id: 2, name: 'default', supercategory: 'default', keypoints: ['nose', 'eye', 'ear'], skeleton: [] },
    ]);
    expect(table.get('eye')).toBe(2);
    expect(keypointOrder(parsed_label_config)).toEqual(['eye', 'nose']);
  });
});

describe('geometry (COCO, YOLO OBB)', () => {
  it("reproduces COCO's percent-space rotated box of golden 16.1", () => {
    const box = rotatedBoundingBox(20, 10, 40, 30, 30);
    expect([(box.x * 800) / 100, (box.y * 600) / 100, (box.width * 800) / 100, (box.height * 600) / 100]).toEqual([
      40.00000000000006, 60.0, 397.12812921102045, 275.88457268119896,
    ]);
    expect(rotatedBoundingBox(1, 2, 3, 4, 0)).toEqual({ x: 1, y: 2, width: 3, height: 4 });
  });

  it('survives a zero-width rotated box (upstream divides by zero)', () => {
    const box = rotatedBoundingBox(10, 10, 0, 20, 90);
    expect(Object.values(box).every(Number.isFinite)).toBe(true);
    expect(rotatedBoundingBox(10, 10, 0, 0, 45)).toEqual({ x: 10, y: 10, width: 0, height: 0 });
  });

  it('gives the OBB corners of golden 16.1', () => {
    expect(obbCorners(20, 10, 40, 30, 30, 800, 600).flat()).toEqual([
      0.2, 0.1, 0.5464101615137755, 0.36666666666666664, 0.4339101615137755, 0.6264742878019983, 0.08750000000000002,
      0.3598076211353316,
    ]);
  });

  it('computes polygon boxes and shoelace areas', () => {
    expect(polygonBoundingBox([0, 800, 400], [0, 0, 600])).toEqual([0, 0, 800, 600]);
    expect(polygonArea([0, 800, 400], [0, 0, 600])).toBe(240000);
    expect(polygonArea([0, 1], [0, 1])).toBe(0);
  });

  it('rounds half to even and prints Python datetimes', () => {
    expect([182.5, 77.5, -0.5, 1.4999999999999998, 2.5000000000000004].map(roundHalfEven)).toEqual([182, 78, 0, 1, 3]);
    expect(pythonNowText(new Date(2026, 0, 2, 3, 4, 5, 6))).toBe('2026-01-02 03:04:05.006000');
    expect(pythonNowText(new Date(2026, 0, 2, 3, 4, 5, 0))).toBe('2026-01-02 03:04:05');
  });

  it("rounds sin/cos/atan correctly where V8's last bit differs from glibc's", () => {
    // Values Python (glibc) gives; V8's Math.* is one bit off for each of them.
    const alpha = pyAtan(10.7 / 20.1);
    const beta = Math.PI * (15 / 180);
    expect(pySin(alpha + beta)).toBe(0.6823567455185072);
    expect(pyCos(Math.PI + alpha + beta)).toBe(-0.7310193375317723);
    expect(pyAtan(1)).toBe(Math.PI / 4);
    expect(pySin(0)).toBe(0);
    expect(pyCos(0)).toBe(1);
  });
});

describe('image headers (COCO dims, VOC depth)', () => {
  it('reads size and bands like Pillow', async () => {
    const upload = (name: string) => join(MEDIA_ROOT, 'upload', '1', name);
    expect(await readImageInfo(upload('3f2a9c1e-cat.jpg'))).toEqual({ width: 640, height: 480, channels: 3 });
    expect(await readImageInfo(upload('gray.jpg'))).toEqual({ width: 33, height: 17, channels: 1 });
    expect(await readImageInfo(upload('gray.png'))).toEqual({ width: 32, height: 24, channels: 1 });
    expect(await readImageInfo(upload('rgba.png'))).toEqual({ width: 30, height: 20, channels: 4 });
    expect(await readImageInfo(upload('small.gif'))).toEqual({ width: 21, height: 13, channels: 1 });
    expect(await readImageInfo(upload('small.bmp'))).toEqual({ width: 19, height: 11, channels: 3 });
    expect(await readImageInfo(upload('small.webp'))).toEqual({ width: 25, height: 15, channels: 3 });
    expect(await readImageInfo(join(MEDIA_ROOT, 'nothing.jpg'))).toBeNull();
    expect(await readImageInfo(join(MEDIA_ROOT, '..', 'contours.json'))).toBeNull();
  });
});

describe('spool files', () => {
  it('stream appended text back and keep the latest content per key', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'outpost-spool-'));
    try {
      const spool = await SpoolFile.create(dir, 'a');
      await spool.append('héllo ');
      await spool.append(new Uint8Array([119, 111, 114, 108, 100]));
      const parts: Buffer[] = [];
      for await (const chunk of spool.chunks()) parts.push(Buffer.from(chunk));
      expect(Buffer.concat(parts).toString('utf8')).toBe('héllo world');
      await spool.close();
      const keyed = await KeyedSpool.create(dir, 'b');
      await keyed.put('x', 'first');
      await keyed.put('y', '');
      await keyed.put('x', 'second');
      const entries: [string, string][] = [];
      for await (const [key, bytes] of keyed.entries()) entries.push([key, bytes.toString('utf8')]);
      expect(entries).toEqual([
        ['x', 'second'],
        ['y', ''],
      ]);
      await keyed.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
