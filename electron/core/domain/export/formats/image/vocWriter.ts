import { annotatorOf } from '../../converter/prettifyResult.js';
import { iterateConverterItems } from '../../converter/converterItems.js';
import type { ExportFormatWriter } from '../../exportTypes.js';
import { dataKeyOf, imageUrlOf, itemValues } from './imageItems.js';
import { ImageMedia } from './imageMedia.js';
import { imageFileName, stripExtension } from './imageNames.js';
import { KeyedSpool } from './spoolFile.js';
import { vocXml } from './vocXml.js';

/**
 * Pascal VOC (docs/export-image-formats.md#pascal-voc): `Annotations/<stem>.xml` per image plus
 * `images/` (filled when `download_resources` is on and the data folder holds the image). Items
 * come newest first and later ones replace earlier files, so the oldest annotation wins; XML files
 * go through a keyed spool on disk. With zero tasks the zip holds just an empty `images/` (where the
 * converter fails with a 500).
 */
export const VOC_WRITER: ExportFormatWriter = {
  name: 'VOC',
  output: 'zip',
  extension: '.zip',
  async write(tasks, ctx, sink) {
    const config = ctx.project.parsed_label_config;
    const dataKey = dataKeyOf(config);
    const files = await KeyedSpool.create(await sink.tempDir(), 'voc-annotations.xml');
    const media = new ImageMedia(ctx, sink, ctx.downloadResources);
    await sink.addFile('images/', '');
    let hasItems = false;
    let lastTaskId: number | null = null;
    let depth = 3;
    for await (const item of iterateConverterItems(tasks(), config)) {
      ctx.signal.throwIfAborted();
      const url = imageUrlOf(item, dataKey);
      const imageName = imageFileName(url);
      if (!hasItems) {
        hasItems = true;
        await sink.addFile('Annotations/', '');
      }
      if (item.id !== lastTaskId) {
        lastTaskId = item.id;
        // Band count of the image when it can be read, else 3, as the converter does.
        depth = (await media.info(url))?.channels ?? 3;
        await media.include(item.id, url, imageName);
      }
      const values = itemValues(item);
      if (values.length === 0) continue;
      const first = values[0]!;
      // W and H come from the first value; without them the image is skipped (e.g. Choices first).
      if (!('original_width' in first) || !('original_height' in first)) continue;
      const xml = vocXml({
        filename: imageName,
        annotator: String(annotatorOf(item, { intId: false, fallback: '' })),
        width: first.original_width,
        height: first.original_height,
        depth,
        values,
      });
      await files.put(stripExtension(imageName) + '.xml', xml);
    }
    for await (const [name, content] of files.entries()) await sink.addFile(`Annotations/${name}`, content);
    await files.close();
    await media.finish();
  },
};
