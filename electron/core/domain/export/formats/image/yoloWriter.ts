import type { ParsedLabelConfig } from '../../../../../../shared/label-config/types.js';
import type { ConverterItem } from '../../converter/converterItems.js';
import { iterateConverterItems } from '../../converter/converterItems.js';
import { encodeJson } from '../../encode/pyJson.js';
import type { ExportFormatWriter } from '../../exportTypes.js';
import { buildCategoryTable, keypointOrder, yoloKeypointCategories } from './categoryTable.js';
import type { ImageWriterOptions } from './cocoWriter.js';
import { UJSON_IMAGE_STYLE } from './floatText.js';
import { dataKeyOf, itemValues } from './imageItems.js';
import { ImageMedia } from './imageMedia.js';
import { imageFileName, yoloStem } from './imageNames.js';
import { KeyedSpool } from './spoolFile.js';
import { yoloKeypointLines, yoloLines } from './yoloLines.js';

export interface YoloVariant {
  isObb: boolean;
  withImages: boolean;
}

/**
 * YOLO, YOLO_WITH_IMAGES, YOLO_OBB and YOLO_OBB_WITH_IMAGES (docs/export-image-formats.md#yolo,
 * #yolo-obb): `classes.txt`, `notes.json`, `images/` and `labels/<stem>.txt`. Label files go
 * through a keyed spool on disk so that a later item can replace an earlier one (the oldest
 * annotation with results wins; tasks sharing an image overwrite each other) without holding the
 * files in memory.
 */
export function createYoloWriter(variant: YoloVariant, options: ImageWriterOptions = {}): ExportFormatWriter {
  const name = `YOLO${variant.isObb ? '_OBB' : ''}${variant.withImages ? '_WITH_IMAGES' : ''}`;
  return {
    name,
    output: 'zip',
    extension: '.zip',
    async write(tasks, ctx, sink) {
      const config = ctx.project.parsed_label_config;
      const dataKey = dataKeyOf(config);
      const isKeypoints = isKeypointConfig(config);
      const categories = isKeypoints ? yoloKeypointCategories(config) : buildCategoryTable(config);
      const order = isKeypoints ? keypointOrder(config) : [];
      const labels = await KeyedSpool.create(await sink.tempDir(), 'yolo-labels.txt');
      const media = new ImageMedia(ctx, sink, variant.withImages);
      await sink.addFile('images/', '');
      await sink.addFile('labels/', '');
      const items = iterateConverterItems(tasks(), config, { keepRegionIds: isKeypoints });
      for await (const item of items) {
        ctx.signal.throwIfAborted();
        const url = imageUrlForYolo(item, dataKey);
        const imageName = imageFileName(url);
        await media.include(item.id, url, imageName);
        const stem = yoloStem(imageName);
        const values = itemValues(item);
        if (values.length === 0) {
          // A task without annotations gets an empty file, unless one already exists.
          if (!labels.has(stem)) await labels.put(stem, '');
          continue;
        }
        const text = isKeypoints
          ? yoloKeypointLines(values, categories, order)
          : yoloLines(values, categories, variant.isObb);
        await labels.put(stem, text);
      }
      for await (const [stem, content] of labels.entries()) await sink.addFile(`labels/${stem}.txt`, content);
      await labels.close();
      await sink.addFile('classes.txt', categories.categories.map((category) => category.name + '\n').join(''));
      const now = (options.now ?? (() => new Date()))();
      const notes = {
        categories: categories.categories,
        info: { year: now.getFullYear(), version: '1.0', contributor: 'Label Studio' },
      };
      await sink.addFile('notes.json', encodeJson(notes, UJSON_IMAGE_STYLE));
      await media.finish();
    },
  };
}

/** A list of images (multi-page tasks) uses its last entry, as the converter does. */
function imageUrlForYolo(item: ConverterItem, dataKey: string): string {
  const value = item.input[dataKey];
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    const last = [...value].reverse().find((entry): entry is string => typeof entry === 'string');
    if (last !== undefined) return last;
  }
  if (value === undefined) throw new Error(`Task ${item.id} has no "${dataKey}" in its data, so it cannot be exported`);
  throw new Error(`Task ${item.id}: data "${dataKey}" is not an image URL, so it cannot be exported`);
}

export function isKeypointConfig(config: ParsedLabelConfig): boolean {
  return Object.values(config).some((control) => control.type === 'KeyPointLabels');
}

export const YOLO_WRITER = createYoloWriter({ isObb: false, withImages: false });
export const YOLO_WITH_IMAGES_WRITER = createYoloWriter({ isObb: false, withImages: true });
export const YOLO_OBB_WRITER = createYoloWriter({ isObb: true, withImages: false });
export const YOLO_OBB_WITH_IMAGES_WRITER = createYoloWriter({ isObb: true, withImages: true });
