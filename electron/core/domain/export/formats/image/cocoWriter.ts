import { DomainError } from '../../../errors.js';
import { iterateConverterItems } from '../../converter/converterItems.js';
import { encodeJson } from '../../encode/pyJson.js';
import type { ExportFormatWriter } from '../../exportTypes.js';
import { buildCategoryTable, keypointOrder, withKeypointCategory } from './categoryTable.js';
import { CocoItems, hasKeypointRegion, NO_KEYPOINT_ORDER } from './cocoItems.js';
import { UJSON_IMAGE_STYLE } from './floatText.js';
import { dataKeyOf, imageUrlOf, pythonNowText } from './imageItems.js';
import { ImageMedia } from './imageMedia.js';
import { imageFileName } from './imageNames.js';
import { SpoolFile } from './spoolFile.js';

export interface ImageWriterOptions {
  /** The clock for `info.year` and `info.date_created`. */
  now?: () => Date;
}

/**
 * COCO and COCO_WITH_IMAGES (docs/export-image-formats.md#coco): `result.json` (ujson indent=2,
 * ASCII, `\/`, no trailing newline) and `images/`. The images and annotations arrays are spooled to
 * temp files as items arrive and spliced into result.json at the end, so memory holds only the
 * category table. `file_name` is always `images/<name>` (a deliberate fix of the converter's path
 * into its media folder, docs/export-formats.md#deliberate-fixes).
 */
export function createCocoWriter(withImages: boolean, options: ImageWriterOptions = {}): ExportFormatWriter {
  return {
    name: withImages ? 'COCO_WITH_IMAGES' : 'COCO',
    output: 'zip',
    extension: '.zip',
    async write(tasks, ctx, sink) {
      const config = ctx.project.parsed_label_config;
      const dataKey = dataKeyOf(config);
      const categories = withKeypointCategory(buildCategoryTable(config), config);
      const order = keypointOrder(config);
      // Without a keypoint order a keypoint region fails the export: find out before the first
      // zip entry is written, so the client gets an error answer, not a cut-off download.
      if (order.length === 0 && Object.values(config).some((control) => control.type === 'KeyPointLabels')) {
        for await (const item of iterateConverterItems(tasks(), config)) {
          if (hasKeypointRegion(item)) throw new DomainError(400, NO_KEYPOINT_ORDER);
        }
      }
      const temp = await sink.tempDir();
      const images = await SpoolFile.create(temp, 'coco-images.json');
      const annotations = await SpoolFile.create(temp, 'coco-annotations.json');
      const media = new ImageMedia(ctx, sink, withImages);
      await sink.addFile('images/', '');
      let imageCount = 0;
      let annotationCount = 0;
      const builder = new CocoItems(categories, order, {
        async image(image) {
          await images.append((imageCount++ === 0 ? '\n    ' : ',\n    ') + encodeJson(image, UJSON_IMAGE_STYLE, 2));
        },
        async annotation(annotation) {
          const text = encodeJson(annotation, UJSON_IMAGE_STYLE, 2);
          await annotations.append((annotationCount++ === 0 ? '\n    ' : ',\n    ') + text);
        },
      });
      let lastTaskId: number | null = null;
      let opened: { width: number; height: number } | null = null;
      for await (const item of iterateConverterItems(tasks(), config)) {
        ctx.signal.throwIfAborted();
        const url = imageUrlOf(item, dataKey);
        const name = imageFileName(url);
        if (item.id !== lastTaskId) {
          // Every item of a task shares its image: open and copy it once.
          lastTaskId = item.id;
          opened = await media.info(url);
          await media.include(item.id, url, name);
        }
        await builder.add(item, `images/${name}`, opened);
      }
      const now = (options.now ?? (() => new Date()))();
      const info = {
        year: now.getFullYear(),
        version: '1.0',
        description: '',
        contributor: 'Label Studio',
        url: '',
        date_created: pythonNowText(now),
      };
      const close = (count: number) => (count === 0 ? ']' : '\n  ]');
      await sink.addStream(
        'result.json',
        (async function* () {
          yield '{\n  "images": [';
          yield* images.chunks();
          yield close(imageCount) + ',\n  "categories": ' + encodeJson(categories.categories, UJSON_IMAGE_STYLE, 1);
          yield ',\n  "annotations": [';
          yield* annotations.chunks();
          yield close(annotationCount) + ',\n  "info": ' + encodeJson(info, UJSON_IMAGE_STYLE, 1) + '\n}';
        })(),
      );
      await images.close();
      await annotations.close();
      await media.finish();
    },
  };
}

export const COCO_WRITER = createCocoWriter(false);
export const COCO_WITH_IMAGES_WRITER = createCocoWriter(true);
