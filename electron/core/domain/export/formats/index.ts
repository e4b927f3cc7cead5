import type { ExportFormatWriter } from '../exportTypes.js';
import { BRUSH_TO_NUMPY_WRITER, BRUSH_TO_PNG_WRITER } from './brush/brushMaskWriter.js';
import { BRUSH_TO_COCO_WRITER } from './brush/brushToCocoWriter.js';
import { COCO_WITH_IMAGES_WRITER, COCO_WRITER } from './image/cocoWriter.js';
import { VOC_WRITER } from './image/vocWriter.js';
import {
  YOLO_OBB_WITH_IMAGES_WRITER,
  YOLO_OBB_WRITER,
  YOLO_WITH_IMAGES_WRITER,
  YOLO_WRITER,
} from './image/yoloWriter.js';
import { ASR_MANIFEST_WRITER } from './text/asrManifest.js';
import { CONLL2003_WRITER } from './text/conll2003.js';
import { CSV_WRITER, TSV_WRITER } from './text/csv.js';
import { JSON_WRITER } from './text/json.js';
import { JSON_MIN_WRITER } from './text/jsonMin.js';

/**
 * Every format Outpost can write, by Label Studio's exportType name: one import and one entry per
 * format. The catalog (titles, order, enablement) is ../formatCatalog.ts; a catalog format missing
 * here is listed but refused with a 400.
 */
export const EXPORT_WRITERS: Record<string, ExportFormatWriter> = {
  JSON: JSON_WRITER,
  JSON_MIN: JSON_MIN_WRITER,
  CSV: CSV_WRITER,
  TSV: TSV_WRITER,
  CONLL2003: CONLL2003_WRITER,
  ASR_MANIFEST: ASR_MANIFEST_WRITER,
  COCO: COCO_WRITER,
  COCO_WITH_IMAGES: COCO_WITH_IMAGES_WRITER,
  VOC: VOC_WRITER,
  YOLO: YOLO_WRITER,
  YOLO_WITH_IMAGES: YOLO_WITH_IMAGES_WRITER,
  YOLO_OBB: YOLO_OBB_WRITER,
  YOLO_OBB_WITH_IMAGES: YOLO_OBB_WITH_IMAGES_WRITER,
  BRUSH_TO_NUMPY: BRUSH_TO_NUMPY_WRITER,
  BRUSH_TO_PNG: BRUSH_TO_PNG_WRITER,
  BRUSH_TO_COCO: BRUSH_TO_COCO_WRITER,
};
