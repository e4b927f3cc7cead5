import type { ConverterItem } from '../../converter/converterItems.js';
import { numberOf } from '../image/imageItems.js';
import { decodeRleAlpha, rleBytes, RleDecodeError } from '../../../../../../shared/brush/rleDecode.js';

/**
 * One decoded mask layer of an item (docs/export-image-formats.md#brush_to_numpy-and-brush_to_png).
 */
export interface BrushLayer {
  /** `task-<id>-annotation-<id>-by-<who>-<from_name>-<labels>-<n>`, `/` and `\\` made `-`. */
  fileStem: string;
  width: number;
  height: number;
  /** The alpha channel, row-major, one byte per pixel. */
  mask: Uint8Array;
}

/** A brush region that could not become a layer, for the export's notes. */
export interface SkippedRegion {
  taskId: number;
  annotationId: unknown;
  fromName: string;
  layer: string;
  reason: string;
}

/**
 * The mask layers of one item: for each from_name, each value of a BrushLabels (or Labels) tag that
 * has `rle`, named `<from_name>-<labels joined by ->-<counter>`. The converter fails the whole export
 * on a corrupt RLE, missing dims or a size mismatch; Outpost skips that region instead and reports
 * it through `onSkip` (the counter still advances, so the other layers keep upstream's names).
 */
export function* brushLayers(item: ConverterItem, onSkip: (skipped: SkippedRegion) => void): Generator<BrushLayer> {
  const who = annotatorForFileName(item.completed_by);
  for (const [fromName, values] of item.output) {
    const counters = new Map<string, number>();
    for (const value of values) {
      const type = String(value.type).toLowerCase();
      const key = type === 'brushlabels' ? 'brushlabels' : type === 'labels' ? 'labels' : null;
      if (key === null || !('rle' in value)) continue;
      const labels = key in value && Array.isArray(value[key]) ? (value[key] as unknown[]) : ['no_label'];
      let name = `${fromName}-${labels.map(String).join('-')}`;
      const counter = counters.get(name) ?? 0;
      counters.set(name, counter + 1);
      name += `-${counter}`;
      const width = numberOf(value.original_width);
      const height = numberOf(value.original_height);
      const skip = (reason: string) =>
        onSkip({ taskId: item.id, annotationId: item.annotation_id, fromName, layer: name, reason });
      if (!isDimension(width) || !isDimension(height)) {
        skip('the region has no original_width/original_height');
        continue;
      }
      let mask: Uint8Array;
      try {
        mask = decodeRleAlpha(rleBytes(value.rle), width, height);
      } catch (error) {
        if (!(error instanceof RleDecodeError)) throw error;
        skip(`corrupt RLE: ${error.message}`);
        continue;
      }
      const fileStem = `task-${item.id}-annotation-${pythonStr(item.annotation_id)}-by-${who}-${name.replace(/[/\\]/g, '-')}`;
      yield { fileStem, width, height, mask };
    }
  }
}

function isDimension(value: number | null): value is number {
  return value !== null && Number.isInteger(value) && value > 0;
}

/** The email (or `str(id)`), keeping only alphanumerics (Unicode-aware), `@` and `.`. */
export function annotatorForFileName(completedBy: unknown): string {
  const text =
    completedBy !== null && typeof completedBy === 'object' && !Array.isArray(completedBy)
      ? String((completedBy as Record<string, unknown>).email ?? '')
      : pythonStr(completedBy);
  return Array.from(text)
    .filter((char) => char === '@' || char === '.' || /[\p{L}\p{N}]/u.test(char))
    .join('');
}

function pythonStr(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  return String(value);
}
