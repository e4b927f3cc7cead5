import { iterateConverterItems } from '../../converter/converterItems.js';
import type { ExportFormatWriter } from '../../exportTypes.js';
import { brushLayers, type SkippedRegion } from './brushLayers.js';
import { encodeNpyUint8 } from './npyEncode.js';
import { encodeGrayPng } from './pngEncode.js';
import { SkippedRegionsNote } from './skippedRegions.js';

/**
 * BRUSH_TO_NUMPY and BRUSH_TO_PNG (docs/export-image-formats.md#brush_to_numpy-and-brush_to_png):
 * one `.npy` (NumPy v1.0, uint8, H x W) or `.png` (8-bit grayscale) per mask layer, flat at the
 * root. A single layer is delivered bare by the pipeline's packaging rule; no layers give an empty
 * zip. Regions whose RLE cannot be decoded are left out and listed in `skipped_regions.txt`.
 */
export function createBrushMaskWriter(format: 'numpy' | 'png'): ExportFormatWriter {
  return {
    name: format === 'numpy' ? 'BRUSH_TO_NUMPY' : 'BRUSH_TO_PNG',
    output: 'zip',
    extension: '.zip',
    async write(tasks, ctx, sink) {
      const note = new SkippedRegionsNote(sink);
      for await (const item of iterateConverterItems(tasks(), ctx.project.parsed_label_config)) {
        ctx.signal.throwIfAborted();
        // Two layers whose names differ only by `/` vs `-` share a file; the later one wins, as on disk.
        const files = new Map<string, Uint8Array>();
        const skipped: SkippedRegion[] = [];
        for (const layer of brushLayers(item, (region) => skipped.push(region))) {
          const bytes =
            format === 'numpy'
              ? encodeNpyUint8(layer.height, layer.width, layer.mask)
              : encodeGrayPng(layer.width, layer.height, layer.mask);
          files.delete(layer.fileStem);
          files.set(layer.fileStem, bytes);
        }
        for (const region of skipped) await note.add(region);
        for (const [stem, bytes] of files) await sink.addFile(`${stem}.${format === 'numpy' ? 'npy' : 'png'}`, bytes);
      }
      await note.finish();
    },
  };
}

export const BRUSH_TO_NUMPY_WRITER = createBrushMaskWriter('numpy');
export const BRUSH_TO_PNG_WRITER = createBrushMaskWriter('png');
