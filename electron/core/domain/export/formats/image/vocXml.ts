import { pythonNumberRepr } from '../../encode/pyFloat.js';
import { numberOf, type OutputValue } from './imageItems.js';

export interface VocDocument {
  filename: string;
  annotator: string;
  width: unknown;
  height: unknown;
  depth: number;
  values: readonly OutputValue[];
}

/**
 * The Pascal VOC XML of one image, as minidom's `writexml(newl="\n", addindent="")` writes it:
 * every element on its own line, no indentation, `& < > "` escaped
 * (docs/export-image-formats.md#pascal-voc). Boxes are `int()`-truncated, position and size
 * separately; rotation is ignored.
 */
export function vocXml(doc: VocDocument): string {
  const width = numberOf(doc.width) ?? 0;
  const height = numberOf(doc.height) ?? 0;
  const lines = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<annotation>',
    element('folder', 'images'),
    element('filename', doc.filename),
    '<source>',
    element('database', 'MyDatabase'),
    element('annotation', 'COCO2017'),
    element('image', 'flickr'),
    element('flickrid', 'NULL'),
    element('annotator', doc.annotator),
    '</source>',
    '<owner>',
    element('flickrid', 'NULL'),
    element('name', 'Label Studio'),
    '</owner>',
    '<size>',
    element('width', numberText(doc.width)),
    element('height', numberText(doc.height)),
    element('depth', String(doc.depth)),
    '</size>',
    element('segmented', '0'),
  ];
  for (const value of doc.values) {
    const key = 'rectanglelabels' in value ? 'rectanglelabels' : 'labels' in value ? 'labels' : null;
    const labels = key ? value[key] : null;
    if (!Array.isArray(labels) || labels.length === 0) continue;
    const x = numberOf(value.x);
    const y = numberOf(value.y);
    const w = numberOf(value.width);
    const h = numberOf(value.height);
    // The converter raises on a labelled value without a box; such a value is left out here.
    if (x === null || y === null || w === null || h === null) continue;
    const xmin = Math.trunc((x / 100) * width) + 0;
    const ymin = Math.trunc((y / 100) * height) + 0;
    const boxWidth = Math.trunc((w / 100) * width) + 0;
    const boxHeight = Math.trunc((h / 100) * height) + 0;
    lines.push(
      '<object>',
      element('name', labelText(labels[0])),
      element('pose', 'Unspecified'),
      element('truncated', '0'),
      element('difficult', '0'),
      '<bndbox>',
      element('xmin', String(xmin)),
      element('ymin', String(ymin)),
      element('xmax', String(xmin + boxWidth)),
      element('ymax', String(ymin + boxHeight)),
      '</bndbox>',
      '</object>',
    );
  }
  lines.push('</annotation>');
  return lines.join('\n') + '\n';
}

function element(tag: string, text: string): string {
  return `<${tag}>${escapeText(text)}</${tag}>`;
}

function escapeText(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}

function numberText(value: unknown): string {
  const number = numberOf(value);
  return number === null ? String(value) : pythonNumberRepr(number);
}

function labelText(label: unknown): string {
  return typeof label === 'string' ? label : String(label);
}
