import { iterateConverterItems } from '../../converter/converterItems.js';
import { annotatorOf } from '../../converter/prettifyResult.js';
import { encodeJson, PY_JSON, type JsonStyle } from '../../encode/pyJson.js';
import type { ExportFormatWriter } from '../../exportTypes.js';
import type { ImageWriterOptions } from '../image/cocoWriter.js';
import { pythonNowText } from '../image/imageItems.js';
import { h8, posixBasename } from '../image/imageNames.js';
import { SpoolFile } from '../image/spoolFile.js';
import { brushShapes, polygonShape, rectangleShape, type CocoShape } from './brushCocoShapes.js';
import { RleDecodeError } from '../../../../../../shared/brush/rleDecode.js';
import { SkippedRegionsNote } from './skippedRegions.js';

/** `json.dump(indent=2, ensure_ascii=False)`: the standard library writes result_coco.json. */
const STDLIB_INDENT2: JsonStyle = { ...PY_JSON, indent: 2, itemSeparator: ',' };
const IMAGE_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.gif', '.bmp'];
const LABEL_KEYS = ['brushlabels', 'polygonlabels', 'rectanglelabels', 'labels'] as const;

/**
 * BRUSH_TO_COCO (docs/export-image-formats.md#brush_to_coco): `result_coco.json` and an empty
 * `images/`. Brush masks become one polygon per outer contour, polygons are rounded to pixels,
 * rectangles are plain boxes. Categories are numbered from 1 in first-seen order; their colour is
 * `#` + the first 6 hex digits of md5(name) instead of upstream's random colour, so two exports of
 * the same data are identical. Images and annotations are spooled to temp files; regions with a
 * corrupt RLE are skipped (as upstream does) and listed in `skipped_regions.txt`.
 */
export function createBrushToCocoWriter(options: ImageWriterOptions = {}): ExportFormatWriter {
  return {
    name: 'BRUSH_TO_COCO',
    output: 'zip',
    extension: '.zip',
    async write(tasks, ctx, sink) {
      const temp = await sink.tempDir();
      const images = await SpoolFile.create(temp, 'brush-coco-images.json');
      const annotations = await SpoolFile.create(temp, 'brush-coco-annotations.json');
      const note = new SkippedRegionsNote(sink);
      const categories: Record<string, unknown>[] = [];
      const categoryIds = new Map<string, number>();
      let imageCount = 0;
      let annotationId = 0;
      let itemIndex = -1;
      await sink.addFile('images/', '');
      for await (const item of iterateConverterItems(tasks(), ctx.project.parsed_label_config)) {
        ctx.signal.throwIfAborted();
        itemIndex += 1;
        const imagePath = Object.values(item.input).find(
          (value): value is string =>
            typeof value === 'string' && IMAGE_EXTENSIONS.some((extension) => value.toLowerCase().endsWith(extension)),
        );
        if (imagePath === undefined || item.output.size === 0) continue;
        const image = {
          id: itemIndex,
          file_name: posixBasename(imagePath),
          path: imagePath,
          width: null as unknown,
          height: null as unknown,
        };
        const annotator = annotatorOf(item, { intId: false, fallback: 'unknown' });
        let hasAnnotations = false;
        for (const [fromName, values] of item.output) {
          for (const value of values) {
            if (image.width === null && 'original_width' in value) {
              image.width = value.original_width;
              image.height = value.original_height ?? null;
            }
            const typeKey = LABEL_KEYS.find((key) => key in value);
            if (typeKey === undefined) continue;
            const labels = Array.isArray(value[typeKey]) ? (value[typeKey] as unknown[]) : [];
            const type = String(value.type ?? '').toLowerCase();
            for (const label of labels.map(String)) {
              let categoryId = categoryIds.get(label);
              if (categoryId === undefined) {
                categoryId = categoryIds.size + 1;
                categoryIds.set(label, categoryId);
                categories.push({
                  id: categoryId,
                  name: label,
                  supercategory: '',
                  color: `#${h8(label).slice(0, 6)}`,
                  metadata: {},
                });
              }
              let shapes: CocoShape[] = [];
              if ('rle' in value && typeKey === 'brushlabels') {
                try {
                  shapes = brushShapes(value);
                } catch (error) {
                  if (!(error instanceof RleDecodeError)) throw error;
                  const layer = `${fromName}-${label}`;
                  await note.add({
                    taskId: item.id,
                    annotationId: item.annotation_id,
                    fromName,
                    layer,
                    reason: error.message,
                  });
                }
              } else if ('points' in value && typeKey === 'polygonlabels') {
                if ('original_width' in value && 'original_height' in value) shapes = [polygonShape(value)];
              } else if (type === 'rectanglelabels' || typeKey === 'labels') {
                const shape = rectangleShape(value);
                if (shape) shapes = [shape];
              }
              for (const shape of shapes) {
                const annotation = {
                  id: annotationId,
                  image_id: itemIndex,
                  category_id: categoryId,
                  segmentation: shape.segmentation,
                  area: shape.area,
                  bbox: shape.bbox,
                  iscrowd: 0,
                  annotator,
                };
                await annotations.append(
                  (annotationId === 0 ? '\n    ' : ',\n    ') + encodeJson(annotation, STDLIB_INDENT2, 2),
                );
                annotationId += 1;
                hasAnnotations = true;
              }
            }
          }
        }
        if (image.width !== null && image.height !== null && hasAnnotations) {
          await images.append((imageCount++ === 0 ? '\n    ' : ',\n    ') + encodeJson(image, STDLIB_INDENT2, 2));
        }
      }
      const now = (options.now ?? (() => new Date()))();
      const info = {
        year: now.getFullYear(),
        version: '1.0',
        description: 'Converted from Label Studio',
        contributor: 'Label Studio Converter',
        date_created: pythonNowText(now),
      };
      const close = (count: number) => (count === 0 ? ']' : '\n  ]');
      await sink.addStream(
        'result_coco.json',
        (async function* () {
          yield '{\n  "images": [';
          yield* images.chunks();
          yield close(imageCount) + ',\n  "annotations": [';
          yield* annotations.chunks();
          yield close(annotationId) + ',\n  "categories": ' + encodeJson(categories, STDLIB_INDENT2, 1);
          yield ',\n  "info": ' + encodeJson(info, STDLIB_INDENT2, 1) + '\n}';
        })(),
      );
      await images.close();
      await annotations.close();
      await note.finish();
    },
  };
}

export const BRUSH_TO_COCO_WRITER = createBrushToCocoWriter();
