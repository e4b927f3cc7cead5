import type { ParsedControl, ParsedLabelConfig } from '../../../../../shared/label-config/index.js';
import { iterateElements, parseXml } from '../../../../../shared/label-config/index.js';

/*
 * Whether a labeling config asks for OCR, and which of its controls an answer fills: an Image,
 * a shape drawn on it (RectangleLabels or PolygonLabels, or a bare Rectangle or Polygon with a
 * Labels beside it, as Label Studio's own OCR template has), and a TextArea shown per region that
 * holds each region's transcription. Rectangles are preferred where both shapes are offered:
 * Tesseract finds lines as boxes.
 */

/** How a region's shape is written: one labelled shape, or a bare shape plus a Labels result. */
export interface OcrShape {
  name: string;
  /** The result type, Label Studio's control type in lower case. */
  type: 'rectanglelabels' | 'polygonlabels' | 'rectangle' | 'polygon';
}

export interface OcrConfig {
  /** The Image object's name (`to_name`) and the task data key of its URL. */
  imageName: string;
  dataKey: string;
  shape: OcrShape;
  /** A Labels control on the image, when the shape carries no labels of its own. */
  labelsName: string | null;
  /** The label each line gets; null when the config offers none (the shape is then unlabelled). */
  label: string | null;
  textAreaName: string;
}

const SHAPE_PREFERENCE = ['RectangleLabels', 'PolygonLabels', 'Rectangle', 'Polygon'] as const;

function perRegionTextAreas(labelConfig: string): Set<string> {
  const names = new Set<string>();
  try {
    for (const { element } of iterateElements(parseXml(labelConfig))) {
      const { name, perRegion } = element.attributes;
      if (element.tag === 'TextArea' && name !== undefined && perRegion === 'true') names.add(name);
    }
  } catch {
    // A stored config was valid when saved; an unreadable one simply asks for no OCR.
  }
  return names;
}

/** A line is "Text" where the config has such a label (any case), else the first label offered. */
function lineLabel(control: ParsedControl | undefined): string | null {
  if (!control || control.dynamic_labels) return null;
  return control.labels.find((label) => label.toLowerCase() === 'text') ?? control.labels[0] ?? null;
}

function imageInputOf(control: ParsedControl): { imageName: string; dataKey: string } | null {
  const index = control.inputs.findIndex((input) => input.type === 'Image' && input.value !== undefined);
  const input = control.inputs[index];
  const imageName = control.to_name[index] ?? control.to_name[0];
  if (!input?.value || imageName === undefined) return null;
  return { imageName, dataKey: input.value };
}

/** The OCR reading of a config, or null when it is not an OCR config. */
export function ocrConfigOf(labelConfig: string, parsed: ParsedLabelConfig): OcrConfig | null {
  const textAreas = perRegionTextAreas(labelConfig);
  const entries = Object.entries(parsed);
  for (const [textAreaName, textArea] of entries) {
    if (textArea.type !== 'TextArea' || !textAreas.has(textAreaName)) continue;
    const image = imageInputOf(textArea);
    if (!image) continue;
    const onImage = entries.filter(([, control]) => control.to_name.includes(image.imageName));
    for (const type of SHAPE_PREFERENCE) {
      const found = onImage.find(([, control]) => control.type === type);
      if (!found) continue;
      const [name, control] = found;
      const labels = type.endsWith('Labels') ? null : onImage.find(([, other]) => other.type === 'Labels');
      const label = lineLabel(labels ? labels[1] : control);
      // A labelled shape must carry a label: without one, it could not be drawn.
      if (type.endsWith('Labels') && label === null) continue;
      return {
        ...image,
        shape: { name, type: type.toLowerCase() as OcrShape['type'] },
        labelsName: labels && label !== null ? labels[0] : null,
        label,
        textAreaName,
      };
    }
  }
  return null;
}
