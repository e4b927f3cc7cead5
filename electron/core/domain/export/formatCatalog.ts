import type { ParsedLabelConfig } from '../../../../shared/label-config/types.js';

/**
 * One entry of `GET /api/projects/{id}/export/formats` before the `disabled` flag
 * (docs/export-formats.md#format-list).
 */
export interface ExportFormatInfo {
  name: string;
  title: string;
  description: string;
  link: string;
  tags?: string[];
}

const IMAGE_TAGS = ['image segmentation', 'object detection', 'keypoints'];
const DETECTION_TAGS = ['image segmentation', 'object detection'];
const YOLO_LINK = 'https://labelstud.io/guide/export.html#YOLO';
const BRUSH_LINK = 'https://labelstud.io/guide/export.html#Brush-labels-to-NumPy-amp-PNG';

/**
 * The converter's `_FORMAT_INFO` in the order LS 1.22 (SDK 2.0.16) lists it. DOCLANG (SDK 2.1) and
 * CSV_OLD (never listed) are left out: Outpost follows 1.22.
 */
export const EXPORT_FORMAT_CATALOG: readonly ExportFormatInfo[] = [
  {
    name: 'JSON',
    title: 'JSON',
    description:
      "List of items in raw JSON format stored in one JSON file. Use to export both the data and the annotations for a dataset. It's Label Studio Common Format",
    link: 'https://labelstud.io/guide/export.html#JSON',
  },
  {
    name: 'JSON_MIN',
    title: 'JSON-MIN',
    description:
      'List of items where only "from_name", "to_name" values from the raw JSON format are exported. Use to export only the annotations for a dataset.',
    link: 'https://labelstud.io/guide/export.html#JSON-MIN',
  },
  {
    name: 'CSV',
    title: 'CSV',
    description:
      'Results are stored as comma-separated values with the column names specified by the values of the "from_name" and "to_name" fields.',
    link: 'https://labelstud.io/guide/export.html#CSV',
  },
  {
    name: 'TSV',
    title: 'TSV',
    description:
      'Results are stored in tab-separated tabular file with column names specified by "from_name" "to_name" values',
    link: 'https://labelstud.io/guide/export.html#TSV',
  },
  {
    name: 'CONLL2003',
    title: 'CONLL2003',
    description: 'Popular format used for the CoNLL-2003 named entity recognition challenge.',
    link: 'https://labelstud.io/guide/export.html#CONLL2003',
    tags: ['sequence labeling', 'text tagging', 'named entity recognition'],
  },
  {
    name: 'COCO',
    title: 'COCO',
    description:
      'Popular machine learning format used by the COCO dataset for object detection and image segmentation tasks with polygons and rectangles.',
    link: 'https://labelstud.io/guide/export.html#COCO',
    tags: IMAGE_TAGS,
  },
  {
    name: 'COCO_WITH_IMAGES',
    title: 'COCO with Images',
    description: 'COCO format with images downloaded.',
    link: 'https://labelstud.io/guide/export.html#COCO',
    tags: IMAGE_TAGS,
  },
  {
    name: 'VOC',
    title: 'Pascal VOC XML',
    description: 'Popular XML format used for object detection and polygon image segmentation tasks.',
    link: 'https://labelstud.io/guide/export.html#Pascal-VOC-XML',
    tags: DETECTION_TAGS,
  },
  {
    name: 'YOLO',
    title: 'YOLO',
    description:
      'Popular TXT format is created for each image file. Each txt file contains annotations for the corresponding image file, that is object class, object coordinates, height & width.',
    link: YOLO_LINK,
    tags: IMAGE_TAGS,
  },
  {
    name: 'YOLO_WITH_IMAGES',
    title: 'YOLO with Images',
    description: 'YOLO format with images downloaded.',
    link: YOLO_LINK,
    tags: IMAGE_TAGS,
  },
  {
    name: 'YOLO_OBB',
    title: 'YOLOv8 OBB',
    description:
      'Popular TXT format is created for each image file. Each txt file contains annotations for the corresponding image file. The YOLO OBB format designates bounding boxes by their four corner points with coordinates normalized between 0 and 1, so it is possible to export rotated objects.',
    link: YOLO_LINK,
    tags: DETECTION_TAGS,
  },
  {
    name: 'YOLO_OBB_WITH_IMAGES',
    title: 'YOLOv8 OBB with Images',
    description: 'YOLOv8 OBB format with images downloaded.',
    link: YOLO_LINK,
    tags: DETECTION_TAGS,
  },
  {
    name: 'BRUSH_TO_NUMPY',
    title: 'Brush labels to NumPy',
    description: 'Export your brush labels as NumPy 2d arrays. Each label outputs as one image.',
    link: BRUSH_LINK,
    tags: ['image segmentation'],
  },
  {
    name: 'BRUSH_TO_PNG',
    title: 'Brush labels to PNG',
    description: 'Export your brush labels as PNG images. Each label outputs as one image.',
    link: BRUSH_LINK,
    tags: ['image segmentation'],
  },
  {
    name: 'ASR_MANIFEST',
    title: 'ASR Manifest',
    description:
      'Export audio transcription labels for automatic speech recognition as the JSON manifest format expected by NVIDIA NeMo models.',
    link: 'https://labelstud.io/guide/export.html#ASR-MANIFEST',
    tags: ['speech recognition'],
  },
  {
    name: 'BRUSH_TO_COCO',
    title: 'Brush labels to COCO',
    description:
      'Export your brush labels as COCO format for segmentation tasks. Converts RLE encoded masks to COCO polygons.',
    link: 'https://labelstud.io/guide/export.html#COCO',
    tags: ['image segmentation', 'brush annotations'],
  },
];

const ALWAYS_ENABLED = ['JSON', 'JSON_MIN', 'CSV', 'TSV'];
const COCO_YOLO = ['COCO', 'COCO_WITH_IMAGES', 'YOLO', 'YOLO_WITH_IMAGES'];
const OBB = ['YOLO_OBB', 'YOLO_OBB_WITH_IMAGES'];
const BRUSH = ['BRUSH_TO_NUMPY', 'BRUSH_TO_PNG', 'BRUSH_TO_COCO'];

/**
 * The converter's `_get_supported_formats` (docs/export-formats.md#format-list) over
 * `parsed_label_config`. `usesValueList` says an object tag reads a list (`valueList`,
 * multi-image); the parsed config does not record it.
 */
export function supportedExportFormats(parsed: ParsedLabelConfig, usesValueList = false): Set<string> {
  const controls = Object.values(parsed);
  const dataKeys = new Set(
    controls.flatMap((control) => control.inputs.map((input) => input.value ?? input.valueList)),
  );
  if (dataKeys.size > 1) return new Set(ALWAYS_ENABLED);

  const outputs = new Set(controls.map((control) => control.type));
  const inputs = new Set<string>();
  for (const control of controls) {
    for (const input of control.inputs) {
      // The converter ignores Text inputs that hold a URL (it logs an error for them).
      if (input.type === 'Text' && input.valueType === 'url') continue;
      inputs.add(input.type);
    }
  }
  const has = (tag: string): boolean => outputs.has(tag);
  const hasImage = inputs.has('Image');
  const removed = new Set<string>();
  const remove = (names: string[]): void => names.forEach((name) => removed.add(name));

  if (has('KeyPointLabels') && !has('RectangleLabels')) remove(COCO_YOLO);
  if (!(inputs.has('Text') && has('Labels'))) remove(['CONLL2003']);
  if (usesValueList || !(hasImage && (has('RectangleLabels') || (has('Rectangle') && has('Labels'))))) {
    remove(['VOC']);
  }
  const isDetection =
    (hasImage && (has('RectangleLabels') || has('PolygonLabels') || has('KeyPointLabels'))) ||
    (has('Labels') && (has('Rectangle') || has('PolygonLabels') || has('KeyPointLabels')));
  if (usesValueList || !isDetection) remove([...COCO_YOLO, ...OBB]);
  if (!(hasImage && (has('BrushLabels') || has('brushlabels') || (has('Brush') && has('Labels'))))) remove(BRUSH);
  if (!((inputs.has('Audio') || inputs.has('AudioPlus')) && has('TextArea'))) remove(['ASR_MANIFEST']);
  if (usesValueList || (inputs.has('Video') && has('TimelineLabels'))) remove(OBB);

  return new Set(EXPORT_FORMAT_CATALOG.map((info) => info.name).filter((name) => !removed.has(name)));
}

/** One element as Label Studio builds it: the info's keys, then `name`, then `disabled` if set. */
function formatEntry(info: ExportFormatInfo, disabled: boolean): ExportFormatEntry {
  const { name, ...rest } = info;
  return disabled ? { ...rest, name, disabled: true } : { ...rest, name };
}

export type ExportFormatEntry = ExportFormatInfo & { disabled?: true };

/** The format list as the endpoint returns it: enabled first, `disabled: true` only on the others. */
export function listExportFormats(parsed: ParsedLabelConfig, usesValueList = false): ExportFormatEntry[] {
  const supported = supportedExportFormats(parsed, usesValueList);
  const enabled = EXPORT_FORMAT_CATALOG.filter((info) => supported.has(info.name));
  const disabled = EXPORT_FORMAT_CATALOG.filter((info) => !supported.has(info.name));
  return [...enabled.map((info) => formatEntry(info, false)), ...disabled.map((info) => formatEntry(info, true))];
}
